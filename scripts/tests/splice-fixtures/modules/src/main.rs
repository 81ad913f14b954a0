//! Modules in files, as the shared test code of each crate is.

use proconio::input;

mod sibling;

pub mod w;

fn main() {
    input! { n: u8 }
    println!("{}", sibling::double(n));
}

/// Test code shared with examples/, as the solutions have it.
#[cfg(test)]
#[path = "../shared/brute.rs"]
mod brute;

#[cfg(test)]
#[allow(dead_code)]
#[path = r"../shared/text.rs"] mod text;
