//! Running a program on Unix: its own process group, killed as one;
//! memory watched, capped and measured; on Linux, what it leaves outside
//! its group swept at the end.

use super::{address_space_cap, Ending, Stack, Waited, Watch};
use std::cell::RefCell;
use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
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

/// What memory is measured here: the resident set.
pub const MEASURED: &str = "resident";

/// What [`super::address_space_cap`] caps here, if anything.
pub const RESERVATION_CAPPED: Option<&str> = if WATCHES_RESIDENT {
    None
} else {
    Some("address space")
};

/// True where the watchdog reads a program's resident memory while it
/// runs (see [`resident_memory`]), which is then the limit's only
/// enforcement: elsewhere the address space is capped (see [`prepare`]).
const WATCHES_RESIDENT: bool = cfg!(any(
    target_os = "linux",
    target_os = "android",
    target_vendor = "apple"
));

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
    /// The runners started in the group (see [`prepare_child`]).
    runners: Mutex<Vec<Runner>>,
}

/// The runner's report: the wait status, `ru_maxrss`, then the wall time
/// in nanoseconds from just before the runner started the program until
/// it ended, then its CPU time (`ru_utime` and `ru_stime`) in
/// nanoseconds, in this machine's byte order.
const STATUS: usize = std::mem::size_of::<libc::c_int>();
const MAX_RSS: usize = STATUS + std::mem::size_of::<libc::c_long>();
const ELAPSED: usize = MAX_RSS + std::mem::size_of::<u64>();
const FIGURES: usize = ELAPSED + std::mem::size_of::<u64>();

/// How the program ended, as its runner or this tool saw it.
struct Reported {
    status: libc::c_int,
    max_rss: libc::c_long,
    /// The wall time as the runner measured it: the start and end of the
    /// program without this tool's fork of the runner, nor the runner's
    /// exit, which a runner adds to what the tool measures.
    elapsed: Option<Duration>,
    /// User and system CPU time, `wait4`'s.
    cpu: Duration,
}

/// A runner this tool started, and what it reports through.
struct Runner {
    /// The runner's pid: the tool's child, and the group's id.
    pid: libc::pid_t,
    /// The program's, when it said it.
    program: Option<libc::pid_t>,
    reader: File,
}

impl Runner {
    /// What the runner reported once it had reaped the program; `None`
    /// when it was killed first. Read once the runner has ended, so it
    /// never blocks.
    fn report(mut self) -> Option<Reported> {
        let mut figures = [0u8; FIGURES];
        self.reader.read_exact(&mut figures).ok()?;
        let status = libc::c_int::from_ne_bytes(figures[..STATUS].try_into().ok()?);
        let max_rss = libc::c_long::from_ne_bytes(figures[STATUS..MAX_RSS].try_into().ok()?);
        let nanos = u64::from_ne_bytes(figures[MAX_RSS..ELAPSED].try_into().ok()?);
        let cpu = u64::from_ne_bytes(figures[ELAPSED..].try_into().ok()?);
        Some(Reported {
            status,
            max_rss,
            elapsed: Some(Duration::from_nanos(nanos)),
            cpu: Duration::from_nanos(cpu),
        })
    }
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
                runners: Mutex::new(Vec::new()),
            })
        }
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        Ok(Group {
            runners: Mutex::new(Vec::new()),
        })
    }

    /// Starts the program; it runs at once, held for no time. When
    /// `prepare` gave it a runner, the child is the runner, and the
    /// program's pid is read from the report pipe: the program wrote it
    /// before its exec, which std's spawn waits for.
    pub fn start(&self, command: &mut Command) -> io::Result<(Child, Duration)> {
        let report = take_pending(command);
        let child = command.spawn()?;
        if let Some(Report { mut reader, writer }) = report {
            // Only the runner's end is left, so a runner that dies
            // unheard is an end of file, not a hang.
            drop(writer);
            let mut pid = [0u8; std::mem::size_of::<libc::pid_t>()];
            let program = reader
                .read_exact(&mut pid)
                .ok()
                .map(|()| libc::pid_t::from_ne_bytes(pid));
            // A pid always fits: pid_t is the type the kernel hands out.
            let runner = Runner {
                pid: child.id() as libc::pid_t,
                program,
                reader,
            };
            self.runners
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(runner);
        }
        Ok((child, Duration::ZERO))
    }

    /// The runner that is `pid`, if that child is one.
    fn take_runner(&self, pid: libc::pid_t) -> Option<Runner> {
        let mut runners = self.runners.lock().unwrap_or_else(PoisonError::into_inner);
        let index = runners.iter().position(|runner| runner.pid == pid)?;
        Some(runners.swap_remove(index))
    }
}

#[cfg(any(target_os = "linux", target_os = "android"))]
impl Drop for Group {
    fn drop(&mut self) {
        // SAFETY: as in `new`; before the lock is let go.
        unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 0) };
    }
}

/// Calls `start`, which starts a program, with this process's stack
/// limit set to `stack` (at most the hard limit), and puts the limit back
/// afterwards: the program inherits it at the fork (or posix_spawn) and
/// keeps it through the exec. Set here rather than in the child, so that a
/// timed run keeps the quick posix_spawn; this tool's own main thread is
/// long past growing, and its threads are given their stack sizes. A lock
/// keeps two starts from restoring each other's limits.
///
/// Linux lays a program out the old way (mappings growing up from a third
/// of the address space) when its stack is unlimited; a 64-bit program
/// does not notice: under the address-space cap of a 256 MiB limit a Rust
/// program's main thread and a C program's both recurse 100 MiB deep, and
/// threads started with glibc's defaults get 2 MiB each.
pub fn with_stack<T>(stack: Stack, start: impl FnOnce() -> T) -> T {
    static STARTS: Mutex<()> = Mutex::new(());
    let _one_at_a_time = STARTS.lock().unwrap_or_else(PoisonError::into_inner);
    // SAFETY: rlimit is plain old data, for which all zero bytes are a
    // valid value.
    let mut own: libc::rlimit = unsafe { std::mem::zeroed() };
    // SAFETY: getrlimit writes only to `own`, a valid rlimit.
    if unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut own) } != 0 {
        return start();
    }
    let wanted = match stack {
        Stack::Unlimited => libc::RLIM_INFINITY,
        Stack::Bytes(bytes) => libc::rlim_t::try_from(bytes).unwrap_or(libc::RLIM_INFINITY),
    };
    let soft = if own.rlim_max == libc::RLIM_INFINITY {
        wanted
    } else if wanted == libc::RLIM_INFINITY {
        own.rlim_max
    } else {
        wanted.min(own.rlim_max)
    };
    if soft == own.rlim_cur {
        return start();
    }
    let given = libc::rlimit {
        rlim_cur: soft,
        rlim_max: own.rlim_max,
    };
    // SAFETY: setrlimit only reads `given`; the soft limit is at most the
    // hard one, which is kept. If it fails the program gets this tool's
    // stack limit, as before.
    unsafe { libc::setrlimit(libc::RLIMIT_STACK, &given) };
    let started = start();
    // SAFETY: as above, putting back the limit read before.
    unsafe { libc::setrlimit(libc::RLIMIT_STACK, &own) };
    started
}

/// The hard stack limit this tool runs under (which no program it starts
/// can pass: an unprivileged process cannot raise it), or `None` when it
/// is unlimited or cannot be read.
// rlim_t is u64 on 64-bit Linux and on macOS, but 32 bits on 32-bit
// Linux: the conversion is needed somewhere.
#[allow(clippy::useless_conversion)]
pub fn stack_hard_limit() -> Option<u64> {
    // SAFETY: rlimit is plain old data, for which all zero bytes are a
    // valid value.
    let mut own: libc::rlimit = unsafe { std::mem::zeroed() };
    // SAFETY: getrlimit writes only to `own`, a valid rlimit.
    if unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut own) } != 0
        || own.rlim_max == libc::RLIM_INFINITY
    {
        return None;
    }
    Some(u64::try_from(own.rlim_max).unwrap_or(u64::MAX))
}

/// Puts the program in a process group of its own, so that the group can
/// be killed as one; when `measure_memory`, starts it with fork and exec
/// so that its peak memory is its own, under a runner (see
/// [`prepare_child`]; the runner's pid is then the group's id, and the
/// tool's child), and under a memory limit, where no watchdog reads
/// resident memory, caps its address space.
///
/// Where the watchdog reads resident memory (Linux, macOS) the address
/// space is not capped: what a program reserves is not what it uses, and
/// runtimes reserve far more than they use. A JVM run as problemtools
/// runs it (`-Xss64m -Xms{limit}m -Xmx{limit}m`, OpenJDK 17) reserves
/// 3.1 GiB under a 256 MiB limit, 3.8 GiB under 1,024 and 4.9 GiB under
/// 2,048, with 35 to 39 MiB resident: more than a cap of twice the limit
/// and 256 MiB each time, under which it cannot start. problemtools
/// drops its `RLIMIT_AS` for Java for this reason
/// (problemtools/run/program.py, `Program.should_skip_memory_rlimit`),
/// and DOMjudge leaves `RLIMIT_AS` unlimited and limits memory by cgroup
/// (judge/runguard.cc, `setrestrictions`: "Memory limits should be
/// unlimited, since we use cgroups"; `cgroup_create`: `memory.max`),
/// which counts what is resident, as the watchdog does.
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
    drop(take_pending(command));
    if !measure_memory {
        return;
    }
    let cap = memory.filter(|_| !WATCHES_RESIDENT);
    let limit = cap.map(|limit| {
        let cap = libc::rlim_t::try_from(address_space_cap(limit)).unwrap_or(libc::RLIM_INFINITY);
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
    let report = match Report::new() {
        Ok(report) => report,
        // Without the pipe the program is started as the tool's own
        // child, as it was before the runner: it can stop the tool.
        Err(_) => return prepare_child(command, limit, None),
    };
    let writer = report.writer.as_raw_fd();
    let open_files = open_files_bound();
    prepare_child(command, limit, Some((writer, open_files)));
    let key = command as *const Command as usize;
    PENDING.with(|pending| pending.borrow_mut().push((key, report)));
}

thread_local! {
    /// The report pipes of the runners `prepare` set up, each with the
    /// address of its command, for `Group::start` to take when it starts
    /// that command: made beside the command, a pipe is needed once the
    /// command has started. Several commands can be prepared before any
    /// is started (a program and the process it talks to).
    static PENDING: RefCell<Vec<(usize, Report)>> = const { RefCell::new(Vec::new()) };
}

/// The report pipe `prepare` made for `command`, if it made one.
fn take_pending(command: &Command) -> Option<Report> {
    let key = command as *const Command as usize;
    PENDING.with(|pending| {
        let mut pending = pending.borrow_mut();
        let index = pending.iter().position(|(its, _)| *its == key)?;
        Some(pending.swap_remove(index).1)
    })
}

/// The pipe a runner (see [`prepare_child`]) reports through: the
/// program's pid, written by the program before its exec, then the
/// program's wait status and peak memory, written by the runner once it
/// has reaped it. Both ends close at exec.
struct Report {
    reader: File,
    writer: OwnedFd,
}

impl Report {
    fn new() -> io::Result<Report> {
        let mut ends = [0; 2];
        // Both ends close at exec from the start on Linux, so that no
        // program another thread starts meanwhile holds the writing end
        // (a read of the report would wait for it). macOS has no pipe2:
        // the flag is set just after.
        // SAFETY: pipe2 and pipe write two descriptors to `ends`, which
        // has room for them.
        #[cfg(any(target_os = "linux", target_os = "android"))]
        let made = unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) };
        // SAFETY: as above.
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        let made = unsafe { libc::pipe(ends.as_mut_ptr()) };
        if made != 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: the pipe's two descriptors are this process's, and
        // nothing else owns them.
        let (reader, writer) =
            unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) };
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        for end in ends {
            // SAFETY: fcntl on a descriptor this process owns.
            unsafe { libc::fcntl(end, libc::F_SETFD, libc::FD_CLOEXEC) };
        }
        Ok(Report {
            reader: File::from(reader),
            writer,
        })
    }
}

/// How many descriptors the runner closes at most where it cannot close
/// them all in one call: this tool's own are all far below.
fn open_files_bound() -> libc::c_int {
    // SAFETY: rlimit is plain old data, for which all zero bytes are a
    // valid value.
    let mut limit: libc::rlimit = unsafe { std::mem::zeroed() };
    // SAFETY: getrlimit writes only to `limit`, a valid rlimit.
    let known = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0;
    let bound = if known {
        limit.rlim_cur.min(65_536)
    } else {
        1024
    };
    libc::c_int::try_from(bound).unwrap_or(1024)
}

/// Sets up what runs in the child between fork and exec: the address
/// space cap `limit`, the parent's death signal and, given `runner` (the
/// report pipe's writing end and a bound on open descriptors), a runner.
///
/// The runner keeps the program out of reach of the tool. A program can
/// name its parent (`getppid`) and stop it (SIGSTOP): were that this tool,
/// its clock would stop with it, and the program could run past its time
/// limit for good. So the child forks once more: the program runs in the
/// grandchild, and the child, the runner, only waits for it and reports
/// how it ended (its wait status and `ru_maxrss`, exact as before) through
/// the report pipe. The tool watches the clock, memory and output from
/// outside, kills the whole group (runner and program) at the kill point
/// as before, and resumes the runner if it is stopped. A program that
/// kills its runner dies with it (the parent's death signal); on Linux it
/// becomes the tool's child (a subreaper), which reaps it.
fn prepare_child(
    command: &mut Command,
    limit: Option<libc::rlimit>,
    runner: Option<(RawFd, libc::c_int)>,
) {
    // SAFETY: the closure runs in the child between fork and exec, where
    // only async-signal-safe work is allowed: system calls on values
    // computed before the fork, no allocation (an `io::Error` from the
    // last OS error holds only its number). Results of setrlimit and
    // prctl are ignored: without the cap the watchdog still stops the
    // program, and the death signal only matters if a parent is killed
    // first. The runner, a single-threaded copy of this tool, never
    // returns: it waits, writes and exits with `_exit`.
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
            let Some((writer, open_files)) = runner else {
                return Ok(());
            };
            let runner_pid = libc::getpid();
            let started = monotonic_nanos();
            let program = libc::fork();
            if program < 0 {
                return Err(io::Error::last_os_error());
            }
            if program == 0 {
                // The program, before its exec: it dies with its runner,
                // and tells the tool its pid.
                #[cfg(any(target_os = "linux", target_os = "android"))]
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                if libc::getppid() != runner_pid {
                    libc::_exit(127);
                }
                let pid = libc::getpid().to_ne_bytes();
                write_all(writer, &pid);
                return Ok(());
            }
            run_runner(program, started, writer, open_files)
        });
    }
}

/// The runner's whole life (see [`prepare_child`]): let go of every
/// descriptor but the report pipe's (std's own pipe among them, whose
/// end tells std the exec happened; and the program's standard streams,
/// so that they close when the program's do), reap the program, report.
///
/// # Safety
/// Only in the runner, after its fork; async-signal-safe calls only.
unsafe fn run_runner(
    program: libc::pid_t,
    started: u64,
    writer: RawFd,
    open_files: libc::c_int,
) -> ! {
    close_all_but(writer, open_files);
    // Waited for before it is reaped: when the tool kills the group, it
    // kills the runner in the same call as the program, so the runner
    // dies here, leaving the program to the tool (on Linux) to reap with
    // its figures, instead of reaping it and dying before it reports.
    let mut info: libc::siginfo_t = std::mem::zeroed();
    let waited = libc::P_PID;
    // A pid is positive: it fits.
    while libc::waitid(
        waited,
        program as libc::id_t,
        &mut info,
        libc::WEXITED | libc::WNOWAIT,
    ) < 0
    {
        if *errno() != libc::EINTR {
            libc::_exit(1);
        }
    }
    let elapsed = monotonic_nanos().saturating_sub(started);
    let mut status: libc::c_int = 0;
    let mut usage: libc::rusage = std::mem::zeroed();
    while libc::wait4(program, &mut status, 0, &mut usage) < 0 {
        if *errno() != libc::EINTR {
            libc::_exit(1);
        }
    }
    let mut figures = [0u8; FIGURES];
    figures[..STATUS].copy_from_slice(&status.to_ne_bytes());
    figures[STATUS..MAX_RSS].copy_from_slice(&usage.ru_maxrss.to_ne_bytes());
    figures[MAX_RSS..ELAPSED].copy_from_slice(&elapsed.to_ne_bytes());
    let cpu = u64::try_from(cpu_time(&usage).as_nanos()).unwrap_or(u64::MAX);
    figures[ELAPSED..].copy_from_slice(&cpu.to_ne_bytes());
    write_all(writer, &figures);
    libc::_exit(0)
}

/// User and system CPU time in a `rusage`: every thread of the process,
/// and the children it waited for. Async-signal-safe.
fn cpu_time(usage: &libc::rusage) -> Duration {
    let time = |value: libc::timeval| {
        let seconds = u64::try_from(value.tv_sec).unwrap_or(0);
        let micros = u32::try_from(value.tv_usec).unwrap_or(0);
        Duration::from_secs(seconds) + Duration::from_micros(u64::from(micros))
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// Nanoseconds on the monotonic clock (the one `Instant` reads); 0 if it
/// cannot be read. Async-signal-safe.
fn monotonic_nanos() -> u64 {
    // SAFETY: timespec is plain old data, for which all zero bytes are a
    // valid value.
    let mut now: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: clock_gettime writes only to `now`.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
    let seconds = u64::try_from(now.tv_sec).unwrap_or(0);
    let nanos = u64::try_from(now.tv_nsec).unwrap_or(0);
    seconds.saturating_mul(1_000_000_000).saturating_add(nanos)
}

/// Closes every descriptor but `kept`, up to `bound` where there is no
/// single call for it.
///
/// # Safety
/// Only in the runner: it closes descriptors others may think are open.
unsafe fn close_all_but(kept: RawFd, bound: libc::c_int) {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let below = libc::c_uint::try_from(kept).unwrap_or(0);
        let closed = (below == 0 || libc::syscall(libc::SYS_close_range, 0, below - 1, 0) == 0)
            && libc::syscall(libc::SYS_close_range, below + 1, libc::c_uint::MAX, 0) == 0;
        if closed {
            return;
        }
    }
    for fd in 0..bound {
        if fd != kept {
            libc::close(fd);
        }
    }
}

/// Writes all of `bytes` to `fd` (a pipe: a write this small is whole),
/// again when interrupted; a failure is given up on, and the tool then
/// finds no report.
///
/// # Safety
/// As for write(2); async-signal-safe.
unsafe fn write_all(fd: RawFd, bytes: &[u8]) {
    while libc::write(fd, bytes.as_ptr().cast(), bytes.len()) < 0 && *errno() == libc::EINTR {}
}

/// This thread's errno.
///
/// # Safety
/// The pointer is this thread's own errno, valid as long as the thread.
unsafe fn errno() -> *mut libc::c_int {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    return libc::__errno_location();
    #[cfg(target_vendor = "apple")]
    return libc::__error();
    #[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
    return libc::__errno_location();
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
pub(super) fn wait(
    child: &mut Child,
    group: &Group,
    started: Instant,
    watch: &Watch,
) -> io::Result<Waited> {
    // A pid always fits: pid_t is the type the kernel hands out.
    let pid = child.id() as libc::pid_t;
    let runner = group.take_runner(pid);
    // The program's memory is watched, not its runner's.
    let program = runner
        .as_ref()
        .and_then(|runner| runner.program)
        .unwrap_or(pid);
    let ended = Arc::new(Mutex::new(false));
    let (done, watched) = mpsc::channel::<()>();
    let watchdog = {
        let ended = Arc::clone(&ended);
        let watch = Watch {
            deadline: watch.deadline,
            memory: watch.memory,
            output_over: watch.output_over.clone(),
            cpu: watch.cpu,
        };
        let mut resident = Resident::new(program);
        thread::spawn(move || loop {
            if watched.recv_timeout(watch.pause()) != Err(RecvTimeoutError::Timeout) {
                return (None, resident.highest);
            }
            let ended = ended.lock().unwrap_or_else(PoisonError::into_inner);
            if *ended {
                return (None, resident.highest);
            }
            // Under the lock, the child is unreaped: `pid` is its own.
            if let Some(stop) = watch.stop(|| resident.read()) {
                kill_group(pid);
                return (Some(stop), resident.highest);
            }
            if watch.over_cpu(|| running_cpu_time(program)) {
                kill_group(pid);
                return (Some(super::Stop::Time), resident.highest);
            }
        })
    };

    let waited = wait_without_reaping(pid, runner.is_some());
    let mut elapsed = started.elapsed();
    *ended.lock().unwrap_or_else(PoisonError::into_inner) = true;
    drop(done);
    let (stop, highest_seen) = watchdog.join().unwrap_or((None, 0));
    waited?;
    // Whatever the program started dies with it. It is still a zombie.
    kill_group(pid);

    let (mut status, usage) = wait4_blocking(pid)?;
    let mut peak_memory = Some(max_rss_bytes(usage.ru_maxrss));
    let mut cpu = Some(cpu_time(&usage));
    if let Some(runner) = runner {
        // The runner's own figures are a copy of this tool's: the
        // program's are what it reported, or, when it was killed before
        // it could, the program's own once it is this tool's child.
        match runner.report().or_else(|| reap_orphan(program)) {
            Some(reported) => {
                status = reported.status;
                peak_memory = Some(max_rss_bytes(reported.max_rss));
                elapsed = reported.elapsed.unwrap_or(elapsed);
                cpu = Some(reported.cpu);
            }
            None => {
                peak_memory = None;
                cpu = None;
            }
        }
    }
    // The system's peak is the program's own; what the watchdog saw
    // includes what the program started, which the limit holds too.
    let peak_memory = peak_memory.map(|peak| peak.max(highest_seen));
    #[cfg(any(target_os = "linux", target_os = "android"))]
    sweep(pid);
    let ending = ending_of(status);
    Ok(Waited {
        elapsed,
        cpu,
        peak_memory,
        peak_sampled: false,
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

/// The wait status and `ru_maxrss` of `program` when it is this tool's
/// child (its runner having died, on Linux, where the tool is a
/// subreaper), killed first if it still runs; `None` when it is not.
fn reap_orphan(program: libc::pid_t) -> Option<Reported> {
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain old data, for which all zero bytes are a
    // valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 writes only to the two locals; it only looks at this
    // tool's own children.
    let reaped = unsafe { libc::wait4(program, &mut status, libc::WNOHANG, &mut usage) };
    if reaped == 0 {
        // SAFETY: `program` is this tool's unreaped child (wait4 said
        // so), so the pid is its own.
        unsafe { libc::kill(program, libc::SIGKILL) };
        loop {
            // SAFETY: as above.
            let reaped = unsafe { libc::wait4(program, &mut status, 0, &mut usage) };
            if reaped == program {
                break;
            }
            if io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                return None;
            }
        }
    } else if reaped != program {
        return None;
    }
    Some(Reported {
        status,
        max_rss: usage.ru_maxrss,
        elapsed: None,
        cpu: cpu_time(&usage),
    })
}

/// Waits until the child `pid` has exited, leaving it unreaped. A
/// `runner` that is stopped (by the program it runs, which can name it)
/// is resumed, so that it reaps the program and reports.
fn wait_without_reaping(pid: libc::pid_t, runner: bool) -> io::Result<()> {
    let flags = if runner {
        libc::WEXITED | libc::WSTOPPED | libc::WNOWAIT
    } else {
        libc::WEXITED | libc::WNOWAIT
    };
    loop {
        // SAFETY: siginfo_t is plain old data, for which all zero bytes
        // are a valid value.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: `pid` is our own unreaped child; waitid writes only
        // to `info`, a valid siginfo_t.
        let result = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) };
        if result == 0 && info.si_code == libc::CLD_STOPPED {
            // SAFETY: kill has no memory effects; `pid` is this tool's
            // unreaped child.
            unsafe { libc::kill(pid, libc::SIGCONT) };
            continue;
        }
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

/// Of the watchdog's looks, one in this many also reads the memory of
/// what the program started (a wrapper script's solution, a JVM's
/// helpers): each such look reads a file per thread and per process, so
/// not every 5 ms, but every 20.
#[cfg(any(target_os = "linux", target_os = "android"))]
const DESCENDANTS_EVERY: u32 = 4;

/// At most this many descendants are read at a look: a program that
/// starts more is still killed at its time limit.
#[cfg(any(target_os = "linux", target_os = "android"))]
const DESCENDANTS_READ: usize = 256;

/// The resident memory of a single run's program, as the watchdog reads
/// it: the program's own at each look, and on Linux that of its
/// descendants, as last read (see [`DESCENDANTS_EVERY`]), added. Without
/// a cap on the address space (see [`prepare`]) nothing else holds what
/// the program starts to the limit: a wrapper script that runs the
/// solution without `exec` would leave it unwatched. DOMjudge's cgroup
/// counts them all too.
struct Resident {
    program: libc::pid_t,
    /// The most read at one look.
    highest: u64,
    #[cfg(any(target_os = "linux", target_os = "android"))]
    looks: u32,
    #[cfg(any(target_os = "linux", target_os = "android"))]
    descendants: u64,
}

impl Resident {
    fn new(program: libc::pid_t) -> Resident {
        Resident {
            program,
            highest: 0,
            #[cfg(any(target_os = "linux", target_os = "android"))]
            looks: 0,
            #[cfg(any(target_os = "linux", target_os = "android"))]
            descendants: 0,
        }
    }

    fn read(&mut self) -> Option<u64> {
        let own = resident_memory(self.program)?;
        let read = own.saturating_add(self.descendants());
        self.highest = self.highest.max(read);
        Some(read)
    }

    /// What the descendants held at the last look that read them.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn descendants(&mut self) -> u64 {
        if self.looks % DESCENDANTS_EVERY == 0 {
            self.descendants = descendants_resident(self.program);
        }
        self.looks = self.looks.wrapping_add(1);
        self.descendants
    }

    /// Not read here: no list of a process's children to read them from.
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    fn descendants(&mut self) -> u64 {
        0
    }
}

/// The resident memory of the descendants of process `pid` now, found
/// through each thread's /proc/PID/task/TID/children (a process a thread
/// started is listed under that thread), at most [`DESCENDANTS_READ`]
/// of them; 0 where the kernel keeps no such list.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn descendants_resident(pid: libc::pid_t) -> u64 {
    let mut waiting = children_of(pid);
    let mut read = 0;
    let mut total: u64 = 0;
    while let Some(child) = waiting.pop() {
        if read == DESCENDANTS_READ {
            break;
        }
        read += 1;
        total = total.saturating_add(resident_memory(child).unwrap_or(0));
        waiting.extend(children_of(child));
    }
    total
}

/// The children of process `pid`, from each of its threads' lists.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn children_of(pid: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(threads) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    let mut children = Vec::new();
    for thread in threads.flatten() {
        let mut path = thread.path();
        path.push("children");
        if let Ok(listed) = std::fs::read_to_string(path) {
            children.extend(
                listed
                    .split_whitespace()
                    .filter_map(|child| child.parse::<libc::pid_t>().ok()),
            );
        }
    }
    children
}

/// The CPU time of process `pid` so far, from /proc/PID/stat: its own
/// (every thread) and that of the children it has waited for (utime,
/// stime, cutime, cstime, in clock ticks).
#[cfg(any(target_os = "linux", target_os = "android"))]
fn running_cpu_time(pid: libc::pid_t) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name in parentheses, which may hold anything;
    // utime is the 14th field, the 12th after the name.
    let (_, after_name) = stat.rsplit_once(')')?;
    let mut ticks: u64 = 0;
    for field in after_name.split_whitespace().skip(11).take(4) {
        ticks = ticks.saturating_add(field.parse().ok()?);
    }
    // SAFETY: sysconf only reads a system setting.
    let per_second = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).ok()?;
    (per_second > 0).then(|| Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / per_second))
}

/// Not read while the program runs on this platform: its CPU time is
/// known once it has ended (`wait4`), and the wall-time cap stops it.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn running_cpu_time(_pid: libc::pid_t) -> Option<Duration> {
    None
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

/// Prepares an interactor's command: a process group of its own, as a
/// program's, and on Linux the parent's death signal, so that a tool
/// stopped by Ctrl-C or SIGTERM leaves no interactor running (the program
/// and every checker have it already, see [`prepare_child`]).
pub fn prepare_interactor(command: &mut Command) {
    prepare(command, false, None);
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        // SAFETY: getpid only reads this process's id.
        let tool = unsafe { libc::getpid() };
        // SAFETY: the closure runs in the child between fork and exec:
        // two system calls and an `_exit`, all async-signal-safe. A tool
        // that died before the prctl is no longer the parent: the child
        // then exits rather than run unwatched.
        unsafe {
            command.pre_exec(move || {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                if libc::getppid() != tool {
                    libc::_exit(127);
                }
                Ok(())
            });
        }
    }
}

/// A program and its interactor: both under the one [`Group`] of a run
/// (one run at a time, the tool a subreaper), each in a process group of
/// its own, so that either can be killed without the other.
pub struct Pair {
    group: Group,
}

impl Pair {
    pub fn new(memory: Option<u64>) -> io::Result<Pair> {
        Ok(Pair {
            group: Group::new(memory)?,
        })
    }

    pub fn start_interactor(&self, command: &mut Command) -> io::Result<Child> {
        Ok(self.group.start(command)?.0)
    }

    /// Starts the program as a single run starts it, under a runner when
    /// `prepare` gave it one.
    pub fn start_program(&self, command: &mut Command) -> io::Result<(Child, Duration)> {
        self.group.start(command)
    }

    /// Kills and reaps the interactor when the program could not be
    /// started.
    pub fn kill_interactor(&self, interactor: &mut Child) {
        // Unreaped until the `wait` below: its pid is its group's.
        kill_group(interactor.id() as libc::pid_t);
        let _ = interactor.wait();
    }
}

/// Waits for a program and its interactor, killing as the watch says
/// (both, when the program runs out of time or memory), killing the
/// interactor once it has run `grace` past the program's end, and the
/// program as soon as the interactor has ended in a way that `settles`
/// the case. Each process's group is killed the moment it has ended.
///
/// A thread a process waits for its end without reaping it
/// (`waitid(WNOWAIT)`) and says so; only this thread signals and reaps,
/// and never signals a process it has reaped, so a pid signalled is
/// always still the process's own.
pub(super) fn wait_pair(
    program: &mut Child,
    interactor: &mut Child,
    pair: &Pair,
    started: Instant,
    rules: &mut super::pair::PairWatch,
) -> io::Result<super::pair::PairWaited> {
    // The program's runner when it has one (see `prepare_child`): the
    // tool's child and the group's id; the program's own pid is read for
    // its memory, and its figures come from the runner's report.
    let program_pid = program.id() as libc::pid_t;
    let runner = pair.group.take_runner(program_pid);
    let program_itself = runner
        .as_ref()
        .and_then(|runner| runner.program)
        .unwrap_or(program_pid);
    let has_runner = runner.is_some();
    let interactor_pid = interactor.id() as libc::pid_t;
    let (ended, events) = mpsc::channel::<(bool, io::Result<()>)>();
    for (is_program, pid, runs) in [
        (true, program_pid, has_runner),
        (false, interactor_pid, false),
    ] {
        let ended = ended.clone();
        thread::spawn(move || {
            let _ = ended.send((is_program, wait_without_reaping(pid, runs)));
        });
    }
    drop(ended);
    // Each end as reaped: how, and the peak memory.
    let mut ends = super::pair::PairEnds::new();
    // The interactor's end, `waited` for: its group killed, it reaped, the
    // program killed when that settles the case.
    let interactor_ended = |ends: &mut super::pair::PairEnds<_, _>,
                            waited: io::Result<()>,
                            rules: &super::pair::PairWatch| {
        kill_group(interactor_pid);
        let reaped = waited.and_then(|()| reap(interactor_pid));
        let ending = reaped.as_ref().ok().map(|&(ending, ..)| ending);
        ends.interactor_ended(ending, reaped, rules, || kill_group(program_pid));
    };
    while ends.waiting() {
        match events.recv_timeout(ends.timeout(rules)) {
            Ok((true, waited)) => {
                let elapsed = started.elapsed();
                // An interactor that is ending has let go of the program's
                // input, or is about to: its end comes first (see
                // `pair`'s notes), once it has come, which an ending
                // process's does at once.
                if ends.interactor_ends_first(|| is_ending(interactor_pid)) {
                    if let Ok((false, interactor_waited)) = events.recv_timeout(ENDING) {
                        interactor_ended(&mut ends, interactor_waited, rules);
                    }
                }
                // What it started dies with it; it is still unreaped.
                kill_group(program_pid);
                let reaped = waited.and_then(|()| reap(program_pid));
                ends.program_ended(elapsed, reaped, rules);
            }
            Ok((false, waited)) => interactor_ended(&mut ends, waited, rules),
            Err(RecvTimeoutError::Timeout) => ends.timed_out(
                rules,
                || resident_memory(program_itself),
                || running_cpu_time(program_itself),
                || kill_group(program_pid),
                || kill_group(interactor_pid),
            ),
            Err(RecvTimeoutError::Disconnected) => {
                return Err(io::Error::new(
                    io::ErrorKind::Other,
                    "lost the wait for a process",
                ));
            }
        }
    }
    let (program_end, interactor_end) = ends.take_ends();
    let mut program_elapsed = ends.program_elapsed;
    let (mut program_ending, peak, cpu) = program_end?;
    let mut peak_memory = Some(peak);
    let mut cpu = Some(cpu);
    if let Some(runner) = runner {
        // As in `wait`: the program's figures are what its runner
        // reported, or its own once it is this tool's child.
        match runner.report().or_else(|| reap_orphan(program_itself)) {
            Some(reported) => {
                program_ending = ending_of(reported.status);
                peak_memory = Some(max_rss_bytes(reported.max_rss));
                program_elapsed = reported.elapsed.unwrap_or(program_elapsed);
                cpu = Some(reported.cpu);
            }
            None => (peak_memory, cpu) = (None, None),
        }
    }
    // After the report: the sweep would reap the program, an orphan once
    // its runner is killed, before `reap_orphan` could read its figures.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        sweep(program_pid);
        sweep(interactor_pid);
    }
    let (interactor_ending, ..) = interactor_end?;
    let program = Waited {
        elapsed: program_elapsed,
        cpu,
        peak_memory,
        peak_sampled: false,
        ending: program_ending,
        stop: ends.stop,
    };
    Ok(ends.waited(program, interactor_ending))
}

/// How long the end of an interactor that is ending is waited for before
/// the program's is taken in: far longer than an exit takes.
const ENDING: Duration = Duration::from_secs(1);

/// Whether child `pid` has ended (unreaped), or on Linux is ending: the
/// kernel marks a process exiting (`PF_EXITING`, in /proc/PID/stat's
/// flags) before it closes its files, so an interactor whose output the
/// program has seen end by its exit is found here. Elsewhere only an
/// exit is seen, which leaves the short while between the interactor's
/// closing its files and its exit: a program that ends of that end within
/// it is taken to have ended first.
fn is_ending(pid: libc::pid_t) -> bool {
    // SAFETY: siginfo_t is plain old data, for which all zero bytes are a
    // valid value.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own unreaped child; waitid writes only to
    // `info`, and WNOWAIT leaves the child as it is.
    let waited = unsafe {
        libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        )
    };
    // SAFETY: waitid has filled `info` when it returned 0.
    if waited == 0 && unsafe { info.si_pid() } != 0 {
        return true;
    }
    exiting(pid)
}

/// Whether process `pid` is exiting: PF_EXITING in its flags.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn exiting(pid: libc::pid_t) -> bool {
    /// The kernel's PF_EXITING (include/linux/sched.h).
    const PF_EXITING: u64 = 0x4;
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    // After the command name: state, ppid, pgrp, session, tty_nr, tpgid,
    // flags.
    let flags = stat
        .rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().nth(6)?.parse::<u64>().ok());
    flags.is_some_and(|flags| flags & PF_EXITING != 0)
}

/// Not known here before the exit.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn exiting(_pid: libc::pid_t) -> bool {
    false
}

/// Reaps child `pid`, which has ended: how, its peak memory and its CPU
/// time.
fn reap(pid: libc::pid_t) -> io::Result<(Ending, u64, Duration)> {
    let (status, usage) = wait4_blocking(pid)?;
    Ok((
        ending_of(status),
        max_rss_bytes(usage.ru_maxrss),
        cpu_time(&usage),
    ))
}

/// Reaps child `pid`, waiting for it to end, through interruptions: its
/// wait status and resource usage.
fn wait4_blocking(pid: libc::pid_t) -> io::Result<(libc::c_int, libc::rusage)> {
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
    Ok((status, usage))
}

/// How a wait status says a process ended.
fn ending_of(status: libc::c_int) -> Ending {
    if libc::WIFSIGNALED(status) {
        Ending::Signal(libc::WTERMSIG(status))
    } else {
        Ending::Exited(libc::WEXITSTATUS(status))
    }
}

/// A pipe: its read end and its write end, neither inherited by a
/// program started later unless given to it as its standard input or
/// output.
pub fn pipe() -> io::Result<(File, File)> {
    let mut ends: [libc::c_int; 2] = [-1, -1];
    // SAFETY: pipe2 writes two descriptors to `ends`, an array of two.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let made = unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) };
    // SAFETY: pipe writes two descriptors to `ends`, an array of two.
    // Marked close-on-exec right after: runs are one at a time (see
    // [`Group`]), so no other thread of the tool starts a program between
    // the two calls.
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let made = unsafe {
        let made = libc::pipe(ends.as_mut_ptr());
        if made == 0 {
            for end in ends {
                libc::fcntl(end, libc::F_SETFD, libc::FD_CLOEXEC);
            }
        }
        made
    };
    if made != 0 {
        return Err(io::Error::last_os_error());
    }
    // 1 MiB, as problemtools' `makepipe` (support/interactive/
    // interactive.cc) asks for, the most an unprivileged user gets by
    // default; where it is refused the pipe keeps its 64 KiB.
    // SAFETY: fcntl on a descriptor this process owns.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    unsafe {
        libc::fcntl(ends[0], libc::F_SETPIPE_SZ, 1 << 20)
    };
    // SAFETY: both descriptors were just made, are open, and are owned
    // by nothing else: each File is their only owner.
    Ok(unsafe { (File::from_raw_fd(ends[0]), File::from_raw_fd(ends[1])) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two programs prepared before either is started each get their own
    /// runner, and each's status is its own. (Run one after the other: the
    /// end of a run sweeps away every other child outside the tool's own
    /// group.)
    #[test]
    fn two_commands_prepared_together_are_run_each_under_its_own_runner() {
        let command = |code: &str| {
            let mut command = Command::new("/bin/sh");
            command.args(["-c", &format!("exit {code}")]);
            command
        };
        let (mut first, mut second) = (command("3"), command("5"));
        prepare(&mut first, true, Some(64 << 20));
        prepare(&mut second, true, Some(64 << 20));
        let group = Group::new(Some(64 << 20)).unwrap();
        let started = Instant::now();
        let watch = Watch {
            deadline: started + Duration::from_secs(10),
            memory: None,
            output_over: None,
            cpu: None,
        };
        let (mut first, _) = group.start(&mut first).unwrap();
        let first = wait(&mut first, &group, started, &watch).unwrap();
        let (mut second, _) = group.start(&mut second).unwrap();
        let second = wait(&mut second, &group, started, &watch).unwrap();
        assert_eq!(first.ending, Ending::Exited(3));
        assert_eq!(second.ending, Ending::Exited(5));
        assert!(first.peak_memory.is_some() && second.peak_memory.is_some());
    }
}
