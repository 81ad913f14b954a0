//! The built program on failing streams and control bytes, as a judge runs
//! it: the checks every solution shares, on this one's binary and inputs.

#[macro_use]
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
    error_line: "board 1: unexpected character '\\0' (expected B, W or O)\n",
};

failing_streams_tests!(SOLUTION);
