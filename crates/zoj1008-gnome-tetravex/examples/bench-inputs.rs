//! Writes the benchmark inputs for `cargo timing` into the directory given as
//! the only argument, from fixed seeds. Ordinary inputs go into it:
//! - `1-hard-n5.in`: 96 games of n = 5 from the hard families of the notes
//!   (alphabets of 3, 4, 5 and 6 digits; solvable by construction, one digit
//!   changed, two squares' digits on one side swapped), 8 random draws of
//!   each of the 12 combinations, in one file;
//! - `2-hard-n5-single/`: the same 96 games one per file, so the bench can
//!   report the slowest single game;
//! - `3-plain-search-worst.in`: the three games, of 600 drawn the same way
//!   from another seed, on which the plain grouped search is slowest (7.2 s,
//!   3.4 s and 1.5 s there): picked *for* that search's weakness, and
//!   labelled so;
//! - `4-adversarial-growth-worst.in` and `5-adversarial-growth-worst-single/`:
//!   the 12 games the adversarial search (examples/adversary.rs) found
//!   hardest for the square-growth search alone (sample 10);
//! - `6-family-solvable.in`, `7-family-changed.in`, `8-family-swapped.in`:
//!   each family of the problem notes over every alphabet it names, 2 to 10
//!   digits, four draws each, n = 5;
//! - `9-n6-families.in` and `10-n6-families-single/`: 105 games of n = 6
//!   from the families (alphabets of 3 to 7 digits; solvable, one digit
//!   changed, two digits swapped; 7 draws of each), the largest side this
//!   program accepts.
//!
//! The slow adversarial games go into `slow/`, which `cargo timing` times
//! only when asked (`--slow`): `slow/1-adversarial-current-worst.in` and
//! `slow/2-adversarial-current-worst-single/`, the 27 games the adversarial
//! search found hardest for this solver's earlier versions as they grew
//! (samples 11 to 24 and tests/slow/ 1 to 9 among them; the last game,
//! tests/slow/10.in, is the slowest known).
//!
//! The games of the family files are random draws, not picked for being
//! easy or hard; the adversarial ones are picked to be hard.

use std::path::{Path, PathBuf};

#[path = "shared/families.rs"]
mod families;

const SEED: u64 = 0x1008_7e7a_5eed;
const SEED_FAMILIES: u64 = 0x1008_fa31_5eed;
const SEED_N6: u64 = 0x1008_0006_5eed;

/// Writes `games` (an input file, ending in `0`) whole to `DIR/<name>.in`
/// and one game a file to `DIR/<name>-single/`.
fn write_whole_and_single(dir: &Path, whole_name: &str, single_name: &str, games: &str) {
    std::fs::write(dir.join(whole_name), games).expect("can write a file");
    let single_dir = dir.join(single_name);
    std::fs::create_dir_all(&single_dir).expect("can create a directory");
    for (number, (n, squares)) in families::read_games(games).iter().enumerate() {
        let mut single = String::new();
        families::write_game(&mut single, *n, squares);
        single.push_str("0\n");
        std::fs::write(single_dir.join(format!("{:03}.in", number + 1)), single)
            .expect("can write a game file");
    }
}
const DRAWS_PER_COMBINATION: usize = 8;

fn main() {
    let out_dir = PathBuf::from(std::env::args().nth(1).expect("usage: bench-inputs OUTDIR"));
    let single_dir = out_dir.join("2-hard-n5-single");
    std::fs::create_dir_all(&single_dir).expect("can create the output directories");

    let mut rng = fastrand::Rng::with_seed(SEED);
    let n = 5;
    let mut whole = String::new();
    let mut game = 0;
    for draw in 0..DRAWS_PER_COMBINATION {
        for alphabet_size in 3..=6 {
            for family in ["solvable", "changed", "swapped"] {
                let squares = match family {
                    "solvable" => families::solvable_game(&mut rng, n, alphabet_size),
                    "changed" => families::digit_changed_game(&mut rng, n, alphabet_size),
                    _ => families::swapped_game(&mut rng, n, alphabet_size),
                };
                game += 1;
                families::write_game(&mut whole, n, &squares);
                let mut single = String::new();
                families::write_game(&mut single, n, &squares);
                single.push_str("0\n");
                let name = format!("{game:03}-{family}-k{alphabet_size}-draw{draw}.in");
                std::fs::write(single_dir.join(name), single).expect("can write a game file");
            }
        }
    }
    whole.push_str("0\n");
    std::fs::write(out_dir.join("1-hard-n5.in"), whole).expect("can write the whole file");

    // Draws 0..600 of seed 1 cycle through alphabets 3..=6 and, every four
    // draws, through the three families; the plain search was timed on all
    // of them and these three were its slowest.
    const PLAIN_WORST: [usize; 3] = [20, 68, 568];
    let mut rng = fastrand::Rng::with_seed(1);
    let mut worst = String::new();
    for draw in 0..=PLAIN_WORST[PLAIN_WORST.len() - 1] {
        let alphabet_size = 3 + draw % 4;
        let squares = match (draw / 4) % 3 {
            0 => families::solvable_game(&mut rng, n, alphabet_size),
            1 => families::digit_changed_game(&mut rng, n, alphabet_size),
            _ => families::swapped_game(&mut rng, n, alphabet_size),
        };
        if PLAIN_WORST.contains(&draw) {
            families::write_game(&mut worst, n, &squares);
        }
    }
    worst.push_str("0\n");
    std::fs::write(out_dir.join("3-plain-search-worst.in"), worst).expect("can write a file");

    write_whole_and_single(
        &out_dir,
        "4-adversarial-growth-worst.in",
        "5-adversarial-growth-worst-single",
        include_str!("adversarial-growth-worst.in"),
    );
    let mut rng = fastrand::Rng::with_seed(SEED_FAMILIES);
    for (file, family) in [
        ("6-family-solvable.in", "solvable"),
        ("7-family-changed.in", "changed"),
        ("8-family-swapped.in", "swapped"),
    ] {
        let mut games = String::new();
        for alphabet_size in 2..=10 {
            for _draw in 0..4 {
                let squares = match family {
                    "solvable" => families::solvable_game(&mut rng, n, alphabet_size),
                    "changed" => families::digit_changed_game(&mut rng, n, alphabet_size),
                    _ => families::swapped_game(&mut rng, n, alphabet_size),
                };
                families::write_game(&mut games, n, &squares);
            }
        }
        games.push_str("0\n");
        std::fs::write(out_dir.join(file), games).expect("can write a file");
    }

    let mut rng = fastrand::Rng::with_seed(SEED_N6);
    let n = 6;
    let mut n6 = String::new();
    for _draw in 0..7 {
        for alphabet_size in 3..=7 {
            families::write_game(
                &mut n6,
                n,
                &families::solvable_game(&mut rng, n, alphabet_size),
            );
            families::write_game(
                &mut n6,
                n,
                &families::digit_changed_game(&mut rng, n, alphabet_size),
            );
            families::write_game(
                &mut n6,
                n,
                &families::swapped_game(&mut rng, n, alphabet_size),
            );
        }
    }
    n6.push_str("0\n");
    write_whole_and_single(&out_dir, "9-n6-families.in", "10-n6-families-single", &n6);

    let slow_dir = out_dir.join("slow");
    std::fs::create_dir_all(&slow_dir).expect("can create the slow directory");
    write_whole_and_single(
        &slow_dir,
        "1-adversarial-current-worst.in",
        "2-adversarial-current-worst-single",
        include_str!("adversarial-current-worst.in"),
    );
}
