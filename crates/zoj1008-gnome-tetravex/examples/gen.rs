//! Stress-test generator: prints one small random valid input for the seed
//! given as the only argument (see shared/random_input.rs).

// Only the generators and the writer are used here, not the reader.
#[allow(dead_code)]
#[path = "shared/families.rs"]
mod families;
#[path = "shared/random_input.rs"]
mod random_input;

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|seed| seed.parse().ok())
        .expect("usage: gen SEED (a u64)");
    print!("{}", random_input::random_input(seed));
}
