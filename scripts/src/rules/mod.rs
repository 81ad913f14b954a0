//! The rules a case is judged by: its limits (time, memory, output,
//! stack) and, in `profile.rs`, how each judge times, compares and names
//! what it sees. A low floor: the readers (workspace metadata, packages,
//! the command line) produce these, the runners and checkers consume them,
//! and this room imports nothing of the tool's own.

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
}

/// Limits when none are given: the usual judge's.
pub const DEFAULT_LIMITS: Limits = Limits {
    time: Duration::from_millis(1000),
    memory: 256 << 20,
    output: None,
    stack: Stack::Unlimited,
};

impl Limits {
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
}
