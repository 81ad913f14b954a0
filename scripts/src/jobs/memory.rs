//! The memory the machine has free for new runs: what `--jobs` is held
//! to (see [`super::Jobs::fitting`]).

/// The bytes the machine can give new programs without swapping, where
/// it says: on Linux `MemAvailable` in /proc/meminfo (the kernel's own
/// estimate: free memory and the page cache it can drop).
#[cfg(any(target_os = "linux", target_os = "android"))]
pub fn available() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    mem_available(&meminfo)
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
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
        if let Some(bytes) = available() {
            assert!(bytes > 1 << 20, "{bytes}");
        }
    }
}
