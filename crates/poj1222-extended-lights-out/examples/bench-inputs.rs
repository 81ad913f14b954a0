//! Writes the benchmark inputs for `scripts/bench` into the directory given as the only
//! argument: `1-random-100000-puzzles.in`, 100,000 uniformly random boards (about 6 MB),
//! from a fixed seed so every run times the same bytes.

use std::io::Write;
use std::path::PathBuf;

const PUZZLE_COUNT: usize = 100_000;
const ROWS: usize = 5;
const COLUMNS: usize = 6;
const SEED: u64 = 0x1222_5EED;

fn main() {
    let out_dir = PathBuf::from(
        std::env::args_os()
            .nth(1)
            .expect("usage: bench-inputs OUTDIR"),
    );
    std::fs::create_dir_all(&out_dir).expect("cannot create OUTDIR");

    let mut rng = fastrand::Rng::with_seed(SEED);
    let mut text = Vec::with_capacity(16 + PUZZLE_COUNT * ROWS * COLUMNS * 2);
    writeln!(text, "{PUZZLE_COUNT}").unwrap();
    for _ in 0..PUZZLE_COUNT {
        for _ in 0..ROWS {
            for column in 0..COLUMNS {
                text.push(if rng.bool() { b'1' } else { b'0' });
                text.push(if column + 1 == COLUMNS { b'\n' } else { b' ' });
            }
        }
    }
    let path = out_dir.join("1-random-100000-puzzles.in");
    std::fs::write(&path, text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
}
