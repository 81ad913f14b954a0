//! Inputs and answers in the judge's exact text, written plainly: the tests build inputs and
//! expected outputs with it, `examples/gen.rs` writes its inputs and `examples/brute.rs` its
//! answers.
//!
//! A board is a mask with bit `6 * row + column` set for a light that is on (or a button to
//! press), row 0 at the top and column 0 at the left.

/// The 5 lines of a board: 6 values `0`/`1` each, one space apart.
fn board_lines(board: u32) -> String {
    let mut text = String::new();
    for row in 0..5 {
        let values: Vec<&str> = (0..6)
            .map(|column| {
                if board >> (6 * row + column) & 1 == 1 {
                    "1"
                } else {
                    "0"
                }
            })
            .collect();
        text += &values.join(" ");
        text += "\n";
    }
    text
}

/// A whole input: the number of puzzles, then each puzzle's lights.
pub fn input_text(puzzles: &[u32]) -> String {
    let mut text = format!("{}\n", puzzles.len());
    for &lights in puzzles {
        text += &board_lines(lights);
    }
    text
}

/// The answer to puzzle number `puzzle` (from 1): its `PUZZLE #m` line, then the presses.
pub fn answer_text(puzzle: u64, presses: u32) -> String {
    format!("PUZZLE #{puzzle}\n{}", board_lines(presses))
}
