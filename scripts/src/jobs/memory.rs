//! The memory the machine has free for new runs: what `--jobs` is held
//! to (see [`super::Jobs::fitting`]).

/// The bytes the machine can give new programs without swapping, where
/// it says: on Linux `MemAvailable` in /proc/meminfo (the kernel's own
/// estimate: free memory and the page cache it can drop); on macOS the
/// free and inactive pages (see [`mac_available`]); on
/// Windows the available physical memory (free, zeroed and standby
/// pages: the file cache it can drop).
#[cfg(any(target_os = "linux", target_os = "android"))]
pub fn available() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    mem_available(&meminfo)
}

#[cfg(any(target_os = "macos", target_os = "ios"))]
pub fn available() -> Option<u64> {
    use std::sync::OnceLock;

    // Each mach_host_self() adds a reference to the host port that only
    // mach_port_deallocate (not in libc) gives back; asked once, the
    // process holds one, as vm_stat does.
    static HOST: OnceLock<libc::mach_port_t> = OnceLock::new();
    // libc deprecates its Mach calls in favour of the mach2 crate; this
    // one call is not worth a dependency, and libc still declares it.
    #[allow(deprecated)]
    // SAFETY: mach_host_self takes nothing and returns a port name; it
    // has no preconditions.
    let host = *HOST.get_or_init(|| unsafe { libc::mach_host_self() });

    // SAFETY: vm_statistics64 is plain integers, for which all zeroes is
    // a valid value.
    let mut stats: libc::vm_statistics64 = unsafe { std::mem::zeroed() };
    let mut count = libc::HOST_VM_INFO64_COUNT;
    // SAFETY: `stats` is a vm_statistics64 of `count` integer_t's, as
    // HOST_VM_INFO64 takes; the kernel writes no more than `count` says
    // and sets it to what it wrote. A newer libc's longer structure only
    // leaves the fields an older kernel does not know at zero.
    let status = unsafe {
        libc::host_statistics64(
            host,
            libc::HOST_VM_INFO64,
            (&mut stats as *mut libc::vm_statistics64).cast(),
            &mut count,
        )
    };
    if status != libc::KERN_SUCCESS {
        return None;
    }
    // SAFETY: sysconf with a valid name has no preconditions.
    let page_size = u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).ok()?;
    // Copied out: the structure is packed, and a reference to its fields
    // may be unaligned.
    let (free, inactive) = (stats.free_count, stats.inactive_count);
    Some(mac_available(free, inactive, page_size))
}

#[cfg(windows)]
pub fn available() -> Option<u64> {
    use windows_sys::Win32::System::SystemInformation::{GlobalMemoryStatusEx, MEMORYSTATUSEX};

    let mut status = MEMORYSTATUSEX {
        // The call fails unless the structure says its own size.
        dwLength: std::mem::size_of::<MEMORYSTATUSEX>() as u32,
        ..MEMORYSTATUSEX::default()
    };
    // SAFETY: `status` is a MEMORYSTATUSEX whose dwLength is its size, as
    // the call requires; it only writes to it.
    if unsafe { GlobalMemoryStatusEx(&mut status) } == 0 {
        return None;
    }
    Some(status.ullAvailPhys)
}

#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "ios",
    windows
)))]
pub fn available() -> Option<u64> {
    None
}

/// `MemAvailable:   12345 kB` in bytes.
#[cfg_attr(not(any(target_os = "linux", target_os = "android")), allow(dead_code))]
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

/// What macOS can give without swapping, in bytes, from
/// `host_statistics64`'s page counts: the free pages, the inactive ones
/// (the first the kernel takes back: file pages dropped, the others
/// compressed in memory rather than written to swap). `free` is the
/// kernel's `free_count`, which already holds the speculative pages
/// (vm_stat subtracts them to print "Pages free"), so they are not added
/// again; nor the purgeable pages, which sit in the active and inactive
/// queues already: the figure errs low, never past what can be had.
#[cfg_attr(not(any(target_os = "macos", target_os = "ios")), allow(dead_code))]
fn mac_available(free: u32, inactive: u32, page_size: u64) -> u64 {
    let pages = u64::from(free) + u64::from(inactive);
    pages.saturating_mul(page_size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mem_available_is_read_in_kib() {
        let meminfo = "MemTotal:       24570952 kB\nMemFree:         1180400 kB\n\
                       MemAvailable:   20191612 kB\nBuffers:          512436 kB\n";
        assert_eq!(mem_available(meminfo), Some(20_191_612 * 1024));
        assert_eq!(mem_available("MemFree: 1 kB\n"), None);
    }

    #[test]
    fn mac_pages_are_counted_in_bytes_and_never_wrap() {
        // 16 KiB pages, as on Apple silicon.
        assert_eq!(mac_available(1000, 2000, 16384), 3000 * 16384);
        // Two counts at their largest sum past u32 without wrapping.
        let most = 2 * u64::from(u32::MAX);
        assert_eq!(mac_available(u32::MAX, u32::MAX, 1), most);
        assert_eq!(mac_available(u32::MAX, 0, u64::MAX), u64::MAX);
    }

    #[test]
    fn this_machine_has_some_memory_free() {
        let bytes = available();
        // Where the tool reads a figure, one must be there to read.
        if cfg!(any(target_os = "linux", windows)) {
            assert!(bytes.is_some(), "no figure for the free memory");
        }
        if let Some(bytes) = bytes {
            // Printed, so a run under Wine or on a new platform shows it.
            println!("available: {bytes} bytes ({} MiB)", bytes >> 20);
            assert!(bytes > 1 << 20, "{bytes}");
        }
    }
}
