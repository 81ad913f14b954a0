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
//!
//! Names: `judge-PID-START-NS-N`, this tool's pid, its start time (in
//! clock ticks after boot, /proc/PID/stat's 22nd field), its pid
//! namespace's inode and a count, so that no two tools' names are the
//! same, and a folder whose tool is gone is known for one: made with
//! `mkdir`, a name taken is never used, another is. At the first cgroup
//! a tool makes it empties (kills what is in it) and removes every
//! folder of its own pid namespace whose tool is gone: a tool killed by
//! SIGKILL leaves its run's cgroups, with what the program started still
//! in them, for the next run to end. Folders named `judge-PID-N`, as
//! tools before these names made them, say nothing of their namespace
//! (the cpuacct hierarchy's root is shared with other machines' jobs on
//! some hosts) and are left alone.

use std::ffi::CString;
use std::fs;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, AtomicU32, Ordering};
use std::sync::{Mutex, Once, OnceLock, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// The cgroup files a judged program writes itself into between its fork
/// and its exec (`tasks` of each hierarchy, open for writing), set
/// by [`Group::start`](super::group::Group::start) around the spawn of a
/// program that has one, -1 otherwise: read in the child, where only
/// async-signal-safe work is allowed.
pub(super) static ATTACH: [AtomicI32; 2] = [AtomicI32::new(-1), AtomicI32::new(-1)];

/// Writes the calling process into the cgroups [`ATTACH`] names; false
/// when a write failed, so that the program runs outside and the tool
/// knows it.
///
/// "0" written to `tasks` moves the writing thread, which between fork
/// and exec is the process's only one: the process moves with it. Not
/// `cgroup.procs`: a write there (of "0" too) takes the kernel's global
/// threadgroup lock for writing (`cgroup_procs_write_start`'s
/// `threadgroup`, `cgroup_attach_lock`), whose RCU grace period cost
/// 4.8 to 9.1 ms a case; a thread that moves itself needs no such lock
/// (the kernel takes it for `pid || threadgroup`: "If we migrate a single
/// thread, we don't care about threadgroup stability"). A kernel that
/// takes it for both costs what `cgroup.procs` did. docs/memory.md has
/// the measurements.
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

/// Where this process's cgroup v1 hierarchies are: the folders of its
/// own `memory` and `cpuacct` cgroups, both writable. Without a
/// `cpuacct` one to write, the watch judges: a cgroup that holds the
/// memory but cannot count the CPU time would leave the time of what the
/// program starts uncounted.
#[derive(Clone, Debug)]
struct Hierarchies {
    memory: PathBuf,
    cpuacct: PathBuf,
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
                let stem = stem()?;
                let writable = |controller: &str| {
                    let folder = own_folder(&mounts, &own, controller)?;
                    let probe = folder.join(format!("{stem}-probe"));
                    fs::create_dir(&probe).ok()?;
                    let _ = fs::remove_dir(&probe);
                    Some(folder)
                };
                Some(Hierarchies {
                    memory: writable("memory")?,
                    cpuacct: writable("cpuacct")?,
                })
            })
            .as_ref()
    }

    fn both(&self) -> [&PathBuf; 2] {
        [&self.memory, &self.cpuacct]
    }
}

/// This tool's part of its cgroups' names: `judge-PID-START-NS` (see
/// the module's notes); `None` where its start or namespace cannot be
/// read.
fn stem() -> Option<&'static str> {
    static STEM: OnceLock<Option<String>> = OnceLock::new();
    STEM.get_or_init(|| {
        let pid = std::process::id();
        let start = start_time(libc::pid_t::try_from(pid).ok()?)?;
        Some(format!("judge-{pid}-{start}-{}", pid_namespace()?))
    })
    .as_deref()
}

/// When process `pid` started, in clock ticks after boot (the 22nd field
/// of /proc/PID/stat, the 20th after the command name): with its pid, a
/// process no other shares while the machine runs.
pub(super) fn start_time(pid: libc::pid_t) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, after_name) = stat.rsplit_once(')')?;
    after_name.split_whitespace().nth(19)?.parse().ok()
}

/// The inode of this process's pid namespace (`pid:[4026531836]`): the
/// pids in a name are of that namespace.
pub(super) fn pid_namespace() -> Option<u64> {
    let link = fs::read_link("/proc/self/ns/pid").ok()?;
    let link = link.to_str()?;
    link.strip_prefix("pid:[")?.strip_suffix(']')?.parse().ok()
}

/// True when `name` is a cgroup of a tool of this pid namespace `ours`
/// that is gone: named `judge-PID-START-NS-...` (a count, or `probe`)
/// with NS `ours`, and no process PID started at START.
fn is_stale(name: &str, ours: u64) -> bool {
    let mut parts = name.split('-');
    if parts.next() != Some("judge") {
        return false;
    }
    let mut number = || parts.next().and_then(|part| part.parse::<u64>().ok());
    let (Some(pid), Some(start), Some(namespace)) = (number(), number(), number()) else {
        return false;
    };
    namespace == ours && libc::pid_t::try_from(pid).is_ok_and(|pid| start_time(pid) != Some(start))
}

/// Empties (kills every process in) and removes each folder under `parent`
/// whose tool is gone (see [`is_stale`]): what a tool killed by SIGKILL
/// left running.
fn remove_stale(parent: &Path) {
    let (Some(ours), Ok(entries)) = (pid_namespace(), fs::read_dir(parent)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if name.to_str().is_some_and(|name| is_stale(name, ours)) {
            let folder = entry.path();
            kill_listed(&folder, Instant::now() + Duration::from_secs(1));
            remove(&folder);
        }
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
/// after (cheap to clone into the watchdog's thread), and what was read
/// of its memory at the watchdog's looks.
#[derive(Clone, Debug)]
pub(super) struct Readings {
    memory: PathBuf,
    cpuacct: PathBuf,
    /// The most page cache of files read and not mapped seen at a look
    /// (see [`Readings::look`]).
    highest_cache: u64,
    /// The most the cgroup held at a look less that cache then.
    highest_own: u64,
}

impl Readings {
    /// The CPU time of every process that was in the cgroup
    /// (`cpuacct.usage`, nanoseconds).
    pub(super) fn cpu(&self) -> Option<Duration> {
        read_number(&self.cpuacct.join("cpuacct.usage")).map(Duration::from_nanos)
    }

    /// The most the cgroup held at once: memory and swap where swap is
    /// accounted (`memory.memsw.max_usage_in_bytes`), as runguard reads
    /// it, else memory alone. Page cache included: see [`Readings::peak`].
    fn usage_peak(&self) -> Option<u64> {
        read_number(&self.memory.join("memory.memsw.max_usage_in_bytes"))
            .or_else(|| read_number(&self.memory.join("memory.max_usage_in_bytes")))
    }

    /// One look at the cgroup's memory: what it holds now, and of it the
    /// page cache of files read and not mapped (`memory.stat`: `cache`
    /// less `shmem` and `mapped_file`), the highest of each kept.
    pub(super) fn look(&mut self) {
        let Ok(stat) = fs::read_to_string(self.memory.join("memory.stat")) else {
            return;
        };
        let field = |name: &str| {
            stat.lines().find_map(|line| {
                let (key, value) = line.split_once(' ')?;
                (key == name).then(|| value.trim().parse::<u64>().ok())?
            })
        };
        let (Some(cache), Some(shmem), Some(mapped)) =
            (field("cache"), field("shmem"), field("mapped_file"))
        else {
            return;
        };
        let read_only = cache.saturating_sub(shmem).saturating_sub(mapped);
        self.highest_cache = self.highest_cache.max(read_only);
        let held = read_number(&self.memory.join("memory.memsw.usage_in_bytes"))
            .or_else(|| read_number(&self.memory.join("memory.usage_in_bytes")));
        if let Some(held) = held {
            self.highest_own = self.highest_own.max(held.saturating_sub(read_only));
        }
    }

    /// The program's peak memory as the cgroup counts it: every process,
    /// each page once, its anonymous and shared memory and the files it
    /// maps, without the page cache of files it only read. The kernel
    /// keeps one peak, of all it charged, cache included: a program that
    /// reads a 300 MiB input shows the limit there, as the cache fills
    /// it, for 2 MiB of its own. So the peak is the kernel's less the
    /// most such cache seen at a look (with the last look, after the
    /// end, where the cache is still charged), or the most held less that
    /// cache at one look, whichever is more. Cache that came and went
    /// between two looks is counted as the program's: the figure errs
    /// high, never low.
    pub(super) fn peak(&mut self) -> Option<u64> {
        self.look();
        let peak = self.usage_peak()?;
        Some(
            peak.saturating_sub(self.highest_cache)
                .max(self.highest_own),
        )
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

/// The cgroup folders this tool has made and not yet removed: what a
/// signal that stops the tool empties and removes (see [`end_all`]).
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A cgroup made for one program: removed, with whatever is left in it
/// killed, when dropped.
pub(super) struct Cgroup {
    pub(super) readings: Readings,
    /// `tasks` of each, open for writing (see [`ATTACH`]).
    procs: Vec<OwnedFd>,
}

impl Cgroup {
    /// A cgroup for a program held to `limit` bytes (none: unlimited),
    /// where one can be made; `None` where not, or when a limit cannot be
    /// set (the watch judges then, and the run says so). The first one a
    /// tool makes removes what tools that are gone left (see
    /// [`remove_stale`]). A name already taken is never used: another is.
    pub(super) fn make(limit: Option<u64>) -> Option<Cgroup> {
        static MADE: AtomicU32 = AtomicU32::new(0);
        static STALE_REMOVED: Once = Once::new();
        let found = Hierarchies::found()?;
        STALE_REMOVED.call_once(|| {
            found
                .both()
                .into_iter()
                .for_each(|parent| remove_stale(parent))
        });
        let stem = stem()?;
        let (memory, cpuacct) = (0..NAMES_TRIED).find_map(|_| {
            let name = format!("{stem}-{}", MADE.fetch_add(1, Ordering::SeqCst));
            let [memory, cpuacct] = found.both().map(|parent| parent.join(&name));
            let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
            fs::create_dir(&memory).ok()?;
            if fs::create_dir(&cpuacct).is_err() {
                let _ = fs::remove_dir(&memory);
                return None;
            }
            live.extend([memory.clone(), cpuacct.clone()]);
            Some((memory, cpuacct))
        })?;
        let mut cgroup = Cgroup {
            readings: Readings {
                memory: memory.clone(),
                cpuacct: cpuacct.clone(),
                highest_cache: 0,
                highest_own: 0,
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
        for folder in [&memory, &cpuacct] {
            cgroup.procs.push(open_for_writing(&folder.join("tasks"))?);
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

    /// Kills what is in the cgroup (see [`kill_listed`]), for at most a
    /// second.
    pub(super) fn kill_all(&self) {
        let give_up = Instant::now() + Duration::from_secs(1);
        for folder in self.folders() {
            kill_listed(folder, give_up);
        }
    }

    fn folders(&self) -> [&PathBuf; 2] {
        [&self.readings.memory, &self.readings.cpuacct]
    }
}

/// How many names a cgroup is tried under before the watch judges.
const NAMES_TRIED: u32 = 64;

/// Kills what is in cgroup `folder`, again until it is empty (a process
/// may start another meanwhile), until `give_up`. As runguard's
/// `cgroup_kill`: a pid listed is a process in the cgroup when read, all
/// of them the program's; one that ends and whose pid is given again
/// between the read and the kill is the short race it accepts.
fn kill_listed(folder: &Path, give_up: Instant) {
    loop {
        let listed = fs::read_to_string(folder.join("cgroup.procs")).unwrap_or_default();
        let pids: Vec<libc::pid_t> = listed
            .split_whitespace()
            .filter_map(|pid| pid.parse().ok())
            .filter(|&pid| pid > 0)
            .collect();
        if pids.is_empty() || Instant::now() >= give_up {
            return;
        }
        for pid in pids {
            // SAFETY: kill has no memory effects (see above).
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// Removes cgroup `folder`, emptied: one whose last process has just
/// died can be busy a moment, so again for at most a second.
fn remove(folder: &Path) {
    let give_up = Instant::now() + Duration::from_secs(1);
    while fs::remove_dir(folder).is_err() && folder.exists() && Instant::now() < give_up {
        thread::sleep(Duration::from_millis(1));
    }
}

/// Empties and removes every cgroup this tool has made and not yet
/// removed: on a signal that stops it (see `signals.rs`). None is made
/// after: [`Cgroup::make`] waits on the lock this holds for good.
pub(super) fn end_all() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    let live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    let give_up = Instant::now() + Duration::from_secs(1);
    for folder in live.iter() {
        kill_listed(folder, give_up);
    }
    for folder in live.iter() {
        remove(folder);
    }
    live
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        self.kill_all();
        self.procs.clear();
        let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        for folder in self.folders() {
            remove(folder);
            live.retain(|made| made != folder);
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

    /// The program moves itself in by writing "0" to `tasks`, its one
    /// thread then, not to `cgroup.procs`, whose write takes the kernel's
    /// global threadgroup lock (milliseconds a case).
    #[test]
    fn a_program_moves_itself_in_by_its_thread() {
        let Some(cgroup) = Cgroup::make(Some(64 << 20)) else {
            eprintln!("skipped: no cgroup v1 can be made here (not root, or JUDGE_CGROUP=off)");
            return;
        };
        for fd in cgroup.attach_fds() {
            let file = fs::read_link(format!("/proc/self/fd/{fd}")).unwrap();
            assert!(file.ends_with("tasks"), "{}", file.display());
        }
    }

    /// A name is stale when its tool, by pid and start, is gone, in this
    /// pid namespace only; a name of another kind never is.
    #[test]
    fn a_cgroup_is_stale_when_its_tool_is_gone_from_this_namespace() {
        let (Some(namespace), Some(start)) = (pid_namespace(), start_time(std::process::id() as _))
        else {
            eprintln!("skipped: /proc/self says no start or pid namespace");
            return;
        };
        let pid = std::process::id();
        assert!(!is_stale(
            &format!("judge-{pid}-{start}-{namespace}-0"),
            namespace
        ));
        assert!(is_stale(
            &format!("judge-{pid}-{}-{namespace}-0", start + 1),
            namespace
        ));
        assert!(is_stale(
            &format!("judge-{pid}-{}-{namespace}-probe", start + 1),
            namespace
        ));
        assert!(!is_stale(
            &format!("judge-{pid}-{}-{}-0", start + 1, namespace + 1),
            namespace
        ));
        assert!(!is_stale("judge-4194303-0", namespace));
        assert!(!is_stale("other-1-2-3-4", namespace));
    }
}
