//! `cargo judge`: runs each problem's release binary on its samples the way
//! an online judge does, one verdict line a case, and a summary line.

use crate::cli;
use crate::run::{self, Purpose, Run};
use crate::verdict::{self, Verdict};
use crate::workspace::{Limits, Workspace};
use std::cmp::Ordering;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Lines of context shown around the first difference.
const CONTEXT_LINES: usize = 3;
/// The width the case names are padded to.
const NAME_WIDTH: usize = 40;
/// Lines of standard error shown for a runtime error.
const STDERR_LINES: usize = 10;

/// What `cargo judge` was asked to do.
pub struct Options {
    /// Problem crates to judge; none means all.
    pub crates: Vec<String>,
    /// Judge this program instead of the crates' binaries...
    pub program: Option<PathBuf>,
    /// ...on the samples in this folder, under these limits.
    pub samples: Option<PathBuf>,
    pub limits: Limits,
}

/// Limits for `--program` when none are given: the usual judge's.
pub const DEFAULT_LIMITS: Limits = Limits {
    time: Duration::from_millis(1000),
    memory: 256 << 20,
};

/// `cargo judge --help`.
pub const HELP: &str = "\
cargo judge [CRATE...]
    Builds the problem crates in release mode (cargo shows its progress) and
    runs each on its samples (samples/<crate>/N.in, compared with N.out)
    under the crate's time-limit-ms and memory-limit-mib ([package.metadata.
    judge] in its Cargo.toml). No CRATE: the crate whose folder you are in,
    or every problem crate.

    One line a case: the verdict, the case, the wall time and peak memory.
      AC     accepted: the output is N.out byte for byte (a missing final
             newline is tolerated)
      WA     wrong answer
      PE     presentation error: only whitespace differs
      RE     runtime error: non-zero exit status, or a signal (named) while
             time and memory were within their limits
      TLE    over the time limit (wall time); the program is killed half the
             limit later (at most a second later)
      MLE    peak resident memory over the memory limit (not measured on
             Windows, where memory shows as `- MiB`)
      ERROR  N.in without N.out or the reverse, or no samples at all
    Under a failure: expected and actual output around the first differing
    line, whitespace made visible, or the first lines of stderr for RE. The
    last line is `N passed, M failed in T s`; the exit status is 0 only when
    every case passed.

    It is a local checker, not a sandbox: the programs it runs can do
    whatever your user can.

    --program PATH        judge this program instead of the crates' binaries
    --samples DIR         ...on the cases in DIR (with --program)
    --time-limit-ms N     ...under this time limit (default 1000)
    --memory-limit-mib N  ...and this memory limit (default 256)
    -h, --help            this text
";

/// Reads `cargo judge`'s command line.
pub fn options(parser: &mut lexopt::Parser) -> Result<Options, String> {
    use lexopt::prelude::*;
    let mut options = Options {
        crates: Vec::new(),
        program: None,
        samples: None,
        limits: DEFAULT_LIMITS,
    };
    while let Some(argument) = cli::next(parser)? {
        match argument {
            Short('h') | Long("help") => cli::help_and_exit(HELP),
            Long("program") => options.program = Some(cli::path_value(parser)?),
            Long("samples") => options.samples = Some(cli::path_value(parser)?),
            Long(option @ ("time-limit-ms" | "memory-limit-mib")) => {
                let option = option.to_string();
                cli::read_limit(parser, &option, &mut options.limits)?;
            }
            Value(name) => options.crates.push(cli::string(name)?),
            other => return Err(other.unexpected().to_string()),
        }
    }
    if options.program.is_some() && !options.crates.is_empty() {
        return Err("give either crate names or --program, not both".to_string());
    }
    Ok(options)
}

/// Runs `cargo judge`; true when every case passed.
pub fn main(options: &Options) -> Result<bool, String> {
    let mut tally = Tally::default();
    let out = &mut io::stdout().lock();
    if let Some(program) = &options.program {
        let samples = options
            .samples
            .as_deref()
            .ok_or("--program needs --samples DIR")?;
        let label = program
            .file_stem()
            .unwrap_or(program.as_os_str())
            .to_string_lossy();
        judge_samples(&label, program, samples, options.limits, &mut tally, out);
    } else {
        if options.samples.is_some() {
            return Err("--samples goes with --program".to_string());
        }
        let workspace = Workspace::load()?;
        let problems = workspace.select(&options.crates)?;
        workspace.build_release(&problems, &[])?;
        for problem in problems {
            let program = workspace.release_binary(&problem.name);
            judge_samples(
                &problem.name,
                &program,
                &problem.samples,
                problem.limits,
                &mut tally,
                out,
            );
        }
    }
    Ok(tally.finish(out))
}

/// Passed and failed cases so far.
#[derive(Debug)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
    /// When the command started, for the summary's time.
    started: Instant,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            passed: 0,
            failed: 0,
            started: Instant::now(),
        }
    }
}

impl Tally {
    pub fn add(&mut self, verdict: Verdict) {
        if verdict.passed() {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
    }

    /// Prints the closing line `N passed, M failed in T s` (builds
    /// included); true when something was judged and nothing failed.
    pub fn finish(&self, out: &mut impl Write) -> bool {
        let _ = writeln!(
            out,
            "{} passed, {} failed in {:.1} s",
            self.passed,
            self.failed,
            self.started.elapsed().as_secs_f64()
        );
        let _ = out.flush();
        self.failed == 0 && self.passed > 0
    }
}

/// One sample case: the files named `<stem>.in` and `<stem>.out`, either of
/// which may be missing.
#[derive(Debug, PartialEq, Eq)]
pub struct Case {
    pub stem: String,
    pub input: Option<PathBuf>,
    pub expected: Option<PathBuf>,
}

/// The cases in `dir`, in natural order of their names (2 before 10).
/// Files with other extensions are not cases.
pub fn sample_cases(dir: &Path) -> io::Result<Vec<Case>> {
    let mut cases: Vec<Case> = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if !path.is_file() {
            continue;
        }
        let (Some(stem), Some(extension)) = (path.file_stem(), path.extension()) else {
            continue;
        };
        let is_input = match extension.to_str() {
            Some("in") => true,
            Some("out") => false,
            _ => continue,
        };
        let stem = stem.to_string_lossy().into_owned();
        let index = match cases.iter().position(|case| case.stem == stem) {
            Some(index) => index,
            None => {
                cases.push(Case {
                    stem,
                    input: None,
                    expected: None,
                });
                cases.len() - 1
            }
        };
        if is_input {
            cases[index].input = Some(path);
        } else {
            cases[index].expected = Some(path);
        }
    }
    cases.sort_by(|one, other| natural_order(&one.stem, &other.stem));
    Ok(cases)
}

/// Orders names so that runs of digits compare as numbers: "2" < "10",
/// "case-9" < "case-10".
pub fn natural_order(one: &str, other: &str) -> Ordering {
    let (mut one, mut other) = (one.as_bytes(), other.as_bytes());
    loop {
        match (one.first(), other.first()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(a), Some(b)) if a.is_ascii_digit() && b.is_ascii_digit() => {
                let (a_digits, a_rest) = split_digits(one);
                let (b_digits, b_rest) = split_digits(other);
                let a_value = trim_zeros(a_digits);
                let b_value = trim_zeros(b_digits);
                let by_value = a_value
                    .len()
                    .cmp(&b_value.len())
                    .then_with(|| a_value.cmp(b_value))
                    // "01" after "1" (and after "1a"), so that no two names compare equal.
                    .then_with(|| a_digits.len().cmp(&b_digits.len()));
                if by_value != Ordering::Equal {
                    return by_value;
                }
                one = a_rest;
                other = b_rest;
            }
            (Some(a), Some(b)) => {
                if a != b {
                    return a.cmp(b);
                }
                one = &one[1..];
                other = &other[1..];
            }
        }
    }
}

fn split_digits(text: &[u8]) -> (&[u8], &[u8]) {
    let end = text
        .iter()
        .position(|byte| !byte.is_ascii_digit())
        .unwrap_or(text.len());
    text.split_at(end)
}

fn trim_zeros(digits: &[u8]) -> &[u8] {
    let start = digits
        .iter()
        .position(|&digit| digit != b'0')
        .unwrap_or(digits.len());
    &digits[start..]
}

/// A run past its time limit is killed a little later: half the limit
/// more, at most a second more.
pub fn kill_after(limit: Duration) -> Duration {
    limit + (limit / 2).min(Duration::from_secs(1))
}

/// The verdict on one finished run, and what to show for it when it failed.
pub fn judge_run(run: &Run, expected: &[u8], limits: Limits) -> (Verdict, String) {
    const INDENT: &str = "    ";
    if run.killed_for_time || run.elapsed > limits.time {
        let what = if run.killed_for_time {
            "killed after"
        } else {
            "ran"
        };
        let detail = format!(
            "{INDENT}{what} {}, over the time limit of {}\n",
            milliseconds(run.elapsed),
            milliseconds(limits.time)
        );
        return (Verdict::Tle, detail);
    }
    if let Some(peak) = run.peak_memory.filter(|&peak| peak > limits.memory) {
        let detail = format!(
            "{INDENT}peak memory {}, over the limit of {}\n",
            mebibytes(peak),
            mebibytes(limits.memory)
        );
        return (Verdict::Mle, detail);
    }
    if !run.ending.success() {
        let mut detail = format!("{INDENT}{}", run.ending.describe());
        if run.stderr.is_empty() {
            detail.push_str("; nothing on stderr\n");
        } else {
            detail.push_str("; stderr:\n");
            detail.push_str(&verdict::first_lines(&run.stderr, STDERR_LINES, "      "));
        }
        return (Verdict::Re, detail);
    }
    let verdict = verdict::compare(expected, &run.stdout);
    let detail = if verdict.passed() {
        String::new()
    } else {
        verdict::show_difference(expected, &run.stdout, CONTEXT_LINES, INDENT)
    };
    (verdict, detail)
}

/// Judges `program` on every case in `samples`, printing a verdict line per
/// case (labelled `<label>/<case>`) and what went wrong under each failure.
pub fn judge_samples(
    label: &str,
    program: &Path,
    samples: &Path,
    limits: Limits,
    tally: &mut Tally,
    out: &mut impl Write,
) {
    let cases = match sample_cases(samples) {
        Ok(cases) if !cases.is_empty() => Ok(cases),
        Ok(_) => Err(format!(
            "    no .in or .out files in {}\n",
            samples.display()
        )),
        Err(error) => Err(format!("    cannot read {}: {error}\n", samples.display())),
    };
    let cases = match cases {
        Ok(cases) => cases,
        Err(detail) => {
            report(out, tally, Verdict::Error, label, None, &detail);
            return;
        }
    };
    // Names padded to one width, so that the figures line up across crates
    // as long as names are shorter than that.
    let longest = cases
        .iter()
        .map(|case| label.len() + 1 + case.stem.len())
        .max()
        .unwrap_or(0);
    let width = longest.max(NAME_WIDTH);
    for case in cases {
        let name = format!("{:<width$}", format!("{label}/{}", case.stem));
        let (Some(input), Some(expected)) = (&case.input, &case.expected) else {
            let missing = if case.input.is_none() { "in" } else { "out" };
            let detail = format!("    {}.{missing} is missing\n", case.stem);
            report(out, tally, Verdict::Error, &name, None, &detail);
            continue;
        };
        let expected = match fs::read(expected) {
            Ok(expected) => expected,
            Err(error) => {
                let detail = format!("    cannot read {}: {error}\n", expected.display());
                report(out, tally, Verdict::Error, &name, None, &detail);
                continue;
            }
        };
        match run::run(program, &[], input, kill_after(limits.time), Purpose::Judge) {
            Ok(run) => {
                let (verdict, detail) = judge_run(&run, &expected, limits);
                report(out, tally, verdict, &name, Some(&run), &detail);
            }
            Err(error) => {
                let detail = format!("    cannot run {}: {error}\n", program.display());
                report(out, tally, Verdict::Error, &name, None, &detail);
            }
        }
    }
}

fn report(
    out: &mut impl Write,
    tally: &mut Tally,
    verdict: Verdict,
    name: &str,
    run: Option<&Run>,
    detail: &str,
) {
    tally.add(verdict);
    let figures = match run {
        Some(run) => format!(
            "  {:>10}  {:>10}",
            milliseconds(run.elapsed),
            run.peak_memory
                .map_or_else(|| "- MiB".to_string(), mebibytes)
        ),
        None => String::new(),
    };
    let _ = write!(out, "{verdict:<5} {name}{figures}\n{detail}");
    let _ = out.flush();
}

/// "12.34 ms".
pub fn milliseconds(duration: Duration) -> String {
    format!("{:.2} ms", duration.as_secs_f64() * 1e3)
}

/// "1.8 MiB".
pub fn mebibytes(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Ending;

    fn run_with(elapsed_ms: u64, peak_mib: Option<u64>, ending: Ending, stdout: &[u8]) -> Run {
        Run {
            elapsed: Duration::from_millis(elapsed_ms),
            peak_memory: peak_mib.map(|mib| mib << 20),
            ending,
            killed_for_time: false,
            stdout: stdout.to_vec(),
            stderr: b"boom\n".to_vec(),
        }
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_millis(1000),
        memory: 64 << 20,
    };

    #[test]
    fn time_then_memory_then_exit_then_output_decide() {
        let ok = Ending::Exited(0);
        let judge = |run: Run| judge_run(&run, b"1\n", LIMITS).0;
        assert_eq!(judge(run_with(5, Some(2), ok, b"1\n")), Verdict::Ac);
        assert_eq!(judge(run_with(5, None, ok, b"1\n")), Verdict::Ac);
        assert_eq!(judge(run_with(5, Some(2), ok, b"2\n")), Verdict::Wa);
        assert_eq!(judge(run_with(5, Some(2), ok, b"1 \n")), Verdict::Pe);
        assert_eq!(
            judge(run_with(5, Some(2), Ending::Exited(1), b"1\n")),
            Verdict::Re
        );
        assert_eq!(
            judge(run_with(5, Some(2), Ending::Signal(9), b"1\n")),
            Verdict::Re
        );
        // A signal after running out of memory or time is that limit's verdict.
        assert_eq!(
            judge(run_with(5, Some(65), Ending::Signal(9), b"")),
            Verdict::Mle
        );
        assert_eq!(
            judge(run_with(1001, Some(2), Ending::Signal(9), b"")),
            Verdict::Tle
        );
        // Right answers do not excuse a limit.
        assert_eq!(judge(run_with(1001, Some(2), ok, b"1\n")), Verdict::Tle);
        assert_eq!(judge(run_with(5, Some(65), ok, b"1\n")), Verdict::Mle);
        let mut killed = run_with(3, Some(2), Ending::Signal(9), b"");
        killed.killed_for_time = true;
        assert_eq!(judge(killed), Verdict::Tle);
    }

    #[test]
    fn runtime_errors_show_the_ending_and_stderr() {
        let run = run_with(5, Some(2), Ending::Exited(101), b"");
        let (_, detail) = judge_run(&run, b"1\n", LIMITS);
        assert_eq!(detail, "    exit status 101; stderr:\n      | boom\n");
    }

    #[test]
    fn natural_order_compares_numbers_by_value() {
        let mut names = vec!["10", "2", "1", "b", "a10", "a9", "01", "1a", "a"];
        names.sort_by(|one, other| natural_order(one, other));
        assert_eq!(names, ["1", "1a", "01", "2", "10", "a", "a9", "a10", "b"]);
    }

    #[test]
    fn the_kill_comes_a_little_after_the_limit() {
        assert_eq!(
            kill_after(Duration::from_millis(1000)),
            Duration::from_millis(1500)
        );
        assert_eq!(
            kill_after(Duration::from_millis(10000)),
            Duration::from_millis(11000)
        );
    }
}
