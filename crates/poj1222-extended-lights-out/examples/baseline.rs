//! Reference program for `scripts/bench`: same input and output as the solution, but solving
//! each puzzle by trying all 64 top rows (see `shared/first_row_chase.rs`), parsing with
//! `str::split_ascii_whitespace` and printing with `write!`. It assumes well-formed input.

use std::io::{self, Read, Write};

#[path = "shared/first_row_chase.rs"]
mod first_row_chase;

use first_row_chase::{presses_by_first_row_chase, COLUMNS, ROWS};

fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("stdin is not readable UTF-8");
    let mut tokens = input.split_ascii_whitespace();
    let puzzle_count: u64 = tokens
        .next()
        .and_then(|token| token.parse().ok())
        .expect("the input starts with the number of puzzles");
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for puzzle in 1..=puzzle_count {
        let mut lights = 0u32;
        for cell in 0..ROWS * COLUMNS {
            if tokens.next() == Some("1") {
                lights |= 1 << cell;
            }
        }
        let presses = presses_by_first_row_chase(lights).expect("every 5x6 board is solvable");
        writeln!(out, "PUZZLE #{puzzle}").unwrap();
        for row in 0..ROWS {
            for column in 0..COLUMNS {
                let separator = if column + 1 == COLUMNS { '\n' } else { ' ' };
                let pressed = (presses >> (COLUMNS * row + column)) & 1;
                write!(out, "{pressed}{separator}").unwrap();
            }
        }
    }
    out.flush().unwrap();
}
