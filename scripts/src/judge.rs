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
use crate::package;
use crate::rules::profile::{Chosen, Profile};
use crate::rules::{Limits, DEFAULT_LIMITS};
use crate::run::{self, Bounds, Purpose};
use crate::verdict::{printable, Verdict};
use crate::workspace::{Problem, Workspace};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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
        package::check_program(program, samples)?;
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
    let inputs: Vec<&Path> = inputs
        .into_iter()
        .flat_map(|(program, judging, found)| inputs_of(program, judging, found))
        .collect();
    let json = JsonLines::open(options.json.as_deref(), &inputs)?;
    let reporter = &mut Reporter::new(out, json);
    for (problem, program, judging, found) in &runs {
        if built(&workspace, problem, judging, reporter) {
            let _ = writeln!(
                reporter.out,
                "{}: {}; {}",
                problem.name,
                judging.profile.describe(),
                run::accounting()
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
    let inputs: Vec<&Path> = inputs_of(program, &judging, &found).collect();
    let json = JsonLines::open(options.json.as_deref(), &inputs)?;
    let reporter = &mut Reporter::new(out, json);
    if build(reporter, &judging) {
        let _ = writeln!(
            reporter.out,
            "{}; {}",
            judging.profile.describe(),
            run::accounting()
        );
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
        profile: plan.profile.unwrap_or(profile),
        repeat: options.repeat,
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
            repeats: None,
        };
        let broken = case.broken();
        let (Some(input), Some(expected), None) = (&case.input, &case.expected, &broken) else {
            let detail = broken.as_deref().unwrap_or_default();
            reporter.report(&judged, &indented(detail, UNDER));
            continue;
        };
        let (outcome, repeats) = repeat::repeated(judging.repeat, judging.limits, || {
            judge_case(program, input, expected, judging)
        });
        judged.verdict = outcome.verdict;
        judged.run = outcome.run.as_ref();
        judged.difference = outcome.difference;
        judged.repeats = repeats.as_ref();
        reporter.report(&judged, &indented(&outcome.detail, UNDER));
    }
}

/// Runs `program` on one case and judges it, naming the verdict as the
/// profile's judge does.
fn judge_case(program: &Path, input: &Path, expected: &Path, judging: &Judging) -> Outcome {
    let outcome = run_and_check(program, input, expected, judging);
    let (verdict, detail) = crate::verdict::as_judge_names(
        judging.profile.profile,
        outcome.verdict,
        outcome.detail,
        outcome.run.as_ref(),
        judging.limits,
    );
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
