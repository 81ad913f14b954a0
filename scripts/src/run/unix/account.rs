//! Which accounting judges one program, and its readings: its cgroup
//! where it was put in one (Linux, cgroup v2 or v1: the kernel enforces the
//! memory limit and counts every process once), else the watch (the
//! watchdog's /proc readings of its tree).

#[cfg(any(target_os = "linux", target_os = "android"))]
use super::cgroup::Readings;
use super::tree::Tree;
use std::time::Duration;

/// The accounting of one judged program.
pub(super) enum Account {
    /// Its cgroup's readings, and the processes in it as last listed.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    Cgroup(Readings, Cgroup),
    Watch(Tree),
}

/// The processes of a cgroup as listed at the last look that read them.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) struct Cgroup {
    looks: u32,
    processes: Vec<libc::pid_t>,
}

/// What the accounting makes of a program's figures once it has ended.
pub(super) struct Figures {
    pub(super) cpu: Option<Duration>,
    pub(super) peak_memory: Option<u64>,
    /// The kernel killed a process of its cgroup for memory.
    pub(super) out_of_memory: bool,
    /// See [`crate::run::Run::process_limit_hit`].
    pub(super) process_limit_hit: bool,
}

impl Account {
    /// The cgroup's when the program is in one, else the watch of
    /// `program` in process group `group`.
    pub(super) fn new(
        #[cfg(any(target_os = "linux", target_os = "android"))] cgroup: Option<Readings>,
        program: libc::pid_t,
        group: libc::pid_t,
    ) -> Account {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if let Some(readings) = cgroup {
            let processes = Cgroup {
                looks: 0,
                processes: vec![program],
            };
            return Account::Cgroup(readings, processes);
        }
        Account::Watch(Tree::new(program, group))
    }

    /// One of the watchdog's looks, before the readings it takes: now and
    /// then (as often as the watch walks its tree) the processes that
    /// make up the program are found again, the cgroup's from its list,
    /// the watch's by walking /proc.
    pub(super) fn look(&mut self) {
        match self {
            #[cfg(any(target_os = "linux", target_os = "android"))]
            Account::Cgroup(readings, cgroup) => {
                if cgroup.looks % super::tree::TREE_EVERY == 0 {
                    let listed = readings.processes();
                    if !listed.is_empty() {
                        cgroup.processes = listed;
                    }
                }
                cgroup.looks = cgroup.looks.wrapping_add(1);
            }
            Account::Watch(tree) => tree.look(),
        }
    }

    /// The processes the memory and CPU time are of, as last found: what
    /// the wait for a CPU is read from too, so that all three count the
    /// same processes.
    pub(super) fn processes(&self) -> &[libc::pid_t] {
        match self {
            #[cfg(any(target_os = "linux", target_os = "android"))]
            Account::Cgroup(_, cgroup) => &cgroup.processes,
            Account::Watch(tree) => tree.processes(),
        }
    }

    /// The memory to hold to the limit now. A cgroup's limit is the
    /// kernel's: once it has killed for memory this reads as past any
    /// limit, else as nothing to hold.
    pub(super) fn memory(&mut self) -> Option<u64> {
        match self {
            #[cfg(any(target_os = "linux", target_os = "android"))]
            Account::Cgroup(readings, _) => {
                readings.look();
                readings.oom_killed().then_some(u64::MAX)
            }
            Account::Watch(tree) => tree.memory(),
        }
    }

    /// The CPU time of the whole tree now, where it can be read.
    pub(super) fn cpu(&mut self) -> Option<Duration> {
        match self {
            #[cfg(any(target_os = "linux", target_os = "android"))]
            Account::Cgroup(readings, _) => readings.cpu(),
            Account::Watch(tree) => tree.cpu(),
        }
    }

    /// The figures once the program has ended, its group killed and its
    /// own figures (`cpu`, `peak`: its `rusage`, none when they were
    /// lost) read; before what it left is reaped.
    ///
    /// Under a cgroup, the larger of the cgroup's figures and the
    /// program's own: a program can leave its cgroup (root can write
    /// itself into another), and what it did outside is its own still.
    pub(super) fn finish(
        &mut self,
        cpu: Option<Duration>,
        peak: Option<u64>,
        #[cfg_attr(
            not(any(target_os = "linux", target_os = "android")),
            allow(unused_variables)
        )]
        program: libc::pid_t,
        #[cfg_attr(
            not(any(target_os = "linux", target_os = "android")),
            allow(unused_variables)
        )]
        group: libc::pid_t,
    ) -> Figures {
        match self {
            #[cfg(any(target_os = "linux", target_os = "android"))]
            Account::Cgroup(readings, _) => Figures {
                cpu: readings.cpu().max(cpu),
                peak_memory: readings.peak().max(peak),
                out_of_memory: readings.oom_killed(),
                process_limit_hit: readings.process_limit_hit(),
            },
            Account::Watch(tree) => {
                // The program's own figures, and what the watch read of
                // its tree; on Linux the CPU time of what it left in its
                // group too, killed and not yet reaped.
                #[cfg(any(target_os = "linux", target_os = "android"))]
                let cpu = cpu.map(|cpu| cpu + super::tree::others_cpu(program, group));
                let cpu = match (cpu, tree.highest_cpu) {
                    (Some(cpu), seen) => Some(cpu.max(seen)),
                    (None, seen) => (seen > Duration::ZERO).then_some(seen),
                };
                let peak_memory = match (peak, tree.highest) {
                    (Some(peak), seen) => Some(peak.max(seen)),
                    (None, seen) => (seen > 0).then_some(seen),
                };
                Figures {
                    cpu,
                    peak_memory,
                    out_of_memory: false,
                    process_limit_hit: false,
                }
            }
        }
    }
}
