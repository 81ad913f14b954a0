//! Stress-test brute force: reads a whole valid input from stdin and prints
//! the expected output by the plain grouped search (shared/brute_output.rs).

use std::io::Read;

#[path = "shared/brute_output.rs"]
mod brute_output;
#[path = "shared/plain_search.rs"]
mod plain_search;

fn main() {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("stdin is readable UTF-8");
    print!("{}", brute_output::brute_output(&input));
}
