//! POJ 1222 — Extended Lights Out. <http://poj.org/problem?id=1222>
//! (also NowCoder NC230527, <https://ac.nowcoder.com/acm/problem/230527>)
//!
//! A board of 5 rows by 6 buttons, each with a light. Pressing a button toggles its own light
//! and the lights directly above, below, left and right of it. For each given pattern of lit
//! lights, print the set of buttons to press (each at most once) that turns every light off.
//!
//! Approach: presses commute and two presses of a button cancel, so over GF(2) the lights a set
//! of presses `x` toggles are `A·x`, with `A` the 30×30 press matrix; the answer is `A⁻¹·lights`.
//! `A` has full rank (a test checks it), so the answer is unique and any correct method prints
//! the same output. `A⁻¹` is computed at compile time by Gauss–Jordan elimination in a
//! `const fn`: its column `j` is the press set that toggles light `j` alone. Because the answer
//! is linear in the lights, it is the XOR of those columns over the lit lights, and we fold the
//! columns into four 256-entry tables, one per byte of the 30-bit light mask, so a puzzle costs
//! four table loads and three XORs.
//!
//! Why not the textbook method (try the 2^6 presses of the top row, and let each row's leftover
//! lights force the presses of the row below)? It is right too, and the tests use it as the
//! independent reference, but it runs 64 five-row chases per puzzle. On 100,000 random puzzles
//! (release build) the solving step alone took 9.3 ms chasing, 1.6 ms XOR-ing `A⁻¹`'s columns
//! bit by bit, and 0.1 ms with the byte tables; the whole process, 52 ms against 37 ms.
//!
//! The rest is reading and writing, shaped for speed too. Input, a 64 KiB chunk at a time: a
//! puzzle written as the judge writes it (five rows `0 1 0 1 0 1\n`) is checked and read whole,
//! each row as two words; anything else goes through a plain loop over the bytes, with a
//! 256-entry table saying what each byte is, where a `0` or `1` followed by an ASCII blank is
//! taken as a whole value, and anything else (a Unicode space, a bad token, the end of a chunk)
//! goes one token through a slow path that decodes characters. proconio is not used: under
//! `input!`, a token source of our own (streamed, table-driven) still cost 3.2 times the least
//! any program pays to read this input and write its answers (read everything, write as many
//! bytes), as each of the 30 tokens of a puzzle costs a call whose end decides where the next
//! starts; this reading and writing cost 0.7 times that floor, since it never holds the whole
//! input (figures in `docs/performance.md`). Output: answers are assembled from a 64-entry
//! table of finished row lines and a `PUZZLE #m` line counted up as text, instead of formatted
//! with `write!` per value (70 ms for the output alone), and copied as blocks of fixed size
//! into an output buffer of our own.
//!
//! Complexity: O(1) per puzzle; the elimination runs once, at compile time, in 30² word
//! operations. Memory is flat: one 64 KiB chunk of input, one of output, 4 KiB of tables, about
//! 2 MiB in all whatever the input size; no allocation depends on the puzzle count, and a bad
//! token keeps only the 25 characters its message needs (the count's token is held whole while
//! it is parsed, since leading zeros are allowed).
//!
//! Input: any whitespace (`\r` included) separates values, and line structure is not checked.
//! The count is plain decimal digits. Each value must be exactly the token `0` or `1`: `01`, `2`,
//! or two values glued into `11` are errors. Bad input prints the answers of the puzzles before
//! it, then one line on stderr naming the puzzle (or the count) and the fault, with the token
//! escaped (no raw control characters) and cut to 24 characters, and exits with status 1, also
//! when stderr itself cannot be written. Data after the last counted puzzle is such an error
//! too, reported after every counted answer is printed: a count that disagrees with the data
//! means one of them is wrong, and ignoring the surplus silently would hide that.
//!
//! Judges: POJ has no Rust compiler; NowCoder compiles the file with plain `rustc`. Output is
//! compared byte for byte: one space between values, none at line ends.

use std::fmt;
use std::io::{self, Read, Write};

const ROWS: usize = 5;
const COLUMNS: usize = 6;
const CELLS: usize = ROWS * COLUMNS;

/// Bit `COLUMNS * row + column` of a board mask is the light (or button) at that position,
/// row 0 at the top and column 0 at the left — the order the input lists them in.
type BoardMask = u32;

/// The lights toggled by pressing the button at `cell`.
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

/// `PRESSES_FOR_SINGLE_LIGHT[light]` is the unique press set that toggles `light` and no other
/// light (column `light` of the inverse press matrix).
///
/// Gauss–Jordan over GF(2): equation `light` says "the presses of the buttons that toggle
/// `light` XOR to that light's state". Each equation carries, as a mask of lights, which light
/// states its right-hand side is the XOR of. Once the left-hand sides are reduced to single
/// buttons, the right-hand side of button `b`'s equation lists the lights whose states decide
/// whether `b` is pressed; transposing gives, for each light, the presses that clear it alone.
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

    // After this loop, equation `pivot` has exactly button `pivot` on its left.
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

/// The 30 lights split into bytes: the lights of byte `k` are bits `8k..8k+8` of a board mask.
const LIGHT_BYTES: usize = (CELLS + 7) / 8;

/// `PRESSES_FOR_LIGHT_BYTE[k][byte]`: the presses that turn off exactly the lights `byte` marks
/// among the lights of byte `k` — the XOR of their single-light columns, by linearity.
const PRESSES_FOR_LIGHT_BYTE: [[BoardMask; 256]; LIGHT_BYTES] = {
    let mut table = [[0 as BoardMask; 256]; LIGHT_BYTES];
    let mut byte_index = 0;
    while byte_index < LIGHT_BYTES {
        let mut byte = 1;
        while byte < 256 {
            // Reuse the entry without the lowest marked light, then add that light's column.
            let lowest = (byte as u32).trailing_zeros() as usize;
            let light = 8 * byte_index + lowest;
            let column = if light < CELLS {
                PRESSES_FOR_SINGLE_LIGHT[light]
            } else {
                0
            };
            table[byte_index][byte] = table[byte_index][byte & (byte - 1)] ^ column;
            byte += 1;
        }
        byte_index += 1;
    }
    table
};

/// The unique set of presses that turns off every light of `lights`.
fn presses_to_clear(lights: BoardMask) -> BoardMask {
    let mut presses = 0;
    for (byte_index, table) in PRESSES_FOR_LIGHT_BYTE.iter().enumerate() {
        presses ^= table[(lights >> (8 * byte_index)) as usize & 0xff];
    }
    presses
}

/// `ROW_TEXT[row_bits]` is an output line: the row's 6 presses as `0`/`1` separated by single
/// spaces, then a newline. Looking lines up beats formatting 3 million values one by one.
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

/// The line `PUZZLE #m` of an answer, newline included, in the first `length` bytes of `text`.
/// Puzzles are answered in order, so the number is kept as text and counted up in place rather
/// than formatted anew for each answer.
#[derive(Debug, PartialEq, Eq)]
struct PuzzleLine {
    text: [u8; PuzzleLine::CAPACITY],
    length: usize,
}

impl PuzzleLine {
    const PREFIX: &'static [u8] = b"PUZZLE #";
    /// The prefix, the 20 digits of `u64::MAX` and a newline fit.
    const CAPACITY: usize = 32;

    fn of(puzzle: u64) -> Self {
        let mut text = [0u8; Self::CAPACITY];
        let number = puzzle.to_string();
        let line = [Self::PREFIX, number.as_bytes(), b"\n"].concat();
        text[..line.len()].copy_from_slice(&line);
        PuzzleLine {
            text,
            length: line.len(),
        }
    }

    /// Goes on to the next puzzle's line. Never called past `u64::MAX`, the largest count.
    fn count_up(&mut self) {
        let mut digit = self.length - 2;
        while self.text[digit] == b'9' {
            self.text[digit] = b'0';
            if digit == Self::PREFIX.len() {
                // All nines: the number gets one more digit, `1` then zeros.
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

/// Bytes of an answer at most: its `PUZZLE #m` line and 5 rows of presses.
const ANSWER_CAPACITY: usize = PuzzleLine::CAPACITY + ROWS * 2 * COLUMNS;

/// Writes an answer: the puzzle's line, then 5 rows of presses.
fn write_answer(
    out: &mut Output<impl Write>,
    line: &PuzzleLine,
    presses: BoardMask,
) -> io::Result<()> {
    // Assembled from blocks of sizes known at compile time, then copied whole: a few moves each.
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

/// The answers, gathered in a buffer of our own and written a chunk at a time. An answer is
/// copied in as a block of a size known at compile time, a few moves, where `BufWriter` calls
/// `memcpy` for every write: that call cost a fifth of the run.
struct Output<W: Write> {
    writer: W,
    buffer: Vec<u8>,
    /// Bytes of `buffer` filled.
    length: usize,
}

impl<W: Write> Output<W> {
    fn new(writer: W) -> Self {
        Output {
            writer,
            buffer: vec![0; CHUNK],
            length: 0,
        }
    }

    /// Writes the first `length` bytes of `block`. The whole block is copied: the bytes past
    /// `length` are overwritten by whatever comes next.
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

    /// Writes out everything written so far.
    fn flush(&mut self) -> io::Result<()> {
        self.write_buffer()?;
        self.writer.flush()
    }
}

/// What is wrong with the input. Puzzles are numbered from 1, rows and columns too. A token is
/// kept only as `shown` makes it, never whole: a token may be the whole input.
#[derive(Debug, PartialEq, Eq)]
enum InputError {
    MissingCount,
    NegativeCount {
        shown_token: String,
    },
    NonNumericCount {
        shown_token: String,
    },
    CountTooLarge {
        shown_token: String,
    },
    BadLight {
        puzzle: u64,
        row: usize,
        column: usize,
        shown_token: String,
    },
    PuzzleMissing {
        puzzle: u64,
        count: u64,
    },
    PuzzleCutShort {
        puzzle: u64,
        values_read: usize,
    },
    ExtraData {
        puzzle: u64,
        count: u64,
        shown_token: String,
    },
}

/// Characters of a token that an error message shows.
const SHOWN_CHARS: usize = 24;

/// A token as shown in an error message: quoted and escaped by `Debug` (so control characters
/// such as NUL or ESC never reach a terminal raw), and cut short if it is long, so a megabyte of
/// garbage does not become a megabyte of stderr.
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
                write!(
                    formatter,
                    "count: the input is empty, expected the number of puzzles"
                )
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
            InputError::BadLight {
                puzzle,
                row,
                column,
                shown_token,
            } => write!(
                formatter,
                "puzzle #{puzzle}: row {row}, column {column} is {shown_token}, expected 0 or 1"
            ),
            InputError::PuzzleMissing { puzzle, count } => write!(
                formatter,
                "puzzle #{puzzle}: the input ends before it, but the count is {count}"
            ),
            InputError::PuzzleCutShort {
                puzzle,
                values_read,
            } => write!(
                formatter,
                "puzzle #{puzzle}: the input ends after {values_read} of its {CELLS} values"
            ),
            InputError::ExtraData {
                puzzle,
                count,
                shown_token,
            } => write!(
                formatter,
                "puzzle #{puzzle}: the count is {count}, but more data follows: {shown_token}"
            ),
        }
    }
}

/// Why a run stopped early.
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

/// Bytes asked of the input per read. The input is read a chunk at a time, not whole, so memory
/// stays flat however long the input is, and no page of a big input buffer is ever touched.
const CHUNK: usize = 1 << 16;

/// The input, read a chunk at a time and consumed byte by byte from `position` on.
struct Input<R> {
    reader: R,
    /// Bytes asked of `reader` per read, at least.
    chunk: usize,
    buffer: Vec<u8>,
    /// The first byte of `buffer` not consumed yet.
    position: usize,
    /// Nothing more is read: the input ended, or reading it failed.
    finished: bool,
    /// The error that ended reading, if one did.
    read_error: Option<io::Error>,
}

impl<R: Read> Input<R> {
    fn with_chunk(reader: R, chunk: usize) -> Self {
        Input {
            reader,
            chunk,
            buffer: Vec::new(),
            position: 0,
            finished: false,
            read_error: None,
        }
    }

    /// The bytes read and not consumed yet.
    fn unread(&self) -> &[u8] {
        &self.buffer[self.position..]
    }

    /// Drops the consumed bytes and appends a chunk of input; false when nothing more came.
    fn refill(&mut self) -> bool {
        if self.finished {
            return false;
        }
        self.buffer.drain(..self.position);
        self.position = 0;
        let kept = self.buffer.len();
        // Bytes kept unconsumed (a character or a token being read) grow the buffer by
        // doubling, so that even a huge token is read in linear time.
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

    /// The character that starts at `position`, decoded as `String::from_utf8_lossy` would
    /// decode it there (a byte that is not UTF-8 is U+FFFD), and its length in bytes; `None`
    /// at the end of the input.
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
            Ok(text) => (
                text.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER),
                width,
            ),
            // An invalid sequence is one U+FFFD; an unfinished one at the very end too.
            Err(error) => (
                char::REPLACEMENT_CHARACTER,
                error.error_len().unwrap_or(width),
            ),
        })
    }
}

impl<R: Read> Input<R> {
    /// The next token, decoded as `String::from_utf8_lossy` would decode it, cut to its first
    /// `limit` characters (the rest is consumed all the same); `None` at the end of the input.
    /// The slow path: for the count, and for whatever the loop of `read_lights` does not take.
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

/// What a byte is to `read_lights`: `CELL[byte]` is one of these.
const OFF: u8 = 0;
const LIT: u8 = 1;
/// ASCII whitespace as `char::is_whitespace` has it: tab, line feed, vertical tab, form feed,
/// carriage return, space.
const SPACE: u8 = 2;
/// Anything else, including every byte of a multi-byte character (U+3000, for one, is a space).
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

/// Characters of a token kept for a message: those it shows, and one to tell whether it is cut.
const KEPT_CHARS: usize = SHOWN_CHARS + 1;

/// The number of puzzles: plain decimal digits only. Its token is held whole while it is parsed
/// (leading zeros are allowed, so a long one can be a valid count).
fn read_count(input: &mut Input<impl Read>) -> Result<u64, InputError> {
    let token = input
        .next_token(usize::MAX)
        .ok_or(InputError::MissingCount)?;
    let is_digits = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
    if is_digits(&token) {
        // Digits only, so the parse can fail only by overflowing.
        token.parse().map_err(|_| InputError::CountTooLarge {
            shown_token: shown(&token),
        })
    } else if token.strip_prefix('-').is_some_and(is_digits) {
        Err(InputError::NegativeCount {
            shown_token: shown(&token),
        })
    } else {
        Err(InputError::NonNumericCount {
            shown_token: shown(&token),
        })
    }
}

/// Bytes of a row as the judge writes it: `0 1 0 1 0 1\n`, six values, five spaces, a newline.
const ROW_TEXT_LENGTH: usize = 2 * COLUMNS;
/// Bytes of a puzzle as the judge writes it: five such rows.
const PUZZLE_TEXT: usize = ROWS * ROW_TEXT_LENGTH;

/// The six lights of `text` if it is a row as the judge writes it, and whether it is. Its first
/// eight bytes are read as one word, the last four as another: in each 16-bit lane, the low
/// byte is a value (`0` = 0x30 or `1` = 0x31, so all bits but bit 0 are fixed) and the high
/// byte its space or newline.
fn row_as_written(text: &[u8; ROW_TEXT_LENGTH]) -> (BoardMask, bool) {
    let first = u64::from_le_bytes([
        text[0], text[1], text[2], text[3], text[4], text[5], text[6], text[7],
    ]);
    let last = u32::from_le_bytes([text[8], text[9], text[10], text[11]]);
    let written = (first & 0xFFFE_FFFE_FFFE_FFFE == 0x2030_2030_2030_2030)
        & (last & 0xFFFE_FFFE == 0x0A30_2030);
    // Bit 0 of value k is bit 16k of `first`; the multiplication gathers the four into bits
    // 48 to 51, and nothing else lands there.
    let first_four =
        ((first & 0x0001_0001_0001_0001).wrapping_mul(0x0001_0002_0004_0008) >> 48) as BoardMask;
    let last_two = (last & 1) | (last >> 15 & 2);
    (first_four | last_two << 4, written)
}

/// The lights of `text` if it is a puzzle as the judge writes it, `None` for anything else
/// (which the byte loop of `read_lights` then reads).
fn puzzle_as_written(text: &[u8; PUZZLE_TEXT]) -> Option<BoardMask> {
    let mut lights = 0;
    let mut written = true;
    for row in 0..ROWS {
        let start = row * ROW_TEXT_LENGTH;
        let mut row_text = [0u8; ROW_TEXT_LENGTH];
        row_text.copy_from_slice(&text[start..start + ROW_TEXT_LENGTH]);
        let (row_lights, row_written) = row_as_written(&row_text);
        lights |= row_lights << (COLUMNS * row);
        // `&`, not `&&`: one branch for the whole puzzle.
        written &= row_written;
    }
    written.then_some(lights)
}

/// The 30 lights of puzzle number `puzzle` (of `count`) as a board mask.
fn read_lights(
    input: &mut Input<impl Read>,
    puzzle: u64,
    count: u64,
) -> Result<BoardMask, InputError> {
    // The whole puzzle at once where it comes as the judge writes it.
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
        // A `0` or `1` with an ASCII blank after it is a whole value; a blank alone is skipped.
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
        // Anything else, or the last byte of what is read: one token the slow way.
        let Some(token) = input.next_token(KEPT_CHARS) else {
            return Err(if cell == 0 {
                InputError::PuzzleMissing { puzzle, count }
            } else {
                InputError::PuzzleCutShort {
                    puzzle,
                    values_read: cell,
                }
            });
        };
        match token.as_str() {
            "0" => {}
            "1" => lights |= 1 << cell,
            _ => {
                return Err(InputError::BadLight {
                    puzzle,
                    row: cell / COLUMNS + 1,
                    column: cell % COLUMNS + 1,
                    shown_token: shown(&token),
                })
            }
        }
        cell += 1;
    }
    Ok(lights)
}

/// Solves every puzzle of `input`, writing the answers to `out` as it goes, so that on bad
/// input the answers before the fault are already written.
fn answer_puzzles(
    input: &mut Input<impl Read>,
    out: &mut Output<impl Write>,
) -> Result<(), Failure> {
    let count = read_count(input)?;
    // No allocation depends on `count`: a huge count followed by little data fails where the
    // data ends.
    let mut line = PuzzleLine::of(1);
    for puzzle in 1..=count {
        if puzzle > 1 {
            line.count_up();
        }
        let lights = read_lights(input, puzzle, count)?;
        write_answer(out, &line, presses_to_clear(lights))?;
    }
    if let Some(token) = input.next_token(KEPT_CHARS) {
        return Err(InputError::ExtraData {
            puzzle: count.saturating_add(1),
            count,
            shown_token: shown(&token),
        }
        .into());
    }
    Ok(())
}

/// Solves every puzzle read from `reader`; see `answer_puzzles`.
fn run(reader: impl Read, out: &mut impl Write) -> Result<(), Failure> {
    run_in_chunks(reader, CHUNK, out)
}

fn run_in_chunks(reader: impl Read, chunk: usize, out: &mut impl Write) -> Result<(), Failure> {
    let mut input = Input::with_chunk(reader, chunk);
    let mut output = Output::new(out);
    let outcome = answer_puzzles(&mut input, &mut output);
    // Written in every case: the answers before a fault stay printed, ahead of the error.
    let flushed = output.flush();
    match (outcome, input.read_error, flushed) {
        // A read that failed ended the input early: that, not the cut it left, is the fault.
        (Err(Failure::Input(_)) | Ok(()), Some(error), _) => Err(Failure::Read(error)),
        (Ok(()), None, Err(error)) => Err(Failure::Output(error)),
        (outcome, _, _) => outcome,
    }
}

/// Reports a failure on stderr and exits with status 1. When stderr cannot be written either,
/// nothing is left to tell, and the exit status alone reports the failure (`eprintln!` would
/// panic instead).
fn fail(message: fmt::Arguments) -> ! {
    let _ = writeln!(io::stderr(), "{message}");
    std::process::exit(1);
}

fn main() {
    // Unbuffered: `run` gathers the answers in chunks of its own.
    match run(io::stdin().lock(), &mut io::stdout().lock()) {
        Ok(()) => {}
        Err(Failure::Input(error)) => fail(format_args!("{error}")),
        Err(Failure::Read(error)) => fail(format_args!("cannot read the input: {error}")),
        Err(Failure::Output(error)) => fail(format_args!("cannot write the output: {error}")),
    }
}

/// The plain first-row-chase solver, also run by `examples/baseline.rs`.
#[cfg(test)]
#[path = "../examples/shared/first_row_chase.rs"]
mod first_row_chase;

/// Inputs and answers written as the judge writes them, also used by `examples/gen.rs` and
/// `examples/brute.rs`.
#[cfg(test)]
#[path = "../examples/shared/judge_text.rs"]
mod judge_text;

#[cfg(test)]
mod tests {
    use super::*;
    use first_row_chase::presses_by_first_row_chase;
    use judge_text::{answer_text, input_text};

    const SEED: u64 = 0x1222_7E57;

    /// Every sample pair, judge's sample first.
    const SAMPLES: [(&str, &str); 8] = [
        (
            include_str!("../../../samples/poj1222-extended-lights-out/1.in"),
            include_str!("../../../samples/poj1222-extended-lights-out/1.out"),
        ),
        (
            include_str!("../../../samples/poj1222-extended-lights-out/2.in"),
            include_str!("../../../samples/poj1222-extended-lights-out/2.out"),
        ),
        (
            include_str!("../../../samples/poj1222-extended-lights-out/3.in"),
            include_str!("../../../samples/poj1222-extended-lights-out/3.out"),
        ),
        (
            include_str!("../../../samples/poj1222-extended-lights-out/4.in"),
            include_str!("../../../samples/poj1222-extended-lights-out/4.out"),
        ),
        (
            include_str!("../../../samples/poj1222-extended-lights-out/5.in"),
            include_str!("../../../samples/poj1222-extended-lights-out/5.out"),
        ),
        (
            include_str!("../../../samples/poj1222-extended-lights-out/6.in"),
            include_str!("../../../samples/poj1222-extended-lights-out/6.out"),
        ),
        (
            include_str!("../../../samples/poj1222-extended-lights-out/7.in"),
            include_str!("../../../samples/poj1222-extended-lights-out/7.out"),
        ),
        (
            include_str!("../../../samples/poj1222-extended-lights-out/8.in"),
            include_str!("../../../samples/poj1222-extended-lights-out/8.out"),
        ),
    ];

    /// Runs the whole program on `input`: what it printed, and the error line if it failed.
    fn run_on(input: &[u8]) -> (String, Result<(), String>) {
        let whole = run_with_chunk(input, CHUNK);
        // The input read a few bytes at a time: values, characters and faults cut by the end
        // of a read, then read on.
        for chunk in 1..=5 {
            let by_chunk = run_with_chunk(input, chunk);
            // Compared without assert_eq!, whose message would print the whole input.
            assert!(
                by_chunk == whole,
                "read {chunk} bytes at a time: {by_chunk:?}"
            );
        }
        whole
    }

    fn run_with_chunk(input: &[u8], chunk: usize) -> (String, Result<(), String>) {
        let mut out = Vec::new();
        let result = run_in_chunks(input, chunk, &mut out).map_err(|failure| match failure {
            Failure::Input(error) => error.to_string(),
            Failure::Read(error) | Failure::Output(error) => {
                panic!("reading or writing memory failed: {error}")
            }
        });
        (String::from_utf8(out).expect("the output is ASCII"), result)
    }

    /// A board as a grid of lights, `grid[row][column]`, independent of the bit layout.
    type Grid = [[bool; COLUMNS]; ROWS];

    fn grid_of(mask: BoardMask) -> Grid {
        let mut grid = [[false; COLUMNS]; ROWS];
        for (row, cells) in grid.iter_mut().enumerate() {
            for (column, cell) in cells.iter_mut().enumerate() {
                *cell = mask >> (row * COLUMNS + column) & 1 == 1;
            }
        }
        grid
    }

    /// Presses every button marked in `presses` on `lights`, cell by cell, as the statement
    /// describes it.
    fn after_presses(lights: Grid, presses: Grid) -> Grid {
        let mut board = lights;
        for (row, pressed_in_row) in presses.iter().enumerate() {
            for (column, &pressed) in pressed_in_row.iter().enumerate() {
                if !pressed {
                    continue;
                }
                let neighbours = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)];
                for (row_step, column_step) in neighbours {
                    let target_row = row as isize + row_step;
                    let target_column = column as isize + column_step;
                    if (0..ROWS as isize).contains(&target_row)
                        && (0..COLUMNS as isize).contains(&target_column)
                    {
                        let cell = &mut board[target_row as usize][target_column as usize];
                        *cell = !*cell;
                    }
                }
            }
        }
        board
    }

    const ALL_OFF: Grid = [[false; COLUMNS]; ROWS];

    /// The puzzles of a well-formed input and the press grids of an output, parsed by hand.
    fn parse_puzzles(input: &str) -> Vec<Grid> {
        let mut values = input.split_whitespace();
        let count: usize = values.next().unwrap().parse().unwrap();
        (0..count)
            .map(|_| {
                let mut grid = ALL_OFF;
                for cell in grid.iter_mut().flatten() {
                    *cell = values.next().unwrap() == "1";
                }
                grid
            })
            .collect()
    }

    fn parse_answers(output: &str) -> Vec<Grid> {
        let lines: Vec<&str> = output.lines().collect();
        lines
            .chunks(ROWS + 1)
            .enumerate()
            .map(|(index, record)| {
                assert_eq!(record[0], format!("PUZZLE #{}", index + 1));
                let mut grid = ALL_OFF;
                for (row, line) in record[1..].iter().enumerate() {
                    let values: Vec<&str> = line.split(' ').collect();
                    assert_eq!(values.len(), COLUMNS, "{line:?}");
                    for (column, value) in values.iter().enumerate() {
                        grid[row][column] = *value == "1";
                    }
                }
                grid
            })
            .collect()
    }

    #[test]
    fn samples_give_the_expected_output() {
        for (index, (input, expected)) in SAMPLES.iter().enumerate() {
            let (printed, result) = run_on(input.as_bytes());
            assert_eq!(result, Ok(()), "sample {}", index + 1);
            assert_eq!(printed, *expected, "sample {}", index + 1);
        }
    }

    #[test]
    fn sample_answers_turn_every_light_off() {
        for (index, (input, expected)) in SAMPLES.iter().enumerate() {
            let puzzles = parse_puzzles(input);
            let answers = parse_answers(expected);
            assert_eq!(puzzles.len(), answers.len(), "sample {}", index + 1);
            for (lights, presses) in puzzles.into_iter().zip(answers) {
                assert_eq!(
                    after_presses(lights, presses),
                    ALL_OFF,
                    "sample {}",
                    index + 1
                );
            }
        }
    }

    #[test]
    fn press_effects_match_the_statement() {
        for cell in 0..CELLS {
            let lit = after_presses(ALL_OFF, grid_of(1 << cell));
            assert_eq!(lit, grid_of(press_effect(cell)), "button {cell}");
        }
    }

    /// Rank over GF(2) of the rows, by plain elimination.
    fn rank(mut rows: Vec<BoardMask>) -> usize {
        let mut rank = 0;
        for bit in 0..BoardMask::BITS {
            let Some(found) = (rank..rows.len()).find(|&row| rows[row] >> bit & 1 == 1) else {
                continue;
            };
            rows.swap(rank, found);
            for row in 0..rows.len() {
                if row != rank && rows[row] >> bit & 1 == 1 {
                    rows[row] ^= rows[rank];
                }
            }
            rank += 1;
        }
        rank
    }

    #[test]
    fn press_matrix_has_full_rank_so_answers_are_unique() {
        // Built from the cell-by-cell simulation, not from `press_effect`.
        let rows: Vec<BoardMask> = (0..CELLS)
            .map(|cell| {
                let lit = after_presses(ALL_OFF, grid_of(1 << cell));
                let mut mask = 0;
                for (index, &on) in lit.iter().flatten().enumerate() {
                    mask |= BoardMask::from(on) << index;
                }
                mask
            })
            .collect();
        assert_eq!(rank(rows), CELLS);
        // The elimination itself can fail: a singular matrix has lower rank.
        assert_eq!(rank(vec![0b011, 0b110, 0b101]), 2);
    }

    #[test]
    fn each_single_light_column_toggles_exactly_that_light() {
        for (light, &presses) in PRESSES_FOR_SINGLE_LIGHT.iter().enumerate() {
            let lit = after_presses(ALL_OFF, grid_of(presses));
            assert_eq!(lit, grid_of(1 << light), "light {light}");
        }
    }

    #[test]
    fn random_puzzles_agree_with_the_first_row_chase_and_clear_the_board() {
        let mut rng = fastrand::Rng::with_seed(SEED);
        for _ in 0..100_000 {
            let lights = rng.u32(..1 << CELLS);
            let presses = presses_to_clear(lights);
            assert_eq!(
                Some(presses),
                presses_by_first_row_chase(lights),
                "lights {lights:#x}"
            );
            assert_eq!(after_presses(grid_of(lights), grid_of(presses)), ALL_OFF);
        }
    }

    #[test]
    fn random_inputs_with_any_whitespace_give_the_chase_answers() {
        let mut rng = fastrand::Rng::with_seed(SEED + 1);
        let separators = [" ", "  ", "\t", "\n", "\r\n", "\n\n", " \r\n\t"];
        for case in 0..200 {
            let count = rng.usize(0..60);
            let mut input = format!("{}{count}", separators[rng.usize(..separators.len())]);
            let mut expected = String::new();
            for puzzle in 1..=count {
                let lights = rng.u32(..1 << CELLS);
                for cell in 0..CELLS {
                    input += separators[rng.usize(..separators.len())];
                    input += if lights >> cell & 1 == 1 { "1" } else { "0" };
                }
                let presses = presses_by_first_row_chase(lights).unwrap();
                expected += &answer_text(puzzle as u64, presses);
            }
            input += separators[rng.usize(..separators.len())];
            // Compared without assert_eq!, whose message would print the whole input.
            let (printed, result) = run_on(input.as_bytes());
            assert_eq!(result, Ok(()), "case {case}");
            assert!(printed == expected, "case {case}: the answers differ");
        }
    }

    /// The program as the statement reads, after a count of `count`: the values are the
    /// whitespace-separated tokens of the text (a byte that is not UTF-8 is U+FFFD), answered by
    /// the first-row chase.
    fn model(count: u64, body: &[u8]) -> (String, Result<(), String>) {
        let text = String::from_utf8_lossy(body);
        let mut tokens = text.split_whitespace();
        let mut printed = String::new();
        for puzzle in 1..=count {
            let mut lights = 0;
            for cell in 0..CELLS {
                let error = match tokens.next() {
                    Some("0") => continue,
                    Some("1") => {
                        lights |= 1 << cell;
                        continue;
                    }
                    Some(token) => InputError::BadLight {
                        puzzle,
                        row: cell / COLUMNS + 1,
                        column: cell % COLUMNS + 1,
                        shown_token: shown(token),
                    },
                    None if cell == 0 => InputError::PuzzleMissing { puzzle, count },
                    None => InputError::PuzzleCutShort {
                        puzzle,
                        values_read: cell,
                    },
                };
                return (printed, Err(error.to_string()));
            }
            printed += &answer_text(puzzle, presses_by_first_row_chase(lights).unwrap());
        }
        let result = match tokens.next() {
            Some(token) => Err(InputError::ExtraData {
                puzzle: count + 1,
                count,
                shown_token: shown(token),
            }
            .to_string()),
            None => Ok(()),
        };
        (printed, result)
    }

    #[test]
    fn random_values_spaces_and_other_bytes_read_as_the_model() {
        let mut rng = fastrand::Rng::with_seed(SEED + 2);
        let parts: [&[u8]; 14] = [
            b"0",
            b"1",
            b" ",
            b"\n",
            b"\r\n",
            b"\t\x0b\x0c",
            "\u{3000}".as_bytes(),
            "\u{85}".as_bytes(),
            "\u{e9}".as_bytes(),
            b"\xff",
            b"\xe2\x82",
            b"\xf0\x9f\x98",
            b"2",
            b"\0",
        ];
        for case in 0..3000 {
            let count = rng.u64(0..4);
            let mut body = Vec::new();
            for _ in 0..rng.usize(0..130) {
                // Mostly values each followed by a blank, so that inputs get through puzzles.
                match rng.usize(..40) {
                    0 => body.extend_from_slice(parts[rng.usize(..parts.len())]),
                    _ => {
                        body.extend_from_slice(parts[rng.usize(..2)]);
                        body.extend_from_slice(parts[2 + rng.usize(..4)]);
                    }
                }
            }
            let input = [format!("{count}\n").as_bytes(), &body].concat();
            assert_eq!(
                run_on(&input),
                model(count, &body),
                "case {case}: {input:?}"
            );
        }
    }

    #[test]
    fn puzzles_as_the_judge_writes_them_with_a_byte_changed_read_as_the_model() {
        // The whole-puzzle path must take exactly the puzzles written `0 1 0 1 0 1\n` five
        // times, and leave every near miss to the byte loop.
        let mut rng = fastrand::Rng::with_seed(SEED + 3);
        let mut others = vec![b'\r', b'\t', b'\n', b' ', b'2', 0, 0xFF, 0xE3, 0x0B, 0x0C];
        for bit in 0..8 {
            others.extend([b'0' ^ (1 << bit), b'1' ^ (1 << bit), b' ' ^ (1 << bit)]);
            others.push(b'\n' ^ (1 << bit));
        }
        for case in 0..3000 {
            let count = rng.u64(1..5);
            let mut body = Vec::new();
            for _ in 0..count {
                for _ in 0..ROWS {
                    for column in 0..COLUMNS {
                        body.push(if rng.bool() { b'1' } else { b'0' });
                        body.push(if column + 1 == COLUMNS { b'\n' } else { b' ' });
                    }
                }
            }
            for _ in 0..rng.usize(0..3) {
                let at = rng.usize(..body.len());
                body[at] = others[rng.usize(..others.len())];
            }
            if rng.usize(..4) == 0 {
                body.insert(rng.usize(..=body.len()), b' ');
            }
            let input = [format!("{count}\n").as_bytes(), &body].concat();
            assert_eq!(
                run_on(&input),
                model(count, &body),
                "case {case}: {input:?}"
            );
        }
    }

    #[test]
    fn answers_print_any_puzzle_number() {
        for puzzle in [1, 9, 10, 99, 100, 12_345, u64::MAX] {
            let presses = 0x2A5_5AA5 & ((1 << CELLS) - 1);
            let mut out = Vec::new();
            let mut output = Output::new(&mut out);
            write_answer(&mut output, &PuzzleLine::of(puzzle), presses).unwrap();
            output.flush().unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                answer_text(puzzle, presses)
            );
        }
    }

    #[test]
    fn puzzle_lines_count_up_across_carries() {
        let mut line = PuzzleLine::of(1);
        for puzzle in 2..=1_200 {
            line.count_up();
            assert_eq!(line, PuzzleLine::of(puzzle));
        }
        for puzzle in [9_999, 99_999_999, 10_000_000_000_000_000_000, u64::MAX - 1] {
            let mut line = PuzzleLine::of(puzzle);
            line.count_up();
            assert_eq!(line, PuzzleLine::of(puzzle + 1), "after {puzzle}");
        }
    }

    // Bad input: the answers before the fault stay printed, then one error naming the puzzle.

    /// A well-formed puzzle and its answer as puzzle number 1.
    fn first_puzzle() -> (String, String) {
        let lights = 0x1234_5678 & ((1 << CELLS) - 1);
        let text = input_text(&[lights]);
        let body = text.split_once('\n').unwrap().1.to_owned();
        (
            body,
            answer_text(1, presses_by_first_row_chase(lights).unwrap()),
        )
    }

    fn fails_with(input: &str, printed: &str, error: &str) {
        assert_eq!(
            run_on(input.as_bytes()),
            (printed.to_owned(), Err(error.to_owned())),
            "input {input:?}"
        );
    }

    #[test]
    fn missing_count_is_an_error() {
        let error = "count: the input is empty, expected the number of puzzles";
        fails_with("", "", error);
        fails_with(" \r\n\t\n", "", error);
    }

    #[test]
    fn negative_or_non_numeric_count_is_an_error() {
        let (puzzle, _) = first_puzzle();
        fails_with(&format!("-1\n{puzzle}"), "", r#"count: "-1" is negative"#);
        fails_with("-0\n", "", r#"count: "-0" is negative"#);
        for token in ["abc", "-", "+1", "1.0", "0x1", "1e3", "１"] {
            let error = format!("count: {token:?} is not a number of puzzles");
            fails_with(&format!("{token}\n{puzzle}"), "", &error);
        }
        fails_with(
            "18446744073709551616\n",
            "",
            r#"count: "18446744073709551616" is too large"#,
        );
    }

    #[test]
    fn a_value_other_than_0_or_1_names_the_puzzle_and_cell() {
        let (puzzle, answer) = first_puzzle();
        for token in ["2", "01", "00", "11", "10", "x", "-1", "1.", "\u{FEFF}1"] {
            // Puzzle 2 is all zeros except the bad token at row 3, column 4.
            let mut values = vec!["0"; CELLS];
            values[2 * COLUMNS + 3] = token;
            let input = format!("2\n{puzzle}{}\n", values.join(" "));
            let error = format!("puzzle #2: row 3, column 4 is {token:?}, expected 0 or 1");
            fails_with(&input, &answer, &error);
        }
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_a_bad_value_of_its_puzzle() {
        let (puzzle, answer) = first_puzzle();
        let mut input = format!("2\n{puzzle}0 0 ").into_bytes();
        input.push(0xFF);
        input.extend_from_slice(b" 0\n");
        assert_eq!(
            run_on(&input),
            (
                answer,
                Err("puzzle #2: row 1, column 3 is \"\u{FFFD}\", expected 0 or 1".to_owned())
            )
        );
    }

    #[test]
    fn cutting_the_input_after_its_first_non_utf8_byte_changes_nothing() {
        // Each case must fail exactly as the whole input converted by `from_utf8_lossy` does,
        // including around the 24 characters a message shows and with 4-byte characters after
        // the bad byte.
        let (puzzle, _) = first_puzzle();
        let long_tail = format!("\u{1F600}{}", "8".repeat(200));
        let cases: Vec<Vec<u8>> = vec![
            b"\xff".to_vec(),
            b"1\xff2".to_vec(),
            b"-\xe2\x82".to_vec(),
            [b"7".repeat(23), b"\xff".to_vec(), b"8".to_vec()].concat(),
            [b"7".repeat(23), b"\xff".to_vec()].concat(),
            [b"7".repeat(24), b"\xff".to_vec()].concat(),
            [b"\xff".repeat(30), b" 0".to_vec()].concat(),
            [b"\xff".to_vec(), "\u{1F600}".repeat(40).into_bytes()].concat(),
            [b"\xff".to_vec(), long_tail.into_bytes()].concat(),
            [b"\xf0\x9f\x98".to_vec(), b"0".repeat(50)].concat(),
            [format!("2\n{puzzle}0 0 1").as_bytes(), b"\xff\xfe 1\n"].concat(),
            [format!("2\n{puzzle}0 0 1\u{3000}").as_bytes(), b"\xff 1\n"].concat(),
            [format!("1\n{puzzle}end").as_bytes(), b"\xc3"].concat(),
            [
                format!("1\n{puzzle}{}", "e".repeat(20)).as_bytes(),
                b"\xc3",
                "\u{e9}".repeat(20).as_bytes(),
            ]
            .concat(),
        ];
        for raw in cases {
            let converted = String::from_utf8_lossy(&raw).into_owned();
            assert_eq!(run_on(&raw), run_on(converted.as_bytes()), "{raw:?}");
        }
    }

    #[test]
    fn control_characters_are_escaped_in_the_error_line() {
        // Raw NUL or ESC bytes written to a terminal could garble it or drive it.
        let (puzzle, answer) = first_puzzle();
        let token = "1\0\x1b[2J";
        let escaped = r#""1\0\u{1b}[2J""#;
        let cases = [
            (
                format!("{token}\n"),
                String::new(),
                format!("count: {escaped} is not a number of puzzles"),
            ),
            (
                format!("2\n{puzzle}0 {token}\n"),
                answer.clone(),
                format!("puzzle #2: row 1, column 2 is {escaped}, expected 0 or 1"),
            ),
            (
                format!("1\n{puzzle}{token}\n"),
                answer,
                format!("puzzle #2: the count is 1, but more data follows: {escaped}"),
            ),
            (
                "\u{9b}31m".to_owned(),
                String::new(),
                r#"count: "\u{9b}31m" is not a number of puzzles"#.to_owned(),
            ),
        ];
        for (input, printed, error) in cases {
            assert!(!error.chars().any(char::is_control), "{error:?}");
            fails_with(&input, &printed, &error);
        }
    }

    #[test]
    fn a_long_bad_token_is_cut_short_in_the_message() {
        let token = "7".repeat(1000);
        let input = format!("1\n{token}\n");
        let error = format!(
            "puzzle #1: row 1, column 1 is \"{}\"..., expected 0 or 1",
            "7".repeat(24)
        );
        fails_with(&input, "", &error);
    }

    #[test]
    fn input_ending_part_way_through_a_puzzle_is_an_error() {
        let (puzzle, answer) = first_puzzle();
        let input = format!("2\n{puzzle}0 1 0 1 0 1\n1 0\n");
        fails_with(
            &input,
            &answer,
            "puzzle #2: the input ends after 8 of its 30 values",
        );
        let one_short = format!("1\n{}", "1 ".repeat(CELLS - 1));
        fails_with(
            &one_short,
            "",
            "puzzle #1: the input ends after 29 of its 30 values",
        );
    }

    #[test]
    fn fewer_puzzles_than_counted_is_an_error() {
        let (puzzle, answer) = first_puzzle();
        fails_with(
            "1\n",
            "",
            "puzzle #1: the input ends before it, but the count is 1",
        );
        fails_with(
            &format!("3\n{puzzle}"),
            &answer,
            "puzzle #2: the input ends before it, but the count is 3",
        );
    }

    #[test]
    fn a_huge_count_with_little_data_fails_where_the_data_ends() {
        // Must neither reserve memory for the count nor loop past the data.
        let (puzzle, answer) = first_puzzle();
        for count in [1_000_000_000_000_000_000, u64::MAX] {
            fails_with(
                &format!("{count}\n{puzzle}"),
                &answer,
                &format!("puzzle #2: the input ends before it, but the count is {count}"),
            );
        }
    }

    #[test]
    fn data_after_the_last_counted_puzzle_is_an_error_after_all_answers() {
        let (puzzle, answer) = first_puzzle();
        fails_with(
            &format!("1\n{puzzle}1\n"),
            &answer,
            r#"puzzle #2: the count is 1, but more data follows: "1""#,
        );
        fails_with(
            &format!("1\n{puzzle}{puzzle}"),
            &answer,
            r#"puzzle #2: the count is 1, but more data follows: "0""#,
        );
        fails_with(
            "0\nend\n",
            "",
            r#"puzzle #1: the count is 0, but more data follows: "end""#,
        );
    }

    #[test]
    fn a_count_of_zero_prints_nothing() {
        assert_eq!(run_on(b"0\n"), (String::new(), Ok(())));
        assert_eq!(run_on(b"000"), (String::new(), Ok(())));
    }
}
