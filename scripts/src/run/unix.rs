//! Running a program on Unix: its own process group, killed as one;
//! memory watched, capped and measured; on Linux, what it leaves outside
//! its group swept at the end.

use super::{address_space_cap, Ending, Stack, Waited, Watch};
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

/// What memory is measured here: the resident set.
pub const MEASURED: &str = "resident";

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
/// does not notice, and Rust's std and glibc both take the main thread's
/// stack to reach the next mapping below it.
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
