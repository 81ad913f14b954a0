//! Writes the benchmark inputs of Four in a Line into the directory given as the only argument:
//! - `1-distance-7.in`: one board at the largest distance, the one among those 128 on which the
//!   forward search visits the most states (664); a judge's single-board case at its worst.
//! - `2-all-boards.in`: all 411,840 legal boards (about 8 MB) in a fixed shuffled order, so one
//!   run answers every board through the distance table.
//! - `3-259-slowest-searches.in`: 259 copies of the board on which the forward search visits the
//!   most states (741), one board below the count from which the solution builds the table: the
//!   worst case of choosing between the two plans.
//!
//! Beside each, `<name>-x10.in` holds the same input 10 times over, so that the timing shows how
//! the cost grows with the input (10 × 259 boards take the table).
//!
//! The state counts were measured with the solution's forward search; its tests check the two
//! boards' distances.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// Distance 7; the forward search visits 664 states on it.
const SLOWEST_DISTANCE_7_BOARD: &str = "WWBBBBWWWBWBOWBO";
/// Distance 6; the forward search visits 741 states on it, more than on any other board.
const SLOWEST_SEARCH_BOARD: &str = "BWBWBOOWWWBBBBWW";
/// One fewer than `TABLE_THRESHOLD` in the solution.
const BOARDS_BELOW_THRESHOLD: usize = 259;
const SHUFFLE_SEED: u64 = 2346;
const REPEATS: usize = 10;

/// The judge's layout: four lines of four.
fn write_board(out: &mut impl Write, squares: &[u8]) -> io::Result<()> {
    for row in squares.chunks(4) {
        out.write_all(row)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

fn all_legal_boards() -> Vec<[u8; 16]> {
    let mut boards = Vec::with_capacity(411_840);
    for black in 0u32..1 << 16 {
        if black.count_ones() != 7 {
            continue;
        }
        for first_empty in 0..16 {
            for second_empty in first_empty + 1..16 {
                let empty = 1 << first_empty | 1 << second_empty;
                if empty & black != 0 {
                    continue;
                }
                boards.push(std::array::from_fn(|square| {
                    if black >> square & 1 == 1 {
                        b'B'
                    } else if empty >> square & 1 == 1 {
                        b'O'
                    } else {
                        b'W'
                    }
                }));
            }
        }
    }
    boards
}

/// Writes `<name>.in` and `<name>-x10.in` from the boards `write_boards` writes.
fn write_inputs(
    directory: &Path,
    name: &str,
    write_boards: impl FnOnce(&mut Vec<u8>) -> io::Result<()>,
) -> io::Result<()> {
    let mut text = Vec::new();
    write_boards(&mut text)?;
    fs::write(directory.join(format!("{name}.in")), &text)?;
    fs::write(
        directory.join(format!("{name}-x10.in")),
        text.repeat(REPEATS),
    )
}

fn main() -> io::Result<()> {
    let Some(directory) = std::env::args_os().nth(1) else {
        eprintln!("usage: bench-inputs OUTDIR");
        std::process::exit(2);
    };
    let directory = Path::new(&directory);
    fs::create_dir_all(directory)?;

    write_inputs(directory, "1-distance-7", |out| {
        write_board(out, SLOWEST_DISTANCE_7_BOARD.as_bytes())
    })?;

    let mut boards = all_legal_boards();
    assert_eq!(boards.len(), 411_840);
    fastrand::Rng::with_seed(SHUFFLE_SEED).shuffle(&mut boards);
    write_inputs(directory, "2-all-boards", |out| {
        boards.iter().try_for_each(|board| write_board(out, board))
    })?;

    write_inputs(directory, "3-259-slowest-searches", |out| {
        (0..BOARDS_BELOW_THRESHOLD)
            .try_for_each(|_| write_board(out, SLOWEST_SEARCH_BOARD.as_bytes()))
    })
}
