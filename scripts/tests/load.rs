//! A busy machine does not turn AC into TLE: the wall-time cap of a CPU
//! rule is held against wall time less the time the program waited for a
//! CPU, which Linux keeps per thread (`run/unix/schedstat.rs`). Each test
//! starts its own busy loops beside the run, and only one test runs at a
//! time, so that each knows its load. The CPU times asked for are far
//! from the limit (half of it), so the verdict does not depend on how
//! busy the machine is; only Linux measures the wait, so these run there.
#![cfg(any(target_os = "linux", target_os = "android"))]

mod common;

use common::{fixture, tool, Busy, Report, Scratch};
use serde_json::Value;
use std::path::Path;
use std::sync::{Mutex, PoisonError};

/// One test at a time: each is judged beside its own loops alone.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The JSON object of case `case` in `judge --json -`'s output.
fn json_case(report: &Report, case: &str) -> Value {
    report
        .stdout
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .find(|object| object["case"] == case)
        .unwrap_or_else(|| panic!("no case {case} in {}{}", report.stdout, report.stderr))
}

/// `judge --json -` of `program` on `samples` with `args`.
fn judge(program: &Path, samples: &Scratch, args: &[&str]) -> Report {
    judge_with(program, samples, args, None)
}

/// The same with `JUDGE_CGROUP` set to `cgroup` when given (`off`: the
/// watch judges), else as the environment has it.
fn judge_with(program: &Path, samples: &Scratch, args: &[&str], cgroup: Option<&str>) -> Report {
    let mut command = tool();
    command
        .args(["judge", "--json", "-", "--program"])
        .arg(program)
        .arg("--samples")
        .arg(&samples.path)
        .args(args);
    if let Some(cgroup) = cgroup {
        command.env("JUDGE_CGROUP", cgroup);
    }
    Report::of(command.output().unwrap())
}

/// The two accountings: the cgroup where one can be had, and the watch.
const ACCOUNTINGS: [Option<&str>; 2] = [None, Some("off")];

const MS: u64 = 1_000_000;

/// 250 ms of CPU time under a limit of 500 ms, beside four busy loops per
/// core: the program gets a ninth of the machine or less and takes
/// 1.1 s of wall time or more, past the default's cap of 1 s, most of it
/// waiting.
/// AC, the wait reported, and wall time less the wait within the cap.
/// (The tool's rule before: TLE "past the wall-time cap".)
#[test]
fn a_cpu_spinner_beside_busy_loops_is_ac() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let samples = Scratch::new("load-spinner");
    for case in ["1", "2"] {
        samples.write(&format!("{case}.in"), b"cpu-threads 1 250\n");
        samples.write(&format!("{case}.out"), b"spun\n");
    }
    let busy = Busy::per_core(4);
    let report = judge(fixture(), &samples, &["--time-limit-ms", "500"]);
    drop(busy);
    for case in ["1", "2"] {
        let case = json_case(&report, case);
        assert_eq!(case["verdict"], "AC", "{}", report.stdout);
        let wall = case["wall_ns"].as_u64().unwrap();
        let wait = case["wait_ns"].as_u64().expect("the wait is measured");
        let cpu = case["cpu_ns"].as_u64().unwrap();
        assert!((250 * MS..500 * MS).contains(&cpu), "{case}");
        assert!(wait > 0 && wait < wall, "{case}");
        assert!(wall - wait <= 1000 * MS, "{case}");
    }
    report.exited(0);
}

/// A program that sleeps 3 s under a limit of 1 s is still TLE by the
/// cap of 2 s beside two busy loops per core: sleeping is not waiting for
/// a CPU. It is killed once its wall time less its wait passes the cap,
/// before its sleep ends.
#[test]
fn a_sleeper_beside_busy_loops_is_still_tle_by_the_cap() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let samples = Scratch::new("load-sleeper");
    samples.write("1.in", b"sleep 3000\n");
    samples.write("1.out", b"slept\n");
    let busy = Busy::per_core(2);
    let report = judge(fixture(), &samples, &["--time-limit-ms", "1000"]);
    drop(busy);
    report.exited(1);
    let case = json_case(&report, "1");
    assert_eq!(case["verdict"], "TLE", "{}", report.stdout);
    let detail = case["detail"].as_str().unwrap();
    assert!(detail.starts_with("killed after "), "{detail}");
    assert!(
        detail.contains("past the wall-time cap of 2000.00 ms"),
        "{detail}"
    );
    assert!(detail.contains("waiting for a CPU"), "{detail}");
    let wall = case["wall_ns"].as_u64().unwrap();
    let wait = case["wait_ns"].as_u64().expect("the wait is measured");
    assert!(wall - wait >= 2000 * MS, "{case}");
    assert!(wall < 3000 * MS, "killed before its sleep ended: {case}");
}

/// An interactive player that works 250 ms of CPU time under a limit of
/// 500 ms, then plays right, beside four busy loops per core: AC, its wait
/// reported, as for a single run.
#[test]
fn an_interactive_player_beside_busy_loops_is_ac() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let samples = Scratch::new("load-player");
    samples.write("work.in", b"37 100\nwork-250\nfair\n");
    samples.write("work.ans", b"37\n");
    let interactor = env!("CARGO_BIN_EXE_guess-interactor");
    let busy = Busy::per_core(4);
    let report = judge(
        Path::new(env!("CARGO_BIN_EXE_guess-player")),
        &samples,
        &["--interactor", interactor, "--time-limit-ms", "500"],
    );
    drop(busy);
    let case = json_case(&report, "work");
    assert_eq!(case["verdict"], "AC", "{}", report.stdout);
    let wall = case["wall_ns"].as_u64().unwrap();
    let wait = case["wait_ns"].as_u64().expect("the wait is measured");
    // The interactor's wait is added to the program's, and the sum taken
    // at most as the wall time (docs/judges.md): it can reach it.
    assert!(wait > 0 && wait <= wall, "{case}");
    assert!(wall - wait <= 1000 * MS, "{case}");
    report.exited(0);
}

/// A worker that the program double-forks (re-parented to the tool, in
/// the program's process group or cgroup) works 600 ms of CPU time under
/// a limit of 1 s beside four busy loops per core: its wait for a CPU is
/// read from the same processes its CPU time is, and it is AC, as the
/// same work in a child is. (Its wait was read from the program's
/// children alone: TLE by the cap, a few milliseconds of wait read.) On
/// a machine far busier than the loops make it, the bound every run
/// keeps (10 s) can come first: UNDEC, never TLE.
#[test]
fn a_double_forked_workers_wait_counts() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let samples = Scratch::new("load-double-fork");
    samples.write("1.in", b"double-fork 600 1 done\n");
    samples.write("1.out", b"double\n");
    for cgroup in ACCOUNTINGS {
        let busy = Busy::per_core(4);
        let report = judge_with(fixture(), &samples, &["--time-limit-ms", "1000"], cgroup);
        drop(busy);
        let case = json_case(&report, "1");
        // Never TLE by the cap; UNDEC where the machine, far busier than
        // the loops make it, did not give it the CPU by the bound.
        let verdict = case["verdict"].as_str().unwrap();
        assert!(["AC", "UNDEC"].contains(&verdict), "{cgroup:?} {case}");
        let wall = case["wall_ns"].as_u64().unwrap();
        let wait = case["wait_ns"].as_u64().expect("the wait is measured");
        assert!(wall - wait <= 2000 * MS, "{cgroup:?} {case}");
    }
}

/// A program that puts itself under SCHED_IDLE and nice 19 and would
/// spin 390 ms of CPU time under a limit of 400 ms, beside three busy
/// loops per core: it is runnable all the time and gets next to no CPU,
/// so its wait grows as fast as the wall time (read while under way: the
/// kernel adds a wait to its figure only when the thread runs). The run
/// ends at the bound every run keeps, five times the cap of 800 ms: the
/// machine did not give it the CPU to decide, UNDEC, under the default
/// profile and under codeforces alike. (The wait pushed the cap back
/// without end while it was read, and where it lagged the cap stopped the
/// program as TLE, or ILE.)
#[test]
fn a_program_that_waits_without_end_is_stopped_at_the_bound() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let samples = Scratch::new("load-idle");
    samples.write("1.in", b"idle-spin 390\n");
    samples.write("1.out", b"spun\n");
    for profile in ["default", "codeforces"] {
        let busy = Busy::per_core(3);
        let started = std::time::Instant::now();
        let args = ["--time-limit-ms", "400", "--judge", profile];
        let report = judge_with(fixture(), &samples, &args, Some("off"));
        let held = started.elapsed();
        drop(busy);
        let case = json_case(&report, "1");
        assert_eq!(case["verdict"], "UNDEC", "{profile} {case}");
        // The bound, 4 s, and the watchdog's own wait for a CPU.
        let wall = case["wall_ns"].as_u64().unwrap();
        assert!((4000 * MS..5500 * MS).contains(&wall), "{profile} {case}");
        // The whole judge, which waits for a CPU beside the loops too, in
        // far less than the loops would have held it (as long as they ran).
        assert!(held.as_secs() < 15, "{profile} held {held:?}");
        let detail = case["detail"].as_str().unwrap();
        let said = "the machine did not give it the CPU to decide; --repeat or a quieter \
                    machine will";
        assert!(detail.contains(said), "{detail}");
        report.exited(1);
    }
}

/// Eight threads that each spin 100 ms of CPU time beside two busy loops
/// per core wait side by side, their waits summing to more than the wall
/// time: the wait shown is never more than the wall time, in any of
/// three cases. (It could be: the watchdog's last look, itself waiting
/// for a CPU, came after the program's end.)
#[test]
fn the_wait_shown_is_never_past_the_wall_time() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let samples = Scratch::new("load-threads");
    for case in ["1", "2", "3"] {
        samples.write(&format!("{case}.in"), b"cpu-threads 8 100\n");
        samples.write(&format!("{case}.out"), b"spun\n");
    }
    for cgroup in ACCOUNTINGS {
        let busy = Busy::per_core(2);
        let report = judge_with(fixture(), &samples, &["--time-limit-ms", "2000"], cgroup);
        drop(busy);
        for name in ["1", "2", "3"] {
            let case = json_case(&report, name);
            let wall = case["wall_ns"].as_u64().unwrap();
            let wait = case["wait_ns"].as_u64().expect("the wait is measured");
            assert!(wait <= wall, "{cgroup:?} {case}");
        }
    }
}

/// A player blocked on an interactor that works 700 ms of CPU time before
/// it answers, beside three busy loops per core, under a limit of 1 s
/// (the interactor gets two sevenths of a CPU or less, 2.4 s or more, past
/// the cap of 2 s; the bound is 10 s, a machine three times busier): the
/// interactor waits for a CPU while the player waits on it, and that wait
/// is the machine's: AC, wall time less the wait (the player's and the
/// interactor's) within the cap. (The interactor's wait was not counted:
/// TLE by the cap.)
#[test]
fn an_interactors_wait_is_not_held_against_the_program() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let samples = Scratch::new("load-slow-interactor");
    samples.write("slow.in", b"37 100\nsearch\nslow 700\n");
    samples.write("slow.ans", b"37\n");
    let interactor = env!("CARGO_BIN_EXE_guess-interactor");
    let busy = Busy::per_core(3);
    let report = judge(
        Path::new(env!("CARGO_BIN_EXE_guess-player")),
        &samples,
        &["--interactor", interactor, "--time-limit-ms", "1000"],
    );
    drop(busy);
    let case = json_case(&report, "slow");
    // UNDEC where the machine, far busier than the loops make it, did not
    // give the interactor its CPU by the bound; never TLE by the cap.
    let verdict = case["verdict"].as_str().unwrap();
    assert!(["AC", "UNDEC"].contains(&verdict), "{case}");
    let wall = case["wall_ns"].as_u64().unwrap();
    let wait = case["wait_ns"].as_u64().expect("the wait is measured");
    assert!(wait <= wall && wall - wait <= 2000 * MS, "{case}");
}
