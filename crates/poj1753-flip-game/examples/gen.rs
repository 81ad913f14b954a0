//! One small random valid Flip Game input, for the stress test described in `brute.rs`:
//! `gen SEED` prints the same input for the same seed (a u64) on every machine.
//!
//! A few boards in the judge's layout, 4 lines of 4, so a wrong answer shows after a few seeds:
//! uniform boards (answer 0), boards drawn from the 4,096 solvable ones (answers 1 to 6), and
//! uniformly random boards, which are nearly all `Impossible`.

#[path = "shared/brute_force.rs"]
mod brute_force;

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|argument| argument.parse().ok())
        .expect("usage: gen SEED, a u64");
    let mut rng = fastrand::Rng::with_seed(seed);
    let fewest_rounds = brute_force::brute_force_table();
    let solvable: Vec<u16> = (0..=u16::MAX)
        .filter(|&board| fewest_rounds[usize::from(board)].is_some())
        .collect();
    let mut text = String::new();
    for _ in 0..rng.usize(1..=4) {
        let board = match rng.u8(..8) {
            0 => [0, u16::MAX][rng.usize(..2)],
            1..=4 => solvable[rng.usize(..solvable.len())],
            _ => rng.u16(..),
        };
        for row in 0..4 {
            for column in 0..4 {
                let black = board >> (4 * row + column) & 1 == 1;
                text.push(if black { 'b' } else { 'w' });
            }
            text.push('\n');
        }
    }
    print!("{text}");
}
