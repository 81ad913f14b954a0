//! Problem packages given to `--samples`, in the formats judges publish:
//! ICPC / Kattis (problem.yaml legacy and 2023-07), DOMjudge (`.timelimit`,
//! `domjudge-problem.ini`), Polygon (problem.xml, numbered tests, a
//! testlib checker). Every package here is written by these tests in its
//! format's conventions; validators and checkers are built from source
//! where a compiler or Python is on PATH, and the tests that need one say
//! so and pass without it.

mod common;

use common::{
    fixture, fresh_comment, judge, lacking, package, package_line, tool, Problems, Report, Scratch,
    CPP_COMPILERS, PYTHON_VALIDATOR,
};
use std::path::Path;

#[test]
fn a_legacy_package_root_is_judged_by_the_icpc_default_validator_under_its_memory_limit() {
    let package = package(&[
        (
            "problem.yaml",
            "# problem.yaml\nname: Hello\nlicense: public domain\n\n\
             # Fix the memory limit.\nlimits:\n  memory: 512   # MiB\n  output: 2\n",
        ),
        ("data/secret/3.in", "flood 3"),
        ("data/secret/3.ans", "y\n"),
        ("data/sample/1.in", "print HELLO    WORLD!\\n"),
        ("data/sample/1.ans", "Hello World!\n"),
        ("data/secret/2.in", "print Hello World\\n"),
        ("data/secret/2.ans", "Hello World!\n"),
    ]);
    let report = judge(&package.path, &["--json", "-"]);
    // With --json -, the table is on stderr.
    let table = Report {
        stdout: report.stderr.clone(),
        stderr: String::new(),
        code: report.code,
    };
    let line = package_line(&table);
    assert!(
        line.contains("(ICPC package, problem.yaml legacy)"),
        "{line}"
    );
    assert!(
        line.contains(
            "time limit 1000 ms (default; a legacy package states none: Kattis sets it \
             from its judge solutions)"
        ),
        "{line}"
    );
    assert!(
        line.contains("memory limit 512 MiB (problem.yaml limits.memory)"),
        "{line}"
    );
    assert!(
        line.contains(
            "output limit 2 MiB (problem.yaml limits.output), checker the ICPC default \
             validator (problem.yaml states no validation)"
        ),
        "{line}"
    );
    // Tokens, case-insensitive: the shouted greeting is right, the one
    // without its `!` is not.
    assert_eq!(
        table.verdict("judge-fixture/sample/1"),
        "AC",
        "{}",
        table.stdout
    );
    assert_eq!(table.verdict("judge-fixture/secret/2"), "WA");
    assert_eq!(table.verdict("judge-fixture/secret/3"), "OLE");
    assert!(
        report.stdout.contains("\"memory_limit_bytes\":536870912"),
        "{}",
        report.stdout
    );
    report.exited(1);
    // The command line beats the package.
    let report = judge(&package.path, &["--memory-limit-mib", "64"]);
    assert!(
        package_line(&report).contains("memory limit 64 MiB (--memory-limit-mib)"),
        "{}",
        report.stdout
    );
    // The package's data/ folder is read with its package.
    let report = judge(&package.path.join("data"), &["--case", "sample/1"]);
    assert!(package_line(&report).contains("memory limit 512 MiB"));
    assert_eq!(report.summary(), "1 passed, 0 failed");
    // And a folder in it, its cases named as that folder names them.
    let report = judge(&package.path.join("data").join("sample"), &[]);
    assert!(package_line(&report).contains("memory limit 512 MiB"));
    assert_eq!(report.verdict("judge-fixture/1"), "AC", "{}", report.stdout);
    // The checker given on the command line beats the package's.
    let report = judge(&package.path, &["--checker", "exact", "--case", "sample/1"]);
    assert!(package_line(&report).contains("checker exact (--checker)"));
    assert_eq!(report.verdict("judge-fixture/sample/1"), "WA");
}

#[test]
fn a_2023_07_package_states_its_time_limit_and_the_command_line_beats_it() {
    let package = package(&[
        (
            "problem.yaml",
            "problem_format_version: 2023-07-draft\nuuid: 3f1a\ntype: pass-fail\n\
             name:\n  en: Sleepy\n  sv: Sömnig\ncredits:\n  authors:\n  - Ann <ann@example.com>\n\
             limits:\n  time_limit: 0.25\n  time_multipliers:\n    time_limit_to_tle: 4\n",
        ),
        ("data/sample/1.in", "sleep 700"),
        ("data/sample/1.ans", "slept\n"),
    ]);
    let report = judge(&package.path, &[]);
    let line = package_line(&report);
    assert!(
        line.contains("(ICPC package, problem.yaml 2023-07)"),
        "{line}"
    );
    assert!(
        line.contains("time limit 250 ms (problem.yaml limits.time_limit)"),
        "{line}"
    );
    assert!(
        line.contains("memory limit 1024 MiB (problemtools' default: the package states none)"),
        "{line}"
    );
    assert_eq!(report.verdict("judge-fixture/sample/1"), "TLE");
    let report = judge(&package.path, &["--time-limit-ms", "5000"]);
    assert!(package_line(&report).contains("time limit 5000 ms (--time-limit-ms)"));
    assert_eq!(report.verdict("judge-fixture/sample/1"), "AC");
    report.exited(0);
}

#[test]
fn validator_flags_reach_the_default_validator() {
    let floats = package(&[
        (
            "problem.yaml",
            "name: Floats\nvalidation: default\nvalidator_flags: 'float_tolerance 1e-6'\n",
        ),
        ("data/secret/close.in", "print 0.5000001\\n"),
        ("data/secret/close.ans", "0.5\n"),
        ("data/secret/far.in", "print 0.6\\n"),
        ("data/secret/far.ans", "0.5\n"),
    ]);
    let report = judge(&floats.path, &[]);
    assert!(
        package_line(&report).contains(
            "checker the ICPC default validator float_tolerance 1e-6 (problem.yaml \
             validation: default)"
        ),
        "{}",
        report.stdout
    );
    assert_eq!(report.verdict("judge-fixture/secret/close"), "AC");
    assert_eq!(report.verdict("judge-fixture/secret/far"), "WA");
    // testdata.yaml's flags come after problem.yaml's, a group's own
    // judged on its own.
    let words = package(&[
        ("problem.yaml", "name: Words\n"),
        (
            "data/testdata.yaml",
            "output_validator_flags: case_sensitive\n",
        ),
        ("data/secret/1.in", "print Yes\n"),
        ("data/secret/1.ans", "yes\n"),
        (
            "data/secret/loose/testdata.yaml",
            "on_reject: continue\noutput_validator_flags: ''\n",
        ),
        ("data/secret/loose/2.in", "print Yes\n"),
        ("data/secret/loose/2.ans", "yes\n"),
    ]);
    let report = judge(&words.path, &[]);
    report.exited(2);
    // Paths as the system writes them: `loose\testdata.yaml` on Windows.
    assert!(
        report
            .stderr
            .replace('\\', "/")
            .contains("loose/testdata.yaml states output validator flags of its own"),
        "{}",
        report.stderr
    );
    let report = judge(&words.path.join("data/secret/loose"), &[]);
    assert_eq!(report.verdict("judge-fixture/2"), "AC", "{}", report.stdout);
    std::fs::remove_dir_all(words.path.join("data/secret/loose")).unwrap();
    let report = judge(&words.path, &[]);
    assert!(
        package_line(&report).contains("default validator case_sensitive ("),
        "{}",
        report.stdout
    );
    assert_eq!(report.verdict("judge-fixture/secret/1"), "WA");
    // A flag the validator does not know is the package's error, in one line.
    let bad = package_line_error(&[
        ("problem.yaml", "validator_flags: float_tolerence 1e-6\n"),
        ("data/secret/1.in", "print 1\\n"),
        ("data/secret/1.ans", "1\n"),
    ]);
    assert!(bad.contains("validator_flags"), "{bad}");
}

/// Judges a package of `files` that cannot be judged: its one error line.
fn package_line_error(files: &[(&str, &str)]) -> String {
    let package = package(files);
    let report = judge(&package.path, &[]);
    report.exited(2);
    assert!(report.stdout.is_empty(), "{}", report.stdout);
    assert_eq!(report.stderr.lines().count(), 1, "{}", report.stderr);
    report.stderr.clone()
}

#[test]
fn domjudge_time_limits_come_from_problem_yaml_then_the_ini_then_timelimit() {
    let package = package(&[
        (".timelimit", "3\n"),
        ("data/sample/1.in", "print x\\n"),
        ("data/sample/1.ans", "x\n"),
    ]);
    let report = judge(&package.path, &[]);
    let line = package_line(&report);
    assert!(line.contains("(DOMjudge package)"), "{line}");
    assert!(line.contains("time limit 3000 ms (.timelimit)"), "{line}");
    report.exited(0);
    package.write("domjudge-problem.ini", b"name='X'\ntimelimit='2'\n");
    let report = judge(&package.path, &[]);
    assert!(
        package_line(&report).contains("time limit 2000 ms (domjudge-problem.ini timelimit)"),
        "{}",
        report.stdout
    );
    package.write("problem.yaml", b"name: X\nlimits:\n  time_limit: 1.5\n");
    let report = judge(&package.path, &[]);
    assert!(
        package_line(&report).contains("time limit 1500 ms (problem.yaml limits.time_limit)"),
        "{}",
        report.stdout
    );
}

/// DOMjudge's own default validator judges a DOMjudge package: there a
/// NUL byte in a token counts (DOMjudge's hello example prints one to be
/// WA), where problemtools' compares up to it.
#[test]
fn a_domjudge_package_is_judged_by_domjudges_default_validator() {
    let package = package(&[
        ("problem.yaml", "name: Hello\n"),
        ("data/secret/1.in", "echo\nHello\0world\n"),
        ("data/secret/1.ans", "Hello\n"),
    ]);
    let report = judge(&package.path, &[]);
    let line = package_line(&report);
    assert!(
        line.contains("checker the ICPC default validator ("),
        "{line}"
    );
    assert_eq!(
        report.verdict("judge-fixture/secret/1"),
        "AC",
        "{}",
        report.stdout
    );
    package.write(".timelimit", b"5\n");
    let report = judge(&package.path, &[]);
    let line = package_line(&report);
    assert!(
        line.contains("checker DOMjudge's default validator ("),
        "{line}"
    );
    assert_eq!(
        report.verdict("judge-fixture/secret/1"),
        "WA",
        "{}",
        report.stdout
    );
    // The command line names either.
    for (spec, verdict) in [("icpc-default", "AC"), ("domjudge-default", "WA")] {
        let report = judge(&package.path, &["--checker", spec]);
        assert_eq!(
            report.verdict("judge-fixture/secret/1"),
            verdict,
            "{}",
            report.stdout
        );
    }
}

#[test]
fn a_package_without_cases_says_so_and_a_broken_problem_yaml_names_its_line() {
    let package = package(&[("problem.yaml", "name: Empty\n")]);
    let report = judge(&package.path, &[]);
    assert_eq!(report.verdict("judge-fixture"), "ERROR");
    assert!(
        report
            .stdout
            .contains("has no cases: it has no data/ folder"),
        "{}",
        report.stdout
    );
    report.exited(1);
    package.write("data/README", b"nothing yet\n");
    let report = judge(&package.path, &[]);
    assert!(
        report
            .stdout
            .contains("has no cases: no .in with .ans files in"),
        "{}",
        report.stdout
    );
    let error = package_line_error(&[(
        "problem.yaml",
        "name: X\nlimits:\n memory: 1\n  time_limit: 2\n",
    )]);
    assert!(error.contains("problem.yaml: line 4"), "{error}");
    let error = package_line_error(&[("problem.yaml", "limits:\n  memory: lots\n")]);
    assert!(error.contains("limits.memory is lots"), "{error}");
}

/// An interactive package without an interactor, and a multi-pass one,
/// are refused in one line, never judged as batch. (One with its own
/// interactor is judged against it: tests/interactive.rs.)
#[test]
fn interactive_and_multi_pass_packages_are_refused_in_one_line_never_judged_as_batch() {
    let case = [
        ("data/sample/1.in", "print 1\\n"),
        ("data/sample/1.ans", "1\n"),
    ];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut files: Vec<(&str, &str)> = case.to_vec();
        files.extend_from_slice(extra);
        package_line_error(&files)
    };
    let error = with(&[(
        "problem.yaml",
        "problem_format_version: 2023-07\ntype: [scoring, interactive]\n",
    )]);
    assert!(
        error.contains(
            "is an interactive problem (problem.yaml type: interactive): it has no \
             interactor: give one with --interactor SPEC; never judged as batch"
        ),
        "{error}"
    );
    let error = with(&[("problem.yaml", "validation: custom interactive\n")]);
    assert!(
        error.contains("(problem.yaml validation: custom interactive)"),
        "{error}"
    );
    let error = with(&[("problem.yaml", "validation: custom multi-pass\n")]);
    assert!(
        error.contains(
            "is a multi-pass problem (problem.yaml validation: custom multi-pass): \
             cargo judge does not judge multi-pass problems, and never as batch"
        ),
        "{error}"
    );
}

/// A Polygon problem.xml with `tests` numbered tests, 2 s and 256 MiB,
/// the checker files/check.cpp, and `assets` more in its assets.
fn polygon_xml(tests: usize, assets: &str) -> String {
    let listed = "<test method=\"manual\"/>".repeat(tests);
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n\
         <problem revision=\"1\" short-name=\"sum\">\n  <names><name language=\"english\" value=\"Sum\"/></names>\n\
         \x20 <judging cpu-name=\"x\" cpu-speed=\"3600\" input-file=\"\" output-file=\"\">\n\
         \x20   <testset name=\"pretests\"><time-limit>1</time-limit><memory-limit>1</memory-limit>\
         <test-count>0</test-count><input-path-pattern>pretests/%02d</input-path-pattern>\
         <answer-path-pattern>pretests/%02d.a</answer-path-pattern></testset>\n\
         \x20   <testset name=\"tests\">\n      <time-limit>2000</time-limit>\n\
         \x20     <memory-limit>268435456</memory-limit>\n      <test-count>{tests}</test-count>\n\
         \x20     <input-path-pattern>tests/%02d</input-path-pattern>\n\
         \x20     <answer-path-pattern>tests/%02d.a</answer-path-pattern>\n\
         \x20     <tests>{listed}</tests>\n    </testset>\n  </judging>\n\
         \x20 <assets>\n    <checker name=\"std::wcmp.cpp\" type=\"testlib\">\
         <source path=\"files/check.cpp\" type=\"cpp.g++17\"/><binary path=\"check.exe\" \
         type=\"exe.win32\"/></checker>\n    {assets}\n  </assets>\n</problem>\n"
    )
}

/// A checker in testlib's convention (`check INPUT OUTPUT ANSWER`, 0 AC,
/// 1 WA with a message on stderr) that needs no testlib.h: the same
/// whitespace-separated words.
const CHECKER: &str = r#"#include <fstream>
#include <iostream>
#include <string>
#include "words.h"

int main(int argc, char **argv) {
    if (argc < 4) return 3;
    std::ifstream output(argv[2]), answer(argv[3]);
    std::string got, want;
    for (int word = 1;; ++word) {
        bool more_output = static_cast<bool>(output >> got);
        bool more_answer = static_cast<bool>(answer >> want);
        if (!more_output && !more_answer) return ACCEPTED;
        if (more_output != more_answer || got != want) {
            std::cerr << "wrong answer word " << word << ": expected '" << want
                      << "', found '" << got << "'" << std::endl;
            return WRONG_ANSWER;
        }
    }
}
"#;

#[test]
fn a_polygon_package_is_judged_by_its_numbered_tests_and_its_testlib_checker() {
    if lacking("C++ compiler", CPP_COMPILERS) {
        return;
    }
    let checker = format!("{}{CHECKER}", fresh_comment("//"));
    let package = package(&[
        ("problem.xml", &polygon_xml(3, "")),
        ("files/check.cpp", &checker),
        // On the include path as testlib.h is in a real package.
        (
            "files/words.h",
            "enum { ACCEPTED = 0, WRONG_ANSWER = 1 };\n",
        ),
        ("tests/01", "print 1 2\\n"),
        ("tests/01.a", "1 2\n"),
        ("tests/02", "print 1   2\\n"),
        ("tests/02.a", "1 2\n"),
        ("tests/03", "print 1 $5\\n"),
        ("tests/03.a", "1 3\n"),
    ]);
    let report = judge(&package.path, &[]);
    let line = package_line(&report);
    assert!(line.contains("(Polygon package)"), "{line}");
    assert!(
        line.contains("time limit 2000 ms (problem.xml testset tests)"),
        "{line}"
    );
    assert!(
        line.contains("memory limit 256 MiB (problem.xml testset tests)"),
        "{line}"
    );
    assert!(
        line.contains("checker the package's testlib checker files/check.cpp (built now)"),
        "{line}"
    );
    assert_eq!(report.verdict("judge-fixture/1"), "AC", "{}", report.stdout);
    assert_eq!(report.verdict("judge-fixture/2"), "AC");
    let (head, detail) = report.case("judge-fixture/3");
    assert!(head.starts_with("WA"), "{head}");
    assert!(detail.contains("wrong answer word 2"), "{detail}");
    report.exited(1);
    // Built once: the second run builds nothing.
    let report = judge(&package.path, &["--case", "2"]);
    assert!(
        package_line(&report).contains("files/check.cpp (built before)"),
        "{}",
        report.stdout
    );
    assert_eq!(report.summary(), "1 passed, 0 failed");
}

#[test]
fn a_polygon_package_without_its_test_files_says_where_they_come_from() {
    let error = package_line_error(&[
        ("problem.xml", &polygon_xml(2, "")),
        ("tests/01", "print 1\\n"),
    ]);
    assert!(
        error.contains(
            "3 of the package's test files are not there (tests/01.a, tests/02, tests/02.a)"
        ),
        "{error}"
    );
    assert!(error.contains("doall"), "{error}");
    let empty = package(&[("problem.xml", &polygon_xml(0, ""))]);
    let report = judge(&empty.path, &[]);
    assert!(
        report
            .stdout
            .contains("has no cases: its testset lists no tests"),
        "{}{}",
        report.stdout,
        report.stderr
    );
    report.exited(1);
}

/// Judges `package`, whose output validator in the folder `validator`
/// accepts case `SET/1` and rejects `SET/2` saying `rejected`: asserts
/// that the package line says the validator was `built` ("built now" or
/// "built before"), and the two verdicts.
#[track_caller]
fn judged_by_validator(package: &Scratch, validator: &str, built: &str, set: &str, rejected: &str) {
    let report = judge(&package.path, &[]);
    let line = package_line(&report);
    let says = format!("checker the package's output validator {validator} ({built})");
    assert!(line.contains(&says), "{says:?} in:\n{}", report.stdout);
    let accepted = format!("judge-fixture/{set}/1");
    assert_eq!(report.verdict(&accepted), "AC", "{}", report.stdout);
    let (head, detail) = report.case(&format!("judge-fixture/{set}/2"));
    assert!(head.starts_with("WA"), "{head}");
    assert!(detail.contains(rejected), "{detail}");
}

#[test]
fn a_python_output_validator_is_built_once_and_judges_by_42_and_43() {
    if lacking("Python", &["python3", "python"]) {
        return;
    }
    let validator = format!("{}{PYTHON_VALIDATOR}", fresh_comment("#"));
    let package = package(&[
        ("problem.yaml", "name: Signs\nvalidation: custom\n"),
        ("output_validators/signs/validate.py", &validator),
        ("data/secret/1.in", "print -7\\n"),
        ("data/secret/1.ans", "7\n"),
        ("data/secret/2.in", "print 8\\n"),
        ("data/secret/2.ans", "7\n"),
    ]);
    for built in ["built now", "built before"] {
        let validator = "output_validators/signs";
        judged_by_validator(&package, validator, built, "secret", "expected +-7, got 8");
    }
}

/// The same validator in C++, as 2023-07's `output_validator/` holds it.
const CPP_VALIDATOR: &str = r#"#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char **argv) {
    std::ifstream answer(argv[2]);
    long long want, got;
    answer >> want;
    if (std::cin >> got && std::llabs(got) == std::llabs(want)) return 42;
    std::ofstream message(std::string(argv[3]) + "/judgemessage.txt");
    message << "not +-" << want << std::endl;
    return 43;
}
"#;

#[test]
fn a_cpp_output_validator_of_a_2023_07_package_is_built_and_cached() {
    if lacking("C++ compiler", CPP_COMPILERS) {
        return;
    }
    let validator = format!("{}{CPP_VALIDATOR}", fresh_comment("//"));
    let package = package(&[
        (
            "problem.yaml",
            "problem_format_version: 2023-07-draft\nname: Signs\n",
        ),
        ("output_validator/validate.cc", &validator),
        ("data/sample/1.in", "print -7\\n"),
        ("data/sample/1.ans", "7\n"),
        ("data/sample/2.in", "print 6\\n"),
        ("data/sample/2.ans", "7\n"),
    ]);
    for built in ["built now", "built before"] {
        judged_by_validator(&package, "output_validator", built, "sample", "not +-7");
    }
}

#[test]
fn no_compiler_is_one_line_that_says_what_to_install_or_to_pass_checker() {
    let package = package(&[
        ("problem.yaml", "name: Signs\nvalidation: custom\n"),
        ("output_validators/signs/validate.cc", CPP_VALIDATOR),
        ("data/secret/1.in", "print 7\\n"),
        ("data/secret/1.ans", "7\n"),
    ]);
    let empty = Scratch::new("no-path");
    let report = Report::of(
        tool()
            .args(["judge", "--program"])
            .arg(fixture())
            .arg("--samples")
            .arg(&package.path)
            .env("PATH", &empty.path)
            .env_remove("CXX")
            .output()
            .unwrap(),
    );
    report.exited(2);
    assert_eq!(report.stderr.lines().count(), 1, "{}", report.stderr);
    assert!(
        report.stderr.replace('\\', "/").contains(
            "output_validators/signs is built with a C++ compiler (g++ or clang++), and none \
             is on PATH (looked for c++, g++, clang++): install one, or pass --checker"
        ),
        "{}",
        report.stderr
    );
    // With --checker, nothing is built.
    let report = Report::of(
        tool()
            .args(["judge", "--program"])
            .arg(fixture())
            .arg("--samples")
            .arg(&package.path)
            .args(["--checker", "tokens"])
            .env("PATH", &empty.path)
            .output()
            .unwrap(),
    );
    assert_eq!(
        report.verdict("judge-fixture/secret/1"),
        "AC",
        "{}",
        report.stdout
    );
}

#[test]
fn a_crate_is_judged_on_a_package_under_its_own_limits_unless_the_package_gives_others() {
    let problems = Problems::new("packages-crate", "");
    let package = package(&[
        ("problem.yaml", "name: X\nlimits:\n  memory: 300\n"),
        ("data/sample/1.in", "print 1  2\\n"),
        ("data/sample/1.ans", "1 2\n"),
    ]);
    let samples = package.path.to_str().unwrap();
    let report = problems.tool(&["judge", "x1-fixture", "--samples", samples]);
    let line = package_line(&report);
    assert!(
        line.contains("time limit 1000 ms (the crate's; a legacy package states none"),
        "{line}"
    );
    assert!(
        line.contains("memory limit 300 MiB (problem.yaml limits.memory)"),
        "{line}"
    );
    // The package's checker (the ICPC default validator), not the crate's
    // exact, which would call the spacing a PE.
    assert_eq!(
        report.verdict("x1-fixture/sample/1"),
        "AC",
        "{}",
        report.stdout
    );
    report.exited(0);
    let report = problems.tool(&["judge", "x1-fixture", "x2-tokens", "--samples", samples]);
    report.exited(2);
    assert!(
        report.stderr.contains("--samples judges one crate"),
        "{}",
        report.stderr
    );
}

/// A validator the ICPC way with scripts: `build` writes `run`, which
/// accepts the answer's first line exactly.
#[cfg(unix)]
#[test]
fn build_and_run_scripts_make_the_validator() {
    use std::os::unix::fs::PermissionsExt;
    let build = format!(
        "#!/bin/sh\n{}cat > run <<'END'\n#!/bin/sh\nread got\n\
         [ \"$got\" = \"$(head -n 1 \"$2\")\" ] && exit 42\n\
         echo \"not $(head -n 1 \"$2\")\" > \"$3/judgemessage.txt\"\nexit 43\nEND\nchmod +x run\n",
        fresh_comment("#")
    );
    let package = package(&[
        ("problem.yaml", "name: Lines\nvalidation: custom\n"),
        ("output_validators/lines/build", &build),
        ("data/secret/1.in", "print same\\n"),
        ("data/secret/1.ans", "same\n"),
        ("data/secret/2.in", "print other\\n"),
        ("data/secret/2.ans", "same\n"),
    ]);
    let script = package.path.join("output_validators/lines/build");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let validator = "output_validators/lines";
    judged_by_validator(&package, validator, "built now", "secret", "not same");
}

/// Cases every package below is judged on: the fixture prints its input.
const ECHO_CASES: [(&str, &str); 2] = [
    ("data/sample/1.in", "print 1.5\\n"),
    ("data/sample/1.ans", "1.5\n"),
];

/// The package line of a package made of `problem.yaml` and ECHO_CASES.
fn line_of(problem_yaml: &str) -> String {
    let mut files = ECHO_CASES.to_vec();
    files.push(("problem.yaml", problem_yaml));
    let package = package(&files);
    let report = judge(&package.path, &[]);
    package_line(&report).to_string()
}

/// Issue 55, item 3: however `type` is written (one string of words, as
/// the format's own example and DOMjudge read it, or a flow list over two
/// lines), an interactive package is never judged as batch.
#[test]
fn an_interactive_type_written_any_way_yaml_allows_is_never_judged_as_batch() {
    for problem_yaml in [
        "problem_format_version: 2025-09\ntype: pass-fail interactive\n",
        "problem_format_version: 2023-07-draft\ntype: [pass-fail,\n interactive]\n",
        "problem_format_version: 2023-07\ntype:\n- pass-fail\n- \"interactive\"\n",
    ] {
        let mut files = ECHO_CASES.to_vec();
        files.push(("problem.yaml", problem_yaml));
        let error = package_line_error(&files);
        assert!(
            error.contains(
                "is an interactive problem (problem.yaml type: interactive): it has no \
                 interactor"
            ),
            "{problem_yaml:?}: {error}"
        );
    }
}

/// Issue 55, item 4: problem.yaml read as PyYAML reads it (the values
/// checked against PyYAML 6.0.3's safe_load of the same text), and what
/// the file does not say clearly refused with its line.
#[test]
fn problem_yaml_is_read_as_pyyaml_reads_it_and_what_is_unclear_is_refused_with_its_line() {
    for (problem_yaml, memory) in [
        (
            "limits: {memory: 512,\n  time_limit: 2}\n",
            "512 MiB (problem.yaml limits.memory)",
        ),
        (
            "limits: {memory: 640, time_multipliers: {ac_to_time_limit: 2}}\n",
            "640 MiB",
        ),
        (
            "{\"limits\": {\"memory\": 768, \"time_limit\": 1.5}}\n",
            "768 MiB",
        ),
        ("base: &b {memory: 300}\nlimits: *b\n", "300 MiB"),
        (
            "base: &b {memory: 320, output: 4}\nlimits:\n  <<: *b\n  output: 16\n",
            "320 MiB",
        ),
        ("name:\n  Hello\nlimits:\n  memory:\n    200\n", "200 MiB"),
        ("name: 'Bob''s #1'\nlimits: {memory: 100}\n", "100 MiB"),
    ] {
        let line = line_of(problem_yaml);
        assert!(
            line.contains(&format!("memory limit {memory}")),
            "{problem_yaml:?}: {line}"
        );
    }
    assert!(line_of("limits: {memory: 512,\n  time_limit: 2}\n").contains("time limit 2000 ms"));
    assert!(
        line_of("base: &b {memory: 320, output: 4}\nlimits:\n  <<: *b\n  output: 16\n")
            .contains("output limit 16 MiB (problem.yaml limits.output)")
    );
    let deep = format!("limits:\n  memory: 1\nx:\n{}y\n", "- ".repeat(6000));
    for (problem_yaml, said) in [
        (
            "limits: {memory: 1}\n---\nlimits: {memory: 2}\n",
            "line 3: a second YAML document",
        ),
        (
            "limits:\n  memory: 1\n  memory: 2\n",
            "line 3: the key `memory` is written twice",
        ),
        (
            "limits:\n  memory: 1_024\n",
            "line 2: limits.memory is `1_024`, which YAML 1.1",
        ),
        (
            "limits:\n  time_limit: 1:30\n",
            "line 2: limits.time_limit is `1:30`",
        ),
        (
            "validation: default\nvalidator_flags: yes\n",
            "line 2: `validator_flags` is `yes`, the boolean true to YAML 1.1",
        ),
        (
            "limits:\n  memory: 1.5\n",
            "line 2: limits.memory is 1.5, not a whole number of MiB",
        ),
        (
            "limits: 512\n",
            "line 1: `limits` is a value, where a mapping goes",
        ),
        (deep.as_str(), "line 4: nested deeper than 64 levels"),
    ] {
        let mut files = ECHO_CASES.to_vec();
        files.push(("problem.yaml", problem_yaml));
        let error = package_line_error(&files);
        assert!(error.contains("problem.yaml: "), "{error}");
        assert!(error.contains(said), "{said:?} in {error}");
    }
}

/// Issue 55, item 9: a testdata.yaml or domjudge-problem.ini that cannot
/// be read is an error, as problemtools reports one, never dropped.
#[test]
fn a_testdata_yaml_or_domjudge_ini_that_is_not_utf_8_is_an_error_not_dropped() {
    for (name, contents) in [
        (
            "data/testdata.yaml",
            &b"output_validator_flags: float_tolerance 0.2 \xff\n"[..],
        ),
        (
            "data/sample/test_group.yaml",
            &b"output_validator_args: [\xfe]\n"[..],
        ),
        (
            "domjudge-problem.ini",
            &b"timelimit = 2\nname = \xe9t\xe9\n"[..],
        ),
    ] {
        let package = package(&[
            ("problem.yaml", "name: Broken\n"),
            ECHO_CASES[0],
            ECHO_CASES[1],
        ]);
        package.write(name, contents);
        let report = judge(&package.path, &[]);
        report.exited(2);
        let file = Path::new(name).file_name().unwrap().to_str().unwrap();
        assert!(
            report.stderr.contains(file) && report.stderr.contains("not UTF-8"),
            "{name}: {}",
            report.stderr
        );
        assert_eq!(report.stderr.lines().count(), 1, "{}", report.stderr);
    }
}

/// Issue 55, item 17: flags a test group states are credited to its file,
/// not to problem.yaml.
#[test]
fn a_test_groups_flags_are_credited_to_its_file() {
    let package = package(&[
        ("problem.yaml", "name: Floats\n"),
        (
            "data/testdata.yaml",
            "output_validator_flags: float_tolerance 0.1\n",
        ),
        ("data/sample/1.in", "print 1.55\\n"),
        ("data/sample/1.ans", "1.5\n"),
    ]);
    let report = judge(&package.path, &[]);
    let line = package_line(&report);
    let data = Path::new("data").join("testdata.yaml");
    assert!(
        line.contains(&format!(
            "checker the ICPC default validator float_tolerance 0.1 (problem.yaml states no \
             validation; float_tolerance 0.1 from {})",
            data.display()
        )),
        "{line}"
    );
    assert_eq!(report.verdict("judge-fixture/sample/1"), "AC");
}

/// problemtools' defaults where a package states no limit (1024 MiB of
/// memory, 8 MiB of output: problemtools/config/problem.yaml), and
/// DOMjudge's for a DOMjudge package without problem.yaml (2048 MiB).
#[test]
fn a_package_that_states_no_limit_gets_its_judges_default() {
    let line = line_of("name: No limits\n");
    assert!(
        line.contains(
            "memory limit 1024 MiB (problemtools' default: the package states none), output \
             limit 8 MiB (problemtools' default: the package states none)"
        ),
        "{line}"
    );
    let package = package(&[(".timelimit", "2\n"), ECHO_CASES[0], ECHO_CASES[1]]);
    let report = judge(&package.path, &[]);
    assert!(
        package_line(&report).contains("memory limit 2048 MiB (DOMjudge's default"),
        "{}",
        report.stdout
    );
}

/// The finalized format: `problem_format_version: 2025-09`, and its
/// test_group.yaml (testdata.yaml's new name), whose flags reach the
/// validator.
#[test]
fn a_2025_09_package_is_read_with_its_test_group_yaml() {
    let package = package(&[
        (
            "problem.yaml",
            "problem_format_version: 2025-09\ntype: pass-fail\nname: Floats\n\
             uuid: 9b3df34b-165a-4ed6-8248-4cee2bd6985c\nlimits:\n  time_limit: 2\n",
        ),
        (
            "data/sample/test_group.yaml",
            "output_validator_args: [float_tolerance, '0.1']\n",
        ),
        ("data/sample/1.in", "print 1.55\\n"),
        ("data/sample/1.ans", "1.5\n"),
    ]);
    // A group with flags of its own is judged on its own.
    let report = judge(&package.path.join("data").join("sample"), &[]);
    let line = package_line(&report);
    assert!(
        line.contains("(ICPC package, problem.yaml 2025-09)"),
        "{line}"
    );
    assert!(line.contains("float_tolerance 0.1 from "), "{line}");
    assert!(line.contains("test_group.yaml)"), "{line}");
    assert_eq!(report.verdict("judge-fixture/1"), "AC", "{}", report.stdout);
}

/// Issue 55, item 11: `{{constants}}` are substituted in the output
/// validator as the format says, as in its own example `maximal`; and in
/// test_group.yaml.
#[test]
fn constants_are_substituted_in_the_output_validator_and_test_group_yaml() {
    if lacking("Python", &["python3", "python"]) {
        return;
    }
    // The format's `maximal` validator, cut down: accepted when the
    // output is the answer plus the constant.
    let validator = format!(
        "{}import sys\nanswer = open(sys.argv[2]).read()\noutput = sys.stdin.read()\n\
         sys.exit(42 if int(output) - int(answer) == {{{{example_constant}}}} else 43)\n",
        fresh_comment("#")
    );
    let package = package(&[
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: Maximal\n\
             constants:\n  example_constant: 1\n  tolerance:\n    value: 0.5\n    tex: \\frac12\n",
        ),
        ("output_validator/validator.py", &validator),
        ("data/sample/1.in", "print 9\\n"),
        ("data/sample/1.ans", "8\n"),
        ("data/sample/2.in", "print 8\\n"),
        ("data/sample/2.ans", "8\n"),
    ]);
    let report = judge(&package.path, &[]);
    assert!(
        package_line(&report).contains("checker the package's output validator output_validator"),
        "{}",
        report.stdout
    );
    assert_eq!(
        report.verdict("judge-fixture/sample/1"),
        "AC",
        "{}",
        report.stdout
    );
    assert_eq!(
        report.verdict("judge-fixture/sample/2"),
        "WA",
        "{}",
        report.stdout
    );
    let package = package_with_group_constant();
    let report = judge(&package.path.join("data").join("sample"), &[]);
    assert!(
        package_line(&report).contains("float_tolerance 0.5 from"),
        "{}",
        report.stdout
    );
    assert_eq!(report.verdict("judge-fixture/1"), "AC", "{}", report.stdout);
}

fn package_with_group_constant() -> Scratch {
    package(&[
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: Floats\nconstants:\n  eps: 0.5\n",
        ),
        (
            "data/sample/test_group.yaml",
            "output_validator_args: [float_tolerance, '{{eps}}']\n",
        ),
        ("data/sample/1.in", "print 1.9\\n"),
        ("data/sample/1.ans", "1.5\n"),
    ])
}
