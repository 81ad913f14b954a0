//! An interactive run on Unix: the program and its interactor started
//! under one run's group, each in a process group of its own, waited for
//! together; and the pipes that join them.

use super::account::Account;
use super::group::{kill_group, prepare, Group};
use super::memory::max_rss_bytes;
use super::runner::reap_orphan;
use super::schedstat::Waiting;
#[cfg(any(target_os = "linux", target_os = "android"))]
use super::sweep::sweep;
use super::tree::Tree;
use super::wait::{ending_of, reap, wait_without_reaping};
use crate::run::Waited;
use std::fs::File;
use std::io;
use std::os::fd::FromRawFd;
#[cfg(any(target_os = "linux", target_os = "android"))]
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Prepares an interactor's command: a process group of its own, as a
/// program's, and on Linux the parent's death signal, so that a tool
/// stopped by Ctrl-C or SIGTERM leaves no interactor running (the tool
/// also kills its process group on its way out, see `signals.rs`; the program
/// and every checker have it already, see [`prepare_child`](super::runner::prepare_child)).
pub fn prepare_interactor(command: &mut Command) {
    prepare(command, false, None, crate::run::Stack::Unlimited);
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
pub(in crate::run) fn wait_pair(
    program: &mut Child,
    interactor: &mut Child,
    pair: &Pair,
    started: Instant,
    rules: &mut crate::run::pair::PairWatch,
) -> io::Result<crate::run::pair::PairWaited> {
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
    // Its memory and CPU time, of everything it starts.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let (cgroup, fell_back) = match pair.group.cgroup(runner.as_ref()) {
        Ok(cgroup) => (cgroup, None),
        Err(why) => (None, Some(why)),
    };
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let fell_back = None;
    let account = std::cell::RefCell::new(Account::new(
        #[cfg(any(target_os = "linux", target_os = "android"))]
        cgroup,
        program_itself,
        program_pid,
    ));
    let interactor_pid = interactor.id() as libc::pid_t;
    let (ended, events) = mpsc::channel::<(bool, io::Result<()>)>();
    for (is_program, pid, runs) in [
        (true, program_pid, has_runner),
        (false, interactor_pid, false),
    ] {
        let ended = ended.clone();
        crate::run::threads::spawn(move || {
            let _ = ended.send((is_program, wait_without_reaping(pid, runs)));
        });
    }
    drop(ended);
    // The program's wait for a CPU, and its interactor's: a program
    // blocked on its interactor's answer waits as long as the interactor
    // waits for a CPU, and that wait is the machine's, not the program's
    // (an interactor waiting beside busy loops made the program TLE by
    // the cap). Each read from its own tree of processes.
    let mut waiting = Waiting::new();
    let mut interactor_tree = Tree::new(interactor_pid, interactor_pid);
    let mut interactor_waiting = Waiting::new();
    // Each end as reaped: how, and the peak memory.
    let mut ends = crate::run::pair::PairEnds::new();
    // The interactor's end, `waited` for: its group killed, it reaped, the
    // program killed when that settles the case.
    let interactor_ended = |ends: &mut crate::run::pair::PairEnds<_, _>,
                            waited: io::Result<()>,
                            rules: &crate::run::pair::PairWatch| {
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
            Err(RecvTimeoutError::Timeout) => {
                if ends.program_end.is_none() {
                    let mut account = account.borrow_mut();
                    account.look();
                    interactor_tree.look();
                    let both = waiting.read(account.processes())
                        + interactor_waiting.read(interactor_tree.processes());
                    rules.watch.wait = both.min(started.elapsed());
                }
                ends.timed_out(
                    rules,
                    || account.borrow_mut().memory(),
                    || account.borrow_mut().cpu(),
                    || kill_group(program_pid),
                    || kill_group(interactor_pid),
                );
            }
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
    let figures = account
        .into_inner()
        .finish(cpu, peak_memory, program_itself, program_pid);
    (cpu, peak_memory) = (figures.cpu, figures.peak_memory);
    let mut stop = ends.stop;
    if figures.out_of_memory && stop.is_none() {
        stop = Some(crate::run::Stop::Memory);
    }
    // After the report: the sweep would reap the program, an orphan once
    // its runner is killed, before `reap_orphan` could read its figures.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        sweep(program_pid);
        sweep(interactor_pid);
    }
    let (interactor_ending, ..) = interactor_end?;
    let wait = waiting.total(program_elapsed).map(|own| {
        let partner = interactor_waiting
            .total(program_elapsed)
            .unwrap_or_default();
        (own + partner).min(program_elapsed)
    });
    let program = Waited {
        elapsed: program_elapsed,
        cpu,
        wait,
        peak_memory,
        peak_sampled: false,
        fell_back,
        process_limit_hit: figures.process_limit_hit,
        ending: program_ending,
        stop,
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

/// A pipe: its read end and its write end, neither inherited by a
/// program started later unless given to it as its standard input or
/// output.
pub fn pipe() -> io::Result<(File, File)> {
    let mut ends: [libc::c_int; 2] = [-1, -1];
    // SAFETY: pipe2 writes two descriptors to `ends`, an array of two.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let made = unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) };
    // Marked close-on-exec right after, under the lock every start
    // forks under (see `group::SPAWNS`): no program another thread
    // starts gets an end in between.
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let _no_start = super::group::SPAWNS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // SAFETY: pipe writes two descriptors to `ends`, an array of two.
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
