//! On Linux, what a tool killed by SIGKILL left under the watch: a
//! SIGKILL cannot be caught, and the program and its runner die with the
//! tool (their parent's death signal), but what the program started lives
//! on in the program's process group. So each runner's group is written
//! down while it runs (a file named `TOOL-START-GROUP-START` in a folder
//! of this user's own, see [`folder`]), the file removed when the run
//! ends; and the first run of a tool ends the groups whose tool is gone.
//! (Under the cgroup, the cgroup's own name does this: see `cgroup.rs`.)
//!
//! A group's id is its leader's pid, and a group can only be made by a
//! process of that pid. While no process has the id, every process still
//! in the group is one the killed tool's program started; once a process
//! has it again (started after the runner died), only the group's
//! processes started before that process are.

use super::cgroup::{pid_namespace, start_time};
use std::fs;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::PathBuf;
use std::sync::Once;

/// This user's folder of records, made with mode 0700 and used only if it
/// is a folder (not a link) that this user owns and no one else may
/// write: under the system's temporary folder, shared by every user. Its
/// name holds the pid namespace, whose pids the records name.
fn folder() -> Option<PathBuf> {
    // SAFETY: getuid only reads this process's id.
    let uid = unsafe { libc::getuid() };
    let folder = std::env::temp_dir().join(format!("judge-runs-{uid}-{}", pid_namespace()?));
    let _ = fs::DirBuilder::new().mode(0o700).create(&folder);
    let metadata = fs::symlink_metadata(&folder).ok()?;
    (metadata.is_dir() && metadata.uid() == uid && metadata.permissions().mode() & 0o022 == 0)
        .then_some(folder)
}

/// The record of a runner's group while it runs; removed when dropped.
pub(super) struct Record(PathBuf);

impl Record {
    /// Writes down the group led by the runner `group`, a child of this
    /// tool, before the program it starts can start anything.
    pub(super) fn new(group: libc::pid_t) -> Option<Record> {
        // SAFETY: getpid only reads this process's id.
        let tool = unsafe { libc::getpid() };
        let name = format!(
            "{tool}-{}-{group}-{}",
            start_time(tool)?,
            start_time(group)?
        );
        let path = folder()?.join(name);
        fs::write(&path, b"").ok()?;
        Some(Record(path))
    }
}

impl Drop for Record {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// Once a tool: ends the groups of every record whose tool is gone, and
/// removes the record.
pub(super) fn end_left() {
    static ENDED: Once = Once::new();
    ENDED.call_once(|| {
        let Some(folder) = folder() else { return };
        let Ok(entries) = fs::read_dir(&folder) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(record) = name.to_str().and_then(parse) else {
                continue;
            };
            if start_time(record.tool) == Some(record.tool_start) {
                continue;
            }
            end_group(record.group, record.group_start);
            let _ = fs::remove_file(entry.path());
        }
    });
}

/// A record's figures: the tool's pid and start, the group's and its
/// leader's start.
#[derive(Debug, PartialEq, Eq)]
struct Parsed {
    tool: libc::pid_t,
    tool_start: u64,
    group: libc::pid_t,
    group_start: u64,
}

fn parse(name: &str) -> Option<Parsed> {
    let mut parts = name.split('-');
    let mut next = || parts.next()?.parse::<u64>().ok();
    let record = Parsed {
        tool: libc::pid_t::try_from(next()?).ok()?,
        tool_start: next()?,
        group: libc::pid_t::try_from(next()?).ok()?,
        group_start: next()?,
    };
    (parts.next().is_none() && record.group > 1).then_some(record)
}

/// Kills what is left of group `group`, whose leader started at
/// `started`: each process of the group started since then, and before
/// the process that has the group's id now, if one does and is another.
fn end_group(group: libc::pid_t, started: u64) {
    let holder = start_time(group).filter(|&start| start != started);
    let Ok(entries) = fs::read_dir("/proc") else {
        return;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|name| name.parse::<libc::pid_t>().ok())
        else {
            continue;
        };
        let Ok(stat) = fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let Some((_, after_name)) = stat.rsplit_once(')') else {
            continue;
        };
        let fields: Vec<&str> = after_name.split_whitespace().collect();
        let its_group = fields
            .get(2)
            .and_then(|field| field.parse::<libc::pid_t>().ok());
        let its_start = fields.get(19).and_then(|field| field.parse::<u64>().ok());
        let (Some(its_group), Some(its_start)) = (its_group, its_start) else {
            continue;
        };
        if its_group == group
            && its_start >= started
            && holder.map_or(true, |holder| its_start < holder)
        {
            // SAFETY: kill has no memory effects. The process was read
            // a moment ago as one the killed tool's program started.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_names_the_tool_and_the_group_with_their_starts() {
        assert_eq!(
            parse("1234-99887-1240-99890"),
            Some(Parsed {
                tool: 1234,
                tool_start: 99887,
                group: 1240,
                group_start: 99890
            })
        );
        for other in [
            "1234-99887-1240",
            "1234-99887-1240-99890-1",
            "a-b-c-d",
            "1-2-1-3",
        ] {
            assert_eq!(parse(other), None, "{other}");
        }
    }
}
