//! POJ 1753 — Flip Game. <http://poj.org/problem?id=1753>

use std::fmt;
use std::io::{self, Read, Write};

const SIDE: u32 = 4;
const ROW_MASK: u16 = (1 << SIDE) - 1;
const ALL_PIECES: u16 = u16::MAX;

type Board = u16;

const fn row_press_effect(presses: u16, row: u32) -> Board {
	let within_row = (presses ^ (presses << 1) ^ (presses >> 1)) & ROW_MASK;
	let mut flipped = within_row << (SIDE * row);
	if row > 0 {
		flipped ^= presses << (SIDE * (row - 1));
	}
	if row + 1 < SIDE {
		flipped ^= presses << (SIDE * (row + 1));
	}
	flipped
}

#[derive(Clone, Copy)]
struct Chase {
	presses: Board,
	left_to_flip: Board,
}

const fn chase(to_flip: Board, top_row: u16) -> Chase {
	let mut left_to_flip = to_flip ^ row_press_effect(top_row, 0);
	let mut presses = top_row;
	let mut row = 1;
	while row < SIDE {
		let forced = (left_to_flip >> (SIDE * (row - 1))) & ROW_MASK;
		left_to_flip ^= row_press_effect(forced, row);
		presses |= forced << (SIDE * row);
		row += 1;
	}
	Chase { presses, left_to_flip }
}

const TOP_ROW_CHASES: [Chase; 1 << SIDE] = {
	let mut chases = [Chase { presses: 0, left_to_flip: 0 }; 1 << SIDE];
	let mut top_row = 0;
	while top_row <= ROW_MASK {
		chases[top_row as usize] = chase(0, top_row);
		top_row += 1;
	}
	chases
};

const BYTE_CHASES: [[Chase; 256]; 2] = {
	let mut chases = [[Chase { presses: 0, left_to_flip: 0 }; 256]; 2];
	let mut byte = 0;
	while byte < 256 {
		chases[0][byte] = chase(byte as Board, 0);
		chases[1][byte] = chase((byte as Board) << 8, 0);
		byte += 1;
	}
	chases
};

fn chase_from_empty_top_row(to_flip: Board) -> Chase {
	let low = BYTE_CHASES[0][usize::from(to_flip & 0xFF)];
	let high = BYTE_CHASES[1][usize::from(to_flip >> 8)];
	Chase { presses: low.presses ^ high.presses, left_to_flip: low.left_to_flip ^ high.left_to_flip }
}

const _: () = {
	let mut top_row = 0;
	while top_row < TOP_ROW_CHASES.len() {
		assert!(TOP_ROW_CHASES[top_row].left_to_flip == 0);
		top_row += 1;
	}
};

const FEWEST_PRESSES: [u8; 1 << (SIDE * (SIDE - 1))] = {
	let mut fewest = [0u8; 1 << (SIDE * (SIDE - 1))];
	let mut lower_rows = 0;
	while lower_rows < fewest.len() {
		let mut least = u32::MAX;
		let mut top_row = 0;
		while top_row < TOP_ROW_CHASES.len() {
			let presses = ((lower_rows as Board) << SIDE) ^ TOP_ROW_CHASES[top_row].presses;
			if presses.count_ones() < least {
				least = presses.count_ones();
			}
			top_row += 1;
		}
		fewest[lower_rows] = least as u8;
		lower_rows += 1;
	}
	fewest
};

fn presses_to_reach(board: Board, goal: Board) -> Option<u32> {
	let base = chase_from_empty_top_row(board ^ goal);
	if base.left_to_flip != 0 {
		return None;
	}
	Some(u32::from(FEWEST_PRESSES[usize::from(base.presses >> SIDE)]))
}

pub fn fewest_rounds(board: Board) -> Option<u32> {
	match (presses_to_reach(board, 0), presses_to_reach(board, ALL_PIECES)) {
		(Some(to_white), Some(to_black)) => Some(to_white.min(to_black)),
		(one, other) => one.or(other),
	}
}

#[derive(Debug, PartialEq, Eq)]
pub enum InputError {
	BadPiece { board: usize, piece: char },
	Truncated { board: usize, pieces: u32 },
}

impl fmt::Display for InputError {
	fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
		match self {
			InputError::BadPiece { board, piece } => {
				write!(f, "board {board}: unexpected character {piece:?}, expected 'b' or 'w'")
			}
			InputError::Truncated { board, pieces } => write!(f, "board {board}: input ends after {pieces} of {} pieces", SIDE * SIDE),
		}
	}
}

#[derive(Debug)]
pub enum Failure {
	Input(InputError),
	Read(io::Error),
	Output(io::Error),
}

impl From<io::Error> for Failure {
	fn from(error: io::Error) -> Self {
		Failure::Output(error)
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

const WHITE: u8 = 0;
const BLACK: u8 = 1;
const SPACE: u8 = 2;
const OTHER: u8 = 3;

const CELL: [u8; 256] = {
	let mut cells = [OTHER; 256];
	cells[b'w' as usize] = WHITE;
	cells[b'b' as usize] = BLACK;
	let spaces = [b'\t', b'\n', 0x0B, 0x0C, b'\r', b' '];
	let mut index = 0;
	while index < spaces.len() {
		cells[spaces[index] as usize] = SPACE;
		index += 1;
	}
	cells
};

const fn eight_pieces(bytes: u64) -> (u8, bool) {
	const ONES: u64 = u64::MAX / 255;
	let agree = bytes & (ONES * 0xEA) == ONES * 0x62;
	let same = (bytes ^ (bytes >> 2)) & (ONES * 0x05) == 0;
	let black = ((!bytes >> 4) & ONES).wrapping_mul(0x0102_0408_1020_4080) >> 56;
	(black as u8, agree && same)
}

const fn four_pieces(bytes: u32) -> (Board, bool) {
	const FOUR_WHITE: u64 = 0x7777_7777 << 32;
	let (black, valid) = eight_pieces(bytes as u64 | FOUR_WHITE);
	(black as Board, valid)
}

const BOARD_TEXT: usize = 20;

fn board_as_written(text: &[u8; BOARD_TEXT]) -> Option<Board> {
	let line = |row: usize| {
		let start = 5 * row;
		u64::from(u32::from_le_bytes([text[start], text[start + 1], text[start + 2], text[start + 3]]))
	};
	let (upper_black, upper_valid) = eight_pieces(line(0) | line(1) << 32);
	let (lower_black, lower_valid) = eight_pieces(line(2) | line(3) << 32);
	let line_ends = [text[4], text[9], text[14], text[19]];
	let written = upper_valid & lower_valid & (u32::from_le_bytes(line_ends) == 0x0A0A_0A0A);
	written.then_some(Board::from(upper_black) | Board::from(lower_black) << 8)
}

struct Output<W: Write> {
	writer: W,
	buffer: Vec<u8>,
	length: usize,
}

impl<W: Write> Output<W> {
	fn new(writer: W) -> Self {
		Output { writer, buffer: vec![0; CHUNK], length: 0 }
	}

	fn write_block<const N: usize>(&mut self, block: &[u8; N]) -> io::Result<()> {
		if self.length + N > self.buffer.len() {
			self.write_buffer()?;
		}
		self.buffer[self.length..self.length + N].copy_from_slice(block);
		self.length += N;
		Ok(())
	}

	fn write_buffer(&mut self) -> io::Result<()> {
		self.writer.write_all(&self.buffer[..self.length])?;
		self.length = 0;
		Ok(())
	}

	fn flush(&mut self) -> io::Result<()> {
		self.write_buffer()?;
		self.writer.flush()
	}
}

fn write_answer(out: &mut Output<impl Write>, board: Board) -> io::Result<()> {
	match fewest_rounds(board) {
		Some(rounds) => out.write_block(&[b'0' + rounds as u8, b'\n']),
		None => out.write_block(b"Impossible\n"),
	}
}

fn answer_boards<R: Read>(input: &mut Input<R>, out: &mut Output<impl Write>) -> Result<(), Failure> {
	let mut board: Board = 0;
	let mut pieces = 0;
	let mut boards_done = 0;
	loop {
		let unread = input.unread();
		let mut consumed = 0;
		loop {
			if pieces == 0 {
				let text = unread.get(consumed..consumed + BOARD_TEXT);
				if let Some(whole) = text.and_then(|text| board_as_written(text.try_into().ok()?)) {
					write_answer(out, whole)?;
					boards_done += 1;
					consumed += BOARD_TEXT;
					continue;
				}
			}
			let Some(&byte) = unread.get(consumed) else {
				break;
			};
			let cell = CELL[usize::from(byte)];
			if cell == SPACE {
				consumed += 1;
				continue;
			}
			if pieces <= SIDE * SIDE - 4 {
				if let Some(four) = unread.get(consumed..consumed + 4) {
					let (black, valid) = four_pieces(u32::from_le_bytes([four[0], four[1], four[2], four[3]]));
					if valid {
						board |= black << pieces;
						pieces += 4;
						consumed += 4;
						if pieces == SIDE * SIDE {
							write_answer(out, board)?;
							boards_done += 1;
							board = 0;
							pieces = 0;
						}
						continue;
					}
				}
			}
			if cell == OTHER {
				break;
			}
			consumed += 1;
			board |= Board::from(cell) << pieces;
			pieces += 1;
			if pieces == SIDE * SIDE {
				write_answer(out, board)?;
				boards_done += 1;
				board = 0;
				pieces = 0;
			}
		}
		let stopped_early = consumed < unread.len();
		input.position += consumed;
		if stopped_early {
			if let Some((character, width)) = input.char_at_position() {
				if !character.is_whitespace() {
					let board = boards_done + 1;
					let piece = character;
					return Err(Failure::Input(InputError::BadPiece { board, piece }));
				}
				input.position += width;
			}
		} else if !input.refill() {
			break;
		}
	}
	if pieces > 0 {
		let board = boards_done + 1;
		return Err(Failure::Input(InputError::Truncated { board, pieces }));
	}
	Ok(())
}

pub fn run(reader: impl Read, out: &mut impl Write) -> Result<(), Failure> {
	run_in_chunks(reader, CHUNK, out)
}

fn run_in_chunks(reader: impl Read, chunk: usize, out: &mut impl Write) -> Result<(), Failure> {
	let mut input = Input::with_chunk(reader, chunk);
	let mut output = Output::new(out);
	let outcome = answer_boards(&mut input, &mut output);
	let flushed = output.flush();
	match (outcome, input.read_error, flushed) {
		(Err(Failure::Input(_)) | Ok(()), Some(error), _) => Err(Failure::Read(error)),
		(Ok(()), None, Err(error)) => Err(Failure::Output(error)),
		(outcome, _, _) => outcome,
	}
}

fn fail(message: fmt::Arguments) -> ! {
	let _ = writeln!(io::stderr(), "{message}");
	std::process::exit(1);
}

fn main() {
	match run(io::stdin().lock(), &mut io::stdout().lock()) {
		Ok(()) => {}
		Err(Failure::Input(error)) => fail(format_args!("{error}")),
		Err(Failure::Read(error)) => fail(format_args!("cannot read the input: {error}")),
		Err(Failure::Output(error)) => fail(format_args!("cannot write the output: {error}")),
	}
}
