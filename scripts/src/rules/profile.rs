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
    /// A memory overrun is reported as RE, not MLE (DOMjudge).
    pub memory_is_run_error: bool,
}

const CPU_TWICE: Clock = Clock::Cpu(WallCap::Times(2));

/// Every profile, the one used when no judge is known first.
pub const PROFILES: &[Profile] = &[
    Profile {
        name: "default",
        title: "no judge known (the ICPC package format's rules)",
        hosts: &[],
        clock: CPU_TWICE,
        comparison: Comparison::Exact,
        stack: Stack::Unlimited,
        memory_is_run_error: false,
    },
    Profile {
        name: "wall",
        title: "wall time (no judge: the tool's rule before profiles)",
        hosts: &[],
        clock: Clock::Wall,
        comparison: Comparison::Exact,
        stack: Stack::Unlimited,
        memory_is_run_error: false,
    },
    Profile {
        name: "icpc",
        title: "the ICPC problem package format",
        hosts: &["icpc.io"],
        clock: CPU_TWICE,
        comparison: Comparison::IcpcDefault,
        stack: Stack::Unlimited,
        memory_is_run_error: false,
    },
    Profile {
        name: "kattis",
        title: "Kattis",
        hosts: &["kattis.com"],
        clock: CPU_TWICE,
        comparison: Comparison::IcpcDefault,
        stack: Stack::Unlimited,
        memory_is_run_error: false,
    },
    Profile {
        name: "domjudge",
        title: "DOMjudge",
        hosts: &[],
        clock: Clock::Cpu(WallCap::Overshoot),
        comparison: Comparison::DomjudgeDefault,
        stack: Stack::Unlimited,
        memory_is_run_error: true,
    },
    Profile {
        name: "codeforces",
        title: "Codeforces (Polygon)",
        hosts: &[
            "codeforces.com",
            "codeforces.net",
            "codeforces.ml",
            "polygon.codeforces.com",
        ],
        clock: CPU_TWICE,
        comparison: Comparison::Tokens,
        stack: Stack::Bytes(256 << 20),
        memory_is_run_error: false,
    },
    Profile {
        name: "atcoder",
        title: "AtCoder",
        hosts: &["atcoder.jp"],
        clock: CPU_TWICE,
        comparison: Comparison::Exact,
        stack: Stack::Bytes(1 << 30),
        memory_is_run_error: false,
    },
    Profile {
        name: "luogu",
        title: "Luogu",
        hosts: &["luogu.com.cn", "luogu.com", "luogu.org"],
        clock: CPU_TWICE,
        comparison: Comparison::Lines,
        stack: Stack::Unlimited,
        memory_is_run_error: false,
    },
    Profile {
        name: "nowcoder",
        title: "NowCoder",
        hosts: &["nowcoder.com"],
        clock: CPU_TWICE,
        comparison: Comparison::Exact,
        stack: Stack::Unlimited,
        memory_is_run_error: false,
    },
    Profile {
        name: "poj",
        title: "POJ",
        hosts: &["poj.org", "acm.pku.edu.cn"],
        clock: CPU_TWICE,
        comparison: Comparison::Exact,
        stack: Stack::Unlimited,
        memory_is_run_error: false,
    },
    Profile {
        name: "zoj",
        title: "ZOJ (PTA)",
        hosts: &["acm.zju.edu.cn", "zoj.pintia.cn", "pintia.cn"],
        clock: CPU_TWICE,
        comparison: Comparison::Exact,
        stack: Stack::Unlimited,
        memory_is_run_error: false,
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
}
