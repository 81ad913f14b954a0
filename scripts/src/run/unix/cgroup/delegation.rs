//! Where a user's tool takes cgroup v2 as delegated to it, and the
//! taking: which cgroup counts as delegated (write access where nothing
//! marks cgroups; under systemd, the system manager's mark or the user
//! manager's word, see [`delegated`]), and the move of every process of
//! the tool's own delegated cgroup into a leaf of the tool's, so that
//! the controllers can be enabled for its children (see [`take`]);
//! where it is not delegated, a scope of the tool's own asked of the
//! user's systemd manager (see [`scope`]).

mod scope;

use super::{is_stale, open_for_writing, pid_namespace, remove_stale, stem, unified};
use std::ffi::CString;
use std::fs;
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// Why no delegated cgroup v2 could be had: one was found and could not
/// be taken, or none was asked of systemd.
pub(super) static DELEGATION_FAILED: OnceLock<String> = OnceLock::new();

/// True when `folder`'s children have the memory and cpu controllers
/// (its `cgroup.subtree_control` names them), a process can be moved
/// into one (its `cgroup.procs` writable: a move needs that of the
/// common ancestor) and one can be made in it (tried, and removed).
fn v2_parent_fits(folder: &Path, stem: &str) -> bool {
    let enabled = fs::read_to_string(folder.join("cgroup.subtree_control")).unwrap_or_default();
    let has = |name: &str| enabled.split_whitespace().any(|its| its == name);
    if !has("memory") || !has("cpu") || !writable(&folder.join("cgroup.procs")) {
        return false;
    }
    let probe = folder.join(format!("{stem}-probe"));
    let made = fs::create_dir(&probe).is_ok() && probe.join("memory.max").exists();
    let _ = fs::remove_dir(&probe);
    made
}

/// True when this process may write `path`.
fn writable(path: &Path) -> bool {
    let Ok(path) = CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `path` is a valid C string; access only reads it.
    unsafe { libc::access(path.as_ptr(), libc::W_OK) == 0 }
}

/// Where a cgroup v2 for each program can be made, tried in turn: under
/// this tool's cgroup's parent, or the root, where their children have
/// the memory and cpu controllers and this tool may make one there (as
/// root, or in a cgroup delegated to its user with the controllers
/// enabled, as systemd's `user@UID.service`); else in the tool's own
/// cgroup when it was delegated to its user (see [`delegated`]), as
/// `systemd-run --user --scope -p Delegate=yes cargo judge` delegates
/// its scope: every process in it (cargo, the tool, whatever else the
/// scope started) moves into a leaf of the tool's
/// (`judge-PID-START-NS-tool`: a cgroup that holds processes gives its
/// children no controllers, the kernel's "no internal processes" rule;
/// see [`take`]), and memory, cpu and pids are enabled for its children.
/// Else, where systemd manages the cgroups and the tool is not root, a
/// scope of its own asked of the user's manager, delegated (see
/// [`scope`]), taken so too. Nothing is written in a cgroup that was
/// not delegated; a delegated one that cannot be taken, or a scope that
/// cannot be had, leaves the watch, saying why.
pub(super) fn found_v2() -> Option<PathBuf> {
    let mounts = fs::read_to_string("/proc/self/mountinfo").ok()?;
    let own = fs::read_to_string("/proc/self/cgroup").ok()?;
    let (folder, mount) = unified(&mounts, &own)?;
    let stem = stem()?;
    let systemd = under_systemd(&folder, &mount);
    // SAFETY: geteuid only reads the process's credentials.
    let root = unsafe { libc::geteuid() } == 0;
    let parent = folder.parent().filter(|_| folder != mount);
    for candidate in parent.into_iter().chain([mount.as_path()]) {
        if (root || delegated(candidate, systemd)) && v2_parent_fits(candidate, stem) {
            leave_a_tools_leaf(&folder, candidate, stem);
            return Some(candidate.to_path_buf());
        }
    }
    if folder == mount {
        return None;
    }
    if delegated(&folder, systemd) {
        return take(&folder, stem);
    }
    if !systemd || root {
        return None;
    }
    match scope::ask(stem, &mount) {
        Ok(scope) => {
            scope::end_gone(&scope);
            take(&scope, stem)
        }
        Err(why) => {
            let _ = DELEGATION_FAILED.set(format!(
                "cgroup v2 without a cgroup delegated to this user: {why}; systemd-run \
                 --user --scope -p Delegate=yes cargo judge starts it in one (docs/memory.md: \
                 cgroup v2)"
            ));
            None
        }
    }
}

/// True when this process may write what a delegation gives of cgroup
/// `folder`: its `cgroup.procs` (a move needs that of the common
/// ancestor) and `cgroup.subtree_control`.
fn writable_to_delegate(folder: &Path) -> bool {
    writable(&folder.join("cgroup.procs")) && writable(&folder.join("cgroup.subtree_control"))
}

/// True when cgroup `folder` is delegated to this process's user: it
/// may write it (see [`writable_to_delegate`]), and, where systemd
/// manages the cgroups (`systemd`: see [`under_systemd`]), systemd
/// delegated it: the system manager's mark on it (see
/// [`delegate_mark`]), or, for a unit of this user's own manager, which
/// marks nothing, that manager's word (see [`user_manager_delegates`]).
/// Where nothing marks cgroups, write access is the delegation, as the
/// kernel documents it (a manager that is not systemd, a container, a
/// hand-made one).
///
/// Why not write access alone under systemd: a user manager makes its
/// units' cgroups as the user, so they are all the user's, a terminal's
/// `app-…scope` included; but systemd's rule is that nobody else makes
/// cgroups or moves processes in a unit it did not delegate, and taking
/// a terminal's scope would move the user's shell into the tool's leaf.
/// Only a unit with `Delegate=yes` is handed over. The system manager
/// says so on the cgroup (`trusted.delegate`, and `user.delegate` from
/// systemd 251); a user manager never does (systemd's `cgroup_xattr_apply`
/// returns before `cgroup_delegate_xattr_apply` for any manager but the
/// system's, in 252 as now), so it is asked, once, through its public
/// interface (`systemctl --user show`), only where its unit's cgroup
/// is the user's and unmarked. A mark that says "not delegated" is
/// heeded everywhere.
fn delegated(folder: &Path, systemd: bool) -> bool {
    delegation(
        delegate_mark(folder),
        writable_to_delegate(folder),
        systemd,
        || user_manager_delegates(folder),
    )
}

/// The decision of [`delegated`] from what it reads: systemd's mark on
/// the cgroup (`None`: none), write access to it, whether systemd
/// manages the cgroups, and the user's manager's word, asked only where
/// it decides.
fn delegation(
    mark: Option<bool>,
    writable: bool,
    systemd: bool,
    manager_says: impl FnOnce() -> bool,
) -> bool {
    if !writable {
        return false;
    }
    match mark {
        Some(marked) => marked,
        None => !systemd || manager_says(),
    }
}

/// The unit whose cgroup `folder` is when it is a unit of this user's
/// own systemd manager: a `.scope` or `.service` below
/// `user@UID.service`, UID this process's.
fn user_manager_unit(folder: &Path) -> Option<&str> {
    // SAFETY: getuid only reads the process's credentials.
    let manager = format!("user@{}.service", unsafe { libc::getuid() });
    let unit = folder.file_name()?.to_str()?;
    let below = folder.ancestors().skip(1).any(|ancestor| {
        ancestor
            .file_name()
            .is_some_and(|name| name == manager.as_str())
    });
    (below && (unit.ends_with(".scope") || unit.ends_with(".service"))).then_some(unit)
}

/// How long [`user_manager_delegates`] waits for the manager's answer.
const ASKING: Duration = Duration::from_secs(2);

/// True when this user's systemd manager says its unit whose cgroup is
/// `folder` (see [`user_manager_unit`]) has `Delegate=yes`: `systemctl
/// --user show --property=Delegate --value UNIT` prints "yes", within
/// [`ASKING`] (killed after). False for any other folder, and where
/// systemctl is missing or the manager cannot be reached.
fn user_manager_delegates(folder: &Path) -> bool {
    let Some(unit) = user_manager_unit(folder) else {
        return false;
    };
    let mut systemctl = std::process::Command::new("systemctl");
    systemctl.args([
        "--user",
        "show",
        "--property=Delegate",
        "--value",
        "--",
        unit,
    ]);
    answer(&mut systemctl).is_ok_and(|output| {
        output.status.success() && String::from_utf8_lossy(&output.stdout).trim() == "yes"
    })
}

/// What `command` (of systemd's: systemctl, busctl) answered, its input
/// empty, or why none came: it could not be started, or it had not
/// ended within [`ASKING`] (killed then).
fn answer(command: &mut std::process::Command) -> Result<std::process::Output, String> {
    let mut asking = command
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|error| error.to_string())?;
    let give_up = Instant::now() + ASKING;
    while matches!(asking.try_wait(), Ok(None)) && Instant::now() < give_up {
        thread::sleep(Duration::from_millis(2));
    }
    if matches!(asking.try_wait(), Ok(None)) {
        let _ = asking.kill();
        let _ = asking.wait();
        return Err(format!("no answer within {} s", ASKING.as_secs()));
    }
    asking.wait_with_output().map_err(|error| error.to_string())
}

/// systemd's mark on a cgroup it delegated: the extended attribute
/// `trusted.delegate` (readable with CAP_SYS_ADMIN only), then
/// `user.delegate` (systemd 251 on, readable by all), both set by the
/// system manager only, a boolean, "1" when delegated; read in that
/// order, as systemd's own `cg_is_delegated` does. `None` when neither
/// is there.
fn delegate_mark(folder: &Path) -> Option<bool> {
    ["trusted.delegate", "user.delegate"]
        .into_iter()
        .find_map(|name| xattr(folder, name))
        .map(|value| {
            let value = String::from_utf8_lossy(&value).trim().to_ascii_lowercase();
            matches!(value.as_str(), "1" | "yes" | "y" | "true" | "t" | "on")
        })
}

/// The value of extended attribute `name` of `path`, where it is set and
/// readable.
fn xattr(path: &Path, name: &str) -> Option<Vec<u8>> {
    let path = CString::new(path.as_os_str().as_bytes()).ok()?;
    let name = CString::new(name).ok()?;
    let mut value = [0u8; 64];
    // SAFETY: valid C strings, and a buffer of the length given.
    let read = unsafe {
        libc::getxattr(
            path.as_ptr(),
            name.as_ptr(),
            value.as_mut_ptr().cast(),
            value.len(),
        )
    };
    let read = usize::try_from(read).ok()?;
    Some(value[..read].to_vec())
}

/// True where systemd manages the cgroup tree: it runs as init
/// (`/run/systemd/system`, as its `sd_booted` tests), or a cgroup from
/// `folder` up to the `mount` carries its mark or is a user's manager's
/// (`user@UID.service`).
fn under_systemd(folder: &Path, mount: &Path) -> bool {
    Path::new("/run/systemd/system").is_dir()
        || folder
            .ancestors()
            .take_while(|ancestor| ancestor.starts_with(mount))
            .any(|ancestor| {
                delegate_mark(ancestor).is_some()
                    || ancestor
                        .file_name()
                        .and_then(|name| name.to_str())
                        .is_some_and(|name| name.starts_with("user@") && name.ends_with(".service"))
            })
}

/// How long [`take`] tries to have its cgroup empty of processes.
const TAKING: Duration = Duration::from_secs(2);

/// Takes cgroup `folder`, delegated to this tool's user, as the parent
/// of its programs' cgroups: makes the leaf `STEM-tool` in it, moves
/// every process of `folder` into it (this tool first), and enables the
/// memory, cpu and pids controllers for `folder`'s children. A process
/// that forks while the others move leaves its child behind, and a
/// process may be put in meanwhile (systemd adding one to a scope), so
/// the moves are read and made again until `folder` holds none and the
/// controllers are enabled (the kernel refuses them while a process is
/// there: EBUSY), for at most [`TAKING`]. A process gone before its
/// move is passed over. Where it fails, everything is put back as it
/// was: the controllers disabled, every process moved back, the leaf
/// removed. As the tool ends, [`give_back`] puts it back the same way;
/// a tool killed by SIGKILL leaves its leaf, holding what else was moved
/// (cargo, a shell): [`remove_stale`] never kills in a leaf, and a tool
/// started in it gives it back (see [`leave_a_tools_leaf`]).
fn take(folder: &Path, stem: &str) -> Option<PathBuf> {
    remove_stale(folder);
    let leaf = folder.join(format!("{stem}-tool"));
    let failed = |why: &'static str| {
        put_back(folder, std::slice::from_ref(&leaf));
        let _ = DELEGATION_FAILED.set(why.to_string());
        None
    };
    if fs::create_dir(&leaf).is_err() {
        return failed("cgroup v2, delegated, but no cgroup could be made in it");
    }
    if fs::write(leaf.join("cgroup.procs"), "0").is_err() {
        return failed("cgroup v2, delegated, but the tool could not move into a cgroup in it");
    }
    let give_up = Instant::now() + TAKING;
    loop {
        if !move_all(folder, &leaf, give_up) {
            return failed(
                "cgroup v2, delegated, but the processes in the tool's cgroup could not all \
                 be moved into a cgroup below it",
            );
        }
        let refused = CONTROLLERS.into_iter().find_map(|controller| {
            fs::write(
                folder.join("cgroup.subtree_control"),
                format!("+{controller}"),
            )
            .err()
            .filter(|_| controller != "pids")
        });
        match refused {
            None => break,
            Some(error)
                if error.raw_os_error() == Some(libc::EBUSY) && Instant::now() < give_up =>
            {
                continue
            }
            Some(_) => {
                return failed(
                    "cgroup v2, delegated, but its memory and cpu controllers could not be \
                     enabled (cgroup.controllers lacks one, or a process kept coming in)",
                )
            }
        }
    }
    if v2_parent_fits(folder, stem) {
        *TAKEN.lock().unwrap_or_else(PoisonError::into_inner) =
            Some((folder.to_path_buf(), leaf.clone()));
        Some(folder.to_path_buf())
    } else {
        failed("cgroup v2, delegated, but no cgroup with memory and cpu could be made in it")
    }
}

/// The controllers [`take`] enables for the children of the cgroup it
/// takes.
const CONTROLLERS: [&str; 3] = ["memory", "cpu", "pids"];

/// The cgroup [`take`] took, and the tool's leaf in it, until
/// [`give_back`].
static TAKEN: Mutex<Option<(PathBuf, PathBuf)>> = Mutex::new(None);

/// Puts the cgroup [`take`] took back as it was (see [`put_back`]) as
/// the tool ends, where nothing but tools' leaves is in it once the
/// cgroups of gone tools are removed (see [`remove_stale`]): this tool's
/// leaf, and those of tools that are gone, holding what they moved
/// there (a shell, cargo), which is moved back too. A cgroup of a live
/// tool's beside it (a run, or its leaf) and it is left as it is, for
/// the last tool to end.
pub(super) fn give_back() {
    let Some((folder, leaf)) = TAKEN.lock().unwrap_or_else(PoisonError::into_inner).take() else {
        return;
    };
    remove_stale(&folder);
    let Ok(entries) = fs::read_dir(&folder) else {
        return;
    };
    let ours = pid_namespace();
    let mut leaves = vec![leaf.clone()];
    for entry in entries.flatten() {
        if !entry.file_type().is_ok_and(|kind| kind.is_dir()) || entry.path() == leaf {
            continue;
        }
        let name = entry.file_name();
        let gone_leaf = name.to_str().is_some_and(|name| {
            name.ends_with("-tool") && ours.is_some_and(|ours| is_stale(name, ours))
        });
        if !gone_leaf {
            return;
        }
        leaves.push(entry.path());
    }
    put_back(&folder, &leaves);
}

/// Where this tool starts in a tool's leaf right below `parent`, the
/// cgroup that tool took and this one uses (started from the shell the
/// other moved there, while it runs or after it was killed by SIGKILL),
/// this tool moves into a leaf of its own beside it, `STEM-tool`, and
/// gives `parent` back as it ends as though it had taken it (see
/// [`give_back`]): so whichever of them ends last gives it back, that
/// leaf's processes with it, and the first to end never takes the
/// controllers from under the other's runs.
fn leave_a_tools_leaf(folder: &Path, parent: &Path, stem: &str) {
    let in_a_leaf = folder.parent() == Some(parent)
        && folder
            .file_name()
            .and_then(|name| name.to_str())
            .is_some_and(|name| name.starts_with("judge-") && name.ends_with("-tool"));
    if !in_a_leaf {
        return;
    }
    let leaf = parent.join(format!("{stem}-tool"));
    if fs::create_dir(&leaf).is_err() {
        return;
    }
    if fs::write(leaf.join("cgroup.procs"), "0").is_ok() {
        *TAKEN.lock().unwrap_or_else(PoisonError::into_inner) = Some((parent.to_path_buf(), leaf));
    } else {
        let _ = fs::remove_dir(&leaf);
    }
}

/// Puts cgroup `folder` back as it was before [`take`]: the controllers
/// disabled for its children, this tool and every process of each of
/// `leaves` moved back into it (for at most [`TAKING`] each), the leaves
/// removed.
fn put_back(folder: &Path, leaves: &[PathBuf]) {
    for controller in CONTROLLERS {
        let _ = fs::write(
            folder.join("cgroup.subtree_control"),
            format!("-{controller}"),
        );
    }
    let _ = fs::write(folder.join("cgroup.procs"), "0");
    for leaf in leaves {
        move_all(leaf, folder, Instant::now() + TAKING);
        let _ = fs::remove_dir(leaf);
    }
}

/// Moves every process of cgroup `from` into cgroup `to`, reading
/// `from`'s `cgroup.procs` again after each round of moves, until none
/// is left (true), or `give_up` passes or a round moved none (false). A
/// process that ended before its move (ESRCH) counts as moved.
fn move_all(from: &Path, to: &Path, give_up: Instant) -> bool {
    let Some(target) = open_for_writing(&to.join("cgroup.procs")) else {
        return false;
    };
    loop {
        let listed = fs::read_to_string(from.join("cgroup.procs")).unwrap_or_default();
        let pids: Vec<&str> = listed.split_whitespace().collect();
        if pids.is_empty() {
            return true;
        }
        let mut moved = false;
        for pid in pids {
            // SAFETY: a write of a buffer of the length given to a
            // descriptor this function owns; one pid a write, as the
            // kernel takes it.
            let written =
                unsafe { libc::write(target.as_raw_fd(), pid.as_ptr().cast(), pid.len()) };
            moved |=
                written >= 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH);
        }
        if !moved || Instant::now() >= give_up {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// The cgroup taken is given back only where nothing but tools'
    /// leaves is in it, this tool's and those of tools that are gone
    /// (removed with it): beside a cgroup of a live tool's (a run of
    /// another namespace's here) nothing is touched. Folders stand in for
    /// cgroups here: the guest (`.ci/guest-tests`) gives back a real
    /// scope.
    #[test]
    fn a_cgroup_is_given_back_only_where_tools_leaves_alone_are_in_it() {
        let ours = pid_namespace().unwrap();
        let folder = std::env::temp_dir().join(format!("judge-give-back-{}", std::process::id()));
        let leaf = folder.join("judge-1-2-3-tool");
        let other = folder.join("judge-4-5-6");
        // A pid no process has (above the kernel's most), so gone.
        let gone = folder.join(format!("judge-4194305-1-{ours}-tool"));
        for made in [&leaf, &other, &gone] {
            fs::create_dir_all(made).unwrap();
        }
        // Not empty, as a gone tool's leaf that holds a shell is not:
        // none but its processes' move back can empty it.
        fs::write(gone.join("cgroup.procs"), "").unwrap();
        let take = || *TAKEN.lock().unwrap() = Some((folder.clone(), leaf.clone()));
        take();
        give_back();
        assert!(leaf.is_dir(), "the leaf was removed beside another cgroup");
        assert!(
            gone.is_dir(),
            "a gone tool's leaf was removed beside another cgroup"
        );
        assert!(
            !folder.join("cgroup.subtree_control").exists(),
            "written beside another"
        );
        fs::remove_dir(&other).unwrap();
        take();
        give_back();
        assert!(
            !leaf.exists(),
            "a gone tool's leaf kept the cgroup from being given back"
        );
        assert_eq!(
            fs::read_to_string(folder.join("cgroup.subtree_control")).unwrap(),
            "-pids",
            "the controllers were not turned off"
        );
        give_back();
        fs::remove_dir_all(&folder).unwrap();
    }

    /// Under systemd a cgroup is delegated only where systemd says so:
    /// its mark, else (a user manager's unit) the manager, asked only
    /// then; a user manager's cgroups are all the user's, a terminal's
    /// scope too, and not delegated for that. Where nothing marks
    /// cgroups, write access is the delegation; a mark that says "not
    /// delegated" is heeded everywhere; nothing is delegated that the
    /// user may not write.
    #[test]
    fn a_cgroup_is_delegated_where_systemd_says_so_when_it_manages_them() {
        // (mark, writable, under systemd, the manager's word): delegated,
        // asked
        let table = [
            ((Some(true), true, true, false), true, false),
            ((None, true, true, false), false, true),
            ((None, true, true, true), true, true),
            ((Some(false), true, true, true), false, false),
            ((None, true, false, false), true, false),
            ((Some(true), true, false, false), true, false),
            ((Some(false), true, false, true), false, false),
            ((Some(true), false, true, true), false, false),
            ((None, false, true, true), false, false),
            ((None, false, false, true), false, false),
        ];
        for ((mark, writable, systemd, says), expected, asks) in table {
            let asked = Cell::new(false);
            let decided = delegation(mark, writable, systemd, || {
                asked.set(true);
                says
            });
            let case = format!("mark {mark:?}, writable {writable}, systemd {systemd}");
            assert_eq!(decided, expected, "{case}");
            assert_eq!(asked.get(), asks, "asked: {case}");
        }
    }

    /// Only a scope or service below this user's `user@UID.service` is
    /// its manager's unit to ask about; that manager itself, its slices,
    /// and another user's units are not.
    #[test]
    fn the_user_manager_is_asked_only_about_its_own_units() {
        // SAFETY: getuid only reads the process's credentials.
        let uid = unsafe { libc::getuid() };
        let manager = format!("/sys/fs/cgroup/user.slice/user-{uid}.slice/user@{uid}.service");
        let unit = |path: &str| user_manager_unit(Path::new(path)).map(str::to_string);
        assert_eq!(
            unit(&format!("{manager}/app.slice/run-r1.scope")).as_deref(),
            Some("run-r1.scope")
        );
        assert_eq!(
            unit(&format!("{manager}/app.slice/judge.service")).as_deref(),
            Some("judge.service")
        );
        assert_eq!(unit(&format!("{manager}/app.slice")), None);
        assert_eq!(unit(&manager), None);
        assert_eq!(
            unit(&format!("{manager}/app.slice/run-r1.scope/leaf")),
            None
        );
        let other = uid + 1;
        assert_eq!(
            unit(&format!(
                "/sys/fs/cgroup/user.slice/user@{other}.service/app.slice/x.scope"
            )),
            None
        );
        assert_eq!(unit("/sys/fs/cgroup/system.slice/judge.service"), None);
    }

    /// `user.delegate` is read as systemd writes it ("1"), and as the
    /// booleans its parser takes; a folder without one has no mark.
    #[test]
    fn systemds_delegate_mark_is_read_from_user_delegate() {
        let folder = std::env::temp_dir().join(format!("judge-mark-{}", std::process::id()));
        let _ = fs::remove_dir(&folder);
        fs::create_dir(&folder).unwrap();
        let path = CString::new(folder.as_os_str().as_bytes()).unwrap();
        let name = CString::new("user.delegate").unwrap();
        let set = |value: &str| {
            // SAFETY: valid C strings and a buffer of the length given.
            unsafe {
                libc::setxattr(
                    path.as_ptr(),
                    name.as_ptr(),
                    value.as_ptr().cast(),
                    value.len(),
                    0,
                ) == 0
            }
        };
        assert_eq!(delegate_mark(&folder), None);
        if !set("1") {
            let _ = fs::remove_dir(&folder);
            eprintln!("skipped: this file system takes no user.* attributes");
            return;
        }
        assert_eq!(delegate_mark(&folder), Some(true));
        assert!(set("0"));
        assert_eq!(delegate_mark(&folder), Some(false));
        assert!(set("yes"));
        assert_eq!(delegate_mark(&folder), Some(true));
        fs::remove_dir(&folder).unwrap();
    }
}
