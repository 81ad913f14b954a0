//! One small random valid Extended Lights Out input, for the stress test described in
//! `brute.rs`: `gen SEED` prints the same input for the same seed (a u64) on every machine.
//!
//! A few puzzles in the judge's layout, so a wrong answer shows after a few seeds: all lights off
//! (press nothing), all on, a single light on, and uniformly random boards; now and then a count
//! of 0 (no output at all).

// Only the input half of the judge's text is needed here; `brute.rs` uses the answer half.
#[allow(dead_code)]
#[path = "shared/judge_text.rs"]
mod judge_text;

/// Lights on the 5×6 board.
const CELLS: u32 = 30;

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|argument| argument.parse().ok())
        .expect("usage: gen SEED, a u64");
    let mut rng = fastrand::Rng::with_seed(seed);
    let count = if rng.u8(..16) == 0 {
        0
    } else {
        rng.usize(1..=4)
    };
    let puzzles: Vec<u32> = (0..count)
        .map(|_| match rng.u8(..8) {
            0 => 0,
            1 => (1 << CELLS) - 1,
            2 => 1 << rng.u32(..CELLS),
            _ => rng.u32(..1 << CELLS),
        })
        .collect();
    print!("{}", judge_text::input_text(&puzzles));
}
