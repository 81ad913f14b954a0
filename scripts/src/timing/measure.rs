//! How one row is measured: each program checked once as `cargo judge`
//! checks it (by the crate's checker), then the programs timed
//! interleaved, round after round, and the solution's peak memory measured
//! by a fresh copy of this tool.

use super::inputs::Input;
use super::progress::Progress;
use super::table::Row;
use super::{Subject, LONG_RUN};
use crate::cli;
use crate::command::{self, Ended};
use crate::compare::{self, Budget};
use crate::error::Error;
use crate::rules::Limits;
use crate::run::{self, Purpose, Run};
use crate::verdict::{self, Verdict};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// One program of a row, with the arguments it runs with.
pub struct Program {
    pub path: PathBuf,
    pub args: Vec<String>,
}

/// The output a bench input may produce: a gibibyte.
const BENCH_OUTPUT_LIMIT: u64 = 1 << 30;

/// An input's expected answer: its `.out` file.
struct Answer {
    path: PathBuf,
    text: Vec<u8>,
}

impl Answer {
    /// The `.out` file beside `input`, if there is one.
    fn of(input: &Path) -> Option<Answer> {
        let path = input.with_extension("out");
        let text = fs::read(&path).ok()?;
        Some(Answer { path, text })
    }
}

/// Runs `program` once as the judge does under `limits`, keeping its
/// output, and judges it as `cargo judge` does: by the subject's checker
/// against `answer` (with none, only the limits and the exit decide).
fn check_run(
    program: &Program,
    input: &Path,
    answer: Option<&Answer>,
    subject: &Subject,
    limits: Limits,
) -> Result<Run, Error> {
    // Bench inputs hold many judge inputs' worth of cases: their output
    // may pass the judge's output limit by far.
    let bounds = run::Bounds {
        output: BENCH_OUTPUT_LIMIT,
        stack: limits.stack,
        ..run::Bounds::time(limits.time)
    };
    let run = run::run_within(&program.path, &program.args, input, bounds, Purpose::Judge)
        .map_err(|error| Error::new(format!("cannot run {}: {error}", program.path.display())))?;
    let judgement = match answer {
        Some(answer) => subject.checker.judge(
            &run,
            input,
            &answer.path,
            &answer.text,
            limits,
            subject.checker_time,
        ),
        None => unjudged(&run, limits),
    };
    passed(run, judgement, program, input)
}

/// The verdict on a run with no answer to hold its output against: the
/// limits and the exit decide.
fn unjudged(run: &Run, limits: Limits) -> (Verdict, String) {
    verdict::fault(run, limits).unwrap_or((Verdict::Ac, String::new()))
}

/// One run with output discarded, timed or (with `Purpose::Memory`) for
/// its peak memory; its wall time in milliseconds and its peak.
fn timed_run(
    program: &Program,
    input: &Path,
    limits: Limits,
    purpose: Purpose,
) -> Result<(f64, Option<u64>), Error> {
    let run = run::run(&program.path, &program.args, input, limits.time, purpose)
        .map_err(|error| Error::new(format!("cannot run {}: {error}", program.path.display())))?;
    // Nothing kept to compare: the limits and the exit decide.
    let judgement = unjudged(&run, limits);
    let run = passed(run, judgement, program, input)?;
    Ok((run.elapsed.as_secs_f64() * 1e3, run.peak_memory))
}

/// `run` when its verdict passes, else the verdict, naming the program and
/// the input.
fn passed(
    run: Run,
    (verdict, detail): (Verdict, String),
    program: &Program,
    input: &Path,
) -> Result<Run, Error> {
    if verdict.passed() {
        Ok(run)
    } else {
        let headline = format!(
            "{verdict}: {} on {}",
            program.path.display(),
            input.display()
        );
        Err(Error::new(headline).with_detail(&detail))
    }
}

/// Runs `programs` on `input` interleaved, round after round while
/// `budget` allows, after one untimed round unless `warm_up` is false;
/// their times in milliseconds, `times[program][round]`.
pub fn rounds(
    programs: &[Program],
    input: &Path,
    budget: Budget,
    limits: Limits,
    warm_up: bool,
    progress: &mut Progress,
) -> Result<Vec<Vec<f64>>, Error> {
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
pub fn peak_memory(program: &Program, input: &Path, limits: Limits) -> Result<Option<u64>, Error> {
    let tool = std::env::current_exe()
        .map_err(|error| Error::new(format!("cannot find this program's own path: {error}")))?;
    let output = command::run(
        Command::new(tool)
            .args(["timing", "--peak-memory-of"])
            .arg(&program.path)
            .arg(input)
            .arg(limits.time.as_millis().to_string())
            .args(&program.args),
    )
    .map_err(|failure| match failure.ended {
        // What went wrong with the program, as the copy said it.
        Ended::Failed(_) if !failure.stderr.is_empty() => failure.stderr,
        _ => failure.to_string(),
    })?;
    Ok(String::from_utf8_lossy(&output).trim().parse().ok())
}

/// `cargo timing --peak-memory-of PROGRAM INPUT KILL-AFTER-MS [ARG...]`,
/// which [`peak_memory`] runs: one run of PROGRAM, its peak memory in bytes
/// (or `-`) on standard output.
pub fn peak_memory_and_exit(parser: &mut lexopt::Parser) -> ! {
    let result = (|| -> Result<String, Error> {
        let mut values = parser
            .values()
            .map_err(|error| Error::new(error.to_string()))?;
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
            ..crate::rules::DEFAULT_LIMITS
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
            let _ = writeln!(io::stderr(), "{error}");
            std::process::exit(1);
        }
    }
}

/// The solution's `run` on `input` judged by the subject's checker, with
/// another program's `output` standing in for the answer. A checker
/// program reads it from a file written for it in the subject's scratch
/// folder and removed after.
fn against_stand_in(
    subject: &Subject,
    run: &Run,
    input: &Path,
    output: &[u8],
) -> (Verdict, String) {
    let checker = &subject.checker;
    if checker.program().is_none() {
        // Only a checker program reads the answer's file.
        return checker.judge(
            run,
            input,
            input,
            output,
            subject.limits,
            subject.checker_time,
        );
    }
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let path = subject.scratch.join(format!(
        "stand-in-answer-{}-{}.out",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let written = fs::create_dir_all(&subject.scratch).and_then(|()| fs::write(&path, output));
    if let Err(error) = written {
        let detail = format!("cannot write {}: {error}\n", path.display());
        return (Verdict::Error, detail);
    }
    let judgement = checker.judge(
        run,
        input,
        &path,
        output,
        subject.limits,
        subject.checker_time,
    );
    let _ = fs::remove_file(&path);
    judgement
}

/// Measures one row: finds the slowest file of a folder, checks the
/// outputs, then times the solution, the floor and REV interleaved, and
/// the baseline after them.
pub(super) fn time_row(
    subject: &Subject,
    input: &Input,
    floor: &Path,
    budget: Budget,
    progress: &mut Progress,
) -> Result<Row, Error> {
    let new = Program {
        path: subject.program.clone(),
        args: Vec::new(),
    };
    // The slowest file of a folder, by one checked run of each.
    let mut chosen: Option<(PathBuf, Run)> = None;
    for (index, file) in input.files.iter().enumerate() {
        progress.show(&format!(
            "checking file {}/{}",
            index + 1,
            input.files.len()
        ));
        let answer = Answer::of(file);
        let run = check_run(&new, file, answer.as_ref(), subject, subject.limits)?;
        if chosen
            .as_ref()
            .map_or(true, |(_, slowest)| run.elapsed > slowest.elapsed)
        {
            chosen = Some((file.clone(), run));
        }
    }
    let (file, checked) = chosen.ok_or("no input files")?;
    let answer = Answer::of(&file);
    let mut notes = Vec::new();
    // With no `.out`, another program's output stands in for it, held
    // against the solution's by the same checker: a difference is noted,
    // not failed, since either may be the wrong one.
    let mut note_difference = |whose: &str, other: &Run| {
        if answer.is_none() {
            let (verdict, detail) = against_stand_in(subject, &checked, &file, &other.stdout);
            if verdict == Verdict::Error {
                let headline = format!("the output could not be held against {whose} ({verdict}):");
                notes.push(Error::new(headline).with_detail(&detail));
            } else if !verdict.passed() {
                let headline = format!("the output differs from {whose} ({verdict}):");
                notes.push(Error::new(headline).with_detail(&detail));
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
        match check_run(&program, &file, answer.as_ref(), subject, subject.limits) {
            Ok(run) => {
                note_difference("REV's", &run);
                programs.push(program);
            }
            Err(error) => old = Some(Err(error.context("REV fails"))),
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
        let run = check_run(baseline, &file, answer.as_ref(), subject, baseline_limits)?;
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
