//! Running a program on Unix: its own process group, killed as one;
//! memory watched, capped and measured; on Linux, what it leaves outside
//! its group swept at the end.
//!
//! One job a room, below; this one hands on, under the names `run/
//! windows.rs` gives them too, what the rest of the tool uses.

mod account;
#[cfg(any(target_os = "linux", target_os = "android"))]
mod cgroup;
mod group;
mod interactive;
#[cfg(any(target_os = "linux", target_os = "android"))]
mod left;
mod memory;
mod runner;
mod schedstat;
#[cfg(any(target_os = "linux", target_os = "android"))]
mod signals;
#[cfg(any(target_os = "linux", target_os = "android"))]
mod sweep;
mod tree;
#[cfg(any(target_os = "linux", target_os = "android"))]
mod unforked;
mod wait;

pub use group::{prepare, stack_hard_limit, with_stack, Group};
pub(super) use interactive::wait_pair;
pub use interactive::{pipe, prepare_interactor, Pair};
pub use memory::{MEASURED, RESERVATION_CAPPED};
#[cfg(all(any(target_os = "linux", target_os = "android"), target_env = "gnu"))]
pub use unforked::one_arena;
#[cfg(any(target_os = "linux", target_os = "android"))]
pub use unforked::Unforked;

/// Which accounting judges a program here: `cgroup v1` where one can be
/// made (Linux), else `watch`.
pub fn accounting() -> &'static str {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    return cgroup::accounting();
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    return "watch";
}

/// What the tool leaves as it ends: on Linux, the delegated cgroup it
/// took put back as it was (see `cgroup/delegation.rs`).
pub fn finish() {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    cgroup::give_back();
}

/// Why the watch judges here and not the kernel's cgroup, with how to
/// have one; `None` where a cgroup judges.
pub fn why_the_watch() -> Option<&'static str> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    return cgroup::why_the_watch();
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    return Some("not Linux: no cgroup");
}
pub(super) use wait::wait;
pub use wait::SIGNAL_NAMES;
