//! The built program on failing streams and control bytes, as a judge runs
//! it: the checks every solution shares, on this one's binary and inputs.

#[macro_use]
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

failing_streams_tests!(SOLUTION);
