//! The expected output for a valid input, by the deliberately simple method
//! the tests trust (`shared/brute_force.rs`). With `gen.rs`, `cargo stress`
//! compares it with the solution on many seeds. It trusts its input.

use std::io::{self, Read, Write};

#[path = "shared/brute_force.rs"]
mod brute_force;

fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("stdin is readable UTF-8");
    let mut output = String::new();
    for token in input.split_whitespace() {
        let case: i64 = token.parse().expect("a valid input");
        output += &format!("{}\n", brute_force::answer(case));
    }
    io::stdout()
        .write_all(output.as_bytes())
        .expect("stdout is writable");
}
