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
use crate::interact::{self, Interactor};
use crate::package;
use crate::rules::profile::{Chosen, Profile};
use crate::rules::{Clock, Limits, DEFAULT_LIMITS};
use crate::run::{self, Bounds, Ending, Purpose, Run};
use crate::verdict::{deciding_time, mebibytes, milliseconds, printable, Position, Verdict};
use crate::workspace::{Problem, Workspace};
use serde_json::{json, Value};
use std::ffi::OsStr;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
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
    /// When the problem is interactive: the interactor each case is run
    /// against.
    pub interactor: Option<Interactor>,
    /// With an interactor: show the last lines exchanged under a failure
    /// (`--transcript`), the tool relaying them.
    pub transcript: bool,
    /// The `.interaction` files of the folder: transcripts of a package's
    /// statement, not cases (see [`interact::transcripts`]).
    pub transcripts: usize,
    /// The cases picked by name (`--case`); none means all.
    pub cases: Vec<String>,
    /// The judge profile, and where it came from.
    pub profile: Chosen,
}

impl Judging {
    /// As the crate's `[package.metadata.judge]` says: its limits and
    /// checker, every case.
    pub fn of(problem: &Problem) -> Judging {
        Judging {
            limits: problem.limits,
            checker: problem.checker.clone(),
            interactor: problem.interactor.clone(),
            transcript: false,
            transcripts: interact::transcripts(&problem.samples),
            cases: Vec::new(),
            profile: problem.profile,
        }
    }

    /// With the command line's limits, checker, interactor and cases over
    /// these. A checker given with an interactor judges what the
    /// interactor writes.
    /// As `judge` (`--judge`) judges, where given: its time rule, and
    /// its comparison and stack where the crate names none.
    fn judged_as(mut self, problem: &Problem, judge: Option<&'static Profile>) -> Judging {
        if let Some(profile) = judge {
            self.profile = Chosen {
                profile,
                from: "--judge",
            };
            self.limits.clock = profile.clock;
            if !problem.stack_given {
                self.limits.stack = profile.stack;
            }
            if !problem.checker_given {
                self.checker = Checker::of(profile.comparison);
            }
        }
        self
    }

    fn overridden(mut self, options: &flags::Judge) -> Result<Judging, Error> {
        self.limits = options.limits(self.limits);
        if let Some(interactor) = &options.interactor {
            self.interactor = Some(interactor.clone());
        }
        if let Some(checker) = &options.checker {
            self.checker = checker.clone();
            if let Some(interactor) = self.interactor.take() {
                let interactor = interactor
                    .with_checker(checker.clone())
                    .map_err(|error| error.context("--checker"))?;
                self.interactor = Some(interactor);
            }
        }
        self.transcript = options.transcript;
        self.cases = options.cases.clone();
        Ok(self)
    }
}

/// Runs `cargo judge`; true when every case passed.
pub fn main(options: &flags::Judge) -> Result<bool, Error> {
    let json_to_stdout = options.json.as_deref() == Some(Path::new("-"));
    let out = color::stream(options.color, json_to_stdout)?;
    if let Some(program) = &options.program {
        let samples = options
            .samples
            .as_deref()
            .ok_or("--program needs --samples DIR")?;
        let profile = options
            .judge
            .map_or_else(Chosen::unknown, |profile| Chosen {
                profile,
                from: "--judge",
            });
        let own = Limits {
            clock: profile.profile.clock,
            stack: profile.profile.stack,
            ..DEFAULT_LIMITS
        };
        let checker = Checker::of(profile.profile.comparison);
        let plan = package::plan(samples, own, &checker, None, "default", options)?;
        let label = program.file_stem().unwrap_or(program.as_os_str());
        let label = label.to_string_lossy();
        return judge_plan(&label, program, plan, profile, options, out, |_, _| true);
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
        let judging = Judging::of(problem).judged_as(problem, options.judge);
        let plan = package::plan(
            samples,
            judging.limits,
            &judging.checker,
            problem.interactor.as_ref(),
            "the crate's",
            options,
        )?;
        let program = workspace.release_binary(&problem.name);
        return judge_plan(
            &problem.name,
            &program,
            plan,
            judging.profile,
            options,
            out,
            |reporter, judging| built(&workspace, problem, judging, reporter),
        );
    }
    let interactive =
        options.interactor.is_some() || problems.iter().any(|problem| problem.interactor.is_some());
    if options.transcript && !interactive {
        return Err(Error::new(
            "--transcript shows an interaction, and none of these crates is interactive: \
             give --interactor SPEC",
        ));
    }
    // Each folder read once, before anything is built: a name that picks
    // no case is the command line's error.
    let mut runs = Vec::new();
    for problem in problems {
        let judging = Judging::of(problem)
            .judged_as(problem, options.judge)
            .overridden(options)
            .map_err(|error| error.context(&problem.name))?;
        let found = cases::picked(&problem.samples, &judging.cases)?;
        runs.push((
            problem,
            workspace.release_binary(&problem.name),
            judging,
            found,
        ));
    }
    let inputs: Vec<_> = runs
        .iter()
        .map(|(_, program, judging, found)| (program.as_path(), judging, found))
        .collect();
    let json = JsonLines::open(options, &inputs)?;
    let reporter = &mut Reporter::new(out, json);
    for (problem, program, judging, found) in &runs {
        if built(&workspace, problem, judging, reporter) {
            let _ = writeln!(
                reporter.out,
                "{}: {}",
                problem.name,
                judging.profile.describe()
            );
            judge_samples(&problem.name, program, found, judging, reporter);
        }
    }
    reporter.end()
}

/// Judges `program` on the folder or package that `plan` read
/// (`--samples`), once `build` has made what it needs (the crate's binary
/// and interactor, when it is a crate's): the package's line, then its
/// cases, then the summary.
fn judge_plan(
    label: &str,
    program: &Path,
    plan: package::Plan,
    profile: Chosen,
    options: &flags::Judge,
    out: Output,
    build: impl FnOnce(&mut Reporter, &Judging) -> bool,
) -> Result<bool, Error> {
    let (judging, found, line) = plan_judging(plan, profile, options);
    transcript_applies(options, &judging)?;
    let json = JsonLines::open(options, &[(program, &judging, &found)])?;
    let reporter = &mut Reporter::new(out, json);
    if build(reporter, &judging) {
        let _ = writeln!(reporter.out, "{}", judging.profile.describe());
        if let Some(line) = line {
            let _ = writeln!(reporter.out, "{line}");
        }
        judge_samples(label, program, &found, &judging, reporter);
    }
    reporter.end()
}

/// Builds the crate, and its own interactor (`interactor =
/// "example:NAME"`) when `judging` runs against it (not when --interactor
/// gave another): true when both built. Otherwise the crate's CE
/// (rustc's messages, as rustc lays them out) or, for its interactor, an
/// ERROR is reported, and its cases are not judged. Each crate is built
/// on its own, so that one that does not compile is a verdict and the
/// others are still judged.
fn built(
    workspace: &Workspace,
    problem: &Problem,
    judging: &Judging,
    reporter: &mut Reporter,
) -> bool {
    let (verdict, shown) = match workspace.build_crate(problem) {
        Err(errors) => (Verdict::Ce, errors.layout(UNDER, UNDER)),
        Ok(()) => {
            let own = judging
                .interactor
                .as_ref()
                .and_then(|interactor| interactor.example.clone());
            let Some(example) = own else {
                return true;
            };
            match workspace.build_release(&[problem], &[example]) {
                Ok(()) => return true,
                Err(error) => (Verdict::Error, error.layout(UNDER, UNDER_DETAIL)),
            }
        }
    };
    let whole = Judged::whole(&problem.name, &problem.name, verdict);
    reporter.report(&whole, &shown);
    false
}

/// The examples that are the interactors of `problems` (`interactor =
/// "example:NAME"`), to build before judging.
pub fn own_interactors(problems: &[&Problem]) -> Vec<String> {
    problems
        .iter()
        .filter_map(|problem| problem.interactor.as_ref()?.example.clone())
        .collect()
}

/// What a [`package::plan`] judges under, its cases, and for a package
/// the line before them that says what it is judged under and where each
/// came from.
fn plan_judging(
    plan: package::Plan,
    profile: Chosen,
    options: &flags::Judge,
) -> (Judging, cases::Found, Option<String>) {
    let judging = Judging {
        limits: plan.limits,
        checker: plan.checker,
        interactor: plan.interactor,
        transcript: options.transcript,
        transcripts: plan.transcripts,
        cases: options.cases.clone(),
        profile,
    };
    (judging, plan.cases, plan.line)
}

/// An error when --transcript is given and `judging` has no interaction
/// to show.
fn transcript_applies(options: &flags::Judge, judging: &Judging) -> Result<(), Error> {
    if options.transcript && judging.interactor.is_none() {
        return Err(Error::new(
            "--transcript shows an interaction: give --interactor SPEC",
        ));
    }
    Ok(())
}

/// `--json`'s JSON Lines: where they go, and the first error writing them,
/// which ends the command in an error once the table is done.
pub struct JsonLines {
    writer: Box<dyn Write>,
    /// The path as given, or `standard output`, for the error.
    shown: String,
    failed: Option<io::Error>,
}

impl JsonLines {
    /// The JSON Lines `options` ask for, or none. The file is created only
    /// once the run is accepted (the caller's checks are done) and never
    /// when it is one of the run's own inputs (a program, a checker, a
    /// case's file), which creating it would empty: that is an error.
    fn open(
        options: &flags::Judge,
        runs: &[(&Path, &Judging, &cases::Found)],
    ) -> Result<Option<JsonLines>, Error> {
        let Some(path) = &options.json else {
            return Ok(None);
        };
        if path == Path::new("-") {
            return Ok(Some(JsonLines::new(
                Box::new(io::stdout()),
                "standard output".to_string(),
            )));
        }
        for (program, judging, found) in runs {
            let checker = judging.checker.program();
            let interactor = judging.interactor.iter().flat_map(|interactor| {
                let checker = interactor.checker.as_ref().and_then(Checker::program);
                [Some(interactor.path.as_path()), checker]
                    .into_iter()
                    .flatten()
            });
            let case_files = found.iter().flatten().flat_map(|case| {
                [&case.input, &case.expected, &case.second_answer]
                    .into_iter()
                    .flatten()
                    .map(PathBuf::as_path)
            });
            let inputs = [*program]
                .into_iter()
                .chain(checker)
                .chain(interactor)
                .chain(case_files);
            if let Some(input) = inputs.into_iter().find(|input| same_file(path, input)) {
                return Err(Error::new(format!(
                    "--json: {} would overwrite {}, an input of this run: name another file",
                    path.display(),
                    input.display()
                )));
            }
        }
        let file = fs::File::create(path).map_err(|error| {
            Error::new(format!("--json: cannot write {}: {error}", path.display()))
        })?;
        Ok(Some(JsonLines::new(
            Box::new(file),
            path.display().to_string(),
        )))
    }

    pub fn new(writer: Box<dyn Write>, shown: String) -> JsonLines {
        JsonLines {
            writer,
            shown,
            failed: None,
        }
    }

    /// Writes one line, whole, in one call: a reader following the file
    /// never sees half of one. After a failure, nothing more is written.
    fn line(&mut self, text: &str) {
        if self.failed.is_some() {
            return;
        }
        let line = format!("{text}\n");
        let written = self
            .writer
            .write_all(line.as_bytes())
            .and_then(|()| self.writer.flush());
        self.failed = written.err();
    }
}

/// True when both paths name one existing file (through links, or on Unix
/// hard links too).
fn same_file(one: &Path, other: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(one), fs::metadata(other)) {
            (Ok(one), Ok(other)) => one.dev() == other.dev() && one.ino() == other.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    match (fs::canonicalize(one), fs::canonicalize(other)) {
        (Ok(one), Ok(other)) => one == other,
        _ => false,
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
    /// Runs held to CPU time whose CPU time was not measured (a Windows
    /// program that ran less than a clock tick): wall time decided, and
    /// the report says so.
    wall_for_cpu: usize,
    /// When the command started, for the summary's time.
    started: Instant,
    /// Something besides the cases failed (a stale bundle): the summary
    /// is no success then, whatever the cases did.
    pub failed_besides: bool,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            passed: 0,
            failed: 0,
            sampled_peaks: 0,
            wall_for_cpu: 0,
            started: Instant::now(),
            failed_besides: false,
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
        self.failed == 0 && self.passed > 0 && !self.failed_besides
    }
}

/// Where verdicts go: the table (in colour or not), the tally, and with
/// `--json`, one JSON object a verdict as it is given.
pub struct Reporter {
    /// The table: standard output, or standard error with `--json -`.
    pub out: Output,
    /// JSON Lines, each line written and flushed as its case finishes.
    json: Option<JsonLines>,
    pub tally: Tally,
}

impl Reporter {
    pub fn new(out: Output, json: Option<JsonLines>) -> Reporter {
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
        // A run with no peak at all shows none, sampled or not.
        if judged
            .run
            .is_some_and(|run| run.peak_sampled && run.peak_memory.is_some())
        {
            self.tally.sampled_peaks += 1;
        }
        if let (Some(run), Some(limits)) = (judged.run, judged.limits) {
            if run.cpu.is_none() && limits.clock != Clock::Wall {
                self.tally.wall_for_cpu += 1;
            }
        }
        let figures = match judged.run {
            Some(run) => format!(
                "  {:>10}  {:>10}{}",
                milliseconds(
                    judged
                        .limits
                        .map_or(run.elapsed, |limits| deciding_time(run, limits))
                ),
                run.peak_memory
                    .map_or_else(|| "- MiB".to_string(), mebibytes),
                judged
                    .limits
                    .map_or_else(String::new, |limits| other_time(run, limits))
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
        if let Some(json) = &mut self.json {
            let detail: Vec<&str> = shown
                .lines()
                .map(|line| line.strip_prefix(UNDER).unwrap_or(line))
                .collect();
            let mut fields = judged.json();
            let detail = if detail.is_empty() {
                Value::Null
            } else {
                json!(detail.join("\n") + "\n")
            };
            fields.push(("detail", detail.to_string()));
            json.line(&object(&fields));
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
        if self.tally.wall_for_cpu > 0 {
            let count = self.tally.wall_for_cpu;
            let _ = writeln!(
                self.out,
                "note: {count} case{} judged by wall time: CPU time, which the profile holds \
                 the limit to, was not measured (a Job that read none)",
                if count == 1 { " was" } else { "s were" }
            );
        }
        let paint = if passed { Paint::Good } else { Paint::Bad };
        let _ = writeln!(self.out, "{}", self.out.paint(paint, line));
        let _ = self.out.flush();
        if let Some(json) = &mut self.json {
            json.line(&object(&[
                ("type", json!("summary").to_string()),
                ("passed", json!(self.tally.passed).to_string()),
                ("failed", json!(self.tally.failed).to_string()),
                ("seconds", json!(seconds).to_string()),
            ]));
        }
        passed
    }

    /// [`Reporter::finish`], then the command's result: an error when the
    /// JSON report could not be written, as `cargo timing --json` has it.
    pub fn end(&mut self) -> Result<bool, Error> {
        let passed = self.finish();
        match self
            .json
            .as_mut()
            .and_then(|json| json.failed.take().map(|error| (error, &json.shown)))
        {
            Some((error, shown)) => {
                Err(Error::new(format!("--json: cannot write {shown}: {error}")))
            }
            None => Ok(passed),
        }
    }
}

/// A JSON object of `fields` (each key and its value as JSON text) with
/// its keys in the order given (serde_json's own map sorts them), on one
/// line.
fn object(fields: &[(&str, String)]) -> String {
    let members: Vec<String> = fields
        .iter()
        .map(|(key, value)| format!("{}:{value}", json!(key)))
        .collect();
    format!("{{{}}}", members.join(","))
}

/// A name's fields: `key` with the name as text, and where the name is not
/// Unicode (its text then has U+FFFD for what is not), `<key>_bytes` with
/// its exact bytes (on Windows, its UTF-16 units), so that no name is lost.
fn name_fields(
    key: &'static str,
    bytes_key: &'static str,
    name: Option<&OsStr>,
) -> Vec<(&'static str, String)> {
    let Some(name) = name else {
        return vec![(key, "null".to_string())];
    };
    let mut fields = vec![(key, json!(name.to_string_lossy()).to_string())];
    if name.to_str().is_none() {
        #[cfg(unix)]
        let units: Vec<u16> = {
            use std::os::unix::ffi::OsStrExt;
            name.as_bytes()
                .iter()
                .map(|&byte| u16::from(byte))
                .collect()
        };
        #[cfg(windows)]
        let units: Vec<u16> = {
            use std::os::windows::ffi::OsStrExt;
            name.encode_wide().collect()
        };
        // The tool runs on Unix and Windows; elsewhere, the text's units.
        #[cfg(not(any(unix, windows)))]
        let units: Vec<u16> = name.to_string_lossy().encode_utf16().collect();
        fields.push((bytes_key, json!(units).to_string()));
    }
    fields
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
    pub case: Option<&'a OsStr>,
    /// The name on the line, padded: `<label>/<case>` or `<label>`.
    pub shown_name: &'a str,
    pub input: Option<&'a Path>,
    pub verdict: Verdict,
    pub run: Option<&'a Run>,
    pub limits: Option<Limits>,
    pub difference: Option<Position>,
}

impl<'a> Judged<'a> {
    /// A verdict on a whole crate or folder, with no case and no run;
    /// `label` as the line shows it.
    pub fn whole(label: &'a str, shown_name: &'a str, verdict: Verdict) -> Judged<'a> {
        Judged {
            label,
            case: None,
            shown_name,
            input: None,
            verdict,
            run: None,
            limits: None,
            difference: None,
        }
    }

    /// The case's JSON object's fields but for its `detail`, in the order
    /// the help shows them: `cargo timing --json`'s names and units where
    /// they mean the same (`crate`, `file`, `peak_bytes`, times in
    /// nanoseconds); names as they are, not as the table escapes them.
    fn json(&self) -> Vec<(&'static str, String)> {
        let nanoseconds = |duration: Duration| u64::try_from(duration.as_nanos()).ok();
        let run = self.run;
        let (exit_status, signal) = match run.map(|run| run.ending) {
            Some(Ending::Exited(code)) => (Some(code), None),
            Some(Ending::Signal(signal)) => (None, Some(run::signal_name(signal))),
            None => (None, None),
        };
        let mut fields = vec![
            ("type", json!("case").to_string()),
            ("crate", json!(self.label).to_string()),
        ];
        fields.extend(name_fields("case", "case_bytes", self.case));
        fields.extend(name_fields(
            "file",
            "file_bytes",
            self.input.map(Path::as_os_str),
        ));
        fields.extend([
            ("verdict", json!(self.verdict.to_string()).to_string()),
            (
                "wall_ns",
                json!(run.and_then(|run| nanoseconds(run.elapsed))).to_string(),
            ),
            (
                "cpu_ns",
                json!(run.and_then(|run| run.cpu).and_then(nanoseconds)).to_string(),
            ),
            (
                "peak_bytes",
                json!(run.and_then(|run| run.peak_memory)).to_string(),
            ),
            ("exit_status", json!(exit_status).to_string()),
            ("signal", json!(signal).to_string()),
            (
                "first_difference",
                self.difference.map_or_else(
                    || "null".to_string(),
                    |position| {
                        object(&[
                            ("line", json!(position.line).to_string()),
                            ("column", json!(position.column).to_string()),
                            ("token", json!(position.token).to_string()),
                        ])
                    },
                ),
            ),
            (
                "time_limit_ns",
                json!(self.limits.and_then(|limits| nanoseconds(limits.time))).to_string(),
            ),
            (
                "memory_limit_bytes",
                json!(self.limits.map(|limits| limits.memory)).to_string(),
            ),
        ]);
        fields
    }
}

/// After a case's figures, `near the limit` when the time that decided
/// is within 20 % of the limit, either side; then the time that did not
/// decide its verdict,
/// where it is past the limit: the wall time of a run judged by CPU time
/// (a program that waits, or a busy machine: wall time alone would say
/// TLE), or the CPU time of one judged by wall time. Otherwise nothing:
/// the line stays as short as it was.
fn other_time(run: &Run, limits: Limits) -> String {
    // Within a fifth of the limit: another machine may judge it otherwise.
    let near = if limits.near_time_limit(deciding_time(run, limits)) {
        "  near the limit"
    } else {
        ""
    };
    let Some(cpu) = run.cpu else {
        return near.to_string();
    };
    let (other, name) = match limits.clock {
        Clock::Cpu(_) => (run.elapsed, "wall"),
        Clock::Wall => (cpu, "cpu"),
    };
    if other > limits.time {
        format!("{near}  ({name} {})", milliseconds(other))
    } else {
        near.to_string()
    }
}

/// Judges `program` on the cases `found` (read by the caller, once),
/// printing a verdict line per case (labelled `<label>/<case>`, both
/// escaped as names are) and what went wrong under each failure.
pub fn judge_samples(
    label: &str,
    program: &Path,
    found: &cases::Found,
    judging: &Judging,
    reporter: &mut Reporter,
) {
    let shown_label = printable(label.as_bytes());
    let cases = match found {
        Ok(cases) => cases,
        Err(error) => {
            let shown = error.layout(UNDER, UNDER_DETAIL);
            reporter.report(&Judged::whole(label, &shown_label, Verdict::Error), &shown);
            return;
        }
    };
    let checker = match &judging.interactor {
        Some(interactor) => interactor.checker.as_ref(),
        None => Some(&judging.checker),
    };
    let mut programs = Vec::new();
    if let Some(checker) = checker.and_then(Checker::program) {
        programs.push(("checker", checker));
    }
    if let Some(interactor) = &judging.interactor {
        programs.push(("interactor", interactor.path.as_path()));
    }
    for (what, path) in programs {
        if !path.is_file() {
            let detail = format!("the {what} {} is not a file", path.display());
            reporter.report(
                &Judged::whole(label, &shown_label, Verdict::Error),
                &indented(&detail, UNDER),
            );
            return;
        }
    }
    let transcripts = judging.transcripts;
    let files = if transcripts == 1 { "file" } else { "files" };
    if transcripts > 0 && judging.interactor.is_none() {
        // Judged as batch, each case would be an RE or a WA that says
        // nothing of why.
        let detail = format!(
            "the folder has {transcripts} .interaction {files}: the problem is interactive; \
             judge it against its interactor with --interactor SPEC (see --help)"
        );
        reporter.report(
            &Judged::whole(label, &shown_label, Verdict::Error),
            &indented(&detail, UNDER),
        );
        return;
    }
    if let Some(shortfall) = run::stack_shortfall_once(judging.limits.stack) {
        let _ = writeln!(
            reporter.out,
            "note: {shortfall}: a deep recursion a judge accepts can be RE here"
        );
    }
    if transcripts > 0 {
        let _ = writeln!(
            reporter.out,
            "note: {transcripts} .interaction {files} skipped: a transcript for the \
             statement, not a case"
        );
    }
    let names: Vec<String> = cases
        .iter()
        .map(|case| format!("{shown_label}/{}", shown_name(&case.stem)))
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
            case: Some(&case.stem),
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
    if let Some(interactor) = &judging.interactor {
        let judged = interact::judge_case(
            program,
            interactor,
            input,
            expected,
            limits,
            judging.transcript,
        );
        return Outcome {
            verdict: judged.verdict,
            run: judged.run,
            detail: judged.detail,
            difference: None,
        };
    }
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
    let (kill_after, kill_cpu_after) = limits.kill_points();
    let bounds = Bounds {
        kill_after,
        memory: Some(limits.memory),
        output: limits.output_for(expected_size),
        stack: limits.stack,
        kill_cpu_after,
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
    // DOMjudge names a memory overrun a run error (its `memory-limit`
    // result is "not in use internally": etc/judgehost-static.php.in).
    let (verdict, detail) = match verdict {
        Verdict::Mle if judging.profile.profile.memory_is_run_error => (
            Verdict::Re,
            format!(
                "{detail}(RE, not MLE: {} reports a memory overrun as a run error)\n",
                judging.profile.profile.title
            ),
        ),
        _ => (verdict, detail),
    };
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
                ..Judged::whole("x/1", "x/1", Verdict::Ac)
            };
            reporter.report(&judged, "");
        }
        assert!(reporter.finish());
        let bytes = text.0.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    /// A stream that keeps each write call apart, or fails every one.
    #[derive(Clone, Default)]
    struct Calls(Arc<Mutex<Vec<Vec<u8>>>>, bool);

    impl Write for Calls {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if self.1 {
                return Err(io::Error::new(io::ErrorKind::Other, "disk full"));
            }
            self.0.lock().unwrap().push(bytes.to_vec());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A reporter with no table, its JSON Lines going to `json`, after
    /// one WA case named `name` with a difference.
    fn reported_json(json: Calls, name: &OsStr) -> Reporter {
        let lines = JsonLines::new(Box::new(json), "report.json".to_string());
        let mut reporter = Reporter::new(Output::plain(Box::new(io::sink())), Some(lines));
        let run = Run::default();
        let judged = Judged {
            case: Some(name),
            input: Some(Path::new("samples/x/1.in")),
            run: Some(&run),
            difference: Some(Position {
                line: 2,
                column: 1,
                token: None,
            }),
            limits: Some(DEFAULT_LIMITS),
            ..Judged::whole("x", "x/1", Verdict::Wa)
        };
        reporter.report(&judged, "    first difference\n      > 2\n");
        reporter
    }

    #[test]
    fn each_json_line_is_written_whole_in_one_call_in_the_helps_order() {
        let calls = Calls::default();
        let mut reporter = reported_json(calls.clone(), OsStr::new("1"));
        assert_eq!(reporter.end(), Ok(false));
        let calls = calls.0.lock().unwrap();
        assert_eq!(calls.len(), 2, "{calls:?}");
        for call in calls.iter() {
            assert!(call.ends_with(b"\n"), "{call:?}");
            serde_json::from_slice::<Value>(call).unwrap();
        }
        let keys: Vec<&str> = std::str::from_utf8(&calls[0])
            .unwrap()
            .split('"')
            .skip(1)
            .step_by(2)
            .collect();
        assert_eq!(
            &keys[..8],
            [
                "type",
                "case",
                "crate",
                "x",
                "case",
                "1",
                "file",
                "samples/x/1.in"
            ]
        );
        assert!(
            std::str::from_utf8(&calls[0]).unwrap().contains(
                r#""first_difference":{"line":2,"column":1,"token":null},"time_limit_ns":"#
            ),
            "{calls:?}"
        );
    }

    #[test]
    fn a_json_report_that_cannot_be_written_is_the_commands_error() {
        let mut reporter = reported_json(Calls(Arc::default(), true), OsStr::new("1"));
        assert_eq!(
            reporter.end().unwrap_err().to_string(),
            "--json: cannot write report.json: disk full"
        );
    }

    /// A name that is not UTF-8 is kept whole beside its readable form.
    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_unicode_is_given_with_its_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let calls = Calls::default();
        let name = OsStr::from_bytes(b"a\tb\xff");
        reported_json(calls.clone(), name).end().unwrap();
        let line: Value = serde_json::from_slice(&calls.0.lock().unwrap()[0]).unwrap();
        assert_eq!(line["case"], "a\tb\u{fffd}");
        assert_eq!(line["case_bytes"], json!([97, 9, 98, 255]));
        assert!(line.get("file_bytes").is_none(), "{line}");
        let calls = Calls::default();
        reported_json(calls.clone(), OsStr::new("a\tb"))
            .end()
            .unwrap();
        let line: Value = serde_json::from_slice(&calls.0.lock().unwrap()[0]).unwrap();
        assert_eq!(line["case"], "a\tb");
        assert!(line.get("case_bytes").is_none(), "{line}");
    }

    #[test]
    fn a_failure_besides_the_cases_makes_the_summary_red() {
        let text = Shared::default();
        let mut reporter = Reporter::new(Output::coloured(Box::new(text.clone())), None);
        reporter.report(&Judged::whole("x/1", "x/1", Verdict::Ac), "");
        reporter.tally.failed_besides = true;
        assert!(!reporter.finish());
        let bytes = text.0.lock().unwrap().clone();
        let shown = String::from_utf8(bytes).unwrap();
        let summary = shown.lines().last().unwrap();
        assert!(
            summary.starts_with("\u{1b}[1m\u{1b}[31m1 passed, 0 failed in "),
            "{shown:?}"
        );
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

    #[test]
    fn a_run_with_no_peak_at_all_is_not_counted_as_sampled() {
        let text = Shared::default();
        let mut reporter = Reporter::new(Output::plain(Box::new(text.clone())), None);
        let run = Run {
            peak_memory: None,
            peak_sampled: true,
            ..Run::default()
        };
        let judged = Judged {
            run: Some(&run),
            ..Judged::whole("x/1", "x/1", Verdict::Ac)
        };
        reporter.report(&judged, "");
        reporter.finish();
        let shown = String::from_utf8(text.0.lock().unwrap().clone()).unwrap();
        assert!(shown.contains("- MiB"), "{shown}");
        assert!(!shown.contains("note:"), "{shown}");
    }
}
