//! Memory on Unix: what is measured and what is capped, a process's
//! resident memory as the watch reads it (see `tree.rs` for the whole
//! tree's), and the peak as `ru_maxrss` gives it.

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
