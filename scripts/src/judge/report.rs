//! The report of `cargo judge` (and `cargo bundle --check`): a verdict
//! line a case with its figures and what went wrong under it, the tally
//! and the summary line, and with `--json`, one JSON object a case and a
//! summary object.

use super::repeat::Repeats;
use crate::color::{Output, Paint};
use crate::error::Error;
use crate::rules::{Clock, Limits};
use crate::run::{self, Ending, Run};
use crate::verdict::{deciding_time, mebibytes, milliseconds, Position, Verdict};
use serde_json::{json, Value};
use std::ffi::OsStr;
use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::time::{Duration, Instant};

/// How far in the lines under a verdict line are: what went wrong, and
/// the lines that show it two columns further in.
pub const UNDER: &str = "    ";
pub const UNDER_DETAIL: &str = "      ";

/// `--json`'s JSON Lines: where they go, and the first error writing them,
/// which ends the command in an error once the table is done.
pub struct JsonLines {
    writer: Box<dyn Write>,
    /// The path as given, or `standard output`, for the error.
    shown: String,
    failed: Option<io::Error>,
}

impl JsonLines {
    /// The JSON Lines `options` ask for, or none. The file is created only
    /// once the run is accepted (the caller's checks are done) and never
    /// when it is one of the run's own inputs (a program, a checker, a
    /// case's file), which creating it would empty: that is an error.
    /// The JSON Lines `--json PATH` asks for (`-`: standard output), or
    /// none. The file is created only once the run is accepted (the
    /// caller's checks are done) and never when it is one of the run's own
    /// `inputs` (a program, a checker, a case's file), which creating it
    /// would empty: that is an error.
    pub fn open(path: Option<&Path>, inputs: &[&Path]) -> Result<Option<JsonLines>, Error> {
        let Some(path) = path else {
            return Ok(None);
        };
        if path == Path::new("-") {
            return Ok(Some(JsonLines::new(
                Box::new(io::stdout()),
                "standard output".to_string(),
            )));
        }
        if let Some(input) = inputs.iter().find(|input| same_file(path, input)) {
            return Err(Error::new(format!(
                "--json: {} would overwrite {}, an input of this run: name another file",
                path.display(),
                input.display()
            )));
        }
        let file = fs::File::create(path).map_err(|error| {
            Error::new(format!("--json: cannot write {}: {error}", path.display()))
        })?;
        Ok(Some(JsonLines::new(
            Box::new(file),
            path.display().to_string(),
        )))
    }

    pub fn new(writer: Box<dyn Write>, shown: String) -> JsonLines {
        JsonLines {
            writer,
            shown,
            failed: None,
        }
    }

    /// Writes one line, whole, in one call: a reader following the file
    /// never sees half of one. After a failure, nothing more is written.
    fn line(&mut self, text: &str) {
        if self.failed.is_some() {
            return;
        }
        let line = format!("{text}\n");
        let written = self
            .writer
            .write_all(line.as_bytes())
            .and_then(|()| self.writer.flush());
        self.failed = written.err();
    }
}

/// True when both paths name one existing file (through links, or on Unix
/// hard links too).
fn same_file(one: &Path, other: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(one), fs::metadata(other)) {
            (Ok(one), Ok(other)) => one.dev() == other.dev() && one.ino() == other.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    match (fs::canonicalize(one), fs::canonicalize(other)) {
        (Ok(one), Ok(other)) => one == other,
        _ => false,
    }
}

/// Passed and failed cases so far.
#[derive(Debug)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
    /// Runs whose peak memory was sampled, not recorded by the system
    /// ([`Run::peak_sampled`]): the report says so.
    sampled_peaks: usize,
    /// Runs held to CPU time whose CPU time was not measured (see
    /// [`crate::run::CPU_UNREAD`]): wall time decided, and the report says
    /// so.
    wall_for_cpu: usize,
    /// When the command started, for the summary's time.
    started: Instant,
    /// Something besides the cases failed (a stale bundle): the summary
    /// is no success then, whatever the cases did.
    pub failed_besides: bool,
    /// The most runs that went on at once (`--jobs`), for the summary.
    pub jobs: usize,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            passed: 0,
            failed: 0,
            sampled_peaks: 0,
            wall_for_cpu: 0,
            started: Instant::now(),
            failed_besides: false,
            jobs: 1,
        }
    }
}

impl Tally {
    pub fn add(&mut self, verdict: Verdict) {
        if verdict.passed() {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
    }

    /// True when something was judged and nothing failed.
    pub fn all_passed(&self) -> bool {
        self.failed == 0 && self.passed > 0 && !self.failed_besides
    }
}

/// Where verdicts go: the table (in colour or not), the tally, and with
/// `--json`, one JSON object a verdict as it is given.
pub struct Reporter {
    /// The table: standard output, or standard error with `--json -`.
    pub out: Output,
    /// JSON Lines, each line written and flushed as its case finishes.
    json: Option<JsonLines>,
    pub tally: Tally,
}

impl Reporter {
    pub fn new(out: Output, json: Option<JsonLines>) -> Reporter {
        Reporter {
            out,
            json,
            tally: Tally::default(),
        }
    }

    /// A verdict word padded to the column's width, the padding outside
    /// its colour: `AC   `.
    pub fn verdict(&self, verdict: Verdict) -> String {
        let word = verdict.to_string();
        let padding = " ".repeat(5usize.saturating_sub(word.len()));
        format!("{}{padding}", self.out.paint(verdict_paint(verdict), word))
    }

    /// Counts `judged` and prints its line, then `shown` (the lines under
    /// it, indented), then its JSON object.
    pub fn report(&mut self, judged: &Judged, shown: &str) {
        self.tally.add(judged.verdict);
        // A run with no peak at all shows none, sampled or not.
        if judged
            .run
            .is_some_and(|run| run.peak_sampled && run.peak_memory.is_some())
        {
            self.tally.sampled_peaks += 1;
        }
        if let (Some(run), Some(limits)) = (judged.run, judged.limits) {
            if run.cpu.is_none() && limits.clock != Clock::Wall {
                self.tally.wall_for_cpu += 1;
            }
        }
        let figures = match judged.run {
            Some(run) => figures(run, judged.limits, judged.repeats),
            None => String::new(),
        };
        let verdict = self.verdict(judged.verdict);
        let _ = write!(
            self.out,
            "{verdict} {}{figures}\n{shown}",
            judged.shown_name
        );
        let _ = self.out.flush();
        if let Some(json) = &mut self.json {
            let detail: Vec<&str> = shown
                .lines()
                .map(|line| line.strip_prefix(UNDER).unwrap_or(line))
                .collect();
            let mut fields = judged.json();
            let detail = if detail.is_empty() {
                Value::Null
            } else {
                json!(detail.join("\n") + "\n")
            };
            fields.push(("detail", detail.to_string()));
            json.line(&object(&fields));
        }
    }

    /// Prints the closing line `N passed, M failed in T s, J jobs` (builds
    /// included; J the most runs at once), green when all passed and red otherwise, and its JSON
    /// object; true when something was judged and nothing failed.
    pub fn finish(&mut self) -> bool {
        let seconds = self.tally.started.elapsed().as_secs_f64();
        let passed = self.tally.all_passed();
        let jobs = self.tally.jobs;
        let line = format!(
            "{} passed, {} failed in {seconds:.1} s, {jobs} job{}",
            self.tally.passed,
            self.tally.failed,
            if jobs == 1 { "" } else { "s" }
        );
        if self.tally.sampled_peaks > 0 {
            let count = self.tally.sampled_peaks;
            let (peaks, are) = if count == 1 {
                ("peak", "is")
            } else {
                ("peaks", "are")
            };
            // Never only in the figures: an MLE this misses is an AC.
            let _ = writeln!(
                self.out,
                "note: {count} {peaks} {are} the highest seen every 5 ms, as this system \
                 (Wine) keeps no record of a program's peak: one in its last milliseconds \
                 can be missed, and an MLE with it"
            );
        }
        if self.tally.wall_for_cpu > 0 {
            let count = self.tally.wall_for_cpu;
            let _ = writeln!(
                self.out,
                "note: {count} case{} judged by wall time: CPU time, which the profile holds \
                 the limit to, was not measured ({})",
                if count == 1 { " was" } else { "s were" },
                crate::run::CPU_UNREAD
            );
        }
        let paint = if passed { Paint::Good } else { Paint::Bad };
        let _ = writeln!(self.out, "{}", self.out.paint(paint, line));
        let _ = self.out.flush();
        if let Some(json) = &mut self.json {
            json.line(&object(&[
                ("type", json!("summary").to_string()),
                ("passed", json!(self.tally.passed).to_string()),
                ("failed", json!(self.tally.failed).to_string()),
                ("seconds", json!(seconds).to_string()),
                ("jobs", json!(jobs).to_string()),
            ]));
        }
        passed
    }

    /// [`Reporter::finish`], then the command's result: an error when the
    /// JSON report could not be written, as `cargo timing --json` has it.
    pub fn end(&mut self) -> Result<bool, Error> {
        let passed = self.finish();
        match self
            .json
            .as_mut()
            .and_then(|json| json.failed.take().map(|error| (error, &json.shown)))
        {
            Some((error, shown)) => {
                Err(Error::new(format!("--json: cannot write {shown}: {error}")))
            }
            None => Ok(passed),
        }
    }
}

/// A JSON object of `fields` (each key and its value as JSON text) with
/// its keys in the order given (serde_json's own map sorts them), on one
/// line.
fn object(fields: &[(&str, String)]) -> String {
    let members: Vec<String> = fields
        .iter()
        .map(|(key, value)| format!("{}:{value}", json!(key)))
        .collect();
    format!("{{{}}}", members.join(","))
}

/// A name's fields: `key` with the name as text, and where the name is not
/// Unicode (its text then has U+FFFD for what is not), `<key>_bytes` with
/// its exact bytes (on Windows, its UTF-16 units), so that no name is lost.
fn name_fields(
    key: &'static str,
    bytes_key: &'static str,
    name: Option<&OsStr>,
) -> Vec<(&'static str, String)> {
    let Some(name) = name else {
        return vec![(key, "null".to_string())];
    };
    let mut fields = vec![(key, json!(name.to_string_lossy()).to_string())];
    if name.to_str().is_none() {
        #[cfg(unix)]
        let units: Vec<u16> = {
            use std::os::unix::ffi::OsStrExt;
            name.as_bytes()
                .iter()
                .map(|&byte| u16::from(byte))
                .collect()
        };
        #[cfg(windows)]
        let units: Vec<u16> = {
            use std::os::windows::ffi::OsStrExt;
            name.encode_wide().collect()
        };
        // The tool runs on Unix and Windows; elsewhere, the text's units.
        #[cfg(not(any(unix, windows)))]
        let units: Vec<u16> = name.to_string_lossy().encode_utf16().collect();
        fields.push((bytes_key, json!(units).to_string()));
    }
    fields
}

/// The colour of a verdict: green for AC, yellow for a limit, red for the
/// rest.
pub fn verdict_paint(verdict: Verdict) -> Paint {
    match verdict {
        Verdict::Ac => Paint::Good,
        Verdict::Tle | Verdict::Ile | Verdict::Mle | Verdict::Ole | Verdict::Undecided => {
            Paint::Limit
        }
        Verdict::Wa | Verdict::Pe | Verdict::Re | Verdict::Ce | Verdict::Error => Paint::Bad,
    }
}

/// One verdict, as its line and its JSON object show it.
pub struct Judged<'a> {
    /// The crate, or the program with --program; `(bundle, JUDGE)` after
    /// it for a bundle.
    pub label: &'a str,
    /// None for a verdict on the whole crate or folder (CE, no samples).
    pub case: Option<&'a OsStr>,
    /// The name on the line, padded: `<label>/<case>` or `<label>`.
    pub shown_name: &'a str,
    pub input: Option<&'a Path>,
    pub verdict: Verdict,
    pub run: Option<&'a Run>,
    pub limits: Option<Limits>,
    pub difference: Option<Position>,
    /// With `--repeat`: the figures of all the case's runs, `run` being
    /// the one shown.
    pub repeats: Option<&'a Repeats>,
}

impl<'a> Judged<'a> {
    /// A verdict on a whole crate or folder, with no case and no run;
    /// `label` as the line shows it.
    pub fn whole(label: &'a str, shown_name: &'a str, verdict: Verdict) -> Judged<'a> {
        Judged {
            label,
            case: None,
            shown_name,
            input: None,
            verdict,
            run: None,
            limits: None,
            difference: None,
            repeats: None,
        }
    }

    /// The case's JSON object's fields but for its `detail`, in the order
    /// the help shows them: `cargo timing --json`'s names and units where
    /// they mean the same (`crate`, `file`, `peak_bytes`, times in
    /// nanoseconds); names as they are, not as the table escapes them.
    fn json(&self) -> Vec<(&'static str, String)> {
        let nanoseconds = |duration: Duration| u64::try_from(duration.as_nanos()).ok();
        let run = self.run;
        let (exit_status, signal) = match run.map(|run| run.ending) {
            Some(Ending::Exited(code)) => (Some(code), None),
            Some(Ending::Signal(signal)) => (None, Some(run::signal_name(signal))),
            None => (None, None),
        };
        let mut fields = vec![
            ("type", json!("case").to_string()),
            ("crate", json!(self.label).to_string()),
        ];
        fields.extend(name_fields("case", "case_bytes", self.case));
        fields.extend(name_fields(
            "file",
            "file_bytes",
            self.input.map(Path::as_os_str),
        ));
        fields.extend([
            ("verdict", json!(self.verdict.to_string()).to_string()),
            (
                "wall_ns",
                json!(run.and_then(|run| nanoseconds(run.elapsed))).to_string(),
            ),
            (
                "cpu_ns",
                json!(run.and_then(|run| run.cpu).and_then(nanoseconds)).to_string(),
            ),
            (
                "wait_ns",
                json!(run.and_then(|run| run.wait).and_then(nanoseconds)).to_string(),
            ),
            (
                "peak_bytes",
                json!(run.and_then(|run| run.peak_memory)).to_string(),
            ),
            ("exit_status", json!(exit_status).to_string()),
            ("signal", json!(signal).to_string()),
            (
                "first_difference",
                self.difference.map_or_else(
                    || "null".to_string(),
                    |position| {
                        object(&[
                            ("line", json!(position.line).to_string()),
                            ("column", json!(position.column).to_string()),
                            ("token", json!(position.token).to_string()),
                        ])
                    },
                ),
            ),
            (
                "time_limit_ns",
                json!(self.limits.and_then(|limits| nanoseconds(limits.time))).to_string(),
            ),
            (
                "memory_limit_bytes",
                json!(self.limits.map(|limits| limits.memory)).to_string(),
            ),
        ]);
        if let Some(repeats) = self.repeats {
            let verdicts: Vec<(String, String)> = repeats
                .verdicts
                .iter()
                .map(|(verdict, count)| (verdict.to_string(), json!(count).to_string()))
                .collect();
            let verdicts: Vec<(&str, String)> = verdicts
                .iter()
                .map(|(verdict, count)| (verdict.as_str(), count.clone()))
                .collect();
            fields.extend([
                ("runs", json!(repeats.runs).to_string()),
                ("time_min_ns", json!(nanoseconds(repeats.min)).to_string()),
                (
                    "time_median_ns",
                    json!(nanoseconds(repeats.median)).to_string(),
                ),
                ("time_max_ns", json!(nanoseconds(repeats.max)).to_string()),
                ("max_peak_bytes", json!(repeats.peak).to_string()),
                ("verdicts", object(&verdicts)),
            ]);
        }
        fields
    }
}

/// A case's figures after its name: the time that decided it, its peak
/// memory, then [`other_time`]. With `--repeat`, the median of the runs'
/// deciding times, the greatest peak, and the runs' least and greatest
/// times (and verdicts, where they differ) in parentheses.
fn figures(run: &Run, limits: Option<Limits>, repeats: Option<&Repeats>) -> String {
    let time = match (repeats, limits) {
        (Some(repeats), _) => repeats.median,
        (None, Some(limits)) => deciding_time(run, limits),
        (None, None) => run.elapsed,
    };
    let peak = repeats
        .and_then(|repeats| repeats.peak)
        .or(run.peak_memory)
        .map_or_else(|| "- MiB".to_string(), mebibytes);
    let mut text = format!("  {:>10}  {:>10}", milliseconds(time), peak);
    if let Some(limits) = limits {
        text.push_str(&other_time(run, limits, repeats));
    }
    if let Some(repeats) = repeats {
        text.push_str(&format!("  ({})", repeats.describe(milliseconds)));
    }
    // The first line names the accounting; a run that had another says so.
    if let Some(why) = run.fell_back {
        text.push_str(&format!("  (accounted by the watch: {why})"));
    }
    text
}

/// After a case's figures, `near the limit` when the time that decided
/// is within 20 % of the limit, either side; then the time that did not
/// decide its verdict,
/// where it is past the limit: the wall time of a run judged by CPU time
/// (a program that waits, or a busy machine: wall time alone would say
/// TLE), or the CPU time of one judged by wall time. Otherwise nothing:
/// the line stays as short as it was.
fn other_time(run: &Run, limits: Limits, repeats: Option<&Repeats>) -> String {
    // Within a fifth of the limit: another machine may judge it otherwise.
    let near = match repeats {
        Some(repeats) => repeats.near(limits),
        None => limits.near_time_limit(deciding_time(run, limits)),
    };
    let near = if near { "  near the limit" } else { "" };
    let Some(cpu) = run.cpu else {
        return near.to_string();
    };
    let (other, name) = match limits.clock {
        Clock::Cpu(_) => (run.elapsed, "wall"),
        Clock::Wall => (cpu, "cpu"),
    };
    // Under a CPU rule, the part of the wall time the program waited for
    // a CPU, which the cap does not count.
    let waited = match (limits.clock, run.wait) {
        (Clock::Cpu(_), Some(wait)) if wait >= Duration::from_millis(1) => {
            format!(", {} waiting for a CPU", milliseconds(wait))
        }
        _ => String::new(),
    };
    if other > limits.time {
        format!("{near}  ({name} {}{waited})", milliseconds(other))
    } else {
        near.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::DEFAULT_LIMITS;
    use std::sync::{Arc, Mutex};

    /// A stream whose bytes the test reads back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The report of one AC case per entry of `sampled` (whether its
    /// peak was sampled), summary included.
    fn reported(sampled: &[bool]) -> String {
        let text = Shared::default();
        let mut reporter = Reporter::new(Output::plain(Box::new(text.clone())), None);
        for &peak_sampled in sampled {
            let run = Run {
                peak_memory: Some(2 << 20),
                peak_sampled,
                ..Run::default()
            };
            let judged = Judged {
                run: Some(&run),
                verdict: Verdict::Ac,
                ..Judged::whole("x/1", "x/1", Verdict::Ac)
            };
            reporter.report(&judged, "");
        }
        assert!(reporter.finish());
        let bytes = text.0.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    /// A stream that keeps each write call apart, or fails every one.
    #[derive(Clone, Default)]
    struct Calls(Arc<Mutex<Vec<Vec<u8>>>>, bool);

    impl Write for Calls {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if self.1 {
                return Err(io::Error::new(io::ErrorKind::Other, "disk full"));
            }
            self.0.lock().unwrap().push(bytes.to_vec());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A reporter with no table, its JSON Lines going to `json`, after
    /// one WA case named `name` with a difference.
    fn reported_json(json: Calls, name: &OsStr) -> Reporter {
        let lines = JsonLines::new(Box::new(json), "report.json".to_string());
        let mut reporter = Reporter::new(Output::plain(Box::new(io::sink())), Some(lines));
        let run = Run::default();
        let judged = Judged {
            case: Some(name),
            input: Some(Path::new("samples/x/1.in")),
            run: Some(&run),
            difference: Some(Position {
                line: 2,
                column: 1,
                token: None,
            }),
            limits: Some(DEFAULT_LIMITS),
            ..Judged::whole("x", "x/1", Verdict::Wa)
        };
        reporter.report(&judged, "    first difference\n      > 2\n");
        reporter
    }

    #[test]
    fn each_json_line_is_written_whole_in_one_call_in_the_helps_order() {
        let calls = Calls::default();
        let mut reporter = reported_json(calls.clone(), OsStr::new("1"));
        assert_eq!(reporter.end(), Ok(false));
        let calls = calls.0.lock().unwrap();
        assert_eq!(calls.len(), 2, "{calls:?}");
        for call in calls.iter() {
            assert!(call.ends_with(b"\n"), "{call:?}");
            serde_json::from_slice::<Value>(call).unwrap();
        }
        let keys: Vec<&str> = std::str::from_utf8(&calls[0])
            .unwrap()
            .split('"')
            .skip(1)
            .step_by(2)
            .collect();
        assert_eq!(
            &keys[..8],
            [
                "type",
                "case",
                "crate",
                "x",
                "case",
                "1",
                "file",
                "samples/x/1.in"
            ]
        );
        assert!(
            std::str::from_utf8(&calls[0]).unwrap().contains(
                r#""first_difference":{"line":2,"column":1,"token":null},"time_limit_ns":"#
            ),
            "{calls:?}"
        );
    }

    #[test]
    fn a_json_report_that_cannot_be_written_is_the_commands_error() {
        let mut reporter = reported_json(Calls(Arc::default(), true), OsStr::new("1"));
        assert_eq!(
            reporter.end().unwrap_err().to_string(),
            "--json: cannot write report.json: disk full"
        );
    }

    /// A name that is not UTF-8 is kept whole beside its readable form.
    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_unicode_is_given_with_its_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let calls = Calls::default();
        let name = OsStr::from_bytes(b"a\tb\xff");
        reported_json(calls.clone(), name).end().unwrap();
        let line: Value = serde_json::from_slice(&calls.0.lock().unwrap()[0]).unwrap();
        assert_eq!(line["case"], "a\tb\u{fffd}");
        assert_eq!(line["case_bytes"], json!([97, 9, 98, 255]));
        assert!(line.get("file_bytes").is_none(), "{line}");
        let calls = Calls::default();
        reported_json(calls.clone(), OsStr::new("a\tb"))
            .end()
            .unwrap();
        let line: Value = serde_json::from_slice(&calls.0.lock().unwrap()[0]).unwrap();
        assert_eq!(line["case"], "a\tb");
        assert!(line.get("case_bytes").is_none(), "{line}");
    }

    #[test]
    fn a_failure_besides_the_cases_makes_the_summary_red() {
        let text = Shared::default();
        let mut reporter = Reporter::new(Output::coloured(Box::new(text.clone())), None);
        reporter.report(&Judged::whole("x/1", "x/1", Verdict::Ac), "");
        reporter.tally.failed_besides = true;
        assert!(!reporter.finish());
        let bytes = text.0.lock().unwrap().clone();
        let shown = String::from_utf8(bytes).unwrap();
        let summary = shown.lines().last().unwrap();
        assert!(
            summary.starts_with("\u{1b}[1m\u{1b}[31m1 passed, 0 failed in "),
            "{shown:?}"
        );
    }

    #[test]
    fn a_sampled_peak_is_said_before_the_summary_and_a_recorded_one_is_not() {
        let recorded = reported(&[false, false]);
        assert!(!recorded.contains("note:"), "{recorded}");
        let sampled = reported(&[true, false, true]);
        let lines: Vec<&str> = sampled.lines().collect();
        assert_eq!(lines.len(), 5, "{sampled}");
        assert!(
            lines[3].starts_with(
                "note: 2 peaks are the highest seen every 5 ms, as this system (Wine) keeps \
                 no record of a program's peak"
            ),
            "{sampled}"
        );
        assert!(lines[4].starts_with("3 passed, 0 failed in "), "{sampled}");
        assert!(reported(&[true]).contains("note: 1 peak is the highest seen"));
    }

    #[test]
    fn a_run_with_no_peak_at_all_is_not_counted_as_sampled() {
        let text = Shared::default();
        let mut reporter = Reporter::new(Output::plain(Box::new(text.clone())), None);
        let run = Run {
            peak_memory: None,
            peak_sampled: true,
            ..Run::default()
        };
        let judged = Judged {
            run: Some(&run),
            ..Judged::whole("x/1", "x/1", Verdict::Ac)
        };
        reporter.report(&judged, "");
        reporter.finish();
        let shown = String::from_utf8(text.0.lock().unwrap().clone()).unwrap();
        assert!(shown.contains("- MiB"), "{shown}");
        assert!(!shown.contains("note:"), "{shown}");
    }

    /// A run accounted otherwise than the first line says (its cgroup
    /// could not be made) says so on its own line; the others say nothing.
    #[test]
    fn a_run_that_fell_back_to_the_watch_says_so_in_its_line() {
        let text = Shared::default();
        let mut reporter = Reporter::new(Output::plain(Box::new(text.clone())), None);
        for fell_back in [None, Some("no cgroup could be made for it")] {
            let run = Run {
                peak_memory: Some(2 << 20),
                fell_back,
                ..Run::default()
            };
            let judged = Judged {
                run: Some(&run),
                ..Judged::whole("x/1", "x/1", Verdict::Ac)
            };
            reporter.report(&judged, "");
        }
        let shown = String::from_utf8(text.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = shown.lines().collect();
        assert!(!lines[0].contains("accounted"), "{shown}");
        assert!(
            lines[1].ends_with("(accounted by the watch: no cgroup could be made for it)"),
            "{shown}"
        );
    }

    #[test]
    fn codeforces_idleness_is_coloured_as_the_limits_are_and_fails() {
        for verdict in [Verdict::Tle, Verdict::Ile, Verdict::Mle, Verdict::Ole] {
            assert_eq!(verdict_paint(verdict), Paint::Limit, "{verdict}");
        }
        let mut tally = Tally::default();
        tally.add(Verdict::Ile);
        assert_eq!((tally.passed, tally.failed), (0, 1));
        assert_eq!(Verdict::Ile.to_string(), "ILE");
    }
}
