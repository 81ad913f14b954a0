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
//! chosen, the presses of every lower row are forced: a piece of row `r - 1`
//! that is still wrong can only be fixed by pressing the piece right below it,
//! since nothing else left to press touches it. So for each goal (all white,
//! all black) and each of the 2^4 top rows, chasing the wrong pieces down the
//! rows gives the only candidate with that top row, and it works exactly when
//! the bottom row ends right. The answer is the fewest presses over the
//! candidates that work. A board is 16 bits, row `r` in bits `4r..4r + 4`, so
//! a row of presses is a few shifts and XORs. Pressing is linear over GF(2):
//! the chase from a top row is the board's chase from an empty top row XOR
//! that top row's chase on an empty board, so a goal costs one chase and 16
//! lookups in a table of the top rows' chases, built at compile time.
//!
//! Complexity: per board, 2 goals × (one 3-row chase + 16 compares, and 16
//! popcounts for a goal that can be reached); O(1) memory per board. The input
//! is read whole: the peak is about twice its size (proconio keeps a copy of
//! its own) plus the program's 2 MiB or so. Every one of the 65,536 boards is
//! checked in the tests against a brute force over all 2^16 press sets.
//!
//! Input: only the sequence of pieces matters, 16 to a board, with any
//! whitespace between them (CRLF lines, no final newline, pieces spread over
//! lines). Bad input (a character other than `b`/`w`, or the input ending
//! inside a board): the answers to the boards before it are printed, then one
//! line on stderr names the board and the fault, control characters escaped,
//! and the exit status is 1 — also when stderr itself cannot be written.

use proconio::source::{once::OnceSource, Source};
use std::borrow::Cow;
use std::io::{self, BufWriter, Read, Write};

/// Side length of the field.
const SIDE: u32 = 4;
/// A row of the field as a bit mask: bit `c` is column `c`.
const ROW_MASK: u16 = (1 << SIDE) - 1;

/// A field, bit `4 * row + column` set where the piece shows black.
type Board = u16;

/// What pressing the pieces `presses` (a row mask) of `row` flips: in `row`,
/// each pressed piece and its left and right neighbours; in the rows above and
/// below, the pieces straight above and below the pressed ones (past the top
/// or bottom row, those bits fall off the 16).
const fn press_row(presses: u16, row: u32) -> Board {
    let within_row = (presses ^ (presses << 1) ^ (presses >> 1)) & ROW_MASK;
    let pressed = presses << (SIDE * row);
    (within_row << (SIDE * row)) ^ (pressed >> SIDE) ^ (pressed << SIDE)
}

/// Presses `top_row`, then in each lower row the pieces right below those
/// still to flip in the row above: every press made, and what is still left
/// to flip (only the bottom row can be left).
const fn chase(to_flip: Board, top_row: u16) -> (Board, Board) {
    let mut left_to_flip = to_flip ^ press_row(top_row, 0);
    let mut presses = top_row;
    let mut row = 1;
    while row < SIDE {
        // Only a press right below can still fix a piece left in the row above.
        let forced = (left_to_flip >> (SIDE * (row - 1))) & ROW_MASK;
        left_to_flip ^= press_row(forced, row);
        presses |= forced << (SIDE * row);
        row += 1;
    }
    (presses, left_to_flip)
}

/// `chase(0, top_row)` for every top row, built at compile time. Pressing is
/// XOR-linear, so `chase(to_flip, top_row)` is `chase(to_flip, 0)` XOR this
/// entry, in both halves: one chase per goal instead of sixteen.
const TOP_ROW_CHASES: [(Board, Board); 1 << SIDE] = {
    let mut chases = [(0, 0); 1 << SIDE];
    let mut top_row = 0;
    while top_row <= ROW_MASK {
        chases[top_row as usize] = chase(0, top_row);
        top_row += 1;
    }
    chases
};

/// The fewest presses that flip exactly the pieces `to_flip`, if any set
/// does: the fewest over the top rows whose chase leaves nothing to flip.
fn fewest_presses(to_flip: Board) -> Option<u32> {
    let (presses, left_to_flip) = chase(to_flip, 0);
    TOP_ROW_CHASES
        .iter()
        .filter(|&&(_, top_row_left)| top_row_left == left_to_flip)
        .map(|&(top_row_presses, _)| (top_row_presses ^ presses).count_ones())
        .min()
}

/// The fewest rounds that make `board` one colour, or `None` if none do.
fn fewest_rounds(board: Board) -> Option<u32> {
    // All white: flip the black pieces; all black: flip the white ones.
    [board, !board].into_iter().filter_map(fewest_presses).min()
}

/// Answers every board of `input`, one line each, in order. Bad input or a
/// failed write ends the run with the one line that says what went wrong; the
/// answers to the boards before it stay written.
fn run(input: &[u8], out: &mut impl Write) -> Result<(), String> {
    // Input that is not UTF-8 is read up to its first bad byte, which becomes
    // U+FFFD (as `String::from_utf8_lossy` has it): a bad piece of its board,
    // so nothing past it is ever read.
    let text = match std::str::from_utf8(input) {
        Ok(text) => Cow::Borrowed(text),
        Err(error) => String::from_utf8_lossy(&input[..=error.valid_up_to()]),
    };
    let mut tokens = OnceSource::from(&*text);
    let (mut board, mut pieces, mut boards_done): (Board, u32, usize) = (0, 0, 0);
    // The pieces of a board may be spread over tokens any way at all.
    while let Some(token) = tokens.next_token() {
        for (at, byte) in token.bytes().enumerate() {
            let black = match byte {
                b'b' => 1,
                b'w' => 0,
                _ => {
                    // Every byte before it was a piece, so `at` starts a character; `{:?}`
                    // escapes control characters, which could drive a terminal.
                    let piece = token[at..].chars().next().unwrap_or_default();
                    let board = boards_done + 1;
                    return Err(format!(
                        "board {board}: unexpected character {piece:?}, expected 'b' or 'w'"
                    ));
                }
            };
            board |= black << pieces;
            pieces += 1;
            if pieces == SIDE * SIDE {
                let written = match fewest_rounds(board) {
                    Some(rounds) => writeln!(out, "{rounds}"),
                    None => writeln!(out, "Impossible"),
                };
                written.map_err(cannot_write)?;
                (board, pieces, boards_done) = (0, 0, boards_done + 1);
            }
        }
    }
    if pieces > 0 {
        let board = boards_done + 1;
        return Err(format!(
            "board {board}: input ends after {pieces} of 16 pieces"
        ));
    }
    Ok(())
}

fn cannot_write(error: io::Error) -> String {
    format!("cannot write the output: {error}")
}

fn main() {
    let mut input = Vec::new();
    let read = io::stdin().lock().read_to_end(&mut input);
    let read = read.map_err(|error| format!("cannot read the input: {error}"));
    // 64 KiB, not the default 8: the buffer this program has always had, so a stdout
    // that fails is reported at the same answer (docs/performance.md).
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    // A read that fails keeps the bytes read before it: their boards are answered, and the
    // failed read, not the cut it left, is the fault told.
    let result = run(&input, &mut out);
    let result = read.and(result);
    // Answers before a bad board stay printed; the first fault is the one told.
    let flushed = out.flush().map_err(cannot_write);
    if let Err(message) = result.and(flushed) {
        // When stderr cannot be written either, the exit status alone tells
        // (`eprintln!` would panic instead).
        let _ = writeln!(io::stderr(), "{message}");
        std::process::exit(1);
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
    fn run_to_string(input: &str) -> (String, Result<(), String>) {
        run_on_bytes(input.as_bytes())
    }

    fn run_on_bytes(input: &[u8]) -> (String, Result<(), String>) {
        let mut out = Vec::new();
        let result = run(input, &mut out);
        (String::from_utf8(out).expect("output is ASCII"), result)
    }

    /// A stdout where every write fails.
    struct Unwritable;

    impl Write for Unwritable {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::Other, "no space left"))
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failed_write_ends_the_run_and_is_told() {
        let result = run(b"bwwb bbwb bwwb bwww", &mut Unwritable);
        assert_eq!(result, Err("cannot write the output: no space left".into()));
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
            "bwwb\x0bbbwb\x0cbwwb\u{3000}bwww\u{85}",
        ] {
            assert_eq!(
                run_to_string(input),
                (expected.to_string(), Ok(())),
                "{input:?}"
            );
        }
    }

    /// The program as the statement reads: the characters of the input (a byte that is not
    /// UTF-8 is U+FFFD), whitespace skipped, 16 pieces to a board, then the brute force's
    /// answers `expected`.
    fn model(input: &[u8], expected: &[Option<u32>]) -> (String, Result<(), String>) {
        let text = String::from_utf8_lossy(input);
        let mut output = String::new();
        let mut pieces = Vec::new();
        for piece in text.chars().filter(|piece| !piece.is_whitespace()) {
            let board = output.lines().count() + 1;
            if piece != 'b' && piece != 'w' {
                let fault =
                    format!("board {board}: unexpected character {piece:?}, expected 'b' or 'w'");
                return (output, Err(fault));
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
            Err(format!(
                "board {board}: input ends after {pieces} of 16 pieces"
            ))
        };
        (output, result)
    }

    #[test]
    fn random_inputs_of_pieces_spaces_and_other_bytes_read_as_the_model() {
        let expected = brute_force::brute_force_table();
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
                model(&input, &expected),
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
            result.unwrap_err(),
            "board 2: unexpected character 'x', expected 'b' or 'w'"
        );
    }

    #[test]
    fn upper_case_and_other_letters_are_rejected() {
        for (input, piece) in [
            ("Bwwb\nbbwb\nbwwb\nbwww\n", 'B'),
            ("bwwb\nbbwb\nbwwb\nbww0\n", '0'),
        ] {
            let (_, result) = run_to_string(input);
            let fault = format!("board 1: unexpected character {piece:?}, expected 'b' or 'w'");
            assert_eq!(result, Err(fault));
        }
    }

    #[test]
    fn non_utf8_byte_is_a_bad_piece() {
        let raw = b"bwwb\nbb\xffb\nbwwb\nbwww\n";
        let (_, result) = run_on_bytes(raw);
        let fault = "board 1: unexpected character '\u{fffd}', expected 'b' or 'w'";
        assert_eq!(result, Err(fault.into()));
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
            let line = result.unwrap_err();
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
            result.unwrap_err(),
            "board 2: input ends after 6 of 16 pieces"
        );
    }
}
