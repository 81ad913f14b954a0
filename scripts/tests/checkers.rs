//! The checkers judges publish, through `cargo judge --checker`: testlib's
//! exit statuses, ICPC output validators (`icpc:PATH`) and the ICPC
//! default output validator (`icpc-default`), with a stand-in checker
//! of ours in each convention; and what they say, shown as written.

mod common;

use common::{fixture, tool, Report, Scratch};
use std::fs;
use std::path::Path;

/// The stand-in checker: testlib's convention or an ICPC validator.
fn checker() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_checker-fixture"))
}

/// Judges the fixture program on `cases` (name, input, answer, in `.ans`
/// files as an ICPC package has them) with `--checker SPEC`, from a
/// folder of its own that is asserted to be left empty.
fn judge(cases: &[(&str, &str, &str)], spec: &str) -> Report {
    let samples = Scratch::new("checker-samples");
    for (name, input, answer) in cases {
        samples.write(&format!("{name}.in"), input.as_bytes());
        samples.write(&format!("{name}.ans"), answer.as_bytes());
    }
    let here = Scratch::new("checker-cwd");
    let output = tool()
        .current_dir(&here.path)
        .args(["judge", "--time-limit-ms", "2000", "--checker", spec])
        .arg("--program")
        .arg(fixture())
        .arg("--samples")
        .arg(&samples.path)
        .output()
        .unwrap();
    let left: Vec<_> = fs::read_dir(&here.path).unwrap().collect();
    assert!(left.is_empty(), "written into the current folder: {left:?}");
    Report::of(output)
}

#[test]
fn testlib_exit_statuses_are_read_as_testlib_defines_them() {
    let spec = checker().to_str().unwrap();
    let statuses = [
        "exit 0 ok 1 number",
        "exit 1 wrong answer expected 3, found 4",
        "exit 2 wrong output format Unexpected end of file",
        "exit 3 FAIL expected: '$5' in the answer, ^ and \\ too",
        "exit 4 wrong output format Extra information in the output file",
        "exit 5 an oj checker's no",
        "exit 7 points 0.5 ja=1 pa=2",
        "exit 7 points 0.0 ja=0.5000 pa=0.5000",
        "exit 8 unexpected eof",
        "exit 42 an ICPC status, not testlib's",
        "expect 4",
        "expect 3",
        "crash",
    ];
    let cases: Vec<(String, &str, String)> = statuses
        .iter()
        .enumerate()
        .map(|(index, status)| ((index + 1).to_string(), "print 4", format!("{status}\n")))
        .collect();
    let cases: Vec<(&str, &str, &str)> = cases
        .iter()
        .map(|(name, input, answer)| (name.as_str(), *input, answer.as_str()))
        .collect();
    let report = judge(&cases, spec);
    assert_eq!(
        report.numbered_verdicts(cases.len()),
        ["AC", "WA", "PE", "ERROR", "PE", "WA", "AC", "AC", "PE", "WA", "AC", "WA", "ERROR"],
        "{}",
        report.stdout
    );
    // A FAIL blames the checker, and its words are shown as written.
    assert_eq!(
        report.case("judge-fixture/4").1,
        format!(
            "    the checker {spec} failed (testlib's fail, exit status 3): the checker or the \
             answer is broken, the program is not blamed; its stderr:\n      | FAIL \
             expected: '$5' in the answer, ^ and \\ too"
        )
    );
    // Points are shown under AC, as the score they are.
    assert!(
        report
            .case("judge-fixture/7")
            .1
            .contains("| points 0.5 ja=1 pa=2"),
        "{}",
        report.stdout
    );
    assert!(
        report
            .case("judge-fixture/6")
            .1
            .contains("exit status 5, which testlib does not define"),
        "{}",
        report.stdout
    );
    assert!(
        report.case("judge-fixture/1").1.is_empty(),
        "{}",
        report.stdout
    );
    assert_eq!(report.code, Some(1));
}

#[test]
fn icpc_validators_judge_by_42_and_43_in_a_fresh_feedback_folder() {
    let spec = format!("icpc:{}", checker().display());
    let report = judge(
        &[
            ("1", "print 4", "expect 4\n"),
            ("2", "print 4\\n", "expect 3\n"),
            ("3", "print 4", "exit 0 zero is no ICPC status\n"),
            ("4", "print 4", "crash\n"),
            ("5", "print 4", "feedback\n"),
            ("6", "exit 3", "expect 4\n"),
        ],
        &spec,
    );
    assert_eq!(
        report.numbered_verdicts(6),
        ["AC", "WA", "ERROR", "ERROR", "WA", "RE"],
        "{}",
        report.stdout
    );
    let validator = checker().display();
    assert_eq!(
        report.case("judge-fixture/2").1,
        format!(
            "    the validator {validator} says wrong answer (exit status 43); its \
             judgemessage.txt:\n      | wrong answer expected '3', found '4'"
        )
    );
    let failed = report.case("judge-fixture/3").1;
    assert!(
        failed.contains("exit status 0, neither 42 (accepted) nor 43 (wrong answer)"),
        "{failed}"
    );
    assert!(failed.contains("| zero is no ICPC status"), "{failed}");
    let crashed = report.case("judge-fixture/4").1;
    assert!(crashed.contains(" crashed: "), "{crashed}");
    assert!(crashed.contains("| crashing"), "{crashed}");
    // The feedback folder it was given is gone after the run.
    let said = report.case("judge-fixture/5").1;
    let (_, folder) = said
        .split_once("flags [] in ")
        .unwrap_or_else(|| panic!("{said}"));
    assert!(Path::new(folder.trim()).is_absolute(), "{folder}");
    assert!(
        !Path::new(folder.trim()).exists(),
        "{folder} is left behind"
    );

    let report = judge(&[("1", "print 4", "expect 4\n")], "icpc:no-such-validator");
    assert_eq!(
        report.verdict("judge-fixture"),
        "ERROR",
        "{}",
        report.stdout
    );
    assert!(
        report
            .stdout
            .contains("the checker ./no-such-validator is not a file"),
        "{}",
        report.stdout
    );
}

#[test]
fn the_icpc_default_validator_is_built_in_with_its_flags() {
    let cases = [
        ("1", "print HELLO    WORLD!\\n", "Hello World!\n"),
        ("2", "print 0.5000001 1e2\\n", "0.5 100\n"),
        ("3", "print 0.51\\n", "0.5\n"),
    ];
    let report = judge(&cases, "icpc-default");
    assert_eq!(
        report.numbered_verdicts(3),
        ["AC", "WA", "WA"],
        "{}",
        report.stdout
    );
    let report = judge(&cases, "icpc-default:float_tolerance 1e-6");
    assert_eq!(
        report.numbered_verdicts(3),
        ["AC", "AC", "WA"],
        "{}",
        report.stdout
    );
    assert_eq!(
        report.case("judge-fixture/3").1,
        "    token 1 differs: expected `0.5`, got `0.51`: off by 0.01, over \
         the absolute tolerance 1e-6, over the relative tolerance 1e-6 (of 0.5)\n    at line 1 \
         of the output:\n      >   1 | 0.51$"
    );
    let report = judge(&cases[..1], "icpc-default:case_sensitive");
    let (verdict, said) = (
        report.verdict("judge-fixture/1"),
        report.case("judge-fixture/1").1,
    );
    assert_eq!(verdict, "WA", "{}", report.stdout);
    assert!(said.contains("expected `Hello`, got `HELLO`"), "{said}");
    let report = judge(&cases[..1], "icpc-default:space_change_sensitive");
    let (verdict, said) = (
        report.verdict("judge-fixture/1"),
        report.case("judge-fixture/1").1,
    );
    assert_eq!(verdict, "WA", "{}", report.stdout);
    assert!(
        said.contains("whitespace differs: a space where the answer has none"),
        "{said}"
    );
    let report = judge(&cases, "icpc-default:ignore_case");
    assert_eq!(report.code, Some(2), "{}", report.stdout);
    assert!(
        report
            .stderr
            .contains("unknown validator flag 'ignore_case'"),
        "{}",
        report.stderr
    );
}

#[test]
fn a_cr_before_a_lf_is_a_line_end_under_exact_on_either_side() {
    let report = judge(
        &[
            ("1", "print 1\\n2\\n", "1\r\n2\r\n"),
            ("2", "print 1\r\\n2\r\\n", "1\n2\n"),
            ("3", "print 1\r\\n2", "1\n2\n"),
            ("4", "print 1\r2\\n", "1\n2\n"),
            ("5", "print 1\\n3\\n", "1\r\n2\r\n"),
        ],
        "exact",
    );
    assert_eq!(
        report.numbered_verdicts(5),
        ["AC", "AC", "AC", "PE", "WA"],
        "{}",
        report.stdout
    );
}

/// A checker beside two busy loops a core takes longer in wall time than
/// the second it has (at a time limit of 100 ms), and uses less CPU time:
/// the case is judged, where a wall-time bound made it an ERROR. A checker
/// is held to its CPU time and its wall time less its wait for a CPU, as a
/// run is. It spins 0.6 s of CPU time, then accepts.
#[cfg(target_os = "linux")]
#[test]
fn a_checker_beside_busy_loops_is_held_to_its_work_not_the_load() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Scratch::new("busy-checker");
    let script = format!(
        "#!/bin/sh\nexec {} <<EOF\ncpu-threads 1 600\nEOF\n",
        fixture().display()
    );
    let check = dir.write("check", script.as_bytes());
    fs::set_permissions(&check, fs::Permissions::from_mode(0o755)).unwrap();
    dir.write("cases/1.in", b"print 1\\n");
    dir.write("cases/1.out", b"1\n");
    let loops = common::Busy::per_core(2);
    let started = std::time::Instant::now();
    let output = tool()
        .args(["judge", "--time-limit-ms", "100", "--checker"])
        .arg(&check)
        .arg("--program")
        .arg(fixture())
        .arg("--samples")
        .arg(dir.path.join("cases"))
        .output()
        .unwrap();
    let elapsed = started.elapsed();
    drop(loops);
    let report = Report::of(output);
    assert_eq!(
        report.verdict("judge-fixture/1"),
        "AC",
        "{}{}",
        report.stdout,
        report.stderr
    );
    // What makes it a test: the checker's 0.6 s of CPU time took longer
    // than its second of wall time.
    assert!(elapsed > std::time::Duration::from_secs(1), "{elapsed:?}");
}
