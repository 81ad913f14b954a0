//! `cargo judge --repeat N`: each case run N times, judged by its worst
//! run, with the least, median and greatest deciding time. The fixture's
//! `count N PATH` answers wrongly on its Nth run only, so the runs of one
//! case differ and are counted in a file.

mod common;

use common::{fixture, judge_program, tool, Report, Scratch};
use std::fs;

/// A case `1.in` that tells the fixture to count its runs in `count` of
/// the scratch folder and answer wrongly on run `nth`, with the answer
/// every other run gives; the folder and the counter's path.
fn counting(name: &str, nth: u32) -> (Scratch, std::path::PathBuf) {
    let scratch = Scratch::new(name);
    let counter = scratch.path.join("count");
    let input = format!("count {nth} {}", counter.display());
    scratch.write("1.in", input.as_bytes());
    scratch.write("1.out", b"counted\n");
    (scratch, counter)
}

/// How many times the fixture ran: the bytes in its counter.
fn runs(counter: &std::path::Path) -> u64 {
    fs::metadata(counter).map_or(0, |metadata| metadata.len())
}

/// The value of `"key":` in the first case's JSON object, as text.
fn field<'a>(json: &'a str, key: &str) -> &'a str {
    let line = json
        .lines()
        .find(|line| line.contains(r#""type":"case""#))
        .unwrap_or_else(|| panic!("no case in {json}"));
    let rest = line
        .split_once(&format!(r#""{key}":"#))
        .unwrap_or_else(|| panic!("no {key} in {line}"))
        .1;
    if rest.starts_with('{') {
        &rest[..=rest.find('}').unwrap()]
    } else {
        rest.split([',', '}']).next().unwrap()
    }
}

#[test]
fn one_wrong_run_of_four_is_the_cases_verdict_and_every_run_is_counted() {
    let (samples, counter) = counting("repeat-one-wrong", 3);
    let report = judge_program(fixture(), &samples.path, &["--repeat", "4"]);
    report.exited(1);
    let (line, detail) = report.case("judge-fixture/1");
    assert!(line.starts_with("WA"), "{}", report.stdout);
    assert!(line.contains("(4 runs: min "), "{line}");
    assert!(line.ends_with("; 3 AC, 1 WA)"), "{line}");
    // The wrong run's difference is what is shown under it.
    assert!(detail.contains("wrong"), "{detail}");
    assert_eq!(runs(&counter), 4);
    assert_eq!(report.summary(), "0 passed, 1 failed");
}

#[test]
fn runs_that_agree_show_their_times_and_no_counts() {
    let (samples, counter) = counting("repeat-all-right", 100);
    let report = judge_program(fixture(), &samples.path, &["--repeat", "3", "--json", "-"]);
    report.exited(0);
    assert_eq!(runs(&counter), 3);
    assert_eq!(field(&report.stdout, "verdict"), r#""AC""#);
    assert_eq!(field(&report.stdout, "runs"), "3");
    assert_eq!(field(&report.stdout, "verdicts"), r#"{"AC":3}"#);
    let time = |key| -> u64 { field(&report.stdout, key).parse().unwrap() };
    let (min, median, max) = (
        time("time_min_ns"),
        time("time_median_ns"),
        time("time_max_ns"),
    );
    // A run can use less CPU time than the clock tells apart (Windows
    // reads 0 for some, Wine's too): in order, not above nothing.
    assert!(min <= median && median <= max, "{}", report.stdout);
    assert!(time("wall_ns") > 0, "{}", report.stdout);
    // The table goes to standard error with --json -.
    let line = report
        .stderr
        .lines()
        .find(|line| line.contains("judge-fixture/1"))
        .unwrap();
    assert!(line.contains("(3 runs: min "), "{line}");
    assert!(!line.contains(" AC)"), "{line}");
}

#[test]
fn the_json_of_a_repeated_case_counts_each_verdict() {
    let (samples, counter) = counting("repeat-json", 2);
    let report = judge_program(fixture(), &samples.path, &["--repeat", "2", "--json", "-"]);
    report.exited(1);
    assert_eq!(runs(&counter), 2);
    assert_eq!(field(&report.stdout, "verdict"), r#""WA""#);
    assert_eq!(field(&report.stdout, "verdicts"), r#"{"WA":1,"AC":1}"#);
}

#[test]
fn without_repeat_a_case_runs_once_and_its_line_has_no_runs() {
    let (samples, counter) = counting("repeat-none", 100);
    let report = judge_program(fixture(), &samples.path, &["--json", "-"]);
    report.exited(0);
    assert_eq!(runs(&counter), 1);
    assert!(!report.stdout.contains(r#""runs""#), "{}", report.stdout);
    assert!(!report.stderr.contains("runs:"), "{}", report.stderr);
}

#[test]
fn a_case_the_tool_cannot_judge_is_not_run_again() {
    // The checker (the fixture, given three arguments) crashes: ERROR,
    // which another run would only repeat.
    let (samples, counter) = counting("repeat-error", 100);
    samples.write("1.out", b"crash\n");
    let checker = fixture().to_str().unwrap().to_string();
    let report = judge_program(
        fixture(),
        &samples.path,
        &["--repeat", "5", "--checker", &checker],
    );
    report.exited(1);
    assert_eq!(report.verdict("judge-fixture/1"), "ERROR");
    assert_eq!(runs(&counter), 1);
}

#[test]
fn repeat_takes_a_whole_number_from_1_to_1000() {
    for bad in ["0", "1001", "x", "-1", "2.5", ""] {
        let report = Report::of(tool().args(["judge", "--repeat", bad]).output().unwrap());
        assert_eq!(report.code, Some(2), "{bad}: {}", report.stderr);
        assert_eq!(
            report.stderr.trim_end(),
            format!("error: --repeat takes a whole number from 1 to 1000, not '{bad}'"),
        );
    }
}
