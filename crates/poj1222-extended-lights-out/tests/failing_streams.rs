//! The built program on failing streams and control bytes, as a judge runs
//! it: the checks every solution shares, on this one's binary and inputs.

#[macro_use]
#[path = "../../../scripts/solution-tests/failing_streams.rs"]
mod failing_streams;

use failing_streams::Solution;

const SOLUTION: Solution = Solution {
    program: env!("CARGO_BIN_EXE_poj1222-extended-lights-out"),
    // One puzzle, all lights off: press nothing.
    valid_input: b"1\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n",
    valid_answer: b"PUZZLE #1\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n",
    bad_input: b"1\n0 \x1b[2J\0\n",
    answers_before_the_fault: b"",
    error_line: "puzzle #1: row 1, column 2 is \"\\u{1b}[2J\\0\", expected 0 or 1\n",
};

failing_streams_tests!(SOLUTION);
