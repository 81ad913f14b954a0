//! Problem packages judged as their judges judge them, where a folder is
//! named or reached otherwise than from the root: test groups below the
//! folder given, the package found from inside it; and the programs a
//! package builds: every file of a validator's folder (sub-folders too)
//! copied, compiled and hashed for the cache, a build bounded in time,
//! the feedback folder passed as the judges pass it, and advice that fits.

mod common;

use common::{fixture, judge_program, tool, Report, Scratch};
use std::path::Path;

/// A package in a scratch folder: `files` are paths and contents (the
/// fixture's input says what it prints).
fn package(files: &[(&str, &str)]) -> Scratch {
    Scratch::with_files("package", files)
}

/// Judges the fixture on `dir` with `args` after the rest.
fn judge(dir: &Path, args: &[&str]) -> Report {
    judge_program(fixture(), dir, args)
}

/// Judges the fixture on `samples`, run in the folder `current`.
fn judge_in(current: &Path, samples: &str, args: &[&str]) -> Report {
    Report::of(
        tool()
            .args(["judge", "--program"])
            .arg(fixture())
            .args(["--samples", samples])
            .args(args)
            .current_dir(current)
            .output()
            .unwrap(),
    )
}

/// The line that says what a package is judged under.
fn package_line(report: &Report) -> &str {
    report
        .stdout
        .lines()
        .find(|line| line.contains(" package") && line.contains("time limit"))
        .unwrap_or_else(|| panic!("no package line in:\n{}{}", report.stdout, report.stderr))
}

/// A package whose secret/ holds a case of its own and one in each of two
/// test groups, one of them a wrong answer; a 2 MiB output limit.
fn grouped() -> Scratch {
    package(&[
        ("problem.yaml", "name: Groups\nlimits:\n  output: 2\n"),
        ("data/sample/1.in", "print 1\\n"),
        ("data/sample/1.ans", "1\n"),
        ("data/secret/1.in", "print 1\\n"),
        ("data/secret/1.ans", "1\n"),
        ("data/secret/g1/2.in", "print 3\\n"),
        ("data/secret/g1/2.ans", "2\n"),
        ("data/secret/g1/deeper/3.in", "print 3\\n"),
        ("data/secret/g1/deeper/3.ans", "3\n"),
    ])
}

#[test]
fn a_folder_in_data_is_judged_with_its_test_groups() {
    let package = grouped();
    let report = judge(&package.path.join("data/secret"), &[]);
    assert_eq!(report.verdict("judge-fixture/1"), "AC", "{}", report.stdout);
    assert_eq!(report.verdict("judge-fixture/g1/2"), "WA");
    assert_eq!(report.verdict("judge-fixture/g1/deeper/3"), "AC");
    assert_eq!(report.summary(), "2 passed, 1 failed");
    report.exited(1);
    // A folder with cases only in its groups has cases.
    let report = judge(
        &package.path.join("data/secret/g1"),
        &["--case", "deeper/3"],
    );
    assert_eq!(report.summary(), "1 passed, 0 failed", "{}", report.stdout);
    // Judged from the root, the same groups under secret/.
    let report = judge(&package.path, &[]);
    assert_eq!(report.verdict("judge-fixture/secret/g1/2"), "WA");
    assert_eq!(report.summary(), "3 passed, 1 failed");
}

#[test]
fn a_folder_of_a_package_is_its_package_however_it_is_named() {
    let package = grouped();
    let data = package.path.join("data");
    for (current, samples) in [
        (&data, "sample"),
        (&data.join("sample"), "."),
        (&package.path, "data/sample"),
    ] {
        let report = judge_in(current, samples, &[]);
        let line = package_line(&report);
        assert!(line.contains("output limit 2 MiB (problem.yaml"), "{line}");
        assert!(
            !line.starts_with(" ") && !line.starts_with("("),
            "the package is named: {line}"
        );
        assert_eq!(report.verdict("judge-fixture/1"), "AC", "{}", report.stdout);
    }
    let report = judge_in(&data, "sample", &[]);
    assert!(
        package_line(&report).starts_with(".. ("),
        "{}",
        report.stdout
    );
    let report = judge_in(&package.path, "data/sample", &[]);
    assert!(
        package_line(&report).starts_with(". ("),
        "{}",
        report.stdout
    );
}

/// An ICPC validator that joins its feedback folder and a file name by
/// hand, as `"${3}judgemessage.txt"`: the folder comes with its separator.
#[cfg(unix)]
#[test]
fn a_validator_gets_its_feedback_folder_with_its_separator() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = Scratch::with_files(
        "feedback",
        &[
            ("1.in", "print 1\\n"),
            ("1.ans", "2\n"),
            (
                "validate",
                "#!/bin/sh\necho \"not what I wanted\" > \"${3}judgemessage.txt\"\nexit 43\n",
            ),
        ],
    );
    let validator = scratch.path.join("validate");
    std::fs::set_permissions(&validator, std::fs::Permissions::from_mode(0o755)).unwrap();
    let spec = format!("icpc:{}", validator.display());
    let report = judge(&scratch.path, &["--checker", &spec]);
    let (head, detail) = report.case("judge-fixture/1");
    assert!(head.starts_with("WA"), "{head}");
    assert!(detail.contains("not what I wanted"), "{detail}");
}
