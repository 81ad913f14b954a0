//! The ICPC default output validator, built in (`icpc-default`): what
//! Kattis' problemtools and DOMjudge run when a package has no validator
//! of its own, with the flags of `validator_flags` in its problem.yaml.
//!
//! The output and the answer are read as whitespace-separated tokens (a
//! space, tab, line feed, vertical tab, form feed or carriage return, as
//! C's `isspace` has them), compared one by one:
//! - `case_sensitive`: letters' case matters; by default ASCII letters
//!   match either case.
//! - `space_change_sensitive`: the whitespace around the tokens must be
//!   the same, byte for byte (a missing final newline too); by default any
//!   run of whitespace matches any other, none at the ends included.
//! - `float_absolute_tolerance E`, `float_relative_tolerance E`,
//!   `float_tolerance E` (both): where the answer's token is a finite
//!   number, the output's must be one too, within E of it absolutely
//!   (|out - ans| <= E) or relatively (|out - ans| <= E |ans|). Other
//!   tokens are compared as text.
//!
//! Its verdicts are problemtools' `default_validator.cc`'s on every output,
//! quirks included: a number is what glibc's `sscanf("%lf")` reads in
//! full (`1e5`, `.5`, `5.`, `0x1p3`, and `1e` or `0x.` too), never an
//! infinity or a NaN (those are compared as text); a token is compared up
//! to a NUL byte in it, as C strings are.

use super::c_number::{c_float, LongDouble};
use super::domjudge;
use super::validator_flags::{shown, until_nul, words_differ, words_shown, ValidatorFlags};
use crate::verdict::{self, Position, Verdict};
use std::fmt::Write as _;

/// Where and why an output fails the default validator.
#[derive(Debug, PartialEq)]
pub struct Mismatch {
    pub why: String,
    /// In the output: its line and byte from 1, the token's number.
    pub at: Position,
}

/// One side, read byte by byte with its line counted.
struct Cursor<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
    line_start: usize,
    tokens: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a [u8]) -> Cursor<'a> {
        Cursor {
            text,
            at: 0,
            line: 1,
            line_start: 0,
            tokens: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.at += 1;
        if byte == b'\n' {
            self.line += 1;
            self.line_start = self.at;
        }
        Some(byte)
    }

    fn token(&mut self) -> Option<&'a [u8]> {
        while self.peek().is_some_and(is_space) {
            self.next();
        }
        let start = self.at;
        while self.peek().is_some_and(|byte| !is_space(byte)) {
            self.at += 1;
        }
        (self.at > start).then(|| {
            self.tokens += 1;
            &self.text[start..self.at]
        })
    }

    /// Here, with the number of the token about to be read (or just read
    /// when `read` is true).
    fn position(&self, read: usize) -> Position {
        Position {
            line: self.line,
            column: self.at - self.line_start + 1 - read,
            token: Some(self.tokens + usize::from(read == 0)),
        }
    }
}

/// C's `isspace` in the C locale.
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// A whitespace byte for a message.
fn name_space(byte: Option<u8>) -> String {
    match byte {
        None => "the end of the output".to_string(),
        Some(b' ') => "a space".to_string(),
        Some(b'\t') => "a tab".to_string(),
        Some(b'\n') => "a line break".to_string(),
        Some(b'\r') => "a carriage return".to_string(),
        Some(byte) if is_space(byte) => format!("whitespace byte {byte:#04x}"),
        Some(byte) => format!("'{}'", verdict::as_written(&[byte])),
    }
}

/// Holds `output` against `answer` as the default validator does:
/// `Ok(())` accepts, a [`Mismatch`] says where and why not.
pub fn validate(flags: &ValidatorFlags, answer: &[u8], output: &[u8]) -> Result<(), Mismatch> {
    let mut judge = Cursor::new(answer);
    let mut team = Cursor::new(output);
    let floats = flags.floats();
    // DOMjudge's tolerances, read once, not for every token.
    let long = flags.domjudge.then(|| flags.long_tolerances());
    loop {
        if flags.space_change_sensitive {
            while let Some(expected) = judge.peek().filter(|&byte| is_space(byte)) {
                judge.next();
                let at = team.position(0);
                let got = team.next();
                if got != Some(expected) {
                    return Err(Mismatch {
                        why: format!(
                            "whitespace differs: {} where the answer has {}",
                            name_space(got),
                            name_space(Some(expected))
                        ),
                        at,
                    });
                }
            }
            if let Some(extra) = team.peek().filter(|&byte| is_space(byte)) {
                return Err(Mismatch {
                    why: format!(
                        "whitespace differs: {} where the answer has none",
                        name_space(Some(extra))
                    ),
                    at: team.position(0),
                });
            }
        }
        let Some(expected) = judge.token() else {
            break;
        };
        let Some(got) = team.token() else {
            let why = format!(
                "the output ends before token {}, the answer's `{}`",
                judge.tokens,
                shown(expected)
            );
            return Err(Mismatch {
                why,
                at: team.position(0),
            });
        };
        if let Some(why) = differ(flags, floats, long, expected, got) {
            return Err(Mismatch {
                why: format!("token {} differs: {why}", team.tokens),
                at: team.position(got.len()),
            });
        }
    }
    let before = team.position(0);
    if let Some(extra) = team.token() {
        return Err(Mismatch {
            why: format!(
                "the output goes on after the answer's last token: `{}`",
                shown(extra)
            ),
            at: Position {
                token: before.token,
                ..team.position(extra.len())
            },
        });
    }
    Ok(())
}

/// Why two tokens differ, or `None` when they match.
fn differ(
    flags: &ValidatorFlags,
    floats: bool,
    long: Option<(LongDouble, LongDouble)>,
    expected: &[u8],
    got: &[u8],
) -> Option<String> {
    if let Some(tolerances) = long {
        return domjudge::differ(flags, tolerances, expected, got);
    }
    let (expected_text, got_text) = (until_nul(expected), until_nul(got));
    let quoted = || format!("expected `{}`, got `{}`", shown(expected), shown(got));
    if let Some(wanted) = c_float(expected_text).filter(|_| floats) {
        let Some(value) = c_float(got_text) else {
            return Some(format!("{}, which is not a number", quoted()));
        };
        let difference = (wanted - value).abs();
        let absolute = flags.absolute_tolerance.unwrap_or(-1.0);
        let relative = flags.relative_tolerance.unwrap_or(-1.0);
        if difference <= absolute || difference <= relative * wanted.abs() {
            return None;
        }
        let mut why = format!("{}: off by {}", quoted(), super::short(difference));
        if let Some(absolute) = flags.absolute_tolerance.filter(|value| *value >= 0.0) {
            let _ = write!(why, ", over the absolute tolerance {absolute:e}");
        }
        if let Some(relative) = flags.relative_tolerance.filter(|value| *value >= 0.0) {
            let _ = write!(
                why,
                ", over the relative tolerance {relative:e} (of {})",
                super::short(wanted.abs())
            );
        }
        return Some(why);
    }
    words_differ(flags, expected_text, got_text).then(|| words_shown(flags, quoted()))
}

/// The verdict of the default validator on `output` against `answer`, and
/// what to show under a WA.
pub fn judge(flags: &ValidatorFlags, answer: &[u8], output: &[u8]) -> (Verdict, String) {
    match validate(flags, answer, output) {
        Ok(()) => (Verdict::Ac, String::new()),
        Err(mismatch) => {
            let line = output
                .split_inclusive(|&byte| byte == b'\n')
                .nth(mismatch.at.line - 1)
                .unwrap_or_default();
            let detail = format!(
                "{}\nat line {} of the output:\n  >{:>4} | {}\n",
                mismatch.why,
                mismatch.at.line,
                mismatch.at.line,
                verdict::visible_cut(line, mismatch.at.column.saturating_sub(1))
            );
            (Verdict::Wa, detail)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(words: &str) -> ValidatorFlags {
        let words: Vec<String> = words.split_whitespace().map(str::to_string).collect();
        ValidatorFlags::parse(&words).unwrap()
    }

    /// Asserts the verdict on each `(answer, output, accepted)` under `words`.
    fn verdicts(words: &str, cases: &[(&str, &str, bool)]) {
        let flags = flags(words);
        for &(answer, output, accepted) in cases {
            let got = validate(&flags, answer.as_bytes(), output.as_bytes());
            assert_eq!(
                got.is_ok(),
                accepted,
                "[{words}] {answer:?} against {output:?}: {got:?}"
            );
        }
    }

    #[test]
    fn tokens_match_in_either_case_with_any_whitespace() {
        verdicts(
            "",
            &[
                ("HELLO WORLD!\n", "hello    world!", true),
                ("Hello World!\n", "\r\n\t hello\x0bworld!\x0c\n\n", true),
                ("1 2\n", "1\n2\n", true),
                ("", "", true),
                ("", " \n", true),
                ("\n", "", true),
                ("1 2\n", "1 3\n", false),
                ("1 2\n", "12\n", false),
                ("1\n", "1 2\n", false),
                ("1 2\n", "1\n", false),
                ("1\n", "", false),
                ("1\n", "1.0\n", false),
                // Only ASCII letters fold.
                ("É\n", "é\n", false),
                // C strings: a token ends at a NUL.
                ("1\n", "1\0junk\n", true),
                ("a\0b\n", "A\n", true),
            ],
        );
        verdicts(
            "case_sensitive",
            &[("Yes\n", "Yes\n", true), ("Yes\n", "yes\n", false)],
        );
    }

    #[test]
    fn space_change_sensitive_wants_the_same_whitespace() {
        verdicts(
            "space_change_sensitive",
            &[
                ("1 2\n", "1 2\n", true),
                ("A b\n", "a B\n", true),
                ("1 2\n", "1  2\n", false),
                ("1 2\n", "1\t2\n", false),
                ("1 2\n", "1 2", false),
                ("1 2", "1 2\n", false),
                ("1 2\n", "1 2\r\n", false),
                ("1 2\r\n", "1 2\n", false),
                ("\n1\n", "1\n", false),
                ("", "", true),
                ("", "\n", false),
            ],
        );
    }

    #[test]
    fn numbers_within_a_tolerance_match_in_any_spelling() {
        verdicts(
            "float_tolerance 1e-6",
            &[
                ("0.5\n", "0.5000005\n", true),
                ("0.5\n", "0.500002\n", false),
                ("1000000\n", "1000000.9\n", true),
                ("1000000\n", "1000002\n", false),
                ("200\n", "2.0e2\n", true),
                ("0.0314\n", "3.14000000e-2\n", true),
                ("8\n", "0x1p3\n", true),
                ("1\n", "1e\n", true),
                ("0\n", "0x.\n", true),
                ("0\n", "-0\n", true),
                ("5\n", "5.\n", true),
                ("0.5\n", ".5\n", true),
                ("12\n", "+00012\n", true),
                // Not numbers: compared as text.
                ("inf\n", "INF\n", true),
                ("nan\n", "nan\n", true),
                ("abc\n", "ABC\n", true),
                ("1\n", "inf\n", false),
                ("1\n", "one\n", false),
                ("1\n", "1,0\n", false),
                ("1\n", "0x\n", false),
                ("1e999\n", "1E999\n", true),
                ("1\n", "1e999\n", false),
            ],
        );
        // Without a tolerance, numbers are text.
        verdicts("", &[("200\n", "2.0e2\n", false), ("1E5\n", "1e5\n", true)]);
        verdicts(
            "float_absolute_tolerance 0.1",
            &[("100\n", "100.09\n", true), ("100\n", "100.2\n", false)],
        );
        verdicts(
            "float_relative_tolerance 0.1",
            &[
                ("100\n", "109\n", true),
                ("0\n", "0.0001\n", false),
                ("0\n", "0\n", true),
                ("0\n", "-0.0\n", true),
            ],
        );
    }

    /// A deliberately simple model of the validator: the texts cut into
    /// runs of whitespace and of the rest; with space_change_sensitive the
    /// runs must pair up (whitespace equal byte for byte), else only the
    /// tokens must.
    fn model(flags: &ValidatorFlags, answer: &[u8], output: &[u8]) -> bool {
        fn runs(text: &[u8]) -> Vec<&[u8]> {
            let mut runs = Vec::new();
            let mut start = 0;
            for at in 1..=text.len() {
                if at == text.len() || is_space(text[at]) != is_space(text[start]) {
                    runs.push(&text[start..at]);
                    start = at;
                }
            }
            runs
        }
        let token_matches = |one: &[u8], other: &[u8]| {
            let (one, other) = (until_nul(one), until_nul(other));
            match c_float(one).filter(|_| flags.floats()) {
                Some(wanted) => c_float(other).is_some_and(|got| {
                    let off = (wanted - got).abs();
                    off <= flags.absolute_tolerance.unwrap_or(-1.0)
                        || off <= flags.relative_tolerance.unwrap_or(-1.0) * wanted.abs()
                }),
                None if flags.case_sensitive => one == other,
                // C's tolower, letter by letter: A to Z alone.
                None => {
                    let lower = |text: &[u8]| -> Vec<u8> {
                        text.iter()
                            .map(|&byte| match byte {
                                b'A'..=b'Z' => byte + (b'a' - b'A'),
                                _ => byte,
                            })
                            .collect()
                    };
                    lower(one) == lower(other)
                }
            }
        };
        let (mut one, mut other) = (runs(answer), runs(output));
        if !flags.space_change_sensitive {
            one.retain(|run| !is_space(run[0]));
            other.retain(|run| !is_space(run[0]));
        }
        one.len() == other.len()
            && one.iter().zip(&other).all(|(one, other)| {
                match (is_space(one[0]), is_space(other[0])) {
                    (true, true) => one == other,
                    (false, false) => token_matches(one, other),
                    _ => false,
                }
            })
    }

    #[test]
    fn the_validator_agrees_with_a_simple_model_on_seeded_random_texts() {
        // xorshift64, seeded: a failure names its seed and texts.
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below as u64) as usize
        };
        let pieces: [&[u8]; 16] = [
            b"a", b"A", b"1", b"1.0", b"1e0", b"0x1p0", b".5", b"-0", b"inf", b"x\0y", b" ", b"  ",
            b"\n", b"\r\n", b"\t", b"\x0b",
        ];
        let all_flags = [
            "",
            "case_sensitive",
            "space_change_sensitive",
            "float_tolerance 0.1",
            "float_relative_tolerance 0 case_sensitive",
            "float_absolute_tolerance 1e-9 space_change_sensitive",
        ]
        .map(flags);
        for case in 0..20_000 {
            let text = |next: &mut dyn FnMut(usize) -> usize| -> Vec<u8> {
                let count = next(6);
                (0..count)
                    .flat_map(|_| pieces[next(pieces.len())].to_vec())
                    .collect()
            };
            let answer = text(&mut next);
            let output = if next(3) == 0 {
                answer.clone()
            } else {
                text(&mut next)
            };
            let flags = &all_flags[next(all_flags.len())];
            assert_eq!(
                validate(flags, &answer, &output).is_ok(),
                model(flags, &answer, &output),
                "case {case}, {flags:?}: {:?} against {:?}",
                String::from_utf8_lossy(&answer),
                String::from_utf8_lossy(&output)
            );
        }
    }

    #[test]
    fn a_mismatch_says_where_in_the_output() {
        let (verdict, detail) = judge(&flags(""), b"a b\nc d\n", b"a b\nc  e\n");
        assert_eq!(verdict, Verdict::Wa);
        assert_eq!(
            detail,
            "token 4 differs: expected `d`, got `e` (letters in either case)\nat line 2 \
             of the output:\n  >   2 | c··e$\n"
        );
        let at = |answer: &str, output: &str| {
            validate(&flags(""), answer.as_bytes(), output.as_bytes())
                .unwrap_err()
                .at
        };
        let position = |line, column, token| Position {
            line,
            column,
            token: Some(token),
        };
        assert_eq!(at("a b\nc d\n", "a b\nc  e\n"), position(2, 4, 4));
        assert_eq!(at("1 2\n", "1\n"), position(2, 1, 2));
        assert_eq!(at("1\n", "1 2 3\n"), position(1, 3, 2));
    }
}
