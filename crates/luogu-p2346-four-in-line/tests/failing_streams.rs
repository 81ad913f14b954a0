//! The built program on failing streams and control bytes, as a judge runs
//! it: the checks every solution shares, on this one's binary and inputs.

#[path = "../../../scripts/solution-tests/failing_streams.rs"]
mod failing_streams;

use failing_streams::Solution;

const SOLUTION: Solution = Solution {
    program: env!("CARGO_BIN_EXE_luogu-p2346-four-in-line"),
    // The judge's sample.
    valid_input: b"BWBO\nWBWB\nBWBW\nWBWO\n",
    valid_answer: b"5\n",
    bad_input: b"BWBO\nW\0\x1bB\n",
    answers_before_the_fault: b"",
    error_line: "board 1: unexpected character \'\\0\' (expected B, W or O)\n",
};

#[test]
fn bad_input_with_stderr_unwritable_exits_with_status_1() {
    SOLUTION.bad_input_with_stderr_unwritable_exits_with_status_1();
}

#[test]
fn unwritable_stdout_and_stderr_exit_with_status_1() {
    SOLUTION.unwritable_stdout_and_stderr_exit_with_status_1();
}

#[test]
fn control_bytes_reach_stderr_escaped_in_one_line() {
    SOLUTION.control_bytes_reach_stderr_escaped_in_one_line();
}

#[test]
fn a_valid_input_is_answered() {
    SOLUTION.a_valid_input_is_answered();
}
