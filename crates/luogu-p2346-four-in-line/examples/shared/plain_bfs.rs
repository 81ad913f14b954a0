//! The reference search for Four in a Line, kept deliberately plain: the tests compare the
//! solver's search against it on every legal board, and `examples/brute.rs` answers with it.

use std::collections::{HashSet, VecDeque};

/// The fewest moves from `start` (its 16 squares `B`, `W` or `O`, row by row) to a board with a
/// line of four, with `first_mover` (`b'B'` or `b'W'`) making the first move: `Some(0)` when
/// `start` has a line, `None` when no line can be reached that way.
///
/// Deliberately plain: squares as characters, lines listed by coordinates, a standard
/// `HashSet` and one first mover fixed by the caller.
pub fn simple_distance(start: [u8; 16], first_mover: u8) -> Option<u32> {
    let mut lines: Vec<Vec<(usize, usize)>> = Vec::new();
    for fixed in 0..4 {
        lines.push((0..4).map(|other| (fixed, other)).collect());
        lines.push((0..4).map(|other| (other, fixed)).collect());
    }
    lines.push((0..4).map(|step| (step, step)).collect());
    lines.push((0..4).map(|step| (step, 3 - step)).collect());
    let has_line = |squares: &[u8; 16]| {
        lines.iter().any(|line| {
            [b'B', b'W'].iter().any(|&colour| {
                line.iter()
                    .all(|&(row, column)| squares[row * 4 + column] == colour)
            })
        })
    };
    if has_line(&start) {
        return Some(0);
    }
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert((start, first_mover));
    queue.push_back((start, first_mover, 0));
    while let Some((squares, mover, distance)) = queue.pop_front() {
        let opponent = if mover == b'B' { b'W' } else { b'B' };
        for row in 0..4i32 {
            for column in 0..4i32 {
                if squares[(row * 4 + column) as usize] != mover {
                    continue;
                }
                for (row_step, column_step) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (to_row, to_column) = (row + row_step, column + column_step);
                    if !(0..4).contains(&to_row) || !(0..4).contains(&to_column) {
                        continue;
                    }
                    let to = (to_row * 4 + to_column) as usize;
                    if squares[to] != b'O' {
                        continue;
                    }
                    let mut next = squares;
                    next.swap((row * 4 + column) as usize, to);
                    if has_line(&next) {
                        return Some(distance + 1);
                    }
                    if seen.insert((next, opponent)) {
                        queue.push_back((next, opponent, distance + 1));
                    }
                }
            }
        }
    }
    None
}
