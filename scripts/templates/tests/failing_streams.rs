//! The built program on failing streams and control bytes, as a judge runs
//! it: the checks every solution shares, on this one's binary and inputs.

#[path = "../../../scripts/solution-tests/failing_streams.rs"]
mod failing_streams;

use failing_streams::Solution;

const SOLUTION: Solution = Solution {
    program: env!("CARGO_BIN_EXE_{name}"),
    // TODO: the problem's own: a valid input and its answer; an input whose
    // fault is a token with control bytes, what is printed before it, and
    // the error line.
    valid_input: b"1\n2\n",
    valid_answer: b"1\n2\n",
    bad_input: b"1\nx\x1b[2J\0\n",
    answers_before_the_fault: b"1\n",
    error_line: "case 2: \"x\\u{1b}[2J\\0\" is not a whole number\n",
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
