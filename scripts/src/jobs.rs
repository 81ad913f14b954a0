//! `--jobs N`: runs on several cores at once, with the verdicts of one.
//!
//! A [`Pool`] of worker threads takes jobs in the order they are given
//! and hands their results back by ticket, so that the caller reports in
//! its own order (a case's line printed as soon as the cases before it
//! are done) whatever order the jobs end in. How many workers run is
//! [`Jobs::fitting`]: what was asked, or the cores, and never so many
//! that their memory limits together pass the memory the machine has
//! free.
//!
//! Runs at once do not count each other: each has its own process group,
//! its own cgroup where the tool makes one, its own watch (see `run.rs`);
//! CPU time, which decides, is each run's own. What one run costs the
//! others is the wait for a CPU, which the wall-time cap leaves out.

use std::collections::HashMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex, PoisonError};
use std::thread;

mod memory;

pub use memory::available as available_memory;

/// How many runs go on at once, and why fewer than asked, if fewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jobs {
    pub used: usize,
    /// Why `used` is less than what was asked (`-j N`), to say once.
    pub fewer: Option<String>,
}

impl Jobs {
    /// The jobs for `asked` (none: the default, the cores this process may
    /// use) where each run may take `memory` bytes: no more than the free
    /// memory holds, at least one, and no more than `work` (the runs there
    /// are to make). Where the wait for a CPU is not measured (macOS,
    /// Windows), no more than the cores either: a run that waits for a
    /// core another holds would have the wait counted in its wall time,
    /// and the wall-time cap could stop it where one at a time would not.
    pub fn fitting(asked: Option<usize>, memory: u64, work: usize) -> Jobs {
        Jobs::fitting_in(
            asked,
            memory,
            work,
            cores(),
            available_memory(),
            WAIT_MEASURED,
        )
    }

    fn fitting_in(
        asked: Option<usize>,
        memory: u64,
        work: usize,
        cores: usize,
        free: Option<u64>,
        wait_measured: bool,
    ) -> Jobs {
        let wanted = asked.unwrap_or(cores).max(1);
        let mut used = wanted;
        let mut fewer = None;
        let plural = |count: usize, word: &str| {
            format!("{count} {word}{}", if count == 1 { "" } else { "s" })
        };
        if !wait_measured && used > cores {
            used = cores;
            fewer = Some(format!(
                "{} of the {wanted} asked: this system does not measure a run's wait for a \
                 CPU, which more runs than its {} would add to their wall time",
                plural(used, "job"),
                plural(cores, "core"),
            ));
        }
        let held = match free {
            Some(free) if memory > 0 => usize::try_from(free / memory).unwrap_or(usize::MAX),
            _ => usize::MAX,
        };
        if held.max(1) < used {
            used = held.max(1);
            let mib = |bytes: u64| bytes >> 20;
            fewer = Some(format!(
                "{} of the {wanted} asked: {} MiB free holds {} of a {} MiB memory limit",
                plural(used, "job"),
                mib(free.unwrap_or(0)),
                plural(held, "run"),
                mib(memory),
            ));
        }
        // Fewer runs than workers leave workers idle, never a verdict
        // changed: not said.
        used = used.min(work.max(1));
        Jobs { used, fewer }
    }
}

/// Whether a run's wait for a CPU is measured here (see `run.rs`), so
/// that more runs than cores keep their verdicts.
const WAIT_MEASURED: bool = cfg!(any(target_os = "linux", target_os = "android"));

/// The cores this process may run on (its CPU affinity, a container's
/// quota), or 1 where that is unknown.
pub fn cores() -> usize {
    thread::available_parallelism().map_or(1, usize::from)
}

/// The pools of more than one worker that are going on.
static SEVERAL: AtomicUsize = AtomicUsize::new(0);

/// Whether runs may go on at once now: a pool of more than one worker is
/// going on (the start of a run depends on it, see `run/unix/runner/afresh.rs`).
#[cfg_attr(not(any(target_os = "linux", target_os = "android")), allow(dead_code))]
pub fn several_at_once() -> bool {
    SEVERAL.load(Ordering::SeqCst) > 0
}

/// Counts a pool of more than one worker in [`SEVERAL`] while it lives.
struct Several(bool);

impl Several {
    fn new(workers: usize) -> Several {
        if workers > 1 {
            SEVERAL.fetch_add(1, Ordering::SeqCst);
        }
        Several(workers > 1)
    }
}

impl Drop for Several {
    fn drop(&mut self) {
        if self.0 {
            SEVERAL.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// A job: its ticket, and the work.
type Job<'env, R> = (usize, Box<dyn FnOnce() -> R + Send + 'env>);

/// Worker threads taking jobs in the order given (see [`scoped`]).
pub struct Pool<'env, R> {
    queue: Option<mpsc::Sender<Job<'env, R>>>,
    done: mpsc::Receiver<(usize, thread::Result<R>)>,
    /// Results that came before the one asked for.
    ready: HashMap<usize, R>,
    given: usize,
}

impl<'env, R> Pool<'env, R> {
    /// Gives a job to the workers: its ticket, for [`Pool::take`].
    pub fn give(&mut self, job: impl FnOnce() -> R + Send + 'env) -> usize {
        let ticket = self.given;
        self.given += 1;
        if let Some(queue) = &self.queue {
            // The workers live as long as the pool: the send cannot fail.
            let _ = queue.send((ticket, Box::new(job)));
        }
        ticket
    }

    /// The result of the job with `ticket`, waited for; a job that
    /// panicked panics here.
    pub fn take(&mut self, ticket: usize) -> R {
        loop {
            if let Some(result) = self.ready.remove(&ticket) {
                return result;
            }
            match self.done.recv() {
                Ok((its, Ok(result))) => {
                    self.ready.insert(its, result);
                }
                Ok((_, Err(panicked))) => panic::resume_unwind(panicked),
                Err(_) => panic!("job {ticket} was never given"),
            }
        }
    }
}

/// Calls `body` with a pool of `workers` threads (at least one), which
/// end once `body` has returned and every job given has run.
pub fn scoped<'env, R: Send + 'env, T>(
    workers: usize,
    body: impl FnOnce(&mut Pool<'env, R>) -> T,
) -> T {
    let _several = Several::new(workers);
    let (queue, jobs) = mpsc::channel::<Job<'env, R>>();
    let (results, done) = mpsc::channel();
    let jobs = Mutex::new(jobs);
    thread::scope(|scope| {
        for _ in 0..workers.max(1) {
            let jobs = &jobs;
            let results = results.clone();
            scope.spawn(move || loop {
                let job = jobs.lock().unwrap_or_else(PoisonError::into_inner).recv();
                let Ok((ticket, job)) = job else {
                    return;
                };
                // A panic is handed to whoever takes the result, so that
                // no take waits for a worker that is gone.
                let result = panic::catch_unwind(AssertUnwindSafe(job));
                if results.send((ticket, result)).is_err() {
                    return;
                }
            });
        }
        drop(results);
        let mut pool = Pool {
            queue: Some(queue),
            done,
            ready: HashMap::new(),
            given: 0,
        };
        let result = body(&mut pool);
        pool.queue = None;
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn results_come_back_by_ticket_whatever_order_the_jobs_end_in() {
        let running = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        let results = scoped(3, |pool| {
            let tickets: Vec<usize> = (0..12u64)
                .map(|index| {
                    let (running, most) = (&running, &most);
                    pool.give(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        // The first jobs are the slowest: they end last.
                        thread::sleep(Duration::from_millis(40 - 3 * index));
                        running.fetch_sub(1, Ordering::SeqCst);
                        index * 10
                    })
                })
                .collect();
            tickets
                .into_iter()
                .map(|ticket| pool.take(ticket))
                .collect::<Vec<u64>>()
        });
        assert_eq!(results, (0..12).map(|index| index * 10).collect::<Vec<_>>());
        assert_eq!(most.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn a_job_that_panics_panics_where_it_is_taken_and_the_others_still_end() {
        let caught = panic::catch_unwind(AssertUnwindSafe(|| {
            scoped(2, |pool| {
                let fine = pool.give(|| 1);
                let broken = pool.give(|| -> i32 { panic!("broken job") });
                let after = pool.give(|| 3);
                assert_eq!(pool.take(after), 3);
                assert_eq!(pool.take(fine), 1);
                pool.take(broken)
            })
        }));
        let message = caught.unwrap_err();
        assert_eq!(message.downcast_ref::<&str>(), Some(&"broken job"));
    }

    #[test]
    fn jobs_are_held_to_the_free_memory_and_say_so() {
        let mib = 1u64 << 20;
        let jobs = Jobs::fitting_in(Some(8), 256 * mib, 100, 2, Some(1000 * mib), true);
        assert_eq!(jobs.used, 3);
        assert_eq!(
            jobs.fewer.as_deref(),
            Some("3 jobs of the 8 asked: 1000 MiB free holds 3 runs of a 256 MiB memory limit")
        );
        // Never none: one run goes on whatever the memory.
        let jobs = Jobs::fitting_in(Some(4), 2048 * mib, 100, 2, Some(1000 * mib), true);
        assert_eq!(jobs.used, 1);
        assert!(jobs.fewer.unwrap().contains("holds 0 runs"));
        // The default is the cores; memory unknown holds nothing back.
        let jobs = Jobs::fitting_in(None, 256 * mib, 100, 6, None, true);
        assert_eq!(
            jobs,
            Jobs {
                used: 6,
                fewer: None
            }
        );
        // Fewer runs than jobs: the runs, unsaid.
        assert_eq!(
            Jobs::fitting_in(Some(8), mib, 3, 2, Some(1 << 40), true).used,
            3
        );
    }

    #[test]
    fn no_more_jobs_than_cores_where_the_wait_is_not_measured() {
        let mib = 1u64 << 20;
        let jobs = Jobs::fitting_in(Some(8), mib, 100, 2, Some(1 << 40), false);
        assert_eq!(jobs.used, 2);
        assert_eq!(
            jobs.fewer.as_deref(),
            Some(
                "2 jobs of the 8 asked: this system does not measure a run's wait for a CPU, \
                 which more runs than its 2 cores would add to their wall time"
            )
        );
        // Where it is, as many as asked.
        assert_eq!(
            Jobs::fitting_in(Some(8), mib, 100, 2, Some(1 << 40), true).used,
            8
        );
        // The memory's bound says why when it is the lower.
        let jobs = Jobs::fitting_in(Some(8), 1024 * mib, 100, 4, Some(2048 * mib), false);
        assert_eq!(jobs.used, 2);
        assert!(jobs.fewer.unwrap().contains("2048 MiB free holds 2 runs"));
    }
}
