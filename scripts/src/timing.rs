//! `cargo timing`: each solution timed as a whole process, as a judge runs
//! it, on the worst inputs its crate knows how to make.
//!
//! A crate's inputs are its judge sample (`samples/<crate>/1.in`) and what
//! its example `<crate>-bench-inputs` writes into the folder it is given,
//! from fixed seeds: each `<name>.in` is a row, each `<name>/` folder of
//! `.in` files is one row for its slowest file. A crate with an example
//! `<crate>-baseline` (a plain reference solution) gets that program's
//! median on the same file and the ratio.

use crate::cli;
use crate::judge::{mebibytes, natural_order};
use crate::run::{self, Purpose, Run};
use crate::workspace::{self, Problem, Workspace};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// What `cargo timing` was asked to do.
pub struct Options {
    pub crates: Vec<String>,
    /// Timed runs per input, after the warm-up runs.
    pub runs: usize,
}

pub const DEFAULT_RUNS: usize = 10;
/// Untimed runs first, so that the program and its input are in the page
/// cache.
const WARM_UP_RUNS: usize = 2;
/// The baseline is slow by design: fewer runs.
const BASELINE_RUNS: usize = 3;

/// `cargo timing --help`.
pub const HELP: &str = "\
cargo timing [--runs N] [CRATE...]
    Times each solution as a whole process, as a judge runs it: the judge
    sample and the inputs its example <crate>-bench-inputs writes (from fixed
    seeds) into target/timing/<crate>/, each run N times (default 10) after 2
    warm-ups. A table: median, min and max wall time, peak memory, the time
    limit, and, for a crate with an example <crate>-baseline (a plain
    reference solution), that program's median and the ratio. A folder of
    inputs is one row for its slowest file. The first row is an empty Rust
    program: process start-up, the floor of every row. No CRATE: the crate
    whose folder you are in, or every problem crate.

    --runs N    timed runs per input (default 10)
    -h, --help  this text
";

/// Reads `cargo timing`'s command line.
pub fn options(parser: &mut lexopt::Parser) -> Result<Options, String> {
    use lexopt::prelude::*;
    let mut options = Options {
        crates: Vec::new(),
        runs: DEFAULT_RUNS,
    };
    while let Some(argument) = cli::next(parser)? {
        match argument {
            Short('h') | Long("help") => cli::help_and_exit(HELP),
            Long("runs") => {
                let runs = cli::number_value(parser, "--runs")?;
                options.runs =
                    usize::try_from(runs).map_err(|_| "--runs is too large".to_string())?;
            }
            Value(name) => options.crates.push(cli::string(name)?),
            other => return Err(other.unexpected().to_string()),
        }
    }
    Ok(options)
}

/// Runs `cargo timing`; true when every input ran cleanly.
pub fn main(options: &Options) -> Result<bool, String> {
    let workspace = Workspace::load()?;
    let problems = workspace.select(&options.crates)?;
    let examples: Vec<String> = problems
        .iter()
        .flat_map(|problem| [problem.example("bench-inputs"), problem.example("baseline")])
        .flatten()
        .collect();
    workspace.build_release(&problems, &examples)?;
    let timing_dir = workspace.target_dir.join("timing");
    fs::create_dir_all(&timing_dir)
        .map_err(|error| format!("cannot create {}: {error}", timing_dir.display()))?;

    let mut table = Table::default();
    let mut clean = true;
    let empty = empty_program(&timing_dir)?;
    let empty_input = timing_dir.join("empty.in");
    fs::write(&empty_input, b"").map_err(|error| error.to_string())?;
    match time(&empty, &empty_input, options.runs, Duration::from_secs(10)) {
        Ok(timed) => table.row(
            "(process start-up)",
            "empty Rust program",
            "0 B",
            &timed,
            None,
            None,
        ),
        Err(error) => {
            clean = false;
            eprintln_failure(&error);
        }
    }
    for problem in problems {
        clean &= time_problem(&workspace, problem, &timing_dir, options.runs, &mut table);
    }
    let out = &mut io::stdout().lock();
    table.print(out);
    let _ = writeln!(
        out,
        "\nmedian, min and max of {} runs after {WARM_UP_RUNS} warm-ups (baseline: median of {BASELINE_RUNS}); \
         release build, whole process, stdin from the file, output discarded; \
         peak resident memory from one more run",
        options.runs
    );
    Ok(clean)
}

fn eprintln_failure(error: &str) {
    let _ = writeln!(io::stderr(), "error: {error}");
}

/// Times one crate's inputs into `table`; false when something failed.
fn time_problem(
    workspace: &Workspace,
    problem: &Problem,
    timing_dir: &Path,
    runs: usize,
    table: &mut Table,
) -> bool {
    let inputs = match make_inputs(workspace, problem, timing_dir) {
        Ok(inputs) => inputs,
        Err(error) => {
            eprintln_failure(&error);
            return false;
        }
    };
    let program = workspace.release_binary(&problem.name);
    let baseline = problem
        .example("baseline")
        .map(|name| workspace.release_example(&name));
    // Long enough for any bench input; a hang still ends.
    let kill_after = problem.limits.time * 10 + Duration::from_secs(10);
    let limit = format!("{}", problem.limits.time.as_millis());
    let mut clean = true;
    for (name, files) in inputs {
        let mut slowest: Option<(PathBuf, Timed)> = None;
        for file in &files {
            match time(&program, file, runs, kill_after) {
                Ok(timed) => {
                    if slowest
                        .as_ref()
                        .map_or(true, |(_, best)| timed.median > best.median)
                    {
                        slowest = Some((file.clone(), timed));
                    }
                }
                Err(error) => {
                    eprintln_failure(&format!("{}: {error}", problem.name));
                    clean = false;
                }
            }
        }
        let Some((file, timed)) = slowest else {
            continue;
        };
        let shown = if files.len() > 1 {
            let stem = file.file_stem().unwrap_or_default().to_string_lossy();
            format!("{name}/{stem} (slowest of {})", files.len())
        } else {
            name
        };
        let baseline_ms = baseline.as_ref().and_then(|baseline| {
            match time(baseline, &file, BASELINE_RUNS, kill_after * 10) {
                Ok(timed) => Some(timed.median),
                Err(error) => {
                    eprintln_failure(&format!("{} baseline: {error}", problem.name));
                    clean = false;
                    None
                }
            }
        });
        let size = fs::metadata(&file).map(|meta| meta.len()).unwrap_or(0);
        table.row(
            &problem.name,
            &shown,
            &human_size(size),
            &timed,
            Some(&limit),
            baseline_ms,
        );
    }
    clean
}

/// The crate's inputs in `target/timing/<crate>/`, made afresh: each a
/// name and its files (one file, or the `.in` files of a folder).
fn make_inputs(
    workspace: &Workspace,
    problem: &Problem,
    timing_dir: &Path,
) -> Result<Vec<(String, Vec<PathBuf>)>, String> {
    let dir = timing_dir.join(&problem.name);
    if dir.exists() {
        fs::remove_dir_all(&dir)
            .map_err(|error| format!("cannot clear {}: {error}", dir.display()))?;
    }
    fs::create_dir_all(&dir)
        .map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    let sample = problem.samples.join("1.in");
    if sample.is_file() {
        fs::copy(&sample, dir.join("0-judge-sample.in"))
            .map_err(|error| format!("cannot copy {}: {error}", sample.display()))?;
    }
    if let Some(example) = problem.example("bench-inputs") {
        let status = Command::new(workspace.release_example(&example))
            .arg(&dir)
            .current_dir(&workspace.root)
            .status()
            .map_err(|error| format!("cannot run {example}: {error}"))?;
        if !status.success() {
            return Err(format!("{example} failed ({status})"));
        }
    }
    let mut inputs = Vec::new();
    for (name, path) in sorted_entries(&dir)? {
        if path.is_dir() {
            let files: Vec<PathBuf> = sorted_entries(&path)?
                .into_iter()
                .map(|(_, file)| file)
                .filter(|file| file.extension().is_some_and(|extension| extension == "in"))
                .collect();
            if !files.is_empty() {
                inputs.push((name, files));
            }
        } else if let Some(stem) = name.strip_suffix(".in") {
            inputs.push((stem.to_string(), vec![path]));
        }
    }
    Ok(inputs)
}

fn sorted_entries(dir: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let mut entries: Vec<(String, PathBuf)> = fs::read_dir(dir)
        .and_then(|entries| {
            entries
                .map(|entry| {
                    entry.map(|entry| {
                        (
                            entry.file_name().to_string_lossy().into_owned(),
                            entry.path(),
                        )
                    })
                })
                .collect()
        })
        .map_err(|error| format!("cannot read {}: {error}", dir.display()))?;
    entries.sort_by(|one, other| natural_order(&one.0, &other.0));
    Ok(entries)
}

/// The figures of one program on one input.
#[derive(Clone, Debug, PartialEq)]
pub struct Timed {
    /// Wall times in milliseconds.
    pub median: f64,
    pub min: f64,
    pub max: f64,
    /// The largest peak resident memory of any run, where measured.
    pub peak: Option<u64>,
}

/// Runs `program` on `input` `WARM_UP_RUNS + runs` times, then once more
/// for its peak memory; an error when a run fails, since a failing run
/// measures nothing.
fn time(program: &Path, input: &Path, runs: usize, kill_after: Duration) -> Result<Timed, String> {
    let run = |purpose| {
        let run = run::run(program, &[], input, kill_after, purpose)
            .map_err(|error| format!("cannot run {}: {error}", program.display()))?;
        check(&run, program, input)?;
        Ok::<Run, String>(run)
    };
    let mut times = Vec::with_capacity(runs);
    for index in 0..WARM_UP_RUNS + runs {
        let timed = run(Purpose::Time)?;
        if index >= WARM_UP_RUNS {
            times.push(timed.elapsed.as_secs_f64() * 1e3);
        }
    }
    let peak = run(Purpose::Memory)?.peak_memory;
    Ok(summarize(&mut times, peak))
}

fn check(run: &Run, program: &Path, input: &Path) -> Result<(), String> {
    let name = program.file_stem().unwrap_or_default().to_string_lossy();
    if run.killed_for_time {
        return Err(format!(
            "{name} on {} was killed after {:.0} ms",
            input.display(),
            run.elapsed.as_secs_f64() * 1e3
        ));
    }
    if !run.ending.success() {
        return Err(format!(
            "{name} on {} ended with {}",
            input.display(),
            run.ending.describe()
        ));
    }
    Ok(())
}

/// Median, min and max of `times` (at least one), in place.
pub fn summarize(times: &mut [f64], peak: Option<u64>) -> Timed {
    times.sort_by(f64::total_cmp);
    let middle = times.len() / 2;
    let median = if times.len() % 2 == 1 {
        times[middle]
    } else {
        (times[middle - 1] + times[middle]) / 2.0
    };
    Timed {
        median,
        min: times[0],
        max: times[times.len() - 1],
        peak,
    }
}

/// An empty Rust program, built as cargo builds release binaries: the
/// start-up floor of any single-board run.
fn empty_program(timing_dir: &Path) -> Result<PathBuf, String> {
    let source = timing_dir.join("empty-program.rs");
    let program = timing_dir.join(format!("empty-program{}", std::env::consts::EXE_SUFFIX));
    fs::write(&source, "fn main() {}\n").map_err(|error| error.to_string())?;
    let status = workspace::rustc()
        .args(["-O", "-C", "strip=debuginfo", "-o"])
        .arg(&program)
        .arg(&source)
        .status()
        .map_err(|error| format!("cannot run rustc: {error}"))?;
    if !status.success() {
        return Err("rustc could not build the empty program".to_string());
    }
    Ok(program)
}

/// "20 B", "18.9 KB", "7.9 MB".
pub fn human_size(bytes: u64) -> String {
    let value = bytes as f64;
    if bytes >= 1 << 20 {
        format!("{:.1} MB", value / f64::from(1 << 20))
    } else if bytes >= 1 << 10 {
        format!("{:.1} KB", value / f64::from(1 << 10))
    } else {
        format!("{bytes} B")
    }
}

/// Rows of text cells, printed with each column as wide as its widest cell.
#[derive(Default)]
pub struct Table {
    rows: Vec<[String; COLUMNS]>,
}

const COLUMNS: usize = 10;
const HEADER: [&str; COLUMNS] = [
    "crate",
    "input",
    "size",
    "median ms",
    "min ms",
    "max ms",
    "peak MiB",
    "limit ms",
    "baseline ms",
    "ratio",
];

impl Table {
    fn row(
        &mut self,
        name: &str,
        input: &str,
        size: &str,
        timed: &Timed,
        limit: Option<&str>,
        baseline: Option<f64>,
    ) {
        let dash = || "-".to_string();
        self.rows.push([
            name.to_string(),
            input.to_string(),
            size.to_string(),
            format!("{:.2}", timed.median),
            format!("{:.2}", timed.min),
            format!("{:.2}", timed.max),
            timed.peak.map_or_else(dash, |peak| {
                let shown = mebibytes(peak);
                shown.trim_end_matches(" MiB").to_string()
            }),
            limit.map_or_else(dash, str::to_string),
            baseline.map_or_else(dash, |ms| format!("{ms:.2}")),
            baseline.map_or_else(dash, |ms| format!("{:.1}x", ms / timed.median)),
        ]);
    }

    pub fn print(&self, out: &mut impl Write) {
        let mut widths = HEADER.map(str::len);
        for row in &self.rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let line = |cells: [&str; COLUMNS]| {
            let mut text = String::new();
            for (index, cell) in cells.iter().enumerate() {
                let pad = widths[index] - cell.chars().count();
                // Names left, figures right.
                if index < 2 {
                    text.push_str(cell);
                    text.push_str(&" ".repeat(pad));
                } else {
                    text.push_str(&" ".repeat(pad));
                    text.push_str(cell);
                }
                text.push_str(if index + 1 < COLUMNS { "  " } else { "" });
            }
            text.trim_end().to_string()
        };
        let _ = writeln!(out, "{}", line(HEADER));
        let rule: Vec<String> = widths.iter().map(|&width| "-".repeat(width)).collect();
        let _ = writeln!(
            out,
            "{}",
            line(std::array::from_fn(|index| rule[index].as_str()))
        );
        for row in &self.rows {
            let _ = writeln!(
                out,
                "{}",
                line(std::array::from_fn(|index| row[index].as_str()))
            );
        }
        let _ = out.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_take_the_middle_and_the_ends() {
        let timed = summarize(&mut [3.0, 1.0, 2.0], Some(5));
        assert_eq!(
            (timed.median, timed.min, timed.max, timed.peak),
            (2.0, 1.0, 3.0, Some(5))
        );
        let timed = summarize(&mut [4.0, 1.0, 2.0, 3.0], None);
        assert_eq!((timed.median, timed.min, timed.max), (2.5, 1.0, 4.0));
        assert_eq!(summarize(&mut [7.0], None).median, 7.0);
    }

    #[test]
    fn sizes_are_human() {
        assert_eq!(human_size(20), "20 B");
        assert_eq!(human_size(19_354), "18.9 KB");
        assert_eq!(human_size(8_283_750), "7.9 MB");
    }

    #[test]
    fn columns_stay_aligned_however_long_a_name_is() {
        let mut table = Table::default();
        let timed = Timed {
            median: 1.5,
            min: 1.0,
            max: 12.25,
            peak: Some(2 << 20),
        };
        table.row("a", "short", "1 B", &timed, Some("1000"), None);
        table.row(
            "a-much-longer-crate-name-than-the-header",
            "a/very-long-input (slowest of 96)",
            "7.9 MB",
            &timed,
            None,
            Some(3.0),
        );
        let mut out = Vec::new();
        table.print(&mut out);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        // Every figure column ends at the same place on every line.
        let end_of = |line: &str, word: &str| line.find(word).unwrap() + word.len();
        assert_eq!(end_of(lines[0], "median ms"), end_of(lines[2], "1.50"));
        assert_eq!(end_of(lines[2], "1.50"), end_of(lines[3], "1.50"));
        assert_eq!(end_of(lines[2], "12.25"), end_of(lines[3], "12.25"));
        assert!(lines[3].ends_with("3.00   2.0x"), "{text}");
        assert!(lines[2].ends_with("1000            -      -"), "{text}");
    }
}
