//! A program and an interactor joined by pipes: the interactor's standard
//! output is the program's standard input and the program's standard
//! output the interactor's standard input. The two are OS pipes made by the
//! system when the two are started; the tool reads and writes nothing on
//! them, so an exchange costs what the pipes cost.
//!
//! Both are started, watched and killed as a single program is by [`run`]:
//! each in a process group of its own (on Linux with the tool a subreaper
//! for what they leave), or a Job object each on Windows. The time and
//! memory limits, the clock and the peak are the program's; the
//! interactor is only held to ending soon after the program (`grace`), and
//! is killed with it when the program runs out of time or memory.
//!
//! The tool holds a copy of each pipe's ends, as problemtools'
//! `interactive` does, which makes the order of the two's ends known and
//! the verdict with it. The write end into each process is let go only
//! once the tool has seen the other process end: neither can see the end
//! of its input (and fail on it) before the tool knows the other ended
//! first. The read ends are held until both have ended: an interactor
//! that writes to a program that has quit fills the pipe instead of
//! dying of a broken pipe, and then reads the end of the program's
//! output, which is how it finds out and says WA; a program never dies
//! of a broken pipe before the tool has seen the interactor end.
//!
//! [`run`]: super::run_within

use super::{platform, Bounds, Ending, Reader, Run, Stop, Watch, READ_GRACE, STDERR_KEPT};
use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How one interaction ended.
#[derive(Debug)]
pub struct Interaction {
    /// The program's run, as [`super::run_within`] gives it, with no
    /// standard output (it went to the interactor).
    pub program: Run,
    /// How the interactor ended.
    pub interactor: Ending,
    /// The interactor's standard error, at most its first 64 KiB.
    pub interactor_stderr: Vec<u8>,
    /// The interactor ended before the program did.
    pub interactor_first: bool,
    /// The interactor was still running `grace` after the program had
    /// ended, and was killed.
    pub interactor_outlived: bool,
    /// The interactor was killed with the program, which ran out of time
    /// or memory: its ending says nothing.
    pub interactor_killed: bool,
    /// The program was killed because the interactor had ended first in a
    /// way that settles the case.
    pub program_stopped: bool,
}

/// What the platform's wait found out about the two.
pub(super) struct PairWaited {
    pub program: super::Waited,
    pub interactor: Ending,
    pub interactor_first: bool,
    pub interactor_outlived: bool,
    pub interactor_killed: bool,
    pub program_stopped: bool,
}

/// Runs `program` against `interactor` (given `interactor_args`) under the
/// program's `bounds`. The interactor is killed once it has run `grace`
/// past the program's end. When the interactor ends first and `settles`
/// says its ending decides the case (a wrong answer, a failure), the
/// program is killed at once rather than waited for.
pub fn interact(
    program: &Path,
    interactor: &Path,
    interactor_args: &[OsString],
    bounds: Bounds,
    grace: Duration,
    settles: &dyn Fn(Ending) -> bool,
) -> io::Result<Interaction> {
    let pair = platform::Pair::new(bounds.memory)?;
    // Into the program (the interactor's output), and into the interactor.
    let (program_reads, interactor_writes) = platform::pipe()?;
    let (interactor_reads, program_writes) = platform::pipe()?;
    let mut interactor_command = Command::new(interactor);
    interactor_command
        .args(interactor_args)
        .stdin(Stdio::from(interactor_reads.try_clone()?))
        .stdout(Stdio::from(interactor_writes.try_clone()?))
        .stderr(Stdio::piped());
    // Never the program's memory limit: the interactor is the judge's.
    platform::prepare(&mut interactor_command, true, None);
    let mut interactor_child = pair.start_interactor(&mut interactor_command)?;
    // The command holds the ends it was given: dropped now, so that only
    // the tool's copies (see the module's notes) and the process's are left.
    drop(interactor_command);
    let interactor_stderr = interactor_child
        .stderr
        .take()
        .map(|pipe| Reader::start(pipe, STDERR_KEPT, None));

    let mut program_command = Command::new(program);
    let given = program_reads
        .try_clone()
        .and_then(|input| Ok((input, program_writes.try_clone()?)));
    let (input, output) = match given {
        Ok(ends) => ends,
        Err(error) => {
            pair.kill_interactor(&mut interactor_child);
            return Err(error);
        }
    };
    program_command
        .stdin(Stdio::from(input))
        .stdout(Stdio::from(output))
        .stderr(Stdio::piped())
        // As for a single run: a backtrace is no part of a judge's run.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    platform::prepare(&mut program_command, true, bounds.memory);
    let started = Instant::now();
    let started_program = pair.start_program(&mut program_command);
    drop(program_command);
    let (mut program_child, held) = match started_program {
        Ok(started) => started,
        Err(error) => {
            pair.kill_interactor(&mut interactor_child);
            return Err(error);
        }
    };
    let started = started + held;
    let program_stderr = program_child
        .stderr
        .take()
        .map(|pipe| Reader::start(pipe, STDERR_KEPT, None));
    let mut watch = PairWatch {
        watch: Watch {
            deadline: started + bounds.kill_after,
            memory: bounds.memory,
            output_over: None,
        },
        grace,
        settles,
        into_program: Some(interactor_writes),
        into_interactor: Some(program_writes),
    };
    let waited = platform::wait_pair(
        &mut program_child,
        &mut interactor_child,
        &pair,
        started,
        &mut watch,
    );
    drop((program_reads, interactor_reads));
    let read_until = Instant::now() + READ_GRACE;
    let stderr = program_stderr.map_or_else(Vec::new, |reader| reader.finish(read_until).0);
    let interactor_stderr =
        interactor_stderr.map_or_else(Vec::new, |reader| reader.finish(read_until).0);
    let waited = waited?;
    Ok(Interaction {
        program: Run {
            elapsed: waited.program.elapsed,
            peak_memory: waited.program.peak_memory,
            peak_sampled: waited.program.peak_sampled,
            ending: waited.program.ending,
            killed_for_time: waited.program.stop == Some(Stop::Time),
            killed_for_memory: waited.program.stop == Some(Stop::Memory),
            output_over_limit: false,
            stdout: Vec::new(),
            stderr,
        },
        interactor: waited.interactor,
        interactor_stderr,
        interactor_first: waited.interactor_first,
        interactor_outlived: waited.interactor_outlived,
        interactor_killed: waited.interactor_killed,
        program_stopped: waited.program_stopped,
    })
}

/// What the platform's wait watches for: the program's watch, the
/// interactor's grace, and whether its ending settles the case; and the
/// write ends the tool holds, each let go once the process at the other
/// end has ended (see the module's notes).
pub(super) struct PairWatch<'a> {
    pub watch: Watch,
    pub grace: Duration,
    pub settles: &'a dyn Fn(Ending) -> bool,
    /// The interactor's output, into the program: let go when the
    /// interactor has ended.
    pub into_program: Option<File>,
    /// The program's output, into the interactor: let go when the program
    /// has ended.
    pub into_interactor: Option<File>,
}
