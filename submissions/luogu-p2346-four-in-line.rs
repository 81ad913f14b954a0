//! Luogu P2346 — Four in a Line (四子连棋). <https://www.luogu.com.cn/problem/P2346>

use std::fmt;
use std::io::{self, Read, Write};

const SQUARES: u32 = 16;
const PIECES_PER_COLOUR: u32 = 7;
const LEGAL_BOARDS: usize = 411_840;

const LINES: [u16; 10] = [0x000F, 0x00F0, 0x0F00, 0xF000, 0x1111, 0x2222, 0x4444, 0x8888, 0x8421, 0x1248];

const NEIGHBOURS: [u16; 16] = neighbour_masks();

const fn neighbour_masks() -> [u16; 16] {
	let mut masks = [0u16; 16];
	let mut square = 0;
	while square < 16 {
		let (row, column) = (square / 4, square % 4);
		let mut mask = 0u16;
		if row > 0 {
			mask |= 1 << (square - 4);
		}
		if row < 3 {
			mask |= 1 << (square + 4);
		}
		if column > 0 {
			mask |= 1 << (square - 1);
		}
		if column < 3 {
			mask |= 1 << (square + 1);
		}
		masks[square] = mask;
		square += 1;
	}
	masks
}

const BLACK_PLACEMENTS: usize = 3432;

static LOW_HALF_RANK: [u16; 128] = low_half_ranks();
static HIGH_HALF_RANK: [[u16; 8]; 128] = high_half_ranks();

static BITS_IN_BYTE: [u8; 256] = {
	let mut bits = [0u8; 256];
	let mut byte = 0;
	while byte < 256 {
		bits[byte] = (byte as u8).count_ones() as u8;
		byte += 1;
	}
	bits
};

const BINOMIAL: [[u16; 8]; 14] = binomials();

const fn binomials() -> [[u16; 8]; 14] {
	let mut binomial = [[0u16; 8]; 14];
	let mut n = 0;
	while n < 14 {
		binomial[n][0] = 1;
		let mut k = 1;
		while k < 8 {
			if n > 0 {
				binomial[n][k] = binomial[n - 1][k - 1] + binomial[n - 1][k];
			}
			k += 1;
		}
		n += 1;
	}
	binomial
}

const fn half_rank(half: usize, first_square: usize, ordinals_before: usize) -> u16 {
	let (mut rank, mut ordinal, mut position) = (0u16, ordinals_before, 0);
	while position < 7 {
		if half >> position & 1 == 1 {
			ordinal += 1;
			if ordinal < 8 {
				rank += BINOMIAL[first_square + position][ordinal];
			}
		}
		position += 1;
	}
	rank
}

const fn low_half_ranks() -> [u16; 128] {
	let mut ranks = [0u16; 128];
	let mut half = 0;
	while half < 128 {
		ranks[half] = half_rank(half, 0, 0);
		half += 1;
	}
	ranks
}

const fn high_half_ranks() -> [[u16; 8]; 128] {
	let mut ranks = [[0u16; 8]; 128];
	let mut half = 0;
	while half < 128 {
		let mut ordinals_before = 0;
		while ordinals_before < 8 {
			ranks[half][ordinals_before] = half_rank(half, 7, ordinals_before);
			ordinals_before += 1;
		}
		half += 1;
	}
	ranks
}

static BLACK_SUBSET_BY_RANK: [u16; BLACK_PLACEMENTS] = black_subsets_by_rank();
static EMPTY_PAIR_BY_RANK: [(u8, u8); 120] = empty_pairs_by_rank();

const fn black_subsets_by_rank() -> [u16; BLACK_PLACEMENTS] {
	let mut subsets = [0u16; BLACK_PLACEMENTS];
	let mut subset = 0usize;
	while subset < 1 << 14 {
		if subset.count_ones() == PIECES_PER_COLOUR {
			let low_half = subset & 0x7F;
			let rank = half_rank(low_half, 0, 0) + half_rank(subset >> 7, 7, low_half.count_ones() as usize);
			subsets[rank as usize] = subset as u16;
		}
		subset += 1;
	}
	subsets
}

const fn empty_pairs_by_rank() -> [(u8, u8); 120] {
	let mut pairs = [(0u8, 0u8); 120];
	let mut high = 1;
	while high < 16 {
		let mut low = 0;
		while low < high {
			pairs[high * (high - 1) / 2 + low] = (low as u8, high as u8);
			low += 1;
		}
		high += 1;
	}
	pairs
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Colour {
	Black,
	White,
}

impl Colour {
	const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

	fn opponent(self) -> Colour {
		match self {
			Colour::Black => Colour::White,
			Colour::White => Colour::Black,
		}
	}

	fn index(self) -> usize {
		self as usize
	}
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
	black: u16,
	white: u16,
}

impl Board {
	fn empty(self) -> u16 {
		!(self.black | self.white)
	}

	fn pieces(self, colour: Colour) -> u16 {
		match colour {
			Colour::Black => self.black,
			Colour::White => self.white,
		}
	}

	fn has_line(self) -> bool {
		LINES.iter().any(|&line| self.black & line == line || self.white & line == line)
	}

	fn for_each_move(self, mover: Colour, mut visit: impl FnMut(Board)) {
		let mut empties = self.empty();
		while empties != 0 {
			let target = empties.trailing_zeros();
			empties &= empties - 1;
			let mut sources = NEIGHBOURS[target as usize] & self.pieces(mover);
			while sources != 0 {
				let source = sources.trailing_zeros();
				sources &= sources - 1;
				let slide = (1u16 << source) | (1u16 << target);
				let mut next = self;
				match mover {
					Colour::Black => next.black ^= slide,
					Colour::White => next.white ^= slide,
				}
				visit(next);
			}
		}
	}

	fn rank(self) -> usize {
		let empty = u32::from(self.empty());
		let low = empty.trailing_zeros();
		let high = 31 - empty.leading_zeros();
		let pair_rank = high * (high - 1) / 2 + low;
		let black = u32::from(self.black);
		let without_high = (black & ((1 << high) - 1)) | ((black >> (high + 1)) << high);
		let compact = (without_high & ((1 << low) - 1)) | ((without_high >> (low + 1)) << low);
		let low_half = (compact & 0x7F) as usize;
		let black_rank = LOW_HALF_RANK[low_half] + HIGH_HALF_RANK[(compact >> 7) as usize][usize::from(BITS_IN_BYTE[low_half])];
		pair_rank as usize * BLACK_PLACEMENTS + black_rank as usize
	}
}

const COMPACT_SQUARES: u32 = (1 << 14) - 1;

fn compact_rank(compact: u32) -> u16 {
	let low_half = (compact & 0x7F) as usize;
	LOW_HALF_RANK[low_half] + HIGH_HALF_RANK[(compact >> 7) as usize][usize::from(BITS_IN_BYTE[low_half])]
}

#[derive(Clone, Copy)]
struct PairMove {
	from: u8,
	to: u8,
	new_pair: u8,
}

impl PairMove {
	fn apply(self, pieces: u32) -> u32 {
		let (from, to) = (u32::from(self.from), u32::from(self.to));
		let without = (pieces & ((1 << from) - 1)) | ((pieces >> (from + 1)) << from);
		(without & ((1 << to) - 1)) | ((without >> to) << (to + 1)) | (1 << to)
	}

	fn places(self) -> usize {
		14 * usize::from(self.from) + usize::from(self.to)
	}

	fn earlier_bits(self) -> Vec<u16> {
		let mut earlier_bits = vec![0; 64 * BLOCK_WORDS];
		for (black_rank, &black) in BLACK_SUBSET_BY_RANK.iter().enumerate() {
			let movers = !u32::from(black) & COMPACT_SQUARES;
			if movers >> self.from & 1 == 1 {
				let earlier_rank = usize::from(compact_rank(self.apply(movers)));
				earlier_bits[BLOCK_MARGIN + black_rank] = (BLOCK_MARGIN + earlier_rank) as u16;
			}
		}
		earlier_bits
	}
}

fn pair_moves() -> Vec<Vec<PairMove>> {
	let place = |square: u32, low: u32, high: u32| square - u32::from(square > low) - u32::from(square > high);
	EMPTY_PAIR_BY_RANK
		.iter()
		.map(|&(low, high)| {
			let (low, high) = (u32::from(low), u32::from(high));
			let mut slides = Vec::new();
			for (target, other) in [(low, high), (high, low)] {
				let mut sources = u32::from(NEIGHBOURS[target as usize]) & !(1 << other);
				while sources != 0 {
					let source = sources.trailing_zeros();
					sources &= sources - 1;
					let (new_low, new_high) = (other.min(source), other.max(source));
					slides.push(PairMove {
						from: place(source, low, high) as u8,
						to: place(target, new_low, new_high) as u8,
						new_pair: (new_high * (new_high - 1) / 2 + new_low) as u8,
					});
				}
			}
			slides
		})
		.collect()
}

type Block = [u64; BLOCK_WORDS];
const BLOCK_WORDS: usize = (BLACK_PLACEMENTS + 63) / 64;
const BLOCK_MARGIN: usize = (64 * BLOCK_WORDS - BLACK_PLACEMENTS) / 2;

fn reversed(block: &Block) -> Block {
	std::array::from_fn(|word| block[BLOCK_WORDS - 1 - word].reverse_bits())
}

fn goal_entries() -> Vec<Block> {
	let mut goals = vec![[0u64; BLOCK_WORDS]; EMPTY_PAIR_BY_RANK.len()];
	for (pair, &(low, high)) in EMPTY_PAIR_BY_RANK.iter().enumerate() {
		let empty = (1u16 << low) | (1u16 << high);
		let compact_lines: Vec<u16> = LINES
			.iter()
			.filter(|&&line| line & empty == 0)
			.map(|&line| {
				let (low, high) = (u32::from(low), u32::from(high));
				let line = u32::from(line);
				let without_high = (line & ((1 << high) - 1)) | ((line >> (high + 1)) << high);
				let compact = (without_high & ((1 << low) - 1)) | ((without_high >> (low + 1)) << low);
				compact as u16
			})
			.collect();
		let mut has_line = [false; BLACK_PLACEMENTS];
		for &line in &compact_lines {
			for (has_line, &black) in has_line.iter_mut().zip(&BLACK_SUBSET_BY_RANK) {
				*has_line |= black & line == line || black & line == 0;
			}
		}
		for (black_rank, &has_line) in has_line.iter().enumerate() {
			let bit = BLOCK_MARGIN + black_rank;
			goals[pair][bit / 64] |= u64::from(has_line) << (bit % 64);
		}
	}
	goals
}

const STATES: usize = 2 * LEGAL_BOARDS;

fn state_index(board: Board, mover: Colour) -> usize {
	2 * board.rank() + mover.index()
}

fn shortest_distance_by_search(start: Board) -> Option<u8> {
	if start.has_line() {
		return Some(0);
	}
	let mut seen = vec![0u64; STATES / 64];
	let mut first_visit = |board: Board, mover: Colour| {
		let state = state_index(board, mover);
		let (word, bit) = (&mut seen[state / 64], 1u64 << (state % 64));
		let is_new = *word & bit == 0;
		*word |= bit;
		is_new
	};
	let mut frontier = Vec::new();
	for mover in Colour::BOTH {
		first_visit(start, mover);
		frontier.push((start, mover));
	}
	let mut next_frontier = Vec::new();
	let mut distance = 0u8;
	while !frontier.is_empty() {
		distance += 1;
		let mut reached_line = false;
		for &(board, mover) in &frontier {
			let next_mover = mover.opponent();
			board.for_each_move(mover, |next| {
				if next.has_line() {
					reached_line = true;
				} else if first_visit(next, next_mover) {
					next_frontier.push((next, next_mover));
				}
			});
			if reached_line {
				return Some(distance);
			}
		}
		std::mem::swap(&mut frontier, &mut next_frontier);
		next_frontier.clear();
	}
	None
}

struct DistanceTable {
	best_by_board: Vec<u8>,
}

impl DistanceTable {
	const UNREACHED: u8 = u8::MAX;

	fn build() -> DistanceTable {
		let pairs = EMPTY_PAIR_BY_RANK.len();
		let (mut sideways_by_pair, mut vertical_by_pair) = (Vec::new(), Vec::new());
		for moves in pair_moves() {
			let (sideways, vertical): (Vec<PairMove>, Vec<PairMove>) = moves.into_iter().partition(|slide| slide.from == slide.to);
			sideways_by_pair.push(sideways);
			vertical_by_pair.push(vertical);
		}
		let mut black_at_place = [[0u64; BLOCK_WORDS]; 14];
		for (black_rank, &subset) in BLACK_SUBSET_BY_RANK.iter().enumerate() {
			let bit = BLOCK_MARGIN + black_rank;
			for (place, placements) in black_at_place.iter_mut().enumerate() {
				placements[bit / 64] |= u64::from(subset >> place & 1) << (bit % 64);
			}
		}
		let white_at_place = black_at_place.map(|placements| reversed(&placements));
		let mut earlier_bits_by_places = vec![Vec::new(); 14 * 14];
		for &slide in vertical_by_pair.iter().flatten() {
			let earlier_bits = &mut earlier_bits_by_places[slide.places()];
			if earlier_bits.is_empty() {
				*earlier_bits = slide.earlier_bits();
			}
		}
		let mut layer = goal_entries();
		let mut seen = layer.clone();
		let mut next_layer = vec![[0u64; BLOCK_WORDS]; pairs];
		let mut answered = vec![[0u64; BLOCK_WORDS]; pairs];
		let mut best_by_board = vec![Self::UNREACHED; LEGAL_BOARDS];
		let mut distance = 0u8;
		loop {
			for (pair, block) in layer.iter().enumerate() {
				let swapped = reversed(block);
				for slide in &sideways_by_pair[pair] {
					let movers_there = &black_at_place[usize::from(slide.from)];
					let next = &mut next_layer[usize::from(slide.new_pair)];
					for ((next, &swapped), &movers_there) in next.iter_mut().zip(&swapped).zip(movers_there) {
						*next |= swapped & movers_there;
					}
				}
				let newly_answered = answered[pair].iter_mut().zip(block).zip(&swapped);
				for (word_index, ((answered, &word), &swapped_word)) in newly_answered.enumerate() {
					let mut boards = (word | swapped_word) & !*answered;
					*answered |= boards;
					while boards != 0 {
						let black_rank = 64 * word_index + boards.trailing_zeros() as usize - BLOCK_MARGIN;
						boards &= boards - 1;
						best_by_board[pair * BLACK_PLACEMENTS + black_rank] = distance;
					}
				}
				for slide in &vertical_by_pair[pair] {
					let movers_there = &white_at_place[usize::from(slide.from)];
					let earlier_bits = &earlier_bits_by_places[slide.places()];
					let next = &mut next_layer[usize::from(slide.new_pair)];
					for (word_index, (&word, &movers_there)) in block.iter().zip(movers_there).enumerate() {
						let mut entries = word & movers_there;
						while entries != 0 {
							let bit = 64 * word_index + entries.trailing_zeros() as usize;
							entries &= entries - 1;
							let earlier_bit = usize::from(earlier_bits[bit]);
							next[earlier_bit / 64] |= 1 << (earlier_bit % 64);
						}
					}
				}
			}
			let mut any_new = false;
			for (next, seen) in next_layer.iter_mut().zip(&mut seen) {
				for (next, seen) in next.iter_mut().zip(seen.iter_mut()) {
					*next &= !*seen;
					*seen |= *next;
					any_new |= *next != 0;
				}
			}
			if !any_new {
				break;
			}
			std::mem::swap(&mut layer, &mut next_layer);
			next_layer.fill([0; BLOCK_WORDS]);
			distance += 1;
		}
		DistanceTable { best_by_board }
	}

	fn shortest_distance(&self, board: Board) -> Option<u8> {
		let best = self.best_by_board[board.rank()];
		(best != Self::UNREACHED).then_some(best)
	}
}

const TABLE_THRESHOLD: usize = 260;

fn answer(shortest_distance: u8) -> u8 {
	shortest_distance.max(1)
}

#[derive(Debug, PartialEq, Eq)]
struct InputError {
	board: usize,
	fault: String,
}

impl fmt::Display for InputError {
	fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
		write!(f, "board {}: {}", self.board, self.fault)
	}
}

const CHUNK: usize = 1 << 16;

struct Input<R> {
	reader: R,
	chunk: usize,
	buffer: Vec<u8>,
	position: usize,
	finished: bool,
	read_error: Option<io::Error>,
}

impl<R: Read> Input<R> {
	fn with_chunk(reader: R, chunk: usize) -> Self {
		Input { reader, chunk, buffer: Vec::new(), position: 0, finished: false, read_error: None }
	}

	fn unread(&self) -> &[u8] {
		&self.buffer[self.position..]
	}

	fn refill(&mut self) -> bool {
		if self.finished {
			return false;
		}
		self.buffer.drain(..self.position);
		self.position = 0;
		let kept = self.buffer.len();
		let wanted = self.chunk.max(kept);
		self.buffer.reserve(wanted);
		let limit = wanted as u64;
		if let Err(error) = (&mut self.reader).take(limit).read_to_end(&mut self.buffer) {
			self.read_error = Some(error);
			self.finished = true;
		}
		self.finished |= self.buffer.len() < kept + wanted;
		self.buffer.len() > kept
	}

	fn char_at_position(&mut self) -> Option<(char, usize)> {
		while self.unread().len() < 4 && self.refill() {}
		let bytes = self.unread();
		let width = match *bytes.first()? {
			0xC2..=0xDF => 2,
			0xE0..=0xEF => 3,
			0xF0..=0xF4 => 4,
			_ => 1,
		};
		let width = bytes.len().min(width);
		Some(match std::str::from_utf8(&bytes[..width]) {
			Ok(text) => (text.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER), width),
			Err(error) => (char::REPLACEMENT_CHARACTER, error.error_len().unwrap_or(width)),
		})
	}
}

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const SPACE: u8 = 4;
const OTHER: u8 = 8;

const CELL: [u8; 256] = {
	let mut cells = [OTHER; 256];
	cells[b'O' as usize] = EMPTY;
	cells[b'B' as usize] = BLACK;
	cells[b'W' as usize] = WHITE;
	let spaces = [b'\t', b'\n', 0x0B, 0x0C, b'\r', b' '];
	let mut index = 0;
	while index < spaces.len() {
		cells[spaces[index] as usize] = SPACE;
		index += 1;
	}
	cells
};

fn eight_squares(bytes: u64) -> Option<(u8, u8)> {
	const ONES: u64 = u64::MAX / 255;
	let not_black = bytes & ONES;
	let white = bytes >> 4 & ONES;
	let valid = bytes == ONES * 0x42 + not_black * 0x0D + white * 0x08;
	let gather = |bits: u64| (bits.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
	valid.then(|| (gather(not_black ^ ONES), gather(white)))
}

fn four_squares(bytes: u32) -> Option<(u16, u16)> {
	let padded = u64::from(bytes) | u64::from(u32::from_le_bytes([b'B'; 4])) << 32;
	let (black, white) = eight_squares(padded)?;
	Some((u16::from(black & 0x0F), u16::from(white)))
}

fn judge_layout_board(twenty: &[u8]) -> Option<(u16, u16)> {
	let twenty: &[u8; 20] = twenty.try_into().ok()?;
	let row = |row: usize| {
		let at = 5 * row;
		u64::from(u32::from_le_bytes([twenty[at], twenty[at + 1], twenty[at + 2], twenty[at + 3]]))
	};
	let line_ends = [twenty[4], twenty[9], twenty[14], twenty[19]] == [b'\n'; 4];
	let (top_black, top_white) = eight_squares(row(0) | row(1) << 32)?;
	let (bottom_black, bottom_white) = eight_squares(row(2) | row(3) << 32)?;
	line_ends.then(|| (u16::from_le_bytes([top_black, bottom_black]), u16::from_le_bytes([top_white, bottom_white])))
}

fn check_counts(black: u16, white: u16) -> Result<(), String> {
	let bits = |mask: u16| {
		let [low, high] = mask.to_le_bytes();
		u32::from(BITS_IN_BYTE[usize::from(low)]) + u32::from(BITS_IN_BYTE[usize::from(high)])
	};
	if bits(black) == PIECES_PER_COLOUR && bits(white) == PIECES_PER_COLOUR {
		return Ok(());
	}
	Err(format!(
		"has {} B, {} W and {} O (expected 7 B, 7 W and 2 O)",
		black.count_ones(),
		white.count_ones(),
		SQUARES - black.count_ones() - white.count_ones()
	))
}

fn read_boards(input: &mut Input<impl Read>, boards: &mut Vec<Board>, limit: usize, boards_before: usize) -> Option<InputError> {
	let (mut black, mut white, mut squares_read) = (0u16, 0u16, 0u32);
	let fault = |boards: &Vec<Board>, fault: String| {
		let board = boards_before + boards.len() + 1;
		Some(InputError { board, fault })
	};
	loop {
		let unread = input.unread();
		let mut consumed = 0;
		while boards.len() < limit {
			let Some(&byte) = unread.get(consumed) else {
				break;
			};
			if squares_read == 0 {
				if let Some((board_black, board_white)) = unread.get(consumed..consumed + 20).and_then(judge_layout_board) {
					if let Err(message) = check_counts(board_black, board_white) {
						return fault(boards, message);
					}
					boards.push(Board { black: board_black, white: board_white });
					consumed += 20;
					continue;
				}
			}
			let cell = CELL[usize::from(byte)];
			if cell == SPACE {
				consumed += 1;
				continue;
			}
			if squares_read <= SQUARES - 4 {
				if let Some(four) = unread.get(consumed..consumed + 4) {
					let four = u32::from_le_bytes([four[0], four[1], four[2], four[3]]);
					if let Some((four_black, four_white)) = four_squares(four) {
						black |= four_black << squares_read;
						white |= four_white << squares_read;
						squares_read += 4;
						consumed += 4;
						if squares_read == SQUARES {
							if let Err(message) = check_counts(black, white) {
								return fault(boards, message);
							}
							boards.push(Board { black, white });
							(black, white, squares_read) = (0, 0, 0);
						}
						continue;
					}
				}
			}
			if cell == OTHER {
				break;
			}
			consumed += 1;
			black |= u16::from(cell & BLACK) << squares_read;
			white |= u16::from(cell >> 1) << squares_read;
			squares_read += 1;
			if squares_read == SQUARES {
				if let Err(message) = check_counts(black, white) {
					return fault(boards, message);
				}
				boards.push(Board { black, white });
				(black, white, squares_read) = (0, 0, 0);
			}
		}
		let stopped_early = consumed < unread.len();
		input.position += consumed;
		if boards.len() == limit {
			return None;
		}
		if stopped_early {
			if let Some((character, width)) = input.char_at_position() {
				if !character.is_whitespace() {
					let message = format!("unexpected character {character:?} (expected B, W or O)");
					return fault(boards, message);
				}
				input.position += width;
			}
		} else if !input.refill() {
			break;
		}
	}
	if squares_read != 0 {
		return fault(boards, format!("input ends after {squares_read} of 16 squares"));
	}
	None
}

#[derive(Debug)]
enum RunError {
	Input(InputError),
	Read(io::Error),
	Output(io::Error),
}

impl fmt::Display for RunError {
	fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
		match self {
			RunError::Input(error) => error.fmt(f),
			RunError::Read(error) => write!(f, "cannot read the input: {error}"),
			RunError::Output(error) => write!(f, "cannot write the answers: {error}"),
		}
	}
}

fn run(reader: impl Read, out: &mut impl Write) -> Result<(), RunError> {
	run_in_chunks(reader, CHUNK, out)
}

fn run_in_chunks(reader: impl Read, chunk: usize, out: &mut impl Write) -> Result<(), RunError> {
	let mut input = Input::with_chunk(reader, chunk);
	let outcome = answer_boards(&mut input, out);
	out.flush().map_err(RunError::Output)?;
	match (outcome, input.read_error) {
		(Err(RunError::Input(_)) | Ok(()), Some(error)) => Err(RunError::Read(error)),
		(outcome, _) => outcome,
	}
}

fn answer_boards(input: &mut Input<impl Read>, out: &mut impl Write) -> Result<(), RunError> {
	let mut boards = Vec::with_capacity(TABLE_THRESHOLD);
	let mut fault = read_boards(input, &mut boards, TABLE_THRESHOLD, 0);
	let table = (boards.len() == TABLE_THRESHOLD).then(DistanceTable::build);
	let mut boards_before = 0;
	let mut answers = Vec::with_capacity(2 * TABLE_THRESHOLD);
	loop {
		answers.clear();
		let mut unreachable_board = None;
		for (index, &board) in boards.iter().enumerate() {
			let distance = match &table {
				Some(table) => table.shortest_distance(board),
				None => shortest_distance_by_search(board),
			};
			let Some(distance) = distance else {
				unreachable_board = Some(boards_before + index + 1);
				break;
			};
			answers.push(b'0' + answer(distance));
			answers.push(b'\n');
		}
		out.write_all(&answers).map_err(RunError::Output)?;
		if let Some(board) = unreachable_board {
			let fault = "no line of four can be reached".to_string();
			return Err(RunError::Input(InputError { board, fault }));
		}
		if let Some(fault) = fault {
			return Err(RunError::Input(fault));
		}
		if boards.len() < TABLE_THRESHOLD {
			return Ok(());
		}
		boards_before += boards.len();
		boards.clear();
		fault = read_boards(input, &mut boards, TABLE_THRESHOLD, boards_before);
	}
}

fn fail(message: fmt::Arguments) -> ! {
	let _ = writeln!(io::stderr(), "{message}");
	std::process::exit(1);
}

fn main() {
	let mut out = io::BufWriter::with_capacity(CHUNK, io::stdout().lock());
	if let Err(error) = run(io::stdin().lock(), &mut out) {
		fail(format_args!("{error}"));
	}
}
