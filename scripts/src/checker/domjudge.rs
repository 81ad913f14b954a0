//! DOMjudge's default output validator (`compare`, from its
//! `sql/files/defaultdata/compare/compare.cc`): problemtools' default
//! validator as DOMjudge changed it, which DOMjudge runs on a problem
//! without a validator of its own. The flags (`validator_flags.rs`) and
//! the reading of tokens and whitespace (the caller, `default_validator.rs`,
//! does that) are the same; a pair of tokens is compared otherwise:
//! - text tokens as whole byte strings: a NUL byte in one counts (the
//!   ICPC default validator compares up to it, as C strings are);
//! - numbers read as C's `long double` (glibc's `sscanf("%Lf")`: x87's
//!   80-bit extended double on x86-64, DOMjudge's judgehosts), infinities
//!   and NaNs among them: two NaNs match, two infinities of one sign
//!   match, anything else with a NaN or an infinity does not;
//! - finite numbers: wrong when the difference is over the absolute
//!   tolerance and `|out - ans| / |ans|` over the relative one (with one
//!   tolerance given, over that one), each step rounded as the x87 unit
//!   rounds it.

use super::c_number::{long_double, LongDouble};
use super::validator_flags::{shown, until_nul, words_differ, words_shown, ValidatorFlags};
use rustc_apfloat::Float;

/// Why DOMjudge's compare finds two tokens different, or `None` when they
/// match, under `tolerances` (absolute, relative), as
/// [`ValidatorFlags::long_tolerances`] reads them.
pub fn differ(
    flags: &ValidatorFlags,
    (absolute, relative): (LongDouble, LongDouble),
    expected: &[u8],
    got: &[u8],
) -> Option<String> {
    let quoted = || format!("expected `{}`, got `{}`", shown(expected), shown(got));
    let floats = stated(absolute) || stated(relative);
    // compare.cc reads numbers from the tokens' C strings: up to a NUL.
    if let Some(wanted) = long_double(until_nul(expected)).filter(|_| floats) {
        let Some(value) = long_double(until_nul(got)) else {
            return Some(format!("{}, which is not a number", quoted()));
        };
        return numbers_differ(wanted, value, absolute, relative).then(|| {
            let difference = (value - wanted).value.abs();
            format!("{}: off by {difference}, over the tolerance", quoted())
        });
    }
    // Text as whole tokens: a NUL byte and what follows it count.
    words_differ(flags, expected, got).then(|| words_shown(flags, quoted()))
}

/// A tolerance in use: compare.cc's `tolerance >= 0`, which -0 passes and
/// an unset one (-1) does not.
fn stated(tolerance: LongDouble) -> bool {
    tolerance >= LongDouble::ZERO
}

/// compare.cc's `compare_float`: true when `value` is wrong for `wanted`.
/// A negative tolerance is none.
fn numbers_differ(
    wanted: LongDouble,
    value: LongDouble,
    absolute: LongDouble,
    relative: LongDouble,
) -> bool {
    if wanted.is_finite() && value.is_finite() {
        let difference = (value - wanted).value;
        let absolute_difference = difference.abs();
        let relative_difference = (difference / wanted).value.abs();
        // C's `>` on long doubles: false when either is a NaN (0 / 0).
        let over = |difference: LongDouble, tolerance: LongDouble| difference > tolerance;
        match (stated(absolute), stated(relative)) {
            (true, true) => {
                over(absolute_difference, absolute) && over(relative_difference, relative)
            }
            (true, false) => over(absolute_difference, absolute),
            (false, true) => over(relative_difference, relative),
            (false, false) => false,
        }
    } else if wanted.is_nan() && value.is_nan() {
        false
    } else if wanted.is_infinite() && value.is_infinite() {
        wanted.is_negative() != value.is_negative()
    } else {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`super::differ`] under the flags' own tolerances.
    fn differ(flags: &ValidatorFlags, expected: &[u8], got: &[u8]) -> Option<String> {
        super::differ(flags, flags.long_tolerances(), expected, got)
    }

    #[test]
    fn tokens_are_compared_whole_and_numbers_in_long_double() {
        let flags = |words: &str| {
            let words: Vec<String> = words.split_whitespace().map(str::to_string).collect();
            ValidatorFlags::parse(&words).unwrap()
        };
        let plain = flags("");
        assert!(differ(&plain, b"Hello", b"Hello\0more").is_some());
        assert!(differ(&plain, b"hello", b"HELLO").is_none());
        assert!(differ(&flags("case_sensitive"), b"hello", b"HELLO").is_some());
        let floats = flags("float_tolerance 1e-6");
        // Past a double's range, still numbers that differ.
        assert!(differ(&floats, b"1e400", b"2e400").is_some());
        assert!(differ(&floats, b"1e400", b"1.0000000001e400").is_none());
        assert!(differ(&floats, b"nan", b"NaN").is_none());
        assert!(differ(&floats, b"inf", b"-inf").is_some());
        assert!(differ(&floats, b"inf", b"1e5000").is_none());
        // A long double's range is wider than a double's.
        assert!(differ(&floats, b"inf", b"1e4000").is_some());
        assert!(differ(&floats, b"inf", b"1").is_some());
        // 0 / 0 is a NaN, never over a tolerance.
        assert!(differ(&flags("float_relative_tolerance 0"), b"0", b"0").is_none());
        assert!(differ(&flags("float_relative_tolerance 1"), b"0", b"1e-300").is_some());
        // At the edge of the tolerance a long double rounds otherwise than a
        // double: compare.cc says WA where problemtools' validator says AC
        // (both built and run on x86-64).
        for (answer, output, words) in [
            ("1", "1.000001", "float_tolerance 1e-6"),
            ("1", "1.000001", "float_absolute_tolerance 1e-6"),
            ("2", "2.000002", "float_relative_tolerance 1e-6"),
        ] {
            let flags = flags(words);
            let (answer, output) = (answer.as_bytes(), output.as_bytes());
            assert!(differ(&flags, answer, output).is_some(), "{words}");
            let problemtools = super::super::default_validator::validate(
                &flags.in_domjudge(false),
                answer,
                output,
            );
            assert!(problemtools.is_ok(), "{words}");
        }
        // Numbers are compared as numbers with either tolerance alone, as
        // text with none; a sign may be given.
        for words in [
            "float_absolute_tolerance 1e-6",
            "float_relative_tolerance 1e-6",
        ] {
            assert!(differ(&flags(words), b"1", b"+1.0").is_none(), "{words}");
        }
        assert!(differ(&plain, b"1", b"1.0").is_some());
        // -0 is a tolerance (C's -0.0 >= 0), which compare.cc uses.
        assert!(differ(&flags("float_absolute_tolerance -0"), b"1", b"1.0").is_none());
        // Over the tolerance, not at it; and a NaN matches only a NaN.
        let half = flags("float_absolute_tolerance 0.5");
        assert!(differ(&half, b"1", b"1.5").is_none());
        assert_eq!(
            differ(&half, b"1", b"2").unwrap(),
            "expected `1`, got `2`: off by 1, over the tolerance"
        );
        assert!(differ(&floats, b"nan", b"1").is_some());
        assert!(differ(&floats, b"1", b"nan").is_some());
        // A number as the answer's token wants one in the output.
        let said = differ(&floats, b"1", b"one").unwrap();
        assert!(said.contains("not a number"), "{said}");
    }
}
