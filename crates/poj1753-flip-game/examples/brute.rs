//! The expected output for a valid Flip Game input, by the plain brute force over all 2^16 press
//! sets that the tests trust (`shared/brute_force.rs`). With `gen.rs`, a stress test:
//!
//! ```text
//! for seed in $(seq 0 1999); do
//!     diff <(gen $seed | brute) <(gen $seed | poj1753-flip-game) || echo "seed $seed"
//! done
//! ```
//!
//! It trusts its input: every character that is not whitespace is a piece, `b` black and
//! anything else white, 16 to a board.

use std::io::{self, Read, Write};

#[path = "shared/brute_force.rs"]
mod brute_force;

fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("stdin is readable UTF-8");
    let pieces: Vec<bool> = input
        .chars()
        .filter(|piece| !piece.is_whitespace())
        .map(|piece| piece == 'b')
        .collect();
    let fewest_rounds = brute_force::brute_force_table();
    let mut output = String::new();
    for board_pieces in pieces.chunks(16) {
        let mut board = 0u16;
        for (square, &black) in board_pieces.iter().enumerate() {
            board |= u16::from(black) << square;
        }
        match fewest_rounds[usize::from(board)] {
            Some(rounds) => output += &format!("{rounds}\n"),
            None => output += "Impossible\n",
        }
    }
    io::stdout()
        .write_all(output.as_bytes())
        .expect("stdout is writable");
}
