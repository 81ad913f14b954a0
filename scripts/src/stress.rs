//! `cargo stress`: a solution against its crate's brute force on many small
//! random inputs, stopping at the first difference.
//!
//! The crate's example `<crate>-gen` prints one small random input for the
//! seed it is given; its example `<crate>-brute` answers a valid input by a
//! deliberately simple method. Case `k` uses seed `first + k`, so a failure
//! is reproduced with `--seed` alone.
//!
//! With `-j N`, N jobs take the seeds in increasing order, each case with
//! files of its own, and the report is the one a single job gives: a seed
//! that fails stops the taking of seeds above it, every seed below it has
//! been taken and is finished, and the lowest seed that failed (or whose
//! generator or brute force did) is the one reported. The seeds checked
//! are always one range from the first, `--time` or not.

use crate::checker::checker_time;
use crate::color::{self, Paint};
use crate::error::{indented, Error};
use crate::flags::Stress as Options;
use crate::jobs::{self, Jobs};
use crate::run::{self, Bounds, Purpose, Run};
use crate::verdict::{self, Verdict};
use crate::workspace::{Problem, Workspace};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A generator or a brute force that takes longer than this on one small
/// case is broken.
const HELPER_TIME: Duration = Duration::from_secs(10);
/// Lines of the failing input shown.
const INPUT_LINES: usize = 40;

/// Runs `cargo stress`; true when no case showed a difference.
pub fn main(options: &Options) -> Result<bool, Error> {
    // A colour that is no choice is the command line's error, before
    // anything is built.
    let out = &mut color::stream(options.color, false)?;
    let workspace = Workspace::load()?;
    let problem = match &options.crate_name {
        Some(name) => *workspace
            .select(std::slice::from_ref(name))?
            .first()
            .ok_or("no crate")?,
        None => workspace
            .current_problem()
            .ok_or("cargo stress takes one crate name")?,
    };
    if problem.interactor.is_some() {
        return Err(Error::new(format!(
            "{} is an interactive problem: cargo stress holds a program's output against a \
             brute force's, and here the interactor decides; cargo judge {} judges it",
            problem.name, problem.name
        )));
    }
    let (generator, brute) = helpers(problem)?;
    workspace.build_release(&[problem], &[generator.clone(), brute.clone()])?;
    let solution = workspace.release_binary(&problem.name);
    let generator = workspace.release_example(&generator);
    let brute = workspace.release_example(&brute);

    let dir = workspace.target_dir.join("stress").join(&problem.name);
    fs::create_dir_all(&dir)
        .map_err(|error| Error::new(format!("cannot create {}: {error}", dir.display())))?;
    let empty = dir.join("empty.in");
    fs::write(&empty, b"").map_err(|error| Error::new(error.to_string()))?;
    let programs = Programs {
        problem,
        solution,
        generator,
        brute,
        empty,
    };

    // A job runs the generator, the brute force and the solution one after
    // another, the helpers' inputs small: the solution's memory limit is
    // what a job may take.
    let cases = usize::try_from(options.cases).unwrap_or(usize::MAX);
    let jobs = Jobs::fitting(options.jobs, problem.limits.memory, cases);
    if let Some(fewer) = &jobs.fewer {
        let _ = writeln!(out, "note: {fewer}");
    }
    let started = Instant::now();
    let seeds = Mutex::new(Seeds {
        next: options.seed,
        end: options.seed.saturating_add(options.cases),
        stopped: false,
    });
    let mut checked = jobs::scoped(jobs.used, |pool| {
        let tickets: Vec<usize> = (0..jobs.used)
            .map(|worker| {
                let (programs, seeds, dir) = (&programs, &seeds, &dir);
                pool.give(move || {
                    work(programs, seeds, dir, worker, || {
                        options.time.is_some_and(|limit| started.elapsed() >= limit)
                    })
                })
            })
            .collect();
        tickets
            .into_iter()
            .flat_map(|ticket| pool.take(ticket))
            .collect::<Vec<Checked>>()
    });
    // Every seed below the last one taken was taken and has ended: the
    // lowest that did not pass is the one a single job would have stopped
    // at.
    checked.sort_by_key(|checked| checked.seed);
    let lowest = checked
        .into_iter()
        .find_map(|checked| match checked.outcome {
            Ok(None) => None,
            Ok(Some(failure)) => Some(Ok((checked.seed, failure))),
            Err(error) => Some(Err(error)),
        });
    if let Some(stopped) = lowest {
        let (seed, failure) = stopped?;
        let case = seed - options.seed + 1;
        report_failure(out, &dir, problem, seed, case, &failure);
        return Ok(false);
    }
    let done = seeds
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
        .next
        - options.seed;
    let last = options.seed.saturating_add(done.max(1) - 1);
    let summary = format!(
        "{} passed, 0 failed: {} on seeds {}..={last} against its brute force, in {:.1} s, {} job{}",
        done,
        problem.name,
        options.seed,
        started.elapsed().as_secs_f64(),
        jobs.used,
        if jobs.used == 1 { "" } else { "s" },
    );
    let paint = if done > 0 { Paint::Good } else { Paint::Bad };
    let _ = writeln!(out, "{}", out.paint(paint, summary));
    let _ = out.flush();
    Ok(done > 0)
}

/// The programs a case runs, built.
struct Programs<'a> {
    problem: &'a Problem,
    solution: PathBuf,
    generator: PathBuf,
    brute: PathBuf,
    /// An empty file, the generator's standard input.
    empty: PathBuf,
}

/// The seeds the jobs take, in increasing order, so that the seeds taken
/// are always all those from the first to `next`.
struct Seeds {
    next: u64,
    end: u64,
    /// A seed did not pass, or the time ran out: no further seed is taken.
    /// One below a seed that failed has been taken already, and is finished.
    stopped: bool,
}

/// What one seed came to: passed (`Ok(None)`), a failure of the solution,
/// or an error of a helper or of the files.
struct Checked {
    seed: u64,
    outcome: Result<Option<Failure>, Error>,
}

/// What the report of a failing seed shows.
struct Failure {
    verdict: Verdict,
    detail: String,
    input: Vec<u8>,
    stderr: Vec<u8>,
}

/// One job: takes seeds until none is left, one does not pass or
/// `out_of_time` says so; what each came to. The job's case files are
/// its own (numbered `worker`), written over for each seed.
fn work(
    programs: &Programs,
    seeds: &Mutex<Seeds>,
    dir: &Path,
    worker: usize,
    out_of_time: impl Fn() -> bool,
) -> Vec<Checked> {
    let input = dir.join(format!("case-{worker}.in"));
    // The brute force's answer, as a checker program reads it.
    let answer = dir.join(format!("case-{worker}.ans"));
    let lock = || seeds.lock().unwrap_or_else(PoisonError::into_inner);
    let mut checked = Vec::new();
    loop {
        let seed = {
            let mut seeds = lock();
            // Asked under the lock, so that no seed is taken after one
            // that found the time gone: the seeds taken stay one range.
            if seeds.stopped || seeds.next >= seeds.end || out_of_time() {
                seeds.stopped = true;
                break;
            }
            seeds.next += 1;
            seeds.next - 1
        };
        let outcome = check(programs, seed, &input, &answer);
        let passed = matches!(outcome, Ok(None));
        checked.push(Checked { seed, outcome });
        if !passed {
            lock().stopped = true;
            break;
        }
    }
    let _ = fs::remove_file(&input);
    let _ = fs::remove_file(&answer);
    checked
}

/// Runs case `seed`: the generator's input written to `input`, the brute
/// force's answer to `answer`, the solution judged on it. `None` when it
/// passed.
fn check(
    programs: &Programs,
    seed: u64,
    input: &Path,
    answer: &Path,
) -> Result<Option<Failure>, Error> {
    let problem = programs.problem;
    let made = run_helper(
        &programs.generator,
        &[seed.to_string()],
        &programs.empty,
        "gen",
    )?;
    fs::write(input, &made.stdout)
        .map_err(|error| Error::new(format!("cannot write {}: {error}", input.display())))?;
    let expected = run_helper(&programs.brute, &[], input, "brute")?;
    fs::write(answer, &expected.stdout)
        .map_err(|error| Error::new(format!("cannot write {}: {error}", answer.display())))?;
    let (kill_after, kill_cpu_after) = problem.limits.kill_points();
    let bounds = Bounds {
        kill_after,
        memory: Some(problem.limits.memory),
        output: problem.limits.output_for(expected.stdout.len() as u64),
        stack: problem.limits.stack,
        kill_cpu_after,
        kill_wall_after: None,
    };
    let solution = &programs.solution;
    let actual = run::run_within(solution, &[], input, bounds, Purpose::Judge)
        .map_err(|error| Error::new(format!("cannot run {}: {error}", solution.display())))?;
    // The same verdict as `cargo judge` gives, by the crate's checker,
    // the brute force's output taken as the expected one.
    let (verdict, detail) = problem.checker.judge(
        &actual,
        input,
        answer,
        &expected.stdout,
        problem.limits,
        checker_time(problem.limits.time),
    );
    Ok((!verdict.passed()).then_some(Failure {
        verdict,
        detail,
        input: made.stdout,
        stderr: actual.stderr,
    }))
}

/// Prints the report of the failing seed `seed`, case `case` of this run,
/// and keeps its input in `dir`.
fn report_failure(
    out: &mut color::Output,
    dir: &Path,
    problem: &Problem,
    seed: u64,
    case: u64,
    failure: &Failure,
) {
    let Failure {
        verdict,
        detail,
        input,
        stderr,
    } = failure;
    let verdict = *verdict;
    let fault = match verdict {
        Verdict::Wa | Verdict::Pe => verdict.to_string(),
        _ => format!("{verdict}, {}", detail.lines().next().unwrap_or("")),
    };
    let kept = dir.join(format!("seed-{seed}.in"));
    let _ = fs::write(&kept, input);
    let _ = write!(
        out,
        "{}  {} on seed {seed} (case {case} of this run): {fault}\n\
         input ({} bytes; kept as {}; `cargo stress {} --seed {seed} --cases 1` runs it again):\n{}{}",
        out.paint(Paint::Bad, "FAIL"),
        problem.name,
        input.len(),
        kept.display(),
        problem.name,
        verdict::first_lines(input, INPUT_LINES, "    "),
        if matches!(verdict, Verdict::Wa | Verdict::Pe) {
            format!(
                "brute force (expected) against the solution (actual):\n{}",
                indented(detail, "    ")
            )
        } else if verdict == Verdict::Error {
            // The checker program failed, not the solution.
            indented(detail, "    ")
        } else {
            format!(
                "the solution's stderr:\n{}",
                verdict::first_lines(stderr, verdict::STDERR_LINES, "    ")
            )
        }
    );
}

/// The names of the crate's generator and brute-force examples.
fn helpers(problem: &Problem) -> Result<(String, String), Error> {
    let find = |role: &str| {
        problem.example(role).ok_or_else(|| {
            format!(
                "{} has no example {}-{role} (examples/{role}.rs, declared as [[example]] \
                 name = \"{}-{role}\")",
                problem.name, problem.name, problem.name
            )
        })
    };
    Ok((find("gen")?, find("brute")?))
}

/// Runs a generator or brute force; an error when it does not finish
/// cleanly, since then there is nothing to compare.
fn run_helper(program: &Path, args: &[String], input: &Path, role: &str) -> Result<Run, Error> {
    let run = run::run(program, args, input, HELPER_TIME, Purpose::Judge)
        .map_err(|error| Error::new(format!("cannot run {}: {error}", program.display())))?;
    if run.killed_for_time || !run.ending.success() {
        let ending = if run.killed_for_time {
            format!("was killed after {}", verdict::milliseconds(run.elapsed))
        } else {
            run.ending.describe()
        };
        let headline = format!(
            "the {role} example {} {ending} (arguments {args:?}); stderr:",
            program.display()
        );
        return Err(Error::new(headline).with_detail(&verdict::first_lines(&run.stderr, 10, "")));
    }
    Ok(run)
}
