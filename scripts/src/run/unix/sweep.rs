//! On Linux, what a program leaves outside its process group: the
//! tool, a subreaper while it runs, kills and reaps those orphans at the
//! end of the run.

use std::thread;
use std::time::{Duration, Instant};

/// Kills and reaps the orphans the program left: the tool's children
/// outside its own process group (processes it starts itself, cargo and
/// rustc, are in it; the program it judged is reaped by now), which as
/// a subreaper (see [`Group`](super::group::Group)) it gets once their
/// parents die. Killing one makes its children orphans in turn, so this
/// goes round until no orphan is left and the program's group `group` is
/// empty (its members, killed, are orphans until reaped), for at most a
/// second.
///
/// Where runs go on at once, an orphan is this run's when it is in the
/// program's group; one in the group of another run going on (see
/// [`LIVE`](super::group::LIVE)), or that leads one, is left to that
/// run. One that left its group for a group of its own (`setsid`) says
/// nothing of whose it is: the first run to end takes it.
///
/// Only children are signalled: a child's pid stays its own until this
/// tool reaps it, so no other process can be hit.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) fn sweep(group: libc::pid_t) {
    // SAFETY: getpid and getpgrp only read this process's ids.
    let (tool, tool_group) = unsafe { (libc::getpid(), libc::getpgrp()) };
    let give_up = Instant::now() + Duration::from_secs(1);
    loop {
        // /proc is read without the lock, which starts wait on; then,
        // under it, each child is taken for an orphan only if no run
        // has it as its group (a run's group is written down under the
        // lock, see `Group::start`) and it is still the tool's child in
        // the group read (not reaped meanwhile by another run's sweep).
        // While a run is starting, its child may not be written down
        // yet: one that left its group is then not taken, this round.
        let children = children_outside(tool, tool_group);
        let live = super::group::LIVE
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let others = |pid: libc::pid_t| pid != group && live.groups.contains(&pid);
        let orphans: Vec<libc::pid_t> = children
            .into_iter()
            .filter(|&(orphan, its_group)| {
                let whose = its_group == group
                    || (live.starting == 0 && !(others(its_group) || others(orphan)));
                whose && parent_and_group(orphan) == Some((tool, its_group))
            })
            .map(|(orphan, _)| orphan)
            .collect();
        for &orphan in &orphans {
            // SAFETY: kill has no memory effects; `orphan` is this
            // tool's unreaped child (see above).
            unsafe { libc::kill(orphan, libc::SIGKILL) };
        }
        drop(live);
        for &orphan in &orphans {
            let mut status = 0;
            // SAFETY: waitpid writes only to `status`; `orphan` is
            // this tool's child. A child not yet dead is reaped on a
            // later round.
            unsafe { libc::waitpid(orphan, &mut status, libc::WNOHANG) };
        }
        // SAFETY: signal 0 is not sent: this only asks whether the
        // group still has a process.
        let group_left = unsafe { libc::kill(-group, 0) } == 0;
        if (orphans.is_empty() && !group_left) || Instant::now() >= give_up {
            return;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// The children of process `parent` outside process group `group`, each
/// with its own group.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn children_outside(parent: libc::pid_t, group: libc::pid_t) -> Vec<(libc::pid_t, libc::pid_t)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut children = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|name| name.parse().ok())
        else {
            continue;
        };
        if let Some((its_parent, its_group)) = parent_and_group(pid) {
            if its_parent == parent && its_group != group {
                children.push((pid, its_group));
            }
        }
    }
    children
}

/// The parent and the process group of process `pid`, from
/// /proc/PID/stat (after the command name in parentheses, which may hold
/// anything: state, parent, group).
#[cfg(any(target_os = "linux", target_os = "android"))]
fn parent_and_group(pid: libc::pid_t) -> Option<(libc::pid_t, libc::pid_t)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, after_name) = stat.rsplit_once(')')?;
    let mut fields = after_name.split_whitespace().skip(1);
    let mut next = || {
        fields
            .next()
            .and_then(|field| field.parse::<libc::pid_t>().ok())
    };
    Some((next()?, next()?))
}

/// Kills every process group the tool started a program in (each led by
/// the tool's child: a runner, an interactor, a timed program) and every
/// other child of the tool outside its own group (what was left to it),
/// and reaps them, again until none is left, for at most a second: a
/// tool stopped by a signal ends its run so (see `signals.rs`).
///
/// Only children are signalled, and a group only while its leader, the
/// tool's child, is unreaped: its id is its own until then.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) fn sweep_all() {
    // SAFETY: getpid and getpgrp only read this process's ids.
    let (tool, tool_group) = unsafe { (libc::getpid(), libc::getpgrp()) };
    let give_up = Instant::now() + Duration::from_secs(1);
    loop {
        let children: Vec<libc::pid_t> = children_outside(tool, tool_group)
            .into_iter()
            .map(|(child, _)| child)
            .collect();
        for &child in &children {
            // SAFETY: kill and killpg have no memory effects; `child` is
            // this tool's unreaped child, and the group it leads, if it
            // leads one, has its id (see above).
            unsafe {
                libc::killpg(child, libc::SIGKILL);
                libc::kill(child, libc::SIGKILL);
            }
        }
        for &child in &children {
            let mut status = 0;
            // SAFETY: waitpid writes only to `status`; `child` is this
            // tool's child.
            unsafe { libc::waitpid(child, &mut status, libc::WNOHANG) };
        }
        if children.is_empty() || Instant::now() >= give_up {
            return;
        }
        thread::sleep(Duration::from_millis(1));
    }
}
