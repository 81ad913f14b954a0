//! `judge --interactor`: a guessing game played by `guess-player` against
//! `guess-interactor`, in testlib's convention and in ICPC's, fair and
//! hostile on either side. Each case's input is `SECRET MAX`, the player's
//! mode and the interactor's behaviour (see the two fixtures' notes).

mod common;

use common::{judge_program, tool, Report, Scratch};
use std::path::Path;

/// The two fixtures.
fn player() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_guess-player"))
}

fn interactor() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_guess-interactor"))
}

/// The interactor's spec in testlib's convention, and in ICPC's.
fn conventions() -> [String; 2] {
    let path = interactor().display().to_string();
    [path.clone(), format!("icpc:{path}")]
}

/// A folder of cases, each `(name, player's mode, interactor's
/// behaviour)`, the secret 37 of 1 to 100, the answer `37`.
fn game(cases: &[(&str, &str, &str)]) -> Scratch {
    let samples = Scratch::new("game");
    for (name, player, behaviour) in cases {
        let input = format!("37 100\n{player}\n{behaviour}\n");
        samples.write(&format!("{name}.in"), input.as_bytes());
        samples.write(&format!("{name}.ans"), b"37\n");
    }
    samples
}

/// `judge --program guess-player --interactor SPEC` on `samples`, with a
/// time limit of `time_limit_ms` and `extra` options.
fn judge(samples: &Path, spec: &str, time_limit_ms: &str, extra: &[&str]) -> Report {
    Report::of(
        tool()
            .args(["judge", "--time-limit-ms", time_limit_ms, "--program"])
            .arg(player())
            .arg("--samples")
            .arg(samples)
            .args(["--interactor", spec])
            .args(extra)
            .output()
            .unwrap(),
    )
}

/// Asserts each case's verdict under both conventions, the two joined
/// directly and through the tool's relays (`--transcript`); returns the
/// two reports of the direct runs, testlib's first.
#[track_caller]
fn verdicts(cases: &[(&str, &str, &str, &str)], time_limit_ms: &str) -> Vec<Report> {
    let picked: Vec<(&str, &str, &str)> = cases
        .iter()
        .map(|&(name, player, behaviour, _)| (name, player, behaviour))
        .collect();
    let samples = game(&picked);
    let mut direct = Vec::new();
    for spec in conventions() {
        for extra in [&[][..], &["--transcript"]] {
            let report = judge(&samples.path, &spec, time_limit_ms, extra);
            for (name, _, _, verdict) in cases {
                let case = format!("guess-player/{name}");
                let shown = &report.stdout;
                assert_eq!(
                    report.verdict(&case),
                    *verdict,
                    "{spec} {extra:?} {name}:\n{shown}"
                );
            }
            if extra.is_empty() {
                direct.push(report);
            }
        }
    }
    direct
}

#[test]
fn a_right_player_is_ac_in_both_conventions() {
    for report in verdicts(&[("1", "search", "fair", "AC")], "2000") {
        report.exited(0).says(&["1 passed, 0 failed"]);
    }
}

/// The interactor says WA first; the player then dies on the closed pipe
/// or the end of its input, or is stopped: WA all the same, never RE.
#[test]
fn the_interactors_wrong_answer_wins_over_the_players_death() {
    let reports = verdicts(
        &[
            ("linear", "linear", "fair", "WA"),
            ("deaf", "deaf", "fair", "WA"),
            ("flood", "flood", "fair", "WA"),
            ("quit", "search", "quit", "WA"),
        ],
        "2000",
    );
    let (head, detail) = reports[0].case("guess-player/linear");
    // Stopped by the tool, the program still has its peak.
    assert!(!head.contains("- MiB"), "{head}");
    assert!(
        detail.contains("the interactor says wrong answer (exit status 1)"),
        "{detail}"
    );
    assert!(
        detail.ends_with(
            "| wrong answer more than 8 guesses\n    (said first; the program was then stopped)"
        ),
        "{detail}"
    );
    // ICPC's message is its judgemessage.txt.
    let (_, detail) = reports[1].case("guess-player/linear");
    assert!(detail.contains("(exit status 43)"), "{detail}");
    assert!(detail.contains("more than 8 guesses"), "{detail}");
}

/// The player crashes before the interactor has said anything: RE, even
/// though the interactor then finds its output ended (and says so).
#[test]
fn a_player_that_fails_first_is_re() {
    let reports = verdicts(&[("crash", "crash", "fair", "RE")], "2000");
    let (_, detail) = reports[0].case("guess-player/crash");
    assert!(detail.contains("the player was told to crash"), "{detail}");
}

/// Both sides wait for the other: the wall clock ends it, TLE; and the
/// player that closes its input at once is judged by what the interactor
/// then finds (testlib's unexpected end of file is PE).
#[test]
fn waiting_on_each_other_is_tle_and_a_closed_input_is_the_interactors_call() {
    let cases = [("silent", "silent", "fair"), ("close", "close", "fair")];
    let samples = game(&cases);
    let [testlib, icpc] = conventions();
    for (spec, closed) in [(testlib, "PE"), (icpc, "WA")] {
        // 600 ms: the closing player and its interactor both start and end
        // well within it even under Wine on a loaded machine.
        let report = judge(&samples.path, &spec, "600", &[]);
        assert_eq!(
            report.verdict("guess-player/silent"),
            "TLE",
            "{spec}\n{}",
            report.stdout
        );
        assert_eq!(
            report.verdict("guess-player/close"),
            closed,
            "{spec}\n{}",
            report.stdout
        );
    }
}

/// An interactor that floods, hangs, crashes or fails is an ERROR, never a
/// verdict against the player, and holds nothing up for long.
#[test]
fn a_failing_interactor_is_an_error_never_the_players_fault() {
    let reports = verdicts(
        &[
            ("flood", "search", "flood", "ERROR"),
            ("hang", "search", "hang", "ERROR"),
            ("crash", "search", "crash", "ERROR"),
            ("fail", "search", "fail", "ERROR"),
        ],
        "2000",
    );
    let (_, detail) = reports[0].case("guess-player/hang");
    assert!(
        detail.contains("the interactor was still running 1000.00 ms after the program ended"),
        "{detail}"
    );
    let (_, detail) = reports[0].case("guess-player/fail");
    assert!(
        detail.contains(
            "the interactor failed (testlib's fail, exit status 3): the interactor or the \
             case is broken, the program is not blamed"
        ),
        "{detail}"
    );
    let (_, detail) = reports[1].case("guess-player/fail");
    assert!(
        detail.contains("the interactor failed: exit status 1, neither 42 (accepted) nor 43"),
        "{detail}"
    );
}

/// The memory limit and the peak are the program's: one that fills
/// 128 MiB under a limit of 64 MiB is MLE, though the interactor accepts.
#[test]
fn the_memory_limit_is_the_programs() {
    let samples = game(&[("hog", "hog", "fair"), ("fair", "search", "fair")]);
    for spec in conventions() {
        let report = judge(&samples.path, &spec, "2000", &["--memory-limit-mib", "64"]);
        assert_eq!(
            report.verdict("guess-player/hog"),
            "MLE",
            "{}",
            report.stdout
        );
        assert_eq!(
            report.verdict("guess-player/fair"),
            "AC",
            "{}",
            report.stdout
        );
    }
}

/// With --transcript, the last lines exchanged are shown under a failure,
/// in the order they were sent, a reply after what it answers.
#[test]
fn a_transcript_shows_the_last_lines_exchanged() {
    let samples = game(&[("linear", "linear", "fair"), ("crash", "crash", "fair")]);
    for spec in conventions() {
        let report = judge(&samples.path, &spec, "2000", &["--transcript"]);
        let (_, detail) = report.case("guess-player/linear");
        let last: Vec<&str> = detail.lines().rev().take(13).collect();
        let expected = [
            "      < ? 9",
            "      > >",
            "      < ? 8",
            "      > >",
            "      < ? 7",
            "      > >",
            "      < ? 6",
            "      > >",
            "      < ? 5",
            "      > >",
            "      < ? 4",
            "      > >",
            "    the last 12 lines exchanged (> to the program, < from it):",
        ];
        assert_eq!(last, expected, "{spec}: {detail}");
        let (_, detail) = report.case("guess-player/crash");
        assert!(
            detail.ends_with("      > 100 crash\n      < ? 50\n      > <"),
            "{spec}: {detail}"
        );
    }
    // Without an interactor there is no interaction to show.
    let refused = Report::of(
        tool()
            .args(["judge", "--transcript", "--program"])
            .arg(player())
            .arg("--samples")
            .arg(&samples.path)
            .output()
            .unwrap(),
    );
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert!(
        refused
            .stderr
            .contains("--transcript shows an interaction: give --interactor SPEC"),
        "{}",
        refused.stderr
    );
}

/// An interactor that accepts at once, before the player has asked: the
/// player then finds its input ended and fails, RE.
#[test]
fn an_interactor_that_accepts_at_once_leaves_the_player_to_be_judged() {
    verdicts(&[("exit", "search", "exit", "RE")], "2000");
}

/// testlib's convention: the interactor's OUTPUT (here the secret) is held
/// against the answer by a checker when one is given, as Polygon does.
#[test]
fn a_checker_judges_what_a_testlib_interactor_wrote() {
    let samples = game(&[("right", "search", "fair"), ("wrong", "search", "fair")]);
    samples.write("wrong.ans", b"38\n");
    let [testlib, icpc] = conventions();
    let report = judge(&samples.path, &testlib, "2000", &["--checker", "tokens"]);
    assert_eq!(
        report.verdict("guess-player/right"),
        "AC",
        "{}",
        report.stdout
    );
    assert_eq!(
        report.verdict("guess-player/wrong"),
        "WA",
        "{}",
        report.stdout
    );
    // Without a checker the interactor's word is final.
    let report = judge(&samples.path, &testlib, "2000", &[]);
    report.exited(0);
    // An ICPC validator judges by itself.
    let report = judge(&samples.path, &icpc, "2000", &["--checker", "tokens"]);
    assert_eq!(report.code, Some(2), "{}{}", report.stdout, report.stderr);
    assert!(
        report.stderr.contains("give no checker with it"),
        "{}",
        report.stderr
    );
}

/// A package of one case of the game, with a transcript for the
/// statement in `sample/`.
fn with_transcript() -> Scratch {
    Scratch::with_files(
        "package",
        &[
            ("sample/1.interaction", "<100\n>? 50\n<>\n"),
            ("secret/1.in", "37 100\nsearch\n"),
            ("secret/1.ans", "37\n"),
        ],
    )
}

/// A package's `.interaction` files are transcripts for the statement:
/// skipped with one note, never a case.
#[test]
fn interaction_transcripts_are_skipped_with_a_note() {
    let package = with_transcript();
    for spec in conventions() {
        let report = judge(&package.path, &spec, "2000", &[]);
        report.exited(0).says(&[
            "note: 1 .interaction file skipped: a transcript for the statement, not a case",
            "1 passed, 0 failed",
        ]);
    }
}

/// Without an interactor, a folder with `.interaction` files is not
/// judged as batch (ten silent REs): one error that says why.
#[test]
fn a_package_with_transcripts_is_refused_without_an_interactor() {
    let package = with_transcript();
    let report = judge_program(player(), &package.path, &[]);
    report.exited(1).says(&[
        "ERROR guess-player",
        "the folder has 1 .interaction file: the problem is interactive; judge it \
         against its interactor with --interactor SPEC",
        "0 passed, 1 failed",
    ]);
}

#[test]
fn a_missing_interactor_is_one_error() {
    let samples = game(&[("1", "search", "fair")]);
    let report = judge(&samples.path, "icpc:no-such-interactor", "2000", &[]);
    report.exited(1).says(&[
        "ERROR guess-player",
        "the interactor ./no-such-interactor is not a file",
    ]);
}

/// Nothing of a hostile case is left running once the judge has ended: no
/// process has the case's folder on its command line (the interactor is
/// given the case's input path).
#[cfg(target_os = "linux")]
#[test]
fn nothing_is_left_running() {
    let cases = [
        ("silent", "silent", "fair"),
        ("deaf", "deaf", "fair"),
        ("flood", "flood", "flood"),
        ("hang", "search", "hang"),
    ];
    let samples = game(&cases);
    let marker = samples.path.display().to_string();
    for spec in conventions() {
        judge(&samples.path, &spec, "300", &[]).exited(1);
        let left: Vec<String> = std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter_map(|entry| std::fs::read(entry.path().join("cmdline")).ok())
            .map(|command| String::from_utf8_lossy(&command).replace('\0', " "))
            .filter(|command| command.contains(&marker))
            .collect();
        assert!(left.is_empty(), "left running: {left:?}");
    }
}

/// An interactive ICPC package, in 2023-07's format (`type: interactive`,
/// `output_validator/`) and the legacy one (`validation: custom
/// interactive`, `output_validators/NAME/`), is judged against its own
/// validator, here a `run` script the format allows (a Unix shell's),
/// with the package's validator flags; its transcripts skipped.
#[cfg(unix)]
#[test]
fn an_interactive_icpc_package_is_judged_against_its_own_validator() {
    use std::os::unix::fs::PermissionsExt;
    let run = format!(
        "#!/bin/sh\n# The flags, then the interactor's arguments.\n\
         test \"$4\" = strict || exit 1\nexec '{}' \"$1\" \"$2\" \"$3\"\n",
        interactor().display()
    );
    for (yaml, folder) in [
        (
            "problem_format_version: 2023-07-draft\ntype: interactive\nname: Guess\n\
             validator_flags: strict\n",
            "output_validator",
        ),
        (
            "name: Guess\nvalidation: custom interactive\nvalidator_flags: strict\n",
            "output_validators/guess",
        ),
    ] {
        let package = Scratch::new("icpc-package");
        package.write("problem.yaml", yaml.as_bytes());
        let script = package.write(&format!("{folder}/run"), run.as_bytes());
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        package.write("data/sample/1.interaction", b"<100\n>? 50\n");
        package.write("data/secret/1.in", b"37 100\nsearch\n");
        package.write("data/secret/1.ans", b"37\n");
        package.write("data/secret/2.in", b"37 100\nlinear\n");
        package.write("data/secret/2.ans", b"37\n");
        let report = judge_program(player(), &package.path, &[]);
        report.exited(1).says(&[
            "checker none: the interactor judges, interactor the package's",
            "(ICPC's convention, built",
            "note: 1 .interaction file skipped",
            "1 passed, 1 failed",
        ]);
        assert_eq!(
            report.verdict("guess-player/secret/1"),
            "AC",
            "{}",
            report.stdout
        );
        assert_eq!(
            report.verdict("guess-player/secret/2"),
            "WA",
            "{}",
            report.stdout
        );
    }
}

/// A Polygon package's `<interactor>` is built with its `files/` and run
/// in testlib's convention; the package's checker then holds what the
/// interactor wrote to OUTPUT against the test's answer, as Polygon does.
/// The interactor here is C++ that hands over to the guessing game's own
/// (a compiler is needed: skipped, saying so, where there is none).
#[cfg(unix)]
#[test]
fn a_polygon_packages_interactor_is_built_and_its_checker_reads_the_output() {
    if common::lacking("C++ compiler", common::CPP_COMPILERS) {
        return;
    }
    let package = Scratch::new("polygon-package");
    let tests = "<test method=\"manual\"/>".repeat(3);
    let xml = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n\
         <problem revision=\"1\" short-name=\"guess\">\n  <judging>\n\
         \x20   <testset name=\"tests\">\n      <time-limit>2000</time-limit>\n\
         \x20     <memory-limit>268435456</memory-limit>\n      <test-count>3</test-count>\n\
         \x20     <input-path-pattern>tests/%02d</input-path-pattern>\n\
         \x20     <answer-path-pattern>tests/%02d.a</answer-path-pattern>\n\
         \x20     <tests>{tests}</tests>\n    </testset>\n  </judging>\n\
         \x20 <assets>\n    <checker type=\"testlib\"><source path=\"files/check.cpp\" \
         type=\"cpp.g++17\"/></checker>\n    <interactor><source path=\"files/interactor.cpp\" \
         type=\"cpp.g++17\"/></interactor>\n  </assets>\n</problem>\n"
    );
    package.write("problem.xml", xml.as_bytes());
    // The game's interactor is given the same arguments; `path.h` in the
    // package's files/ says where it is, so the include path is tested.
    package.write(
        "files/path.h",
        format!("#define GAME \"{}\"\n", interactor().display()).as_bytes(),
    );
    package.write(
        "files/interactor.cpp",
        b"#include <unistd.h>\n#include \"path.h\"\n\
          int main(int argc, char **argv) {\n    argv[0] = (char *)GAME;\n\
          \x20   execv(GAME, argv);\n    return 3;\n}\n",
    );
    package.write(
        "files/check.cpp",
        b"#include <fstream>\n#include <iostream>\n\
          int main(int argc, char **argv) {\n    if (argc < 4) return 3;\n\
          \x20   std::ifstream output(argv[2]), answer(argv[3]);\n    long long got, want;\n\
          \x20   if (!(answer >> want)) return 3;\n\
          \x20   if (output >> got && got == want) return 0;\n\
          \x20   std::cerr << \"wrong answer the secret is not \" << want << std::endl;\n\
          \x20   return 1;\n}\n",
    );
    for (test, player, answer) in [
        ("01", "search", "37"),
        ("02", "linear", "37"),
        ("03", "search", "38"),
    ] {
        package.write(
            &format!("tests/{test}"),
            format!("37 100\n{player}\n").as_bytes(),
        );
        package.write(&format!("tests/{test}.a"), format!("{answer}\n").as_bytes());
    }
    let report = judge_program(player(), &package.path, &[]);
    report.exited(1).says(&[
        "checker the package's testlib checker files/check.cpp",
        "interactor the package's files/interactor.cpp (testlib's convention, built",
        "1 passed, 2 failed",
    ]);
    let verdicts: Vec<String> = ["1", "2", "3"]
        .iter()
        .map(|test| report.verdict(&format!("guess-player/{test}")))
        .collect();
    assert_eq!(verdicts, ["AC", "WA", "WA"], "{}", report.stdout);
    let (_, detail) = report.case("guess-player/3");
    assert!(detail.contains("the secret is not 38"), "{detail}");
}

/// An interactor whose first message is more than a pipe holds (200 KB,
/// and 3 MB, more than the 1 MiB problemtools' pipes hold) and that then
/// reads one line: against a player that exits 1 after the first line,
/// RE, as problemtools (`support/interactive/interactive.cc` with
/// `judge/execute.py`) says; against one that reads 10 bytes and says
/// `ok`, the interactor's AC. What the player no longer reads once it has
/// ended is drained, so the interactor never waits on a full pipe for a
/// program that is gone.
#[test]
fn an_interactor_writing_more_than_a_pipe_holds_is_judged_by_who_ended_first() {
    verdicts(
        &[
            ("gave-up", "give-up", "big 200000", "RE"),
            ("ten", "ten", "big 200000", "AC"),
        ],
        "2000",
    );
    // Past the pipe's 1 MiB, where only the drain lets the interactor go
    // on. Not under Wine, where an interactor's write of 3 MB is not seen
    // to end though the tool reads it (ERROR after the grace; not seen on
    // a real Windows, and docs/interactive.md says so).
    if cfg!(unix) {
        verdicts(&[("gave-up-3mb", "give-up", "big 3000000", "RE")], "2000");
    }
}

/// An interactor that closes its output and lives on, reading the
/// player's answer: the player that reads to the end of its input gets
/// that end, as DOMjudge's `judge/runpipe.cc` gives it (it keeps no copy of
/// the pipes' ends), and the interactor decides: AC; a player that then
/// fails ended first, RE.
#[test]
fn an_interactor_that_closes_its_output_gives_the_player_the_end_of_its_input() {
    verdicts(
        &[
            ("to-end", "to-end", "eof", "AC"),
            ("to-end-crash", "to-end-crash", "eof", "RE"),
        ],
        "2000",
    );
}

/// The tool stopped by SIGTERM (or Ctrl-C's SIGINT) in the middle of an
/// interactive case takes the interactor with it, as it takes the program
/// and every checker (Linux's parent-death signal).
#[cfg(target_os = "linux")]
#[test]
fn an_interactor_dies_with_the_tool() {
    use std::os::unix::fs::PermissionsExt;
    use std::time::{Duration, Instant};
    let samples = game(&[("1", "silent", "fair")]);
    let pid_file = samples.path.join("interactor.pid");
    let script = samples.write(
        "hang.sh",
        format!(
            "#!/bin/sh\necho $$ > '{}.tmp'\nmv '{0}.tmp' '{0}'\nexec sleep 120\n",
            pid_file.display()
        )
        .as_bytes(),
    );
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut judging = tool()
        .args(["judge", "--time-limit-ms", "60000", "--program"])
        .arg(player())
        .arg("--samples")
        .arg(&samples.path)
        .arg("--interactor")
        .arg(&script)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(20);
    let pid: i32 = loop {
        if let Ok(text) = std::fs::read_to_string(&pid_file) {
            break text.trim().parse().unwrap();
        }
        assert!(Instant::now() < until, "the interactor never started");
        std::thread::sleep(Duration::from_millis(10));
    };
    // SAFETY: kill has no memory effects; the pid is the tool's, our
    // child, unreaped until the wait below.
    unsafe { libc::kill(judging.id() as i32, libc::SIGTERM) };
    judging.wait().unwrap();
    // Gone, or a zombie whose new parent has yet to reap it.
    let gone = || match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
    };
    let until = Instant::now() + Duration::from_secs(5);
    while !gone() {
        assert!(Instant::now() < until, "the interactor {pid} still runs");
        std::thread::sleep(Duration::from_millis(10));
    }
}
