//! `cargo judge`: runs each problem's release binary on its samples the way
//! an online judge does, one verdict line a case, and a summary line.
//! [`judge_samples`] and [`Tally`] serve `cargo bundle --check` too, so
//! that a bundle is judged exactly as its crate is.

use crate::cases::{self, shown_name};
use crate::checker::{checker_time, Checker};
use crate::error::indented;
use crate::error::Error;
use crate::flags;
use crate::run::{self, Bounds, Purpose, Run};
use crate::verdict::{mebibytes, milliseconds, Verdict};
use crate::workspace::{Limits, Problem, Workspace, DEFAULT_LIMITS};
use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::time::Instant;

/// The width the case names are padded to.
const NAME_WIDTH: usize = 40;

/// How far in the lines under a verdict line are: what went wrong, and
/// the lines that show it two columns further in.
pub const UNDER: &str = "    ";
pub const UNDER_DETAIL: &str = "      ";

/// How one folder of samples is judged.
#[derive(Clone, Debug)]
pub struct Judging {
    pub limits: Limits,
    pub checker: Checker,
    /// The cases picked by name (`--case`); none means all.
    pub cases: Vec<String>,
}

impl Judging {
    /// As the crate's `[package.metadata.judge]` says: its limits and
    /// checker, every case.
    pub fn of(problem: &Problem) -> Judging {
        Judging {
            limits: problem.limits,
            checker: problem.checker.clone(),
            cases: Vec::new(),
        }
    }

    /// With the command line's limits, checker and cases over these.
    fn overridden(mut self, options: &flags::Judge) -> Judging {
        self.limits = options.limits(self.limits);
        if let Some(checker) = &options.checker {
            self.checker = checker.clone();
        }
        self.cases = options.cases.clone();
        self
    }
}

/// Runs `cargo judge`; true when every case passed.
pub fn main(options: &flags::Judge) -> Result<bool, Error> {
    let mut tally = Tally::default();
    let out = &mut io::stdout().lock();
    if let Some(program) = &options.program {
        let samples = options
            .samples
            .as_deref()
            .ok_or("--program needs --samples DIR")?;
        let judging = Judging {
            limits: DEFAULT_LIMITS,
            checker: Checker::Exact,
            cases: Vec::new(),
        }
        .overridden(options);
        unknown_cases(samples, &judging.cases)?;
        let label = shown_name(program.file_stem().unwrap_or(program.as_os_str()));
        judge_samples(&label, program, samples, &judging, &mut tally, out);
        return Ok(tally.finish(out));
    }
    let workspace = Workspace::load()?;
    let problems = workspace.select(&options.crates)?;
    if !options.cases.is_empty() && problems.len() > 1 {
        return Err(Error::new(format!(
            "--case names the cases of one crate, and this judges {}: name one \
             crate, or run it in the crate's folder",
            problems.len()
        )));
    }
    for problem in &problems {
        unknown_cases(&problem.samples, &options.cases)?;
    }
    for problem in problems {
        // Each crate built on its own, so that one that does not
        // compile is a verdict and the others are still judged.
        if let Err(errors) = workspace.build_crate(problem) {
            // Rustc's messages, as rustc lays them out.
            let shown = errors.layout(UNDER, UNDER);
            report(out, &mut tally, Verdict::Ce, &problem.name, None, &shown);
            continue;
        }
        let program = workspace.release_binary(&problem.name);
        let judging = Judging::of(problem).overridden(options);
        judge_samples(
            &problem.name,
            &program,
            &problem.samples,
            &judging,
            &mut tally,
            out,
        );
    }
    Ok(tally.finish(out))
}

/// An error when one of `names` is no case in `samples`, or when a case
/// there has both an `.out` and an `.ans` file (which of the two is the
/// answer is the user's to say): the command line's error, found before
/// anything is built or run. A folder without cases is left to be judged
/// ERROR, as it is without `--case`.
fn unknown_cases(samples: &Path, names: &[String]) -> Result<(), Error> {
    match cases::scan(samples) {
        Ok(found) if !found.is_empty() => {
            if let Some(error) = cases::two_answers(samples, &found) {
                return Err(error);
            }
            cases::pick(found, names, samples).map(drop)
        }
        _ => Ok(()),
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

/// Judges `program` on the cases in `samples` that `judging` picks,
/// printing a verdict line per case (labelled `<label>/<case>`) and what
/// went wrong under each failure.
pub fn judge_samples(
    label: &str,
    program: &Path,
    samples: &Path,
    judging: &Judging,
    tally: &mut Tally,
    out: &mut impl Write,
) {
    let cases = match cases::scan_picked(samples, &judging.cases) {
        Ok(cases) => cases,
        Err(error) => {
            let shown = error.layout(UNDER, UNDER_DETAIL);
            report(out, tally, Verdict::Error, label, None, &shown);
            return;
        }
    };
    if let Checker::Program(checker) = &judging.checker {
        if !checker.is_file() {
            let detail = format!("the checker {} is not a file", checker.display());
            report(
                out,
                tally,
                Verdict::Error,
                label,
                None,
                &indented(&detail, UNDER),
            );
            return;
        }
    }
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
        let broken = case.broken();
        let (Some(input), Some(expected), None) = (&case.input, &case.expected, &broken) else {
            let detail = broken.as_deref().unwrap_or_default();
            report(
                out,
                tally,
                Verdict::Error,
                &name,
                None,
                &indented(detail, UNDER),
            );
            continue;
        };
        let (verdict, run, detail) = judge_case(program, input, expected, judging);
        report(
            out,
            tally,
            verdict,
            &name,
            run.as_ref(),
            &indented(&detail, UNDER),
        );
    }
}

/// Runs `program` on one case and judges it: the verdict, the run (when
/// there was one) and what to show under the verdict line, unindented.
///
/// The program is started before the expected output is read, so that
/// its peak memory never includes a copy of it (see [`run`]'s platform
/// notes); only the expected output's size is needed before, for the
/// output limit.
fn judge_case(
    program: &Path,
    input: &Path,
    expected: &Path,
    judging: &Judging,
) -> (Verdict, Option<Run>, String) {
    let limits = judging.limits;
    let cannot_read = |error: io::Error| format!("cannot read {}: {error}\n", expected.display());
    let expected_size = match fs::metadata(expected) {
        Ok(metadata) => metadata.len(),
        Err(error) => return (Verdict::Error, None, cannot_read(error)),
    };
    let bounds = Bounds {
        kill_after: run::kill_after(limits.time),
        memory: Some(limits.memory),
        output: run::output_limit(expected_size),
    };
    let run = match run::run_within(program, &[], input, bounds, Purpose::Judge) {
        Ok(run) => run,
        Err(error) => {
            let detail = format!("cannot run {}: {error}\n", program.display());
            return (Verdict::Error, None, detail);
        }
    };
    let answer = match fs::read(expected) {
        Ok(answer) => answer,
        Err(error) => return (Verdict::Error, Some(run), cannot_read(error)),
    };
    let (verdict, detail) = judging.checker.judge(
        &run,
        input,
        expected,
        &answer,
        limits,
        checker_time(limits.time),
    );
    (verdict, Some(run), detail)
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
