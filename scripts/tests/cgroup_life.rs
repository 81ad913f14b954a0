//! A judged program's cgroup from its making to its end: names no other
//! folder can take, a tool stopped by a signal (or killed, then run
//! again) that leaves nothing running, and what the cgroup's figures
//! count: the larger of its peak and the program's own, without the page
//! cache of what it only read. The programs are small C programs,
//! compiled here. Tests of the cgroup itself are skipped, saying so,
//! where the tool cannot make one (not root, no cgroup delegated); the others
//! run under the watch (`JUDGE_CGROUP=off`) too. Linux only.
#![cfg(target_os = "linux")]

mod common;

use common::{tool, Report, Scratch};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// `source`, C, compiled into `scratch` as `name`.
fn compiled(scratch: &Scratch, name: &str, source: &str) -> PathBuf {
    let file = scratch.write(&format!("{name}.c"), source.as_bytes());
    let binary = scratch.path.join(name);
    let output = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".to_string()))
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(&file)
        .output()
        .expect("a C compiler starts");
    assert!(
        output.status.success(),
        "{name}.c does not compile:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    binary
}

/// The judge of `program` on one case, `input` and `answer`, with `args`
/// and `JUDGE_CGROUP` set to `cgroup` when given.
fn judge_one(
    program: &Path,
    input: &[u8],
    answer: &str,
    args: &[&str],
    cgroup: Option<&str>,
) -> Report {
    let samples = Scratch::new("cgroup-life-case");
    samples.write("1.in", input);
    samples.write("1.out", answer.as_bytes());
    let mut command = judging(program, &samples.path, args, cgroup);
    Report::of(command.output().unwrap())
}

fn judging(program: &Path, samples: &Path, args: &[&str], cgroup: Option<&str>) -> Command {
    let mut command = tool();
    command
        .args(["judge", "--program"])
        .arg(program)
        .arg("--samples")
        .arg(samples)
        .args(args);
    match cgroup {
        Some(value) => command.env("JUDGE_CGROUP", value),
        None => command.env_remove("JUDGE_CGROUP"),
    };
    command
}

const TRIVIAL: &str = "#include <stdio.h>\nint main(void) { puts(\"ok\"); return 0; }\n";

/// True when the tool judges by cgroup here; else says the test is
/// skipped.
fn cgroup_here(test: &str) -> bool {
    let scratch = Scratch::new("cgroup-life-probe");
    let trivial = compiled(&scratch, "trivial", TRIVIAL);
    let report = judge_one(&trivial, b"", "ok", &[], None);
    let here = report.stdout.contains("accounted by cgroup v");
    if !here {
        eprintln!("{test}: skipped: the tool makes no cgroup here (not root, none delegated)");
    }
    here
}

/// The accountings to run a test under: the cgroup where the tool makes
/// one, and the watch.
fn accountings(test: &str) -> Vec<Option<&'static str>> {
    if cgroup_here(test) {
        vec![None, Some("off")]
    } else {
        vec![Some("off")]
    }
}

/// The folders of this process's own cgroups in the v1 hierarchies of
/// `memory` and `cpuacct` (the tool's, when it is this process's child),
/// where there are such hierarchies; else where the tool makes them
/// under cgroup v2: its own cgroup's parent, the root, or its own
/// cgroup (delegated).
fn own_cgroups() -> Vec<PathBuf> {
    let own = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let v1: Vec<PathBuf> = ["memory", "cpuacct"]
        .into_iter()
        .filter_map(|controller| {
            let path = own.lines().find_map(|line| {
                let mut parts = line.splitn(3, ':');
                let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
                controllers
                    .split(',')
                    .any(|name| name == controller)
                    .then_some(path)
            })?;
            Some(
                Path::new("/sys/fs/cgroup")
                    .join(controller)
                    .join(path.trim_start_matches('/')),
            )
        })
        .collect();
    if !v1.is_empty() {
        return v1;
    }
    let Some(path) = own.lines().find_map(|line| line.strip_prefix("0::")) else {
        return Vec::new();
    };
    let root = Path::new("/sys/fs/cgroup");
    let folder = root.join(path.trim_start_matches('/'));
    let mut folders = vec![folder.clone()];
    folders.extend(
        folder
            .parent()
            .filter(|_| folder != root)
            .map(Path::to_path_buf),
    );
    if !folders.iter().any(|its| its == root) {
        folders.push(root.to_path_buf());
    }
    folders
}

/// The cgroup folders of the tool whose pid is `tool` (named
/// `judge-PID-...`) left in this process's own cgroups. A scope the tool
/// asked of systemd (`judge-PID-....scope`, beside this process's own
/// cgroup) is the manager's to stop once the tool has ended and left it
/// empty, a moment after: it is given a second to go.
fn left_by(tool: u32) -> Vec<PathBuf> {
    let prefix = format!("judge-{tool}-");
    let give_up = Instant::now() + Duration::from_secs(1);
    loop {
        let left: Vec<PathBuf> = own_cgroups()
            .iter()
            .filter_map(|parent| fs::read_dir(parent).ok())
            .flat_map(|entries| entries.flatten())
            .filter(|entry| entry.file_name().to_string_lossy().starts_with(&prefix))
            .map(|entry| entry.path())
            .collect();
        let scopes_only = left
            .iter()
            .all(|folder| folder.extension().is_some_and(|its| its == "scope"));
        if left.is_empty() || !scopes_only || Instant::now() >= give_up {
            return left;
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// True while process `pid` runs (neither gone nor a zombie).
fn runs(pid: i32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X")
    })
}

/// A program that starts a child which sleeps 60 s and then spins, writes
/// the child's pid to the file its input names, and sleeps 30 s.
const SLEEPING_CHILD: &str = r#"#include <stdio.h>
#include <unistd.h>
int main(void) {
    char path[4096];
    if (scanf("%4095s", path) != 1) return 2;
    pid_t child = fork();
    if (child == 0) {
        sleep(60);
        for (volatile unsigned long spin = 0;; spin++) {}
    }
    FILE *file = fopen(path, "w");
    fprintf(file, "%d\n", child);
    fclose(file);
    sleep(30);
    puts("slept");
    return 0;
}
"#;

/// The tool judging [`SLEEPING_CHILD`], once the child is there: the
/// tool's process and the child's pid.
struct Interrupted {
    tool: std::process::Child,
    child: i32,
    _scratch: Scratch,
}

fn judging_a_sleeping_child(cgroup: Option<&str>) -> Interrupted {
    let scratch = Scratch::new("cgroup-life-interrupted");
    let program = compiled(&scratch, "sleeping-child", SLEEPING_CHILD);
    let pid_file = scratch.path.join("child.pid");
    let samples = scratch.path.join("samples");
    fs::create_dir(&samples).unwrap();
    fs::write(samples.join("1.in"), pid_file.to_str().unwrap()).unwrap();
    fs::write(samples.join("1.out"), "slept\n").unwrap();
    let tool = judging(&program, &samples, &["--time-limit-ms", "20000"], cgroup)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let child = child_written_to(&pid_file);
    Interrupted {
        tool,
        child,
        _scratch: scratch,
    }
}

/// The pid of the child that [`SLEEPING_CHILD`] writes to `pid_file`,
/// once it is there (a minute at most).
fn child_written_to(pid_file: &Path) -> i32 {
    let give_up = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(pid) = fs::read_to_string(pid_file)
            .ok()
            .and_then(|text| text.trim().parse().ok())
        {
            return pid;
        }
        assert!(
            Instant::now() < give_up,
            "the program never started its child ({})",
            pid_file.display()
        );
        thread::sleep(Duration::from_millis(20));
    }
}

/// Sends `signal` to the tool and waits for it to end: its exit status.
fn signal_and_wait(tool: &mut std::process::Child, signal: &str) -> std::process::ExitStatus {
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &tool.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    tool.wait().unwrap()
}

/// Waits up to 5 s for `pid` to be gone: true when it is.
fn ends(pid: i32) -> bool {
    let give_up = Instant::now() + Duration::from_secs(5);
    while runs(pid) {
        if Instant::now() >= give_up {
            return false;
        }
        thread::sleep(Duration::from_millis(20));
    }
    true
}

/// Ends a child a failed test left, so that it does not spin for good.
fn end(pid: i32) {
    if runs(pid) {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
    }
}

/// Ctrl-C, SIGTERM or SIGHUP to the tool while a program's child sleeps:
/// the tool dies of the signal, and the child with it, with the cgroup
/// and the watch; no cgroup of the tool is left.
#[test]
fn a_signal_to_the_tool_ends_what_the_program_started() {
    for cgroup in accountings("a_signal_to_the_tool_ends_what_the_program_started") {
        for signal in ["INT", "TERM", "HUP"] {
            let mut run = judging_a_sleeping_child(cgroup);
            let status = signal_and_wait(&mut run.tool, signal);
            let child_ended = ends(run.child);
            end(run.child);
            assert!(child_ended, "{cgroup:?} SIG{signal}: the child runs on");
            assert_eq!(
                std::os::unix::process::ExitStatusExt::signal(&status),
                Some(match signal {
                    "INT" => 2,
                    "TERM" => 15,
                    _ => 1,
                }),
                "{cgroup:?} SIG{signal}: {status}"
            );
            assert_eq!(left_by(run.tool.id()), Vec::<PathBuf>::new(), "{cgroup:?}");
        }
    }
}

/// Ctrl-C while four runs go on at once (`-j 4`), each program's child
/// asleep: every child ends with the tool, and no cgroup is left.
#[test]
fn a_signal_to_the_tool_ends_every_run_that_goes_on_at_once() {
    for cgroup in accountings("a_signal_to_the_tool_ends_every_run_that_goes_on_at_once") {
        let scratch = Scratch::new("cgroup-life-jobs");
        let program = compiled(&scratch, "sleeping-child", SLEEPING_CHILD);
        let samples = scratch.path.join("samples");
        fs::create_dir(&samples).unwrap();
        let pid_files: Vec<PathBuf> = (1..=4)
            .map(|case| {
                let pid_file = scratch.path.join(format!("child-{case}.pid"));
                let input = pid_file.to_str().unwrap();
                fs::write(samples.join(format!("{case}.in")), input).unwrap();
                fs::write(samples.join(format!("{case}.out")), "slept\n").unwrap();
                pid_file
            })
            .collect();
        let args = ["--time-limit-ms", "20000", "-j", "4"];
        let mut tool = judging(&program, &samples, &args, cgroup)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let children: Vec<i32> = pid_files
            .iter()
            .map(|file| child_written_to(file))
            .collect();
        let status = signal_and_wait(&mut tool, "INT");
        let running: Vec<i32> = children
            .iter()
            .copied()
            .filter(|&child| !ends(child))
            .collect();
        children.iter().for_each(|&child| end(child));
        assert_eq!(running, Vec::<i32>::new(), "{cgroup:?}: children run on");
        assert_eq!(
            std::os::unix::process::ExitStatusExt::signal(&status),
            Some(2),
            "{cgroup:?}: {status}"
        );
        assert_eq!(left_by(tool.id()), Vec::<PathBuf>::new(), "{cgroup:?}");
    }
}

/// A tool killed by SIGKILL leaves its run's cgroups with the program's
/// child in them, or under the watch the child in the program's process
/// group; the next run of the tool ends the child and removes the
/// cgroups.
#[test]
fn the_run_after_a_sigkill_ends_what_the_killed_tool_left() {
    for cgroup in accountings("the_run_after_a_sigkill_ends_what_the_killed_tool_left") {
        let mut run = judging_a_sleeping_child(cgroup);
        signal_and_wait(&mut run.tool, "KILL");
        let scratch = Scratch::new("cgroup-life-next");
        let trivial = compiled(&scratch, "trivial", TRIVIAL);
        judge_one(&trivial, b"", "ok", &[], cgroup).exited(0);
        let child_ended = ends(run.child);
        let left = left_by(run.tool.id());
        end(run.child);
        assert!(
            child_ended,
            "{cgroup:?}: the killed tool's program's child runs on"
        );
        assert_eq!(left, Vec::<PathBuf>::new(), "{cgroup:?}");
    }
}

/// Two tools at once from this process's cgroup (in the guest, the
/// shell of a delegated scope starts both, as two `cargo judge` in one
/// terminal): the second starts while the first judges, and the first
/// ends while the second's case runs. Each of their cases is judged by a
/// cgroup of its own; nothing of either is left; and where they took this
/// process's delegated cgroup (it was moved into a tool's leaf), the
/// last to end gives it back: this process is no longer in a leaf.
#[test]
fn two_tools_at_once_judge_every_case_by_a_cgroup_and_give_back() {
    if !cgroup_here("two_tools_at_once_judge_every_case_by_a_cgroup_and_give_back") {
        return;
    }
    let scratch = Scratch::new("cgroup-life-two-tools");
    scratch.write("first/1.in", b"sleep 1500\n");
    scratch.write("first/1.out", b"slept\n");
    for case in 1..=3 {
        scratch.write(&format!("second/{case}.in"), b"sleep 2000\n");
        scratch.write(&format!("second/{case}.out"), b"slept\n");
    }
    let start = |samples: &str| {
        judging(
            common::fixture(),
            &scratch.path.join(samples),
            &["-j", "1", "--time-limit-ms", "5000"],
            None,
        )
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
    };
    let first = start("first");
    thread::sleep(Duration::from_millis(500));
    let second = start("second");
    let tools = [first.id(), second.id()];
    for (tool, cases) in [(first, 1), (second, 3)] {
        let report = Report::of(tool.wait_with_output().unwrap());
        let first_line = report.stdout.lines().next().unwrap_or_default();
        assert!(
            first_line.contains("accounted by cgroup"),
            "{}",
            report.stdout
        );
        assert!(
            !report.stdout.contains("accounted by the watch"),
            "{}",
            report.stdout
        );
        assert!(
            report.stdout.contains(&format!("{cases} passed, 0 failed")),
            "{}",
            report.stdout
        );
    }
    for tool in tools {
        assert_eq!(left_by(tool), Vec::<PathBuf>::new());
    }
    let own = fs::read_to_string("/proc/self/cgroup").unwrap();
    assert!(
        !own.trim_end().ends_with("-tool"),
        "left in a tool's leaf: {own}"
    );
}

/// A child that spins until it has used MS ms of CPU time, then waits
/// for good; the program answers once the child says it is done, and
/// never waits for it.
const SPINNING_CHILD: &str = r#"#include <stdio.h>
#include <time.h>
#include <unistd.h>
int main(void) {
    long ms;
    int done[2];
    if (scanf("%ld", &ms) != 1 || pipe(done) != 0) return 2;
    if (fork() == 0) {
        struct timespec used;
        volatile unsigned long spin = 0;
        do {
            for (int i = 0; i < 100000; i++) spin++;
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &used);
        } while (used.tv_sec * 1000 + used.tv_nsec / 1000000 < ms);
        write(done[1], "x", 1);
        pause();
    }
    char byte;
    read(done[0], &byte, 1);
    puts("spun");
    return 0;
}
"#;

/// Folders already named as the tool's cgroups would be named, in one
/// hierarchy or the other, before the tool starts (a shell makes them,
/// then becomes the tool: same pid, same start): the tool judges by a
/// cgroup of its own all the same. A child's 1.2 s of CPU time under a
/// 1 s limit is never AC, and no line says the run fell back.
#[test]
fn a_cgroup_name_already_taken_is_never_used() {
    if !cgroup_here("a_cgroup_name_already_taken_is_never_used") {
        return;
    }
    let scratch = Scratch::new("cgroup-life-taken");
    let program = compiled(&scratch, "spinning-child", SPINNING_CHILD);
    scratch.write("samples/1.in", b"1200");
    scratch.write("samples/1.out", b"spun\n");
    // Only where this process may make a folder: the tool's parents.
    let parents: Vec<PathBuf> = own_cgroups()
        .into_iter()
        .filter(|parent| {
            let probe = parent.join(format!("judge-probe-{}", std::process::id()));
            let made = fs::create_dir(&probe).is_ok();
            let _ = fs::remove_dir(&probe);
            made
        })
        .collect();
    // Both the names tools before made (`judge-PID-N`) and the names made
    // now (`judge-PID-START-NS-N`), the first few of each.
    let script = r#"
        start=$(cut -d')' -f2- /proc/$$/stat | cut -d' ' -f21)
        ns=$(readlink /proc/self/ns/pid | tr -dc 0-9)
        for n in 0 1 2 3; do
            for name in judge-$$-$n judge-$$-$start-$ns-$n; do
                for parent in $TAKEN; do mkdir -p "$parent/$name"; done
            done
        done
        exec "$@"
    "#;
    for taken in parents.iter().rev() {
        let mut command = Command::new("/bin/sh");
        command
            .args(["-c", script, "sh", env!("CARGO_BIN_EXE_scripts")])
            .args(["judge", "--time-limit-ms", "1000", "--program"])
            .arg(&program)
            .arg("--samples")
            .arg(scratch.path.join("samples"))
            .env("TAKEN", taken)
            .env_remove("JUDGE_CGROUP");
        for name in common::COLOR_VARIABLES {
            command.env_remove(name);
        }
        let child = command.stdout(Stdio::piped()).spawn().unwrap();
        let shell = child.id();
        let report = Report::of(child.wait_with_output().unwrap());
        for folder in left_by(shell) {
            let _ = fs::remove_dir(&folder);
        }
        report.says(&["accounted by cgroup v"]);
        let (line, _) = report.case("spinning-child/1");
        assert!(
            line.starts_with("TLE"),
            "{}: {}",
            taken.display(),
            report.stdout
        );
        assert!(
            !line.contains("accounted by the watch"),
            "{}",
            report.stdout
        );
    }
}

/// A program that writes itself (as root) into the parents of its
/// cgroups, then touches MIB MiB.
const LEAVING: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static void leave(const char *controller) {
    FILE *own = fopen("/proc/self/cgroup", "r");
    char line[4096], path[4096] = "";
    while (fgets(line, sizeof line, own)) {
        char *controllers = strchr(line, ':') + 1;
        char *at = strchr(controllers, ':');
        *at = 0;
        if (strstr(controllers, controller)) {
            at[strcspn(at + 1, "\n") + 1] = 0;
            strcpy(path, at + 1);
        }
    }
    fclose(own);
    if (!*path) return;
    *strrchr(path, '/') = 0;
    char procs[8192];
    snprintf(procs, sizeof procs, "/sys/fs/cgroup/%s%s/cgroup.procs", controller, path);
    FILE *file = fopen(procs, "w");
    if (file) { fputs("0", file); fclose(file); }
}
/* Under cgroup v2 (no v1 memory hierarchy): into the parent of its one
   cgroup, `0::PATH`. */
static void leave_v2(void) {
    FILE *own = fopen("/proc/self/cgroup", "r");
    char line[4096], path[4096] = "";
    int v1 = 0;
    while (fgets(line, sizeof line, own)) {
        if (strstr(line, ":memory:") || strstr(line, ",memory")) v1 = 1;
        if (strncmp(line, "0::", 3) == 0) {
            line[strcspn(line, "\n")] = 0;
            strcpy(path, line + 3);
        }
    }
    fclose(own);
    if (v1 || !*path) return;
    *strrchr(path, '/') = 0;
    char procs[8192];
    snprintf(procs, sizeof procs, "/sys/fs/cgroup%s/cgroup.procs", path);
    FILE *file = fopen(procs, "w");
    if (file) { fputs("0", file); fclose(file); }
}
int main(void) {
    int mib;
    if (scanf("%d", &mib) != 1) return 2;
    leave_v2();
    leave("memory");
    leave("cpuacct");
    size_t size = (size_t)mib << 20;
    volatile char *memory = malloc(size);
    for (size_t at = 0; at < size; at += 4096) memory[at] = 1;
    puts("touched");
    return 0;
}
"#;

/// A program that leaves its cgroup is held to what it did outside: its
/// own peak, 200 MiB, is MLE under 64 (it was AC at the cgroup's 0.2).
#[test]
fn a_program_that_leaves_its_cgroup_keeps_its_own_peak() {
    if !cgroup_here("a_program_that_leaves_its_cgroup_keeps_its_own_peak") {
        return;
    }
    let scratch = Scratch::new("cgroup-life-leave");
    let program = compiled(&scratch, "leaving", LEAVING);
    let args = ["--memory-limit-mib", "64", "--time-limit-ms", "10000"];
    let report = judge_one(&program, b"200", "touched", &args, None);
    assert_eq!(report.verdict("leaving/1"), "MLE", "{}", report.stdout);
}

/// Reads all its input (dropped from the page cache first, where it can
/// be) in 64 KiB reads, and says so.
const READING: &str = r#"#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
    static char buffer[65536];
    long long total = 0;
    ssize_t got;
    posix_fadvise(0, 0, 0, POSIX_FADV_DONTNEED);
    while ((got = read(0, buffer, sizeof buffer)) > 0) total += got;
    puts(total > 0 ? "read" : "empty");
    return 0;
}
"#;

/// A 128 MiB input, written past the page cache (`dd oflag=direct`), so
/// that the program's reads fill its cgroup's cache: under a 64 MiB limit
/// its peak is its own, a few MiB, not the cache at the limit (63.7 MiB
/// with the cgroup before), with the cgroup and the watch.
#[test]
fn the_page_cache_of_an_input_read_is_not_the_programs_memory() {
    let test = "the_page_cache_of_an_input_read_is_not_the_programs_memory";
    let scratch = Scratch::new("cgroup-life-read");
    let program = compiled(&scratch, "reading", READING);
    for cgroup in accountings(test) {
        let samples = scratch.path.join("samples");
        let _ = fs::remove_dir_all(&samples);
        fs::create_dir(&samples).unwrap();
        let written = Command::new("dd")
            .args(["if=/dev/zero", "bs=1M", "count=128", "oflag=direct"])
            .arg(format!("of={}", samples.join("1.in").display()))
            .stderr(Stdio::null())
            .status();
        if !written.is_ok_and(|status| status.success()) {
            eprintln!("{test}: skipped: dd cannot write past the page cache here");
            return;
        }
        fs::write(samples.join("1.out"), "read\n").unwrap();
        let args = ["--memory-limit-mib", "64", "--time-limit-ms", "10000"];
        let report = Report::of(judging(&program, &samples, &args, cgroup).output().unwrap());
        let (line, _) = report.case("reading/1");
        assert!(line.starts_with("AC"), "{cgroup:?}: {}", report.stdout);
        let words: Vec<&str> = line.split_whitespace().collect();
        let mib = words.iter().position(|&word| word == "MiB").unwrap();
        let peak: f64 = words[mib - 1].parse().unwrap();
        assert!(peak < 32.0, "{cgroup:?}: {}", report.stdout);
    }
}

/// Says Python's `MemoryError` and fails, at a few MiB, far under its
/// limit.
const MEMORY_ERROR: &str = r#"#include <stdio.h>
int main(void) {
    fputs("Traceback (most recent call last):\nMemoryError\n", stderr);
    return 1;
}
"#;

/// Under DOMjudge (a memory overrun is RE) a run whose stderr says an
/// allocation failed, under its limit, is RE for memory, and its line
/// says that, not that the limit was passed.
#[test]
fn an_re_for_a_failed_allocation_does_not_say_the_limit_was_passed() {
    let scratch = Scratch::new("cgroup-life-memory-error");
    let program = compiled(&scratch, "memory-error", MEMORY_ERROR);
    let report = judge_one(&program, b"", "ok", &["--judge", "domjudge"], Some("off"));
    let (line, detail) = report.case("memory-error/1");
    assert!(line.starts_with("RE"), "{}", report.stdout);
    assert!(detail.contains("an allocation failed"), "{}", report.stdout);
    assert!(!detail.contains("limit was passed"), "{}", report.stdout);
}

/// The report's first line names the accounting that judges, as the
/// guest's way of running the tests expects (`JUDGE_EXPECT_ACCOUNTING`,
/// set by .ci/guest-tests: `cgroup-v2` as root and in a delegated
/// cgroup or a scope asked of systemd, `watch` as a user with none and
/// no systemd, `watch-ask-failed` where systemd's user manager could not
/// be asked for a scope), with why where it is the watch.
#[test]
fn the_first_line_names_the_accounting_expected() {
    let Ok(expected) = std::env::var("JUDGE_EXPECT_ACCOUNTING") else {
        eprintln!("skipped: JUDGE_EXPECT_ACCOUNTING is not set (.ci/guest-tests sets it)");
        return;
    };
    let scratch = Scratch::new("cgroup-life-accounting");
    let trivial = compiled(&scratch, "trivial", TRIVIAL);
    let report = judge_one(&trivial, b"", "ok", &[], None);
    let first = report.stdout.lines().next().unwrap_or_default();
    let wanted: &[&str] = match expected.as_str() {
        "cgroup-v2" => &["accounted by cgroup v2"],
        "cgroup-v1" => &["accounted by cgroup v1"],
        "watch" => &["accounted by the watch: cgroup v2 without a cgroup delegated to this user"],
        "watch-ask-failed" => &[
            "accounted by the watch: cgroup v2 without a cgroup delegated to this user: asking \
             systemd's user manager for one failed (busctl: ",
            "systemd-run --user --scope -p Delegate=yes cargo judge starts it in one",
        ],
        other => panic!(
            "JUDGE_EXPECT_ACCOUNTING={other}: not cgroup-v2, cgroup-v1, watch or \
             watch-ask-failed"
        ),
    };
    for text in wanted {
        assert!(first.contains(text), "{text:?} in {first:?}");
    }
    assert_eq!(report.verdict("trivial/1"), "AC", "{}", report.stdout);
}

/// Forks at most as many children as its input says, each of which
/// sleeps until the run's end kills it, until a fork fails; then says
/// how many on stderr and "forked" on stdout, and exits 0.
const FORKING: &str = r#"#include <stdio.h>
#include <unistd.h>
int main(void) {
    long most = 0, made = 0;
    if (scanf("%ld", &most) != 1) return 2;
    while (made < most) {
        pid_t child = fork();
        if (child < 0) break;
        if (child == 0) {
            pause();
            _exit(0);
        }
        made++;
    }
    fprintf(stderr, "%ld children\n", made);
    puts("forked");
    return 0;
}
"#;

/// Under cgroup v2 a program whose fork failed at its cgroup's bound on
/// processes (`pids.max`, 4096) is told so under its verdict, an AC
/// here; one that forked less is not. Its children die with the run.
/// Elsewhere (cgroup v1, the watch) nothing bounds its processes but the
/// machine, so nothing is run.
#[test]
fn a_fork_that_failed_at_the_cgroups_bound_is_said_under_the_verdict() {
    let test = "a_fork_that_failed_at_the_cgroups_bound_is_said_under_the_verdict";
    let scratch = Scratch::new("cgroup-life-forking");
    let program = compiled(&scratch, "forking", FORKING);
    let args = ["--memory-limit-mib", "1024", "--time-limit-ms", "60000"];
    let few = judge_one(&program, b"16", "forked", &args, None);
    if !few.stdout.contains("accounted by cgroup v2") {
        eprintln!("{test}: skipped: no cgroup v2 judges here, so no pids.max bounds a run");
        return;
    }
    let note = "a fork failed: its cgroup holds at most 4096 processes and threads (pids.max)";
    let (line, detail) = few.case("forking/1");
    assert!(line.starts_with("AC"), "{}", few.stdout);
    assert!(!detail.contains(note), "{}", few.stdout);
    // More than the bound: the fork past it fails.
    let many = judge_one(&program, b"5000", "forked", &args, None);
    let (line, detail) = many.case("forking/1");
    assert!(line.starts_with("AC"), "{}", many.stdout);
    assert!(detail.contains(note), "{}", many.stdout);
    let left: Vec<PathBuf> = fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|entry| fs::read_link(entry.path().join("exe")).ok())
        .filter(|exe| exe == &program)
        .collect();
    assert!(
        left.is_empty(),
        "{} of its children left running",
        left.len()
    );
}
