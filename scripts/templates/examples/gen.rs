//! One small random valid input for `cargo stress`: `gen SEED` prints the
//! same input for the same seed (a u64) on every machine. Small, and mixing
//! the edge cases in, so that a wrong answer shows after a few seeds.
//! TODO: make the problem's own inputs.

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|argument| argument.parse().ok())
        .expect("usage: gen SEED, a u64");
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut text = String::new();
    for _ in 0..rng.usize(1..=4) {
        text += &format!("{}\n", rng.i64(-100..=100));
    }
    print!("{text}");
}
