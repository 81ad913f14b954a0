//! Every process a program starts counts for its CPU time and memory,
//! each page once, judged under the default profile with the cgroup
//! (where this machine gives one: `accounted by cgroup v2` or `v1`) and without
//! it (`JUDGE_CGROUP=off`: the watch). The amounts are far from the
//! limits (CPU time in hundreds of milliseconds under seconds, memory
//! well under or four times over), so no verdict depends on the
//! machine's load. Linux: macOS's watch reads the program alone
//! (docs/memory.md).
#![cfg(target_os = "linux")]

mod common;

use common::{fixture, tool, Report, Scratch};
use std::path::Path;

/// The two accountings: the cgroup where one can be had, and the watch.
const ACCOUNTINGS: [Option<&str>; 2] = [None, Some("off")];

/// Cases `(name, input, answer)` judged by the fixture under a 256 MiB
/// limit and a time limit of `time_limit_ms`, with `JUDGE_CGROUP` set to
/// `cgroup` when given.
fn judge(
    test: &str,
    cases: &[(&str, &str, &str)],
    time_limit_ms: &str,
    cgroup: Option<&str>,
) -> Report {
    let samples = Scratch::new(test);
    for (name, input, answer) in cases {
        samples.write(&format!("{name}.in"), input.as_bytes());
        samples.write(&format!("{name}.out"), answer.as_bytes());
    }
    run(fixture(), &samples.path, time_limit_ms, &[], cgroup)
}

fn run(
    program: &Path,
    samples: &Path,
    time_limit_ms: &str,
    extra: &[&str],
    cgroup: Option<&str>,
) -> Report {
    let mut command = tool();
    command
        .args(["judge", "--time-limit-ms", time_limit_ms])
        .args(["--memory-limit-mib", "256", "--program"])
        .arg(program)
        .arg("--samples")
        .arg(samples)
        .args(extra);
    match cgroup {
        Some(value) => command.env("JUDGE_CGROUP", value),
        None => command.env_remove("JUDGE_CGROUP"),
    };
    let report = Report::of(command.output().unwrap());
    if cgroup == Some("off") {
        report.says(&["accounted by the watch"]);
    }
    report
}

/// A case's CPU time in milliseconds and peak in MiB, from its line:
/// `AC    judge-fixture/x    415.93 ms   100.8 MiB`.
fn figures(report: &Report, name: &str) -> (f64, f64) {
    let (line, _) = report.case(name);
    let words: Vec<&str> = line.split_whitespace().collect();
    let before = |unit: &str| -> f64 {
        let at = words.iter().position(|&word| word == unit).unwrap();
        words[at - 1].parse().unwrap()
    };
    (before("ms"), before("MiB"))
}

/// A main thread that exits while another fills memory: the memory is
/// read through the thread that lives (its leader's reads zero), and the
/// process is held to the limit while it runs.
#[test]
fn a_program_whose_main_thread_exits_is_held_to_the_limit() {
    let cases = [
        ("small", "exit-main 100 done\n", "allocated\n"),
        ("large", "exit-main 1024 hold\n", "allocated\n"),
    ];
    for cgroup in ACCOUNTINGS {
        let report = judge("tree-exit-main", &cases, "5000", cgroup);
        assert_eq!(
            report.verdict("judge-fixture/small"),
            "AC",
            "{}",
            report.stdout
        );
        assert_eq!(
            report.verdict("judge-fixture/large"),
            "MLE",
            "{}",
            report.stdout
        );
        let (_, peak) = figures(&report, "judge-fixture/small");
        assert!(peak >= 100.0, "{}", report.stdout);
    }
}

/// 150 MiB touched, then two children forked that only sleep: the pages
/// they share are counted once, AC under 256 MiB (each process's resident
/// set added up is 450 MiB).
#[test]
fn pages_shared_with_forked_children_are_counted_once() {
    let cases = [("share", "share 150\n", "shared\n")];
    for cgroup in ACCOUNTINGS {
        let report = judge("tree-share", &cases, "5000", cgroup);
        assert_eq!(
            report.verdict("judge-fixture/share"),
            "AC",
            "{}",
            report.stdout
        );
        let (_, peak) = figures(&report, "judge-fixture/share");
        assert!((150.0..256.0).contains(&peak), "{}", report.stdout);
    }
}

/// A child the program never waits for, and a grandchild whose parent
/// exited (re-parented to the tool): their CPU time and memory count.
#[test]
fn children_never_waited_for_and_grandchildren_count() {
    let cases = [
        ("unreaped", "unreaped 400 100 done\n", "unreaped\n"),
        ("unreaped-large", "unreaped 0 1024 hold\n", "unreaped\n"),
        ("double", "double-fork 400 100 done\n", "double\n"),
        ("double-large", "double-fork 0 1024 hold\n", "double\n"),
    ];
    for cgroup in ACCOUNTINGS {
        let report = judge("tree-orphans", &cases, "5000", cgroup);
        for small in ["unreaped", "double"] {
            let name = format!("judge-fixture/{small}");
            assert_eq!(report.verdict(&name), "AC", "{}", report.stdout);
            let (cpu, peak) = figures(&report, &name);
            // /proc counts CPU time in clock ticks (10 ms): a little is
            // lost at the ends. The program's own is a millisecond or two.
            assert!(cpu >= 350.0, "{cgroup:?} {}", report.stdout);
            assert!(peak >= 100.0, "{cgroup:?} {}", report.stdout);
        }
        for large in ["unreaped-large", "double-large"] {
            let name = format!("judge-fixture/{large}");
            assert_eq!(report.verdict(&name), "MLE", "{}", report.stdout);
        }
    }
}

/// 1 GiB written into a memfd, held open and never mapped, is MLE under
/// 256 MiB; 100 MiB is AC.
#[test]
fn memory_held_in_a_memfd_counts() {
    let cases = [
        ("small", "memfd 100 done\n", "held\n"),
        ("large", "memfd 1024 hold\n", "held\n"),
    ];
    for cgroup in ACCOUNTINGS {
        let report = judge("tree-memfd", &cases, "5000", cgroup);
        assert_eq!(
            report.verdict("judge-fixture/small"),
            "AC",
            "{}",
            report.stdout
        );
        assert_eq!(
            report.verdict("judge-fixture/large"),
            "MLE",
            "{}",
            report.stdout
        );
    }
}

/// An interactive player whose child holds 400 MiB under 256 MiB is MLE,
/// as the same program is as a batch run.
#[test]
fn an_interactive_players_child_counts() {
    let samples = Scratch::new("tree-interactive");
    for (name, mode) in [("child", "child-400"), ("fair", "search")] {
        samples.write(
            &format!("{name}.in"),
            format!("37 100\n{mode}\nfair\n").as_bytes(),
        );
        samples.write(&format!("{name}.ans"), b"37\n");
    }
    let player = Path::new(env!("CARGO_BIN_EXE_guess-player"));
    let interactor = env!("CARGO_BIN_EXE_guess-interactor");
    for cgroup in ACCOUNTINGS {
        let extra = ["--interactor", interactor];
        let report = run(player, &samples.path, "5000", &extra, cgroup);
        assert_eq!(
            report.verdict("guess-player/child"),
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

/// A program whose child spins 600 ms of CPU time, which it then reaps,
/// sleeps 100 ms and answers: 600 ms of CPU time, each process once, AC
/// under 1 s. (The watch counted the child twice, in the tree it read
/// every 20 ms and in the program's reaped children's time it read
/// every 5 ms: TLE at 1.2 s in most runs.) Four cases, so that a count
/// twice at any of their looks shows.
#[test]
fn a_child_reaped_is_counted_once() {
    let cases = [
        ("1", "reap 600 100\n", "reaped\n"),
        ("2", "reap 600 100\n", "reaped\n"),
        ("3", "reap 600 100\n", "reaped\n"),
        ("4", "reap 600 100\n", "reaped\n"),
    ];
    for cgroup in ACCOUNTINGS {
        let report = judge("tree-reap", &cases, "1000", cgroup);
        for (name, ..) in cases {
            let name = format!("judge-fixture/{name}");
            assert_eq!(report.verdict(&name), "AC", "{cgroup:?} {}", report.stdout);
            let (cpu, _) = figures(&report, &name);
            assert!(
                (550.0..900.0).contains(&cpu),
                "{cgroup:?} {}",
                report.stdout
            );
        }
    }
}
