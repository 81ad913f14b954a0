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
        // A run starting meanwhile has a child outside the tool's group
        // before its group is in `LIVE`: no start goes on while the
        // orphans are read and killed, or that child would be taken for
        // one (`Group::start` holds this lock until `LIVE` has it).
        let no_start = super::group::ATTACHING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let others: Vec<libc::pid_t> = super::group::LIVE
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .groups
            .iter()
            .copied()
            .filter(|&live| live != group)
            .collect();
        let orphans: Vec<libc::pid_t> = children_outside(tool, tool_group)
            .into_iter()
            .filter(|&(orphan, its_group)| {
                its_group == group || !(others.contains(&its_group) || others.contains(&orphan))
            })
            .map(|(orphan, _)| orphan)
            .collect();
        for &orphan in &orphans {
            // SAFETY: kill has no memory effects; `orphan` is this
            // tool's unreaped child (see above).
            unsafe { libc::kill(orphan, libc::SIGKILL) };
        }
        for &orphan in &orphans {
            let mut status = 0;
            // SAFETY: waitpid writes only to `status`; `orphan` is
            // this tool's child. A child not yet dead is reaped on a
            // later round.
            unsafe { libc::waitpid(orphan, &mut status, libc::WNOHANG) };
        }
        drop(no_start);
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
/// with its own group, from /proc/PID/stat (after the command name in
/// parentheses, which may hold anything: state, parent, group).
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
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let Some((_, after_name)) = stat.rsplit_once(')') else {
            continue;
        };
        let mut fields = after_name.split_whitespace().skip(1);
        let mut next = || {
            fields
                .next()
                .and_then(|field| field.parse::<libc::pid_t>().ok())
        };
        if let (Some(its_parent), Some(its_group)) = (next(), next()) {
            if its_parent == parent && its_group != group {
                children.push((pid, its_group));
            }
        }
    }
    children
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
