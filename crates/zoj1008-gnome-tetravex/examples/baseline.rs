//! The plain grouped search as a whole program, reading the same input and
//! printing the same output as the solution, so scripts/bench can time the
//! two on the same files. It trusts its input (this is a yardstick, not a
//! submission): a malformed file stops it with a panic message.

use std::io::{Read, Write};

#[path = "shared/plain_search.rs"]
mod plain_search;

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
        let squares: Vec<plain_search::PlainSquare> = (0..n * n)
            .map(|_| {
                let mut square = [0u8; 4];
                for digit in &mut square {
                    *digit = next_number().expect("a game has n * n squares") as u8;
                }
                square
            })
            .collect();
        if game > 1 {
            writeln!(out).expect("stdout is writable");
        }
        let verdict = if plain_search::plain_solvable(n, &squares) {
            "Possible"
        } else {
            "Impossible"
        };
        writeln!(out, "Game {game}: {verdict}").expect("stdout is writable");
    }
    out.flush().expect("stdout is writable");
}
