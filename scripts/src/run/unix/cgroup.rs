//! On Linux, a cgroup (v1) of a judged program's own, made under the
//! tool's where the machine lets it write there: the memory limit
//! enforced by the kernel, the peak memory and the CPU time of every
//! process the program starts read from it, as DOMjudge's runguard does.
//!
//! DOMjudge's `judge/runguard.cc` before it dropped cgroup v1 (commit
//! d2e8b6e29; read at its parent 528609af8): `cgroup_create` sets
//! `memory.limit_in_bytes` and `memory.memsw.limit_in_bytes` to the limit
//! ("they are the same so no swapping can occur") and adds `cpuacct`;
//! `cgroup_attach` moves the program in before its exec;
//! `output_cgroup_stats_v1` reads the peak from
//! `memory.memsw.max_usage_in_bytes` and the CPU time from
//! `cpuacct.usage`; `cgroup_kill` kills what is left in it and
//! `cgroup_delete` removes it. Its v2 path (`memory.max`,
//! `memory.swap.max` 0, `memory.peak`, `cpu.stat`'s `usage_usec`) is not
//! here: no machine this tool is tested on has a cgroup v2 with
//! controllers to give (docs/memory.md).
//!
//! A memory overrun: runguard leaves it to the kernel, which kills a
//! process of the cgroup (SIGKILL), and DOMjudge judges the exit. Here it
//! is MLE when `memory.oom_control` counts an OOM kill (`oom_kill`,
//! Linux 4.13 on). Not `memory.failcnt`: it counts every charge that hit
//! the limit, page cache the kernel then reclaimed included, so it is
//! not an overrun; and not a peak at the limit, which reclaim reaches
//! too.
//!
//! `JUDGE_CGROUP=off` turns this off: the watch alone judges then.

use std::ffi::CString;
use std::fs;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, AtomicU32, Ordering};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};

/// The cgroup files a judged program writes itself into between its fork
/// and its exec (`cgroup.procs` of each hierarchy, open for writing), set
/// by [`Group::start`](super::group::Group::start) around the spawn of a
/// program that has one, -1 otherwise: read in the child, where only
/// async-signal-safe work is allowed.
pub(super) static ATTACH: [AtomicI32; 2] = [AtomicI32::new(-1), AtomicI32::new(-1)];

/// Writes the calling process into the cgroups [`ATTACH`] names ("0" is
/// the writer itself, in cgroup v1's `cgroup.procs`); false when a write
/// failed, so that the program runs outside and the tool knows it.
///
/// # Safety
/// In the child between fork and exec: a write to a descriptor.
pub(super) unsafe fn attach_self() -> bool {
    let mut attached = true;
    for fd in &ATTACH {
        let fd = fd.load(Ordering::SeqCst);
        if fd >= 0 && libc::write(fd, b"0".as_ptr().cast(), 1) != 1 {
            attached = false;
        }
    }
    attached
}

/// Which accounting judges a program here: `cgroup v1` where one can be
/// made, else `watch`.
pub fn accounting() -> &'static str {
    if Hierarchies::found().is_some() {
        "cgroup v1"
    } else {
        "watch"
    }
}

/// Where this process's cgroup v1 hierarchies are: the folder of its own
/// `memory` cgroup, and of its `cpuacct` one where that is writable too.
#[derive(Clone, Debug)]
struct Hierarchies {
    memory: PathBuf,
    cpuacct: Option<PathBuf>,
}

impl Hierarchies {
    /// Found once: the tool's own cgroups, in which a cgroup can be made
    /// (tried, and removed), unless `JUDGE_CGROUP=off`.
    fn found() -> Option<&'static Hierarchies> {
        static FOUND: OnceLock<Option<Hierarchies>> = OnceLock::new();
        FOUND
            .get_or_init(|| {
                if std::env::var_os("JUDGE_CGROUP").is_some_and(|value| value == "off") {
                    return None;
                }
                let mounts = fs::read_to_string("/proc/self/mountinfo").ok()?;
                let own = fs::read_to_string("/proc/self/cgroup").ok()?;
                let writable = |controller: &str| {
                    let folder = own_folder(&mounts, &own, controller)?;
                    let probe = folder.join(format!("judge-probe-{}", std::process::id()));
                    fs::create_dir(&probe).ok()?;
                    let _ = fs::remove_dir(&probe);
                    Some(folder)
                };
                let memory = writable("memory")?;
                Some(Hierarchies {
                    memory,
                    cpuacct: writable("cpuacct"),
                })
            })
            .as_ref()
    }
}

/// The folder of this process's own cgroup in the v1 hierarchy that has
/// `controller`, from /proc/self/mountinfo (a `cgroup` file system whose
/// super options name it) and /proc/self/cgroup (`ID:CONTROLLERS:PATH`).
fn own_folder(mountinfo: &str, own: &str, controller: &str) -> Option<PathBuf> {
    let has = |list: &str| list.split(',').any(|name| name == controller);
    let mount = mountinfo.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(' ').collect();
        let dash = fields.iter().position(|&field| field == "-")?;
        let (kind, options) = (fields.get(dash + 1)?, fields.get(dash + 3)?);
        (*kind == "cgroup" && has(options)).then(|| PathBuf::from(fields[4]))
    })?;
    let path = own.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        has(controllers).then_some(path)
    })?;
    Some(mount.join(path.trim_start_matches('/')))
}

/// The folders of one program's cgroups, to read while it runs and
/// after (cheap to clone into the watchdog's thread).
#[derive(Clone, Debug)]
pub(super) struct Readings {
    memory: PathBuf,
    cpuacct: Option<PathBuf>,
}

impl Readings {
    /// The CPU time of every process that was in the cgroup
    /// (`cpuacct.usage`, nanoseconds); `None` without a `cpuacct` one.
    pub(super) fn cpu(&self) -> Option<Duration> {
        let folder = self.cpuacct.as_ref()?;
        read_number(&folder.join("cpuacct.usage")).map(Duration::from_nanos)
    }

    /// The most the cgroup held at once: memory and swap where swap is
    /// accounted (`memory.memsw.max_usage_in_bytes`), as runguard reads
    /// it, else memory alone.
    pub(super) fn peak(&self) -> Option<u64> {
        read_number(&self.memory.join("memory.memsw.max_usage_in_bytes"))
            .or_else(|| read_number(&self.memory.join("memory.max_usage_in_bytes")))
    }

    /// The processes in the cgroup now (`cgroup.procs`).
    pub(super) fn processes(&self) -> Vec<libc::pid_t> {
        fs::read_to_string(self.memory.join("cgroup.procs"))
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|pid| pid.parse().ok())
            .collect()
    }

    /// True once the kernel has killed a process of the cgroup for
    /// passing its limit (`oom_kill` in `memory.oom_control`).
    pub(super) fn oom_killed(&self) -> bool {
        fs::read_to_string(self.memory.join("memory.oom_control")).is_ok_and(|text| {
            text.lines().any(|line| {
                line.strip_prefix("oom_kill ")
                    .and_then(|count| count.trim().parse::<u64>().ok())
                    .is_some_and(|count| count > 0)
            })
        })
    }
}

/// A number in a cgroup file.
fn read_number(path: &Path) -> Option<u64> {
    fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// A cgroup made for one program: removed, with whatever is left in it
/// killed, when dropped.
pub(super) struct Cgroup {
    pub(super) readings: Readings,
    /// `cgroup.procs` of each, open for writing (see [`ATTACH`]).
    procs: Vec<OwnedFd>,
}

impl Cgroup {
    /// A cgroup for a program held to `limit` bytes (none: unlimited),
    /// where one can be made; `None` where not, or when a limit cannot be
    /// set (the watch judges then).
    pub(super) fn make(limit: Option<u64>) -> Option<Cgroup> {
        static MADE: AtomicU32 = AtomicU32::new(0);
        let found = Hierarchies::found()?;
        let name = format!(
            "judge-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::SeqCst)
        );
        let memory = found.memory.join(&name);
        fs::create_dir(&memory).ok()?;
        let mut cgroup = Cgroup {
            readings: Readings {
                memory: memory.clone(),
                cpuacct: None,
            },
            procs: Vec::new(),
        };
        if let Some(limit) = limit {
            // Memory first: memory and swap may not be held below it.
            fs::write(memory.join("memory.limit_in_bytes"), limit.to_string()).ok()?;
            let swap = memory.join("memory.memsw.limit_in_bytes");
            if swap.exists() {
                fs::write(swap, limit.to_string()).ok()?;
            }
        }
        cgroup
            .procs
            .push(open_for_writing(&memory.join("cgroup.procs"))?);
        if let Some(cpuacct) = &found.cpuacct {
            let folder = cpuacct.join(&name);
            if fs::create_dir(&folder).is_ok() {
                cgroup.readings.cpuacct = Some(folder.clone());
                cgroup
                    .procs
                    .push(open_for_writing(&folder.join("cgroup.procs"))?);
            }
        }
        Some(cgroup)
    }

    /// The descriptors [`ATTACH`] is set to while the program starts.
    pub(super) fn attach_fds(&self) -> [RawFd; 2] {
        let mut fds = [-1; 2];
        for (fd, procs) in fds.iter_mut().zip(&self.procs) {
            *fd = procs.as_raw_fd();
        }
        fds
    }

    /// Kills what is in the cgroup, again until it is empty (a process
    /// may start another meanwhile), for at most a second. As runguard's
    /// `cgroup_kill`: a pid listed is a process in the cgroup when read,
    /// all of them the program's; one that ends and whose pid is given
    /// again between the read and the kill is the short race it accepts.
    pub(super) fn kill_all(&self) {
        let give_up = Instant::now() + Duration::from_secs(1);
        for folder in self.folders() {
            loop {
                let listed = fs::read_to_string(folder.join("cgroup.procs")).unwrap_or_default();
                let pids: Vec<libc::pid_t> = listed
                    .split_whitespace()
                    .filter_map(|pid| pid.parse().ok())
                    .filter(|&pid| pid > 0)
                    .collect();
                if pids.is_empty() || Instant::now() >= give_up {
                    break;
                }
                for pid in pids {
                    // SAFETY: kill has no memory effects (see above).
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                }
                thread::sleep(Duration::from_millis(1));
            }
        }
    }

    fn folders(&self) -> impl Iterator<Item = &PathBuf> {
        std::iter::once(&self.readings.memory).chain(self.readings.cpuacct.as_ref())
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        self.kill_all();
        self.procs.clear();
        // A cgroup whose last process has just died can be busy a moment.
        let give_up = Instant::now() + Duration::from_secs(1);
        for folder in self.folders() {
            while fs::remove_dir(folder).is_err() && Instant::now() < give_up {
                thread::sleep(Duration::from_millis(1));
            }
        }
    }
}

/// `path` opened for writing, closed at exec.
fn open_for_writing(path: &Path) -> Option<OwnedFd> {
    let path = CString::new(path.as_os_str().as_bytes()).ok()?;
    // SAFETY: `path` is a valid C string; open returns a descriptor this
    // process then owns, or -1.
    let fd = unsafe { libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC) };
    // SAFETY: a descriptor just opened, owned by nothing else.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_own_folder_is_the_mount_and_the_path_of_its_controller() {
        let mountinfo =
            "33 31 0:30 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct\n\
                         35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n\
                         41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
        let own = "4:memory:/process_api/abc\n2:cpu,cpuacct:/\n0::/\n";
        assert_eq!(
            own_folder(mountinfo, own, "memory"),
            Some(PathBuf::from("/sys/fs/cgroup/memory/process_api/abc"))
        );
        assert_eq!(
            own_folder(mountinfo, own, "cpuacct"),
            Some(PathBuf::from("/sys/fs/cgroup/cpu,cpuacct/"))
        );
        assert_eq!(own_folder(mountinfo, own, "pids"), None);
    }
}
