//! The time a program waited for a CPU (Linux): the run-queue delay the
//! kernel keeps per thread, summed over every thread of the processes
//! the program's memory and CPU time are read from (its cgroup's, or
//! the watch's tree: see `Account::processes`), so that the wall-time cap
//! is held against the time the program itself spent, not the machine's
//! load.
//!
//! `/proc/PID/task/TID/schedstat` holds three numbers: the time the
//! thread ran on a CPU, the time it was runnable but waited on a run
//! queue for one (both in nanoseconds), and how many times it ran
//! (Documentation/scheduler/sched-stats.rst). The second is the wait. A
//! program that sleeps or blocks is not runnable: its sleep is not a wait,
//! and the cap still stops it. The kernel adds a wait to the figure when
//! the thread gets its CPU (`sched_info_arrive`), so a wait under way is
//! not in it: a thread under nice 19 beside busy loops can wait a second
//! or more before it runs, and was stopped at the cap meanwhile. So a
//! thread that is runnable (`R` in its `stat`) at two looks and has not
//! run between them (its run time and its count of runs the same) is
//! taken to have waited from the first to now, until the kernel's figure
//! says more. A thread on a CPU the whole time whose run time was not
//! updated between two looks (the kernel updates it at each tick) is taken
//! for waiting that long too: the wait can be overstated by a tick, never
//! by more.
//!
//! What the wait is: the threads' waits added up, taken as wall time
//! lost, so never more than the wall time. Threads that wait side by side
//! each count, and their sum can pass the wall time: the wait taken is
//! at most the time since the program started at each look, and at most
//! the run's wall time at its end, so that wall time less the wait is
//! never below nothing and the wait shown never above the wall time.
//!
//! A program can wait without end: one that lowers its own priority
//! (`SCHED_IDLE`, nice 19) beside busy processes is runnable all the time
//! and runs little, and its wait grows as fast as the wall time. So the
//! wait moves the kill point back only up to a bound every run keeps
//! (`run.rs`, `Watch::bound`). Elsewhere (macOS, other Unix) nothing reads
//! it, and the wait is not measured.

use std::time::Duration;
#[cfg(any(target_os = "linux", target_os = "android"))]
use std::time::Instant;

#[cfg(any(target_os = "linux", target_os = "android"))]
use std::collections::HashMap;

/// The wait for a CPU of a program's tree of processes, read at each of
/// the watchdog's looks: every thread's latest reading, kept once the
/// thread has ended.
pub(super) struct Waiting {
    /// Each thread's wait in nanoseconds as last read, a wait under way
    /// included, by thread id (a thread id is unique on the system while
    /// the thread lives). Where an id is reused by a later thread of the
    /// tree, the larger of the two readings is kept: the wait is not
    /// overstated (by a tick at most, see above).
    #[cfg(any(target_os = "linux", target_os = "android"))]
    threads: HashMap<libc::pid_t, u64>,
    /// Each thread's run time and count of runs as last read, and since
    /// when (with its wait then) it has been runnable without running.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    under_way: HashMap<libc::pid_t, UnderWay>,
    /// When the program was started, or just after.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    started: Instant,
    /// The wait so far: the sum of `threads` at the last look, at most
    /// the time from `started` to that look.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    counted: Duration,
    /// Whether this system keeps the figure at all.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    measured: bool,
}

impl Waiting {
    /// The wait of a program started just before.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub(super) fn new() -> Waiting {
        // A kernel built without CONFIG_SCHED_INFO has no schedstat file:
        // the tool's own thread tells.
        let measured = std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|text| run_delay(&text))
            .is_some();
        Waiting {
            threads: HashMap::new(),
            under_way: HashMap::new(),
            started: Instant::now(),
            counted: Duration::ZERO,
            measured,
        }
    }

    /// Not measured on this platform.
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub(super) fn new() -> Waiting {
        Waiting {}
    }

    /// Reads every thread of `processes` now, and returns the wait so far.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub(super) fn read(&mut self, processes: &[libc::pid_t]) -> Duration {
        if self.measured {
            for &pid in processes {
                self.read_process(pid);
            }
            let now = Instant::now();
            let summed = self
                .threads
                .values()
                .fold(0u64, |sum, &delay| sum.saturating_add(delay));
            self.count(summed, now);
        }
        self.counted
    }

    /// Nothing to read on this platform.
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub(super) fn read(&mut self, _processes: &[libc::pid_t]) -> Duration {
        Duration::ZERO
    }

    /// Takes in a look at `now` whose threads' waits sum to `summed`
    /// nanoseconds: the sum, at most the time since the start.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn count(&mut self, summed: u64, now: Instant) {
        let since_start = now.saturating_duration_since(self.started);
        self.counted = self
            .counted
            .max(Duration::from_nanos(summed).min(since_start));
    }

    /// Reads each thread of process `pid`.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn read_process(&mut self, pid: libc::pid_t) {
        let Ok(threads) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            return;
        };
        for thread in threads.flatten() {
            let Some(tid) = thread
                .file_name()
                .to_str()
                .and_then(|name| name.parse::<libc::pid_t>().ok())
            else {
                continue;
            };
            let mut path = thread.path();
            path.push("schedstat");
            let Some((ran, delay, runs)) = std::fs::read_to_string(&path)
                .ok()
                .and_then(|text| schedstat(&text))
            else {
                continue;
            };
            let now = Instant::now();
            let seen = self.under_way.entry(tid).or_insert(UnderWay {
                ran,
                runs,
                since: None,
            });
            let still = seen.ran == ran && seen.runs == runs;
            if still && runnable(&thread.path()) {
                seen.since.get_or_insert((now, delay));
            } else {
                seen.since = None;
            }
            (seen.ran, seen.runs) = (ran, runs);
            let under_way = seen.since.map_or(0, |(since, then)| {
                let waited = now.saturating_duration_since(since).as_nanos();
                then.saturating_add(u64::try_from(waited).unwrap_or(u64::MAX))
            });
            let kept = self.threads.entry(tid).or_insert(0);
            *kept = (*kept).max(delay).max(under_way);
        }
    }

    /// The wait as last read, where this system measures it, at most
    /// `elapsed`, the run's wall time: the last look can come after the
    /// program's end (the watchdog waits for a CPU too), when the
    /// threads' sum has passed the time the program ran.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub(super) fn total(&self, elapsed: Duration) -> Option<Duration> {
        self.measured.then_some(self.counted.min(elapsed))
    }

    /// Not measured on this platform.
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub(super) fn total(&self, _elapsed: Duration) -> Option<Duration> {
        None
    }
}

/// What is kept of a thread to see a wait under way.
#[cfg(any(target_os = "linux", target_os = "android"))]
struct UnderWay {
    /// Its run time and its count of runs as last read.
    ran: u64,
    runs: u64,
    /// Since when it has been runnable without running, and its wait as
    /// the kernel had it then.
    since: Option<(Instant, u64)>,
}

/// The run-queue delay in a schedstat file's text: its second number.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn run_delay(schedstat: &str) -> Option<u64> {
    schedstat.split_whitespace().nth(1)?.parse().ok()
}

/// A schedstat file's three numbers: run time, wait, count of runs.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn schedstat(text: &str) -> Option<(u64, u64, u64)> {
    let mut numbers = text.split_whitespace().map(|number| number.parse().ok());
    Some((numbers.next()??, numbers.next()??, numbers.next()??))
}

/// Whether the thread whose /proc folder is `folder` is runnable now:
/// `R` in its `stat`, after the command name.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn runnable(folder: &std::path::Path) -> bool {
    std::fs::read_to_string(folder.join("stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('R'))
    })
}

#[cfg(all(test, any(target_os = "linux", target_os = "android")))]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    #[test]
    fn the_wait_is_the_second_number() {
        assert_eq!(run_delay("197337363 1814018955 64\n"), Some(1_814_018_955));
        assert_eq!(run_delay("12"), None);
        assert_eq!(run_delay("a b c"), None);
        assert_eq!(schedstat("197 1814 64\n"), Some((197, 1814, 64)));
        assert_eq!(schedstat("197 1814"), None);
    }

    /// The readings of ended threads stay in the sum; the wait is the
    /// sum, at most the time since the start, and never falls.
    #[test]
    fn ended_threads_keep_their_last_reading_and_the_wait_stays_within_the_wall_time() {
        let started = Instant::now() - Duration::from_secs(1);
        let ms = |ms: u64| Duration::from_millis(ms);
        let mut waiting = Waiting {
            threads: HashMap::from([(10, 500), (11, 250)]),
            under_way: HashMap::new(),
            started,
            counted: Duration::ZERO,
            measured: true,
        };
        // No process to read: the readings kept are the sum.
        assert_eq!(waiting.read(&[]), Duration::from_nanos(750));
        assert_eq!(waiting.total(ms(1)), Some(Duration::from_nanos(750)));
        // A wait of 300 ms added at once, when the thread got its CPU.
        waiting.count(300_000_000, started + ms(310));
        assert_eq!(waiting.counted, ms(300));
        // Two threads that each waited 400 ms in the same 400 ms: the
        // sum, 1100 ms, is past the 710 ms since the start.
        waiting.count(1_100_000_000, started + ms(710));
        assert_eq!(waiting.counted, ms(710));
        waiting.count(1_100_000_000, started + ms(2000));
        assert_eq!(waiting.counted, ms(1100));
        // A sum that fell (a thread id taken by a new thread) takes
        // nothing back.
        waiting.count(5, started + ms(3000));
        assert_eq!(waiting.counted, ms(1100));
        // The run ended at 1050 ms, its watchdog's last look later: the
        // wait shown is at most the wall time.
        assert_eq!(waiting.total(ms(1050)), Some(ms(1050)));
        assert_eq!(waiting.total(ms(5000)), Some(ms(1100)));
    }

    /// The processes given are read, a shell's busy child among them
    /// (found as the watch finds it), beside twice as many busy loops as
    /// there are CPUs: it waits, and is counted.
    #[test]
    fn a_busy_child_beside_busy_loops_waits_and_is_counted() {
        let cores = std::thread::available_parallelism().map_or(2, |cores| cores.get());
        let mut loops: Vec<_> = (0..2 * cores)
            .map(|_| {
                Command::new("/bin/sh")
                    .args(["-c", "while :; do :; done"])
                    .spawn()
                    .unwrap()
            })
            .collect();
        // The shell waits; its child, a second shell, spins with no
        // process of its own started (a `date` a round would spend its
        // time in processes that come and go), in a group of the first's
        // own, killed whole below.
        let mut parent = Command::new("/bin/sh")
            .args(["-c", "/bin/sh -c 'while :; do :; done'; :"])
            .process_group(0)
            .spawn()
            .unwrap();
        let root = parent.id() as libc::pid_t;
        let mut waiting = Waiting::new();
        let started = Instant::now();
        let mut wait = Duration::ZERO;
        while started.elapsed() < Duration::from_millis(1500) {
            wait = waiting.read(&super::super::tree::tree_of(root, root));
            std::thread::sleep(Duration::from_millis(20));
        }
        // SAFETY: kill has no memory effects; the group is the shells'.
        unsafe { libc::kill(-root, libc::SIGKILL) };
        for child in loops.iter_mut().chain([&mut parent]) {
            let _ = child.kill();
            let _ = child.wait();
        }
        assert!(waiting.measured, "no schedstat on this kernel");
        assert!(waiting.threads.len() >= 2, "{:?}", waiting.threads);
        // Three runnable loops or more a CPU: a loop waits most of the
        // time, far more than 100 ms in 1.5 s.
        assert!(wait > Duration::from_millis(100), "{wait:?}");
    }
}
