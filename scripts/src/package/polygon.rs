//! Polygon packages (Codeforces' format): `problem.xml` says the
//! testset's `time-limit` (ms) and `memory-limit` (bytes), where its tests
//! are (`input-path-pattern` `tests/%02d`, `answer-path-pattern`
//! `tests/%02d.a`), and its checker (`<checker><source path=...>`, a
//! testlib checker built with the package's `files/` on the include path,
//! where testlib.h is) or interactor. The testset judged is `tests`, else
//! the first; its cases are named by their number from 1.

use super::build::Source;
use super::{Cases, Package, Stated, Unbatched, Validation};
use crate::cases::Case;
use crate::error::Error;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How many tests a testset may state past the files its inputs' folder
/// holds before it is refused at once, each missing one unnamed.
const COUNT_PAST_HELD: usize = 1000;

/// Reads the package at `root`.
pub fn read(root: &Path) -> Result<Package, Error> {
    let path = root.join("problem.xml");
    let text = fs::read_to_string(&path)
        .map_err(|error| Error::new(format!("cannot read {}: {error}", path.display())))?;
    let in_xml = |text: String| Error::new(format!("{}: {text}", path.display()));
    let document = roxmltree::Document::parse(&text).map_err(|error| in_xml(error.to_string()))?;
    let problem = document.root_element();
    let judging =
        child(problem, "judging").ok_or_else(|| in_xml("no <judging> in it".to_string()))?;
    for attribute in ["input-file", "output-file"] {
        if let Some(file) = judging.attribute(attribute).filter(|file| !file.is_empty()) {
            return Err(in_xml(format!(
                "the program reads and writes files ({attribute}=\"{file}\"), and cargo \
                 judge gives it standard input and output"
            )));
        }
    }
    let testsets: Vec<roxmltree::Node> = judging
        .children()
        .filter(|node| node.has_tag_name("testset"))
        .collect();
    let testset = testsets
        .iter()
        .find(|node| node.attribute("name") == Some("tests"))
        .or(testsets.first())
        .ok_or_else(|| in_xml("no <testset> in <judging>".to_string()))?;
    let value = |name: &str| -> Option<String> {
        child(*testset, name)
            .and_then(|node| node.text())
            .map(|text| text.trim().to_string())
    };
    let number = |name: &str| -> Result<Option<u64>, Error> {
        value(name)
            .map(|text| {
                text.parse::<u64>()
                    .ok()
                    .filter(|value| *value > 0)
                    .ok_or_else(|| in_xml(format!("<{name}> is {text}, not a whole number")))
            })
            .transpose()
    };
    let testset_name = testset.attribute("name").unwrap_or("?");
    let time = number("time-limit")?.map(|ms| Stated {
        value: Duration::from_millis(ms),
        from: format!("problem.xml testset {testset_name}"),
    });
    let memory = number("memory-limit")?.map(|bytes| Stated {
        value: bytes,
        from: format!("problem.xml testset {testset_name}"),
    });
    // A testset may list no tests (0): that is no error of the file.
    let stated_count = match value("test-count").as_deref() {
        Some("0") => Some(0),
        _ => number("test-count")?,
    };
    let count = match stated_count {
        Some(count) => count as usize,
        None => child(*testset, "tests").map_or(0, |tests| {
            tests
                .children()
                .filter(|node| node.has_tag_name("test"))
                .count()
        }),
    };
    let input_pattern = value("input-path-pattern")
        .ok_or_else(|| in_xml("no <input-path-pattern> in the testset".to_string()))?;
    let answer_pattern = value("answer-path-pattern")
        .ok_or_else(|| in_xml("no <answer-path-pattern> in the testset".to_string()))?;
    // Bounded by what the package holds: each test has an input file of
    // its own in the inputs' folder, so a count far past the files there
    // is said at once, not looked for test by test (10^8 of them took
    // 20 s and 680 MB before).
    let first_input = root.join(fill(&input_pattern, 1).map_err(in_xml)?);
    let inputs_folder = first_input.parent().unwrap_or(root);
    let held = fs::read_dir(inputs_folder).map_or(0, |entries| entries.count());
    if count > held + COUNT_PAST_HELD {
        return Err(Error::new(format!(
            "{}: its testset {testset_name} has {count} tests, and {} holds {held} files: \
             Polygon's standard package leaves the tests it generates, and the answers, to \
             its doall script; download the full package, or run that first",
            root.display(),
            inputs_folder.display()
        )));
    }
    let mut cases = Vec::new();
    let mut missing = Vec::new();
    let mut missing_count = 0;
    for number in 1..=count {
        let input = root.join(fill(&input_pattern, number).map_err(in_xml)?);
        let answer = root.join(fill(&answer_pattern, number).map_err(in_xml)?);
        for file in [&input, &answer] {
            if !file.is_file() {
                missing_count += 1;
                if missing.len() < 3 {
                    missing.push(
                        file.strip_prefix(root)
                            .unwrap_or(file)
                            .display()
                            .to_string(),
                    );
                }
            }
        }
        cases.push(Case {
            stem: OsString::from(number.to_string()),
            input: Some(input),
            expected: Some(answer),
            second_answer: None,
            answer_extension: "a",
        });
    }
    if missing_count > 0 {
        let shown: Vec<&str> = missing.iter().map(String::as_str).collect();
        return Err(Error::new(format!(
            "{}: {} of the package's test files are not there ({}{}): Polygon's \
             standard package leaves the tests it generates, and the answers, to its \
             doall script; download the full package, or run that first",
            root.display(),
            missing_count,
            shown.join(", "),
            if missing_count > 3 { ", ..." } else { "" }
        )));
    }
    let assets = child(problem, "assets");
    let source_of = |name: &str| -> Option<PathBuf> {
        let node = child(assets?, name)?;
        let source = child(node, "source")?;
        source.attribute("path").map(|path| root.join(path))
    };
    let unbatched = source_of("interactor").map(|program| Unbatched {
        kind: "interactive".to_string(),
        from: "problem.xml <interactor>".to_string(),
        program: Some(program),
    });
    // No checker is an error only where one is wanted: --checker judges
    // without it.
    let validation = match source_of("checker") {
        None => Validation::Missing {
            why: in_xml("no <checker><source path=...> in <assets>; pass --checker".to_string())
                .to_string(),
            testlib: true,
        },
        Some(checker) => {
            let shown = checker
                .strip_prefix(root)
                .unwrap_or(&checker)
                .display()
                .to_string();
            let dir = checker.parent().unwrap_or(root).to_path_buf();
            Validation::Testlib(Source {
                shown,
                dir,
                main: Some(checker),
                include: vec![root.join("files")],
            })
        }
    };
    Ok(Package {
        root: root.to_path_buf(),
        format: "Polygon package".to_string(),
        cases: Cases::Listed(cases),
        time,
        memory,
        output: None,
        no_time_because: "the package states none",
        validation,
        unbatched,
        judge_defaults: false,
        judge: super::kind_profile("codeforces", "the package's problem.xml"),
    })
}

/// The first child element of `node` named `name`.
fn child<'a, 'input>(
    node: roxmltree::Node<'a, 'input>,
    name: &str,
) -> Option<roxmltree::Node<'a, 'input>> {
    node.children().find(|child| child.has_tag_name(name))
}

/// A path pattern with its one printf number filled: `tests/%02d` and 3
/// give `tests/03`; `%%` is a `%`.
fn fill(pattern: &str, number: usize) -> Result<String, String> {
    let mut filled = String::new();
    let mut rest = pattern;
    let mut filled_once = false;
    while let Some(at) = rest.find('%') {
        filled.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        if let Some(after) = rest.strip_prefix('%') {
            filled.push('%');
            rest = after;
            continue;
        }
        let zero = rest.starts_with('0');
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let width: usize = rest[..digits].parse().unwrap_or(0);
        let Some(after) = rest[digits..].strip_prefix('d') else {
            return Err(format!(
                "the path pattern {pattern} is not one of a number (%d, %02d)"
            ));
        };
        if filled_once {
            return Err(format!(
                "the path pattern {pattern} has more than one number"
            ));
        }
        filled_once = true;
        filled.push_str(&if zero {
            format!("{number:0width$}")
        } else {
            format!("{number:width$}")
        });
        rest = after;
    }
    filled.push_str(rest);
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_pattern_is_filled_as_printf_fills_it() {
        assert_eq!(fill("tests/%02d", 3).unwrap(), "tests/03");
        assert_eq!(fill("tests/%02d.a", 12).unwrap(), "tests/12.a");
        assert_eq!(fill("tests/%d", 7).unwrap(), "tests/7");
        assert_eq!(fill("t/%03d%%", 7).unwrap(), "t/007%");
        assert_eq!(fill("t/%3d", 7).unwrap(), "t/  7");
        assert!(fill("t/%s", 1).is_err());
        assert!(fill("t/%d-%d", 1).is_err());
    }
}
