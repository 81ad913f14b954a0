//! Runs one program on one input under a time limit and reports how it
//! ended: wall time, peak memory, exit status or signal, its output.
//!
//! This is the only platform-specific part of the tool. On Unix the child is
//! waited for with `waitid` (leaving it a zombie, so its pid cannot be
//! reused while the watchdog may still kill it) and then reaped with `wait4`,
//! whose `rusage` gives its peak resident memory. Elsewhere (Windows) the
//! child is polled with `try_wait`, and peak memory is not measured.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::process::{Child, ChildStderr, ChildStdout, Command, Stdio};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Standard error kept for a report: the first lines are what matter.
const STDERR_KEPT: usize = 64 * 1024;
/// Standard output kept for a comparison; a program that writes more is
/// wrong anyway, and the rest is read and dropped so it never blocks.
const STDOUT_KEPT: usize = 256 * 1024 * 1024;

/// What a run is for, which decides what is kept and measured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Purpose {
    /// Judging: keep standard output and error, measure peak memory.
    Judge,
    /// Timing: output to the null device, and the program started the
    /// quickest way (posix_spawn), which leaves peak memory unmeasured:
    /// see [`platform::prepare`].
    Time,
    /// Peak memory alone: output to the null device.
    Memory,
}

/// How a run ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The program exited with this status.
    Exited(i32),
    /// A signal ended the program (Unix only): its number.
    Signal(i32),
}

impl Ending {
    pub fn success(self) -> bool {
        self == Ending::Exited(0)
    }

    /// "exit status 3" or "killed by SIGSEGV": a phrase for a report.
    pub fn describe(self) -> String {
        match self {
            Ending::Exited(code) if !(0..=255).contains(&code) => {
                // Windows reports crashes as NTSTATUS codes, read in hex.
                format!("exit status {code} ({:#010X})", code as u32)
            }
            Ending::Exited(code) => format!("exit status {code}"),
            Ending::Signal(signal) => format!("killed by {}", signal_name(signal)),
        }
    }
}

/// One finished run.
#[derive(Debug)]
pub struct Run {
    /// From just before the program was started until it exited.
    pub elapsed: Duration,
    /// Peak resident memory in bytes, where the platform reports it and
    /// the purpose asks for it.
    pub peak_memory: Option<u64>,
    pub ending: Ending,
    /// The tool killed the program because it ran past `kill_after`.
    pub killed_for_time: bool,
    pub stdout: Vec<u8>,
    /// At most the first 64 KiB.
    pub stderr: Vec<u8>,
}

/// Runs `program` with `args` and standard input from `input`, killing it
/// once it has run for `kill_after`.
pub fn run(
    program: &Path,
    args: &[String],
    input: &Path,
    kill_after: Duration,
    purpose: Purpose,
) -> io::Result<Run> {
    let stdin = File::open(input)?;
    let (stdout, stderr) = match purpose {
        Purpose::Judge => (Stdio::piped(), Stdio::piped()),
        Purpose::Time | Purpose::Memory => (Stdio::null(), Stdio::null()),
    };
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr);
    let measure_memory = purpose != Purpose::Time;
    if measure_memory {
        platform::prepare(&mut command);
    }
    // A judge runs the program without these: a panic that prints a
    // backtrace can take longer than the whole run, and its report would
    // bury the message.
    command
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    // The clock starts before the spawn, as a judge's (and hyperfine's) does:
    // starting the process is part of the run.
    let started = Instant::now();
    let mut child = command.spawn()?;
    let readers = Readers::start(&mut child);
    let waited = platform::wait(&mut child, started, kill_after);
    // The readers end when the program's end of each pipe closes, so they
    // are joined even when waiting failed.
    let (stdout, stderr) = readers.finish();
    let waited = waited?;
    Ok(Run {
        elapsed: waited.elapsed,
        peak_memory: waited.peak_memory.filter(|_| measure_memory),
        ending: waited.ending,
        killed_for_time: waited.killed_for_time,
        stdout,
        stderr,
    })
}

/// Threads that drain the program's pipes while it runs, so that a program
/// writing more than a pipe holds never blocks.
struct Readers {
    stdout: Option<JoinHandle<Vec<u8>>>,
    stderr: Option<JoinHandle<Vec<u8>>>,
}

impl Readers {
    fn start(child: &mut Child) -> Readers {
        let stdout = child
            .stdout
            .take()
            .map(|pipe: ChildStdout| thread::spawn(move || read_up_to(pipe, STDOUT_KEPT)));
        let stderr = child
            .stderr
            .take()
            .map(|pipe: ChildStderr| thread::spawn(move || read_up_to(pipe, STDERR_KEPT)));
        Readers { stdout, stderr }
    }

    fn finish(self) -> (Vec<u8>, Vec<u8>) {
        let join = |reader: Option<JoinHandle<Vec<u8>>>| {
            reader
                .map(|handle| handle.join().unwrap_or_default())
                .unwrap_or_default()
        };
        (join(self.stdout), join(self.stderr))
    }
}

/// Reads everything from `pipe`, keeping the first `limit` bytes.
fn read_up_to(mut pipe: impl Read, limit: usize) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut buffer = [0u8; 64 * 1024];
    loop {
        match pipe.read(&mut buffer) {
            Ok(0) => break,
            Ok(count) => {
                let room = limit.saturating_sub(kept.len());
                kept.extend_from_slice(&buffer[..count.min(room)]);
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            // The program's end is gone; what was read is what there is.
            Err(_) => break,
        }
    }
    kept
}

/// What waiting for the program found out.
struct Waited {
    elapsed: Duration,
    peak_memory: Option<u64>,
    ending: Ending,
    killed_for_time: bool,
}

/// The name of a Unix signal, such as "SIGKILL", or "signal 42".
pub fn signal_name(signal: i32) -> String {
    platform::SIGNAL_NAMES
        .iter()
        .find(|(number, _)| *number == signal)
        .map_or_else(
            || format!("signal {signal}"),
            |(_, name)| (*name).to_string(),
        )
}

#[cfg(unix)]
mod platform {
    use super::{Ending, Waited};
    use std::io;
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command};
    use std::sync::mpsc::{self, RecvTimeoutError};
    use std::sync::{Arc, Mutex, PoisonError};
    use std::thread;
    use std::time::{Duration, Instant};

    pub const SIGNAL_NAMES: &[(i32, &str)] = &[
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGILL, "SIGILL"),
        (libc::SIGTRAP, "SIGTRAP"),
        (libc::SIGABRT, "SIGABRT"),
        (libc::SIGBUS, "SIGBUS"),
        (libc::SIGFPE, "SIGFPE"),
        (libc::SIGKILL, "SIGKILL"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGSEGV, "SIGSEGV"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGPIPE, "SIGPIPE"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
        (libc::SIGSYS, "SIGSYS"),
    ];

    /// Makes the command start its program with fork and exec, so that its
    /// peak memory is its own.
    ///
    /// Linux gives a process's peak memory as the largest of its own peak
    /// and the resident memory of what it replaced at exec. std's default
    /// (posix_spawn, which shares this tool's memory until the exec) makes
    /// that this tool's own peak, which grows with the largest output it
    /// ever read; after a fork it is only this tool's anonymous memory at
    /// that moment, about a MiB, below any program's own peak. A fork costs
    /// more than posix_spawn (0.2 ms and more, growing with this tool's
    /// memory), so timed runs do without it.
    pub fn prepare(command: &mut Command) {
        // SAFETY: the closure runs in the child between fork and exec, where
        // only async-signal-safe work is allowed; it does nothing at all.
        unsafe {
            command.pre_exec(|| Ok(()));
        }
    }

    /// Waits for the child, killing it with SIGKILL once `kill_after` has
    /// passed since `started`.
    ///
    /// A watchdog thread does the killing. It may kill only while the child
    /// is unreaped: a reaped child's pid can be given to a new, unrelated
    /// process. So the child is first waited for with `waitid(WNOWAIT)`,
    /// which leaves it a zombie (its pid still its own); then, holding the
    /// lock the watchdog takes before it kills, it is marked as ended; only
    /// then is it reaped with `wait4`, which also gives its `rusage`.
    pub fn wait(child: &mut Child, started: Instant, kill_after: Duration) -> io::Result<Waited> {
        // A pid always fits: pid_t is the type the kernel hands out.
        let pid = child.id() as libc::pid_t;
        let ended = Arc::new(Mutex::new(false));
        let (done, watch) = mpsc::channel::<()>();
        let watchdog = {
            let ended = Arc::clone(&ended);
            let deadline = started + kill_after;
            thread::spawn(move || {
                let wait = deadline.saturating_duration_since(Instant::now());
                if watch.recv_timeout(wait) != Err(RecvTimeoutError::Timeout) {
                    return false;
                }
                let ended = ended.lock().unwrap_or_else(PoisonError::into_inner);
                if *ended {
                    return false;
                }
                // SAFETY: kill has no memory effects; the child is not yet
                // reaped (`ended` is false under the lock), so `pid` is
                // still the child's.
                unsafe { libc::kill(pid, libc::SIGKILL) };
                true
            })
        };

        let waited = wait_without_reaping(pid);
        let elapsed = started.elapsed();
        *ended.lock().unwrap_or_else(PoisonError::into_inner) = true;
        drop(done);
        let killed_for_time = watchdog.join().unwrap_or(false);
        waited?;

        let mut status: libc::c_int = 0;
        // SAFETY: rusage is plain old data, for which all zero bytes are a
        // valid value; wait4 writes only to the two locals it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        loop {
            // SAFETY: as above; `pid` is our own, still unreaped child.
            let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            if reaped == pid {
                break;
            }
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::Interrupted {
                return Err(error);
            }
        }
        let ending = if libc::WIFSIGNALED(status) {
            Ending::Signal(libc::WTERMSIG(status))
        } else {
            Ending::Exited(libc::WEXITSTATUS(status))
        };
        Ok(Waited {
            elapsed,
            peak_memory: Some(max_rss_bytes(usage.ru_maxrss)),
            ending,
            killed_for_time,
        })
    }

    fn wait_without_reaping(pid: libc::pid_t) -> io::Result<()> {
        loop {
            // SAFETY: siginfo_t is plain old data, for which all zero bytes
            // are a valid value; waitid writes only to it.
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            // SAFETY: `pid` is our own unreaped child; `info` is a valid
            // siginfo_t to write to.
            let result = unsafe {
                libc::waitid(
                    libc::P_PID,
                    pid as libc::id_t,
                    &mut info,
                    libc::WEXITED | libc::WNOWAIT,
                )
            };
            if result == 0 {
                return Ok(());
            }
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::Interrupted {
                return Err(error);
            }
        }
    }

    /// `ru_maxrss` is in bytes on Apple's systems and in KiB elsewhere.
    fn max_rss_bytes(max_rss: libc::c_long) -> u64 {
        let value = u64::try_from(max_rss).unwrap_or(0);
        if cfg!(target_vendor = "apple") {
            value
        } else {
            value * 1024
        }
    }
}

#[cfg(not(unix))]
mod platform {
    use super::{Ending, Waited};
    use std::io;
    use std::process::{Child, Command};
    use std::thread;
    use std::time::{Duration, Instant};

    /// No signals here: a crash is an exit status.
    pub const SIGNAL_NAMES: &[(i32, &str)] = &[];

    /// Nothing to prepare: std's spawn is what is wanted.
    pub fn prepare(_command: &mut Command) {}

    /// Polls the child until it exits, killing it once `kill_after` has
    /// passed. std's `Child` holds the process handle, so killing is safe at
    /// any time; the poll interval starts at 50 µs and doubles up to 1 ms,
    /// so a short run is timed within a few tens of microseconds.
    pub fn wait(child: &mut Child, started: Instant, kill_after: Duration) -> io::Result<Waited> {
        let mut pause = Duration::from_micros(50);
        let mut killed_for_time = false;
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break status;
            }
            if started.elapsed() >= kill_after {
                // The program may have exited just now: then kill fails,
                // and wait returns its real status.
                killed_for_time = child.kill().is_ok();
                break child.wait()?;
            }
            thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(1));
        };
        let elapsed = started.elapsed();
        Ok(Waited {
            elapsed,
            // Not measured on this platform.
            peak_memory: None,
            ending: Ending::Exited(status.code().unwrap_or(-1)),
            killed_for_time,
        })
    }
}
