//! The solver as it was before the propagating search took turns with it
//! (examples/shared/old_solver.rs: square-growth search with counting
//! bounds and chain look-ahead) as a whole program, reading the same input
//! and printing the same output as the solution, so `cargo timing` can time
//! the two on the same files and the ratio says what the change bought. It trusts its input (this is a yardstick, not a
//! submission): a malformed file stops it with a panic message. The plain
//! grouped search, the slower reference, stays in shared/plain_search.rs
//! for the tests.

use std::io::{Read, Write};

// Only `solve` is used here; the node counters serve the adversary.
#[allow(dead_code)]
#[path = "shared/old_solver.rs"]
mod old_solver;

fn main() {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("stdin is readable UTF-8");
    let mut tokens = input.split_ascii_whitespace();
    let mut next_number = || -> Option<usize> {
        tokens
            .next()
            .map(|token| token.parse().expect("tokens are non-negative numbers"))
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut game = 0;
    while let Some(n) = next_number() {
        if n == 0 {
            break;
        }
        game += 1;
        let squares: Vec<old_solver::Square> = (0..n * n)
            .map(|_| {
                let mut digit = || next_number().expect("a game has n * n squares") as u8;
                let (top, right, bottom, left) = (digit(), digit(), digit(), digit());
                old_solver::Square {
                    top,
                    right,
                    bottom,
                    left,
                }
            })
            .collect();
        if game > 1 {
            writeln!(out).expect("stdout is writable");
        }
        let verdict = if old_solver::solve(n, &squares).is_some() {
            "Possible"
        } else {
            "Impossible"
        };
        writeln!(out, "Game {game}: {verdict}").expect("stdout is writable");
    }
    out.flush().expect("stdout is writable");
}
