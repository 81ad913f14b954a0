//! `judge --program` on the fixture program: every verdict, its report and
//! the exit status, as a user sees them.

mod common;

use common::{fixture, tool, Report, Scratch};

/// Judges the fixture on `cases` (name, input, expected output; `None`
/// leaves that file out) with a 1000 ms, 64 MiB limit: generous for what
/// the fixture does in time, so that a loaded machine does not turn a
/// verdict into TLE.
fn judge(cases: &[(&str, Option<&str>, Option<&str>)]) -> Report {
    judge_within(cases, "1000")
}

/// [`judge`] with another time limit, in milliseconds.
fn judge_within(cases: &[(&str, Option<&str>, Option<&str>)], time_limit_ms: &str) -> Report {
    let samples = Scratch::new("samples");
    for (name, input, expected) in cases {
        if let Some(input) = input {
            samples.write(&format!("{name}.in"), input.as_bytes());
        }
        if let Some(expected) = expected {
            samples.write(&format!("{name}.out"), expected.as_bytes());
        }
    }
    let output = tool()
        .args([
            "judge",
            "--time-limit-ms",
            time_limit_ms,
            "--memory-limit-mib",
            "64",
            "--program",
        ])
        .arg(fixture())
        .arg("--samples")
        .arg(&samples.path)
        .output()
        .unwrap();
    Report::of(output)
}

fn one(input: &str, expected: &str) -> Report {
    judge(&[("1", Some(input), Some(expected))])
}

/// [`one`] for the cases that fill memory: filling 200 MiB once took over
/// a second on a loaded machine, and a program over both limits is TLE,
/// so these get ten seconds and only the memory decides.
fn one_filling_memory(input: &str, expected: &str) -> Report {
    judge_within(&[("1", Some(input), Some(expected))], "10000")
}

const CASE: &str = "judge-fixture/1";

#[test]
fn a_right_answer_is_accepted_and_the_exit_status_is_0() {
    let report = one("print 1\\n2\\n", "1\n2\n");
    assert_eq!(report.verdict(CASE), "AC", "{}", report.stdout);
    assert_eq!(report.summary(), "1 passed, 0 failed");
    assert_eq!(report.code, Some(0));
    // Time and memory are on the line.
    let (head, detail) = report.case(CASE);
    assert!(head.contains(" ms"), "{head}");
    assert!(head.ends_with(" MiB"), "{head}");
    assert_eq!(detail, "");
}

#[test]
fn a_missing_final_newline_is_accepted() {
    let report = one("print 1\\n2", "1\n2\n");
    assert_eq!(report.verdict(CASE), "AC", "{}", report.stdout);
    assert_eq!(report.code, Some(0));
}

#[test]
fn a_wrong_answer_is_wa_with_the_difference_shown() {
    let report = one("print 1\\n3\\n3\\n", "1\n2\n3\n");
    assert_eq!(report.verdict(CASE), "WA", "{}", report.stdout);
    assert_eq!(report.summary(), "0 passed, 1 failed");
    assert_eq!(report.code, Some(1));
    let (_, detail) = report.case(CASE);
    assert!(detail.contains("first difference at line 2"), "{detail}");
    assert!(
        detail.contains("    expected:\n          1 | 1$\n      >   2 | 2$\n          3 | 3$"),
        "{detail}"
    );
    assert!(
        detail.contains("    actual:\n          1 | 1$\n      >   2 | 3$\n          3 | 3$"),
        "{detail}"
    );
}

#[test]
fn a_prefix_of_the_answer_is_wa() {
    let report = one("print 1\\n", "1\n2\n");
    assert_eq!(report.verdict(CASE), "WA", "{}", report.stdout);
    let report = one("print ", "1\n");
    assert_eq!(report.verdict(CASE), "WA", "{}", report.stdout);
}

#[test]
fn whitespace_only_differences_are_pe_and_shown() {
    for (input, shown) in [
        ("print 1 \\n2\\n", ">   1 | 1·$"),
        ("print 1\r\\n2\r\\n", ">   1 | 1^M$"),
        ("print 1\t2\\n", ">   1 | 1^I2$"),
        ("print 1\\n2\\n\\n", ">   3 | $"),
    ] {
        let report = one(input, "1\n2\n");
        assert_eq!(report.verdict(CASE), "PE", "{input:?}: {}", report.stdout);
        assert_eq!(report.code, Some(1));
        let (_, detail) = report.case(CASE);
        assert!(detail.contains(shown), "{input:?}: {detail}");
    }
}

#[test]
fn control_bytes_in_the_output_never_reach_the_terminal() {
    let report = one("print \u{1b}[2J\u{7}\\n", "x\n");
    assert_eq!(report.verdict(CASE), "WA", "{}", report.stdout);
    assert!(!report.stdout.contains('\u{1b}'), "{:?}", report.stdout);
    assert!(report.stdout.contains("^[[2J^G$"), "{}", report.stdout);
}

#[test]
fn a_program_past_the_limit_is_killed_and_tle() {
    let report = one("sleep 5000", "slept\n");
    assert_eq!(report.verdict(CASE), "TLE", "{}", report.stdout);
    let (head, detail) = report.case(CASE);
    assert!(detail.contains("killed after"), "{detail}");
    assert!(
        detail.contains("over the time limit of 1000.00 ms"),
        "{detail}"
    );
    // Killed at 1500 ms, not after the five seconds.
    let milliseconds: f64 = head.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!((1000.0..4000.0).contains(&milliseconds), "{head}");
    assert_eq!(report.code, Some(1));
}

#[test]
fn a_right_answer_after_the_limit_is_still_tle() {
    let report = one("sleep 1100", "slept\n");
    assert_eq!(report.verdict(CASE), "TLE", "{}", report.stdout);
}

#[test]
fn a_non_zero_exit_is_re_with_its_status_and_stderr() {
    let report = one("exit 3", "partial\n");
    assert_eq!(report.verdict(CASE), "RE", "{}", report.stdout);
    let (_, detail) = report.case(CASE);
    assert_eq!(detail, "    exit status 3; stderr:\n      | failing");
    assert_eq!(report.code, Some(1));
}

#[test]
fn a_panic_is_re() {
    let report = one("panic", "1\n");
    assert_eq!(report.verdict(CASE), "RE", "{}", report.stdout);
    let (_, detail) = report.case(CASE);
    assert!(detail.contains("exit status 101; stderr:"), "{detail}");
    assert!(detail.contains("the fixture was told to panic"), "{detail}");
}

#[cfg(unix)]
#[test]
fn a_signal_within_the_limits_is_re_with_its_name() {
    let report = one("kill", "1\n");
    assert_eq!(report.verdict(CASE), "RE", "{}", report.stdout);
    assert!(
        report.case(CASE).1.contains("killed by SIGKILL"),
        "{}",
        report.stdout
    );
    let report = one("abort", "1\n");
    assert_eq!(report.verdict(CASE), "RE", "{}", report.stdout);
    assert!(
        report.case(CASE).1.contains("killed by SIGABRT"),
        "{}",
        report.stdout
    );
}

#[cfg(not(unix))]
#[test]
fn an_abort_is_re() {
    let report = one("abort", "1\n");
    assert_eq!(report.verdict(CASE), "RE", "{}", report.stdout);
}

#[test]
fn memory_over_the_limit_is_mle_and_within_it_ac() {
    let report = one_filling_memory("alloc 200", "allocated\n");
    assert_eq!(report.verdict(CASE), "MLE", "{}", report.stdout);
    let (head, detail) = report.case(CASE);
    assert!(detail.contains("over the limit of 64.0 MiB"), "{detail}");
    let peak: f64 = head.split_whitespace().nth(4).unwrap().parse().unwrap();
    if cfg!(windows) {
        // The peak commit, all of it at once: not stopped on the way.
        assert!(peak >= 200.0, "{head}");
    } else {
        // Stopped on the way: past the limit, short of the 200 MiB.
        assert!((64.0..200.0).contains(&peak), "{head}");
    }
    assert_eq!(report.code, Some(1));

    let report = one_filling_memory("alloc 16", "allocated\n");
    assert_eq!(report.verdict(CASE), "AC", "{}", report.stdout);
    let peak: f64 = report
        .case(CASE)
        .0
        .split_whitespace()
        .nth(4)
        .unwrap()
        .parse()
        .unwrap();
    assert!((16.0..64.0).contains(&peak), "{}", report.stdout);
}

#[test]
fn a_flood_of_output_is_wa_and_does_not_block() {
    let report = one("flood 40", "y\n");
    assert_eq!(report.verdict(CASE), "WA", "{}", report.stdout);
}

/// The tool holds a big output in memory after the first case; the second
/// case's peak must be its own, not the tool's.
#[cfg(unix)]
#[test]
fn a_peak_is_the_programs_own_not_the_tools() {
    let report = judge(&[
        ("1", Some("flood 60"), Some("y\n")),
        ("2", Some("print 1"), Some("1\n")),
    ]);
    assert_eq!(report.verdict("judge-fixture/2"), "AC", "{}", report.stdout);
    let head = report.case("judge-fixture/2").0;
    let peak: f64 = head.split_whitespace().nth(4).unwrap().parse().unwrap();
    assert!(peak < 16.0, "{}", report.stdout);
}

#[test]
fn unpaired_files_are_errors_and_every_case_is_counted() {
    let report = judge(&[
        ("1", Some("print 1\\n"), Some("1\n")),
        ("2", Some("print 2\\n"), None),
        ("10", None, Some("3\n")),
        ("3", Some("print 1\\n"), Some("2\n")),
    ]);
    assert_eq!(report.verdict("judge-fixture/1"), "AC", "{}", report.stdout);
    assert_eq!(report.verdict("judge-fixture/2"), "ERROR");
    assert_eq!(report.case("judge-fixture/2").1, "    2.out is missing");
    assert_eq!(report.verdict("judge-fixture/3"), "WA");
    assert_eq!(report.verdict("judge-fixture/10"), "ERROR");
    assert_eq!(report.case("judge-fixture/10").1, "    10.in is missing");
    assert_eq!(report.summary(), "1 passed, 3 failed");
    assert_eq!(report.code, Some(1));
    // Natural order: 1, 2, 3, 10.
    let order: Vec<&str> = report
        .stdout
        .lines()
        .filter(|line| !line.starts_with(' '))
        .filter_map(|line| line.split_whitespace().nth(1))
        .collect();
    assert_eq!(
        order[..4],
        [
            "judge-fixture/1",
            "judge-fixture/2",
            "judge-fixture/3",
            "judge-fixture/10"
        ]
    );
}

#[test]
fn a_folder_without_samples_fails() {
    let report = judge(&[]);
    assert_eq!(
        report.verdict("judge-fixture"),
        "ERROR",
        "{}",
        report.stdout
    );
    assert_eq!(report.summary(), "0 passed, 1 failed");
    assert_eq!(report.code, Some(1));
}

#[test]
fn bad_command_lines_exit_2_with_one_line() {
    for args in [
        &["judge", "--time-limit-ms", "0"][..],
        &["judge", "--time-limit-ms", "fast"],
        &["judge", "--samples", "x"],
        &["judge", "--frobnicate"],
        &["frobnicate"],
    ] {
        let report = Report::of(tool().args(args).output().unwrap());
        assert_eq!(report.code, Some(2), "{args:?}");
        assert_eq!(
            report.stderr.lines().count(),
            1,
            "{args:?}: {}",
            report.stderr
        );
        assert!(
            report.stderr.starts_with("error: "),
            "{args:?}: {}",
            report.stderr
        );
        assert_eq!(report.stdout, "");
    }
}

#[test]
fn help_explains_every_verdict() {
    let report = Report::of(tool().args(["judge", "--help"]).output().unwrap());
    assert_eq!(report.code, Some(0));
    for word in [
        "cargo judge",
        "AC",
        "WA",
        "PE",
        "RE",
        "TLE",
        "MLE",
        "OLE",
        "CE",
        "ERROR",
        "not a sandbox",
        "N passed, M failed",
    ] {
        assert!(report.stdout.contains(word), "{word}");
    }
}

#[test]
fn every_command_has_its_own_help() {
    let overview = Report::of(tool().arg("--help").output().unwrap());
    assert_eq!(overview.code, Some(0));
    for command in ["judge", "bundle", "timing", "stress", "new-problem"] {
        assert!(
            overview.stdout.contains(&format!("cargo {command}")),
            "{command}"
        );
        for flag in ["--help", "-h"] {
            let help = Report::of(tool().args([command, flag]).output().unwrap());
            assert_eq!(help.code, Some(0), "{command} {flag}");
            assert!(
                help.stdout.starts_with(&format!("cargo {command}")),
                "{command} {flag}: {}",
                help.stdout
            );
            // One command's text, not the overview of all of them.
            let others = ["judge", "bundle", "timing", "stress", "new-problem"]
                .iter()
                .filter(|other| **other != command && **other != "judge")
                .filter(|other| help.stdout.contains(&format!("cargo {other} [")))
                .count();
            assert_eq!(others, 0, "{command}: {}", help.stdout);
        }
    }
}
