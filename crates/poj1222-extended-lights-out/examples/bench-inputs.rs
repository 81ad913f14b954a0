//! Writes the benchmark inputs for `cargo timing` into the directory given as the only argument,
//! from a fixed seed so every run times the same bytes:
//! - `1-random-100000-puzzles.in`: 100,000 uniformly random boards (about 6 MB);
//! - `1-random-100000-puzzles-x10.in`: the same boards 10 times over under a count of 1,000,000
//!   (the input repeated, as far as a format that starts with its count allows), so that the
//!   timing shows how the cost grows with the input.

use std::io::Write;
use std::path::PathBuf;

const PUZZLE_COUNT: usize = 100_000;
const REPEATS: usize = 10;
const ROWS: usize = 5;
const COLUMNS: usize = 6;
const SEED: u64 = 0x1222_5EED;

fn write_input(path: PathBuf, count: usize, body: &[u8], repeats: usize) {
    let mut text = Vec::with_capacity(16 + body.len() * repeats);
    writeln!(text, "{count}").unwrap();
    for _ in 0..repeats {
        text.extend_from_slice(body);
    }
    std::fs::write(&path, text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
}

fn main() {
    let out_dir = PathBuf::from(
        std::env::args_os()
            .nth(1)
            .expect("usage: bench-inputs OUTDIR"),
    );
    std::fs::create_dir_all(&out_dir).expect("cannot create OUTDIR");

    let mut rng = fastrand::Rng::with_seed(SEED);
    let mut body = Vec::with_capacity(PUZZLE_COUNT * ROWS * COLUMNS * 2);
    for _ in 0..PUZZLE_COUNT {
        for _ in 0..ROWS {
            for column in 0..COLUMNS {
                body.push(if rng.bool() { b'1' } else { b'0' });
                body.push(if column + 1 == COLUMNS { b'\n' } else { b' ' });
            }
        }
    }
    let name = "1-random-100000-puzzles";
    write_input(out_dir.join(format!("{name}.in")), PUZZLE_COUNT, &body, 1);
    write_input(
        out_dir.join(format!("{name}-x10.in")),
        PUZZLE_COUNT * REPEATS,
        &body,
        REPEATS,
    );
}
