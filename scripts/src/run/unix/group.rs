//! Starting a program on Unix: in a process group of its own, killed as
//! one, under the stack limit asked for, and where its memory is measured
//! under a runner (and an address-space cap where nothing watches it).

use super::memory::WATCHES_RESIDENT;
use super::runner::{open_files_bound, prepare_child, Report, Runner};
use crate::run::{address_space_cap, Stack};
use std::cell::RefCell;
use std::fs::File;
use std::io::{self, Read};
use std::os::fd::AsRawFd;
#[cfg(any(target_os = "linux", target_os = "android"))]
use std::os::fd::RawFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// Unix needs no object for the group: its id is the program's pid.
///
/// On Linux the tool is a child subreaper while a program runs: a
/// process the program leaves behind becomes the tool's child, not
/// init's, when its parent dies, wherever its group and session are, so
/// that `sweep` can find it. Only while a program runs, so that what
/// cargo leaves running (a compiler cache's server) is never taken for
/// it. Runs may go on at once (`--jobs`): each group a run starts is
/// written down in [`LIVE`] until the run ends, so that one run's sweep
/// leaves the others' processes alone (see `sweep.rs`).
pub struct Group {
    /// The process groups it started, each led by the tool's child: in
    /// [`LIVE`] until it is dropped.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    started: Mutex<Vec<libc::pid_t>>,
    /// The runners started in the group (see [`prepare_child`]).
    runners: Mutex<Vec<Runner>>,
    /// The memory limit, for the cgroup.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    memory: Option<u64>,
    /// The cgroup a judged program is put in, made when it starts.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    cgroup: Mutex<Option<super::cgroup::Cgroup>>,
    /// The runners' groups written down while they run, so that a tool
    /// killed by SIGKILL has them ended by the next (see `left.rs`).
    #[cfg(any(target_os = "linux", target_os = "android"))]
    records: Mutex<Vec<super::left::Record>>,
}

impl Group {
    pub fn new(memory: Option<u64>) -> io::Result<Group> {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        {
            // A signal that stops the tool ends the run first; what a
            // tool killed by SIGKILL left is ended before the first.
            super::signals::install();
            super::left::end_left();
            let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
            if live.runs == 0 {
                // The result is not checked: without it (a kernel before
                // 3.4) such a process is not found, as on macOS.
                // SAFETY: prctl with these arguments only sets a flag of
                // this process.
                unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1) };
            }
            live.runs += 1;
            Ok(Group {
                started: Mutex::new(Vec::new()),
                runners: Mutex::new(Vec::new()),
                memory,
                cgroup: Mutex::new(None),
                records: Mutex::new(Vec::new()),
            })
        }
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        {
            let _ = memory;
            Ok(Group {
                runners: Mutex::new(Vec::new()),
            })
        }
    }

    /// Starts the program; it runs at once, held for no time. When
    /// `prepare` gave it a runner, the child is the runner, and the
    /// program's pid is read from the report pipe: the program wrote it
    /// before its exec, which std's spawn waits for.
    pub fn start(&self, command: &mut Command) -> io::Result<(Child, Duration)> {
        #[cfg(test)]
        let _not_held = super::runner::HOLDING
            .read()
            .unwrap_or_else(PoisonError::into_inner);
        self.start_holding(command)
    }

    /// As [`Group::start`], by a test that holds `HOLDING` itself.
    pub(super) fn start_holding(&self, command: &mut Command) -> io::Result<(Child, Duration)> {
        let pending = take_pending(command);
        // A judged program (one with a runner) starts in the cgroup,
        // where one can be made (cgroup v2's `CLONE_INTO`), or puts
        // itself in before its exec, through the descriptors in
        // `ATTACH`, which a forked runner copies: this thread's own, so
        // that starts on other threads at once never take them. A runner
        // started afresh is told them (see `runner/afresh.rs`).
        #[cfg(any(target_os = "linux", target_os = "android"))]
        let mut cgroup = self.cgroup.lock().unwrap_or_else(PoisonError::into_inner);
        #[cfg(any(target_os = "linux", target_os = "android"))]
        let mut cgroup_fds = ([-1, -1], -1);
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if pending.is_some() {
            if cgroup.is_none() {
                *cgroup = super::cgroup::Cgroup::make(self.memory);
            }
            if let Some(cgroup) = cgroup.as_ref() {
                cgroup_fds = (cgroup.attach_fds(), cgroup.clone_into_fd());
                super::cgroup::ATTACH.with(|attach| attach.set(cgroup_fds.0));
                super::cgroup::CLONE_INTO.with(|folder| folder.set(cgroup_fds.1));
            }
        }
        // Counted as starting until its group is written down, so that
        // no other run's sweep takes the child for an orphan meanwhile.
        #[cfg(any(target_os = "linux", target_os = "android"))]
        {
            LIVE.lock().unwrap_or_else(PoisonError::into_inner).starting += 1;
        }
        let started = spawn(
            command,
            pending.as_ref(),
            #[cfg(any(target_os = "linux", target_os = "android"))]
            cgroup_fds,
        );
        #[cfg(any(target_os = "linux", target_os = "android"))]
        {
            super::cgroup::ATTACH.with(|attach| attach.set([-1, -1]));
            super::cgroup::CLONE_INTO.with(|folder| folder.set(-1));
        }
        let heard = started.and_then(|child| hear(child, pending));
        #[cfg(any(target_os = "linux", target_os = "android"))]
        let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        #[cfg(any(target_os = "linux", target_os = "android"))]
        {
            live.starting -= 1;
        }
        let (child, report) = heard?;
        #[cfg(any(target_os = "linux", target_os = "android"))]
        {
            // A pid always fits: pid_t is the type the kernel hands out.
            let leader = child.id() as libc::pid_t;
            live.groups.push(leader);
            drop(live);
            self.started
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(leader);
        }
        if let Some((reader, said)) = report {
            // A pid always fits: pid_t is the type the kernel hands out.
            #[cfg(any(target_os = "linux", target_os = "android"))]
            if let Some(record) = super::left::Record::new(child.id() as libc::pid_t) {
                self.records
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(record);
            }
            let runner = Runner {
                pid: child.id() as libc::pid_t,
                program: said.map(libc::pid_t::abs),
                attached: said.is_some_and(|pid| pid > 0),
                reader,
            };
            self.runners
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(runner);
        }
        Ok((child, Duration::ZERO))
    }

    /// The readings of the cgroup a judged program was put in, if it
    /// was; `Err` with why when the tool judges by cgroup (see
    /// [`super::cgroup::accounting`]) but this program, started under a
    /// runner, is not in one. A timed run (no runner) is never in one.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub(super) fn cgroup(
        &self,
        runner: Option<&Runner>,
    ) -> Result<Option<super::cgroup::Readings>, &'static str> {
        if super::cgroup::accounting() == "watch" {
            return Ok(None);
        }
        let Some(runner) = runner else {
            return Ok(None);
        };
        let cgroup = self.cgroup.lock().unwrap_or_else(PoisonError::into_inner);
        match cgroup.as_ref() {
            None => Err("no cgroup could be made for it"),
            Some(cgroup) if runner.attached => Ok(Some(cgroup.readings.clone())),
            Some(_) => Err("it could not be put in its cgroup"),
        }
    }

    /// The runner that is `pid`, if that child is one.
    pub(super) fn take_runner(&self, pid: libc::pid_t) -> Option<Runner> {
        let mut runners = self.runners.lock().unwrap_or_else(PoisonError::into_inner);
        let index = runners.iter().position(|runner| runner.pid == pid)?;
        Some(runners.swap_remove(index))
    }
}

#[cfg(any(target_os = "linux", target_os = "android"))]
impl Drop for Group {
    fn drop(&mut self) {
        super::signals::hold_if_ending();
        let started = self
            .started
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        // One entry each: a pid reaped and given again may be listed
        // twice, once for a later run.
        for group in started.iter() {
            if let Some(index) = live.groups.iter().position(|live| live == group) {
                live.groups.swap_remove(index);
            }
        }
        live.runs -= 1;
        if live.runs == 0 {
            // SAFETY: as in `new`; under the lock, so that no run starts
            // meanwhile.
            unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 0) };
        }
    }
}

/// Starts `command`, under [`SPAWNS`]; a runner started afresh (see
/// `runner/afresh.rs`) is told what it needs, the descriptors among it
/// left open across the exec for this start alone.
fn spawn(
    command: &mut Command,
    pending: Option<&Pending>,
    #[cfg(any(target_os = "linux", target_os = "android"))] cgroup_fds: ([RawFd; 2], RawFd),
) -> io::Result<Child> {
    let _no_other_start = SPAWNS.lock().unwrap_or_else(PoisonError::into_inner);
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let _copies = match pending.and_then(|pending| Some((pending, pending.afresh.as_ref()?))) {
        Some((pending, afresh)) => {
            use super::runner::afresh::{inheritable, number_of, Orders, VARIABLE};
            let copies = inheritable(&[
                pending.report.writer.as_raw_fd(),
                afresh.status.writer.as_raw_fd(),
                cgroup_fds.1,
                cgroup_fds.0[0],
                cgroup_fds.0[1],
            ])?;
            let orders = Orders {
                tool: std::process::id() as libc::pid_t,
                report: number_of(&copies[0]),
                status: number_of(&copies[1]),
                clone_into: number_of(&copies[2]),
                attach: [number_of(&copies[3]), number_of(&copies[4])],
                address_space: afresh
                    .address_space
                    .map(|limit| [limit.rlim_cur, limit.rlim_max]),
                stack: afresh.stack.map(|limit| [limit.rlim_cur, limit.rlim_max]),
                delay_ms: super::runner::report_delay(),
            };
            command.env(VARIABLE, orders.written());
            copies
        }
        None => Vec::new(),
    };
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let _ = pending;
    command.spawn()
}

/// A runner's report pipe, and the pid its program said it has.
type Heard = (File, Option<libc::pid_t>);

/// What a started runner says before its program runs: the program's
/// pid (negative when it could not put itself in the cgroup; `None`
/// when the runner ended first), and, from a runner started afresh,
/// whether the program's exec happened, an error if not (a fork's exec
/// tells std's spawn itself). The runner is reaped then.
fn hear(
    #[cfg_attr(
        not(any(target_os = "linux", target_os = "android")),
        allow(unused_mut)
    )]
    mut child: Child,
    pending: Option<Pending>,
) -> io::Result<(Child, Option<Heard>)> {
    let Some(pending) = pending else {
        return Ok((child, None));
    };
    let (mut reader, status) = pending.into_readers();
    let mut pid = [0u8; std::mem::size_of::<libc::pid_t>()];
    let said = reader
        .read_exact(&mut pid)
        .ok()
        .map(|()| libc::pid_t::from_ne_bytes(pid));
    #[cfg(any(target_os = "linux", target_os = "android"))]
    if let Some(status) = status {
        let outcome = super::runner::afresh::read_status(status).and_then(|()| {
            said.map(|_| ()).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::Other,
                    "its runner ended before it started the program",
                )
            })
        });
        if let Err(error) = outcome {
            // The runner ends as soon as its program has.
            let _ = child.wait();
            return Err(error);
        }
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let _ = status;
    Ok((child, Some((reader, said))))
}

/// Held while a start forks or spawns, and, where there is no pipe2
/// (macOS), while a pipe is made and marked close-on-exec (see
/// `runner.rs` and `interactive.rs`), so that no program started from
/// another thread inherits a pipe's end in between, which would keep it
/// open (an interactor that never sees its program's output end, a
/// report that never ends), nor the descriptors left open for a runner
/// started afresh (`runner/afresh.rs`). std's own pipes for a start are
/// made inside its spawn, under the lock too.
pub(super) static SPAWNS: Mutex<()> = Mutex::new(());

/// The runs going on, and the process groups they started (each led by
/// the tool's child: a runner, an interactor, a timed program) that have
/// not yet ended.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) struct Live {
    runs: usize,
    pub(super) groups: Vec<libc::pid_t>,
    /// Starts under way, whose child's group is not written down yet.
    pub(super) starting: usize,
}

#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) static LIVE: Mutex<Live> = Mutex::new(Live {
    runs: 0,
    groups: Vec::new(),
    starting: 0,
});

/// Calls `start`, which starts a program, with this process's stack
/// limit set to `stack` (at most the hard limit), and puts the limit back
/// afterwards: the program inherits it at the fork (or posix_spawn) and
/// keeps it through the exec. For a start with no runner (a timed run,
/// which keeps the quick posix_spawn; see [`prepare`]): one with a runner
/// sets the limit in its child, so that runs at once are not held to one
/// start at a time. This tool's own main thread is long past growing,
/// and its threads are given their stack sizes. A lock keeps two starts
/// from restoring each other's limits.
///
/// Linux lays a program out the old way (mappings growing up from a third
/// of the address space) when its stack is unlimited; a 64-bit program
/// does not notice: under the address-space cap of a 256 MiB limit a Rust
/// program's main thread and a C program's both recurse 100 MiB deep, and
/// threads started with glibc's defaults get 2 MiB each.
pub fn with_stack<T>(stack: Stack, start: impl FnOnce() -> T) -> T {
    static STARTS: Mutex<()> = Mutex::new(());
    let _one_at_a_time = STARTS.lock().unwrap_or_else(PoisonError::into_inner);
    let Some((given, own)) = stack_limits(stack) else {
        return start();
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

/// The stack limit a program is to start with for `stack` (at most the
/// hard limit), and this process's own; `None` when they are the same or
/// this process's cannot be read.
fn stack_limits(stack: Stack) -> Option<(libc::rlimit, libc::rlimit)> {
    // SAFETY: rlimit is plain old data, for which all zero bytes are a
    // valid value.
    let mut own: libc::rlimit = unsafe { std::mem::zeroed() };
    // SAFETY: getrlimit writes only to `own`, a valid rlimit.
    if unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut own) } != 0 {
        return None;
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
    let given = libc::rlimit {
        rlim_cur: soft,
        rlim_max: own.rlim_max,
    };
    (soft != own.rlim_cur).then_some((given, own))
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
/// tool's child), with the stack limit `stack` set in the child, and
/// under a memory limit, where no watchdog reads resident memory, caps
/// its address space. Without `measure_memory`, [`with_stack`] sets the
/// stack limit around the start.
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
pub fn prepare(command: &mut Command, measure_memory: bool, memory: Option<u64>, stack: Stack) {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let afresh = super::runner::afresh::chosen(crate::jobs::several_at_once());
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let afresh = false;
    prepare_runner(command, measure_memory, memory, stack, afresh);
}

/// As [`prepare`], the runner started afresh (see `runner/afresh.rs`)
/// where `afresh` says so (Linux), else forked.
pub(super) fn prepare_runner(
    command: &mut Command,
    measure_memory: bool,
    memory: Option<u64>,
    stack: Stack,
    afresh: bool,
) {
    command.process_group(0);
    drop(take_pending(command));
    if !measure_memory {
        return;
    }
    // Set in the child (see [`with_stack`]).
    let stack = stack_limits(stack).map(|(given, _)| given);
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
        Err(_) => return prepare_child(command, limit, stack, None),
    };
    let key = command as *const Command as usize;
    #[cfg(any(target_os = "linux", target_os = "android"))]
    if afresh {
        if let Ok(status) = Report::new() {
            super::runner::afresh::make_runner(command);
            let afresh = Some(Afresh {
                status,
                address_space: limit,
                stack,
            });
            PENDING.with(|pending| pending.borrow_mut().push((key, Pending { report, afresh })));
            return;
        }
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let _ = afresh;
    let writer = report.writer.as_raw_fd();
    let open_files = open_files_bound();
    prepare_child(command, limit, stack, Some((writer, open_files)));
    let pending = Pending {
        report,
        #[cfg(any(target_os = "linux", target_os = "android"))]
        afresh: None,
    };
    PENDING.with(|pending_ones| pending_ones.borrow_mut().push((key, pending)));
}

/// What `prepare` made for a judged program's start, for `Group::start`.
struct Pending {
    /// The runner's report pipe.
    report: Report,
    /// Where the runner is started afresh (see `runner/afresh.rs`).
    #[cfg(any(target_os = "linux", target_os = "android"))]
    afresh: Option<Afresh>,
}

/// What a runner started afresh is given beside its report pipe.
#[cfg(any(target_os = "linux", target_os = "android"))]
struct Afresh {
    /// Its status pipe.
    status: Report,
    /// The program's address-space cap.
    address_space: Option<libc::rlimit>,
    /// The program's stack limit.
    stack: Option<libc::rlimit>,
}

impl Pending {
    /// The reading ends, the writing ones closed: only the runner's are
    /// left, so that a runner that dies unheard is an end of file, not a
    /// hang.
    fn into_readers(self) -> (File, Option<File>) {
        drop(self.report.writer);
        #[cfg(any(target_os = "linux", target_os = "android"))]
        let status = self.afresh.map(|afresh| {
            drop(afresh.status.writer);
            afresh.status.reader
        });
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        let status = None;
        (self.report.reader, status)
    }
}

thread_local! {
    /// What `prepare` set up for the runners of commands not yet
    /// started, each with the address of its command, for `Group::start`
    /// to take when it starts that command: made beside the command, a
    /// pipe is needed once the command has started. Several commands can
    /// be prepared before any is started (a program and the process it
    /// talks to).
    static PENDING: RefCell<Vec<(usize, Pending)>> = const { RefCell::new(Vec::new()) };
}

/// What `prepare` made for `command`, if it made anything.
fn take_pending(command: &Command) -> Option<Pending> {
    let key = command as *const Command as usize;
    PENDING.with(|pending| {
        let mut pending = pending.borrow_mut();
        let index = pending.iter().position(|(its, _)| *its == key)?;
        Some(pending.swap_remove(index).1)
    })
}

/// Sends SIGKILL to every process in the program's group.
///
/// Only called while the program is unreaped (running, or a zombie):
/// then its pid, which is the group's id, is still its own, and the
/// group exists, with the program in it.
pub(super) fn kill_group(pid: libc::pid_t) {
    // SAFETY: killpg has no memory effects; see above for why `pid`
    // names our program's group.
    unsafe { libc::killpg(pid, libc::SIGKILL) };
}
