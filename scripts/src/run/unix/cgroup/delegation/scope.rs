//! A delegated cgroup asked of the user's systemd manager, where the
//! tool's own cgroup is not delegated (a terminal's scope, a login
//! session's): a transient scope of the tool's alone, `Delegate=yes`,
//! as `systemd-run --user --scope -p Delegate=yes` makes one, but with
//! this running process put in it. It is the manager's D-Bus call
//! `StartTransientUnit` with the property `PIDs` (systemd's
//! org.freedesktop.systemd1(5); runc and rootless podman ask for their
//! scopes so), made by systemd's own client, `busctl --user`, over the
//! user's bus. The manager moves the tool into the scope (out of a login
//! session, a cgroup of root's, which the user manager may not move it
//! out of, systemd has PID 1 move it: seen with systemd 252 as the
//! guest's PID 1, `.ci/guest-systemd-tests`), and the tool then takes
//! the scope as it takes any delegated cgroup.

use super::super::{is_stale, kill_listed, pid_namespace, remove};
use super::answer;
use std::fs;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

/// How long the manager has to put the tool in the scope once it has
/// answered: the move is its job's, run after the answer.
const MOVING: Duration = Duration::from_secs(2);

/// The name of the scope a tool of cgroup names `stem` asks for.
pub(super) fn unit(stem: &str) -> String {
    format!("{stem}.scope")
}

/// Asks this user's systemd manager for a scope `STEM.scope` delegated to
/// the user and holding this process, and waits until the process is in
/// it: the scope's folder, below `mount`, or why not (how the manager
/// could not be reached, or what it said). Once a tool: the first
/// cgroup a tool makes finds where (see `Found::here`).
pub(super) fn ask(stem: &str, mount: &Path) -> Result<PathBuf, String> {
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none()
        && std::env::var_os("XDG_RUNTIME_DIR").is_none()
    {
        return Err("no user manager of systemd's to ask for one (neither \
                    DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set)"
            .to_string());
    }
    let unit = unit(stem);
    let pid = std::process::id().to_string();
    let description = format!("cargo judge, pid {pid}");
    let mut busctl = std::process::Command::new("busctl");
    busctl.args([
        "--user",
        "call",
        "--",
        "org.freedesktop.systemd1",
        "/org/freedesktop/systemd1",
        "org.freedesktop.systemd1.Manager",
        "StartTransientUnit",
        "ssa(sv)a(sa(sv))",
        &unit,
        "fail",
        "4",
        "PIDs",
        "au",
        "1",
        &pid,
        "Delegate",
        "b",
        "true",
        "CollectMode",
        "s",
        "inactive-or-failed",
        "Description",
        "s",
        &description,
        "0",
    ]);
    let output = answer(&mut busctl)
        .map_err(|why| format!("asking systemd's user manager for one failed (busctl: {why})"))?;
    if !output.status.success() {
        let said = String::from_utf8_lossy(&output.stderr);
        let said = said
            .lines()
            .find(|line| !line.trim().is_empty())
            .unwrap_or("");
        return Err(format!(
            "asking systemd's user manager for one failed (busctl: {})",
            crate::verdict::printable(said.trim().as_bytes())
        ));
    }
    let give_up = Instant::now() + MOVING;
    let suffix = format!("/{unit}");
    loop {
        let own = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
        let path = own.lines().find_map(|line| line.strip_prefix("0::"));
        if let Some(path) = path.filter(|path| path.ends_with(&suffix)) {
            return Ok(mount.join(path.trim_start_matches('/')));
        }
        if Instant::now() >= give_up {
            return Err(format!(
                "systemd's user manager made {unit} but did not move the tool into it"
            ));
        }
        thread::sleep(Duration::from_millis(2));
    }
}

/// Ends the scopes beside `scope` (in its slice) that tools now gone
/// asked for: what a tool killed by SIGKILL left. Everything in such a
/// scope was that tool's (it alone was put there, and its runs' cgroups
/// made below), so each cgroup in it is emptied and removed; the scope,
/// empty, is then the manager's to stop, which it is given a second to
/// do (as a tool's end is: a later look finds nothing of it).
pub(super) fn end_gone(scope: &Path) {
    let (Some(ours), Some(slice)) = (pid_namespace(), scope.parent()) else {
        return;
    };
    let Ok(entries) = fs::read_dir(slice) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let gone = name
            .to_str()
            .and_then(|name| name.strip_suffix(".scope"))
            .is_some_and(|stem| is_stale(stem, ours));
        if !gone {
            continue;
        }
        let Ok(inside) = fs::read_dir(entry.path()) else {
            continue;
        };
        let give_up = Instant::now() + Duration::from_secs(1);
        for cgroup in inside.flatten() {
            if cgroup.file_type().is_ok_and(|kind| kind.is_dir()) {
                kill_listed(&cgroup.path(), give_up);
                remove(&cgroup.path());
            }
        }
        while entry.path().exists() && Instant::now() < give_up {
            thread::sleep(Duration::from_millis(2));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Of the folders beside a scope, only the scopes of gone tools of
    /// this pid namespace are emptied: a live tool's scope (this one's),
    /// another namespace's and a scope by another name are left as they
    /// are. Folders stand in for cgroups (the guest ends real ones): an
    /// emptied one is told to end (its `cgroup.kill` written "1").
    #[test]
    fn only_the_scopes_of_gone_tools_are_ended() {
        let ours = pid_namespace().unwrap();
        let slice = std::env::temp_dir().join(format!("judge-slice-{}", std::process::id()));
        let _ = fs::remove_dir_all(&slice);
        let live = super::super::super::stem().unwrap();
        // A pid no process has (above the kernel's most), so gone.
        let gone = format!("judge-4194305-1-{ours}");
        let scopes = [
            (unit(live), false),
            (unit(&gone), true),
            (format!("judge-4194305-1-{}.scope", ours + 1), false),
            (format!("{gone}.service"), false),
            ("run-r1.scope".to_string(), false),
        ];
        for (scope, _) in &scopes {
            fs::create_dir_all(slice.join(scope).join(format!("{gone}-1"))).unwrap();
        }
        end_gone(&slice.join(unit(live)));
        for (scope, ended) in &scopes {
            let run = slice.join(scope).join(format!("{gone}-1"));
            let killed = fs::read_to_string(run.join("cgroup.kill")).ok();
            assert_eq!(killed.as_deref() == Some("1"), *ended, "{scope}");
        }
        fs::remove_dir_all(&slice).unwrap();
    }
}
