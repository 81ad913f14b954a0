//! The solver as it was before the propagating search took turns with it:
//! the square-growth search alone, with its counting bound and chain
//! look-ahead (the solution's [`solution::solve_by_growth_alone`], which
//! takes the same nodes as that solver did), as a whole program reading
//! the same input and printing the same output as the solution, so
//! `cargo timing` can time the two on the same files and the ratio says
//! what the other searches and checks buy. It trusts its input (this is a
//! yardstick, not a submission): a malformed file stops it with a panic
//! message. The plain grouped search, the slower reference, stays in
//! shared/plain_search.rs for the tests.

use std::io::{Read, Write};

// The solution file is a binary's source: only the search alone is used.
#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

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
        let squares: Vec<solution::Square> = (0..n * n)
            .map(|_| {
                let mut digit = || next_number().expect("a game has n * n squares") as u8;
                let (top, right, bottom, left) = (digit(), digit(), digit(), digit());
                solution::Square {
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
        let (answer, _) = solution::solve_by_growth_alone(n, &squares, u64::MAX);
        let verdict = if answer.expect("no cap").is_some() {
            "Possible"
        } else {
            "Impossible"
        };
        writeln!(out, "Game {game}: {verdict}").expect("stdout is writable");
    }
    out.flush().expect("stdout is writable");
}
