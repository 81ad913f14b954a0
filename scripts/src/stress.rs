//! `cargo stress`: a solution against its crate's brute force on many small
//! random inputs, stopping at the first difference.
//!
//! The crate's example `<crate>-gen` prints one small random input for the
//! seed it is given; its example `<crate>-brute` answers a valid input by a
//! deliberately simple method. Case `k` uses seed `first + k`, so a failure
//! is reproduced with `--seed` alone.

use crate::checker::checker_time;
use crate::color::{self, Paint};
use crate::error::{indented, Error};
use crate::flags::Stress as Options;
use crate::run::{self, Bounds, Purpose, Run};
use crate::verdict::{self, Verdict};
use crate::workspace::{Problem, Workspace};
use std::fs;
use std::io::Write;
use std::path::Path;
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
    let input = dir.join("case.in");
    // The brute force's answer, as a checker program reads it.
    let answer = dir.join("case.ans");

    let started = Instant::now();
    let mut done = 0;
    for seed in options.seed..options.seed.saturating_add(options.cases) {
        if options.time.is_some_and(|limit| started.elapsed() >= limit) {
            break;
        }
        let made = run_helper(&generator, &[seed.to_string()], &empty, "gen")?;
        fs::write(&input, &made.stdout)
            .map_err(|error| Error::new(format!("cannot write {}: {error}", input.display())))?;
        let expected = run_helper(&brute, &[], &input, "brute")?;
        fs::write(&answer, &expected.stdout)
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
        let actual = run::run_within(&solution, &[], &input, bounds, Purpose::Judge)
            .map_err(|error| Error::new(format!("cannot run {}: {error}", solution.display())))?;
        // The same verdict as `cargo judge` gives, by the crate's checker,
        // the brute force's output taken as the expected one.
        let (verdict, detail) = problem.checker.judge(
            &actual,
            &input,
            &answer,
            &expected.stdout,
            problem.limits,
            checker_time(problem.limits.time),
        );
        if !verdict.passed() {
            let fault = match verdict {
                Verdict::Wa | Verdict::Pe => verdict.to_string(),
                _ => format!("{verdict}, {}", detail.lines().next().unwrap_or("")),
            };
            let kept = dir.join(format!("seed-{seed}.in"));
            let _ = fs::copy(&input, &kept);
            let _ = write!(
                out,
                "{}  {} on seed {seed} (case {} of this run): {fault}\n\
                 input ({} bytes; kept as {}; `cargo stress {} --seed {seed} --cases 1` runs it again):\n{}{}",
                out.paint(Paint::Bad, "FAIL"),
                problem.name,
                done + 1,
                made.stdout.len(),
                kept.display(),
                problem.name,
                verdict::first_lines(&made.stdout, INPUT_LINES, "    "),
                if matches!(verdict, Verdict::Wa | Verdict::Pe) {
                    format!(
                        "brute force (expected) against the solution (actual):\n{}",
                        indented(&detail, "    ")
                    )
                } else if verdict == Verdict::Error {
                    // The checker program failed, not the solution.
                    indented(&detail, "    ")
                } else {
                    format!(
                        "the solution's stderr:\n{}",
                        verdict::first_lines(&actual.stderr, verdict::STDERR_LINES, "    ")
                    )
                }
            );
            return Ok(false);
        }
        done += 1;
    }
    let last = options.seed.saturating_add(done.max(1) - 1);
    let summary = format!(
        "{} passed, 0 failed: {} on seeds {}..={last} against its brute force, in {:.1} s",
        done,
        problem.name,
        options.seed,
        started.elapsed().as_secs_f64()
    );
    let paint = if done > 0 { Paint::Good } else { Paint::Bad };
    let _ = writeln!(out, "{}", out.paint(paint, summary));
    let _ = out.flush();
    Ok(done > 0)
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
