//! Every command's options in one place: what each command takes, which
//! options go together, and its `--help` (the text in `help/`, which a
//! test holds to the options declared here). The command files get typed
//! options ([`Judge`], [`Bundle`], [`Timing`], [`Stress`], [`NewProblem`])
//! and never read the command line themselves.
//!
//! The rules are declared with the options, so that a combination nobody
//! thought about is refused with one line rather than silently dropped: an
//! option is accepted only where it applies. The tests below parse every
//! combination of each command's options against these rules.

use crate::checker::Checker;
use crate::color::When;
use crate::error::Error;
use crate::interact::Interactor;
use crate::rules::profile::{self, Profile};
use crate::rules::{Limits, Stack, DEFAULT_LIMITS};
use std::path::{Path, PathBuf};
use std::time::Duration;

mod spec;

pub use spec::Hidden;
use spec::{command, switch, valued, Flag, Given, Rule, Spec, POSITIONAL};

/// The positional arguments, in [`Rule`]s.
/// Runs of a row in `cargo timing` when `--runs` is not given.
pub const DEFAULT_RUNS: usize = 10;
/// Seconds a row of `cargo timing` may take when `--seconds` is not given.
pub const DEFAULT_SECONDS: f64 = 2.0;

/// What `cargo judge` was asked to do.
#[derive(Debug)]
pub struct Judge {
    /// Problem crates to judge; none means the one whose folder this is
    /// run in, or all.
    pub crates: Vec<String>,
    /// Judge these programs instead of the crates' binaries, each on
    /// every case (`--program` given once or more)...
    pub programs: Vec<PathBuf>,
    /// ...on the samples in this folder.
    pub samples: Option<PathBuf>,
    /// Instead of the crate's limits (with `--program`, the defaults).
    pub time_limit: Option<Duration>,
    pub memory_limit: Option<u64>,
    /// In bytes.
    pub output_limit: Option<u64>,
    pub stack_limit: Option<Stack>,
    /// Instead of the crate's checker (with `--program`, exact).
    pub checker: Option<Checker>,
    /// Instead of the crate's interactor: the case is an interaction.
    pub interactor: Option<Interactor>,
    /// Show the last lines of a failed interaction.
    pub transcript: bool,
    /// Only these cases; none means all.
    pub cases: Vec<String>,
    /// `--color WHEN`; none: `CARGO_TERM_COLOR`, else auto.
    pub color: Option<When>,
    /// `--json PATH`: where each verdict goes as a JSON line (`-`: stdout,
    /// the table then going to stderr).
    pub json: Option<PathBuf>,
    /// `--judge NAME`: judge as this judge does, whatever the crate says.
    pub judge: Option<&'static Profile>,
    /// `--repeat N`: each case run N times (1 without it).
    pub repeat: u32,
    /// `-j N`, `--jobs N`: runs at once; none: as many as the cores.
    pub jobs: Option<usize>,
}

impl Judge {
    /// The limits to judge under: `--time-limit-ms`, `--memory-limit-mib`,
    /// `--output-limit-mib` and `--stack-limit-mib` where given, else `own`.
    pub fn limits(&self, own: Limits) -> Limits {
        Limits {
            time: self.time_limit.unwrap_or(own.time),
            memory: self.memory_limit.unwrap_or(own.memory),
            output: self.output_limit.or(own.output),
            stack: self.stack_limit.unwrap_or(own.stack),
            clock: own.clock,
        }
    }
}

const JUDGE: Spec = Spec {
    command: "judge",
    help: JUDGE_HELP,
    flags: &[
        Flag {
            name: "program",
            value: Some("PATH"),
            repeatable: true,
            short: None,
        },
        valued("samples", "DIR"),
        valued("time-limit-ms", "N"),
        valued("memory-limit-mib", "N"),
        valued("output-limit-mib", "N"),
        valued("stack-limit-mib", "N"),
        valued("checker", "SPEC"),
        valued("interactor", "SPEC"),
        switch("transcript"),
        Flag {
            name: "case",
            value: Some("NAME"),
            repeatable: true,
            short: None,
        },
        valued("color", "WHEN"),
        valued("json", "PATH"),
        valued("judge", "NAME"),
        valued("repeat", "N"),
        valued("jobs", "N").or_short('j'),
    ],
    positional: "CRATE",
    most_positional: usize::MAX,
    rules: &[
        Rule::Excludes(
            "program",
            &[POSITIONAL],
            "give either crate names or --program, not both",
        ),
        Rule::Needs("program", &["samples"], "--program needs --samples DIR"),
        Rule::Needs(
            "samples",
            &["program", POSITIONAL],
            "--samples goes with --program or a CRATE",
        ),
    ],
    hidden: None,
};

/// `cargo judge --help`, kept in a text file of its own.
const JUDGE_HELP: &str = include_str!("help/judge.txt");

/// Reads `cargo judge`'s command line.
pub fn judge(parser: &mut lexopt::Parser) -> Result<Judge, Error> {
    command(&JUDGE, parser, |given| {
        Ok(Judge {
            crates: given.positional()?,
            programs: given.programs("program"),
            samples: given.path("samples"),
            time_limit: given.number("time-limit-ms")?.map(Duration::from_millis),
            memory_limit: given
                .number("memory-limit-mib")?
                .map(|mib| mib.saturating_mul(1 << 20)),
            output_limit: given
                .number("output-limit-mib")?
                .map(|mib| mib.saturating_mul(1 << 20)),
            stack_limit: stack_limit(given)?,
            checker: checker(given)?,
            interactor: interactor(given)?,
            transcript: given.has("transcript"),
            cases: given.strings("case")?,
            color: color(given)?,
            json: given.path("json"),
            judge: judge_profile(given)?,
            repeat: repeat(given)?,
            jobs: jobs(given)?,
        })
    })
}

/// The most `--repeat` takes: a case of a 10 s limit still ends within
/// hours, not days.
pub const MOST_REPEATS: u32 = 1000;

/// `--repeat N`: a whole number from 1 to [`MOST_REPEATS`].
fn repeat(given: &Given) -> Result<u32, Error> {
    let Some(text) = given.string("repeat")? else {
        return Ok(1);
    };
    text.parse::<u32>()
        .ok()
        .filter(|repeat| (1..=MOST_REPEATS).contains(repeat))
        .ok_or_else(|| {
            Error::new(format!(
                "--repeat takes a whole number from 1 to {MOST_REPEATS}, not '{text}'"
            ))
        })
}

/// The most `--jobs` takes.
pub const MOST_JOBS: usize = 1024;

/// `-j N`, `--jobs N`: a whole number from 1 to [`MOST_JOBS`]; none given,
/// `None` (as many as the cores).
fn jobs(given: &Given) -> Result<Option<usize>, Error> {
    let Some(text) = given.string("jobs")? else {
        return Ok(None);
    };
    text.parse::<usize>()
        .ok()
        .filter(|jobs| (1..=MOST_JOBS).contains(jobs))
        .map(Some)
        .ok_or_else(|| {
            Error::new(format!(
                "--jobs takes a whole number from 1 to {MOST_JOBS}, not '{text}'"
            ))
        })
}

/// `--judge NAME`: a judge profile's name.
fn judge_profile(given: &Given) -> Result<Option<&'static Profile>, Error> {
    let Some(name) = given.string("judge")? else {
        return Ok(None);
    };
    profile::by_name(&name).map(Some).ok_or_else(|| {
        Error::new(format!(
            "--judge takes one of {}, not '{name}'",
            profile::names()
        ))
    })
}

/// `--stack-limit-mib N`: a whole number of MiB above 0, or `unlimited`.
fn stack_limit(given: &Given) -> Result<Option<Stack>, Error> {
    let Some(text) = given.string("stack-limit-mib")? else {
        return Ok(None);
    };
    Stack::parse_mib(&text).map(Some).ok_or_else(|| {
        Error::new(format!(
            "--stack-limit-mib takes a whole number above 0 or `unlimited`, not '{text}'"
        ))
    })
}

/// `--color WHEN`: auto, always or never.
fn color(given: &Given) -> Result<Option<When>, Error> {
    given
        .string("color")?
        .map(|word| When::parse(&word, "--color"))
        .transpose()
}

/// `--checker SPEC`, a program's path taken from the current folder.
fn checker(given: &Given) -> Result<Option<Checker>, Error> {
    given
        .string("checker")?
        .map(|spec| Checker::parse(&spec, Path::new(".")))
        .transpose()
        .map_err(|error| Error::new(format!("--checker: {error}")))
}

/// `--interactor SPEC`, a program's path taken from the current folder.
fn interactor(given: &Given) -> Result<Option<Interactor>, Error> {
    given
        .string("interactor")?
        .map(|spec| Interactor::parse(&spec, Path::new(".")))
        .transpose()
        .map_err(|error| Error::new(format!("--interactor: {error}")))
}

/// What `cargo bundle` was asked to do.
#[derive(Debug)]
pub struct Bundle {
    pub crates: Vec<String>,
    /// Also compile each bundle as its judges do and judge the binaries.
    pub check: bool,
    /// Check the committed files as they are, without making them afresh.
    pub as_committed: bool,
    /// A folder laid out as cargo-equip's cache (`license-files/...`) to
    /// use instead of the one committed in the repository.
    pub license_cache: Option<PathBuf>,
    /// Make each bundle with cargo-equip too and fail where the committed
    /// expansion's differs from it.
    pub compare_equip: bool,
    /// `--color WHEN`; none: `CARGO_TERM_COLOR`, else auto.
    pub color: Option<When>,
}

const BUNDLE: Spec = Spec {
    command: "bundle",
    help: BUNDLE_HELP,
    flags: &[
        switch("check"),
        switch("as-committed"),
        switch("compare-equip"),
        valued("license-cache", "DIR"),
        valued("color", "WHEN"),
    ],
    positional: "CRATE",
    most_positional: usize::MAX,
    rules: &[
        Rule::Needs(
            "as-committed",
            &["check"],
            "--as-committed goes with --check",
        ),
        // The committed files are not made afresh, so cargo-equip's cache
        // is never read.
        Rule::Excludes(
            "as-committed",
            &["license-cache"],
            "--license-cache seeds cargo-equip, which --as-committed does not run",
        ),
        Rule::Excludes(
            "as-committed",
            &["compare-equip"],
            "--compare-equip makes the bundles afresh, which --as-committed does not",
        ),
    ],
    hidden: None,
};

/// `cargo bundle --help`, kept in a text file of its own.
const BUNDLE_HELP: &str = include_str!("help/bundle.txt");

/// Reads `cargo bundle`'s command line.
pub fn bundle(parser: &mut lexopt::Parser) -> Result<Bundle, Error> {
    command(&BUNDLE, parser, |given| {
        Ok(Bundle {
            crates: given.positional()?,
            check: given.has("check"),
            as_committed: given.has("as-committed"),
            license_cache: given.path("license-cache"),
            compare_equip: given.has("compare-equip"),
            color: color(given)?,
        })
    })
}

/// What `cargo timing` was asked to do.
#[derive(Debug)]
pub struct Timing {
    pub crates: Vec<String>,
    /// At most this many timed runs per input, after a warm-up.
    pub runs: usize,
    /// Repeat an input only until its runs have taken this long (but at
    /// least a few times).
    pub seconds: f64,
    /// Time the inputs in the `slow/` folders too.
    pub slow: bool,
    /// `--compare REV`: a commit, branch or tag to time side by side.
    pub compare: Option<String>,
    /// `--fail-above X`: fail when a row's new/old ratio is above X.
    pub fail_above: Option<f64>,
    /// `--json PATH`: where to write every row's figures (`-`: stdout).
    pub json: Option<PathBuf>,
    /// `--program PATH`: time this program instead of the crates'...
    pub program: Option<PathBuf>,
    /// ...on the inputs in this folder,
    pub inputs: Option<PathBuf>,
    /// ...against this one.
    pub old_program: Option<PathBuf>,
    /// `--floor PATH`: the I/O floor program, instead of building it.
    pub floor: Option<PathBuf>,
    /// `--checker SPEC`: how outputs are checked, instead of the crate's
    /// checker (with `--program`, exact).
    pub checker: Option<Checker>,
}

const TIMING: Spec = Spec {
    command: "timing",
    help: TIMING_HELP,
    flags: &[
        valued("compare", "REV"),
        valued("fail-above", "X"),
        switch("slow"),
        valued("runs", "N"),
        valued("seconds", "S"),
        valued("json", "PATH"),
        valued("program", "PATH"),
        valued("inputs", "DIR"),
        valued("old-program", "PATH"),
        valued("floor", "PATH"),
        valued("checker", "SPEC"),
    ],
    positional: "CRATE",
    most_positional: usize::MAX,
    rules: &[
        Rule::Excludes(
            "program",
            &[POSITIONAL, "compare"],
            "--program times one program: give no crate and no --compare",
        ),
        Rule::Needs("program", &["inputs"], "--program needs --inputs DIR"),
        Rule::Needs(
            "inputs",
            &["program"],
            "--inputs and --old-program go with --program",
        ),
        Rule::Needs(
            "old-program",
            &["program"],
            "--inputs and --old-program go with --program",
        ),
        Rule::Needs(
            "fail-above",
            &["compare", "old-program"],
            "--fail-above needs --compare REV (or --old-program)",
        ),
    ],
    // Given by the caller (`timing`), so that the flags need not know the
    // command that reads them.
    hidden: None,
};

/// `cargo timing --help`, kept in a text file of its own.
const TIMING_HELP: &str = include_str!("help/timing.txt");

/// Reads `cargo timing`'s command line.
/// `peak_memory_of` runs the hidden `--peak-memory-of`.
pub fn timing(parser: &mut lexopt::Parser, peak_memory_of: Hidden) -> Result<Timing, Error> {
    let spec = Spec {
        hidden: Some(("peak-memory-of", peak_memory_of)),
        ..TIMING
    };
    command(&spec, parser, |given| {
        let runs = match given.number("runs")? {
            Some(runs) => usize::try_from(runs).map_err(|_| "--runs is too large".to_string())?,
            None => DEFAULT_RUNS,
        };
        Ok(Timing {
            crates: given.positional()?,
            runs,
            seconds: given.positive("seconds")?.unwrap_or(DEFAULT_SECONDS),
            slow: given.has("slow"),
            compare: given.string("compare")?,
            fail_above: given.positive("fail-above")?,
            json: given.path("json"),
            // Paths, as `cargo judge --program` takes them: never looked up on
            // PATH.
            program: given.program("program"),
            inputs: given.path("inputs"),
            old_program: given.program("old-program"),
            floor: given.program("floor"),
            checker: checker(given)?,
        })
    })
}

/// What `cargo stress` was asked to do.
#[derive(Debug)]
pub struct Stress {
    /// None: the crate whose folder this is run in.
    pub crate_name: Option<String>,
    /// The first seed.
    pub seed: u64,
    pub cases: u64,
    /// Stop after this long even if cases are left.
    pub time: Option<Duration>,
    /// `--color WHEN`; none: `CARGO_TERM_COLOR`, else auto.
    pub color: Option<When>,
    /// `-j N`, `--jobs N`: cases at once; none: as many as the cores.
    pub jobs: Option<usize>,
}

pub const DEFAULT_STRESS_CASES: u64 = 1000;

const STRESS: Spec = Spec {
    command: "stress",
    help: STRESS_HELP,
    flags: &[
        valued("seed", "S"),
        valued("cases", "N"),
        valued("time", "SECONDS"),
        valued("color", "WHEN"),
        valued("jobs", "N").or_short('j'),
    ],
    positional: "CRATE",
    most_positional: 1,
    rules: &[],
    hidden: None,
};

/// `cargo stress --help`, kept in a text file of its own.
const STRESS_HELP: &str = include_str!("help/stress.txt");

/// Reads `cargo stress`'s command line.
pub fn stress(parser: &mut lexopt::Parser) -> Result<Stress, Error> {
    command(&STRESS, parser, |given| {
        let seed = match given.string("seed")? {
            Some(value) => value
                .parse()
                .map_err(|_| Error::new(format!("--seed takes a whole number, not '{value}'")))?,
            None => 0,
        };
        Ok(Stress {
            crate_name: given.positional()?.pop(),
            seed,
            cases: given.number("cases")?.unwrap_or(DEFAULT_STRESS_CASES),
            time: given.number("time")?.map(Duration::from_secs),
            color: color(given)?,
            jobs: jobs(given)?,
        })
    })
}

/// What `cargo new-problem` was asked to do.
#[derive(Debug)]
pub struct NewProblem {
    /// The crate to make; `None` with `--listen` or `--from-json`, where
    /// each problem names its own.
    pub name: Option<String>,
    pub url: Option<String>,
    pub limits: Limits,
    /// An interactive problem: its samples are judged against an
    /// interactor of the crate's own.
    pub interactive: bool,
    /// Take problems from Competitive Companion on this loopback port
    /// (0: any free one).
    pub listen: Option<u16>,
    /// Take problems from this saved request (`-`: standard input).
    pub from_json: Option<PathBuf>,
    /// Rewrite an existing crate's samples that differ from those sent.
    pub force: bool,
}

/// Where `cargo new-problem --listen` waits when no `--port` is given: a
/// port none of Competitive Companion's built-in tools uses (its
/// src/hosts/hosts.ts lists 1327, 4243, 4244, 6174, 10042, 10043, 10045
/// and 27121), beside the 1004x ones, so that it can run with them.
pub const DEFAULT_COMPANION_PORT: u16 = 10046;

const NEW_PROBLEM: Spec = Spec {
    command: "new-problem",
    help: NEW_PROBLEM_HELP,
    flags: &[
        valued("url", "URL"),
        valued("time-limit-ms", "N"),
        valued("memory-limit-mib", "N"),
        switch("interactive"),
        switch("listen"),
        valued("port", "N"),
        valued("from-json", "FILE"),
        switch("force"),
    ],
    positional: "NAME",
    most_positional: 1,
    rules: &[
        Rule::Excludes(
            "listen",
            &[
                POSITIONAL,
                "from-json",
                "url",
                "time-limit-ms",
                "memory-limit-mib",
                "interactive",
            ],
            "--listen takes each problem's name, url, limits and kind from what is sent: \
             give no NAME, --from-json, --url, limits or --interactive with it",
        ),
        Rule::Excludes(
            "from-json",
            &[
                POSITIONAL,
                "url",
                "time-limit-ms",
                "memory-limit-mib",
                "interactive",
            ],
            "--from-json takes each problem's name, url, limits and kind from the file: \
             give no NAME, --url, limits or --interactive with it",
        ),
        Rule::Needs("port", &["listen"], "--port goes with --listen"),
        Rule::Needs(
            "force",
            &["listen", "from-json"],
            "--force goes with --listen or --from-json (an existing crate's samples rewritten)",
        ),
    ],
    hidden: None,
};

/// `cargo new-problem --help`, kept in a text file of its own.
const NEW_PROBLEM_HELP: &str = include_str!("help/new-problem.txt");

/// Reads `cargo new-problem`'s command line.
pub fn new_problem(parser: &mut lexopt::Parser) -> Result<NewProblem, Error> {
    command(&NEW_PROBLEM, parser, |given| {
        let from_request = given.has("listen") || given.has("from-json");
        let name = given.positional()?.pop();
        if name.is_none() && !from_request {
            return Err(Error::new(
                "cargo new-problem takes the new crate's name, <judge><id>-<slug> \
                 (or --listen, or --from-json FILE)",
            ));
        }
        let port = match given.string("port")? {
            Some(value) => value.parse::<u16>().map_err(|_| {
                Error::new(format!(
                    "--port takes a port number from 0 (any free one) to 65535, not '{value}'"
                ))
            })?,
            None => DEFAULT_COMPANION_PORT,
        };
        let time = given.number("time-limit-ms")?.map(Duration::from_millis);
        let memory = given.number("memory-limit-mib")?.map(|mib| mib << 20);
        Ok(NewProblem {
            name,
            url: given.string("url")?,
            limits: Limits {
                time: time.unwrap_or(DEFAULT_LIMITS.time),
                memory: memory.unwrap_or(DEFAULT_LIMITS.memory),
                ..DEFAULT_LIMITS
            },
            interactive: given.has("interactive"),
            listen: given.has("listen").then_some(port),
            from_json: given.path("from-json"),
            force: given.has("force"),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::spec::{check_rules, parse};
    use super::*;

    const SPECS: [&Spec; 5] = [&JUDGE, &BUNDLE, &TIMING, &STRESS, &NEW_PROBLEM];

    /// A value each option takes in these tests, good for it.
    fn sample_value(flag: &Flag) -> &'static str {
        match flag.name {
            "checker" => "tokens",
            "color" => "never",
            "fail-above" | "seconds" => "1.5",
            "compare" => "HEAD",
            "seed" | "cases" | "time" | "runs" | "time-limit-ms" | "memory-limit-mib"
            | "output-limit-mib" | "stack-limit-mib" => "3",
            _ => "x",
        }
    }

    fn parse_args(spec: &Spec, args: &[String]) -> Result<Given, Error> {
        let given = parse(spec, &mut lexopt::Parser::from_args(args))?;
        check_rules(spec, &given)?;
        Ok(given)
    }

    /// Every subset of a command's options (and a positional argument),
    /// parsed: refused exactly when a rule says so, with that rule's line;
    /// accepted ones keep every option given.
    #[test]
    fn every_combination_is_accepted_or_refused_by_a_rule() {
        for spec in SPECS {
            let count = spec.flags.len() + 1;
            let mut accepted = 0;
            for mask in 0u32..1 << count {
                let mut args = Vec::new();
                let mut names = Vec::new();
                for (index, flag) in spec.flags.iter().enumerate() {
                    if mask & 1 << index != 0 {
                        args.push(format!("--{}", flag.name));
                        if flag.value.is_some() {
                            args.push(sample_value(flag).to_string());
                        }
                        names.push(flag.name);
                    }
                }
                if mask & 1 << spec.flags.len() != 0 {
                    args.push("x1-a".to_string());
                    names.push(POSITIONAL);
                }
                let broken = spec.rules.iter().find_map(|rule| match rule {
                    Rule::Needs(option, others, message) => (names.contains(option)
                        && !others.iter().any(|other| names.contains(other)))
                    .then_some(*message),
                    Rule::Excludes(option, others, message) => (names.contains(option)
                        && others.iter().any(|other| names.contains(other)))
                    .then_some(*message),
                });
                match (parse_args(spec, &args), broken) {
                    (Ok(given), None) => {
                        accepted += 1;
                        for name in &names {
                            assert!(given.has(name), "{} {args:?}: {name}", spec.command);
                        }
                    }
                    (Err(error), Some(message)) => {
                        let error = error.to_string();
                        assert_eq!(error, message, "{} {args:?}", spec.command)
                    }
                    (result, broken) => panic!(
                        "{} {args:?}: {:?} where the rules say {broken:?}",
                        spec.command,
                        result.map(|_| ())
                    ),
                }
            }
            assert!(accepted > 1, "{}", spec.command);
        }
    }

    #[test]
    fn every_option_is_in_its_help_and_every_option_in_the_help_is_taken() {
        for spec in SPECS {
            for flag in spec.flags {
                assert!(
                    spec.help.contains(&format!("--{}", flag.name)),
                    "{}: --{}",
                    spec.command,
                    flag.name
                );
                if let Some(letter) = flag.short {
                    let both = format!("-{letter}, --{}", flag.name);
                    assert!(spec.help.contains(&both), "{}: {both}", spec.command);
                }
            }
            for word in spec
                .help
                .split(|c: char| c.is_whitespace() || c == '[' || c == '(')
            {
                let Some(name) = word.strip_prefix("--") else {
                    continue;
                };
                let name = name.trim_end_matches([')', ']', ',', '.', ':', '`']);
                // `cargo install --locked`, in bundle's help, is cargo's;
                // `curl ... --data-binary`, in new-problem's, is curl's.
                assert!(
                    ["help", "locked", "data-binary"].contains(&name)
                        || spec.flags.iter().any(|flag| flag.name == name),
                    "{} --help names --{name}",
                    spec.command
                );
            }
        }
    }

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn an_option_given_twice_is_refused_unless_it_repeats() {
        let error = parse_args(&TIMING, &args("--runs 3 --runs 5"))
            .unwrap_err()
            .to_string();
        assert_eq!(error, "--runs is given twice; give it once");
        let judge = judge_of("--case 1 --case 3 x1-a").unwrap();
        assert_eq!(judge.cases, ["1", "3"]);
    }

    fn judge_of(line: &str) -> Result<Judge, Error> {
        judge(&mut lexopt::Parser::from_args(args(line)))
    }

    #[test]
    fn jobs_are_given_by_letter_or_name_once_and_from_1() {
        assert_eq!(judge_of("-j 3").unwrap().jobs, Some(3));
        assert_eq!(judge_of("--jobs 2").unwrap().jobs, Some(2));
        assert_eq!(judge_of("x1-a").unwrap().jobs, None);
        for (line, error) in [
            ("-j 2 --jobs 2", "--jobs is given twice; give it once"),
            (
                "-j 0",
                "--jobs takes a whole number from 1 to 1024, not '0'",
            ),
            (
                "--jobs many",
                "--jobs takes a whole number from 1 to 1024, not 'many'",
            ),
        ] {
            assert_eq!(judge_of(line).unwrap_err().to_string(), error, "{line}");
        }
    }

    #[test]
    fn judge_options_are_read_into_what_they_mean() {
        let judge = judge_of("x1-a --time-limit-ms 5 --checker float:1e-3").unwrap();
        assert_eq!(judge.crates, ["x1-a"]);
        let own = Limits {
            time: Duration::from_millis(1000),
            memory: 64 << 20,
            ..DEFAULT_LIMITS
        };
        assert_eq!(
            judge.limits(own),
            Limits {
                time: Duration::from_millis(5),
                memory: 64 << 20,
                ..DEFAULT_LIMITS
            }
        );
        assert_eq!(judge.checker, Some(Checker::Float(1e-3)));
        let judge = judge_of("--memory-limit-mib 2 --program a --samples s").unwrap();
        assert_eq!(judge.limits(own).memory, 2 << 20);
        assert_eq!(judge.limits(own).time, own.time);
        assert_eq!(judge.programs, [PathBuf::from("./a")]);
        let judge = judge_of("--program a --program b/c --program a --samples s").unwrap();
        assert_eq!(
            judge.programs,
            [
                PathBuf::from("./a"),
                PathBuf::from("./b/c"),
                PathBuf::from("./a")
            ]
        );
        let judge = judge_of("--output-limit-mib 8 --stack-limit-mib unlimited").unwrap();
        let small_stack = Limits {
            stack: Stack::Bytes(8 << 20),
            ..own
        };
        assert_eq!(judge.limits(small_stack).output, Some(8 << 20));
        assert_eq!(judge.limits(small_stack).stack, Stack::Unlimited);
        let judge = judge_of("--stack-limit-mib 64").unwrap();
        assert_eq!(judge.limits(own).stack, Stack::Bytes(64 << 20));
        assert_eq!(judge.limits(own).output, None);
        for (line, message) in [
            (
                "--stack-limit-mib 0",
                "--stack-limit-mib takes a whole number above 0 or `unlimited`, not '0'",
            ),
            (
                "--output-limit-mib x",
                "--output-limit-mib takes a whole number above 0, not 'x'",
            ),
            (
                "--time-limit-ms 0",
                "--time-limit-ms takes a whole number above 0, not '0'",
            ),
            (
                "--checker float:x",
                "--checker: float:EPS takes an error above 0",
            ),
            ("--frobnicate", "cargo judge takes no --frobnicate"),
            ("--check", "cargo judge takes no --check"),
        ] {
            let error = judge_of(line).unwrap_err().to_string();
            assert!(error.starts_with(message), "{line}: {error}");
        }
    }

    #[test]
    fn timing_reads_its_checker_as_judge_does() {
        fn never(_: &mut lexopt::Parser) -> ! {
            unreachable!("no test gives --peak-memory-of")
        }
        let read = |line: &str| timing(&mut lexopt::Parser::from_args(args(line)), never);
        let options = read("x1-a --checker float:1e-3").unwrap();
        assert_eq!(options.checker, Some(Checker::Float(1e-3)));
        let options = read("--program p --inputs i --checker check").unwrap();
        assert_eq!(
            options.checker,
            Some(Checker::Program(PathBuf::from("./check")))
        );
        assert_eq!(read("x1-a").unwrap().checker, None);
        let error = read("--checker float:0").unwrap_err().to_string();
        assert!(
            error.starts_with("--checker: float:EPS takes an error above 0"),
            "{error}"
        );
    }

    #[test]
    fn one_positional_argument_where_one_is_taken() {
        let error = parse_args(&STRESS, &args("a b")).unwrap_err().to_string();
        assert_eq!(error, "cargo stress takes one CRATE, not also 'b'");
        let error = parse_args(&NEW_PROBLEM, &args("a b"))
            .unwrap_err()
            .to_string();
        assert_eq!(error, "cargo new-problem takes one NAME, not also 'b'");
        let error = new_problem(&mut lexopt::Parser::from_args(args("--url u")))
            .unwrap_err()
            .to_string();
        assert!(error.contains("takes the new crate's name"), "{error}");
    }
}
