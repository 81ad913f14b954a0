//! What `cargo timing` shows: the table, printed a row at a time as rows
//! are measured, the summary under it, and every figure as JSON.

use super::{Options, MIN_RUNS};
use crate::compare::{self, Ratio};
use crate::error::Error;
use crate::verdict::mebibytes;
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// One measured row.
pub struct Row {
    pub subject: String,
    pub name: String,
    pub file: PathBuf,
    pub size: u64,
    /// The solution's times in milliseconds, round by round.
    pub new: Vec<f64>,
    /// The floor's times, from the same rounds.
    pub floor: Option<Vec<f64>>,
    pub peak: Option<u64>,
    /// The baseline's times.
    pub baseline: Option<Vec<f64>>,
    /// REV's times from the same rounds, or why there are none.
    pub old: Option<Result<Vec<f64>, Error>>,
    /// What went wrong (a wrong output): each fails the command.
    pub notes: Vec<Error>,
    /// The wall time the row took, checks and all.
    pub seconds: f64,
}

impl Row {
    pub fn ratio(&self) -> Option<Ratio> {
        match &self.old {
            Some(Ok(old)) => compare::ratio(&self.new, old),
            _ => None,
        }
    }
}

/// The table's columns: fixed widths, so that rows can be printed as they
/// are measured.
pub struct Columns {
    baseline: bool,
    /// The heading of REV's column, with --compare.
    rev: Option<String>,
    name_width: usize,
}

impl Columns {
    pub fn new(baseline: bool, rev: Option<String>, name_width: usize) -> Columns {
        Columns {
            baseline,
            rev,
            // Names are indented by two under their crate's heading.
            name_width: (name_width + 2).max("input".len()),
        }
    }

    /// Each figure column's heading and width: wide enough for its
    /// heading and for the figures it usually holds.
    fn headings(&self) -> Vec<(String, usize)> {
        let mut headings: Vec<(String, usize)> = [
            ("size", 7),
            ("runs", 4),
            ("median ms", 9),
            ("min ms", 8),
            ("max ms", 8),
            ("x floor", 8),
            ("peak MiB", 8),
        ]
        .map(|(heading, width)| (heading.to_string(), width))
        .to_vec();
        if self.baseline {
            headings.push(("baseline ms".to_string(), 11));
            headings.push(("speed-up".to_string(), 8));
        }
        if let Some(rev) = &self.rev {
            headings.push((format!("{rev} ms"), 9));
            headings.push(("new/old (IQR)".to_string(), 17));
        }
        headings
            .into_iter()
            .map(|(heading, width)| {
                let width = width.max(heading.chars().count());
                (heading, width)
            })
            .collect()
    }

    fn line(&self, name: &str, cells: &[String]) -> String {
        let mut text = format!("{name:<width$}", width = self.name_width);
        for (cell, (_, width)) in cells.iter().zip(self.headings()) {
            text.push_str(&format!("  {cell:>width$}"));
        }
        text.trim_end().to_string()
    }

    pub fn header(&self, out: &mut impl Write) {
        let headings: Vec<String> = self
            .headings()
            .into_iter()
            .map(|(heading, _)| heading)
            .collect();
        let _ = writeln!(out, "{}", self.line("input", &headings));
        let _ = out.flush();
    }

    fn cells(&self, row: &Row) -> Vec<String> {
        let dash = || "-".to_string();
        let median_of = |times: &[f64]| compare::median(&mut times.to_vec());
        let new = median_of(&row.new);
        let floor = row.floor.as_deref().map(median_of);
        let mut cells = vec![
            human_size(row.size),
            row.new.len().to_string(),
            format!("{new:.2}"),
            format!(
                "{:.2}",
                row.new.iter().copied().fold(f64::INFINITY, f64::min)
            ),
            format!("{:.2}", row.new.iter().copied().fold(0.0, f64::max)),
            floor.map_or_else(dash, |floor| format!("{:.2}x", new / floor)),
            row.peak.map_or_else(dash, |peak| {
                mebibytes(peak).trim_end_matches(" MiB").to_string()
            }),
        ];
        if self.baseline {
            let baseline = row.baseline.as_deref().map(median_of);
            cells.push(baseline.map_or_else(dash, |ms| format!("{ms:.2}")));
            cells.push(baseline.map_or_else(dash, |ms| format!("{:.1}x", ms / new)));
        }
        if self.rev.is_some() {
            match (&row.old, row.ratio()) {
                (Some(Ok(old)), Some(ratio)) => {
                    cells.push(format!("{:.2}", median_of(old)));
                    cells.push(compare::show_ratio(&ratio));
                }
                _ => {
                    cells.push(dash());
                    cells.push(dash());
                }
            }
        }
        cells
    }

    /// Prints `row`, and under it what went wrong.
    pub fn row(&self, out: &mut impl Write, row: &Row) {
        let _ = writeln!(
            out,
            "{}",
            self.line(&format!("  {}", row.name), &self.cells(row))
        );
        for note in &row.notes {
            let _ = write!(out, "{}", note.layout("    ", "      "));
        }
        let _ = out.flush();
    }
}

/// What the run found: the rows' figures, failures, the JSON report.
pub struct Report {
    /// REV's column heading, or "old" with `--old-program`.
    pub rev_label: Option<String>,
    rev: Option<String>,
    /// REV's commit.
    pub commit: Option<String>,
    /// The compiler that built the solutions, and the one that built REV's:
    /// `rustc 1.91.0 (f8297e351 2025-10-28)`.
    pub compiler: Option<String>,
    pub rev_compiler: Option<String>,
    rows: Vec<Value>,
    ratios: Vec<(String, Ratio)>,
    failures: usize,
}

impl Report {
    pub fn new(options: &Options) -> Report {
        Report::comparing(options.compare.clone(), options.old_program.is_some())
    }

    /// A report of runs compared with REV's (`--compare REV`), or with an
    /// old program's.
    fn comparing(rev: Option<String>, old_program: bool) -> Report {
        let rev_label = if let Some(rev) = &rev {
            Some(rev.chars().take(12).collect())
        } else {
            old_program.then(|| "old".to_string())
        };
        Report {
            rev_label,
            rev,
            commit: None,
            compiler: None,
            rev_compiler: None,
            rows: Vec::new(),
            ratios: Vec::new(),
            failures: 0,
        }
    }

    /// The line above the table that names the compiler, once: REV's
    /// only when it is another.
    pub fn compiler_line(&self, out: &mut impl Write) {
        let Some(compiler) = &self.compiler else {
            return;
        };
        let _ = write!(out, "compiler: {compiler}");
        match (&self.rev_compiler, &self.rev_label) {
            (Some(other), Some(label)) if other != compiler => {
                let _ = writeln!(out, "; {label}'s binaries: {other}");
            }
            _ => {
                let _ = writeln!(out);
            }
        }
    }

    pub fn failed(&mut self, out: &mut impl Write, error: &Error) {
        self.failures += 1;
        let _ = write!(out, "{}", error.layout("  FAILED ", "    "));
        let _ = out.flush();
    }

    pub fn add(&mut self, row: &Row) {
        if !row.notes.is_empty() {
            self.failures += 1;
        }
        let ratio = row.ratio();
        if let Some(ratio) = ratio {
            self.ratios
                .push((format!("{}/{}", row.subject, row.name), ratio));
        }
        self.rows.push(row_json(row, ratio));
    }

    /// Prints the summary; true when nothing failed.
    pub fn finish(&self, out: &mut impl Write, options: &Options, elapsed: Duration) -> bool {
        let _ = writeln!(
            out,
            "\n{} rows in {:.1} s, builds included. Each row: up to {} runs after a \
             warm-up,\nat least {} (unless --runs is lower) until {} s of runs; release \
             builds, whole processes,\nstdin from the file, output discarded; peak memory \
             from a run of its own.",
            self.rows.len(),
            elapsed.as_secs_f64(),
            options.runs,
            MIN_RUNS,
            options.seconds
        );
        if let Some(old) = &self.rev_label {
            let _ = writeln!(
                out,
                "new/old: the median ratio of the runs side by side with {old}'s, in brackets \
                 the\ninterquartile range of those ratios (with fewer than 4 runs, the lowest \
                 and highest)."
            );
        }
        let mut clean = self.failures == 0;
        if self.failures > 0 {
            let _ = writeln!(out, "{} rows failed.", self.failures);
        }
        if let Some(threshold) = options.fail_above {
            let old = self.rev_label.as_deref().unwrap_or("the old");
            let over = compare::over_threshold(&self.ratios, threshold);
            if over.is_empty() {
                let _ = writeln!(out, "No row is slower than {threshold}x {old}.");
            } else {
                clean = false;
                let _ = writeln!(out, "Slower than {threshold}x {old}:");
                for (label, ratio) in &self.ratios {
                    if over.contains(&label.as_str()) {
                        let _ = writeln!(out, "  {label}: {}", compare::show_ratio(ratio));
                    }
                }
            }
        }
        let _ = out.flush();
        clean
    }

    pub fn json(&self, options: &Options) -> Value {
        json!({
            "compare": self.rev,
            "commit": self.commit,
            "compiler": self.compiler,
            "compare_compiler": self.rev_compiler,
            "fail_above": options.fail_above,
            "max_runs": options.runs,
            "seconds": options.seconds,
            "rows": self.rows,
        })
    }
}

/// Every figure of `row` for `--json`; times in nanoseconds.
fn row_json(row: &Row, ratio: Option<Ratio>) -> Value {
    let ns = |ms: f64| (ms * 1e6).round() as u64;
    let figures = |times: &[f64]| {
        let mut sorted = times.to_vec();
        let median = compare::median(&mut sorted);
        json!({
            "runs": times.len(),
            "median_ns": ns(median),
            "min_ns": ns(sorted[0]),
            "max_ns": ns(sorted[sorted.len() - 1]),
        })
    };
    let median_of = |times: &[f64]| compare::median(&mut times.to_vec());
    let new = median_of(&row.new);
    let mut value = figures(&row.new);
    value["crate"] = json!(row.subject);
    value["input"] = json!(row.name);
    value["file"] = json!(row.file.display().to_string());
    value["bytes"] = json!(row.size);
    value["peak_bytes"] = json!(row.peak);
    value["floor"] = row.floor.as_deref().map_or(Value::Null, |floor| {
        let mut value = figures(floor);
        value["ratio"] = json!(new / median_of(floor));
        value
    });
    value["baseline"] = row.baseline.as_deref().map_or(Value::Null, |baseline| {
        let mut value = figures(baseline);
        value["speedup"] = json!(median_of(baseline) / new);
        value
    });
    value["compare"] = match (&row.old, ratio) {
        (Some(Ok(old)), Some(ratio)) => {
            let mut value = figures(old);
            value["ratio"] = json!(ratio.median);
            value["noise_low"] = json!(ratio.low);
            value["noise_high"] = json!(ratio.high);
            value
        }
        (Some(Err(why)), _) => json!({ "missing": why.to_string() }),
        _ => Value::Null,
    };
    value["failures"] = json!(row.notes.iter().map(Error::to_string).collect::<Vec<_>>());
    value["seconds"] = json!(row.seconds);
    value
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_human() {
        assert_eq!(human_size(20), "20 B");
        assert_eq!(human_size(19_354), "18.9 KB");
        assert_eq!(human_size(8_283_750), "7.9 MB");
    }

    fn row(name: &str, new: &[f64], old: Option<Result<Vec<f64>, Error>>) -> Row {
        Row {
            subject: "x1-a".to_string(),
            name: name.to_string(),
            file: PathBuf::from("a.in"),
            size: 19_354,
            new: new.to_vec(),
            floor: Some(vec![1.0; new.len()]),
            peak: Some(2 << 20),
            baseline: Some(vec![30.0]),
            old,
            notes: Vec::new(),
            seconds: 0.5,
        }
    }

    #[test]
    fn columns_stay_aligned_however_long_the_figures_are() {
        let columns = Columns::new(true, Some("d544dcf".to_string()), 34);
        let mut out = Vec::new();
        columns.header(&mut out);
        columns.row(
            &mut out,
            &row("short", &[2.0, 1.5, 12.25], Some(Ok(vec![1.0; 3]))),
        );
        columns.row(
            &mut out,
            &row("a/rather-long-name (slowest of 96)", &[1234.5], None),
        );
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        let end_of = |line: &str, word: &str| line.find(word).unwrap() + word.len();
        assert_eq!(
            end_of(lines[0], "median ms"),
            end_of(lines[1], " 2.00"),
            "{text}"
        );
        assert_eq!(end_of(lines[1], " 2.00"), end_of(lines[2], "1234.50"));
        assert_eq!(end_of(lines[0], "speed-up"), end_of(lines[1], "15.0x"));
        assert!(lines[1].ends_with("1.00  2.00 (1.50-12.25)"), "{text}");
        assert!(lines[2].ends_with("-                  -"), "{text}");
        assert!(lines[0].starts_with("input   "), "{text}");
        assert!(lines[1].starts_with("  short   "), "{text}");
    }

    #[test]
    fn the_compiler_is_named_once_and_revs_only_when_it_is_another() {
        let line = |compiler: Option<&str>, rev: Option<&str>| {
            let mut report = Report::comparing(Some("main".to_string()), false);
            report.compiler = compiler.map(str::to_string);
            report.rev_compiler = rev.map(str::to_string);
            let mut out = Vec::new();
            report.compiler_line(&mut out);
            String::from_utf8(out).unwrap()
        };
        let new = "rustc 1.95.0 (59807616e 2026-04-14)";
        let old = "rustc 1.91.0 (f8297e351 2025-10-28)";
        assert_eq!(line(Some(new), None), format!("compiler: {new}\n"));
        assert_eq!(line(Some(new), Some(new)), format!("compiler: {new}\n"));
        assert_eq!(
            line(Some(new), Some(old)),
            format!("compiler: {new}; main's binaries: {old}\n")
        );
        assert_eq!(line(None, None), "");
    }

    /// `--fail-above` decides from the figures a row was given: a row
    /// ten times slower than the old program fails the command and is
    /// named with its ratio; one ten times faster passes, with its spread.
    #[test]
    fn a_row_slower_than_the_threshold_fails_and_a_faster_one_passes() {
        let options = |fail_above: f64| Options {
            crates: Vec::new(),
            runs: 3,
            seconds: 1.0,
            slow: false,
            compare: None,
            fail_above: Some(fail_above),
            json: None,
            program: Some(PathBuf::from("new")),
            inputs: Some(PathBuf::from("inputs")),
            old_program: Some(PathBuf::from("old")),
            floor: None,
            checker: None,
        };
        let summary = |new: &[f64], old: &[f64], fail_above: f64| {
            let options = options(fail_above);
            let mut report = Report::new(&options);
            let mut measured = row("a", new, Some(Ok(old.to_vec())));
            measured.subject = "sleep".to_string();
            report.add(&measured);
            let mut out = Vec::new();
            let clean = report.finish(&mut out, &options, Duration::from_secs(1));
            let text = String::from_utf8(out).unwrap();
            let json = report.json(&options);
            (clean, text, json)
        };
        // Ten times slower, the three pairs 9.5, 10 and 10.5.
        let (clean, text, json) = summary(&[95.0, 100.0, 105.0], &[10.0; 3], 2.0);
        assert!(!clean, "{text}");
        assert!(
            text.contains("Slower than 2x old:\n  sleep/a: 10.00 (9.50-10.50)\n"),
            "{text}"
        );
        assert_eq!(json["fail_above"], 2.0);
        assert_eq!(json["rows"][0]["compare"]["ratio"], 10.0);
        assert_eq!(json["rows"][0]["compare"]["runs"], 3);
        // Ten times faster, and one pair slowed by the load to 0.5:
        // the median decides, the spread shows the pair.
        let (clean, text, json) = summary(&[10.0, 10.0, 50.0], &[100.0; 3], 1.5);
        assert!(clean, "{text}");
        assert!(text.contains("No row is slower than 1.5x old.\n"), "{text}");
        assert_eq!(json["rows"][0]["compare"]["ratio"], 0.1);
        assert_eq!(json["rows"][0]["compare"]["noise_high"], 0.5);
        // At the threshold is not above it.
        let (clean, text, _) = summary(&[15.0; 3], &[10.0; 3], 1.5);
        assert!(clean, "{text}");
    }

    #[test]
    fn json_rows_hold_every_figure_in_nanoseconds() {
        let measured = row("short", &[2.0, 1.0, 3.0], Some(Ok(vec![1.0, 1.0, 1.0])));
        let value = row_json(&measured, measured.ratio());
        assert_eq!(value["crate"], "x1-a");
        assert_eq!(value["input"], "short");
        assert_eq!(value["runs"], 3);
        assert_eq!(value["median_ns"], 2_000_000);
        assert_eq!(value["min_ns"], 1_000_000);
        assert_eq!(value["max_ns"], 3_000_000);
        assert_eq!(value["peak_bytes"], 2 << 20);
        assert_eq!(value["floor"]["ratio"], 2.0);
        assert_eq!(value["baseline"]["speedup"], 15.0);
        assert_eq!(value["compare"]["ratio"], 2.0);
        assert_eq!(value["compare"]["noise_low"], 1.0);
        assert_eq!(value["compare"]["noise_high"], 3.0);
        let missing = row("short", &[1.0], Some(Err("no crate".into())));
        let value = row_json(&missing, None);
        assert_eq!(value["compare"]["missing"], "no crate");
    }
}
