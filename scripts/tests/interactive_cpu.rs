//! An interactive run is timed as a single run is: the program's CPU time
//! against the limit, its wall time against the profile's cap (DOMjudge's
//! doubled for an interaction), the interactor's time not counted. The
//! player `guess-player` naps (`nap-MS`, then plays right) or spins
//! (`spin`) against `guess-interactor`.

mod common;

use common::{tool, Report, Scratch};
use std::path::Path;

fn player() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_guess-player"))
}

fn interactor() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_guess-interactor"))
}

/// One case `NAME` of the game (the secret 37 of 1 to 100) for each
/// `(name, player's mode)`.
fn game(name: &str, cases: &[(&str, &str)]) -> Scratch {
    let samples = Scratch::new(name);
    for (case, mode) in cases {
        samples.write(
            &format!("{case}.in"),
            format!("37 100\n{mode}\nfair\n").as_bytes(),
        );
        samples.write(&format!("{case}.ans"), b"37\n");
    }
    samples
}

/// `judge --json -` of the player against the interactor (`icpc:` in
/// front for ICPC's convention) on `samples` with `args`.
fn judge(samples: &Scratch, icpc: bool, args: &[&str]) -> Report {
    let spec = format!(
        "{}{}",
        if icpc { "icpc:" } else { "" },
        interactor().display()
    );
    Report::of(
        tool()
            .args(["judge", "--json", "-", "--program"])
            .arg(player())
            .arg("--samples")
            .arg(&samples.path)
            .args(["--interactor", &spec])
            .args(args)
            .output()
            .unwrap(),
    )
}

/// Case `case`'s verdict, CPU time, wall time less the wait for a CPU
/// (what the wall-time cap is held against; the wall time where the wait
/// is not measured), in ns, and detail, from the JSON lines.
fn case(report: &Report, case: &str) -> (String, Option<u64>, u64, String) {
    let line = line_of(report, case);
    let field = |name: &str| -> Option<&str> {
        let rest = line.split_once(&format!(r#""{name}":"#))?.1;
        rest.split([',', '}']).next()
    };
    let number = |name: &str| field(name)?.parse::<u64>().ok();
    let verdict = field("verdict").expect("a verdict").trim_matches('"');
    let detail = line.split_once(r#""detail":"#).map_or("", |(_, rest)| rest);
    let wall = number("wall_ns").expect("wall_ns");
    (
        verdict.to_string(),
        number("cpu_ns"),
        wall.saturating_sub(number("wait_ns").unwrap_or(0)),
        detail.to_string(),
    )
}

/// Case `case`'s line of the JSON report.
fn line_of<'a>(report: &'a Report, case: &str) -> &'a str {
    report
        .stdout
        .lines()
        .find(|line| line.contains(&format!(r#""case":"{case}""#)))
        .unwrap_or_else(|| panic!("no case {case} in {}{}", report.stdout, report.stderr))
}

/// Case `case`'s whole wall time (`wall_ns`), its wait for a CPU in it.
fn wall_of(report: &Report, case: &str) -> u64 {
    let rest = line_of(report, case)
        .split_once(r#""wall_ns":"#)
        .expect("wall_ns")
        .1;
    rest.split([',', '}']).next().unwrap().parse().unwrap()
}

const SECOND: u64 = 1_000_000_000;

#[test]
fn a_player_that_sleeps_past_the_wall_cap_is_tle_by_the_cap() {
    let samples = game("interactive-cpu-sleeper", &[("nap", "nap-3000")]);
    for icpc in [false, true] {
        let report = judge(&samples, icpc, &["--time-limit-ms", "500"]);
        report.exited(1);
        let (verdict, cpu, wall, detail) = case(&report, "nap");
        assert_eq!(verdict, "TLE", "{}", report.stdout);
        // Killed at the default profile's cap, twice the limit, its CPU
        // time measured and small: past the cap, and before its nap
        // ended (how soon past the cap depends on the machine's load).
        assert!(
            detail.contains("past the wall-time cap of 1000.00 ms (CPU time"),
            "{detail}"
        );
        assert!((SECOND..3 * SECOND).contains(&wall), "{wall}");
        let cpu = cpu.expect("the program's CPU time is measured");
        assert!(cpu < SECOND / 2, "{cpu}");
    }
}

/// Under DOMjudge's profile, whose wall cap for an interaction (3 s for a
/// limit of 500 ms) leaves the CPU limit to stop a spinner even on a
/// loaded machine.
#[test]
fn a_player_that_spins_is_tle_by_cpu_time() {
    let samples = game("interactive-cpu-spinner", &[("spin", "spin")]);
    let args = ["--judge", "domjudge", "--time-limit-ms", "500"];
    let report = judge(&samples, true, &args);
    report.exited(1);
    let (verdict, cpu, wall, detail) = case(&report, "spin");
    assert_eq!(verdict, "TLE", "{}", report.stdout);
    assert!(detail.contains("of CPU time"), "{detail}");
    assert!(
        detail.contains("over the time limit of 500.00 ms"),
        "{detail}"
    );
    let cpu = cpu.expect("the program's CPU time is measured");
    // Killed at the limit and half more, not at the wall cap (which wall
    // time less the wait for a CPU never reached).
    assert!((SECOND / 2..SECOND).contains(&cpu), "{cpu}");
    assert!(wall < 3 * SECOND, "{wall}");
}

/// A player that naps 1.2 s, past the 1 s limit but within the 2 s cap,
/// then plays right: AC by its CPU time, which is small; TLE under the
/// wall profile.
#[test]
fn a_player_that_sleeps_within_the_cap_is_ac_with_little_cpu_time() {
    let samples = game("interactive-cpu-napper", &[("nap", "nap-1200")]);
    for icpc in [false, true] {
        let report = judge(&samples, icpc, &["--time-limit-ms", "1000"]);
        report.exited(0);
        let (verdict, cpu, _, _) = case(&report, "nap");
        assert_eq!(verdict, "AC", "{}", report.stdout);
        // The nap is in its wall time. Less the wait it is not always:
        // the interactor's wait is taken as the program's (it blocks on
        // the interactor), and a little of it can fall beside the nap.
        let wall = wall_of(&report, "nap");
        assert!(wall > 1_200_000_000, "{wall}");
        let cpu = cpu.expect("the program's CPU time is measured");
        assert!(cpu < SECOND / 2, "{cpu}");
        assert!(
            !report.stderr.contains("judged by wall time"),
            "{}",
            report.stderr
        );
    }
    let args = ["--time-limit-ms", "1000", "--judge", "wall"];
    let report = judge(&samples, false, &args);
    report.exited(1);
    assert_eq!(case(&report, "nap").0, "TLE", "{}", report.stdout);
}

/// DOMjudge doubles its wall hard limit for an interactive problem: a
/// player that naps 2.1 s under a limit of 1 s is within twice the limit
/// plus a second, twice over, 4 s, though past the 2 s of a single run;
/// Kattis's cap, twice the limit, 2 s, is not doubled. The nap is past
/// the caps it must pass whatever the load; 1.9 s are left for the
/// exchange and the start under the doubled cap.
#[test]
fn domjudges_wall_cap_is_doubled_for_an_interaction() {
    let samples = game("interactive-cpu-domjudge", &[("nap", "nap-2100")]);
    for (judge_name, verdict) in [("domjudge", "AC"), ("kattis", "TLE")] {
        let args = ["--judge", judge_name, "--time-limit-ms", "1000"];
        let report = judge(&samples, true, &args);
        assert_eq!(
            case(&report, "nap").0,
            verdict,
            "{judge_name}: {}",
            report.stdout
        );
    }
}
