//! `cargo judge`: runs each problem's release binary on its samples the way
//! an online judge does, one verdict line a case, and a summary line; with
//! `--json`, the same as one JSON object a case and a summary object.
//! [`judge_samples`] and [`Reporter`] serve `cargo bundle --check` too, so
//! that a bundle is judged exactly as its crate is.

use crate::cases::{self, shown_name};
use crate::checker::{checker_time, Checker};
use crate::color::{self, Output};
use crate::error::indented;
use crate::error::Error;
use crate::flags;
use crate::interact::{self, Interactor};
use crate::jobs::{self, Jobs};
use crate::package;
use crate::rules::profile::{Chosen, Profile};
use crate::rules::{Limits, DEFAULT_LIMITS};
use crate::run::{self, Bounds, Purpose};
use crate::verdict::{printable, Verdict};
use crate::workspace::{Problem, Workspace};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex, PoisonError};

mod repeat;
mod report;

use repeat::Outcome;
pub use report::{JsonLines, Judged, Reporter, Tally, UNDER, UNDER_DETAIL};

/// The width the case names are padded to.
const NAME_WIDTH: usize = 40;

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
    /// How many times each case is run (`--repeat`); 1 by default.
    pub repeat: u32,
    /// How many runs go on at once (`--jobs`); none: as many as the
    /// cores (see [`jobs::Jobs::fitting`]).
    pub jobs: Option<usize>,
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
            repeat: 1,
            jobs: None,
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
        self.repeat = options.repeat;
        self.jobs = options.jobs;
        Ok(self)
    }
}

/// Runs `cargo judge`; true when every case passed.
pub fn main(options: &flags::Judge) -> Result<bool, Error> {
    let json_to_stdout = options.json.as_deref() == Some(Path::new("-"));
    let out = color::stream(options.color, json_to_stdout)?;
    if !options.programs.is_empty() {
        let samples = options
            .samples
            .as_deref()
            .ok_or("--program needs --samples DIR")?;
        let programs = labelled(&options.programs);
        for (_, program) in &programs {
            package::check_program(program, samples)?;
        }
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
        return judge_plan(&programs, plan, profile, options, out, |_| Ok(()));
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
        let program = [(
            problem.name.clone(),
            workspace.release_binary(&problem.name),
        )];
        return judge_plan(&program, plan, judging.profile, options, out, |judging| {
            built(&workspace, problem, judging)
        });
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
    let inputs: Vec<&Path> = inputs
        .into_iter()
        .flat_map(|(program, judging, found)| inputs_of(program, judging, found))
        .collect();
    let json = JsonLines::open(options.json.as_deref(), &inputs)?;
    let reporter = &mut Reporter::new(out, json);
    // Every crate is built before any is judged, so that no build takes
    // a core from a run; each is reported in its place, in crate order.
    let judged: Vec<Folder> = runs
        .iter()
        .map(
            |(problem, program, judging, found)| match built(&workspace, problem, judging) {
                Err(whole) => Folder::whole(whole),
                Ok(()) => {
                    let line = format!(
                        "{}: {}; {}\n",
                        problem.name,
                        judging.profile.describe(),
                        run::accounting()
                    );
                    Folder::of(&problem.name, program, found, judging).after(line)
                }
            },
        )
        .collect();
    judge_folders(judged, reporter);
    reporter.end()
}

/// Each of `--program`'s programs once (a program named twice is judged
/// once), with the label its cases go under: its file name less the
/// extension, or where two programs have that name, each one's path as
/// given.
fn labelled(programs: &[PathBuf]) -> Vec<(String, PathBuf)> {
    let mut unique: Vec<&PathBuf> = Vec::new();
    for program in programs {
        if !unique.contains(&program) {
            unique.push(program);
        }
    }
    let stem = |program: &Path| {
        let stem = program.file_stem().unwrap_or(program.as_os_str());
        stem.to_string_lossy().into_owned()
    };
    unique
        .iter()
        .map(|program| {
            let shared = unique
                .iter()
                .filter(|other| stem(other) == stem(program))
                .count()
                > 1;
            let label = if shared {
                // As given: less the `./` a bare name was given.
                let given = program.strip_prefix(".").unwrap_or(program);
                given.to_string_lossy().into_owned()
            } else {
                stem(program)
            };
            (label, program.to_path_buf())
        })
        .collect()
}

/// Judges each of `programs` (with its label) on the folder or package
/// that `plan` read (`--samples`), once `build` has made what it needs
/// (the crate's binary and interactor, when it is a crate's): the
/// package's line, then each program's cases, then the summary.
fn judge_plan(
    programs: &[(String, PathBuf)],
    plan: package::Plan,
    profile: Chosen,
    options: &flags::Judge,
    out: Output,
    build: impl FnOnce(&Judging) -> Result<(), Whole>,
) -> Result<bool, Error> {
    let (judging, found, line) = plan_judging(plan, profile, options);
    transcript_applies(options, &judging)?;
    let inputs: Vec<&Path> = programs
        .iter()
        .flat_map(|(_, program)| inputs_of(program, &judging, &found))
        .collect();
    let json = JsonLines::open(options.json.as_deref(), &inputs)?;
    let reporter = &mut Reporter::new(out, json);
    let folders = match build(&judging) {
        Err(whole) => vec![Folder::whole(whole)],
        Ok(()) => {
            let mut before = format!("{}; {}\n", judging.profile.describe(), run::accounting());
            if let Some(line) = line {
                before.push_str(&line);
                before.push('\n');
            }
            // The line of what the cases are judged under comes once.
            programs
                .iter()
                .enumerate()
                .map(|(at, (label, program))| {
                    let folder = Folder::of(label, program, &found, &judging);
                    let before = if at == 0 {
                        before.clone()
                    } else {
                        String::new()
                    };
                    folder.after(before)
                })
                .collect()
        }
    };
    judge_folders(folders, reporter);
    reporter.end()
}

/// Builds the crate, and its own interactor (`interactor =
/// "example:NAME"`) when `judging` runs against it (not when --interactor
/// gave another). When one does not build, what to report instead of
/// its cases: the crate's CE (rustc's messages, as rustc lays them out)
/// or, for its interactor, an ERROR. Each crate is built on its own, so
/// that one that does not compile is a verdict and the others are still
/// judged.
fn built(workspace: &Workspace, problem: &Problem, judging: &Judging) -> Result<(), Whole> {
    let (verdict, shown) = match workspace.build_crate(problem) {
        Err(errors) => (Verdict::Ce, errors.layout(UNDER, UNDER)),
        Ok(()) => {
            let own = judging
                .interactor
                .as_ref()
                .and_then(|interactor| interactor.example.clone());
            let Some(example) = own else {
                return Ok(());
            };
            match workspace.build_release(&[problem], &[example]) {
                Ok(()) => return Ok(()),
                Err(error) => (Verdict::Error, error.layout(UNDER, UNDER_DETAIL)),
            }
        }
    };
    Err(Whole {
        label: problem.name.clone(),
        shown_label: problem.name.clone(),
        verdict,
        shown,
    })
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
        profile: plan.profile.unwrap_or(profile),
        repeat: options.repeat,
        jobs: options.jobs,
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

/// The files a run of `program` on `found` reads: the program, its checker
/// and interactor, the cases' files; `--json` must not overwrite them.
fn inputs_of<'a>(
    program: &'a Path,
    judging: &'a Judging,
    found: &'a cases::Found,
) -> impl Iterator<Item = &'a Path> {
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
    std::iter::once(program)
        .chain(checker)
        .chain(interactor)
        .chain(case_files)
}

/// A whole folder (or crate) judged as one, without its cases: a CE, or
/// an ERROR that keeps its cases from being judged.
pub struct Whole {
    label: String,
    shown_label: String,
    verdict: Verdict,
    /// What to show under its line, indented.
    shown: String,
}

/// What one folder of cases is to report, in order: the lines before its
/// cases, then each case, or the one verdict that stands for them all.
pub struct Folder<'a> {
    before: String,
    cases: Result<Cases<'a>, Whole>,
}

/// The cases of a [`Folder`] to judge, and how.
struct Cases<'a> {
    label: &'a str,
    program: &'a Path,
    judging: &'a Judging,
    list: Vec<Planned<'a>>,
}

/// A case of a [`Folder`], with its name as the table shows it.
struct Planned<'a> {
    case: &'a cases::Case,
    name: String,
    /// Why it cannot be run (an `.in` with no answer, or the reverse).
    broken: Option<String>,
}

impl<'a> Folder<'a> {
    /// One verdict for the folder, no case run.
    fn whole(whole: Whole) -> Folder<'a> {
        Folder {
            before: String::new(),
            cases: Err(whole),
        }
    }

    /// `program` on the cases `found` (read by the caller, once), labelled
    /// `<label>/<case>`, both escaped as names are; or the ERROR that
    /// keeps them from being judged.
    fn of(
        label: &'a str,
        program: &'a Path,
        found: &'a cases::Found,
        judging: &'a Judging,
    ) -> Folder<'a> {
        let mut before = String::new();
        let cases = Folder::cases(label, program, found, judging, &mut before);
        Folder { before, cases }
    }

    /// What [`Folder::of`] judges, the notes to print before its cases
    /// written to `before`.
    fn cases(
        label: &'a str,
        program: &'a Path,
        found: &'a cases::Found,
        judging: &'a Judging,
        before: &mut String,
    ) -> Result<Cases<'a>, Whole> {
        let shown_label = printable(label.as_bytes());
        let whole = |shown: String| Whole {
            label: label.to_string(),
            shown_label: shown_label.clone(),
            verdict: Verdict::Error,
            shown,
        };
        let cases = match found {
            Ok(cases) => cases,
            Err(error) => {
                return Err(whole(error.layout(UNDER, UNDER_DETAIL)));
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
                return Err(whole(indented(&detail, UNDER)));
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
            return Err(whole(indented(&detail, UNDER)));
        }
        if let Some(shortfall) = run::stack_shortfall_once(judging.limits.stack) {
            before.push_str(&format!(
                "note: {shortfall}: a deep recursion a judge accepts can be RE here\n"
            ));
        }
        if transcripts > 0 {
            before.push_str(&format!(
                "note: {transcripts} .interaction {files} skipped: a transcript for the \
                 statement, not a case\n"
            ));
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
        let list = cases
            .iter()
            .zip(names)
            .map(|(case, name)| {
                let broken = match (&case.input, &case.expected, case.broken()) {
                    (Some(_), Some(_), None) => None,
                    (_, _, broken) => Some(broken.unwrap_or_default()),
                };
                Planned {
                    case,
                    name: format!("{name:<width$}"),
                    broken,
                }
            })
            .collect();
        Ok(Cases {
            label,
            program,
            judging,
            list,
        })
    }

    /// With `line` (ending in a newline) printed before everything else.
    fn after(mut self, line: String) -> Folder<'a> {
        self.before.insert_str(0, &line);
        self
    }

    /// The runs it makes: each case that can be run, as often as
    /// `--repeat` says.
    fn runs(&self) -> usize {
        let Ok(cases) = &self.cases else {
            return 0;
        };
        let runnable = cases
            .list
            .iter()
            .filter(|case| case.broken.is_none())
            .count();
        runnable * cases.judging.repeat.max(1) as usize
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
    judge_folders(vec![Folder::of(label, program, found, judging)], reporter);
}

/// Judges the folders, as many runs at once as `--jobs` and the free
/// memory allow (see [`Jobs::fitting`]), each case's line printed in
/// order, as soon as the cases before it are done. A case's runs
/// (`--repeat`) are jobs of their own; a program and its interactor are
/// one.
fn judge_folders(folders: Vec<Folder>, reporter: &mut Reporter) {
    let runs = folders.iter().map(Folder::runs).sum();
    let judged: Vec<&Judging> = folders
        .iter()
        .filter(|folder| folder.runs() > 0)
        .filter_map(|folder| Some(folder.cases.as_ref().ok()?.judging))
        .collect();
    let memory = judged
        .iter()
        .map(|judging| judging.limits.memory)
        .max()
        .unwrap_or(0);
    let asked = judged.iter().find_map(|judging| judging.jobs);
    let jobs = Jobs::fitting(asked, memory, runs);
    if let Some(fewer) = &jobs.fewer {
        let _ = writeln!(reporter.out, "note: {fewer}");
    }
    reporter.tally.jobs = reporter.tally.jobs.max(jobs.used);
    // One for each case that is run.
    let first_runs: Vec<FirstRun> = (0..runs).map(|_| FirstRun::default()).collect();
    let mut first_runs = first_runs.iter();
    jobs::scoped(jobs.used, |pool| {
        // Every run given first, so that the workers never wait for the
        // report; then taken in order.
        let tickets: Vec<Vec<Vec<usize>>> = folders
            .iter()
            .map(|folder| {
                let Ok(cases) = &folder.cases else {
                    return Vec::new();
                };
                cases
                    .list
                    .iter()
                    .map(|planned| {
                        let (Some(input), Some(expected), None) =
                            (&planned.case.input, &planned.case.expected, &planned.broken)
                        else {
                            return Vec::new();
                        };
                        let first = first_runs.next().expect("one for each case");
                        let (program, judging) = (cases.program, cases.judging);
                        let once = move || judge_case(program, input, expected, judging);
                        (0..judging.repeat.max(1))
                            .map(|run| pool.give(move || first.run(run, once)))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        for (folder, tickets) in folders.iter().zip(tickets) {
            let _ = write!(reporter.out, "{}", folder.before);
            let cases = match &folder.cases {
                Ok(cases) => cases,
                Err(whole) => {
                    let judged = Judged::whole(&whole.label, &whole.shown_label, whole.verdict);
                    reporter.report(&judged, &whole.shown);
                    continue;
                }
            };
            for (planned, tickets) in cases.list.iter().zip(tickets) {
                let case = planned.case;
                let mut judged = Judged {
                    label: cases.label,
                    case: Some(&case.stem),
                    shown_name: &planned.name,
                    input: case.input.as_deref(),
                    verdict: Verdict::Error,
                    run: None,
                    limits: Some(cases.judging.limits),
                    difference: None,
                    repeats: None,
                };
                if let Some(broken) = &planned.broken {
                    reporter.report(&judged, &indented(broken, UNDER));
                    continue;
                }
                let outcomes = tickets
                    .into_iter()
                    .filter_map(|ticket| pool.take(ticket))
                    .collect();
                let (outcome, repeats) = repeat::of_runs(outcomes, cases.judging.limits);
                judged.verdict = outcome.verdict;
                judged.run = outcome.run.as_ref();
                judged.difference = outcome.difference;
                judged.repeats = repeats.as_ref();
                reporter.report(&judged, &indented(&outcome.detail, UNDER));
            }
        }
    });
}

/// The first run of a case run `--repeat` times, which the others wait
/// for: once the tool could not judge the case (ERROR), no run starts
/// after, as when they are made one after another.
#[derive(Default)]
struct FirstRun {
    /// Whether a run was ERROR, once the first has ended.
    error: Mutex<Option<bool>>,
    ended: Condvar,
}

impl FirstRun {
    /// Run number `run` (from 0) by `once`, or none after an ERROR.
    fn run(&self, run: u32, once: impl FnOnce() -> Outcome) -> Option<Outcome> {
        let error = || self.error.lock().unwrap_or_else(PoisonError::into_inner);
        if run > 0 {
            let mut ended = error();
            while ended.is_none() {
                ended = self
                    .ended
                    .wait(ended)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            if *ended == Some(true) {
                return None;
            }
        }
        let outcome = once();
        let mut ended = error();
        *ended = Some(ended.unwrap_or(false) || outcome.verdict == Verdict::Error);
        self.ended.notify_all();
        Some(outcome)
    }
}

/// Runs `program` on one case and judges it, naming the verdict as the
/// profile's judge does.
fn judge_case(program: &Path, input: &Path, expected: &Path, judging: &Judging) -> Outcome {
    let outcome = run_and_check(program, input, expected, judging);
    let (verdict, mut detail) = crate::verdict::as_judge_names(
        judging.profile.profile,
        outcome.verdict,
        outcome.detail,
        outcome.run.as_ref(),
        judging.limits,
    );
    if let Some(note) = outcome
        .run
        .as_ref()
        .and_then(crate::verdict::process_limit_note)
    {
        detail.push_str(&note);
    }
    Outcome {
        verdict,
        detail,
        ..outcome
    }
}

/// Runs `program` on one case, against its interactor where it has one,
/// and checks what it wrote.
///
/// The program is started before the expected output is read, so that
/// its peak memory never includes a copy of it (see [`run`]'s platform
/// notes); only the expected output's size is needed before, for the
/// output limit.
fn run_and_check(program: &Path, input: &Path, expected: &Path, judging: &Judging) -> Outcome {
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
        kill_wall_after: None,
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
