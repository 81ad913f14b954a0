//! The workspace's tool: one program that judges, bundles and times the
//! solutions the same way on every platform cargo runs on. Reached through
//! the aliases in `.cargo/config.toml`: `cargo judge`, `cargo bundle`,
//! `cargo timing`. It runs nothing but cargo, rustc, cargo-equip and the
//! programs it judges.

mod bundle;
mod judge;
mod new_problem;
mod run;
mod stress;
mod timing;
mod verdict;
mod workspace;

use lexopt::prelude::*;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "\
The workspace's tool. Commands, each through its cargo alias:

  cargo judge [CRATE...]
      Builds the problem crates in release mode and runs each on its samples
      (samples/<crate>/N.in, compared with N.out) under the crate's
      time-limit-ms and memory-limit-mib ([package.metadata.judge] in its
      Cargo.toml). No CRATE judges every problem crate.

      One line a case: the verdict, the case, the wall time and peak memory.
        AC     accepted: the output is N.out byte for byte (a missing final
               newline is tolerated)
        WA     wrong answer
        PE     presentation error: only whitespace differs
        RE     runtime error: non-zero exit status, or a signal (named) while
               time and memory were within their limits
        TLE    over the time limit (wall time); the program is killed half
               the limit later (at most a second later)
        MLE    peak resident memory over the memory limit (not measured on
               Windows, where memory shows as `- MiB`)
        ERROR  N.in without N.out or the reverse, or no samples at all
      Under a failure: expected and actual output around the first differing
      line, whitespace made visible, or the first lines of stderr for RE.
      The last line is `N passed, M failed`; the exit status is 0 only when
      every case passed.

      --program PATH     judge this program instead of the crates' binaries
      --samples DIR      ...on the cases in DIR (with --program)
      --time-limit-ms N  ...under this time limit (default 1000)
      --memory-limit-mib N  ...and this memory limit (default 256)

  cargo bundle [--check] [--license-cache DIR] [CRATE...]
      Writes target/submit/<crate>.rs for each problem crate: src/main.rs with
      proconio and rustc-hash inlined by cargo-equip 0.20.1 (installed with
      `cargo install --locked` when missing: once, several minutes), without
      its tests and comments, license notices kept, indented with tabs. Prints
      each file's size; a file over 64 KiB (the smallest limit among the
      judges found: Codeforces's 64 KB) fails. Needs rustup and rustfmt on
      PATH, and works offline: proconio's license text, which cargo-equip
      would otherwise clone proconio's repository to read, is committed in
      scripts/cargo-equip-cache and copied into cargo-equip's cache.

      --check  also compile each file with plain rustc, no cargo and no
               crates, exactly as each of the crate's judges does (the
               `compile` entries of its [package.metadata.judge]), with
               warnings denied: CE on failure, with the compiler's first
               lines; then judge each binary on the samples as `cargo judge`
               does. Ends with `N passed, M failed`.
      --license-cache DIR  seed cargo-equip's cache from DIR (laid out as
               license-files/<crate>/<commit>) instead

  cargo timing [--runs N] [CRATE...]
      Times each solution as a whole process, as a judge runs it: the judge
      sample and the inputs its example <crate>-bench-inputs writes (from
      fixed seeds) into target/timing/<crate>/, each run N times (default 10)
      after 2 warm-ups. A table: median, min and max wall time, peak memory,
      the time limit, and, for a crate with an example <crate>-baseline (a
      plain reference solution), that program's median and the ratio. A
      folder of inputs is one row for its slowest file. The first row is an
      empty Rust program: process start-up, the floor of every row.

  cargo stress CRATE [--seed S] [--cases N] [--time SECONDS]
      Runs the crate's example <crate>-gen with seeds S, S+1, ... (default 0,
      N cases, default 1000) for small random inputs, and compares the
      release solution's output on each with the example <crate>-brute's, a
      deliberately simple brute force. Stops at the first difference, crash
      or time-out: prints the seed, the input and both outputs (whitespace
      made visible), keeps the input in target/stress/<crate>/seed-S.in and
      exits 1. --time stops early after that many seconds.

  cargo new-problem NAME [--url URL] [--time-limit-ms N] [--memory-limit-mib N]
      Creates crates/NAME/ and samples/NAME/ in the workspace's shape: a
      Cargo.toml with a filled [package.metadata.judge], a src/main.rs
      skeleton (header, pure core, parsing that names the bad case, thin
      main, tests wired to the samples and a brute force), the examples gen,
      brute and bench-inputs as stubs, and an empty first sample case. NAME
      is <judge><id>-<slug> (poj1753-flip-game, luogu-p2346-four-in-line);
      a NAME that breaks the rule or exists is refused. Limits default to
      1000 ms and 256 MiB.

  -h, --help  this text

Exit status: 0 when everything passed, 1 when something failed, 2 for a
command line or workspace that cannot be used.
";

fn main() -> ExitCode {
    match parse_and_run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            // A report that cannot be written changes nothing: exit 2 anyway.
            let _ = writeln!(std::io::stderr(), "error: {error}");
            ExitCode::from(2)
        }
    }
}

/// Parses the command line and runs the command; true when it passed.
fn parse_and_run() -> Result<bool, String> {
    let mut parser = lexopt::Parser::from_env();
    let command = match parser.next().map_err(|error| error.to_string())? {
        Some(Value(command)) => command
            .into_string()
            .map_err(|_| "the command is not UTF-8".to_string())?,
        Some(Short('h') | Long("help")) | None => return print_usage(),
        Some(other) => return Err(other.unexpected().to_string()),
    };
    match command.as_str() {
        "judge" => judge::main(&judge_options(&mut parser)?),
        "bundle" => bundle::main(&bundle_options(&mut parser)?),
        "timing" => timing::main(&timing_options(&mut parser)?),
        "stress" => stress::main(&stress_options(&mut parser)?),
        "new-problem" => new_problem::main(&new_problem_options(&mut parser)?),
        "help" => print_usage(),
        other => Err(format!(
            "unknown command '{other}'; `cargo judge --help` lists them"
        )),
    }
}

fn print_usage() -> Result<bool, String> {
    let _ = std::io::stdout().write_all(USAGE.as_bytes());
    Ok(true)
}

fn judge_options(parser: &mut lexopt::Parser) -> Result<judge::Options, String> {
    let mut options = judge::Options {
        crates: Vec::new(),
        program: None,
        samples: None,
        limits: judge::DEFAULT_LIMITS,
    };
    while let Some(argument) = parser.next().map_err(|error| error.to_string())? {
        match argument {
            Short('h') | Long("help") => help_and_exit(),
            Long("program") => options.program = Some(path_value(parser)?),
            Long("samples") => options.samples = Some(path_value(parser)?),
            Long(option @ ("time-limit-ms" | "memory-limit-mib")) => {
                let time = option == "time-limit-ms";
                read_limit(parser, time, &mut options.limits)?;
            }
            Value(name) => options.crates.push(string(name)?),
            other => return Err(other.unexpected().to_string()),
        }
    }
    if options.program.is_some() && !options.crates.is_empty() {
        return Err("give either crate names or --program, not both".to_string());
    }
    Ok(options)
}

fn bundle_options(parser: &mut lexopt::Parser) -> Result<bundle::Options, String> {
    let mut options = bundle::Options {
        crates: Vec::new(),
        check: false,
        license_cache: None,
    };
    while let Some(argument) = parser.next().map_err(|error| error.to_string())? {
        match argument {
            Short('h') | Long("help") => help_and_exit(),
            Long("check") => options.check = true,
            Long("license-cache") => options.license_cache = Some(path_value(parser)?),
            Value(name) => options.crates.push(string(name)?),
            other => return Err(other.unexpected().to_string()),
        }
    }
    Ok(options)
}

fn timing_options(parser: &mut lexopt::Parser) -> Result<timing::Options, String> {
    let mut options = timing::Options {
        crates: Vec::new(),
        runs: timing::DEFAULT_RUNS,
    };
    while let Some(argument) = parser.next().map_err(|error| error.to_string())? {
        match argument {
            Short('h') | Long("help") => help_and_exit(),
            Long("runs") => {
                let runs = number_value(parser, "--runs")?;
                options.runs =
                    usize::try_from(runs).map_err(|_| "--runs is too large".to_string())?;
            }
            Value(name) => options.crates.push(string(name)?),
            other => return Err(other.unexpected().to_string()),
        }
    }
    Ok(options)
}

fn stress_options(parser: &mut lexopt::Parser) -> Result<stress::Options, String> {
    let mut crate_name = None;
    let mut options = stress::Options {
        crate_name: String::new(),
        seed: 0,
        cases: stress::DEFAULT_CASES,
        time: None,
    };
    while let Some(argument) = parser.next().map_err(|error| error.to_string())? {
        match argument {
            Short('h') | Long("help") => help_and_exit(),
            Long("seed") => {
                let value = string(parser.value().map_err(|error| error.to_string())?)?;
                options.seed = value
                    .parse()
                    .map_err(|_| format!("--seed takes a whole number, not '{value}'"))?;
            }
            Long("cases") => options.cases = number_value(parser, "--cases")?,
            Long("time") => {
                options.time = Some(Duration::from_secs(number_value(parser, "--time")?))
            }
            Value(name) if crate_name.is_none() => crate_name = Some(string(name)?),
            other => return Err(other.unexpected().to_string()),
        }
    }
    options.crate_name = crate_name.ok_or("cargo stress takes one crate name")?;
    Ok(options)
}

fn new_problem_options(parser: &mut lexopt::Parser) -> Result<new_problem::Options, String> {
    let mut name = None;
    let mut options = new_problem::Options {
        name: String::new(),
        url: None,
        limits: judge::DEFAULT_LIMITS,
    };
    while let Some(argument) = parser.next().map_err(|error| error.to_string())? {
        match argument {
            Short('h') | Long("help") => help_and_exit(),
            Long("url") => {
                options.url = Some(string(parser.value().map_err(|error| error.to_string())?)?)
            }
            Long(option @ ("time-limit-ms" | "memory-limit-mib")) => {
                let time = option == "time-limit-ms";
                read_limit(parser, time, &mut options.limits)?;
            }
            Value(value) if name.is_none() => name = Some(string(value)?),
            other => return Err(other.unexpected().to_string()),
        }
    }
    options.name =
        name.ok_or("cargo new-problem takes the new crate's name, <judge><id>-<slug>")?;
    Ok(options)
}

fn help_and_exit() -> ! {
    let _ = print_usage();
    std::process::exit(0);
}

/// Reads the value of `--time-limit-ms` (`time`) or `--memory-limit-mib`
/// into `limits`.
fn read_limit(
    parser: &mut lexopt::Parser,
    time: bool,
    limits: &mut workspace::Limits,
) -> Result<(), String> {
    if time {
        limits.time = Duration::from_millis(number_value(parser, "--time-limit-ms")?);
    } else {
        limits.memory = number_value(parser, "--memory-limit-mib")?.saturating_mul(1 << 20);
    }
    Ok(())
}

fn path_value(parser: &mut lexopt::Parser) -> Result<PathBuf, String> {
    parser
        .value()
        .map(PathBuf::from)
        .map_err(|error| error.to_string())
}

/// A whole number above 0 for `option`.
fn number_value(parser: &mut lexopt::Parser, option: &str) -> Result<u64, String> {
    let value = string(parser.value().map_err(|error| error.to_string())?)?;
    value
        .parse::<u64>()
        .ok()
        .filter(|&number| number > 0)
        .ok_or_else(|| format!("{option} takes a whole number above 0, not '{value}'"))
}

fn string(value: std::ffi::OsString) -> Result<String, String> {
    value
        .into_string()
        .map_err(|value| format!("'{}' is not UTF-8", value.to_string_lossy()))
}
