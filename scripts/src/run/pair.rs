//! A program and an interactor joined by pipes: the interactor's standard
//! output is the program's standard input and the program's standard
//! output the interactor's standard input. The tool makes the two OS pipes
//! and gives each process its ends; it reads and writes nothing on them,
//! so an exchange costs what the pipes cost. Only when a transcript is
//! asked for does it sit between the two, a relay thread each way.
//!
//! Both are started, watched and killed as a single program is by [`run`]:
//! each in a process group of its own (on Linux with the tool a subreaper
//! for what they leave), or a Job object each on Windows. The time and
//! memory limits, the clock and the peak are the program's; the
//! interactor is only held to ending soon after the program (`grace`), and
//! is killed with it when the program runs out of time or memory.
//!
//! The pipes are 1 MiB where the system lets them be sized (Linux), as
//! problemtools' `support/interactive/interactive.cc` (`makepipe`) and
//! DOMjudge's `judge/runpipe.cc` (`resize_pipe`) size theirs, so that a
//! long message does not wait on a reader that is busy. The tool holds
//! copies of some ends, as problemtools' `interactive` does, so that the
//! verdict follows who ended first, a matter of fact, not of which process
//! the scheduler ran first:
//!
//! - The write end into the interactor is let go only once the tool has
//!   seen the program end: the interactor cannot see the end of its input
//!   (and say WA on it) before the tool knows the program ended first.
//! - The write end into the program is the interactor's alone, as under
//!   DOMjudge's `runpipe` (which keeps none): an interactor that closes its
//!   output gives the program the end of its input there and then, living
//!   on or not. What that program then does is the program's own: the
//!   interactor ended first only when, as the tool takes in the program's
//!   end, the interactor has ended or is ending (Linux says so from the
//!   moment it starts to exit, before it lets go of its output; elsewhere
//!   once it has exited), and then the interactor's end is taken in first.
//! - The read ends are held until both have ended: an interactor never
//!   dies of a broken pipe, and what it writes once the program has ended
//!   is drained (problemtools keeps that end too, and its pipe holds
//!   1 MiB), so it goes on to read the end of the program's output, and
//!   says what it has to say; a program never dies of a broken pipe before
//!   the tool has seen the interactor end.
//!
//! The relays of a transcript keep this order: the relay into the
//! interactor passes the end of its input on only once the tool has seen
//! the program end, the one into the program at once, and each reads its
//! input to the end even once its reader is gone.
//!
//! [`run`]: super::run_within

use super::{platform, Bounds, Ending, Reader, Run, Stop, Watch, READ_GRACE, STDERR_KEPT};
use std::collections::VecDeque;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
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
    /// The interactor ended before the program did: it had ended, or was
    /// ending, when the tool took in the program's end.
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
    /// With a transcript asked for: the last lines each side wrote, in
    /// the order they were passed on (a line not ended last).
    pub transcript: Option<Vec<(Side, Vec<u8>)>>,
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
/// program is killed at once rather than waited for. With `transcript`,
/// the tool relays the two's lines instead of joining them directly, and
/// keeps the last ones: the order of the ends is kept as without.
pub fn interact(
    program: &Path,
    interactor: &Path,
    interactor_args: &[OsString],
    bounds: Bounds,
    grace: Duration,
    settles: &dyn Fn(Ending) -> bool,
    transcript: bool,
) -> io::Result<Interaction> {
    let pair = platform::Pair::new(bounds.memory)?;
    let joined = Joined::new(transcript)?;
    let mut interactor_command = Command::new(interactor);
    interactor_command
        .args(interactor_args)
        .stdin(Stdio::from(joined.interactor_stdin))
        .stdout(Stdio::from(joined.interactor_stdout))
        .stderr(Stdio::piped());
    // Neither the program's memory limit nor its runner (on Unix, the
    // process that keeps a program from stopping the tool): the
    // interactor is the judge's own, and its ending is read directly. It
    // dies with the tool, as the program does.
    platform::prepare_interactor(&mut interactor_command);
    let started_interactor = pair.start_interactor(&mut interactor_command);
    // The command holds the ends it was given: dropped now, so that only
    // the tool's copies (see the module's notes) and the process's are left.
    drop(interactor_command);
    let mut interactor_child = started_interactor?;
    let interactor_stderr = interactor_child
        .stderr
        .take()
        .map(|pipe| Reader::start(pipe, STDERR_KEPT, None));

    let mut program_command = Command::new(program);
    // Before the streams (see `run_within`).
    platform::prepare(&mut program_command, true, bounds.memory, bounds.stack);
    program_command
        .stdin(Stdio::from(joined.program_stdin))
        .stdout(Stdio::from(joined.program_stdout))
        .stderr(Stdio::piped())
        // As for a single run: a backtrace is no part of a judge's run.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
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
            bound: super::wait_bound(started, &bounds),
            memory: bounds.memory,
            output_over: None,
            cpu: bounds.kill_cpu_after,
            wait: Duration::ZERO,
        },
        grace,
        settles,
        into_interactor: Some(joined.into_interactor),
        unread: joined.unread,
    };
    let waited = platform::wait_pair(
        &mut program_child,
        &mut interactor_child,
        &pair,
        started,
        &mut watch,
    );
    drop(watch);
    drop(joined.kept);
    let read_until = Instant::now() + READ_GRACE;
    let transcript = joined.relays.map(|relays| relays.finish(read_until));
    let stderr = program_stderr.map_or_else(Vec::new, |reader| reader.finish(read_until).0);
    let interactor_stderr =
        interactor_stderr.map_or_else(Vec::new, |reader| reader.finish(read_until).0);
    let waited = waited?;
    Ok(Interaction {
        program: Run {
            elapsed: waited.program.elapsed,
            cpu: waited.program.cpu,
            wait: waited.program.wait,
            peak_memory: waited.program.peak_memory,
            peak_sampled: waited.program.peak_sampled,
            fell_back: waited.program.fell_back,
            process_limit_hit: waited.program.process_limit_hit,
            ending: waited.program.ending,
            killed_for_time: matches!(waited.program.stop, Some(Stop::Time | Stop::Bound)),
            killed_at_bound: waited.program.stop == Some(Stop::Bound),
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
        transcript,
    })
}

/// What the platform's wait watches for: the program's watch, the
/// interactor's grace, and whether its ending settles the case; the write
/// end the tool holds, let go once the program has ended, and the read
/// end drained from then on (see the module's notes).
pub(super) struct PairWatch<'a> {
    pub watch: Watch,
    pub grace: Duration,
    pub settles: &'a dyn Fn(Ending) -> bool,
    /// The program's output, into the interactor: let go when the program
    /// has ended.
    pub into_interactor: Option<Held>,
    /// The tool's copy of the program's input: what the interactor writes
    /// once the program has ended is read from it and dropped.
    pub unread: Option<File>,
}

/// What a pair's wait has seen so far, and what each event decides: the
/// same on every platform, which only waits, kills and reaps. `P` and `I`
/// are what the platform keeps of the program's and the interactor's end.
pub(super) struct PairEnds<P, I> {
    /// When the program's end was seen, and the end.
    pub program_end: Option<(Instant, P)>,
    pub interactor_end: Option<I>,
    pub program_elapsed: Duration,
    pub stop: Option<Stop>,
    pub interactor_first: bool,
    pub interactor_outlived: bool,
    pub interactor_killed: bool,
    pub program_stopped: bool,
}

impl<P, I> PairEnds<P, I> {
    pub fn new() -> PairEnds<P, I> {
        PairEnds {
            program_end: None,
            interactor_end: None,
            program_elapsed: Duration::ZERO,
            stop: None,
            interactor_first: false,
            interactor_outlived: false,
            interactor_killed: false,
            program_stopped: false,
        }
    }

    /// Whether either has yet to end.
    pub fn waiting(&self) -> bool {
        self.program_end.is_none() || self.interactor_end.is_none()
    }

    /// How long the wait for the next end may last: to the next look at
    /// the program's watch, to the end of the interactor's grace, or,
    /// after a kill, long enough never to spin while it takes effect.
    pub fn timeout(&self, rules: &PairWatch) -> Duration {
        const KILLED_WAIT: Duration = Duration::from_secs(1);
        match &self.program_end {
            None if self.stop.is_some() => KILLED_WAIT,
            None => rules.watch.pause(),
            Some(_) if self.interactor_outlived => KILLED_WAIT,
            Some((at, _)) => (*at + rules.grace).saturating_duration_since(Instant::now()),
        }
    }

    /// The program has ended, `elapsed` after its start: the interactor's
    /// way into it is let go, and what the interactor still writes to it is
    /// drained.
    pub fn program_ended(&mut self, elapsed: Duration, end: P, rules: &mut PairWatch) {
        self.program_elapsed = elapsed;
        self.program_end = Some((Instant::now(), end));
        rules.into_interactor = None;
        if let Some(mut unread) = rules.unread.take() {
            // Ends at the end of the interactor's output: when it has
            // ended, and what it started with it.
            super::threads::spawn(move || io::copy(&mut unread, &mut io::sink()));
        }
    }

    /// Whether the interactor's end is to be taken in before the
    /// program's, which has come: it has not been yet, the program was not
    /// killed for its limits, and the interactor has ended or is ending
    /// (`ending`, asked only then), so that the program may have ended of
    /// the end of its input (see the module's notes).
    pub fn interactor_ends_first(&self, ending: impl FnOnce() -> bool) -> bool {
        self.interactor_end.is_none() && self.stop.is_none() && ending()
    }

    /// The interactor has ended (`ending`, unknown when it could not be
    /// read): when it ended first in a way that settles the case, the
    /// program is killed by `kill_program`.
    pub fn interactor_ended(
        &mut self,
        ending: Option<Ending>,
        end: I,
        rules: &PairWatch,
        kill_program: impl FnOnce(),
    ) {
        if self.program_end.is_none() && self.stop.is_none() {
            self.interactor_first = true;
            if ending.map_or(true, |ending| (rules.settles)(ending)) {
                self.program_stopped = true;
                kill_program();
            }
        }
        self.interactor_end = Some(end);
    }

    /// The wait timed out: the program is killed when its watch says so
    /// (`resident` reads its memory, `cpu` its CPU time, as a single
    /// run's watch does), with the interactor if it still runs; the
    /// interactor is killed once its grace is over. The interactor's own
    /// CPU time counts for nothing: DOMjudge runs only the program under
    /// runguard's CPU limit (`judge/judgedaemon.main.php`, the run
    /// arguments that `run-interactive.sh` gives `runpipe`).
    pub fn timed_out(
        &mut self,
        rules: &PairWatch,
        resident: impl FnOnce() -> Option<u64>,
        cpu: impl FnOnce() -> Option<Duration>,
        kill_program: impl FnOnce(),
        kill_interactor: impl FnOnce(),
    ) {
        if self.program_end.is_none() {
            if self.stop.is_none() {
                let over_cpu = || rules.watch.over_cpu(cpu).then_some(Stop::Time);
                if let Some(reason) = rules.watch.stop(resident).or_else(over_cpu) {
                    self.stop = Some(reason);
                    kill_program();
                    if self.interactor_end.is_none() {
                        self.interactor_killed = true;
                        kill_interactor();
                    }
                }
            }
        } else if self.interactor_end.is_none() && !self.interactor_outlived {
            self.interactor_outlived = true;
            kill_interactor();
        }
    }

    /// The two's ends, once both have come.
    pub fn take_ends(&mut self) -> (P, I) {
        let (Some((_, program_end)), Some(interactor_end)) =
            (self.program_end.take(), self.interactor_end.take())
        else {
            unreachable!("the wait ends when both have ended")
        };
        (program_end, interactor_end)
    }

    /// What the wait found out, with the program's figures and the
    /// interactor's ending.
    pub fn waited(&self, program: super::Waited, interactor: Ending) -> PairWaited {
        PairWaited {
            program,
            interactor,
            interactor_first: self.interactor_first,
            interactor_outlived: self.interactor_outlived,
            interactor_killed: self.interactor_killed,
            program_stopped: self.program_stopped,
        }
    }
}

/// A way into one process that the tool holds until it lets go: the write
/// end of the pipe itself, or with a transcript, the word to the relay
/// that it may pass the end of its input on.
pub(super) enum Held {
    /// Only ever dropped.
    End {
        _end: File,
    },
    Gate {
        _gate: mpsc::Sender<()>,
    },
}

/// The pipes' ends for the two processes, and what the tool keeps.
struct Joined {
    interactor_stdin: File,
    interactor_stdout: File,
    program_stdin: File,
    program_stdout: File,
    /// Read ends held until both have ended.
    kept: Vec<File>,
    /// The tool's copy of the program's input, drained once it has ended.
    unread: Option<File>,
    into_interactor: Held,
    /// With a transcript: the two relays.
    relays: Option<Relays>,
}

impl Joined {
    /// Two pipes between the two (see the module's notes); with
    /// `transcript`, four, and a relay thread in each direction that
    /// passes what it reads on and keeps the last lines.
    fn new(transcript: bool) -> io::Result<Joined> {
        if !transcript {
            let (program_reads, interactor_writes) = platform::pipe()?;
            let (interactor_reads, program_writes) = platform::pipe()?;
            return Ok(Joined {
                interactor_stdin: interactor_reads.try_clone()?,
                interactor_stdout: interactor_writes,
                program_stdin: program_reads.try_clone()?,
                program_stdout: program_writes.try_clone()?,
                kept: vec![interactor_reads],
                unread: Some(program_reads),
                into_interactor: Held::End {
                    _end: program_writes,
                },
                relays: None,
            });
        }
        let (program_reads, into_program) = platform::pipe()?;
        let (from_program, program_writes) = platform::pipe()?;
        let (interactor_reads, into_interactor) = platform::pipe()?;
        let (from_interactor, interactor_writes) = platform::pipe()?;
        let log = Arc::new(Mutex::new(Log::default()));
        // The relay into the program passes the end of its input on at
        // once: its gate is open from the start.
        let program_may_end = mpsc::channel().1;
        let (interactor_gate, interactor_may_end) = mpsc::channel();
        let (ending, ended) = mpsc::channel();
        for (from, to, side, may_end) in [
            (
                from_interactor,
                into_program,
                Side::Interactor,
                program_may_end,
            ),
            (
                from_program,
                into_interactor,
                Side::Program,
                interactor_may_end,
            ),
        ] {
            let (log, ending) = (Arc::clone(&log), ending.clone());
            super::threads::spawn(move || {
                let _ending = ending;
                relay(from, to, side, &log, &may_end);
            });
        }
        Ok(Joined {
            interactor_stdin: interactor_reads,
            interactor_stdout: interactor_writes,
            program_stdin: program_reads,
            program_stdout: program_writes,
            kept: Vec::new(),
            unread: None,
            into_interactor: Held::Gate {
                _gate: interactor_gate,
            },
            relays: Some(Relays { log, ended }),
        })
    }
}

/// Which side wrote a line of a transcript.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Interactor,
    Program,
}

/// The lines a transcript keeps: the last ones.
const TRANSCRIPT_LINES: usize = 12;

/// The last lines passed on, in the order the relays passed them, and
/// each side's line not yet ended.
#[derive(Default)]
struct Log {
    lines: VecDeque<(Side, Vec<u8>)>,
    partial: [Vec<u8>; 2],
}

impl Log {
    fn record(&mut self, side: Side, bytes: &[u8]) {
        let partial = &mut self.partial[side as usize];
        for piece in bytes.split_inclusive(|&byte| byte == b'\n') {
            // Only the end of a long line is kept.
            if partial.len() < 4096 {
                partial.extend_from_slice(piece);
            }
            if piece.ends_with(b"\n") {
                partial.pop();
                let line = std::mem::take(partial);
                self.lines.push_back((side, line));
                if self.lines.len() > TRANSCRIPT_LINES {
                    self.lines.pop_front();
                }
            }
        }
    }
}

/// The two relay threads of a transcript.
struct Relays {
    log: Arc<Mutex<Log>>,
    /// Disconnected once both relays have ended.
    ended: mpsc::Receiver<()>,
}

impl Relays {
    /// The transcript: the last lines passed on (waiting for the relays
    /// until `deadline` at most), a line not ended last.
    fn finish(self, deadline: Instant) -> Vec<(Side, Vec<u8>)> {
        let wait = deadline.saturating_duration_since(Instant::now());
        let _ = self.ended.recv_timeout(wait);
        let mut log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
        let mut lines: Vec<(Side, Vec<u8>)> = log.lines.drain(..).collect();
        for side in [Side::Interactor, Side::Program] {
            let partial = std::mem::take(&mut log.partial[side as usize]);
            if !partial.is_empty() {
                lines.push((side, partial));
            }
        }
        let extra = lines.len().saturating_sub(TRANSCRIPT_LINES);
        lines.drain(..extra);
        lines
    }
}

/// Passes what `from` gives on to `to`, recording it, until its end; that
/// end is passed on (`to` closed) only once `may_end` says so. Once `to`
/// fails (its reader has ended), what `from` gives is still read, so that
/// its writer never dies of a broken pipe.
fn relay(mut from: File, to: File, side: Side, log: &Mutex<Log>, may_end: &mpsc::Receiver<()>) {
    let mut to = Some(to);
    let mut buffer = vec![0u8; 64 * 1024];
    loop {
        match from.read(&mut buffer) {
            Ok(0) => break,
            Ok(count) => {
                // Recorded before it is passed on, so that a reply is
                // never recorded before what it answers.
                log.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .record(side, &buffer[..count]);
                if let Some(writer) = &mut to {
                    if writer.write_all(&buffer[..count]).is_err() {
                        to = None;
                    }
                }
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
    }
    // Returns once the sender is dropped: nothing is ever sent.
    let _ = may_end.recv();
    drop(to);
}
