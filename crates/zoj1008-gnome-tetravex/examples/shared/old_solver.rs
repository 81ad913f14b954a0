//! The solver as it was before the propagating search: square-growth
//! search with counting bounds and chain look-ahead, alone. Kept, with a node counter, as
//! the yardstick the adversarial search and the benchmark baseline measure
//! the current solver against. Core only: no parsing, no tests.

/// The largest side this program accepts: the squares of a game must fit the
/// 64 bits of a `u64` mask.
pub const MAX_SIDE: usize = 8;
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
/// The caller keeps to the limits the solution's reader checks: `n` between 1 and
/// [`MAX_SIDE`], `n * n` squares, every digit 0–9.
pub fn solve(n: usize, squares: &[Square]) -> Option<Vec<Square>> {
    solve_counting(n, squares).0
}

/// [`solve`], and the number of search nodes (calls of the placing step)
/// it took.
pub fn solve_counting(n: usize, squares: &[Square]) -> (Option<Vec<Square>>, u64) {
    solve_counting_capped(n, squares, u64::MAX)
}

/// [`solve_counting`], giving up (with no layout) once the search has
/// taken more than `cap` nodes.
pub fn solve_counting_capped(n: usize, squares: &[Square], cap: u64) -> (Option<Vec<Square>>, u64) {
    let cells = growth_order(n);
    let mut search = Search::new(n, squares, &cells);
    search.node_cap = cap;
    let all_unused = u64::MAX >> (64 - n * n);
    if !search.start_is_balanced() || !search.place_from(0, all_unused, [0; 2]) {
        return (None, search.nodes);
    }
    if search.nodes > cap {
        return (None, search.nodes);
    }
    let mut grid = vec![Square::default(); n * n];
    for (step, &(row, column)) in cells.iter().enumerate() {
        grid[row * n + column] = search.squares[usize::from(search.placed[step])];
    }
    (Some(grid), search.nodes)
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
    nodes: u64,
    node_cap: u64,
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
            nodes: 0,
            node_cap: u64::MAX,
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
        self.nodes += 1;
        // Over the cap: unwind at once, as if solved; the caller sees the count.
        if unused == 0 || self.nodes > self.node_cap {
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
