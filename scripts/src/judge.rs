//! `cargo judge`: runs each problem's release binary on its samples the way
//! an online judge does, one verdict line a case, and a summary line; with
//! `--json`, the same as one JSON object a case and a summary object.
//! [`judge_samples`] and [`Reporter`] serve `cargo bundle --check` too, so
//! that a bundle is judged exactly as its crate is.

use crate::cases::{self, shown_name};
use crate::checker::{checker_time, Checker};
use crate::color::{self, Output, Paint};
use crate::error::indented;
use crate::error::Error;
use crate::flags;
use crate::package;
use crate::run::{self, Bounds, Ending, Purpose, Run};
use crate::verdict::{mebibytes, milliseconds, Position, Verdict};
use crate::workspace::{Limits, Problem, Workspace, DEFAULT_LIMITS};
use serde_json::{json, Value};
use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::time::{Duration, Instant};

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
    let json_to_stdout = options.json.as_deref() == Some(Path::new("-"));
    let out = color::stream(options.color, json_to_stdout)?;
    // Created before anything is built, so that a path that cannot be
    // written is the command line's error, not a lost report.
    let json: Option<Box<dyn Write>> = match &options.json {
        None => None,
        Some(_) if json_to_stdout => Some(Box::new(io::stdout())),
        Some(path) => Some(Box::new(fs::File::create(path).map_err(|error| {
            Error::new(format!("--json: cannot write {}: {error}", path.display()))
        })?)),
    };
    let reporter = &mut Reporter::new(out, json);
    if let Some(program) = &options.program {
        let samples = options
            .samples
            .as_deref()
            .ok_or("--program needs --samples DIR")?;
        let label = shown_name(program.file_stem().unwrap_or(program.as_os_str()));
        let plan = package::plan(samples, DEFAULT_LIMITS, &Checker::Exact, "default", options)?;
        judge_plan(&label, program, plan, options, reporter);
        return Ok(reporter.finish());
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
    if let Some(samples) = &options.samples {
        let [problem] = problems[..] else {
            return Err(Error::new(format!(
                "--samples judges one crate, and this judges {}: name one",
                problems.len()
            )));
        };
        let plan = package::plan(
            samples,
            problem.limits,
            &problem.checker,
            "the crate's",
            options,
        )?;
        if let Err(errors) = workspace.build_crate(problem) {
            let shown = errors.layout(UNDER, UNDER);
            reporter.report(&Judged::whole(&problem.name, Verdict::Ce), &shown);
            return Ok(reporter.finish());
        }
        let program = workspace.release_binary(&problem.name);
        judge_plan(&problem.name, &program, plan, options, reporter);
        return Ok(reporter.finish());
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
            reporter.report(&Judged::whole(&problem.name, Verdict::Ce), &shown);
            continue;
        }
        let program = workspace.release_binary(&problem.name);
        let judging = Judging::of(problem).overridden(options);
        judge_samples(
            &problem.name,
            &program,
            &problem.samples,
            &judging,
            reporter,
        );
    }
    Ok(reporter.finish())
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
    /// Runs whose peak memory was sampled, not recorded by the system
    /// ([`Run::peak_sampled`]): the report says so.
    sampled_peaks: usize,
    /// When the command started, for the summary's time.
    started: Instant,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            passed: 0,
            failed: 0,
            sampled_peaks: 0,
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

    /// True when something was judged and nothing failed.
    pub fn all_passed(&self) -> bool {
        self.failed == 0 && self.passed > 0
    }
}

/// Where verdicts go: the table (in colour or not), the tally, and with
/// `--json`, one JSON object a verdict as it is given.
pub struct Reporter {
    /// The table: standard output, or standard error with `--json -`.
    pub out: Output,
    /// JSON Lines, each line written and flushed as its case finishes.
    json: Option<Box<dyn Write>>,
    pub tally: Tally,
}

impl Reporter {
    pub fn new(out: Output, json: Option<Box<dyn Write>>) -> Reporter {
        Reporter {
            out,
            json,
            tally: Tally::default(),
        }
    }

    /// A verdict word padded to the column's width, the padding outside
    /// its colour: `AC   `.
    pub fn verdict(&self, verdict: Verdict) -> String {
        let word = verdict.to_string();
        let padding = " ".repeat(5usize.saturating_sub(word.len()));
        format!("{}{padding}", self.out.paint(verdict_paint(verdict), word))
    }

    /// Counts `judged` and prints its line, then `shown` (the lines under
    /// it, indented), then its JSON object.
    pub fn report(&mut self, judged: &Judged, shown: &str) {
        self.tally.add(judged.verdict);
        if judged.run.is_some_and(|run| run.peak_sampled) {
            self.tally.sampled_peaks += 1;
        }
        let figures = match judged.run {
            Some(run) => format!(
                "  {:>10}  {:>10}",
                milliseconds(run.elapsed),
                run.peak_memory
                    .map_or_else(|| "- MiB".to_string(), mebibytes)
            ),
            None => String::new(),
        };
        let verdict = self.verdict(judged.verdict);
        let _ = write!(
            self.out,
            "{verdict} {}{figures}\n{shown}",
            judged.shown_name
        );
        let _ = self.out.flush();
        if self.json.is_some() {
            let detail: Vec<&str> = shown
                .lines()
                .map(|line| line.strip_prefix(UNDER).unwrap_or(line))
                .collect();
            let mut value = judged.json();
            value["detail"] = if detail.is_empty() {
                Value::Null
            } else {
                json!(detail.join("\n") + "\n")
            };
            self.json_line(&value);
        }
    }

    fn json_line(&mut self, value: &Value) {
        if let Some(json) = &mut self.json {
            let _ = writeln!(json, "{value}");
            let _ = json.flush();
        }
    }

    /// Prints the closing line `N passed, M failed in T s` (builds
    /// included), green when all passed and red otherwise, and its JSON
    /// object; true when something was judged and nothing failed.
    pub fn finish(&mut self) -> bool {
        let seconds = self.tally.started.elapsed().as_secs_f64();
        let passed = self.tally.all_passed();
        let line = format!(
            "{} passed, {} failed in {seconds:.1} s",
            self.tally.passed, self.tally.failed,
        );
        if self.tally.sampled_peaks > 0 {
            let count = self.tally.sampled_peaks;
            let (peaks, are) = if count == 1 {
                ("peak", "is")
            } else {
                ("peaks", "are")
            };
            // Never only in the figures: an MLE this misses is an AC.
            let _ = writeln!(
                self.out,
                "note: {count} {peaks} {are} the highest seen every 5 ms, as this system \
                 (Wine) keeps no record of a program's peak: one in its last milliseconds \
                 can be missed, and an MLE with it"
            );
        }
        let paint = if passed { Paint::Good } else { Paint::Bad };
        let _ = writeln!(self.out, "{}", self.out.paint(paint, line));
        let _ = self.out.flush();
        let summary = json!({
            "type": "summary",
            "passed": self.tally.passed,
            "failed": self.tally.failed,
            "seconds": seconds,
        });
        self.json_line(&summary);
        passed
    }
}

/// The colour of a verdict: green for AC, yellow for a limit, red for the
/// rest.
pub fn verdict_paint(verdict: Verdict) -> Paint {
    match verdict {
        Verdict::Ac => Paint::Good,
        Verdict::Tle | Verdict::Mle | Verdict::Ole => Paint::Limit,
        Verdict::Wa | Verdict::Pe | Verdict::Re | Verdict::Ce | Verdict::Error => Paint::Bad,
    }
}

/// One verdict, as its line and its JSON object show it.
pub struct Judged<'a> {
    /// The crate, or the program with --program; `(bundle, JUDGE)` after
    /// it for a bundle.
    pub label: &'a str,
    /// None for a verdict on the whole crate or folder (CE, no samples).
    pub case: Option<String>,
    /// The name on the line, padded: `<label>/<case>` or `<label>`.
    pub shown_name: &'a str,
    pub input: Option<&'a Path>,
    pub verdict: Verdict,
    pub run: Option<&'a Run>,
    pub limits: Option<Limits>,
    pub difference: Option<Position>,
}

impl<'a> Judged<'a> {
    /// A verdict on a whole crate or folder, with no case and no run.
    pub fn whole(label: &'a str, verdict: Verdict) -> Judged<'a> {
        Judged {
            label,
            case: None,
            shown_name: label,
            input: None,
            verdict,
            run: None,
            limits: None,
            difference: None,
        }
    }

    /// The case's JSON object but for its `detail`: `cargo timing
    /// --json`'s names and units where they mean the same (`crate`,
    /// `file`, `peak_bytes`, times in nanoseconds).
    fn json(&self) -> Value {
        let nanoseconds = |duration: Duration| u64::try_from(duration.as_nanos()).ok();
        let run = self.run;
        let (exit_status, signal) = match run.map(|run| run.ending) {
            Some(Ending::Exited(code)) => (Some(code), None),
            Some(Ending::Signal(signal)) => (None, Some(run::signal_name(signal))),
            None => (None, None),
        };
        json!({
            "type": "case",
            "crate": self.label,
            "case": self.case,
            "file": self.input.map(|path| path.display().to_string()),
            "verdict": self.verdict.to_string(),
            "wall_ns": run.and_then(|run| nanoseconds(run.elapsed)),
            "peak_bytes": run.and_then(|run| run.peak_memory),
            "exit_status": exit_status,
            "signal": signal,
            "first_difference": self.difference.map(|position| json!({
                "line": position.line,
                "column": position.column,
                "token": position.token,
            })),
            "time_limit_ns": self.limits.and_then(|limits| nanoseconds(limits.time)),
            "memory_limit_bytes": self.limits.map(|limits| limits.memory),
        })
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
    reporter: &mut Reporter,
) {
    let cases = cases::scan_picked(samples, &judging.cases);
    judge_cases(label, program, cases, judging, reporter);
}

/// Judges `program` on the cases a [`package::plan`] found, after its
/// line about what a package is judged under.
fn judge_plan(
    label: &str,
    program: &Path,
    plan: package::Plan,
    options: &flags::Judge,
    reporter: &mut Reporter,
) {
    if let Some(line) = &plan.line {
        let _ = writeln!(reporter.out, "{line}");
    }
    let judging = Judging {
        limits: plan.limits,
        checker: plan.checker,
        cases: options.cases.clone(),
    };
    judge_cases(label, program, plan.cases, &judging, reporter);
}

/// Judges `program` on `cases` (or reports why there are none).
fn judge_cases(
    label: &str,
    program: &Path,
    cases: Result<Vec<cases::Case>, Error>,
    judging: &Judging,
    reporter: &mut Reporter,
) {
    let cases = match cases {
        Ok(cases) => cases,
        Err(error) => {
            let shown = error.layout(UNDER, UNDER_DETAIL);
            reporter.report(&Judged::whole(label, Verdict::Error), &shown);
            return;
        }
    };
    if let Checker::Program(checker) = &judging.checker {
        if !checker.is_file() {
            let detail = format!("the checker {} is not a file", checker.display());
            reporter.report(
                &Judged::whole(label, Verdict::Error),
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
        let mut judged = Judged {
            label,
            case: Some(shown_name(&case.stem)),
            shown_name: &name,
            input: case.input.as_deref(),
            verdict: Verdict::Error,
            run: None,
            limits: Some(judging.limits),
            difference: None,
        };
        let broken = case.broken();
        let (Some(input), Some(expected), None) = (&case.input, &case.expected, &broken) else {
            let detail = broken.as_deref().unwrap_or_default();
            reporter.report(&judged, &indented(detail, UNDER));
            continue;
        };
        let outcome = judge_case(program, input, expected, judging);
        judged.verdict = outcome.verdict;
        judged.run = outcome.run.as_ref();
        judged.difference = outcome.difference;
        reporter.report(&judged, &indented(&outcome.detail, UNDER));
    }
}

/// What [`judge_case`] found.
struct Outcome {
    verdict: Verdict,
    /// The run, when there was one.
    run: Option<Run>,
    /// What to show under the verdict line, unindented.
    detail: String,
    /// Where the output first differs from the answer, for WA and PE.
    difference: Option<Position>,
}

/// Runs `program` on one case and judges it.
///
/// The program is started before the expected output is read, so that
/// its peak memory never includes a copy of it (see [`run`]'s platform
/// notes); only the expected output's size is needed before, for the
/// output limit.
fn judge_case(program: &Path, input: &Path, expected: &Path, judging: &Judging) -> Outcome {
    let limits = judging.limits;
    let failed = |verdict, run, detail| Outcome {
        verdict,
        run,
        detail,
        difference: None,
    };
    let cannot_read = |error: io::Error| format!("cannot read {}: {error}\n", expected.display());
    let expected_size = match fs::metadata(expected) {
        Ok(metadata) => metadata.len(),
        Err(error) => return failed(Verdict::Error, None, cannot_read(error)),
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
            return failed(Verdict::Error, None, detail);
        }
    };
    let answer = match fs::read(expected) {
        Ok(answer) => answer,
        Err(error) => return failed(Verdict::Error, Some(run), cannot_read(error)),
    };
    let (verdict, detail) = judging.checker.judge(
        &run,
        input,
        expected,
        &answer,
        limits,
        checker_time(limits.time),
    );
    let difference = match verdict {
        Verdict::Wa | Verdict::Pe => judging.checker.first_difference(&answer, &run.stdout),
        _ => None,
    };
    Outcome {
        verdict,
        run: Some(run),
        detail,
        difference,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A stream whose bytes the test reads back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The report of one AC case per entry of `sampled` (whether its
    /// peak was sampled), summary included.
    fn reported(sampled: &[bool]) -> String {
        let text = Shared::default();
        let mut reporter = Reporter::new(Output::plain(Box::new(text.clone())), None);
        for &peak_sampled in sampled {
            let run = Run {
                peak_memory: Some(2 << 20),
                peak_sampled,
                ..Run::default()
            };
            let judged = Judged {
                run: Some(&run),
                verdict: Verdict::Ac,
                ..Judged::whole("x/1", Verdict::Ac)
            };
            reporter.report(&judged, "");
        }
        assert!(reporter.finish());
        let bytes = text.0.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn a_sampled_peak_is_said_before_the_summary_and_a_recorded_one_is_not() {
        let recorded = reported(&[false, false]);
        assert!(!recorded.contains("note:"), "{recorded}");
        let sampled = reported(&[true, false, true]);
        let lines: Vec<&str> = sampled.lines().collect();
        assert_eq!(lines.len(), 5, "{sampled}");
        assert!(
            lines[3].starts_with(
                "note: 2 peaks are the highest seen every 5 ms, as this system (Wine) keeps \
                 no record of a program's peak"
            ),
            "{sampled}"
        );
        assert!(lines[4].starts_with("3 passed, 0 failed in "), "{sampled}");
        assert!(reported(&[true]).contains("note: 1 peak is the highest seen"));
    }
}
