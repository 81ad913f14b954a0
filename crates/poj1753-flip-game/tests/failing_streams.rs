//! The built program on failing streams and control bytes, as a judge runs
//! it: the checks every solution shares, on this one's binary and inputs.

#[macro_use]
#[path = "../../../scripts/solution-tests/failing_streams.rs"]
mod failing_streams;

use failing_streams::Solution;

const SOLUTION: Solution = Solution {
    program: env!("CARGO_BIN_EXE_poj1753-flip-game"),
    // The judge's sample.
    valid_input: b"bwwb\nbbwb\nbwwb\nbwww\n",
    valid_answer: b"4\n",
    bad_input: b"bwwb\nb\0\x1bb\n",
    answers_before_the_fault: b"",
    error_line: "board 1: unexpected character '\\0', expected 'b' or 'w'\n",
};

failing_streams_tests!(SOLUTION);
