//! On Linux, a tool stopped by SIGINT (Ctrl-C), SIGTERM or SIGHUP ends
//! the run it is in before it dies: what is in the run's cgroups is
//! killed and the cgroups removed, and every process group the tool
//! started a program in is killed, with what was left to the tool (a
//! subreaper while a program runs). The program and its runner die with
//! the tool anyway (their parent's death signal); what the program
//! started would not.
//!
//! A SIGKILL cannot be caught: the cgroups it leaves, with what the
//! program started still in them, are emptied and removed by the next
//! run (see `cgroup.rs`); under the watch, the program's process groups,
//! written down while they run, are ended by the next run (see
//! `left.rs`).

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::Once;
use std::thread;

/// The signals that end the run before the tool dies of them.
const ENDING: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Set once a signal is ending the run: the run is then not reported
/// (see [`hold_if_ending`]).
static ENDING_RUN: AtomicBool = AtomicBool::new(false);

/// Holds the calling thread for good once a signal is ending the run,
/// so that the run the signal killed is not judged and the tool dies of
/// the signal, not by its verdict's exit.
pub(super) fn hold_if_ending() {
    while ENDING_RUN.load(Ordering::SeqCst) {
        thread::park();
    }
}

/// The writing end of the pipe the handler writes a signal's number to.
static WRITER: AtomicI32 = AtomicI32::new(-1);

/// Sets the handlers, once: each writes its signal's number to a pipe,
/// which a thread of the tool's reads, ending the run there, where any
/// work may be done. A signal this process ignores (`nohup`, a
/// background job) is left ignored.
pub(super) fn install() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let mut ends = [-1; 2];
        // SAFETY: pipe2 writes two descriptors to `ends`, which has room.
        if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return;
        }
        WRITER.store(ends[1], Ordering::SeqCst);
        let reader = ends[0];
        thread::spawn(move || {
            let mut number = 0u8;
            loop {
                // SAFETY: read writes at most one byte to `number`.
                let read = unsafe { libc::read(reader, (&mut number as *mut u8).cast(), 1) };
                if read == 1 {
                    break;
                }
                if read == 0
                    || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
                {
                    return;
                }
            }
            end_run_and_die(libc::c_int::from(number));
        });
        for signal in ENDING {
            // SAFETY: sigaction only reads `action` and writes `old`, both
            // valid; the handler does one write(2), which is
            // async-signal-safe. With a null `action` it only reads the
            // disposition.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal, std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction == libc::SIG_IGN
                {
                    continue;
                }
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
                action.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    });
}

/// The handler: the signal's number to the pipe, nothing else.
extern "C" fn on_signal(signal: libc::c_int) {
    let number = u8::try_from(signal).unwrap_or(0);
    let writer = WRITER.load(Ordering::SeqCst);
    // SAFETY: write(2) of one byte from a local: async-signal-safe. Its
    // result is not needed: a second signal while the first is handled
    // changes nothing.
    unsafe { libc::write(writer, (&number as *const u8).cast(), 1) };
}

/// Ends the run (its cgroups emptied and removed, no new one made; its
/// process groups killed and what was left to the tool swept), then
/// dies of `signal` as the tool would have without the handler.
fn end_run_and_die(signal: libc::c_int) -> ! {
    ENDING_RUN.store(true, Ordering::SeqCst);
    // Held until the tool dies: no cgroup is made after.
    let _no_more = super::cgroup::end_all();
    super::sweep::sweep_all();
    super::cgroup::give_back();
    // SAFETY: back to the default disposition, then the signal sent to
    // this process again: it dies of it. `_exit` only if it did not.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
        libc::_exit(128 + signal)
    }
}
