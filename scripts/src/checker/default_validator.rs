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

use super::domjudge;
use crate::error::Error;
use crate::verdict::{self, Position, Verdict};
use rustc_apfloat::Float;
use std::fmt::Write as _;

/// The flags of the ICPC default output validator.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValidatorFlags {
    pub case_sensitive: bool,
    pub space_change_sensitive: bool,
    /// `float_absolute_tolerance E` (or `float_tolerance E`), as given.
    pub absolute_tolerance: Option<f64>,
    /// `float_relative_tolerance E` (or `float_tolerance E`), as given.
    pub relative_tolerance: Option<f64>,
    /// The two tolerances' words, as DOMjudge reads them again.
    given: [Option<String>; 2],
    /// Tokens compared as DOMjudge's compare does (`domjudge.rs`), not as
    /// problemtools' default validator does.
    pub domjudge: bool,
}

impl ValidatorFlags {
    /// Reads `validator_flags` as the default validator reads its command
    /// line: each flag once or more (the last wins), a tolerance followed
    /// by its value, a number as C reads one (a negative one turns it off).
    pub fn parse(flags: &[String]) -> Result<ValidatorFlags, Error> {
        let mut parsed = ValidatorFlags::default();
        let mut words = flags.iter();
        while let Some(flag) = words.next() {
            // The number after a tolerance flag, and its word.
            let mut value = || {
                let given = words.next().ok_or_else(|| {
                    Error::new(format!("validator flag {flag} needs a number after it"))
                })?;
                let value = c_float(given.as_bytes()).ok_or_else(|| {
                    Error::new(format!(
                        "validator flag {flag} needs a number after it, not '{given}'"
                    ))
                })?;
                Ok::<_, Error>((value, Some(given.clone())))
            };
            match flag.as_str() {
                "case_sensitive" => parsed.case_sensitive = true,
                "space_change_sensitive" => parsed.space_change_sensitive = true,
                "float_absolute_tolerance" => {
                    let (number, given) = value()?;
                    parsed.absolute_tolerance = Some(number);
                    parsed.given[0] = given;
                }
                "float_relative_tolerance" => {
                    let (number, given) = value()?;
                    parsed.relative_tolerance = Some(number);
                    parsed.given[1] = given;
                }
                "float_tolerance" => {
                    let (number, given) = value()?;
                    parsed.absolute_tolerance = Some(number);
                    parsed.relative_tolerance = Some(number);
                    parsed.given = [given.clone(), given];
                }
                other => {
                    return Err(Error::new(format!(
                        "unknown validator flag '{other}': the default validator takes \
                         case_sensitive, space_change_sensitive, float_tolerance E, \
                         float_relative_tolerance E and float_absolute_tolerance E"
                    )))
                }
            }
        }
        Ok(parsed)
    }

    /// These flags, for DOMjudge's default validator when `domjudge`.
    pub fn in_domjudge(self, domjudge: bool) -> ValidatorFlags {
        ValidatorFlags { domjudge, ..self }
    }

    /// The absolute and relative tolerances as DOMjudge reads them, in
    /// long double; -1 (none) where not given.
    pub fn long_tolerances(&self) -> (domjudge::LongDouble, domjudge::LongDouble) {
        let read = |given: &Option<String>| {
            given
                .as_deref()
                .and_then(|text| domjudge::long_double(text.as_bytes()))
                .unwrap_or(-domjudge::LongDouble::from_u128(1).value)
        };
        (read(&self.given[0]), read(&self.given[1]))
    }

    fn floats(&self) -> bool {
        [self.absolute_tolerance, self.relative_tolerance]
            .iter()
            .any(|tolerance| tolerance.is_some_and(|value| value >= 0.0))
    }
}

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

/// A token as C compares it: up to a NUL byte in it.
pub(super) fn until_nul(token: &[u8]) -> &[u8] {
    let end = token
        .iter()
        .position(|&byte| byte == 0)
        .unwrap_or(token.len());
    &token[..end]
}

/// A token for a message: at most 40 bytes of it.
pub(super) fn shown(token: &[u8]) -> String {
    let cut = token.len().min(40);
    let more = if cut < token.len() { "..." } else { "" };
    format!("{}{more}", verdict::as_written(&token[..cut]))
}

/// Why two tokens differ, or `None` when they match.
fn differ(
    flags: &ValidatorFlags,
    floats: bool,
    long: Option<(domjudge::LongDouble, domjudge::LongDouble)>,
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

/// True when two tokens compared as text differ: byte for byte, or ASCII
/// letters in either case unless `case_sensitive`.
pub(super) fn words_differ(flags: &ValidatorFlags, expected: &[u8], got: &[u8]) -> bool {
    if flags.case_sensitive {
        expected != got
    } else {
        !expected.eq_ignore_ascii_case(got)
    }
}

/// Why two text tokens differ: `quoted`, and how they were compared.
pub(super) fn words_shown(flags: &ValidatorFlags, quoted: String) -> String {
    let case = if flags.case_sensitive {
        ""
    } else {
        " (letters in either case)"
    };
    format!("{quoted}{case}")
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

/// The value of `token` when C reads all of it as one finite number,
/// as glibc's `sscanf(token, "%lf%10s")` returning 1 says: an optional
/// sign, then decimal digits with an optional point and an optional
/// exponent (`1e5`, `.5`, `5.`), or `0x` and hexadecimal digits with an
/// optional point and an optional binary exponent (`0x1.8p3`). glibc's
/// quirks are kept: an exponent mark with no digits after it (`1e`,
/// `1e+`, `0x1p`) is read and ignored, and `0x.` is 0. Infinities and
/// NaNs, and numbers too large for a double, are not numbers here.
pub fn c_float(token: &[u8]) -> Option<f64> {
    let (negative, body) = match token.first() {
        Some(b'-') => (true, &token[1..]),
        Some(b'+') => (false, &token[1..]),
        _ => (false, token),
    };
    let value = match body {
        [b'0', b'x' | b'X', rest @ ..] => hexadecimal(rest)?,
        _ => decimal(body)?,
    };
    let value = if negative { -value } else { value };
    value.is_finite().then_some(value)
}

/// The text of a decimal or hexadecimal number without its sign, when C
/// reads all of `body` as one (as for [`c_float`]), as a correctly
/// rounding reader takes it: glibc's quirks spelled out (`1e` as `1`,
/// `0x.` as `0`) and a hexadecimal number given its binary exponent.
pub(super) fn c_number_text(body: &[u8]) -> Option<String> {
    let (hex, digits_of): (bool, fn(&u8) -> bool) = match body {
        [b'0', b'x' | b'X', ..] => (true, u8::is_ascii_hexdigit),
        _ => (false, u8::is_ascii_digit),
    };
    let rest = if hex { &body[2..] } else { body };
    let (length, digits) = mantissa(rest, |byte| digits_of(&byte));
    if digits == 0 {
        return (hex && rest == b".").then(|| "0".to_string());
    }
    let marks = if hex { [b'p', b'P'] } else { [b'e', b'E'] };
    let (taken, exponent) = exponent(&rest[length..], marks);
    if length + taken != rest.len() {
        return None;
    }
    let mantissa = std::str::from_utf8(&rest[..length]).ok()?;
    let exponent = std::str::from_utf8(exponent).ok()?;
    Some(match (hex, exponent.is_empty()) {
        (true, true) => format!("0x{mantissa}p0"),
        (true, false) => format!("0x{mantissa}p{exponent}"),
        (false, true) => mantissa.to_string(),
        (false, false) => format!("{mantissa}e{exponent}"),
    })
}

/// The length of the run of bytes at the start of `text` that `keep`.
fn run_of(text: &[u8], keep: impl Fn(u8) -> bool) -> usize {
    text.iter().take_while(|&&byte| keep(byte)).count()
}

/// Digits, a point and digits, at least one digit in all; then an
/// exponent: the length of the mantissa, its digits and the whole number.
fn mantissa(text: &[u8], digit: impl Fn(u8) -> bool) -> (usize, usize) {
    let before = run_of(text, &digit);
    let (point, after) = match text.get(before) {
        Some(b'.') => (1, run_of(&text[before + 1..], &digit)),
        _ => (0, 0),
    };
    (before + point + after, before + after)
}

/// The exponent after a mantissa, `marks` its letters: how many bytes it
/// takes, and its digits (empty when the mark has none after it, and
/// the mark is then read and ignored).
fn exponent(text: &[u8], marks: [u8; 2]) -> (usize, &[u8]) {
    match text.first() {
        Some(mark) if marks.contains(mark) => {
            let sign = usize::from(matches!(text.get(1), Some(b'+' | b'-')));
            let digits = run_of(&text[1 + sign..], |byte| byte.is_ascii_digit());
            let exponent = if digits > 0 {
                &text[1..1 + sign + digits]
            } else {
                &[][..]
            };
            (1 + sign + digits, exponent)
        }
        _ => (0, &[]),
    }
}

fn decimal(body: &[u8]) -> Option<f64> {
    // Rust's reading is correctly rounded, as glibc's is.
    c_number_text(body)?.parse().ok()
}

fn hexadecimal(rest: &[u8]) -> Option<f64> {
    let (length, digits) = mantissa(rest, |byte| byte.is_ascii_hexdigit());
    if digits == 0 {
        // glibc reads `0x.` as 0, and nothing else without digits.
        return (rest == b".").then_some(0.0);
    }
    let (taken, exponent) = exponent(&rest[length..], [b'p', b'P']);
    if length + taken != rest.len() {
        return None;
    }
    // The significant bits, 60 of them at most, and whether any bit past
    // them is set; the number is bits × 2^scale.
    let mut bits: u64 = 0;
    let mut sticky = false;
    let mut scale: i64 = 0;
    let mut after_point = false;
    for &byte in &rest[..length] {
        if byte == b'.' {
            after_point = true;
            continue;
        }
        let digit = u64::from((byte as char).to_digit(16)?);
        if bits < 1 << 56 {
            bits = bits << 4 | digit;
            if after_point {
                scale -= 4;
            }
        } else {
            sticky |= digit != 0;
            if !after_point {
                scale += 4;
            }
        }
    }
    // An exponent past any double's range is as good as infinite.
    let power = std::str::from_utf8(exponent)
        .ok()
        .filter(|text| !text.is_empty())
        .map_or(0, |text| {
            text.parse::<i64>().unwrap_or(if text.starts_with('-') {
                -1 << 40
            } else {
                1 << 40
            })
        });
    Some(round_binary(bits, sticky, scale.saturating_add(power)))
}

/// `bits × 2^scale` (and a little more when `sticky`) rounded to the
/// nearest double, ties to even, as a correctly rounding reader does.
fn round_binary(bits: u64, sticky: bool, scale: i64) -> f64 {
    if bits == 0 {
        return 0.0;
    }
    let shift = bits.leading_zeros();
    let bits = bits << shift;
    // The number is 1.xxx × 2^top.
    let top = scale - i64::from(shift) + 63;
    if top > 1023 {
        return f64::INFINITY;
    }
    // The bits a double keeps: 53, fewer below the normal range.
    let kept = if top >= -1022 { 53 } else { top + 1075 };
    if kept < 0 {
        return 0.0;
    }
    let dropped = 64 - kept as u32;
    let mut value = if dropped >= 64 { 0 } else { bits >> dropped };
    let half = 1u64 << (dropped - 1);
    let rest = bits & (half - 1);
    let round_up = bits & half != 0 && (rest != 0 || sticky || value & 1 == 1);
    if round_up {
        value += 1;
    }
    if top >= -1022 {
        let mut exponent = top;
        if value == 1 << 53 {
            value >>= 1;
            exponent += 1;
        }
        if exponent > 1023 {
            return f64::INFINITY;
        }
        f64::from_bits(((exponent + 1023) as u64) << 52 | (value & ((1 << 52) - 1)))
    } else {
        // Below the normal range the bits are the double's own, and a
        // carry into bit 52 makes the smallest normal number.
        f64::from_bits(value)
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
    fn flags_are_read_as_the_validator_reads_them() {
        assert_eq!(flags(""), ValidatorFlags::default());
        let both = flags("float_tolerance 1e-6 case_sensitive");
        assert_eq!(both.absolute_tolerance, Some(1e-6));
        assert_eq!(both.relative_tolerance, Some(1e-6));
        assert!(both.case_sensitive && !both.space_change_sensitive);
        let last = flags("float_tolerance 1 float_absolute_tolerance .5");
        assert_eq!(
            (last.absolute_tolerance, last.relative_tolerance),
            (Some(0.5), Some(1.0))
        );
        assert!(!flags("float_tolerance -1").floats());
        assert_eq!(
            flags("float_tolerance 0x1p-3").absolute_tolerance,
            Some(0.125)
        );
        for bad in [
            "float_tolerance",
            "float_tolerance x",
            "float_tolerance inf",
            "ignore_case",
        ] {
            let words: Vec<String> = bad.split(' ').map(str::to_string).collect();
            assert!(ValidatorFlags::parse(&words).is_err(), "{bad}");
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

    #[test]
    fn c_reads_numbers_as_glibc_does() {
        for (token, value) in [
            ("1", Some(1.0)),
            ("-0", Some(-0.0)),
            ("+1.5e3", Some(1500.0)),
            ("1e", Some(1.0)),
            ("1e+", Some(1.0)),
            ("1.e5", Some(1e5)),
            ("0x1p3", Some(8.0)),
            ("0x1.8", Some(1.5)),
            ("0X.8P1", Some(1.0)),
            ("0x1p", Some(1.0)),
            ("0x.", Some(0.0)),
            ("0x1e3", Some(483.0)),
            ("0x1.fffffffffffffffffp0", Some(2.0)),
            ("0x1p-1074", Some(f64::from_bits(1))),
            ("0x1p-1075", Some(0.0)),
            ("0x18p-1078", Some(f64::from_bits(2))),
            ("0x1.fffffffffffff8p1023", None),
            ("1e-999", Some(0.0)),
            ("1e999", None),
            ("0x1p1024", None),
            ("inf", None),
            ("nan", None),
            ("0x", None),
            ("0x.p1", None),
            (".", None),
            ("-", None),
            (".e1", None),
            ("1ee", None),
            ("1e5x", None),
            ("00x1", None),
            ("1,5", None),
            ("", None),
        ] {
            assert_eq!(c_float(token.as_bytes()), value, "{token}");
        }
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
