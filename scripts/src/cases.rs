//! Sample cases: the `NAME.in` files of a folder paired by name with their
//! answers, `NAME.out` or `NAME.ans` (Kattis, DOMjudge and the ICPC
//! problem package name them so), in natural order of their names; a file
//! without its partner is still a case, judged ERROR. A folder with no
//! cases of its own but a `sample/` or `secret/` folder is a problem
//! package's `data/`: its cases are those of `sample/` then `secret/` (and
//! of their sub-folders, a test group each), named by the folder they are
//! in (`sample/1`, `secret/03-max`). And the cases a command line picks.

use crate::error::Error;
use crate::verdict;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::hash_map::{Entry, HashMap};
use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The extensions of a case's files: its input, and its answer's two names.
const EXTENSIONS: [&str; 3] = ["in", "out", "ans"];

/// The folders of a problem package's `data/` that hold cases, in the
/// order they are judged.
const PACKAGE_FOLDERS: [&str; 2] = ["sample", "secret"];

/// One sample case: the files named `<stem>.in` and `<stem>.out` (or
/// `<stem>.ans`), either of which may be missing. The stem is the file
/// name's exact bytes (on Windows, its exact UTF-16), so two names never
/// merge; in a package, the folder it is in comes first (`sample/1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub stem: OsString,
    pub input: Option<PathBuf>,
    pub expected: Option<PathBuf>,
    /// Both `<stem>.out` and `<stem>.ans` are there (this one is the
    /// `.ans`): which one is meant cannot be known, so the case is an error.
    pub second_answer: Option<PathBuf>,
    /// The extension the answer has, or should have when it is missing:
    /// `ans` in a folder whose answers are all `.ans`, `out` otherwise.
    pub answer_extension: &'static str,
}

impl Case {
    /// Why the case cannot be judged: a file missing, or two answers.
    pub fn broken(&self) -> Option<String> {
        let stem = shown_name(&self.stem);
        if self.second_answer.is_some() {
            Some(format!(
                "both {stem}.out and {stem}.ans are there: keep the one that is the answer"
            ))
        } else if self.input.is_none() {
            Some(format!("{stem}.in is missing"))
        } else if self.expected.is_none() {
            Some(format!("{stem}.{} is missing", self.answer_extension))
        } else {
            None
        }
    }
}

/// The cases in `dir`, in natural order of their names (2 before 10), or a
/// problem package's when `dir` is its `data/` folder (see the module's
/// notes). Files with other extensions (or none before it) are not cases.
/// Each real folder is read once: a link that leads to a folder already
/// read (a loop, or a second way to the same cases) is an error naming it,
/// as is a package folder named like a case file (`2.ans`).
pub fn scan(dir: &Path) -> io::Result<Vec<Case>> {
    let mut read = Folders::default();
    read.enter(dir, ".")?;
    let mut cases = scan_folder(dir, &OsString::new())?;
    if cases.is_empty() {
        for folder in PACKAGE_FOLDERS {
            let path = dir.join(folder);
            if path.is_dir() {
                scan_group(&path, OsString::from(folder), &mut read, &mut cases)?;
            }
        }
    }
    name_missing_answers(&mut cases);
    Ok(cases)
}

/// The cases of a folder of a package's `data/` (`secret/`, a test group):
/// its own, then those of its test groups, the sub-folders in it and in
/// them, each named by its path below `dir` (`1`, `g1/2`), as problemtools'
/// `TestCaseGroup` (verifyproblem.py) walks every sub-folder of a group.
pub fn scan_tree(dir: &Path) -> io::Result<Vec<Case>> {
    let mut read = Folders::default();
    read.enter(dir, ".")?;
    let mut cases = scan_folder(dir, &OsString::new())?;
    scan_groups_below(dir, &OsString::new(), &mut read, &mut cases)?;
    name_missing_answers(&mut cases);
    Ok(cases)
}

/// The real folders read so far, each by its canonical path, with the
/// name it was first read under: so that a link back up (`secret/again ->
/// .`) is found, not followed down to the system's limit.
#[derive(Default)]
struct Folders(HashMap<PathBuf, String>);

impl Folders {
    /// Notes that `dir`, named `name`, is read now; an error when it was
    /// read before under another name.
    fn enter(&mut self, dir: &Path, name: &str) -> io::Result<()> {
        match self.0.entry(fs::canonicalize(dir)?) {
            Entry::Vacant(vacant) => {
                vacant.insert(name.to_string());
                Ok(())
            }
            Entry::Occupied(first) => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{name} is a link to {}, which is read already: each folder's cases \
                     are judged once",
                    first.get()
                ),
            )),
        }
    }
}

/// The cases of one folder of a package and of its sub-folders (test
/// groups), in natural order, each named `<prefix>/<stem>`.
fn scan_group(
    dir: &Path,
    prefix: OsString,
    read: &mut Folders,
    cases: &mut Vec<Case>,
) -> io::Result<()> {
    read.enter(dir, &shown_name(&prefix))?;
    let mut named = prefix.clone();
    named.push("/");
    cases.extend(scan_folder(dir, &named)?);
    scan_groups_below(dir, &named, read, cases)
}

/// The cases of the test groups in `dir` (its sub-folders, and theirs),
/// in natural order, each named `<named><group>/<stem>`.
fn scan_groups_below(
    dir: &Path,
    named: &OsString,
    read: &mut Folders,
    cases: &mut Vec<Case>,
) -> io::Result<()> {
    let mut groups: Vec<OsString> = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.path().is_dir() {
            let name = entry.file_name();
            if case_extension(&name_bytes(&name)).is_some() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!(
                        "{}{} is a folder, named like a case file: a case's files are files",
                        shown_name(named),
                        shown_name(&name)
                    ),
                ));
            }
            groups.push(name);
        }
    }
    groups.sort_by(|one, other| natural_order_bytes(&name_bytes(one), &name_bytes(other)));
    for group in groups {
        let mut name = named.clone();
        name.push(&group);
        scan_group(&dir.join(&group), name, read, cases)?;
    }
    Ok(())
}

/// The cases whose files are in `dir` itself, their stems after `prefix`.
fn scan_folder(dir: &Path, prefix: &OsStr) -> io::Result<Vec<Case>> {
    let mut cases: Vec<Case> = Vec::new();
    // Each stem's case, so that pairing a folder's files is linear.
    let mut by_stem: HashMap<OsString, usize> = HashMap::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if !path.is_file() {
            continue;
        }
        let name = path.file_name().unwrap_or_default();
        let Some(extension) = case_extension(&name_bytes(name)) else {
            continue;
        };
        // All three extensions are ASCII, so the stem is the name less
        // them; taken from the path, so that it keeps the name's exact form.
        let Some(stem) = path.file_stem() else {
            continue;
        };
        let mut named = prefix.to_os_string();
        named.push(stem);
        let index = *by_stem.entry(named).or_insert_with_key(|named| {
            cases.push(Case {
                stem: named.clone(),
                input: None,
                expected: None,
                second_answer: None,
                answer_extension: "out",
            });
            cases.len() - 1
        });
        let case = &mut cases[index];
        match extension {
            "in" => case.input = Some(path),
            // Whichever of the two came first, `.out` is the one kept and
            // `.ans` the second, so the error reads the same everywhere.
            _ if case.expected.is_some() => {
                let first = case.expected.take();
                let (out, ans) = if extension == "out" {
                    (Some(path), first)
                } else {
                    (first, Some(path))
                };
                case.expected = out;
                case.second_answer = ans;
            }
            _ => case.expected = Some(path),
        }
    }
    cases.sort_by(|one, other| {
        natural_order_bytes(&name_bytes(&one.stem), &name_bytes(&other.stem))
    });
    Ok(cases)
}

/// Names a missing answer as the folder or package names its answers:
/// `.ans` where every answer there is one, `.out` otherwise; one way for
/// all of a package's folders.
fn name_missing_answers(cases: &mut [Case]) {
    let answers_with = |cases: &[Case], extension: &str| {
        cases.iter().any(|case| {
            case.expected
                .as_deref()
                .is_some_and(|path| path.extension() == Some(OsStr::new(extension)))
        })
    };
    if answers_with(cases, "ans") && !answers_with(cases, "out") {
        for case in cases {
            case.answer_extension = "ans";
        }
    }
}

/// The extension of a case file named `name`, `None` when it is no case
/// file's name.
fn case_extension(name: &[u8]) -> Option<&'static str> {
    EXTENSIONS
        .into_iter()
        .find(|extension| case_file(name, extension))
}

/// True when a file named `name` is a case's `.extension` file: it ends so,
/// with a stem before it.
fn case_file(name: &[u8], extension: &str) -> bool {
    name.len() > extension.len() + 1
        && name.ends_with(extension.as_bytes())
        && name[name.len() - extension.len() - 1] == b'.'
}

/// The cases with two answer files, as one error naming each; `None` when
/// there is none. Found before anything runs: which file is the answer is
/// the user's to say.
pub fn two_answers(dir: &Path, cases: &[Case]) -> Option<Error> {
    let names: Vec<String> = cases
        .iter()
        .filter(|case| case.second_answer.is_some())
        .map(|case| shown_name(&case.stem))
        .collect();
    (!names.is_empty()).then(|| {
        Error::new(format!(
            "{}: {} both a .out and a .ans file ({}); keep the one that is the answer",
            dir.display(),
            if names.len() == 1 {
                "a case has"
            } else {
                "cases have"
            },
            names.join(", ")
        ))
    })
}

/// The cases of `dir` that `names` pick (`3`, `3.in`, `3.out` or `3.ans`
/// picks `3.in` and its answer), in the folder's order, each once; every case when `names` is
/// empty. A name that picks no case is an error naming the cases there.
pub fn scan_picked(dir: &Path, names: &[String]) -> Result<Vec<Case>, Error> {
    pick(scan_some(dir)?, names, dir)
}

/// The cases of `dir`, or why it has none: it cannot be read, or holds no
/// case file.
fn scan_some(dir: &Path) -> Found {
    scan_some_with(dir, scan)
}

/// [`scan_some`], the folder read by `scan`.
fn scan_some_with(dir: &Path, scan: fn(&Path) -> io::Result<Vec<Case>>) -> Found {
    let cases =
        scan(dir).map_err(|error| Error::new(format!("cannot read {}: {error}", dir.display())))?;
    if cases.is_empty() {
        return Err(Error::new(format!(
            "no .in, .out or .ans files in {}",
            dir.display()
        )));
    }
    Ok(cases)
}

/// The cases of a folder, or why it has none to judge (judged ERROR).
pub type Found = Result<Vec<Case>, Error>;

/// The cases of `samples` that `names` pick, read once. An error when one
/// of `names` is no case there, or when a case there has both an `.out`
/// and an `.ans` file (which of the two is the answer is the user's to
/// say): the command line's error, found before anything is built or run.
/// A folder without cases is left to be judged ERROR, as it is without
/// `--case`.
pub fn picked(samples: &Path, names: &[String]) -> Result<Found, Error> {
    picked_with(samples, names, scan)
}

/// [`picked`] for a folder in a package's `data/`, read with its test
/// groups ([`scan_tree`]).
pub fn picked_tree(samples: &Path, names: &[String]) -> Result<Found, Error> {
    picked_with(samples, names, scan_tree)
}

fn picked_with(
    samples: &Path,
    names: &[String],
    scan: fn(&Path) -> io::Result<Vec<Case>>,
) -> Result<Found, Error> {
    let found = match scan_some_with(samples, scan) {
        Ok(found) => found,
        Err(none) => return Ok(Err(none)),
    };
    if let Some(error) = two_answers(samples, &found) {
        return Err(error);
    }
    pick(found, names, samples).map(Ok)
}

/// The `cases` of `dir` that `names` pick, as [`scan_picked`] says.
pub fn pick(cases: Vec<Case>, names: &[String], dir: &Path) -> Result<Vec<Case>, Error> {
    if names.is_empty() {
        return Ok(cases);
    }
    // Each name's stems looked up, not each case held against each name.
    let mut wanted: HashSet<&OsStr> = HashSet::new();
    for name in names {
        let stems = picked_stems(name);
        if !cases
            .iter()
            .any(|case| stems.contains(&case.stem.as_os_str()))
        {
            return Err(Error::new(format!(
                "no case '{name}' in {} (have: {})",
                dir.display(),
                a_few_names(&cases)
            )));
        }
        wanted.extend(stems);
    }
    Ok(cases
        .into_iter()
        .filter(|case| wanted.contains(case.stem.as_os_str()))
        .collect())
}

/// How many case names an error lists before it counts the rest.
const NAMES_LISTED: usize = 10;

/// The first [`NAMES_LISTED`] names of `cases`, and how many more there are.
fn a_few_names(cases: &[Case]) -> String {
    let mut listed: Vec<String> = cases
        .iter()
        .take(NAMES_LISTED)
        .map(|case| shown_name(&case.stem))
        .collect();
    if cases.len() > NAMES_LISTED {
        listed.push(format!("and {} more", cases.len() - NAMES_LISTED));
    }
    listed.join(", ")
}

/// The stems a name given on the command line may mean: itself, and
/// itself less a case file's extension (`3.in` is case `3`'s file).
fn picked_stems(name: &str) -> Vec<&OsStr> {
    let stem = EXTENSIONS
        .into_iter()
        .find_map(|extension| name.strip_suffix(extension)?.strip_suffix('.'))
        .filter(|stem| !stem.is_empty());
    [Some(name), stem]
        .into_iter()
        .flatten()
        .map(OsStr::new)
        .collect()
}

/// True when the name given on the command line is `case`'s: its stem, or
/// the name of one of its files.
#[cfg(test)]
fn picks(name: &str, case: &Case) -> bool {
    picked_stems(name).contains(&case.stem.as_os_str())
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
/// "case-9" < "case-10"; see [`natural_order_bytes`].
pub fn natural_order(one: &str, other: &str) -> Ordering {
    natural_order_bytes(one.as_bytes(), other.as_bytes())
}

/// [`natural_order`] on bytes. Numbers compare by value and the rest byte
/// by byte; names equal so (`01a`, `1a`) are ordered by their bytes, so
/// that no two names compare equal and leading zeros only decide between
/// names that are otherwise the same: `01 1 01a 1a 1b`, as GNU `ls -v`.
pub fn natural_order_bytes(one: &[u8], other: &[u8]) -> Ordering {
    by_value(one, other).then_with(|| one.cmp(other))
}

/// Names compared with runs of digits by their value, leading zeros aside.
fn by_value(mut one: &[u8], mut other: &[u8]) -> Ordering {
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
                    .then_with(|| a_value.cmp(b_value));
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
        assert_eq!(names, ["01", "1", "1a", "2", "10", "a", "a9", "a10", "b"]);
    }

    #[test]
    fn leading_zeros_only_decide_between_names_otherwise_the_same() {
        // As GNU `ls -v` orders them: the letters decide before the zeros.
        let mut names = vec!["1b", "01a", "1", "01", "1a", "01b", "a01", "a1b"];
        names.sort_by(|one, other| natural_order(one, other));
        assert_eq!(names, ["01", "1", "01a", "1a", "01b", "1b", "a01", "a1b"]);
        assert_eq!(natural_order("1b", "01a"), Ordering::Greater);
        assert_eq!(natural_order("x01", "x1"), Ordering::Less);
        assert_eq!(natural_order("x1", "x1"), Ordering::Equal);
    }

    /// A case named `stem`, with no files.
    fn case(stem: &str) -> Case {
        Case {
            stem: OsString::from(stem),
            input: None,
            expected: None,
            second_answer: None,
            answer_extension: "out",
        }
    }

    #[test]
    fn a_case_is_picked_by_its_stem_or_a_file_name() {
        let three = case("3");
        assert!(picks("3", &three));
        assert!(picks("3.in", &three));
        assert!(picks("3.out", &three));
        assert!(picks("3.ans", &three));
        assert!(!picks("03", &three));
        assert!(!picks("3.res", &three));
        assert!(!picks("3ans", &three));
        let dotted = case("a.in");
        assert!(picks("a.in", &dotted));
        assert!(!picks(".in", &dotted));
        let grouped = case("secret/03-max");
        assert!(picks("secret/03-max", &grouped));
        assert!(picks("secret/03-max.ans", &grouped));
        assert!(!picks("03-max", &grouped));
    }

    /// A folder under the system's temporary folder holding `files`
    /// (paths with `/`), empty files each; removed by the caller.
    fn folder(name: &str, files: &[&str]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("scripts-cases-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for file in files {
            let path = dir.join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, b"").unwrap();
        }
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Each case of `dir` as `stem in answer` (`-` for a missing file), the
    /// answer by its extension, and `+ans` when there is a second one.
    fn listed(dir: &Path) -> Vec<String> {
        let extension = |path: &Option<PathBuf>| match path {
            Some(path) => path.extension().unwrap().to_string_lossy().into_owned(),
            None => "-".to_string(),
        };
        scan(dir)
            .unwrap()
            .iter()
            .map(|case| {
                let mut line = format!(
                    "{} {} {}",
                    case.stem.to_string_lossy(),
                    extension(&case.input),
                    extension(&case.expected)
                );
                if case.second_answer.is_some() {
                    line.push_str(" +ans");
                }
                line
            })
            .collect()
    }

    #[test]
    fn answers_are_out_or_ans_files_and_a_case_with_both_is_an_error() {
        let dir = folder(
            "answers",
            &[
                "1.in", "1.out", "2.in", "2.ans", "3.in", "3.out", "3.ans", "4.ans", "5.in",
                "x.bin", "y.answer", ".ans",
            ],
        );
        assert_eq!(
            listed(&dir),
            ["1 in out", "2 in ans", "3 in out +ans", "4 - ans", "5 in -"]
        );
        let cases = scan(&dir).unwrap();
        let broken: Vec<Option<String>> = cases.iter().map(Case::broken).collect();
        assert_eq!(
            broken,
            [
                None,
                None,
                Some("both 3.out and 3.ans are there: keep the one that is the answer".to_string()),
                Some("4.in is missing".to_string()),
                // .out and .ans both name answers here: the usual one is asked for.
                Some("5.out is missing".to_string()),
            ]
        );
        let error = two_answers(&dir, &cases).unwrap().to_string();
        assert!(
            error.ends_with(
                ": a case has both a .out and a .ans file (3); keep the one that is the answer"
            ),
            "{error}"
        );
        assert!(two_answers(&dir, &cases[..2]).is_none());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_answer_is_named_as_the_folder_names_its_answers() {
        let dir = folder("kattis", &["1.in", "1.ans", "2.in"]);
        let cases = scan(&dir).unwrap();
        assert_eq!(cases[1].broken().unwrap(), "2.ans is missing");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_package_names_its_missing_answers_one_way_in_every_folder() {
        let dir = folder(
            "one-way",
            &[
                "secret/1.in",
                "secret/2.in",
                "secret/2.ans",
                "secret/g/1.in",
            ],
        );
        let broken: Vec<String> = scan(&dir)
            .unwrap()
            .iter()
            .filter_map(Case::broken)
            .collect();
        assert_eq!(
            broken,
            ["secret/1.ans is missing", "secret/g/1.ans is missing"]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_is_never_a_case_file_nor_a_group_named_like_one() {
        let dir = folder("folder-named-ans", &["2.in", "2.ans/1.in", "2.ans/1.ans"]);
        assert_eq!(listed(&dir), ["2 in -"]);
        fs::remove_dir_all(&dir).unwrap();
        let dir = folder(
            "group-named-ans",
            &["secret/2.in", "secret/2.ans/1.in", "secret/2.ans/1.ans"],
        );
        let error = scan(&dir).unwrap_err().to_string();
        assert_eq!(
            error,
            "secret/2.ans is a folder, named like a case file: a case's files are files"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_name_that_picks_nothing_lists_a_few_cases_and_counts_the_rest() {
        let files: Vec<String> = (1..=25).map(|number| format!("{number}.in")).collect();
        let files: Vec<&str> = files.iter().map(String::as_str).collect();
        let dir = folder("many", &files);
        let error = scan_picked(&dir, &["nope".to_string()])
            .unwrap_err()
            .to_string();
        assert!(
            error.ends_with(" (have: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, and 15 more)"),
            "{error}"
        );
        let few = scan_picked(
            &dir,
            &["3".to_string(), "3.in".to_string(), "12".to_string()],
        )
        .unwrap();
        let stems: Vec<&OsStr> = few.iter().map(|case| case.stem.as_os_str()).collect();
        assert_eq!(stems, ["3", "12"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Links to folders: each real folder is read once, and a link back up
    /// is an error naming it, not a case list grown to the system's link
    /// limit; a link to a case file stays a case.
    #[cfg(unix)]
    #[test]
    fn a_link_to_a_folder_already_read_is_an_error_and_a_link_to_a_file_a_case() {
        use std::os::unix::fs::symlink;
        let dir = folder(
            "links",
            &["secret/1.in", "secret/1.ans", "other/2.in", "other/2.ans"],
        );
        symlink(dir.join("other/2.in"), dir.join("secret/2.in")).unwrap();
        symlink(dir.join("other/2.ans"), dir.join("secret/2.ans")).unwrap();
        assert_eq!(listed(&dir), ["secret/1 in ans", "secret/2 in ans"]);
        symlink(".", dir.join("secret/again")).unwrap();
        assert_eq!(
            scan(&dir).unwrap_err().to_string(),
            "secret/again is a link to secret, which is read already: each folder's \
             cases are judged once"
        );
        // Two links back up once grew the list exponentially.
        symlink("..", dir.join("secret/up")).unwrap();
        assert!(scan(&dir).is_err());
        fs::remove_file(dir.join("secret/again")).unwrap();
        assert_eq!(
            scan(&dir).unwrap_err().to_string(),
            "secret/up is a link to ., which is read already: each folder's cases are \
             judged once"
        );
        fs::remove_file(dir.join("secret/up")).unwrap();
        // A second way to one group is refused too: its cases are judged once.
        fs::create_dir(dir.join("secret/g")).unwrap();
        fs::write(dir.join("secret/g/1.in"), b"").unwrap();
        symlink("g", dir.join("secret/h")).unwrap();
        assert!(scan(&dir)
            .unwrap_err()
            .to_string()
            .starts_with("secret/h is a link to secret/g, which is read already"));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_package_data_folder_is_judged_sample_then_secret_then_their_groups() {
        let dir = folder(
            "package",
            &[
                "secret/10.in",
                "secret/10.ans",
                "secret/2.in",
                "secret/2.ans",
                "secret/group10/1.in",
                "secret/group10/1.ans",
                "secret/group9/1.in",
                "secret/group9/1.ans",
                "sample/1.in",
                "sample/1.ans",
                "sample/1.interaction",
                "other/1.in",
                "problem.yaml",
            ],
        );
        assert_eq!(
            listed(&dir),
            [
                "sample/1 in ans",
                "secret/2 in ans",
                "secret/10 in ans",
                "secret/group9/1 in ans",
                "secret/group10/1 in ans",
            ]
        );
        // Picked by their names in the package.
        let picked = scan_picked(&dir, &["secret/10".to_string()]).unwrap();
        assert_eq!(picked.len(), 1);
        assert_eq!(picked[0].stem, "secret/10");
        // A folder with cases of its own is not a package, whatever else it holds.
        fs::write(dir.join("7.in"), b"").unwrap();
        assert_eq!(listed(&dir), ["7 in -"]);
        fs::remove_dir_all(&dir).unwrap();
        // Only a secret/ folder is a package too.
        let dir = folder("secret-only", &["secret/a.in", "secret/a.out"]);
        assert_eq!(listed(&dir), ["secret/a in out"]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
