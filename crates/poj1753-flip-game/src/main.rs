//! POJ 1753 — Flip Game. <http://poj.org/problem?id=1753>
//!
//! A 4×4 field of two-sided pieces, each black (`b`) or white (`w`). A round
//! flips one chosen piece and its up/down/left/right neighbours. Print the
//! fewest rounds that make every piece show the same colour, `0` for a field
//! that already is uniform, or `Impossible`. This program answers every board
//! in its input, one line each (the judge sends exactly one).
//!
//! Approach: rounds commute and two rounds on the same piece cancel, so a
//! solution is a *set* of pressed pieces. Once the presses of the top row are
//! fixed, the presses of every lower row are forced: a piece in row `r - 1`
//! that is still wrong can only be fixed by pressing the piece right below it,
//! since nothing else left to press touches it. So for each of the two goals
//! (all black, all white) and each of the 2^4 top-row choices, chasing the
//! wrong pieces down the rows yields the only candidate with that top row; it
//! works when the bottom row ends right. The answer is the fewest presses over
//! the working candidates. Rows are 4-bit nibbles of a 16-bit board, so a
//! whole row of presses is applied with a few shifts and XORs. Pressing is
//! linear over GF(2), so the sixteen chases of a board are one chase of the
//! board XOR a constant chase of each top row on an empty board (a table of
//! 16 entries built at compile time), and that one chase is the XOR of two
//! table entries, one per byte of the board. Every top row's own chase leaves
//! nothing to flip, so a board can be solved exactly when its chase leaves
//! nothing (1 in 16 can), and then all sixteen candidates work: the fewest
//! presses among them is looked up in a table of 4096 entries, built at
//! compile time, indexed by the chase's presses below the top row.
//!
//! Reading: a board written as the judge writes it (four lines of four
//! pieces) is read whole, as two words of eight pieces; anything else goes
//! through a plain loop over the input's bytes, a 64 KiB chunk at a time,
//! with a 256-entry table saying what each byte is (piece, blank, other),
//! four bytes at once where four pieces come in a row. Answers are gathered
//! in an output buffer of our own, each copied as a block of fixed size.
//! proconio is not used: a token source under `input!` cost 2.5 times the
//! least any program pays to read this input and write its answers, and
//! this reading 0.7 to 0.9 times (the figures are in `docs/performance.md`).
//!
//! Complexity: per board, 2 goals × (two table loads, and for a possible
//! board one more); reading is linear in the input. Memory is flat: one
//! 64 KiB chunk of input and one of output, whatever the input size.
//! Every one of the 65,536 boards is checked in the tests against a brute
//! force over all 2^16 press sets.
//!
//! Bad input (a character other than `b`/`w`, or the input ending inside a
//! board): the answers to the boards before it are printed, then one line on
//! stderr names the board and the fault, control characters escaped, and the
//! exit status is 1 — also when stderr itself cannot be written.

use std::fmt;
use std::io::{self, Read, Write};

/// Side length of the field.
const SIDE: u32 = 4;
/// A row of the field as a bit mask: bit `c` is column `c`.
const ROW_MASK: u16 = (1 << SIDE) - 1;
/// Every piece on the field.
const ALL_PIECES: u16 = u16::MAX;

/// A field, bit `4 * row + column` set where the piece shows black.
type Board = u16;

/// What pressing each piece of the set `presses` (a row mask) in `row` flips:
/// in `row`, each pressed piece and its left and right neighbours; in the rows
/// above and below, the pieces straight above and below the pressed ones.
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

/// The outcome of pressing `top_row` and then chasing the pieces that must
/// flip (`to_flip`) down the rows: every press made, and what is still left to
/// flip afterwards (only the bottom row can be left).
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
        // Only a press right below can still fix a piece left in the row above.
        let forced = (left_to_flip >> (SIDE * (row - 1))) & ROW_MASK;
        left_to_flip ^= row_press_effect(forced, row);
        presses |= forced << (SIDE * row);
        row += 1;
    }
    Chase {
        presses,
        left_to_flip,
    }
}

/// `chase(0, top_row)` for every top row. Pressing is XOR-linear, so
/// `chase(to_flip, top_row)` is `chase(to_flip, 0)` XOR `TOP_ROW_CHASES[top_row]`
/// in both fields: one chase per board instead of sixteen.
const TOP_ROW_CHASES: [Chase; 1 << SIDE] = {
    let mut chases = [Chase {
        presses: 0,
        left_to_flip: 0,
    }; 1 << SIDE];
    let mut top_row = 0;
    while top_row <= ROW_MASK {
        chases[top_row as usize] = chase(0, top_row);
        top_row += 1;
    }
    chases
};

/// `chase(byte << (8 * half), 0)` for each byte of each half of a board. By linearity,
/// `chase(to_flip, 0)` is the XOR of the entries of its two bytes: two loads instead of three
/// rows of chasing, which made the solving a third of the run time.
const BYTE_CHASES: [[Chase; 256]; 2] = {
    let mut chases = [[Chase {
        presses: 0,
        left_to_flip: 0,
    }; 256]; 2];
    let mut byte = 0;
    while byte < 256 {
        chases[0][byte] = chase(byte as Board, 0);
        chases[1][byte] = chase((byte as Board) << 8, 0);
        byte += 1;
    }
    chases
};

/// `chase(to_flip, 0)`, from the byte tables.
fn chase_from_empty_top_row(to_flip: Board) -> Chase {
    let low = BYTE_CHASES[0][usize::from(to_flip & 0xFF)];
    let high = BYTE_CHASES[1][usize::from(to_flip >> 8)];
    Chase {
        presses: low.presses ^ high.presses,
        left_to_flip: low.left_to_flip ^ high.left_to_flip,
    }
}

/// Every top row's chase on an empty board leaves nothing to flip: the press sets that change
/// nothing form a space of dimension 4, one for each top row (checked here, at compile time).
/// So a board can be solved exactly when its own chase leaves nothing, and then every one of
/// the sixteen candidates works: no board needs its candidates filtered.
const _: () = {
    let mut top_row = 0;
    while top_row < TOP_ROW_CHASES.len() {
        assert!(TOP_ROW_CHASES[top_row].left_to_flip == 0);
        top_row += 1;
    }
};

/// `FEWEST_PRESSES[lower_rows]`: the fewest presses among the sixteen candidates of a chase whose
/// presses in rows 1 to 3 are `lower_rows` (bit `4 * (row - 1) + column`) and none in row 0, as
/// a chase from an empty top row has: the fewest over the top rows of
/// `(lower_rows << 4) ^ TOP_ROW_CHASES[top_row].presses`. A lookup, not sixteen popcounts, which
/// cost as much as all the rest of the solving.
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

/// The fewest presses that turn `board` into `goal`, if any set does.
fn presses_to_reach(board: Board, goal: Board) -> Option<u32> {
    let base = chase_from_empty_top_row(board ^ goal);
    if base.left_to_flip != 0 {
        return None;
    }
    Some(u32::from(FEWEST_PRESSES[usize::from(base.presses >> SIDE)]))
}

/// The fewest rounds that make `board` one colour, or `None` if no set of
/// rounds does.
pub fn fewest_rounds(board: Board) -> Option<u32> {
    match (
        presses_to_reach(board, 0),
        presses_to_reach(board, ALL_PIECES),
    ) {
        (Some(to_white), Some(to_black)) => Some(to_white.min(to_black)),
        (one, other) => one.or(other),
    }
}

/// Why the input could not be read as a sequence of boards.
#[derive(Debug, PartialEq, Eq)]
pub enum InputError {
    /// A character other than `b` or `w` inside board `board` (1-based).
    BadPiece { board: usize, piece: char },
    /// The input ended after `pieces` of the 16 pieces of board `board`.
    Truncated { board: usize, pieces: u32 },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::BadPiece { board, piece } => {
                write!(
                    f,
                    "board {board}: unexpected character {piece:?}, expected 'b' or 'w'"
                )
            }
            InputError::Truncated { board, pieces } => write!(
                f,
                "board {board}: input ends after {pieces} of {} pieces",
                SIDE * SIDE
            ),
        }
    }
}

/// Why a run stopped early.
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

/// What a byte is to a board: `CELL[byte]` is one of these.
const WHITE: u8 = 0;
const BLACK: u8 = 1;
/// ASCII whitespace as `char::is_whitespace` has it: tab, line feed, vertical tab, form feed,
/// carriage return, space.
const SPACE: u8 = 2;
/// Anything else, including every byte of a multi-byte character: a bad piece, unless the
/// character is a Unicode space (U+3000, for one).
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

/// Eight bytes as pieces, the first in the lowest byte of `bytes`: bit `k` of the mask is set
/// where byte `k` is `b`, and the flag says whether all eight are `b` or `w`. The two letters
/// differ in bits 0, 2 and 4 (`b` = 0x62 has none of them, `w` = 0x77 all three) and agree in
/// the others.
const fn eight_pieces(bytes: u64) -> (u8, bool) {
    const ONES: u64 = u64::MAX / 255;
    let agree = bytes & (ONES * 0xEA) == ONES * 0x62;
    // Bits 0, 2 and 4 of each byte equal: all clear or all set.
    let same = (bytes ^ (bytes >> 2)) & (ONES * 0x05) == 0;
    // Bit 4 clear marks `b`; the multiplication gathers byte k's bit into bit 56 + k.
    let black = ((!bytes >> 4) & ONES).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    (black as u8, agree && same)
}

/// Four bytes as pieces, as `eight_pieces` reads them: four `w` bytes above them pass and add
/// no black piece.
const fn four_pieces(bytes: u32) -> (Board, bool) {
    const FOUR_WHITE: u64 = 0x7777_7777 << 32;
    let (black, valid) = eight_pieces(bytes as u64 | FOUR_WHITE);
    (black as Board, valid)
}

/// Bytes of a board as the judge writes it: four lines of four pieces, each ending in `\n`.
const BOARD_TEXT: usize = 20;

/// The board `text` holds if it is written as the judge writes it, `None` for anything else
/// (which the byte loop then reads). Its 16 pieces are read as two words of eight.
fn board_as_written(text: &[u8; BOARD_TEXT]) -> Option<Board> {
    let line = |row: usize| {
        let start = 5 * row;
        u64::from(u32::from_le_bytes([
            text[start],
            text[start + 1],
            text[start + 2],
            text[start + 3],
        ]))
    };
    let (upper_black, upper_valid) = eight_pieces(line(0) | line(1) << 32);
    let (lower_black, lower_valid) = eight_pieces(line(2) | line(3) << 32);
    let line_ends = [text[4], text[9], text[14], text[19]];
    // `&`, not `&&`: one branch for the whole board.
    let written = upper_valid & lower_valid & (u32::from_le_bytes(line_ends) == 0x0A0A_0A0A);
    written.then_some(Board::from(upper_black) | Board::from(lower_black) << 8)
}

/// The answers, gathered in a buffer of our own and written a chunk at a time. Each answer is
/// copied in as a block of a size known at compile time, a few moves, where `BufWriter` calls
/// `memcpy` for every write, a call per answer.
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

    /// Writes out everything written so far.
    fn flush(&mut self) -> io::Result<()> {
        self.write_buffer()?;
        self.writer.flush()
    }
}

fn write_answer(out: &mut Output<impl Write>, board: Board) -> io::Result<()> {
    match fewest_rounds(board) {
        // At most 6: one digit.
        Some(rounds) => out.write_block(&[b'0' + rounds as u8, b'\n']),
        None => out.write_block(b"Impossible\n"),
    }
}

/// Answers every board of `input`, one line each, in order. On bad input the answers to the
/// boards before it are written, then the error is returned.
///
/// The pieces of a board may be spread over lines and blanks any way at all: only the sequence
/// of characters that are not whitespace matters, whitespace as `str::split_whitespace` has it.
fn answer_boards<R: Read>(
    input: &mut Input<R>,
    out: &mut Output<impl Write>,
) -> Result<(), Failure> {
    let mut board: Board = 0;
    let mut pieces = 0;
    let mut boards_done = 0;
    loop {
        let unread = input.unread();
        let mut consumed = 0;
        loop {
            // A whole board at once where it comes as the judge writes it.
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
            // Four pieces at once where four `b`/`w` bytes come and fit in the board: the
            // judge's lines of four come this way, and this made reading them twice as fast.
            // (Blanks first: trying four bytes at each line end, and failing, cost more.)
            if pieces <= SIDE * SIDE - 4 {
                if let Some(four) = unread.get(consumed..consumed + 4) {
                    let (black, valid) =
                        four_pieces(u32::from_le_bytes([four[0], four[1], four[2], four[3]]));
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
            // A byte the loop does not take: its character is a Unicode space or a bad piece.
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

/// Answers every board read from `reader`; see `answer_boards`.
pub fn run(reader: impl Read, out: &mut impl Write) -> Result<(), Failure> {
    run_in_chunks(reader, CHUNK, out)
}

fn run_in_chunks(reader: impl Read, chunk: usize, out: &mut impl Write) -> Result<(), Failure> {
    let mut input = Input::with_chunk(reader, chunk);
    let mut output = Output::new(out);
    let outcome = answer_boards(&mut input, &mut output);
    // Written in every case: answers before a bad board stay printed.
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

/// The brute force over all 2^16 press sets, also what `examples/brute.rs` answers with.
#[cfg(test)]
#[path = "../examples/shared/brute_force.rs"]
mod brute_force;

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the whole program on `input`: what it printed, and the fault.
    fn run_to_string(input: &str) -> (String, Result<(), InputError>) {
        run_on_bytes(input.as_bytes())
    }

    fn run_on_bytes(input: &[u8]) -> (String, Result<(), InputError>) {
        let whole = run_with_chunk(input, CHUNK);
        // The input read a few bytes at a time: pieces, characters and faults cut by the end of
        // a read, then read on.
        for chunk in 1..=6 {
            assert_eq!(run_with_chunk(input, chunk), whole, "{input:?} by {chunk}");
        }
        whole
    }

    fn run_with_chunk(input: &[u8], chunk: usize) -> (String, Result<(), InputError>) {
        let mut out = Vec::new();
        let result = match run_in_chunks(input, chunk, &mut out) {
            Ok(()) => Ok(()),
            Err(Failure::Input(error)) => Err(error),
            Err(Failure::Read(error) | Failure::Output(error)) => {
                panic!("reading or writing memory failed: {error}")
            }
        };
        (String::from_utf8(out).expect("output is ASCII"), result)
    }

    #[test]
    fn four_pieces_at_once_read_as_one_at_a_time() {
        // Every four bytes drawn from the pieces, their near misses (bytes differing from `b`
        // or `w` in one bit), blanks and others.
        let mut bytes = vec![b'b', b'w', b' ', b'\n', 0, 0xFF, 0xE2, b'B', b'W'];
        for bit in 0..8 {
            bytes.push(b'b' ^ (1 << bit));
            bytes.push(b'w' ^ (1 << bit));
        }
        for &first in &bytes {
            for &second in &bytes {
                for &third in &bytes {
                    for &fourth in &bytes {
                        let four = [first, second, third, fourth];
                        let cells = four.map(|byte| CELL[usize::from(byte)]);
                        let valid = cells.iter().all(|&cell| cell <= BLACK);
                        let (black, all_pieces) = four_pieces(u32::from_le_bytes(four));
                        assert_eq!(all_pieces, valid, "{four:?}");
                        if valid {
                            let expected =
                                (0..4).fold(0, |mask, k| mask | Board::from(cells[k]) << k);
                            assert_eq!(black, expected, "{four:?}");
                        }
                    }
                }
            }
        }
    }

    /// Reads `samples/poj1753-flip-game/<name>.in` and its `.out` at compile time.
    macro_rules! sample {
        ($name:literal) => {
            (
                include_str!(concat!("../../../samples/poj1753-flip-game/", $name, ".in")),
                include_str!(concat!(
                    "../../../samples/poj1753-flip-game/",
                    $name,
                    ".out"
                )),
            )
        };
    }

    #[test]
    fn samples() {
        let cases = [
            sample!("1"),
            sample!("2"),
            sample!("3"),
            sample!("4"),
            sample!("5"),
            sample!("6"),
        ];
        for (number, (input, expected)) in cases.iter().enumerate() {
            let (output, result) = run_to_string(input);
            assert_eq!(result, Ok(()), "sample {}", number + 1);
            assert_eq!(output, *expected, "sample {}", number + 1);
        }
    }

    #[test]
    fn every_board_matches_brute_force() {
        let expected = brute_force::brute_force_table();
        for board in 0..=u16::MAX {
            assert_eq!(
                fewest_rounds(board),
                expected[usize::from(board)],
                "board {board:#06x}"
            );
        }
    }

    #[test]
    fn answer_counts_over_all_boards_match_the_spec() {
        let mut counts = [0u32; 17];
        let mut impossible = 0;
        for board in 0..=u16::MAX {
            match fewest_rounds(board) {
                Some(rounds) => counts[rounds as usize] += 1,
                None => impossible += 1,
            }
        }
        assert_eq!(counts[..7], [2, 32, 228, 880, 1562, 1136, 256]);
        assert!(counts[7..].iter().all(|&count| count == 0));
        assert_eq!(impossible, 65_536 - 4_096);
    }

    #[test]
    fn uniform_boards_need_no_rounds() {
        assert_eq!(run_to_string("wwww\nwwww\nwwww\nwwww\n").0, "0\n");
        assert_eq!(run_to_string("bbbb\nbbbb\nbbbb\nbbbb\n").0, "0\n");
    }

    #[test]
    fn one_round_from_uniform() {
        // A corner press on an all-white field.
        assert_eq!(run_to_string("bbww\nbwww\nwwww\nwwww\n").0, "1\n");
    }

    #[test]
    fn layout_of_pieces_does_not_matter() {
        let expected = "4\n";
        for input in [
            "bwwb\nbbwb\nbwwb\nbwww\n",
            "bwwb\r\nbbwb\r\nbwwb\r\nbwww\r\n",
            "bwwb\r\nbbwb\r\nbwwb\r\nbwww",
            "bwwbbbwbbwwbbwww",
            "  bwwb \t bbwb\n\n\nbwwb\nbwww\n\n",
            "b w w b\nb b w b\nb w w b\nb w w w\n",
        ] {
            assert_eq!(
                run_to_string(input),
                (expected.to_string(), Ok(())),
                "{input:?}"
            );
        }
    }

    /// The program as the statement reads: the characters of the input (a byte that is not
    /// UTF-8 is U+FFFD), whitespace skipped, 16 pieces to a board, then the brute force.
    fn model(input: &[u8]) -> (String, Result<(), InputError>) {
        let expected = brute_force::brute_force_table();
        let text = String::from_utf8_lossy(input);
        let mut output = String::new();
        let mut pieces = Vec::new();
        for piece in text.chars().filter(|piece| !piece.is_whitespace()) {
            let board = output.lines().count() + 1;
            if piece != 'b' && piece != 'w' {
                return (output, Err(InputError::BadPiece { board, piece }));
            }
            pieces.push(piece == 'b');
            if pieces.len() == 16 {
                let board = (0..16).fold(0, |board, k| board | Board::from(pieces[k]) << k);
                match expected[usize::from(board)] {
                    Some(rounds) => output += &format!("{rounds}\n"),
                    None => output += "Impossible\n",
                }
                pieces.clear();
            }
        }
        let board = output.lines().count() + 1;
        let pieces = pieces.len() as u32;
        let result = if pieces == 0 {
            Ok(())
        } else {
            Err(InputError::Truncated { board, pieces })
        };
        (output, result)
    }

    #[test]
    fn random_inputs_of_pieces_spaces_and_other_bytes_read_as_the_model() {
        let mut rng = fastrand::Rng::with_seed(1753);
        let parts: [&[u8]; 16] = [
            b"b",
            b"w",
            b"bwwb",
            b"wwbb",
            b" ",
            b"\n",
            b"\r\n",
            b"\t\x0b\x0c",
            "\u{3000}".as_bytes(),
            "\u{a0}".as_bytes(),
            "\u{85}".as_bytes(),
            "\u{e9}".as_bytes(),
            b"\xff",
            b"\xe2\x82",
            b"\xf0\x9f\x98",
            b"x",
        ];
        for case in 0..3000 {
            let mut input = Vec::new();
            let common = rng.usize(..4);
            for _ in 0..rng.usize(0..80) {
                // Mostly pieces and blanks, so that inputs get through several boards.
                let part = if rng.usize(..20) == 0 {
                    rng.usize(..parts.len())
                } else {
                    common + 4 * rng.usize(..2)
                };
                input.extend_from_slice(parts[part]);
            }
            assert_eq!(
                run_on_bytes(&input),
                model(&input),
                "case {case}: {input:?}"
            );
        }
    }

    #[test]
    fn boards_as_the_judge_writes_them_with_a_byte_changed_read_as_the_model() {
        // The whole-board path must take exactly the boards written `xxxx\n` four times, and
        // leave every near miss to the byte loop.
        let mut rng = fastrand::Rng::with_seed(0x1753_B0A2);
        let mut others = vec![b' ', b'\r', b'\t', b'\n', b'B', b'W', 0, 0xFF, 0xE3, 0x0B];
        for bit in 0..8 {
            others.extend([b'b' ^ (1 << bit), b'w' ^ (1 << bit), b'\n' ^ (1 << bit)]);
        }
        for case in 0..3000 {
            let mut input = Vec::new();
            for _ in 0..rng.usize(1..5) {
                for _ in 0..SIDE {
                    for _ in 0..SIDE {
                        input.push(if rng.bool() { b'b' } else { b'w' });
                    }
                    input.push(b'\n');
                }
            }
            for _ in 0..rng.usize(0..3) {
                let at = rng.usize(..input.len());
                input[at] = others[rng.usize(..others.len())];
            }
            if rng.usize(..4) == 0 {
                input.insert(rng.usize(..=input.len()), b' ');
            }
            assert_eq!(
                run_on_bytes(&input),
                model(&input),
                "case {case}: {input:?}"
            );
        }
    }

    #[test]
    fn empty_input_has_no_answers() {
        assert_eq!(run_to_string(""), (String::new(), Ok(())));
        assert_eq!(run_to_string(" \r\n\n\t"), (String::new(), Ok(())));
    }

    #[test]
    fn bad_piece_names_its_board_after_earlier_answers() {
        let input = "wwwwwwwwwwwwwwww\nbwwb\nbbxb\nbwwb\nbwww\n";
        let (output, result) = run_to_string(input);
        assert_eq!(output, "0\n");
        assert_eq!(
            result,
            Err(InputError::BadPiece {
                board: 2,
                piece: 'x'
            })
        );
        assert_eq!(
            result.unwrap_err().to_string(),
            "board 2: unexpected character 'x', expected 'b' or 'w'"
        );
    }

    #[test]
    fn upper_case_and_other_letters_are_rejected() {
        let (_, result) = run_to_string("Bwwb\nbbwb\nbwwb\nbwww\n");
        assert_eq!(
            result,
            Err(InputError::BadPiece {
                board: 1,
                piece: 'B'
            })
        );
        let (_, result) = run_to_string("bwwb\nbbwb\nbwwb\nbww0\n");
        assert_eq!(
            result,
            Err(InputError::BadPiece {
                board: 1,
                piece: '0'
            })
        );
    }

    #[test]
    fn non_utf8_byte_is_a_bad_piece() {
        let raw = b"bwwb\nbb\xffb\nbwwb\nbwww\n";
        let (_, result) = run_on_bytes(raw);
        let piece = char::REPLACEMENT_CHARACTER;
        assert_eq!(result, Err(InputError::BadPiece { board: 1, piece }));
    }

    #[test]
    fn cutting_the_input_at_its_first_non_utf8_byte_changes_nothing() {
        // What the whole input converted by `from_utf8_lossy` gives, for bytes that are not UTF-8
        // anywhere: in a board, after answered boards, in a run, or an unfinished sequence at the
        // very end.
        let cases: [&[u8]; 6] = [
            b"\xff",
            b"wwwwwwwwwwwwwwww\nbw\xff\xfe\n",
            b"bbbbbbbbbbbbbbbb bwwb bbwb bwwb bww\x80",
            b"wwww wwww wwww wwww \xe2\x82",
            b"wwww wwww wwww wwww\n\xc3",
            b"bwwb bbwb bwwb bwww b\xf0\x9f\x98b bbbb",
        ];
        for raw in cases {
            assert_eq!(
                run_on_bytes(raw),
                run_to_string(&String::from_utf8_lossy(raw)),
                "{raw:?}"
            );
        }
    }

    #[test]
    fn control_characters_are_escaped_in_the_error_line() {
        // Raw NUL or ESC bytes written to a terminal could garble it or drive it.
        for (input, shown) in [
            ("bwwb\nb\0\x1bb\n", r"'\0'"),
            ("bwwb\nb\x1b\0b\n", r"'\u{1b}'"),
            ("\u{9b}bwwb", r"'\u{9b}'"),
        ] {
            let (_, result) = run_to_string(input);
            let line = result.unwrap_err().to_string();
            assert_eq!(
                line,
                format!("board 1: unexpected character {shown}, expected 'b' or 'w'")
            );
            assert!(!line.chars().any(char::is_control), "{line:?}");
        }
    }

    #[test]
    fn input_ending_inside_a_board_is_reported() {
        let (output, result) = run_to_string("bwwb\nbbwb\nbwwb\nbwww\nbwwb\nbb");
        assert_eq!(output, "4\n");
        assert_eq!(
            result,
            Err(InputError::Truncated {
                board: 2,
                pieces: 6
            })
        );
        assert_eq!(
            result.unwrap_err().to_string(),
            "board 2: input ends after 6 of 16 pieces"
        );
    }
}
