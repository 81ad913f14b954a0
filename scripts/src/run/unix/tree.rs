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
pub(super) const TREE_EVERY: u32 = 4;

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
    /// The processes of the tree as found at the last look that walked
    /// it (see [`TREE_EVERY`]): what memory, CPU time and the wait for a
    /// CPU are all read from.
    processes: Vec<libc::pid_t>,
    #[cfg(any(target_os = "linux", target_os = "android"))]
    looks: u32,
    /// This look walked the tree: its memory and CPU time are read anew.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    walked: bool,
    /// The whole tree's memory at the last look that read it.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    tree: u64,
    /// The tree's CPU time, each process once (see [`Cpu`]).
    #[cfg(any(target_os = "linux", target_os = "android"))]
    cpu: Cpu,
}

impl Tree {
    pub(super) fn new(program: libc::pid_t, group: libc::pid_t) -> Tree {
        Tree {
            program,
            group,
            highest: 0,
            highest_cpu: Duration::ZERO,
            processes: vec![program],
            #[cfg(any(target_os = "linux", target_os = "android"))]
            looks: 0,
            #[cfg(any(target_os = "linux", target_os = "android"))]
            walked: false,
            #[cfg(any(target_os = "linux", target_os = "android"))]
            tree: 0,
            #[cfg(any(target_os = "linux", target_os = "android"))]
            cpu: Cpu::default(),
        }
    }

    /// One of the watchdog's looks: on Linux, one in [`TREE_EVERY`] walks
    /// /proc once for the processes of the tree, which the memory, CPU
    /// time and wait of this look and the next ones are read from.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub(super) fn look(&mut self) {
        self.walked = self.looks % TREE_EVERY == 0;
        if self.walked {
            self.processes = tree_of(self.program, self.group);
        }
        self.looks = self.looks.wrapping_add(1);
    }

    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub(super) fn look(&mut self) {}

    /// The processes of the tree as last found: the program alone where
    /// the tree is not read.
    pub(super) fn processes(&self) -> &[libc::pid_t] {
        &self.processes
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

    /// The CPU time of the tree now, each process once: at a look that
    /// walked the tree, every process's as read then (see [`Cpu`]);
    /// between, that and what the program's own threads have used since.
    /// Elsewhere than Linux the program's is not read while it runs.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub(super) fn cpu(&mut self) -> Option<Duration> {
        let cpu = if self.walked {
            self.cpu.read(&self.processes);
            self.cpu.total()
        } else {
            self.cpu.total() + self.cpu.own_since(self.program)?
        };
        self.highest_cpu = self.highest_cpu.max(cpu);
        Some(cpu)
    }

    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub(super) fn cpu(&mut self) -> Option<Duration> {
        None
    }

    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn tree(&mut self) -> u64 {
        if self.walked {
            self.tree = tree_memory(&self.processes);
        }
        self.tree
    }

    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    fn tree(&mut self) -> u64 {
        0
    }
}

/// One process's CPU time from /proc/PID/stat, in clock ticks.
#[cfg(any(target_os = "linux", target_os = "android"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Times {
    /// When it started (`starttime`), which tells a process from a later
    /// one given the same pid.
    start: u64,
    parent: libc::pid_t,
    /// Its own threads' (`utime`, `stime`).
    own: u64,
    /// The children it waited for (`cutime`, `cstime`): theirs, whole,
    /// added when it reaped them.
    waited: u64,
}

/// The CPU time of a program's tree, each process once, from readings of
/// /proc taken one process after another while they run and reap each
/// other.
///
/// A process's own time and that of the children it reaped add up to
/// every process once, as long as the two are read at one moment: a
/// child's time moves into its parent's `cutime` when the parent reaps
/// it. Read apart, they can count a child twice: its own time read first,
/// then its parent's after the reap (the watch added the program's fresh
/// reading to the rest of the tree read up to 20 ms earlier, and a
/// program that reaped a child that had spun 0.7 s read 1.4 s). So each
/// look reads parents before their children ([`tree_of`]'s order): a
/// child reaped between the two is missed at that look, never counted
/// twice. What a process that is gone was last read at is kept, held
/// against its parent, until its parent's `cutime` and `cstime` have
/// grown by as much (its whole time is in them once reaped); where its
/// parent is not of the tree (the tool, for a process re-parented to it)
/// it is kept for good. A walk can miss a process that lives (the
/// kernel's `children` lists are not complete while processes start and
/// end): one taken for gone that is read again, the same process, was
/// not gone, and what it handed its parent is taken back.
#[cfg(any(target_os = "linux", target_os = "android"))]
#[derive(Default)]
struct Cpu {
    /// Each process of the tree as last read, by pid.
    seen: std::collections::HashMap<libc::pid_t, Times>,
    /// The time of processes gone from the tree not yet found in their
    /// parent's reaped children's time, in ticks, by the parent's pid.
    gone: std::collections::HashMap<libc::pid_t, u64>,
    /// Each process taken for gone, by pid, while what it handed its
    /// parent is not all found in the parent's reaped time: its start,
    /// its parent, its own ticks handed on and those its gone children
    /// had left it.
    handed: std::collections::HashMap<libc::pid_t, (u64, libc::pid_t, u64, u64)>,
    /// The program's own ticks at the last look that read the tree.
    program_own: Option<(libc::pid_t, u64)>,
}

#[cfg(any(target_os = "linux", target_os = "android"))]
impl Cpu {
    /// Reads `processes` (parents before children) and takes them in.
    fn read(&mut self, processes: &[libc::pid_t]) {
        let read: Vec<(libc::pid_t, Times)> = processes
            .iter()
            .filter_map(|&pid| Some((pid, times(pid)?)))
            .collect();
        self.program_own = read.first().map(|&(pid, times)| (pid, times.own));
        // A walk cut short at its bound leaves processes unread that live:
        // nothing is taken for gone then.
        let whole = processes.len() < TREE_READ;
        self.take(read, whole);
    }

    /// Takes in one look's readings: those not read again are gone (when
    /// `whole`), and what each parent's reaped children's time grew by is
    /// taken off what its gone children left.
    fn take(&mut self, read: Vec<(libc::pid_t, Times)>, whole: bool) {
        let mut now: std::collections::HashMap<libc::pid_t, Times> = read.into_iter().collect();
        // Read again, so never gone: what it handed on comes back.
        for (pid, times) in &now {
            let Some((start, parent, own, left)) = self.handed.remove(pid) else {
                continue;
            };
            if start == times.start {
                if let Some(parents) = self.gone.get_mut(&parent) {
                    *parents -= (own + left).min(*parents);
                }
                if left > 0 {
                    *self.gone.entry(*pid).or_insert(0) += left;
                }
            }
        }
        let before = std::mem::take(&mut self.seen);
        // Those gone first (their parents reaped them, or they left the
        // tree), children before parents: each hands its time, and what
        // its own gone children left, to its parent.
        let mut gone: Vec<(libc::pid_t, Times)> = before
            .iter()
            .filter(|(pid, times)| now.get(pid).map_or(true, |new| new.start != times.start))
            .map(|(&pid, &times)| (pid, times))
            .collect();
        if !whole {
            for (pid, times) in gone.drain(..) {
                now.entry(pid).or_insert(times);
            }
        }
        gone.sort_by_key(|&(_, times)| std::cmp::Reverse(times.start));
        for (pid, times) in gone {
            let left = self.gone.remove(&pid).unwrap_or(0);
            let own = times.own + times.waited;
            *self.gone.entry(times.parent).or_insert(0) += own + left;
            self.handed
                .insert(pid, (times.start, times.parent, own, left));
        }
        for (pid, times) in &now {
            let grown = match before.get(pid) {
                Some(old) if old.start == times.start => times.waited.saturating_sub(old.waited),
                // New to the tree: what it reaped before was never seen.
                _ => 0,
            };
            if let Some(left) = self.gone.get_mut(pid) {
                *left -= grown.min(*left);
            }
        }
        self.gone.retain(|_, &mut left| left > 0);
        // Once its parent has reaped all it was handed, a process is gone.
        let gone = &self.gone;
        self.handed
            .retain(|_, &mut (_, parent, ..)| gone.contains_key(&parent));
        self.seen = now;
    }

    /// The tree's CPU time at the last look that read it.
    fn total(&self) -> Duration {
        let ticks: u64 = self
            .seen
            .values()
            .map(|times| times.own + times.waited)
            .chain(self.gone.values().copied())
            .sum();
        from_ticks(ticks).unwrap_or_default()
    }

    /// What the program's own threads have used since the last look that
    /// read the tree (none when that read nothing); `None` when it cannot
    /// be read now. Not its reaped children's: those are in the tree's.
    fn own_since(&self, program: libc::pid_t) -> Option<Duration> {
        let now = times(program)?;
        let since = match self.program_own {
            Some((pid, own)) if pid == program => now.own.saturating_sub(own),
            _ => 0,
        };
        from_ticks(since)
    }
}

/// A process's [`Times`], where /proc has them.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn times(pid: libc::pid_t) -> Option<Times> {
    let fields = stat_fields(pid)?;
    // Counted from the state (the third field): ppid the 4th, utime to
    // cstime the 14th to 17th, starttime the 22nd.
    let field = |number: usize| fields.get(number - 3).copied();
    Some(Times {
        start: field(22)?,
        parent: libc::pid_t::try_from(field(4)?).ok()?,
        own: field(14)? + field(15)?,
        waited: field(16)? + field(17)?,
    })
}

/// `ticks` clock ticks as a duration.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn from_ticks(ticks: u64) -> Option<Duration> {
    // SAFETY: sysconf only reads a system setting.
    let per_second = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).ok()?;
    (per_second > 0).then(|| Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / per_second))
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
pub(super) fn stat_fields(pid: libc::pid_t) -> Option<Vec<u64>> {
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
    let times = times(pid)?;
    from_ticks(times.own + times.waited)
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
fn tree_memory(tree: &[libc::pid_t]) -> u64 {
    let mut files = Vec::new();
    for &pid in tree {
        shared_files(pid, &mut files);
    }
    let held: u64 = files.iter().map(|&(_, _, bytes)| bytes).sum();
    if tree.len() <= 1 && held == 0 {
        return 0;
    }
    let (mut pss, mut shmem) = (0u64, 0u64);
    for &pid in tree {
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

#[cfg(all(test, any(target_os = "linux", target_os = "android")))]
mod tests {
    use super::*;

    fn times(start: u64, parent: libc::pid_t, own: u64, waited: u64) -> Times {
        Times {
            start,
            parent,
            own,
            waited,
        }
    }

    fn ticks(cpu: &Cpu) -> u64 {
        cpu.seen
            .values()
            .map(|times| times.own + times.waited)
            .chain(cpu.gone.values().copied())
            .sum()
    }

    /// A child that spun 70 ticks and was reaped by the program: 70
    /// ticks and the program's own, at every look, whether the reap came
    /// between two looks or between the program's read and the child's
    /// in one look.
    #[test]
    fn a_child_reaped_is_counted_once_at_every_look() {
        let (program, child) = (10, 11);
        let mut cpu = Cpu::default();
        cpu.take(
            vec![
                (program, times(1, 1, 2, 0)),
                (child, times(2, program, 70, 0)),
            ],
            true,
        );
        assert_eq!(ticks(&cpu), 72);
        // Reaped between the program's read and the child's: the child
        // is gone, the program's reaped time not grown yet.
        cpu.take(vec![(program, times(1, 1, 2, 0))], true);
        assert_eq!(ticks(&cpu), 72);
        // The program's reaped time has grown by the child's whole time,
        // a tick more than it was last read at.
        cpu.take(vec![(program, times(1, 1, 3, 71))], true);
        assert_eq!(ticks(&cpu), 74);
        assert!(cpu.gone.is_empty(), "{:?}", cpu.gone);
        // Reaped between two looks: gone, and in its parent's at once.
        let mut cpu = Cpu::default();
        cpu.take(
            vec![
                (program, times(1, 1, 2, 0)),
                (child, times(2, program, 70, 0)),
            ],
            true,
        );
        cpu.take(vec![(program, times(1, 1, 2, 75))], true);
        assert_eq!(ticks(&cpu), 77);
    }

    /// A child that a walk missed while it lived, then read again: its
    /// time counted once, before and after it is reaped.
    #[test]
    fn a_child_a_walk_missed_is_counted_once() {
        let (program, child) = (10, 11);
        let mut cpu = Cpu::default();
        cpu.take(
            vec![
                (program, times(1, 1, 2, 0)),
                (child, times(2, program, 30, 0)),
            ],
            true,
        );
        // Missed: taken for gone, held against the program.
        cpu.take(vec![(program, times(1, 1, 2, 0))], true);
        assert_eq!(ticks(&cpu), 32);
        // Read again, having spun on: counted once.
        cpu.take(
            vec![
                (program, times(1, 1, 2, 0)),
                (child, times(2, program, 60, 0)),
            ],
            true,
        );
        assert_eq!(ticks(&cpu), 62);
        // Reaped: in the program's reaped time alone.
        cpu.take(vec![(program, times(1, 1, 2, 61))], true);
        assert_eq!(ticks(&cpu), 63);
        assert!(cpu.gone.is_empty() && cpu.handed.is_empty());
    }

    /// A grandchild reaped by a child that the program then reaps hands
    /// its time on through both; a process whose parent is not of the
    /// tree keeps its last reading; a walk cut short takes nothing for
    /// gone; a pid given to a new process is a new process.
    #[test]
    fn what_is_gone_goes_to_its_parent_or_stays() {
        let (program, child, grandchild, orphan) = (10, 11, 12, 13);
        let mut cpu = Cpu::default();
        cpu.take(
            vec![
                (program, times(1, 1, 1, 0)),
                (child, times(2, program, 5, 0)),
                (grandchild, times(3, child, 40, 0)),
                (orphan, times(4, 999, 30, 0)),
            ],
            true,
        );
        assert_eq!(ticks(&cpu), 76);
        // The child and the grandchild both gone before the program's
        // reaped time grew; the orphan gone from the tree.
        cpu.take(vec![(program, times(1, 1, 1, 0))], true);
        assert_eq!(ticks(&cpu), 76);
        cpu.take(vec![(program, times(1, 1, 1, 45))], true);
        assert_eq!(ticks(&cpu), 76);
        assert_eq!(cpu.gone.get(&999), Some(&30));
        // Cut short: the unread keep their readings.
        let mut cpu = Cpu::default();
        cpu.take(
            vec![
                (program, times(1, 1, 1, 0)),
                (child, times(2, program, 5, 0)),
            ],
            true,
        );
        cpu.take(vec![(program, times(1, 1, 2, 0))], false);
        assert_eq!(ticks(&cpu), 7);
        // Pid 11 again, started later: the first (5) is gone to the
        // program, the new one (1) counted beside it.
        cpu.take(
            vec![
                (program, times(1, 1, 2, 0)),
                (child, times(9, program, 1, 0)),
            ],
            true,
        );
        assert_eq!(ticks(&cpu), 8);
    }
}
