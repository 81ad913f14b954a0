//! On Linux, a cgroup (v2 or v1) of a judged program's own, made where
//! the machine lets the tool make one: the memory limit
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
//! `cgroup_delete` removes it. Its v2 path is here too (`memory.max`,
//! `memory.swap.max` 0, `memory.peak` where the kernel has it, 5.19 on,
//! `cpu.stat`'s `usage_usec`, `oom_kill` in `memory.events`), as root or
//! in a cgroup delegated to the tool's user, a systemd scope with
//! `Delegate=yes` included (see [`delegation`]); proven in a guest with
//! cgroup v2 only (`.ci/guest`).
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
//! `JUDGE_CLONE_INTO_CGROUP=off` keeps cgroup v2 but starts the program
//! as under v1 (a fork, then its own move in), to measure what starting
//! it in its cgroup saves (docs/memory.md).
//!
//! Names: `judge-PID-START-NS-N`, this tool's pid, its start time (in
//! clock ticks after boot, /proc/PID/stat's 22nd field), its pid
//! namespace's inode and a count, so that no two tools' names are the
//! same, and a folder whose tool is gone is known for one: made with
//! `mkdir`, a name taken is never used, another is. At the first cgroup
//! a tool makes it empties (kills what is in it) and removes every
//! folder of its own pid namespace whose tool is gone: a tool killed by
//! SIGKILL leaves its run's cgroups, with what the program started still
//! in them, for the next run to end; a tool's leaf in its delegated
//! cgroup (`judge-PID-START-NS-tool`, see [`delegation::take`]) is
//! removed when empty, and what it holds never killed. Folders named
//! `judge-PID-N`, as tools before these names made them, say nothing of
//! their namespace (the cpuacct hierarchy's root is shared with other
//! machines' jobs on some hosts) and are left alone.

use std::cell::Cell;
use std::ffi::CString;
use std::fs;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, Once, OnceLock, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

mod delegation;

thread_local! {
    /// The cgroup files a judged program writes itself into between its
    /// fork and its exec (`tasks` of each hierarchy, open for writing),
    /// set by [`Group::start`](super::group::Group::start) around the
    /// spawn of a program that has one, -1 otherwise: read in the child,
    /// where only async-signal-safe work is allowed. The thread's own, so
    /// that runs started at once from other threads never swap them: a
    /// fork copies the thread that forks, and the child reads its copy
    /// (a constant-initialised cell with nothing to drop: no lazy
    /// initialisation, no allocation).
    pub(super) static ATTACH: Cell<[RawFd; 2]> = const { Cell::new([-1, -1]) };

    /// The folder of the cgroup v2 a judged program is to start in, open
    /// (`O_DIRECTORY`), set beside [`ATTACH`], -1 otherwise (cgroup v1,
    /// the watch, or `JUDGE_CLONE_INTO_CGROUP=off`): the runner starts
    /// the program in it with `clone3`'s `CLONE_INTO_CGROUP` (see
    /// `runner.rs`), and the program writes itself in through [`ATTACH`]
    /// only where that failed.
    pub(super) static CLONE_INTO: Cell<RawFd> = const { Cell::new(-1) };
}

/// Writes the calling process into the cgroups `fds` name ([`ATTACH`]'s,
/// or a fresh runner's, see `runner/afresh.rs`); false
/// when a write failed, so that the program runs outside and the tool
/// knows it. Only where the runner could not start it in its cgroup (see
/// [`CLONE_INTO`]): under cgroup v1, or a kernel before 5.7.
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
pub(super) unsafe fn attach_self(fds: [RawFd; 2]) -> bool {
    let mut attached = true;
    for fd in fds {
        if fd >= 0 && libc::write(fd, b"0".as_ptr().cast(), 1) != 1 {
            attached = false;
        }
    }
    attached
}

/// Which accounting judges a program here: `cgroup v2` or `cgroup v1`
/// where one can be made, else `watch`.
pub fn accounting() -> &'static str {
    match Found::here() {
        Some(Found::V1(_)) => "cgroup v1",
        Some(Found::V2(_)) => "cgroup v2",
        None => "watch",
    }
}

/// Why the watch judges here and not a cgroup, with how to have one:
/// `None` where a cgroup judges.
pub fn why_the_watch() -> Option<&'static str> {
    if Found::here().is_some() {
        return None;
    }
    if std::env::var_os("JUDGE_CGROUP").is_some_and(|value| value == "off") {
        return Some("JUDGE_CGROUP=off");
    }
    let mounts = fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    let own = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    if own_folder(&mounts, &own, "memory").is_some() {
        return Some("cgroup v1 whose memory and cpuacct hierarchies this user cannot write");
    }
    if unified(&mounts, &own).is_some() {
        return Some(match delegation::DELEGATION_FAILED.get() {
            Some(why) => why.as_str(),
            None => {
                "cgroup v2 without a cgroup delegated to this user (docs/memory.md: \
                 cgroup v2)"
            }
        });
    }
    Some("no cgroup file system with memory and cpu controllers")
}

/// Where a program's cgroups are made: in cgroup v1's `memory` and
/// `cpuacct` hierarchies, or under one folder of cgroup v2 whose children
/// have the memory and cpu controllers.
#[derive(Debug)]
enum Found {
    V1(Hierarchies),
    V2(PathBuf),
}

impl Found {
    /// Found once (see [`Hierarchies::found`] and
    /// [`delegation::found_v2`]), unless `JUDGE_CGROUP=off`.
    fn here() -> Option<&'static Found> {
        static FOUND: OnceLock<Option<Found>> = OnceLock::new();
        FOUND
            .get_or_init(|| {
                if std::env::var_os("JUDGE_CGROUP").is_some_and(|value| value == "off") {
                    return None;
                }
                Hierarchies::found()
                    .map(Found::V1)
                    .or_else(|| delegation::found_v2().map(Found::V2))
            })
            .as_ref()
    }

    /// The folders a program's cgroup is made in, one under each.
    fn parents(&self) -> Vec<&PathBuf> {
        match self {
            Found::V1(hierarchies) => hierarchies.both().to_vec(),
            Found::V2(parent) => vec![parent],
        }
    }
}

/// This process's cgroup v2 (`0::/PATH` in /proc/self/cgroup) in the
/// `cgroup2` mount (from /proc/self/mountinfo): its folder and the
/// mount's.
fn unified(mountinfo: &str, own: &str) -> Option<(PathBuf, PathBuf)> {
    let mount = mountinfo.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(' ').collect();
        let dash = fields.iter().position(|&field| field == "-")?;
        (*fields.get(dash + 1)? == "cgroup2").then(|| PathBuf::from(fields[4]))
    })?;
    let path = own.lines().find_map(|line| line.strip_prefix("0::"))?;
    Some((mount.join(path.trim_start_matches('/')), mount))
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
    /// The tool's own cgroups, in which a cgroup can be made (tried, and
    /// removed).
    fn found() -> Option<Hierarchies> {
        {
            {
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
            }
        }
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
/// that is gone: named `judge-PID-START-NS-...` (a count, `probe` or
/// `tool`) with NS `ours`, and no process PID started at START.
pub(super) fn is_stale(name: &str, ours: u64) -> bool {
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
/// left running. A tool's leaf (`...-tool`, see [`delegation::take`])
/// is removed only when empty, never emptied: what it holds is not a
/// program's but what ran beside the tool in its delegated cgroup
/// (cargo, the shell that started it, the tool that runs now).
fn remove_stale(parent: &Path) {
    let (Some(ours), Ok(entries)) = (pid_namespace(), fs::read_dir(parent)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str().filter(|name| is_stale(name, ours)) else {
            continue;
        };
        let folder = entry.path();
        if name.ends_with("-tool") {
            let _ = fs::remove_dir(&folder);
        } else {
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
    /// Of cgroup v2: `memory` and `cpuacct` are the same folder.
    v2: bool,
    /// The most page cache of files read and not mapped seen at a look
    /// (see [`Readings::look`]).
    highest_cache: u64,
    /// The most the cgroup held at a look less that cache then.
    highest_own: u64,
}

impl Readings {
    /// The CPU time of every process that was in the cgroup
    /// (`cpuacct.usage`, nanoseconds).
    /// Under cgroup v2 `usage_usec` in `cpu.stat`, microseconds.
    pub(super) fn cpu(&self) -> Option<Duration> {
        if self.v2 {
            let stat = fs::read_to_string(self.cpuacct.join("cpu.stat")).ok()?;
            let micros = field(&stat, "usage_usec")?;
            return Some(Duration::from_micros(micros));
        }
        read_number(&self.cpuacct.join("cpuacct.usage")).map(Duration::from_nanos)
    }

    /// The most the cgroup held at once: memory and swap where swap is
    /// accounted (`memory.memsw.max_usage_in_bytes`), as runguard reads
    /// it, else memory alone. Page cache included: see [`Readings::peak`].
    /// Under cgroup v2 `memory.peak` (Linux 5.19 on), else none: the
    /// most seen at the looks is all there is.
    fn usage_peak(&self) -> Option<u64> {
        if self.v2 {
            return read_number(&self.memory.join("memory.peak"));
        }
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
        // cgroup v2 names them `file` (shared memory included, as v1's
        // `cache`) and `file_mapped`.
        let (cache, mapped) = if self.v2 {
            ("file", "file_mapped")
        } else {
            ("cache", "mapped_file")
        };
        let (Some(cache), Some(shmem), Some(mapped)) = (
            field(&stat, cache),
            field(&stat, "shmem"),
            field(&stat, mapped),
        ) else {
            return;
        };
        let read_only = cache.saturating_sub(shmem).saturating_sub(mapped);
        self.highest_cache = self.highest_cache.max(read_only);
        let held = if self.v2 {
            read_number(&self.memory.join("memory.current"))
        } else {
            read_number(&self.memory.join("memory.memsw.usage_in_bytes"))
                .or_else(|| read_number(&self.memory.join("memory.usage_in_bytes")))
        };
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
        let Some(peak) = self.usage_peak() else {
            return (self.v2 && self.highest_own > 0).then_some(self.highest_own);
        };
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
    /// Under cgroup v2, `oom_kill` in `memory.events`.
    pub(super) fn oom_killed(&self) -> bool {
        let file = if self.v2 {
            "memory.events"
        } else {
            "memory.oom_control"
        };
        fs::read_to_string(self.memory.join(file)).is_ok_and(|text| {
            text.lines().any(|line| {
                line.strip_prefix("oom_kill ")
                    .and_then(|count| count.trim().parse::<u64>().ok())
                    .is_some_and(|count| count > 0)
            })
        })
    }

    /// True once a fork or a new thread failed at the cgroup's bound on
    /// processes: `max` in cgroup v2's `pids.events` counts each time the
    /// bound refused one. Cgroup v1 is given no bound (the tool makes no
    /// `pids` cgroup there), so never.
    pub(super) fn process_limit_hit(&self) -> bool {
        self.v2
            && fs::read_to_string(self.memory.join("pids.events"))
                .is_ok_and(|events| field(&events, "max").is_some_and(|count| count > 0))
    }
}

/// The number after `name` on its line of a cgroup's `KEY VALUE` file.
fn field(text: &str, name: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (key, value) = line.split_once(' ')?;
        (key == name).then(|| value.trim().parse::<u64>().ok())?
    })
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
    /// Its folder, open, under cgroup v2 (see [`CLONE_INTO`]).
    folder: Option<OwnedFd>,
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
        let found = Found::here()?;
        STALE_REMOVED.call_once(|| {
            found
                .parents()
                .into_iter()
                .for_each(|parent| remove_stale(parent))
        });
        let stem = stem()?;
        let folders = (0..NAMES_TRIED).find_map(|_| {
            let name = format!("{stem}-{}", MADE.fetch_add(1, Ordering::SeqCst));
            let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
            let mut made: Vec<PathBuf> = Vec::new();
            for parent in found.parents() {
                let folder = parent.join(&name);
                if fs::create_dir(&folder).is_err() {
                    made.iter().for_each(|folder| remove(folder));
                    return None;
                }
                made.push(folder);
            }
            live.extend(made.iter().cloned());
            Some(made)
        })?;
        let v2 = matches!(found, Found::V2(_));
        let memory = folders.first()?.clone();
        let cpuacct = folders.last()?.clone();
        let mut cgroup = Cgroup {
            readings: Readings {
                memory: memory.clone(),
                cpuacct,
                v2,
                highest_cache: 0,
                highest_own: 0,
            },
            procs: Vec::new(),
            folder: None,
        };
        if v2 {
            // As runguard's `cgroup_create` under v2: the limit, and no
            // swap; and a bound on processes, so that a fork bomb meets
            // one.
            if let Some(limit) = limit {
                fs::write(memory.join("memory.max"), limit.to_string()).ok()?;
                let swap = memory.join("memory.swap.max");
                if swap.exists() {
                    fs::write(swap, "0").ok()?;
                }
            }
            let pids = memory.join("pids.max");
            if pids.exists() {
                fs::write(pids, crate::run::PIDS_MAX.to_string()).ok()?;
            }
            // "0" written to `cgroup.procs` moves the writing process.
            cgroup
                .procs
                .push(open_for_writing(&memory.join("cgroup.procs"))?);
            if !std::env::var_os("JUDGE_CLONE_INTO_CGROUP").is_some_and(|value| value == "off") {
                cgroup.folder = open_folder(&memory);
            }
            return Some(cgroup);
        }
        if let Some(limit) = limit {
            // Memory first: memory and swap may not be held below it.
            fs::write(memory.join("memory.limit_in_bytes"), limit.to_string()).ok()?;
            let swap = memory.join("memory.memsw.limit_in_bytes");
            if swap.exists() {
                fs::write(swap, limit.to_string()).ok()?;
            }
        }
        for folder in &folders {
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

    /// The descriptor [`CLONE_INTO`] is set to while the program starts.
    pub(super) fn clone_into_fd(&self) -> RawFd {
        self.folder.as_ref().map_or(-1, AsRawFd::as_raw_fd)
    }

    /// Kills what is in the cgroup (see [`kill_listed`]), for at most a
    /// second.
    pub(super) fn kill_all(&self) {
        let give_up = Instant::now() + Duration::from_secs(1);
        for folder in self.folders() {
            kill_listed(folder, give_up);
        }
    }

    /// Its folders: one under cgroup v2, one a hierarchy under v1.
    fn folders(&self) -> Vec<&PathBuf> {
        if self.readings.v2 {
            vec![&self.readings.memory]
        } else {
            vec![&self.readings.memory, &self.readings.cpuacct]
        }
    }
}

/// How many names a cgroup is tried under before the watch judges.
const NAMES_TRIED: u32 = 64;

/// Kills what is in cgroup `folder`, again until it is empty (a process
/// may start another meanwhile), until `give_up`. As runguard's
/// `cgroup_kill`: a pid listed is a process in the cgroup when read, all
/// of them the program's; one that ends and whose pid is given again
/// between the read and the kill is the short race it accepts.
///
/// Under cgroup v2 with `cgroup.kill` (Linux 5.14 on), the kernel kills
/// the whole cgroup at once first, a process starting meanwhile too.
fn kill_listed(folder: &Path, give_up: Instant) {
    let _ = fs::write(folder.join("cgroup.kill"), "1");
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

/// Puts back, as the tool ends, the delegated cgroup it took, where it
/// took one (see `delegation.rs`).
pub(super) fn give_back() {
    delegation::give_back();
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
        self.folder = None;
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

/// Folder `path` opened to name it (clone3's `cgroup`), closed at exec.
fn open_folder(path: &Path) -> Option<OwnedFd> {
    let path = CString::new(path.as_os_str().as_bytes()).ok()?;
    // SAFETY: `path` is a valid C string; open returns a descriptor this
    // process then owns, or -1.
    let fd = unsafe {
        libc::open(
            path.as_ptr(),
            libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
        )
    };
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
        let file = if cgroup.readings.v2 {
            "cgroup.procs"
        } else {
            "tasks"
        };
        for fd in cgroup.attach_fds().into_iter().filter(|&fd| fd >= 0) {
            let file_open = fs::read_link(format!("/proc/self/fd/{fd}")).unwrap();
            assert!(file_open.ends_with(file), "{}", file_open.display());
        }
    }

    /// Under cgroup v2 the program is started in its cgroup's folder,
    /// open for clone3; under v1, which has no such start, nothing is.
    #[test]
    fn a_cgroup_v2_folder_is_open_to_start_the_program_in() {
        let Some(cgroup) = Cgroup::make(Some(64 << 20)) else {
            eprintln!("skipped: no cgroup can be made here (not root, or JUDGE_CGROUP=off)");
            return;
        };
        let fd = cgroup.clone_into_fd();
        if !cgroup.readings.v2 {
            assert_eq!(fd, -1);
            return;
        }
        if std::env::var_os("JUDGE_CLONE_INTO_CGROUP").is_some_and(|value| value == "off") {
            eprintln!("skipped: JUDGE_CLONE_INTO_CGROUP=off");
            return;
        }
        let open = fs::read_link(format!("/proc/self/fd/{fd}")).unwrap();
        assert_eq!(open, cgroup.readings.memory);
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
        assert!(is_stale(
            &format!("judge-{pid}-{}-{namespace}-tool", start + 1),
            namespace
        ));
        assert!(!is_stale("judge-4194303-0", namespace));
        assert!(!is_stale("other-1-2-3-4", namespace));
    }

    /// A gone tool's run cgroup is emptied (what it holds killed) and
    /// removed; a gone tool's leaf, which holds what ran beside it
    /// (cargo, a shell, the tool that runs now), is removed only when
    /// empty and nothing in it is killed. Plain folders stand for
    /// cgroups here: `cgroup.procs` lists a sleeping child.
    #[test]
    fn what_a_gone_tools_leaf_holds_is_never_killed() {
        let (Some(namespace), Some(start)) = (pid_namespace(), start_time(std::process::id() as _))
        else {
            eprintln!("skipped: /proc/self says no start or pid namespace");
            return;
        };
        let parent = std::env::temp_dir().join(format!("judge-leaf-{}", std::process::id()));
        let _ = fs::remove_dir_all(&parent);
        let gone = format!("judge-{}-{}-{namespace}", std::process::id(), start + 1);
        let mut sleepers = Vec::new();
        for name in ["tool", "0"] {
            let folder = parent.join(format!("{gone}-{name}"));
            fs::create_dir_all(&folder).unwrap();
            let sleeper = std::process::Command::new("sleep")
                .arg("30")
                .spawn()
                .unwrap();
            fs::write(folder.join("cgroup.procs"), format!("{}\n", sleeper.id())).unwrap();
            sleepers.push(sleeper);
        }
        let empty_leaf = parent.join(format!("{gone}-x-tool"));
        fs::create_dir(&empty_leaf).unwrap();
        remove_stale(&parent);
        let [mut in_leaf, mut in_run] = <[_; 2]>::try_from(sleepers).unwrap();
        assert_eq!(
            in_leaf.try_wait().unwrap(),
            None,
            "the leaf's process was killed"
        );
        assert!(parent.join(format!("{gone}-tool")).exists());
        assert!(!empty_leaf.exists(), "an empty leaf stays");
        let give_up = Instant::now() + Duration::from_secs(5);
        while in_run.try_wait().unwrap().is_none() && Instant::now() < give_up {
            thread::sleep(Duration::from_millis(10));
        }
        assert!(
            in_run.try_wait().unwrap().is_some(),
            "the run's process lives"
        );
        in_leaf.kill().unwrap();
        in_leaf.wait().unwrap();
        fs::remove_dir_all(&parent).unwrap();
    }
}
