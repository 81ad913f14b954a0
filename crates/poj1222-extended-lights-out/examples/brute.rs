//! The expected output for a valid Extended Lights Out input, by the first-row chase the tests
//! trust (`shared/first_row_chase.rs`), printed with the tests' own writer of the judge's text
//! (`shared/judge_text.rs`). With `gen.rs`, a stress test:
//!
//! ```text
//! for seed in $(seq 0 1999); do
//!     diff <(gen $seed | brute) <(gen $seed | poj1222-extended-lights-out) || echo "seed $seed"
//! done
//! ```
//!
//! It trusts its input: the count, then 30 values per puzzle, `1` for a light that is on.

use std::io::{self, Read, Write};

#[path = "shared/first_row_chase.rs"]
mod first_row_chase;

// Only the answer half of the judge's text is needed here; `gen.rs` uses the input half.
#[allow(dead_code)]
#[path = "shared/judge_text.rs"]
mod judge_text;

use first_row_chase::{presses_by_first_row_chase, COLUMNS, ROWS};

fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("stdin is readable UTF-8");
    let mut values = input.split_ascii_whitespace();
    let count: u64 = values
        .next()
        .and_then(|count| count.parse().ok())
        .expect("the input starts with the number of puzzles");
    let mut output = String::new();
    for puzzle in 1..=count {
        let mut lights = 0u32;
        for cell in 0..ROWS * COLUMNS {
            if values.next() == Some("1") {
                lights |= 1 << cell;
            }
        }
        let presses = presses_by_first_row_chase(lights).expect("every 5x6 board is solvable");
        output += &judge_text::answer_text(puzzle, presses);
    }
    io::stdout()
        .write_all(output.as_bytes())
        .expect("stdout is writable");
}
