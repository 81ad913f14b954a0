//! What the tool's integration tests share: scratch folders, and running
//! the tool and reading its report.

#![allow(dead_code)] // Each test file uses a different part of this module.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

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

    /// A folder named after `name` holding `files` (paths and contents).
    pub fn with_files(name: &str, files: &[(&str, &str)]) -> Scratch {
        let scratch = Scratch::new(name);
        for (path, contents) in files {
            scratch.write(path, contents.as_bytes());
        }
        scratch
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// The variables that turn the tool's colour on or off. CI sets
/// `CARGO_TERM_COLOR=always`, and the tests read the plain report: each is
/// cleared for the tool unless a test sets it again.
pub const COLOR_VARIABLES: [&str; 4] =
    ["CARGO_TERM_COLOR", "NO_COLOR", "CLICOLOR_FORCE", "CLICOLOR"];

/// The tool's binary, as cargo built it for these tests, without the
/// [`COLOR_VARIABLES`] of the environment the tests run in.
pub fn tool() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_scripts"));
    for name in COLOR_VARIABLES {
        command.env_remove(name);
    }
    command
}

/// The stand-in solution that does what its input says.
pub fn fixture() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_judge-fixture"))
}

/// `judge --program PROGRAM --samples SAMPLES`, with `args` after the rest.
pub fn judge_program(program: &Path, samples: &Path, args: &[&str]) -> Report {
    Report::of(
        tool()
            .args(["judge", "--program"])
            .arg(program)
            .arg("--samples")
            .arg(samples)
            .args(args)
            .output()
            .unwrap(),
    )
}

/// The names a C++ compiler goes by, as the tool looks for one.
pub const CPP_COMPILERS: &[&str] = &["c++", "g++", "clang++"];

/// True, saying that the test is skipped, when none of `names` (a `what`)
/// is on PATH: for the tests that build a program of a package.
pub fn lacking(what: &str, names: &[&str]) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = names
        .iter()
        .any(|name| std::env::split_paths(&path).any(|folder| folder.join(name).is_file()));
    if !found {
        eprintln!("skipped: no {what} on PATH");
    }
    !found
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

    /// The verdicts of the cases `judge-fixture/1` to
    /// `judge-fixture/COUNT`, in that order.
    pub fn numbered_verdicts(&self, count: usize) -> Vec<String> {
        (1..=count)
            .map(|case| self.verdict(&format!("judge-fixture/{case}")))
            .collect()
    }

    pub fn last_line(&self) -> &str {
        self.stdout.lines().last().unwrap_or("")
    }

    /// Asserts that the tool exited with status `code`; the report, for
    /// what is asserted next.
    #[track_caller]
    pub fn exited(&self, code: i32) -> &Report {
        assert_eq!(self.code, Some(code), "{}{}", self.stdout, self.stderr);
        self
    }

    /// Asserts that standard output holds each of `texts`.
    #[track_caller]
    pub fn says(&self, texts: &[&str]) -> &Report {
        for text in texts {
            assert!(self.stdout.contains(text), "{text:?} in:\n{}", self.stdout);
        }
        self
    }

    /// Asserts that standard output starts with `text`.
    #[track_caller]
    pub fn starts_with(&self, text: &str) -> &Report {
        assert!(
            self.stdout.starts_with(text),
            "{text:?} first in:\n{}",
            self.stdout
        );
        self
    }

    /// The summary line without its time: `N passed, M failed`.
    pub fn summary(&self) -> &str {
        let line = self.last_line();
        line.rsplit_once(" in ").map_or(line, |(counts, _)| counts)
    }
}

/// The real workspace, whose target folder the scratch workspaces build in.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A problem crate's solution for the tests: its input says what to do, as
/// the fixture's does (`print TEXT`, `sleep MS`, `alloc MIB`).
const SOLUTION: &str = r#"//! A stand-in solution: its input says what to do.
use std::io::Read;
use std::time::Duration;

fn main() {
    // EXTRA
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let input = input.trim_end_matches('\n');
    let (command, rest) = input.split_once(' ').unwrap_or((input, ""));
    match command {
        "print" => print!("{}", rest.replace("\\n", "\n")),
        "sleep" => {
            std::thread::sleep(Duration::from_millis(rest.parse().unwrap()));
            println!("slept");
        }
        "alloc" => {
            let block = vec![1u8; rest.parse::<usize>().unwrap() << 20];
            std::hint::black_box(&block);
            println!("allocated");
        }
        _ => panic!("unknown command {command:?}"),
    }
}
"#;

/// Its generator for `cargo stress`: two numbers, spaced out.
const GENERATOR: &str = r#"fn main() {
    let seed: u64 = std::env::args().nth(1).unwrap().parse().unwrap();
    println!("print {seed}  {}\\n", seed % 7);
}
"#;

/// Its brute force: the same numbers, one space apart.
const BRUTE: &str = r#"use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let words: Vec<&str> = input.split_whitespace().skip(1).collect();
    println!("{}", words.join(" ").replace("\\n", ""));
}
"#;

/// The samples of each crate: (name, input, expected output).
pub const SAMPLES: &[(&str, &str, &str)] = &[
    ("slow", "sleep 150", "slept\n"),
    ("big", "alloc 100", "allocated\n"),
    ("spaced", "print 1  2\\n", "1 2\n"),
    ("other", "print x\\n", "x\n"),
];

/// A workspace of its own with two problem crates whose solution does what
/// its input says: `x1-fixture` (the default checker, exact) and
/// `x2-tokens` (`checker = "tokens"`), both with 1000 ms and 256 MiB, the
/// [`SAMPLES`], a generator and brute force for `cargo stress`, and their
/// committed submission. It builds into a target folder of its own under
/// the real one, one per test (kept between runs).
pub struct Problems {
    pub scratch: Scratch,
    pub target: PathBuf,
}

impl Problems {
    /// `extra` is a line put at the start of x1-fixture's `main`.
    pub fn new(test: &str, extra: &str) -> Problems {
        let scratch = Scratch::new("problems");
        scratch.write(
            "Cargo.toml",
            b"[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n",
        );
        for (name, checker) in [("x1-fixture", ""), ("x2-tokens", "checker = \"tokens\"\n")] {
            let manifest = format!(
                "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n\
                 [package.metadata.judge]\ntime-limit-ms = 1000\nmemory-limit-mib = 256\n{checker}\n\
                 [[package.metadata.judge.compile]]\njudge = \"plain rustc\"\n\
                 rustc-args = [\"--edition\", \"2021\", \"-O\"]\n\n\
                 [[example]]\nname = \"{name}-gen\"\npath = \"examples/gen.rs\"\n\n\
                 [[example]]\nname = \"{name}-brute\"\npath = \"examples/brute.rs\"\n"
            );
            let dir = format!("crates/{name}");
            scratch.write(&format!("{dir}/Cargo.toml"), manifest.as_bytes());
            let extra = if name == "x1-fixture" { extra } else { "" };
            let solution = SOLUTION.replace("// EXTRA", extra);
            scratch.write(&format!("{dir}/src/main.rs"), solution.as_bytes());
            scratch.write(&format!("submissions/{name}.rs"), solution.as_bytes());
            scratch.write(&format!("{dir}/examples/gen.rs"), GENERATOR.as_bytes());
            scratch.write(&format!("{dir}/examples/brute.rs"), BRUTE.as_bytes());
            for (case, input, expected) in SAMPLES {
                scratch.write(&format!("samples/{name}/{case}.in"), input.as_bytes());
                scratch.write(&format!("samples/{name}/{case}.out"), expected.as_bytes());
            }
        }
        let target = workspace_root()
            .join("target")
            .join("tool-tests")
            .join(test);
        Problems { scratch, target }
    }

    /// The tool, run in the folder `dir` of this workspace.
    pub fn tool_in(&self, dir: &str, args: &[&str]) -> Report {
        Report::of(
            tool()
                .args(args)
                .current_dir(self.scratch.path.join(dir))
                .env("CARGO_TARGET_DIR", &self.target)
                .output()
                .unwrap(),
        )
    }

    /// The tool, run at this workspace's root.
    pub fn tool(&self, args: &[&str]) -> Report {
        self.tool_in("", args)
    }
}

/// A package in a scratch folder: `files` are paths and contents (the
/// fixture's input says what it prints).
pub fn package(files: &[(&str, &str)]) -> Scratch {
    Scratch::with_files("package", files)
}

/// Judges the fixture on `dir` with `args` after the rest.
pub fn judge(dir: &Path, args: &[&str]) -> Report {
    judge_program(fixture(), dir, args)
}

/// The line that says what a package is judged under.
pub fn package_line(report: &Report) -> &str {
    report
        .stdout
        .lines()
        .find(|line| line.contains(" package") && line.contains("time limit"))
        .unwrap_or_else(|| panic!("no package line in:\n{}{}", report.stdout, report.stderr))
}

/// A line that makes a source unlike any an earlier run built, so that
/// the first build in a test is a build, whatever the cache holds.
pub fn fresh_comment(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{prefix} run {} {nanos}\n", std::process::id())
}

/// `from` copied whole into `to`, sub-folders too.
pub fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// An ICPC output validator in Python: `validate.py INPUT ANSWER
/// FEEDBACK_DIR < OUTPUT`, exit 42 when the output is the answer's number
/// or its negation, else 43 with a judge message.
pub const PYTHON_VALIDATOR: &str = r#"import os
import sys

answer = open(sys.argv[2]).read().split()
output = sys.stdin.read().split()
if len(output) == 1 and output[0].lstrip("-") == answer[0].lstrip("-"):
    sys.exit(42)
with open(os.path.join(sys.argv[3], "judgemessage.txt"), "w") as message:
    message.write("expected +-%s, got %s\n" % (answer[0], " ".join(output)))
sys.exit(43)
"#;

/// Busy loops, `per_core` for each CPU, until dropped: the load a user's
/// machine has, beside a run whose verdict must not depend on it.
pub struct Busy {
    stop: Arc<AtomicBool>,
    loops: Vec<JoinHandle<()>>,
}

impl Busy {
    pub fn per_core(per_core: usize) -> Busy {
        let cores = std::thread::available_parallelism().map_or(2, |cores| cores.get());
        let stop = Arc::new(AtomicBool::new(false));
        let loops = (0..per_core * cores)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                })
            })
            .collect();
        Busy { stop, loops }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for spinner in self.loops.drain(..) {
            let _ = spinner.join();
        }
    }
}

/// `command` run with `input` on its standard input, its output and
/// errors kept; `Err` where it cannot be started.
pub fn fed(command: &mut Command, input: &[u8]) -> std::io::Result<Output> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    child.stdin.take().unwrap().write_all(input)?;
    child.wait_with_output()
}
