//! POJ 1222 — Extended Lights Out. <http://poj.org/problem?id=1222>

use std::fmt;
use std::io::{self, Read, Write};

const ROWS: usize = 5;
const COLUMNS: usize = 6;
const CELLS: usize = ROWS * COLUMNS;

type BoardMask = u32;

const fn press_effect(cell: usize) -> BoardMask {
	let row = cell / COLUMNS;
	let column = cell % COLUMNS;
	let mut effect = 1 << cell;
	if row > 0 {
		effect |= 1 << (cell - COLUMNS);
	}
	if row + 1 < ROWS {
		effect |= 1 << (cell + COLUMNS);
	}
	if column > 0 {
		effect |= 1 << (cell - 1);
	}
	if column + 1 < COLUMNS {
		effect |= 1 << (cell + 1);
	}
	effect
}

const fn invert_press_matrix() -> [BoardMask; CELLS] {
	let mut buttons_of_equation = [0 as BoardMask; CELLS];
	let mut lights_of_equation = [0 as BoardMask; CELLS];
	let mut light = 0;
	while light < CELLS {
		let mut button = 0;
		while button < CELLS {
			if press_effect(button) >> light & 1 == 1 {
				buttons_of_equation[light] |= 1 << button;
			}
			button += 1;
		}
		lights_of_equation[light] = 1 << light;
		light += 1;
	}

	let mut pivot = 0;
	while pivot < CELLS {
		let mut found = pivot;
		while found < CELLS && buttons_of_equation[found] >> pivot & 1 == 0 {
			found += 1;
		}
		assert!(found < CELLS, "the 5x6 press matrix must be invertible");
		let buttons = buttons_of_equation[found];
		buttons_of_equation[found] = buttons_of_equation[pivot];
		buttons_of_equation[pivot] = buttons;
		let lights = lights_of_equation[found];
		lights_of_equation[found] = lights_of_equation[pivot];
		lights_of_equation[pivot] = lights;

		let mut other = 0;
		while other < CELLS {
			if other != pivot && buttons_of_equation[other] >> pivot & 1 == 1 {
				buttons_of_equation[other] ^= buttons_of_equation[pivot];
				lights_of_equation[other] ^= lights_of_equation[pivot];
			}
			other += 1;
		}
		pivot += 1;
	}

	let mut presses_for_light = [0 as BoardMask; CELLS];
	let mut button = 0;
	while button < CELLS {
		let mut light = 0;
		while light < CELLS {
			if lights_of_equation[button] >> light & 1 == 1 {
				presses_for_light[light] |= 1 << button;
			}
			light += 1;
		}
		button += 1;
	}
	presses_for_light
}

const PRESSES_FOR_SINGLE_LIGHT: [BoardMask; CELLS] = invert_press_matrix();

const LIGHT_BYTES: usize = (CELLS + 7) / 8;

const PRESSES_FOR_LIGHT_BYTE: [[BoardMask; 256]; LIGHT_BYTES] = {
	let mut table = [[0 as BoardMask; 256]; LIGHT_BYTES];
	let mut byte_index = 0;
	while byte_index < LIGHT_BYTES {
		let mut byte = 1;
		while byte < 256 {
			let lowest = (byte as u32).trailing_zeros() as usize;
			let light = 8 * byte_index + lowest;
			let column = if light < CELLS { PRESSES_FOR_SINGLE_LIGHT[light] } else { 0 };
			table[byte_index][byte] = table[byte_index][byte & (byte - 1)] ^ column;
			byte += 1;
		}
		byte_index += 1;
	}
	table
};

fn presses_to_clear(lights: BoardMask) -> BoardMask {
	let mut presses = 0;
	for (byte_index, table) in PRESSES_FOR_LIGHT_BYTE.iter().enumerate() {
		presses ^= table[(lights >> (8 * byte_index)) as usize & 0xff];
	}
	presses
}

const ROW_TEXT: [[u8; 2 * COLUMNS]; 1 << COLUMNS] = {
	let mut text = [[0u8; 2 * COLUMNS]; 1 << COLUMNS];
	let mut row_bits = 0;
	while row_bits < 1 << COLUMNS {
		let mut column = 0;
		while column < COLUMNS {
			text[row_bits][2 * column] = b'0' + (row_bits >> column & 1) as u8;
			text[row_bits][2 * column + 1] = if column + 1 == COLUMNS { b'\n' } else { b' ' };
			column += 1;
		}
		row_bits += 1;
	}
	text
};

#[derive(Debug, PartialEq, Eq)]
struct PuzzleLine {
	text: [u8; PuzzleLine::CAPACITY],
	length: usize,
}

impl PuzzleLine {
	const PREFIX: &'static [u8] = b"PUZZLE #";
	const CAPACITY: usize = 32;

	fn of(puzzle: u64) -> Self {
		let mut text = [0u8; Self::CAPACITY];
		let number = puzzle.to_string();
		let line = [Self::PREFIX, number.as_bytes(), b"\n"].concat();
		text[..line.len()].copy_from_slice(&line);
		PuzzleLine { text, length: line.len() }
	}

	fn count_up(&mut self) {
		let mut digit = self.length - 2;
		while self.text[digit] == b'9' {
			self.text[digit] = b'0';
			if digit == Self::PREFIX.len() {
				self.text[digit] = b'1';
				self.text[self.length - 1] = b'0';
				self.text[self.length] = b'\n';
				self.length += 1;
				return;
			}
			digit -= 1;
		}
		self.text[digit] += 1;
	}
}

const ANSWER_CAPACITY: usize = PuzzleLine::CAPACITY + ROWS * 2 * COLUMNS;

fn write_answer(out: &mut Output<impl Write>, line: &PuzzleLine, presses: BoardMask) -> io::Result<()> {
	let mut answer = [0u8; ANSWER_CAPACITY];
	answer[..PuzzleLine::CAPACITY].copy_from_slice(&line.text);
	let mut length = line.length;
	for row in 0..ROWS {
		let row_bits = (presses >> (COLUMNS * row)) as usize & ((1 << COLUMNS) - 1);
		answer[length..length + 2 * COLUMNS].copy_from_slice(&ROW_TEXT[row_bits]);
		length += 2 * COLUMNS;
	}
	out.write_block(&answer, length)
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

	fn write_block<const N: usize>(&mut self, block: &[u8; N], length: usize) -> io::Result<()> {
		if self.length + N > self.buffer.len() {
			self.write_buffer()?;
		}
		self.buffer[self.length..self.length + N].copy_from_slice(block);
		self.length += length.min(N);
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

#[derive(Debug, PartialEq, Eq)]
enum InputError {
	MissingCount,
	NegativeCount { shown_token: String },
	NonNumericCount { shown_token: String },
	CountTooLarge { shown_token: String },
	BadLight { puzzle: u64, row: usize, column: usize, shown_token: String },
	PuzzleMissing { puzzle: u64, count: u64 },
	PuzzleCutShort { puzzle: u64, values_read: usize },
	ExtraData { puzzle: u64, count: u64, shown_token: String },
}

const SHOWN_CHARS: usize = 24;

fn shown(token: &str) -> String {
	match token.char_indices().nth(SHOWN_CHARS) {
		Some((cut, _)) => format!("{:?}...", &token[..cut]),
		None => format!("{token:?}"),
	}
}

impl fmt::Display for InputError {
	fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
		match self {
			InputError::MissingCount => {
				write!(formatter, "count: the input is empty, expected the number of puzzles")
			}
			InputError::NegativeCount { shown_token } => {
				write!(formatter, "count: {shown_token} is negative")
			}
			InputError::NonNumericCount { shown_token } => {
				write!(formatter, "count: {shown_token} is not a number of puzzles")
			}
			InputError::CountTooLarge { shown_token } => {
				write!(formatter, "count: {shown_token} is too large")
			}
			InputError::BadLight { puzzle, row, column, shown_token } => {
				write!(formatter, "puzzle #{puzzle}: row {row}, column {column} is {shown_token}, expected 0 or 1")
			}
			InputError::PuzzleMissing { puzzle, count } => write!(formatter, "puzzle #{puzzle}: the input ends before it, but the count is {count}"),
			InputError::PuzzleCutShort { puzzle, values_read } => {
				write!(formatter, "puzzle #{puzzle}: the input ends after {values_read} of its {CELLS} values")
			}
			InputError::ExtraData { puzzle, count, shown_token } => {
				write!(formatter, "puzzle #{puzzle}: the count is {count}, but more data follows: {shown_token}")
			}
		}
	}
}

#[derive(Debug)]
enum Failure {
	Input(InputError),
	Read(io::Error),
	Output(io::Error),
}

impl From<InputError> for Failure {
	fn from(error: InputError) -> Self {
		Failure::Input(error)
	}
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

impl<R: Read> Input<R> {
	fn next_token(&mut self, limit: usize) -> Option<String> {
		loop {
			let (character, width) = self.char_at_position()?;
			if !character.is_whitespace() {
				break;
			}
			self.position += width;
		}
		let mut token = String::new();
		let mut characters = 0;
		while let Some((character, width)) = self.char_at_position() {
			if character.is_whitespace() {
				break;
			}
			if characters < limit {
				token.push(character);
				characters += 1;
			}
			self.position += width;
		}
		Some(token)
	}
}

const OFF: u8 = 0;
const LIT: u8 = 1;
const SPACE: u8 = 2;
const OTHER: u8 = 3;

const CELL: [u8; 256] = {
	let mut cells = [OTHER; 256];
	cells[b'0' as usize] = OFF;
	cells[b'1' as usize] = LIT;
	let spaces = [b'\t', b'\n', 0x0B, 0x0C, b'\r', b' '];
	let mut index = 0;
	while index < spaces.len() {
		cells[spaces[index] as usize] = SPACE;
		index += 1;
	}
	cells
};

const KEPT_CHARS: usize = SHOWN_CHARS + 1;

fn read_count(input: &mut Input<impl Read>) -> Result<u64, InputError> {
	let token = input.next_token(usize::MAX).ok_or(InputError::MissingCount)?;
	let is_digits = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
	if is_digits(&token) {
		token.parse().map_err(|_| InputError::CountTooLarge { shown_token: shown(&token) })
	} else if token.strip_prefix('-').is_some_and(is_digits) {
		Err(InputError::NegativeCount { shown_token: shown(&token) })
	} else {
		Err(InputError::NonNumericCount { shown_token: shown(&token) })
	}
}

const ROW_TEXT_LENGTH: usize = 2 * COLUMNS;
const PUZZLE_TEXT: usize = ROWS * ROW_TEXT_LENGTH;

fn row_as_written(text: &[u8; ROW_TEXT_LENGTH]) -> (BoardMask, bool) {
	let first = u64::from_le_bytes([text[0], text[1], text[2], text[3], text[4], text[5], text[6], text[7]]);
	let last = u32::from_le_bytes([text[8], text[9], text[10], text[11]]);
	let written = (first & 0xFFFE_FFFE_FFFE_FFFE == 0x2030_2030_2030_2030) & (last & 0xFFFE_FFFE == 0x0A30_2030);
	let first_four = ((first & 0x0001_0001_0001_0001).wrapping_mul(0x0001_0002_0004_0008) >> 48) as BoardMask;
	let last_two = (last & 1) | (last >> 15 & 2);
	(first_four | last_two << 4, written)
}

fn puzzle_as_written(text: &[u8; PUZZLE_TEXT]) -> Option<BoardMask> {
	let mut lights = 0;
	let mut written = true;
	for row in 0..ROWS {
		let start = row * ROW_TEXT_LENGTH;
		let mut row_text = [0u8; ROW_TEXT_LENGTH];
		row_text.copy_from_slice(&text[start..start + ROW_TEXT_LENGTH]);
		let (row_lights, row_written) = row_as_written(&row_text);
		lights |= row_lights << (COLUMNS * row);
		written &= row_written;
	}
	written.then_some(lights)
}

fn read_lights(input: &mut Input<impl Read>, puzzle: u64, count: u64) -> Result<BoardMask, InputError> {
	let unread = input.unread();
	if let Some(text) = unread.get(..PUZZLE_TEXT) {
		if let Some(lights) = puzzle_as_written(text.try_into().expect("PUZZLE_TEXT bytes")) {
			input.position += PUZZLE_TEXT;
			return Ok(lights);
		}
	}
	let mut lights = 0;
	let mut cell = 0;
	while cell < CELLS {
		let unread = input.unread();
		let mut consumed = 0;
		while cell < CELLS {
			let Some(&[value, after]) = unread.get(consumed..consumed + 2) else {
				break;
			};
			let value = CELL[usize::from(value)];
			if value == SPACE {
				consumed += 1;
				continue;
			}
			if value > LIT || CELL[usize::from(after)] != SPACE {
				break;
			}
			lights |= BoardMask::from(value) << cell;
			cell += 1;
			consumed += 2;
		}
		input.position += consumed;
		if cell == CELLS {
			break;
		}
		let Some(token) = input.next_token(KEPT_CHARS) else {
			return Err(if cell == 0 { InputError::PuzzleMissing { puzzle, count } } else { InputError::PuzzleCutShort { puzzle, values_read: cell } });
		};
		match token.as_str() {
			"0" => {}
			"1" => lights |= 1 << cell,
			_ => return Err(InputError::BadLight { puzzle, row: cell / COLUMNS + 1, column: cell % COLUMNS + 1, shown_token: shown(&token) }),
		}
		cell += 1;
	}
	Ok(lights)
}

fn answer_puzzles(input: &mut Input<impl Read>, out: &mut Output<impl Write>) -> Result<(), Failure> {
	let count = read_count(input)?;
	let mut line = PuzzleLine::of(1);
	for puzzle in 1..=count {
		if puzzle > 1 {
			line.count_up();
		}
		let lights = read_lights(input, puzzle, count)?;
		write_answer(out, &line, presses_to_clear(lights))?;
	}
	if let Some(token) = input.next_token(KEPT_CHARS) {
		return Err(InputError::ExtraData { puzzle: count.saturating_add(1), count, shown_token: shown(&token) }.into());
	}
	Ok(())
}

fn run(reader: impl Read, out: &mut impl Write) -> Result<(), Failure> {
	run_in_chunks(reader, CHUNK, out)
}

fn run_in_chunks(reader: impl Read, chunk: usize, out: &mut impl Write) -> Result<(), Failure> {
	let mut input = Input::with_chunk(reader, chunk);
	let mut output = Output::new(out);
	let outcome = answer_puzzles(&mut input, &mut output);
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
