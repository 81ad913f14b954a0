//! The rules a case is judged by: its limits (time, memory, output,
//! stack) and, in `profile.rs`, how each judge times, compares and names
//! what it sees. A low floor: the readers (workspace metadata, packages,
//! the command line) produce these, the runners and checkers consume them,
//! and this room imports nothing of the tool's own.

pub mod profile;

use std::time::Duration;

/// Standard output kept when no limit is given: a judge's usual output
/// limit.
pub const DEFAULT_OUTPUT_LIMIT: u64 = 64 << 20;

/// A judge's limits for one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub time: Duration,
    /// In bytes.
    pub memory: u64,
    /// Standard output in bytes past which a run is OLE; `None`: 64 MiB, or
    /// twice the case's answer and 1 MiB more (see [`Limits::output_for`]).
    pub output: Option<u64>,
    /// The stack the program starts with (Unix).
    pub stack: Stack,
    /// What the time limit is held against.
    pub clock: Clock,
}

/// What a judge holds the time limit against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Wall time, from start to exit.
    Wall,
    /// CPU time (user and system, every thread of the program and the
    /// processes it waited for), with a looser wall-time cap for a program
    /// that sleeps or blocks.
    Cpu(WallCap),
}

/// The wall time a program held to CPU time may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallCap {
    /// This many times the limit.
    Times(u32),
    /// DOMjudge's hard limit: the limit plus its default overshoot, the
    /// larger of 1 s and 10 % (`timelimit_overshoot: 1s|10%`).
    Overshoot,
    /// DOMjudge's hard wall limit for an interactive run: twice
    /// [`WallCap::Overshoot`] (`judge/judgedaemon.main.php`,
    /// `runTestcase`: `$timelimit['wall'][1] *= 2` for a combined run
    /// and compare).
    OvershootTwice,
}

impl Clock {
    /// The wall time past which a run under `limit` is TLE however little
    /// CPU it used.
    pub fn wall_cap(self, limit: Duration) -> Duration {
        match self {
            Clock::Wall => limit,
            Clock::Cpu(WallCap::Times(times)) => limit.saturating_mul(times),
            Clock::Cpu(WallCap::Overshoot) => limit + (limit / 10).max(Duration::from_secs(1)),
            Clock::Cpu(WallCap::OvershootTwice) => Clock::Cpu(WallCap::Overshoot)
                .wall_cap(limit)
                .saturating_mul(2),
        }
    }

    /// For the report: "CPU time, wall time capped at 2x".
    pub fn describe(self) -> String {
        match self {
            Clock::Wall => "wall time".to_string(),
            Clock::Cpu(WallCap::Times(times)) => {
                format!("CPU time, wall time capped at {times}x the limit")
            }
            Clock::Cpu(WallCap::Overshoot) => {
                "CPU time, wall time capped at the limit plus max(1 s, 10 %)".to_string()
            }
            Clock::Cpu(WallCap::OvershootTwice) => {
                "CPU time, wall time capped at twice the limit plus max(1 s, 10 %)".to_string()
            }
        }
    }

    /// The clock of an interactive run: the same, but DOMjudge's wall
    /// cap doubled, as DOMjudge doubles it for a combined run and compare
    /// (the interactor's wall time is spent in the run's).
    pub fn interactive(self) -> Clock {
        match self {
            Clock::Cpu(WallCap::Overshoot) => Clock::Cpu(WallCap::OvershootTwice),
            other => other,
        }
    }
}

/// Limits when none are given: the usual judge's.
pub const DEFAULT_LIMITS: Limits = Limits {
    time: Duration::from_millis(1000),
    memory: 256 << 20,
    output: None,
    stack: Stack::Unlimited,
    clock: Clock::Cpu(WallCap::Times(2)),
};

impl Limits {
    /// When a run under these limits is killed: past the wall time, and
    /// past the CPU time where the clock is CPU. A run past its time limit
    /// is killed a little later (half the limit more, at most a second
    /// more), so that the report can say how far past it went; under a
    /// CPU rule the wall time runs to the cap.
    pub fn kill_points(&self) -> (Duration, Option<Duration>) {
        let past = self.time + (self.time / 2).min(Duration::from_secs(1));
        match self.clock {
            Clock::Wall => (past, None),
            Clock::Cpu(_) => (self.clock.wall_cap(self.time).max(past), Some(past)),
        }
    }

    /// True when `time` (the time that decides a run) is within 20 % of
    /// the time limit, either side: a verdict another machine may not
    /// share.
    pub fn near_time_limit(&self, time: Duration) -> bool {
        self.near_time_limit_between(time, time)
    }

    /// True when some time from `least` to `most` is within a fifth of
    /// the time limit, either side: runs of one case (`--repeat`) that
    /// another machine may judge otherwise.
    pub fn near_time_limit_between(&self, least: Duration, most: Duration) -> bool {
        let limit = self.time.as_secs_f64();
        most.as_secs_f64() >= limit * 0.8 && least.as_secs_f64() <= limit * 1.2
    }

    /// The output limit for a case whose answer has `answer_size` bytes.
    pub fn output_for(&self, answer_size: u64) -> u64 {
        self.output.unwrap_or_else(|| output_limit(answer_size))
    }
}

/// The output limit for a case whose expected output has `expected_size`
/// bytes: 64 MiB, or twice that and 1 MiB more when larger.
pub fn output_limit(expected_size: u64) -> u64 {
    DEFAULT_OUTPUT_LIMIT.max(expected_size.saturating_mul(2).saturating_add(1 << 20))
}

/// The stack limit (`RLIMIT_STACK`) a program starts with on Unix, where
/// it bounds how far the main thread's stack grows. Judges give far more
/// than a shell's usual 8 MiB: DOMjudge's runguard sets it unlimited, the
/// memory limit bounding the total, and so does the tool by default.
/// Unlimited rather than the memory limit: glibc gives each new thread a
/// stack the size of the limit (2 MiB when unlimited), so a limit of
/// 256 MiB would make a few threads reserve more than the address-space
/// cap. Never above the hard limit in force (macOS's is usually 64 MiB).
/// On Windows the stack is fixed when the program is linked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stack {
    Unlimited,
    /// In bytes.
    Bytes(u64),
}

impl Stack {
    /// `unlimited`, or a whole number of MiB above 0.
    pub fn parse_mib(text: &str) -> Option<Stack> {
        if text == "unlimited" {
            return Some(Stack::Unlimited);
        }
        let mib: u64 = text.parse().ok().filter(|&mib| mib > 0)?;
        Some(Stack::Bytes(mib.saturating_mul(1 << 20)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_output_limit_is_the_given_one_or_grows_with_the_answer() {
        let limits = Limits {
            output: Some(8 << 20),
            ..DEFAULT_LIMITS
        };
        assert_eq!(limits.output_for(100 << 20), 8 << 20);
        assert_eq!(DEFAULT_LIMITS.output_for(100 << 20), 201 << 20);
        assert_eq!(DEFAULT_LIMITS.output_for(1), DEFAULT_OUTPUT_LIMIT);
    }

    #[test]
    fn a_time_within_a_fifth_of_the_limit_either_side_is_near_it() {
        let near = |ms: u64| DEFAULT_LIMITS.near_time_limit(Duration::from_millis(ms));
        for (ms, expected) in [
            (0, false),
            (799, false),
            (800, true),
            (1000, true),
            (1200, true),
            (1201, false),
        ] {
            assert_eq!(near(ms), expected, "{ms}");
        }
    }

    #[test]
    fn an_interactive_run_doubles_domjudges_wall_cap_alone() {
        let second = Duration::from_secs(1);
        let domjudge = Clock::Cpu(WallCap::Overshoot);
        assert_eq!(domjudge.wall_cap(second), Duration::from_secs(2));
        assert_eq!(
            domjudge.interactive().wall_cap(second),
            Duration::from_secs(4)
        );
        let ten = Duration::from_secs(10);
        assert_eq!(
            domjudge.interactive().wall_cap(ten),
            Duration::from_secs(22)
        );
        for clock in [Clock::Wall, Clock::Cpu(WallCap::Times(2))] {
            assert_eq!(clock.interactive(), clock);
        }
        // Killed past the limit by half of it more, a second more at most.
        let interactive = Limits {
            time: ten,
            clock: domjudge.interactive(),
            ..DEFAULT_LIMITS
        };
        let eleven = Duration::from_secs(11);
        assert_eq!(
            interactive.kill_points(),
            (Duration::from_secs(22), Some(eleven))
        );
    }
}
