//! Runs one program on one input under limits and reports how it ended:
//! wall time, peak memory, exit status or signal, its output.
//!
//! This is the only platform-specific part of the tool. Everything the
//! program starts is kept together and killed with it: on Unix it runs in
//! its own process group, on Windows in a Job object, which it is put in
//! before it runs a single instruction (it is started suspended). The whole
//! group is killed when the time runs out, when the memory or output limit
//! is passed, and in any case as soon as the program itself has exited, so
//! nothing it leaves behind outlives the run. A process can leave a Unix
//! process group (`setsid`, as a daemon does): on Linux the tool is a child
//! subreaper, so such a process becomes the tool's child once its parent
//! is gone, and is killed and reaped at the end of the run; on macOS it
//! survives. Reading the output has a deadline, so such a process cannot
//! hold the tool either.
//!
//! Memory, by platform:
//! - Linux: a watchdog reads the program's resident memory every few
//!   milliseconds and kills the group past the limit; `RLIMIT_AS` caps each
//!   process's address space at [`address_space_cap`] (an allocation past
//!   it fails at once); the peak is `wait4`'s `ru_maxrss`.
//! - macOS: the same watchdog, reading `proc_pidinfo`; macOS does not
//!   enforce `RLIMIT_AS`, so there is no cap; the peak is `ru_maxrss`.
//! - Other Unix: the cap and `ru_maxrss`, no watchdog.
//! - Windows: the Job object caps the committed memory of its processes
//!   at [`address_space_cap`]; the peak is the job's record of the largest
//!   commit of one of its processes (not the resident set).
//!
//! On Unix the child is waited for with `waitid` (leaving it a zombie, so
//! that its pid and group id cannot be reused while the watchdog or the
//! final kill may still signal them) and then reaped with `wait4`.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// Standard error kept for a report: the first lines are what matter.
const STDERR_KEPT: u64 = 64 * 1024;
/// Standard output kept when no limit is given: a judge's usual output
/// limit.
pub const DEFAULT_OUTPUT_LIMIT: u64 = 64 << 20;
/// How often the watchdog looks at memory and output while a judged
/// program runs. A program that fills memory as fast as it can gets about
/// 20 MiB further in 5 ms; reading the figure costs some 10 µs.
const POLL: Duration = Duration::from_millis(5);
/// After the program has ended (and its group was killed), how long its
/// pipes may take to close at the least, even past the kill point.
const READ_GRACE: Duration = Duration::from_millis(200);

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

/// The limits one run is held to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bounds {
    /// The program (and its group) is killed once it has run this long.
    pub kill_after: Duration,
    /// Peak memory in bytes: the group is killed soon after the program's
    /// resident memory passes it, and each process's address space (commit
    /// on Windows) is capped at [`address_space_cap`] of it. `None`: no
    /// limit.
    pub memory: Option<u64>,
    /// Bytes of standard output kept; one byte more and the group is killed
    /// and the run marked [`Run::output_over_limit`].
    pub output: u64,
}

impl Bounds {
    /// Only a time limit, and the default output limit.
    pub fn time(kill_after: Duration) -> Bounds {
        Bounds {
            kill_after,
            memory: None,
            output: DEFAULT_OUTPUT_LIMIT,
        }
    }
}

/// The address space (on Windows, the commit) each process of a run may
/// reserve under a memory limit of `limit` bytes: twice the limit and
/// 256 MiB more. Reserved is not used (thread stacks, allocator arenas,
/// a vector's spare capacity are reserved and mostly never touched), so the
/// cap sits well above the limit, which is judged on resident memory; it is
/// there to make an allocation far past the limit fail at once instead of
/// taking the machine's memory, in the program and in anything it starts.
pub fn address_space_cap(limit: u64) -> u64 {
    limit.saturating_mul(2).saturating_add(256 << 20)
}

/// How a run ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The program exited with this status.
    Exited(i32),
    /// A signal ended the program (Unix only): its number.
    // Windows has no signals, so there nothing makes this variant.
    #[cfg_attr(windows, allow(dead_code))]
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
#[derive(Debug, Default)]
pub struct Run {
    /// From just before the program was started until it exited.
    pub elapsed: Duration,
    /// Peak memory in bytes (resident on Unix, committed on Windows) where
    /// the platform reports it and the purpose asks for it.
    pub peak_memory: Option<u64>,
    pub ending: Ending,
    /// The tool killed the program because it ran past `kill_after`.
    pub killed_for_time: bool,
    /// The tool killed the program because its resident memory passed the
    /// memory limit.
    pub killed_for_memory: bool,
    /// The program wrote more than the output limit to standard output;
    /// `stdout` holds the first `limit` bytes, and the group was killed.
    pub output_over_limit: bool,
    pub stdout: Vec<u8>,
    /// At most the first 64 KiB.
    pub stderr: Vec<u8>,
}

impl Default for Ending {
    fn default() -> Ending {
        Ending::Exited(0)
    }
}

/// Runs `program` with `args` and standard input from `input`, killing it
/// (and everything it started) once it has run for `kill_after`; output is
/// kept up to [`DEFAULT_OUTPUT_LIMIT`], and memory is not limited.
pub fn run(
    program: &Path,
    args: &[String],
    input: &Path,
    kill_after: Duration,
    purpose: Purpose,
) -> io::Result<Run> {
    run_within(program, args, input, Bounds::time(kill_after), purpose)
}

/// Runs `program` with `args` and standard input from `input` under
/// `bounds`.
pub fn run_within(
    program: &Path,
    args: &[String],
    input: &Path,
    bounds: Bounds,
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
    platform::prepare(&mut command, measure_memory, bounds.memory);
    // A judge runs the program without these: a panic that prints a
    // backtrace can take longer than the whole run, and its report would
    // bury the message.
    command
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    // Made before the clock starts: it is the tool's work, not the run's.
    let group = platform::Group::new(bounds.memory)?;
    // The clock starts before the spawn, as a judge's (and hyperfine's) does:
    // starting the process is part of the run. The time the program was
    // held suspended while the tool put it in its Job object (Windows) is
    // not.
    let started = Instant::now();
    let (mut child, held) = group.start(&mut command)?;
    let started = started + held;
    let output_over = Arc::new(AtomicBool::new(false));
    let stdout = child
        .stdout
        .take()
        .map(|pipe| Reader::start(pipe, bounds.output, Some(Arc::clone(&output_over))));
    let stderr = child
        .stderr
        .take()
        .map(|pipe| Reader::start(pipe, STDERR_KEPT, None));
    let watch = Watch {
        deadline: started + bounds.kill_after,
        memory: bounds.memory.filter(|_| measure_memory),
        output_over: stdout.as_ref().map(|_| output_over),
    };
    let waited = platform::wait(&mut child, &group, started, &watch);
    // The group is dead by now, so the pipes close at once, unless a
    // process escaped it: then what it writes after the kill point (or a
    // short grace after the end) is not waited for.
    let read_until = watch.deadline.max(Instant::now() + READ_GRACE);
    let (stdout, output_over_limit) = match stdout {
        Some(reader) => reader.finish(read_until),
        None => (Vec::new(), false),
    };
    let stderr = stderr.map_or_else(Vec::new, |reader| reader.finish(read_until).0);
    let waited = waited?;
    Ok(Run {
        elapsed: waited.elapsed,
        peak_memory: waited.peak_memory.filter(|_| measure_memory),
        ending: waited.ending,
        killed_for_time: waited.stop == Some(Stop::Time),
        killed_for_memory: waited.stop == Some(Stop::Memory),
        output_over_limit: output_over_limit || waited.stop == Some(Stop::Output),
        stdout,
        stderr,
    })
}

/// A thread that drains one of the program's pipes while it runs, so that
/// a program writing more than a pipe holds never blocks, into one buffer.
///
/// One growing buffer, not a chunk per read: chunks allocated on the
/// reader's thread and freed on this one stay resident in that thread's
/// allocator arena (glibc), and Linux counts this tool's resident memory at
/// a fork in the next program's peak. A large buffer is a mapping of its
/// own, returned whole when it is dropped.
struct Reader {
    /// Disconnected once the thread ends.
    ended: Receiver<()>,
    read: Arc<Mutex<Vec<u8>>>,
    limit: u64,
}

impl Reader {
    /// Reads `pipe` to its end, or until `limit + 1` bytes were read when
    /// `over` is given (standard output), setting `over` then and closing
    /// the pipe; without `over` (standard error) everything is read and all
    /// but the first `limit` bytes dropped.
    fn start(
        mut pipe: impl Read + Send + 'static,
        limit: u64,
        over: Option<Arc<AtomicBool>>,
    ) -> Reader {
        let (ending, ended) = mpsc::channel::<()>();
        let read = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&read);
        thread::spawn(move || {
            // Dropped when the thread ends, which `finish` waits for.
            let _ending = ending;
            let mut buffer = vec![0u8; 64 * 1024];
            let mut total: u64 = 0;
            loop {
                let wanted = match &over {
                    // At most one byte past the limit is ever read.
                    Some(_) => usize::try_from(limit + 1 - total)
                        .unwrap_or(usize::MAX)
                        .min(buffer.len()),
                    None => buffer.len(),
                };
                match pipe.read(&mut buffer[..wanted]) {
                    Ok(0) => break,
                    Ok(count) => {
                        let room =
                            usize::try_from(limit.saturating_sub(total)).unwrap_or(usize::MAX);
                        total += count as u64;
                        // One byte past the limit is kept, so that `finish`
                        // knows the limit was passed.
                        let count = if over.is_some() {
                            count
                        } else {
                            count.min(room)
                        };
                        if Arc::strong_count(&kept) == 1 {
                            // Nobody waits for this output any more.
                            break;
                        }
                        kept.lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .extend_from_slice(&buffer[..count]);
                        if let Some(over) = &over {
                            if total > limit {
                                over.store(true, Ordering::SeqCst);
                                break;
                            }
                        }
                    }
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    // The program's end is gone; what was read is what there is.
                    Err(_) => break,
                }
            }
        });
        Reader { ended, read, limit }
    }

    /// What was read by `deadline` (or until the pipe closed), at most
    /// `limit` bytes, and whether more than that was written.
    fn finish(self, deadline: Instant) -> (Vec<u8>, bool) {
        // Past the deadline a process outside the group still holds the
        // pipe: its reader is left behind, and stops at its next read.
        let wait = deadline.saturating_duration_since(Instant::now());
        let _ = self.ended.recv_timeout(wait);
        let mut kept =
            std::mem::take(&mut *self.read.lock().unwrap_or_else(PoisonError::into_inner));
        let limit = usize::try_from(self.limit).unwrap_or(usize::MAX);
        let over = kept.len() > limit;
        kept.truncate(limit);
        (kept, over)
    }
}

/// What the watchdog watches for while the program runs.
struct Watch {
    /// The kill point.
    deadline: Instant,
    /// The memory limit, when peak memory is measured.
    memory: Option<u64>,
    /// Set by the standard output reader once the output limit is passed.
    output_over: Option<Arc<AtomicBool>>,
}

/// Why the tool killed a program.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stop {
    Time,
    Memory,
    Output,
}

impl Watch {
    /// True when something besides the deadline needs looking at while the
    /// program runs.
    fn polls(&self) -> bool {
        self.memory.is_some() || self.output_over.is_some()
    }

    /// How long to sleep before looking again.
    fn pause(&self) -> Duration {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if self.polls() {
            left.min(POLL)
        } else {
            left
        }
    }

    /// Why the program must be killed now, if it must; `resident` reads
    /// its resident memory where the platform can.
    fn stop(&self, resident: impl FnOnce() -> Option<u64>) -> Option<Stop> {
        if Instant::now() >= self.deadline {
            return Some(Stop::Time);
        }
        if self
            .output_over
            .as_ref()
            .is_some_and(|over| over.load(Ordering::SeqCst))
        {
            return Some(Stop::Output);
        }
        let limit = self.memory?;
        resident()
            .filter(|&resident| resident > limit)
            .map(|_| Stop::Memory)
    }
}

/// What waiting for the program found out.
struct Waited {
    elapsed: Duration,
    peak_memory: Option<u64>,
    ending: Ending,
    stop: Option<Stop>,
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
    use super::{address_space_cap, Ending, Waited, Watch};
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

    /// Unix needs no object for the group: its id is the program's pid.
    ///
    /// On Linux the tool is a child subreaper while a program runs: a
    /// process the program leaves behind becomes the tool's child, not
    /// init's, when its parent dies, wherever its group and session are, so
    /// that `sweep` can find it. Only while a program runs, so that what
    /// cargo leaves running (a compiler cache's server) is never taken for
    /// it; and runs hold one lock, one at a time, because the sweep takes
    /// every orphan the tool has.
    pub struct Group {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        _one_at_a_time: std::sync::MutexGuard<'static, ()>,
    }

    impl Group {
        pub fn new(_memory: Option<u64>) -> io::Result<Group> {
            #[cfg(any(target_os = "linux", target_os = "android"))]
            {
                static RUNS: Mutex<()> = Mutex::new(());
                let one_at_a_time = RUNS.lock().unwrap_or_else(PoisonError::into_inner);
                // The result is not checked: without it (a kernel before
                // 3.4) such a process is not found, as on macOS.
                // SAFETY: prctl with these arguments only sets a flag of
                // this process.
                unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1) };
                Ok(Group {
                    _one_at_a_time: one_at_a_time,
                })
            }
            #[cfg(not(any(target_os = "linux", target_os = "android")))]
            Ok(Group {})
        }

        /// Starts the program; it runs at once, held for no time.
        pub fn start(&self, command: &mut Command) -> io::Result<(Child, Duration)> {
            Ok((command.spawn()?, Duration::ZERO))
        }
    }

    #[cfg(any(target_os = "linux", target_os = "android"))]
    impl Drop for Group {
        fn drop(&mut self) {
            // SAFETY: as in `new`; before the lock is let go.
            unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 0) };
        }
    }

    /// Puts the program in a process group of its own (whose id is its
    /// pid), so that the group can be killed as one; when `measure_memory`,
    /// starts it with fork and exec so that its peak memory is its own;
    /// under a memory limit, caps its address space.
    ///
    /// Linux gives a process's peak memory as the largest of its own peak
    /// and the resident memory of what it replaced at exec. std's default
    /// (posix_spawn, which shares this tool's memory until the exec) makes
    /// that this tool's own peak, which grows with the largest output it
    /// ever read; after a fork it is only this tool's anonymous memory at
    /// that moment, about a MiB, below any program's own peak (which is why
    /// the judge spawns before it reads the expected output). A fork costs
    /// more than posix_spawn (0.2 ms and more, growing with this tool's
    /// memory), so timed runs do without it; std's posix_spawn sets the
    /// process group too.
    pub fn prepare(command: &mut Command, measure_memory: bool, memory: Option<u64>) {
        command.process_group(0);
        if !measure_memory {
            return;
        }
        let cap = memory.filter(|_| cfg!(not(target_vendor = "apple")));
        let limit = cap.map(|limit| {
            let cap =
                libc::rlim_t::try_from(address_space_cap(limit)).unwrap_or(libc::RLIM_INFINITY);
            // SAFETY: rlimit is plain old data, for which all zero bytes
            // are a valid value.
            let mut current: libc::rlimit = unsafe { std::mem::zeroed() };
            // SAFETY: getrlimit writes only to `current`, a valid rlimit.
            let known = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut current) } == 0;
            // Never above the hard limit in force, which cannot be raised.
            let hard = if known {
                current.rlim_max
            } else {
                libc::RLIM_INFINITY
            };
            let cap = if hard == libc::RLIM_INFINITY {
                cap
            } else {
                cap.min(hard)
            };
            libc::rlimit {
                rlim_cur: cap,
                rlim_max: cap,
            }
        });
        // SAFETY: the closure runs in the child between fork and exec, where
        // only async-signal-safe work is allowed: it makes at most two
        // system calls, on values computed before the fork, and allocates
        // nothing. Their results are ignored: without the cap the watchdog
        // still stops the program, and the parent's death signal only
        // matters if this tool is killed first.
        unsafe {
            command.pre_exec(move || {
                if let Some(limit) = &limit {
                    libc::setrlimit(libc::RLIMIT_AS, limit);
                }
                // A program in a group of its own does not get the
                // terminal's Ctrl-C: on Linux it is killed when this tool
                // dies, so an interrupted judge leaves no program running.
                #[cfg(any(target_os = "linux", target_os = "android"))]
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
    }

    /// Sends SIGKILL to every process in the program's group.
    ///
    /// Only called while the program is unreaped (running, or a zombie):
    /// then its pid, which is the group's id, is still its own, and the
    /// group exists, with the program in it.
    fn kill_group(pid: libc::pid_t) {
        // SAFETY: killpg has no memory effects; see above for why `pid`
        // names our program's group.
        unsafe { libc::killpg(pid, libc::SIGKILL) };
    }

    /// Waits for the child, killing its group with SIGKILL once the watch
    /// says so, and in any case once it has exited.
    ///
    /// A watchdog thread does the killing. It may kill only while the child
    /// is unreaped: a reaped child's pid can be given to a new, unrelated
    /// process. So the child is first waited for with `waitid(WNOWAIT)`,
    /// which leaves it a zombie (its pid still its own); then, holding the
    /// lock the watchdog takes before it kills, it is marked as ended; its
    /// group is killed; only then is it reaped with `wait4`, which also
    /// gives its `rusage`.
    pub fn wait(
        child: &mut Child,
        _group: &Group,
        started: Instant,
        watch: &Watch,
    ) -> io::Result<Waited> {
        // A pid always fits: pid_t is the type the kernel hands out.
        let pid = child.id() as libc::pid_t;
        let ended = Arc::new(Mutex::new(false));
        let (done, watched) = mpsc::channel::<()>();
        let watchdog = {
            let ended = Arc::clone(&ended);
            let watch = Watch {
                deadline: watch.deadline,
                memory: watch.memory,
                output_over: watch.output_over.clone(),
            };
            thread::spawn(move || loop {
                if watched.recv_timeout(watch.pause()) != Err(RecvTimeoutError::Timeout) {
                    return None;
                }
                let ended = ended.lock().unwrap_or_else(PoisonError::into_inner);
                if *ended {
                    return None;
                }
                // Under the lock, the child is unreaped: `pid` is its own.
                if let Some(stop) = watch.stop(|| resident_memory(pid)) {
                    kill_group(pid);
                    return Some(stop);
                }
            })
        };

        let waited = wait_without_reaping(pid);
        let elapsed = started.elapsed();
        *ended.lock().unwrap_or_else(PoisonError::into_inner) = true;
        drop(done);
        let stop = watchdog.join().unwrap_or(None);
        waited?;
        // Whatever the program started dies with it. It is still a zombie.
        kill_group(pid);

        let mut status: libc::c_int = 0;
        // SAFETY: rusage is plain old data, for which all zero bytes are a
        // valid value.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        loop {
            // SAFETY: wait4 writes only to the two locals it is given; `pid`
            // is our own, still unreaped child.
            let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            if reaped == pid {
                break;
            }
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::Interrupted {
                return Err(error);
            }
        }
        #[cfg(any(target_os = "linux", target_os = "android"))]
        sweep(pid);
        let ending = if libc::WIFSIGNALED(status) {
            Ending::Signal(libc::WTERMSIG(status))
        } else {
            Ending::Exited(libc::WEXITSTATUS(status))
        };
        Ok(Waited {
            elapsed,
            peak_memory: Some(max_rss_bytes(usage.ru_maxrss)),
            ending,
            stop,
        })
    }

    /// Kills and reaps the orphans the program left: the tool's children
    /// outside its own process group (processes it starts itself, cargo and
    /// rustc, are in it; the program it judged is reaped by now), which as
    /// a subreaper (see [`Group`]) it gets once their parents die. Killing one makes its
    /// children orphans in turn, so this goes round until no orphan is left
    /// and the program's group `group` is empty (its members, killed, are
    /// orphans until reaped), for at most a second.
    ///
    /// Only children are signalled: a child's pid stays its own until this
    /// tool reaps it, so no other process can be hit.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn sweep(group: libc::pid_t) {
        // SAFETY: getpid and getpgrp only read this process's ids.
        let (tool, tool_group) = unsafe { (libc::getpid(), libc::getpgrp()) };
        let give_up = Instant::now() + Duration::from_secs(1);
        loop {
            let orphans = children_outside(tool, tool_group);
            for &orphan in &orphans {
                // SAFETY: kill has no memory effects; `orphan` is this
                // tool's unreaped child (see above).
                unsafe { libc::kill(orphan, libc::SIGKILL) };
            }
            for &orphan in &orphans {
                let mut status = 0;
                // SAFETY: waitpid writes only to `status`; `orphan` is
                // this tool's child. A child not yet dead is reaped on a
                // later round.
                unsafe { libc::waitpid(orphan, &mut status, libc::WNOHANG) };
            }
            // SAFETY: signal 0 is not sent: this only asks whether the
            // group still has a process.
            let group_left = unsafe { libc::kill(-group, 0) } == 0;
            if (orphans.is_empty() && !group_left) || Instant::now() >= give_up {
                return;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }

    /// The children of process `parent` outside process group `group`,
    /// from /proc/PID/stat (after the command name in parentheses, which
    /// may hold anything: state, parent, group).
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn children_outside(parent: libc::pid_t, group: libc::pid_t) -> Vec<libc::pid_t> {
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        let mut children = Vec::new();
        for entry in entries.flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|name| name.parse().ok())
            else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                continue;
            };
            let Some((_, after_name)) = stat.rsplit_once(')') else {
                continue;
            };
            let mut fields = after_name.split_whitespace().skip(1);
            let mut next = || {
                fields
                    .next()
                    .and_then(|field| field.parse::<libc::pid_t>().ok())
            };
            if let (Some(its_parent), Some(its_group)) = (next(), next()) {
                if its_parent == parent && its_group != group {
                    children.push(pid);
                }
            }
        }
        children
    }

    fn wait_without_reaping(pid: libc::pid_t) -> io::Result<()> {
        loop {
            // SAFETY: siginfo_t is plain old data, for which all zero bytes
            // are a valid value.
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            // SAFETY: `pid` is our own unreaped child; waitid writes only
            // to `info`, a valid siginfo_t.
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

    /// The resident memory of process `pid` now, from /proc/PID/statm
    /// (its second field, in pages).
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn resident_memory(pid: libc::pid_t) -> Option<u64> {
        let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
        let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
        // SAFETY: sysconf only reads a system setting.
        let page_size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        Some(pages * u64::try_from(page_size).ok()?)
    }

    /// The resident memory of process `pid` now, from `proc_pidinfo`.
    #[cfg(target_vendor = "apple")]
    fn resident_memory(pid: libc::pid_t) -> Option<u64> {
        let size = std::mem::size_of::<libc::proc_taskinfo>();
        // SAFETY: proc_taskinfo is plain old data, for which all zero bytes
        // are a valid value.
        let mut info: libc::proc_taskinfo = unsafe { std::mem::zeroed() };
        // SAFETY: proc_pidinfo writes at most `size` bytes to `info`, which
        // is exactly that large.
        let written = unsafe {
            libc::proc_pidinfo(
                pid,
                libc::PROC_PIDTASKINFO,
                0,
                (&mut info as *mut libc::proc_taskinfo).cast(),
                libc::c_int::try_from(size).ok()?,
            )
        };
        (usize::try_from(written).ok()? == size).then_some(info.pti_resident_size)
    }

    /// Not read on this platform: the address-space cap and the peak after
    /// the run are all there is.
    #[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
    fn resident_memory(_pid: libc::pid_t) -> Option<u64> {
        None
    }
}

#[cfg(windows)]
mod platform {
    use super::{address_space_cap, Ending, Waited, Watch};
    use std::io;
    use std::os::windows::io::AsRawHandle;
    use std::os::windows::process::CommandExt;
    use std::process::{Child, Command};
    use std::time::{Duration, Instant};
    use windows_sys::Win32::Foundation::{
        CloseHandle, HANDLE, INVALID_HANDLE_VALUE, WAIT_OBJECT_0, WAIT_TIMEOUT,
    };
    use windows_sys::Win32::System::Diagnostics::ToolHelp::{
        CreateToolhelp32Snapshot, Thread32First, Thread32Next, TH32CS_SNAPTHREAD, THREADENTRY32,
    };
    use windows_sys::Win32::System::JobObjects::{
        AssignProcessToJobObject, CreateJobObjectW, JobObjectExtendedLimitInformation,
        QueryInformationJobObject, SetInformationJobObject, TerminateJobObject,
        JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
        JOB_OBJECT_LIMIT_PROCESS_MEMORY,
    };
    use windows_sys::Win32::System::Threading::{
        OpenThread, ResumeThread, WaitForSingleObject, CREATE_SUSPENDED, THREAD_SUSPEND_RESUME,
    };

    /// No signals here: a crash is an exit status.
    pub const SIGNAL_NAMES: &[(i32, &str)] = &[];

    /// Nothing to prepare: std's spawn is what is wanted.
    pub fn prepare(_command: &mut Command, _measure_memory: bool, _memory: Option<u64>) {}

    /// A Job object holding the program and everything it starts: closing
    /// the last handle to it kills them all.
    pub struct Group {
        job: HANDLE,
        /// The program was put in the job; when it could not be, only the
        /// program itself is killed, and its peak is not known.
        adopted: std::cell::Cell<bool>,
    }

    impl Group {
        pub fn new(memory: Option<u64>) -> io::Result<Group> {
            // SAFETY: no name and no security attributes: both may be null.
            let job = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
            if job.is_null() {
                return Err(io::Error::last_os_error());
            }
            let group = Group {
                job,
                adopted: std::cell::Cell::new(false),
            };
            let mut limits = JOBOBJECT_EXTENDED_LIMIT_INFORMATION::default();
            limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
            if let Some(limit) = memory {
                limits.BasicLimitInformation.LimitFlags |= JOB_OBJECT_LIMIT_PROCESS_MEMORY;
                limits.ProcessMemoryLimit =
                    usize::try_from(address_space_cap(limit)).unwrap_or(usize::MAX);
            }
            // SAFETY: `job` is a valid job handle; the pointer and size
            // describe `limits`, the structure this information class takes.
            let set = unsafe {
                SetInformationJobObject(
                    job,
                    JobObjectExtendedLimitInformation,
                    (&limits as *const JOBOBJECT_EXTENDED_LIMIT_INFORMATION).cast(),
                    std::mem::size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32,
                )
            };
            if set == 0 {
                return Err(io::Error::last_os_error());
            }
            Ok(group)
        }

        /// Starts the program suspended, puts it in the job, then lets it
        /// run: nothing it starts can be outside the job. Returns how long
        /// it was held.
        ///
        /// std keeps no handle to the program's main thread, which is what
        /// resuming needs; the thread is found in a snapshot of the
        /// system's threads (documented calls only, unlike
        /// `NtResumeProcess`, and without giving up std's `Command` for a
        /// `CreateProcessW` of our own, with its pipes and quoting).
        pub fn start(&self, command: &mut Command) -> io::Result<(Child, Duration)> {
            command.creation_flags(CREATE_SUSPENDED);
            let mut child = command.spawn()?;
            let spawned = Instant::now();
            // SAFETY: both handles are valid: the job's is ours, the
            // process's is held by `child`.
            let assigned =
                unsafe { AssignProcessToJobObject(self.job, child.as_raw_handle() as HANDLE) };
            self.adopted.set(assigned != 0);
            if let Err(error) = resume(child.id()) {
                // Never leave a suspended program behind.
                let _ = child.kill();
                let _ = child.wait();
                return Err(error);
            }
            Ok((child, spawned.elapsed()))
        }

        /// Kills every process in the job.
        fn kill(&self) -> bool {
            // SAFETY: `job` is a valid job handle.
            self.adopted.get() && unsafe { TerminateJobObject(self.job, 1) } != 0
        }

        /// The largest commit any process of the job had.
        fn peak_memory(&self) -> Option<u64> {
            let mut limits = JOBOBJECT_EXTENDED_LIMIT_INFORMATION::default();
            // SAFETY: `job` is a valid job handle; the pointer and size
            // describe `limits`, which this information class fills.
            let queried = unsafe {
                QueryInformationJobObject(
                    self.job,
                    JobObjectExtendedLimitInformation,
                    (&mut limits as *mut JOBOBJECT_EXTENDED_LIMIT_INFORMATION).cast(),
                    std::mem::size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32,
                    std::ptr::null_mut(),
                )
            };
            (self.adopted.get() && queried != 0).then_some(limits.PeakProcessMemoryUsed as u64)
        }
    }

    impl Drop for Group {
        fn drop(&mut self) {
            // SAFETY: `job` is a valid handle, closed once, here; closing
            // the last handle kills what is left in the job.
            unsafe { CloseHandle(self.job) };
        }
    }

    /// Resumes the threads of process `pid`, started suspended: its main
    /// thread, the only one it has.
    ///
    /// The process is alive (suspended, its handle held), so `pid` is its
    /// own; its threads cannot end while suspended, so the ids in the
    /// snapshot are still theirs when opened.
    fn resume(pid: u32) -> io::Result<()> {
        // SAFETY: no pointers; the result is a handle this function owns,
        // closed below, or INVALID_HANDLE_VALUE.
        let snapshot = unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0) };
        if snapshot == INVALID_HANDLE_VALUE {
            return Err(io::Error::last_os_error());
        }
        let mut entry = THREADENTRY32 {
            dwSize: std::mem::size_of::<THREADENTRY32>() as u32,
            ..THREADENTRY32::default()
        };
        let mut resumed = 0;
        let mut failure = None;
        // SAFETY: `snapshot` is a valid snapshot handle; `entry` is a
        // THREADENTRY32 whose dwSize says so, which is all it writes.
        let mut more = unsafe { Thread32First(snapshot, &mut entry) } != 0;
        while more {
            if entry.th32OwnerProcessID == pid {
                // SAFETY: no pointers; the result is a handle owned here,
                // or null.
                let thread = unsafe { OpenThread(THREAD_SUSPEND_RESUME, 0, entry.th32ThreadID) };
                if thread.is_null() {
                    failure = Some(io::Error::last_os_error());
                } else {
                    // SAFETY: `thread` is a valid handle with the right to
                    // resume, closed once, right after.
                    let previous = unsafe { ResumeThread(thread) };
                    if previous == u32::MAX {
                        failure = Some(io::Error::last_os_error());
                    } else {
                        resumed += 1;
                    }
                    // SAFETY: as above.
                    unsafe { CloseHandle(thread) };
                }
            }
            // SAFETY: as for Thread32First.
            more = unsafe { Thread32Next(snapshot, &mut entry) } != 0;
        }
        // SAFETY: `snapshot` is valid and closed once, here.
        unsafe { CloseHandle(snapshot) };
        match failure {
            Some(error) if resumed == 0 => Err(error),
            None if resumed == 0 => Err(io::Error::new(
                io::ErrorKind::NotFound,
                "the started program has no thread to resume",
            )),
            _ => Ok(()),
        }
    }

    /// Waits for the program with `WaitForSingleObject` on its process
    /// handle, which returns the moment it exits; the wait times out at
    /// the kill point, and every few milliseconds when the output limit is
    /// watched, to kill the job when the watch says so. The job is killed
    /// in any case once the program has exited. std's `Child` holds the
    /// process handle, so killing is safe at any time.
    pub fn wait(
        child: &mut Child,
        group: &Group,
        started: Instant,
        watch: &Watch,
    ) -> io::Result<Waited> {
        let process = child.as_raw_handle() as HANDLE;
        let mut stop = None;
        loop {
            // Whole milliseconds, rounded up, so as not to wake before the
            // kill point and spin.
            let timeout = u32::try_from((watch.pause().as_micros() + 999) / 1000)
                .unwrap_or(u32::MAX - 1)
                .min(u32::MAX - 1);
            // SAFETY: `process` is the handle `child` holds, valid while it
            // lives.
            match unsafe { WaitForSingleObject(process, timeout) } {
                WAIT_OBJECT_0 => break,
                WAIT_TIMEOUT => {}
                _ => {
                    let error = io::Error::last_os_error();
                    if !group.kill() {
                        let _ = child.kill();
                    }
                    let _ = child.wait();
                    return Err(error);
                }
            }
            // The job caps memory itself: allocations past the cap fail.
            if let Some(reason) = watch.stop(|| None) {
                // The program may have exited just now: then it keeps its
                // own status.
                stop = Some(reason);
                if !group.kill() {
                    let _ = child.kill();
                }
                break;
            }
        }
        let status = child.wait()?;
        let elapsed = started.elapsed();
        group.kill();
        Ok(Waited {
            elapsed,
            peak_memory: group.peak_memory(),
            ending: Ending::Exited(status.code().unwrap_or(-1)),
            stop,
        })
    }
}

#[cfg(not(any(unix, windows)))]
mod platform {
    compile_error!("the tool runs programs on Unix and Windows only");
}
