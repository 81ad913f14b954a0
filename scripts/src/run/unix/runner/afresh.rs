//! The runner started afresh (Linux): an exec of this tool's own file,
//! not a fork of the running tool.
//!
//! A fork copies the tool's memory map under that map's lock and marks
//! its pages copy-on-write. With runs at once (`--jobs`) the tool's other
//! threads wait for each copy, then fault on each page they write while
//! the runner, which lives as long as its program, holds the copy; the
//! processor the tool's other threads run on is interrupted to forget
//! what it knew of those pages. So on Linux the runner is
//! `/proc/self/exe`, started by std's `posix_spawn` (which shares the
//! tool's memory until the exec and copies nothing), with the program's
//! own argument list (its first, the program) and [`VARIABLE`] in its
//! environment saying what else it needs: descriptors, which the tool
//! leaves open across the exec for this one start, and limits. The C
//! library calls [`hook`] before `main` (it is in `.init_array`); it finds
//! the variable, takes it out of the environment and does all a forked
//! runner does (see [`prepare_child`](super::prepare_child)), never
//! returning: `main` never runs, nor does anything of std's start.
//!
//! What a fork told std's spawn (that the program could not be started,
//! and why) is said through a second pipe, the status: the runner and
//! the program hold it close-on-exec, so it ends at the program's exec,
//! or carries the error number of what failed first.

use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

/// The environment variable that makes this tool a runner.
pub(in crate::run::unix) const VARIABLE: &str = "JUDGE_RUNNER";
/// The same, as the C library takes it.
const VARIABLE_C: &[u8] = b"JUDGE_RUNNER\0";

/// Where a runner can be started afresh: this tool's own file, which
/// Linux gives whatever became of its path since it started.
pub(in crate::run::unix) const SELF: &str = "/proc/self/exe";

/// Whether a runner is started afresh, given whether runs go on at once
/// (`--jobs` above 1): where this tool's file can be named ([`SELF`]), when
/// they do. One at a time, a fork is the cheaper start (about 0.5 ms a
/// run less, docs/jobs.md), and there is nothing for it to hold up.
/// `JUDGE_RUNNER_AFRESH` set to `off` or `always` decides instead, to
/// compare the two.
pub(in crate::run::unix) fn chosen(at_once: bool) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum Rule {
        Never,
        Always,
        AtOnce,
    }
    static RULE: OnceLock<Rule> = OnceLock::new();
    let rule = *RULE.get_or_init(|| {
        if !Path::new(SELF).exists() {
            return Rule::Never;
        }
        match std::env::var_os("JUDGE_RUNNER_AFRESH") {
            Some(value) if value == "off" => Rule::Never,
            Some(value) if value == "always" => Rule::Always,
            _ => Rule::AtOnce,
        }
    });
    rule == Rule::Always || (rule == Rule::AtOnce && at_once)
}

/// Makes `command` start a runner afresh, which starts the program
/// `command` names, with its arguments, environment and folder: the
/// runner's own argument list is the program's. Before the command's
/// standard streams are set, which are not carried over.
pub(in crate::run::unix) fn make_runner(command: &mut Command) {
    let mut runner = Command::new(SELF);
    runner.arg0(command.get_program()).args(command.get_args());
    for (name, value) in command.get_envs() {
        match value {
            Some(value) => runner.env(name, value),
            None => runner.env_remove(name),
        };
    }
    if let Some(folder) = command.get_current_dir() {
        runner.current_dir(folder);
    }
    runner.process_group(0);
    *command = runner;
}

/// What the tool tells a runner it starts afresh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::run::unix) struct Orders {
    /// The tool: the runner's parent, or the tool has died.
    pub(in crate::run::unix) tool: libc::pid_t,
    /// The report pipe's writing end (see [`Report`](super::Report)).
    pub(in crate::run::unix) report: RawFd,
    /// The status pipe's writing end.
    pub(in crate::run::unix) status: RawFd,
    /// The cgroup v2 folder to start the program in, or -1.
    pub(in crate::run::unix) clone_into: RawFd,
    /// The cgroup files the program writes itself into, or -1 each.
    pub(in crate::run::unix) attach: [RawFd; 2],
    /// The program's address-space cap, soft and hard.
    pub(in crate::run::unix) address_space: Option<[libc::rlim_t; 2]>,
    /// The program's stack limit, soft and hard.
    pub(in crate::run::unix) stack: Option<[libc::rlim_t; 2]>,
    /// A pause between the program's end and the report (tests only).
    pub(in crate::run::unix) delay_ms: u64,
}

/// How many numbers the orders are written as.
const FIELDS: usize = 11;

impl Orders {
    /// The orders as the variable's value: numbers apart by spaces, `-`
    /// for a limit not given.
    pub(in crate::run::unix) fn written(&self) -> String {
        let limit = |limit: Option<[libc::rlim_t; 2]>| match limit {
            Some([soft, hard]) => format!("{soft} {hard}"),
            None => "- -".to_string(),
        };
        format!(
            "{} {} {} {} {} {} {} {} {}",
            self.tool,
            self.report,
            self.status,
            self.clone_into,
            self.attach[0],
            self.attach[1],
            limit(self.address_space),
            limit(self.stack),
            self.delay_ms
        )
    }

    /// The orders `written` wrote; `None` for anything else. Allocates
    /// nothing.
    pub(in crate::run::unix) fn read(text: &[u8]) -> Option<Orders> {
        let mut fields = [None::<i128>; FIELDS];
        let mut words = text.split(|&byte| byte == b' ');
        for field in &mut fields {
            let word = words.next()?;
            if word != b"-" {
                *field = Some(number(word)?);
            }
        }
        if words.next().is_some() {
            return None;
        }
        let fd = |field: Option<i128>| RawFd::try_from(field?).ok().filter(|&fd| fd >= -1);
        let limit = |current: Option<i128>, max: Option<i128>| match (current, max) {
            (None, None) => Some(None),
            (Some(current), Some(max)) => Some(Some([
                libc::rlim_t::try_from(current).ok()?,
                libc::rlim_t::try_from(max).ok()?,
            ])),
            _ => None,
        };
        Some(Orders {
            tool: libc::pid_t::try_from(fields[0]?)
                .ok()
                .filter(|&pid| pid > 0)?,
            report: fd(fields[1]).filter(|&fd| fd >= 0)?,
            status: fd(fields[2]).filter(|&fd| fd >= 0)?,
            clone_into: fd(fields[3])?,
            attach: [fd(fields[4])?, fd(fields[5])?],
            address_space: limit(fields[6], fields[7])?,
            stack: limit(fields[8], fields[9])?,
            delay_ms: u64::try_from(fields[10]?).ok()?,
        })
    }

    /// The descriptors the runner keeps, -1 for none.
    fn descriptors(&self) -> [RawFd; 5] {
        [
            self.report,
            self.status,
            self.clone_into,
            self.attach[0],
            self.attach[1],
        ]
    }
}

/// A decimal number, with a minus sign or none, of at most 30 digits.
fn number(word: &[u8]) -> Option<i128> {
    let (negative, digits) = match word.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, word),
    };
    if digits.is_empty() || digits.len() > 30 {
        return None;
    }
    let mut value: i128 = 0;
    for &digit in digits {
        if !digit.is_ascii_digit() {
            return None;
        }
        value = value * 10 + i128::from(digit - b'0');
    }
    Some(if negative { -value } else { value })
}

/// What the status pipe said once it ended: nothing when the program
/// was started, else the error number of why it was not.
pub(in crate::run::unix) fn read_status(mut reader: std::fs::File) -> io::Result<()> {
    let mut said = Vec::new();
    reader.read_to_end(&mut said)?;
    if said.is_empty() {
        return Ok(());
    }
    match <[u8; 4]>::try_from(said.as_slice()) {
        Ok(code) => Err(io::Error::from_raw_os_error(i32::from_ne_bytes(code))),
        Err(_) => Err(io::Error::new(
            io::ErrorKind::Other,
            "the program's runner said something unreadable",
        )),
    }
}

/// Descriptors the runner can inherit: copies of `fds` (each -1 or open)
/// that stay open across an exec, closed when dropped. Made and dropped
/// under [`SPAWNS`](super::super::group::SPAWNS), so that no program
/// another thread starts inherits them.
pub(in crate::run::unix) fn inheritable(fds: &[RawFd]) -> io::Result<Vec<Option<OwnedFd>>> {
    fds.iter()
        .map(|&fd| {
            if fd < 0 {
                return Ok(None);
            }
            // SAFETY: dup makes a new descriptor, without close-on-exec,
            // of one this process has open; nothing else owns the copy.
            let copy = unsafe { libc::dup(fd) };
            if copy < 0 {
                return Err(io::Error::last_os_error());
            }
            // SAFETY: `copy` was just made, and is owned by nobody else.
            Ok(Some(unsafe { OwnedFd::from_raw_fd(copy) }))
        })
        .collect()
}

/// The number of an inheritable copy, -1 for none.
pub(in crate::run::unix) fn number_of(copy: &Option<OwnedFd>) -> RawFd {
    copy.as_ref().map_or(-1, AsRawFd::as_raw_fd)
}

/// Run by the C library before `main`, with `main`'s arguments: does
/// nothing unless [`VARIABLE`] is set, and then is the runner.
#[used]
#[link_section = ".init_array"]
static HOOK: extern "C" fn(libc::c_int, *const *const libc::c_char, *const *const libc::c_char) =
    hook;

extern "C" fn hook(
    _count: libc::c_int,
    arguments: *const *const libc::c_char,
    _environment: *const *const libc::c_char,
) {
    // SAFETY: getenv reads the environment, which nothing changes before
    // main; the text is read before unsetenv, which frees nothing of the
    // environment the process was started with.
    let orders = unsafe {
        let value = libc::getenv(VARIABLE_C.as_ptr().cast());
        if value.is_null() {
            return;
        }
        let orders = Orders::read(std::ffi::CStr::from_ptr(value).to_bytes());
        libc::unsetenv(VARIABLE_C.as_ptr().cast());
        orders
    };
    let Some(orders) = orders else {
        // Not a runner this tool started, but the variable set by hand:
        // said, and nothing else done.
        let said = b"error: JUDGE_RUNNER is set, and only the tool sets it (for a program's runner): unset it\n";
        // SAFETY: write reads `said`, which lives; _exit ends this process.
        unsafe {
            libc::write(2, said.as_ptr().cast(), said.len());
            libc::_exit(1)
        };
    };
    // SAFETY: this process is single-threaded and is nothing but the
    // runner; `arguments` is the C library's argument list, ended by a
    // null pointer.
    unsafe { run(&orders, arguments) }
}

/// The runner's life, from its exec to its `_exit`.
///
/// # Safety
/// Only before `main`, in a runner the tool started: `arguments` is the
/// process's argument list.
unsafe fn run(orders: &Orders, arguments: *const *const libc::c_char) -> ! {
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
    if libc::getppid() != orders.tool {
        libc::_exit(1);
    }
    let mut kept = orders.descriptors();
    // What another start left open by chance is closed (see
    // `inheritable`), and what is kept closes at the program's exec.
    super::close_all_but(&mut kept, 3, super::open_files_bound());
    for fd in kept.into_iter().filter(|&fd| fd >= 0) {
        libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
    }
    for (resource, limit) in [
        (libc::RLIMIT_AS, orders.address_space),
        (libc::RLIMIT_STACK, orders.stack),
    ] {
        if let Some([soft, hard]) = limit {
            let limit = libc::rlimit {
                rlim_cur: soft,
                rlim_max: hard,
            };
            libc::setrlimit(resource, &limit);
        }
    }
    let runner = libc::getpid();
    let started = super::monotonic_nanos();
    let (program, born_inside) = super::fork_into_cgroup(orders.clone_into);
    if program < 0 {
        failed(orders.status, 1);
    }
    if program == 0 {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        if libc::getppid() != runner {
            libc::_exit(127);
        }
        let attached = born_inside || super::super::cgroup::attach_self(orders.attach);
        // From the kernel (see `fork_into_cgroup`).
        let pid = libc::syscall(libc::SYS_getpid) as libc::pid_t;
        let pid = if attached { pid } else { -pid };
        super::write_all(orders.report, &pid.to_ne_bytes());
        libc::execvp(*arguments, arguments);
        failed(orders.status, 127);
    }
    super::run_runner(
        program,
        started,
        orders.report,
        super::open_files_bound(),
        orders.delay_ms,
    )
}

/// Says on the status pipe why the program could not be started, and
/// ends with `code`.
///
/// # Safety
/// In the runner or the program before its exec.
unsafe fn failed(status: RawFd, code: libc::c_int) -> ! {
    let number = *super::errno();
    super::write_all(status, &number.to_ne_bytes());
    libc::_exit(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_read_as_written() {
        let all = Orders {
            tool: 4_194_304,
            report: 7,
            status: 9,
            clone_into: 11,
            attach: [12, 13],
            address_space: Some([1 << 30, libc::RLIM_INFINITY]),
            stack: Some([libc::RLIM_INFINITY, libc::RLIM_INFINITY]),
            delay_ms: 60_000,
        };
        let none = Orders {
            clone_into: -1,
            attach: [-1, -1],
            address_space: None,
            stack: None,
            delay_ms: 0,
            ..all
        };
        for orders in [all, none] {
            assert_eq!(Orders::read(orders.written().as_bytes()), Some(orders));
        }
    }

    #[test]
    fn orders_that_are_not_written_so_are_refused() {
        for text in [
            "",
            "1 2 3 -1 -1 -1 - - - - 0 extra",
            "1 2 3 -1 -1 -1 - - - -",
            "0 2 3 -1 -1 -1 - - - - 0",
            "1 -1 3 -1 -1 -1 - - - - 0",
            "1 2 3 -2 -1 -1 - - - - 0",
            "1 2 3 -1 -1 -1 5 - - - 0",
            "1 2 3 -1 -1 -1 - - - - -3",
            "1 2 3 -1 -1 -1 - - - - 99999999999999999999999999999999",
            "1  2 3 -1 -1 -1 - - - - 0",
            "1 2 3 -1 -1 -1 - - - - 0x",
        ] {
            assert_eq!(Orders::read(text.as_bytes()), None, "{text:?}");
        }
    }
}
