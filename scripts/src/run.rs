//! Runs one program on one input under limits and reports how it ended:
//! wall time, peak memory, exit status or signal, its output.
//!
//! This is the only platform-specific part of the tool. Everything the
//! program starts is kept together and killed with it: on Unix it runs in
//! its own process group, on Windows in a Job object, which it is put in
//! before it runs a single instruction (it is started suspended). The whole
//! group is killed when the time runs out, when the memory or output limit
//! is passed, and in any case as soon as the program itself has exited, so
//! nothing it leaves behind outlives the run. A process can leave a Unix
//! process group (`setsid`, as a daemon does): on Linux the tool is a child
//! subreaper, so such a process becomes the tool's child once its parent
//! is gone, and is killed and reaped at the end of the run; on macOS it
//! survives. Reading the output has a deadline, so such a process cannot
//! hold the tool either.
//!
//! Memory, by platform:
//! - Linux: where a cgroup (v1) can be made under the tool's own, the
//!   program runs in one: the kernel holds the limit, and the peak and
//!   CPU time are the cgroup's, of every process, each page once (the
//!   peak without the page cache of files only read, and never below
//!   the program's own `ru_maxrss`). Else a
//!   watchdog reads the program's resident memory every 5 ms ([`POLL`]),
//!   its whole tree's every 20 ms (proportional set sizes, orphans in its
//!   group, shared-memory files), and kills the group when that passes the
//!   limit (docs/memory.md); the address space is not capped,
//!   so that what a runtime reserves and never uses (a JVM's gigabytes)
//!   does not count, as it does not on DOMjudge (a cgroup's
//!   `memory.max`) nor for Java on problemtools (no `RLIMIT_AS`); the
//!   peak is `wait4`'s `ru_maxrss`, or the most the watchdog read at once
//!   where that is higher (what the program started).
//! - macOS: the same watchdog, reading `proc_pidinfo`; the peak is
//!   `ru_maxrss`.
//! - Other Unix: no watchdog: `RLIMIT_AS` caps each process's address
//!   space at [`address_space_cap`] (an allocation past it fails at
//!   once); the peak is `ru_maxrss`.
//! - Windows: the same watchdog, reading the program's commit (its
//!   private memory, not the resident set) with `GetProcessMemoryInfo`;
//!   the Job object caps the commit of each of its processes at
//!   [`address_space_cap`]; the peak is the job's record of the largest
//!   commit of one of its processes. Wine enforces no such cap and keeps
//!   no such record: there the watchdog alone enforces the limit, and the
//!   peak is the program's private peak as the watchdog last read it
//!   (its peak working set less its mapped files; unknown, never 0, for a
//!   program that ended before it looked), so a peak reached in the last
//!   few milliseconds before the program exits can be missed.
//!
//! On Unix the child is waited for with `waitid` (leaving it a zombie, so
//! that its pid and group id cannot be reused while the watchdog or the
//! final kill may still signal them) and then reaped with `wait4`. A
//! judged program (not a timed one) is not the tool's child but its
//! grandchild, under a runner that only waits for it and reports its
//! status and peak: a program can stop its parent (SIGSTOP to
//! `getppid()`), and the tool's clock must not stop with it.
//!
//! The stack: on Unix a program starts with the stack limit of
//! [`Bounds::stack`] (unlimited unless asked), see [`Stack`].

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Standard error kept for a report: the first lines are what matter.
const STDERR_KEPT: u64 = 64 * 1024;
pub use crate::rules::{Stack, DEFAULT_OUTPUT_LIMIT};
/// How often the watchdog looks at memory and output while a judged
/// program runs. A program that fills memory as fast as it can gets about
/// 20 MiB further in 5 ms; reading the figure costs some 10 µs. On Linux
/// and macOS this is the limit's only enforcement: docs/memory.md has what
/// it was measured to let through.
const POLL: Duration = Duration::from_millis(5);
/// Whatever a program waited for a CPU, it is stopped once it has run
/// this many times its kill point under a CPU rule (the wall-time cap):
/// the wait moves the kill point back, but not without end. Five times
/// leaves room for a program on a machine five times as busy as it has
/// CPUs (a tenth of its CPU or less), and holds a judge on a 1 s limit
/// (cap 2 s) at most 10 s, on a 10 s limit 100 s.
pub const WAIT_BOUND_TIMES: u32 = 5;
/// After the program has ended (and its group was killed), how long its
/// pipes may take to close at the least, even past the kill point.
const READ_GRACE: Duration = Duration::from_millis(200);

/// What a run is for, which decides what is kept and measured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Purpose {
    /// Judging: keep standard output and error, measure peak memory.
    Judge,
    /// Timing: output to the null device, and the program started the
    /// quickest way (posix_spawn), which leaves peak memory unmeasured:
    /// see [`platform::prepare`].
    Time,
    /// Peak memory alone: output to the null device.
    Memory,
}

/// The limits one run is held to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bounds {
    /// The program (and its group) is killed once it has run this long.
    pub kill_after: Duration,
    /// Peak memory in bytes: the group is killed soon after the program's
    /// resident memory (commit on Windows) passes it; each process's
    /// commit on Windows, and its address space on a Unix without the
    /// watchdog, is capped at [`address_space_cap`] of it. `None`: no
    /// limit.
    pub memory: Option<u64>,
    /// Bytes of standard output kept; one byte more and the group is killed
    /// and the run marked [`Run::output_over_limit`].
    pub output: u64,
    /// The stack the program's main thread may grow to (Unix).
    pub stack: Stack,
    /// The group is killed once the program's CPU time passes this, where
    /// the watchdog can read it (Linux); `None`: only the wall clock.
    pub kill_cpu_after: Option<Duration>,
    /// Under a CPU limit, the wall time past which the group is killed
    /// however long it waited for a CPU: `kill_after` is held against the
    /// wall time less that wait, which a machine busy enough can push
    /// back without end. `None`: no such bound.
    pub kill_wall_after: Option<Duration>,
}

impl Bounds {
    /// Only a time limit, the default output limit and an unlimited stack.
    pub fn time(kill_after: Duration) -> Bounds {
        Bounds {
            kill_after,
            memory: None,
            output: DEFAULT_OUTPUT_LIMIT,
            stack: Stack::Unlimited,
            kill_cpu_after: None,
            kill_wall_after: None,
        }
    }

    /// The bounds of a program the tool runs for itself (a package's
    /// build, a checker), held as a judged run under a CPU rule is, by
    /// the work it does rather than the machine's load: `cpu` of CPU time
    /// of its whole tree, `capped_wall` of wall time less the time it
    /// waited for a CPU (what stops one that hangs without working), and
    /// `wall` of wall time however long it waited.
    pub fn work(cpu: Duration, capped_wall: Duration, wall: Duration) -> Bounds {
        Bounds {
            kill_cpu_after: Some(cpu),
            kill_wall_after: Some(wall),
            ..Bounds::time(capped_wall)
        }
    }

    /// Which of these bounds a run killed for time passed, from its
    /// figures (`cpu`, `elapsed`, `wait`, as [`Run`] has them): its CPU
    /// time, when that passed its bound; else, under a CPU bound, its wall
    /// time less its wait when that passed `kill_after` or the wall time
    /// had not reached `kill_wall_after`; else its wall time.
    pub fn passed(
        &self,
        cpu: Option<Duration>,
        elapsed: Duration,
        wait: Option<Duration>,
    ) -> TimeBound {
        let Some(cpu_bound) = self.kill_cpu_after else {
            return TimeBound::Wall;
        };
        if cpu.is_some_and(|cpu| cpu >= cpu_bound) {
            TimeBound::Cpu
        } else if capped_wall(elapsed, wait) >= self.kill_after
            || self.kill_wall_after.map_or(true, |wall| elapsed < wall)
        {
            TimeBound::CappedWall
        } else {
            TimeBound::Wall
        }
    }
}

/// The bound of [`Bounds`] that stopped a run for time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeBound {
    /// Its CPU time, `kill_cpu_after`.
    Cpu,
    /// Its wall time less its wait for a CPU, `kill_after` under a CPU
    /// bound.
    CappedWall,
    /// Its wall time: `kill_after` without a CPU bound, else
    /// `kill_wall_after`.
    Wall,
}

/// The stack a program is held to when the hard stack limit this tool
/// runs under (`ulimit -Hs`; `ulimit -s 8192` sets it too, and macOS's
/// is usually 64 MiB) is below `stack`, in bytes; `None` when the program
/// gets what `stack` asks (always on Windows, where the program's own
/// stack size is fixed when it is linked). problemtools warns of the same
/// (problemtools/run/limit.py, `check_limit_capabilities`: "Hard stack
/// rlimit of %d so I can't set it to unlimited"), as DOMjudge's runguard
/// sets it unlimited (judge/runguard.cc, `setrestrictions`).
pub fn stack_short_of(stack: Stack) -> Option<u64> {
    held_below(stack, platform::stack_hard_limit()?)
}

/// `hard`, when a hard stack limit of `hard` bytes is below `stack`.
fn held_below(stack: Stack, hard: u64) -> Option<u64> {
    match stack {
        Stack::Unlimited => Some(hard),
        Stack::Bytes(bytes) => (hard < bytes).then_some(hard),
    }
}

/// What is said of a stack held below `stack` (see [`stack_short_of`]):
/// "the stack is held to 8.0 MiB by the hard limit this tool runs under
/// (ulimit -Hs), below the unlimited a judge gives".
pub fn stack_shortfall(stack: Stack) -> Option<String> {
    let held = stack_short_of(stack)?;
    let wanted = match stack {
        Stack::Unlimited => "unlimited".to_string(),
        Stack::Bytes(bytes) => format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20)),
    };
    Some(format!(
        "the stack is held to {:.1} MiB by the hard limit this tool runs under \
         (ulimit -Hs), below the {wanted} a judge gives",
        held as f64 / f64::from(1 << 20)
    ))
}

/// [`stack_shortfall`], the first time a stack falls short in this
/// process, for a report's header: said once, not for every crate.
pub fn stack_shortfall_once(stack: Stack) -> Option<String> {
    static SAID: AtomicBool = AtomicBool::new(false);
    let shortfall = stack_shortfall(stack)?;
    (!SAID.swap(true, Ordering::SeqCst)).then_some(shortfall)
}

/// A program given by path on the command line: a relative one (a bare
/// name too) is taken from the current folder, never looked up on PATH.
/// One that already starts with `./` or `../` (or a root or, on Windows, a
/// drive) is kept as given, so that messages name it as the user wrote it
/// (not `././x`). The `./` is put in front as text, not joined: a join
/// would write `.\x` on Windows, which the user never typed.
pub fn program_path(program: &Path) -> PathBuf {
    if matches!(program.components().next(), Some(Component::Normal(_))) {
        let mut from_here = OsString::from("./");
        from_here.push(program);
        PathBuf::from(from_here)
    } else {
        program.to_path_buf()
    }
}

#[cfg(test)]
mod bounds_tests {
    use super::*;

    #[test]
    fn a_stack_limit_is_unlimited_or_mib_above_0() {
        assert_eq!(Stack::parse_mib("unlimited"), Some(Stack::Unlimited));
        assert_eq!(Stack::parse_mib("64"), Some(Stack::Bytes(64 << 20)));
        for wrong in ["0", "-1", "1.5", "", "Unlimited", "64M"] {
            assert_eq!(Stack::parse_mib(wrong), None, "{wrong}");
        }
    }

    #[test]
    fn a_program_is_never_looked_up_on_path() {
        assert_eq!(program_path(Path::new("a")), Path::new("./a"));
        assert_eq!(program_path(Path::new("b/a")), Path::new("./b/a"));
        // Shown as typed, with `./` in front, on every platform.
        for (given, shown) in [("a", "./a"), ("b/a", "./b/a")] {
            assert_eq!(program_path(Path::new(given)).display().to_string(), shown);
        }
        for given in ["./a", "../b/a", "/usr/bin/a"] {
            let shown = program_path(Path::new(given)).display().to_string();
            assert_eq!(shown, given);
        }
    }
}

/// The commit (Windows) or address space (a Unix with no watchdog) each
/// process of a run may reserve under a memory limit of `limit` bytes:
/// twice the limit and 256 MiB more. Reserved is not used (thread stacks, allocator arenas,
/// a vector's spare capacity are reserved and mostly never touched), so the
/// cap sits well above the limit, which is judged on resident memory; it is
/// there to make an allocation far past the limit fail at once instead of
/// taking the machine's memory, in the program and in anything it starts.
pub fn address_space_cap(limit: u64) -> u64 {
    limit.saturating_mul(2).saturating_add(256 << 20)
}

/// The cap [`address_space_cap`] sets on each process under a memory limit
/// of `limit` bytes, and what it caps, where this platform sets one.
pub fn reservation_cap(limit: u64) -> Option<(u64, &'static str)> {
    platform::RESERVATION_CAPPED.map(|what| (address_space_cap(limit), what))
}

/// How a run ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The program exited with this status.
    Exited(i32),
    /// A signal ended the program (Unix only): its number.
    // Windows has no signals, so there nothing makes this variant.
    #[cfg_attr(windows, allow(dead_code))]
    Signal(i32),
}

impl Ending {
    pub fn success(self) -> bool {
        self == Ending::Exited(0)
    }

    /// "exit status 3" or "killed by SIGSEGV": a phrase for a report.
    pub fn describe(self) -> String {
        match self {
            Ending::Exited(code) if !(0..=255).contains(&code) => {
                // Windows reports crashes as NTSTATUS codes, read in hex.
                format!("exit status {code} ({:#010X})", code as u32)
            }
            Ending::Exited(code) => format!("exit status {code}"),
            Ending::Signal(signal) => format!("killed by {}", signal_name(signal)),
        }
    }
}

/// One finished run.
#[derive(Debug, Default)]
pub struct Run {
    /// From just before the program was started until it exited.
    pub elapsed: Duration,
    /// CPU time, user and system, of every thread of the program and of
    /// the processes it waited for (`wait4`'s rusage on Unix, the Job's
    /// accounting on Windows, or its threads' own times where the Job
    /// keeps none: Wine); `None` where it could not be read.
    pub cpu: Option<Duration>,
    /// The time the program and what it started were runnable but waited
    /// for a CPU, summed over their threads (Linux, read while it ran:
    /// see `run/unix/schedstat.rs`); `None` where it is not measured
    /// (macOS, Windows). The wall-time cap is held against
    /// [`Run::capped_wall`], the wall time less this.
    pub wait: Option<Duration>,
    /// Peak memory in bytes (resident on Unix, committed on Windows) where
    /// the platform reports it and the purpose asks for it.
    pub peak_memory: Option<u64>,
    /// The peak is the highest the watchdog read while the program ran,
    /// every few milliseconds, for want of the system's own record (Wine
    /// keeps none): a peak in the program's last milliseconds can be
    /// missed.
    pub peak_sampled: bool,
    /// Why the run was accounted by the watch where the report's first
    /// line names another accounting (a cgroup that could not be made or
    /// entered); `None` when it was accounted as that line says.
    pub fell_back: Option<&'static str>,
    /// A fork or a new thread of the program failed at its cgroup's bound
    /// on processes ([`PIDS_MAX`], cgroup v2's `pids.max`): a program that
    /// then fails, or answers with fewer workers, met the judge's bound,
    /// not a fault of its own. Read from `pids.events` once it ended.
    pub process_limit_hit: bool,
    pub ending: Ending,
    /// The tool killed the program because it ran past `kill_after`.
    pub killed_for_time: bool,
    /// It was killed for time at the bound (see [`WAIT_BOUND_TIMES`]),
    /// with its wall time less its wait for a CPU still under the cap:
    /// the machine did not give it the CPU to decide the case.
    pub killed_at_bound: bool,
    /// The tool killed the program because its resident memory passed the
    /// memory limit.
    pub killed_for_memory: bool,
    /// The program wrote more than the output limit to standard output;
    /// `stdout` holds the first `limit` bytes, and the group was killed.
    pub output_over_limit: bool,
    pub stdout: Vec<u8>,
    /// At most the first 64 KiB.
    pub stderr: Vec<u8>,
}

impl Run {
    /// The wall time the wall-time cap of a CPU rule is held against: the
    /// wall time less the time the program waited for a CPU, which was
    /// the machine's, not the program's; the wall time itself where the
    /// wait is not measured.
    pub fn capped_wall(&self) -> Duration {
        capped_wall(self.elapsed, self.wait)
    }
}

/// `elapsed` less `wait` (see [`Run::capped_wall`]).
fn capped_wall(elapsed: Duration, wait: Option<Duration>) -> Duration {
    elapsed.saturating_sub(wait.unwrap_or_default())
}

impl Default for Ending {
    fn default() -> Ending {
        Ending::Exited(0)
    }
}

/// Runs `program` with `args` and standard input from `input`, killing it
/// (and everything it started) once it has run for `kill_after`; output is
/// kept up to [`DEFAULT_OUTPUT_LIMIT`], and memory is not limited.
pub fn run(
    program: &Path,
    args: &[String],
    input: &Path,
    kill_after: Duration,
    purpose: Purpose,
) -> io::Result<Run> {
    run_within(program, args, input, Bounds::time(kill_after), purpose)
}

/// What the tool leaves as it ends, called once it has: on Linux the
/// delegated cgroup it took is put back as it was (docs/memory.md).
pub fn finish() {
    #[cfg(unix)]
    platform::finish();
}

/// Runs `program` with `args` and standard input from `input` under
/// `bounds`.
pub fn run_within(
    program: &Path,
    args: &[String],
    input: &Path,
    bounds: Bounds,
    purpose: Purpose,
) -> io::Result<Run> {
    let stdin = File::open(input)?;
    let (stdout, stderr) = match purpose {
        Purpose::Judge => (Stdio::piped(), Stdio::piped()),
        Purpose::Time | Purpose::Memory => (Stdio::null(), Stdio::null()),
    };
    let mut command = Command::new(program);
    command.args(args);
    let measure_memory = purpose != Purpose::Time;
    // Before the streams: on Linux it may make the command another's
    // (the program's runner, started afresh).
    platform::prepare(&mut command, measure_memory, bounds.memory, bounds.stack);
    command.stdin(stdin).stdout(stdout).stderr(stderr);
    // A judge runs the program without these: a panic that prints a
    // backtrace can take longer than the whole run, and its report would
    // bury the message.
    command
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    // Made before the clock starts: it is the tool's work, not the run's.
    let group = platform::Group::new(bounds.memory)?;
    // The clock starts before the spawn, as a judge's (and hyperfine's) does:
    // starting the process is part of the run. The time the program was
    // held suspended while the tool put it in its Job object (Windows) is
    // not, nor a start that failed and was tried again (Wine).
    let started = Instant::now();
    // A measured start sets its stack limit in the child (see
    // `platform::prepare`); a timed one around its posix_spawn.
    let (mut child, held) = if measure_memory {
        group.start(&mut command)?
    } else {
        platform::with_stack(bounds.stack, || group.start(&mut command))?
    };
    let started = started + held;
    let output_over = Arc::new(AtomicBool::new(false));
    let stdout = child
        .stdout
        .take()
        .map(|pipe| Reader::start(pipe, bounds.output, Some(Arc::clone(&output_over))));
    let stderr = child
        .stderr
        .take()
        .map(|pipe| Reader::start(pipe, STDERR_KEPT, None));
    let watch = Watch {
        deadline: started + bounds.kill_after,
        bound: wait_bound(started, &bounds),
        memory: bounds.memory.filter(|_| measure_memory),
        output_over: stdout.as_ref().map(|_| output_over),
        cpu: bounds.kill_cpu_after,
        wait: Duration::ZERO,
    };
    let waited = platform::wait(&mut child, &group, started, &watch);
    // The group is dead by now, so the pipes close at once, unless a
    // process escaped it: then what it writes after the kill point (or a
    // short grace after the end) is not waited for.
    let read_until = watch.deadline.max(Instant::now() + READ_GRACE);
    let (stdout, output_over_limit) = match stdout {
        Some(reader) => reader.finish(read_until),
        None => (Vec::new(), false),
    };
    let stderr = stderr.map_or_else(Vec::new, |reader| reader.finish(read_until).0);
    let waited = waited?;
    Ok(Run {
        elapsed: waited.elapsed,
        cpu: waited.cpu,
        wait: waited.wait,
        peak_memory: waited.peak_memory.filter(|_| measure_memory),
        peak_sampled: waited.peak_sampled && measure_memory,
        fell_back: waited.fell_back,
        process_limit_hit: waited.process_limit_hit,
        ending: waited.ending,
        killed_for_time: matches!(waited.stop, Some(Stop::Time | Stop::Bound)),
        killed_at_bound: waited.stop == Some(Stop::Bound),
        killed_for_memory: waited.stop == Some(Stop::Memory),
        output_over_limit: output_over_limit || waited.stop == Some(Stop::Output),
        stdout,
        stderr,
    })
}

/// A thread that drains one of the program's pipes while it runs, so that
/// a program writing more than a pipe holds never blocks, into one buffer.
///
/// One growing buffer, not a chunk per read: chunks allocated on the
/// reader's thread and freed on this one stay resident in that thread's
/// allocator arena (glibc), and Linux counts this tool's resident memory at
/// a fork in the next program's peak. A large buffer is a mapping of its
/// own, returned whole when it is dropped.
struct Reader {
    /// Disconnected once the reading ends.
    ended: Receiver<()>,
    read: Arc<Mutex<Vec<u8>>>,
    limit: u64,
}

impl Reader {
    /// Reads `pipe` to its end, or until `limit + 1` bytes were read when
    /// `over` is given (standard output), setting `over` then and closing
    /// the pipe; without `over` (standard error) everything is read and all
    /// but the first `limit` bytes dropped.
    fn start(
        mut pipe: impl Read + Send + 'static,
        limit: u64,
        over: Option<Arc<AtomicBool>>,
    ) -> Reader {
        let (ending, ended) = mpsc::channel::<()>();
        let read = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&read);
        threads::spawn(move || {
            // Dropped when the work ends, which `finish` waits for.
            let _ending = ending;
            let mut buffer = vec![0u8; 64 * 1024];
            let mut total: u64 = 0;
            loop {
                let wanted = match &over {
                    // At most one byte past the limit is ever read.
                    Some(_) => usize::try_from(limit + 1 - total)
                        .unwrap_or(usize::MAX)
                        .min(buffer.len()),
                    None => buffer.len(),
                };
                match pipe.read(&mut buffer[..wanted]) {
                    Ok(0) => break,
                    Ok(count) => {
                        let room =
                            usize::try_from(limit.saturating_sub(total)).unwrap_or(usize::MAX);
                        total += count as u64;
                        // One byte past the limit is kept, so that `finish`
                        // knows the limit was passed.
                        let count = if over.is_some() {
                            count
                        } else {
                            count.min(room)
                        };
                        if Arc::strong_count(&kept) == 1 {
                            // Nobody waits for this output any more.
                            break;
                        }
                        kept.lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .extend_from_slice(&buffer[..count]);
                        if let Some(over) = &over {
                            if total > limit {
                                over.store(true, Ordering::SeqCst);
                                break;
                            }
                        }
                    }
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    // The program's end is gone; what was read is what there is.
                    Err(_) => break,
                }
            }
        });
        Reader { ended, read, limit }
    }

    /// What was read by `deadline` (or until the pipe closed), at most
    /// `limit` bytes, and whether more than that was written.
    fn finish(self, deadline: Instant) -> (Vec<u8>, bool) {
        // Past the deadline a process outside the group still holds the
        // pipe: its reader is left behind, and stops at its next read.
        let wait = deadline.saturating_duration_since(Instant::now());
        let _ = self.ended.recv_timeout(wait);
        let mut kept =
            std::mem::take(&mut *self.read.lock().unwrap_or_else(PoisonError::into_inner));
        let limit = usize::try_from(self.limit).unwrap_or(usize::MAX);
        let over = kept.len() > limit;
        kept.truncate(limit);
        (kept, over)
    }
}

/// What the watchdog watches for while the program runs.
struct Watch {
    /// The kill point.
    deadline: Instant,
    /// The latest kill point under a CPU rule, whatever the wait:
    /// `kill_wall_after` where the bounds give one, else
    /// [`WAIT_BOUND_TIMES`] the kill point.
    bound: Instant,
    /// The memory limit, when peak memory is measured.
    memory: Option<u64>,
    /// Set by the standard output reader once the output limit is passed.
    output_over: Option<Arc<AtomicBool>>,
    /// The CPU time past which the program is killed, where it is read.
    cpu: Option<Duration>,
    /// The time the program has waited for a CPU, as the platform last
    /// read it (Linux; zero elsewhere). Under a CPU limit the deadline is
    /// the wall-time cap, held against wall time less this wait: the
    /// kill point moves later by it (see [`Watch::kill_point`]).
    wait: Duration,
}

/// Why the tool killed a program.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stop {
    Time,
    /// Time, at the bound (see [`WAIT_BOUND_TIMES`]) before the cap.
    Bound,
    Memory,
    Output,
}

/// The latest kill point of a run started at `started` under `bounds`,
/// whatever it waits for a CPU: `kill_wall_after` where they give one
/// (the tool's own programs), else [`WAIT_BOUND_TIMES`] its kill point.
fn wait_bound(started: Instant, bounds: &Bounds) -> Instant {
    started
        + bounds
            .kill_wall_after
            .unwrap_or_else(|| bounds.kill_after.saturating_mul(WAIT_BOUND_TIMES))
}

impl Watch {
    /// True when something besides the deadline needs looking at while the
    /// program runs.
    fn polls(&self) -> bool {
        self.memory.is_some() || self.output_over.is_some() || self.cpu.is_some()
    }

    /// True when the program's CPU time, which `used` reads where the
    /// platform can, has passed the CPU limit.
    fn over_cpu(&self, used: impl FnOnce() -> Option<Duration>) -> bool {
        self.cpu
            .is_some_and(|limit| used().is_some_and(|used| used > limit))
    }

    /// When the program is killed for time, as far as is known now: the
    /// deadline, and under a CPU limit (where the deadline is the
    /// wall-time cap) the time it waited for a CPU later, but never past
    /// the bound.
    fn kill_point(&self) -> Instant {
        if self.cpu.is_some() {
            (self.deadline + self.wait).min(self.bound.max(self.deadline))
        } else {
            self.deadline
        }
    }

    /// Whether the kill point now is the bound, short of the cap held
    /// against wall time less the wait.
    fn at_bound(&self) -> bool {
        self.cpu.is_some() && self.deadline + self.wait > self.bound.max(self.deadline)
    }

    /// How long to sleep before looking again.
    fn pause(&self) -> Duration {
        let left = self.kill_point().saturating_duration_since(Instant::now());
        if self.polls() {
            left.min(POLL)
        } else {
            left
        }
    }

    /// Why the program must be killed now, if it must; `resident` reads
    /// its resident memory where the platform can.
    fn stop(&self, resident: impl FnOnce() -> Option<u64>) -> Option<Stop> {
        if Instant::now() >= self.kill_point() {
            return Some(if self.at_bound() {
                Stop::Bound
            } else {
                Stop::Time
            });
        }
        if self
            .output_over
            .as_ref()
            .is_some_and(|over| over.load(Ordering::SeqCst))
        {
            return Some(Stop::Output);
        }
        let limit = self.memory?;
        resident()
            .filter(|&resident| resident > limit)
            .map(|_| Stop::Memory)
    }
}

/// What waiting for the program found out.
struct Waited {
    elapsed: Duration,
    /// See [`Run::cpu`].
    cpu: Option<Duration>,
    /// See [`Run::wait`].
    wait: Option<Duration>,
    peak_memory: Option<u64>,
    /// See [`Run::peak_sampled`].
    peak_sampled: bool,
    /// See [`Run::fell_back`].
    fell_back: Option<&'static str>,
    /// See [`Run::process_limit_hit`].
    process_limit_hit: bool,
    ending: Ending,
    stop: Option<Stop>,
}

/// Which accounting judges a program's memory and CPU time here, as the
/// report's first line says it: "accounted by cgroup v2" or "cgroup v1" (Linux, where
/// a cgroup can be made: the kernel holds the memory limit and counts
/// every process the program starts, each page once), "accounted by the
/// watch: WHY" (the watchdog's readings, and why not a cgroup), or on
/// Windows by its Job object.
/// docs/memory.md has what each misses.
pub fn accounting() -> String {
    #[cfg(unix)]
    let name = platform::accounting();
    #[cfg(windows)]
    let name = "Job object";
    if name == "watch" {
        #[cfg(unix)]
        if let Some(why) = platform::why_the_watch() {
            return format!("accounted by the watch: {why}");
        }
        "accounted by the watch".to_string()
    } else {
        format!("accounted by {name}")
    }
}

/// Why a run's CPU time can be missing here, for a report: on Windows
/// (Wine) a program that ended before the watchdog first saw a thread of
/// it, its Job reading zero; on Unix a program whose figures were lost
/// with its runner and could not be read from it either.
#[cfg(windows)]
pub const CPU_UNREAD: &str = "its Job read zero and no thread of it was seen";
#[cfg(unix)]
pub const CPU_UNREAD: &str = "its figures were lost with its runner";

/// The most processes and threads a judged program's cgroup holds at
/// once, where cgroup v2 judges it (`pids.max`): past it a fork fails, so
/// that a fork bomb meets a bound and not the machine's.
pub const PIDS_MAX: u32 = 4096;

/// What memory is measured and limited on this platform: "resident"
/// (Unix) or "committed" (Windows).
pub const MEASURED_MEMORY: &str = platform::MEASURED;

/// The name of a Unix signal, such as "SIGKILL", or "signal 42".
pub fn signal_name(signal: i32) -> String {
    platform::SIGNAL_NAMES
        .iter()
        .find(|(number, _)| *number == signal)
        .map_or_else(
            || format!("signal {signal}"),
            |(_, name)| (*name).to_string(),
        )
}

mod pair;
mod threads;
pub use pair::{interact, Interaction, Side};

#[cfg(unix)]
mod unix;
#[cfg(unix)]
use unix as platform;
#[cfg(all(any(target_os = "linux", target_os = "android"), target_env = "gnu"))]
pub use unix::one_arena;
#[cfg(any(target_os = "linux", target_os = "android"))]
pub use unix::Unforked;

#[cfg(windows)]
mod windows;
#[cfg(windows)]
use windows as platform;

#[cfg(not(any(unix, windows)))]
mod platform {
    compile_error!("the tool runs programs on Unix and Windows only");
}

#[cfg(test)]
mod watch_tests {
    use super::*;

    /// Under a CPU limit the kill point is the deadline (the wall-time
    /// cap) moved later by the wait for a CPU read so far; without one,
    /// the deadline.
    #[test]
    fn the_kill_point_moves_with_the_wait_under_a_cpu_limit_alone() {
        let deadline = Instant::now() + Duration::from_secs(2);
        let wait = Duration::from_millis(700);
        let watch = |cpu: Option<Duration>| Watch {
            deadline,
            bound: deadline + Duration::from_secs(8),
            memory: None,
            output_over: None,
            cpu,
            wait,
        };
        assert_eq!(
            watch(Some(Duration::from_millis(1500))).kill_point(),
            deadline + wait
        );
        assert_eq!(watch(None).kill_point(), deadline);
        // The latest kill point holds the wait's push: a wait that would
        // move the kill past it stops there, one that would not moves it.
        let latest = deadline + Duration::from_millis(500);
        let bounded = |wait: Duration| Watch {
            bound: latest,
            wait,
            ..watch(Some(Duration::from_millis(1500)))
        };
        assert_eq!(bounded(wait).kill_point(), latest);
        let short = Duration::from_millis(300);
        assert_eq!(bounded(short).kill_point(), deadline + short);
        // Without a CPU limit the deadline is a plain wall-time bound.
        let plain = Watch {
            bound: latest,
            ..watch(None)
        };
        assert_eq!(plain.kill_point(), deadline);
        assert!(!watch(Some(Duration::from_millis(1500))).at_bound());
        // A wait past the bound moves the kill point to the bound alone.
        let waited_long = Watch {
            wait: Duration::from_secs(9),
            ..watch(Some(Duration::from_millis(1500)))
        };
        assert_eq!(waited_long.kill_point(), deadline + Duration::from_secs(8));
        assert!(waited_long.at_bound());
        let wall_rule = Watch {
            wait: Duration::from_secs(9),
            ..watch(None)
        };
        assert_eq!(wall_rule.kill_point(), deadline);
        assert_eq!(
            capped_wall(Duration::from_millis(2500), Some(wait)),
            Duration::from_millis(1800)
        );
        assert_eq!(
            capped_wall(Duration::from_millis(2500), None),
            Duration::from_millis(2500)
        );
        assert_eq!(
            capped_wall(Duration::from_millis(500), Some(wait)),
            Duration::ZERO
        );
    }
}

#[cfg(test)]
mod stack_tests {
    use super::*;

    #[test]
    fn a_hard_stack_limit_falls_short_only_of_more_than_itself() {
        let hard = 8 << 20;
        assert_eq!(held_below(Stack::Unlimited, hard), Some(hard));
        assert_eq!(held_below(Stack::Bytes(16 << 20), hard), Some(hard));
        assert_eq!(held_below(Stack::Bytes(8 << 20), hard), None);
        assert_eq!(held_below(Stack::Bytes(4 << 20), hard), None);
    }
}
