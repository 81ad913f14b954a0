//! Writes the worst-case inputs `cargo timing` runs, from fixed seeds, into
//! the folder given as the only argument: each `<name>.in` is one row, each
//! `<name>/` folder of `.in` files one row for its slowest file.
//! TODO: the inputs that make the solution work hardest.

use std::fs;
use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::args_os().nth(1).expect("usage: bench-inputs DIR"));
    let mut rng = fastrand::Rng::with_seed(1);
    let mut text = String::new();
    for _ in 0..100_000 {
        text += &format!("{}\n", rng.i64(..));
    }
    fs::write(dir.join("1-random-100000-cases.in"), text).expect("the folder is writable");
}
