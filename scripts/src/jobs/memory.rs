//! The memory the machine has free for new runs: what `--jobs` is held
//! to (see [`super::Jobs::fitting`]).

/// The bytes the machine can give new programs without swapping, where
/// it says: on Linux `MemAvailable` in /proc/meminfo (the kernel's own
/// estimate: free memory and the page cache it can drop); on Windows
/// the available physical memory (free, zeroed and standby pages: the
/// file cache it can drop).
#[cfg(any(target_os = "linux", target_os = "android"))]
pub fn available() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    mem_available(&meminfo)
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

#[cfg(not(any(target_os = "linux", target_os = "android", windows)))]
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
