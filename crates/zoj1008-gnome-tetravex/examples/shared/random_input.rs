//! One small random valid input, deterministic in its seed: a few games of
//! n ≤ 4 from the families of the notes (solvable, one digit changed, two
//! digits swapped), ending in the `0` line. Shared by the stress-test
//! generator (examples/gen.rs) and the tests.

use crate::families;

pub fn random_input(seed: u64) -> String {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut input = String::new();
    for _ in 0..rng.usize(1..=4) {
        let n = rng.usize(1..=4);
        let alphabet_size = rng.usize(1..=5);
        let game = match rng.usize(0..3) {
            0 => families::solvable_game(&mut rng, n, alphabet_size),
            1 => families::digit_changed_game(&mut rng, n, alphabet_size),
            _ => families::swapped_game(&mut rng, n, alphabet_size),
        };
        families::write_game(&mut input, n, &game);
    }
    input.push_str("0\n");
    input
}
