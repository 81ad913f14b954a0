//! The expected output for a whole valid input, by the plain grouped search
//! (shared/plain_search.rs). Trusts its input. Shared by the stress-test
//! brute force (examples/brute.rs) and the tests.

use crate::plain_search;

pub fn brute_output(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|token| token.parse::<usize>().expect("tokens are numbers"));
    let mut output = String::new();
    let mut game = 0;
    while let Some(n) = tokens.next().filter(|&n| n != 0) {
        game += 1;
        let squares: Vec<plain_search::PlainSquare> = (0..n * n)
            .map(|_| [0; 4].map(|_| tokens.next().expect("a game has n * n squares") as u8))
            .collect();
        if game > 1 {
            output.push('\n');
        }
        let verdict = if plain_search::plain_solvable(n, &squares) {
            "Possible"
        } else {
            "Impossible"
        };
        output.push_str(&format!("Game {game}: {verdict}\n"));
    }
    output
}
