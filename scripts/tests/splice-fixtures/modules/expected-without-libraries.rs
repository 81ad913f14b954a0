//! Modules in files, as the shared test code of each crate is.

use proconio::input;

mod sibling {
    //! Inlined at depth one.

    mod deeper {
            // Found where cargo-equip looks for a module of `sibling.rs`: beside it.
            pub const ZERO: u16 = 0;
            }

    pub fn double(n: u8) -> u16 {

        u16::from(n) * 2 + deeper::ZERO
    }
    }

pub mod w {
    pub fn w() {}
    mod x {
        fn inner() {}
    }
    }

fn main() {
    input! { n: u8 }
    println!("{}", sibling::double(n));
}

/// Test code shared with examples/, as the solutions have it.
#[cfg(test)]
#[path = "../shared/brute.rs"]
mod brute {
    //! A brute force.
    pub fn answer(n: u8) -> u16 {
        (0..2).map(|_| u16::from(n)).sum()
    }
    }

#[cfg(test)]
#[allow(dead_code)]
#[path = r"../shared/text.rs"] mod text {
pub const SAMPLE: &str = "3
6
";
pub fn nothing() {}
    }
