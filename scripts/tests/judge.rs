//! `judge --program` on the fixture program: every verdict, its report and
//! the exit status, as a user sees them; every option in every mode it is
//! accepted in, on the fixture and on problem crates; the checkers.

mod common;

use common::{fixture, tool, Problems, Report, Scratch};
use std::fs;

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
        // A CR before the LF is a line end; elsewhere it is whitespace.
        ("print 1\r2\\n", ">   1 | 1^M2$"),
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
    // A sleeper uses no CPU time: the default profile's wall-time cap, twice
    // the limit, stops it (where CPU time is not measured, the wall time is
    // over the limit).
    let report = one("sleep 5000", "slept\n");
    assert_eq!(report.verdict(CASE), "TLE", "{}", report.stdout);
    let (_, detail) = report.case(CASE);
    assert!(detail.contains("killed after"), "{detail}");
    assert!(
        detail.contains("past the wall-time cap of 2000.00 ms")
            || detail.contains("CPU time was not measured"),
        "{detail}"
    );
    // Killed at the cap, 2000 ms, not after the five seconds.
    let wall: f64 = detail.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!((2000.0..4000.0).contains(&wall), "{detail}");
    assert_eq!(report.code, Some(1));
    // Under wall time, the old rule: killed half the limit later.
    let samples = Scratch::with_files("wall", &[("1.in", "sleep 5000"), ("1.out", "slept\n")]);
    let args = ["--time-limit-ms", "1000", "--judge", "wall"];
    let report = common::judge_program(fixture(), &samples.path, &args);
    let (head, detail) = report.case(CASE);
    assert!(
        detail.contains("over the time limit of 1000.00 ms"),
        "{detail}"
    );
    let milliseconds: f64 = head.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!((1000.0..2000.0).contains(&milliseconds), "{head}");
}

#[test]
fn a_right_answer_after_the_limit_is_still_tle() {
    let report = one("cpu-threads 1 1100", "spun\n");
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
        // Past the limit: on Windows, which commits the 200 MiB at once,
        // all of it; under Wine, which commits pages as they are touched,
        // where the watchdog stopped it.
        assert!(peak > 64.0, "{head}");
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
        .filter(|line| !line.starts_with(' ') && !line.starts_with("judged as"))
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
        &["judge", "--program", "x"],
        &["judge", "--program", "x", "--samples", "y", "x1-fixture"],
        &["judge", "--checker", "float:x"],
        &["judge", "--checker", "float:0"],
        &["judge", "--time-limit-ms", "5", "--time-limit-ms", "6"],
        &["judge", "--check"],
        &["judge", "--frobnicate"],
        &["bundle", "--as-committed"],
        &[
            "bundle",
            "--check",
            "--as-committed",
            "--license-cache",
            "d",
        ],
        &["bundle", "--check", "--check"],
        &["timing", "--runs", "1", "--runs", "2"],
        &["stress", "a", "b"],
        &["stress", "--time-limit-ms", "5"],
        &["new-problem"],
        &["new-problem", "a", "b"],
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

/// The fixture judged on `cases` with `args` added: `--program` mode.
fn judge_with(cases: &[(&str, &str, &str)], args: &[&str]) -> Report {
    let samples = Scratch::new("samples");
    for (name, input, expected) in cases {
        samples.write(&format!("{name}.in"), input.as_bytes());
        samples.write(&format!("{name}.out"), expected.as_bytes());
    }
    let output = tool()
        .arg("judge")
        .args(args)
        .arg("--program")
        .arg(fixture())
        .arg("--samples")
        .arg(&samples.path)
        .output()
        .unwrap();
    Report::of(output)
}

/// The options that change what `cargo judge` decides, each with a case
/// that shows it: `slow` sleeps 600 ms (TLE under 590 ms of wall time,
/// which it cannot beat, and AC under the 1000 ms of the crates and of
/// `--program`, whose default profile also lets it sleep), `big`
/// fills 32 MiB (within 590 ms: it took 314 under Wine on a loaded machine;
/// MLE under 8 MiB, AC under 256 MiB), `spaced` prints `1  2` for `1 2` (PE
/// exactly, AC by tokens), and `--case` leaves `other` out.
const OPTIONS: [&[&str]; 4] = [
    &["--time-limit-ms", "590", "--judge", "wall"],
    &["--memory-limit-mib", "8"],
    &["--checker", "tokens"],
    &["--case", "slow", "--case", "big.in", "--case", "spaced"],
];

const CASES: [(&str, &str, &str); 4] = [
    ("slow", "sleep 600", "slept\n"),
    ("big", "alloc 32", "allocated\n"),
    ("spaced", "print 1  2\\n", "1 2\n"),
    ("other", "print x\\n", "x\n"),
];

/// Runs `judge` with every combination of [`OPTIONS`] and checks that each
/// option given changed its case's verdict, and no other.
fn every_combination_applies(label: &str, judge: impl Fn(&[&str]) -> Report) {
    for mask in 0..1 << OPTIONS.len() {
        let given = |index: usize| mask & 1 << index != 0;
        let args: Vec<&str> = (0..OPTIONS.len())
            .filter(|&index| given(index))
            .flat_map(|index| OPTIONS[index].iter().copied())
            .collect();
        let report = judge(&args);
        let context = format!("{args:?}:\n{}{}", report.stdout, report.stderr);
        let expected = [
            ("slow", if given(0) { "TLE" } else { "AC" }),
            ("big", if given(1) { "MLE" } else { "AC" }),
            ("spaced", if given(2) { "AC" } else { "PE" }),
        ];
        let mut passed = 0;
        for (case, verdict) in expected {
            assert_eq!(
                report.verdict(&format!("{label}/{case}")),
                verdict,
                "{context}"
            );
            passed += usize::from(verdict == "AC");
        }
        let other = report.stdout.contains(&format!("{label}/other "));
        assert_eq!(other, !given(3), "{context}");
        passed += usize::from(other);
        let judged = if given(3) { 3 } else { 4 };
        assert_eq!(
            report.summary(),
            format!("{passed} passed, {} failed", judged - passed),
            "{context}"
        );
        assert_eq!(
            report.code,
            Some(if passed == judged { 0 } else { 1 }),
            "{context}"
        );
    }
}

#[test]
fn every_option_applies_to_a_program_in_every_combination() {
    every_combination_applies("judge-fixture", |args| judge_with(&CASES, args));
}

#[test]
fn every_option_applies_to_a_named_crate_in_every_combination() {
    let problems = Problems::new("judge-options-named", "");
    write_cases(&problems, "x1-fixture");
    every_combination_applies("x1-fixture", |args| {
        let mut all = vec!["judge", "x1-fixture"];
        all.extend(args);
        problems.tool(&all)
    });
}

#[test]
fn every_option_applies_to_the_crate_of_this_folder_in_every_combination() {
    let problems = Problems::new("judge-options-here", "");
    write_cases(&problems, "x1-fixture");
    every_combination_applies("x1-fixture", |args| {
        let mut all = vec!["judge"];
        all.extend(args);
        problems.tool_in("crates/x1-fixture/src", &all)
    });
}

/// Replaces a crate's samples with [`CASES`].
fn write_cases(problems: &Problems, crate_name: &str) {
    let dir = problems.scratch.path.join("samples").join(crate_name);
    fs::remove_dir_all(&dir).unwrap();
    for (name, input, expected) in CASES {
        problems
            .scratch
            .write(&format!("samples/{crate_name}/{name}.in"), input.as_bytes());
        problems.scratch.write(
            &format!("samples/{crate_name}/{name}.out"),
            expected.as_bytes(),
        );
    }
}

#[test]
fn an_unknown_case_is_an_error_never_zero_passed() {
    let report = judge_with(&CASES, &["--case", "slow", "--case", "7"]);
    assert_eq!(report.code, Some(2), "{}", report.stdout);
    assert_eq!(report.stdout, "");
    assert!(
        report.stderr.starts_with("error: no case '7' in ")
            && report
                .stderr
                .ends_with(" (have: big, other, slow, spaced)\n"),
        "{}",
        report.stderr
    );
}

#[test]
fn case_picks_one_crates_cases_and_refuses_several_crates() {
    let problems = Problems::new("judge-case", "");
    for args in [
        &["judge", "--case", "other"][..],
        &["judge", "x1-fixture", "x2-tokens", "--case", "other"],
    ] {
        let report = problems.tool(args);
        assert_eq!(report.code, Some(2), "{args:?}: {}", report.stdout);
        assert_eq!(
            report.stderr,
            "error: --case names the cases of one crate, and this judges 2: name one crate, \
             or run it in the crate's folder\n"
        );
    }
    let report = problems.tool(&["judge", "x2-tokens", "--case", "nine"]);
    assert_eq!(report.code, Some(2));
    assert!(
        report.stderr.contains("no case 'nine'"),
        "{}",
        report.stderr
    );
    // Named twice is one crate.
    let report = problems.tool(&["judge", "x2-tokens", "x2-tokens", "--case", "other"]);
    assert_eq!(report.summary(), "1 passed, 0 failed", "{}", report.stdout);
}

#[test]
fn tokens_take_any_whitespace_and_show_the_first_token_that_differs() {
    let report = judge_with(
        &[
            ("1", "print 1  2\\n\\n3", "1 2\n3\n"),
            ("2", "print 1 2 4\\n", "1 2\n3\n"),
            ("3", "print 1 2\\n", "1 2\n3\n"),
        ],
        &["--checker", "tokens"],
    );
    assert_eq!(report.verdict("judge-fixture/1"), "AC", "{}", report.stdout);
    let (head, detail) = report.case("judge-fixture/2");
    assert!(head.starts_with("WA "), "{}", report.stdout);
    assert_eq!(
        detail,
        "    token 3 differs: the text differs\n    expected: `3`\n      >   2 | 3\n    \
         actual: `4`\n      >   1 | 1·2·4"
    );
    let detail = report.case("judge-fixture/3").1;
    assert!(
        detail.contains("expected 3 tokens, the output has 2"),
        "{detail}"
    );
}

#[test]
fn float_takes_numbers_within_the_error_and_words_exactly() {
    let report = judge_with(
        &[
            ("1", "print 0.3333334 Yes\\n", "0.333333333 Yes\n"),
            ("2", "print 1000000.5\\n", "1000000\n"),
            ("3", "print 0.3334\\n", "0.333333333\n"),
            ("4", "print nan\\n", "1\n"),
            ("5", "print 0.5 yes\\n", "0.5 Yes\n"),
            ("6", "print 0.5\\n", "0.5 0.5\n"),
        ],
        &["--checker", "float:1e-6"],
    );
    assert_eq!(
        report.numbered_verdicts(6),
        ["AC", "AC", "WA", "WA", "WA", "WA"],
        "{}",
        report.stdout
    );
    assert!(
        report.case("judge-fixture/3").1.contains(
            "token 1 differs: 0.3334 differs from 0.333333333 by 6.667e-5, more than 1e-6"
        ),
        "{}",
        report.stdout
    );
}

#[test]
fn a_checker_program_decides_and_its_failures_are_errors() {
    let checker = fixture().to_str().unwrap();
    let started = std::time::Instant::now();
    let report = judge_with(
        &[
            ("1", "print 4", "any-of 3 4\n"),
            ("2", "print 3\\n", "any-of 3 4\n"),
            ("3", "print 5", "any-of 3 4\n"),
            ("4", "print 4", "crash\n"),
            ("5", "print 4", "hang\n"),
            ("6", "exit 3", "any-of 3\n"),
        ],
        // 400 ms: far above a start-up under Wine on a loaded machine (one
        // took 109 ms), and still low enough that the hung checker is
        // killed at the floor of a second, not at twice the limit.
        &["--checker", checker, "--time-limit-ms", "400"],
    );
    assert_eq!(
        report.numbered_verdicts(6),
        ["AC", "AC", "WA", "ERROR", "ERROR", "RE"],
        "{}",
        report.stdout
    );
    // The checker's stderr, which shows it was given the input first.
    assert_eq!(
        report.case("judge-fixture/3").1,
        format!(
            "    the checker {checker} says wrong answer (exit status 1); its stderr:\n      | \
             wrong answer: '5' is none of those allowed; the input was 'print 5'"
        )
    );
    let crashed = report.case("judge-fixture/4").1;
    assert!(crashed.contains(" crashed: "), "{crashed}");
    // Killed after twice the time limit, or a second at the least.
    let hung = report.case("judge-fixture/5").1;
    assert!(
        hung.contains("ran past 1000.00 ms and was killed"),
        "{hung}"
    );
    assert!(started.elapsed().as_secs() < 30);
    assert_eq!(report.summary(), "2 passed, 4 failed");
    assert_eq!(report.code, Some(1));

    let report = judge_with(&CASES, &["--checker", "no-such-checker"]);
    assert_eq!(
        report.verdict("judge-fixture"),
        "ERROR",
        "{}",
        report.stdout
    );
    assert_eq!(
        report.case("judge-fixture").1,
        "    the checker ./no-such-checker is not a file"
    );
}

#[test]
fn a_crates_checker_is_used_by_judge_bundle_and_stress_and_the_command_line_overrides_it() {
    let problems = Problems::new("crate-checker", "");
    let spaced = |report: &Report, label: &str| report.verdict(&format!("{label}/spaced"));
    let report = problems.tool(&["judge", "x1-fixture", "--case", "spaced"]);
    assert_eq!(spaced(&report, "x1-fixture"), "PE", "{}", report.stdout);
    let report = problems.tool(&["judge", "x2-tokens", "--case", "spaced"]);
    assert_eq!(spaced(&report, "x2-tokens"), "AC", "{}", report.stdout);
    let report = problems.tool(&[
        "judge",
        "x2-tokens",
        "--case",
        "spaced",
        "--checker",
        "exact",
    ]);
    assert_eq!(spaced(&report, "x2-tokens"), "PE", "{}", report.stdout);

    // The committed file, compiled as the judge does and judged the same way.
    let bundle_check = |name| problems.tool(&["bundle", "--check", "--as-committed", name]);
    bundle_check("x2-tokens")
        .exited(0)
        .says(&["AC    x2-tokens (bundle, plain rustc)/spaced"]);
    bundle_check("x1-fixture")
        .exited(1)
        .says(&["PE    x1-fixture (bundle, plain rustc)/spaced"]);

    // The brute force answers `7 0` where the solution prints `7  0`.
    let stress = |name| problems.tool(&["stress", name, "--cases", "5"]);
    stress("x2-tokens")
        .exited(0)
        .starts_with("5 passed, 0 failed");
    stress("x1-fixture")
        .exited(1)
        .starts_with("FAIL  x1-fixture on seed 0 (case 1 of this run): PE");
}

#[test]
fn a_checker_program_in_cargo_toml_is_found_from_the_crates_folder() {
    let problems = Problems::new("crate-checker-program", "");
    let name = format!("check{}", std::env::consts::EXE_SUFFIX);
    let crate_dir = problems.scratch.path.join("crates/x1-fixture");
    fs::copy(fixture(), crate_dir.join(&name)).unwrap();
    let manifest = crate_dir.join("Cargo.toml");
    let text = fs::read_to_string(&manifest).unwrap().replace(
        "memory-limit-mib = 256\n",
        &format!("memory-limit-mib = 256\nchecker = \"{name}\"\n"),
    );
    fs::write(&manifest, text).unwrap();
    problems
        .scratch
        .write("samples/x1-fixture/pick.in", b"print 4\\n");
    problems
        .scratch
        .write("samples/x1-fixture/pick.out", b"any-of 3 4\n");
    let report = problems.tool(&["judge", "x1-fixture", "--case", "pick", "--case", "other"]);
    assert_eq!(report.code, Some(1), "{}{}", report.stdout, report.stderr);
    assert_eq!(report.verdict("x1-fixture/pick"), "AC", "{}", report.stdout);
    // `other` expects `x`, which the checker does not know: it panics.
    assert_eq!(
        report.verdict("x1-fixture/other"),
        "WA",
        "{}",
        report.stdout
    );
}

#[test]
fn compiler_warnings_are_shown_once_as_cargo_renders_them() {
    let problems = Problems::new("warnings", "let unused_here = 1;");
    for _ in 0..2 {
        // The second build compiles nothing: cargo replays the warning.
        let report = problems.tool(&["judge", "x1-fixture", "--case", "other"]);
        assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
        assert_eq!(
            report
                .stderr
                .matches("warning: unused variable: `unused_here`")
                .count(),
            1,
            "{}",
            report.stderr
        );
        assert!(
            report.stderr.contains("crates/x1-fixture/src/main.rs:")
                || report.stderr.contains("crates\\x1-fixture\\src\\main.rs:"),
            "{}",
            report.stderr
        );
        assert!(
            report
                .stderr
                .contains("warning: `x1-fixture` (bin \"x1-fixture\") generated 1 warning\n"),
            "{}",
            report.stderr
        );
    }
}
