//! Writes the benchmark inputs of Four in a Line into the directory given as the only argument:
//! - `1-distance-7.in`: one board at the largest distance, on which the search sees 662 states
//!   (663 at most among the 128 boards at distance 7); a judge's single-board case at its worst.
//! - `2-all-boards.in`: all 411,840 legal boards (about 8 MB) in a fixed shuffled order, so one
//!   run answers every board.
//! - `3-259-slowest-searches.in`: 259 copies of the board on which the search sees the most
//!   states (741): many boards, each at the search's worst. (259 was one board below the count
//!   from which an earlier solution built a table of all distances; the files keep their names
//!   and contents so that timings compare across versions.)
//!
//! Beside each, `<name>-x10.in` holds the same input 10 times over, so that the timing shows how
//! the cost grows with the input.
//!
//! The state counts were measured with the solution's search (the states in its seen set when it
//! stops); its tests check the two boards' distances.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// Distance 7; the search sees 662 states on it.
const SLOWEST_DISTANCE_7_BOARD: &str = "WWBBBBWWWBWBOWBO";
/// Distance 6; the search sees 741 states on it, the most on any board (one other board ties).
const SLOWEST_SEARCH_BOARD: &str = "BWBWBOOWWWBBBBWW";
/// Copies of the slowest search's board.
const SLOWEST_SEARCH_COPIES: usize = 259;
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
        (0..SLOWEST_SEARCH_COPIES)
            .try_for_each(|_| write_board(out, SLOWEST_SEARCH_BOARD.as_bytes()))
    })
}
