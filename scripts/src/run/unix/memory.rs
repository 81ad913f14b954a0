//! Memory on Unix: what is measured and what is capped, the resident
//! memory the watchdog reads while a program runs (on Linux its
//! descendants' too), and the peak as `ru_maxrss` gives it.

/// What memory is measured here: the resident set.
pub const MEASURED: &str = "resident";

/// What [`crate::run::address_space_cap`] caps here, if anything.
pub const RESERVATION_CAPPED: Option<&str> = if WATCHES_RESIDENT {
    None
} else {
    Some("address space")
};

/// True where the watchdog reads a program's resident memory while it
/// runs (see [`resident_memory`]), which is then the limit's only
/// enforcement: elsewhere the address space is capped (see
/// [`prepare`](super::group::prepare)).
pub(super) const WATCHES_RESIDENT: bool = cfg!(any(
    target_os = "linux",
    target_os = "android",
    target_vendor = "apple"
));

/// `ru_maxrss` is in bytes on Apple's systems and in KiB elsewhere.
pub(super) fn max_rss_bytes(max_rss: libc::c_long) -> u64 {
    let value = u64::try_from(max_rss).unwrap_or(0);
    if cfg!(target_vendor = "apple") {
        value
    } else {
        value * 1024
    }
}

/// Of the watchdog's looks, one in this many also reads the memory of
/// what the program started (a wrapper script's solution, a JVM's
/// helpers): each such look reads a file per thread and per process, so
/// not every 5 ms, but every 20.
#[cfg(any(target_os = "linux", target_os = "android"))]
const DESCENDANTS_EVERY: u32 = 4;

/// At most this many descendants are read at a look: a program that
/// starts more is still killed at its time limit.
#[cfg(any(target_os = "linux", target_os = "android"))]
const DESCENDANTS_READ: usize = 256;

/// The resident memory of a single run's program, as the watchdog reads
/// it: the program's own at each look, and on Linux that of its
/// descendants, as last read (see [`DESCENDANTS_EVERY`]), added. Without
/// a cap on the address space (see [`prepare`](super::group::prepare))
/// nothing else holds what the program starts to the limit: a wrapper
/// script that runs the solution without `exec` would leave it
/// unwatched. DOMjudge's cgroup counts them all too.
pub(super) struct Resident {
    program: libc::pid_t,
    /// The most read at one look.
    pub(super) highest: u64,
    #[cfg(any(target_os = "linux", target_os = "android"))]
    looks: u32,
    #[cfg(any(target_os = "linux", target_os = "android"))]
    descendants: u64,
}

impl Resident {
    pub(super) fn new(program: libc::pid_t) -> Resident {
        Resident {
            program,
            highest: 0,
            #[cfg(any(target_os = "linux", target_os = "android"))]
            looks: 0,
            #[cfg(any(target_os = "linux", target_os = "android"))]
            descendants: 0,
        }
    }

    pub(super) fn read(&mut self) -> Option<u64> {
        let own = resident_memory(self.program)?;
        let read = own.saturating_add(self.descendants());
        self.highest = self.highest.max(read);
        Some(read)
    }

    /// What the descendants held at the last look that read them.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn descendants(&mut self) -> u64 {
        if self.looks % DESCENDANTS_EVERY == 0 {
            self.descendants = descendants_resident(self.program);
        }
        self.looks = self.looks.wrapping_add(1);
        self.descendants
    }

    /// Not read here: no list of a process's children to read them from.
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    fn descendants(&mut self) -> u64 {
        0
    }
}

/// The resident memory of the descendants of process `pid` now, found
/// through each thread's /proc/PID/task/TID/children (a process a thread
/// started is listed under that thread), at most [`DESCENDANTS_READ`]
/// of them; 0 where the kernel keeps no such list.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn descendants_resident(pid: libc::pid_t) -> u64 {
    let mut waiting = children_of(pid);
    let mut read = 0;
    let mut total: u64 = 0;
    while let Some(child) = waiting.pop() {
        if read == DESCENDANTS_READ {
            break;
        }
        read += 1;
        total = total.saturating_add(resident_memory(child).unwrap_or(0));
        waiting.extend(children_of(child));
    }
    total
}

/// The children of process `pid`, from each of its threads' lists.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn children_of(pid: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(threads) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    let mut children = Vec::new();
    for thread in threads.flatten() {
        let mut path = thread.path();
        path.push("children");
        if let Ok(listed) = std::fs::read_to_string(path) {
            children.extend(
                listed
                    .split_whitespace()
                    .filter_map(|child| child.parse::<libc::pid_t>().ok()),
            );
        }
    }
    children
}

/// The resident memory of process `pid` now, from /proc/PID/statm
/// (its second field, in pages).
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) fn resident_memory(pid: libc::pid_t) -> Option<u64> {
    let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a system setting.
    let page_size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * u64::try_from(page_size).ok()?)
}

/// The resident memory of process `pid` now, from `proc_pidinfo`.
#[cfg(target_vendor = "apple")]
pub(super) fn resident_memory(pid: libc::pid_t) -> Option<u64> {
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
pub(super) fn resident_memory(_pid: libc::pid_t) -> Option<u64> {
    None
}
