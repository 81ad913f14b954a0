//! `timing --program` on small programs whose speeds differ by a known
//! factor: the comparison's ratio, `--fail-above`, `--json`, the checks of
//! outputs (by the crate's checker or `--checker`), the rows of folders and
//! `slow/`; and `--compare REV` in a small repository of its own, built
//! once per compiler.

mod common;

use common::{fixture, tool, Problems, Report, Scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Two builds of one program that reads its input, sleeps as many
/// milliseconds as its own name says (`sleep-10`, `sleep-100`) and writes
/// `ok`: the second is slower by a known factor, whatever the machine.
fn sleepers() -> &'static (PathBuf, PathBuf) {
    static SLEEPERS: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    SLEEPERS.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("timing-sleepers");
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("sleeper.rs");
        std::fs::write(
            &source,
            r#"use std::io::Read;
fn main() {
    let name = std::env::current_exe().unwrap();
    let name = name.file_stem().unwrap().to_str().unwrap();
    let ms: u64 = name.trim_start_matches("sleep-").parse().unwrap();
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(ms));
    println!("ok");
}
"#,
        )
        .unwrap();
        let built = dir.join(format!("sleeper{}", std::env::consts::EXE_SUFFIX));
        let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
        let status = Command::new(rustc)
            .arg("-O")
            .arg("-o")
            .arg(&built)
            .arg(&source)
            .status()
            .unwrap();
        assert!(status.success(), "rustc could not build the sleeper");
        let copy = |ms: u32| {
            let path = dir.join(format!("sleep-{ms}{}", std::env::consts::EXE_SUFFIX));
            std::fs::copy(&built, &path).unwrap();
            path
        };
        (copy(10), copy(100))
    })
}

fn floor() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_timing-floor"))
}

/// Runs `timing --program PROGRAM --inputs DIR --floor ... ARGS`.
fn timing(program: &Path, inputs: &Path, args: &[&str]) -> Report {
    let output = tool()
        .arg("timing")
        .arg("--program")
        .arg(program)
        .arg("--inputs")
        .arg(inputs)
        .arg("--floor")
        .arg(floor())
        .args(args)
        .output()
        .unwrap();
    Report::of(output)
}

fn json(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// A folder with one input, `a.in`.
fn one_input() -> Scratch {
    let inputs = Scratch::new("timing-inputs");
    inputs.write("a.in", b"1 2 3\n");
    inputs
}

/// `--fail-above` and `--json` end to end, at thresholds no load can
/// cross: what a ratio decides is a unit test of the table
/// (`timing/table.rs`), from figures given, since a timing here would
/// read the machine's load. The sleepers' ratio new/old is at most the
/// kill point over 100 ms, and at least 100 ms over the kill point.
#[test]
fn fail_above_fails_a_row_over_it_and_passes_one_under_it() {
    let (fast, slow) = sleepers();
    let inputs = one_input();
    let out = Scratch::new("timing-json");
    let json_path = out.path.join("figures.json");
    let report = timing(
        slow,
        &inputs.path,
        &[
            "--old-program",
            fast.to_str().unwrap(),
            "--runs",
            "3",
            "--fail-above",
            "0.001",
            "--json",
            json_path.to_str().unwrap(),
        ],
    );
    report
        .exited(1)
        .says(&["Slower than 0.001x old:\n  sleep-100/a: "]);
    let figures = json(&json_path);
    let row = &figures["rows"][0];
    assert_eq!(row["crate"], "sleep-100");
    assert_eq!(row["input"], "a");
    assert_eq!(row["runs"], 3);
    assert_eq!(row["compare"]["runs"], 3);
    // A sleep of 100 ms is never shorter, however idle the machine.
    assert!(row["median_ns"].as_u64().unwrap() >= 100_000_000);
    assert!(row["compare"]["ratio"].as_f64().unwrap() > 0.001);
    assert_eq!(figures["fail_above"], 0.001);

    let report = timing(
        fast,
        &inputs.path,
        &[
            "--old-program",
            slow.to_str().unwrap(),
            "--runs",
            "3",
            "--fail-above",
            "1000",
            "--json",
            "-",
        ],
    );
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
    // With the figures on stdout, the table is on stderr, with a row
    // that shows the ratio and its spread.
    let figures: Value = serde_json::from_str(&report.stdout).unwrap();
    assert!(figures["rows"][0]["compare"]["ratio"].as_f64().unwrap() < 1000.0);
    assert!(
        report.stderr.contains("No row is slower than 1000x old."),
        "{}",
        report.stderr
    );
    let row = report
        .stderr
        .lines()
        .find(|line| line.starts_with("  a "))
        .unwrap_or_else(|| panic!("no row for a in:\n{}", report.stderr));
    let (low, high) = row
        .rsplit_once('(')
        .and_then(|(_, spread)| spread.strip_suffix(')'))
        .and_then(|spread| spread.split_once('-'))
        .unwrap_or_else(|| panic!("no spread in {row}"));
    let (low, high): (f64, f64) = (low.parse().unwrap(), high.parse().unwrap());
    assert!(low <= high, "{row}");
}

#[test]
fn a_wrong_output_fails_the_row() {
    let (fast, _) = sleepers();
    let inputs = one_input();
    inputs.write("a.out", b"not ok\n");
    let report = timing(fast, &inputs.path, &["--runs", "1"]);
    report
        .exited(1)
        .says(&["FAILED sleep-10/a: WA", "1 rows failed."]);
}

#[test]
fn outputs_that_differ_from_the_old_programs_fail_the_row() {
    // The fixture answers what its input says; the sleeper always "ok".
    let (fast, _) = sleepers();
    let inputs = Scratch::new("timing-inputs");
    inputs.write("a.in", b"print no\n");
    let report = timing(
        fixture(),
        &inputs.path,
        &["--runs", "1", "--old-program", fast.to_str().unwrap()],
    );
    report
        .exited(1)
        .says(&["the output differs from REV's (WA)"]);
}

/// A checker program that hangs is killed after twice the default time
/// limit (the crate's, for a crate), not after twice the generous limit a
/// bench run is given (a minute with `--program`): its row fails as ERROR.
#[test]
fn a_hanging_checker_is_killed_by_its_own_bound() {
    let inputs = Scratch::new("timing-inputs");
    inputs.write("a.in", b"print 4\n");
    inputs.write("a.out", b"hang\n");
    let checker = fixture().to_str().unwrap();
    let started = std::time::Instant::now();
    let report = timing(
        fixture(),
        &inputs.path,
        &["--runs", "1", "--checker", checker],
    );
    report.exited(1).says(&["FAILED judge-fixture/a: ERROR: "]);
    assert!(
        report.stdout.contains("\n    the checker ")
            && report
                .stdout
                .contains(" ran past 2000.00 ms and was killed"),
        "{}",
        report.stdout
    );
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
}

/// `--checker` holds the output against the `.out` file, and against
/// REV's output where there is none, given to a checker program as a file.
#[test]
fn a_checker_program_judges_the_outputs_of_a_program() {
    let inputs = Scratch::new("timing-inputs");
    inputs.write("a.in", b"print 4\n");
    inputs.write("a.out", b"any-of 3 4\n");
    let checker = fixture().to_str().unwrap();
    let report = timing(fixture(), &inputs.path, &["--runs", "1"]);
    report.exited(1).says(&["FAILED judge-fixture/a: WA"]);
    let report = timing(
        fixture(),
        &inputs.path,
        &["--runs", "1", "--checker", checker],
    );
    report.exited(0).says(&["\n  a "]);

    // No `.out`: REV's output is the answer the checker is given, in a
    // file under the target folder, removed after. The sleeper writes `ok`,
    // which the fixture's `any-of ok yes` allows; `crash` crashes it.
    let (fast, _) = sleepers();
    let inputs = Scratch::new("timing-inputs");
    inputs.write("b.in", b"print any-of ok yes\n");
    inputs.write("c.in", b"print crash\n");
    let report = timing(
        fast,
        &inputs.path,
        &[
            "--runs",
            "1",
            "--checker",
            checker,
            "--old-program",
            checker,
        ],
    );
    assert_eq!(report.code, Some(1), "{}{}", report.stdout, report.stderr);
    assert!(
        report.stdout.contains("\n  b ") && report.stdout.contains("\n  c "),
        "{}",
        report.stdout
    );
    let notes = report.stdout.split("\n  b ").nth(1).unwrap();
    let (b, c) = notes.split_once("\n  c ").unwrap();
    assert_eq!(b.lines().count(), 1, "{}", report.stdout);
    assert!(
        c.contains("\n    the output could not be held against REV's (ERROR):\n      the checker "),
        "{}",
        report.stdout
    );
    assert!(c.contains(" crashed: "), "{}", report.stdout);
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
    let left: Vec<_> = std::fs::read_dir(target.join("timing"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .filter(|name| name.to_string_lossy().starts_with("stand-in-answer-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");

    // The default checker, exact, finds `ok` is not `any-of ok yes`.
    let report = timing(
        fast,
        &inputs.path,
        &["--runs", "1", "--old-program", checker],
    );
    assert!(
        report.stdout.contains("the output differs from REV's (WA)"),
        "{}",
        report.stdout
    );
}

/// Where the solution's output stands for nothing the crate's judge would
/// refuse, timing refuses nothing either: `x2-tokens` (`checker =
/// "tokens"`) times outputs spaced otherwise than its `.out` files and its
/// baseline's, and a wrong answer still fails its row.
#[test]
fn a_crates_checker_judges_its_bench_outputs() {
    let problems = Problems::new("timing-checker", "");
    let dir = problems.scratch.path.join("crates/x2-tokens");
    let manifest = dir.join("Cargo.toml");
    let mut text = std::fs::read_to_string(&manifest).unwrap();
    text.push_str(
        "\n[[example]]\nname = \"x2-tokens-bench-inputs\"\npath = \"examples/bench.rs\"\n\n\
         [[example]]\nname = \"x2-tokens-baseline\"\npath = \"examples/baseline.rs\"\n",
    );
    std::fs::write(&manifest, text).unwrap();
    // The bench inputs are the files of the workspace's folder `bench/`.
    problems.scratch.write(
        "crates/x2-tokens/examples/bench.rs",
        br#"fn main() {
    let to = std::path::PathBuf::from(std::env::args().nth(1).unwrap());
    for entry in std::fs::read_dir("bench").unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}
"#,
    );
    // The baseline: the brute force, which writes the tokens one space apart.
    std::fs::copy(
        dir.join("examples/brute.rs"),
        dir.join("examples/baseline.rs"),
    )
    .unwrap();
    problems
        .scratch
        .write("bench/1-spaced.in", b"print 1  2\\n 3\\n");
    problems.scratch.write("bench/1-spaced.out", b"1 2 3\n");
    problems
        .scratch
        .write("bench/2-no-answer.in", b"print 5  6\\n");
    let floor = floor().to_str().unwrap();
    let time = |more: &[&str]| {
        let args = [
            &["timing", "x2-tokens", "--runs", "1", "--floor", floor],
            more,
        ]
        .concat();
        problems.tool(&args)
    };

    let report = time(&[]);
    report
        .exited(0)
        .says(&["\n  1-spaced ", "\n  2-no-answer "]);
    assert!(!report.stdout.contains("differs"), "{}", report.stdout);

    // The same outputs, exactly: what the crate's checker forgives.
    time(&["--checker", "exact"]).exited(1).says(&[
        "FAILED x2-tokens/1-spaced: PE",
        "the output differs from the baseline's (PE)",
    ]);

    problems
        .scratch
        .write("bench/3-wrong.in", b"print 1 2 4\\n");
    problems.scratch.write("bench/3-wrong.out", b"1 2 3\n");
    time(&[]).exited(1).says(&[
        "FAILED x2-tokens/3-wrong: WA: ",
        "token 3 differs: the text differs",
        "\n  1-spaced ",
        "1 rows failed.",
    ]);
}

#[test]
fn a_folder_is_one_row_for_its_slowest_file_and_slow_inputs_wait_for_the_flag() {
    let inputs = Scratch::new("timing-inputs");
    inputs.write("1-plain.in", b"print 1\n");
    inputs.write("1-plain.out", b"1\n");
    inputs.write("2-group/a.in", b"print 2\n");
    // Far slower than a start-up's spread, which under Wine on a busy
    // machine reaches tens of milliseconds.
    inputs.write("2-group/b.in", b"sleep 400\n");
    inputs.write("2-group/c.in", b"print 3\n");
    inputs.write("slow/1-long.in", b"sleep 20\n");
    inputs.write("slow/2-longer.in", b"sleep 30\n");

    let report = timing(fixture(), &inputs.path, &["--runs", "1"]);
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
    let rows: Vec<&str> = report
        .stdout
        .lines()
        .filter(|line| line.starts_with("  "))
        .collect();
    assert_eq!(rows.len(), 3, "{}", report.stdout);
    assert!(rows[0].starts_with("  1-plain "), "{}", report.stdout);
    assert!(
        rows[1].starts_with("  2-group/b (slowest of 3) "),
        "{}",
        report.stdout
    );
    assert_eq!(rows[2], "  (2 slow inputs not timed: --slow times them)");
    // Not a terminal: no progress line.
    assert!(!report.stderr.contains('\r'), "{:?}", report.stderr);

    let report = timing(fixture(), &inputs.path, &["--runs", "1", "--slow"]);
    report
        .exited(0)
        .says(&["\n  slow/1-long ", "\n  slow/2-longer "]);
    assert!(!report.stdout.contains("not timed"), "{}", report.stdout);
}

#[test]
fn a_crashing_program_fails_its_row_and_the_others_still_run() {
    let inputs = Scratch::new("timing-inputs");
    inputs.write("1-crash.in", b"exit 3\n");
    inputs.write("2-fine.in", b"print 1\n");
    let report = timing(fixture(), &inputs.path, &["--runs", "1"]);
    report
        .exited(1)
        .says(&["FAILED judge-fixture/1-crash: RE", "\n  2-fine "]);
}

#[test]
fn options_that_do_not_fit_together_are_refused() {
    for (args, message) in [
        (
            &["timing", "--fail-above", "1.1"][..],
            "--fail-above needs --compare",
        ),
        (&["timing", "--fail-above", "0"][..], "a number above 0"),
        (
            &["timing", "--program", "x"][..],
            "--program needs --inputs",
        ),
        (&["timing", "--inputs", "x"][..], "go with --program"),
        (
            &[
                "timing",
                "--program",
                "x",
                "--inputs",
                "y",
                "--compare",
                "HEAD",
            ][..],
            "give no crate and no --compare",
        ),
    ] {
        let report = Report::of(tool().args(args).output().unwrap());
        assert_eq!(report.code, Some(2), "{args:?}");
        assert!(
            report.stderr.contains(message),
            "{args:?}: {}",
            report.stderr
        );
    }
}

#[test]
fn an_old_program_that_fails_leaves_the_row_without_a_comparison() {
    // The fixture does not know the command "1": it panics.
    let (fast, _) = sleepers();
    let inputs = one_input();
    let report = timing(
        fast,
        &inputs.path,
        &[
            "--runs",
            "1",
            "--old-program",
            fixture().to_str().unwrap(),
            "--fail-above",
            "1.1",
        ],
    );
    report.exited(0).says(&[
        "\n    no comparison: REV fails: RE",
        "No row is slower than 1.1x old.",
    ]);
}

/// As with `cargo judge --program`: a bare name is a file in the current
/// folder, never one found on PATH.
#[test]
fn a_bare_program_name_is_a_file_here_not_on_path() {
    let inputs = Scratch::new("timing-path");
    inputs.write("a.in", b"x\n");
    let (fast, _) = sleepers();
    let bin = fast.parent().unwrap();
    let name = fast.file_name().unwrap();
    let time_from = |dir: &Path| {
        Report::of(
            tool()
                .args(["timing", "--runs", "1", "--program"])
                .arg(name)
                .arg("--inputs")
                .arg(&inputs.path)
                .arg("--floor")
                .arg(floor())
                .current_dir(dir)
                .env("PATH", bin)
                .output()
                .unwrap(),
        )
    };
    let elsewhere = time_from(&inputs.path);
    assert_eq!(
        elsewhere.code,
        Some(1),
        "{}{}",
        elsewhere.stdout,
        elsewhere.stderr
    );
    assert!(
        (elsewhere.stdout.clone() + &elsewhere.stderr).contains("cannot run ."),
        "{}{}",
        elsewhere.stdout,
        elsewhere.stderr
    );
    let here = time_from(bin);
    assert_eq!(here.code, Some(0), "{}{}", here.stdout, here.stderr);
}

/// A compiler that is `rustc` under another name: it passes everything to
/// the real one (`REAL_RUSTC`) and only adds a word to the first line of
/// `rustc -vV`, as a toolchain update changes that line.
fn other_compiler() -> &'static Path {
    static OTHER: OnceLock<PathBuf> = OnceLock::new();
    OTHER.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("timing-other-compiler");
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("other-rustc.rs");
        std::fs::write(
            &source,
            r#"use std::process::{exit, Command};
fn main() {
    let real = std::env::var_os("REAL_RUSTC").expect("REAL_RUSTC");
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    if args == ["-vV"] {
        let output = Command::new(&real).arg("-vV").output().unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        let (first, rest) = text.split_once('\n').unwrap();
        print!("{first} other\n{rest}");
        exit(output.status.code().unwrap_or(1));
    }
    let status = Command::new(&real).args(&args).status().unwrap();
    exit(status.code().unwrap_or(1));
}
"#,
        )
        .unwrap();
        let built = dir.join(format!("other-rustc{}", std::env::consts::EXE_SUFFIX));
        let status = Command::new(rustc())
            .arg("-o")
            .arg(&built)
            .arg(&source)
            .status()
            .unwrap();
        assert!(status.success(), "rustc could not build the other compiler");
        built
    })
}

fn rustc() -> std::ffi::OsString {
    std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into())
}

/// REV's build is kept for the next comparison with the same compiler, and
/// made again with another: the table never pits two compilers against
/// each other unsaid.
#[test]
fn revs_build_is_kept_per_compiler() {
    let repo = Scratch::new("timing-rev");
    repo.write(
        "Cargo.toml",
        b"[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n",
    );
    repo.write(
        "crates/x1-a/Cargo.toml",
        b"[package]\nname = \"x1-a\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
          [package.metadata.judge]\ntime-limit-ms = 1000\nmemory-limit-mib = 64\n",
    );
    repo.write(
        "crates/x1-a/src/main.rs",
        b"use std::io::Read;\nfn main() {\n    let mut input = String::new();\n    \
          std::io::stdin().read_to_string(&mut input).unwrap();\n    print!(\"{input}\");\n}\n",
    );
    repo.write("samples/x1-a/1.in", b"1 2\n");
    repo.write("samples/x1-a/1.out", b"1 2\n");
    let git = |args: &[&str]| {
        let status = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
            .args(["-c", "commit.gpgsign=false"])
            .args(args)
            .current_dir(&repo.path)
            .status()
            .unwrap();
        assert!(status.success(), "git {args:?}");
    };
    git(&["init", "--quiet"]);
    git(&["add", "--all"]);
    git(&["commit", "--quiet", "--message", "x1-a"]);

    let json_path = repo.path.join("figures.json");
    let time = |compiler: Option<&Path>| {
        let mut command = tool();
        command
            .args(["timing", "x1-a", "--compare", "HEAD", "--runs", "1"])
            .arg("--floor")
            .arg(floor())
            .arg("--json")
            .arg(&json_path)
            .current_dir(&repo.path)
            .env("CARGO_TARGET_DIR", repo.path.join("target"));
        if let Some(compiler) = compiler {
            command.env("RUSTC", compiler).env("REAL_RUSTC", rustc());
        }
        let report = Report::of(command.output().unwrap());
        assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
        report
    };
    let built = |report: &Report| report.stderr.contains("Building HEAD");
    let compiler_line = |report: &Report| {
        let first = report.stdout.lines().next().unwrap_or("").to_string();
        assert!(first.starts_with("compiler: rustc "), "{}", report.stdout);
        assert_eq!(report.stdout.matches("compiler:").count(), 1);
        first
    };

    let first = time(None);
    assert!(built(&first), "{}", first.stderr);
    let line = compiler_line(&first);
    assert!(!line.contains("other") && !line.contains(';'), "{line}");
    assert!(
        first.stdout.contains("\n  0-judge-sample "),
        "{}",
        first.stdout
    );

    let figures = json(&json_path);
    assert_eq!(
        Some(figures["compiler"].as_str().unwrap()),
        line.strip_prefix("compiler: ")
    );
    assert_eq!(figures["compare_compiler"], figures["compiler"]);

    let again = time(None);
    assert!(!built(&again), "{}", again.stderr);

    let other = time(Some(other_compiler()));
    assert!(built(&other), "{}", other.stderr);
    assert!(
        compiler_line(&other).ends_with(") other"),
        "{}",
        other.stdout
    );

    // The first compiler's build is still there.
    let back = time(None);
    assert!(!built(&back), "{}", back.stderr);
    let builds = std::fs::read_dir(repo.path.join("target/timing/rev"))
        .unwrap()
        .filter(|entry| {
            let entry = entry.as_ref().unwrap();
            entry.path().join("built-by.txt").is_file()
        })
        .count();
    assert_eq!(builds, 2);
}

/// A report that cannot be written is the command's error (exit 2, one
/// line), to a file as to standard output, as `cargo judge --json` has it.
#[cfg(target_os = "linux")]
#[test]
fn a_json_report_that_cannot_be_written_is_an_error() {
    let (fast, _) = sleepers();
    let inputs = one_input();
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full");
    let to_file = timing(fast, &inputs.path, &["--runs", "1", "--json", "/dev/full"]);
    let to_stdout = Report::of(
        tool()
            .args(["timing", "--program"])
            .arg(fast)
            .arg("--inputs")
            .arg(&inputs.path)
            .arg("--floor")
            .arg(floor())
            .args(["--runs", "1", "--json", "-"])
            .stdout(full().unwrap())
            .output()
            .unwrap(),
    );
    for (report, shown) in [(to_file, "/dev/full"), (to_stdout, "standard output")] {
        assert_eq!(report.code, Some(2), "{}{}", report.stdout, report.stderr);
        let last = report.stderr.lines().last().unwrap_or_default();
        assert!(
            last.starts_with(&format!("error: --json: cannot write {shown}: ")),
            "{}",
            report.stderr
        );
    }
}
