//! `new-problem` and `stress` on a temporary copy of the workspace: the new
//! crate builds, passes fmt and clippy, and is judged, timed, stressed and
//! bundled with no other edit; a deliberately broken solution is caught by
//! `stress` with its seed and a small input.

mod common;

use common::{copy_tree, tool, workspace_root, Problems, Report, Scratch};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const NAME: &str = "abc123-sum-it-up";

/// A copy of the workspace with the tool and one problem crate, building
/// into a target folder of its own under the real one, one per test (kept
/// between runs, so only the first run compiles the dependencies; not
/// shared, so one test's broken binary is never judged by another).
fn scratch_workspace(test: &str) -> (Scratch, PathBuf) {
    let root = workspace_root();
    let scratch = Scratch::new("workspace");
    for file in ["Cargo.toml", "Cargo.lock", "rustfmt.toml"] {
        fs::copy(root.join(file), scratch.path.join(file)).unwrap();
    }
    for dir in [
        ".cargo",
        "scripts",
        "crates/poj1753-flip-game",
        "samples/poj1753-flip-game",
    ] {
        copy_tree(&root.join(dir), &scratch.path.join(dir));
    }
    let target = root.join("target").join("tool-tests").join(test);
    (scratch, target)
}

/// The tool, run in `dir` with `target` as cargo's target folder.
fn tool_in(dir: &Path, target: &Path, args: &[&str]) -> Report {
    Report::of(
        tool()
            .args(args)
            .current_dir(dir)
            .env("CARGO_TARGET_DIR", target)
            .output()
            .unwrap(),
    )
}

fn cargo_in(dir: &Path, target: &Path, args: &[&str]) -> Report {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    Report::of(
        Command::new(cargo)
            .args(args)
            .current_dir(dir)
            .env("CARGO_TARGET_DIR", target)
            .output()
            .unwrap(),
    )
}

fn cargo_equip_installed() -> bool {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    Command::new(cargo)
        .args(["equip", "--version"])
        .output()
        .is_ok_and(|output| output.stdout.starts_with(b"cargo-equip 0.20.1"))
}

/// Asserts that crate `name` of the workspace in `dir` passes
/// `cargo fmt --check`, clippy with warnings denied, and its tests.
#[track_caller]
fn passes_fmt_clippy_and_its_tests(dir: &Path, target: &Path, name: &str) {
    let fmt = cargo_in(dir, target, &["fmt", "--check", "--package", name]);
    assert_eq!(fmt.code, Some(0), "{}{}", fmt.stdout, fmt.stderr);
    let clippy = cargo_in(
        dir,
        target,
        &[
            "clippy",
            "--all-targets",
            "--package",
            name,
            "--",
            "-D",
            "warnings",
        ],
    );
    assert_eq!(clippy.code, Some(0), "{}", clippy.stderr);
    let test = cargo_in(dir, target, &["test", "--package", name]);
    assert_eq!(test.code, Some(0), "{}{}", test.stdout, test.stderr);
}

/// Replaces `from` with `to` in a file of the scratch workspace, once.
fn break_file(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert_eq!(
        text.matches(from).count(),
        1,
        "{from:?} in {}",
        path.display()
    );
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn a_new_problem_is_judged_timed_stressed_and_bundled_as_it_is() {
    let (scratch, target) = scratch_workspace("new-problem");
    let dir = &scratch.path;

    let refused = tool_in(dir, &target, &["new-problem", "Flip_Game"]);
    assert_eq!(refused.code, Some(2));
    assert!(
        refused.stderr.contains("does not follow the naming rule"),
        "{}",
        refused.stderr
    );
    assert_eq!(refused.stderr.lines().count(), 1, "{}", refused.stderr);
    let refused = tool_in(dir, &target, &["new-problem", "poj1753-flip-game"]);
    assert_eq!(refused.code, Some(2));
    assert!(
        refused.stderr.contains("already exists"),
        "{}",
        refused.stderr
    );

    let made = tool_in(
        dir,
        &target,
        &[
            "new-problem",
            NAME,
            "--url",
            "https://example.com/abc123",
            "--time-limit-ms",
            "2000",
        ],
    );
    assert_eq!(made.code, Some(0), "{}{}", made.stdout, made.stderr);
    let manifest = fs::read_to_string(dir.join("crates").join(NAME).join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("url = \"https://example.com/abc123\""),
        "{manifest}"
    );
    assert!(manifest.contains("time-limit-ms = 2000"), "{manifest}");
    assert!(manifest.contains("memory-limit-mib = 256"), "{manifest}");
    let again = tool_in(dir, &target, &["new-problem", NAME]);
    assert_eq!(again.code, Some(2));
    assert!(again.stderr.contains("already exists"), "{}", again.stderr);

    passes_fmt_clippy_and_its_tests(dir, &target, NAME);

    let judged = tool_in(dir, &target, &["judge", NAME]);
    assert_eq!(judged.code, Some(0), "{}{}", judged.stdout, judged.stderr);
    assert_eq!(judged.summary(), "1 passed, 0 failed");
    // With no crate named, inside the crate's folder: that crate alone.
    let here = tool_in(
        &dir.join("crates").join(NAME).join("src"),
        &target,
        &["judge"],
    );
    assert_eq!(here.code, Some(0), "{}{}", here.stdout, here.stderr);
    assert_eq!(here.summary(), "1 passed, 0 failed");
    // Elsewhere, the new one is among all.
    let all = tool_in(dir, &target, &["judge"]);
    assert_eq!(all.code, Some(0), "{}{}", all.stdout, all.stderr);
    assert!(
        all.stdout.contains(&format!("AC    {NAME}/1")),
        "{}",
        all.stdout
    );

    let timed = tool_in(dir, &target, &["timing", "--runs", "1", NAME]);
    timed
        .exited(0)
        .says(&["1-random-100000-cases", "0-judge-sample"]);

    let stressed = tool_in(
        dir,
        &target,
        &["stress", NAME, "--cases", "30", "--seed", "7"],
    );
    stressed
        .exited(0)
        .starts_with("30 passed, 0 failed")
        .says(&["seeds 7..=36"]);

    if cargo_equip_installed() {
        let missing = tool_in(dir, &target, &["bundle", "--check", NAME]);
        assert_eq!(
            missing.code,
            Some(1),
            "{}{}",
            missing.stdout,
            missing.stderr
        );
        assert!(missing.stdout.contains("MISSING"), "{}", missing.stdout);
        let written = tool_in(dir, &target, &["bundle", NAME]);
        assert_eq!(
            written.code,
            Some(0),
            "{}{}",
            written.stdout,
            written.stderr
        );
        assert!(written.stdout.contains("written"), "{}", written.stdout);
        let submission = dir.join("submissions").join(format!("{NAME}.rs"));
        assert!(submission.is_file());
        let bundled = tool_in(dir, &target, &["bundle", "--check", NAME]);
        assert_eq!(
            bundled.code,
            Some(0),
            "{}{}",
            bundled.stdout,
            bundled.stderr
        );
        assert!(bundled.stdout.contains("up to date"), "{}", bundled.stdout);
        assert_eq!(bundled.summary(), "2 passed, 0 failed");
        // The solution changes, the committed file does not: stale.
        break_file(
            &dir.join("crates").join(NAME).join("src/main.rs"),
            "    case\n}",
            "    case + 0\n}",
        );
        let stale = tool_in(dir, &target, &["bundle", "--check", NAME]);
        assert_eq!(stale.code, Some(1), "{}{}", stale.stdout, stale.stderr);
        assert!(stale.stdout.contains("STALE"), "{}", stale.stdout);
        break_file(
            &dir.join("crates").join(NAME).join("src/main.rs"),
            "    case + 0\n}",
            "    case\n}",
        );
    } else {
        println!("cargo-equip 0.20.1 is not installed: `cargo bundle` on the new crate not tried");
    }

    // A wrong solution: stress stops at the first seed that shows it.
    break_file(
        &dir.join("crates").join(NAME).join("src/main.rs"),
        "    case\n}",
        "    case.abs()\n}",
    );
    let caught = tool_in(dir, &target, &["stress", NAME, "--seed", "100"]);
    assert_eq!(caught.code, Some(1), "{}{}", caught.stdout, caught.stderr);
    assert!(
        caught
            .stdout
            .starts_with(&format!("FAIL  {NAME} on seed 100")),
        "{}",
        caught.stdout
    );
    assert!(
        caught.stdout.contains("    | -85\n"),
        "the input is shown: {}",
        caught.stdout
    );
    assert!(
        caught.stdout.contains("      >   1 | 85$"),
        "the answers are shown: {}",
        caught.stdout
    );
    let kept = target.join("stress").join(NAME).join("seed-100.in");
    assert_eq!(fs::read_to_string(kept).unwrap(), "-85\n84\n-51\n");
}

#[test]
fn a_broken_flip_game_is_caught_with_its_seed_and_a_small_input() {
    let (scratch, target) = scratch_workspace("broken-flip-game");
    let main = scratch.path.join("crates/poj1753-flip-game/src/main.rs");
    // Off by one on the hardest boards only: six rounds reported as five.
    break_file(
        &main,
        ".filter_map(fewest_presses).min()",
        ".filter_map(fewest_presses).min().map(|rounds| rounds.min(5))",
    );
    let caught = tool_in(
        &scratch.path,
        &target,
        &["stress", "poj1753-flip-game", "--cases", "2000"],
    );
    assert_eq!(caught.code, Some(1), "{}{}", caught.stdout, caught.stderr);
    assert!(
        caught
            .stdout
            .starts_with("FAIL  poj1753-flip-game on seed "),
        "{}",
        caught.stdout
    );
    assert!(caught.stdout.contains(": WA\n"), "{}", caught.stdout);
    assert!(
        caught.stdout.contains("$\n") && caught.stdout.contains("6$"),
        "{}",
        caught.stdout
    );
    // A few boards of 16 pieces: small enough to read.
    let bytes: usize = caught
        .stdout
        .split("input (")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(bytes <= 4 * 20, "{}", caught.stdout);
}

#[test]
fn a_crate_that_does_not_compile_is_never_bundled() {
    let (scratch, target) = scratch_workspace("type-error");
    let main = scratch.path.join("crates/poj1753-flip-game/src/main.rs");
    break_file(
        &main,
        ".filter_map(fewest_presses).min()",
        ".filter_map(fewest_presses).min() + \"1\"",
    );
    let refused = tool_in(&scratch.path, &target, &["bundle", "poj1753-flip-game"]);
    assert_eq!(
        refused.code,
        Some(2),
        "{}{}",
        refused.stdout,
        refused.stderr
    );
    // rustc's own message, with the file and line.
    assert!(refused.stderr.contains("error[E0"), "{}", refused.stderr);
    assert!(
        refused.stderr.contains("src/main.rs:"),
        "{}",
        refused.stderr
    );
    assert!(!scratch
        .path
        .join("submissions/poj1753-flip-game.rs")
        .exists());
}

#[test]
fn stress_and_new_problem_apply_every_option() {
    let problems = Problems::new("stress-options", "");
    // No crate named: the one whose folder this is.
    let report = problems.tool_in(
        "crates/x2-tokens",
        &["stress", "--cases", "3", "--seed", "5"],
    );
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
    assert!(
        report
            .stdout
            .starts_with("3 passed, 0 failed: x2-tokens on seeds 5..=7 against its brute force"),
        "{}",
        report.stdout
    );
    let started = std::time::Instant::now();
    let report = problems.tool(&["stress", "x2-tokens", "--cases", "1000000", "--time", "1"]);
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
    let passed: u64 = report.stdout.split(' ').next().unwrap().parse().unwrap();
    assert!((1..1_000_000).contains(&passed), "{}", report.stdout);
    assert!(started.elapsed().as_secs() < 60);

    let report = problems.tool(&[
        "new-problem",
        "abc1-options",
        "--url",
        "https://example.com/1",
        "--time-limit-ms",
        "3000",
        "--memory-limit-mib",
        "64",
    ]);
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
    let manifest =
        fs::read_to_string(problems.scratch.path.join("crates/abc1-options/Cargo.toml")).unwrap();
    for line in [
        "url = \"https://example.com/1\"\n",
        "time-limit-ms = 3000\n",
        "memory-limit-mib = 64\n",
        "checker = \"exact\"\n",
    ] {
        assert!(manifest.contains(line), "{line}: {manifest}");
    }
}

/// `new-problem --interactive`: the crate passes fmt, clippy and its tests
/// as it is, its sample is judged AC against the interactor of its own
/// (built by the judge), and a solution that asks too many questions is
/// WA with the interactor's reason.
#[test]
fn a_new_interactive_problem_is_judged_against_its_own_interactor() {
    const GUESS: &str = "cf1000a-guess-it";
    let (scratch, target) = scratch_workspace("new-interactive-problem");
    let dir = &scratch.path;
    tool_in(dir, &target, &["new-problem", GUESS, "--interactive"])
        .exited(0)
        .says(&["(an interactive problem)", "examples/interactor.rs"]);
    passes_fmt_clippy_and_its_tests(dir, &target, GUESS);

    let judged = tool_in(dir, &target, &["judge", GUESS]);
    judged.exited(0);
    assert_eq!(judged.summary(), "1 passed, 0 failed");
    // Timing has no rows for it and says why; stress refuses it.
    let timed = tool_in(dir, &target, &["timing", GUESS, "--runs", "3"]);
    timed.exited(0).says(&[&format!(
        "  (not timed: an interactive problem; cargo judge {GUESS} gives its times"
    )]);
    assert!(!timed.stdout.contains("FAILED"), "{}", timed.stdout);
    let stressed = tool_in(dir, &target, &["stress", GUESS]);
    stressed.exited(2);
    assert_eq!(
        stressed.stderr,
        format!(
            "error: {GUESS} is an interactive problem: cargo stress holds a program's output \
             against a brute force's, and here the interactor decides; cargo judge {GUESS} \
             judges it\n"
        )
    );

    let solution = dir.join("crates").join(GUESS).join("src").join("main.rs");
    break_file(&solution, "low + (high - low) / 2", "low");
    let judged = tool_in(dir, &target, &["judge", GUESS]);
    judged.exited(1).says(&[
        &format!("WA    {GUESS}/1"),
        "the interactor says wrong answer (exit status 1)",
        "(said first; the program was then stopped)",
        "the secret was not found in 8 questions",
    ]);

    // An interactor that does not build is the crate's ERROR, reported
    // once, then the one summary: judged as every crate, and on a folder.
    let interactor = dir
        .join("crates")
        .join(GUESS)
        .join("examples")
        .join("interactor.rs");
    break_file(&interactor, "fn main() {", "fn main() -> u8 {");
    let samples = dir.join("samples").join(GUESS);
    for args in [
        vec!["judge"],
        vec!["judge", GUESS, "--samples", samples.to_str().unwrap()],
    ] {
        let judged = tool_in(dir, &target, &args);
        judged.exited(1);
        assert_eq!(judged.verdict(GUESS), "ERROR", "{}", judged.stdout);
        let summaries = judged.stdout.matches(" passed, ").count();
        assert_eq!(summaries, 1, "{}", judged.stdout);
        // The workspace's other crate passes; this one is the failure.
        assert!(
            judged.summary().ends_with(" passed, 1 failed"),
            "{}",
            judged.stdout
        );
    }
}
