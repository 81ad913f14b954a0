//! The brute force for Flip Game, kept deliberately plain: the reference the tests compare the
//! solver against on every board, and what `examples/brute.rs` answers with.
//!
//! Rounds commute and a second round on a piece cancels the first, so a solution is a set of
//! pressed pieces, and trying all 2^16 sets finds the fewest rounds of every board at once.
//! A board has bit `4 * row + column` set where that piece shows black.

/// The obvious model: an all-white 4×4 grid after the rounds `presses`, flipped cell by cell.
fn press_all(presses: u16) -> [[bool; 4]; 4] {
    let mut grid = [[false; 4]; 4];
    for row in 0..4i32 {
        for column in 0..4i32 {
            if presses >> (row * 4 + column) & 1 == 0 {
                continue;
            }
            for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (r, c) = (row + dr, column + dc);
                if (0..4).contains(&r) && (0..4).contains(&c) {
                    let cell = &mut grid[r as usize][c as usize];
                    *cell = !*cell;
                }
            }
        }
    }
    grid
}

fn grid_to_board(grid: &[[bool; 4]; 4]) -> u16 {
    let mut board = 0;
    for (row, cells) in grid.iter().enumerate() {
        for (column, &black) in cells.iter().enumerate() {
            board |= u16::from(black) << (row * 4 + column);
        }
    }
    board
}

/// Brute force: try all 2^16 press sets; a set solves every board that
/// it turns into all white or all black, so record its size for both.
pub fn brute_force_table() -> Vec<Option<u32>> {
    let mut fewest = vec![None::<u32>; 1 << 16];
    for presses in 0..=u16::MAX {
        let flipped = grid_to_board(&press_all(presses));
        for solved_board in [flipped, !flipped] {
            let slot = &mut fewest[usize::from(solved_board)];
            let size = presses.count_ones();
            if slot.map_or(true, |best| size < best) {
                *slot = Some(size);
            }
        }
    }
    fewest
}
