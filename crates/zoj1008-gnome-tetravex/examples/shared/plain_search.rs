//! The plain grouped search, the well-known solution of ZOJ 1008: identical
//! squares are grouped with a count, and a depth-first search fills the grid
//! row by row, trying at each cell every kind of square still available whose
//! left digit matches the square to its left and whose top digit matches the
//! square above. No other pruning and no memo, so it is easy to trust; it is
//! the reference the solution is checked against and benchmarked against.

/// One square as `[top, right, bottom, left]`.
pub type PlainSquare = [u8; 4];

const TOP: usize = 0;
const RIGHT: usize = 1;
const BOTTOM: usize = 2;
const LEFT: usize = 3;

/// Whether the `n * n` squares can be laid out in an `n`×`n` grid with every
/// touching pair of triangles equal.
pub fn plain_solvable(n: usize, squares: &[PlainSquare]) -> bool {
    assert_eq!(squares.len(), n * n, "a game has n * n squares");
    let mut kinds: Vec<PlainSquare> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    for square in squares {
        match kinds.iter().position(|kind| kind == square) {
            Some(index) => counts[index] += 1,
            None => {
                kinds.push(*square);
                counts.push(1);
            }
        }
    }
    let mut placed = vec![0usize; n * n];
    fill_cell(n, 0, &kinds, &mut counts, &mut placed)
}

fn fill_cell(
    n: usize,
    cell: usize,
    kinds: &[PlainSquare],
    counts: &mut [usize],
    placed: &mut [usize],
) -> bool {
    if cell == n * n {
        return true;
    }
    let (row, column) = (cell / n, cell % n);
    for kind in 0..kinds.len() {
        if counts[kind] == 0 {
            continue;
        }
        let square = kinds[kind];
        if column > 0 && kinds[placed[cell - 1]][RIGHT] != square[LEFT] {
            continue;
        }
        if row > 0 && kinds[placed[cell - n]][BOTTOM] != square[TOP] {
            continue;
        }
        counts[kind] -= 1;
        placed[cell] = kind;
        let solved = fill_cell(n, cell + 1, kinds, counts, placed);
        counts[kind] += 1;
        if solved {
            return true;
        }
    }
    false
}
