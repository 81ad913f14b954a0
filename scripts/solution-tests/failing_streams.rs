//! The built solution run as a judge runs it, on what in-memory tests cannot
//! reach: a stderr that cannot be written, and the bytes its error line
//! really puts on a terminal. Whatever fails, the promise is one error line
//! (when it can be written), exit status 1, never a panic.
//!
//! Every problem crate's `tests/failing_streams.rs` includes this file with
//! `#[path]` and `#[macro_use]`, describes its binary and inputs as a
//! [`Solution`], and turns the checks into tests with
//! `failing_streams_tests!(SOLUTION)`.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Each check of [`Solution`] as a `#[test]` function of the crate that
/// invokes this with its `Solution`.
macro_rules! failing_streams_tests {
    ($solution:expr) => {
        #[test]
        fn bad_input_with_stderr_unwritable_exits_with_status_1() {
            $solution.bad_input_with_stderr_unwritable_exits_with_status_1();
        }

        #[test]
        fn unwritable_stdout_and_stderr_exit_with_status_1() {
            $solution.unwritable_stdout_and_stderr_exit_with_status_1();
        }

        #[test]
        fn control_bytes_reach_stderr_escaped_in_one_line() {
            $solution.control_bytes_reach_stderr_escaped_in_one_line();
        }

        #[test]
        fn a_valid_input_is_answered() {
            $solution.a_valid_input_is_answered();
        }
    };
}

/// A solution's binary and the inputs its checks use.
pub struct Solution {
    /// `env!("CARGO_BIN_EXE_<crate>")`.
    pub program: &'static str,
    /// A valid input and its exact answer.
    pub valid_input: &'static [u8],
    pub valid_answer: &'static [u8],
    /// An input whose fault is a token holding control bytes (NUL, ESC...),
    /// what the program prints before failing, and its exact error line.
    pub bad_input: &'static [u8],
    pub answers_before_the_fault: &'static [u8],
    pub error_line: &'static str,
}

impl Solution {
    /// Runs the program on `input`; stdout and stderr go to the files
    /// given, or are captured.
    fn run(&self, input: &[u8], stdout: Option<File>, stderr: Option<File>) -> Output {
        let mut child = Command::new(self.program)
            .stdin(Stdio::piped())
            .stdout(stdout.map_or_else(Stdio::piped, Stdio::from))
            .stderr(stderr.map_or_else(Stdio::piped, Stdio::from))
            .spawn()
            .expect("the program starts");
        let mut stdin = child.stdin.take().expect("stdin is piped");
        // A program that has already failed may close its stdin early: not
        // this check's concern.
        let _ = stdin.write_all(input);
        drop(stdin);
        child.wait_with_output().expect("the program runs")
    }

    /// Bad input with stderr on `/dev/full`: exit status 1, not a panic's
    /// 101.
    pub fn bad_input_with_stderr_unwritable_exits_with_status_1(&self) {
        let Some(full) = dev_full() else { return };
        let output = self.run(self.bad_input, None, Some(full));
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        assert_eq!(output.stdout, self.answers_before_the_fault);
    }

    /// Answers that cannot be written, nor the error saying so: exit 1.
    pub fn unwritable_stdout_and_stderr_exit_with_status_1(&self) {
        let (Some(stdout), Some(stderr)) = (dev_full(), dev_full()) else {
            return;
        };
        let output = self.run(self.valid_input, Some(stdout), Some(stderr));
        assert_eq!(output.status.code(), Some(1), "{output:?}");
    }

    /// The error line, as the terminal gets it: one line, control bytes
    /// escaped.
    pub fn control_bytes_reach_stderr_escaped_in_one_line(&self) {
        let output = self.run(self.bad_input, None, None);
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(output.stdout, self.answers_before_the_fault);
        assert_eq!(String::from_utf8_lossy(&output.stderr), self.error_line);
        assert!(!output
            .stderr
            .iter()
            .any(|&byte| byte < 0x20 && byte != b'\n'));
    }

    pub fn a_valid_input_is_answered(&self) {
        let output = self.run(self.valid_input, None, None);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(output.stdout, self.valid_answer);
        assert!(output.stderr.is_empty());
    }
}

/// `/dev/full`, where every write fails; `None` on systems without it,
/// where the check is skipped.
fn dev_full() -> Option<File> {
    match OpenOptions::new().write(true).open("/dev/full") {
        Ok(file) => Some(file),
        Err(error) => {
            eprintln!("skipped: cannot open /dev/full: {error}");
            None
        }
    }
}
