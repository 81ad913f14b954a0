//! Judge profiles: how one judge times a run, compares its output by
//! default, sizes its stack and names a memory overrun. Each rule's source
//! (a manual, a FAQ, reference code), or "not documented" with the
//! conservative choice, is in docs/judges.md.

use super::{Clock, Stack, WallCap};

/// The comparison a judge uses when a problem names none. Kept apart from
/// the checker (which may run a program) so that this room stays low.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// `exact`: byte for byte, PE when only whitespace differs.
    Exact,
    /// `lines`: spaces at the end of each line, and blank lines at the
    /// end, ignored; any other difference WA.
    Lines,
    /// `tokens`: the same whitespace-separated tokens.
    Tokens,
    /// `icpc-default`: the ICPC default output validator.
    IcpcDefault,
    /// `domjudge-default`: DOMjudge's default output validator.
    DomjudgeDefault,
    /// `atcoder`: `exact`, but an output that differs only by spaces at
    /// the ends of lines, or blank lines at the end, is AC with a note:
    /// AtCoder accepts it on current problems, as its users report.
    AtCoder,
}

impl Comparison {
    /// The checker spec that `--checker` takes for this comparison.
    pub fn spec(self) -> &'static str {
        match self {
            Comparison::Exact => "exact",
            Comparison::Lines => "lines",
            Comparison::Tokens => "tokens",
            Comparison::IcpcDefault => "icpc-default",
            Comparison::DomjudgeDefault => "domjudge-default",
            Comparison::AtCoder => "atcoder",
        }
    }
}

/// How one judge judges.
#[derive(Debug, PartialEq, Eq)]
pub struct Profile {
    /// What `judge = "..."` and `--judge` take.
    pub name: &'static str,
    /// As the report names it.
    pub title: &'static str,
    /// Hosts of the judge's problem pages (a crate's `url`), any subdomain.
    pub hosts: &'static [&'static str],
    /// What the time limit is held against.
    pub clock: Clock,
    pub comparison: Comparison,
    /// The stack a program gets when the problem sets none.
    pub stack: Stack,
    /// Where the judge reports a memory overrun as a run error, not MLE:
    /// why, for the line under the RE.
    pub memory_overrun_is_re: Option<&'static str>,
    /// The judge names a run that waited past the wall-time cap with its
    /// CPU time under the limit apart from TLE: Codeforces' "Idleness
    /// limit exceeded" (ILE).
    pub idleness: bool,
    /// The memory and output limits a problem package gets from this
    /// judge where it states none; `None`: those of the judge its kind is
    /// made for.
    pub package_defaults: Option<PackageDefaults>,
}

/// A judge's memory and output limits for a problem package that states
/// none, in MiB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackageDefaults {
    pub memory_mib: u64,
    pub output_mib: u64,
    /// For the report: "problemtools' default".
    pub whose: &'static str,
}

/// problemtools' defaults for what a problem.yaml does not state
/// (problemtools/config/problem.yaml, `limits`: memory 1024, output 8, in
/// MiB): the ICPC package format's judge, and Kattis's.
pub const PROBLEMTOOLS_DEFAULTS: PackageDefaults = PackageDefaults {
    memory_mib: 1024,
    output_mib: 8,
    whose: "problemtools' default",
};

/// DOMjudge's (etc/db-config.yaml: `memory_limit` 2097152 kB,
/// `output_limit` 8192 kB).
pub const DOMJUDGE_DEFAULTS: PackageDefaults = PackageDefaults {
    memory_mib: 2048,
    output_mib: 8,
    whose: "DOMjudge's default",
};

const CPU_TWICE: Clock = Clock::Cpu(WallCap::Times(2));

/// Every profile, the one used when no judge is known first.
pub const PROFILES: &[Profile] = &[
    Profile {
        name: "default",
        title: "no judge known (the tool's own rules)",
        hosts: &[],
        clock: CPU_TWICE,
        comparison: Comparison::Exact,
        stack: Stack::Unlimited,
        memory_overrun_is_re: None,
        idleness: false,
        package_defaults: None,
    },
    Profile {
        name: "wall",
        title: "wall time (no judge: the tool's rule before profiles)",
        hosts: &[],
        clock: Clock::Wall,
        comparison: Comparison::Exact,
        stack: Stack::Unlimited,
        memory_overrun_is_re: None,
        idleness: false,
        package_defaults: None,
    },
    Profile {
        name: "icpc",
        title: "the ICPC problem package format",
        hosts: &["icpc.io"],
        clock: CPU_TWICE,
        comparison: Comparison::IcpcDefault,
        stack: Stack::Unlimited,
        memory_overrun_is_re: Some(
            "the package format's verdicts are AC, WA, TLE and RTE, and problemtools gives RTE",
        ),
        idleness: false,
        package_defaults: Some(PROBLEMTOOLS_DEFAULTS),
    },
    Profile {
        name: "kattis",
        title: "Kattis",
        hosts: &["kattis.com"],
        clock: CPU_TWICE,
        comparison: Comparison::IcpcDefault,
        stack: Stack::Unlimited,
        memory_overrun_is_re: None,
        idleness: false,
        package_defaults: Some(PROBLEMTOOLS_DEFAULTS),
    },
    Profile {
        name: "domjudge",
        title: "DOMjudge",
        hosts: &[],
        clock: Clock::Cpu(WallCap::Overshoot),
        comparison: Comparison::DomjudgeDefault,
        stack: Stack::Unlimited,
        memory_overrun_is_re: Some("DOMjudge reports a memory overrun as a run error"),
        idleness: false,
        package_defaults: Some(DOMJUDGE_DEFAULTS),
    },
    Profile {
        name: "codeforces",
        title: "Codeforces (Polygon)",
        hosts: &["codeforces.com", "codeforces.net", "codeforces.ml"],
        clock: CPU_TWICE,
        comparison: Comparison::Tokens,
        stack: Stack::Bytes(256 << 20),
        memory_overrun_is_re: None,
        idleness: true,
        package_defaults: None,
    },
    Profile {
        name: "atcoder",
        title: "AtCoder",
        hosts: &["atcoder.jp"],
        clock: CPU_TWICE,
        comparison: Comparison::AtCoder,
        stack: Stack::Bytes(1 << 30),
        memory_overrun_is_re: None,
        idleness: false,
        package_defaults: None,
    },
    Profile {
        name: "luogu",
        title: "Luogu",
        hosts: &["luogu.com.cn", "luogu.com", "luogu.org"],
        clock: CPU_TWICE,
        comparison: Comparison::Lines,
        stack: Stack::Unlimited,
        memory_overrun_is_re: None,
        idleness: false,
        package_defaults: None,
    },
    Profile {
        name: "nowcoder",
        title: "NowCoder",
        hosts: &["nowcoder.com"],
        clock: CPU_TWICE,
        comparison: Comparison::Exact,
        stack: Stack::Unlimited,
        memory_overrun_is_re: None,
        idleness: false,
        package_defaults: None,
    },
    Profile {
        name: "poj",
        title: "POJ",
        hosts: &["poj.org", "acm.pku.edu.cn"],
        clock: CPU_TWICE,
        comparison: Comparison::Exact,
        stack: Stack::Unlimited,
        memory_overrun_is_re: None,
        idleness: false,
        package_defaults: None,
    },
    Profile {
        name: "zoj",
        title: "ZOJ (PTA)",
        hosts: &["acm.zju.edu.cn", "pintia.cn"],
        clock: CPU_TWICE,
        comparison: Comparison::Exact,
        stack: Stack::Unlimited,
        memory_overrun_is_re: None,
        idleness: false,
        package_defaults: None,
    },
];

/// The profile used when no judge is known.
pub fn default_profile() -> &'static Profile {
    &PROFILES[0]
}

/// The profile named `name` (`luogu`, `poj`, ...), any case.
pub fn by_name(name: &str) -> Option<&'static Profile> {
    PROFILES
        .iter()
        .find(|profile| profile.name.eq_ignore_ascii_case(name))
}

/// The names `--judge` takes, for messages.
pub fn names() -> String {
    let names: Vec<&str> = PROFILES.iter().map(|profile| profile.name).collect();
    names.join(", ")
}

/// The profile of the judge whose page `url` is, by its host.
pub fn by_url(url: &str) -> Option<&'static Profile> {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    let host = host
        .split(':')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let host = host.trim_end_matches('.');
    PROFILES.iter().find(|profile| {
        profile.hosts.iter().any(|known| {
            host == *known
                || host
                    .strip_suffix(known)
                    .is_some_and(|sub| sub.ends_with('.'))
        })
    })
}

/// A profile with where it came from, as the report's first line says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen {
    pub profile: &'static Profile,
    /// "--judge", "the crate's judge key", "the crate's url", "no judge known".
    pub from: &'static str,
}

impl Chosen {
    pub fn unknown() -> Chosen {
        Chosen {
            profile: default_profile(),
            from: "no judge named or known from a url",
        }
    }

    /// `judged as Luogu (from the crate's url): CPU time, ...`.
    pub fn describe(&self) -> String {
        format!(
            "judged as {} ({}): {}, compared by {}",
            self.profile.title,
            self.from,
            self.profile.clock.describe(),
            self.profile.comparison.spec()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_names_its_judge_by_host() {
        for (url, name) in [
            ("https://www.luogu.com.cn/problem/P2346", Some("luogu")),
            ("http://poj.org/problem?id=1753", Some("poj")),
            (
                "http://acm.zju.edu.cn/onlinejudge/showProblem.do?problemCode=1008",
                Some("zoj"),
            ),
            (
                "https://ac.nowcoder.com/acm/problem/230527",
                Some("nowcoder"),
            ),
            (
                "https://codeforces.com/problemset/problem/1/A",
                Some("codeforces"),
            ),
            (
                "https://atcoder.jp/contests/abc001/tasks/abc001_1",
                Some("atcoder"),
            ),
            ("https://open.kattis.com/problems/hello", Some("kattis")),
            ("https://OPEN.KATTIS.COM:443/problems/hello", Some("kattis")),
            ("https://notpoj.org/x", None),
            ("https://poj.org.evil.example/x", None),
            ("poj.org/problem?id=1", Some("poj")),
            ("", None),
            ("https://example.com/?u=https://poj.org", None),
            // Subdomains of a listed host.
            ("https://polygon.codeforces.com/p/x", Some("codeforces")),
            ("https://zoj.pintia.cn/problem-sets/1", Some("zoj")),
            ("https://m1.codeforces.ml/problemset", Some("codeforces")),
        ] {
            assert_eq!(by_url(url).map(|profile| profile.name), name, "{url}");
        }
    }

    #[test]
    fn every_profile_is_found_by_its_name_in_any_case() {
        for profile in PROFILES {
            assert_eq!(by_name(profile.name), Some(profile));
            assert_eq!(by_name(&profile.name.to_uppercase()), Some(profile));
        }
        assert_eq!(by_name("hackerrank"), None);
        assert_eq!(default_profile().name, "default");
    }

    /// docs/judges.md's table of hosts (its "Hosts" section: one row a
    /// profile, `| \`name\` | \`host\`, \`host\` |`) is the code's list,
    /// row for row: a host added to one and not the other fails here.
    #[test]
    fn the_hosts_in_docs_judges_md_are_the_profiles_hosts() {
        let docs = include_str!("../../../docs/judges.md");
        let section = docs
            .split_once("\n### Hosts\n")
            .expect("docs/judges.md has a Hosts section")
            .1;
        let section = section.split("\n#").next().unwrap_or_default();
        let ticked = |cell: &str| -> Vec<String> {
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        };
        let mut documented: Vec<(String, Vec<String>)> = Vec::new();
        for row in section.lines().filter(|line| line.starts_with("| `")) {
            let cells: Vec<&str> = row.split('|').collect();
            let name = ticked(cells[1]).concat();
            documented.push((name, ticked(cells[2])));
        }
        let coded: Vec<(String, Vec<String>)> = PROFILES
            .iter()
            .filter(|profile| !profile.hosts.is_empty())
            .map(|profile| {
                let hosts = profile.hosts.iter().map(|host| host.to_string());
                (profile.name.to_string(), hosts.collect())
            })
            .collect();
        assert!(!documented.is_empty(), "no rows in:\n{section}");
        assert_eq!(documented, coded);
    }
}
