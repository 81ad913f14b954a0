//! What a problem package may reach, and what the tool refuses to guess:
//! the modern `output_validator/` is one program with its sub-folders,
//! links that leave the package or go round in a loop are refused with
//! their path, problem.yaml that YAML 1.2 would read otherwise than PyYAML
//! is refused with its line, and `--program` that names a source file or
//! a file that cannot be run says how to build or start it.

mod common;

use common::{fresh_comment, judge, judge_program, lacking, package, package_line};
use common::{Scratch, CPP_COMPILERS, PYTHON_VALIDATOR};
use std::path::Path;

/// Accepts everything: were it taken for the validator, a wrong answer
/// would be AC.
const ACCEPTS_ALL: &str = "import sys\nsys.exit(42)\n";

/// Case 1 is right up to its sign, case 2 wrong.
const SIGN_CASES: [(&str, &str); 4] = [
    ("data/sample/1.in", "print -7\\n"),
    ("data/sample/1.ans", "7\n"),
    ("data/sample/2.in", "print 8\\n"),
    ("data/sample/2.ans", "7\n"),
];

const MODERN: &str = "problem_format_version: 2023-07\nname: Signs\n";

/// The verdicts of the two sign cases, and the package line.
fn sign_verdicts(package: &Scratch) -> (String, String, String) {
    let report = judge(&package.path, &[]);
    let line = package_line(&report).to_string();
    (
        report.verdict("judge-fixture/sample/1"),
        report.verdict("judge-fixture/sample/2"),
        line,
    )
}

/// A package of SIGN_CASES, problem.yaml `yaml` and `files`.
fn sign_package(yaml: &str, files: &[(&str, &str)]) -> Scratch {
    let mut all = SIGN_CASES.to_vec();
    all.push(("problem.yaml", yaml));
    all.extend_from_slice(files);
    package(&all)
}

/// The one error line of judging `package`, which must be refused.
#[track_caller]
fn refused(package: &Path) -> String {
    let report = judge(package, &[]);
    report.exited(2);
    assert!(report.stdout.is_empty(), "{}", report.stdout);
    assert_eq!(report.stderr.lines().count(), 1, "{}", report.stderr);
    report.stderr.trim_end().to_string()
}

#[test]
fn a_modern_output_validator_is_its_folder_whole_and_its_sub_folders_are_never_the_program() {
    if lacking("Python", &["python3", "python"]) {
        return;
    }
    // tools/ first by name, as `include/` would be: it was taken for the
    // validator, and its script accepted a wrong answer.
    let validator = format!("{}{PYTHON_VALIDATOR}", fresh_comment("#"));
    for yaml in [MODERN, "problem_format_version: 2025-09\nname: Signs\n"] {
        let package = sign_package(
            yaml,
            &[
                ("output_validator/validate.py", &validator),
                ("output_validator/tools/x.py", ACCEPTS_ALL),
            ],
        );
        let (first, second, line) = sign_verdicts(&package);
        assert!(
            line.contains("checker the package's output validator output_validator ("),
            "{line}"
        );
        assert_eq!((first.as_str(), second.as_str()), ("AC", "WA"), "{yaml}");
    }
}

#[test]
fn an_include_folder_in_a_modern_output_validator_is_part_of_it() {
    if lacking("C++ compiler", CPP_COMPILERS) {
        return;
    }
    let source = format!(
        "{}#include <fstream>\n#include <iostream>\n#include \"include/sign.h\"\n\
         int main(int argc, char **argv) {{\n    std::ifstream answer(argv[2]);\n\
         long long want, got;\n    answer >> want;\n\
         return std::cin >> got && same_up_to_sign(got, want) ? 42 : 43;\n}}\n",
        fresh_comment("//")
    );
    let header = "inline bool same_up_to_sign(long long a, long long b) {\n\
                  return a == b || a == -b;\n}\n";
    let package = sign_package(
        MODERN,
        &[
            ("output_validator/validate.cc", &source),
            ("output_validator/include/sign.h", header),
        ],
    );
    let (first, second, _) = sign_verdicts(&package);
    assert_eq!((first.as_str(), second.as_str()), ("AC", "WA"));
}

#[cfg(unix)]
mod links {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn a_validator_folder_linked_from_outside_the_package_is_refused_with_its_path() {
        let outside = Scratch::with_files("outside", &[("check/validate.py", ACCEPTS_ALL)]);
        let package = sign_package(MODERN, &[]);
        symlink(
            outside.path.join("check"),
            package.path.join("output_validator"),
        )
        .unwrap();
        let error = refused(&package.path);
        let said = format!(
            "{} links to {}, outside the package {}",
            package.path.join("output_validator").display(),
            outside.path.join("check").display(),
            package.path.display()
        );
        assert!(error.contains(&said), "{said:?} in {error}");
    }

    #[test]
    fn a_test_file_linked_from_outside_is_refused_and_one_inside_is_read() {
        let outside = Scratch::with_files("outside", &[("3.ans", "7\n")]);
        let package = sign_package("name: Signs\n", &[("data/sample/3.in", "print 7\\n")]);
        // Inside: 4.ans is 3.ans's answer, as the format allows.
        symlink("../sample/1.ans", package.path.join("data/sample/4.ans")).unwrap();
        symlink("1.in", package.path.join("data/sample/4.in")).unwrap();
        symlink(
            outside.path.join("3.ans"),
            package.path.join("data/sample/3.ans"),
        )
        .unwrap();
        let error = refused(&package.path);
        assert!(
            error.contains("3.ans links to ") && error.contains(", outside the package "),
            "{error}"
        );
        std::fs::remove_file(package.path.join("data/sample/3.ans")).unwrap();
        std::fs::write(package.path.join("data/sample/3.ans"), "7\n").unwrap();
        let report = judge(&package.path, &[]);
        assert_eq!(report.verdict("judge-fixture/sample/4"), "WA");
        assert_eq!(report.verdict("judge-fixture/sample/3"), "AC");
        // Judged from inside data/, the link out is found too.
        std::fs::remove_file(package.path.join("data/sample/3.ans")).unwrap();
        symlink(
            outside.path.join("3.ans"),
            package.path.join("data/sample/3.ans"),
        )
        .unwrap();
        let error = refused(&package.path.join("data/sample"));
        assert!(error.contains(", outside the package "), "{error}");
    }

    #[test]
    fn a_link_loop_in_the_validator_is_said_in_one_line() {
        let validator = format!("{}{PYTHON_VALIDATOR}", fresh_comment("#"));
        let package = sign_package(MODERN, &[("output_validator/validate.py", &validator)]);
        symlink("..", package.path.join("output_validator/lib")).unwrap();
        let error = refused(&package.path);
        assert!(
            error.ends_with("output_validator/lib links to .., a folder it is in: a loop, which no judge can walk"),
            "{error}"
        );
        std::fs::remove_file(package.path.join("output_validator/lib")).unwrap();
        symlink("self.py", package.path.join("output_validator/self.py")).unwrap();
        let error = refused(&package.path);
        assert!(
            error.contains("output_validator/self.py is a link loop: "),
            "{error}"
        );
    }

    #[test]
    fn a_validator_folder_linked_from_inside_the_package_is_built_and_judges() {
        if lacking("Python", &["python3", "python"]) {
            return;
        }
        let validator = format!("{}{PYTHON_VALIDATOR}", fresh_comment("#"));
        let package = sign_package(MODERN, &[("validators/signs/validate.py", &validator)]);
        symlink("validators/signs", package.path.join("output_validator")).unwrap();
        let (first, second, line) = sign_verdicts(&package);
        assert!(
            line.contains("output validator output_validator ("),
            "{line}"
        );
        assert_eq!((first.as_str(), second.as_str()), ("AC", "WA"));
    }
}

/// problem.yaml texts that YAML 1.2 would read otherwise than PyYAML
/// (6.0.3's `safe_load`, in each comment), refused with their line; and
/// a null document, read as the empty mapping problemtools makes of it.
#[test]
fn problem_yaml_that_yaml_1_2_reads_otherwise_than_pyyaml_is_refused_with_its_line() {
    for (yaml, said) in [
        // PyYAML: limits.memory 200, the later `<<` over the earlier.
        (
            "a: &a {memory: 100}\nb: &b {memory: 200}\nlimits:\n  <<: *a\n  <<: *b\n",
            "problem.yaml: line 5: a second `<<` in one mapping",
        ),
        // PyYAML: limits.memory 100, the break ending the line.
        (
            "limits:\u{2028}  memory: 100\n",
            "problem.yaml: line 1: U+2028, a line break to YAML 1.1",
        ),
        (
            "limits:\u{85}  memory: 100\n",
            "problem.yaml: line 1: U+0085",
        ),
        // PyYAML: ScannerError.
        ("name: a\u{2029}b\n", "problem.yaml: line 1: U+2029"),
        // PyYAML: ConstructorError (tag:yaml.org,2002:value).
        ("name: =\n", "problem.yaml: line 1: a plain `=` as a value"),
        // PyYAML: ParserError, found incompatible YAML document.
        (
            "%YAML 2.0\n---\nlimits: {memory: 100}\n",
            "problem.yaml: line 1: %YAML 2.0, which PyYAML refuses",
        ),
    ] {
        let package = sign_package(yaml, &[]);
        let error = refused(&package.path);
        assert!(error.contains(said), "{yaml:?}: {said:?} in {error}");
    }
    // PyYAML: None, which problemtools reads as {}: its defaults.
    for yaml in ["---\n", "~\n", "", "--- ~\n"] {
        let package = sign_package(yaml, &[]);
        let report = judge(&package.path, &[]);
        let line = package_line(&report);
        assert!(
            line.contains("memory limit 1024 MiB (problemtools' default: the package states none)"),
            "{yaml:?}: {line}"
        );
    }
}

/// The one error line of `--program program` on `samples`.
#[track_caller]
fn program_refused(program: &Path, samples: &Path) -> String {
    let report = judge_program(program, samples, &[]);
    report.exited(2);
    assert!(report.stdout.is_empty(), "{}", report.stdout);
    assert_eq!(report.stderr.lines().count(), 1, "{}", report.stderr);
    report.stderr.trim_end().to_string()
}

#[test]
fn a_source_file_given_as_program_is_refused_with_how_to_build_or_start_it() {
    let cases = Scratch::with_files(
        "cases",
        &[
            ("1.in", "print 1\\n"),
            ("1.out", "1\n"),
            ("x.py", "print(1)\n"),
            ("x.cpp", "int main() {}\n"),
            ("Main.java", "class Main {}\n"),
        ],
    );
    let python = program_refused(&cases.path.join("x.py"), &cases.path);
    assert!(
        python.contains(
            "x.py is Python 3 source, which cargo judge does not build or start by itself: "
        ),
        "{python}"
    );
    if cfg!(unix) {
        assert!(
            python.contains("the first line `#!/usr/bin/env python3`"),
            "{python}"
        );
    }
    let cpp = program_refused(&cases.path.join("x.cpp"), &cases.path);
    assert!(
        cpp.contains("x.cpp is C++ source") && cpp.contains("(`c++ -O2 -std=gnu++17 -o x"),
        "{cpp}"
    );
    let java = program_refused(&cases.path.join("Main.java"), &cases.path);
    assert!(
        java.contains("is Java source") && java.contains("javac "),
        "{java}"
    );
    let folder = program_refused(&cases.path, &cases.path);
    assert!(
        folder.contains("is a folder: build the program in it"),
        "{folder}"
    );
}

#[cfg(unix)]
#[test]
fn a_file_without_the_execute_bit_is_refused_and_a_script_with_one_runs() {
    use std::os::unix::fs::PermissionsExt;
    let cases = Scratch::with_files("cases", &[("1.in", "x\n"), ("1.out", "1\n")]);
    let mode = |path: &Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    let copy = cases.path.join("solution");
    std::fs::copy(common::fixture(), &copy).unwrap();
    mode(&copy, 0o644);
    let error = program_refused(&copy, &cases.path);
    assert!(
        error.ends_with(
            &format!(
                "solution cannot be run: it has no execute permission (chmod +x {}, if it is a program)",
                copy.display()
            )
        ),
        "{error}"
    );
    // A script that says how it starts: run once it may be.
    let script = cases.write("answer.py", b"#!/bin/sh\necho 1\n");
    let error = program_refused(&script, &cases.path);
    assert!(
        error.contains("is Python 3 source") && error.contains("make it executable: chmod +x"),
        "{error}"
    );
    mode(&script, 0o755);
    let report = judge_program(&script, &cases.path, &[]);
    assert_eq!(
        report.verdict("answer/1"),
        "AC",
        "{}{}",
        report.stdout,
        report.stderr
    );
}

#[test]
fn a_package_submission_is_told_of_the_include_files_and_constants_the_judge_adds() {
    let package = sign_package(
        "problem_format_version: 2025-09\nconstants:\n  max_n: 1000\n",
        &[
            ("include/python3/helper.py", "def solve(): pass\n"),
            ("include/default/README", "x\n"),
            (
                "submissions/accepted/sol.py",
                "from helper import solve\nN = {{max_n}}\n",
            ),
            ("submissions/accepted/sol.cpp", "int main() {}\n"),
        ],
    );
    let python = program_refused(
        &package.path.join("submissions/accepted/sol.py"),
        &package.path,
    );
    // The folder as a path of this platform: include\python3 on Windows.
    let sep = std::path::MAIN_SEPARATOR;
    assert!(
        python.contains(&format!(
            "the judge copies the package's include{sep}python3 into a submission"
        )),
        "{python}"
    );
    assert!(
        python.contains("it names the package's constants {{max_n}}"),
        "{python}"
    );
    let cpp = program_refused(
        &package.path.join("submissions/accepted/sol.cpp"),
        &package.path,
    );
    assert!(
        cpp.contains(&format!("the package's include{sep}default into")),
        "{cpp}"
    );
    assert!(!cpp.contains("constants"), "{cpp}");
    // A program built: the package line says what the judge adds.
    let report = judge(&package.path, &[]);
    let line = package_line(&report);
    assert!(
        line.contains("include holds files the judge adds to each submission before building it"),
        "{line}"
    );
}
