//! The expected output for a valid Four in a Line input, by the plain breadth-first search the
//! tests trust (`shared/plain_bfs.rs`), run once for each first mover. With `gen.rs`, a stress
//! test:
//!
//! ```text
//! for seed in $(seq 0 1999); do
//!     diff <(gen $seed | brute) <(gen $seed | luogu-p2346-four-in-line) || echo "seed $seed"
//! done
//! ```
//!
//! It trusts its input: every byte that is not whitespace is a square, 16 to a board, and every
//! board is legal. The answer follows the judges' convention: at least 1, even for a board that
//! already has a line.

use std::io::{self, Read, Write};

#[path = "shared/plain_bfs.rs"]
mod plain_bfs;

fn main() {
    let mut input = Vec::new();
    io::stdin()
        .read_to_end(&mut input)
        .expect("stdin is readable");
    input.retain(|byte| !byte.is_ascii_whitespace());
    let mut output = String::new();
    for squares in input.chunks_exact(16) {
        let squares: [u8; 16] = squares.try_into().expect("16 squares");
        let distance = [b'B', b'W']
            .into_iter()
            .filter_map(|first_mover| plain_bfs::simple_distance(squares, first_mover))
            .min()
            .expect("every legal board reaches a line");
        output += &format!("{}\n", distance.max(1));
    }
    io::stdout()
        .write_all(output.as_bytes())
        .expect("stdout is writable");
}
