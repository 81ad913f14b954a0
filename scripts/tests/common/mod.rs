//! What the tool's integration tests share: scratch folders, and running
//! the tool and reading its report.

#![allow(dead_code)] // Each test file uses a different part of this module.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A folder of its own under the system's temporary folder, removed when
/// dropped.
pub struct Scratch {
    pub path: PathBuf,
}

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "scripts-test-{}-{name}-{unique}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).unwrap();
        Scratch { path }
    }

    /// Writes `contents` to the file `name` in this folder.
    pub fn write(&self, name: &str, contents: &[u8]) -> PathBuf {
        let path = self.path.join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).unwrap();
        }
        fs::write(&path, contents).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// The tool's binary, as cargo built it for these tests.
pub fn tool() -> Command {
    Command::new(env!("CARGO_BIN_EXE_scripts"))
}

/// The stand-in solution that does what its input says.
pub fn fixture() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_judge-fixture"))
}

/// The tool's output as text, with its exit status.
pub struct Report {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

impl Report {
    pub fn of(output: Output) -> Report {
        Report {
            stdout: String::from_utf8(output.stdout).expect("the tool writes UTF-8"),
            stderr: String::from_utf8(output.stderr).expect("the tool writes UTF-8"),
            code: output.status.code(),
        }
    }

    /// The verdict line of case `name` (as `<label>/<stem>`) and the lines
    /// under it up to the next verdict line.
    pub fn case(&self, name: &str) -> (String, String) {
        let mut lines = self
            .stdout
            .lines()
            .skip_while(|line| line.split_whitespace().nth(1) != Some(name));
        let head = lines
            .next()
            .unwrap_or_else(|| panic!("no line for {name} in:\n{}", self.stdout))
            .to_string();
        let detail: Vec<&str> = lines.take_while(|line| line.starts_with(' ')).collect();
        (head, detail.join("\n"))
    }

    /// The verdict given to case `name`.
    pub fn verdict(&self, name: &str) -> String {
        self.case(name)
            .0
            .split_whitespace()
            .next()
            .unwrap()
            .to_string()
    }

    pub fn last_line(&self) -> &str {
        self.stdout.lines().last().unwrap_or("")
    }

    /// The summary line without its time: `N passed, M failed`.
    pub fn summary(&self) -> &str {
        let line = self.last_line();
        line.rsplit_once(" in ").map_or(line, |(counts, _)| counts)
    }
}
