//! Problem packages judged as their judges judge them, where a folder is
//! named or reached otherwise than from the root: test groups below the
//! folder given, the package found from inside it; and the programs a
//! package builds: every file of a validator's folder (sub-folders too)
//! copied, compiled and hashed for the cache, a build bounded in time,
//! the feedback folder passed as the judges pass it, and advice that fits.

mod common;

use common::{
    fixture, fresh_comment, judge, lacking, package, package_line, tool, Report, Scratch,
    CPP_COMPILERS,
};
use std::path::Path;
use std::time::{Duration, Instant};

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

/// A package with a custom validator in `output_validators/signs/` of
/// `files` (paths in that folder, and contents), and two cases: `-7`
/// against 7, and `8` against 7.
fn signs(files: &[(&str, &str)]) -> Scratch {
    let package = package(&[
        ("problem.yaml", "name: Signs\nvalidation: custom\n"),
        ("data/secret/1.in", "print -7\\n"),
        ("data/secret/1.ans", "7\n"),
        ("data/secret/2.in", "print 8\\n"),
        ("data/secret/2.ans", "7\n"),
    ]);
    for (path, contents) in files {
        package.write(
            &format!("output_validators/signs/{path}"),
            contents.as_bytes(),
        );
    }
    package
}

/// Judges `package` by its validator: asserts the package line says it
/// was `built` ("built now", "built before"); the two cases' verdicts.
#[track_caller]
fn signs_verdicts(package: &Scratch, built: &str) -> (String, String) {
    let report = judge(&package.path, &[]);
    let says = format!("output validator output_validators/signs ({built})");
    assert!(
        package_line(&report).contains(&says),
        "{says:?} in:\n{}{}",
        report.stdout,
        report.stderr
    );
    (
        report.verdict("judge-fixture/secret/1"),
        report.verdict("judge-fixture/secret/2"),
    )
}

/// A build/run-script validator whose check is in `src/check.sh`: an
/// edit there builds it again, and the verdict follows the new source.
#[cfg(unix)]
#[test]
fn a_scripts_validator_is_built_again_when_a_file_in_a_sub_folder_changes() {
    use std::os::unix::fs::PermissionsExt;
    let run = format!(
        "#!/bin/sh\n{}exec sh \"$(dirname \"$0\")/src/check.sh\" \"$@\"\n",
        fresh_comment("#")
    );
    let exact = "read got\n[ \"$got\" = \"$(head -n 1 \"$2\")\" ] && exit 42\nexit 43\n";
    let package = signs(&[("run", &run), ("src/check.sh", exact)]);
    let script = package.path.join("output_validators/signs/run");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(
        signs_verdicts(&package, "built now"),
        ("WA".into(), "WA".into())
    );
    assert_eq!(
        signs_verdicts(&package, "built before"),
        ("WA".into(), "WA".into())
    );
    package.write("output_validators/signs/src/check.sh", b"exit 42\n");
    assert_eq!(
        signs_verdicts(&package, "built now"),
        ("AC".into(), "AC".into())
    );
}

/// The sign check of a C++ validator split over a sub-folder: its main
/// file, a source in lib/ that it is linked with, and a header there that
/// says whether the sign matters.
const CPP_MAIN: &str = r#"#include <fstream>
#include <iostream>
#include "lib/verdict.hpp"

int main(int argc, char **argv) {
    std::ifstream answer(argv[2]);
    long long want, got;
    answer >> want;
    return std::cin >> got && same(got, want) ? 42 : 43;
}
"#;

const CPP_LIB: &str = r#"#include "verdict.hpp"

bool same(long long got, long long want) {
    return got == want || (SIGN_IS_FREE && got == -want);
}
"#;

#[test]
fn a_cpp_validator_compiles_its_sub_folders_and_is_rebuilt_when_a_header_there_changes() {
    if lacking("C++ compiler", CPP_COMPILERS) {
        return;
    }
    let main = format!("{}{CPP_MAIN}", fresh_comment("//"));
    let header = "#define SIGN_IS_FREE 1\nbool same(long long got, long long want);\n";
    let package = signs(&[
        ("validate.cc", &main),
        ("lib/verdict.cc", CPP_LIB),
        ("lib/verdict.hpp", header),
    ]);
    assert_eq!(
        signs_verdicts(&package, "built now"),
        ("AC".into(), "WA".into())
    );
    assert_eq!(
        signs_verdicts(&package, "built before"),
        ("AC".into(), "WA".into())
    );
    package.write(
        "output_validators/signs/lib/verdict.hpp",
        header.replace("FREE 1", "FREE 0").as_bytes(),
    );
    assert_eq!(
        signs_verdicts(&package, "built now"),
        ("WA".into(), "WA".into())
    );
}

/// A Python validator that imports its own package, beside it in the
/// folder, as problemtools copies the folder whole.
#[test]
fn a_python_validator_imports_its_own_package() {
    if lacking("Python", &["python3", "python"]) {
        return;
    }
    let main = format!(
        "{}import sys\nfrom checks.signs import same\n\nwant = int(open(sys.argv[2]).read())\n\
         sys.exit(42 if same(int(sys.stdin.read()), want) else 43)\n",
        fresh_comment("#")
    );
    let package = signs(&[
        ("validate.py", &main),
        ("checks/__init__.py", ""),
        (
            "checks/signs.py",
            "def same(got, want):\n    return abs(got) == abs(want)\n",
        ),
    ]);
    assert_eq!(
        signs_verdicts(&package, "built now"),
        ("AC".into(), "WA".into())
    );
    package.write(
        "output_validators/signs/checks/signs.py",
        b"def same(got, want):\n    return got == want\n",
    );
    assert_eq!(
        signs_verdicts(&package, "built now"),
        ("WA".into(), "WA".into())
    );
}

/// The folder the tool keeps its builds in.
#[cfg(unix)]
fn build_cache() -> std::path::PathBuf {
    Path::new(env!("CARGO_BIN_EXE_scripts"))
        .parent()
        .unwrap()
        .join("package-builds")
}

/// A build script that never ends, and never works, is stopped at twice
/// the build's time (here 1 s of CPU time, by JUDGE_BUILD_TIMEOUT_S) of
/// wall time less its wait for a CPU, with the program it started, and
/// leaves nothing in the cache.
#[cfg(unix)]
#[test]
fn a_build_that_runs_too_long_is_stopped_and_leaves_nothing_built() {
    use std::os::unix::fs::PermissionsExt;
    let marker = fresh_comment("#");
    let build = format!("#!/bin/sh\n{marker}sleep 30\nsleep 30\n");
    let package = signs(&[("build", &build)]);
    let script = package.path.join("output_validators/signs/build");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let started = Instant::now();
    let report = Report::of(
        tool()
            .args(["judge", "--program"])
            .arg(fixture())
            .arg("--samples")
            .arg(&package.path)
            .env("JUDGE_BUILD_TIMEOUT_S", "1")
            .output()
            .unwrap(),
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    report.exited(2);
    // It used no CPU time and waited for none: the wall time less the
    // wait stopped it, at twice the build's CPU time.
    assert!(
        report.stderr.contains(
            " of CPU time: a build has 2 s of wall time less its wait for a CPU, so \
             something other than work held it (a lock, a pipe, a sleep); pass --checker"
        ),
        "{}",
        report.stderr
    );
    // Neither a finished build nor a half-made one holds the script.
    let cache = build_cache();
    for entry in std::fs::read_dir(&cache).unwrap().flatten() {
        let copy = entry.path().join("build");
        let text = std::fs::read_to_string(&copy).unwrap_or_default();
        assert!(!text.contains(&marker), "{} left behind", copy.display());
    }
    // A time that is no time is one line.
    let report = Report::of(
        tool()
            .args(["judge", "--program"])
            .arg(fixture())
            .arg("--samples")
            .arg(&package.path)
            .env("JUDGE_BUILD_TIMEOUT_S", "soon")
            .output()
            .unwrap(),
    );
    report.exited(2);
    assert_eq!(report.stderr.lines().count(), 1, "{}", report.stderr);
    assert!(
        report.stderr.contains("JUDGE_BUILD_TIMEOUT_S"),
        "{}",
        report.stderr
    );
}

/// A C++ compiler (`CXX`) that says what it is and then, told to build,
/// runs the shell lines `work`.
#[cfg(target_os = "linux")]
fn fake_compiler(work: &str) -> Scratch {
    use std::os::unix::fs::PermissionsExt;
    let compiler = Scratch::new("fake-compiler");
    let script = format!(
        "#!/bin/sh\n[ \"$1\" = --version ] && {{ echo fake c++ {}; exit 0; }}\n{work}",
        fresh_comment("").trim()
    );
    let path = compiler.write("c++", script.as_bytes());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    compiler
}

/// Judges the sign package `package` with the compiler `compiler` and
/// a build's CPU time of 1 s.
#[cfg(target_os = "linux")]
fn judge_built_by(package: &Scratch, compiler: &Scratch) -> Report {
    Report::of(
        tool()
            .args(["judge", "--program"])
            .arg(fixture())
            .arg("--samples")
            .arg(&package.path)
            .env("CXX", compiler.path.join("c++"))
            .env("JUDGE_BUILD_TIMEOUT_S", "1")
            .output()
            .unwrap(),
    )
}

/// A compiler that loops is stopped by the CPU time it used, and the
/// error says so: a build is bounded by its work, as a run is.
#[cfg(target_os = "linux")]
#[test]
fn a_compiler_that_loops_is_stopped_by_the_cpu_time_it_used() {
    let compiler = fake_compiler("while :; do :; done\n");
    let package = signs(&[("validate.cc", &fresh_comment("//"))]);
    let started = Instant::now();
    let report = judge_built_by(&package, &compiler);
    // A second of CPU time, which a loaded machine gives slowly.
    assert!(
        started.elapsed() < Duration::from_secs(120),
        "{:?}",
        started.elapsed()
    );
    report.exited(2);
    assert!(
        report.stderr.contains(&format!(
            "cannot build output_validators/signs: {} was stopped after using ",
            compiler.path.join("c++").display()
        )) && report
            .stderr
            .contains(" of CPU time: a build has 1 s; pass --checker"),
        "{}",
        report.stderr
    );
}

/// A compiler beside two busy loops a core takes longer in wall time than
/// the CPU time a build has, and uses less: it is not stopped, as a
/// wall-time bound stopped it. The compiler spins 0.6 s of CPU time, the
/// build has 1 s; it writes a validator that accepts.
#[cfg(target_os = "linux")]
#[test]
fn a_build_beside_busy_loops_that_uses_less_cpu_than_it_has_is_not_stopped() {
    let stamps = Scratch::new("busy-build");
    let (started_at, spun) = (stamps.path.join("started"), stamps.path.join("spun"));
    let compiler = fake_compiler(&format!(
        "while [ $# -gt 1 ]; do [ \"$1\" = -o ] && out=$2; shift; done\n\
         printf '#!/bin/sh\\nexit 42\\n' > \"$out\" && chmod +x \"$out\"\n\
         date +%s%N > {}\n\
         exec {} > {} <<EOF\ncpu-threads 1 600\nEOF\n",
        started_at.display(),
        fixture().display(),
        spun.display()
    ));
    let package = signs(&[("validate.cc", &fresh_comment("//"))]);
    let loops = common::Busy::per_core(2);
    let report = judge_built_by(&package, &compiler);
    drop(loops);
    assert!(
        package_line(&report).contains("output validator output_validators/signs (built now)"),
        "{}{}",
        report.stdout,
        report.stderr
    );
    assert_eq!(
        (
            report.verdict("judge-fixture/secret/1"),
            report.verdict("judge-fixture/secret/2")
        ),
        ("AC".to_string(), "AC".to_string())
    );
    // What makes it a test: the build took longer than its CPU time.
    let nanos: u128 = std::fs::read_to_string(&started_at)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let ended = std::fs::metadata(&spun).unwrap().modified().unwrap();
    let ended = ended
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let wall = Duration::from_nanos(u64::try_from(ended.saturating_sub(nanos)).unwrap());
    assert!(wall > Duration::from_secs(1), "the build took {wall:?}");
}

/// An interactor that cannot be built wants --interactor, not --checker.
#[test]
fn an_interactor_that_cannot_be_built_wants_interactor() {
    let interactive = package(&[
        (
            "problem.yaml",
            "name: Guess\nvalidation: custom interactive\n",
        ),
        ("output_validators/guess/Guess.java", "class Guess {}\n"),
        ("data/sample/1.in", "1\n"),
        ("data/sample/1.ans", "1\n"),
    ]);
    let report = judge(&interactive.path, &[]);
    report.exited(2);
    assert_eq!(report.stderr.lines().count(), 1, "{}", report.stderr);
    assert!(
        report
            .stderr
            .contains("no source that cargo judge can build")
            && report.stderr.contains("pass --interactor SPEC"),
        "{}",
        report.stderr
    );
}

/// A Polygon problem.xml whose testset `tests` states `count` tests in
/// `tests/`, and `assets` (a checker, an interactor).
fn polygon_xml(count: &str, assets: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<problem short-name=\"sum\">\n\
         <judging input-file=\"\" output-file=\"\"><testset name=\"tests\">\
         <time-limit>2000</time-limit><memory-limit>268435456</memory-limit>\
         <test-count>{count}</test-count><input-path-pattern>tests/%02d</input-path-pattern>\
         <answer-path-pattern>tests/%02d.a</answer-path-pattern></testset></judging>\n\
         <assets>{assets}</assets>\n</problem>\n"
    )
}

#[test]
fn a_polygon_test_count_past_what_the_package_holds_is_one_line_at_once() {
    let package = package(&[
        ("problem.xml", &polygon_xml("100000000", "")),
        ("tests/01", "print 1\\n"),
        ("tests/01.a", "1\n"),
    ]);
    let started = Instant::now();
    let report = judge(&package.path, &["--checker", "tokens"]);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    report.exited(2);
    assert_eq!(report.stderr.lines().count(), 1, "{}", report.stderr);
    assert!(
        report.stderr.contains("has 100000000 tests, and ") && report.stderr.contains("doall"),
        "{}",
        report.stderr
    );
}

/// "pass --checker" only where it helps: a Polygon package without a
/// checker is judged with one.
#[test]
fn a_polygon_package_without_a_checker_is_judged_with_checker() {
    let polygon = package(&[
        ("problem.xml", &polygon_xml("1", "")),
        ("tests/01", "print 1  2\\n"),
        ("tests/01.a", "1 2\n"),
    ]);
    let report = judge(&polygon.path, &[]);
    report.exited(2);
    assert!(report.stderr.contains("no <checker>"), "{}", report.stderr);
    assert!(
        report.stderr.contains("pass --checker"),
        "{}",
        report.stderr
    );
    let report = judge(&polygon.path, &["--checker", "tokens"]);
    assert!(
        package_line(&report).contains("checker tokens (--checker)"),
        "{}",
        report.stdout
    );
    assert_eq!(report.verdict("judge-fixture/1"), "AC", "{}", report.stdout);
    report.exited(0);
}
/// A BAPCtools package makes its secret tests with generators: until they
/// are made, it is not judged on its samples alone as if that were all.
#[test]
fn a_package_whose_secret_tests_are_not_generated_yet_says_so() {
    let package = package(&[
        ("problem.yaml", "name: Made\n"),
        ("generators/generators.yaml", "solution: /submissions/accepted/a.py\ndata:\n  secret:\n    data:\n      - '01': gen 1\n"),
        ("data/sample/1.in", "print 1\\n"),
        ("data/sample/1.ans", "1\n"),
        ("data/secret/.gitignore", "*\n"),
    ]);
    let report = judge(&package.path, &[]);
    report.exited(1);
    assert!(
        report
            .stdout
            .contains("data/secret holds none yet: make them with BAPCtools' `bt generate`"),
        "{}",
        report.stdout
    );
    assert_ne!(report.summary(), "1 passed, 0 failed");
    // Its samples alone, when asked for.
    let report = judge(&package.path.join("data/sample"), &[]);
    assert_eq!(report.summary(), "1 passed, 0 failed", "{}", report.stdout);
    // Made, it is judged.
    package.write("data/secret/01.in", b"print 1\\n");
    package.write("data/secret/01.ans", b"1\n");
    let report = judge(&package.path, &[]);
    assert_eq!(report.summary(), "2 passed, 0 failed", "{}", report.stdout);
}

/// The compiler counts by what it says it is, not by its path: another
/// release at the same path (here a wrapper whose --version changes)
/// builds again.
#[cfg(unix)]
#[test]
fn another_compiler_at_the_same_path_builds_again() {
    use std::os::unix::fs::PermissionsExt;
    if lacking("C++ compiler", &["c++"]) {
        return;
    }
    let main = format!("{}{CPP_MAIN}", fresh_comment("//"));
    let header = "#define SIGN_IS_FREE 1\nbool same(long long got, long long want);\n";
    let package = signs(&[
        ("validate.cc", &main),
        ("lib/verdict.cc", CPP_LIB),
        ("lib/verdict.hpp", header),
    ]);
    let compiler = Scratch::with_files("compiler", &[("version", "c++ 1\n")]);
    let wrapper = compiler.write(
        "c++",
        format!(
            "#!/bin/sh\n[ \"$1\" = --version ] && exec cat {}\nexec c++ \"$@\"\n",
            compiler.path.join("version").display()
        )
        .as_bytes(),
    );
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let built = |version: &str| {
        compiler.write("version", version.as_bytes());
        let report = Report::of(
            tool()
                .args(["judge", "--program"])
                .arg(fixture())
                .arg("--samples")
                .arg(&package.path)
                .env("CXX", &wrapper)
                .output()
                .unwrap(),
        );
        let line = package_line(&report).to_string();
        assert_eq!(
            report.verdict("judge-fixture/secret/1"),
            "AC",
            "{}",
            report.stdout
        );
        line.contains("(built now)")
    };
    assert!(built("c++ 1\n"), "the first build");
    assert!(!built("c++ 1\n"), "the same compiler: built before");
    assert!(built("c++ 2\n"), "another release at the same path");
}

/// `validation: custom` with no validator folder: --checker judges it,
/// and without one the error says to pass it.
#[test]
fn a_custom_validated_package_without_its_validator_is_judged_with_checker() {
    let icpc = package(&[
        ("problem.yaml", "name: Custom\nvalidation: custom\n"),
        ("data/secret/1.in", "print 1  2\\n"),
        ("data/secret/1.ans", "1 2\n"),
    ]);
    let report = judge(&icpc.path, &[]);
    report.exited(2);
    assert!(
        report.stderr.contains("validation is custom") && report.stderr.contains("pass --checker"),
        "{}",
        report.stderr
    );
    let report = judge(&icpc.path, &["--checker", "tokens"]);
    assert!(
        package_line(&report).contains("checker tokens (--checker)"),
        "{}",
        report.stdout
    );
    assert_eq!(
        report.verdict("judge-fixture/secret/1"),
        "AC",
        "{}",
        report.stdout
    );
    report.exited(0);
}
