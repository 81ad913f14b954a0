//! Sample cases: the `N.in` and `N.out` files of a folder paired by name
//! (a file without its partner is still a case, judged ERROR), in natural
//! order of their names, and the cases a command line picks by name.

use crate::error::Error;
use crate::verdict;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One sample case: the files named `<stem>.in` and `<stem>.out`, either of
/// which may be missing. The stem is the file name's exact bytes (on
/// Windows, its exact UTF-16), so two names never merge.
#[derive(Debug, PartialEq, Eq)]
pub struct Case {
    pub stem: OsString,
    pub input: Option<PathBuf>,
    pub expected: Option<PathBuf>,
}

/// The cases in `dir`, in natural order of their names (2 before 10).
/// Files with other extensions (or none before it) are not cases.
pub fn scan(dir: &Path) -> io::Result<Vec<Case>> {
    let mut cases: Vec<Case> = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if !path.is_file() {
            continue;
        }
        let name = path.file_name().unwrap_or_default();
        let bytes = name_bytes(name);
        let (stem_length, is_input) = if bytes.ends_with(b".in") {
            (bytes.len() - 3, true)
        } else if bytes.ends_with(b".out") {
            (bytes.len() - 4, false)
        } else {
            continue;
        };
        if stem_length == 0 {
            continue;
        }
        // Both extensions are ASCII, so the stem is the name less them;
        // taken from the path, so that it keeps the name's exact form.
        let Some(stem) = path.file_stem().map(OsStr::to_os_string) else {
            continue;
        };
        let index = match cases.iter().position(|case| case.stem == stem) {
            Some(index) => index,
            None => {
                cases.push(Case {
                    stem,
                    input: None,
                    expected: None,
                });
                cases.len() - 1
            }
        };
        if is_input {
            cases[index].input = Some(path);
        } else {
            cases[index].expected = Some(path);
        }
    }
    cases.sort_by(|one, other| {
        natural_order_bytes(&name_bytes(&one.stem), &name_bytes(&other.stem))
    });
    Ok(cases)
}

/// The cases of `dir` that `names` pick (`3` or `3.in` picks `3.in` and
/// `3.out`), in the folder's order, each once; every case when `names` is
/// empty. A name that picks no case is an error naming the cases there.
pub fn scan_picked(dir: &Path, names: &[String]) -> Result<Vec<Case>, Error> {
    let cases =
        scan(dir).map_err(|error| Error::new(format!("cannot read {}: {error}", dir.display())))?;
    if cases.is_empty() {
        return Err(Error::new(format!(
            "no .in or .out files in {}",
            dir.display()
        )));
    }
    pick(cases, names, dir)
}

/// The `cases` of `dir` that `names` pick, as [`scan_picked`] says.
pub fn pick(cases: Vec<Case>, names: &[String], dir: &Path) -> Result<Vec<Case>, Error> {
    if names.is_empty() {
        return Ok(cases);
    }
    for name in names {
        if !cases.iter().any(|case| picks(name, case)) {
            let known: Vec<String> = cases.iter().map(|case| shown_name(&case.stem)).collect();
            return Err(Error::new(format!(
                "no case '{name}' in {} (have: {})",
                dir.display(),
                known.join(", ")
            )));
        }
    }
    Ok(cases
        .into_iter()
        .filter(|case| names.iter().any(|name| picks(name, case)))
        .collect())
}

/// True when the name given on the command line is `case`'s: its stem, or
/// the name of one of its files.
fn picks(name: &str, case: &Case) -> bool {
    let stem = name
        .strip_suffix(".in")
        .or_else(|| name.strip_suffix(".out"))
        .filter(|stem| !stem.is_empty());
    case.stem == OsStr::new(name) || stem.is_some_and(|stem| case.stem == OsStr::new(stem))
}

/// A file name's bytes: exact on Unix; elsewhere its UTF-8 form, with
/// anything that is not Unicode (unpaired surrogates on Windows) replaced.
pub fn name_bytes(name: &OsStr) -> Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Cow::Borrowed(name.as_bytes())
    }
    #[cfg(not(unix))]
    match name.to_string_lossy() {
        Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
        Cow::Owned(text) => Cow::Owned(text.into_bytes()),
    }
}

/// A file name as it can be printed: control characters and bytes that are
/// not UTF-8 escaped as in a difference report (`^[`, `\xFF`), so that a
/// name never acts on the terminal.
pub fn shown_name(name: &OsStr) -> String {
    verdict::printable(&name_bytes(name))
}

/// Orders names so that runs of digits compare as numbers: "2" < "10",
/// "case-9" < "case-10".
pub fn natural_order(one: &str, other: &str) -> Ordering {
    natural_order_bytes(one.as_bytes(), other.as_bytes())
}

/// [`natural_order`] on bytes.
pub fn natural_order_bytes(mut one: &[u8], mut other: &[u8]) -> Ordering {
    loop {
        match (one.first(), other.first()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(a), Some(b)) if a.is_ascii_digit() && b.is_ascii_digit() => {
                let (a_digits, a_rest) = split_digits(one);
                let (b_digits, b_rest) = split_digits(other);
                let a_value = trim_zeros(a_digits);
                let b_value = trim_zeros(b_digits);
                let by_value = a_value
                    .len()
                    .cmp(&b_value.len())
                    .then_with(|| a_value.cmp(b_value))
                    // "01" after "1" (and after "1a"), so that no two names compare equal.
                    .then_with(|| a_digits.len().cmp(&b_digits.len()));
                if by_value != Ordering::Equal {
                    return by_value;
                }
                one = a_rest;
                other = b_rest;
            }
            (Some(a), Some(b)) => {
                if a != b {
                    return a.cmp(b);
                }
                one = &one[1..];
                other = &other[1..];
            }
        }
    }
}

fn split_digits(text: &[u8]) -> (&[u8], &[u8]) {
    let end = text
        .iter()
        .position(|byte| !byte.is_ascii_digit())
        .unwrap_or(text.len());
    text.split_at(end)
}

fn trim_zeros(digits: &[u8]) -> &[u8] {
    let start = digits
        .iter()
        .position(|&digit| digit != b'0')
        .unwrap_or(digits.len());
    &digits[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order_compares_numbers_by_value() {
        let mut names = vec!["10", "2", "1", "b", "a10", "a9", "01", "1a", "a"];
        names.sort_by(|one, other| natural_order(one, other));
        assert_eq!(names, ["1", "1a", "01", "2", "10", "a", "a9", "a10", "b"]);
    }

    #[test]
    fn a_case_is_picked_by_its_stem_or_a_file_name() {
        let case = Case {
            stem: OsString::from("3"),
            input: None,
            expected: None,
        };
        assert!(picks("3", &case));
        assert!(picks("3.in", &case));
        assert!(picks("3.out", &case));
        assert!(!picks("03", &case));
        assert!(!picks("3.ans", &case));
        let dotted = Case {
            stem: OsString::from("a.in"),
            input: None,
            expected: None,
        };
        assert!(picks("a.in", &dotted));
        assert!(!picks(".in", &dotted));
    }
}
