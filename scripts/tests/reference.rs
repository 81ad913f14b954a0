//! The formats' reference programs, held against the tool as a solution is
//! held against a brute force:
//! - problemtools' default output validator (`default_validator.cc`)
//!   against `--checker icpc-default:FLAGS`, and DOMjudge's (`compare.cc`)
//!   against `--checker domjudge-default:FLAGS`, on seeded random texts;
//! - testlib's own checkers (`checkers/*.cpp`, built with its testlib.h):
//!   the tool's verdict is the one their exit status stands for, and what
//!   they said is shown under it;
//! - problemtools' example packages, judged with their own C, C++, Rust
//!   and (on Unix) Python 3 submissions: each gets the verdict of its
//!   folder, under the time limit problemtools would set.
//!
//! The reference sources are not part of this repository, so each test is
//! ignored unless asked for, and then fails unless PROBLEMTOOLS (a
//! checkout of Kattis/problemtools), DOMJUDGE (of DOMjudge/domjudge) or
//! TESTLIB (of MikeMirzayanov/testlib) names them. docs/references.md says how to run them and what they
//! found.
//!
//! REFERENCE_JOBS=N judges with `-j N` (unset: the tool's default), and
//! REFERENCE_VERDICTS=PATH appends each case's verdict to PATH, so that
//! runs at several N can be held against each other case by case, not
//! only by whether the test passed.

mod common;

use common::{fixture, tool, Scratch};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The folder an environment variable names, or a panic saying what to set.
fn checkout(variable: &str, what: &str) -> PathBuf {
    let path = std::env::var_os(variable)
        .map(PathBuf::from)
        .unwrap_or_else(|| panic!("set {variable} to the folder of {what}"));
    assert!(path.is_dir(), "{variable}={} is no folder", path.display());
    // Absolute: the tool runs in a folder of its own.
    path.canonicalize().unwrap()
}

/// How many cases a random test makes: REFERENCE_CASES, else `default`.
fn cases_or(default: usize) -> usize {
    std::env::var("REFERENCE_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(default)
}

/// `source` (C, C++ or Rust, by its extension; or a folder, whose C or C++
/// files are compiled together) compiled as `name` into the tests' scratch
/// folder, unless a build newer than the source is there.
fn compile(source: &Path, include: Option<&Path>, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("reference");
    fs::create_dir_all(&dir).unwrap();
    let binary = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    let modified = |path: &Path| fs::metadata(path).and_then(|meta| meta.modified()).ok();
    if modified(&binary).is_some() && modified(&binary) >= modified(source) {
        return binary;
    }
    let compiler = |variable: &str, default: &str| {
        Command::new(std::env::var(variable).unwrap_or_else(|_| default.to_string()))
    };
    let sources = if source.is_dir() {
        files_with(source, &["c", "cc", "cpp"])
    } else {
        vec![source.to_path_buf()]
    };
    let language = sources[0]
        .extension()
        .and_then(|extension| extension.to_str());
    let mut command = match language {
        Some("c") => {
            let mut command = compiler("CC", "cc");
            command.args(["-O2", "-std=gnu11"]);
            command
        }
        Some("rs") => {
            let mut command = Command::new("rustc");
            command.args(["-O", "--edition", "2021"]);
            command
        }
        _ => {
            let mut command = compiler("CXX", "c++");
            command.args(["-O2", "-std=gnu++17"]);
            command
        }
    };
    if let Some(include) = include {
        command.arg("-I").arg(include);
    }
    command.arg("-o").arg(&binary).args(&sources);
    if language == Some("c") {
        command.arg("-lm");
    }
    let output = command.output().expect("the compiler starts");
    assert!(
        output.status.success(),
        "{} does not compile:\n{}",
        source.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    binary
}

/// A Python 3 `source` as a program the tool can start: a launcher script
/// beside the compiled ones (Unix: Python is run as Kattis runs it, by the
/// interpreter on the file).
#[cfg(unix)]
fn python(source: &Path, name: &str) -> Option<PathBuf> {
    Some(launcher(name, &format!("python3 '{}'", source.display())))
}

#[cfg(not(unix))]
fn python(_: &Path, _: &str) -> Option<PathBuf> {
    None
}

/// The files of `dir` with one of `extensions`, sorted.
fn files_with(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            path.is_file()
                && path
                    .extension()
                    .and_then(|extension| extension.to_str())
                    .is_some_and(|extension| extensions.contains(&extension))
        })
        .collect();
    found.sort();
    found
}

/// A launcher script in the scratch folder that runs `command` with the
/// tool's arguments.
#[cfg(unix)]
fn launcher(name: &str, command: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("reference");
    fs::create_dir_all(&dir).unwrap();
    let launcher = dir.join(name);
    fs::write(&launcher, format!("#!/bin/sh\nexec {command} \"$@\"\n")).unwrap();
    fs::set_permissions(&launcher, fs::Permissions::from_mode(0o755)).unwrap();
    launcher
}

/// Java `sources` (one file, or a folder's .java files) compiled with
/// javac, and a launcher that runs the class with `main` as problemtools'
/// languages.yaml runs Java (`-XX:+UseSerialGC -Xss64m`), less its heap
/// flags, which are the judge's memory limit.
#[cfg(unix)]
fn java(source: &Path, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("reference")
        .join(format!("{name}-classes"));
    let sources = if source.is_dir() {
        files_with(source, &["java"])
    } else {
        vec![source.to_path_buf()]
    };
    let output = Command::new("javac")
        .arg("-encoding")
        .arg("UTF-8")
        .arg("-d")
        .arg(&dir)
        .args(&sources)
        .output()
        .expect("javac starts");
    assert!(
        output.status.success(),
        "{} does not compile:\n{}",
        source.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let main = sources
        .iter()
        .find(|path| fs::read_to_string(path).is_ok_and(|text| text.contains("static void main")))
        .unwrap_or(&sources[0]);
    let class = main.file_stem().unwrap().to_str().unwrap();
    let command = format!(
        "java -XX:+UseSerialGC -Xss64m -cp '{}' {class}",
        dir.display()
    );
    launcher(name, &command)
}

/// A shell script (a file, or a folder's `main.sh` or only script) run by
/// bash, as BAPCtools runs one.
#[cfg(unix)]
fn shell(source: &Path, name: &str) -> PathBuf {
    let script = if source.is_dir() {
        let scripts = files_with(source, &["sh"]);
        scripts
            .iter()
            .find(|path| path.ends_with("main.sh"))
            .cloned()
            .unwrap_or_else(|| scripts[0].clone())
    } else {
        source.to_path_buf()
    };
    launcher(name, &format!("bash '{}'", script.display()))
}

/// The language of a submission, a file or a folder of files, by its
/// extension: the one the tests can run, or `None`.
fn language_of(submission: &Path, every_language: bool) -> Option<&'static str> {
    let name = submission.file_name()?.to_str()?;
    let extension = name.rsplit_once('.').map(|(_, extension)| extension)?;
    // Python 2 is not Python 3.
    if name.ends_with("_py2.py") {
        return None;
    }
    let language = match extension {
        "c" => "c",
        "cc" | "cpp" => "c++",
        "rs" => "rust",
        "py" | "py3" if cfg!(unix) => "python",
        "java" if cfg!(unix) && every_language => "java",
        "sh" | "bash" if cfg!(unix) && every_language => "shell",
        _ => return None,
    };
    if submission.is_dir() && (!every_language || language == "rust" || language == "python") {
        return None;
    }
    if language == "java" && common::lacking("Java", &["javac", "java"]) {
        return None;
    }
    Some(language)
}

/// The submissions of a package that the tests can run, each with the
/// folder that names its verdict, and the others.
fn submissions_of(package: &Path, every_language: bool) -> (Vec<(String, PathBuf)>, Vec<PathBuf>) {
    let mut submissions = Vec::new();
    let mut not_run = Vec::new();
    for folder in fs::read_dir(package.join("submissions")).unwrap() {
        let folder = folder.unwrap().path();
        if !folder.is_dir() {
            continue;
        }
        let folder_name = folder.file_name().unwrap().to_str().unwrap().to_string();
        for file in fs::read_dir(&folder).unwrap() {
            let file = file.unwrap().path();
            if file.file_name().is_some_and(|name| name == ".gitkeep") {
                continue;
            }
            match language_of(&file, every_language) {
                Some(_) if wanted(&folder_name).is_some() => {
                    submissions.push((folder_name.clone(), file))
                }
                _ => not_run.push(file),
            }
        }
    }
    submissions.sort();
    (submissions, not_run)
}

/// A submission as a program the tool can start.
fn program_of(submission: &Path, name: &str) -> PathBuf {
    match language_of(submission, true) {
        Some("python") => python(submission, name).unwrap(),
        #[cfg(unix)]
        Some("java") => java(submission, name),
        #[cfg(unix)]
        Some("shell") => shell(submission, name),
        _ => compile(submission, None, name),
    }
}

/// One case as the tool judged it.
struct Judged {
    /// The program's label: its file name less its extension.
    program: String,
    verdict: String,
    wall_seconds: f64,
    cpu_seconds: f64,
    detail: String,
}

/// The tool's verdicts on `samples`, judged with `args`, by case name in
/// the order judged: read from its `--json` lines, the table aside.
fn judge(samples: &Path, args: &[&str]) -> Vec<(String, Judged)> {
    // The programs run where the tool runs, and some write files there.
    let here = Scratch::new("reference-cwd");
    let mut command = tool();
    command
        .current_dir(&here.path)
        .args(["judge", "--json", "-"]);
    if let Ok(jobs) = std::env::var("REFERENCE_JOBS") {
        command.args(["-j", &jobs]);
    }
    let started = std::time::Instant::now();
    let output = command
        .args(args)
        .arg("--samples")
        .arg(samples)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let call_seconds = started.elapsed().as_secs_f64();
    let text = String::from_utf8(output.stdout).unwrap();
    let cases: Vec<(String, Judged)> = text
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter(|value| value["type"] == "case")
        .map(|value| {
            let text = |key: &str| value[key].as_str().unwrap_or_default().to_string();
            let judged = Judged {
                program: text("crate"),
                verdict: text("verdict"),
                wall_seconds: value["wall_ns"].as_f64().unwrap_or_default() / 1e9,
                cpu_seconds: value["cpu_ns"].as_f64().unwrap_or_default() / 1e9,
                detail: text("detail"),
            };
            (text("case"), judged)
        })
        .collect();
    assert!(
        !cases.is_empty(),
        "no case judged in {}:\n{}",
        samples.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    if let Some(path) = std::env::var_os("REFERENCE_VERDICTS") {
        // The arguments name the program and its time limit; the times
        // after the verdict explain a difference at the limit. The whole
        // call's time, on a line of its own, is the part of a test that
        // -j can shorten.
        let mut lines = format!("# {} call {call_seconds:.3}\n", args.join(" "));
        // Each line names its program and the arguments but the programs.
        let mut rest = Vec::new();
        let mut given = args.iter();
        while let Some(arg) = given.next() {
            match *arg {
                "--program" => drop(given.next()),
                other => rest.push(other),
            }
        }
        let rest = rest.join(" ");
        for (case, judged) in &cases {
            lines += &format!(
                "{} {rest} {case} {} wall {:.3} cpu {:.3}\n",
                judged.program, judged.verdict, judged.wall_seconds, judged.cpu_seconds
            );
        }
        use std::io::Write;
        let mut file = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .unwrap();
        file.write_all(lines.as_bytes()).unwrap();
    }
    cases
}

/// xorshift64, seeded: a failure names the texts, and the same seed makes
/// them again.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Pieces of texts by kind; a text alternates tokens and whitespace, and a
/// token may be two pieces run together (`1` and `e5` make `1e5`).
const NUMBERS: [&str; 46] = [
    "0",
    "1",
    // At the edge of a tolerance of 1e-6 from 1, 2 and 0, where a double
    // and a long double may round either way.
    "1.000001",
    "0.999999",
    "2.000002",
    "1e-6",
    "1.0000010000000001",
    "0.000001",
    "-0",
    "+0",
    "1.0",
    "1.",
    "1e0",
    "1E+0",
    "10e-1",
    "0x1p0",
    "0X1P0",
    "0x1",
    "0x.8p1",
    ".5",
    "0.5",
    "5e-1",
    "0.50000001",
    "0.5000001",
    "0.51",
    "1e",
    "1e+",
    "0x",
    "0x.",
    "-1",
    "-1.0000001",
    "100",
    "1e2",
    "99.99999",
    "1e400",
    "-1e400",
    "1e-400",
    "4.9e-324",
    "2.2250738585072014e-308",
    "123456789012345678901234567890",
    "0.1",
    "0.1000000001",
    "1e-7",
    "e5",
    ".",
    "-",
];
const WORDS: [&str; 18] = [
    "a", "A", "ab", "AB", "aB", "yes", "YES", "inf", "INF", "-inf", "infinity", "nan", "NaN",
    "-nan", "x\0y", "x\0z", "\0", "\u{e9}",
];
const SPACES: [&str; 9] = [" ", "  ", "\n", "\r\n", "\t", "\x0b", "\x0c", "\r", "\n\n"];

/// A random text of pieces, and a random change of one of its pieces to
/// another of the same kind: right answers and near misses, not only
/// texts that differ everywhere.
fn text(rng: &mut Rng) -> Vec<String> {
    let mut pieces = Vec::new();
    if rng.below(4) == 0 {
        pieces.push(rng.pick(&SPACES).to_string());
    }
    for index in 0..rng.below(5) {
        if index > 0 {
            pieces.push(rng.pick(&SPACES).to_string());
        }
        for _ in 0..=usize::from(rng.below(5) == 0) {
            let token = if rng.below(3) == 0 {
                rng.pick(&WORDS)
            } else {
                rng.pick(&NUMBERS)
            };
            pieces.push(token.to_string());
        }
    }
    if rng.below(2) == 0 {
        pieces.push(rng.pick(&SPACES).to_string());
    }
    pieces
}

fn changed(rng: &mut Rng, pieces: &[String]) -> Vec<String> {
    let mut pieces = pieces.to_vec();
    if pieces.is_empty() {
        return pieces;
    }
    let index = rng.below(pieces.len());
    let kind: &[&str] = if SPACES.contains(&pieces[index].as_str()) {
        &SPACES
    } else if rng.below(2) == 0 {
        &NUMBERS
    } else {
        &WORDS
    };
    pieces[index] = rng.pick(kind).to_string();
    pieces
}

/// A case's texts, escaped to be read in a failure.
fn shown(text: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(text))
}

#[test]
#[ignore = "needs PROBLEMTOOLS (a problemtools checkout) and a C++ compiler"]
fn the_default_validator_agrees_with_problemtools() {
    let problemtools = checkout("PROBLEMTOOLS", "a checkout of Kattis/problemtools");
    let reference = compile(
        &problemtools.join("support/default_validator/default_validator.cc"),
        None,
        "default_validator",
    );
    agrees_with(&reference, "icpc-default");
}

#[test]
#[ignore = "needs DOMJUDGE (a DOMjudge checkout) and a C++ compiler, on x86-64"]
fn domjudges_default_validator_agrees_with_its_compare() {
    let domjudge = checkout("DOMJUDGE", "a checkout of DOMjudge/domjudge");
    let reference = compile(
        &domjudge.join("sql/files/defaultdata/compare/compare.cc"),
        None,
        "domjudge_compare",
    );
    agrees_with(&reference, "domjudge-default");
}

/// Holds the tool's `--checker SPEC:FLAGS` against `reference`, a default
/// output validator built from its source, on seeded random texts under
/// several sets of flags.
fn agrees_with(reference: &Path, spec: &str) {
    let flag_sets = [
        "",
        "case_sensitive",
        "space_change_sensitive",
        "float_tolerance 1e-6",
        "float_relative_tolerance 1e-6",
        "float_absolute_tolerance 1e-6",
        "float_tolerance 0.1 case_sensitive",
        "float_absolute_tolerance 0.5 float_relative_tolerance 0 space_change_sensitive",
        "case_sensitive space_change_sensitive float_tolerance 1e-9",
    ];
    let per_set = cases_or(2_000);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut disagreements = Vec::new();
    let mut counts = BTreeMap::new();
    for flags in flag_sets {
        let samples = Scratch::new("reference-default-samples");
        let outputs = Scratch::new("reference-default-outputs");
        let feedback = Scratch::new("reference-default-feedback");
        let mut expected = BTreeMap::new();
        for case in 0..per_set {
            let answer = text(&mut rng);
            let output = match rng.below(4) {
                0 => answer.clone(),
                1 => changed(&mut rng, &answer),
                _ => text(&mut rng),
            };
            let (answer, output) = (answer.concat(), output.concat());
            let input = samples.write(&format!("{case}.in"), format!("echo\n{output}").as_bytes());
            let answer_file = samples.write(&format!("{case}.ans"), answer.as_bytes());
            let output_file = outputs.write(&format!("{case}.out"), output.as_bytes());
            // As problemtools runs it: INPUT ANSWER FEEDBACK_DIR FLAGS < OUTPUT.
            let status = Command::new(reference)
                .arg(&input)
                .arg(&answer_file)
                .arg(format!("{}/", feedback.path.display()))
                .args(flags.split_whitespace())
                .stdin(fs::File::open(&output_file).unwrap())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .unwrap();
            let verdict = match status.code() {
                Some(42) => "AC",
                Some(43) => "WA",
                other => panic!("the reference failed ({other:?}) on {answer:?}, {output:?}"),
            };
            *counts.entry(verdict).or_insert(0) += 1;
            expected.insert(case.to_string(), (verdict, answer, output));
        }
        let spec = match flags {
            "" => spec.to_string(),
            flags => format!("{spec}:{}", flags.replace(' ', ",")),
        };
        let fixture = fixture().to_str().unwrap();
        let judged = judge(
            &samples.path,
            &[
                "--program",
                fixture,
                "--checker",
                &spec,
                "--time-limit-ms",
                "10000",
            ],
        );
        assert_eq!(judged.len(), per_set, "{flags}");
        for (case, judged) in judged {
            let (verdict, answer, output) = &expected[&case];
            if judged.verdict != *verdict {
                disagreements.push(format!(
                    "[{flags}] answer {} output {}: the reference {verdict}, the tool {} {}",
                    shown(answer.as_bytes()),
                    shown(output.as_bytes()),
                    judged.verdict,
                    judged.detail
                ));
            }
        }
    }
    println!(
        "{} cases ({counts:?}), {} disagreements",
        per_set * flag_sets.len(),
        disagreements.len()
    );
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    // Both verdicts are well represented, or the texts test little.
    assert!(
        counts.values().all(|&count| count * 10 > per_set),
        "{counts:?}"
    );
}

/// The verdict testlib's exit status stands for, as testlib.h's
/// `resultExitCode` and `TResult` define them (no EJUDGE, CONTESTER or
/// TESTSYS): `_ok` 0, `_wa` 1, `_pe` 2, `_fail` 3 (the checker's fault),
/// `_dirt` 4 (a presentation error), `_points` 7, `_unexpected_eof` 8 (a
/// presentation error). Written from testlib.h, not from the tool.
fn testlib_meaning(code: Option<i32>) -> &'static str {
    match code {
        Some(0 | 7) => "AC",
        Some(1) => "WA",
        Some(2 | 4 | 8) => "PE",
        Some(3) | None => "ERROR",
        Some(_) => "WA",
    }
}

#[test]
#[ignore = "needs TESTLIB (a testlib checkout) and a C++ compiler"]
fn testlib_checkers_verdicts_are_their_exit_statuses() {
    let testlib = checkout("TESTLIB", "a checkout of MikeMirzayanov/testlib");
    let mut sources: Vec<PathBuf> = fs::read_dir(testlib.join("checkers"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "cpp"))
        .collect();
    sources.sort();
    assert!(sources.len() >= 20, "{} checkers", sources.len());
    // Texts each checker reads: numbers, words, lines, yes and no, and
    // "Case N:" lines, each right, near or wrong.
    let pieces: [&str; 24] = [
        "1 2 3\n",
        "1 2 3",
        "1\r\n2   3\r\n",
        "1 2 4\n",
        "3 2 1\n",
        "0.5\n",
        "0.5000001\n",
        "0.51\n",
        "5e-1\n",
        "012\n",
        "123456789012345678901234567890\n",
        "hello world\n",
        "hello\tworld\r\n",
        "Hello World\n",
        "a b\nc\n",
        "a  b\nc\n",
        "YES\n",
        "yes\n",
        "NO\n",
        "YES NO\n",
        "Case 1: 5\n",
        "Case #1: 5\n",
        "",
        "\n",
    ];
    let per_checker = cases_or(100);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut failures = Vec::new();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for source in &sources {
        let name = source.file_stem().unwrap().to_str().unwrap();
        let checker = compile(source, Some(&testlib), &format!("testlib-{name}"));
        let samples = Scratch::new("reference-testlib-samples");
        let outputs = Scratch::new("reference-testlib-outputs");
        let mut expected = BTreeMap::new();
        for case in 0..per_checker {
            let answer = rng.pick(&pieces);
            let output = if rng.below(3) == 0 {
                answer
            } else {
                rng.pick(&pieces)
            };
            let input = samples.write(&format!("{case}.in"), format!("echo\n{output}").as_bytes());
            let answer_file = samples.write(&format!("{case}.ans"), answer.as_bytes());
            let output_file = outputs.write(&format!("{case}.out"), output.as_bytes());
            // As Polygon runs it: CHECKER INPUT OUTPUT ANSWER.
            let run = Command::new(&checker)
                .arg(&input)
                .arg(&output_file)
                .arg(&answer_file)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let said = String::from_utf8_lossy(&run.stderr)
                .lines()
                .next()
                .unwrap_or_default()
                .to_string();
            let verdict = testlib_meaning(run.status.code());
            *counts.entry(verdict).or_default() += 1;
            expected.insert(case.to_string(), (verdict, said, answer, output));
        }
        let fixture = fixture().to_str().unwrap();
        let spec = checker.to_str().unwrap();
        let judged = judge(
            &samples.path,
            &[
                "--program",
                fixture,
                "--checker",
                spec,
                "--time-limit-ms",
                "10000",
            ],
        );
        assert_eq!(judged.len(), per_checker, "{name}");
        for (case, judged) in judged {
            let (verdict, said, answer, output) = &expected[&case];
            // Under a failure, what the checker said is shown (its start:
            // long lines are cut, control characters escaped).
            let start: String = said.chars().take(40).collect();
            let shown_said = *verdict == "AC"
                || start.chars().any(char::is_control)
                || judged.detail.contains(&start);
            if judged.verdict != *verdict || !shown_said {
                failures.push(format!(
                    "{name}: answer {} output {}: testlib says {verdict} ({said}), the tool {} \
                     {}",
                    shown(answer.as_bytes()),
                    shown(output.as_bytes()),
                    judged.verdict,
                    judged.detail
                ));
            }
        }
    }
    println!(
        "{} checkers, {} cases ({counts:?}), {} failures",
        sources.len(),
        sources.len() * per_checker,
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for verdict in ["AC", "WA", "PE", "ERROR"] {
        assert!(
            counts.get(verdict).is_some_and(|&count| count > 0),
            "{counts:?}"
        );
    }
}

/// The verdict problemtools wants of a submission, by its folder; and how
/// the tool names it. Kattis reports a program over the memory limit as a
/// run-time error.
fn wanted(folder: &str) -> Option<&'static [&'static str]> {
    match folder {
        "accepted" => Some(&["AC"]),
        "wrong_answer" => Some(&["WA"]),
        "time_limit_exceeded" => Some(&["TLE"]),
        "run_time_error" => Some(&["RE", "MLE"]),
        // BAPCtools: any verdict but AC.
        "rejected" => Some(&["WA", "TLE", "RE", "MLE", "OLE", "PE"]),
        _ => None,
    }
}

/// The first verdict that is not AC, as problemtools' first-error grading
/// takes a submission's verdict; AC when there is none.
fn first_failure(judged: &[(String, Judged)]) -> &str {
    judged
        .iter()
        .map(|(_, judged)| judged.verdict.as_str())
        .find(|verdict| *verdict != "AC")
        .unwrap_or("AC")
}

/// How the time limit of an example package is set.
#[derive(Clone, Copy)]
enum TimeLimit {
    /// problemtools': the slowest accepted run times `ac_to_time_limit`,
    /// rounded up to a second; a submission may have its verdict at that
    /// limit times `time_limit_to_tle` ("OK with extra time").
    FromAccepted {
        ac_to_time_limit: f64,
        time_limit_to_tle: f64,
    },
    /// Seconds, as a contest states it (DOMjudge's examples: in their
    /// problems.yaml, not in the package).
    Fixed(f64),
    /// Seconds, as the package states them, and the multiplier past which
    /// a time_limit_exceeded submission must be too slow.
    Stated {
        seconds: f64,
        time_limit_to_tle: f64,
    },
}

/// What judging the submissions of example packages found.
#[derive(Default)]
struct Tally {
    /// Besides C, C++, Rust and Python 3 files: Java, shell scripts and
    /// submissions of several files in a folder (BAPCtools' examples).
    every_language: bool,
    judged: usize,
    not_run: Vec<PathBuf>,
    /// Answers whose input the checkout lacks (large files a shallow
    /// copy can leave out).
    missing: Vec<PathBuf>,
    failures: Vec<String>,
}

/// `package`, or when an answer in its data has no input beside it, a
/// copy without those answers (and without its submissions).
fn complete(package: &Path, missing: &mut Vec<PathBuf>) -> (PathBuf, Option<Scratch>) {
    fn orphans(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                orphans(&path, found);
            } else if path.extension().is_some_and(|extension| extension == "ans")
                && !path.with_extension("in").exists()
            {
                found.push(path);
            }
        }
    }
    fn copy(from: &Path, to: &Path, leave: &[PathBuf]) {
        fs::create_dir_all(to).unwrap();
        for entry in fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let target = to.join(path.file_name().unwrap());
            if path.is_dir() && !path.ends_with("submissions") {
                copy(&path, &target, leave);
            } else if path.is_file() && !leave.contains(&path) {
                fs::copy(&path, &target).unwrap();
            }
        }
    }
    let mut found = Vec::new();
    orphans(&package.join("data"), &mut found);
    if found.is_empty() {
        return (package.to_path_buf(), None);
    }
    let scratch = Scratch::new("reference-package");
    let copied = scratch.path.join(package.file_name().unwrap());
    copy(package, &copied, &found);
    missing.extend(found);
    (copied, Some(scratch))
}

impl Tally {
    /// Judges each submission of `package` whose folder names a verdict
    /// and that runs here; notes the others. A submission in `known` is
    /// held to the verdict given there instead, with the reason.
    fn judge_package(&mut self, package: &Path, limit: TimeLimit, known: &[(&str, &str, &str)]) {
        let example = package.file_name().unwrap().to_str().unwrap();
        let sources = package.to_path_buf();
        let (package, _copy) = complete(package, &mut self.missing);
        let package = package.as_path();
        let (submissions, not_run) = submissions_of(&sources, self.every_language);
        self.not_run.extend(not_run);
        let binary = |(folder, file): &(String, PathBuf)| {
            // By the whole file name: `hello.c`, `hello.cc` and `hello.py`
            // by their stem were one program, the one built last, newer
            // than the others' sources and so kept for them. The dot goes,
            // lest the tool run a launcher by its `.py` as Python.
            let name = file.file_name().unwrap().to_str().unwrap();
            let name = name.replace('.', "_");
            program_of(file, &format!("{example}-{folder}-{name}"))
        };
        // A package whose secret tests a generator makes (BAPCtools'
        // `bt generate`) has its samples alone here: the tool refuses the
        // package whole until they are made.
        let generated = package.join("generators/generators.yaml").is_file()
            && !fs::read_dir(package.join("data/secret")).is_ok_and(|entries| {
                entries
                    .flatten()
                    .any(|entry| entry.path().extension().is_some_and(|e| e == "in"))
            });
        let judged = if generated {
            package.join("data").join("sample")
        } else {
            package.to_path_buf()
        };
        // The programs of one limit are judged in one call, each case's
        // lines grouped by program in the order given, as a problem setter
        // judges a package's submissions (and all their runs are jobs).
        let judge_at = |programs: &[PathBuf], seconds: f64| -> Vec<Vec<(String, Judged)>> {
            let milliseconds = ((seconds * 1000.0) as u64).to_string();
            let mut args = Vec::new();
            for program in programs {
                args.extend(["--program", program.to_str().unwrap()]);
            }
            args.extend(["--time-limit-ms", &milliseconds]);
            let mut groups: Vec<Vec<(String, Judged)>> =
                programs.iter().map(|_| Vec::new()).collect();
            for (case, judged) in judge(&judged, &args) {
                let at = programs
                    .iter()
                    .position(|program| {
                        program.file_stem().unwrap().to_str() == Some(&judged.program)
                    })
                    .unwrap_or_else(|| panic!("a case of no program given: {}", judged.program));
                groups[at].push((case, judged));
            }
            for (program, group) in programs.iter().zip(&groups) {
                assert!(
                    !group.is_empty(),
                    "no case judged for {}",
                    program.display()
                );
            }
            groups
        };
        // The accepted ones first; problemtools gives them 300 s, and the
        // slowest sets its time limit.
        let first_limit = match limit {
            TimeLimit::FromAccepted { .. } => 300.0,
            TimeLimit::Fixed(seconds) | TimeLimit::Stated { seconds, .. } => seconds,
        };
        let (accepted, others): (Vec<_>, Vec<_>) = submissions
            .iter()
            .partition(|(folder, _)| folder == "accepted");
        let mut slowest: f64 = 0.0;
        if !accepted.is_empty() {
            let programs: Vec<PathBuf> = accepted
                .iter()
                .map(|submission| binary(submission))
                .collect();
            for (submission, judged) in accepted.iter().zip(judge_at(&programs, first_limit)) {
                self.judged += 1;
                if first_failure(&judged) != "AC" {
                    let got = first_failure(&judged);
                    self.failures
                        .push(format!("{}: wanted AC, got {got}", submission.1.display()));
                }
                for (_, case) in &judged {
                    slowest = slowest.max(case.wall_seconds);
                }
            }
        }
        let limits = match limit {
            TimeLimit::FromAccepted {
                ac_to_time_limit,
                time_limit_to_tle,
            } => {
                let seconds = (slowest * ac_to_time_limit).ceil().max(1.0);
                vec![seconds, seconds * time_limit_to_tle]
            }
            TimeLimit::Fixed(seconds) => vec![seconds],
            TimeLimit::Stated {
                seconds,
                time_limit_to_tle,
            } => vec![seconds, seconds * time_limit_to_tle],
        };
        // Each of the others: the verdicts it may have, and those it got,
        // a limit after another until one is wanted.
        struct Pending<'a> {
            submission: &'a (String, PathBuf),
            program: PathBuf,
            want: Vec<&'a str>,
            got: Vec<String>,
        }
        impl Pending<'_> {
            fn open(&self) -> bool {
                !self
                    .got
                    .last()
                    .is_some_and(|got| self.want.contains(&got.as_str()))
            }
        }
        let mut pending: Vec<Pending> = others
            .into_iter()
            .map(|submission| {
                let name = submission.1.file_name().unwrap().to_str().unwrap();
                // A known verdict may be several, apart by `|`.
                let want: Vec<&str> = match known.iter().find(|(file, _, _)| *file == name) {
                    Some((_, verdicts, _)) => verdicts.split('|').collect(),
                    None => wanted(&submission.0).unwrap().to_vec(),
                };
                let program = binary(submission);
                Pending {
                    submission,
                    program,
                    want,
                    got: Vec::new(),
                }
            })
            .collect();
        for &seconds in &limits {
            let open: Vec<&mut Pending> = pending.iter_mut().filter(|one| one.open()).collect();
            if open.is_empty() {
                break;
            }
            let programs: Vec<PathBuf> = open.iter().map(|one| one.program.clone()).collect();
            for (one, judged) in open.into_iter().zip(judge_at(&programs, seconds)) {
                one.got.push(first_failure(&judged).to_string());
            }
        }
        for one in pending {
            self.judged += 1;
            if one.open() {
                let (want, got) = (&one.want, &one.got);
                self.failures.push(format!(
                    "{}: wanted {want:?}, got {got:?} at limits {limits:?} s",
                    one.submission.1.display()
                ));
            }
        }
    }

    fn report(&self, least: usize) {
        println!(
            "{} submissions judged, {} not run here ({:?}), {} answers without their input \
             left out ({:?}), {} failures",
            self.judged,
            self.not_run.len(),
            self.not_run,
            self.missing.len(),
            self.missing,
            self.failures.len()
        );
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n"));
        assert!(self.judged >= least, "{} submissions", self.judged);
    }
}

#[test]
#[ignore = "needs PROBLEMTOOLS (a problemtools checkout), C, C++ and Rust compilers, Python 3"]
fn problemtools_examples_give_each_submission_its_folders_verdict() {
    let problemtools = checkout("PROBLEMTOOLS", "a checkout of Kattis/problemtools");
    // Each example's multipliers as its problem.yaml states them, else as
    // its format's defaults (legacy: time_multiplier 5, time_safety_margin
    // 2; 2023-07: ac_to_time_limit 2, time_limit_to_tle 2).
    let mut tally = Tally::default();
    for (example, ac_to_time_limit, time_limit_to_tle) in [
        ("hello", 5.0, 2.0),
        ("different", 5.0, 4.0),
        ("guess", 2.0, 4.0),
    ] {
        let limit = TimeLimit::FromAccepted {
            ac_to_time_limit,
            time_limit_to_tle,
        };
        tally.judge_package(&problemtools.join("examples").join(example), limit, &[]);
    }
    tally.report(20);
}

#[test]
#[ignore = "needs DOMJUDGE (a DOMjudge checkout), C, C++ and Rust compilers, Python 3"]
fn domjudge_examples_give_each_submission_its_folders_verdict() {
    let domjudge = checkout("DOMJUDGE", "a checkout of DOMjudge/domjudge");
    let mut tally = Tally::default();
    // Their time limit is the contest's: 5 s each in problems.yaml. The
    // other two examples are multi-pass problems, which the tool refuses.
    // These test DOMjudge's judgehost, its sandbox, not its verdicts: the
    // tool is no sandbox, and they get what any unconfined run gets.
    let known = [
        (
            "test-fill-stdout.cc",
            "OLE",
            "the judgehost cuts output at its limit and lets the program run into its time \
             limit; the tool stops it at the output limit",
        ),
        (
            "test-cpu-pinning.c",
            "RE|WA",
            "the judgehost pins a program to one CPU; its forked children here may run on \
             another (RE) or, by chance, all on the parent's (WA)",
        ),
        (
            "test-permissions.c",
            "RE",
            "it reads a file the judgehost's user may not read, and fails when it can",
        ),
        (
            "test-write-file.c",
            "RE",
            "the judgehost's file system is read-only; it fails when it can write",
        ),
    ];
    for example in ["hello", "fltcmp", "boolfind"] {
        let package = domjudge.join("example_problems").join(example);
        tally.judge_package(&package, TimeLimit::Fixed(5.0), &known);
    }
    tally.report(10);
}

#[test]
#[ignore = "needs BAPCTOOLS (a BAPCtools checkout), C and C++ compilers, Python 3, Java"]
fn bapctools_test_problems_give_each_submission_its_folders_verdict() {
    let bapctools = checkout("BAPCTOOLS", "a checkout of RagnarGrootKoerkamp/BAPCtools");
    // The test problems of BAPCtools whose tests are in the repository, in
    // the 2025-09 format; each with its problem.yaml's time limit or,
    // where it states none, the limit the format computes from the
    // accepted submissions (time_multipliers: ac_to_time_limit 2.0 and
    // time_limit_to_tle 1.5 unless the file says otherwise). Left out:
    // the multi-pass problems, which the tool refuses, and the problems
    // whose tests a generator makes (`bt generate`), which are not there.
    let stated = |seconds, time_limit_to_tle| TimeLimit::Stated {
        seconds,
        time_limit_to_tle,
    };
    let from_accepted = |time_limit_to_tle| TimeLimit::FromAccepted {
        ac_to_time_limit: 2.0,
        time_limit_to_tle,
    };
    let problems = [
        ("hello", stated(3.0, 1.5)),
        ("helloproblemtools", stated(2.0, 1.5)),
        ("hellounix", stated(10.0, 1.5)),
        ("hellowholeworld", from_accepted(1.5)),
        ("different", from_accepted(4.0)),
        ("fltcmp", stated(1.0, 1.5)),
        ("constants", from_accepted(1.5)),
        ("boolfind", stated(1.0, 1.5)),
        ("guess", from_accepted(4.0)),
        ("guessnoeofcheck", from_accepted(4.0)),
        ("pseudointeraction", from_accepted(1.5)),
    ];
    let mut tally = Tally {
        every_language: true,
        ..Tally::default()
    };
    // As in DOMjudge's examples, from which it comes: a test of the
    // judgehost's sandbox, not of a verdict.
    let known = [(
        "test-fill-stdout.cc",
        "OLE",
        "the judgehost cuts output at its limit and lets the program run into its time \
         limit; the tool stops it at the output limit",
    )];
    // `constants` links its validator's header from outside the package
    // (output_validator/validation.h to BAPCtools' own resources), which
    // the package format forbids and the tool refuses with the path;
    // BAPCtools' export (`bt zip`) copies what a link names, and so is it
    // judged here: from a copy with its links resolved.
    let exported = Scratch::new("reference-bapctools-export");
    for (problem, limit) in problems {
        let mut package = bapctools.join("test").join("problems").join(problem);
        if problem == "constants" {
            let copy = exported.path.join(problem);
            common::copy_tree(&package, &copy);
            package = copy;
        }
        tally.judge_package(&package, limit, &known);
    }
    tally.report(60);
}
