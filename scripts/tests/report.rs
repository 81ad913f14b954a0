//! The judge's report in colour and as JSON: which switch or variable turns
//! colour on, the exact escape codes, the same text under them; the JSON
//! Lines of `--json`, parsed back and held against the table.

mod common;

use common::{fixture, tool, Problems, Report, Scratch};
use serde_json::Value;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const GREEN: &str = "\u{1b}[1m\u{1b}[32m";
const RED: &str = "\u{1b}[1m\u{1b}[31m";
const YELLOW: &str = "\u{1b}[1m\u{1b}[33m";
const RESET: &str = "\u{1b}[0m";

/// A folder of cases for the fixture, each `(name, input, expected)`;
/// `None` leaves the expected output out.
fn samples(cases: &[(&str, &str, Option<&str>)]) -> Scratch {
    let samples = Scratch::new("report-samples");
    for (name, input, expected) in cases {
        samples.write(&format!("{name}.in"), input.as_bytes());
        if let Some(expected) = expected {
            samples.write(&format!("{name}.out"), expected.as_bytes());
        }
    }
    samples
}

/// `cargo judge --program` on the fixture and `samples` with a 1000 ms,
/// 32 MiB limit, `args` added.
fn judge_command(samples: &Scratch, args: &[&str]) -> Command {
    let mut command = tool();
    command
        .args([
            "judge",
            "--time-limit-ms",
            "1000",
            "--memory-limit-mib",
            "32",
        ])
        .args(args)
        .arg("--program")
        .arg(fixture())
        .arg("--samples")
        .arg(&samples.path);
    command
}

/// [`judge_command`], run.
fn judged(samples: &Scratch, args: &[&str]) -> Report {
    Report::of(judge_command(samples, args).output().unwrap())
}

/// AC, WA and MLE: one verdict of each colour, and a failing summary.
const THREE_COLOURS: &[(&str, &str, Option<&str>)] = &[
    ("1", "print 1\\n", Some("1\n")),
    ("2", "print 2\\n", Some("1\n")),
    ("3", "alloc 100", Some("allocated\n")),
];

/// `text` without its escape codes.
fn without_escapes(text: &str) -> String {
    let mut plain = String::new();
    let mut rest = text;
    while let Some(start) = rest.find('\u{1b}') {
        plain.push_str(&rest[..start]);
        let after = &rest[start..];
        let end = after.find('m').expect("an escape code ends with m");
        rest = &after[end + 1..];
    }
    plain.push_str(rest);
    plain
}

/// Asserts that `stdout` is the coloured report of [`THREE_COLOURS`]: each
/// verdict in its colour, the lines under them plain, the summary red.
#[track_caller]
fn assert_coloured(stdout: &str, context: &str) {
    let lines: Vec<&str> = stdout.lines().collect();
    let line_of = |case: &str| {
        *lines
            .iter()
            .find(|line| line.contains(&format!("judge-fixture/{case} ")))
            .unwrap_or_else(|| panic!("{context}: no {case} in {stdout:?}"))
    };
    assert!(
        line_of("1").starts_with(&format!("{GREEN}AC{RESET}    judge-fixture/1 ")),
        "{context}: {stdout:?}"
    );
    assert!(
        line_of("2").starts_with(&format!("{RED}WA{RESET}    judge-fixture/2 ")),
        "{context}: {stdout:?}"
    );
    assert!(
        line_of("3").starts_with(&format!("{YELLOW}MLE{RESET}   judge-fixture/3 ")),
        "{context}: {stdout:?}"
    );
    let summary = lines.last().unwrap();
    assert!(
        summary.starts_with(&format!("{RED}1 passed, 2 failed in ")) && summary.ends_with(RESET),
        "{context}: {summary:?}"
    );
    // Three verdicts and a summary carry colour; the lines under them none.
    let coloured = lines.iter().filter(|line| line.contains('\u{1b}')).count();
    assert_eq!(coloured, 4, "{context}: {stdout:?}");
    assert_eq!(stdout.matches('\u{1b}').count(), 4 * 3, "{context}");
}

/// `text` with each run of digits as one `#` and each run of spaces as
/// one: the report without its measured figures.
fn without_figures(text: &str) -> String {
    // Whether CPU time was read is a figure too: under Wine it is read
    // from the program's threads while they run, and a run that ends
    // before the first look has none, which a note counts.
    let text: String = text
        .lines()
        .filter(|line| !(line.starts_with("note: ") && line.contains("judged by wall time")))
        .map(|line| format!("{line}\n"))
        .collect();
    let mut shown = String::new();
    for character in text.chars() {
        let character = if character.is_ascii_digit() {
            '#'
        } else {
            character
        };
        if (character == '#' || character == ' ') && shown.ends_with(character) {
            continue;
        }
        shown.push(character);
    }
    shown
}

/// The command line's options, the variables set, and whether the report
/// is coloured.
type ColourRun = (
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
    bool,
);

#[test]
fn colour_follows_the_flag_then_cargo_term_color_then_the_environment() {
    let samples = samples(THREE_COLOURS);
    // (flag, variables, coloured): the pipe the tests read is no terminal,
    // so `auto` colours only when a variable forces it.
    let runs: &[ColourRun] = &[
        (&[], &[], false),
        (&["--color", "auto"], &[], false),
        (&["--color", "always"], &[], true),
        (&["--color", "never"], &[("CLICOLOR_FORCE", "1")], false),
        (&["--color", "always"], &[("NO_COLOR", "1")], true),
        (
            &["--color", "auto"],
            &[("CARGO_TERM_COLOR", "always")],
            false,
        ),
        (
            &["--color", "never"],
            &[("CARGO_TERM_COLOR", "always")],
            false,
        ),
        (&[], &[("CARGO_TERM_COLOR", "always")], true),
        (
            &[],
            &[("CARGO_TERM_COLOR", "always"), ("NO_COLOR", "1")],
            true,
        ),
        (&[], &[("CARGO_TERM_COLOR", "auto")], false),
        (
            &[],
            &[("CARGO_TERM_COLOR", "never"), ("CLICOLOR_FORCE", "1")],
            false,
        ),
        (&[], &[("NO_COLOR", "1")], false),
        (&[], &[("CLICOLOR_FORCE", "1")], true),
        (&[], &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")], false),
        (&[], &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "")], true),
        (&[], &[("CLICOLOR", "1")], false),
    ];
    let mut plain_text = None;
    for (flag, variables, coloured) in runs {
        let mut command = judge_command(&samples, flag);
        command.envs(variables.iter().copied());
        let report = Report::of(command.output().unwrap());
        let context = format!("{flag:?} {variables:?}");
        assert_eq!(report.code, Some(1), "{context}: {}", report.stderr);
        if *coloured {
            assert_coloured(&report.stdout, &context);
        } else {
            assert!(
                !report.stdout.contains('\u{1b}'),
                "{context}: {:?}",
                report.stdout
            );
        }
        // Under the codes, the same text every time but for the figures.
        let plain = without_figures(&without_escapes(&report.stdout));
        assert_eq!(
            plain_text.get_or_insert_with(|| plain.clone()),
            &plain,
            "{context}"
        );
    }
}

#[test]
fn a_color_that_is_no_choice_is_refused_in_one_line() {
    let samples = samples(THREE_COLOURS);
    let report = Report::of(
        judge_command(&samples, &["--color", "sometimes"])
            .output()
            .unwrap(),
    );
    assert_eq!(report.code, Some(2));
    assert_eq!(
        report.stderr,
        "error: --color takes auto, always or never, not 'sometimes'\n"
    );
    let mut command = judge_command(&samples, &[]);
    command.env("CARGO_TERM_COLOR", "sometimes");
    let report = Report::of(command.output().unwrap());
    assert_eq!(report.code, Some(2));
    assert_eq!(
        report.stderr,
        "error: CARGO_TERM_COLOR takes auto, always or never, not 'sometimes'\n"
    );
    assert_eq!(report.stdout, "");
    // Stress refuses it before it looks for a workspace, let alone builds.
    let nowhere = Scratch::new("report-stress-colour");
    let report = Report::of(
        tool()
            .args(["stress", "x1-fixture"])
            .env("CARGO_TERM_COLOR", "sometimes")
            .current_dir(&nowhere.path)
            .output()
            .unwrap(),
    );
    assert_eq!(report.code, Some(2));
    assert_eq!(
        report.stderr,
        "error: CARGO_TERM_COLOR takes auto, always or never, not 'sometimes'\n"
    );
}

#[test]
fn bundle_check_and_stress_colour_their_verdicts_too() {
    let problems = Problems::new("report-colour", "");
    let report = problems.tool(&[
        "bundle",
        "--check",
        "--as-committed",
        "x1-fixture",
        "--color",
        "always",
    ]);
    report.exited(1).says(&[
        &format!("{RED}PE{RESET}    x1-fixture (bundle, plain rustc)/spaced"),
        &format!("{GREEN}AC{RESET}    x1-fixture (bundle, plain rustc)/other"),
        &format!("{RED}3 passed, 1 failed in "),
    ]);
    let plain = problems.tool(&["bundle", "--check", "--as-committed", "x1-fixture"]);
    assert!(!plain.stdout.contains('\u{1b}'), "{:?}", plain.stdout);

    let stress = |name: &str, args: &[&str]| {
        let mut all = vec!["stress", name, "--cases", "3"];
        all.extend(args);
        problems.tool(&all)
    };
    stress("x2-tokens", &["--color", "always"])
        .exited(0)
        .starts_with(&format!(
            "{GREEN}3 passed, 0 failed: x2-tokens on seeds 0..=2 "
        ));
    stress("x1-fixture", &["--color", "always"])
        .exited(1)
        .starts_with(&format!(
            "{RED}FAIL{RESET}  x1-fixture on seed 0 (case 1 of this run): PE\n"
        ));
    let coloured = stress("x1-fixture", &["--color", "always"]);
    let plain = stress("x1-fixture", &[]);
    plain
        .exited(1)
        .starts_with("FAIL  x1-fixture on seed 0 (case 1 of this run): PE\n");
    assert_eq!(without_escapes(&coloured.stdout), plain.stdout);
    assert_eq!(
        stress("x1-fixture", &["--color", "never"]).stdout,
        plain.stdout
    );
}

/// Every case of the JSON report, and its summary, against the table
/// `table` shows: name, verdict, wall time and peak memory as the table
/// rounds them, the counts, and what is shown under each verdict.
#[track_caller]
fn assert_json_matches_table(json: &str, table: &str) -> Vec<Value> {
    let objects: Vec<Value> = json
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}: {line}")))
        .collect();
    let (summary, cases) = objects.split_last().expect("a summary");
    let verdict_lines: Vec<&str> = table
        .lines()
        .filter(|line| !line.starts_with(' ') && line.contains('/'))
        .collect();
    assert_eq!(cases.len(), verdict_lines.len(), "{json}\n{table}");
    for (case, line) in cases.iter().zip(&verdict_lines) {
        assert_eq!(case["type"], "case", "{case}");
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(case["verdict"], words[0], "{line}");
        let name = format!(
            "{}/{}",
            case["crate"].as_str().unwrap(),
            case["case"].as_str().unwrap()
        );
        assert_eq!(name, words[1], "{line}");
        match case["wall_ns"].as_u64() {
            Some(wall_ns) => {
                // The table shows the time that decided: the CPU time
                // under the default profile where it was measured.
                let ns = case["cpu_ns"].as_u64().unwrap_or(wall_ns);
                // Rounded as the table rounds it: from the same Duration,
                // so that a time ending in 5,000 ns rounds one way in both.
                let wall = Duration::from_nanos(ns).as_secs_f64() * 1e3;
                assert_eq!(format!("{wall:.2}"), words[2], "{line}");
                let peak = match case["peak_bytes"].as_u64() {
                    Some(bytes) => format!("{:.1}", bytes as f64 / (1024.0 * 1024.0)),
                    None => "-".to_string(),
                };
                assert_eq!(peak, words[4], "{line}");
            }
            None => assert_eq!(words.len(), 2, "{line}"),
        }
        // What the table shows under the line, without its indent.
        let shown: Vec<&str> = table
            .lines()
            .skip_while(|other| other != line)
            .skip(1)
            .take_while(|other| other.starts_with(' '))
            .map(|other| &other[4..])
            .collect();
        if shown.is_empty() {
            assert_eq!(case["detail"], Value::Null, "{case}");
        } else {
            assert_eq!(case["detail"], shown.join("\n") + "\n", "{case}");
        }
    }
    assert_eq!(summary["type"], "summary");
    let last = table.lines().last().unwrap();
    let jobs = summary["jobs"].as_u64().unwrap();
    let counts = format!(
        "{} passed, {} failed in {:.1} s, {jobs} job{}",
        summary["passed"],
        summary["failed"],
        summary["seconds"].as_f64().unwrap(),
        if jobs == 1 { "" } else { "s" }
    );
    assert_eq!(counts, last);
    objects
}

/// The cases of the JSON test: AC, WA, PE, TLE, MLE, RE by exit status,
/// ERROR, and (on Unix) RE by a signal.
fn every_verdict() -> Scratch {
    let mut cases = vec![
        ("1-ac", "print 1\\n2\\n", Some("1\n2\n")),
        ("2-wa", "print 1\\n3\\n3\\n", Some("1\n2\n3\n")),
        ("3-pe", "print 1  2\\n", Some("1 2\n")),
        ("4-tle", "cpu-threads 1 1200", Some("spun\n")),
        ("5-mle", "alloc 100", Some("allocated\n")),
        ("6-re", "exit 3", Some("partial\n")),
        ("7-error", "print 1", None),
    ];
    if cfg!(unix) {
        cases.push(("8-signal", "kill", Some("1\n")));
    }
    samples(&cases)
}

#[test]
fn json_holds_every_case_as_the_table_shows_it_field_by_field() {
    let samples = every_verdict();
    let out = Scratch::new("report-json");
    let path = out.path.join("judge.json");
    let mut child = judge_command(&samples, &["--json", path.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Each line is written as its case finishes: the first cases are in
    // the file while the slow fourth still runs.
    let started = Instant::now();
    let mut seen_while_running = 0;
    while child.try_wait().unwrap().is_none() && started.elapsed() < Duration::from_secs(60) {
        let lines = fs::read_to_string(&path)
            .unwrap_or_default()
            .lines()
            .count();
        seen_while_running = seen_while_running.max(lines);
        std::thread::sleep(Duration::from_millis(20));
    }
    let report = Report::of(child.wait_with_output().unwrap());
    assert!(seen_while_running >= 3, "{seen_while_running}");
    assert_eq!(report.code, Some(1), "{}{}", report.stdout, report.stderr);
    let json = fs::read_to_string(&path).unwrap();
    let objects = assert_json_matches_table(&json, &report.stdout);
    let case = |name: &str| {
        objects
            .iter()
            .find(|object| object["case"] == name)
            .unwrap_or_else(|| panic!("no {name} in {json}"))
    };
    let verdicts: Vec<&str> = objects[..objects.len() - 1]
        .iter()
        .map(|object| object["verdict"].as_str().unwrap())
        .collect();
    let mut expected = vec!["AC", "WA", "PE", "TLE", "MLE", "RE", "ERROR"];
    if cfg!(unix) {
        expected.push("RE");
    }
    assert_eq!(verdicts, expected, "{}", report.stdout);

    let ac = case("1-ac");
    assert_eq!(ac["crate"], "judge-fixture");
    assert_eq!(
        ac["file"],
        samples.path.join("1-ac.in").display().to_string()
    );
    assert_eq!(ac["exit_status"], 0);
    assert_eq!(ac["signal"], Value::Null);
    assert_eq!(ac["first_difference"], Value::Null);
    assert_eq!(ac["time_limit_ns"], 1_000_000_000u64);
    assert_eq!(ac["memory_limit_bytes"], 32u64 << 20);
    assert!(ac["peak_bytes"].as_u64().unwrap() > 0, "{ac}");

    let wa = case("2-wa");
    assert_eq!(
        wa["first_difference"],
        serde_json::json!({ "line": 2, "column": 1, "token": null })
    );
    assert!(
        wa["detail"]
            .as_str()
            .unwrap()
            .starts_with("first difference at line 2;"),
        "{wa}"
    );
    let pe = case("3-pe");
    assert_eq!(
        pe["first_difference"],
        serde_json::json!({ "line": 1, "column": 3, "token": null })
    );

    let tle = case("4-tle");
    assert!(tle["wall_ns"].as_u64().unwrap() > 1_000_000_000, "{tle}");
    assert_eq!(tle["first_difference"], Value::Null);

    let mle = case("5-mle");
    if cfg!(unix) {
        // Past the limit as the watch reads it; at it in a cgroup, whose
        // kernel lets no charge past it (its record is the limit).
        assert!(mle["peak_bytes"].as_u64().unwrap() >= 32 << 20, "{mle}");
    }

    let re = case("6-re");
    assert_eq!(re["exit_status"], 3);
    assert_eq!(re["signal"], Value::Null);
    assert_eq!(re["detail"], "exit status 3; stderr:\n  | failing\n");

    let error = case("7-error");
    for field in ["wall_ns", "peak_bytes", "exit_status", "signal"] {
        assert_eq!(error[field], Value::Null, "{field}: {error}");
    }
    assert_eq!(error["detail"], "7-error.out is missing\n");

    if cfg!(unix) {
        let signal = case("8-signal");
        assert_eq!(signal["exit_status"], Value::Null);
        assert_eq!(signal["signal"], "SIGKILL");
    }
}

#[test]
fn json_to_stdout_moves_the_table_to_stderr_and_keeps_the_exit_status() {
    let samples = samples(THREE_COLOURS);
    let report = Report::of(judge_command(&samples, &["--json", "-"]).output().unwrap());
    assert_eq!(report.code, Some(1));
    let objects = assert_json_matches_table(&report.stdout, &report.stderr);
    assert_eq!(objects.len(), 4);
    assert_eq!(objects[3]["passed"], 1);
    assert_eq!(objects[3]["failed"], 2);
    // The table on stderr takes colour by stderr, as asked.
    let report = Report::of(
        judge_command(&samples, &["--json", "-", "--color", "always"])
            .output()
            .unwrap(),
    );
    assert!(!report.stdout.contains('\u{1b}'), "{:?}", report.stdout);
    assert_coloured(&report.stderr, "--json - --color always");

    let all_passed = samples_all_passing();
    let report = Report::of(
        judge_command(&all_passed, &["--json", "-"])
            .output()
            .unwrap(),
    );
    assert_eq!(report.code, Some(0), "{}", report.stderr);
    let summary: Value = serde_json::from_str(report.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(summary["passed"], 1);
    assert_eq!(summary["failed"], 0);
}

fn samples_all_passing() -> Scratch {
    samples(&[("1", "print 1\\n", Some("1\n"))])
}

#[test]
fn json_to_a_path_that_cannot_be_written_is_an_error_before_anything_runs() {
    let samples = samples_all_passing();
    let missing = samples.path.join("no-such-folder").join("judge.json");
    let report = Report::of(
        judge_command(&samples, &["--json", missing.to_str().unwrap()])
            .output()
            .unwrap(),
    );
    assert_eq!(report.code, Some(2));
    assert_eq!(report.stdout, "");
    assert!(
        report.stderr.starts_with("error: --json: cannot write "),
        "{}",
        report.stderr
    );
}

#[test]
fn a_crate_that_does_not_compile_is_a_red_ce_and_a_json_object() {
    let problems = Problems::new("report-ce", "compile_error!(\"no\");");
    let json = problems.scratch.path.join("judge.json");
    let report = problems.tool(&[
        "judge",
        "--color",
        "always",
        "--json",
        json.to_str().unwrap(),
        "--case",
        "other",
        "x1-fixture",
    ]);
    report
        .exited(1)
        .starts_with(&format!("{RED}CE{RESET}    x1-fixture\n"));
    let objects: Vec<Value> = fs::read_to_string(&json)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(objects.len(), 2, "{objects:?}");
    let ce = &objects[0];
    assert_eq!(ce["verdict"], "CE");
    assert_eq!(ce["crate"], "x1-fixture");
    for field in ["case", "file", "wall_ns", "peak_bytes", "time_limit_ns"] {
        assert_eq!(ce[field], Value::Null, "{field}: {ce}");
    }
    assert!(ce["detail"].as_str().unwrap().contains("error: no"), "{ce}");
    assert_eq!(objects[1]["failed"], 1);
}

/// `cargo judge --program PROGRAM` on `samples` with `--json JSON` and
/// `args`: a program of the test's own (a copy of the fixture), so that
/// the test may aim `--json` at it.
fn judge_with_json(samples: &Scratch, program: &Path, json: &Path, args: &[&str]) -> Report {
    Report::of(
        tool()
            .args(["judge", "--program"])
            .arg(program)
            .arg("--samples")
            .arg(&samples.path)
            .arg("--json")
            .arg(json)
            .args(args)
            .output()
            .unwrap(),
    )
}

#[test]
fn json_is_created_only_for_an_accepted_run_and_never_over_its_inputs() {
    let samples = samples_all_passing();
    let elsewhere = Scratch::new("report-json-inputs");
    let program = elsewhere.path.join(fixture().file_name().unwrap());
    fs::copy(fixture(), &program).unwrap();
    let json = elsewhere.write("kept.json", b"kept\n");
    // A run the command line refuses leaves the file as it was.
    let refused = judge_with_json(&samples, &program, &json, &["--case", "nope"]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert_eq!(fs::read_to_string(&json).unwrap(), "kept\n");
    let both = samples_all_passing();
    both.write("1.ans", b"1\n");
    let refused = judge_with_json(&both, &program, &json, &[]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert_eq!(fs::read_to_string(&json).unwrap(), "kept\n");
    // The run's own files are never written over: input, answer, program.
    let input = samples.path.join("1.in");
    let answer = samples.path.join("1.out");
    for target in [&input, &answer, &program] {
        let before = fs::read(target).unwrap();
        let report = judge_with_json(&samples, &program, target, &[]);
        assert_eq!(report.code, Some(2), "{target:?}: {}", report.stderr);
        assert!(
            report.stderr.starts_with("error: --json: ")
                && report
                    .stderr
                    .ends_with(", an input of this run: name another file\n"),
            "{}",
            report.stderr
        );
        assert_eq!(fs::read(target).unwrap(), before, "{target:?}");
    }
    // Nor through a link to one.
    #[cfg(unix)]
    {
        let link = elsewhere.path.join("link.json");
        std::os::unix::fs::symlink(&input, &link).unwrap();
        let report = judge_with_json(&samples, &program, &link, &[]);
        assert_eq!(report.code, Some(2), "{}", report.stderr);
        assert_eq!(fs::read_to_string(&input).unwrap(), "print 1\\n");
    }
    // An accepted run writes it.
    let report = judge_with_json(&samples, &program, &json, &[]);
    assert_eq!(report.code, Some(0), "{}", report.stderr);
    assert_eq!(fs::read_to_string(&json).unwrap().lines().count(), 2);
}

/// A full device: a report that cannot be written is an error, to a file
/// or to standard output, as `cargo timing --json` has it.
#[cfg(target_os = "linux")]
#[test]
fn a_json_report_that_cannot_be_written_is_an_error() {
    let samples = samples_all_passing();
    let report = judged(&samples, &["--json", "/dev/full"]);
    assert_eq!(report.code, Some(2), "{}", report.stdout);
    assert!(
        report
            .stderr
            .starts_with("error: --json: cannot write /dev/full: "),
        "{}",
        report.stderr
    );
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let report = Report::of(
        judge_command(&samples, &["--json", "-"])
            .stdout(full)
            .output()
            .unwrap(),
    );
    assert_eq!(report.code, Some(2));
    assert!(
        report
            .stderr
            .ends_with("\nerror: --json: cannot write standard output: No space left on device (os error 28)\n"),
        "{}",
        report.stderr
    );
}

/// The JSON objects `--json -` gives for the cases in `samples`.
fn json_of(samples: &Scratch, args: &[&str]) -> Vec<Value> {
    let mut all = vec!["--json", "-"];
    all.extend(args);
    judged(samples, &all)
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn json_names_are_the_cases_own_and_give_back_to_case() {
    // A tab in a file name is Unix's alone.
    let names: &[&str] = if cfg!(unix) {
        &["tab\tname", "tab^Iname", "plain"]
    } else {
        &["tab^Iname", "plain"]
    };
    let cases: Vec<(&str, &str, Option<&str>)> = names
        .iter()
        .map(|name| (*name, "print 1\\n", Some("1\n")))
        .collect();
    let samples = samples(&cases);
    samples.write("only-answer.out", b"1\n");
    let objects = json_of(&samples, &[]);
    let mut given: Vec<&str> = objects[..objects.len() - 1]
        .iter()
        .filter_map(|object| object["case"].as_str())
        .collect();
    given.sort_unstable();
    let mut expected = names.to_vec();
    expected.push("only-answer");
    expected.sort_unstable();
    assert_eq!(given, expected);
    for object in &objects[..objects.len() - 1] {
        let case = object["case"].as_str().unwrap();
        assert_eq!(object["crate"], "judge-fixture");
        if case == "only-answer" {
            assert_eq!(object["file"], Value::Null, "{object}");
            continue;
        }
        // The path as the folder was given, and the name that picks it.
        let file = samples.path.join(format!("{case}.in"));
        assert_eq!(object["file"], file.to_str().unwrap(), "{object}");
        let picked = json_of(&samples, &["--case", case]);
        assert_eq!(picked.len(), 2, "{case}: {picked:?}");
        assert_eq!(picked[0]["case"], case);
    }
}

/// A case whose name is not UTF-8 keeps its bytes in the JSON.
#[cfg(unix)]
#[test]
fn a_name_that_is_not_utf8_is_given_with_its_bytes() {
    use std::os::unix::ffi::OsStrExt;
    let samples = samples(&[]);
    let stem = std::ffi::OsStr::from_bytes(b"x\xff");
    let mut input = stem.to_os_string();
    input.push(".in");
    fs::write(samples.path.join(&input), b"print 1\\n").unwrap();
    let mut answer = stem.to_os_string();
    answer.push(".out");
    fs::write(samples.path.join(&answer), b"1\n").unwrap();
    let objects = json_of(&samples, &[]);
    assert_eq!(objects[0]["case"], "x\u{fffd}");
    assert_eq!(objects[0]["case_bytes"], serde_json::json!([120, 255]));
    let file_bytes: Vec<u64> = samples
        .path
        .join(&input)
        .as_os_str()
        .as_bytes()
        .iter()
        .map(|&byte| u64::from(byte))
        .collect();
    assert_eq!(objects[0]["file_bytes"], serde_json::json!(file_bytes));
}

/// The keys of each JSON object in `text`, in the order written.
fn keys_in_order(text: &str) -> Vec<String> {
    let mut keys = Vec::new();
    let mut rest = text;
    while let Some(end) = rest.find("\":") {
        let start = rest[..end].rfind('"').unwrap();
        keys.push(rest[start + 1..end].to_string());
        rest = &rest[end + 2..];
    }
    keys
}

#[test]
fn the_helps_json_example_is_what_the_judge_writes() {
    let help = Report::of(tool().args(["judge", "--help"]).output().unwrap()).stdout;
    let example: String = help
        .lines()
        .skip_while(|line| !line.trim_start().starts_with("{\"type\":\"case\""))
        .take_while(|line| !line.trim_start().starts_with("{\"type\":\"summary\""))
        .map(str::trim)
        .collect();
    let summary = help
        .lines()
        .find(|line| line.trim_start().starts_with("{\"type\":\"summary\""))
        .unwrap()
        .trim();
    serde_json::from_str::<Value>(&example).unwrap_or_else(|error| panic!("{error}: {example}"));
    let samples = samples(&[("1", "print 1\\n3\\n", Some("1\n2\n"))]);
    let report = judged(&samples, &["--json", "-"]);
    let lines: Vec<&str> = report.stdout.lines().collect();
    assert_eq!(
        keys_in_order(lines[0]),
        keys_in_order(&example),
        "{}",
        lines[0]
    );
    assert_eq!(keys_in_order(lines[1]), keys_in_order(summary));
}
