//! One small random valid Four in a Line input, for the stress test described in `brute.rs`:
//! `gen SEED` prints the same input for the same seed (a u64) on every machine.
//!
//! A few boards in the judge's layout, 4 lines of 4, so a wrong answer shows after a few seeds:
//! boards that already have a line (answer 1 by the judges' convention), boards where one colour
//! cannot move (so only the other may move first), the farthest boards known (6 and 7 moves,
//! colours swapped at random), and uniformly random legal boards.

#[path = "shared/plain_bfs.rs"]
mod plain_bfs;

/// Every legal board: 7 black, 7 white, 2 empty.
const PIECES: [u8; 16] = *b"BBBBBBBWWWWWWWOO";

/// Boards at distance 7 and 6 (see the solution's tests and examples/bench-inputs.rs).
const FAR_BOARDS: [&[u8; 16]; 2] = [b"WWBBBBWWWBWBOWBO", b"BWBWBOOWWWBBBBWW"];

/// A random board on which `stuck` has no move: every piece next to an empty square is the
/// other colour.
fn board_with_a_colour_stuck(rng: &mut fastrand::Rng) -> [u8; 16] {
    loop {
        let stuck = if rng.bool() { b'B' } else { b'W' };
        let other = if stuck == b'B' { b'W' } else { b'B' };
        let mut squares = [0u8; 16];
        let first_empty = rng.usize(..16);
        let second_empty = (first_empty + rng.usize(1..16)) % 16;
        for empty in [first_empty, second_empty] {
            squares[empty] = b'O';
        }
        for empty in [first_empty, second_empty] {
            let (row, column) = (empty / 4, empty % 4);
            let neighbours = [
                (row > 0).then(|| empty - 4),
                (row < 3).then(|| empty + 4),
                (column > 0).then(|| empty - 1),
                (column < 3).then(|| empty + 1),
            ];
            for neighbour in neighbours.into_iter().flatten() {
                if squares[neighbour] == 0 {
                    squares[neighbour] = other;
                }
            }
        }
        let others_placed = squares.iter().filter(|&&square| square == other).count();
        if others_placed > 7 {
            continue;
        }
        let mut rest: Vec<u8> = [vec![stuck; 7], vec![other; 7 - others_placed]].concat();
        rng.shuffle(&mut rest);
        for square in squares.iter_mut().filter(|square| **square == 0) {
            *square = rest.pop().expect("as many pieces left as free squares");
        }
        return squares;
    }
}

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|argument| argument.parse().ok())
        .expect("usage: gen SEED, a u64");
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut text = String::new();
    for _ in 0..rng.usize(1..=4) {
        let mut squares = PIECES;
        match rng.u8(..8) {
            0 => loop {
                rng.shuffle(&mut squares);
                if plain_bfs::simple_distance(squares, b'B') == Some(0) {
                    break;
                }
            },
            1 => squares = board_with_a_colour_stuck(&mut rng),
            2 => {
                squares = *FAR_BOARDS[rng.usize(..FAR_BOARDS.len())];
                if rng.bool() {
                    for square in &mut squares {
                        *square = match *square {
                            b'B' => b'W',
                            b'W' => b'B',
                            empty => empty,
                        };
                    }
                }
            }
            _ => rng.shuffle(&mut squares),
        }
        for row in squares.chunks(4) {
            text += std::str::from_utf8(row).expect("ASCII");
            text.push('\n');
        }
    }
    print!("{text}");
}
