//! The built program run as a judge runs it, on what the in-memory tests cannot reach: a stderr
//! that cannot be written, and the bytes its error line really puts on a terminal. Whatever
//! fails, the promise is one error line (when it can be written), exit status 1, never a panic.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::process::{Command, Output, Stdio};

const PROGRAM: &str = env!("CARGO_BIN_EXE_poj1222-extended-lights-out");

/// One puzzle, all lights off, and its answer: press nothing.
const VALID_INPUT: &[u8] = b"1\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n";
const VALID_ANSWER: &[u8] =
    b"PUZZLE #1\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n";

/// Runs the program on `input`; stdout and stderr go to the files given, or are captured.
fn run_program(input: &[u8], stdout: Option<File>, stderr: Option<File>) -> Output {
    let mut child = Command::new(PROGRAM)
        .stdin(Stdio::piped())
        .stdout(stdout.map_or_else(Stdio::piped, Stdio::from))
        .stderr(stderr.map_or_else(Stdio::piped, Stdio::from))
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A program that has already failed may close its stdin early: not this test's concern.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("the program runs")
}

/// `/dev/full`, where every write fails; `None` on systems without it, where the test is skipped.
fn dev_full() -> Option<File> {
    match OpenOptions::new().write(true).open("/dev/full") {
        Ok(file) => Some(file),
        Err(error) => {
            eprintln!("skipped: cannot open /dev/full: {error}");
            None
        }
    }
}

fn assert_failed_without_panic(output: &Output) {
    // A panic exits with status 101; its message would go to the unwritable stderr.
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("panicked"));
}

#[test]
fn bad_input_with_stderr_unwritable_exits_with_status_1() {
    let Some(full) = dev_full() else { return };
    let output = run_program(b"x\n", None, Some(full));
    assert_failed_without_panic(&output);
    assert!(output.stdout.is_empty());
}

#[test]
fn unwritable_stdout_and_stderr_exit_with_status_1() {
    let (Some(stdout), Some(stderr)) = (dev_full(), dev_full()) else {
        return;
    };
    let output = run_program(VALID_INPUT, Some(stdout), Some(stderr));
    assert_failed_without_panic(&output);
}

#[test]
fn control_bytes_reach_stderr_escaped_in_one_line() {
    let output = run_program(b"1\n0 \x1b[2J\0\n", None, None);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "puzzle #1: row 1, column 2 is \"\\u{1b}[2J\\0\", expected 0 or 1\n"
    );
}

#[test]
fn a_valid_input_is_answered() {
    let output = run_program(VALID_INPUT, None, None);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, VALID_ANSWER);
    assert!(output.stderr.is_empty());
}
