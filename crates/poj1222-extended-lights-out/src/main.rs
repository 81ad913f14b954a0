//! POJ 1222 — Extended Lights Out. <http://poj.org/problem?id=1222>
//! (also NowCoder NC230527, <https://ac.nowcoder.com/acm/problem/230527>)
//!
//! A board of 5 rows by 6 buttons, each with a light. Pressing a button toggles its own light
//! and the lights directly above, below, left and right of it. For each given pattern of lit
//! lights, print the set of buttons to press (each at most once) that turns every light off.
//!
//! Approach: presses commute and two presses of a button cancel, so over GF(2) the lights a set
//! of presses `x` toggles are `A·x`, with `A` the 30×30 press matrix, and the answer is
//! `A⁻¹·lights`. `A` has full rank (a test checks it), so the answer is unique and any correct
//! method prints the same output. `A⁻¹` is computed at compile time, by Gauss–Jordan
//! elimination in a `const fn`; its column `j` is the press set that toggles light `j` alone,
//! so by linearity a puzzle's answer is the XOR of the columns of its lit lights. The textbook
//! method (try the 2^6 presses of the top row and let each row's leftover lights force the
//! presses of the row below) is right too: the tests compare against it.
//!
//! Complexity: O(1) per puzzle, 30 masked XORs; the elimination runs once, at compile time, in
//! 30² word operations. Memory: the input once (proconio's `OnceSource` holds it whole; see
//! `Input` for why it is not copied), the answers written through a `BufWriter` as they are
//! found: 100,000 puzzles (5.7 MB) peak at 7.6 MiB, within POJ's 10 MB.
//!
//! Input: any whitespace (`\r` included) separates values, and line structure is not checked;
//! a byte that is not UTF-8 reads as U+FFFD. The count is plain decimal digits. Each value
//! must be exactly the token `0` or `1`: `01`, `2`, or two values glued into `11` are errors.
//! Bad input prints the answers of the puzzles before it, then one line on stderr naming the
//! puzzle (or the count) and the fault, with the token escaped (no raw control characters) and
//! cut to 24 characters, and exits with status 1, also when stderr itself cannot be written.
//! Data after the last counted puzzle is such an error too, reported after every counted
//! answer is printed: a count that disagrees with the data means one of them is wrong.
//!
//! Judges: POJ has no Rust compiler; NowCoder compiles the bundle (proconio inlined) with plain
//! `rustc`. Output is compared byte for byte: one space between values, none at line ends.

use proconio::source::once::OnceSource;
use proconio::source::Source;
use std::io::{self, BufRead, BufWriter, Read, Write};

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

/// `A⁻¹`, by Gauss–Jordan elimination over GF(2) on `[A | I]`, each row one word: `A`'s part
/// in bits 0..30, `I`'s in bits 32..62. A button toggles a light exactly when that light's
/// button toggles the first button's light, so `A` is symmetric (its row `light` is
/// `press_effect(light)`) and so is `A⁻¹`: the rows the elimination leaves on the right are
/// also its columns. Entry `light` of the result is the press set that toggles that light alone.
const fn invert_press_matrix() -> [BoardMask; CELLS] {
    let mut rows = [0u64; CELLS];
    let mut light = 0;
    while light < CELLS {
        rows[light] = press_effect(light) as u64 | 1 << (32 + light);
        light += 1;
    }
    let mut pivot = 0;
    while pivot < CELLS {
        // Were `A` singular, this search would run off the array: a compile error.
        let mut found = pivot;
        while rows[found] >> pivot & 1 == 0 {
            found += 1;
        }
        let pivot_row = rows[found];
        rows[found] = rows[pivot];
        rows[pivot] = pivot_row;
        let mut other = 0;
        while other < CELLS {
            if other != pivot && rows[other] >> pivot & 1 == 1 {
                rows[other] ^= pivot_row;
            }
            other += 1;
        }
        pivot += 1;
    }
    let mut inverse = [0; CELLS];
    let mut light = 0;
    while light < CELLS {
        inverse[light] = (rows[light] >> 32) as BoardMask;
        light += 1;
    }
    inverse
}

/// `PRESSES_FOR_LIGHT[light]`: the presses that toggle `light` and no other light.
const PRESSES_FOR_LIGHT: [BoardMask; CELLS] = invert_press_matrix();

/// The unique set of presses that turns off every light of `lights`.
fn presses_to_clear(lights: BoardMask) -> BoardMask {
    // Multiplied by the light's bit rather than filtered by it: no branch to mispredict.
    (0..CELLS).fold(0, |presses, light| {
        presses ^ (PRESSES_FOR_LIGHT[light] * (lights >> light & 1))
    })
}

/// Writes the answer to puzzle number `puzzle`: its `PUZZLE #m` line and 5 rows of presses.
fn write_answer(out: &mut impl Write, puzzle: u64, presses: BoardMask) -> io::Result<()> {
    writeln!(out, "PUZZLE #{puzzle}")?;
    // Each press a digit followed by a space, or by a newline at the end of its row.
    let mut rows = [b' '; 2 * CELLS];
    for cell in 0..CELLS {
        rows[2 * cell] = b'0' + (presses >> cell & 1) as u8;
        if cell % COLUMNS == COLUMNS - 1 {
            rows[2 * cell + 1] = b'\n';
        }
    }
    out.write_all(&rows)
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

/// The input for proconio's `OnceSource`, which takes its source whole, with
/// `read_to_string`. That read differs from a plain reader's in two ways, both for the
/// bad-input contract: a byte that is not UTF-8 reads as U+FFFD (as `String::from_utf8_lossy`
/// makes it), so that it is reported as a bad value of its puzzle instead of failing the whole
/// read; and a read that fails ends the text there and is kept in `error`, to be reported after
/// the answers of the puzzles before it, instead of making proconio panic. Valid text is read
/// straight into proconio's buffer: the input is held once, as 100,000 puzzles (5.7 MB) must be
/// to fit POJ's 10 MB. Read any other way, this is `reader` as it is.
struct Input<R> {
    reader: R,
    error: Option<io::Error>,
}

impl<R: BufRead> Read for Input<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        self.reader.read(buffer)
    }

    fn read_to_string(&mut self, text: &mut String) -> io::Result<usize> {
        // Read onto the text's own bytes, which become the text again, uncopied, when valid.
        let mut bytes = std::mem::take(text).into_bytes();
        let start = bytes.len();
        if let Err(error) = self.reader.read_to_end(&mut bytes) {
            self.error = Some(error);
        }
        let read = bytes.len() - start;
        *text = String::from_utf8(bytes)
            .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned());
        Ok(read)
    }
}

impl<R: BufRead> BufRead for Input<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.reader.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.reader.consume(amount);
    }
}

/// The number of puzzles: plain decimal digits only.
fn read_count<R: BufRead>(tokens: &mut OnceSource<R>) -> Result<u64, String> {
    let token = tokens
        .next_token()
        .ok_or("count: the input is empty, expected the number of puzzles")?;
    let is_digits = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
    if is_digits(token) {
        // Digits only, so the parse can fail only by overflowing.
        token
            .parse()
            .map_err(|_| format!("count: {} is too large", shown(token)))
    } else if token.strip_prefix('-').is_some_and(is_digits) {
        Err(format!("count: {} is negative", shown(token)))
    } else {
        Err(format!(
            "count: {} is not a number of puzzles",
            shown(token)
        ))
    }
}

/// The 30 lights of puzzle number `puzzle` (of `count`) as a board mask.
fn read_lights<R: BufRead>(
    tokens: &mut OnceSource<R>,
    puzzle: u64,
    count: u64,
) -> Result<BoardMask, String> {
    let mut lights = 0;
    for cell in 0..CELLS {
        match tokens.next_token() {
            // One arm for both values: random lights would mispredict a branch between them.
            Some(value @ ("0" | "1")) => lights |= BoardMask::from(value == "1") << cell,
            Some(token) => {
                let (row, column) = (cell / COLUMNS + 1, cell % COLUMNS + 1);
                let token = shown(token);
                return Err(format!(
                    "puzzle #{puzzle}: row {row}, column {column} is {token}, expected 0 or 1"
                ));
            }
            None if cell == 0 => {
                return Err(format!(
                    "puzzle #{puzzle}: the input ends before it, but the count is {count}"
                ))
            }
            None => {
                return Err(format!(
                    "puzzle #{puzzle}: the input ends after {cell} of its {CELLS} values"
                ))
            }
        }
    }
    Ok(lights)
}

/// Answers every puzzle of `reader`, writing each answer as it is found, so that on bad input
/// the answers before the fault are already written; the error is the line to report.
fn answer_puzzles(reader: impl BufRead, out: &mut impl Write) -> Result<(), String> {
    let mut input = Input {
        reader,
        error: None,
    };
    let answered = answer_tokens(&mut OnceSource::new(&mut input), out);
    // A read that failed cut the input short: that, not the cut, is the fault.
    match input.error {
        Some(error) => Err(format!("cannot read the input: {error}")),
        None => answered,
    }
}

/// `answer_puzzles` on the input's tokens.
fn answer_tokens<R: BufRead>(
    tokens: &mut OnceSource<R>,
    out: &mut impl Write,
) -> Result<(), String> {
    let count = read_count(tokens)?;
    // Nothing is reserved for `count` puzzles: a huge count with little data fails where the
    // data ends.
    for puzzle in 1..=count {
        let lights = read_lights(tokens, puzzle, count)?;
        write_answer(out, puzzle, presses_to_clear(lights)).map_err(output_error)?;
    }
    match tokens.next_token() {
        Some(token) => Err(format!(
            "puzzle #{}: the count is {count}, but more data follows: {}",
            count.saturating_add(1),
            shown(token)
        )),
        None => Ok(()),
    }
}

fn output_error(error: io::Error) -> String {
    format!("cannot write the output: {error}")
}

fn main() {
    let mut out = BufWriter::new(io::stdout().lock());
    let answered = answer_puzzles(io::stdin().lock(), &mut out);
    // Flushed first, so that the answers before a fault are printed ahead of its error.
    let flushed = out.flush().map_err(output_error);
    if let Err(message) = answered.and(flushed) {
        // When stderr cannot be written either, the exit status alone reports the failure
        // (`eprintln!` would panic instead).
        let _ = writeln!(io::stderr(), "{message}");
        std::process::exit(1);
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
        let mut out = Vec::new();
        let result = answer_puzzles(input, &mut out);
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
        for (light, &presses) in PRESSES_FOR_LIGHT.iter().enumerate() {
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
                    Some(token) => format!(
                        "puzzle #{puzzle}: row {}, column {} is {}, expected 0 or 1",
                        cell / COLUMNS + 1,
                        cell % COLUMNS + 1,
                        shown(token)
                    ),
                    None if cell == 0 => {
                        format!(
                            "puzzle #{puzzle}: the input ends before it, but the count is {count}"
                        )
                    }
                    None => {
                        format!("puzzle #{puzzle}: the input ends after {cell} of its 30 values")
                    }
                };
                return (printed, Err(error));
            }
            printed += &answer_text(puzzle, presses_by_first_row_chase(lights).unwrap());
        }
        let result = match tokens.next() {
            Some(token) => Err(format!(
                "puzzle #{}: the count is {count}, but more data follows: {}",
                count + 1,
                shown(token)
            )),
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
    fn answers_print_any_puzzle_number() {
        for puzzle in [1, 9, 10, 99, 100, 12_345, u64::MAX] {
            let presses = 0x2A5_5AA5 & ((1 << CELLS) - 1);
            let mut out = Vec::new();
            write_answer(&mut out, puzzle, presses).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                answer_text(puzzle, presses)
            );
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

    /// Gives `data`, then fails as a broken device would.
    struct FailingReader<'a> {
        data: &'a [u8],
    }

    impl Read for FailingReader<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            if self.data.is_empty() {
                return Err(io::Error::new(io::ErrorKind::Other, "device gone"));
            }
            self.data.read(buffer)
        }
    }

    #[test]
    fn a_failed_read_is_reported_after_the_answers_before_it() {
        let (puzzle, answer) = first_puzzle();
        let input = format!("3\n{puzzle}0 1");
        let reader = io::BufReader::new(FailingReader {
            data: input.as_bytes(),
        });
        let mut out = Vec::new();
        let result = answer_puzzles(reader, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), answer);
        assert_eq!(result, Err("cannot read the input: device gone".to_owned()));
    }

    #[test]
    fn a_count_of_zero_prints_nothing() {
        assert_eq!(run_on(b"0\n"), (String::new(), Ok(())));
        assert_eq!(run_on(b"000"), (String::new(), Ok(())));
    }
}
