//! The faults of a finished run: TLE, MLE, OLE or RE, the one place
//! that turns its limits and its exit into a verdict, in the order judges
//! decide them, with what to show under each.

#[cfg(test)]
use super::output::judge_output;
use super::output::Verdict;
use super::show::{first_lines, mebibytes, milliseconds};
use crate::rules::{Clock, Limits};
use crate::run::{self, Ending, Run};
use std::time::Duration;

/// Lines of standard error shown for a runtime error.
pub const STDERR_LINES: usize = 10;

/// Lines of standard output shown for a failed run that wrote nothing to
/// standard error.
const STDOUT_LINES: usize = 5;

/// The verdict on one finished run against the expected output, and what
/// to show under it when it failed (unindented: the report indents it).
///
/// In this order: killed for time, memory or output; then over the time
/// limit, over the memory limit (the peak, or an allocation that failed at
/// the address-space cap); then a failing exit; then the output compared.
/// The tool judges by [`crate::checker::Checker::judge`], in this order
/// too; this is the exact checker's, for the tests below.
#[cfg(test)]
pub fn judge_run(run: &Run, expected: &[u8], limits: Limits) -> (Verdict, String) {
    if let Some(fault) = fault(run, limits) {
        return fault;
    }
    judge_output(expected, &run.stdout)
}

/// Whether a finished run is past its time limit by the rule of
/// `limits.clock`: wall time against the limit; or CPU time against the
/// limit and wall time less the wait for a CPU ([`Run::capped_wall`])
/// against the cap, wall time against the limit where CPU time was not
/// measured.
pub fn over_time_limit(run: &Run, limits: Limits) -> bool {
    match (limits.clock, run.cpu) {
        (Clock::Cpu(_), Some(cpu)) => {
            cpu > limits.time || run.capped_wall() > limits.clock.wall_cap(limits.time)
        }
        _ => run.elapsed > limits.time,
    }
}

/// The time that decides a run's verdict under `limits`: its CPU time
/// under a CPU rule where measured, else its wall time.
pub fn deciding_time(run: &Run, limits: Limits) -> Duration {
    match (limits.clock, run.cpu) {
        (Clock::Cpu(_), Some(cpu)) => cpu,
        _ => run.elapsed,
    }
}

/// What a TLE shows: the time past the limit (CPU or wall), or the wall
/// time past the cap of a program that used little CPU, with the wait for
/// a CPU that was not held against it; where that wait is not measured,
/// that the machine's load may be the cause.
fn time_detail(run: &Run, limits: Limits, what: &str) -> String {
    let limit = milliseconds(limits.time);
    match (limits.clock, run.cpu) {
        (Clock::Cpu(_), Some(cpu)) if cpu > limits.time => format!(
            "{what} {} of CPU time ({} wall), over the time limit of {limit}\n",
            milliseconds(cpu),
            milliseconds(run.elapsed)
        ),
        (Clock::Cpu(_), Some(cpu)) => {
            let held = match run.wait {
                Some(wait) => format!(
                    ", {} of it not waiting for a CPU (it waited {})",
                    milliseconds(run.capped_wall()),
                    milliseconds(wait)
                ),
                None => String::new(),
            };
            let load = match run.wait {
                Some(_) => "",
                None => {
                    "the wait for a CPU is not measured here: unless the program sleeps or \
                     blocks, the machine's load is the likely cause; --repeat or a quieter \
                     machine decides\n"
                }
            };
            format!(
                "{what} {} wall time{held}, past the wall-time cap of {} (CPU time {}, the \
                 limit {limit})\n{load}",
                milliseconds(run.elapsed),
                milliseconds(limits.clock.wall_cap(limits.time)),
                milliseconds(cpu)
            )
        }
        (Clock::Cpu(_), None) => format!(
            "{what} {}, over the time limit of {limit} (wall time: CPU time was not measured)\n",
            milliseconds(run.elapsed)
        ),
        (Clock::Wall, _) => format!(
            "{what} {}, over the time limit of {limit}\n",
            milliseconds(run.elapsed)
        ),
    }
}

/// What an undecided run shows: one stopped at the bound every run keeps
/// (see [`run::WAIT_BOUND_TIMES`]) before its wall time less its wait
/// reached the cap, with its CPU time under the limit (or not measured);
/// `None` for any other.
fn undecided(run: &Run, limits: Limits) -> Option<String> {
    if !run.killed_at_bound
        || !matches!(limits.clock, Clock::Cpu(_))
        || run.cpu.is_some_and(|cpu| cpu > limits.time)
    {
        return None;
    }
    let (kill_after, _) = limits.kill_points();
    let cpu = run
        .cpu
        .map_or_else(|| "not measured".to_string(), milliseconds);
    Some(format!(
        "undecided: stopped at {} wall time, the bound every run keeps ({}x the wall-time \
         cap of {}), with {} of it not waiting for a CPU (it waited {}) and CPU time {} (the \
         limit {}): the machine did not give it the CPU to decide; --repeat or a quieter \
         machine will\n",
        milliseconds(run.elapsed),
        run::WAIT_BOUND_TIMES,
        milliseconds(kill_after),
        milliseconds(run.capped_wall()),
        milliseconds(run.wait.unwrap_or_default()),
        cpu,
        milliseconds(limits.time)
    ))
}

/// TLE, MLE, OLE or RE, with what to show, when the run broke a limit or
/// failed; `None` when it ran cleanly and only its output is left to judge.
/// For checks that have no expected output to compare (timing).
pub fn fault(run: &Run, limits: Limits) -> Option<(Verdict, String)> {
    let over_time = |what: &str| Some((Verdict::Tle, time_detail(run, limits, what)));
    let over_memory = |peak: Option<u64>| {
        let detail = match peak {
            // The watchdog saw the limit passed; the system's record of the
            // peak, read after the kill, can lag behind what it saw (Linux
            // counts resident pages per thread and folds them in now and
            // then), or be missing: then the limit is what is known.
            Some(peak) if run.killed_for_memory && peak <= limits.memory => format!(
                "killed with {} memory over the limit of {} (its peak as recorded: {})\n",
                run::MEASURED_MEMORY,
                mebibytes(limits.memory),
                mebibytes(peak)
            ),
            None if run.killed_for_memory => format!(
                "killed with {} memory over the limit of {} (its peak not recorded)\n",
                run::MEASURED_MEMORY,
                mebibytes(limits.memory)
            ),
            Some(peak) => format!(
                "{} at {}, over the limit of {}\n",
                if run.killed_for_memory {
                    format!("killed with {} memory", run::MEASURED_MEMORY)
                } else {
                    "peak memory".to_string()
                },
                mebibytes(peak),
                mebibytes(limits.memory)
            ),
            None => allocation_failed_detail(run, limits),
        };
        Some((Verdict::Mle, detail))
    };
    if run.killed_for_time {
        if let Some(detail) = undecided(run, limits) {
            return Some((Verdict::Undecided, detail));
        }
        return over_time("killed after");
    }
    if run.killed_for_memory {
        return over_memory(run.peak_memory);
    }
    if run.output_over_limit {
        let detail = format!(
            "killed after writing more than the output limit of {}\n",
            mebibytes(run.stdout.len() as u64)
        );
        return Some((Verdict::Ole, detail));
    }
    if over_time_limit(run, limits) {
        return over_time("ran");
    }
    if let Some(peak) = run.peak_memory.filter(|&peak| peak > limits.memory) {
        return over_memory(Some(peak));
    }
    if run.ending.success() {
        return None;
    }
    if allocation_failed(&run.stderr) {
        return over_memory(None);
    }
    let mut detail = run.ending.describe();
    if let Some(shortfall) = stack_overflow_shortfall(run, limits) {
        detail.push_str("; ");
        detail.push_str(&shortfall);
    }
    if run.stderr.is_empty() && !run.stdout.is_empty() {
        // A JVM that cannot start says why on stdout.
        detail.push_str("; nothing on stderr; stdout:\n");
        detail.push_str(&first_lines(&run.stdout, STDOUT_LINES, "  "));
    } else if run.stderr.is_empty() {
        detail.push_str("; nothing on stderr\n");
    } else {
        detail.push_str("; stderr:\n");
        detail.push_str(&first_lines(&run.stderr, STDERR_LINES, "  "));
    }
    Some((Verdict::Re, detail))
}

/// The line under any verdict of a run a fork or a new thread of which
/// failed at its cgroup's bound on processes (see
/// [`Run::process_limit_hit`]): an AC that answered with fewer workers,
/// or an RE that did not check fork's result, met the judge's bound.
pub fn process_limit_note(run: &Run) -> Option<String> {
    run.process_limit_hit.then(|| {
        format!(
            "a fork failed: its cgroup holds at most {} processes and threads (pids.max)\n",
            run::PIDS_MAX
        )
    })
}

/// What to add to an RE by SIGSEGV or SIGBUS (how a stack overflow ends
/// on Unix), or one whose stderr says the stack overflowed (Rust's
/// handler then aborts: SIGABRT), when the stack was held below the
/// judge's by the hard limit the tool runs under: otherwise a recursion
/// the judge accepts is an RE with no word of why.
fn stack_overflow_shortfall(run: &Run, limits: Limits) -> Option<String> {
    let segfault = match run.ending {
        Ending::Signal(signal) => {
            ["SIGSEGV", "SIGBUS"].contains(&run::signal_name(signal).as_str())
        }
        Ending::Exited(_) => false,
    };
    let said = contains(&run.stderr, "has overflowed its stack");
    if !segfault && !said {
        return None;
    }
    run::stack_shortfall(limits.stack)
}

/// True when `text` holds `needle`.
fn contains(text: &[u8], needle: &str) -> bool {
    text.windows(needle.len())
        .any(|window| window == needle.as_bytes())
}

/// What an MLE says when the program failed saying an allocation failed:
/// the peak as measured (not a cap it may never have reached: on Linux and
/// macOS nothing caps what a program reserves, and a JVM's heap is full at
/// its own `-Xmx`), and the cap where one is set.
fn allocation_failed_detail(run: &Run, limits: Limits) -> String {
    // A peak over the limit is judged before this: one measured is under.
    let peak = match run.peak_memory {
        Some(peak) => format!(
            "at a measured peak of {} {}, under the limit of {}",
            mebibytes(peak),
            run::MEASURED_MEMORY,
            mebibytes(limits.memory)
        ),
        None => format!(
            "its peak not measured, the limit {}",
            mebibytes(limits.memory)
        ),
    };
    let cap = match run::reservation_cap(limits.memory) {
        Some((cap, what)) => format!(
            "; each process's {what} is capped at {}, which it may have reached",
            mebibytes(cap)
        ),
        None => String::new(),
    };
    format!(
        "{}; an allocation failed, its stderr says, {peak}{cap}:\n{}",
        run.ending.describe(),
        first_lines(&run.stderr, 3, "  ")
    )
}

/// True when a failed program's stderr says an allocation failed: Rust's
/// "memory allocation of N bytes failed", C++'s `std::bad_alloc`, Java's
/// `OutOfMemoryError`, Python's `MemoryError`. That is how running out of
/// memory ends where no peak passes the limit: at a JVM's `-Xmx`, under a
/// cap, or for one allocation larger than the system will promise.
fn allocation_failed(stderr: &[u8]) -> bool {
    [
        "memory allocation of ",
        "bad_alloc",
        "OutOfMemoryError",
        "MemoryError",
    ]
    .iter()
    .any(|needle| {
        stderr
            .windows(needle.len())
            .any(|window| window == needle.as_bytes())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_with(elapsed_ms: u64, peak_mib: Option<u64>, ending: Ending, stdout: &[u8]) -> Run {
        Run {
            elapsed: Duration::from_millis(elapsed_ms),
            peak_memory: peak_mib.map(|mib| mib << 20),
            ending,
            stdout: stdout.to_vec(),
            stderr: b"boom\n".to_vec(),
            ..Run::default()
        }
    }

    /// A run that met its cgroup's bound on processes says so under
    /// its verdict, whatever it is; one that did not says nothing of it.
    #[test]
    fn a_fork_that_met_the_bound_on_processes_is_noted() {
        let mut run = run_with(5, Some(2), Ending::Exited(0), b"1\n");
        assert_eq!(process_limit_note(&run), None);
        run.process_limit_hit = true;
        let note = process_limit_note(&run).unwrap();
        assert!(
            note.contains("at most 4096 processes and threads (pids.max)"),
            "{note}"
        );
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_millis(1000),
        memory: 64 << 20,
        ..crate::rules::DEFAULT_LIMITS
    };

    #[test]
    fn time_then_memory_then_exit_then_output_decide() {
        let ok = Ending::Exited(0);
        let judge = |run: Run| judge_run(&run, b"1\n", LIMITS).0;
        assert_eq!(judge(run_with(5, Some(2), ok, b"1\n")), Verdict::Ac);
        assert_eq!(judge(run_with(5, None, ok, b"1\n")), Verdict::Ac);
        assert_eq!(judge(run_with(5, Some(2), ok, b"2\n")), Verdict::Wa);
        assert_eq!(judge(run_with(5, Some(2), ok, b"1 \n")), Verdict::Pe);
        assert_eq!(
            judge(run_with(5, Some(2), Ending::Exited(1), b"1\n")),
            Verdict::Re
        );
        assert_eq!(
            judge(run_with(5, Some(2), Ending::Signal(9), b"1\n")),
            Verdict::Re
        );
        // A signal after running out of memory or time is that limit's verdict.
        assert_eq!(
            judge(run_with(5, Some(65), Ending::Signal(9), b"")),
            Verdict::Mle
        );
        assert_eq!(
            judge(run_with(1001, Some(2), Ending::Signal(9), b"")),
            Verdict::Tle
        );
        // Right answers do not excuse a limit.
        assert_eq!(judge(run_with(1001, Some(2), ok, b"1\n")), Verdict::Tle);
        assert_eq!(judge(run_with(5, Some(65), ok, b"1\n")), Verdict::Mle);
        let mut killed = run_with(3, Some(2), Ending::Signal(9), b"");
        killed.killed_for_time = true;
        assert_eq!(judge(killed), Verdict::Tle);
    }

    #[test]
    fn runtime_errors_show_the_ending_and_stderr() {
        let run = run_with(5, Some(2), Ending::Exited(101), b"");
        let (_, detail) = judge_run(&run, b"1\n", LIMITS);
        assert_eq!(detail, "exit status 101; stderr:\n  | boom\n");
    }

    #[test]
    fn a_kill_for_memory_or_output_is_its_verdict_whatever_the_ending() {
        let judge = |run: Run| judge_run(&run, b"1\n", LIMITS);
        let mut killed = run_with(5, Some(70), Ending::Signal(9), b"");
        killed.killed_for_memory = true;
        let (verdict, detail) = judge(killed);
        assert_eq!(verdict, Verdict::Mle);
        assert_eq!(
            detail,
            format!(
                "killed with {} memory at 70.0 MiB, over the limit of 64.0 MiB\n",
                run::MEASURED_MEMORY
            )
        );
        let mut flooded = run_with(5, Some(2), Ending::Signal(9), &[b'y'; 1 << 20]);
        flooded.output_over_limit = true;
        let (verdict, detail) = judge(flooded);
        assert_eq!(verdict, Verdict::Ole);
        assert_eq!(
            detail,
            "killed after writing more than the output limit of 1.0 MiB\n"
        );
        // Time still comes first.
        let mut both = run_with(1500, Some(2), Ending::Signal(9), b"");
        both.killed_for_time = true;
        both.output_over_limit = true;
        assert_eq!(judge(both).0, Verdict::Tle);
    }

    #[test]
    fn an_allocation_that_failed_is_mle_and_other_failures_re() {
        let judge = |stderr: &[u8], ending| {
            let mut run = run_with(5, Some(2), ending, b"");
            run.stderr = stderr.to_vec();
            judge_run(&run, b"1\n", LIMITS)
        };
        let (verdict, detail) = judge(
            b"memory allocation of 4294967296 bytes failed\n",
            Ending::Signal(6),
        );
        assert_eq!(verdict, Verdict::Mle);
        // What was measured, not a cap it may never have reached.
        assert!(
            detail.contains(&format!(
                "at a measured peak of 2.0 MiB {}, under the limit of 64.0 MiB",
                run::MEASURED_MEMORY
            )),
            "{detail}"
        );
        let capped = cfg!(windows)
            || !cfg!(any(
                target_os = "linux",
                target_os = "android",
                target_vendor = "apple"
            ));
        assert_eq!(detail.contains("capped at 384.0 MiB"), capped, "{detail}");
        assert!(detail.contains("| memory allocation of"), "{detail}");
        assert_eq!(
            judge(
                b"terminate called after throwing an instance of 'std::bad_alloc'\n",
                Ending::Signal(6)
            )
            .0,
            Verdict::Mle
        );
        assert_eq!(
            judge(b"index out of bounds\n", Ending::Exited(101)).0,
            Verdict::Re
        );
        // A clean exit is judged on its output, whatever it printed.
        assert_eq!(
            judge(b"memory allocation of 1 bytes failed\n", Ending::Exited(0)).0,
            Verdict::Wa
        );
    }

    #[test]
    fn an_allocation_that_failed_with_no_peak_measured_says_so() {
        let mut run = run_with(5, None, Ending::Exited(1), b"");
        run.stderr =
            b"Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n".to_vec();
        let (verdict, detail) = judge_run(&run, b"1\n", LIMITS);
        assert_eq!(verdict, Verdict::Mle);
        // Windows goes on to name the Job's cap on each process's commit.
        assert!(
            detail.starts_with(
                "exit status 1; an allocation failed, its stderr says, its peak not measured, \
                 the limit 64.0 MiB"
            ),
            "{detail}"
        );
        assert!(!detail.contains("at the cap"), "{detail}");
    }

    #[test]
    fn a_failure_that_wrote_only_to_stdout_shows_stdout() {
        // A JVM that cannot start writes its report on stdout.
        let stdout = b"#\n# A fatal error has been detected by the Java Runtime Environment:\n";
        let mut run = run_with(5, Some(2), Ending::Exited(1), stdout);
        run.stderr.clear();
        let (verdict, detail) = judge_run(&run, b"1\n", LIMITS);
        assert_eq!(verdict, Verdict::Re);
        assert_eq!(
            detail,
            "exit status 1; nothing on stderr; stdout:\n  | #\n  | # A fatal error has been \
             detected by the Java Runtime Environment:\n"
        );
        let mut run = run_with(5, Some(2), Ending::Exited(1), b"");
        run.stderr.clear();
        assert_eq!(
            judge_run(&run, b"1\n", LIMITS).1,
            "exit status 1; nothing on stderr\n"
        );
    }

    #[test]
    fn a_kill_for_memory_never_shows_a_peak_under_the_limit_as_over_it() {
        let mut run = run_with(5, Some(63), Ending::Signal(9), b"");
        run.killed_for_memory = true;
        let (verdict, detail) = judge_run(&run, b"1\n", LIMITS);
        assert_eq!(verdict, Verdict::Mle);
        assert_eq!(
            detail,
            format!(
                "killed with {} memory over the limit of 64.0 MiB (its peak as recorded: \
                 63.0 MiB)\n",
                run::MEASURED_MEMORY
            )
        );
        run.peak_memory = None;
        let (verdict, detail) = judge_run(&run, b"1\n", LIMITS);
        assert_eq!(verdict, Verdict::Mle);
        assert_eq!(
            detail,
            format!(
                "killed with {} memory over the limit of 64.0 MiB (its peak not recorded)\n",
                run::MEASURED_MEMORY
            )
        );
    }

    #[test]
    fn the_clock_decides_tle_by_cpu_time_with_a_wall_cap_or_by_wall_time() {
        use crate::rules::{Clock, WallCap};
        let cpu_rule = LIMITS;
        let wall_rule = Limits {
            clock: Clock::Wall,
            ..LIMITS
        };
        let domjudge = Limits {
            clock: Clock::Cpu(WallCap::Overshoot),
            ..LIMITS
        };
        // (limits, CPU ms, wall ms, TLE)
        for (limits, cpu, wall, tle) in [
            // A busy loop on a busy machine: AC by CPU, TLE by wall.
            (cpu_rule, Some(600), 1500, false),
            (wall_rule, Some(600), 1500, true),
            // Two threads of 700 ms each: TLE by CPU, AC by wall.
            (cpu_rule, Some(1400), 700, true),
            (wall_rule, Some(1400), 700, false),
            // A sleeper: TLE past the cap, not before.
            (cpu_rule, Some(1), 1999, false),
            (cpu_rule, Some(1), 2001, true),
            (domjudge, Some(1), 1999, false),
            (domjudge, Some(1), 2001, true),
            // At the limit is within it.
            (cpu_rule, Some(1000), 1000, false),
            // CPU time not measured: wall time decides.
            (cpu_rule, None, 1001, true),
            (cpu_rule, None, 999, false),
        ] {
            let run = Run {
                cpu: cpu.map(Duration::from_millis),
                ..run_with(wall, Some(1), Ending::Exited(0), b"1\n")
            };
            let (verdict, detail) = judge_run(&run, b"1\n", limits);
            assert_eq!(
                verdict == Verdict::Tle,
                tle,
                "{limits:?} {cpu:?} {wall}: {detail}"
            );
            let decided = deciding_time(&run, limits);
            let expected = match (limits.clock, cpu) {
                (Clock::Cpu(_), Some(cpu)) => Duration::from_millis(cpu),
                _ => Duration::from_millis(wall),
            };
            assert_eq!(decided, expected);
        }
        let run = Run {
            cpu: Some(Duration::from_millis(1400)),
            ..run_with(700, Some(1), Ending::Exited(0), b"1\n")
        };
        assert_eq!(
            judge_run(&run, b"1\n", cpu_rule).1,
            "ran 1400.00 ms of CPU time (700.00 ms wall), over the time limit of 1000.00 ms\n"
        );
        assert_eq!(
            LIMITS.kill_points(),
            (
                Duration::from_millis(2000),
                Some(Duration::from_millis(1500))
            )
        );
        assert_eq!(wall_rule.kill_points(), (Duration::from_millis(1500), None));
    }

    /// The wall-time cap is held against wall time less the wait for a
    /// CPU: "wall less the wait > cap" is TLE; the wait is never taken
    /// from CPU time, nor from wall time under the wall rule.
    #[test]
    fn the_wait_for_a_cpu_is_not_held_against_the_wall_cap() {
        use crate::rules::Clock;
        let wall_rule = Limits {
            clock: Clock::Wall,
            ..LIMITS
        };
        // (limits, CPU ms, wall ms, wait ms, TLE); the default cap: 2 s.
        for (limits, cpu, wall, wait, tle) in [
            // 600 ms of CPU beside busy loops: AC, however long it waited.
            (LIMITS, 600, 2500, Some(1900), false),
            (LIMITS, 600, 9000, Some(8400), false),
            // The same without the wait measured: TLE by the cap.
            (LIMITS, 600, 2500, None, true),
            // A sleeper: past the cap by what it did not wait.
            (LIMITS, 1, 2100, Some(100), false),
            (LIMITS, 1, 2100, Some(99), true),
            (LIMITS, 1, 2001, Some(0), true),
            // The CPU limit is the CPU limit.
            (LIMITS, 1001, 1500, Some(1400), true),
            // A wait past the wall time (it cannot be, but never wraps).
            (LIMITS, 600, 500, Some(900), false),
            (wall_rule, 600, 1500, Some(1400), true),
        ] {
            let run = Run {
                cpu: Some(Duration::from_millis(cpu)),
                wait: wait.map(Duration::from_millis),
                ..run_with(wall, Some(1), Ending::Exited(0), b"1\n")
            };
            let (verdict, detail) = judge_run(&run, b"1\n", limits);
            assert_eq!(
                verdict == Verdict::Tle,
                tle,
                "{cpu} {wall} {wait:?}: {detail}"
            );
        }
        let run = |wait: Option<u64>| Run {
            cpu: Some(Duration::from_millis(5)),
            wait: wait.map(Duration::from_millis),
            killed_for_time: true,
            ..run_with(2400, Some(1), Ending::Signal(9), b"")
        };
        assert_eq!(
            judge_run(&run(Some(300)), b"1\n", LIMITS).1,
            "killed after 2400.00 ms wall time, 2100.00 ms of it not waiting for a CPU \
             (it waited 300.00 ms), past the wall-time cap of 2000.00 ms (CPU time 5.00 ms, \
             the limit 1000.00 ms)\n"
        );
        // Stopped at the bound, wall time less the wait under the cap:
        // neither AC nor TLE.
        let bounded = Run {
            killed_at_bound: true,
            cpu: Some(Duration::from_millis(300)),
            wait: Some(Duration::from_millis(9_200)),
            ..run(None)
        };
        let bounded = Run {
            elapsed: Duration::from_millis(10_010),
            ..bounded
        };
        let (verdict, detail) = judge_run(&bounded, b"1\n", LIMITS);
        assert_eq!(verdict, Verdict::Undecided);
        assert_eq!(
            detail,
            "undecided: stopped at 10010.00 ms wall time, the bound every run keeps (5x the \
             wall-time cap of 2000.00 ms), with 810.00 ms of it not waiting for a CPU (it \
             waited 9200.00 ms) and CPU time 300.00 ms (the limit 1000.00 ms): the machine \
             did not give it the CPU to decide; --repeat or a quieter machine will\n"
        );
        // Past the CPU limit it is TLE, bound or not.
        let spent = Run {
            cpu: Some(Duration::from_millis(1400)),
            ..bounded
        };
        assert_eq!(judge_run(&spent, b"1\n", LIMITS).0, Verdict::Tle);
        assert_eq!(
            judge_run(&run(None), b"1\n", LIMITS).1,
            "killed after 2400.00 ms wall time, past the wall-time cap of 2000.00 ms \
             (CPU time 5.00 ms, the limit 1000.00 ms)\nthe wait for a CPU is not measured \
             here: unless the program sleeps or blocks, the machine's load is the likely \
             cause; --repeat or a quieter machine decides\n"
        );
    }
}
