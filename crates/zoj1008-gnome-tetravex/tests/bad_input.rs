//! The built program on bad input, as a whole process: what only the real
//! stdin, stdout and stderr can show.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const PROGRAM: &str = env!("CARGO_BIN_EXE_zoj1008-gnome-tetravex");

/// Runs the program on `input` with stderr sent to `stderr`.
fn run_with_stderr(input: &[u8], stderr: Stdio) -> std::process::Output {
    let mut child = Command::new(PROGRAM)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the program starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input)
        .expect("the program reads its input");
    child.wait_with_output().expect("the program ends")
}

#[test]
fn an_unwritable_stderr_still_ends_with_status_1_and_no_panic() {
    // /dev/full refuses every write; where it does not exist there is
    // nothing to check.
    if !Path::new("/dev/full").exists() {
        return;
    }
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens for writing");
    let output = run_with_stderr(b"x\n", Stdio::from(full));
    assert_eq!(output.status.code(), Some(1), "a panic exits with 101");
    assert!(output.stdout.is_empty());
}

#[test]
fn the_error_line_escapes_control_bytes() {
    let output = run_with_stderr(b"1\n1 2 3 4\n\x1b]0;x\x07\n", Stdio::piped());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(output.stdout, b"Game 1: Possible\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "game 2: the side n is \"\\u{1b}]0;x\\u{7}\", not a number\n"
    );
}
