//! `cargo timing`: each solution timed as a whole process, as a judge runs
//! it, on the worst inputs its crate knows how to make.
//!
//! A crate's inputs are its judge sample (`samples/<crate>/1.in`) and what
//! its example `<crate>-bench-inputs` writes into the folder it is given,
//! from fixed seeds: each `<name>.in` is a row, each `<name>/` folder of
//! `.in` files is one row for its slowest file, and the folder `slow/` holds
//! the slow stress inputs, timed only with `--slow`.
//!
//! Each row runs the solution and the I/O floor (a program that only reads
//! the input and writes as many bytes as the solution did), and with
//! `--compare REV` the solution as it was at REV, interleaved round by
//! round so that all of them see the same machine. Rows are printed as they
//! are measured; a crate's example `<crate>-baseline` (a plain reference
//! solution) is timed on the same file for the speed-up column.
//!
//! This file is the command: its options, what is timed and in which
//! order, and where it is printed. Its rooms: [`inputs`] makes and scans
//! the bench inputs, [`rev`] checks out and builds REV, [`measure`] measures
//! one row (checks, interleaved rounds, peak memory from a copy of this
//! tool), [`progress`] keeps the line that says what runs, and [`table`]
//! prints the table and the summary and writes the JSON.

mod inputs;
mod measure;
mod progress;
mod rev;
mod table;

use crate::checker::{checker_time, Checker};
use crate::command;
use crate::compare::Budget;
use crate::error::Error;
use crate::flags::Timing as Options;
use crate::rules::{self, Limits};
use crate::verdict::mebibytes;
use crate::workspace::{self, Workspace};
use inputs::Input;
use measure::{peak_memory, rounds, time_row, Program};
// `--peak-memory-of`, which the options hand over to.
pub use measure::peak_memory_and_exit;
use progress::Progress;
use rev::Compiler;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};
use table::{Columns, Report, Row};

/// Fewer runs than this say little about a median.
pub const MIN_RUNS: usize = 3;
/// A run this long is its own warm-up.
const LONG_RUN: Duration = Duration::from_secs(1);

/// Who is timed on a group of inputs: a crate's solution, or `--program`.
struct Subject {
    /// The crate's name, or the program's file name.
    name: String,
    /// The heading above its rows: the name and its limits.
    heading: String,
    program: PathBuf,
    /// The same solution as built at REV, or why there is none.
    old: Option<Result<PathBuf, Error>>,
    baseline: Option<PathBuf>,
    /// Limits for checking a run: a generous time (a hang still ends).
    limits: Limits,
    /// How its outputs are held against the `.out` files, or against the
    /// baseline's and REV's where there is none.
    checker: Checker,
    /// How long a checker program may run: by the crate's own time limit,
    /// not the generous one above.
    checker_time: Duration,
    /// Where another program's output is written when it stands in for the
    /// answer of a checker program.
    scratch: PathBuf,
    inputs: Vec<Input>,
    /// Inputs in `slow/` left out.
    skipped: usize,
    /// An interactive problem: its program reads what an interactor says,
    /// not a file, so it has no rows.
    interactive: bool,
}

/// Runs `cargo timing`; true when every row ran cleanly (and none is over
/// `--fail-above`).
pub fn main(options: &Options) -> Result<bool, Error> {
    let started = Instant::now();
    let json_to_stdout = options.json.as_deref() == Some(Path::new("-"));
    let mut out: Box<dyn Write> = if json_to_stdout {
        Box::new(io::stderr())
    } else {
        Box::new(io::stdout())
    };
    let mut report = Report::new(options);
    let Prepared {
        subjects,
        floor,
        empty,
        commit,
        compiler,
    } = if let Some(program) = &options.program {
        prepare_program(options, program)?
    } else {
        prepare_crates(options)?
    };
    report.commit = commit;
    if let Some((compiler, rev_compiler)) = compiler {
        report.compiler = Some(compiler.name().to_string());
        report.rev_compiler = rev_compiler.map(|rev| rev.name().to_string());
    }

    let columns = Columns::new(
        subjects.iter().any(|subject| subject.baseline.is_some()),
        report.rev_label.clone(),
        subjects
            .iter()
            .flat_map(|subject| subject.inputs.iter().map(Input::widest_label))
            .chain(["empty program".len()])
            .max()
            .unwrap_or(0),
    );
    report.compiler_line(&mut out);
    columns.header(&mut out);
    let mut progress = Progress::new();
    let budget = Budget {
        min_runs: MIN_RUNS,
        max_runs: options.runs,
        seconds: options.seconds,
    };

    if let Some((empty, empty_input)) = &empty {
        let _ = writeln!(out, "(process start-up)");
        let programs = [Program {
            path: empty.clone(),
            args: Vec::new(),
        }];
        let limits = Limits {
            time: Duration::from_secs(10),
            memory: u64::MAX,
            ..rules::DEFAULT_LIMITS
        };
        progress.name = "empty program".to_string();
        let row_started = Instant::now();
        let measured = rounds(&programs, empty_input, budget, limits, true, &mut progress)
            .and_then(|times| Ok((times, peak_memory(&programs[0], empty_input, limits)?)));
        match measured {
            Ok((mut times, peak)) => {
                let row = Row {
                    subject: "(process start-up)".to_string(),
                    name: "empty program".to_string(),
                    file: empty_input.clone(),
                    size: 0,
                    new: times.remove(0),
                    floor: None,
                    peak,
                    baseline: None,
                    old: None,
                    notes: Vec::new(),
                    seconds: row_started.elapsed().as_secs_f64(),
                };
                progress.clear();
                columns.row(&mut out, &row);
                report.add(&row);
            }
            Err(error) => {
                progress.clear();
                report.failed(&mut out, &error.context("empty program"));
            }
        }
    }
    for subject in &subjects {
        let _ = writeln!(out, "{}", subject.heading);
        if subject.interactive {
            let _ = writeln!(
                out,
                "  (not timed: an interactive problem; cargo judge {} gives its times against \
                 its interactor)",
                subject.name
            );
            continue;
        }
        if let Some(Err(why)) = &subject.old {
            let _ = writeln!(out, "  (no comparison: {why})");
        }
        for input in &subject.inputs {
            progress.name = format!("{}/{}", subject.name, input.name);
            let row_started = Instant::now();
            let row = time_row(subject, input, &floor, budget, &mut progress);
            progress.clear();
            match row {
                Ok(mut row) => {
                    row.seconds = row_started.elapsed().as_secs_f64();
                    columns.row(&mut out, &row);
                    // Why REV has no figures, unless the heading said so.
                    if let (Some(Ok(_)), Some(Err(why))) = (&subject.old, &row.old) {
                        let _ = write!(out, "{}", why.layout("    no comparison: ", "      "));
                    }
                    report.add(&row);
                }
                Err(error) => {
                    let error = error.context(format!("{}/{}", subject.name, input.name));
                    report.failed(&mut out, &error);
                }
            }
        }
        if subject.skipped > 0 {
            let _ = writeln!(
                out,
                "  ({} slow input{} not timed: --slow times them)",
                subject.skipped,
                if subject.skipped == 1 { "" } else { "s" }
            );
        }
    }
    let clean = report.finish(&mut out, options, started.elapsed());
    if let Some(path) = &options.json {
        let text = serde_json::to_string_pretty(&report.json(options)).unwrap_or_default() + "\n";
        // A report that cannot be written is the command's error, on
        // standard output as in a file (`--json - > /dev/full`).
        let written = if json_to_stdout {
            let mut stdout = io::stdout().lock();
            stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
        } else {
            fs::write(path, text)
        };
        let shown = if json_to_stdout {
            "standard output".to_string()
        } else {
            path.display().to_string()
        };
        written.map_err(|error| Error::new(format!("--json: cannot write {shown}: {error}")))?;
    }
    Ok(clean)
}

/// What is timed: the subjects, the floor program, the empty program and
/// its (empty) input for the start-up row, REV's commit, and the compiler
/// that built the solutions (and the one that built REV's).
struct Prepared {
    subjects: Vec<Subject>,
    floor: PathBuf,
    empty: Option<(PathBuf, PathBuf)>,
    commit: Option<String>,
    compiler: Option<(Compiler, Option<Compiler>)>,
}

/// The crates to time, the floor program and the start-up row's program.
fn prepare_crates(options: &Options) -> Result<Prepared, Error> {
    let workspace = Workspace::load()?;
    let problems = workspace.select(&options.crates)?;
    let examples: Vec<String> = problems
        .iter()
        .flat_map(|problem| [problem.example("bench-inputs"), problem.example("baseline")])
        .flatten()
        .collect();
    workspace.build_release(&problems, &examples)?;
    let compiler = Compiler::in_dir(&workspace.root)?;
    let floor = match &options.floor {
        Some(floor) => floor.clone(),
        None => build_floor(&workspace)?,
    };
    let timing_dir = workspace.target_dir.join("timing");
    fs::create_dir_all(&timing_dir)
        .map_err(|error| Error::new(format!("cannot create {}: {error}", timing_dir.display())))?;
    let old = match &options.compare {
        Some(rev) => Some(rev::build(&workspace, &problems, rev, &timing_dir)?),
        None => None,
    };
    let empty = empty_program(&timing_dir)?;
    let empty_input = timing_dir.join("empty.in");
    fs::write(&empty_input, b"").map_err(|error| Error::new(error.to_string()))?;

    let mut subjects = Vec::new();
    for problem in problems {
        let interactive = problem.interactor.is_some();
        let (inputs, skipped) = if interactive {
            (Vec::new(), 0)
        } else {
            let dir = inputs::make(&workspace, problem, &timing_dir)?;
            inputs::scan(&dir, options.slow)?
        };
        let old = old.as_ref().map(|rev| {
            rev.binaries
                .iter()
                .find(|(name, _)| name == &problem.name)
                .map(|(_, path)| path.clone())
                .ok_or_else(|| Error::new(format!("no crate {} at {}", problem.name, rev.commit)))
        });
        subjects.push(Subject {
            name: problem.name.clone(),
            heading: format!(
                "{} (limits {} ms, {})",
                problem.name,
                problem.limits.time.as_millis(),
                mebibytes(problem.limits.memory)
            ),
            program: workspace.release_binary(&problem.name),
            old,
            baseline: problem
                .example("baseline")
                .map(|name| workspace.release_example(&name)),
            // Long enough for any bench input; a hang still ends. No memory
            // limit: a bench input holds many more cases than a judge's
            // may, and the peak memory column shows what it took.
            limits: Limits {
                time: problem.limits.time * 10 + Duration::from_secs(10),
                memory: u64::MAX,
                ..rules::DEFAULT_LIMITS
            },
            checker: options
                .checker
                .clone()
                .unwrap_or_else(|| problem.checker.clone()),
            checker_time: checker_time(problem.limits.time),
            scratch: timing_dir.clone(),
            inputs,
            skipped,
            interactive,
        });
    }
    Ok(Prepared {
        subjects,
        floor,
        empty: Some((empty, empty_input)),
        commit: old.as_ref().map(|rev| rev.commit.clone()),
        compiler: Some((compiler, old.map(|rev| rev.compiler))),
    })
}

/// `--program PATH --inputs DIR [--old-program PATH]`.
fn prepare_program(options: &Options, program: &Path) -> Result<Prepared, Error> {
    let dir = options
        .inputs
        .as_deref()
        .ok_or("--program needs --inputs DIR")?;
    let floor = match &options.floor {
        Some(floor) => floor.clone(),
        None => build_floor(&Workspace::load()?)?,
    };
    let checker = options.checker.clone().unwrap_or(Checker::Exact);
    // A checker program reads a stand-in answer from a file: under the
    // workspace's target folder when this runs in one.
    let scratch = match &checker {
        Checker::Program(_) => Workspace::load().map_or_else(
            |_| std::env::temp_dir(),
            |workspace| workspace.target_dir.join("timing"),
        ),
        _ => std::env::temp_dir(),
    };
    let (inputs, skipped) = inputs::scan(dir, options.slow)?;
    if inputs.is_empty() {
        return Err(Error::new(format!("no .in files in {}", dir.display())));
    }
    let name = program
        .file_stem()
        .unwrap_or(program.as_os_str())
        .to_string_lossy()
        .into_owned();
    let subject = Subject {
        heading: name.clone(),
        name,
        program: program.to_path_buf(),
        old: options.old_program.clone().map(Ok),
        baseline: None,
        limits: Limits {
            time: Duration::from_secs(60),
            memory: u64::MAX,
            ..rules::DEFAULT_LIMITS
        },
        checker,
        // No crate: the default time limit's.
        checker_time: checker_time(rules::DEFAULT_LIMITS.time),
        scratch,
        inputs,
        skipped,
        interactive: false,
    };
    Ok(Prepared {
        subjects: vec![subject],
        floor,
        empty: None,
        commit: None,
        compiler: None,
    })
}

/// Builds the I/O floor program with the release profile.
fn build_floor(workspace: &Workspace) -> Result<PathBuf, Error> {
    // Cargo's progress shows as it comes.
    command::run(
        workspace::cargo()
            .args([
                "build",
                "--release",
                "--package",
                "scripts",
                "--bin",
                "timing-floor",
            ])
            .current_dir(&workspace.root)
            .stderr(Stdio::inherit()),
    )
    .map_err(|failure| Error::new(format!("the floor program did not build: {failure}")))?;
    Ok(workspace.release_binary("timing-floor"))
}

/// An empty Rust program, built as cargo builds release binaries: the
/// start-up floor of any single-board run.
fn empty_program(timing_dir: &Path) -> Result<PathBuf, Error> {
    let source = timing_dir.join("empty-program.rs");
    let program = timing_dir.join(format!("empty-program{}", std::env::consts::EXE_SUFFIX));
    fs::write(&source, "fn main() {}\n").map_err(|error| Error::new(error.to_string()))?;
    command::run(
        workspace::rustc()
            .args(["-O", "-C", "strip=debuginfo", "-o"])
            .arg(&program)
            .arg(&source)
            .stderr(Stdio::inherit()),
    )?;
    Ok(program)
}
