//! Waiting for a program on Unix: the watchdog that kills its group at
//! the limits, the reap, and how it ended (wait status or signal, peak
//! memory, wall and CPU time).

use super::account::Account;
use super::group::{kill_group, Group};
use super::memory::max_rss_bytes;
use super::runner::{cpu_time, reap_orphan};
use super::schedstat::Waiting;
#[cfg(any(target_os = "linux", target_os = "android"))]
use super::sweep::sweep;
use crate::run::{Ending, Waited, Watch};
use std::io;
use std::process::Child;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
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
pub(in crate::run) fn wait(
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
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let (cgroup, fell_back) = match group.cgroup(runner.as_ref()) {
        Ok(cgroup) => (cgroup, None),
        Err(why) => (None, Some(why)),
    };
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let fell_back = None;
    let ended = Arc::new(Mutex::new(false));
    let (done, watched) = mpsc::channel::<()>();
    let watchdog = {
        let ended = Arc::clone(&ended);
        let mut watch = Watch {
            deadline: watch.deadline,
            bound: watch.bound,
            memory: watch.memory,
            output_over: watch.output_over.clone(),
            cpu: watch.cpu,
            wait: watch.wait,
        };
        let mut account = Account::new(
            #[cfg(any(target_os = "linux", target_os = "android"))]
            cgroup,
            program,
            pid,
        );
        let mut waiting = Waiting::new();
        crate::run::threads::spawn(move || loop {
            if watched.recv_timeout(watch.pause()) != Err(RecvTimeoutError::Timeout) {
                return (None, account, waiting);
            }
            let ended = ended.lock().unwrap_or_else(PoisonError::into_inner);
            if *ended {
                return (None, account, waiting);
            }
            // One look: the processes found (now and then), and their
            // wait, memory and CPU time read.
            account.look();
            watch.wait = waiting.read(account.processes());
            // Under the lock, the child is unreaped: `pid` is its own.
            if let Some(stop) = watch.stop(|| account.memory()) {
                kill_group(pid);
                return (Some(stop), account, waiting);
            }
            if watch.over_cpu(|| account.cpu()) {
                kill_group(pid);
                return (Some(crate::run::Stop::Time), account, waiting);
            }
        })
    };

    let waited = wait_without_reaping(pid, runner.is_some());
    let mut elapsed = started.elapsed();
    *ended.lock().unwrap_or_else(PoisonError::into_inner) = true;
    drop(done);
    let (mut stop, account, waiting) = match watchdog.join() {
        Ok((stop, account, waiting)) => (stop, Some(account), Some(waiting)),
        Err(_) => (None, None, None),
    };
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
    // The system's figures are the program's own; the accounting's are
    // of everything it started, which the limits hold too.
    let mut process_limit_hit = false;
    if let Some(figures) = account.map(|mut account| account.finish(cpu, peak_memory, program, pid))
    {
        if figures.out_of_memory && stop.is_none() {
            stop = Some(crate::run::Stop::Memory);
        }
        (cpu, peak_memory) = (figures.cpu, figures.peak_memory);
        process_limit_hit = figures.process_limit_hit;
    }
    #[cfg(any(target_os = "linux", target_os = "android"))]
    sweep(pid);
    let ending = ending_of(status);
    Ok(Waited {
        elapsed,
        cpu,
        wait: waiting.and_then(|waiting| waiting.total(elapsed)),
        peak_memory,
        peak_sampled: false,
        fell_back,
        process_limit_hit,
        ending,
        stop,
    })
}

/// Waits until the child `pid` has exited, leaving it unreaped. A
/// `runner` that is stopped (by the program it runs, which can name it)
/// is resumed, so that it reaps the program and reports.
pub(super) fn wait_without_reaping(pid: libc::pid_t, runner: bool) -> io::Result<()> {
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

/// Reaps child `pid`, which has ended: how, its peak memory and its CPU
/// time.
pub(super) fn reap(pid: libc::pid_t) -> io::Result<(Ending, u64, Duration)> {
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
pub(super) fn ending_of(status: libc::c_int) -> Ending {
    if libc::WIFSIGNALED(status) {
        Ending::Signal(libc::WTERMSIG(status))
    } else {
        Ending::Exited(libc::WEXITSTATUS(status))
    }
}

#[cfg(test)]
mod tests {
    use super::super::group::prepare_runner;
    use super::*;
    use std::io::Read;
    use std::process::{Command, Stdio};

    /// The runners a test tries: forked, and on Linux started afresh
    /// (see `runner/afresh.rs`).
    const RUNNERS: &[bool] = if cfg!(any(target_os = "linux", target_os = "android")) {
        &[false, true]
    } else {
        &[false]
    };

    /// Prepares `command` where it is: `prepare` knows a command by its
    /// address until it starts.
    fn prepare(command: &mut Command, afresh: bool) {
        prepare_runner(
            command,
            true,
            Some(64 << 20),
            crate::run::Stack::Unlimited,
            afresh,
        );
    }

    fn watch(started: Instant, deadline: Duration) -> Watch {
        Watch {
            deadline: started + deadline,
            bound: started + deadline * 5,
            memory: None,
            output_over: None,
            cpu: None,
            wait: Duration::ZERO,
        }
    }

    /// Makes `slot` a shell running `script`, prepared where it is.
    fn shell(slot: &mut Command, script: &str, afresh: bool) {
        *slot = Command::new("/bin/sh");
        slot.args(["-c", script]);
        prepare(slot, afresh);
    }

    /// Runs the prepared `command` to its end: how it ended, and what it
    /// wrote to its standard output.
    fn output_of(command: &mut Command) -> (Ending, String) {
        command.stdout(Stdio::piped());
        let group = Group::new(Some(64 << 20)).unwrap();
        let started = Instant::now();
        let (mut child, _) = group.start(command).unwrap();
        let mut output = String::new();
        let mut stdout = child.stdout.take().unwrap();
        stdout.read_to_string(&mut output).unwrap();
        let watch = watch(started, Duration::from_secs(10));
        let waited = wait(&mut child, &group, started, &watch).unwrap();
        (waited.ending, output)
    }

    /// Two programs prepared before either is started each get their own
    /// runner, and each's status is its own.
    #[test]
    fn two_commands_prepared_together_are_run_each_under_its_own_runner() {
        for &afresh in RUNNERS {
            let (mut first, mut second) = (Command::new("sh"), Command::new("sh"));
            shell(&mut first, "exit 3", afresh);
            shell(&mut second, "exit 5", afresh);
            let group = Group::new(Some(64 << 20)).unwrap();
            let started = Instant::now();
            let watch = watch(started, Duration::from_secs(10));
            let (mut first, _) = group.start(&mut first).unwrap();
            let first = wait(&mut first, &group, started, &watch).unwrap();
            let (mut second, _) = group.start(&mut second).unwrap();
            let second = wait(&mut second, &group, started, &watch).unwrap();
            assert_eq!(first.ending, Ending::Exited(3), "afresh: {afresh}");
            assert_eq!(second.ending, Ending::Exited(5), "afresh: {afresh}");
            assert!(first.peak_memory.is_some() && second.peak_memory.is_some());
        }
    }

    /// A program that cannot be started is an error of the start, with
    /// the reason its exec gave, under either runner; nothing is left.
    #[test]
    fn a_program_that_cannot_be_started_is_an_error_of_the_start() {
        let folder = std::env::temp_dir().join(format!("judge-no-exec-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let not_executable = folder.join("plain.txt");
        std::fs::write(&not_executable, "echo\n").unwrap();
        let missing = folder.join("missing");
        for &afresh in RUNNERS {
            for (program, kind) in [
                (&missing, io::ErrorKind::NotFound),
                (&not_executable, io::ErrorKind::PermissionDenied),
            ] {
                let mut command = Command::new(program.to_str().unwrap());
                prepare(&mut command, afresh);
                let group = Group::new(Some(64 << 20)).unwrap();
                let error = group.start(&mut command).err();
                assert_eq!(
                    error.as_ref().map(io::Error::kind),
                    Some(kind),
                    "{program:?}, afresh: {afresh}: {error:?}"
                );
            }
        }
        std::fs::remove_dir_all(&folder).unwrap();
    }

    /// A program is given its standard streams and nothing else of the
    /// tool's, under either runner: not the report, the status or the
    /// cgroup's descriptors. Read from /proc, which only Linux has.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    #[test]
    fn a_program_holds_no_descriptor_but_its_streams() {
        for &afresh in RUNNERS {
            let mut command = Command::new("/bin/ls");
            command.args(["/proc/self/fd"]);
            prepare(&mut command, afresh);
            let (ending, listed) = output_of(&mut command);
            assert_eq!(ending, Ending::Exited(0));
            // ls's own reading of the folder is the fourth.
            assert_eq!(listed, "0\n1\n2\n3\n", "afresh: {afresh}");
        }
    }

    /// The variable that makes the tool a runner is not the program's.
    #[test]
    fn a_program_is_not_given_the_runners_variable() {
        for &afresh in RUNNERS {
            let mut command = Command::new("/usr/bin/env");
            prepare(&mut command, afresh);
            let (ending, environment) = output_of(&mut command);
            assert_eq!(ending, Ending::Exited(0));
            assert!(environment.contains("PATH="), "{environment}");
            assert!(!environment.contains("JUDGE_RUNNER"), "{environment}");
        }
    }

    /// A runner started afresh gives its program the stack limit asked
    /// for, as a forked one does (a limit it sets in itself before it
    /// forks the program).
    #[cfg(any(target_os = "linux", target_os = "android"))]
    #[test]
    fn either_runner_sets_the_stack_limit_asked_for() {
        for &afresh in RUNNERS {
            for (stack, said) in [
                (crate::run::Stack::Bytes(4 << 20), "4096\n"),
                (crate::run::Stack::Unlimited, "unlimited\n"),
            ] {
                let mut command = Command::new("/bin/sh");
                command.args(["-c", "ulimit -s"]);
                prepare_runner(&mut command, true, Some(64 << 20), stack, afresh);
                let (ending, limit) = output_of(&mut command);
                assert_eq!(ending, Ending::Exited(0));
                assert_eq!(limit, said, "afresh: {afresh}");
            }
        }
    }

    /// A runner killed between the program's end and its report (here
    /// held there by a pause, as a busy machine can hold it) leaves the
    /// program's figures: the program is reaped only after the report is
    /// written, so the tool reaps it itself.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    #[test]
    fn a_runner_killed_before_it_reports_leaves_the_programs_figures() {
        use super::super::runner::REPORT_DELAY_MS;
        use std::sync::atomic::Ordering;
        for &afresh in RUNNERS {
            let mut command = Command::new("sh");
            shell(&mut command, "exit 3", afresh);
            let group = Group::new(Some(64 << 20)).unwrap();
            let started = Instant::now();
            let watch = watch(started, Duration::from_millis(300));
            // No other run starts a runner meanwhile (see `HOLDING`); the
            // start itself takes it for reading, so it is taken here, and
            // the start made while it is held.
            let held = super::super::runner::HOLDING
                .write()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            REPORT_DELAY_MS.store(60_000, Ordering::SeqCst);
            let started_child = group.start_holding(&mut command);
            REPORT_DELAY_MS.store(0, Ordering::SeqCst);
            drop(held);
            let (mut child, _) = started_child.unwrap();
            let waited = wait(&mut child, &group, started, &watch).unwrap();
            assert_eq!(
                waited.stop,
                Some(crate::run::Stop::Time),
                "afresh: {afresh}"
            );
            assert_eq!(waited.ending, Ending::Exited(3), "afresh: {afresh}");
            assert!(waited.cpu.is_some(), "no CPU time");
            assert!(waited.peak_memory.is_some(), "no peak");
        }
    }
}
