//! `cargo judge`: runs each problem's release binary on its samples the way
//! an online judge does, one verdict line a case, and a summary line.

use crate::cli;
use crate::run::{self, Bounds, Purpose, Run};
pub use crate::verdict::mebibytes;
use crate::verdict::{self, milliseconds, Verdict};
use crate::workspace::{Limits, Workspace};
use std::borrow::Cow;
use std::cmp::Ordering;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The width the case names are padded to.
const NAME_WIDTH: usize = 40;

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
    Builds each problem crate in release mode (cargo shows its progress) and
    runs it on its samples (samples/<crate>/N.in, compared with N.out)
    under the crate's time-limit-ms and memory-limit-mib ([package.metadata.
    judge] in its Cargo.toml). No CRATE: the crate whose folder you are in,
    or every problem crate; a crate named twice is judged once.

    One line a case: the verdict, the case, the wall time and peak memory.
      AC     accepted: the output is N.out byte for byte (a missing final
             newline is tolerated)
      WA     wrong answer
      PE     presentation error: only whitespace differs
      RE     runtime error: non-zero exit status, or a signal (named) while
             time and memory were within their limits
      TLE    over the time limit (wall time); the program is killed half the
             limit later (at most a second later)
      MLE    over the memory limit: the peak resident memory (on Windows the
             peak committed memory) once it ended, or stopped while running
             (Linux and macOS look every 5 ms), or an allocation that failed
             at the cap of twice the limit plus 256 MiB that each process
             gets (Linux and Windows; macOS has no such cap)
      OLE    more output than the output limit: 64 MiB, or twice N.out and
             1 MiB more when that is larger; the program is stopped there
      CE     the crate does not compile: rustc's first errors are shown, and
             the other crates are still judged
      ERROR  N.in without N.out or the reverse (names are paired byte for
             byte), no samples at all, or a program that cannot be started
    The program and all it starts run as one process group (a Job object on
    Windows), killed as a whole when the program exits or runs out of time;
    output is read until the time limit's kill point at the latest.
    Under a failure: expected and actual output around the first differing
    line (a few lines, each cut at 200 bytes), whitespace made visible, or
    the first lines of stderr for RE. Names and output are printed with
    control characters and bytes that are not UTF-8 escaped. The last line
    is `N passed, M failed in T s` (a CE counts as one failure); the exit
    status is 0 only when every case passed.

    It is a local checker, not a sandbox: the programs it runs can do
    whatever your user can (read and write files, use the network, start a
    process that leaves the group); no seccomp, no namespaces.

    --program PATH        judge this program instead of the crates' binaries
                          (a path: a bare name is a file in this folder,
                          never looked up on PATH)
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
        let label = shown_name(program.file_stem().unwrap_or(program.as_os_str()));
        let program = program_path(program);
        judge_samples(&label, &program, samples, options.limits, &mut tally, out);
    } else {
        if options.samples.is_some() {
            return Err("--samples goes with --program".to_string());
        }
        let workspace = Workspace::load()?;
        for problem in workspace.select(&options.crates)? {
            // Each crate built on its own, so that one that does not
            // compile is a verdict and the others are still judged.
            if let Err(errors) = workspace.build_crate(problem) {
                report(out, &mut tally, Verdict::Ce, &problem.name, None, &errors);
                continue;
            }
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

/// The program `--program` names, as a path: a relative one (a bare name
/// too) is taken from the current folder, never looked up on PATH.
pub fn program_path(program: &Path) -> PathBuf {
    if program.is_relative() {
        Path::new(".").join(program)
    } else {
        program.to_path_buf()
    }
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
/// which may be missing. The stem is the file name's exact bytes (on
/// Windows, its exact UTF-16), so two names never merge.
#[derive(Debug, PartialEq, Eq)]
pub struct Case {
    pub stem: OsString,
    pub input: Option<PathBuf>,
    pub expected: Option<PathBuf>,
}

/// The cases in `dir`, in natural order of their names (2 before 10).
/// Files with other extensions (or none before it) are not cases.
pub fn sample_cases(dir: &Path) -> io::Result<Vec<Case>> {
    let mut cases: Vec<Case> = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if !path.is_file() {
            continue;
        }
        let name = path.file_name().unwrap_or_default();
        let bytes = name_bytes(name);
        let (stem_length, is_input) = if bytes.ends_with(b".in") {
            (bytes.len() - 3, true)
        } else if bytes.ends_with(b".out") {
            (bytes.len() - 4, false)
        } else {
            continue;
        };
        if stem_length == 0 {
            continue;
        }
        // Both extensions are ASCII, so the stem is the name less them;
        // taken from the path, so that it keeps the name's exact form.
        let Some(stem) = path.file_stem().map(OsStr::to_os_string) else {
            continue;
        };
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
    cases.sort_by(|one, other| {
        natural_order_bytes(&name_bytes(&one.stem), &name_bytes(&other.stem))
    });
    Ok(cases)
}

/// A file name's bytes: exact on Unix; elsewhere its UTF-8 form, with
/// anything that is not Unicode (unpaired surrogates on Windows) replaced.
pub fn name_bytes(name: &OsStr) -> Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Cow::Borrowed(name.as_bytes())
    }
    #[cfg(not(unix))]
    match name.to_string_lossy() {
        Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
        Cow::Owned(text) => Cow::Owned(text.into_bytes()),
    }
}

/// A file name as it can be printed: control characters and bytes that are
/// not UTF-8 escaped as in a difference report (`^[`, `\xFF`), so that a
/// name never acts on the terminal.
pub fn shown_name(name: &OsStr) -> String {
    verdict::printable(&name_bytes(name))
}

/// Orders names so that runs of digits compare as numbers: "2" < "10",
/// "case-9" < "case-10".
pub fn natural_order(one: &str, other: &str) -> Ordering {
    natural_order_bytes(one.as_bytes(), other.as_bytes())
}

/// [`natural_order`] on bytes.
pub fn natural_order_bytes(mut one: &[u8], mut other: &[u8]) -> Ordering {
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
    let names: Vec<String> = cases
        .iter()
        .map(|case| format!("{label}/{}", shown_name(&case.stem)))
        .collect();
    // Names padded to one width, so that the figures line up across crates
    // as long as names are shorter than that.
    let longest = names
        .iter()
        .map(|name| name.chars().count())
        .max()
        .unwrap_or(0);
    let width = longest.max(NAME_WIDTH);
    for (case, name) in cases.iter().zip(names) {
        let name = format!("{name:<width$}");
        let (Some(input), Some(expected)) = (&case.input, &case.expected) else {
            let missing = if case.input.is_none() { "in" } else { "out" };
            let detail = format!("    {}.{missing} is missing\n", shown_name(&case.stem));
            report(out, tally, Verdict::Error, &name, None, &detail);
            continue;
        };
        let (verdict, run, detail) = judge_case(program, input, expected, limits);
        report(out, tally, verdict, &name, run.as_ref(), &detail);
    }
}

/// Runs `program` on one case and judges it: the verdict, the run (when
/// there was one) and what to show under the verdict line.
///
/// The program is started before the expected output is read, so that
/// its peak memory never includes a copy of it (see [`run`]'s platform
/// notes); only the expected output's size is needed before, for the
/// output limit.
fn judge_case(
    program: &Path,
    input: &Path,
    expected: &Path,
    limits: Limits,
) -> (Verdict, Option<Run>, String) {
    let cannot_read =
        |error: io::Error| format!("    cannot read {}: {error}\n", expected.display());
    let expected_size = match fs::metadata(expected) {
        Ok(metadata) => metadata.len(),
        Err(error) => return (Verdict::Error, None, cannot_read(error)),
    };
    let bounds = Bounds {
        kill_after: kill_after(limits.time),
        memory: Some(limits.memory),
        output: output_limit(expected_size),
    };
    let run = match run::run_within(program, &[], input, bounds, Purpose::Judge) {
        Ok(run) => run,
        Err(error) => {
            let detail = format!("    cannot run {}: {error}\n", program.display());
            return (Verdict::Error, None, detail);
        }
    };
    let expected = match fs::read(expected) {
        Ok(expected) => expected,
        Err(error) => return (Verdict::Error, Some(run), cannot_read(error)),
    };
    let (verdict, detail) = verdict::judge_run(&run, &expected, limits);
    (verdict, Some(run), detail)
}

/// The output limit for a case whose expected output has `expected_size`
/// bytes: 64 MiB, or twice that and 1 MiB more when larger.
pub fn output_limit(expected_size: u64) -> u64 {
    run::DEFAULT_OUTPUT_LIMIT.max(expected_size.saturating_mul(2).saturating_add(1 << 20))
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

#[cfg(test)]
mod tests {
    use super::*;

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
