//! The textbook method for Extended Lights Out, kept deliberately plain: it is the reference
//! the tests compare the solver against, and what `examples/baseline.rs` runs.
//!
//! Once the presses of the top row are fixed, every light still on in a row can only be
//! turned off by the button directly below it, so the presses of each following row are forced.
//! Trying all 2^6 top rows therefore finds every solution.

/// Rows and columns of the board.
pub const ROWS: usize = 5;
pub const COLUMNS: usize = 6;

/// `lights` has bit `COLUMNS * row + column` set when that light is on (row 0 at the top,
/// column 0 at the left); the presses come back in the same layout. `None` when no top row
/// works (never the case for this board size).
pub fn presses_by_first_row_chase(lights: u32) -> Option<u32> {
    let row_mask = (1u32 << COLUMNS) - 1;
    for top_row_presses in 0..=row_mask {
        let mut lit_rows = [0u32; ROWS];
        for (row, lit) in lit_rows.iter_mut().enumerate() {
            *lit = (lights >> (COLUMNS * row)) & row_mask;
        }
        let mut press_rows = [0u32; ROWS];
        press_rows[0] = top_row_presses;
        for row in 0..ROWS {
            let pressed = press_rows[row];
            // A press toggles its own light and its left and right neighbours in the row...
            lit_rows[row] ^= pressed ^ ((pressed << 1) & row_mask) ^ (pressed >> 1);
            // ...and the lights directly above and below.
            if row > 0 {
                lit_rows[row - 1] ^= pressed;
            }
            if row + 1 < ROWS {
                lit_rows[row + 1] ^= pressed;
                // Only the button below can still change this row's lights.
                press_rows[row + 1] = lit_rows[row];
            }
        }
        if lit_rows.iter().all(|&lit| lit == 0) {
            let mut presses = 0;
            for (row, &pressed) in press_rows.iter().enumerate() {
                presses |= pressed << (COLUMNS * row);
            }
            return Some(presses);
        }
    }
    None
}
