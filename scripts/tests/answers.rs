//! Test folders as other tools lay them out: answers named `.ans`
//! (Kattis, DOMjudge, the ICPC problem package), a package's `data/`
//! folder with `sample/` and `secret/`, oj's `sample-1.in`; and a case
//! with two answers, refused before anything runs.

mod common;

use common::{fixture, judge_program, Problems, Report, Scratch};
use std::path::Path;

/// Judges the fixture on the cases in `dir`, with `args` after the rest.
fn judge_dir(dir: &Path, args: &[&str]) -> Report {
    judge_program(fixture(), dir, args)
}

/// A scratch folder holding `files` (path and contents; the fixture's
/// input says what it prints).
fn folder(files: &[(&str, &str)]) -> Scratch {
    Scratch::with_files("answers", files)
}

/// [`judge_dir`] on a folder of `files`.
fn judge_files(files: &[(&str, &str)], args: &[&str]) -> Report {
    judge_dir(&folder(files).path, args)
}

/// The case names of the verdict lines, in order.
fn names(report: &Report) -> Vec<&str> {
    report
        .stdout
        .lines()
        .filter(|line| !line.starts_with(' '))
        .filter_map(|line| line.split_whitespace().nth(1))
        .filter(|name| name.starts_with("judge-fixture/"))
        .collect()
}

#[test]
fn ans_files_are_answers_and_a_missing_one_is_named_so() {
    let report = judge_files(
        &[
            ("1.in", "print 1\\n"),
            ("1.ans", "1\n"),
            ("2.in", "print 2\\n"),
            ("2.ans", "3\n"),
            ("3.in", "print 3\\n"),
        ],
        &[],
    );
    assert_eq!(report.verdict("judge-fixture/1"), "AC", "{}", report.stdout);
    assert_eq!(report.verdict("judge-fixture/2"), "WA");
    assert_eq!(report.verdict("judge-fixture/3"), "ERROR");
    assert_eq!(report.case("judge-fixture/3").1, "    3.ans is missing");
    assert_eq!(report.summary(), "1 passed, 2 failed");
    report.exited(1);
    // A checker program is given the .ans file as the answer.
    let report = judge_files(
        &[("1.in", "print 1\\n"), ("1.ans", "1\n")],
        &["--case", "1.ans", "--checker", "tokens"],
    );
    assert_eq!(report.summary(), "1 passed, 0 failed", "{}", report.stdout);
}

#[test]
fn oj_names_and_out_and_ans_side_by_side_are_cases() {
    let report = judge_files(
        &[
            ("sample-1.in", "print 1\\n"),
            ("sample-1.out", "1\n"),
            ("sample-2.in", "print 2\\n"),
            ("sample-2.ans", "2\n"),
        ],
        &[],
    );
    assert_eq!(
        names(&report),
        ["judge-fixture/sample-1", "judge-fixture/sample-2"],
        "{}",
        report.stdout
    );
    assert_eq!(report.summary(), "2 passed, 0 failed");
    report.exited(0);
}

#[test]
fn a_case_with_both_answers_is_an_error_before_anything_runs() {
    let files = [
        ("1.in", "print 1\\n"),
        ("1.out", "1\n"),
        ("2.in", "print 2\\n"),
        ("2.out", "2\n"),
        ("2.ans", "2\n"),
    ];
    for args in [&[][..], &["--case", "1"]] {
        let report = judge_files(&files, args);
        report.exited(2);
        assert_eq!(report.stdout, "", "{args:?}");
        assert!(
            report.stderr.starts_with("error: ")
                && report.stderr.ends_with(
                    ": a case has both a .out and a .ans file (2); keep the one that is the \
                     answer\n"
                )
                && report.stderr.lines().count() == 1,
            "{}",
            report.stderr
        );
    }
}

#[test]
fn a_package_data_folder_is_judged_sample_then_secret_by_folder_names() {
    let files = [
        ("data/secret/10-max.in", "print 10\\n"),
        ("data/secret/10-max.ans", "10\n"),
        ("data/secret/03.in", "print 3\\n"),
        ("data/secret/03.ans", "4\n"),
        ("data/sample/1.in", "print 1\\n"),
        ("data/sample/1.ans", "1\n"),
        ("problem.yaml", "name: fixture\n"),
    ];
    let package = folder(&files);
    let data = package.path.join("data");
    let report = judge_dir(&data, &[]);
    assert_eq!(
        names(&report),
        [
            "judge-fixture/sample/1",
            "judge-fixture/secret/03",
            "judge-fixture/secret/10-max"
        ],
        "{}",
        report.stdout
    );
    assert_eq!(report.verdict("judge-fixture/secret/03"), "WA");
    assert_eq!(report.summary(), "2 passed, 1 failed");
    report.exited(1);
    let report = judge_dir(&data, &["--case", "secret/10-max"]);
    assert_eq!(names(&report), ["judge-fixture/secret/10-max"]);
    report.exited(0);
    // The package's own folder is read as the package: its data/ cases,
    // under what its problem.yaml says.
    let report = judge_dir(&package.path, &[]);
    assert_eq!(names(&report).len(), 3, "{}", report.stdout);
    assert!(
        report
            .stdout
            .contains("(ICPC package, problem.yaml legacy)"),
        "{}",
        report.stdout
    );
}

#[test]
fn a_crate_whose_samples_have_both_answers_stops_the_judge_before_any_build() {
    let problems = Problems::new("two-answers", "");
    // Nothing built before, so that a build would leave its folder.
    let _ = std::fs::remove_dir_all(&problems.target);
    problems
        .scratch
        .write("samples/x2-tokens/other.ans", b"x\n");
    let report = problems.tool(&["judge"]);
    report.exited(2);
    assert_eq!(report.stdout, "");
    assert!(
        report
            .stderr
            .contains("x2-tokens: a case has both a .out and a .ans file (other)"),
        "{}",
        report.stderr
    );
    assert!(!problems.target.join("release").exists());
}
