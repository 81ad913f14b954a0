//! How C reads a number from a token: glibc's `sscanf` with `%lf` (a
//! double) and with `%Lf` (a `long double`, x87's 80-bit extended double
//! on x86-64), quirks included. What the ICPC default validator
//! (`default_validator.rs`) and DOMjudge's (`domjudge.rs`) read numbers
//! and their tolerances with.

use rustc_apfloat::ieee::X87DoubleExtended;
use rustc_apfloat::Float;

/// C's `long double` on x86-64.
pub type LongDouble = X87DoubleExtended;

/// The value of `token` when glibc's `sscanf(token, "%Lf%10s")` reads all
/// of it as one number: a decimal or hexadecimal number as for a double
/// (with glibc's quirks: `1e` and `0x1p` read the mark and ignore it,
/// `0x.` is 0), or `inf`, `infinity`, `nan` or `nan(` letters, digits and
/// `_` `)`, in any case, each with an optional sign. Correctly rounded, as
/// glibc's reading is.
pub fn long_double(token: &[u8]) -> Option<LongDouble> {
    let (negative, body) = match token.first() {
        Some(b'-') => (true, &token[1..]),
        Some(b'+') => (false, &token[1..]),
        _ => (false, token),
    };
    let nan = body
        .get(..3)
        .is_some_and(|start| start.eq_ignore_ascii_case(b"nan"));
    let value = match body {
        _ if body.eq_ignore_ascii_case(b"inf") || body.eq_ignore_ascii_case(b"infinity") => {
            LongDouble::INFINITY
        }
        [_, _, _, rest @ ..]
            if nan
                && (rest.is_empty()
                    || rest.len() >= 2
                        && rest[0] == b'('
                        && rest[rest.len() - 1] == b')'
                        && rest[1..rest.len() - 1]
                            .iter()
                            .all(|&byte| byte.is_ascii_alphanumeric() || byte == b'_')) =>
        {
            LongDouble::NAN
        }
        _ => {
            let text = c_number_text(body)?;
            text.parse::<LongDouble>().ok()?
        }
    };
    Some(if negative { -value } else { value })
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
fn c_number_text(body: &[u8]) -> Option<String> {
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

    fn value(text: &str) -> Option<String> {
        long_double(text.as_bytes()).map(|value| value.to_string())
    }

    #[test]
    fn numbers_are_read_as_glibc_reads_a_long_double() {
        assert_eq!(
            value("1e400").as_deref(),
            Some("1.00000000000000000003E+400")
        );
        assert_eq!(value("0.1").as_deref(), Some("0.100000000000000000001"));
        assert_eq!(value("0x1").as_deref(), Some("1"));
        assert_eq!(value("0x.").as_deref(), Some("0"));
        assert_eq!(value("1e").as_deref(), Some("1"));
        assert_eq!(value("-INFINITY").as_deref(), Some("-Inf"));
        assert_eq!(value("1e5000").as_deref(), Some("+Inf"));
        assert!(value("nan(x_1)").is_some_and(|text| text.contains("NaN")));
        for not_all_a_number in ["infinit", "nan(", "nan(a-b)", "1e5x", "x", "", "-", "."] {
            assert_eq!(value(not_all_a_number), None, "{not_all_a_number}");
        }
    }
}
