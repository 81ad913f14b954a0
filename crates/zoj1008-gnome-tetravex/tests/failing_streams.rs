//! The built program on failing streams and control bytes, as a judge runs
//! it: the checks every solution shares, on this one's binary and inputs.

#[macro_use]
#[path = "../../../scripts/solution-tests/failing_streams.rs"]
mod failing_streams;

use failing_streams::Solution;

const SOLUTION: Solution = Solution {
    program: env!("CARGO_BIN_EXE_zoj1008-gnome-tetravex"),
    // One 1×1 game, always solvable.
    valid_input: b"1\n1 2 3 4\n0\n",
    valid_answer: b"Game 1: Possible\n",
    bad_input: b"1\n1 2 3 4\n\x1b]0;x\x07\n",
    answers_before_the_fault: b"Game 1: Possible\n",
    error_line: "game 2: the side n is \"\\u{1b}]0;x\\u{7}\", not a number\n",
};

failing_streams_tests!(SOLUTION);
