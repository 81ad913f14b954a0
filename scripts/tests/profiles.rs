//! Judge profiles: the time rule (CPU time with a wall-time cap, or wall
//! time), each judge's comparison, and the report's line that names the
//! profile and where it came from. Programs of known CPU and wall time are
//! the fixture's `cpu-threads`, `spin` and `sleep`.

mod common;

use common::{fixture, judge_program, Scratch};
#[cfg(unix)]
use std::process::{Child, Command, Stdio};

/// One case `1.in` telling the fixture `command`, with `1.out` `answer`.
fn one_case(name: &str, command: &str, answer: &str) -> Scratch {
    Scratch::with_files(name, &[("1.in", command), ("1.out", answer)])
}

/// The `cpu_ns` and `wall_ns` of the first case in `--json -` output,
/// the wall time less the `wait_ns` for a CPU where it was measured: what
/// the wall-time cap is held against.
fn times(json: &str) -> (Option<u64>, u64) {
    let line = json
        .lines()
        .find(|line| line.contains(r#""type":"case""#))
        .unwrap_or_else(|| panic!("no case in {json}"));
    let field = |name: &str| -> Option<u64> {
        let rest = line.split_once(&format!(r#""{name}":"#))?.1;
        rest.split([',', '}']).next()?.parse().ok()
    };
    let wall = field("wall_ns").expect("wall_ns");
    (
        field("cpu_ns"),
        wall.saturating_sub(field("wait_ns").unwrap_or(0)),
    )
}

#[cfg(unix)]
/// Busy processes, one for each core, killed when dropped.
struct Load(Vec<Child>);

#[cfg(unix)]
impl Load {
    fn every_core() -> Load {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        let spinners = (0..cores)
            .map(|_| {
                let mut child = Command::new(fixture())
                    .stdin(Stdio::piped())
                    .stdout(Stdio::null())
                    .spawn()
                    .unwrap();
                use std::io::Write;
                let mut stdin = child.stdin.take().unwrap();
                stdin.write_all(b"spin 20000").unwrap();
                drop(stdin);
                child
            })
            .collect();
        Load(spinners)
    }
}

#[cfg(unix)]
impl Drop for Load {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[cfg(unix)]
/// The verdict the default profile's rule gives a run of `cpu` and `wall`
/// nanoseconds (wall time less the wait for a CPU) under a 1 s limit: CPU
/// time against the limit, wall time against the cap of 2 s.
fn by_the_rule(cpu: u64, wall: u64) -> &'static str {
    if cpu > 1_000_000_000 || wall > 2_000_000_000 {
        "TLE"
    } else {
        "AC"
    }
}

#[cfg(unix)]
/// The verdict word of the first case in `--json -` output.
fn verdict(json: &str) -> &str {
    let rest = json.split_once(r#""verdict":""#).expect("a verdict").1;
    rest.split('"').next().unwrap()
}

// The figures a loaded machine gives are its own; the verdict must be the
// one the rule gives those figures, and the run must have gone as the
// issue's case says (wall time past the limit, CPU time within it) for the
// test to show the difference: it says so when the machine was too idle.
// Where the wait for a CPU is measured (Linux) the cap does not count it,
// and the run is AC however busy the machine (tests/load.rs).
#[cfg(unix)]
#[test]
fn a_busy_loop_under_the_limit_in_cpu_time_is_ac_on_a_loaded_machine() {
    let samples = one_case("profiles-busy", "cpu-threads 1 600", "spun\n");
    let _load = Load::every_core();
    let report = judge_program(
        fixture(),
        &samples.path,
        &["--time-limit-ms", "1000", "--json", "-"],
    );
    let (cpu, wall) = times(&report.stdout);
    let cpu = cpu.expect("CPU time is measured on Unix");
    assert_eq!(
        verdict(&report.stdout),
        by_the_rule(cpu, wall),
        "{}",
        report.stdout
    );
    if wall <= 2_000_000_000 {
        // It ran to its end: its own 600 ms, and a little start-up.
        assert!((600_000_000..700_000_000).contains(&cpu), "{cpu}");
        assert_eq!(verdict(&report.stdout), "AC");
        report.exited(0);
    }
    let whole_wall = report
        .stdout
        .split_once(r#""wall_ns":"#)
        .and_then(|(_, rest)| rest.split(',').next()?.parse::<u64>().ok())
        .unwrap();
    if whole_wall < 1_000_000_000 {
        eprintln!("not shown: the busy loop took {whole_wall} ns of wall time, not over 1 s");
    }
}

#[cfg(unix)]
#[test]
fn two_threads_of_700_ms_each_are_tle_by_cpu_time_under_1_s() {
    let samples = one_case("profiles-threads", "cpu-threads 2 700", "spun\n");
    let report = judge_program(
        fixture(),
        &samples.path,
        &["--time-limit-ms", "1000", "--json", "-"],
    );
    report.exited(1);
    let (cpu, wall) = times(&report.stdout);
    let cpu = cpu.expect("CPU time is measured on Unix");
    assert_eq!(verdict(&report.stdout), "TLE", "{}", report.stdout);
    if cpu > 1_000_000_000 {
        // Both threads' time is counted: more CPU than wall time when
        // they ran side by side, and TLE for the CPU time.
        assert!(report.stdout.contains("of CPU time"), "{}", report.stdout);
        assert!(
            cpu >= 1_400_000_000 || wall >= 2_000_000_000,
            "{cpu} {wall}"
        );
    } else {
        eprintln!("not shown: the machine gave the two threads {cpu} ns of CPU in {wall} ns");
    }
}

/// Killed past the cap, before its sleep ended; how soon after the cap
/// depends on the machine's load, which no test can fix.
#[test]
fn a_sleeper_is_killed_and_tle_by_the_wall_cap() {
    let samples = one_case("profiles-sleeper", "sleep 10000", "slept\n");
    let report = judge_program(
        fixture(),
        &samples.path,
        &["--time-limit-ms", "1000", "--json", "-"],
    );
    assert_eq!(report.code, Some(1), "{}{}", report.stdout, report.stderr);
    assert!(report.stderr.contains("TLE"), "{}", report.stderr);
    let (_, wall) = times(&report.stdout);
    // The default profile's cap: twice the limit.
    assert!((2_000_000_000..10_000_000_000).contains(&wall), "{wall}");
}

#[test]
fn a_sleeper_under_the_wall_profile_is_tle_at_the_limit() {
    let samples = one_case("profiles-sleeper-wall", "sleep 1200", "slept\n");
    let report = judge_program(
        fixture(),
        &samples.path,
        &["--time-limit-ms", "1000", "--judge", "wall"],
    );
    report.exited(1);
    assert_eq!(report.verdict("judge-fixture/1"), "TLE");
    // The default profile lets it sleep: its CPU time is nothing. Where
    // CPU time cannot be read (Wine's Job keeps no accounting), the wall
    // time decides, and the report says so.
    let report = judge_program(fixture(), &samples.path, &["--time-limit-ms", "1000"]);
    if report.stdout.contains("CPU time was not measured") {
        assert_eq!(
            report.verdict("judge-fixture/1"),
            "TLE",
            "{}",
            report.stdout
        );
        assert!(
            report
                .stdout
                .contains("note: 1 case was judged by wall time"),
            "{}",
            report.stdout
        );
    } else {
        report.exited(0);
    }
}

#[test]
fn a_trailing_space_is_ac_on_luogu_and_pe_on_poj() {
    let samples = one_case("profiles-trailing", "print 42 \\n", "42\n");
    for (judge, verdict, code) in [
        ("luogu", "AC", 0),
        ("poj", "PE", 1),
        ("zoj", "PE", 1),
        ("nowcoder", "PE", 1),
        ("codeforces", "AC", 0),
        ("kattis", "AC", 0),
        ("atcoder", "AC", 0),
    ] {
        let report = judge_program(fixture(), &samples.path, &["--judge", judge]);
        report.exited(code);
        assert_eq!(report.verdict("judge-fixture/1"), verdict, "{judge}");
        // AtCoder's rule is its users' word: the AC says so.
        let (_, detail) = report.case("judge-fixture/1");
        assert_eq!(
            detail.contains("AtCoder's users report"),
            judge == "atcoder",
            "{judge}: {detail}"
        );
    }
}

/// The verdict Codeforces' rule gives a run stopped by the wall-time cap,
/// by its `--json` line: ILE where its CPU time was measured (under the
/// limit: the programs here wait), TLE where it was not (Windows reads no
/// CPU time for a run shorter than a clock tick, and then wall time
/// decides). Unix always measures it.
fn idle_verdict(json: &str) -> &'static str {
    let (cpu, _) = times(json);
    assert!(cfg!(windows) || cpu.is_some(), "{json}");
    if cpu.is_some() {
        "ILE"
    } else {
        "TLE"
    }
}

/// A program that waits, its CPU time under the limit, until the wall-time
/// cap stops it is "Idleness limit exceeded" under the codeforces profile,
/// as Codeforces names it, in the table, in JSON and under --repeat; TLE
/// under every other profile. A sleeper's CPU time is a few milliseconds
/// whatever the machine's load.
#[test]
fn a_sleeper_past_the_wall_cap_is_ile_under_codeforces_and_tle_elsewhere() {
    let samples = one_case("profiles-idle", "sleep 5000", "slept\n");
    let limits = ["--time-limit-ms", "500", "--checker", "tokens"];
    for judge in ["codeforces", "default", "atcoder"] {
        let mut args = vec!["--judge", judge, "--json", "-", "--repeat", "2"];
        args.extend(limits);
        let report = judge_program(fixture(), &samples.path, &args);
        report.exited(1);
        let verdict = match judge {
            "codeforces" => idle_verdict(&report.stdout),
            _ => "TLE",
        };
        assert!(
            report.stdout.contains(&format!(r#""verdict":"{verdict}""#)),
            "{judge}: {}",
            report.stdout
        );
        assert!(
            report.stdout.contains(r#""passed":0,"failed":1"#),
            "{judge}: {}",
            report.stdout
        );
        assert_eq!(
            report.stdout.contains("Idleness limit exceeded"),
            verdict == "ILE",
            "{judge}: {}",
            report.stdout
        );
    }
    let mut args = vec!["--judge", "codeforces"];
    args.extend(limits);
    let report = judge_program(fixture(), &samples.path, &args);
    report.exited(1);
    let (line, _) = report.case("judge-fixture/1");
    assert!(
        line.starts_with("ILE") || cfg!(windows),
        "{}",
        report.stdout
    );
}

/// An interactive player that waits for a reply it never asked for (it
/// reads the first line, then sleeps: as one that did not flush its
/// query) is ILE under the codeforces profile, Codeforces' word for it,
/// and TLE under the others; in testlib's convention and in ICPC's.
#[test]
fn a_waiting_interactive_player_is_ile_under_codeforces() {
    let samples = Scratch::with_files(
        "profiles-idle-game",
        &[("1.in", "37 100\nsilent\nfair\n"), ("1.ans", "37\n")],
    );
    let player = std::path::Path::new(env!("CARGO_BIN_EXE_guess-player"));
    let interactor = env!("CARGO_BIN_EXE_guess-interactor");
    let icpc = format!("icpc:{interactor}");
    for spec in [interactor, icpc.as_str()] {
        for judge in ["codeforces", "default", "domjudge"] {
            let args = [
                "--interactor",
                spec,
                "--time-limit-ms",
                "500",
                "--judge",
                judge,
                "--json",
                "-",
            ];
            let report = judge_program(player, &samples.path, &args);
            report.exited(1);
            let verdict = match judge {
                "codeforces" => idle_verdict(&report.stdout),
                _ => "TLE",
            };
            assert!(
                report.stdout.contains(&format!(r#""verdict":"{verdict}""#)),
                "{judge} {spec}: {}",
                report.stdout
            );
        }
    }
}

/// A package that states no memory or output limit gets the defaults of
/// the judge whose profile judges it: one with DOMjudge's `.timelimit` is
/// DOMjudge's (2048 MiB) even with a problem.yaml that states none,
/// `--judge` picks another's, and a profile with no package defaults of
/// its own (luogu) leaves the package's kind's.
#[test]
fn a_packages_unstated_limits_are_the_defaults_of_the_judge_that_judges_it() {
    let domjudge = common::package(&[
        (".timelimit", "2\n"),
        ("problem.yaml", "name: No memory stated\n"),
        ("data/sample/1.in", "print ok\n"),
        ("data/sample/1.ans", "ok\n"),
    ]);
    let icpc = common::package(&[
        ("problem.yaml", "name: No memory stated\n"),
        ("data/sample/1.in", "print ok\n"),
        ("data/sample/1.ans", "ok\n"),
    ]);
    let domjudges = "memory limit 2048 MiB (DOMjudge's default: the package states none), \
                     output limit 8 MiB (DOMjudge's default: the package states none)";
    let problemtools = "memory limit 1024 MiB (problemtools' default: the package states none)";
    for (package, judge, expected) in [
        (&domjudge, None, domjudges),
        (&domjudge, Some("kattis"), problemtools),
        (&domjudge, Some("icpc"), problemtools),
        (&domjudge, Some("luogu"), domjudges),
        (&icpc, None, problemtools),
        (&icpc, Some("domjudge"), domjudges),
        (&icpc, Some("codeforces"), problemtools),
    ] {
        let args: Vec<&str> = judge.map_or_else(Vec::new, |judge| vec!["--judge", judge]);
        let report = common::judge(&package.path, &args);
        report.exited(0);
        assert!(
            report.stdout.contains(expected),
            "{judge:?}: {}",
            report.stdout
        );
    }
}

#[test]
fn the_first_line_names_the_profile_and_where_it_came_from() {
    let samples = one_case("profiles-line", "print 1\\n", "1\n");
    judge_program(fixture(), &samples.path, &[])
        .exited(0)
        .starts_with("judged as no judge known (the tool's own rules) (no judge named")
        .says(&[
            "CPU time, wall time capped at 2x the limit",
            "compared by exact",
        ]);
    judge_program(fixture(), &samples.path, &["--judge", "LUOGU"])
        .exited(0)
        .starts_with("judged as Luogu (--judge): CPU time")
        .says(&["compared by lines"]);
}

#[test]
fn an_unknown_judge_is_one_line_naming_the_known_ones() {
    let samples = one_case("profiles-unknown", "print 1\\n", "1\n");
    let report = judge_program(fixture(), &samples.path, &["--judge", "hackerrank"]);
    report.exited(2);
    assert!(
        report
            .stderr
            .starts_with("error: --judge takes one of default, wall, icpc, kattis,"),
        "{}",
        report.stderr
    );
    assert_eq!(report.stderr.lines().count(), 1, "{}", report.stderr);
}

#[test]
fn a_memory_overrun_is_re_under_domjudge_and_mle_elsewhere() {
    let samples = one_case("profiles-memory", "alloc 64", "allocated\n");
    for (judge, verdict) in [
        ("domjudge", "RE"),
        ("icpc", "RE"),
        ("kattis", "MLE"),
        ("default", "MLE"),
    ] {
        let args = [
            "--judge",
            judge,
            "--memory-limit-mib",
            "16",
            "--time-limit-ms",
            "5000",
        ];
        let report = judge_program(fixture(), &samples.path, &args);
        report.exited(1);
        assert_eq!(
            report.verdict("judge-fixture/1"),
            verdict,
            "{}",
            report.stdout
        );
        let (_, detail) = report.case("judge-fixture/1");
        assert_eq!(
            detail.contains("RE, not MLE: the memory limit was passed"),
            verdict == "RE",
            "{judge}: {detail}"
        );
    }
}

#[test]
fn a_run_within_a_fifth_of_the_limit_is_marked_near_it() {
    let samples = Scratch::with_files(
        "profiles-near",
        &[
            ("1.in", "sleep 900"),
            ("1.out", "slept\n"),
            ("2.in", "print 1\\n"),
            ("2.out", "1\n"),
        ],
    );
    let args = ["--judge", "wall", "--time-limit-ms", "1000"];
    let report = judge_program(fixture(), &samples.path, &args);
    let (near, _) = report.case("judge-fixture/1");
    assert!(near.ends_with("  near the limit"), "{}", report.stdout);
    let (far, _) = report.case("judge-fixture/2");
    assert!(!far.contains("near"), "{}", report.stdout);
}

/// A package is judged as the judge its kind is made for: an ICPC
/// package (problem.yaml) by the package format's rules, one with
/// DOMjudge's files as DOMjudge (a memory overrun RE, its time cap the
/// limit plus its overshoot), a Polygon package as Codeforces; `--judge`
/// beats the package (Kattis: MLE).
#[test]
fn a_package_is_judged_as_the_judge_its_kind_is_made_for() {
    let first_line = |report: &common::Report| report.stdout.lines().next().unwrap().to_string();
    let icpc = common::package(&[
        ("problem.yaml", "name: Hello\n"),
        ("data/sample/1.in", "print ok\\n"),
        ("data/sample/1.ans", "ok\n"),
    ]);
    let report = common::judge(&icpc.path, &[]);
    report.exited(0);
    assert!(
        first_line(&report).starts_with(
            "judged as the ICPC problem package format (the package's problem.yaml): CPU \
             time, wall time capped at 2x the limit"
        ),
        "{}",
        report.stdout
    );
    let report = common::judge(&icpc.path, &["--judge", "kattis"]);
    assert!(
        first_line(&report).starts_with("judged as Kattis (--judge)"),
        "{}",
        report.stdout
    );

    let domjudge = common::package(&[
        (".timelimit", "5\n"),
        ("data/sample/1.in", "alloc 64"),
        ("data/sample/1.ans", "allocated\n"),
    ]);
    let report = common::judge(&domjudge.path, &["--memory-limit-mib", "16"]);
    report.exited(1);
    assert!(
        first_line(&report).starts_with(
            "judged as DOMjudge (the package's DOMjudge files): CPU time, wall time capped \
             at the limit plus max(1 s, 10 %)"
        ),
        "{}",
        report.stdout
    );
    let (verdict, detail) = report.case("judge-fixture/sample/1");
    assert!(verdict.starts_with("RE"), "{}", report.stdout);
    assert!(
        detail.contains("RE, not MLE: the memory limit was passed; DOMjudge"),
        "{detail}"
    );
    let report = common::judge(
        &domjudge.path,
        &["--memory-limit-mib", "16", "--judge", "kattis"],
    );
    assert_eq!(report.verdict("judge-fixture/sample/1"), "MLE");

    let polygon = polygon_package("print ok\\n", "ok\n");
    let report = common::judge(&polygon.path, &["--checker", "tokens"]);
    report.exited(0);
    assert!(
        first_line(&report)
            .starts_with("judged as Codeforces (Polygon) (the package's problem.xml): CPU time"),
        "{}",
        report.stdout
    );
}

/// A deep recursion gets the stack of the judge's profile: 300 MiB of it
/// is AC under AtCoder's 1 GiB and RE under Codeforces' 256 MiB, and a
/// Polygon package gets Codeforces' stack. (Windows fixes a program's
/// stack when it is linked: Unix only.)
#[cfg(unix)]
#[test]
fn a_deep_recursion_is_ac_under_atcoders_stack_and_re_under_codeforces() {
    let samples = one_case("profiles-stack", "recurse 300", "recursed\n");
    let limits = ["--memory-limit-mib", "1024", "--time-limit-ms", "5000"];
    for (judge, verdict) in [("atcoder", "AC"), ("codeforces", "RE")] {
        let mut args = vec!["--judge", judge, "--checker", "tokens"];
        args.extend(limits);
        let report = judge_program(fixture(), &samples.path, &args);
        // Under a hard stack limit below 1 GiB the tool cannot give
        // AtCoder's stack, and says so.
        if report.stdout.contains("the stack is held to") {
            eprintln!("skipped: the tests run under a hard stack limit");
            return;
        }
        assert_eq!(
            report.verdict("judge-fixture/1"),
            verdict,
            "{judge}: {}",
            report.stdout
        );
    }
    let polygon = polygon_package("recurse 300", "recursed\n");
    let mut args = vec!["--checker", "tokens"];
    args.extend(limits);
    let report = common::judge(&polygon.path, &args);
    assert_eq!(report.verdict("judge-fixture/1"), "RE", "{}", report.stdout);
}

/// A Polygon package of one test, `input` with its answer, under 1 s and
/// 256 MiB, with no checker (judged with --checker).
fn polygon_package(input: &str, answer: &str) -> Scratch {
    common::package(&[
        (
            "problem.xml",
            "<problem><judging><testset name=\"tests\"><time-limit>1000</time-limit>\
             <memory-limit>268435456</memory-limit><test-count>1</test-count>\
             <input-path-pattern>tests/%02d</input-path-pattern>\
             <answer-path-pattern>tests/%02d.a</answer-path-pattern>\
             </testset></judging></problem>\n",
        ),
        ("tests/01", input),
        ("tests/01.a", answer),
    ])
}

/// Windows reads CPU time from the program's Job, and where the Job keeps
/// no accounting (Wine) from its threads' own times, read while they run:
/// a busy loop of 600 ms of CPU time reads about that, not the wall time
/// nor nothing; two threads of 700 ms each are TLE under 1 s, their CPU
/// time counted together.
#[cfg(windows)]
#[test]
fn cpu_time_is_measured_on_windows_where_the_job_keeps_none_too() {
    let samples = one_case("profiles-windows-busy", "cpu-threads 1 600", "spun\n");
    let args = ["--time-limit-ms", "2000", "--json", "-"];
    let report = judge_program(fixture(), &samples.path, &args);
    report.exited(0);
    let (cpu, _) = times(&report.stdout);
    let cpu = cpu.expect("CPU time is measured");
    // Read every 5 ms in clock ticks: the last few milliseconds of the
    // thread can be missed, and start-up adds a little.
    assert!((550_000_000..900_000_000).contains(&cpu), "{cpu}");
    assert!(
        !report.stderr.contains("judged by wall time"),
        "{}",
        report.stderr
    );

    let samples = one_case("profiles-windows-threads", "cpu-threads 2 700", "spun\n");
    let args = ["--time-limit-ms", "1000", "--json", "-"];
    let report = judge_program(fixture(), &samples.path, &args);
    report.exited(1);
    assert!(
        report.stdout.contains(r#""verdict":"TLE""#),
        "{}",
        report.stdout
    );
    let (cpu, wall) = times(&report.stdout);
    let cpu = cpu.expect("CPU time is measured");
    // Killed at 1.5 s of CPU time, or at the 2 s cap on a machine that
    // gave the two threads less than three quarters of a core.
    assert!(cpu > 1_000_000_000 || wall >= 2_000_000_000, "{cpu} {wall}");
}
