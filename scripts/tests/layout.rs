//! The tool's layout, as DESIGN.md holds it: every file of `scripts/src`
//! says what it is for in its first line (a `//!` comment) and stays
//! within 900 lines, tests included, so that a room that grows past one
//! job is split by job rather than left to grow.

use std::fs;
use std::path::{Path, PathBuf};

/// The most lines a file of the tool may have.
const MOST_LINES: usize = 900;

/// Every `.rs` file under `dir`, in a stable order.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn every_file_of_the_tool_says_what_it_is_for_and_stays_within_900_lines() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&source);
    assert!(
        files.len() > 20,
        "{} files in {}",
        files.len(),
        source.display()
    );
    let mut faults = Vec::new();
    for path in &files {
        let text = fs::read_to_string(path).unwrap();
        let shown = path.strip_prefix(&source).unwrap().display();
        let lines = text.lines().count();
        if lines > MOST_LINES {
            faults.push(format!(
                "{shown}: {lines} lines, past {MOST_LINES}: split it by job"
            ));
        }
        if !text.starts_with("//! ") {
            faults.push(format!(
                "{shown}: its first line is no `//!` line saying what it is for"
            ));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
