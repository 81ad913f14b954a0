//! ZOJ 1008 — Gnome Tetravex.

pub use __cargo_equip::prelude::*;

use std::io::{Read, Write};

pub const MAX_SIDE: usize = 6;
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Square {
	pub top: u8,
	pub right: u8,
	pub bottom: u8,
	pub left: u8,
}

const HORIZONTAL: usize = 0;
const VERTICAL: usize = 1;
const AXES: [usize; 2] = [HORIZONTAL, VERTICAL];
const NEAR_FAR: [(usize, usize); 2] = [(3, 1), (0, 2)];

impl Square {
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

const ANY_DIGIT: u8 = 10;
const DIGIT_SLOTS: usize = 11;
const NO_STEP: u8 = MAX_CELLS as u8;

pub fn solve(n: usize, squares: &[Square]) -> Option<Vec<Square>> {
	solve_capped(n, squares, u64::MAX).0 .0
}

#[derive(Default)]
pub struct Effort {
	pub growth_nodes: u64,
	pub propagator_nodes: u64,
}

const FIRST_ROUND: u64 = 1 << 17;
const EARLY_LOOK: u64 = 1 << 14;
const VAST_TREE: f64 = (1u64 << 23) as f64;
const PROPAGATION_COST_EIGHTHS: u64 = 13;

pub fn solve_capped(n: usize, squares: &[Square], cap: u64) -> ((Option<Vec<Square>>, Effort), bool) {
	let cells = growth_order(n);
	let mut search = Search::new(n, squares, &cells);
	let sure = |answer| ((answer, Effort::default()), true);
	let lines_split = |axis| LineSplit::possible(n, squares, axis);
	if !search.start_is_balanced() || !AXES.into_iter().all(lines_split) {
		return sure(None);
	}
	search.budget = cap;
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
	let effort = Effort { growth_nodes: search.nodes, propagator_nodes };
	let answer = match (&search.partner, search.partner_outcome) {
		(Some(partner), Outcome::Solved) => Some(partner.layout()),
		(_, Outcome::Failed) => None,
		_ if search.stopped => return ((None, effort), false),
		_ if solved => Some(search.layout(&cells)),
		_ => None,
	};
	((answer, effort), true)
}

pub fn solve_by_growth_alone(n: usize, squares: &[Square], cap: u64) -> (Option<Option<Vec<Square>>>, u64) {
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

const LINE_SPLIT_WORK: u32 = 1 << 16;

struct LineSplit {
	side: usize,
	pairs: Vec<(u8, u8)>,
	count: Vec<u8>,
	offset: Vec<u8>,
	left: u64,
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
		LineSplit { side: n, pairs, count, offset, left, failed, work }.split()
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

	fn extend(&mut self, start: u8, end: u8, length: usize, rightwards: bool) -> bool {
		if length == self.side {
			return self.split();
		}
		let key = self.left | u64::from(start) << 40 | u64::from(end) << 44 | (length as u64) << 48 | u64::from(rightwards) << 52;
		let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize;
		if self.failed[slot] == key {
			return false;
		}
		if rightwards && self.extend(start, end, length, false) {
			return true;
		}
		for pair in 0..self.pairs.len() {
			let (near, far) = self.pairs[pair];
			if self.count[pair] == 0 || if rightwards { near != end } else { far != start } {
				continue;
			}
			self.work += 1;
			if self.work > LINE_SPLIT_WORK {
				return true;
			}
			self.take(pair, -1);
			let (start, end) = if rightwards { (start, far) } else { (near, end) };
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

fn growth_order(n: usize) -> Vec<(usize, usize)> {
	let mut cells = Vec::with_capacity(n * n);
	for layer in 0..n {
		cells.extend((0..layer).map(|row| (row, layer)));
		cells.extend((0..=layer).map(|column| (layer, column)));
	}
	cells
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
enum ChainUpdate {
	#[default]
	Keep,
	Start,
	Extend,
}

#[derive(Clone, Copy, Default)]
struct AxisRule {
	near_border: bool,
	far_border: bool,
	free_near_after: i8,
	free_far_after: i8,
	chain: ChainUpdate,
}

#[derive(Clone, Copy, Default)]
struct StepRule {
	left_from: u8,
	top_from: u8,
	next_left_from: u8,
	next_top_from: u8,
	interior: bool,
	axes: [AxisRule; 2],
}

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
				let oriented = |(r, c): (usize, usize)| if axis == HORIZONTAL { (c, r) } else { (r, c) };
				let (place, across) = oriented((row, column));
				let later = &cells[step + 1..];
				let empty = |place| later.iter().filter(|&&cell| oriented(cell).0 == place).count();
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
				AxisRule { near_border: place == 0, far_border: place + 1 == n, free_near_after: empty(0) as i8, free_far_after: empty(n - 1) as i8, chain }
			};
			let axes = AXES.map(along);
			StepRule {
				left_from: if column > 0 { at(row, column - 1) } else { NO_STEP },
				top_from: if row > 0 { at(row - 1, column) } else { NO_STEP },
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

#[derive(Clone, Copy, Default)]
struct DigitBalance {
	supply: [i8; 10],
	surplus: [i8; 10],
	positive: i8,
	negative: i8,
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

	fn allows(&self, (near, far): (u8, u8), rule: &AxisRule) -> bool {
		self.supply[usize::from(near)] >= 0
			&& self.supply[usize::from(far)] >= 0
			&& self.positive <= rule.free_near_after
			&& self.negative <= rule.free_far_after
	}
}

struct Search {
	side: usize,
	squares: [Square; MAX_CELLS],
	fitting: [u64; DIGIT_SLOTS * DIGIT_SLOTS],
	near_is: [[u64; 10]; 2],
	near_in: [Vec<u64>; 2],
	far_by_byte: [[[u16; 256]; DOMAIN_BYTES]; 2],
	repeats_previous: u64,
	steps: [StepRule; MAX_CELLS],
	right_at: [u8; MAX_CELLS + 1],
	bottom_at: [u8; MAX_CELLS + 1],
	placed: [u8; MAX_CELLS],
	balance: [DigitBalance; 2],
	allowed: [u64; MAX_CELLS],
	nodes: u64,
	budget: u64,
	partner: Option<Box<Propagator>>,
	next_turn: u64,
	partner_outcome: Outcome,
	stopped: bool,
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
			search.far_by_byte[axis] = byte_table(|index| squares.get(index).map_or(0, |_| 1 << square(index)));
			fill_unions(&mut search.near_in[axis], |digit| search.near_is[axis][digit]);
		}
		search.steps[..n * n].copy_from_slice(&step_rules(n, cells));
		search
	}

	fn layout(&self, cells: &[(usize, usize)]) -> Vec<Square> {
		let mut grid = vec![Square::default(); cells.len()];
		for (step, &(row, column)) in cells.iter().enumerate() {
			grid[row * self.side + column] = self.squares[usize::from(self.placed[step])];
		}
		grid
	}

	fn start_is_balanced(&self) -> bool {
		let side = self.side as i8;
		self.balance.iter().all(|balance| balance.positive <= side && balance.negative <= side)
	}

	fn fits(&self, left: u8, top: u8) -> u64 {
		self.fitting[usize::from(left) * DIGIT_SLOTS + usize::from(top)]
	}

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
		let left = self.right_at[usize::from(self.steps[step].left_from)];
		let top = self.bottom_at[usize::from(self.steps[step].top_from)];
		let first_copies = unused & !((unused << 1) & self.repeats_previous);
		let all_candidates = first_copies & self.fits(left, top) & self.allowed[step];
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
			let next_fits = self.fits(self.right_at[usize::from(self.steps[step].next_left_from)], self.bottom_at[usize::from(self.steps[step].next_top_from)]);
			if rest != 0 && rest & next_fits == 0 {
				continue;
			}
			self.placed[step] = index as u8;
			let solved = if self.steps[step].interior {
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
				let saved = self.balance;
				for axis in AXES {
					let rule = self.steps[step].axes[axis];
					self.balance[axis].shift(square.along(axis), rule.near_border, rule.far_border, -1);
				}
				let solved =
					AXES.iter().all(|&axis| self.balance[axis].allows(square.along(axis), &self.steps[step].axes[axis])) && self.descend(step, rest, reach);
				self.balance = saved;
				solved
			};
			if solved {
				return true;
			}
		}
	}

	fn progress(&self, step: usize) -> f64 {
		let mut progress = 0.0;
		let mut weight = 1.0;
		for (&(preferred, all), &index) in self.candidates_at[..step].iter().zip(&self.placed) {
			let before = (1u64 << index) - 1;
			let rank =
				if preferred >> index & 1 == 1 { (preferred & before).count_ones() } else { preferred.count_ones() + (all & !preferred & before).count_ones() };
			let count = f64::from(all.count_ones());
			progress += weight * f64::from(rank) / count;
			weight /= count;
		}
		progress
	}

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

	fn chain_reach(&self, axis: usize, step: usize, previous: u16, unused: u64) -> u16 {
		let other = 1 - axis;
		let earlier = match self.steps[step].axes[axis].chain {
			ChainUpdate::Keep => return previous,
			ChainUpdate::Start => u64::MAX,
			ChainUpdate::Extend => self.near_in[other][usize::from(previous)],
		};
		let near = if axis == HORIZONTAL { self.right_at[step] } else { self.bottom_at[step] };
		let chain_squares = unused & self.near_is[axis][usize::from(near)] & earlier;
		union_by_bytes(&self.far_by_byte[other], chain_squares)
	}
}

const DOMAIN_BYTES: usize = (MAX_CELLS + 7) / 8;

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

fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
	std::iter::from_fn(move || {
		(mask != 0).then(|| {
			let bit = mask.trailing_zeros() as usize;
			mask &= mask - 1;
			bit
		})
	})
}

const DIGIT_SET_BITS: usize = 16;

fn side_digits(digits: u64, side: usize) -> usize {
	(digits >> (DIGIT_SET_BITS * side)) as usize & 0x3FF
}

const NO_NEIGHBOUR: u8 = u8::MAX;

type Domains = [u64; MAX_CELLS];

const NO_PARENT: Domains = [0; MAX_CELLS];

#[derive(Clone, Copy, Debug, PartialEq)]
enum Outcome {
	Solved,
	Failed,
	OutOfBudget,
}

struct Propagator {
	side: usize,
	cells: usize,
	kinds: Vec<Square>,
	copies: Vec<u32>,
	all_kinds: u64,
	single_kinds: u64,
	side_is: [[u64; 10]; 4],
	side_in: Vec<[u64; 1 << 10]>,
	digits_by_byte: Box<[[u64; 256]; DOMAIN_BYTES]>,
	surplus: [[i32; 10]; 2],
	axis_digits: [u64; 2],
	nibbles: Box<[u64; 1 << 10]>,
	neighbours: [[u8; 4]; MAX_CELLS],
	border_lines: [u64; 2],
	root: Domains,
	probed: bool,
	root_narrowed: bool,
	copies_mask: Vec<u64>,
	cell_weights: [u32; MAX_CELLS],
	kind_weights: [u32; MAX_CELLS],
	blamed: std::cell::Cell<(u64, u64)>,
	nodes: u64,
	allowance: u64,
	stack: Vec<Frame>,
	solution: Domains,
	matching: std::cell::Cell<[u8; MAX_CELLS]>,
}

impl Propagator {
	fn new(n: usize, squares: &[Square]) -> Propagator {
		let mut sorted = squares.to_vec();
		sorted.sort_unstable();
		let mut kinds = sorted.clone();
		kinds.dedup();
		let copies: Vec<u32> = kinds.iter().map(|kind| sorted.iter().filter(|&square| square == kind).count() as u32).collect();
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
			single_kinds: bits(all_kinds).filter(|&kind| copies[kind] == 1).fold(0, |single, kind| single | 1 << kind),
			side_is: [[0; 10]; 4],
			side_in: vec![[0; 1 << 10]; 4],
			digits_by_byte: Box::new(byte_table(|kind| {
				kinds.get(kind).map_or(0, |square| (0..4).fold(0, |digits, side| digits | 1 << (DIGIT_SET_BITS * side + usize::from(square.side(side)))))
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
			let other = [cell.wrapping_sub(n), cell + 1, cell + n, cell.wrapping_sub(1)];
			for side in (0..4).filter(|&side| inside[side]) {
				p.neighbours[cell][side] = other[side] as u8;
			}
			p.border_lines[HORIZONTAL] |= u64::from(column == 0 || column == n - 1) << cell;
			p.border_lines[VERTICAL] |= u64::from(row == 0 || row == n - 1) << cell;
		}
		p
	}

	fn blame(&self, cells: u64, kinds: u64) {
		self.blamed.set((cells, kinds));
	}

	fn learn_weights(&mut self) {
		let (cells, kinds) = self.blamed.replace((0, 0));
		bits(cells).for_each(|cell| self.cell_weights[cell] += 1);
		bits(kinds).for_each(|kind| self.kind_weights[kind] += 1);
	}

	fn all_digits_of(&self, domain: u64) -> u64 {
		union_by_bytes(&self.digits_by_byte, domain)
	}

	fn propagate(&self, domains: &mut Domains, mut dirty: u64) -> bool {
		loop {
			let mut touched = dirty;
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

	fn match_cells(&self, domains: &mut Domains) -> Option<u64> {
		let cells = self.cells;
		let mut matching = Matching { kind_of: self.matching.get(), holders: [0; MAX_CELLS], spare: [0; MAX_CELLS], spare_kinds: self.all_kinds };
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
				let blamed = bits(visited).fold(1u64 << cell, |blamed, kind| blamed | matching.holders[kind]);
				self.blame(blamed, 0);
				return None;
			}
		}
		self.matching.set(matching.kind_of);
		let mut succ = [0u64; MAX_CELLS];
		for (cell, &domain) in domains[..cells].iter().enumerate() {
			let held = usize::from(matching.kind_of[cell]);
			succ[held] |= domain & !(1 << held);
		}
		let mut component_of = [0u64; MAX_CELLS];
		let mut unassigned = self.all_kinds;
		while unassigned != 0 {
			let v = unassigned.trailing_zeros() as usize;
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

	fn count_kinds(&self, domains: &mut Domains) -> Option<u64> {
		let cells = &mut domains[..self.cells];
		let (mut once, mut twice, mut fixed, mut fixed_twice) = (0u64, 0u64, 0u64, 0u64);
		let mut open = 0u64;
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
			let keep = if total[which] == n as i32 { self.side_in[side][needed[which]] } else { u64::MAX };
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

	fn decide(&self, domains: &Domains) -> Option<(u8, u8)> {
		let cells = &domains[..self.cells];
		let smaller =
			|(size, weight): (u32, u32), (best, best_weight): (u32, u32)| u64::from(size) * u64::from(best_weight) < u64::from(best) * u64::from(weight);
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
				let first = cells.iter().position(|&domain| domain >> kind & 1 != 0 && domain != 1 << kind);
				decision = (first.unwrap_or(best_cell), kind);
			}
		}
		Some((decision.0 as u8, decision.1 as u8))
	}

	fn start(&mut self) -> Outcome {
		let mut domains = [0; MAX_CELLS];
		domains[..self.cells].fill(self.all_kinds);
		if !self.propagate(&mut domains, u64::MAX >> (64 - self.cells)) {
			return Outcome::Failed;
		}
		self.root = domains;
		self.push(domains)
	}

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

	fn layout(&self) -> Vec<Square> {
		let kind = |domain: &u64| self.kinds[domain.trailing_zeros() as usize];
		self.solution[..self.cells].iter().map(kind).collect()
	}

	fn allowed_by_step(&self) -> [u64; MAX_CELLS] {
		let mut allowed = [0; MAX_CELLS];
		for (step, (row, column)) in growth_order(self.side).into_iter().enumerate() {
			let domain = self.root[row * self.side + column];
			allowed[step] = bits(domain).fold(0, |squares, kind| squares | self.copies_mask[kind]);
		}
		allowed
	}

	fn push(&mut self, domains: Domains) -> Outcome {
		let Some((cell, kind)) = self.decide(&domains) else {
			self.solution = domains;
			return Outcome::Solved;
		};
		self.stack.push(Frame { domains, cell, kind, tried: 0 });
		Outcome::OutOfBudget
	}

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
			child[cell] = if frame.tried == 0 { bit } else { child[cell] & !bit };
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

fn count_in_planes(planes: &[u64; 6], kind: usize) -> u32 {
	planes.iter().rev().fold(0, |count, plane| count << 1 | (plane >> kind & 1) as u32)
}

struct Frame {
	domains: Domains,
	cell: u8,
	kind: u8,
	tried: u8,
}

const NO_KIND: u8 = u8::MAX;

struct Matching {
	kind_of: [u8; MAX_CELLS],
	holders: [u64; MAX_CELLS],
	spare: [u32; MAX_CELLS],
	spare_kinds: u64,
}

impl Matching {
	fn hold(&mut self, cell: usize, kind: usize) {
		self.kind_of[cell] = kind as u8;
		self.holders[kind] |= 1 << cell;
		self.spare[kind] -= 1;
		if self.spare[kind] == 0 {
			self.spare_kinds &= !(1 << kind);
		}
	}

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
					self.holders[kind] = self.holders[kind] & !(1 << other) | 1 << cell;
					self.kind_of[cell] = kind as u8;
					return true;
				}
			}
		}
		false
	}
}

fn parse_whole_number(token: &str) -> Option<i64> {
	let digits = token.strip_prefix(|sign| sign == '+' || sign == '-').unwrap_or(token);
	if digits.is_empty() || !digits.bytes().all(|digit| digit.is_ascii_digit()) {
		return None;
	}
	let magnitude = digits.bytes().fold(0i64, |value, digit| value.saturating_mul(10).saturating_add(i64::from(digit - b'0')));
	Some(if token.starts_with('-') { -magnitude } else { magnitude })
}

fn shown(token: &str) -> String {
	let mut shown: String = token.chars().take(24).collect();
	if shown.len() < token.len() {
		shown.push_str("...");
	}
	shown
}

pub fn run(mut input: Vec<u8>, out: &mut impl Write) -> Result<(), String> {
	use proconio::source::{once::OnceSource, Source};
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
			Some(side) if side < 0 => return fail(format!("the side n is {}, negative", shown(token))),
			Some(side) if side > MAX_SIDE as i64 => {
				let token = shown(token);
				return fail(format!("the side n is {token}, above the {MAX_SIDE} this program supports"));
			}
			Some(side) => side as usize,
		};
		let (squares, mut digits) = (side * side, Vec::with_capacity(4 * side * side));
		while digits.len() < 4 * squares {
			let (read, square) = (digits.len(), digits.len() / 4 + 1);
			let Some(token) = source.next_token() else {
				let all = 4 * squares;
				return fail(format!("the input ends inside the game, after {read} of its {all} digits ({squares} squares of 4 digits)"));
			};
			digits.push(match parse_whole_number(token) {
				Some(value @ 0..=9) => value as u8,
				None => return fail(format!("square {square} has {:?} where a digit belongs", shown(token))),
				Some(_) => return fail(format!("square {square} has the digit {}, outside 0-9", shown(token))),
			});
		}
		let game_squares: Vec<Square> =
			digits.chunks(4).map(|square| Square { top: square[0], right: square[1], bottom: square[2], left: square[3] }).collect();
		let blank_line = if game > 1 { "\n" } else { "" };
		let verdict = if solve(side, &game_squares).is_some() { "Possible" } else { "Impossible" };
		writeln!(out, "{blank_line}Game {game}: {verdict}").map_err(|error| format!("cannot write the answers: {error}"))?;
	}
	Ok(())
}

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
	let flushed = out.flush().map_err(|error| format!("cannot write the answers: {error}"));
	if let Err(message) = result.and(flushed) {
		fail_with(&message);
	}
}

// The following code was expanded by `cargo-equip`.

///  # Bundled libraries
/// 
///  - `registry+https://github.com/rust-lang/crates.io-index#proconio@0.5.0` licensed under `MIT OR Apache-2.0` as `crate::__cargo_equip::crates::proconio`
/// 
///  # License and Copyright Notices
/// 
///  - `registry+https://github.com/rust-lang/crates.io-index#proconio@0.5.0`
/// 
///      ```text
///      The MIT License
///      Copyright 2019 (C) statiolake <statiolake@gmail.com>
/// 
///      Permission is hereby granted, free of charge, to any person obtaining a copy of
///      this software and associated documentation files (the "Software"), to deal in
///      the Software without restriction, including without limitation the rights to
///      use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of
///      the Software, and to permit persons to whom the Software is furnished to do so,
///      subject to the following conditions:
/// 
///      The above copyright notice and this permission notice shall be included in all
///      copies or substantial portions of the Software.
/// 
///      THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
///      IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS
///      FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
///      COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER
///      IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
///      CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
/// 
///      Copyright for original `input!` macro is held by Hideyuki Tanaka, 2019.  The
///      original macro is licensed under BSD 3-clause license.
/// 
///      Redistribution and use in source and binary forms, with or without
///      modification, are permitted provided that the following conditions are met:
/// 
///      1. Redistributions of source code must retain the above copyright notice, this
///         list of conditions and the following disclaimer.
/// 
///      2. Redistributions in binary form must reproduce the above copyright notice,
///         this list of conditions and the following disclaimer in the documentation
///         and/or other materials provided with the distribution.
/// 
///      3. Neither the name of the copyright holder nor the names of its contributors
///         may be used to endorse or promote products derived from this software
///         without specific prior written permission.
/// 
///      THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
///      ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
///      WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
///      DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
///      FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
///      DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
///      SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
///      CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
///      OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
///      OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
///      ```
#[cfg_attr(any(), rustfmt::skip)]
#[allow(unused)]
mod __cargo_equip {
    pub(crate) mod crates {
        pub mod proconio {#![allow(clippy::needless_doctest_main,clippy::print_literal)]pub use crate::__cargo_equip::macros::proconio::*;pub mod marker{use crate::__cargo_equip::crates::proconio::source::{Readable,Source};use std::io::BufRead;pub enum Chars{}impl Readable for Chars{type Output=Vec<char>;fn read<R:BufRead,S:Source<R>>(source:&mut S)->Vec<char>{source.next_token_unwrap().chars().collect()}}pub enum Bytes{}impl Readable for Bytes{type Output=Vec<u8>;fn read<R:BufRead,S:Source<R>>(source:&mut S)->Vec<u8>{source.next_token_unwrap().bytes().collect()}}pub enum Usize1{}impl Readable for Usize1{type Output=usize;fn read<R:BufRead,S:Source<R>>(source:&mut S)->usize{usize::read(source).checked_sub(1).expect("attempted to read the value 0 as a Usize1")}}pub enum Isize1{}impl Readable for Isize1{type Output=isize;fn read<R:BufRead,S:Source<R>>(source:&mut S)->isize{isize::read(source).checked_sub(1).unwrap_or_else(||{panic!(concat!("attempted to read the value {} as a Isize1:"," the value is isize::MIN and cannot be decremented"),isize::MIN,)})}}}pub mod source{use std::any::type_name;use std::fmt::Debug;use std::io::BufRead;use std::str::FromStr;pub mod line{use super::Source;use crate::__cargo_equip::crates::proconio::source::tokens::Tokens;use std::io::BufRead;pub struct LineSource<R:BufRead>{tokens:Tokens,reader:R,}impl<R:BufRead>LineSource<R>{pub fn new(reader:R)->LineSource<R>{LineSource{tokens:"".to_owned().into(),reader,}}fn prepare(&mut self){while self.tokens.is_empty(){let mut line=String::new();let num_bytes=self.reader.read_line(&mut line).expect("failed to get linel maybe an IO error.");if num_bytes==0{return;}self.tokens=line.into();}}}impl<R:BufRead>Source<R>for LineSource<R>{fn next_token(&mut self)->Option<&str>{self.prepare();self.tokens.next_token()}fn is_empty(&mut self)->bool{self.prepare();self.tokens.is_empty()}}use std::io::BufReader;impl<'a>From<&'a str>for LineSource<BufReader<&'a[u8]>>{fn from(s:&'a str)->LineSource<BufReader<&'a[u8]>>{LineSource::new(BufReader::new(s.as_bytes()))}}}pub mod once{use super::Source;use crate::__cargo_equip::crates::proconio::source::tokens::Tokens;use std::io::BufRead;use std::marker::PhantomData;pub struct OnceSource<R:BufRead>{tokens:Tokens,_read:PhantomData<R>,}impl<R:BufRead>OnceSource<R>{pub fn new(mut source:R)->OnceSource<R>{let mut context=String::new();source.read_to_string(&mut context).expect("failed to read from source; maybe an IO error.");OnceSource{tokens:context.into(),_read:PhantomData,}}}impl<R:BufRead>Source<R>for OnceSource<R>{fn next_token(&mut self)->Option<&str>{self.tokens.next_token()}fn is_empty(&mut self)->bool{self.tokens.is_empty()}}use std::io::BufReader;impl<'a>From<&'a str>for OnceSource<BufReader<&'a[u8]>>{fn from(s:&'a str)->OnceSource<BufReader<&'a[u8]>>{OnceSource::new(BufReader::new(s.as_bytes()))}}}mod tokens{use std::{iter::Peekable,ptr::NonNull,str::SplitWhitespace};pub(super)struct Tokens{tokens:Peekable<SplitWhitespace<'static>>,_current_context:CurrentContext,}impl Tokens{pub(super)fn next_token(&mut self)->Option<&str>{self.tokens.next()}pub(super)fn is_empty(&mut self)->bool{self.tokens.peek().is_none()}}impl From<String>for Tokens{fn from(current_context:String)->Self{let current_context=CurrentContext::from(current_context);unsafe{let tokens=current_context.0.as_ref().split_whitespace().peekable();Self{tokens,_current_context:current_context,}}}}unsafe impl Send for Tokens{}unsafe impl Sync for Tokens{}struct CurrentContext(NonNull<str>);impl From<String>for CurrentContext{fn from(s:String)->Self{let s=s.into_boxed_str();Self(NonNull::new(Box::leak(s)).unwrap())}}impl Drop for CurrentContext{fn drop(&mut self){unsafe{drop(Box::from_raw(self.0.as_mut()))};}}}pub mod auto{#[cfg(debug_assertions)]pub use super::line::LineSource as AutoSource;#[cfg(not(debug_assertions))]pub use super::once::OnceSource as AutoSource;}pub trait Source<R:BufRead>{fn next_token(&mut self)->Option<&str>;#[allow(clippy::wrong_self_convention)]fn is_empty(&mut self)->bool;fn next_token_unwrap(&mut self)->&str{self.next_token().expect(concat!("failed to get the next token; ","maybe reader reached an end of input. ","ensure that arguments for `input!` macro is correctly ","specified to match the problem input."))}}impl<R:BufRead,S:Source<R>>Source<R>for&'_ mut S{fn next_token(&mut self)->Option<&str>{(*self).next_token()}fn is_empty(&mut self)->bool{(*self).is_empty()}}pub trait Readable{type Output;fn read<R:BufRead,S:Source<R>>(source:&mut S)->Self::Output;}impl<T:FromStr>Readable for T where T::Err:Debug,{type Output=T;fn read<R:BufRead,S:Source<R>>(source:&mut S)->T{let token=source.next_token_unwrap();match token.parse(){Ok(v)=>v,Err(e)=>panic!(concat!("failed to parse the input `{input}` ","to the value of type `{ty}`: {err:?}; ","ensure that the input format is collectly specified ","and that the input value must handle specified type.",),input=token,ty=type_name::<T>(),err=e,),}}}pub trait RuntimeReadable{type Output;fn read<R:BufRead,S:Source<R>>(self,source:&mut S)->Self::Output;}}use crate::__cargo_equip::crates::proconio::source::{auto::AutoSource,line::LineSource};use std::sync::OnceLock;use std::{io::{self,BufRead},sync::Mutex,};use std::{io::{BufReader,Stdin},sync::MutexGuard,};pub use crate::__cargo_equip::crates::proconio::source::Readable as __Readable;pub enum StdinSource<R:BufRead>{Normal(AutoSource<R>),Interactive(LineSource<R>),Unknown(LineSource<R>),}impl<R:BufRead>source::Source<R>for StdinSource<R>{fn next_token(&mut self)->Option<&str>{match self{StdinSource::Normal(source)=>source.next_token(),StdinSource::Interactive(source)=>source.next_token(),StdinSource::Unknown(source)=>source.next_token(),}}fn is_empty(&mut self)->bool{match self{StdinSource::Normal(source)=>source.is_empty(),StdinSource::Interactive(source)=>source.is_empty(),StdinSource::Unknown(source)=>source.is_empty(),}}}pub static STDIN_SOURCE:OnceLock<Mutex<StdinSource<BufReader<Stdin>>>> =OnceLock::new();#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_input{(@from[$source:expr]@rest)=>{};(@from[$source:expr]@rest mut$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[mut]@rest$($rest)*}};(@from[$source:expr]@rest$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[]@rest$($rest)*}};(@from[$source:expr]@mut[$($mut:tt)?]@rest$var:tt:$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[$($mut)*]@var$var@kind[]@rest$($rest)*}};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest with$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[$($mut)*]@var$var@dyn_kind[]@rest$($rest)*}};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[$($kind:tt)*]@rest)=>{let$($mut)*$var=$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[$($kind)*]);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[$($kind:tt)*]@rest,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[$($kind)*]@rest);$crate::__cargo_equip::crates::proconio::input!(@from[$source]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest[$($tt:tt)*]$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[[$($tt)*]]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest($($tt:tt)*)$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[($($tt)*)]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest$ty:ty,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[$ty]@rest,$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest$ty:ty)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[$ty]@rest);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest)=>{let$($mut)*$var=$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@dyn_kind[$($dyn_kind)*]);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@dyn_kind[$($dyn_kind)*]@rest);$crate::__cargo_equip::crates::proconio::input!(@from[$source]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest$dyn_readable:expr)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@dyn_kind[$($dyn_kind)*$dyn_readable]@rest);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest$dyn_readable:expr,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@dyn_kind[$($dyn_kind)*$dyn_readable]@rest,$($rest)*);};(@from$($tt:tt)*)=>{compile_error!(concat!("Reached unreachable statement while parsing macro input.  ","This is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."));};(from$source:expr,$($rest:tt)*)=>{#[allow(unused_variables,unused_mut)]let mut s=$source;$crate::__cargo_equip::crates::proconio::input!{@from[&mut s]@rest$($rest)*}};($($rest:tt)*)=>{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::__acquire_global_stdin_lock();$crate::__cargo_equip::crates::proconio::input!{@from[&mut*locked_stdin]@rest$($rest)*}drop(locked_stdin);};}macro_rules!input{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_input!{$($tt)*})}#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_input_interactive{($($rest:tt)*)=>{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::__acquire_global_stdin_lock();$crate::__cargo_equip::crates::proconio::input!{from&mut*locked_stdin,$($rest)*}drop(locked_stdin);};}macro_rules!input_interactive{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_input_interactive!{$($tt)*})}#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_read_value{(@source[$source:expr]@kind[[$($kind:tt)*]])=>{$crate::__cargo_equip::crates::proconio::read_value!(@array@source[$source]@kind[]@rest$($kind)*)};(@array@source[$source:expr]@kind[$($kind:tt)*]@rest)=>{{let len=<usize as$crate::__cargo_equip::crates::proconio::__Readable>::read($source);$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[[$($kind)*;len]])}};(@array@source[$source:expr]@kind[$($kind:tt)*]@rest;$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@array@source[$source]@kind[$($kind)*]@len[$($rest)*])};(@array@source[$source:expr]@kind[$($kind:tt)*]@rest$tt:tt$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@array@source[$source]@kind[$($kind)*$tt]@rest$($rest)*)};(@array@source[$source:expr]@kind[$($kind:tt)*]@len[$($len:tt)*])=>{{let len=$($len)*;(0..len).map(|_|$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[$($kind)*])).collect::<Vec<_>>()}};(@source[$source:expr]@kind[($($kinds:tt)*)])=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[]@current[]@rest$($kinds)*)};(@tuple@source[$source:expr]@kinds[$([$($kind:tt)*])*]@current[]@rest)=>{($($crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[$($kind)*]),)*)};(@tuple@source[$source:expr]@kinds[$($kinds:tt)*]@current[$($curr:tt)*]@rest)=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[$($kinds)*[$($curr)*]]@current[]@rest)};(@tuple@source[$source:expr]@kinds[$($kinds:tt)*]@current[$($curr:tt)*]@rest,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[$($kinds)*[$($curr)*]]@current[]@rest$($rest)*)};(@tuple@source[$source:expr]@kinds[$($kinds:tt)*]@current[$($curr:tt)*]@rest$tt:tt$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[$($kinds)*]@current[$($curr)*$tt]@rest$($rest)*)};(@source[$source:expr]@kind[$kind:ty])=>{<$kind as$crate::__cargo_equip::crates::proconio::__Readable>::read($source)};(@source[$source:expr]@dyn_kind[$dyn_kind:expr])=>{$crate::__cargo_equip::crates::proconio::source::RuntimeReadable::read($dyn_kind,$source)};(@source[$source:expr]@kind[])=>{compile_error!(concat!("Reached unreachable statement while parsing macro input.  ","This is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."));};(from$source:expr,with$($rest:tt)*)=>{{#[allow(unused_variables,unused_mut)]let mut s=$source;$crate::__cargo_equip::crates::proconio::read_value!(@source[&mut s]@dyn_kind[$($rest)*])}};(from$source:expr,$($rest:tt)*)=>{{#[allow(unused_variables,unused_mut)]let mut s=$source;$crate::__cargo_equip::crates::proconio::read_value!(@source[&mut s]@kind[$($rest)*])}};($($rest:tt)*)=>{{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::STDIN_SOURCE.get_or_init(||{std::sync::Mutex::new($crate::__cargo_equip::crates::proconio::StdinSource::Normal($crate::__cargo_equip::crates::proconio::source::auto::AutoSource::new(std::io::BufReader::new(std::io::stdin())),))}).lock().expect(concat!("failed to lock the stdin; please re-run this program.  ","If this issue repeatedly occur, this is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."));let __res=$crate::__cargo_equip::crates::proconio::read_value!(from&mut*locked_stdin,$($rest)*);drop(locked_stdin);__res}};}macro_rules!read_value{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_read_value!{$($tt)*})}#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_read_value_interactive{($($rest:tt)*)=>{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::acquire_global_stdin_lock();let __res=$crate::__cargo_equip::crates::proconio::read_value!(from&mut*locked_stdin,$($rest)*);drop(locked_stdin);__res};}macro_rules!read_value_interactive{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_read_value_interactive!{$($tt)*})}pub fn __acquire_global_stdin_lock()->MutexGuard<'static,StdinSource<BufReader<Stdin>>>{STDIN_SOURCE.get_or_init(||{Mutex::new(StdinSource::Unknown(LineSource::new(BufReader::new(io::stdin(),))))}).lock().expect(concat!("failed to lock the stdin; please re-run this program.  ","If this issue repeatedly occur, this is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."))}pub fn is_stdin_empty()->bool{use source::Source;let mut lock=__acquire_global_stdin_lock();lock.is_empty()}}
    }

    pub(crate) mod macros {
        pub mod proconio {pub use crate::{__cargo_equip_macro_def_proconio_input as input,__cargo_equip_macro_def_proconio_input_interactive as input_interactive,__cargo_equip_macro_def_proconio_read_value as read_value,__cargo_equip_macro_def_proconio_read_value_interactive as read_value_interactive};}
    }

    pub(crate) mod prelude {pub use crate::__cargo_equip::crates::*;}

    mod preludes {
        pub mod proconio {}
    }
}
