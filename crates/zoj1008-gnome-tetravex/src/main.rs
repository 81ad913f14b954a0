//! ZOJ 1008 — Gnome Tetravex.
//! <http://acm.zju.edu.cn/onlinejudge/showProblem.do?problemCode=1008>
//!
//! A game is n×n squares, each cut into four triangles (top, right, bottom,
//! left) marked with digits. The squares are moved, never rotated, into an
//! n×n grid; the game is solved when every two touching triangles of
//! neighbouring squares show the same digit. For each game print whether it
//! can be solved.
//!
//! Approach: a depth-first search that places one square per cell, with
//! identical squares grouped (only the first unused copy of a kind is tried:
//! swapping two identical squares gives the same grid). What makes it fast
//! on the judge's hard games (few digits, many near-solvable games):
//! - Cells are filled in *square-growth* order: the k×k top-left block grows
//!   to (k+1)×(k+1) by adding column k top to bottom, then row k left to
//!   right. Every cell still has its left and top neighbours placed before
//!   it, the placed cells always form a staircase, and among such orders this
//!   one matches the most edges for every number of placed squares, so the
//!   fewest partial grids survive (measured: 1.3–2× fewer nodes than row by
//!   row on the hard families).
//! - Candidates come from a bitmask per (left digit, top digit), ANDed with
//!   the mask of unused squares: one lookup per cell.
//! - A digit-counting bound, kept up to date in O(1) per square, cuts partial
//!   grids whose remaining squares cannot balance their digits
//!   ([`DigitBalance`] proves it).
//! - Look-ahead: a square is placed only if the next cell of the order still
//!   has an unused square fitting its neighbours, and if the cells of the next
//!   column and the next row whose neighbours are already placed can still be
//!   chained from unused squares ([`Search::chain_reach`] proves it);
//!   together these cut about 40 % of the nodes.
//! - Value order (it changes only how soon a solution is found): on the top
//!   and left borders, squares whose border digit the counting bound says the
//!   border must show are tried first; a quarter less time in all.
//!
//! Each rule was measured on 3,600 seeded 5×5 games of the hard families
//! (alphabets of 3–6 digits; solvable, one digit changed, two digits
//! swapped) and kept only if it saved time. Measured and not kept:
//! memoising failed states (unused-square mask plus the open edge digits, in
//! an `FxHashSet`) cut 10–20 % of the nodes but made each node about 3×
//! dearer, as games with few identical squares rarely reach the same state
//! twice; searching the eight rotations and reflections of a game in turn
//! with growing budgets lost more on unsolvable games (all eight run to the
//! end) than it won on solvable ones, and no cheap feature of a game told
//! which of the eight would be fastest, so every game is searched as given;
//! choosing each next cell by fewest candidates grew long thin shapes and
//! searched more nodes; a bipartite matching of the open cells to unused
//! squares cut 2 % of the nodes; chaining through the whole rest of the
//! current row or column and its corner cut nodes but cost more time; and
//! preferring on the bottom and right borders the digits they must show
//! gained nothing.
//!
//! Adversarial games, measured and not yet answered: simulated annealing
//! over 5×5 games, maximising this search's nodes, finds valid games that
//! take 25–71 M nodes (2–5 s) each within 9 minutes: the twelve in
//! `examples/adversarial-old-worst.in`, all Impossible. A rework (an
//! explicit-stack search that let the eight orientations take turns after
//! the game as given had 2^18 nodes alone, a check that each border can be
//! lined with squares showing the digits the counting bound demands of it,
//! and per-cell candidate sets pruned by Hall's condition on the neighbours
//! plus a perfect matching) answered those twelve with no search at all,
//! but cost 1.3× the time per node on the 96 random games of the bench and
//! 2× on n = 6, and annealing against it found games of 70–103 M nodes
//! (`examples/adversarial-new-worst.in`), 2× this search's count on them. It
//! was not kept; the two checks before the search are the part worth
//! bringing back.
//!
//! Complexity: exponential in the worst case (the problem is NP-complete);
//! each search node costs O(1) word operations. On 5×5 games of the hard
//! families a game searches at most a few hundred thousand nodes: 0.5 ms on average,
//! the worst of 3,600 seeded games 20 ms, where the plain grouped search
//! takes up to 7 s on a single game.
//! Memory: O(n²) per game plus two 8 KiB tables.
//!
//! Judge quirks: a blank line *between* games only; input ends at a line `0`
//! or at the end of the data. ZOJ has 1 ≤ n ≤ 5; this program takes
//! n ≤ [`MAX_SIDE`] = 6, every size the GNOME game offers, and reports a
//! larger or negative n, a digit outside 0–9, a token that is not a number,
//! or input that ends inside a game as an error naming the game, on stderr
//! with exit status 1 (also when stderr cannot be written), after printing
//! the answers to the games before it; a token is echoed escaped, so no
//! control byte of the input reaches the terminal. Memory for the input:
//! the program's copy and proconio's, at most twice its size.

use std::io::{Read, Write};

/// The largest side this program accepts: every size the GNOME game offers.
/// The squares of a game would fit a `u64` mask up to 8, but 7×7 games of
/// the hard families take seconds to minutes (a solvable one over 6 digits
/// took 109 s), and a promise of 7 or 8 would be a promise of TLE.
pub const MAX_SIDE: usize = 6;
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// One square: the digits on its four triangles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Square {
    pub top: u8,
    pub right: u8,
    pub bottom: u8,
    pub left: u8,
}

/// The two axes, used as array indices. Along each a square has a *near*
/// side (left; top) and a *far* side (right; bottom); the vertical axis is
/// the horizontal one with rows and columns swapped.
const HORIZONTAL: usize = 0;
const VERTICAL: usize = 1;
const AXES: [usize; 2] = [HORIZONTAL, VERTICAL];

impl Square {
    /// The near and far digits along `axis`: (left, right) or (top, bottom).
    fn along(self, axis: usize) -> (u8, u8) {
        if axis == HORIZONTAL {
            (self.left, self.right)
        } else {
            (self.top, self.bottom)
        }
    }
}

/// Stands for "no neighbour here, any digit fits" in the candidate table.
const ANY_DIGIT: u8 = 10;
/// Digits 0–9 plus [`ANY_DIGIT`].
const DIGIT_SLOTS: usize = 11;
/// The step index whose digits read [`ANY_DIGIT`]: the neighbour of a border
/// cell, and the "next step" of the last one.
const NO_STEP: u8 = MAX_CELLS as u8;

/// Lays out the `n * n` squares in an `n`×`n` grid so that all touching
/// triangles match, if that can be done: returns the grid in row-major
/// order, or `None` when the game cannot be solved.
///
/// The caller keeps to the limits [`run`] checks: `n` between 1 and
/// [`MAX_SIDE`], `n * n` squares, every digit 0–9.
pub fn solve(n: usize, squares: &[Square]) -> Option<Vec<Square>> {
    let cells = growth_order(n);
    let mut search = Search::new(n, squares, &cells);
    let all_unused = u64::MAX >> (64 - n * n);
    if !search.start_is_balanced() || !search.place_from(0, all_unused, [0; 2]) {
        return None;
    }
    let mut grid = vec![Square::default(); n * n];
    for (step, &(row, column)) in cells.iter().enumerate() {
        grid[row * n + column] = search.squares[usize::from(search.placed[step])];
    }
    Some(grid)
}

/// The cells in square-growth order: after `(0, 0)`, for each layer k in
/// 1..n the *column phase* `(0, k)`, …, `(k - 1, k)` top to bottom, then the
/// *row phase* `(k, 0)`, …, `(k, k)` left to right. Each cell's left and top
/// neighbours come before it, so the placed cells always form a staircase
/// (no row is longer than the row above it): the cell right of an empty cell,
/// and the cell below one, are empty too.
fn growth_order(n: usize) -> Vec<(usize, usize)> {
    let mut cells = Vec::with_capacity(n * n);
    for layer in 0..n {
        cells.extend((0..layer).map(|row| (row, layer)));
        cells.extend((0..=layer).map(|column| (layer, column)));
    }
    cells
}

/// How a step's square changes one of the two chains of [`Search::chain_reach`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum ChainUpdate {
    /// The chain stays as it was.
    #[default]
    Keep,
    /// The square's far digit is the first known digit of a new chain.
    Start,
    /// The square's far digit is the next known digit of the chain.
    Extend,
}

/// What the search needs to know about one step along one axis.
#[derive(Clone, Copy, Debug, Default)]
struct AxisRule {
    /// The cell is in the first (last) column or row along the axis, so its
    /// near (far) side meets the border.
    near_border: bool,
    far_border: bool,
    /// Near and far border cells still empty once this step is placed.
    free_near_after: i32,
    free_far_after: i32,
    /// What the square's far digit does to the chain of the line beyond the
    /// cell: the next column (horizontal) or the next row (vertical).
    chain: ChainUpdate,
}

/// What the search needs to know about one step of the order.
#[derive(Clone, Copy, Debug, Default)]
struct StepRule {
    /// Steps that placed the left and top neighbours ([`NO_STEP`] on a border).
    left_from: u8,
    top_from: u8,
    /// The same for the next step ([`NO_STEP`] after the last one).
    next_left_from: u8,
    next_top_from: u8,
    /// The cell touches no border.
    interior: bool,
    axes: [AxisRule; 2],
}

/// The step rules of the square-growth order for side `n`.
fn step_rules(n: usize, cells: &[(usize, usize)]) -> Vec<StepRule> {
    let mut step_at = vec![NO_STEP; n * n];
    for (step, &(row, column)) in cells.iter().enumerate() {
        step_at[row * n + column] = step as u8;
    }
    let mut rules: Vec<StepRule> = cells
        .iter()
        .enumerate()
        .map(|(step, &(row, column))| {
            let along = |axis: usize| {
                // A cell as (place along the axis, place across it): (column,
                // row) for the horizontal axis. The same swap maps back.
                let oriented =
                    |(r, c): (usize, usize)| if axis == HORIZONTAL { (c, r) } else { (r, c) };
                let (place, across) = oriented((row, column));
                let count_empty = |place: usize| {
                    cells[step + 1..]
                        .iter()
                        .filter(|&&cell| oriented(cell).0 == place)
                        .count() as i32
                };
                // The chain of the line beyond the cell runs along that line
                // from the border: it starts beside the border and extends
                // while the cell before the far neighbour in that line is
                // still empty. Otherwise both neighbours of the far neighbour
                // are placed and the chain is left as it is.
                let chain = if place + 1 == n {
                    ChainUpdate::Keep
                } else if across == 0 {
                    ChainUpdate::Start
                } else {
                    let (r, c) = oriented((place + 1, across - 1));
                    if usize::from(step_at[r * n + c]) > step {
                        ChainUpdate::Extend
                    } else {
                        ChainUpdate::Keep
                    }
                };
                AxisRule {
                    near_border: place == 0,
                    far_border: place + 1 == n,
                    free_near_after: count_empty(0),
                    free_far_after: count_empty(n - 1),
                    chain,
                }
            };
            let axes = AXES.map(along);
            StepRule {
                left_from: if column > 0 {
                    step_at[row * n + column - 1]
                } else {
                    NO_STEP
                },
                top_from: if row > 0 {
                    step_at[(row - 1) * n + column]
                } else {
                    NO_STEP
                },
                next_left_from: NO_STEP,
                next_top_from: NO_STEP,
                interior: !axes.iter().any(|axis| axis.near_border || axis.far_border),
                axes,
            }
        })
        .collect();
    for step in 1..rules.len() {
        rules[step - 1].next_left_from = rules[step].left_from;
        rules[step - 1].next_top_from = rules[step].top_from;
    }
    rules
}

/// The digit-counting bound along one axis. Written for the horizontal
/// axis (near: left, far: right); the vertical one reads top for left and
/// bottom for right.
///
/// The placed cells form a staircase, so the cell right of an empty cell is
/// empty. Take any way to finish the grid, and any digit d. Every remaining
/// square's left triangle touches exactly one of: the left border (the
/// square sits in column 0), the right triangle of a placed square (an
/// *open demand*: the empty cell right of a placed square must get a square
/// whose left digit is that square's right digit), or the right triangle of
/// another remaining square. Every remaining square's right triangle touches
/// the right border or the left triangle of another remaining square (never
/// a placed one). Counting the triangles that show d:
///
/// ```text
/// lefts(d)  = free_lefts(d)  + demands(d) + pairs(d)
/// rights(d) = free_rights(d) + pairs(d)
/// ```
///
/// where `free_lefts(d)` counts empty column-0 cells whose square shows d on
/// the left, `free_rights(d)` empty last-column cells showing d on the right,
/// and `pairs(d)` touching pairs of remaining squares meeting on d. Hence
///
/// ```text
/// supply(d)  = lefts(d) - demands(d) = free_lefts(d) + pairs(d) >= 0
/// surplus(d) = supply(d) - rights(d) = free_lefts(d) - free_rights(d)
/// ```
///
/// so the positive parts of `surplus` add up to at most the number of empty
/// column-0 cells, and its negative parts to at most the number of empty
/// last-column cells. A partial grid breaking any of these has no
/// completion, so cutting it never loses a solution.
#[derive(Clone, Copy, Debug, Default)]
struct DigitBalance {
    supply: [i32; 10],
    surplus: [i32; 10],
    /// Sum of the positive parts of `surplus`.
    positive: i32,
    /// Sum of the negative parts of `surplus`, as a positive number.
    negative: i32,
    /// The digits whose surplus is positive, as a 10-bit mask: in any
    /// completion each of them shows on the near side of some empty cell of
    /// the near border.
    positive_digits: u16,
}

impl DigitBalance {
    fn change_surplus(&mut self, digit: u8, delta: i32) {
        let old = self.surplus[usize::from(digit)];
        let new = old + delta;
        self.surplus[usize::from(digit)] = new;
        self.positive += new.max(0) - old.max(0);
        self.negative += (-new).max(0) - (-old).max(0);
        if new > 0 {
            self.positive_digits |= 1 << digit;
        } else {
            self.positive_digits &= !(1 << digit);
        }
    }

    /// Updates the counts for a square showing `near` and `far` that leaves
    /// the remaining set into a cell (`sign` -1) or comes back out of it
    /// (`sign` 1, which exactly undoes the move in). `near_border`: the
    /// cell's near side meets the border; otherwise that side pays off the
    /// demand it meets, which leaves `supply` and `surplus` as they were.
    /// `far_border`: its far side meets the border; otherwise it opens a new
    /// demand. Counting a square into the remaining set at the start is the
    /// same update as taking it back out of a cell on both borders.
    fn shift(&mut self, (near, far): (u8, u8), near_border: bool, far_border: bool, sign: i32) {
        if near_border {
            self.supply[usize::from(near)] += sign;
            self.change_surplus(near, sign);
        }
        if far_border {
            self.change_surplus(far, -sign);
        } else {
            self.supply[usize::from(far)] += sign;
        }
    }

    /// The bound after a placement: the supplies it lowered (the others did
    /// not change and were checked before) and the empty border cells left.
    fn allows(&self, (near, far): (u8, u8), rule: &AxisRule) -> bool {
        self.supply[usize::from(near)] >= 0
            && self.supply[usize::from(far)] >= 0
            && self.positive <= rule.free_near_after
            && self.negative <= rule.free_far_after
    }
}

struct Search {
    side: usize,
    /// The squares sorted, so identical ones sit next to each other.
    squares: [Square; MAX_CELLS],
    /// Bit i set when square i fits a cell whose left neighbour shows
    /// `left` on its right and whose top neighbour shows `top` on its
    /// bottom; index `left * DIGIT_SLOTS + top`, [`ANY_DIGIT`] for a border.
    fitting: [u64; DIGIT_SLOTS * DIGIT_SLOTS],
    /// Per axis: the squares by near digit, and the squares whose near digit
    /// is in a set of digits, the set as a 10-bit mask.
    near_is: [[u64; 10]; 2],
    near_in: [Vec<u64>; 2],
    /// Bit i set when square i is identical to square i - 1.
    repeats_previous: u64,
    steps: [StepRule; MAX_CELLS],
    /// Right and bottom digits of the square placed at each step; entry
    /// [`NO_STEP`] reads [`ANY_DIGIT`].
    right_at: [u8; MAX_CELLS + 1],
    bottom_at: [u8; MAX_CELLS + 1],
    /// Index into `squares` of the square placed at each step.
    placed: [u8; MAX_CELLS],
    balance: [DigitBalance; 2],
}

impl Search {
    fn new(n: usize, squares: &[Square], cells: &[(usize, usize)]) -> Search {
        let mut search = Search {
            side: n,
            squares: [Square::default(); MAX_CELLS],
            fitting: [0; DIGIT_SLOTS * DIGIT_SLOTS],
            near_is: [[0; 10]; 2],
            near_in: [vec![0; 1 << 10], vec![0; 1 << 10]],
            repeats_previous: 0,
            steps: [StepRule::default(); MAX_CELLS],
            right_at: [ANY_DIGIT; MAX_CELLS + 1],
            bottom_at: [ANY_DIGIT; MAX_CELLS + 1],
            placed: [0; MAX_CELLS],
            balance: [DigitBalance::default(); 2],
        };
        let sorted = &mut search.squares[..squares.len()];
        sorted.copy_from_slice(squares);
        sorted.sort_unstable();
        for (index, &square) in search.squares[..squares.len()].iter().enumerate() {
            let bit = 1u64 << index;
            if index > 0 && search.squares[index - 1] == square {
                search.repeats_previous |= bit;
            }
            for left in [square.left, ANY_DIGIT] {
                for top in [square.top, ANY_DIGIT] {
                    search.fitting[usize::from(left) * DIGIT_SLOTS + usize::from(top)] |= bit;
                }
            }
            for axis in AXES {
                let (near, far) = square.along(axis);
                search.near_is[axis][usize::from(near)] |= bit;
                search.balance[axis].shift((near, far), true, true, 1);
            }
        }
        for axis in AXES {
            for digits in 1..1usize << 10 {
                let lowest = digits.trailing_zeros() as usize;
                let others = digits & (digits - 1);
                search.near_in[axis][digits] =
                    search.near_in[axis][others] | search.near_is[axis][lowest];
            }
        }
        for (step, rule) in step_rules(n, cells).into_iter().enumerate() {
            search.steps[step] = rule;
        }
        search
    }

    /// The counting bound before any square is placed, with every border
    /// cell empty. Alone it rejects most games with one digit changed.
    fn start_is_balanced(&self) -> bool {
        let side = self.side as i32;
        self.balance
            .iter()
            .all(|balance| balance.positive <= side && balance.negative <= side)
    }

    fn fits(&self, left: u8, top: u8) -> u64 {
        self.fitting[usize::from(left) * DIGIT_SLOTS + usize::from(top)]
    }

    /// Fills the steps from `step` on with the squares whose bits are set in
    /// `unused`; on success `placed` holds the layout. `reach` holds the
    /// chain digit sets of [`Search::chain_reach`], per axis.
    fn place_from(&mut self, step: usize, unused: u64, reach: [u16; 2]) -> bool {
        if unused == 0 {
            return true;
        }
        let rule = self.steps[step];
        let left = self.right_at[usize::from(rule.left_from)];
        let top = self.bottom_at[usize::from(rule.top_from)];
        // Only the first unused copy of each kind of square.
        let first_copies = unused & !((unused << 1) & self.repeats_previous);
        let all_candidates = first_copies & self.fits(left, top);
        // Value order, which only changes how soon a solution is found: on
        // the left (top) border, first the squares whose left (top) digit
        // has a positive surplus, as the border must show those digits.
        let mut preferred = all_candidates;
        for axis in AXES {
            if rule.axes[axis].near_border {
                preferred &= self.near_in[axis][usize::from(self.balance[axis].positive_digits)];
            }
        }
        let mut candidates = preferred;
        let mut later = all_candidates & !preferred;
        loop {
            if candidates == 0 {
                if later == 0 {
                    break;
                }
                candidates = later;
                later = 0;
            }
            let index = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let square = self.squares[index];
            let rest = unused & !(1 << index);
            self.right_at[step] = square.right;
            self.bottom_at[step] = square.bottom;
            // The next cell's neighbours are now all placed: if no unused
            // square fits them, this placement has no completion.
            let next_fits = self.fits(
                self.right_at[usize::from(rule.next_left_from)],
                self.bottom_at[usize::from(rule.next_top_from)],
            );
            if rest != 0 && rest & next_fits == 0 {
                continue;
            }
            self.placed[step] = index as u8;
            let solved = if rule.interior {
                // Inside the grid both near sides pay off demands and both
                // far sides open new ones: only two supplies change and the
                // surpluses stay as they were (see `DigitBalance`).
                let (right, bottom) = (usize::from(square.right), usize::from(square.bottom));
                let [horizontal, vertical] = &mut self.balance;
                if horizontal.supply[right] <= 0 || vertical.supply[bottom] <= 0 {
                    continue;
                }
                horizontal.supply[right] -= 1;
                vertical.supply[bottom] -= 1;
                let solved = self.descend(step, &rule, rest, reach);
                self.balance[HORIZONTAL].supply[right] += 1;
                self.balance[VERTICAL].supply[bottom] += 1;
                solved
            } else {
                let shift = |search: &mut Search, sign| {
                    for axis in AXES {
                        let axis_rule = &rule.axes[axis];
                        search.balance[axis].shift(
                            square.along(axis),
                            axis_rule.near_border,
                            axis_rule.far_border,
                            sign,
                        );
                    }
                };
                shift(self, -1);
                let solved = AXES
                    .iter()
                    .all(|&axis| self.balance[axis].allows(square.along(axis), &rule.axes[axis]))
                    && self.descend(step, &rule, rest, reach);
                shift(self, 1);
                solved
            };
            if solved {
                return true;
            }
        }
        false
    }

    /// Updates the two chains for the square just placed at `step`, cuts the
    /// placement if either chain has become impossible, else goes on to the
    /// next step.
    fn descend(&mut self, step: usize, rule: &StepRule, rest: u64, mut reach: [u16; 2]) -> bool {
        if rest == 0 {
            return true;
        }
        for axis in AXES {
            reach[axis] = self.chain_reach(axis, rule.axes[axis].chain, step, reach[axis], rest);
            if reach[axis] == 0 {
                return false;
            }
        }
        self.place_from(step + 1, rest, reach)
    }

    /// The chain look-ahead along `axis`. Written for the horizontal axis,
    /// whose chain is in the next column; the vertical axis has it in the
    /// next row, with rows and columns swapped.
    ///
    /// While column k is being placed, the cells of column k + 1 beside it,
    /// from row 0 down, are empty, and each has its left neighbour placed: in
    /// any completion they hold unused squares s0, s1, … with `s_i.left` the
    /// right digit of that neighbour and `s_i.top = s_(i-1).bottom` (s0's top
    /// meets the border). The chain's *reach* is a set of digits that holds
    /// `s_i.bottom` for every such choice of squares: the bottoms of the
    /// unused squares with the right left digit whose top is in the previous
    /// reach (any top for s0). By induction the true bottom digit is always
    /// in it; leaving out that the squares must differ only makes it larger,
    /// and so does reusing a reach computed when more squares were unused.
    /// An empty reach means no completion exists, so the cut is sound.
    ///
    /// `previous` is the reach before the square placed at `step`, whose far
    /// digit is the new chain cell's near digit; `update` says whether that
    /// square starts the chain, extends it or leaves it as it was.
    fn chain_reach(
        &self,
        axis: usize,
        update: ChainUpdate,
        step: usize,
        previous: u16,
        unused: u64,
    ) -> u16 {
        let other = 1 - axis;
        let earlier = match update {
            ChainUpdate::Keep => return previous,
            ChainUpdate::Start => u64::MAX,
            ChainUpdate::Extend => self.near_in[other][usize::from(previous)],
        };
        let near = if axis == HORIZONTAL {
            self.right_at[step]
        } else {
            self.bottom_at[step]
        };
        let mut chain_squares = unused & self.near_is[axis][usize::from(near)] & earlier;
        let mut reach = 0u16;
        while chain_squares != 0 {
            reach |= 1
                << self.squares[chain_squares.trailing_zeros() as usize]
                    .along(other)
                    .1;
            chain_squares &= chain_squares - 1;
        }
        reach
    }
}

/// A token read as a whole number: an optional sign and decimal digits.
/// Values too large for `i64` saturate, which still reads as "too large".
fn parse_whole_number(token: &[u8]) -> Option<i64> {
    let (negative, digits) = match token.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, token),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let magnitude = digits.iter().fold(0i64, |value, &digit| {
        value
            .saturating_mul(10)
            .saturating_add(i64::from(digit - b'0'))
    });
    Some(if negative { -magnitude } else { magnitude })
}

/// The token as text for an error message, cut short if it is long. A
/// token that is not a number goes into the message with `{:?}`, so a
/// control byte (NUL, ESC, a byte-order mark) reaches the terminal escaped.
fn shown(token: &str) -> String {
    const LONGEST: usize = 24;
    if token.chars().count() <= LONGEST {
        token.to_string()
    } else {
        token.chars().take(LONGEST).chain("...".chars()).collect()
    }
}

/// Reads every game of `input` and writes each answer to `out`. On the
/// first bad game, or if `out` refuses the answers, stops with the error
/// line to print (the answers before a bad game are written).
///
/// Memory: proconio's source copies the input once, and `input` is dropped
/// as soon as that copy is made; the tokens are then read as slices of the
/// copy, so the peak is about twice the input.
pub fn run(input: Vec<u8>, out: &mut impl Write) -> Result<(), String> {
    use proconio::source::{once::OnceSource, Source};
    // Input that is not UTF-8 is cut at its first bad byte, which becomes
    // U+FFFD: the token holding it fails as a non-number in the right game,
    // and nothing after it is read. (A lossy conversion of the whole input
    // could triple it.)
    let mut input = input;
    if let Err(error) = std::str::from_utf8(&input) {
        input.truncate(error.valid_up_to());
        input.extend_from_slice("\u{FFFD}".as_bytes());
    }
    let mut source = OnceSource::new(std::io::Cursor::new(input));
    let mut game = 0;
    loop {
        if source.is_empty() {
            return Ok(());
        }
        game += 1;
        let fail = |fault: String| Err(format!("game {game}: {fault}"));
        let Some(side_token) = source.next_token() else {
            return Ok(());
        };
        let token = shown(side_token);
        let side = match parse_whole_number(side_token.as_bytes()) {
            None => return fail(format!("the side n is {token:?}, not a number")),
            Some(0) => return Ok(()),
            Some(side) if side < 0 => return fail(format!("the side n is {token}, negative")),
            Some(side) if side > MAX_SIDE as i64 => {
                return fail(format!(
                    "the side n is {token}, above the {MAX_SIDE} this program supports"
                ))
            }
            Some(side) => side as usize,
        };
        // `side` is at most MAX_SIDE here, so this allocation is small.
        let squares = side * side;
        let mut game_squares = Vec::with_capacity(squares);
        for square in 1..=squares {
            let mut digits = [0u8; 4];
            for (place, digit) in digits.iter_mut().enumerate() {
                if source.is_empty() {
                    let read = 4 * (square - 1) + place;
                    return fail(format!(
                        "the input ends inside the game, after {read} of its {} digits ({squares} squares of 4 digits)",
                        4 * squares
                    ));
                }
                let token = source.next_token().unwrap_or_default();
                *digit = match parse_whole_number(token.as_bytes()) {
                    None => {
                        return fail(format!(
                            "square {square} has {:?} where a digit belongs",
                            shown(token)
                        ))
                    }
                    Some(value @ 0..=9) => value as u8,
                    Some(_) => {
                        return fail(format!(
                            "square {square} has the digit {}, outside 0-9",
                            shown(token)
                        ))
                    }
                };
            }
            let [top, right, bottom, left] = digits;
            game_squares.push(Square {
                top,
                right,
                bottom,
                left,
            });
        }
        let blank_line = if game > 1 { "\n" } else { "" };
        let verdict = if solve(side, &game_squares).is_some() {
            "Possible"
        } else {
            "Impossible"
        };
        writeln!(out, "{blank_line}Game {game}: {verdict}")
            .map_err(|error| format!("cannot write the answers: {error}"))?;
    }
}

/// Prints the error line and ends with status 1. If stderr cannot be
/// written either, there is no one left to tell: the status alone says it.
fn fail_with(message: &str) -> ! {
    let _ = writeln!(std::io::stderr(), "{message}");
    std::process::exit(1);
}

fn main() {
    let mut input = Vec::new();
    if let Err(error) = std::io::stdin().lock().read_to_end(&mut input) {
        fail_with(&format!("cannot read the input: {error}"));
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = run(input, &mut out);
    // The answers before a bad game go out before the error line.
    let flushed = out
        .flush()
        .map_err(|error| format!("cannot write the answers: {error}"));
    if let Err(message) = result.and(flushed) {
        fail_with(&message);
    }
}

// The plain grouped search and the game families are shared with the
// examples (the benchmark baseline and the input generator).
#[cfg(test)]
#[path = "../examples/shared/plain_search.rs"]
mod plain_search;

#[cfg(test)]
#[path = "../examples/shared/families.rs"]
mod families;

// The stress-test generator and brute force of the examples, so the tests
// run the same pair.
#[cfg(test)]
#[path = "../examples/shared/random_input.rs"]
mod random_input;

#[cfg(test)]
#[path = "../examples/shared/brute_output.rs"]
mod brute_output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{families, plain_search};

    const SAMPLES: [(&str, &str); 9] = [
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/1.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/1.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/2.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/2.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/3.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/3.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/4.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/4.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/5.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/5.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/6.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/6.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/7.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/7.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/8.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/8.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/9.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/9.out"),
        ),
    ];

    fn square([top, right, bottom, left]: [u8; 4]) -> Square {
        Square {
            top,
            right,
            bottom,
            left,
        }
    }

    fn squares(game: &[[u8; 4]]) -> Vec<Square> {
        game.iter().copied().map(square).collect()
    }

    /// The output and the error line of the whole program on `input`.
    fn run_on(input: &[u8]) -> (String, Option<String>) {
        let mut out = Vec::new();
        let error = run(input.to_vec(), &mut out).err();
        (String::from_utf8(out).expect("answers are ASCII"), error)
    }

    /// Whether every adjacent pair of `grid` (row-major) matches.
    fn grid_is_solved(n: usize, grid: &[Square]) -> bool {
        (0..n * n).all(|cell| {
            let (row, column) = (cell / n, cell % n);
            (column + 1 == n || grid[cell].right == grid[cell + 1].left)
                && (row + 1 == n || grid[cell].bottom == grid[cell + n].top)
        })
    }

    /// Checks a layout returned by `solve`, square by square: it uses
    /// exactly the game's squares and every touching pair matches.
    fn assert_valid_layout(n: usize, game: &[Square], layout: &[Square]) {
        let mut given = game.to_vec();
        let mut used = layout.to_vec();
        given.sort();
        used.sort();
        assert_eq!(
            given, used,
            "the layout must use exactly the game's squares"
        );
        for cell in 0..n * n {
            let (row, column) = (cell / n, cell % n);
            if column + 1 < n {
                assert_eq!(
                    layout[cell].right,
                    layout[cell + 1].left,
                    "cells ({row}, {column}) and ({row}, {}) do not match in {layout:?}",
                    column + 1
                );
            }
            if row + 1 < n {
                assert_eq!(
                    layout[cell].bottom,
                    layout[cell + n].top,
                    "cells ({row}, {column}) and ({}, {column}) do not match in {layout:?}",
                    row + 1
                );
            }
        }
    }

    /// `solve`, with any layout it returns checked.
    fn checked_solve(n: usize, game: &[Square]) -> bool {
        match solve(n, game) {
            Some(layout) => {
                assert_valid_layout(n, game, &layout);
                true
            }
            None => false,
        }
    }

    /// The deliberately simple reference for small games: tries every
    /// ordering of the squares (Heap's algorithm) as a row-major grid.
    fn permutation_solvable(n: usize, game: &[Square]) -> bool {
        let mut grid = game.to_vec();
        let mut counters = vec![0; grid.len()];
        if grid_is_solved(n, &grid) {
            return true;
        }
        let mut level = 1;
        while level < grid.len() {
            if counters[level] < level {
                let other = if level % 2 == 0 { 0 } else { counters[level] };
                grid.swap(other, level);
                if grid_is_solved(n, &grid) {
                    return true;
                }
                counters[level] += 1;
                level = 1;
            } else {
                counters[level] = 0;
                level += 1;
            }
        }
        false
    }

    #[test]
    fn samples() {
        for (number, (input, expected)) in SAMPLES.iter().enumerate() {
            let (output, error) = run_on(input.as_bytes());
            assert_eq!(error, None, "sample {}", number + 1);
            assert_eq!(output, *expected, "sample {}", number + 1);
        }
    }

    #[test]
    fn the_permutation_reference_knows_the_judge_sample() {
        let possible = squares(&[[5, 9, 1, 4], [4, 4, 5, 6], [6, 8, 5, 4], [0, 4, 4, 3]]);
        let impossible = squares(&[[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3], [4, 4, 4, 4]]);
        assert!(permutation_solvable(2, &possible));
        assert!(!permutation_solvable(2, &impossible));
    }

    #[test]
    fn agrees_with_every_permutation_up_to_three_by_three() {
        let mut rng = fastrand::Rng::with_seed(0x1008_0001);
        let (mut possible, mut impossible) = (0, 0);
        for game_number in 0..2400 {
            let n = match game_number % 8 {
                0 => 1,
                1..=3 => 2,
                _ => 3,
            };
            let alphabet_size = rng.usize(1..=4);
            let game: Vec<[u8; 4]> = match rng.usize(0..4) {
                0 => families::solvable_game(&mut rng, n, alphabet_size),
                1 => families::digit_changed_game(&mut rng, n, alphabet_size),
                2 => families::swapped_game(&mut rng, n, alphabet_size),
                _ => {
                    let alphabet = families::random_alphabet(&mut rng, alphabet_size);
                    (0..n * n)
                        .map(|_| [0; 4].map(|_| alphabet[rng.usize(..alphabet.len())]))
                        .collect()
                }
            };
            let game = squares(&game);
            let expected = permutation_solvable(n, &game);
            assert_eq!(checked_solve(n, &game), expected, "n = {n}, game {game:?}");
            if expected {
                possible += 1;
            } else {
                impossible += 1;
            }
        }
        // Both answers must be well represented for the check to mean much.
        assert!(
            possible >= 500 && impossible >= 500,
            "{possible} possible, {impossible} impossible"
        );
    }

    #[test]
    fn games_solvable_by_construction_are_possible() {
        let mut rng = fastrand::Rng::with_seed(0x1008_0002);
        for n in 1..=5 {
            for alphabet_size in 1..=10 {
                let draws = if n == 5 && (3..=6).contains(&alphabet_size) {
                    40
                } else {
                    12
                };
                for _ in 0..draws {
                    let game = squares(&families::solvable_game(&mut rng, n, alphabet_size));
                    assert!(checked_solve(n, &game), "n = {n}, game {game:?}");
                }
            }
        }
    }

    #[test]
    fn changed_and_swapped_games_agree_with_the_plain_search() {
        // The plain search takes up to seconds on 5×5 games over 3 to 5
        // digits, so those are left to the benchmark; the 4×4 games cover
        // every alphabet and the 5×5 ones the alphabets it finishes fast.
        let mut rng = fastrand::Rng::with_seed(0x1008_0003);
        let mut cases = Vec::new();
        for draw in 0..34 {
            for alphabet_size in 2..=10 {
                cases.push((4, alphabet_size, draw % 2 == 0));
            }
        }
        for draw in 0..24 {
            for alphabet_size in [2, 6, 7, 8, 9, 10] {
                cases.push((5, alphabet_size, draw % 2 == 0));
            }
        }
        assert!(cases.len() >= 300);
        let mut impossible = 0;
        for (n, alphabet_size, changed) in cases {
            let game = if changed {
                families::digit_changed_game(&mut rng, n, alphabet_size)
            } else {
                families::swapped_game(&mut rng, n, alphabet_size)
            };
            let expected = plain_search::plain_solvable(n, &game);
            let game = squares(&game);
            assert_eq!(checked_solve(n, &game), expected, "n = {n}, game {game:?}");
            impossible += usize::from(!expected);
        }
        assert!(impossible >= 150, "only {impossible} impossible games");
    }

    #[test]
    fn sides_above_the_judges_five_work() {
        let mut rng = fastrand::Rng::with_seed(0x1008_0004);
        for n in 6..=MAX_SIDE {
            for alphabet_size in [1, 2, 8, 10] {
                let game = squares(&families::solvable_game(&mut rng, n, alphabet_size));
                assert!(checked_solve(n, &game), "n = {n}, game {game:?}");
            }
            let all_alike = vec![square([1, 2, 3, 4]); n * n];
            assert!(!checked_solve(n, &all_alike));
        }
    }

    /// The step rules against the phases of the growth order, spelt out
    /// cell by cell: the next column's chain takes the right digits of
    /// column k top to bottom, the corner (k, k) last; the next row's chain
    /// takes the bottom digits of row k left to right, and the cell (k, k + 1)
    /// of the next layer's column phase last.
    #[test]
    fn step_rules_follow_the_phases_of_the_growth_order() {
        use ChainUpdate::{Extend, Keep, Start};
        for n in 1..=MAX_SIDE {
            let cells = growth_order(n);
            for (step, (rule, &(row, column))) in
                step_rules(n, &cells).iter().zip(&cells).enumerate()
            {
                let layer = row.max(column);
                let has_next_layer = layer + 1 < n;
                let column_chain = if !has_next_layer || (row == layer && column < layer) {
                    Keep
                } else if row == 0 {
                    Start
                } else {
                    Extend
                };
                let row_chain = if row < column {
                    if row + 1 == layer {
                        Extend
                    } else {
                        Keep
                    }
                } else if !has_next_layer {
                    Keep
                } else if column == 0 {
                    Start
                } else {
                    Extend
                };
                let at = format!("n = {n}, step {step}, cell ({row}, {column})");
                let [horizontal, vertical] = rule.axes;
                assert_eq!(horizontal.chain, column_chain, "column chain, {at}");
                assert_eq!(vertical.chain, row_chain, "row chain, {at}");
                assert_eq!(
                    (horizontal.near_border, horizontal.far_border),
                    (column == 0, column == n - 1),
                    "{at}"
                );
                assert_eq!(
                    (vertical.near_border, vertical.far_border),
                    (row == 0, row == n - 1),
                    "{at}"
                );
                let later = &cells[step + 1..];
                let empty = |on: &dyn Fn(usize, usize) -> bool| {
                    later.iter().filter(|&&(r, c)| on(r, c)).count() as i32
                };
                assert_eq!(horizontal.free_near_after, empty(&|_, c| c == 0), "{at}");
                assert_eq!(horizontal.free_far_after, empty(&|_, c| c == n - 1), "{at}");
                assert_eq!(vertical.free_near_after, empty(&|r, _| r == 0), "{at}");
                assert_eq!(vertical.free_far_after, empty(&|r, _| r == n - 1), "{at}");
                let step_of = |r: usize, c: usize| {
                    cells.iter().position(|&cell| cell == (r, c)).unwrap() as u8
                };
                let left_from = if column > 0 {
                    step_of(row, column - 1)
                } else {
                    NO_STEP
                };
                let top_from = if row > 0 {
                    step_of(row - 1, column)
                } else {
                    NO_STEP
                };
                assert_eq!(
                    (rule.left_from, rule.top_from),
                    (left_from, top_from),
                    "{at}"
                );
                let (next_left, next_top) = match cells.get(step + 1) {
                    Some(&(r, c)) => (
                        if c > 0 { step_of(r, c - 1) } else { NO_STEP },
                        if r > 0 { step_of(r - 1, c) } else { NO_STEP },
                    ),
                    None => (NO_STEP, NO_STEP),
                };
                assert_eq!(
                    (rule.next_left_from, rule.next_top_from),
                    (next_left, next_top),
                    "{at}"
                );
                assert_eq!(
                    rule.interior,
                    0 < row.min(column) && row.max(column) < n - 1,
                    "{at}"
                );
            }
        }
    }

    #[test]
    fn growth_order_keeps_a_staircase_with_neighbours_placed_first() {
        for n in 1..=MAX_SIDE {
            let cells = growth_order(n);
            let mut sorted = cells.clone();
            sorted.sort();
            assert_eq!(sorted.len(), n * n);
            sorted.dedup();
            assert_eq!(sorted.len(), n * n, "every cell exactly once");
            let mut row_lengths = vec![0; n];
            for &(row, column) in &cells {
                assert_eq!(row_lengths[row], column, "rows fill left to right");
                row_lengths[row] += 1;
                assert!(
                    row == 0 || row_lengths[row - 1] >= row_lengths[row],
                    "staircase"
                );
            }
        }
    }

    #[test]
    fn generated_games_through_the_whole_program() {
        let mut rng = fastrand::Rng::with_seed(0x1008_0005);
        let mut input = String::new();
        let mut expected = String::new();
        for game_number in 1..=60 {
            let n = rng.usize(1..=4);
            let alphabet_size = rng.usize(2..=5);
            let game = families::digit_changed_game(&mut rng, n, alphabet_size);
            families::write_game(&mut input, n, &game);
            let verdict = if plain_search::plain_solvable(n, &game) {
                "Possible"
            } else {
                "Impossible"
            };
            if game_number > 1 {
                expected.push('\n');
            }
            expected.push_str(&format!("Game {game_number}: {verdict}\n"));
        }
        input.push_str("0\n");
        assert_eq!(run_on(input.as_bytes()), (expected, None));
    }

    #[test]
    fn zero_ends_the_input_whatever_follows() {
        let (output, error) = run_on(b"1\n1 2 3 4\n0\nnot read at all\n");
        assert_eq!((output.as_str(), error), ("Game 1: Possible\n", None));
        assert_eq!(run_on(b""), (String::new(), None));
        assert_eq!(run_on(b"  \r\n"), (String::new(), None));
    }

    /// One good game, then `bad`: the first answer must be printed and the
    /// error must name game 2.
    fn after_one_good_game(bad: &str) -> Option<String> {
        let input = format!("2\n5 9 1 4\n4 4 5 6\n6 8 5 4\n0 4 4 3\n{bad}");
        let (output, error) = run_on(input.as_bytes());
        assert_eq!(output, "Game 1: Possible\n", "input {input:?}");
        error
    }

    #[test]
    fn a_negative_side_is_an_error() {
        assert_eq!(
            after_one_good_game("-3\n1 1 1 1\n").as_deref(),
            Some("game 2: the side n is -3, negative")
        );
    }

    #[test]
    fn a_side_above_the_supported_is_an_error_before_any_allocation() {
        assert_eq!(
            after_one_good_game("7\n").as_deref(),
            Some("game 2: the side n is 7, above the 6 this program supports")
        );
        assert_eq!(
            after_one_good_game("123456789012345678901234567890\n").as_deref(),
            Some("game 2: the side n is 123456789012345678901234..., above the 6 this program supports")
        );
    }

    #[test]
    fn a_digit_outside_zero_to_nine_is_an_error() {
        assert_eq!(
            after_one_good_game("1\n1 2 10 3\n").as_deref(),
            Some("game 2: square 1 has the digit 10, outside 0-9")
        );
        assert_eq!(
            after_one_good_game("2\n1 1 1 1\n1 -1 1 1\n").as_deref(),
            Some("game 2: square 2 has the digit -1, outside 0-9")
        );
    }

    #[test]
    fn a_token_that_is_not_a_number_is_an_error() {
        assert_eq!(
            after_one_good_game("two\n").as_deref(),
            Some("game 2: the side n is \"two\", not a number")
        );
        assert_eq!(
            after_one_good_game("1\n1 x 2 3\n").as_deref(),
            Some("game 2: square 1 has \"x\" where a digit belongs")
        );
        assert_eq!(
            after_one_good_game("1\n1 1.5 2 3\n").as_deref(),
            Some("game 2: square 1 has \"1.5\" where a digit belongs")
        );
        assert_eq!(
            after_one_good_game("1\n1 - 2 3\n").as_deref(),
            Some("game 2: square 1 has \"-\" where a digit belongs")
        );
        // A byte that is not UTF-8 is reported, not a panic.
        let mut input = b"1\n1 2 3 4\n1\n1 2 ".to_vec();
        input.extend_from_slice(&[0xff, b' ', b'4', b'\n']);
        let (output, error) = run_on(&input);
        assert_eq!(output, "Game 1: Possible\n");
        assert_eq!(
            error.as_deref(),
            Some("game 2: square 1 has \"\u{fffd}\" where a digit belongs")
        );
    }

    #[test]
    fn input_ending_inside_a_game_is_an_error() {
        assert_eq!(
            after_one_good_game("2\n1 1 1 1\n2 2\n").as_deref(),
            Some(
                "game 2: the input ends inside the game, after 6 of its 16 digits \
                 (4 squares of 4 digits)"
            )
        );
        assert_eq!(
            after_one_good_game("3\n").as_deref(),
            Some(
                "game 2: the input ends inside the game, after 0 of its 36 digits \
                 (9 squares of 4 digits)"
            )
        );
    }

    #[test]
    fn a_plus_sign_and_leading_zeros_are_still_numbers() {
        assert_eq!(
            run_on(b"+1\n01 2 3 +4\n00\n"),
            ("Game 1: Possible\n".to_string(), None)
        );
    }

    #[test]
    fn control_bytes_in_a_bad_token_are_escaped() {
        // NUL, ESC, a byte-order mark and the file separator \x1c must not
        // reach the terminal as they are.
        assert_eq!(
            after_one_good_game("t\u{0}w\u{1b}[2Jo\n").as_deref(),
            Some("game 2: the side n is \"t\\0w\\u{1b}[2Jo\", not a number")
        );
        assert_eq!(
            after_one_good_game("1\n1 \u{feff}2\u{1c} 3 4\n").as_deref(),
            Some("game 2: square 1 has \"\\u{feff}2\\u{1c}\" where a digit belongs")
        );
    }

    #[test]
    fn stress_inputs_agree_with_the_brute_force() {
        for seed in 0..300 {
            let input = random_input::random_input(seed);
            let (output, error) = run_on(input.as_bytes());
            assert_eq!(error, None, "seed {seed}");
            assert_eq!(output, brute_output::brute_output(&input), "seed {seed}");
        }
    }
}
