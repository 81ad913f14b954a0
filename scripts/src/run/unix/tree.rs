//! The watch: a judged program's memory and CPU time as the watchdog
//! reads them from /proc while it runs, where no cgroup counts them
//! (macOS, a Linux user with none to write, `JUDGE_CGROUP=off`). On Linux
//! it reads the whole tree: every process the program started, at any
//! depth, and those re-parented to the tool (a subreaper) that are still
//! in the program's process group; shared pages once; what the program
//! holds in shared-memory files. macOS reads the program alone.

use super::memory::resident_memory;
use std::time::Duration;

/// Of the watchdog's looks, one in this many also reads the whole tree:
/// each such look reads a few files per process, so not every 5 ms, but
/// every 20.
#[cfg(any(target_os = "linux", target_os = "android"))]
const TREE_EVERY: u32 = 4;

/// At most this many processes are read at a look: a program that starts
/// more is still killed at its time limit.
#[cfg(any(target_os = "linux", target_os = "android"))]
const TREE_READ: usize = 256;

/// What the watch has read of one program's tree.
pub(super) struct Tree {
    program: libc::pid_t,
    /// The program's process group (its runner's pid, or its own).
    #[cfg_attr(not(any(target_os = "linux", target_os = "android")), allow(dead_code))]
    group: libc::pid_t,
    /// The most memory read at one look.
    pub(super) highest: u64,
    /// The most CPU time read at one look.
    pub(super) highest_cpu: Duration,
    #[cfg(any(target_os = "linux", target_os = "android"))]
    looks: u32,
    /// The whole tree's memory at the last look that read it.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    tree: u64,
    #[cfg(any(target_os = "linux", target_os = "android"))]
    cpu_looks: u32,
    /// The CPU time of the tree but the program, at the last look that
    /// read it.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    others_cpu: Duration,
}

impl Tree {
    pub(super) fn new(program: libc::pid_t, group: libc::pid_t) -> Tree {
        Tree {
            program,
            group,
            highest: 0,
            highest_cpu: Duration::ZERO,
            #[cfg(any(target_os = "linux", target_os = "android"))]
            looks: 0,
            #[cfg(any(target_os = "linux", target_os = "android"))]
            tree: 0,
            #[cfg(any(target_os = "linux", target_os = "android"))]
            cpu_looks: 0,
            #[cfg(any(target_os = "linux", target_os = "android"))]
            others_cpu: Duration::ZERO,
        }
    }

    /// The memory the program holds now: its own resident set at each
    /// look (read through a live thread when its main thread has
    /// exited), and on Linux the whole tree's, as last read (see
    /// [`TREE_EVERY`]), where that is more.
    pub(super) fn memory(&mut self) -> Option<u64> {
        let own = own_resident(self.program);
        let read = own.unwrap_or(0).max(self.tree());
        self.highest = self.highest.max(read);
        (own.is_some() || read > 0).then_some(read)
    }

    /// The CPU time of the tree now: the program's own at each look, and
    /// on Linux its tree's others', as last read (see [`TREE_EVERY`]);
    /// elsewhere the program's is not read while it runs.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub(super) fn cpu(&mut self) -> Option<Duration> {
        if self.cpu_looks % TREE_EVERY == 0 {
            self.others_cpu = others_cpu(self.program, self.group);
        }
        self.cpu_looks = self.cpu_looks.wrapping_add(1);
        let cpu = process_cpu(self.program)? + self.others_cpu;
        self.highest_cpu = self.highest_cpu.max(cpu);
        Some(cpu)
    }

    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub(super) fn cpu(&mut self) -> Option<Duration> {
        None
    }

    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn tree(&mut self) -> u64 {
        if self.looks % TREE_EVERY == 0 {
            self.tree = tree_memory(self.program, self.group);
        }
        self.looks = self.looks.wrapping_add(1);
        self.tree
    }

    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    fn tree(&mut self) -> u64 {
        0
    }
}

/// The program's own resident memory; on Linux, where its main thread
/// has exited (`pthread_exit`: its `statm` reads zero while the others
/// run on), read through a thread that lives.
fn own_resident(pid: libc::pid_t) -> Option<u64> {
    let own = resident_memory(pid);
    #[cfg(any(target_os = "linux", target_os = "android"))]
    if own == Some(0) {
        return live_thread(pid)
            .and_then(|thread| statm_resident(&format!("/proc/{pid}/task/{thread}/statm")))
            .or(own);
    }
    own
}

/// A thread of process `pid` other than its main one, if one is listed.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn live_thread(pid: libc::pid_t) -> Option<libc::pid_t> {
    std::fs::read_dir(format!("/proc/{pid}/task"))
        .ok()?
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
        .find(|&thread| thread != pid)
}

/// Resident bytes from a `statm` file (its second field, in pages).
#[cfg(any(target_os = "linux", target_os = "android"))]
fn statm_resident(path: &str) -> Option<u64> {
    let statm = std::fs::read_to_string(path).ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * page_size())
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn page_size() -> u64 {
    // SAFETY: sysconf only reads a system setting.
    u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096)
}

/// The processes of the program's tree: the program and its
/// descendants, and the tool's children in its process group `group`
/// (re-parented there when their parent died: a double fork, a child
/// never waited for) with theirs, not the runner `group` itself; at most
/// [`TREE_READ`].
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) fn tree_of(program: libc::pid_t, group: libc::pid_t) -> Vec<libc::pid_t> {
    // SAFETY: getpid only reads this process's id.
    let tool = unsafe { libc::getpid() };
    let mut waiting = vec![program];
    waiting.extend(
        children_of(tool)
            .into_iter()
            .filter(|&child| child != group && child != program && group_of(child) == Some(group)),
    );
    let mut found = Vec::new();
    while let Some(pid) = waiting.pop() {
        if found.len() == TREE_READ {
            break;
        }
        if found.contains(&pid) {
            continue;
        }
        found.push(pid);
        waiting.extend(children_of(pid));
    }
    found
}

/// The children of process `pid`, from each of its threads' lists
/// (/proc/PID/task/TID/children: a process a thread started is listed
/// under that thread).
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

/// The fields of /proc/PID/stat after the command name (which may hold
/// anything), from the state on.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn stat_fields(pid: libc::pid_t) -> Option<Vec<u64>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, after_name) = stat.rsplit_once(')')?;
    // The state is a letter: 0 in its place keeps the field numbers.
    Some(
        after_name
            .split_whitespace()
            .map(|field| field.parse().unwrap_or(0))
            .collect(),
    )
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn group_of(pid: libc::pid_t) -> Option<libc::pid_t> {
    // State, parent, group.
    libc::pid_t::try_from(*stat_fields(pid)?.get(2)?).ok()
}

/// A process's CPU time from /proc/PID/stat: its own (every thread) and
/// that of the children it waited for (utime, stime, cutime, cstime, the
/// 14th to 17th fields, in clock ticks); a zombie's too, until reaped.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) fn process_cpu(pid: libc::pid_t) -> Option<Duration> {
    let fields = stat_fields(pid)?;
    let ticks: u64 = fields.get(11..15)?.iter().sum();
    // SAFETY: sysconf only reads a system setting.
    let per_second = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).ok()?;
    (per_second > 0).then(|| Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / per_second))
}

/// The CPU time of the program's tree but the program itself (see
/// [`tree_of`]): each process's own and its waited-for children's, so
/// nothing twice. Read at the end too, after the group was killed and
/// before those re-parented to the tool are reaped: what the program's
/// own `rusage` lacks.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) fn others_cpu(program: libc::pid_t, group: libc::pid_t) -> Duration {
    tree_of(program, group)
        .into_iter()
        .filter(|&pid| pid != program)
        .filter_map(process_cpu)
        .sum()
}

/// The memory of the program's whole tree: each process's proportional
/// set size (`Pss` in /proc/PID/smaps_rollup, read through a live
/// thread when the main one has exited), so that a page shared by
/// several processes (a fork's, not yet written) is counted once, and
/// the shared-memory files the tree holds open (a `memfd`, a file in
/// /dev/shm), each once, whole, where that is more than what is mapped of
/// them. A lone process with no such file is its resident set.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn tree_memory(program: libc::pid_t, group: libc::pid_t) -> u64 {
    let tree = tree_of(program, group);
    let mut files = Vec::new();
    for &pid in &tree {
        shared_files(pid, &mut files);
    }
    let held: u64 = files.iter().map(|&(_, _, bytes)| bytes).sum();
    if tree.len() <= 1 && held == 0 {
        return 0;
    }
    let (mut pss, mut shmem) = (0u64, 0u64);
    for &pid in &tree {
        if let Some((all, shared_memory)) = proportional(pid) {
            pss = pss.saturating_add(all);
            shmem = shmem.saturating_add(shared_memory);
        }
    }
    pss.max(pss.saturating_sub(shmem).saturating_add(held))
}

/// A process's `Pss` and `Pss_Shmem` in bytes, from smaps_rollup.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn proportional(pid: libc::pid_t) -> Option<(u64, u64)> {
    let read = |path: String| std::fs::read_to_string(path).ok();
    let mut rollup = read(format!("/proc/{pid}/smaps_rollup")).unwrap_or_default();
    if !rollup.contains("Pss:") {
        let thread = live_thread(pid)?;
        rollup = read(format!("/proc/{pid}/task/{thread}/smaps_rollup"))?;
    }
    let field = |name: &str| -> u64 {
        rollup
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
            .unwrap_or(0)
            * 1024
    };
    Some((field("Pss:"), field("Pss_Shmem:")))
}

/// Adds to `files` the shared-memory files process `pid` holds open
/// (`/memfd:` and `/dev/shm/` in /proc/PID/fd), each once by device and
/// inode, with the bytes it has allocated.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn shared_files(pid: libc::pid_t, files: &mut Vec<(u64, u64, u64)>) {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return;
    };
    for entry in entries.flatten().take(1024) {
        let Ok(target) = std::fs::read_link(entry.path()) else {
            continue;
        };
        let target = target.to_string_lossy();
        if !(target.starts_with("/memfd:") || target.starts_with("/dev/shm/")) {
            continue;
        }
        if let Ok(meta) = std::fs::metadata(entry.path()) {
            let key = (meta.dev(), meta.ino());
            if !files.iter().any(|&(dev, ino, _)| (dev, ino) == key) {
                files.push((key.0, key.1, meta.blocks().saturating_mul(512)));
            }
        }
    }
}
