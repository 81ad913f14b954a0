//! The default output validators' flags (`validator_flags`), and what
//! problemtools' default validator (`default_validator.rs`) and DOMjudge's
//! (`domjudge.rs`) do alike with a token under them: compare it as text,
//! and show it in a message.

use super::c_number::{c_float, long_double, LongDouble};
use crate::error::Error;
use crate::verdict;
use rustc_apfloat::Float;

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
    pub fn long_tolerances(&self) -> (LongDouble, LongDouble) {
        let read = |given: &Option<String>| {
            given
                .as_deref()
                .and_then(|text| long_double(text.as_bytes()))
                .unwrap_or(-LongDouble::from_u128(1).value)
        };
        (read(&self.given[0]), read(&self.given[1]))
    }

    /// Whether numbers are compared as numbers: a tolerance of 0 or
    /// more is given.
    pub(super) fn floats(&self) -> bool {
        [self.absolute_tolerance, self.relative_tolerance]
            .iter()
            .any(|tolerance| tolerance.is_some_and(|value| value >= 0.0))
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(words: &str) -> ValidatorFlags {
        let words: Vec<String> = words.split_whitespace().map(str::to_string).collect();
        ValidatorFlags::parse(&words).unwrap()
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
}
