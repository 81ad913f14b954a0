//! The I/O floor of `cargo timing`: what any solution must at least do on an
//! input, and nothing more. It reads all of standard input, then writes as
//! many bytes as its one argument says (the size of the solution's output
//! on that input), in the large blocks a buffered writer hands the system.
//! Built with the workspace's release profile, like the solutions, so that
//! a solution's time over this program's is the cost of its own work.

use std::io::{self, Read, Write};

fn main() {
    let count: u64 = std::env::args()
        .nth(1)
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| {
            eprintln!("usage: timing-floor BYTES < input");
            std::process::exit(2);
        });
    let mut input = Vec::new();
    io::stdin()
        .lock()
        .read_to_end(&mut input)
        .expect("the floor reads its input");
    // Touches what was read, as a parser must, so that no part of the
    // reading can be left out by the optimiser.
    let checksum = input.iter().fold(0u8, |sum, &byte| sum.wrapping_add(byte));
    std::hint::black_box(checksum);
    // Text, as the solutions write: lines of a digit.
    let block = b"0\n".repeat(32 * 1024);
    let mut left = count;
    let mut out = io::stdout().lock();
    while left > 0 {
        let now = usize::try_from(left.min(block.len() as u64)).unwrap_or(block.len());
        out.write_all(&block[..now])
            .expect("the floor writes its output");
        left -= now as u64;
    }
    out.flush().expect("the floor writes its output");
}
