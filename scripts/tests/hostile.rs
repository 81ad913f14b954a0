//! `judge` against programs that misbehave the way contestants' programs
//! do: children that linger, memory without end, floods of output, huge
//! lines, crates that do not compile, names made to confuse. Each test
//! fails on a tool that trusts the program.

mod common;

use common::{fixture, tool, Report, Scratch};
use std::path::Path;
use std::thread;
use std::time::Duration;

const CASE: &str = "judge-fixture/1";

/// `judge --program` on the fixture, with the samples in `samples`, under
/// `time_limit_ms` and 64 MiB.
fn judge_in(samples: &Path, time_limit_ms: &str) -> Report {
    Report::of(
        tool()
            .args(["judge", "--time-limit-ms", time_limit_ms])
            .args(["--memory-limit-mib", "64", "--program"])
            .arg(fixture())
            .arg("--samples")
            .arg(samples)
            .output()
            .unwrap(),
    )
}

/// The fixture judged on one case: `input`, and `expected` as its `.out`.
fn one(input: &str, expected: &[u8], time_limit_ms: &str) -> Report {
    let samples = Scratch::new("hostile");
    samples.write("1.in", input.as_bytes());
    samples.write("1.out", expected);
    judge_in(&samples.path, time_limit_ms)
}

/// The wall time (ms) and peak memory (MiB) on a verdict line.
fn figures(head: &str) -> (f64, f64) {
    let fields: Vec<&str> = head.split_whitespace().collect();
    (fields[2].parse().unwrap(), fields[4].parse().unwrap())
}

/// Item 1: a child that keeps the program's stdout open and answers late
/// neither holds the judge nor answers for the program: the group dies
/// with the program, whose own output was empty.
#[test]
fn a_child_holding_stdout_does_not_answer_after_the_program_ended() {
    let marks = Scratch::new("marks");
    let mark = marks.path.join("late");
    let report = one(
        &format!("fork 1500 keep {}", mark.display()),
        b"late\n",
        "1000",
    );
    assert_eq!(report.verdict(CASE), "WA", "{}", report.stdout);
    let (milliseconds, _) = figures(&report.case(CASE).0);
    assert!(milliseconds < 1000.0, "{}", report.stdout);
    // Item 2: the child was killed, not left to run.
    thread::sleep(Duration::from_millis(2500));
    assert!(!mark.exists(), "the child outlived the run");
}

/// Item 2: a child that holds nothing of the program's is killed with it
/// all the same.
#[test]
fn a_quiet_child_dies_with_the_program() {
    let marks = Scratch::new("marks");
    let mark = marks.path.join("late");
    let report = one(&format!("fork 1000 quiet {}", mark.display()), b"", "1000");
    assert_eq!(report.verdict(CASE), "AC", "{}", report.stdout);
    thread::sleep(Duration::from_millis(2000));
    assert!(!mark.exists(), "the child outlived the run");
}

/// Item 3: a big expected output is not counted in the program's memory.
#[test]
fn a_big_expected_output_is_not_the_programs_memory() {
    let expected = "y\n".repeat(40 << 20);
    let report = one("print 1\\n", expected.as_bytes(), "1000");
    assert_eq!(report.verdict(CASE), "WA", "{}", report.stdout);
    let (_, peak) = figures(&report.case(CASE).0);
    assert!(peak < 32.0, "{}", report.stdout);
}

/// Item 3: the output a program wrote is not counted in the memory of the
/// programs judged after it. (Linux counts in a forked child's peak the
/// resident memory of the tool at the fork; output read in small pieces
/// on another thread stayed resident after it was freed.)
#[test]
fn a_big_output_is_not_the_next_programs_memory() {
    let samples = Scratch::new("hostile");
    samples.write("1.in", b"print small\\n");
    samples.write("1.out", b"small\n");
    let alone = judge_in(&samples.path, "10000");
    let (_, peak_alone) = figures(&alone.case(CASE).0);
    samples.write("0.in", b"flood 60");
    samples.write("0.out", b"y\n");
    let after = judge_in(&samples.path, "10000");
    assert_eq!(after.verdict("judge-fixture/0"), "WA", "{}", after.stdout);
    assert_eq!(after.verdict(CASE), "AC", "{}", after.stdout);
    let (_, peak_after) = figures(&after.case(CASE).0);
    assert!(
        peak_after < peak_alone + 3.0,
        "{peak_alone} MiB alone:\n{}",
        after.stdout
    );
}

/// Item 4: memory that grows without end is stopped near the limit, MLE,
/// well before it reaches what the program asked for.
#[test]
fn growing_memory_is_stopped_at_the_limit() {
    let report = one("grow 4096", b"grown\n", "10000");
    assert_eq!(report.verdict(CASE), "MLE", "{}", report.stdout);
    let (head, detail) = report.case(CASE);
    let (_, peak) = figures(&head);
    assert!(peak < 1024.0, "{}", report.stdout);
    assert!(detail.contains("over the limit of 64.0 MiB"), "{detail}");
}

/// Item 4: one allocation far past the limit is MLE, and never made.
#[test]
fn one_huge_allocation_is_mle_without_taking_the_memory() {
    let report = one("alloc 4096", b"allocated\n", "10000");
    assert_eq!(report.verdict(CASE), "MLE", "{}", report.stdout);
    let (_, peak) = figures(&report.case(CASE).0);
    assert!(peak < 1024.0, "{}", report.stdout);
}

/// Item 5: output past the limit is OLE, with the limit named.
#[test]
fn output_past_the_limit_is_ole() {
    let report = one("flood 80", b"y\n", "10000");
    assert_eq!(report.verdict(CASE), "OLE", "{}", report.stdout);
    let detail = report.case(CASE).1;
    assert!(detail.contains("output limit of 64.0 MiB"), "{detail}");
    assert_eq!(report.code, Some(1));
}

/// Item 6: a wrong line of a million bytes is reported in a few short
/// lines.
#[test]
fn a_huge_wrong_line_gives_a_short_report() {
    let report = one("line 1000000", b"b\n", "1000");
    assert_eq!(report.verdict(CASE), "WA", "{}", report.stdout);
    assert!(report.stdout.lines().count() < 20, "{}", report.stdout);
    let longest = report.stdout.lines().map(str::len).max().unwrap();
    assert!(longest < 300, "a line of {longest} bytes");
    assert!(
        report.stdout.contains("(999801 more bytes cut)"),
        "{}",
        report.stdout
    );
}

/// A workspace of two problem crates, `good` (echoes its input) and
/// `broken` (does not compile), with one sample each.
fn two_crate_workspace() -> Scratch {
    let workspace = Scratch::new("workspace");
    workspace.write(
        "Cargo.toml",
        b"[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n",
    );
    for (name, main) in [
        (
            "good",
            "use std::io::Read;\nfn main() {\n    let mut text = String::new();\n    \
             std::io::stdin().read_to_string(&mut text).unwrap();\n    print!(\"{text}\");\n}\n",
        ),
        (
            "broken",
            "fn main() {\n    let count: u32 = \"three\";\n    println!(\"{count}\");\n}\n",
        ),
    ] {
        workspace.write(
            &format!("crates/{name}/Cargo.toml"),
            format!(
                "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
                 [package.metadata.judge]\ntime-limit-ms = 1000\nmemory-limit-mib = 64\n"
            )
            .as_bytes(),
        );
        workspace.write(&format!("crates/{name}/src/main.rs"), main.as_bytes());
        workspace.write(&format!("samples/{name}/1.in"), b"hi\n");
        workspace.write(&format!("samples/{name}/1.out"), b"hi\n");
    }
    workspace
}

/// Items 7 and 9: a crate that does not compile is CE with rustc's error,
/// the others are still judged, the summary counts it; a crate named twice
/// is judged once.
#[test]
fn a_crate_that_does_not_compile_is_ce_and_the_others_are_judged() {
    let workspace = two_crate_workspace();
    let report = Report::of(
        tool()
            .args(["judge", "good", "broken", "good"])
            .current_dir(&workspace.path)
            .env("CARGO_TARGET_DIR", workspace.path.join("target"))
            .output()
            .unwrap(),
    );
    assert_eq!(
        report.verdict("good/1"),
        "AC",
        "{}{}",
        report.stdout,
        report.stderr
    );
    assert_eq!(report.verdict("broken"), "CE", "{}", report.stdout);
    let detail = report.case("broken").1;
    assert!(detail.contains("error[E0308]"), "{detail}");
    assert!(detail.contains("src/main.rs:2"), "{detail}");
    assert_eq!(
        report.stdout.matches("good/1").count(),
        1,
        "{}",
        report.stdout
    );
    assert_eq!(report.summary(), "1 passed, 1 failed");
    assert_eq!(report.code, Some(1));
}

/// Item 8: names are paired by their exact bytes, and printed escaped.
#[cfg(target_os = "linux")]
#[test]
fn names_pair_by_their_bytes_and_print_escaped() {
    use std::ffi::OsStr;
    use std::fs;
    use std::os::unix::ffi::OsStrExt;
    let samples = Scratch::new("names");
    let write = |name: &[u8], contents: &str| {
        fs::write(samples.path.join(OsStr::from_bytes(name)), contents).unwrap();
    };
    write(b"a\xff.in", "print 1\\n");
    write(b"a\xff.out", "1\n");
    write(b"a\xfe.in", "print 2\\n");
    write(b"b\x1b[31m.in", "print 3\\n");
    write(b"b\x1b[31m.out", "3\n");
    let report = judge_in(&samples.path, "1000");
    assert!(!report.stdout.contains('\u{1b}'), "{:?}", report.stdout);
    assert_eq!(
        report.verdict("judge-fixture/a\\xFF"),
        "AC",
        "{}",
        report.stdout
    );
    assert_eq!(report.verdict("judge-fixture/a\\xFE"), "ERROR");
    assert_eq!(
        report.case("judge-fixture/a\\xFE").1,
        "    a\\xFE.out is missing"
    );
    assert_eq!(report.verdict("judge-fixture/b^[[31m"), "AC");
    assert_eq!(report.summary(), "2 passed, 1 failed");
    assert_eq!(report.code, Some(1));
}

/// Item 9: `--program` is a path; a bare name is never looked up on PATH.
#[test]
fn a_bare_program_name_is_a_file_here_not_on_path() {
    let samples = Scratch::new("path");
    samples.write("1.in", b"print 1\\n");
    samples.write("1.out", b"1\n");
    let bin = fixture().parent().unwrap();
    let name = fixture().file_name().unwrap();
    let judge_from = |dir: &Path| {
        Report::of(
            tool()
                .args(["judge", "--program"])
                .arg(name)
                .arg("--samples")
                .arg(&samples.path)
                .current_dir(dir)
                .env("PATH", bin)
                .output()
                .unwrap(),
        )
    };
    // Not in the current folder: not found, though PATH has it.
    let elsewhere = judge_from(&samples.path);
    assert_eq!(elsewhere.verdict(CASE), "ERROR", "{}", elsewhere.stdout);
    assert!(
        elsewhere.case(CASE).1.contains("cannot run"),
        "{}",
        elsewhere.stdout
    );
    assert_eq!(elsewhere.code, Some(1));
    // In the current folder: that file.
    let here = judge_from(bin);
    assert_eq!(here.verdict(CASE), "AC", "{}", here.stdout);
}

/// Item 1: a program that starts a child holding its stdout and then runs
/// past the limit is TLE at the kill point, and the child dies with it.
#[test]
fn a_timed_out_program_takes_its_children_with_it() {
    let marks = Scratch::new("marks");
    let mark = marks.path.join("late");
    let report = one(
        &format!("fork 1200 linger {}", mark.display()),
        b"late\n",
        "300",
    );
    assert_eq!(report.verdict(CASE), "TLE", "{}", report.stdout);
    thread::sleep(Duration::from_millis(1500));
    assert!(!mark.exists(), "the child outlived the run");
}

/// A descendant that leaves the program's process group for a session of
/// its own (as a daemon does), starts a child of its own and spins is
/// still found and killed once the program has ended, and its child after
/// it (on Linux as the tool's orphans, on Windows in the Job object). On
/// macOS they survive: the README says so.
#[cfg(any(target_os = "linux", windows))]
#[test]
fn a_descendant_in_a_session_of_its_own_is_killed_too() {
    let marks = Scratch::new("marks");
    let mark = marks.path.join("late");
    let report = one(&format!("escape 1500 {}", mark.display()), b"", "1000");
    assert_eq!(report.verdict(CASE), "AC", "{}", report.stdout);
    thread::sleep(Duration::from_millis(2500));
    assert!(!mark.exists(), "the descendant outlived the run");
    assert!(
        !marks.path.join("late.grandchild").exists(),
        "the descendant's child outlived the run"
    );
}

/// `judge --program` on the fixture with one case, `input` answered by
/// `expected`, under `memory_mib` MiB and a time limit of 10 s (so that
/// only the limit under test can fail it), and `more` options after those.
fn one_with(input: &str, expected: &[u8], memory_mib: &str, more: &[&str]) -> Report {
    let samples = Scratch::new("hostile");
    samples.write("1.in", input.as_bytes());
    samples.write("1.out", expected);
    Report::of(
        tool()
            .args(["judge", "--time-limit-ms", "10000"])
            .args(["--memory-limit-mib", memory_mib])
            .args(more)
            .arg("--program")
            .arg(fixture())
            .arg("--samples")
            .arg(&samples.path)
            .output()
            .unwrap(),
    )
}

/// A recursion 100 MiB deep on the main thread (a DFS a million levels
/// deep) gets the stack a judge gives it: the memory limit bounds it, not
/// the 8 MiB of the shell the tool was started from. Past a 64 MiB memory
/// limit it is MLE, and with `--stack-limit-mib 16` it overflows.
/// (Windows fixes a program's stack when it is linked: Unix only.)
#[cfg(unix)]
#[test]
fn a_deep_recursion_gets_the_stack_a_judge_gives() {
    let report = one_with("recurse 100", b"recursed\n", "256", &[]);
    assert_eq!(report.verdict(CASE), "AC", "{}", report.stdout);
    let (_, peak) = figures(&report.case(CASE).0);
    assert!(peak > 100.0, "{}", report.stdout);
    let report = one_with("recurse 100", b"recursed\n", "64", &[]);
    assert_eq!(report.verdict(CASE), "MLE", "{}", report.stdout);
    let report = one_with(
        "recurse 100",
        b"recursed\n",
        "256",
        &["--stack-limit-mib", "16"],
    );
    assert_eq!(report.verdict(CASE), "RE", "{}", report.stdout);
}

/// Threads started with the system's default stack size still run: under
/// an unlimited stack glibc gives each 2 MiB, where a stack limit as large
/// as the memory limit would make each reserve that much, and the address
/// space cap refuse the third.
#[test]
fn a_program_with_a_few_threads_still_runs() {
    let report = one_with("threads 8", b"threads\n", "256", &[]);
    assert_eq!(report.verdict(CASE), "AC", "{}", report.stdout);
}

/// `--output-limit-mib` sets the output limit: 2 MiB of output is OLE
/// under 1 MiB, named in the report, and AC under the default.
#[test]
fn the_output_limit_can_be_set() {
    let flood = "y\n".repeat(1 << 20);
    let report = one_with(
        "flood 2",
        flood.as_bytes(),
        "256",
        &["--output-limit-mib", "1"],
    );
    assert_eq!(report.verdict(CASE), "OLE", "{}", report.stdout);
    let detail = report.case(CASE).1;
    assert!(detail.contains("output limit of 1.0 MiB"), "{detail}");
    let report = one_with("flood 2", flood.as_bytes(), "256", &[]);
    assert_eq!(report.verdict(CASE), "AC", "{}", report.stdout);
}

/// A program that stops its parent (SIGSTOP to `getppid()`) does not stop
/// the judge's clock: it is TLE at the kill point, not when it wakes the
/// parent again, and nothing of it is left running. One that stops its
/// parent and ends at once is judged as any other.
#[test]
fn a_program_that_stops_its_parent_does_not_stop_the_judge() {
    let marks = Scratch::new("marks");
    let mark = marks.path.join("late");
    let report = one(
        &format!("stop-parent 3000 {}", mark.display()),
        b"woke\n",
        "300",
    );
    assert_eq!(report.verdict(CASE), "TLE", "{}", report.stdout);
    // Killed at the 600 ms cap, before its 3 s sleep ended: the mark it
    // makes on waking is never made. (How soon after the cap it was
    // killed is the machine's load's, not a rule's.)
    thread::sleep(Duration::from_millis(3500));
    assert!(
        !mark.exists(),
        "the program outlived the run: {}",
        report.stdout
    );
    let report = one(
        &format!("stop-parent 0 {}", mark.display()),
        b"woke\n",
        "10000",
    );
    assert_eq!(report.verdict(CASE), "AC", "{}", report.stdout);
    assert!(mark.exists());
}

/// Issue 55, item 10: the memory limit is on what a program uses, not on
/// what it reserves. 4 GiB reserved (a vector's capacity) with 10 MiB of
/// it touched is AC under 256 MiB, as on DOMjudge (a cgroup counts what
/// is resident). Unix only: Windows limits commit, and a vector's capacity
/// is committed there.
#[cfg(unix)]
#[test]
fn memory_reserved_but_not_used_is_not_counted() {
    let report = one_with("reserve 4096 10", b"reserved\n", "256", &[]);
    assert_eq!(report.verdict(CASE), "AC", "{}", report.stdout);
    let (_, peak) = figures(&report.case(CASE).0);
    assert!(peak < 64.0, "{}", report.stdout);
}

/// Issue 55, item 10: with nothing capping what a program reserves, one
/// that fills twice the limit as fast as it can is still MLE, never AC,
/// and is stopped soon past the limit (the watchdog looks every 5 ms).
#[test]
fn memory_filled_fast_past_the_limit_is_mle() {
    let report = one_with("alloc 512", b"allocated\n", "256", &[]);
    assert_eq!(report.verdict(CASE), "MLE", "{}", report.stdout);
    // Windows commits the whole block at once: its peak is all of it.
    if cfg!(unix) {
        let (_, peak) = figures(&report.case(CASE).0);
        assert!(peak < 512.0, "{}", report.stdout);
    }
}

/// Issue 55, item 10: a Java program run as problemtools runs Java
/// (problemtools/config/languages.yaml, `java`: `java
/// -Dfile.encoding=UTF-8 -XX:+UseSerialGC -Xss64m -Xms{memlim}m
/// -Xmx{memlim}m -cp {path} {mainclass}`) is AC under 256 MiB, though its
/// JVM reserves gigabytes; one whose heap grows past the limit is MLE;
/// one whose single array is larger than its heap throws
/// `OutOfMemoryError` at once, MLE with its measured peak, not "at the
/// cap". Skipped where there is no JDK.
#[cfg(unix)]
#[test]
fn a_java_program_runs_as_problemtools_runs_it() {
    if common::lacking("JDK (javac and java)", &["javac"]) || common::lacking("java", &["java"]) {
        return;
    }
    let folder = Scratch::new("java");
    let source = folder.write(
        "Main.java",
        br#"import java.util.*;
public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        String command = in.next();
        if (command.equals("grow")) {
            List<byte[]> kept = new ArrayList<>();
            int count = in.nextInt();
            for (int i = 0; i < count; i++) {
                byte[] block = new byte[1 << 20];
                Arrays.fill(block, (byte) 1);
                kept.add(block);
            }
            System.out.println(kept.size());
        } else if (command.equals("array")) {
            long[] array = new long[in.nextInt() << 17];
            Arrays.fill(array, 1);
            System.out.println(array.length);
        } else {
            System.out.println("hello");
        }
    }
}
"#,
    );
    let compiled = std::process::Command::new("javac")
        .arg("-d")
        .arg(&folder.path)
        .arg(&source)
        .status()
        .unwrap();
    assert!(compiled.success());
    let run = folder.write(
        "run",
        format!(
            "#!/bin/sh\nexec java -Dfile.encoding=UTF-8 -XX:+UseSerialGC -Xss64m -Xms256m \
             -Xmx256m -cp '{}' Main\n",
            folder.path.display()
        )
        .as_bytes(),
    );
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&run, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let samples = Scratch::with_files(
        "java-cases",
        &[
            ("1.in", "hello\n"),
            ("1.out", "hello\n"),
            ("2.in", "grow 400\n"),
            ("2.out", "400\n"),
            ("3.in", "array 300\n"),
            ("3.out", "39321600\n"),
        ],
    );
    let report = common::judge_program(
        &run,
        &samples.path,
        &["--memory-limit-mib", "256", "--time-limit-ms", "5000"],
    );
    assert_eq!(report.verdict("run/1"), "AC", "{}", report.stdout);
    assert_eq!(report.verdict("run/2"), "MLE", "{}", report.stdout);
    let (verdict, detail) = report.case("run/3");
    assert!(verdict.starts_with("MLE"), "{}", report.stdout);
    assert!(detail.contains("OutOfMemoryError"), "{detail}");
    assert!(
        detail.contains("an allocation failed, its stderr says, at a measured peak of "),
        "{detail}"
    );
    assert!(!detail.contains("cap"), "{detail}");
}

/// Issue 55: a stack the tool cannot give is said. Under a hard stack
/// limit of 8 MiB (`ulimit -s 8192` sets the hard limit too), which no
/// program can raise, a recursion 100 MiB deep that judges accept is RE:
/// the report's header says once that the stack is held below what a
/// judge gives, and so does the RE. Without that limit it is AC, and
/// nothing is said.
#[cfg(unix)]
#[test]
fn a_stack_the_tool_cannot_give_is_said() {
    let samples = Scratch::new("stack");
    for case in ["1", "2"] {
        samples.write(&format!("{case}.in"), b"recurse 100");
        samples.write(&format!("{case}.out"), b"recursed\n");
    }
    let judged = |wrapper: &str| {
        Report::of(
            std::process::Command::new("/bin/sh")
                .args(["-c", &format!("{wrapper}exec \"$@\""), "sh"])
                .arg(env!("CARGO_BIN_EXE_scripts"))
                .args(["judge", "--time-limit-ms", "10000"])
                .args(["--memory-limit-mib", "256", "--program"])
                .arg(fixture())
                .arg("--samples")
                .arg(&samples.path)
                .output()
                .unwrap(),
        )
    };
    let said = "the stack is held to 8.0 MiB by the hard limit this tool runs under \
                (ulimit -Hs), below the unlimited a judge gives";
    let report = judged("ulimit -s 8192; ");
    assert_eq!(report.verdict(CASE), "RE", "{}", report.stdout);
    // Said once, before the cases (after the line naming the judge
    // profile).
    let header = format!("note: {said}: a deep recursion a judge accepts can be RE here\n");
    let first_case = report.stdout.find("\nRE ").unwrap() + 1;
    assert!(
        report.stdout[..first_case].contains(&header),
        "{}",
        report.stdout
    );
    assert_eq!(report.stdout.matches(said).count(), 3, "{}", report.stdout);
    assert!(report.case(CASE).1.contains(said), "{}", report.stdout);
    // Where the tests themselves run under a hard limit (macOS's usual
    // 64 MiB), there is no run without one to compare.
    let hard = std::process::Command::new("/bin/sh")
        .args(["-c", "ulimit -Hs"])
        .output()
        .unwrap();
    if String::from_utf8_lossy(&hard.stdout).trim() != "unlimited" {
        eprintln!("the rest skipped: the tests run under a hard stack limit");
        return;
    }
    let report = judged("");
    assert_eq!(report.verdict(CASE), "AC", "{}", report.stdout);
    assert!(!report.stdout.contains("note:"), "{}", report.stdout);
}

/// Issue 55, item 10: with no cap on what each process reserves, what a
/// program starts is watched with it. A wrapper script that runs the
/// solution without `exec` (its child fills memory 16 MiB at a time
/// towards 2 GiB) is stopped near the limit, MLE, not left to take the
/// 2 GiB and be found over the limit only after. The peak shown is the
/// whole's, as the watchdog read it, with the cgroup off. (Linux: macOS
/// has no list of a process's children to read.)
#[cfg(any(target_os = "linux", target_os = "android"))]
#[test]
fn what_a_program_starts_is_held_to_the_limit_too() {
    let folder = Scratch::new("wrapper");
    let wrapper = folder.write(
        "run",
        format!("#!/bin/sh\n'{}'\nexit $?\n", fixture().display()).as_bytes(),
    );
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let samples = Scratch::with_files("wrapped", &[("1.in", "grow 2048"), ("1.out", "grown\n")]);
    // The watch's: a cgroup's kernel kills at the limit itself
    // (tests/whole_tree.rs judges both).
    let report = common::Report::of(
        common::tool()
            .env("JUDGE_CGROUP", "off")
            .args(["judge", "--program"])
            .arg(&wrapper)
            .arg("--samples")
            .arg(&samples.path)
            .args(["--memory-limit-mib", "256", "--time-limit-ms", "10000"])
            .output()
            .unwrap(),
    );
    assert_eq!(report.verdict("run/1"), "MLE", "{}", report.stdout);
    let (head, detail) = report.case("run/1");
    let (_, peak) = figures(&head);
    assert!((256.0..1024.0).contains(&peak), "{}", report.stdout);
    assert!(
        detail.contains("killed with resident memory at"),
        "{detail}"
    );
}
