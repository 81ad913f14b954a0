//! ZOJ 1008 — Gnome Tetravex.
//! <http://acm.zju.edu.cn/onlinejudge/showProblem.do?problemCode=1008>
//!
//! A game is n×n squares with a digit on each of their four triangles (top,
//! right, bottom, left). The squares are moved, never rotated, into an n×n
//! grid; the game is solved when every two touching triangles show the same
//! digit. For each game print whether it can be solved.
//!
//! # Constraints
//! 1 ≤ n ≤ [`MAX_SIDE`] = 6 (ZOJ's bound is 5), digits 0–9, any number of
//! games; tokens are read with proconio, any whitespace between them. A
//! larger or negative n, a digit outside 0–9, a token that is not a number,
//! or input ending inside a game is reported as one line on stderr naming
//! the game, exit status 1, after the answers to the games before.
//!
//! # Algorithm
//! Two exact searches take turns, and the first to finish answers. Each
//! cuts only partial layouts that provably have no completion.
//!
//! First, two checks on the squares alone. *Digit balance*
//! ([`DigitBalance`]): along a row every left triangle meets the left border
//! or a right triangle showing the same digit, so for each digit d the left
//! border shows `lefts(d) - rights(d)` more d than the right border; the
//! positive parts of these differences add up to at most n (likewise by
//! columns). *Line partition* ([`LineSplit`]): the (left, right) pairs must
//! split into n chains of n, one per row; the (top, bottom) pairs likewise.
//!
//! The *square-growth search* ([`Search`]) fills the cells in square-growth
//! order (the k×k top-left block grows by column k, then row k), so each
//! cell's left and top neighbours come first. It tries only the first unused
//! copy of identical squares and cuts a partial grid when
//! - the digit balance of the squares left fails (the identity holds for the
//!   unfilled part, with the open edges as a border);
//! - no unused square fits the next cell's placed neighbours;
//! - the empty cells of the next column (row) cannot be chained from unused
//!   squares ([`Search::chain_reach`]);
//! - the propagating search's root removed the square from that cell.
//!
//! A node costs about 30 ns: random games take well under a millisecond,
//! but games built against this search take it tens of millions of nodes.
//!
//! The *propagating search* ([`Propagator`]) keeps for each cell the kinds
//! of square it may still hold and after each decision narrows them to a
//! fixpoint by rules that each remove only kinds no layout has there:
//! - neighbours: a kind stays while each neighbour can show the same digit
//!   on the touching side;
//! - copies: a kind placed as often as it has copies leaves the other cells;
//!   a kind that exactly as many cells can hold as it has copies takes them;
//! - matching: cells take distinct copies, so a kind stays in a cell only
//!   while some matching of cells to copies puts it there (Régin's rule);
//! - border counts: the digit balance, with the least and most each border
//!   line can still show of each digit.
//!
//! At every node each kind left in a cell is tried there alone, and leaves
//! the cell if that fails (singleton consistency). Decisions take or remove
//! one kind in one cell, the smallest domain weighted by its past failures
//! (dom/wdeg). Hundreds of 1 µs propagations a node: slow on random games,
//! but it refutes in milliseconds the games built against the other search.
//!
//! Turns: the square-growth search runs alone for [`FIRST_ROUND`] nodes
//! (fewer when its tree looks vast: [`VAST_TREE`]); then each round gives
//! the propagating search the time the other had in the round before, and
//! the other's nodes double. Neither restarts, so a game costs at most about
//! four times the faster search alone, and no clock is read.
//!
//! # Complexity
//! Exponential in the worst case (the problem is NP-complete). Memory: about
//! 70 KiB of tables and one 300-byte frame per decision. 96 random hard 5×5
//! games take about 40 ms in all; the slowest game known about 4.5 s.
//!
//! Output: `Game k: Possible` or `Game k: Impossible`, a blank line
//! *between* games. Input ends at a line `0` or at the end of data.

use std::io::{Read, Write};

/// The largest side accepted, GNOME's largest board: each of the 105 6×6
/// games of the bench's family file takes under 1 s.
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

/// The axes; along each a square has a *near* side (left; top) and a *far*
/// side (right; bottom).
const HORIZONTAL: usize = 0;
const VERTICAL: usize = 1;
const AXES: [usize; 2] = [HORIZONTAL, VERTICAL];
/// The sides, in [`Square::side`]'s order, near and far per axis.
const NEAR_FAR: [(usize, usize); 2] = [(3, 1), (0, 2)];

impl Square {
    /// The near and far digits along `axis`: (left, right) or (top, bottom).
    fn along(self, axis: usize) -> (u8, u8) {
        if axis == HORIZONTAL {
            (self.left, self.right)
        } else {
            (self.top, self.bottom)
        }
    }

    fn side(self, side: usize) -> u8 {
        [self.top, self.right, self.bottom, self.left][side]
    }
}

/// "No neighbour, any digit fits" in the candidate table; digits 0–9 and it.
const ANY_DIGIT: u8 = 10;
const DIGIT_SLOTS: usize = 11;
/// The step whose digits read [`ANY_DIGIT`]: a border cell's neighbour.
const NO_STEP: u8 = MAX_CELLS as u8;

/// Lays out the `n * n` squares so that all touching triangles match: the
/// grid row by row, or `None` when the game cannot be solved. `n` from 1 to
/// [`MAX_SIDE`], digits 0–9 (as [`run`] checks).
pub fn solve(n: usize, squares: &[Square]) -> Option<Vec<Square>> {
    solve_capped(n, squares, u64::MAX).0 .0
}

/// The nodes each search took on a game.
#[derive(Default)]
pub struct Effort {
    pub growth_nodes: u64,
    pub propagator_nodes: u64,
}

/// The square-growth search's first round, run alone: the least that costs
/// the random hard games nothing (docs/notes.md has the other sizes).
const FIRST_ROUND: u64 = 1 << 17;
/// Before [`FIRST_ROUND`], from `EARLY_LOOK` nodes on, the propagating search
/// starts once the square-growth search's estimate of its own tree (nodes
/// over [`Search::progress`]) reaches `VAST_TREE` nodes.
const EARLY_LOOK: u64 = 1 << 14;
const VAST_TREE: f64 = (1u64 << 23) as f64;
/// A propagation costs about 13/8 square-growth nodes per cell (1.14 µs
/// against 28 ns at n = 5): the exchange rate of the turns.
const PROPAGATION_COST_EIGHTHS: u64 = 13;

/// [`solve`] and its effort, giving up after `cap` square-growth nodes (the
/// flag is false then, and the answer means nothing).
pub fn solve_capped(
    n: usize,
    squares: &[Square],
    cap: u64,
) -> ((Option<Vec<Square>>, Effort), bool) {
    let cells = growth_order(n);
    let mut search = Search::new(n, squares, &cells);
    let sure = |answer| ((answer, Effort::default()), true);
    let lines_split = |axis| LineSplit::possible(n, squares, axis);
    if !search.start_is_balanced() || !AXES.into_iter().all(lines_split) {
        return sure(None);
    }
    search.budget = cap;
    // The first fixpoint costs a few hundred square-growth nodes, settles
    // some games outright, and tells the square-growth search which squares
    // each cell may take.
    let mut partner = Box::new(Propagator::new(n, &search.squares[..n * n]));
    match partner.start() {
        Outcome::Failed => return sure(None),
        Outcome::Solved => return sure(Some(partner.layout())),
        Outcome::OutOfBudget => {
            search.allowed = partner.allowed_by_step();
            search.partner = Some(partner);
        }
    }
    let solved = search.place_from(0, u64::MAX >> (64 - n * n), [0; 2]);
    let propagator_nodes = search.partner.as_ref().map_or(0, |partner| partner.nodes);
    let effort = Effort {
        growth_nodes: search.nodes,
        propagator_nodes,
    };
    let answer = match (&search.partner, search.partner_outcome) {
        (Some(partner), Outcome::Solved) => Some(partner.layout()),
        (_, Outcome::Failed) => None,
        _ if search.stopped => return ((None, effort), false),
        _ if solved => Some(search.layout(&cells)),
        _ => None,
    };
    ((answer, effort), true)
}

/// The square-growth search alone, a yardstick for the tests and
/// examples/baseline.rs: its answer (None past `cap` nodes) and its nodes.
pub fn solve_by_growth_alone(
    n: usize,
    squares: &[Square],
    cap: u64,
) -> (Option<Option<Vec<Square>>>, u64) {
    let cells = growth_order(n);
    let mut search = Search::new(n, squares, &cells);
    if !search.start_is_balanced() {
        return (Some(None), 0);
    }
    search.budget = cap;
    let solved = search.place_from(0, u64::MAX >> (64 - n * n), [0; 2]);
    let answer = (!search.stopped).then(|| solved.then(|| search.layout(&cells)));
    (answer, search.nodes)
}

/// Most steps [`LineSplit`] takes on one axis before it gives up and cuts
/// nothing (the median axis of the adversarial games takes 35).
const LINE_SPLIT_WORK: u32 = 1 << 16;

/// The line partition on one axis, written for rows: in a layout the
/// (left, right) pairs of the squares split into n chains of n pairs. It
/// searches for a split line by line, each line grown from the first pair
/// left to the right, then to the left, with a memo of failed states. It
/// settles games whose digits balance on every side (two of sample 11).
struct LineSplit {
    side: usize,
    /// The distinct pairs, their copies left, and the bit of their first
    /// copy in `left`, the squares left (with the line, the memo's key).
    pairs: Vec<(u8, u8)>,
    count: Vec<u8>,
    offset: Vec<u8>,
    left: u64,
    /// Failed states, direct-mapped: a collision only costs work.
    failed: Vec<u64>,
    work: u32,
}

impl LineSplit {
    fn possible(n: usize, squares: &[Square], axis: usize) -> bool {
        let mut all: Vec<(u8, u8)> = squares.iter().map(|square| square.along(axis)).collect();
        all.sort_unstable();
        let mut pairs = all.clone();
        pairs.dedup();
        let first = |pair| all.iter().position(|other| other == pair).unwrap_or(0) as u8;
        let offset = pairs.iter().map(first).collect();
        let copies = |pair| all.iter().filter(|&other| other == pair).count() as u8;
        let count = pairs.iter().map(copies).collect();
        let (left, failed) = (u64::MAX >> (64 - all.len()), vec![u64::MAX; 1 << 12]);
        let work = 0;
        LineSplit {
            side: n,
            pairs,
            count,
            offset,
            left,
            failed,
            work,
        }
        .split()
    }

    fn take(&mut self, pair: usize, sign: i8) {
        if sign < 0 {
            self.count[pair] -= 1;
        }
        self.left ^= 1 << (self.offset[pair] + self.count[pair]);
        if sign > 0 {
            self.count[pair] += 1;
        }
    }

    /// Starts the next line from the first pair left. Each line starts and
    /// ends once, so the digits that start more of the pairs left than end
    /// them start at least that many more lines.
    fn split(&mut self) -> bool {
        let Some(first) = self.count.iter().position(|&count| count > 0) else {
            return true;
        };
        let mut surplus = [0i32; 10];
        for (&(near, far), &count) in self.pairs.iter().zip(&self.count) {
            surplus[usize::from(near)] += i32::from(count);
            surplus[usize::from(far)] -= i32::from(count);
        }
        let lines = (self.left.count_ones() as usize / self.side) as i32;
        if surplus.iter().map(|&surplus| surplus.max(0)).sum::<i32>() > lines {
            return false;
        }
        self.take(first, -1);
        let (start, end) = self.pairs[first];
        let split = self.extend(start, end, 1, true);
        self.take(first, 1);
        split
    }

    /// Grows a line from `start` to `end` of `length` pairs: to the right
    /// while `rightwards`, then to the left.
    fn extend(&mut self, start: u8, end: u8, length: usize, rightwards: bool) -> bool {
        if length == self.side {
            return self.split();
        }
        let key = self.left // at most 36 bits
            | u64::from(start) << 40
            | u64::from(end) << 44
            | (length as u64) << 48
            | u64::from(rightwards) << 52;
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize;
        if self.failed[slot] == key {
            return false;
        }
        if rightwards && self.extend(start, end, length, false) {
            return true;
        }
        for pair in 0..self.pairs.len() {
            let (near, far) = self.pairs[pair];
            if self.count[pair] == 0
                || if rightwards {
                    near != end
                } else {
                    far != start
                }
            {
                continue;
            }
            self.work += 1;
            if self.work > LINE_SPLIT_WORK {
                return true;
            }
            self.take(pair, -1);
            let (start, end) = if rightwards {
                (start, far)
            } else {
                (near, end)
            };
            let split = self.extend(start, end, length + 1, rightwards);
            self.take(pair, 1);
            if split {
                return true;
            }
        }
        self.failed[slot] = key;
        false
    }
}

/// The cells in square-growth order: the k×k top-left block grows to
/// (k+1)×(k+1) by column k top to bottom, then row k left to right. Each
/// cell's left and top neighbours come first, and among such orders this one
/// closes the most edges for every number of placed squares.
fn growth_order(n: usize) -> Vec<(usize, usize)> {
    let mut cells = Vec::with_capacity(n * n);
    for layer in 0..n {
        cells.extend((0..layer).map(|row| (row, layer)));
        cells.extend((0..=layer).map(|column| (layer, column)));
    }
    cells
}

/// What a step's square does to the chain of [`Search::chain_reach`] on one
/// axis: nothing, start a new chain with its far digit, or extend it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
enum ChainUpdate {
    #[default]
    Keep,
    Start,
    Extend,
}

/// What the square-growth search needs to know about a step on one axis.
#[derive(Clone, Copy, Default)]
struct AxisRule {
    /// The cell's near (far) side meets the border.
    near_border: bool,
    far_border: bool,
    /// Near and far border cells still empty once this step is placed.
    free_near_after: i8,
    free_far_after: i8,
    /// The chain of the line beyond the cell (the next column; row).
    chain: ChainUpdate,
}

/// What the square-growth search needs to know about a step.
#[derive(Clone, Copy, Default)]
struct StepRule {
    /// The steps of the left and top neighbours ([`NO_STEP`] on a border),
    /// and those of the next step.
    left_from: u8,
    top_from: u8,
    next_left_from: u8,
    next_top_from: u8,
    /// The cell touches no border.
    interior: bool,
    axes: [AxisRule; 2],
}

/// The step rules of the square-growth order `cells` for side `n`.
fn step_rules(n: usize, cells: &[(usize, usize)]) -> Vec<StepRule> {
    let mut step_at = vec![NO_STEP; n * n];
    for (step, &(row, column)) in cells.iter().enumerate() {
        step_at[row * n + column] = step as u8;
    }
    let at = |row: usize, column: usize| step_at[row * n + column];
    let mut rules: Vec<StepRule> = cells
        .iter()
        .enumerate()
        .map(|(step, &(row, column))| {
            let along = |axis: usize| {
                // A cell as (place along the axis, place across it); the same
                // swap maps back.
                let oriented =
                    |(r, c): (usize, usize)| if axis == HORIZONTAL { (c, r) } else { (r, c) };
                let (place, across) = oriented((row, column));
                let later = &cells[step + 1..];
                let empty = |place| {
                    later
                        .iter()
                        .filter(|&&cell| oriented(cell).0 == place)
                        .count()
                };
                // The chain of the line beyond runs from the border: it starts
                // beside the border and extends while the cell before the far
                // neighbour in that line is still empty.
                let chain = match (place + 1 == n, across) {
                    (true, _) => ChainUpdate::Keep,
                    (_, 0) => ChainUpdate::Start,
                    _ => {
                        let (r, c) = oriented((place + 1, across - 1));
                        if usize::from(at(r, c)) > step {
                            ChainUpdate::Extend
                        } else {
                            ChainUpdate::Keep
                        }
                    }
                };
                AxisRule {
                    near_border: place == 0,
                    far_border: place + 1 == n,
                    free_near_after: empty(0) as i8,
                    free_far_after: empty(n - 1) as i8,
                    chain,
                }
            };
            let axes = AXES.map(along);
            StepRule {
                left_from: if column > 0 {
                    at(row, column - 1)
                } else {
                    NO_STEP
                },
                top_from: if row > 0 {
                    at(row - 1, column)
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

/// The digit-counting bound along one axis, written for the horizontal one.
///
/// The placed cells form a staircase, so the cell right of an empty cell is
/// empty. In any completion every remaining square's left triangle meets the
/// left border, the right triangle of a placed square (an *open demand*) or
/// that of another remaining square; its right triangle meets the right
/// border or another remaining square. Counting the triangles showing d:
///
/// ```text
/// lefts(d)  = free_lefts(d)  + demands(d) + pairs(d)
/// rights(d) = free_rights(d) + pairs(d)
/// ```
///
/// (`free_lefts(d)`: empty column-0 cells showing d on the left; `pairs(d)`:
/// touching remaining squares meeting on d). Hence
/// `supply(d) = lefts(d) - demands(d) = free_lefts(d) + pairs(d) >= 0` and
/// `surplus(d) = supply(d) - rights(d) = free_lefts(d) - free_rights(d)`:
/// the positive parts of `surplus` add up to at most the empty column-0
/// cells, its negative parts to at most the empty last-column cells.
#[derive(Clone, Copy, Default)]
struct DigitBalance {
    supply: [i8; 10],
    surplus: [i8; 10],
    /// The sums of the positive and of the negative parts of `surplus`.
    positive: i8,
    negative: i8,
    /// The digits of positive surplus: each shows on the near side of some
    /// empty cell of the near border.
    positive_digits: u16,
}

impl DigitBalance {
    fn change_surplus(&mut self, digit: u8, delta: i8) {
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

    /// A square showing `near` and `far` leaves the remaining set into a cell
    /// (`sign` -1) or comes back (1). Off the near border its near side pays
    /// off a demand, which changes nothing; off the far border its far side
    /// opens one. Counting a square in at the start is taking it back out of
    /// a cell on both borders.
    fn shift(&mut self, (near, far): (u8, u8), near_border: bool, far_border: bool, sign: i8) {
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

    /// The bound after a placement: the supplies it lowered (the others were
    /// checked before) and the empty border cells left.
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
    /// Bit i set when square i fits a cell whose left neighbour shows `left`
    /// and top neighbour `top` ([`ANY_DIGIT`] on a border), at index
    /// `left * DIGIT_SLOTS + top`.
    fitting: [u64; DIGIT_SLOTS * DIGIT_SLOTS],
    /// Per axis, the squares by near digit and by set of near digits (a
    /// 10-bit mask), and the [`byte_table`] of their far digits.
    near_is: [[u64; 10]; 2],
    near_in: [Vec<u64>; 2],
    far_by_byte: [[[u16; 256]; DOMAIN_BYTES]; 2],
    /// Bit i set when square i is identical to square i - 1.
    repeats_previous: u64,
    steps: [StepRule; MAX_CELLS],
    /// Right and bottom digits of the square placed at each step; entry
    /// [`NO_STEP`] reads [`ANY_DIGIT`].
    right_at: [u8; MAX_CELLS + 1],
    bottom_at: [u8; MAX_CELLS + 1],
    /// The square placed at each step.
    placed: [u8; MAX_CELLS],
    balance: [DigitBalance; 2],
    /// The squares each step's cell may hold: the propagating search's root.
    allowed: [u64; MAX_CELLS],
    nodes: u64,
    budget: u64,
    /// The propagating search, the node count of its next turn, and how it
    /// ended (`OutOfBudget` while it goes on).
    partner: Option<Box<Propagator>>,
    next_turn: u64,
    partner_outcome: Outcome,
    /// The partner has the answer or the budget is spent: unwind.
    stopped: bool,
    /// Per step, the preferred and all candidates of the current path's node.
    candidates_at: [(u64, u64); MAX_CELLS],
}

impl Search {
    fn new(n: usize, squares: &[Square], cells: &[(usize, usize)]) -> Search {
        let mut search = Search {
            side: n,
            squares: [Square::default(); MAX_CELLS],
            fitting: [0; DIGIT_SLOTS * DIGIT_SLOTS],
            near_is: [[0; 10]; 2],
            near_in: [vec![0; 1 << 10], vec![0; 1 << 10]],
            far_by_byte: [[[0; 256]; DOMAIN_BYTES]; 2],
            repeats_previous: 0,
            steps: [StepRule::default(); MAX_CELLS],
            right_at: [ANY_DIGIT; MAX_CELLS + 1],
            bottom_at: [ANY_DIGIT; MAX_CELLS + 1],
            placed: [0; MAX_CELLS],
            balance: [DigitBalance::default(); 2],
            allowed: [u64::MAX; MAX_CELLS],
            nodes: 0,
            budget: u64::MAX,
            partner: None,
            next_turn: EARLY_LOOK,
            partner_outcome: Outcome::OutOfBudget,
            stopped: false,
            candidates_at: [(0, 0); MAX_CELLS],
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
            let square = |index: usize| search.squares[index].along(axis).1;
            search.far_by_byte[axis] =
                byte_table(|index| squares.get(index).map_or(0, |_| 1 << square(index)));
            fill_unions(&mut search.near_in[axis], |digit| {
                search.near_is[axis][digit]
            });
        }
        search.steps[..n * n].copy_from_slice(&step_rules(n, cells));
        search
    }

    /// The layout of a solved search, row by row.
    fn layout(&self, cells: &[(usize, usize)]) -> Vec<Square> {
        let mut grid = vec![Square::default(); cells.len()];
        for (step, &(row, column)) in cells.iter().enumerate() {
            grid[row * self.side + column] = self.squares[usize::from(self.placed[step])];
        }
        grid
    }

    /// The digit balance with every border cell empty: alone it rejects most
    /// games with one digit changed.
    fn start_is_balanced(&self) -> bool {
        let side = self.side as i8;
        self.balance
            .iter()
            .all(|balance| balance.positive <= side && balance.negative <= side)
    }

    fn fits(&self, left: u8, top: u8) -> u64 {
        self.fitting[usize::from(left) * DIGIT_SLOTS + usize::from(top)]
    }

    /// Fills the steps from `step` on with the squares of `unused`; on
    /// success `placed` holds the layout. `reach`: the chains' digit sets
    /// ([`Search::chain_reach`]) per axis.
    fn place_from(&mut self, step: usize, unused: u64, reach: [u16; 2]) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_turn && !self.stopped {
            self.give_partner_a_turn(step);
        }
        if self.nodes > self.budget {
            self.stopped = true;
        }
        if unused == 0 || self.stopped {
            return true;
        }
        // The step's rule is read where needed: a copy would live across the
        // recursion, on the stack.
        let left = self.right_at[usize::from(self.steps[step].left_from)];
        let top = self.bottom_at[usize::from(self.steps[step].top_from)];
        // Only the first unused copy of each kind of square.
        let first_copies = unused & !((unused << 1) & self.repeats_previous);
        let all_candidates = first_copies & self.fits(left, top) & self.allowed[step];
        // Value order: on the near border, first the squares whose near digit
        // has a positive surplus, as the border must show those digits.
        let mut preferred = all_candidates;
        for axis in AXES {
            if self.steps[step].axes[axis].near_border {
                preferred &= self.near_in[axis][usize::from(self.balance[axis].positive_digits)];
            }
        }
        self.candidates_at[step] = (preferred, all_candidates);
        let (mut candidates, mut later) = (preferred, all_candidates & !preferred);
        loop {
            if candidates == 0 {
                if later == 0 {
                    return false;
                }
                (candidates, later) = (later, 0);
            }
            let index = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let square = self.squares[index];
            let rest = unused & !(1 << index);
            self.right_at[step] = square.right;
            self.bottom_at[step] = square.bottom;
            // The next cell's neighbours are now placed: no unused square
            // fitting them, no completion.
            let next_fits = self.fits(
                self.right_at[usize::from(self.steps[step].next_left_from)],
                self.bottom_at[usize::from(self.steps[step].next_top_from)],
            );
            if rest != 0 && rest & next_fits == 0 {
                continue;
            }
            self.placed[step] = index as u8;
            let solved = if self.steps[step].interior {
                // Inside, both near sides pay off demands and both far sides
                // open new ones: only two supplies change (see `DigitBalance`).
                let (right, bottom) = (usize::from(square.right), usize::from(square.bottom));
                let [horizontal, vertical] = &mut self.balance;
                if horizontal.supply[right] <= 0 || vertical.supply[bottom] <= 0 {
                    continue;
                }
                horizontal.supply[right] -= 1;
                vertical.supply[bottom] -= 1;
                let solved = self.descend(step, rest, reach);
                self.balance[HORIZONTAL].supply[right] += 1;
                self.balance[VERTICAL].supply[bottom] += 1;
                solved
            } else {
                // On a border the surpluses change too: the counts are restored.
                let saved = self.balance;
                for axis in AXES {
                    let rule = self.steps[step].axes[axis];
                    self.balance[axis].shift(
                        square.along(axis),
                        rule.near_border,
                        rule.far_border,
                        -1,
                    );
                }
                let solved = AXES.iter().all(|&axis| {
                    self.balance[axis].allows(square.along(axis), &self.steps[step].axes[axis])
                }) && self.descend(step, rest, reach);
                self.balance = saved;
                solved
            };
            if solved {
                return true;
            }
        }
    }

    /// How far the search at `step` has got through its tree, as if every
    /// node's candidates had subtrees of one size: the share of the tree left
    /// of the current path. Its nodes divided by it estimate the whole tree.
    fn progress(&self, step: usize) -> f64 {
        let mut progress = 0.0;
        let mut weight = 1.0;
        for (&(preferred, all), &index) in self.candidates_at[..step].iter().zip(&self.placed) {
            let before = (1u64 << index) - 1;
            let rank = if preferred >> index & 1 == 1 {
                (preferred & before).count_ones()
            } else {
                preferred.count_ones() + (all & !preferred & before).count_ones()
            };
            let count = f64::from(all.count_ones());
            progress += weight * f64::from(rank) / count;
            weight /= count;
        }
        progress
    }

    /// Lets the propagating search run as long as this search's last round
    /// took, then doubles this search's nodes before the next turn. Before
    /// [`FIRST_ROUND`] only a tree that looks vast lets it start.
    fn give_partner_a_turn(&mut self, step: usize) {
        if self.nodes < FIRST_ROUND {
            self.next_turn = self.nodes * 2;
            if (self.nodes as f64) < self.progress(step) * VAST_TREE {
                return;
            }
        }
        let Some(partner) = &mut self.partner else {
            self.next_turn = u64::MAX;
            return;
        };
        // Half the nodes so far: after the first round, the last round's.
        let cells = partner.cells as u64;
        let outcome = partner.run(self.nodes / 2 * 8 / (PROPAGATION_COST_EIGHTHS * cells));
        self.next_turn = self.nodes.saturating_mul(2);
        if outcome != Outcome::OutOfBudget {
            self.partner_outcome = outcome;
            self.stopped = true;
        } else if std::mem::take(&mut partner.root_narrowed) {
            self.allowed = partner.allowed_by_step();
        }
    }

    /// Updates the two chains for the square just placed at `step`, cuts if
    /// either has become impossible, else goes on to the next step.
    #[inline(always)]
    fn descend(&mut self, step: usize, rest: u64, mut reach: [u16; 2]) -> bool {
        if rest == 0 {
            return true;
        }
        for axis in AXES {
            reach[axis] = self.chain_reach(axis, step, reach[axis], rest);
            if reach[axis] == 0 {
                return false;
            }
        }
        self.place_from(step + 1, rest, reach)
    }

    /// The chain look-ahead, written for the horizontal axis, whose chain is
    /// in the next column (the vertical one's is in the next row).
    ///
    /// While column k is being placed, the cells of column k + 1 beside it
    /// are empty and have their left neighbours placed: in any completion
    /// they hold unused squares s0, s1, … with `s_i.left` the right digit of
    /// that neighbour and `s_i.top = s_(i-1).bottom`. The chain's *reach* is
    /// the bottoms of the unused squares with the right left digit whose top
    /// is in the previous reach (any top for s0): by induction it holds the
    /// true bottom digit. Leaving out that the squares differ, or reusing a
    /// reach computed when more squares were unused, only makes it larger;
    /// so an empty reach means no completion.
    fn chain_reach(&self, axis: usize, step: usize, previous: u16, unused: u64) -> u16 {
        let other = 1 - axis;
        let earlier = match self.steps[step].axes[axis].chain {
            ChainUpdate::Keep => return previous,
            ChainUpdate::Start => u64::MAX,
            ChainUpdate::Extend => self.near_in[other][usize::from(previous)],
        };
        let near = if axis == HORIZONTAL {
            self.right_at[step]
        } else {
            self.bottom_at[step]
        };
        let chain_squares = unused & self.near_is[axis][usize::from(near)] & earlier;
        // One lookup a byte, no branch: a loop over the squares mispredicted
        // a fifth more branches.
        union_by_bytes(&self.far_by_byte[other], chain_squares)
    }
}

/// The bytes of a domain mask that can hold kinds.
const DOMAIN_BYTES: usize = (MAX_CELLS + 7) / 8;

/// Per byte of a mask of items and every pattern of its bits, the union of
/// `value` over the items the bits stand for, so that a union over any mask
/// is one lookup a byte ([`union_by_bytes`]), with no branch.
fn byte_table<T>(value: impl Fn(usize) -> T) -> [[T; 256]; DOMAIN_BYTES]
where
    T: Copy + Default + std::ops::BitOr<Output = T>,
{
    let mut table = [[T::default(); 256]; DOMAIN_BYTES];
    for (byte, part) in table.iter_mut().enumerate() {
        fill_unions(part, |item| value(8 * byte + item));
    }
    table
}

/// Fills `table` so that entry `bits` is the union of `value(i)` over the
/// bits i of `bits`: each entry is an earlier one and one more value.
fn fill_unions<T>(table: &mut [T], value: impl Fn(usize) -> T)
where
    T: Copy + std::ops::BitOr<Output = T>,
{
    for bits in 1..table.len() {
        table[bits] = table[bits & (bits - 1)] | value(bits.trailing_zeros() as usize);
    }
}

fn union_by_bytes<T>(table: &[[T; 256]; DOMAIN_BYTES], mask: u64) -> T
where
    T: Copy + Default + std::ops::BitOr<Output = T>,
{
    let mut union = T::default();
    for (byte, part) in table.iter().enumerate() {
        union = union | part[(mask >> (8 * byte)) as usize & 0xFF];
    }
    union
}

/// The indices of the bits set in `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// Bits a side takes in a set of digits packed for all four sides.
const DIGIT_SET_BITS: usize = 16;

/// The digits of one side in a set packed for all four sides.
fn side_digits(digits: u64, side: usize) -> usize {
    (digits >> (DIGIT_SET_BITS * side)) as usize & 0x3FF
}

/// A side of a cell on the border in [`Propagator`]'s neighbours.
const NO_NEIGHBOUR: u8 = u8::MAX;

/// For each cell (row-major) the kinds of square it may still hold.
type Domains = [u64; MAX_CELLS];

/// The parent of a node whose every cell [`Propagator::singletons`] tries.
const NO_PARENT: Domains = [0; MAX_CELLS];

/// How a budgeted search ended.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Outcome {
    Solved,
    Failed,
    OutOfBudget,
}

/// The propagating search: for every cell the kinds of square that can
/// still go there, all narrowed after every decision.
struct Propagator {
    side: usize,
    cells: usize,
    /// The distinct squares and their copies.
    kinds: Vec<Square>,
    copies: Vec<u32>,
    all_kinds: u64,
    /// Kinds with exactly one copy.
    single_kinds: u64,
    /// Per side, the kinds showing each digit there and those showing any
    /// digit of a set (a 10-bit mask).
    side_is: [[u64; 10]; 4],
    side_in: Vec<[u64; 1 << 10]>,
    /// The [`byte_table`] of the digits the kinds show, all four sides in one
    /// word ([`DIGIT_SET_BITS`] a side): one lookup serves four neighbours.
    digits_by_byte: Box<[[u64; 256]; DOMAIN_BYTES]>,
    /// Per axis and digit: squares showing it on the near side minus squares
    /// showing it on the far side.
    surplus: [[i32; 10]; 2],
    /// Per axis, the digits some square shows on it: no other digit counts
    /// on that axis's borders.
    axis_digits: [u64; 2],
    /// Per set of digits, a one in nibble d for each digit d of the set, so
    /// that sums count all digits at once (a line has under 16 cells).
    nibbles: Box<[u64; 1 << 10]>,
    /// Per cell, the neighbour across each side, or [`NO_NEIGHBOUR`].
    neighbours: [[u8; 4]; MAX_CELLS],
    /// Per axis, the cells of its two border lines.
    border_lines: [u64; 2],
    /// The domains before any decision, narrowed by
    /// [`Propagator::probe_root`] on the first turn; whether it has run, and
    /// whether it narrowed the root since the square-growth search read it.
    root: Domains,
    probed: bool,
    root_narrowed: bool,
    /// Per kind, its copies as indices into the sorted squares.
    copies_mask: Vec<u64>,
    /// Conflict weights: how often each cell and kind was blamed for a
    /// failed propagation, plus one. They order the decisions, never cut.
    cell_weights: [u32; MAX_CELLS],
    kind_weights: [u32; MAX_CELLS],
    blamed: std::cell::Cell<(u64, u64)>,
    /// Children propagated, and the sum of the budgets given: a turn that
    /// ran over (a node's singleton tries can take thousands) leaves less
    /// to the next.
    nodes: u64,
    allowance: u64,
    stack: Vec<Frame>,
    solution: Domains,
    /// The last matching of [`Propagator::match_cells`], where the next starts.
    matching: std::cell::Cell<[u8; MAX_CELLS]>,
}

impl Propagator {
    fn new(n: usize, squares: &[Square]) -> Propagator {
        let mut sorted = squares.to_vec();
        sorted.sort_unstable();
        let mut kinds = sorted.clone();
        kinds.dedup();
        let copies: Vec<u32> = kinds
            .iter()
            .map(|kind| sorted.iter().filter(|&square| square == kind).count() as u32)
            .collect();
        let mut first_copy = 0;
        let copies_mask = copies
            .iter()
            .map(|&count| {
                first_copy += count;
                (1u64 << first_copy) - (1u64 << (first_copy - count))
            })
            .collect();
        let all_kinds = u64::MAX >> (64 - kinds.len());
        let mut p = Propagator {
            side: n,
            cells: n * n,
            all_kinds,
            single_kinds: bits(all_kinds)
                .filter(|&kind| copies[kind] == 1)
                .fold(0, |single, kind| single | 1 << kind),
            side_is: [[0; 10]; 4],
            side_in: vec![[0; 1 << 10]; 4],
            digits_by_byte: Box::new(byte_table(|kind| {
                kinds.get(kind).map_or(0, |square| {
                    (0..4).fold(0, |digits, side| {
                        digits | 1 << (DIGIT_SET_BITS * side + usize::from(square.side(side)))
                    })
                })
            })),
            surplus: [[0; 10]; 2],
            axis_digits: [0; 2],
            nibbles: Box::new([0; 1 << 10]),
            neighbours: [[NO_NEIGHBOUR; 4]; MAX_CELLS],
            border_lines: [0; 2],
            root: [0; MAX_CELLS],
            probed: false,
            root_narrowed: false,
            copies_mask,
            cell_weights: [1; MAX_CELLS],
            kind_weights: [1; MAX_CELLS],
            blamed: std::cell::Cell::new((0, 0)),
            nodes: 0,
            allowance: 0,
            stack: Vec::new(),
            solution: [0; MAX_CELLS],
            matching: std::cell::Cell::new([NO_KIND; MAX_CELLS]),
            kinds,
            copies,
        };
        for (kind, &square) in p.kinds.iter().enumerate() {
            for side in 0..4 {
                p.side_is[side][usize::from(square.side(side))] |= 1 << kind;
            }
        }
        for side in 0..4 {
            let side_is = p.side_is[side];
            fill_unions(&mut p.side_in[side], |digit| side_is[digit]);
        }
        fill_unions(&mut p.nibbles[..], |digit| 1 << (4 * digit));
        for square in squares {
            for axis in AXES {
                let (near, far) = square.along(axis);
                p.surplus[axis][usize::from(near)] += 1;
                p.surplus[axis][usize::from(far)] -= 1;
                p.axis_digits[axis] |= 1 << near | 1 << far;
            }
        }
        for cell in 0..n * n {
            let (row, column) = (cell / n, cell % n);
            let inside = [row > 0, column + 1 < n, row + 1 < n, column > 0];
            let other = [
                cell.wrapping_sub(n),
                cell + 1,
                cell + n,
                cell.wrapping_sub(1),
            ];
            for side in (0..4).filter(|&side| inside[side]) {
                p.neighbours[cell][side] = other[side] as u8;
            }
            p.border_lines[HORIZONTAL] |= u64::from(column == 0 || column == n - 1) << cell;
            p.border_lines[VERTICAL] |= u64::from(row == 0 || row == n - 1) << cell;
        }
        p
    }

    /// Notes the cells and kinds where a propagation failed.
    fn blame(&self, cells: u64, kinds: u64) {
        self.blamed.set((cells, kinds));
    }

    /// Adds the last failure to the conflict weights.
    fn learn_weights(&mut self) {
        let (cells, kinds) = self.blamed.replace((0, 0));
        bits(cells).for_each(|cell| self.cell_weights[cell] += 1);
        bits(kinds).for_each(|kind| self.kind_weights[kind] += 1);
    }

    /// The digits the kinds of `domain` show, packed for the four sides.
    fn all_digits_of(&self, domain: u64) -> u64 {
        union_by_bytes(&self.digits_by_byte, domain)
    }

    /// Narrows `domains` until nothing changes; false when a cell is left
    /// with no kind or a count cannot be met. `dirty`: the cells changed
    /// since the last fixpoint.
    fn propagate(&self, domains: &mut Domains, mut dirty: u64) -> bool {
        loop {
            let mut touched = dirty;
            // Neighbours: a kind stays only while each neighbour still has a
            // kind showing the same digit on the touching side.
            while dirty != 0 {
                let cell = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let digits = self.all_digits_of(domains[cell]);
                for (side, &other) in self.neighbours[cell].iter().enumerate() {
                    if other == NO_NEIGHBOUR {
                        continue;
                    }
                    let other = usize::from(other);
                    let allowed = self.side_in[(side + 2) % 4][side_digits(digits, side)];
                    let narrowed = domains[other] & allowed;
                    if narrowed != domains[other] {
                        if narrowed == 0 {
                            self.blame(1 << other, 0);
                            return false;
                        }
                        domains[other] = narrowed;
                        dirty |= 1 << other;
                        touched |= 1 << other;
                    }
                }
            }
            let Some(mut changed) = self.count_kinds(domains) else {
                return false;
            };
            touched |= changed;
            for axis in AXES {
                if touched & self.border_lines[axis] != 0 {
                    changed |= match self.count_border_digits(domains, axis) {
                        Some(more) => more,
                        None => return false,
                    };
                }
            }
            if changed == 0 {
                match self.match_cells(domains) {
                    Some(0) => return true,
                    Some(more) => changed = more,
                    None => return false,
                }
            }
            dirty = changed;
        }
    }

    /// Matching: the kinds, each as often as it has copies, must be matched
    /// to the cells, each cell to a kind of its domain; with no such
    /// matching the node fails, and a kind leaves a cell when no matching
    /// puts it there. Régin's rule: given one matching M, cell c can take
    /// kind k in another exactly when M can be changed along a cycle (c
    /// takes k, a cell holding k takes another kind, …, a cell takes M(c)):
    /// in the graph with an edge m -> k when a cell matched to m can take k,
    /// a path from k to M(c), so k and M(c) are in one strongly connected
    /// component. Returns the cells narrowed, or None with no matching.
    fn match_cells(&self, domains: &mut Domains) -> Option<u64> {
        let cells = self.cells;
        let mut matching = Matching {
            kind_of: self.matching.get(),
            holders: [0; MAX_CELLS],
            spare: [0; MAX_CELLS],
            spare_kinds: self.all_kinds,
        };
        matching.spare[..self.copies.len()].copy_from_slice(&self.copies);
        let mut open = 0u64;
        for (cell, &domain) in domains[..cells].iter().enumerate() {
            let kind = matching.kind_of[cell];
            if kind != NO_KIND && domain >> kind & 1 != 0 && matching.spare_kinds >> kind & 1 != 0 {
                matching.hold(cell, usize::from(kind));
            } else {
                open |= 1 << cell;
            }
        }
        for cell in bits(open) {
            let mut visited = 0;
            if !matching.augment(cell, domains, &mut visited) {
                let blamed = bits(visited)
                    .fold(1u64 << cell, |blamed, kind| blamed | matching.holders[kind]);
                self.blame(blamed, 0);
                return None;
            }
        }
        self.matching.set(matching.kind_of);
        // Kind m -> kind k when a cell holding m can take k.
        let mut succ = [0u64; MAX_CELLS];
        for (cell, &domain) in domains[..cells].iter().enumerate() {
            let held = usize::from(matching.kind_of[cell]);
            succ[held] |= domain & !(1 << held);
        }
        let mut component_of = [0u64; MAX_CELLS];
        let mut unassigned = self.all_kinds;
        while unassigned != 0 {
            let v = unassigned.trailing_zeros() as usize;
            // The kinds v reaches, then those of them that reach v: its
            // component. A path from such a kind to v stays in the reached
            // kinds, so no reversed graph is needed.
            let (mut reached, mut todo) = (1u64 << v, 1u64 << v);
            while todo != 0 {
                let x = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let new = succ[x] & unassigned & !reached;
                reached |= new;
                todo |= new;
            }
            let (mut back, mut component) = (0, 1u64 << v);
            while back != component {
                back = component;
                for x in bits(reached & !back) {
                    if succ[x] & back != 0 {
                        component |= 1 << x;
                    }
                }
            }
            unassigned &= !component;
            bits(component).for_each(|member| component_of[member] = component);
        }
        let mut changed = 0;
        for (cell, domain) in domains[..cells].iter_mut().enumerate() {
            let keep = *domain & component_of[usize::from(matching.kind_of[cell])];
            if keep != *domain {
                *domain = keep;
                changed |= 1 << cell;
            }
        }
        Some(changed)
    }

    /// Copies: a kind fixed in as many cells as it has copies leaves all
    /// other cells; a kind that only as many cells can take as it has copies
    /// takes them. Returns the cells narrowed, or None when a count fails.
    fn count_kinds(&self, domains: &mut Domains) -> Option<u64> {
        let cells = &mut domains[..self.cells];
        let (mut once, mut twice, mut fixed, mut fixed_twice) = (0u64, 0u64, 0u64, 0u64);
        // The kinds of the cells that hold more than one.
        let mut open = 0u64;
        // Kinds with several copies are counted, all at once in bit planes:
        // the cells that can hold each and those that hold it alone.
        let multiple = self.all_kinds & !self.single_kinds;
        let (mut able, mut sure) = ([0u64; 6], [0u64; 6]);
        for &domain in cells.iter() {
            twice |= once & domain;
            once |= domain;
            if domain & (domain - 1) == 0 {
                fixed_twice |= fixed & domain;
                fixed |= domain;
                if domain & multiple != 0 {
                    add_to_planes(&mut sure, domain);
                }
            } else {
                open |= domain;
            }
            if domain & multiple != 0 {
                add_to_planes(&mut able, domain & multiple);
            }
        }
        if once != self.all_kinds || fixed_twice & self.single_kinds != 0 {
            self.blame(0, self.all_kinds & !once | fixed_twice & self.single_kinds);
            return None;
        }
        let mut leave = fixed & self.single_kinds;
        let mut take = once & !twice & !fixed & self.single_kinds;
        for kind in bits(multiple) {
            let (able, sure) = (count_in_planes(&able, kind), count_in_planes(&sure, kind));
            let copies = self.copies[kind];
            if able < copies || sure > copies {
                self.blame(0, 1 << kind);
                return None;
            }
            if sure == copies && able > sure {
                leave |= 1 << kind;
            } else if able == copies && sure < copies {
                take |= 1 << kind;
            }
        }
        // A kind leaves only cells holding more than one, and is taken only
        // where it is not yet alone.
        leave &= open;
        if leave | take == 0 {
            return Some(0);
        }
        let mut changed = 0;
        for (cell, domain) in cells.iter_mut().enumerate() {
            let old = *domain;
            let mut new = old;
            if new & (new - 1) != 0 {
                new &= !leave;
            }
            // A kind in `take` needs this very cell: two cannot both have it.
            let taken = new & take;
            if taken != 0 {
                if taken & (taken - 1) != 0 {
                    self.blame(1 << cell, taken);
                    return None;
                }
                new = taken;
            }
            if new != old {
                if new == 0 {
                    self.blame(1 << cell, old);
                    return None;
                }
                *domain = new;
                changed |= 1 << cell;
            }
        }
        Some(changed)
    }

    /// Border counts, the digit balance written for the horizontal axis:
    /// the left border shows `surplus(d)` more d than the right border. With
    /// the least and most cells of each border line that can show d, that
    /// bounds what each line needs; a need only as many cells can meet fixes
    /// them, and a line that needs as many digits as it has cells keeps only
    /// kinds showing those. A failure here blames no cell: it is the whole
    /// border's (weighing its cells steered decisions badly).
    fn count_border_digits(&self, domains: &mut Domains, axis: usize) -> Option<u64> {
        let n = self.side;
        let cell_of = |line: usize, place: usize| {
            if axis == HORIZONTAL {
                place * n + line
            } else {
                line * n + place
            }
        };
        let lines = [(0, NEAR_FAR[axis].0), (n - 1, NEAR_FAR[axis].1)];
        // The counts of all ten digits at once, a digit a nibble.
        let (mut least, mut most) = ([0u64; 2], [0u64; 2]);
        for (which, &(line, side)) in lines.iter().enumerate() {
            for place in 0..n {
                let digits = side_digits(self.all_digits_of(domains[cell_of(line, place)]), side);
                most[which] += self.nibbles[digits];
                if digits & (digits - 1) == 0 {
                    least[which] += self.nibbles[digits];
                }
            }
        }
        let count = |packed: u64, digit: usize| (packed >> (4 * digit) & 0xF) as i32;
        // Per line: the need per digit (nibbles), in all, and the digits
        // needed at all. A digit no square shows on this axis needs nothing.
        let (mut need, mut total, mut needed) = ([0u64; 2], [0i32; 2], [0usize; 2]);
        for digit in bits(self.axis_digits[axis]) {
            let surplus = self.surplus[axis][digit];
            let (near, far) = (count(least[0], digit), count(least[1], digit));
            let wanted = [near.max(far + surplus), far.max(near - surplus)];
            for which in 0..2 {
                if wanted[which] > count(most[which], digit) {
                    return None;
                }
                need[which] |= (wanted[which] as u64) << (4 * digit);
                total[which] += wanted[which];
                needed[which] |= usize::from(wanted[which] > 0) << digit;
            }
        }
        if total[0].max(total[1]) > n as i32 {
            return None;
        }
        let mut changed = 0u64;
        for (which, &(line, side)) in lines.iter().enumerate() {
            let keep = if total[which] == n as i32 {
                self.side_in[side][needed[which]]
            } else {
                u64::MAX
            };
            for digit in bits(self.axis_digits[axis]) {
                let need = count(need[which], digit);
                if need > count(least[which], digit) && need == count(most[which], digit) {
                    for cell in (0..n).map(|place| cell_of(line, place)) {
                        let narrowed = domains[cell] & self.side_is[side][digit];
                        if narrowed != 0 && narrowed != domains[cell] {
                            domains[cell] = narrowed;
                            changed |= 1 << cell;
                        }
                    }
                }
            }
            for cell in (0..n).map(|place| cell_of(line, place)) {
                let narrowed = domains[cell] & keep;
                if narrowed != domains[cell] {
                    if narrowed == 0 {
                        self.blame(1 << cell, 0);
                        return None;
                    }
                    domains[cell] = narrowed;
                    changed |= 1 << cell;
                }
            }
        }
        Some(changed)
    }

    /// The next decision at a fixpoint: the cell with the fewest kinds, or
    /// the kind with the fewest open cells per copy still to place (tried at
    /// its first open cell), whichever is smaller by weight. None when every
    /// cell holds one kind: a layout, as propagation checked every pair.
    fn decide(&self, domains: &Domains) -> Option<(u8, u8)> {
        let cells = &domains[..self.cells];
        // size / weight, compared by cross-multiplying.
        let smaller = |(size, weight): (u32, u32), (best, best_weight): (u32, u32)| {
            u64::from(size) * u64::from(best_weight) < u64::from(best) * u64::from(weight)
        };
        let (mut best_cell, mut best) = (usize::MAX, (u32::MAX, 1));
        for (cell, &domain) in cells.iter().enumerate() {
            let size = (domain.count_ones(), self.cell_weights[cell]);
            if size.0 > 1 && smaller(size, best) {
                (best, best_cell) = (size, cell);
            }
        }
        if best_cell == usize::MAX {
            return None;
        }
        // The open cells of every kind, counted at once in bit planes.
        let (mut planes, mut sure) = ([0u64; 6], [0u32; MAX_CELLS]);
        for &domain in cells {
            if domain & (domain - 1) == 0 {
                sure[domain.trailing_zeros() as usize] += 1;
            } else {
                add_to_planes(&mut planes, domain);
            }
        }
        let mut decision = (best_cell, domains[best_cell].trailing_zeros() as usize);
        for kind in bits(self.all_kinds) {
            let open = count_in_planes(&planes, kind);
            let missing = self.copies[kind] - sure[kind];
            if open == 0 || missing == 0 {
                continue;
            }
            let size = ((open + missing - 1) / missing, self.kind_weights[kind]);
            if smaller(size, best) {
                best = size;
                let first = cells
                    .iter()
                    .position(|&domain| domain >> kind & 1 != 0 && domain != 1 << kind);
                decision = (first.unwrap_or(best_cell), kind);
            }
        }
        Some((decision.0 as u8, decision.1 as u8))
    }

    /// Starts the search: `Failed` when the game fails before any decision,
    /// `Solved` when it needs none, `OutOfBudget` otherwise.
    fn start(&mut self) -> Outcome {
        let mut domains = [0; MAX_CELLS];
        domains[..self.cells].fill(self.all_kinds);
        if !self.propagate(&mut domains, u64::MAX >> (64 - self.cells)) {
            return Outcome::Failed;
        }
        self.root = domains;
        self.push(domains)
    }

    /// [`Propagator::singletons`] at the root, on the first turn (it costs
    /// milliseconds and removes next to nothing on random games); what it
    /// removes, the square-growth search no longer tries.
    fn probe_root(&mut self) -> Outcome {
        self.probed = true;
        let mut domains = self.root;
        let (consistent, narrowed) = self.singletons(&mut domains, &NO_PARENT);
        self.root_narrowed = narrowed;
        self.stack.clear();
        if !consistent {
            return Outcome::Failed;
        }
        self.root = domains;
        self.push(domains)
    }

    /// Singleton consistency: every kind left in every cell is tried there
    /// alone and leaves the cell if that propagation fails (no layout below
    /// has it there), in rounds until no try fails. Each try is a node.
    /// Returns false when a domain empties, and whether any kind left.
    ///
    /// Kinds alone in their cells at a successful try's fixpoint would pass
    /// their tries too (the rules narrow no more on wider domains): they are
    /// skipped until a kind leaves. Below the root the first round tries only
    /// the cells that differ from the `parent` node, whose tries all passed
    /// there. Skipping a try only removes less, never changes an answer.
    fn singletons(&mut self, domains: &mut Domains, mut parent: &Domains) -> (bool, bool) {
        let (mut any, mut narrowed) = (false, true);
        let mut supported = [0u64; MAX_CELLS];
        while narrowed {
            narrowed = false;
            for cell in 0..self.cells {
                if domains[cell] == parent[cell] {
                    continue;
                }
                let mut kinds = domains[cell] & !supported[cell];
                while kinds != 0 && domains[cell] & (domains[cell] - 1) != 0 {
                    let bit = 1u64 << kinds.trailing_zeros();
                    kinds &= kinds - 1;
                    if domains[cell] & bit == 0 || supported[cell] & bit != 0 {
                        continue;
                    }
                    let mut trial = *domains;
                    trial[cell] = bit;
                    self.nodes += 1;
                    if self.propagate(&mut trial, 1 << cell) {
                        for (support, &kinds) in supported.iter_mut().zip(&trial[..self.cells]) {
                            if kinds & (kinds - 1) == 0 {
                                *support |= kinds;
                            }
                        }
                        continue;
                    }
                    self.learn_weights();
                    domains[cell] &= !bit;
                    (narrowed, any, supported) = (true, true, [0; MAX_CELLS]);
                    if !self.propagate(domains, 1 << cell) {
                        return (false, true);
                    }
                }
            }
            parent = &NO_PARENT;
        }
        (true, any)
    }

    /// The layout of a solved search, row by row.
    fn layout(&self) -> Vec<Square> {
        let kind = |domain: &u64| self.kinds[domain.trailing_zeros() as usize];
        self.solution[..self.cells].iter().map(kind).collect()
    }

    /// For each step of the square-growth order, the squares (indices into
    /// the sorted squares) of the kinds left in its cell at the root.
    fn allowed_by_step(&self) -> [u64; MAX_CELLS] {
        let mut allowed = [0; MAX_CELLS];
        for (step, (row, column)) in growth_order(self.side).into_iter().enumerate() {
            let domain = self.root[row * self.side + column];
            allowed[step] = bits(domain).fold(0, |squares, kind| squares | self.copies_mask[kind]);
        }
        allowed
    }

    /// Puts a node at a fixpoint on the stack, or keeps it as the solution.
    fn push(&mut self, domains: Domains) -> Outcome {
        let Some((cell, kind)) = self.decide(&domains) else {
            self.solution = domains;
            return Outcome::Solved;
        };
        self.stack.push(Frame {
            domains,
            cell,
            kind,
            tried: 0,
        });
        Outcome::OutOfBudget
    }

    /// Goes on for at most `budget` more nodes, depth first: each frame tries
    /// its kind in its cell, then the cell without that kind.
    fn run(&mut self, budget: u64) -> Outcome {
        self.allowance = self.allowance.saturating_add(budget);
        if !self.probed {
            let outcome = self.probe_root();
            if outcome != Outcome::OutOfBudget {
                return outcome;
            }
        }
        while self.nodes < self.allowance {
            let Some(frame) = self.stack.last_mut() else {
                return Outcome::Failed;
            };
            if frame.tried == 2 {
                self.stack.pop();
                continue;
            }
            let (cell, bit) = (usize::from(frame.cell), 1u64 << frame.kind);
            let parent = frame.domains;
            let mut child = parent;
            child[cell] = if frame.tried == 0 {
                bit
            } else {
                child[cell] & !bit
            };
            frame.tried += 1;
            self.nodes += 1;
            if !self.propagate(&mut child, 1 << cell) || !self.singletons(&mut child, &parent).0 {
                self.learn_weights();
            } else if self.push(child) == Outcome::Solved {
                return Outcome::Solved;
            }
        }
        Outcome::OutOfBudget
    }
}

/// Adds one to the count of every kind in `kinds`, kept in bit planes: bit
/// `kind` of `planes[i]` is bit i of that kind's count (up to 63).
fn add_to_planes(planes: &mut [u64; 6], kinds: u64) {
    let mut carry = kinds;
    for plane in planes {
        let next = *plane & carry;
        *plane ^= carry;
        carry = next;
        if carry == 0 {
            break;
        }
    }
}

/// The count of `kind` in planes filled by [`add_to_planes`].
fn count_in_planes(planes: &[u64; 6], kind: usize) -> u32 {
    planes
        .iter()
        .rev()
        .fold(0, |count, plane| count << 1 | (plane >> kind & 1) as u32)
}

/// A node of [`Propagator`]'s search: its domains, its decision, and how
/// many of the decision's two branches were taken.
struct Frame {
    domains: Domains,
    cell: u8,
    kind: u8,
    tried: u8,
}

/// A cell not yet matched in [`Matching`].
const NO_KIND: u8 = u8::MAX;

/// A matching of cells to kinds, each kind held by at most as many cells as
/// it has copies: per cell its kind, per kind the cells holding it and its
/// copies not yet held, and the kinds with a copy to spare.
struct Matching {
    kind_of: [u8; MAX_CELLS],
    holders: [u64; MAX_CELLS],
    spare: [u32; MAX_CELLS],
    spare_kinds: u64,
}

impl Matching {
    /// `cell` takes `kind`, which has a copy to spare.
    fn hold(&mut self, cell: usize, kind: usize) {
        self.kind_of[cell] = kind as u8;
        self.holders[kind] |= 1 << cell;
        self.spare[kind] -= 1;
        if self.spare[kind] == 0 {
            self.spare_kinds &= !(1 << kind);
        }
    }

    /// Finds `cell` a kind of its domain along an augmenting path (Kuhn's
    /// algorithm), each kind tried once (`visited`). False when there is no
    /// path: the cells reached need more kinds than they can take.
    fn augment(&mut self, cell: usize, domains: &Domains, visited: &mut u64) -> bool {
        let options = domains[cell] & !*visited;
        let free = options & self.spare_kinds;
        if free != 0 {
            self.hold(cell, free.trailing_zeros() as usize);
            return true;
        }
        *visited |= options;
        for kind in bits(options) {
            for other in bits(self.holders[kind]) {
                if self.augment(other, domains, visited) {
                    // `other` now holds another kind; `cell` takes its place.
                    self.holders[kind] = self.holders[kind] & !(1 << other) | 1 << cell;
                    self.kind_of[cell] = kind as u8;
                    return true;
                }
            }
        }
        false
    }
}

/// A token read as a whole number: an optional sign and decimal digits.
/// Too large a value saturates, which still reads as too large.
fn parse_whole_number(token: &str) -> Option<i64> {
    let digits = token
        .strip_prefix(|sign| sign == '+' || sign == '-')
        .unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|digit| digit.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.bytes().fold(0i64, |value, digit| {
        value
            .saturating_mul(10)
            .saturating_add(i64::from(digit - b'0'))
    });
    Some(if token.starts_with('-') {
        -magnitude
    } else {
        magnitude
    })
}

/// The token for an error message, cut short if it is long. A token that is
/// not a number is shown with `{:?}`, so control bytes reach the terminal
/// escaped.
fn shown(token: &str) -> String {
    let mut shown: String = token.chars().take(24).collect();
    if shown.len() < token.len() {
        shown.push_str("...");
    }
    shown
}

/// Reads every game of `input` and writes each answer to `out`. On the first
/// bad game, or if `out` refuses the answers, stops with the error line (the
/// answers before a bad game are written). Memory: about twice the input.
pub fn run(mut input: Vec<u8>, out: &mut impl Write) -> Result<(), String> {
    use proconio::source::{once::OnceSource, Source};
    // Input that is not UTF-8 is cut at its first bad byte, which becomes
    // U+FFFD: the token holding it fails as a non-number in the right game.
    if let Err(error) = std::str::from_utf8(&input) {
        input.truncate(error.valid_up_to());
        input.extend_from_slice("\u{FFFD}".as_bytes());
    }
    let mut source = OnceSource::new(std::io::Cursor::new(input));
    let mut game = 0;
    while let Some(token) = source.next_token() {
        game += 1;
        let fail = |fault: String| Err(format!("game {game}: {fault}"));
        let side = match parse_whole_number(token) {
            None => return fail(format!("the side n is {:?}, not a number", shown(token))),
            Some(0) => return Ok(()),
            Some(side) if side < 0 => {
                return fail(format!("the side n is {}, negative", shown(token)))
            }
            Some(side) if side > MAX_SIDE as i64 => {
                let token = shown(token);
                return fail(format!(
                    "the side n is {token}, above the {MAX_SIDE} this program supports"
                ));
            }
            Some(side) => side as usize,
        };
        // `side` is at most MAX_SIDE here, so this allocation is small.
        let (squares, mut digits) = (side * side, Vec::with_capacity(4 * side * side));
        while digits.len() < 4 * squares {
            let (read, square) = (digits.len(), digits.len() / 4 + 1);
            let Some(token) = source.next_token() else {
                let all = 4 * squares;
                return fail(format!(
                    "the input ends inside the game, after {read} of its {all} digits ({squares} squares of 4 digits)"
                ));
            };
            digits.push(match parse_whole_number(token) {
                Some(value @ 0..=9) => value as u8,
                None => {
                    return fail(format!(
                        "square {square} has {:?} where a digit belongs",
                        shown(token)
                    ))
                }
                Some(_) => {
                    return fail(format!(
                        "square {square} has the digit {}, outside 0-9",
                        shown(token)
                    ))
                }
            });
        }
        let game_squares: Vec<Square> = digits
            .chunks(4)
            .map(|square| Square {
                top: square[0],
                right: square[1],
                bottom: square[2],
                left: square[3],
            })
            .collect();
        let blank_line = if game > 1 { "\n" } else { "" };
        let verdict = if solve(side, &game_squares).is_some() {
            "Possible"
        } else {
            "Impossible"
        };
        writeln!(out, "{blank_line}Game {game}: {verdict}")
            .map_err(|error| format!("cannot write the answers: {error}"))?;
    }
    Ok(())
}

/// Prints the error line and ends with status 1 (if stderr cannot be
/// written either, the status alone says it).
fn fail_with(message: &str) -> ! {
    let _ = writeln!(std::io::stderr(), "{message}");
    std::process::exit(1);
}

fn main() {
    let mut input = Vec::new();
    if let Err(error) = std::io::stdin().lock().read_to_end(&mut input) {
        fail_with(&format!("cannot read the input: {error}"));
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
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

    const SAMPLES: [(&str, &str); 24] = [
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
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/10.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/10.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/11.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/11.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/12.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/12.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/13.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/13.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/14.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/14.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/15.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/15.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/16.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/16.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/17.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/17.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/18.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/18.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/19.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/19.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/20.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/20.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/21.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/21.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/22.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/22.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/23.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/23.out"),
        ),
        (
            include_str!("../../../samples/zoj1008-gnome-tetravex/24.in"),
            include_str!("../../../samples/zoj1008-gnome-tetravex/24.out"),
        ),
    ];

    /// The slow games (tests/slow/): built against earlier versions of
    /// this solver, each taking it from a tenth of a second to seconds.
    const SLOW: [(&str, &str); 10] = [
        (
            include_str!("../tests/slow/1.in"),
            include_str!("../tests/slow/1.out"),
        ),
        (
            include_str!("../tests/slow/2.in"),
            include_str!("../tests/slow/2.out"),
        ),
        (
            include_str!("../tests/slow/3.in"),
            include_str!("../tests/slow/3.out"),
        ),
        (
            include_str!("../tests/slow/4.in"),
            include_str!("../tests/slow/4.out"),
        ),
        (
            include_str!("../tests/slow/5.in"),
            include_str!("../tests/slow/5.out"),
        ),
        (
            include_str!("../tests/slow/6.in"),
            include_str!("../tests/slow/6.out"),
        ),
        (
            include_str!("../tests/slow/7.in"),
            include_str!("../tests/slow/7.out"),
        ),
        (
            include_str!("../tests/slow/8.in"),
            include_str!("../tests/slow/8.out"),
        ),
        (
            include_str!("../tests/slow/9.in"),
            include_str!("../tests/slow/9.out"),
        ),
        (
            include_str!("../tests/slow/10.in"),
            include_str!("../tests/slow/10.out"),
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

    /// n × n squares with digits drawn from 0..digits, solvable or not.
    fn random_squares(rng: &mut fastrand::Rng, n: usize, digits: u8) -> Vec<Square> {
        (0..n * n)
            .map(|_| square([0; 4].map(|_: u8| rng.u8(0..digits))))
            .collect()
    }

    /// How often a check against a reference said yes and no: a test of
    /// both answers means much only with plenty of each.
    #[derive(Default)]
    struct BothAnswers {
        yes: u32,
        no: u32,
    }

    impl BothAnswers {
        fn count(&mut self, answer: bool) {
            if answer {
                self.yes += 1;
            } else {
                self.no += 1;
            }
        }

        fn assert_at_least(&self, yes: u32, no: u32) {
            assert!(
                self.yes >= yes && self.no >= no,
                "{} yes, {} no: too few of one",
                self.yes,
                self.no
            );
        }
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

    /// The square-growth search alone: its answer, or None when it takes
    /// more than `cap` nodes.
    fn growth_alone(n: usize, game: &[Square], cap: u64) -> Option<Option<Vec<Square>>> {
        solve_by_growth_alone(n, game, cap).0
    }

    /// The propagating search alone: its answer, or None when it takes
    /// more than `cap` nodes.
    fn propagation_alone(n: usize, game: &[Square], cap: u64) -> Option<Option<Vec<Square>>> {
        let mut propagator = Propagator::new(n, game);
        match propagator.start() {
            Outcome::OutOfBudget => match propagator.run(cap) {
                Outcome::OutOfBudget => None,
                outcome => Some((outcome == Outcome::Solved).then(|| propagator.layout())),
            },
            outcome => Some((outcome == Outcome::Solved).then(|| propagator.layout())),
        }
    }

    /// `solve`, the square-growth search alone and the propagating search
    /// alone (small games never reach the turns of the other), which must
    /// agree; every layout any of them returns is checked.
    fn checked_solve(n: usize, game: &[Square]) -> bool {
        let answers = [
            solve(n, game),
            growth_alone(n, game, u64::MAX).expect("no cap"),
            propagation_alone(n, game, u64::MAX).expect("no cap"),
        ];
        for layout in answers.iter().flatten() {
            assert_valid_layout(n, game, layout);
        }
        let possible: Vec<bool> = answers.iter().map(Option::is_some).collect();
        assert!(
            possible.iter().all(|&answer| answer == possible[0]),
            "solve, growth alone, propagation alone: {possible:?}, n = {n}, game {game:?}"
        );
        possible[0]
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
        let mut answers = BothAnswers::default();
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
            answers.count(expected);
        }
        answers.assert_at_least(500, 500);
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
                    later.iter().filter(|&&(r, c)| on(r, c)).count() as i8
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

    #[test]
    fn any_whitespace_separates_tokens() {
        // Tabs, CRLF, form feed, vertical tab, a no-break space and no final
        // newline: proconio splits on whitespace as `char::is_whitespace`
        // defines it.
        let input = "1\r\n1\t2\x0c3\x0b4\r\n1 \u{a0}5 6\u{2003}7 8";
        let expected = "Game 1: Possible\n\nGame 2: Possible\n";
        assert_eq!(run_on(input.as_bytes()), (expected.to_string(), None));
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

    /// The games of an input file, trusted to be well formed.
    fn games_of(input: &str) -> Vec<(usize, Vec<Square>)> {
        families::read_games(input)
            .into_iter()
            .map(|(n, game)| (n, game.into_iter().map(square).collect()))
            .collect()
    }

    /// Checks games built against the solvers: every layout square by
    /// square, and every answer of Impossible (confirmed by a SAT solver
    /// when the games were made) by a search that shares no search code
    /// with the other: the propagating search alone or the square-growth
    /// search alone, each within a cap (either takes seconds on some of
    /// these games, where the other takes milliseconds). Returns the games
    /// checked.
    fn check_across_methods(files: &[(&str, &str)], propagation_cap: u64, growth_cap: u64) -> u32 {
        let mut games_checked = 0;
        for (input, expected) in files {
            let verdicts: Vec<bool> = expected
                .lines()
                .filter(|line| !line.is_empty())
                .map(|line| line.ends_with("Possible"))
                .collect();
            let games = games_of(input);
            assert_eq!(games.len(), verdicts.len());
            for ((n, game), possible) in games.iter().zip(verdicts) {
                let answer = solve(*n, game);
                assert_eq!(answer.is_some(), possible, "game {game:?}");
                if let Some(layout) = &answer {
                    assert_valid_layout(*n, game, layout);
                } else {
                    // The propagating search first: it settles most of
                    // these in milliseconds; the other within its cap.
                    let confirmed = propagation_alone(*n, game, propagation_cap)
                        .or_else(|| growth_alone(*n, game, growth_cap))
                        .expect("neither search alone settles the game within its cap");
                    assert!(confirmed.is_none(), "another search solves {game:?}");
                }
                games_checked += 1;
            }
        }
        games_checked
    }

    /// Samples 10 to 24: games the adversarial search found against the
    /// square-growth search alone and against earlier versions of this
    /// solver, fast ones.
    #[test]
    fn adversarial_samples_agree_across_methods() {
        let games = check_across_methods(&SAMPLES[9..], 1_500_000, 40_000_000);
        assert!(games >= 20, "{games} games");
    }

    /// The slow games, in release: `cargo test --release -p
    /// zoj1008-gnome-tetravex -- --ignored`.
    #[test]
    #[ignore = "slow: seconds a game; run in release with --ignored"]
    fn slow_games_agree_across_methods() {
        let games = check_across_methods(&SLOW, 3_000_000, 150_000_000);
        assert_eq!(games, SLOW.len() as u32);
    }

    /// The simple reference for [`LineSplit`]: orders the pairs as n
    /// lines of n, position by position, trying every pair value not used
    /// up at each position, each line chained.
    fn lines_by_every_ordering(
        n: usize,
        left: &mut Vec<((u8, u8), u32)>,
        position: usize,
        previous: u8,
    ) -> bool {
        if position == n * n {
            return true;
        }
        for index in 0..left.len() {
            let ((near, far), count) = left[index];
            if count == 0 || (position % n != 0 && near != previous) {
                continue;
            }
            left[index].1 -= 1;
            let found = lines_by_every_ordering(n, left, position + 1, far);
            left[index].1 += 1;
            if found {
                return true;
            }
        }
        false
    }

    #[test]
    fn line_partition_agrees_with_every_ordering() {
        let mut rng = fastrand::Rng::with_seed(0x1008_0011);
        let mut answers = BothAnswers::default();
        for draw in 0..3000 {
            let n = 2 + draw % 3;
            let digits = rng.u8(2..5);
            let game = random_squares(&mut rng, n, digits);
            for axis in AXES {
                let mut left: Vec<((u8, u8), u32)> = Vec::new();
                for square in &game {
                    let pair = square.along(axis);
                    match left.iter_mut().find(|(seen, _)| *seen == pair) {
                        Some((_, count)) => *count += 1,
                        None => left.push((pair, 1)),
                    }
                }
                let expected = lines_by_every_ordering(n, &mut left, 0, 0);
                assert_eq!(
                    LineSplit::possible(n, &game, axis),
                    expected,
                    "n = {n}, axis {axis}, game {game:?}"
                );
                answers.count(expected);
            }
        }
        answers.assert_at_least(1000, 1000);
    }

    /// The check settles games of the adversarial runs whose digits balance
    /// on every side: here the fourth game of sample 11's file of worst
    /// games, whose (top, bottom) pairs do not chain into columns of five.
    #[test]
    fn line_partition_cuts_an_adversarial_game_the_counts_pass() {
        let (n, game) = games_of(SAMPLES[10].0).swap_remove(3);
        let search = Search::new(n, &game, &growth_order(n));
        assert!(search.start_is_balanced());
        assert!(LineSplit::possible(n, &game, HORIZONTAL));
        assert!(!LineSplit::possible(n, &game, VERTICAL));
    }

    /// Games shaped like the adversary's: one digit on most triangles, a few
    /// others (solvable, one triangle changed, or drawn at random). The
    /// three searches against the plain one.
    #[test]
    fn games_with_one_dominant_digit_agree_with_the_plain_search() {
        let mut rng = fastrand::Rng::with_seed(0x1008_0005);
        let mut answers = BothAnswers::default();
        for draw in 0..900 {
            let n = if draw % 4 == 0 { 3 } else { 4 };
            let dominant = rng.u8(0..10);
            let mut others: Vec<u8> = (0..10).filter(|&digit| digit != dominant).collect();
            rng.shuffle(&mut others);
            others.truncate(rng.usize(1..=3));
            let mut alphabet = vec![dominant; rng.usize(3..=8)];
            alphabet.extend(&others);
            let mut game = families::solved_grid(&mut rng, n, &alphabet);
            rng.shuffle(&mut game);
            match draw % 3 {
                // Solvable by construction.
                0 => {}
                // One triangle of one square changed from or to a rare digit.
                1 => {
                    let (square, side) = (rng.usize(..n * n), rng.usize(..4));
                    game[square][side] = if game[square][side] == dominant {
                        others[rng.usize(..others.len())]
                    } else {
                        dominant
                    };
                }
                // Every triangle drawn afresh: mostly impossible.
                _ => {
                    for square in &mut game {
                        *square = [0; 4].map(|_| alphabet[rng.usize(..alphabet.len())]);
                    }
                }
            }
            let expected = plain_search::plain_solvable(n, &game);
            assert_eq!(checked_solve(n, &squares(&game)), expected, "game {game:?}");
            answers.count(expected);
        }
        answers.assert_at_least(300, 90);
    }

    /// Whether `cells` (from `cell` on) can each take a kind of its domain,
    /// each kind at most `copies_left` times: the plain recursion.
    fn matchable(domains: &[u64], cell: usize, copies_left: &mut [u32]) -> bool {
        if cell == domains.len() {
            return true;
        }
        (0..copies_left.len()).any(|kind| {
            if domains[cell] >> kind & 1 == 0 || copies_left[kind] == 0 {
                return false;
            }
            copies_left[kind] -= 1;
            let found = matchable(domains, cell + 1, copies_left);
            copies_left[kind] += 1;
            found
        })
    }

    #[test]
    fn border_counts_read_every_digit_that_can_matter() {
        // The rule reads only the digits some square shows on the axis:
        // it must narrow and fail exactly as when it reads all ten.
        let mut rng = fastrand::Rng::with_seed(0x1008_0015);
        let (mut failed, mut narrowed) = (0, 0);
        for _ in 0..20_000 {
            let n = rng.usize(2..=MAX_SIDE);
            let digits = rng.u8(1..=10);
            let game = random_squares(&mut rng, n, digits);
            let propagator = Propagator::new(n, &game);
            let mut every_digit = Propagator::new(n, &game);
            every_digit.axis_digits = [0x3FF; 2];
            let mut domains = [0; MAX_CELLS];
            for domain in &mut domains[..n * n] {
                // Mostly wide domains, so that the counts pass often
                // enough to narrow.
                while *domain == 0 {
                    *domain = propagator.all_kinds & (rng.u64(..) | rng.u64(..));
                }
            }
            for axis in AXES {
                let (mut read, mut all) = (domains, domains);
                let result = propagator.count_border_digits(&mut read, axis);
                assert_eq!(result, every_digit.count_border_digits(&mut all, axis));
                assert_eq!(read, all);
                match result {
                    None => failed += 1,
                    Some(0) => {}
                    Some(_) => narrowed += 1,
                }
            }
        }
        assert!(
            failed > 1_000 && narrowed > 1_000,
            "{failed} failed, {narrowed} narrowed"
        );
    }

    #[test]
    fn matching_keeps_exactly_the_pairs_some_matching_has() {
        let mut rng = fastrand::Rng::with_seed(0x1008_0010);
        let (mut failed, mut narrowed) = (0, 0);
        for _ in 0..3_000 {
            let n = rng.usize(2..=3);
            // Few digits, so that kinds with several copies are common.
            let digits = rng.u8(1..=3);
            let game = random_squares(&mut rng, n, digits);
            let propagator = Propagator::new(n, &game);
            let cells = n * n;
            let kinds = propagator.kinds.len();
            let mut domains = [0; MAX_CELLS];
            for domain in &mut domains[..cells] {
                while *domain == 0 {
                    *domain = rng.u64(..) & propagator.all_kinds & rng.u64(..);
                }
            }
            let mut expected = [0; MAX_CELLS];
            for cell in 0..cells {
                for kind in 0..kinds {
                    let mut pinned = domains;
                    pinned[cell] &= 1 << kind;
                    let mut copies_left = propagator.copies.clone();
                    if pinned[cell] != 0 && matchable(&pinned[..cells], 0, &mut copies_left) {
                        expected[cell] |= 1 << kind;
                    }
                }
            }
            let mut matched = domains;
            let result = propagator.match_cells(&mut matched);
            if expected[..cells].contains(&0) {
                assert_eq!(result, None, "{game:?} {domains:?}");
                failed += 1;
                continue;
            }
            let changed = (0..cells)
                .filter(|&cell| expected[cell] != domains[cell])
                .fold(0, |set, cell| set | 1 << cell);
            assert_eq!(result, Some(changed), "{game:?} {domains:?}");
            assert_eq!(matched[..cells], expected[..cells], "{game:?} {domains:?}");
            narrowed += u32::from(changed != 0);
        }
        assert!(failed >= 1_000 && narrowed >= 400, "{failed} {narrowed}");
    }

    /// Singleton consistency the plain way: every pair tried, in rounds
    /// until none fails, except in the first round in the cells whose
    /// kinds are still those of `parent`; None when a domain empties.
    fn plain_singletons(
        propagator: &Propagator,
        mut domains: Domains,
        mut parent: &Domains,
    ) -> (Option<Domains>, u64) {
        let mut tries = 0;
        let mut narrowed = true;
        while narrowed {
            narrowed = false;
            for cell in 0..propagator.cells {
                if domains[cell] == parent[cell] {
                    continue;
                }
                for kind in 0..propagator.kinds.len() {
                    let bit = 1u64 << kind;
                    if domains[cell] & bit == 0 || domains[cell] == bit {
                        continue;
                    }
                    let mut trial = domains;
                    trial[cell] = bit;
                    tries += 1;
                    if !propagator.propagate(&mut trial, 1 << cell) {
                        domains[cell] &= !bit;
                        narrowed = true;
                        if !propagator.propagate(&mut domains, 1 << cell) {
                            return (None, tries);
                        }
                    }
                }
            }
            parent = &NO_PARENT;
        }
        (Some(domains), tries)
    }

    #[test]
    fn singletons_with_witnesses_keep_exactly_what_trying_every_pair_keeps() {
        let mut rng = fastrand::Rng::with_seed(0x1008_0013);
        let mut games: Vec<(usize, Vec<Square>)> = SAMPLES[9..]
            .iter()
            .chain(&SLOW)
            .flat_map(|(input, _)| games_of(input))
            .collect();
        for _ in 0..300 {
            let n = rng.usize(3..=5);
            // Few digits: many kinds per cell, and tries that fail.
            let digits = rng.u8(2..=3);
            games.push((n, random_squares(&mut rng, n, digits)));
        }
        let (mut plain_tries, mut witnessed_tries, mut narrowed) = (0, 0, 0);
        for (number, (n, game)) in games.iter().enumerate() {
            let mut propagator = Propagator::new(*n, game);
            if propagator.start() == Outcome::Failed {
                continue;
            }
            // Every other game as at a node below the root: a parent whose
            // kinds some cells still have, so those are not tried.
            let mut parent = [0; MAX_CELLS];
            if number % 2 == 1 {
                for (kinds, &root) in parent.iter_mut().zip(&propagator.root) {
                    if rng.bool() {
                        *kinds = root;
                    }
                }
            }
            let (expected, tries) = plain_singletons(&propagator, propagator.root, &parent);
            let mut domains = propagator.root;
            let before = propagator.nodes;
            let (consistent, any) = propagator.singletons(&mut domains, &parent);
            assert_eq!(consistent, expected.is_some(), "{game:?}");
            if let Some(expected) = expected {
                assert_eq!(domains, expected, "{game:?}");
                assert_eq!(any, expected != propagator.root, "{game:?}");
                narrowed += u32::from(any);
            }
            plain_tries += tries;
            witnessed_tries += propagator.nodes - before;
        }
        assert!(narrowed >= 20, "{narrowed} games narrowed");
        // The witnesses must skip tries, or they are not doing their job.
        assert!(
            witnessed_tries * 10 < plain_tries * 9,
            "{witnessed_tries} tries against {plain_tries}"
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
