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

use crate::cases::natural_order;
use crate::cli;
use crate::compare::{self, Budget, Ratio};
use crate::flags::Timing as Options;
use crate::run::{self, Purpose, Run};
use crate::verdict;
use crate::verdict::mebibytes;
use crate::workspace::{self, Limits, Problem, Workspace};
use serde_json::{json, Value};
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

pub const DEFAULT_RUNS: usize = 10;
/// Fewer runs than this say little about a median.
pub const MIN_RUNS: usize = 3;
pub const DEFAULT_SECONDS: f64 = 2.0;
/// A run this long is its own warm-up.
const LONG_RUN: Duration = Duration::from_secs(1);

/// One program of a row, with the arguments it runs with.
struct Program {
    path: PathBuf,
    args: Vec<String>,
}

/// Who is timed on a group of inputs: a crate's solution, or `--program`.
struct Subject {
    /// The crate's name, or the program's file name.
    name: String,
    /// The heading above its rows: the name and its limits.
    heading: String,
    program: PathBuf,
    /// The same solution as built at REV, or why there is none.
    old: Option<Result<PathBuf, String>>,
    baseline: Option<PathBuf>,
    /// Limits for checking a run: a generous time (a hang still ends).
    limits: Limits,
    inputs: Vec<Input>,
    /// Inputs in `slow/` left out.
    skipped: usize,
}

/// One row's input: a file, or the files of a folder (the row is the
/// slowest of them).
#[derive(Debug, PartialEq)]
pub struct Input {
    pub name: String,
    pub files: Vec<PathBuf>,
}

/// Runs `cargo timing`; true when every row ran cleanly (and none is over
/// `--fail-above`).
pub fn main(options: &Options) -> Result<bool, String> {
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
    } = if let Some(program) = &options.program {
        prepare_program(options, program)?
    } else {
        prepare_crates(options)?
    };
    report.commit = commit;

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
                report.failed(&mut out, &format!("empty program: {error}"));
            }
        }
    }
    for subject in &subjects {
        let _ = writeln!(out, "{}", subject.heading);
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
                        let _ = writeln!(out, "    no comparison: {why}");
                    }
                    report.add(&row);
                }
                Err(error) => {
                    report.failed(
                        &mut out,
                        &format!("{}/{}: {error}", subject.name, input.name),
                    );
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
        if json_to_stdout {
            let mut stdout = io::stdout().lock();
            let _ = stdout.write_all(text.as_bytes());
            let _ = stdout.flush();
        } else {
            fs::write(path, text)
                .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        }
    }
    Ok(clean)
}

/// What is timed: the subjects, the floor program, the empty program and
/// its (empty) input for the start-up row, and REV's commit.
struct Prepared {
    subjects: Vec<Subject>,
    floor: PathBuf,
    empty: Option<(PathBuf, PathBuf)>,
    commit: Option<String>,
}

/// The crates to time, the floor program and the start-up row's program.
fn prepare_crates(options: &Options) -> Result<Prepared, String> {
    let workspace = Workspace::load()?;
    let problems = workspace.select(&options.crates)?;
    let examples: Vec<String> = problems
        .iter()
        .flat_map(|problem| [problem.example("bench-inputs"), problem.example("baseline")])
        .flatten()
        .collect();
    workspace.build_release(&problems, &examples)?;
    let floor = match &options.floor {
        Some(floor) => floor.clone(),
        None => build_floor(&workspace)?,
    };
    let timing_dir = workspace.target_dir.join("timing");
    fs::create_dir_all(&timing_dir)
        .map_err(|error| format!("cannot create {}: {error}", timing_dir.display()))?;
    let old = match &options.compare {
        Some(rev) => Some(build_rev(&workspace, &problems, rev, &timing_dir)?),
        None => None,
    };
    let empty = empty_program(&timing_dir)?;
    let empty_input = timing_dir.join("empty.in");
    fs::write(&empty_input, b"").map_err(|error| error.to_string())?;

    let mut subjects = Vec::new();
    for problem in problems {
        let dir = make_inputs(&workspace, problem, &timing_dir)?;
        let (inputs, skipped) = scan_inputs(&dir, options.slow)?;
        let old = old.as_ref().map(|(commit, built)| {
            built
                .iter()
                .find(|(name, _)| name == &problem.name)
                .map(|(_, path)| path.clone())
                .ok_or_else(|| format!("no crate {} at {commit}", problem.name))
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
            },
            inputs,
            skipped,
        });
    }
    Ok(Prepared {
        subjects,
        floor,
        empty: Some((empty, empty_input)),
        commit: old.map(|(commit, _)| commit),
    })
}

/// `--program PATH --inputs DIR [--old-program PATH]`.
fn prepare_program(options: &Options, program: &Path) -> Result<Prepared, String> {
    let dir = options
        .inputs
        .as_deref()
        .ok_or("--program needs --inputs DIR")?;
    let floor = match &options.floor {
        Some(floor) => floor.clone(),
        None => build_floor(&Workspace::load()?)?,
    };
    let (inputs, skipped) = scan_inputs(dir, options.slow)?;
    if inputs.is_empty() {
        return Err(format!("no .in files in {}", dir.display()));
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
        },
        inputs,
        skipped,
    };
    Ok(Prepared {
        subjects: vec![subject],
        floor,
        empty: None,
        commit: None,
    })
}

/// Builds the I/O floor program with the release profile.
fn build_floor(workspace: &Workspace) -> Result<PathBuf, String> {
    let status = workspace::cargo()
        .args([
            "build",
            "--release",
            "--package",
            "scripts",
            "--bin",
            "timing-floor",
        ])
        .current_dir(&workspace.root)
        .status()
        .map_err(|error| format!("cannot run cargo build: {error}"))?;
    if !status.success() {
        return Err("the floor program (scripts' timing-floor) did not build".to_string());
    }
    Ok(workspace.release_binary("timing-floor"))
}

/// Builds the solutions of `problems` as they are at `rev`, in a copy of
/// that commit under `target/timing/rev/<commit>/` with its own target
/// folder, both kept so that the next comparison with the same commit
/// builds nothing. Returns the commit and each crate found there with its
/// binary.
fn build_rev(
    workspace: &Workspace,
    problems: &[&Problem],
    rev: &str,
    timing_dir: &Path,
) -> Result<(String, Vec<(String, PathBuf)>), String> {
    let commit = git(
        &workspace.root,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("{rev}^{{commit}}"),
        ],
    )
    .map_err(|_| format!("--compare: git knows no commit '{rev}'"))?;
    let revs = timing_dir.join("rev");
    let source = revs.join(&commit);
    let target = revs.join(format!("{commit}-target"));
    let complete = source.join(".timing-checkout-complete");
    if !complete.exists() {
        let _ = writeln!(
            io::stderr(),
            "    Checking out {rev} ({commit}) into {}",
            source.display()
        );
        if source.exists() {
            fs::remove_dir_all(&source)
                .map_err(|error| format!("cannot clear {}: {error}", source.display()))?;
        }
        fs::create_dir_all(&source)
            .map_err(|error| format!("cannot create {}: {error}", source.display()))?;
        // A private index: the repository's own index and work tree are
        // left alone, and no worktree is registered that would outlive a
        // `cargo clean`.
        let index = revs.join(format!("{commit}.index"));
        let with_index = |args: &[&str]| {
            let status = Command::new("git")
                .args(args)
                .env("GIT_INDEX_FILE", &index)
                .current_dir(&workspace.root)
                .status()
                .map_err(|error| format!("cannot run git: {error}"))?;
            if status.success() {
                Ok(())
            } else {
                Err(format!("git {} failed ({status})", args.join(" ")))
            }
        };
        with_index(&["read-tree", &commit])?;
        let mut prefix = format!("{}/", source.display());
        if cfg!(windows) {
            // git's prefix is a path in its own, forward-slashed, form.
            prefix = prefix.replace('\\', "/");
        }
        with_index(&["checkout-index", "--all", "--force", "--prefix", &prefix])?;
        let _ = fs::remove_file(&index);
        fs::write(&complete, b"").map_err(|error| error.to_string())?;
    }

    let output = workspace::cargo()
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(&source)
        .output()
        .map_err(|error| format!("cannot run cargo metadata: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo metadata failed at {commit}: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let metadata: Value = serde_json::from_slice(&output.stdout)
        .map_err(|error| format!("cannot read cargo metadata's output: {error}"))?;
    let old =
        Workspace::from_metadata(&metadata).map_err(|error| format!("at {commit}: {error}"))?;
    let found: Vec<(String, PathBuf)> = problems
        .iter()
        .filter(|problem| old.problems.iter().any(|old| old.name == problem.name))
        .map(|problem| (problem.name.clone(), old.release_binary(&problem.name)))
        .collect();
    if !found.is_empty() && found.iter().any(|(_, path)| !path.is_file()) {
        let _ = writeln!(
            io::stderr(),
            "    Building {rev} ({commit}) in {}",
            target.display()
        );
        let mut command = workspace::cargo();
        command.args(["build", "--release"]);
        for (name, _) in &found {
            command.args(["--package", name, "--bin", name]);
        }
        let status = command
            .env("CARGO_TARGET_DIR", &target)
            .current_dir(&source)
            .status()
            .map_err(|error| format!("cannot run cargo build: {error}"))?;
        if !status.success() {
            return Err(format!("the release build of {rev} ({commit}) failed"));
        }
    }
    Ok((commit, found))
}

/// Runs git in `dir`; its standard output, trimmed.
fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|error| format!("cannot run git: {error}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).trim().to_string());
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// The crate's inputs in `target/timing/<crate>/`, made afresh.
fn make_inputs(
    workspace: &Workspace,
    problem: &Problem,
    timing_dir: &Path,
) -> Result<PathBuf, String> {
    let dir = timing_dir.join(&problem.name);
    if dir.exists() {
        fs::remove_dir_all(&dir)
            .map_err(|error| format!("cannot clear {}: {error}", dir.display()))?;
    }
    fs::create_dir_all(&dir)
        .map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    for extension in ["in", "out"] {
        let sample = problem.samples.join(format!("1.{extension}"));
        if sample.is_file() {
            fs::copy(&sample, dir.join(format!("0-judge-sample.{extension}")))
                .map_err(|error| format!("cannot copy {}: {error}", sample.display()))?;
        }
    }
    if let Some(example) = problem.example("bench-inputs") {
        let status = Command::new(workspace.release_example(&example))
            .arg(&dir)
            .current_dir(&workspace.root)
            .status()
            .map_err(|error| format!("cannot run {example}: {error}"))?;
        if !status.success() {
            return Err(format!("{example} failed ({status})"));
        }
    }
    Ok(dir)
}

/// The rows of `dir`: each `.in` file, each folder of `.in` files, and with
/// `slow` each input in `slow/` (a file its own row, a folder its slowest);
/// also how many inputs in `slow/` were left out.
pub fn scan_inputs(dir: &Path, slow: bool) -> Result<(Vec<Input>, usize), String> {
    let mut inputs = Vec::new();
    let mut skipped = 0;
    for (name, path) in sorted_entries(dir)? {
        if path.is_dir() && name == "slow" {
            let (slow_inputs, _) = scan_inputs(&path, false)?;
            if slow {
                inputs.extend(slow_inputs.into_iter().map(|input| Input {
                    name: format!("slow/{}", input.name),
                    files: input.files,
                }));
            } else {
                skipped += slow_inputs
                    .iter()
                    .map(|input| input.files.len())
                    .sum::<usize>();
            }
        } else if path.is_dir() {
            let files = input_files(&path)?;
            if !files.is_empty() {
                inputs.push(Input { name, files });
            }
        } else if let Some(stem) = name.strip_suffix(".in") {
            inputs.push(Input {
                name: stem.to_string(),
                files: vec![path],
            });
        }
    }
    Ok((inputs, skipped))
}

fn input_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    Ok(sorted_entries(dir)?
        .into_iter()
        .map(|(_, file)| file)
        .filter(|file| {
            file.is_file() && file.extension().is_some_and(|extension| extension == "in")
        })
        .collect())
}

fn sorted_entries(dir: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let mut entries: Vec<(String, PathBuf)> = fs::read_dir(dir)
        .and_then(|entries| {
            entries
                .map(|entry| {
                    entry.map(|entry| {
                        (
                            entry.file_name().to_string_lossy().into_owned(),
                            entry.path(),
                        )
                    })
                })
                .collect()
        })
        .map_err(|error| format!("cannot read {}: {error}", dir.display()))?;
    // By name without `.in`, so that `a.in` comes before `a-x10.in`.
    let stem = |name: &str| name.strip_suffix(".in").unwrap_or(name).to_string();
    entries.sort_by(|one, other| natural_order(&stem(&one.0), &stem(&other.0)));
    Ok(entries)
}

impl Input {
    /// The row's label once the slowest file of a folder is known.
    fn label(&self, file: &Path) -> String {
        if self.files.len() > 1 {
            let stem = file.file_stem().unwrap_or_default().to_string_lossy();
            format!("{}/{stem} (slowest of {})", self.name, self.files.len())
        } else {
            self.name.clone()
        }
    }

    /// The longest label the row can get.
    fn widest_label(&self) -> usize {
        self.files
            .iter()
            .map(|file| self.label(file).chars().count())
            .max()
            .unwrap_or(0)
    }
}

/// One measured row.
struct Row {
    subject: String,
    name: String,
    file: PathBuf,
    size: u64,
    /// The solution's times in milliseconds, round by round.
    new: Vec<f64>,
    /// The floor's times, from the same rounds.
    floor: Option<Vec<f64>>,
    peak: Option<u64>,
    /// The baseline's times.
    baseline: Option<Vec<f64>>,
    /// REV's times from the same rounds, or why there are none.
    old: Option<Result<Vec<f64>, String>>,
    /// What went wrong (a wrong output): each fails the command.
    notes: Vec<String>,
    /// The wall time the row took, checks and all.
    seconds: f64,
}

impl Row {
    fn ratio(&self) -> Option<Ratio> {
        match &self.old {
            Some(Ok(old)) => compare::ratio(&self.new, old),
            _ => None,
        }
    }
}

/// The output a bench input may produce: a gibibyte.
const BENCH_OUTPUT_LIMIT: u64 = 1 << 30;

/// Runs `program` once as the judge does, keeping its output, and judges
/// it with `cargo judge`'s rules against `expected` (or, with none, its
/// own output, so that only the limits and the exit decide).
fn check_run(
    program: &Program,
    input: &Path,
    expected: Option<&[u8]>,
    limits: Limits,
) -> Result<Run, String> {
    // Bench inputs hold many judge inputs' worth of cases: their output
    // may pass the judge's output limit by far.
    let bounds = run::Bounds {
        output: BENCH_OUTPUT_LIMIT,
        ..run::Bounds::time(limits.time)
    };
    let run = run::run_within(&program.path, &program.args, input, bounds, Purpose::Judge)
        .map_err(|error| format!("cannot run {}: {error}", program.path.display()))?;
    judged(run, expected, limits, program, input)
}

/// One run with output discarded, timed or (with `Purpose::Memory`) for
/// its peak memory; its wall time in milliseconds and its peak.
fn timed_run(
    program: &Program,
    input: &Path,
    limits: Limits,
    purpose: Purpose,
) -> Result<(f64, Option<u64>), String> {
    let run = run::run(&program.path, &program.args, input, limits.time, purpose)
        .map_err(|error| format!("cannot run {}: {error}", program.path.display()))?;
    // Nothing kept to compare: the limits and the exit decide.
    let run = judged(run, None, limits, program, input)?;
    Ok((run.elapsed.as_secs_f64() * 1e3, run.peak_memory))
}

/// `run` when `cargo judge`'s rules pass it against `expected` (with none,
/// its own output), else the verdict, naming the program and the input.
fn judged(
    run: Run,
    expected: Option<&[u8]>,
    limits: Limits,
    program: &Program,
    input: &Path,
) -> Result<Run, String> {
    let (verdict, detail) = verdict::judge_run(&run, expected.unwrap_or(&run.stdout), limits);
    if verdict.passed() {
        Ok(run)
    } else {
        Err(format!(
            "{verdict}: {} on {}\n{detail}",
            program.path.display(),
            input.display()
        ))
    }
}

/// Runs `programs` on `input` interleaved, round after round while
/// `budget` allows, after one untimed round unless `warm_up` is false;
/// their times in milliseconds, `times[program][round]`.
fn rounds(
    programs: &[Program],
    input: &Path,
    budget: Budget,
    limits: Limits,
    warm_up: bool,
    progress: &mut Progress,
) -> Result<Vec<Vec<f64>>, String> {
    let mut times = vec![Vec::new(); programs.len()];
    if warm_up {
        progress.show(&format!("warm-up, then up to {} runs", budget.max_runs));
        for program in programs {
            timed_run(program, input, limits, Purpose::Time)?;
        }
    }
    let mut spent = Duration::ZERO;
    let mut done = 0;
    while budget.another(done, spent) {
        progress.show(&format!("run {}/{}", done + 1, budget.max_runs));
        let started = Instant::now();
        for index in compare::round_order(programs.len(), done) {
            let (time, _) = timed_run(&programs[index], input, limits, Purpose::Time)?;
            times[index].push(time);
        }
        spent += started.elapsed();
        done += 1;
    }
    Ok(times)
}

/// The peak memory of `program` on `input`, measured by a fresh copy of
/// this tool (`--peak-memory-of`).
///
/// Not measured here: on Linux a forked child's peak starts at this
/// process's resident memory at the fork, which grows once a row's large
/// output has been read (7 MiB after one of 7.9 MB) and is not given back.
/// A fresh process is about a MiB, below any program's own peak.
fn peak_memory(program: &Program, input: &Path, limits: Limits) -> Result<Option<u64>, String> {
    let tool = std::env::current_exe()
        .map_err(|error| format!("cannot find this program's own path: {error}"))?;
    let output = Command::new(tool)
        .args(["timing", "--peak-memory-of"])
        .arg(&program.path)
        .arg(input)
        .arg(limits.time.as_millis().to_string())
        .args(&program.args)
        .output()
        .map_err(|error| format!("cannot run this program again: {error}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).trim().to_string());
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().parse().ok())
}

/// `cargo timing --peak-memory-of PROGRAM INPUT KILL-AFTER-MS [ARG...]`,
/// which [`peak_memory`] runs: one run of PROGRAM, its peak memory in bytes
/// (or `-`) on standard output.
pub fn peak_memory_and_exit(parser: &mut lexopt::Parser) -> ! {
    let result = (|| -> Result<String, String> {
        let mut values = parser.values().map_err(|error| error.to_string())?;
        let mut next = || {
            values
                .next()
                .ok_or("--peak-memory-of PROGRAM INPUT MS [ARG...]")
        };
        let program = PathBuf::from(next()?);
        let input = PathBuf::from(next()?);
        let kill_after: u64 = cli::string(next()?)?
            .parse()
            .map_err(|_| "--peak-memory-of: the time must be milliseconds")?;
        let args: Vec<String> = values.map(cli::string).collect::<Result<_, _>>()?;
        let program = Program {
            path: program,
            args,
        };
        let limits = Limits {
            time: Duration::from_millis(kill_after),
            memory: u64::MAX,
        };
        let (_, peak) = timed_run(&program, &input, limits, Purpose::Memory)?;
        Ok(peak.map_or_else(|| "-".to_string(), |peak| peak.to_string()))
    })();
    match result {
        Ok(peak) => {
            let _ = writeln!(io::stdout(), "{peak}");
            std::process::exit(0);
        }
        Err(error) => {
            let _ = writeln!(io::stderr(), "{}", error.trim_end());
            std::process::exit(1);
        }
    }
}

/// Measures one row: finds the slowest file of a folder, checks the
/// outputs, then times the solution, the floor and REV interleaved, and
/// the baseline after them.
fn time_row(
    subject: &Subject,
    input: &Input,
    floor: &Path,
    budget: Budget,
    progress: &mut Progress,
) -> Result<Row, String> {
    let new = Program {
        path: subject.program.clone(),
        args: Vec::new(),
    };
    let expected_of = |file: &Path| fs::read(file.with_extension("out")).ok();
    // The slowest file of a folder, by one checked run of each.
    let mut chosen: Option<(PathBuf, Run)> = None;
    for (index, file) in input.files.iter().enumerate() {
        progress.show(&format!(
            "checking file {}/{}",
            index + 1,
            input.files.len()
        ));
        let run = check_run(&new, file, expected_of(file).as_deref(), subject.limits)?;
        if chosen
            .as_ref()
            .map_or(true, |(_, slowest)| run.elapsed > slowest.elapsed)
        {
            chosen = Some((file.clone(), run));
        }
    }
    let (file, checked) = chosen.ok_or("no input files")?;
    let expected = expected_of(&file);
    let mut notes = Vec::new();
    // With no `.out`, another program's output stands in for it: a
    // difference is noted, not failed, since either may be the wrong one.
    let mut note_difference = |whose: &str, other: &Run| {
        if expected.is_none() {
            let (verdict, detail) = verdict::judge_run(&checked, &other.stdout, subject.limits);
            if !verdict.passed() {
                notes.push(format!(
                    "the output differs from {whose} ({verdict}):\n{detail}"
                ));
            }
        }
    };

    let mut programs = vec![
        new,
        Program {
            path: floor.to_path_buf(),
            args: vec![checked.stdout.len().to_string()],
        },
    ];
    // REV on the same file, its output the same as the solution's.
    let mut old = subject.old.clone();
    if let Some(Ok(path)) = &subject.old {
        progress.show("checking REV");
        let program = Program {
            path: path.clone(),
            args: Vec::new(),
        };
        match check_run(&program, &file, expected.as_deref(), subject.limits) {
            Ok(run) => {
                note_difference("REV's", &run);
                programs.push(program);
            }
            Err(error) => old = Some(Err(format!("REV fails: {}", error.trim_end()))),
        }
    }
    // The baseline, checked the same way; timed after the rounds.
    let mut baseline_first = None;
    let baseline = subject.baseline.as_ref().map(|path| Program {
        path: path.clone(),
        args: Vec::new(),
    });
    let baseline_limits = Limits {
        time: subject.limits.time * 10,
        ..subject.limits
    };
    if let Some(baseline) = &baseline {
        progress.show("checking the baseline");
        let run = check_run(baseline, &file, expected.as_deref(), baseline_limits)?;
        note_difference("the baseline's", &run);
        if run.elapsed >= LONG_RUN {
            baseline_first = Some(run.elapsed.as_secs_f64() * 1e3);
        }
    }

    progress.show("peak memory");
    let peak = peak_memory(&programs[0], &file, subject.limits)?;
    // A run of a second or more is its own warm-up: the check runs were.
    let warm_up = checked.elapsed < LONG_RUN;
    let mut times = rounds(&programs, &file, budget, subject.limits, warm_up, progress)?;
    let baseline_times = match &baseline {
        Some(baseline) => {
            let mut times: Vec<f64> = baseline_first.into_iter().collect();
            let mut spent = Duration::from_secs_f64(times.iter().sum::<f64>() / 1e3);
            let baseline_budget = Budget {
                min_runs: 1,
                ..budget
            };
            while baseline_budget.another(times.len(), spent) {
                progress.show(&format!(
                    "baseline run {}/{}",
                    times.len() + 1,
                    budget.max_runs
                ));
                let started = Instant::now();
                times.push(timed_run(baseline, &file, baseline_limits, Purpose::Time)?.0);
                spent += started.elapsed();
            }
            Some(times)
        }
        None => None,
    };
    let old = match old {
        Some(Ok(_)) => Some(Ok(times.pop().unwrap_or_default())),
        Some(Err(why)) => Some(Err(why)),
        None => None,
    };
    let floor_times = times.pop();
    let new_times = times.pop().unwrap_or_default();
    Ok(Row {
        subject: subject.name.clone(),
        name: input.label(&file),
        size: fs::metadata(&file).map(|meta| meta.len()).unwrap_or(0),
        file,
        new: new_times,
        floor: floor_times,
        peak,
        baseline: baseline_times,
        old,
        notes,
        seconds: 0.0,
    })
}

/// The line on standard error that says what is running, on a terminal
/// only; each update overwrites the last, and a thread redraws it every
/// second with the seconds the step has taken, so that a long run is never
/// a silent one.
struct Progress {
    /// Shared with the redrawing thread; `None` off a terminal.
    line: Option<Arc<Mutex<Line>>>,
    /// The row being measured.
    name: String,
}

struct Line {
    /// Empty when nothing is shown.
    text: String,
    /// When the step began.
    since: Instant,
    /// How long the line on screen is.
    shown: usize,
}

impl Line {
    fn draw(&mut self) {
        let mut line = self.text.clone();
        let seconds = self.since.elapsed().as_secs();
        if seconds >= 2 {
            line.push_str(&format!(" ({seconds} s)"));
        }
        let length = line.chars().count();
        let pad = self.shown.saturating_sub(length);
        let mut stderr = io::stderr().lock();
        let _ = write!(stderr, "\r{line}{}", " ".repeat(pad));
        let _ = stderr.flush();
        self.shown = length;
    }
}

impl Progress {
    fn new() -> Progress {
        if !io::stderr().is_terminal() {
            return Progress {
                line: None,
                name: String::new(),
            };
        }
        let line = Arc::new(Mutex::new(Line {
            text: String::new(),
            since: Instant::now(),
            shown: 0,
        }));
        let shared = Arc::clone(&line);
        // Ends with the process.
        thread::spawn(move || loop {
            thread::sleep(Duration::from_secs(1));
            let mut line = shared.lock().unwrap_or_else(PoisonError::into_inner);
            if !line.text.is_empty() {
                line.draw();
            }
        });
        Progress {
            line: Some(line),
            name: String::new(),
        }
    }

    fn show(&mut self, what: &str) {
        if let Some(line) = &self.line {
            let mut line = line.lock().unwrap_or_else(PoisonError::into_inner);
            line.text = format!("  {}: {what}", self.name);
            line.since = Instant::now();
            line.draw();
        }
    }

    fn clear(&mut self) {
        if let Some(line) = &self.line {
            let mut line = line.lock().unwrap_or_else(PoisonError::into_inner);
            if line.shown > 0 {
                let mut stderr = io::stderr().lock();
                let _ = write!(stderr, "\r{}\r", " ".repeat(line.shown));
                let _ = stderr.flush();
            }
            line.text.clear();
            line.shown = 0;
        }
    }
}

/// The table's columns: fixed widths, so that rows can be printed as they
/// are measured.
struct Columns {
    baseline: bool,
    /// The heading of REV's column, with --compare.
    rev: Option<String>,
    name_width: usize,
}

impl Columns {
    fn new(baseline: bool, rev: Option<String>, name_width: usize) -> Columns {
        Columns {
            baseline,
            rev,
            // Names are indented by two under their crate's heading.
            name_width: (name_width + 2).max("input".len()),
        }
    }

    /// Each figure column's heading and width: wide enough for its
    /// heading and for the figures it usually holds.
    fn headings(&self) -> Vec<(String, usize)> {
        let mut headings: Vec<(String, usize)> = [
            ("size", 7),
            ("runs", 4),
            ("median ms", 9),
            ("min ms", 8),
            ("max ms", 8),
            ("x floor", 8),
            ("peak MiB", 8),
        ]
        .map(|(heading, width)| (heading.to_string(), width))
        .to_vec();
        if self.baseline {
            headings.push(("baseline ms".to_string(), 11));
            headings.push(("speed-up".to_string(), 8));
        }
        if let Some(rev) = &self.rev {
            headings.push((format!("{rev} ms"), 9));
            headings.push(("new/old (IQR)".to_string(), 17));
        }
        headings
            .into_iter()
            .map(|(heading, width)| {
                let width = width.max(heading.chars().count());
                (heading, width)
            })
            .collect()
    }

    fn line(&self, name: &str, cells: &[String]) -> String {
        let mut text = format!("{name:<width$}", width = self.name_width);
        for (cell, (_, width)) in cells.iter().zip(self.headings()) {
            text.push_str(&format!("  {cell:>width$}"));
        }
        text.trim_end().to_string()
    }

    fn header(&self, out: &mut impl Write) {
        let headings: Vec<String> = self
            .headings()
            .into_iter()
            .map(|(heading, _)| heading)
            .collect();
        let _ = writeln!(out, "{}", self.line("input", &headings));
        let _ = out.flush();
    }

    fn cells(&self, row: &Row) -> Vec<String> {
        let dash = || "-".to_string();
        let median_of = |times: &[f64]| compare::median(&mut times.to_vec());
        let new = median_of(&row.new);
        let floor = row.floor.as_deref().map(median_of);
        let mut cells = vec![
            human_size(row.size),
            row.new.len().to_string(),
            format!("{new:.2}"),
            format!(
                "{:.2}",
                row.new.iter().copied().fold(f64::INFINITY, f64::min)
            ),
            format!("{:.2}", row.new.iter().copied().fold(0.0, f64::max)),
            floor.map_or_else(dash, |floor| format!("{:.2}x", new / floor)),
            row.peak.map_or_else(dash, |peak| {
                mebibytes(peak).trim_end_matches(" MiB").to_string()
            }),
        ];
        if self.baseline {
            let baseline = row.baseline.as_deref().map(median_of);
            cells.push(baseline.map_or_else(dash, |ms| format!("{ms:.2}")));
            cells.push(baseline.map_or_else(dash, |ms| format!("{:.1}x", ms / new)));
        }
        if self.rev.is_some() {
            match (&row.old, row.ratio()) {
                (Some(Ok(old)), Some(ratio)) => {
                    cells.push(format!("{:.2}", median_of(old)));
                    cells.push(compare::show_ratio(&ratio));
                }
                _ => {
                    cells.push(dash());
                    cells.push(dash());
                }
            }
        }
        cells
    }

    /// Prints `row`, and under it what went wrong.
    fn row(&self, out: &mut impl Write, row: &Row) {
        let _ = writeln!(
            out,
            "{}",
            self.line(&format!("  {}", row.name), &self.cells(row))
        );
        for note in &row.notes {
            let _ = write!(out, "    {}", note);
            if !note.ends_with('\n') {
                let _ = writeln!(out);
            }
        }
        let _ = out.flush();
    }
}

/// What the run found: the rows' figures, failures, the JSON report.
struct Report {
    rev_label: Option<String>,
    rev: Option<String>,
    commit: Option<String>,
    rows: Vec<Value>,
    ratios: Vec<(String, Ratio)>,
    failures: usize,
}

impl Report {
    fn new(options: &Options) -> Report {
        let rev_label = if let Some(rev) = &options.compare {
            Some(rev.chars().take(12).collect())
        } else {
            options.old_program.as_ref().map(|_| "old".to_string())
        };
        Report {
            rev_label,
            rev: options.compare.clone(),
            commit: None,
            rows: Vec::new(),
            ratios: Vec::new(),
            failures: 0,
        }
    }

    fn failed(&mut self, out: &mut impl Write, error: &str) {
        self.failures += 1;
        let _ = writeln!(out, "  FAILED {}", error.trim_end().replace('\n', "\n    "));
        let _ = out.flush();
    }

    fn add(&mut self, row: &Row) {
        if !row.notes.is_empty() {
            self.failures += 1;
        }
        let ratio = row.ratio();
        if let Some(ratio) = ratio {
            self.ratios
                .push((format!("{}/{}", row.subject, row.name), ratio));
        }
        self.rows.push(row_json(row, ratio));
    }

    /// Prints the summary; true when nothing failed.
    fn finish(&self, out: &mut impl Write, options: &Options, elapsed: Duration) -> bool {
        let _ = writeln!(
            out,
            "\n{} rows in {:.1} s, builds included. Each row: up to {} runs after a \
             warm-up,\nat least {} (unless --runs is lower) until {} s of runs; release \
             builds, whole processes,\nstdin from the file, output discarded; peak memory \
             from a run of its own.",
            self.rows.len(),
            elapsed.as_secs_f64(),
            options.runs,
            MIN_RUNS,
            options.seconds
        );
        if let Some(old) = &self.rev_label {
            let _ = writeln!(
                out,
                "new/old: the median ratio of the runs side by side with {old}'s, in brackets \
                 the\ninterquartile range of those ratios (with fewer than 4 runs, the lowest \
                 and highest)."
            );
        }
        let mut clean = self.failures == 0;
        if self.failures > 0 {
            let _ = writeln!(out, "{} rows failed.", self.failures);
        }
        if let Some(threshold) = options.fail_above {
            let old = self.rev_label.as_deref().unwrap_or("the old");
            let over = compare::over_threshold(&self.ratios, threshold);
            if over.is_empty() {
                let _ = writeln!(out, "No row is slower than {threshold}x {old}.");
            } else {
                clean = false;
                let _ = writeln!(out, "Slower than {threshold}x {old}:");
                for (label, ratio) in &self.ratios {
                    if over.contains(&label.as_str()) {
                        let _ = writeln!(out, "  {label}: {}", compare::show_ratio(ratio));
                    }
                }
            }
        }
        let _ = out.flush();
        clean
    }

    fn json(&self, options: &Options) -> Value {
        json!({
            "compare": self.rev,
            "commit": self.commit,
            "fail_above": options.fail_above,
            "max_runs": options.runs,
            "seconds": options.seconds,
            "rows": self.rows,
        })
    }
}

/// Every figure of `row` for `--json`; times in nanoseconds.
fn row_json(row: &Row, ratio: Option<Ratio>) -> Value {
    let ns = |ms: f64| (ms * 1e6).round() as u64;
    let figures = |times: &[f64]| {
        let mut sorted = times.to_vec();
        let median = compare::median(&mut sorted);
        json!({
            "runs": times.len(),
            "median_ns": ns(median),
            "min_ns": ns(sorted[0]),
            "max_ns": ns(sorted[sorted.len() - 1]),
        })
    };
    let median_of = |times: &[f64]| compare::median(&mut times.to_vec());
    let new = median_of(&row.new);
    let mut value = figures(&row.new);
    value["crate"] = json!(row.subject);
    value["input"] = json!(row.name);
    value["file"] = json!(row.file.display().to_string());
    value["bytes"] = json!(row.size);
    value["peak_bytes"] = json!(row.peak);
    value["floor"] = row.floor.as_deref().map_or(Value::Null, |floor| {
        let mut value = figures(floor);
        value["ratio"] = json!(new / median_of(floor));
        value
    });
    value["baseline"] = row.baseline.as_deref().map_or(Value::Null, |baseline| {
        let mut value = figures(baseline);
        value["speedup"] = json!(median_of(baseline) / new);
        value
    });
    value["compare"] = match (&row.old, ratio) {
        (Some(Ok(old)), Some(ratio)) => {
            let mut value = figures(old);
            value["ratio"] = json!(ratio.median);
            value["noise_low"] = json!(ratio.low);
            value["noise_high"] = json!(ratio.high);
            value
        }
        (Some(Err(why)), _) => json!({ "missing": why }),
        _ => Value::Null,
    };
    value["failures"] = json!(row.notes);
    value["seconds"] = json!(row.seconds);
    value
}

/// An empty Rust program, built as cargo builds release binaries: the
/// start-up floor of any single-board run.
fn empty_program(timing_dir: &Path) -> Result<PathBuf, String> {
    let source = timing_dir.join("empty-program.rs");
    let program = timing_dir.join(format!("empty-program{}", std::env::consts::EXE_SUFFIX));
    fs::write(&source, "fn main() {}\n").map_err(|error| error.to_string())?;
    let status = workspace::rustc()
        .args(["-O", "-C", "strip=debuginfo", "-o"])
        .arg(&program)
        .arg(&source)
        .status()
        .map_err(|error| format!("cannot run rustc: {error}"))?;
    if !status.success() {
        return Err("rustc could not build the empty program".to_string());
    }
    Ok(program)
}

/// "20 B", "18.9 KB", "7.9 MB".
pub fn human_size(bytes: u64) -> String {
    let value = bytes as f64;
    if bytes >= 1 << 20 {
        format!("{:.1} MB", value / f64::from(1 << 20))
    } else if bytes >= 1 << 10 {
        format!("{:.1} KB", value / f64::from(1 << 10))
    } else {
        format!("{bytes} B")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_human() {
        assert_eq!(human_size(20), "20 B");
        assert_eq!(human_size(19_354), "18.9 KB");
        assert_eq!(human_size(8_283_750), "7.9 MB");
    }

    fn row(name: &str, new: &[f64], old: Option<Result<Vec<f64>, String>>) -> Row {
        Row {
            subject: "x1-a".to_string(),
            name: name.to_string(),
            file: PathBuf::from("a.in"),
            size: 19_354,
            new: new.to_vec(),
            floor: Some(vec![1.0; new.len()]),
            peak: Some(2 << 20),
            baseline: Some(vec![30.0]),
            old,
            notes: Vec::new(),
            seconds: 0.5,
        }
    }

    #[test]
    fn columns_stay_aligned_however_long_the_figures_are() {
        let columns = Columns::new(true, Some("d544dcf".to_string()), 34);
        let mut out = Vec::new();
        columns.header(&mut out);
        columns.row(
            &mut out,
            &row("short", &[2.0, 1.5, 12.25], Some(Ok(vec![1.0; 3]))),
        );
        columns.row(
            &mut out,
            &row("a/rather-long-name (slowest of 96)", &[1234.5], None),
        );
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        let end_of = |line: &str, word: &str| line.find(word).unwrap() + word.len();
        assert_eq!(
            end_of(lines[0], "median ms"),
            end_of(lines[1], " 2.00"),
            "{text}"
        );
        assert_eq!(end_of(lines[1], " 2.00"), end_of(lines[2], "1234.50"));
        assert_eq!(end_of(lines[0], "speed-up"), end_of(lines[1], "15.0x"));
        assert!(lines[1].ends_with("1.00  2.00 (1.50-12.25)"), "{text}");
        assert!(lines[2].ends_with("-                  -"), "{text}");
        assert!(lines[0].starts_with("input   "), "{text}");
        assert!(lines[1].starts_with("  short   "), "{text}");
    }

    #[test]
    fn json_rows_hold_every_figure_in_nanoseconds() {
        let measured = row("short", &[2.0, 1.0, 3.0], Some(Ok(vec![1.0, 1.0, 1.0])));
        let value = row_json(&measured, measured.ratio());
        assert_eq!(value["crate"], "x1-a");
        assert_eq!(value["input"], "short");
        assert_eq!(value["runs"], 3);
        assert_eq!(value["median_ns"], 2_000_000);
        assert_eq!(value["min_ns"], 1_000_000);
        assert_eq!(value["max_ns"], 3_000_000);
        assert_eq!(value["peak_bytes"], 2 << 20);
        assert_eq!(value["floor"]["ratio"], 2.0);
        assert_eq!(value["baseline"]["speedup"], 15.0);
        assert_eq!(value["compare"]["ratio"], 2.0);
        assert_eq!(value["compare"]["noise_low"], 1.0);
        assert_eq!(value["compare"]["noise_high"], 3.0);
        let missing = row("short", &[1.0], Some(Err("no crate".to_string())));
        let value = row_json(&missing, None);
        assert_eq!(value["compare"]["missing"], "no crate");
    }

    #[test]
    fn inputs_are_files_folders_and_slow_ones_on_request() {
        let dir = std::env::temp_dir().join(format!("timing-scan-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for file in [
            "10-b.in",
            "2-a.in",
            "2-a.out",
            "3-set/2.in",
            "3-set/10.in",
            "slow/x.in",
        ] {
            let path = dir.join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "").unwrap();
        }
        let names = |inputs: &[Input]| -> Vec<(String, usize)> {
            inputs
                .iter()
                .map(|input| (input.name.clone(), input.files.len()))
                .collect()
        };
        let (inputs, skipped) = scan_inputs(&dir, false).unwrap();
        let expected = |name: &str, files| (name.to_string(), files);
        assert_eq!(
            names(&inputs),
            [
                expected("2-a", 1),
                expected("3-set", 2),
                expected("10-b", 1)
            ]
        );
        assert_eq!(skipped, 1);
        assert!(inputs[1].files[0].ends_with("3-set/2.in"));
        let (inputs, skipped) = scan_inputs(&dir, true).unwrap();
        assert_eq!(names(&inputs).last(), Some(&expected("slow/x", 1)));
        assert_eq!(skipped, 0);
        let _ = fs::remove_dir_all(&dir);
    }
}
