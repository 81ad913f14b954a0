//! `--jobs N`: runs at once give the verdicts, the report and the JSON of
//! one at a time, apart from the times: on the workspace's crates, on the
//! programs of the accounting tests (every process a program starts
//! counted, under the cgroup and the watch), near the limit with twice as
//! many jobs as cores, and against an interactor; never more runs than
//! the free memory holds.

mod common;

use common::{fixture, tool, workspace_root, Report, Scratch};
use serde_json::Value;
use std::path::Path;

/// The jobs compared with one at a time.
const JOBS: [&str; 2] = ["2", "4"];

/// The tool's `--json -` lines of judging `program` on `samples` with
/// `args` and `-j jobs` (and `JUDGE_CGROUP` when `cgroup` is given), and
/// the report it wrote to stderr.
fn judged(
    program: &Path,
    samples: &Path,
    args: &[&str],
    jobs: &str,
    cgroup: Option<&str>,
) -> (Vec<Value>, Report) {
    let mut command = tool();
    match cgroup {
        Some(value) => command.env("JUDGE_CGROUP", value),
        None => command.env_remove("JUDGE_CGROUP"),
    };
    let output = command
        .args(["judge", "--json", "-", "-j", jobs, "--program"])
        .arg(program)
        .arg("--samples")
        .arg(samples)
        .args(args)
        .output()
        .unwrap();
    lines_of(output)
}

fn lines_of(output: std::process::Output) -> (Vec<Value>, Report) {
    let report = Report::of(output);
    let lines = report
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    (lines, report)
}

/// A JSON line without what differs from one run to the next: the times,
/// the peak (a program's own includes what this tool held when it was
/// started), and the jobs.
fn without_figures(line: &Value) -> Value {
    let mut line = line.clone();
    if let Value::Object(fields) = &mut line {
        fields.retain(|key, _| {
            !(key.ends_with("_ns")
                || key.contains("peak")
                || ["seconds", "jobs", "detail"].contains(&key.as_str()))
        });
    }
    line
}

/// Each case's verdict, in the order reported.
fn verdicts(lines: &[Value]) -> Vec<(String, String)> {
    lines
        .iter()
        .filter(|line| line["type"] == "case")
        .map(|line| {
            let text = |key: &str| line[key].as_str().unwrap_or_default().to_string();
            (text("case"), text("verdict"))
        })
        .collect()
}

/// Judges `samples` at one job and at each of [`JOBS`]: the same lines
/// apart from the figures, the same verdicts in the same order. The
/// verdicts, and how many cases were compared.
#[track_caller]
fn same_at_any_jobs(
    program: &Path,
    samples: &Path,
    args: &[&str],
    cgroup: Option<&str>,
) -> Vec<(String, String)> {
    let (one, report) = judged(program, samples, args, "1", cgroup);
    assert!(
        report.stderr.lines().last().unwrap().ends_with(", 1 job"),
        "{}",
        report.stderr
    );
    let wanted: Vec<Value> = one.iter().map(without_figures).collect();
    for jobs in JOBS {
        let (lines, report) = judged(program, samples, args, jobs, cgroup);
        let got: Vec<Value> = lines.iter().map(without_figures).collect();
        assert_eq!(
            verdicts(&lines),
            verdicts(&one),
            "-j {jobs} against -j 1:\n{}",
            report.stderr
        );
        // How a program the interactor has judged dies (killed, or of
        // the pipe closed) is a race at any jobs: the verdict is not.
        let racing = |line: &Value| {
            let mut line = line.clone();
            if line["crate"] == "guess-player" {
                if let Value::Object(fields) = &mut line {
                    fields.remove("exit_status");
                    fields.remove("signal");
                }
            }
            line
        };
        for (got, wanted) in got.iter().zip(&wanted) {
            assert_eq!(racing(got), racing(wanted), "-j {jobs}:\n{}", report.stderr);
        }
        assert_eq!(got.len(), wanted.len(), "-j {jobs}");
        let summary = report.stderr.lines().last().unwrap();
        let used = expected_jobs(jobs);
        assert!(summary.ends_with(&format!(", {used} jobs")), "{summary}");
    }
    verdicts(&one)
}

/// The jobs `-j asked` runs: where the wait for a CPU is not measured
/// (not Linux), no more than the cores.
fn expected_jobs(asked: &str) -> usize {
    let asked: usize = asked.parse().unwrap();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    if cfg!(any(target_os = "linux", target_os = "android")) {
        asked
    } else {
        asked.min(cores)
    }
}

/// A folder of cases `(name, input, answer)`.
fn samples(test: &str, cases: &[(impl AsRef<str>, impl AsRef<str>, impl AsRef<str>)]) -> Scratch {
    let samples = Scratch::new(test);
    for (name, input, answer) in cases {
        let name = name.as_ref();
        samples.write(&format!("{name}.in"), input.as_ref().as_bytes());
        samples.write(&format!("{name}.out"), answer.as_ref().as_bytes());
    }
    samples
}

/// The programs of the accounting tests (tests/whole_tree.rs and the
/// hostile ones), each a case: their verdicts at 2 and 4 jobs are those
/// of one, under the cgroup where this machine gives one and under the
/// watch. A run that counted another's processes, or whose sweep ended
/// another's, would differ.
#[cfg(target_os = "linux")]
#[test]
fn the_accounting_tests_programs_get_the_verdicts_of_one_job() {
    let scratch = Scratch::new("jobs-late-files");
    let late = |name: &str| scratch.path.join(name).display().to_string();
    let cases = [
        (
            "01-exit-main",
            "exit-main 100 done\n".to_string(),
            "allocated\n",
        ),
        ("02-share", "share 100\n".to_string(), "shared\n"),
        (
            "03-unreaped",
            "unreaped 300 50 done\n".to_string(),
            "unreaped\n",
        ),
        (
            "04-double-fork",
            "double-fork 300 50 done\n".to_string(),
            "double\n",
        ),
        ("05-reap", "reap 300 100\n".to_string(), "reaped\n"),
        ("06-memfd-over", "memfd 300 hold\n".to_string(), "held\n"),
        ("07-alloc-over", "alloc 300\n".to_string(), "allocated\n"),
        ("08-threads", "cpu-threads 2 200\n".to_string(), "spun\n"),
        (
            "09-fork-keep",
            format!("fork 100 keep {}\n", late("keep")),
            "",
        ),
        ("10-escape", format!("escape 100 {}\n", late("escape")), ""),
        (
            "11-double-fork-over",
            "double-fork 100 300 hold\n".to_string(),
            "double\n",
        ),
        ("12-sleep", "sleep 3000\n".to_string(), "slept\n"),
        ("13-kill", "kill\n".to_string(), ""),
        ("14-print", "print right\n".to_string(), "right\n"),
        ("15-wrong", "print wrong\n".to_string(), "right\n"),
    ];
    let samples = samples("jobs-accounting", &cases);
    let args = ["--time-limit-ms", "1000", "--memory-limit-mib", "256"];
    for cgroup in [None, Some("off")] {
        let verdicts = same_at_any_jobs(fixture(), &samples.path, &args, cgroup);
        assert_eq!(verdicts.len(), cases.len());
        println!("JUDGE_CGROUP={cgroup:?}: {verdicts:?}");
    }
}

/// Runs of 0.9 s and 1.1 s of CPU time under a 1 s limit, with twice as
/// many jobs as cores: each is AC or TLE as it is one at a time, the wait
/// for a CPU that the other runs hold left out of the wall-time cap.
/// Unix, as the other tests of the fixture's `cpu-threads`: under Wine a
/// thread that reads its own CPU time spends most of it in the
/// wineserver (0.9 s of it took past 2 s of wall time).
#[cfg(unix)]
#[test]
fn near_the_limit_twice_as_many_jobs_as_cores_keep_each_verdict() {
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    let jobs = (2 * cores).to_string();
    let mut cases = Vec::new();
    for index in 0..2 * cores {
        cases.push((format!("under-{index}"), "cpu-threads 1 900\n", "spun\n"));
        cases.push((format!("over-{index}"), "cpu-threads 1 1100\n", "spun\n"));
    }
    let samples = samples("jobs-near", &cases);
    let args = ["--time-limit-ms", "1000"];
    let (lines, report) = judged(fixture(), &samples.path, &args, &jobs, None);
    for (case, verdict) in verdicts(&lines) {
        let wanted = if case.starts_with("under") {
            "AC"
        } else {
            "TLE"
        };
        assert_eq!(verdict, wanted, "{case}:\n{}", report.stderr);
    }
    assert_eq!(verdicts(&lines).len(), cases.len());
    // Where a run's CPU time came out at this many jobs, against the
    // limit: printed for the record (docs/performance.md).
    let cpu: Vec<f64> = lines
        .iter()
        .filter(|line| line["type"] == "case")
        .map(|line| line["cpu_ns"].as_f64().unwrap() / 1e6)
        .collect();
    println!("-j {jobs}: CPU ms {cpu:?}");
}

/// Cases that end in the reverse of their order: the report is in case
/// order all the same, each line once the ones before it are done.
#[test]
fn the_report_is_in_case_order_whatever_order_the_runs_end_in() {
    let cases: Vec<(String, String, &str)> = (1..=6)
        .map(|index| {
            let input = format!("sleep {}\n", 700 - 100 * index);
            (index.to_string(), input, "slept\n")
        })
        .collect();
    let samples = samples("jobs-order", &cases);
    let verdicts = same_at_any_jobs(fixture(), &samples.path, &[], None);
    let names: Vec<&str> = verdicts.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["1", "2", "3", "4", "5", "6"]);
    let report = common::judge_program(fixture(), &samples.path, &["-j", "3"]);
    let order: Vec<String> = report
        .stdout
        .lines()
        .filter(|line| line.starts_with("AC"))
        .map(|line| line.split_whitespace().nth(1).unwrap().to_string())
        .collect();
    let wanted: Vec<String> = (1..=6)
        .map(|case| format!("judge-fixture/{case}"))
        .collect();
    assert_eq!(order, wanted, "{}", report.stdout);
}

/// A run that reads 60 MiB of output beside runs of small programs: the
/// output the tool holds is not their memory (a program starts as a fork
/// of the tool, and Linux counts what it replaced at its exec in its
/// peak), so each is AC well under the 64 MiB limit, as one at a time.
#[test]
fn a_big_output_is_not_the_memory_of_the_runs_beside_it() {
    let mut cases = vec![("0".to_string(), "flood 60", "y\n")];
    cases.extend((1..=8).map(|index| (index.to_string(), "print small\\n", "small\n")));
    let samples = samples("jobs-flood", &cases);
    let args = ["--memory-limit-mib", "64"];
    let (lines, report) = judged(fixture(), &samples.path, &args, "2", None);
    for line in lines.iter().filter(|line| line["type"] == "case") {
        let case = line["case"].as_str().unwrap();
        let wanted = if case == "0" { "WA" } else { "AC" };
        assert_eq!(line["verdict"], wanted, "{case}:\n{}", report.stderr);
        if case != "0" {
            let peak = line["peak_bytes"].as_f64().unwrap() / f64::from(1 << 20);
            assert!(peak < 8.0, "{case}: {peak} MiB:\n{}", report.stderr);
        }
    }
}

/// A memory limit that the free memory cannot hold four times over: one
/// run at a time, and a note that says why.
#[test]
fn no_more_runs_at_once_than_the_free_memory_holds() {
    let samples = samples(
        "jobs-memory",
        &[
            ("1", "print a\n", "a\n"),
            ("2", "print b\n", "b\n"),
            ("3", "print c\n", "c\n"),
        ],
    );
    // 1 TiB: more than any machine that runs these tests has free.
    let report = common::judge_program(
        fixture(),
        &samples.path,
        &["-j", "4", "--memory-limit-mib", "1048576"],
    );
    report.exited(0).says(&[
        "note: 1 job of the 4 asked: ",
        " MiB free holds 0 runs of a 1048576 MiB memory limit",
    ]);
    assert!(report.last_line().ends_with(", 1 job"), "{}", report.stdout);
}

/// An interactive problem: a program and its interactor are one job, and
/// the verdicts at any jobs are those of one.
#[test]
fn an_interaction_is_one_job_with_the_verdicts_of_one() {
    let player = Path::new(env!("CARGO_BIN_EXE_guess-player"));
    let interactor = format!("icpc:{}", env!("CARGO_BIN_EXE_guess-interactor"));
    // The secret 37 of 1 to 100; the player's mode, the interactor's way.
    let cases = [
        ("1-search", "37 100\nsearch\nfair\n"),
        ("2-linear", "37 100\nlinear\nfair\n"),
        ("3-nap", "37 100\nnap-300\nfair\n"),
        ("4-slow-interactor", "37 100\nsearch\nslow 300\n"),
        ("5-crash", "37 100\ncrash\nfair\n"),
        ("6-hog", "37 100\nhog\nfair\n"),
        ("7-silent", "37 100\nsilent\nfair\n"),
        ("8-quit", "37 100\nsearch\nquit\n"),
    ];
    let cases = cases.map(|(name, input)| (name, input, "37\n"));
    let samples = samples("jobs-interactive", &cases);
    let args = ["--interactor", &interactor, "--memory-limit-mib", "64"];
    let verdicts = same_at_any_jobs(player, &samples.path, &args, None);
    let verdicts: Vec<&str> = verdicts
        .iter()
        .map(|(_, verdict)| verdict.as_str())
        .collect();
    assert_eq!(verdicts, ["AC", "WA", "AC", "AC", "RE", "MLE", "TLE", "WA"]);
}

/// The workspace's crates on their samples: the same verdicts and JSON
/// at any jobs (cargo builds them first).
#[test]
fn the_workspace_is_judged_alike_at_any_jobs() {
    let judge = |jobs: &str| {
        let output = tool()
            .current_dir(workspace_root())
            .args(["judge", "--json", "-", "-j", jobs])
            .output()
            .unwrap();
        lines_of(output)
    };
    let (one, report) = judge("1");
    report.exited(0);
    let wanted: Vec<Value> = one.iter().map(without_figures).collect();
    for jobs in JOBS {
        let (lines, report) = judge(jobs);
        report.exited(0);
        let got: Vec<Value> = lines.iter().map(without_figures).collect();
        assert_eq!(got, wanted, "-j {jobs}:\n{}", report.stderr);
    }
    println!("{} cases compared at -j 2 and -j 4", verdicts(&one).len());
}

/// Several programs in one call (`--program` given more than once: a
/// problem setter's pass over a package's submissions): each judged on
/// every case, in the order given, under its own label (its path where
/// two share a name), a program named twice judged once; each case's
/// verdict the one the program gets judged alone, at any jobs.
#[test]
fn several_programs_get_the_verdicts_each_gets_alone() {
    let cases = [
        ("1", "print 1\\n", "1\n"),
        ("2", "print 2\\n", "1\n"),
        ("3", "sleep 200\n", "slept\n"),
    ];
    let samples = samples("jobs-programs", &cases);
    let bin = Scratch::new("jobs-programs-bin");
    let name = format!("one{}", std::env::consts::EXE_SUFFIX);
    let one = bin.path.join(&name);
    let other = bin.path.join("sub").join(&name);
    std::fs::create_dir_all(other.parent().unwrap()).unwrap();
    std::fs::copy(fixture(), &one).unwrap();
    std::fs::copy(fixture(), &other).unwrap();
    // Panics on any case's arguments: RE wherever it runs.
    let crashing = Path::new(env!("CARGO_BIN_EXE_checker-fixture"));
    let alone: Vec<Vec<(String, String)>> = [&one, &other, crashing]
        .iter()
        .map(|program| verdicts(&judged(program, &samples.path, &[], "1", None).0))
        .collect();
    assert_eq!(
        alone[0],
        [("1", "AC"), ("2", "WA"), ("3", "AC")].map(|(c, v)| (c.into(), v.into()))
    );
    assert!(
        alone[2].iter().all(|(_, verdict)| verdict == "RE"),
        "{alone:?}"
    );
    for jobs in ["1", "2", "4"] {
        let mut command = tool();
        command.args(["judge", "--json", "-", "-j", jobs]);
        for program in [&one, &other, crashing, &one] {
            command.arg("--program").arg(program);
        }
        let output = command
            .arg("--samples")
            .arg(&samples.path)
            .output()
            .unwrap();
        let (lines, report) = lines_of(output);
        let labels: Vec<&str> = lines
            .iter()
            .filter(|line| line["type"] == "case")
            .map(|line| line["crate"].as_str().unwrap())
            .collect();
        let (one, other) = (one.to_str().unwrap(), other.to_str().unwrap());
        let wanted: Vec<&str> = [one, other, "checker-fixture"]
            .iter()
            .flat_map(|label| [*label; 3])
            .collect();
        assert_eq!(labels, wanted, "-j {jobs}:\n{}", report.stderr);
        assert_eq!(
            verdicts(&lines),
            alone.concat(),
            "-j {jobs}:\n{}",
            report.stderr
        );
        let summary = report.stderr.lines().last().unwrap();
        let used = expected_jobs(jobs);
        let jobs_word = if used == 1 {
            "job".to_string()
        } else {
            format!("{used} jobs")
        };
        assert!(summary.starts_with("4 passed, 5 failed"), "{summary}");
        assert!(summary.ends_with(&jobs_word), "{summary}");
        // What the cases are judged under is said once.
        assert_eq!(
            report.stderr.matches("judged as ").count(),
            1,
            "{}",
            report.stderr
        );
    }
}

/// A program that cannot be started is an ERROR of each case, with the
/// reason its exec gave, at any jobs (on Linux a runner started afresh
/// says it, where a forked one's start did).
#[test]
fn a_program_that_cannot_be_started_is_an_error_at_any_jobs() {
    // As many cases as the most jobs compared, so that each is used.
    let cases: Vec<_> = (1..=4)
        .map(|case| (case.to_string(), "x\n", "x\n"))
        .collect();
    let samples = samples("jobs-no-program", &cases);
    let missing = samples.path.join("no-such-program");
    let verdicts = same_at_any_jobs(&missing, &samples.path, &[], None);
    assert_eq!(verdicts.len(), 4);
    assert!(
        verdicts.iter().all(|(_, verdict)| verdict == "ERROR"),
        "{verdicts:?}"
    );
    for jobs in ["1", "2"] {
        let report = Report::of(
            tool()
                .args(["judge", "-j", jobs, "--program"])
                .arg(&missing)
                .arg("--samples")
                .arg(&samples.path)
                .output()
                .unwrap(),
        );
        report.exited(1);
        let said = report.stdout.matches("cannot run").count()
            + report.stderr.matches("cannot run").count();
        assert_eq!(said, 4, "-j {jobs}:\n{}{}", report.stdout, report.stderr);
    }
}

/// The variable that makes the tool a program's runner, set by hand, is
/// one clear line and status 1, nothing run.
#[cfg(target_os = "linux")]
#[test]
fn the_runners_variable_set_by_hand_is_one_clear_error() {
    let report = Report::of(
        tool()
            .env("JUDGE_RUNNER", "1")
            .args(["judge", "--help"])
            .output()
            .unwrap(),
    );
    report.exited(1);
    assert_eq!(report.stdout, "");
    assert_eq!(
        report.stderr,
        "error: JUDGE_RUNNER is set, and only the tool sets it (for a program's runner): unset it\n"
    );
}
