//! The runner on Unix: a fork between the tool and the program it
//! measures, which reaps the program and reports how it ended (wait
//! status, peak memory, wall and CPU time) through a pipe, so that the
//! program cannot reach the tool; and the program's figures when its
//! runner died first.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::time::Duration;

#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) mod afresh;

/// The runner's report: the wait status, `ru_maxrss`, then the wall time
/// in nanoseconds from just before the runner started the program until
/// it ended, then its CPU time (`ru_utime` and `ru_stime`) in
/// nanoseconds, in this machine's byte order.
const STATUS: usize = std::mem::size_of::<libc::c_int>();
const MAX_RSS: usize = STATUS + std::mem::size_of::<libc::c_long>();
const ELAPSED: usize = MAX_RSS + std::mem::size_of::<u64>();
const FIGURES: usize = ELAPSED + std::mem::size_of::<u64>();

/// How the program ended, as its runner or this tool saw it.
pub(super) struct Reported {
    pub(super) status: libc::c_int,
    pub(super) max_rss: libc::c_long,
    /// The wall time as the runner measured it: the start and end of the
    /// program without this tool's fork of the runner, nor the runner's
    /// exit, which a runner adds to what the tool measures.
    pub(super) elapsed: Option<Duration>,
    /// User and system CPU time, `wait4`'s.
    pub(super) cpu: Duration,
}

/// A runner this tool started, and what it reports through.
pub(super) struct Runner {
    /// The runner's pid: the tool's child, and the group's id.
    pub(super) pid: libc::pid_t,
    /// The program's, when it said it.
    pub(super) program: Option<libc::pid_t>,
    /// It put itself in the group's cgroup, or there was none to be in.
    #[cfg_attr(not(any(target_os = "linux", target_os = "android")), allow(dead_code))]
    pub(super) attached: bool,
    pub(super) reader: File,
}

impl Runner {
    /// What the runner reported once it had reaped the program; `None`
    /// when it was killed first. Read once the runner has ended, so it
    /// never blocks.
    pub(super) fn report(mut self) -> Option<Reported> {
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

/// The pipe a runner (see [`prepare_child`]) reports through: the
/// program's pid, written by the program before its exec (negated when
/// it could not put itself in its cgroup), then the
/// program's wait status and peak memory, written by the runner once it
/// has reaped it. Both ends close at exec.
pub(super) struct Report {
    pub(super) reader: File,
    pub(super) writer: OwnedFd,
}

impl Report {
    pub(super) fn new() -> io::Result<Report> {
        let mut ends = [0; 2];
        // Both ends close at exec from the start on Linux, so that no
        // program another thread starts meanwhile holds the writing end
        // (a read of the report would wait for it). macOS has no pipe2:
        // the flag is set just after, with no start in between.
        // SAFETY: pipe2 and pipe write two descriptors to `ends`, which
        // has room for them.
        #[cfg(any(target_os = "linux", target_os = "android"))]
        let made = unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) };
        // Made and marked under the lock starts fork under (see
        // `SPAWNS`).
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        let _no_start = super::group::SPAWNS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
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
pub(super) fn open_files_bound() -> libc::c_int {
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
/// space cap `limit`, the stack limit `stack`, the parent's death signal
/// and, given `runner` (the
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
pub(super) fn prepare_child(
    command: &mut Command,
    limit: Option<libc::rlimit>,
    stack: Option<libc::rlimit>,
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
            // The program's stack limit, which it inherits from its
            // runner at the fork and keeps through its exec.
            if let Some(stack) = &stack {
                libc::setrlimit(libc::RLIMIT_STACK, stack);
            }
            // A program in a group of its own does not get the
            // terminal's Ctrl-C: on Linux it is killed when this tool
            // dies, and what it started by the tool on its way out
            // (`signals.rs`), or after a SIGKILL by the next run, which
            // empties the cgroups a gone tool left (`cgroup.rs`).
            #[cfg(any(target_os = "linux", target_os = "android"))]
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            let Some((writer, open_files)) = runner else {
                return Ok(());
            };
            let runner_pid = libc::getpid();
            let started = monotonic_nanos();
            #[cfg(any(target_os = "linux", target_os = "android"))]
            let (program, born_inside) =
                fork_into_cgroup(super::cgroup::CLONE_INTO.with(std::cell::Cell::get));
            #[cfg(not(any(target_os = "linux", target_os = "android")))]
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
                #[cfg(any(target_os = "linux", target_os = "android"))]
                let attached = born_inside
                    || super::cgroup::attach_self(super::cgroup::ATTACH.with(std::cell::Cell::get));
                #[cfg(not(any(target_os = "linux", target_os = "android")))]
                let attached = true;
                // From the kernel: a C library that caches its pid (glibc
                // before 2.25) did not see the clone3 of a raw system call.
                #[cfg(any(target_os = "linux", target_os = "android"))]
                let pid = libc::syscall(libc::SYS_getpid) as libc::pid_t;
                #[cfg(not(any(target_os = "linux", target_os = "android")))]
                let pid = libc::getpid();
                let pid = if attached { pid } else { -pid }.to_ne_bytes();
                write_all(writer, &pid);
                // Nothing of the tool's but the program's streams outlives
                // its exec, whatever the tool was given open (Linux 5.11
                // on; std's own pipe, which tells it the exec happened, is
                // closed there already).
                #[cfg(any(target_os = "linux", target_os = "android"))]
                libc::syscall(
                    libc::SYS_close_range,
                    3,
                    libc::c_uint::MAX,
                    CLOSE_RANGE_CLOEXEC,
                );
                return Ok(());
            }
            run_runner(program, started, writer, open_files, report_delay())
        });
    }
}

/// The arguments of the `clone3` system call (Linux 5.3 on), laid out as
/// the kernel's `struct clone_args` (include/uapi/linux/sched.h) up to
/// `cgroup`, its fields of 5.7 on: every field a 64-bit value.
#[cfg(any(target_os = "linux", target_os = "android"))]
#[repr(C)]
struct CloneArgs {
    flags: u64,
    pidfd: u64,
    child_tid: u64,
    parent_tid: u64,
    exit_signal: u64,
    stack: u64,
    stack_size: u64,
    tls: u64,
    set_tid: u64,
    set_tid_size: u64,
    cgroup: u64,
}

/// close_range's flag to mark the descriptors close-on-exec, not close
/// them (include/uapi/linux/close_range.h).
#[cfg(any(target_os = "linux", target_os = "android"))]
const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;

/// clone3's flag to start the child in the cgroup v2 whose folder
/// `cgroup` names (Linux 5.7 on).
#[cfg(any(target_os = "linux", target_os = "android"))]
const CLONE_INTO_CGROUP: u64 = 0x2_0000_0000;

/// Forks the program, in the runner: where `folder`, a cgroup v2 folder,
/// is open (as [`CLONE_INTO`](super::cgroup::CLONE_INTO) has it), with
/// `clone3` and
/// `CLONE_INTO_CGROUP`, so that the kernel starts it in its cgroup, and
/// it need not move itself in (true); else, or where the kernel refuses
/// (ENOSYS before 5.3, E2BIG or EINVAL before 5.7 or where the flag
/// does not fit, EOPNOTSUPP, a descriptor it will not take), with
/// `fork`, and the program moves itself in as before (false). With no
/// stack, `clone3` copies the caller as `fork` does, and with SIGCHLD as
/// its exit signal the child is waited for as a forked one; glibc's
/// `fork` handlers do not run in it, which the program needs none of
/// before its exec. The result is fork's: the child's pid, 0 in the
/// child, -1 with errno on failure.
///
/// # Safety
/// Only in the runner, between fork and exec: system calls on values
/// computed before, no allocation.
#[cfg(any(target_os = "linux", target_os = "android"))]
unsafe fn fork_into_cgroup(folder: RawFd) -> (libc::pid_t, bool) {
    if let Ok(folder) = u64::try_from(folder) {
        let arguments = CloneArgs {
            flags: CLONE_INTO_CGROUP,
            pidfd: 0,
            child_tid: 0,
            parent_tid: 0,
            // SIGCHLD is a small positive number.
            exit_signal: libc::SIGCHLD as u64,
            stack: 0,
            stack_size: 0,
            tls: 0,
            set_tid: 0,
            set_tid_size: 0,
            cgroup: folder,
        };
        // SAFETY: the kernel reads `arguments`, a valid `clone_args` of
        // the size given, and writes nothing (no pidfd, tid or set_tid
        // asked for); with no stack the child runs on a copy of this
        // one, as after fork.
        let pid = libc::syscall(
            libc::SYS_clone3,
            &arguments as *const CloneArgs,
            std::mem::size_of::<CloneArgs>(),
        );
        if pid >= 0 {
            // A pid fits in pid_t: the kernel hands them out as such.
            return (pid as libc::pid_t, true);
        }
    }
    // SAFETY: fork in the runner, a single-threaded process.
    (libc::fork(), false)
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
    delay_ms: u64,
) -> ! {
    close_all_but(&mut [writer], 0, open_files);
    // Waited for before it is reaped: a runner killed while it waits, or
    // (on Linux) before its report is written, leaves the program to the
    // tool to reap with its figures. A runner that reaped first and was
    // killed before it wrote lost both: seen on a busy machine, where the
    // tool's kill at the wall-time cap came between the two.
    let (status, usage) = ended(program);
    let elapsed = monotonic_nanos().saturating_sub(started);
    pause(delay_ms);
    let mut figures = [0u8; FIGURES];
    figures[..STATUS].copy_from_slice(&status.to_ne_bytes());
    figures[STATUS..MAX_RSS].copy_from_slice(&usage.ru_maxrss.to_ne_bytes());
    figures[MAX_RSS..ELAPSED].copy_from_slice(&elapsed.to_ne_bytes());
    let cpu = u64::try_from(cpu_time(&usage).as_nanos()).unwrap_or(u64::MAX);
    figures[ELAPSED..].copy_from_slice(&cpu.to_ne_bytes());
    write_all(writer, &figures);
    // Reaped only once the report is written: a runner killed at any
    // moment before leaves the program unreaped, for the tool to reap
    // with its figures (see `reap_orphan`).
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let mut status: libc::c_int = 0;
        while libc::waitpid(program, &mut status, 0) < 0 && *errno() == libc::EINTR {}
    }
    libc::_exit(0)
}

/// Waits for `program` to end: its wait status and `rusage`. On Linux
/// without reaping it: the raw `waitid` system call takes a `rusage`
/// beside its `siginfo_t` and fills it under `WNOWAIT` too (the
/// kernel's `wait_task_zombie`), so the runner has the figures while the
/// program is still unreaped. Elsewhere it is reaped with `wait4`.
///
/// # Safety
/// Only in the runner; async-signal-safe calls only.
unsafe fn ended(program: libc::pid_t) -> (libc::c_int, libc::rusage) {
    let mut info: libc::siginfo_t = std::mem::zeroed();
    let mut usage: libc::rusage = std::mem::zeroed();
    // A pid is positive: it fits.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    while libc::syscall(
        libc::SYS_waitid,
        libc::P_PID,
        program as libc::id_t,
        &mut info as *mut libc::siginfo_t,
        libc::WEXITED | libc::WNOWAIT,
        &mut usage as *mut libc::rusage,
    ) < 0
    {
        if *errno() != libc::EINTR {
            libc::_exit(1);
        }
    }
    #[cfg(any(target_os = "linux", target_os = "android"))]
    return (status_of(&info), usage);
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    {
        while libc::waitid(
            libc::P_PID,
            program as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOWAIT,
        ) < 0
        {
            if *errno() != libc::EINTR {
                libc::_exit(1);
            }
        }
        let mut status: libc::c_int = 0;
        while libc::wait4(program, &mut status, 0, &mut usage) < 0 {
            if *errno() != libc::EINTR {
                libc::_exit(1);
            }
        }
        (status, usage)
    }
}

/// The wait status `waitid`'s `info` stands for, as `wait4` gives it:
/// an exit status in the second byte, or a signal in the low seven bits
/// (0x80 for a core dump).
#[cfg(any(target_os = "linux", target_os = "android"))]
unsafe fn status_of(info: &libc::siginfo_t) -> libc::c_int {
    let value = info.si_status();
    match info.si_code {
        libc::CLD_EXITED => (value & 0xff) << 8,
        libc::CLD_DUMPED => (value & 0x7f) | 0x80,
        _ => value & 0x7f,
    }
}

/// Taken for writing by a test that sets [`REPORT_DELAY_MS`], and for
/// reading by every start (see `Group::start`): no other run's runner is
/// forked while the delay is set.
#[cfg(test)]
pub(super) static HOLDING: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// A pause between the program's end and the runner's report, set by a
/// test to kill the runner there.
#[cfg(test)]
pub(super) static REPORT_DELAY_MS: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(0);

/// The pause a test set (see [`REPORT_DELAY_MS`]); none outside tests.
pub(super) fn report_delay() -> u64 {
    #[cfg(test)]
    return REPORT_DELAY_MS.load(std::sync::atomic::Ordering::SeqCst);
    #[cfg(not(test))]
    0
}

/// Sleeps `millis` milliseconds (async-signal-safe).
unsafe fn pause(millis: u64) {
    if millis > 0 {
        let nap = libc::timespec {
            tv_sec: (millis / 1000) as libc::time_t,
            tv_nsec: ((millis % 1000) * 1_000_000) as libc::c_long,
        };
        libc::nanosleep(&nap, std::ptr::null_mut());
    }
}

/// User and system CPU time in a `rusage`: every thread of the process,
/// and the children it waited for. Async-signal-safe.
pub(super) fn cpu_time(usage: &libc::rusage) -> Duration {
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

/// Closes every descriptor from `from` on but those in `kept` (each -1
/// or open; sorted here, in place), each gap between them in one call
/// where the kernel has it (Linux 5.9 on), else one by one below `bound`.
/// Allocates nothing.
///
/// # Safety
/// Only in a runner: it closes descriptors others may think are open.
unsafe fn close_all_but(kept: &mut [RawFd], from: libc::c_uint, bound: libc::c_int) {
    kept.sort_unstable();
    let mut first = from;
    for &fd in kept.iter() {
        let Ok(fd) = libc::c_uint::try_from(fd) else {
            continue;
        };
        if fd >= first {
            if fd > first {
                close_range(first, fd - 1, bound);
            }
            first = fd + 1;
        }
    }
    close_range(first, libc::c_uint::MAX, bound);
}

/// Closes descriptors `first` to `last` (see [`close_all_but`]).
///
/// # Safety
/// As for [`close_all_but`].
unsafe fn close_range(first: libc::c_uint, last: libc::c_uint, bound: libc::c_int) {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    if libc::syscall(libc::SYS_close_range, first, last, 0) == 0 {
        return;
    }
    let bound = libc::c_uint::try_from(bound).unwrap_or(1024);
    for fd in first..=last.min(bound.saturating_sub(1)) {
        libc::close(fd as libc::c_int);
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

/// The wait status and `ru_maxrss` of `program` when it is this tool's
/// child (its runner having died, on Linux, where the tool is a
/// subreaper), killed first if it still runs; `None` when it is not.
pub(super) fn reap_orphan(program: libc::pid_t) -> Option<Reported> {
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
