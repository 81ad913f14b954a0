//! Threads kept from run to run for a run's helpers (the readers of a
//! program's output, its watchdog), not made for each: a thread made and
//! ended costs its start, its stack's mapping and, on Linux, the memory
//! map's lock that the runs beside it wait for. A thread whose work is
//! done waits for the next; at most [`MOST_IDLE`] wait, the others end.

use std::panic::{self, AssertUnwindSafe};
use std::sync::{mpsc, Mutex, PoisonError};
use std::thread;

/// A helper's work, boxed for the thread that takes it.
type Work = Box<dyn FnOnce() + Send>;

/// The threads waiting for work, each by the sender it takes work from.
static IDLE: Mutex<Vec<mpsc::Sender<Work>>> = Mutex::new(Vec::new());

/// The most threads kept waiting: two readers and a watchdog for each
/// of several runs at once.
const MOST_IDLE: usize = 32;

/// The end of a helper's work, as `thread::JoinHandle` gives it. Only
/// the Unix watchdog's is waited for so (a reader's end is told by its
/// channel): on Windows nothing joins one.
#[cfg_attr(not(unix), allow(dead_code))]
pub struct Joiner<T>(mpsc::Receiver<thread::Result<T>>);

impl<T> Joiner<T> {
    /// Waits for the work to end: its result, or the panic that ended it.
    #[cfg_attr(not(unix), allow(dead_code))]
    pub fn join(self) -> thread::Result<T> {
        self.0
            .recv()
            .unwrap_or_else(|_| Err(Box::new("a helper thread ended without its result")))
    }
}

/// Runs `work` on a waiting thread, or on a new one where none waits.
pub fn spawn<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Joiner<T> {
    let (result, joined) = mpsc::sync_channel(1);
    let mut work: Work = Box::new(move || {
        let _ = result.send(panic::catch_unwind(AssertUnwindSafe(work)));
    });
    loop {
        let idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let Some(thread) = idle else {
            break;
        };
        match thread.send(work) {
            Ok(()) => return Joiner(joined),
            // That thread has ended: the work is given back.
            Err(mpsc::SendError(back)) => work = back,
        }
    }
    thread::spawn(move || serve(work));
    Joiner(joined)
}

/// A kept thread's life: `first`, then what it is given while it waits.
fn serve(first: Work) {
    let (give, given) = mpsc::channel::<Work>();
    let mut work = first;
    loop {
        work();
        {
            let mut idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner);
            if idle.len() >= MOST_IDLE {
                return;
            }
            idle.push(give.clone());
        }
        match given.recv() {
            Ok(next) => work = next,
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn each_work_gets_its_own_result_and_threads_are_kept() {
        // Two rounds of 4 at once: the second round's work runs on threads
        // the first left waiting (some may have been taken by other tests).
        for round in 0..2 {
            let joiners: Vec<_> = (0..4)
                .map(|index| {
                    spawn(move || {
                        thread::sleep(Duration::from_millis(20));
                        (round, index, thread::current().id())
                    })
                })
                .collect();
            for (index, joiner) in joiners.into_iter().enumerate() {
                let (its_round, its_index, _) = joiner.join().unwrap();
                assert_eq!((its_round, its_index), (round, index));
            }
        }
        let first = spawn(|| thread::current().id()).join().unwrap();
        let second = spawn(|| thread::current().id()).join().unwrap();
        assert_ne!(first, thread::current().id());
        // Given one after another, the same kept thread may serve both;
        // either way each ran on a helper thread.
        assert_ne!(second, thread::current().id());
    }

    #[test]
    fn a_panic_is_the_joiners_and_the_thread_serves_on() {
        let panicked = spawn(|| -> u32 { panic!("on purpose") }).join();
        assert!(panicked.is_err());
        let counted = Arc::new(AtomicUsize::new(0));
        let joiners: Vec<_> = (0..8)
            .map(|_| {
                let counted = Arc::clone(&counted);
                spawn(move || counted.fetch_add(1, Ordering::SeqCst))
            })
            .collect();
        for joiner in joiners {
            joiner.join().unwrap();
        }
        assert_eq!(counted.load(Ordering::SeqCst), 8);
    }
}
