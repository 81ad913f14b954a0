//! Verdicts: the one place that turns a finished run's limits and exit
//! into TLE, MLE, OLE or RE ([`fault`]), the exact comparison of an answer
//! with the expected output (AC, PE, WA; other policies are in
//! `checker.rs`), and a bounded report of their first difference with
//! whitespace made visible.

use crate::rules::{Clock, Limits};
use crate::run::{self, Ending, Run};
use std::fmt::{self, Write as _};
use std::time::Duration;

/// Lines of context shown around the first difference by [`judge_output`].
pub const CONTEXT_LINES: usize = 3;
/// Lines of standard error shown for a runtime error.
pub const STDERR_LINES: usize = 10;
/// Lines of standard output shown for a failed run that wrote nothing to
/// standard error.
const STDOUT_LINES: usize = 5;
/// A shown line is cut after this many bytes, with a note of how many more
/// there were; the differing line is shown around its first difference.
pub const LINE_CUT: usize = 200;

/// A judge's verdict on one case.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Accepted: the output is the expected one (a missing final newline
    /// is tolerated).
    Ac,
    /// Wrong answer.
    Wa,
    /// Presentation error: only whitespace differs.
    Pe,
    /// Runtime error: a non-zero exit status, or a signal while time and
    /// memory were within their limits.
    Re,
    /// Time limit exceeded.
    Tle,
    /// Memory limit exceeded.
    Mle,
    /// Output limit exceeded.
    Ole,
    /// Compilation error: a crate, or a bundle compiled as a judge does,
    /// that does not compile.
    Ce,
    /// The case itself is broken: an `.in` without its answer, or the reverse.
    Error,
}

impl Verdict {
    pub fn passed(self) -> bool {
        self == Verdict::Ac
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Pe => "PE",
            Verdict::Re => "RE",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Ole => "OLE",
            Verdict::Ce => "CE",
            Verdict::Error => "ERROR",
        };
        // Padding applies to the name, so `{:<5}` lines verdicts up.
        f.pad(name)
    }
}

/// AC, PE or WA for `actual` against `expected`.
///
/// AC when the two are equal byte for byte once at most one final `\n` is
/// taken off each, a `\r` just before a `\n` being part of the line end on
/// either side (a Windows checkout's answer, a Windows program's text-mode
/// output); PE when they hold the same words in the same order and only
/// the whitespace between them (spaces, tabs, any other `\r`, line breaks,
/// blank lines) differs; WA otherwise.
pub fn compare(expected: &[u8], actual: &[u8]) -> Verdict {
    if without_final_newline(expected) == without_final_newline(actual)
        || same_lines(expected, actual)
    {
        Verdict::Ac
    } else if words(expected).eq(words(actual)) {
        Verdict::Pe
    } else {
        Verdict::Wa
    }
}

fn without_final_newline(text: &[u8]) -> &[u8] {
    text.strip_suffix(b"\n").unwrap_or(text)
}

/// True when the two have the same lines, a final line break or none,
/// whether each line ends in `\n` or `\r\n`. Only a `\r` that stands
/// right before a `\n` is taken as part of the line end.
fn same_lines(expected: &[u8], actual: &[u8]) -> bool {
    lines_without_ends(expected).eq(lines_without_ends(actual))
}

/// The lines of `text` without their `\n` or `\r\n`, a final line break
/// taken as ending the last line, not as starting an empty one.
fn lines_without_ends(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = text
        .strip_suffix(b"\r\n")
        .or_else(|| text.strip_suffix(b"\n"))
        .unwrap_or(text);
    body.split(|&byte| byte == b'\n').map(move |line| {
        // Both slices are of `body`: is a `\n` after this line?
        let end = line.as_ptr() as usize - body.as_ptr() as usize + line.len();
        if end < body.len() {
            line.strip_suffix(b"\r").unwrap_or(line)
        } else {
            line
        }
    })
}

/// The words of `text`, apart by C's `isspace` (space, tab, LF, CR,
/// vertical tab, form feed), which the ICPC default validator reads
/// tokens by (problemtools' default_validator.cc): only these differing
/// is PE. A UTF-8 byte-order mark is not whitespace there either.
fn words(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&byte| byte.is_ascii_whitespace() || byte == 0x0b)
        .filter(|word| !word.is_empty())
}

/// The lines of `text`, each with its `\n` if it has one.
fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split_inclusive(|&byte| byte == b'\n')
}

/// The 1-based number of the first line where the two texts differ
/// (a line's final `\n` counts), or `None` when they are equal.
pub fn first_different_line(expected: &[u8], actual: &[u8]) -> Option<usize> {
    if expected == actual {
        return None;
    }
    let same = lines(expected)
        .zip(lines(actual))
        .take_while(|(one, other)| one == other)
        .count();
    Some(same + 1)
}

/// Where an output first differs from the answer, in the output: its
/// line and the byte in that line, both from 1, and for the `tokens` and
/// `float` checkers the token's number (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
    pub token: Option<usize>,
}

/// The first line where `actual` differs from `expected` (a line's final
/// `\n` counts) and the first byte in it that differs, as
/// [`show_difference`] shows them; `None` when they are equal. Past the
/// end of the output, the line after its last and column 1.
pub fn first_difference(expected: &[u8], actual: &[u8]) -> Option<Position> {
    let line = first_different_line(expected, actual)?;
    let byte = first_different_byte(nth_line(expected, line), nth_line(actual, line));
    Some(Position {
        line,
        column: byte + 1,
        token: None,
    })
}

/// Line `line` (from 1) of `text` with its `\n`, or nothing past the end.
fn nth_line(text: &[u8], line: usize) -> &[u8] {
    lines(text).nth(line - 1).unwrap_or_default()
}

/// The verdict on one finished run against the expected output, and what
/// to show under it when it failed (unindented: the report indents it).
///
/// In this order: killed for time, memory or output; then over the time
/// limit, over the memory limit (the peak, or an allocation that failed at
/// the address-space cap); then a failing exit; then the output compared.
/// The tool judges by [`crate::checker::Checker::judge`], in this order
/// too; this is the exact checker's, for the tests below.
#[cfg(test)]
pub fn judge_run(run: &Run, expected: &[u8], limits: Limits) -> (Verdict, String) {
    if let Some(fault) = fault(run, limits) {
        return fault;
    }
    judge_output(expected, &run.stdout)
}

/// AC or WA by Luogu's rule, "评测忽略行末空格与文尾回车" (the judge
/// ignores spaces at the ends of lines and line breaks at the end of the
/// text: luogu-dev/docs, docs/manual/luogu/problem/index.md): each line
/// with the spaces at its end taken off (and a CR, which the tool takes as
/// part of a line end everywhere), and the blank lines at the end of the
/// text, are compared; no PE. A tab is not a space there: it counts.
pub fn compare_lines(expected: &[u8], actual: &[u8]) -> Verdict {
    if trimmed_lines(expected).eq(trimmed_lines(actual)) {
        Verdict::Ac
    } else {
        Verdict::Wa
    }
}

/// The lines of `text` without their trailing spaces and CRs, the
/// blank lines at its end left out.
fn trimmed_lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let trim = |line: &[u8]| -> usize {
        line.iter()
            .rposition(|&byte| !matches!(byte, b' ' | b'\r'))
            .map_or(0, |last| last + 1)
    };
    let lines: Vec<&[u8]> = text
        .split(|&byte| byte == b'\n')
        .map(|line| &line[..trim(line)])
        .collect();
    let kept = lines
        .iter()
        .rposition(|line| !line.is_empty())
        .map_or(0, |last| last + 1);
    lines.into_iter().take(kept)
}

/// [`compare_lines`], with the difference shown under a WA.
pub fn judge_lines(expected: &[u8], actual: &[u8]) -> (Verdict, String) {
    let verdict = compare_lines(expected, actual);
    let detail = if verdict.passed() {
        String::new()
    } else {
        show_difference(expected, actual, CONTEXT_LINES)
    };
    (verdict, detail)
}

/// [`compare`], with the difference shown under a failure.
pub fn judge_output(expected: &[u8], actual: &[u8]) -> (Verdict, String) {
    let verdict = compare(expected, actual);
    let detail = if verdict.passed() {
        String::new()
    } else {
        show_difference(expected, actual, CONTEXT_LINES)
    };
    (verdict, detail)
}

/// Whether a finished run is past its time limit by the rule of
/// `limits.clock`: wall time against the limit; or CPU time against the
/// limit and wall time against the cap, wall time against the limit
/// where CPU time was not measured.
pub fn over_time_limit(run: &Run, limits: Limits) -> bool {
    match (limits.clock, run.cpu) {
        (Clock::Cpu(_), Some(cpu)) => {
            cpu > limits.time || run.elapsed > limits.clock.wall_cap(limits.time)
        }
        _ => run.elapsed > limits.time,
    }
}

/// The time that decides a run's verdict under `limits`: its CPU time
/// under a CPU rule where measured, else its wall time.
pub fn deciding_time(run: &Run, limits: Limits) -> Duration {
    match (limits.clock, run.cpu) {
        (Clock::Cpu(_), Some(cpu)) => cpu,
        _ => run.elapsed,
    }
}

/// What a TLE shows: the time past the limit (CPU or wall), or the wall
/// time past the cap of a program that used little CPU.
fn time_detail(run: &Run, limits: Limits, what: &str) -> String {
    let limit = milliseconds(limits.time);
    match (limits.clock, run.cpu) {
        (Clock::Cpu(_), Some(cpu)) if cpu > limits.time => format!(
            "{what} {} of CPU time ({} wall), over the time limit of {limit}\n",
            milliseconds(cpu),
            milliseconds(run.elapsed)
        ),
        (Clock::Cpu(_), Some(cpu)) => format!(
            "{what} {} wall time, past the wall-time cap of {} (CPU time {}, the limit {limit})\n",
            milliseconds(run.elapsed),
            milliseconds(limits.clock.wall_cap(limits.time)),
            milliseconds(cpu)
        ),
        (Clock::Cpu(_), None) => format!(
            "{what} {}, over the time limit of {limit} (wall time: CPU time was not measured)\n",
            milliseconds(run.elapsed)
        ),
        (Clock::Wall, _) => format!(
            "{what} {}, over the time limit of {limit}\n",
            milliseconds(run.elapsed)
        ),
    }
}

/// TLE, MLE, OLE or RE, with what to show, when the run broke a limit or
/// failed; `None` when it ran cleanly and only its output is left to judge.
/// For checks that have no expected output to compare (timing).
pub fn fault(run: &Run, limits: Limits) -> Option<(Verdict, String)> {
    let over_time = |what: &str| Some((Verdict::Tle, time_detail(run, limits, what)));
    let over_memory = |peak: Option<u64>| {
        let detail = match peak {
            // The watchdog saw the limit passed; the system's record of the
            // peak, read after the kill, can lag behind what it saw (Linux
            // counts resident pages per thread and folds them in now and
            // then), or be missing: then the limit is what is known.
            Some(peak) if run.killed_for_memory && peak <= limits.memory => format!(
                "killed with {} memory over the limit of {} (its peak as recorded: {})\n",
                run::MEASURED_MEMORY,
                mebibytes(limits.memory),
                mebibytes(peak)
            ),
            None if run.killed_for_memory => format!(
                "killed with {} memory over the limit of {} (its peak not recorded)\n",
                run::MEASURED_MEMORY,
                mebibytes(limits.memory)
            ),
            Some(peak) => format!(
                "{} at {}, over the limit of {}\n",
                if run.killed_for_memory {
                    format!("killed with {} memory", run::MEASURED_MEMORY)
                } else {
                    "peak memory".to_string()
                },
                mebibytes(peak),
                mebibytes(limits.memory)
            ),
            None => allocation_failed_detail(run, limits),
        };
        Some((Verdict::Mle, detail))
    };
    if run.killed_for_time {
        return over_time("killed after");
    }
    if run.killed_for_memory {
        return over_memory(run.peak_memory);
    }
    if run.output_over_limit {
        let detail = format!(
            "killed after writing more than the output limit of {}\n",
            mebibytes(run.stdout.len() as u64)
        );
        return Some((Verdict::Ole, detail));
    }
    if over_time_limit(run, limits) {
        return over_time("ran");
    }
    if let Some(peak) = run.peak_memory.filter(|&peak| peak > limits.memory) {
        return over_memory(Some(peak));
    }
    if run.ending.success() {
        return None;
    }
    if allocation_failed(&run.stderr) {
        return over_memory(None);
    }
    let mut detail = run.ending.describe();
    if let Some(shortfall) = stack_overflow_shortfall(run, limits) {
        detail.push_str("; ");
        detail.push_str(&shortfall);
    }
    if run.stderr.is_empty() && !run.stdout.is_empty() {
        // A JVM that cannot start says why on stdout.
        detail.push_str("; nothing on stderr; stdout:\n");
        detail.push_str(&first_lines(&run.stdout, STDOUT_LINES, "  "));
    } else if run.stderr.is_empty() {
        detail.push_str("; nothing on stderr\n");
    } else {
        detail.push_str("; stderr:\n");
        detail.push_str(&first_lines(&run.stderr, STDERR_LINES, "  "));
    }
    Some((Verdict::Re, detail))
}

/// What to add to an RE by SIGSEGV or SIGBUS (how a stack overflow ends
/// on Unix), or one whose stderr says the stack overflowed (Rust's
/// handler then aborts: SIGABRT), when the stack was held below the
/// judge's by the hard limit the tool runs under: otherwise a recursion
/// the judge accepts is an RE with no word of why.
fn stack_overflow_shortfall(run: &Run, limits: Limits) -> Option<String> {
    let segfault = match run.ending {
        Ending::Signal(signal) => {
            ["SIGSEGV", "SIGBUS"].contains(&run::signal_name(signal).as_str())
        }
        Ending::Exited(_) => false,
    };
    let said = contains(&run.stderr, "has overflowed its stack");
    if !segfault && !said {
        return None;
    }
    run::stack_shortfall(limits.stack)
}

/// True when `text` holds `needle`.
fn contains(text: &[u8], needle: &str) -> bool {
    text.windows(needle.len())
        .any(|window| window == needle.as_bytes())
}

/// What an MLE says when the program failed saying an allocation failed:
/// the peak as measured (not a cap it may never have reached: on Linux and
/// macOS nothing caps what a program reserves, and a JVM's heap is full at
/// its own `-Xmx`), and the cap where one is set.
fn allocation_failed_detail(run: &Run, limits: Limits) -> String {
    // A peak over the limit is judged before this: one measured is under.
    let peak = match run.peak_memory {
        Some(peak) => format!(
            "at a measured peak of {} {}, under the limit of {}",
            mebibytes(peak),
            run::MEASURED_MEMORY,
            mebibytes(limits.memory)
        ),
        None => format!(
            "its peak not measured, the limit {}",
            mebibytes(limits.memory)
        ),
    };
    let cap = match run::reservation_cap(limits.memory) {
        Some((cap, what)) => format!(
            "; each process's {what} is capped at {}, which it may have reached",
            mebibytes(cap)
        ),
        None => String::new(),
    };
    format!(
        "{}; an allocation failed, its stderr says, {peak}{cap}:\n{}",
        run.ending.describe(),
        first_lines(&run.stderr, 3, "  ")
    )
}

/// True when a failed program's stderr says an allocation failed: Rust's
/// "memory allocation of N bytes failed", C++'s `std::bad_alloc`, Java's
/// `OutOfMemoryError`, Python's `MemoryError`. That is how running out of
/// memory ends where no peak passes the limit: at a JVM's `-Xmx`, under a
/// cap, or for one allocation larger than the system will promise.
fn allocation_failed(stderr: &[u8]) -> bool {
    [
        "memory allocation of ",
        "bad_alloc",
        "OutOfMemoryError",
        "MemoryError",
    ]
    .iter()
    .any(|needle| {
        stderr
            .windows(needle.len())
            .any(|window| window == needle.as_bytes())
    })
}

/// Lines around the first difference of `expected` and `actual`, each side
/// shown with [`visible`] and numbered, the differing line marked with `>`.
/// Unindented: where it sits is the report's business. The report is bounded
/// whatever the texts: at most `2 × context + 1` lines a side, each cut
/// after [`LINE_CUT`] bytes (the differing line around its first differing
/// byte) with a note of what was left out.
pub fn show_difference(expected: &[u8], actual: &[u8], context: usize) -> String {
    let Some(Position {
        line,
        column: after,
        ..
    }) = first_difference(expected, actual)
    else {
        return String::new();
    };
    let column = after - 1;
    let first = line.saturating_sub(context).max(1);
    let last = line + context;
    // The markers are unambiguous: the text's own `$`, `^`, `\` and `·`
    // are escaped, and the legend says so where the text has one.
    let own_markers = [expected, actual].iter().any(|text| {
        text.iter().any(|byte| matches!(byte, b'$' | b'^' | b'\\'))
            || text.windows(2).any(|pair| pair == "·".as_bytes())
    });
    let escapes = if own_markers {
        " (the text's own $ ^ \\ · as \\u{24} \\u{5e} \\u{5c} \\u{b7})"
    } else {
        ""
    };
    let mut shown = format!(
        "first difference at line {line}; whitespace shown as \
         · space, ^I tab, ^M carriage return, $ end of line{escapes}:\n"
    );
    for (name, text) in [("expected", expected), ("actual", actual)] {
        let _ = writeln!(shown, "{name}:");
        if text.is_empty() {
            let _ = writeln!(shown, "      (no output at all)");
            continue;
        }
        let mut count = 0;
        for (index, text_line) in lines(text).enumerate().take(last) {
            let number = index + 1;
            count = number;
            if number < first {
                continue;
            }
            let (marker, from) = if number == line {
                ('>', column.saturating_sub(LINE_CUT / 2))
            } else {
                (' ', 0)
            };
            let _ = writeln!(
                shown,
                "  {marker}{number:>4} | {}",
                cut(text_line, from, Shown::Visible)
            );
        }
        if line > count {
            let _ = writeln!(shown, "  >{line:>4} | (ends after line {count})");
        }
        if !text.ends_with(b"\n") {
            let _ = writeln!(shown, "        (no newline at the end)");
        }
    }
    shown
}

/// The index of the first byte where `one` and `other` differ (the length
/// of the shorter when one is a prefix of the other).
fn first_different_byte(one: &[u8], other: &[u8]) -> usize {
    one.iter().zip(other).take_while(|(a, b)| a == b).count()
}

/// How a cut line is escaped.
#[derive(Clone, Copy)]
enum Shown {
    /// As [`visible`] shows it: output to compare.
    Visible,
    /// As [`as_written`] shows it: a message to read.
    AsWritten,
}

/// At most [`LINE_CUT`] bytes of `line` from about byte `from` (moved back
/// to the start of a character), escaped as `shown` says, with notes of the
/// bytes left out before and after.
fn cut(line: &[u8], from: usize, shown_as: Shown) -> String {
    let start = char_start(line, from.min(line.len()));
    let end = if line.len() - start > LINE_CUT {
        char_start(line, start + LINE_CUT)
    } else {
        line.len()
    };
    let mut shown = String::new();
    if start > 0 {
        let _ = write!(shown, "({start} bytes cut) ");
    }
    let text = &line[start..end];
    shown.push_str(&match shown_as {
        Shown::Visible => visible(text),
        Shown::AsWritten => as_written(text),
    });
    if end < line.len() {
        let _ = write!(shown, " ({} more bytes cut)", line.len() - end);
    }
    shown
}

/// At most [`LINE_CUT`] bytes of `text` around byte `around`, with
/// whitespace made visible as [`visible`] does and notes of what was cut.
pub fn visible_cut(text: &[u8], around: usize) -> String {
    cut(text, around.saturating_sub(LINE_CUT / 2), Shown::Visible)
}

/// `index`, moved back over UTF-8 continuation bytes (at most three) to
/// the start of the character it falls in.
fn char_start(text: &[u8], mut index: usize) -> usize {
    let floor = index.saturating_sub(3);
    while index > floor && index < text.len() && text[index] & 0xC0 == 0x80 {
        index -= 1;
    }
    index
}

/// One line (or any text) with whitespace made visible and nothing that a
/// terminal would act on: a space is `·`, a tab `^I`, a carriage return `^M`,
/// a final line break `$`; other control characters are `^X` (C0 and DEL)
/// or `\u{..}` (other control and invisible format characters); bytes that
/// are not UTF-8 are `\xNN`; a literal `·`, `^`, `$` or `\` is escaped as
/// `\u{..}`, so every shown line reads back to exactly one text.
pub fn visible(text: &[u8]) -> String {
    escape_with(text, push_visible)
}

/// A message (what a checker, a validator or a program says on stderr) as
/// it was written: only control characters (`^[`, `^I`, `\u{..}`),
/// invisible format characters (`\u{..}`) and bytes that are not UTF-8
/// (`\xNN`) escaped, so that nothing in it acts on the terminal; `$`, `^`,
/// `\` and the rest are shown as they are. Text read, not compared: it
/// need not read back to exactly one text.
pub fn as_written(text: &[u8]) -> String {
    escape_with(text, |shown, character| match character {
        '·' | '^' | '$' | '\\' | ' ' => shown.push(character),
        '\n' => shown.push_str("^J"),
        _ => push_visible(shown, character),
    })
}

/// A name (of a file, a program) as it can be printed: as [`as_written`]
/// shows a message (a line break in it is `^J`).
pub fn printable(name: &[u8]) -> String {
    as_written(name)
}

/// `text` with each character put by `push`, and each byte that is not
/// UTF-8 as `\xNN`.
fn escape_with(text: &[u8], push: impl Fn(&mut String, char)) -> String {
    let mut shown = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while !rest.is_empty() {
        let (valid, invalid) = match std::str::from_utf8(rest) {
            Ok(valid) => (valid, &[][..]),
            Err(error) => {
                let (valid, after) = rest.split_at(error.valid_up_to());
                let bad = error.error_len().unwrap_or(after.len());
                // Safe to unwrap: from_utf8 said this prefix is valid.
                let valid = std::str::from_utf8(valid).unwrap_or_default();
                (valid, &after[..bad])
            }
        };
        for character in valid.chars() {
            push(&mut shown, character);
        }
        for byte in invalid {
            let _ = write!(shown, "\\x{byte:02X}");
        }
        rest = &rest[valid.len() + invalid.len()..];
    }
    shown
}

fn push_visible(shown: &mut String, character: char) {
    match character {
        ' ' => shown.push('·'),
        '\n' => shown.push('$'),
        '\u{0}'..='\u{1F}' => {
            shown.push('^');
            shown.push(char::from(character as u8 ^ 0x40));
        }
        '\u{7F}' => shown.push_str("^?"),
        '·' | '^' | '$' | '\\' => {
            let _ = write!(shown, "\\u{{{:x}}}", character as u32);
        }
        _ if character.is_control() || is_invisible_format(character) => {
            let _ = write!(shown, "\\u{{{:x}}}", character as u32);
        }
        _ => shown.push(character),
    }
}

/// Format characters that change how text around them shows, or show as
/// nothing: the byte-order mark, zero-width characters and bidirectional
/// controls.
fn is_invisible_format(character: char) -> bool {
    matches!(character,
        '\u{AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// The first `count` lines of `text`, indented, each shown as written
/// ([`as_written`]: only control characters and bytes that are not UTF-8
/// escaped) without its `\n` or `\r\n` and cut after [`LINE_CUT`] bytes;
/// a note says how many more lines there were.
pub fn first_lines(text: &[u8], count: usize, indent: &str) -> String {
    let mut shown = String::new();
    let mut all = lines(text);
    for line in all.by_ref().take(count) {
        let line = line
            .strip_suffix(b"\r\n")
            .or_else(|| line.strip_suffix(b"\n"))
            .unwrap_or(line);
        let _ = writeln!(shown, "{indent}| {}", cut(line, 0, Shown::AsWritten));
    }
    let more = all.count();
    if more > 0 {
        let _ = writeln!(shown, "{indent}({more} more lines)");
    }
    shown
}

/// "12.34 ms".
pub fn milliseconds(duration: Duration) -> String {
    format!("{:.2} ms", duration.as_secs_f64() * 1e3)
}

/// "1.8 MiB".
pub fn mebibytes(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_with(elapsed_ms: u64, peak_mib: Option<u64>, ending: Ending, stdout: &[u8]) -> Run {
        Run {
            elapsed: Duration::from_millis(elapsed_ms),
            peak_memory: peak_mib.map(|mib| mib << 20),
            ending,
            stdout: stdout.to_vec(),
            stderr: b"boom\n".to_vec(),
            ..Run::default()
        }
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_millis(1000),
        memory: 64 << 20,
        ..crate::rules::DEFAULT_LIMITS
    };

    #[test]
    fn time_then_memory_then_exit_then_output_decide() {
        let ok = Ending::Exited(0);
        let judge = |run: Run| judge_run(&run, b"1\n", LIMITS).0;
        assert_eq!(judge(run_with(5, Some(2), ok, b"1\n")), Verdict::Ac);
        assert_eq!(judge(run_with(5, None, ok, b"1\n")), Verdict::Ac);
        assert_eq!(judge(run_with(5, Some(2), ok, b"2\n")), Verdict::Wa);
        assert_eq!(judge(run_with(5, Some(2), ok, b"1 \n")), Verdict::Pe);
        assert_eq!(
            judge(run_with(5, Some(2), Ending::Exited(1), b"1\n")),
            Verdict::Re
        );
        assert_eq!(
            judge(run_with(5, Some(2), Ending::Signal(9), b"1\n")),
            Verdict::Re
        );
        // A signal after running out of memory or time is that limit's verdict.
        assert_eq!(
            judge(run_with(5, Some(65), Ending::Signal(9), b"")),
            Verdict::Mle
        );
        assert_eq!(
            judge(run_with(1001, Some(2), Ending::Signal(9), b"")),
            Verdict::Tle
        );
        // Right answers do not excuse a limit.
        assert_eq!(judge(run_with(1001, Some(2), ok, b"1\n")), Verdict::Tle);
        assert_eq!(judge(run_with(5, Some(65), ok, b"1\n")), Verdict::Mle);
        let mut killed = run_with(3, Some(2), Ending::Signal(9), b"");
        killed.killed_for_time = true;
        assert_eq!(judge(killed), Verdict::Tle);
    }

    #[test]
    fn runtime_errors_show_the_ending_and_stderr() {
        let run = run_with(5, Some(2), Ending::Exited(101), b"");
        let (_, detail) = judge_run(&run, b"1\n", LIMITS);
        assert_eq!(detail, "exit status 101; stderr:\n  | boom\n");
    }

    #[test]
    fn a_kill_for_memory_or_output_is_its_verdict_whatever_the_ending() {
        let judge = |run: Run| judge_run(&run, b"1\n", LIMITS);
        let mut killed = run_with(5, Some(70), Ending::Signal(9), b"");
        killed.killed_for_memory = true;
        let (verdict, detail) = judge(killed);
        assert_eq!(verdict, Verdict::Mle);
        assert_eq!(
            detail,
            format!(
                "killed with {} memory at 70.0 MiB, over the limit of 64.0 MiB\n",
                run::MEASURED_MEMORY
            )
        );
        let mut flooded = run_with(5, Some(2), Ending::Signal(9), &[b'y'; 1 << 20]);
        flooded.output_over_limit = true;
        let (verdict, detail) = judge(flooded);
        assert_eq!(verdict, Verdict::Ole);
        assert_eq!(
            detail,
            "killed after writing more than the output limit of 1.0 MiB\n"
        );
        // Time still comes first.
        let mut both = run_with(1500, Some(2), Ending::Signal(9), b"");
        both.killed_for_time = true;
        both.output_over_limit = true;
        assert_eq!(judge(both).0, Verdict::Tle);
    }

    #[test]
    fn an_allocation_that_failed_is_mle_and_other_failures_re() {
        let judge = |stderr: &[u8], ending| {
            let mut run = run_with(5, Some(2), ending, b"");
            run.stderr = stderr.to_vec();
            judge_run(&run, b"1\n", LIMITS)
        };
        let (verdict, detail) = judge(
            b"memory allocation of 4294967296 bytes failed\n",
            Ending::Signal(6),
        );
        assert_eq!(verdict, Verdict::Mle);
        // What was measured, not a cap it may never have reached.
        assert!(
            detail.contains(&format!(
                "at a measured peak of 2.0 MiB {}, under the limit of 64.0 MiB",
                run::MEASURED_MEMORY
            )),
            "{detail}"
        );
        let capped = cfg!(windows)
            || !cfg!(any(
                target_os = "linux",
                target_os = "android",
                target_vendor = "apple"
            ));
        assert_eq!(detail.contains("capped at 384.0 MiB"), capped, "{detail}");
        assert!(detail.contains("| memory allocation of"), "{detail}");
        assert_eq!(
            judge(
                b"terminate called after throwing an instance of 'std::bad_alloc'\n",
                Ending::Signal(6)
            )
            .0,
            Verdict::Mle
        );
        assert_eq!(
            judge(b"index out of bounds\n", Ending::Exited(101)).0,
            Verdict::Re
        );
        // A clean exit is judged on its output, whatever it printed.
        assert_eq!(
            judge(b"memory allocation of 1 bytes failed\n", Ending::Exited(0)).0,
            Verdict::Wa
        );
    }

    #[test]
    fn a_difference_report_is_bounded_whatever_the_output() {
        // A million-byte line that differs near its middle, among many lines.
        let mut expected = Vec::new();
        for _ in 0..1000 {
            expected.extend_from_slice(b"same\n");
        }
        let mut actual = expected.clone();
        let long = vec![b'a'; 1_000_000];
        let mut other = long.clone();
        other[500_000] = b'b';
        expected.extend_from_slice(&long);
        actual.extend_from_slice(&other);
        for _ in 0..100_000 {
            expected.extend_from_slice(b"x\n");
            actual.extend_from_slice(b"y\n");
        }
        let shown = show_difference(&expected, &actual, 3);
        assert!(shown.lines().count() <= 3 + 2 * 7 + 2, "{shown}");
        assert!(shown.lines().all(|line| line.len() < 300), "{shown}");
        assert!(shown.contains("first difference at line 1001"), "{shown}");
        // The differing line is shown around its difference, with notes.
        assert!(shown.contains(">1001 | (499900 bytes cut) aaa"), "{shown}");
        assert!(shown.contains("ab"), "{shown}");
        assert!(shown.contains("more bytes cut)"), "{shown}");
        let stderr = first_lines(&long, 10, "");
        assert_eq!(
            stderr.len(),
            2 + LINE_CUT + " (999800 more bytes cut)\n".len()
        );
    }

    #[test]
    fn names_are_printable() {
        assert_eq!(printable(b"a b\x1b[31m\xff\n"), "a b^[[31m\\xFF^J");
        assert_eq!(printable("é$".as_bytes()), "é$");
    }

    #[test]
    fn equal_outputs_are_accepted() {
        assert_eq!(compare(b"1\n2\n", b"1\n2\n"), Verdict::Ac);
        assert_eq!(compare(b"", b""), Verdict::Ac);
    }

    #[test]
    fn a_missing_final_newline_is_accepted_on_either_side() {
        assert_eq!(compare(b"1\n2\n", b"1\n2"), Verdict::Ac);
        assert_eq!(compare(b"1\n2", b"1\n2\n"), Verdict::Ac);
    }

    #[test]
    fn a_cr_before_a_lf_is_a_line_end_on_either_side() {
        for (expected, actual) in [
            (&b"1\n2\n"[..], &b"1\r\n2\r\n"[..]),
            (b"1\r\n2\r\n", b"1\n2\n"),
            (b"1\r\n2\r\n", b"1\n2"),
            (b"1\n2", b"1\r\n2\r\n"),
            (b"1\r\n2\n", b"1\n2\r\n"),
            (b"\r\n", b"\n"),
            (b"1 2\r\n", b"1 2"),
        ] {
            assert_eq!(compare(expected, actual), Verdict::Ac, "{actual:?}");
            assert_eq!(compare(actual, expected), Verdict::Ac, "{actual:?}");
        }
        // Any other CR is whitespace that differs.
        for (expected, actual) in [
            (&b"1\n2\n"[..], &b"1\r\r\n2\n"[..]),
            (b"1\n2\n", b"1\r2\n"),
            (b"1\n2", b"1\n2\r"),
            (b"1\n2\n", b"1\n\r\n2\n"),
            (b"1\r\n2\r\n", b"1\n2\n\n"),
        ] {
            assert_eq!(compare(expected, actual), Verdict::Pe, "{actual:?}");
        }
        assert_eq!(compare(b"1\r\n2\r\n", b"1\n3\n"), Verdict::Wa);
    }

    #[test]
    fn whitespace_differences_are_presentation_errors() {
        for actual in [
            &b"1\n2\n\n"[..],
            b"1 2\n",
            b"1\r2\r\n",
            b" 1\n2\n",
            b"1\t\n2\n",
            b"\n1\n2\n",
            b"1\n\n2\n",
        ] {
            assert_eq!(compare(b"1\n2\n", actual), Verdict::Pe, "{actual:?}");
        }
    }

    #[test]
    fn different_words_are_wrong_answers() {
        for actual in [
            &b"1\n3\n"[..],
            b"1\n",
            b"1\n2\n3\n",
            b"",
            b"12\n",
            b"1\n2\0\n",
        ] {
            assert_eq!(compare(b"1\n2\n", actual), Verdict::Wa, "{actual:?}");
        }
        // Case matters: Impossible is not impossible.
        assert_eq!(compare(b"Impossible\n", b"impossible\n"), Verdict::Wa);
        // An empty answer where one is expected is never whitespace only.
        assert_eq!(compare(b"0\n", b"\n"), Verdict::Wa);
    }

    #[test]
    fn first_different_line_counts_line_breaks() {
        assert_eq!(first_different_line(b"a\nb\n", b"a\nb\n"), None);
        assert_eq!(first_different_line(b"a\nb\n", b"a\nc\n"), Some(2));
        assert_eq!(first_different_line(b"a\nb\n", b"a\nb"), Some(2));
        assert_eq!(first_different_line(b"a\nb\n", b"a\n"), Some(2));
        assert_eq!(first_different_line(b"a\n", b"a\nb\n"), Some(2));
        assert_eq!(first_different_line(b"", b"x"), Some(1));
    }

    #[test]
    fn whitespace_and_controls_are_made_visible() {
        assert_eq!(visible(b"a b\tc\r\n"), "a·b^Ic^M$");
        assert_eq!(visible(b"\x00\x1b[31m\x7f"), "^@^[[31m^?");
        assert_eq!(visible(b"\xff\xfeok"), "\\xFF\\xFEok");
        assert_eq!(
            visible("\u{feff}x\u{202e}".as_bytes()),
            "\\u{feff}x\\u{202e}"
        );
        assert_eq!(
            visible("é·$^\\".as_bytes()),
            "é\\u{b7}\\u{24}\\u{5e}\\u{5c}"
        );
        // A truncated multi-byte character at the end is shown byte by byte.
        assert_eq!(visible(&"é".as_bytes()[..1]), "\\xC3");
    }

    #[test]
    fn a_difference_is_shown_with_its_context() {
        let shown = show_difference(b"1\n2\n3\n4\n5\n6\n", b"1\n2\n3\n4 \n5\n6\n", 1);
        assert!(shown.starts_with("first difference at line 4;"), "{shown}");
        assert!(
            shown.contains("expected:\n      3 | 3$\n  >   4 | 4$\n      5 | 5$\n"),
            "{shown}"
        );
        assert!(
            shown.contains("actual:\n      3 | 3$\n  >   4 | 4·$\n      5 | 5$\n"),
            "{shown}"
        );
        assert!(!shown.contains("| 2$"), "context is one line: {shown}");
    }

    #[test]
    fn a_short_or_unterminated_output_says_so() {
        let shown = show_difference(b"1\n2\n", b"1", 3);
        assert!(shown.contains("actual:\n  >   1 | 1\n"), "{shown}");
        assert!(shown.contains("(no newline at the end)"), "{shown}");
        let shown = show_difference(b"1\n2\n", b"1\n", 3);
        assert!(shown.contains("  >   2 | (ends after line 1)"), "{shown}");
        let shown = show_difference(b"1\n", b"", 3);
        assert!(
            shown.contains("actual:\n      (no output at all)"),
            "{shown}"
        );
    }

    /// `count` bytes `a`.
    fn a_s(count: usize) -> String {
        "a".repeat(count)
    }

    #[test]
    fn a_line_is_cut_only_past_the_cut() {
        // Just under, at and just over the cut, from its start.
        for length in [LINE_CUT - 1, LINE_CUT] {
            assert_eq!(cut(a_s(length).as_bytes(), 0, Shown::Visible), a_s(length));
        }
        let over = a_s(LINE_CUT + 1);
        assert_eq!(
            cut(over.as_bytes(), 0, Shown::Visible),
            a_s(LINE_CUT) + " (1 more bytes cut)"
        );
        // From inside the line: what is left is measured from there.
        let line = a_s(150);
        assert_eq!(
            cut(line.as_bytes(), 100, Shown::Visible),
            "(100 bytes cut) ".to_string() + &a_s(50)
        );
        let line = a_s(100 + LINE_CUT);
        assert_eq!(
            cut(line.as_bytes(), 100, Shown::Visible),
            "(100 bytes cut) ".to_string() + &a_s(LINE_CUT)
        );
        let line = a_s(101 + LINE_CUT);
        assert_eq!(
            cut(line.as_bytes(), 100, Shown::Visible),
            "(100 bytes cut) ".to_string() + &a_s(LINE_CUT) + " (1 more bytes cut)"
        );
        // A start past the end shows nothing of the line.
        assert_eq!(cut(b"ab", 5, Shown::Visible), "(2 bytes cut) ");
    }

    #[test]
    fn the_window_is_centred_on_the_difference() {
        let mut text = a_s(1000).into_bytes();
        text[500] = b'b';
        let shown = visible_cut(&text, 500);
        let expected = format!(
            "(400 bytes cut) {}b{} (400 more bytes cut)",
            a_s(100),
            a_s(99)
        );
        assert_eq!(shown, expected);
        // Near the start, the window starts at the line's start.
        let shown = visible_cut(&text, 60);
        assert_eq!(shown, a_s(LINE_CUT) + " (800 more bytes cut)");
        let shown = visible_cut(&text, LINE_CUT / 2);
        assert_eq!(shown, a_s(LINE_CUT) + " (800 more bytes cut)");
        let shown = visible_cut(&text, LINE_CUT / 2 + 1);
        assert!(shown.starts_with("(1 bytes cut) "), "{shown}");
    }

    #[test]
    fn a_cut_never_splits_a_character() {
        // A four-byte character straddling the end of the cut, at each of
        // its bytes: it is left out whole.
        let clef = "\u{1D11E}";
        for before in LINE_CUT - 3..LINE_CUT {
            let line = a_s(before) + clef + "bb";
            let shown = cut(line.as_bytes(), 0, Shown::Visible);
            assert_eq!(
                shown,
                format!("{} ({} more bytes cut)", a_s(before), line.len() - before),
                "{before}"
            );
        }
        // Just inside: it is shown whole.
        let line = a_s(LINE_CUT - 4) + clef + "bb";
        assert_eq!(
            cut(line.as_bytes(), 0, Shown::Visible),
            format!("{}{clef} (2 more bytes cut)", a_s(LINE_CUT - 4))
        );
        // Straddling the start of the cut, at each of its bytes: it is
        // shown whole, the cut moved back to where it starts.
        for offset in 1..4 {
            let line = a_s(10) + clef + "bb";
            assert_eq!(
                cut(line.as_bytes(), 10 + offset, Shown::Visible),
                format!("(10 bytes cut) {clef}bb"),
                "{offset}"
            );
        }
        // Two-byte and three-byte characters too.
        let line = a_s(LINE_CUT - 1) + "é";
        assert_eq!(
            cut(line.as_bytes(), 0, Shown::Visible),
            a_s(LINE_CUT - 1) + " (2 more bytes cut)"
        );
        let line = a_s(LINE_CUT - 2) + "€";
        assert_eq!(
            cut(line.as_bytes(), 0, Shown::Visible),
            a_s(LINE_CUT - 2) + " (3 more bytes cut)"
        );
    }

    #[test]
    fn char_start_steps_back_over_three_continuation_bytes_at_most() {
        let clef = "x\u{1D11E}y".as_bytes();
        assert_eq!(char_start(clef, 0), 0);
        assert_eq!(char_start(clef, 1), 1);
        for index in 2..5 {
            assert_eq!(char_start(clef, index), 1, "{index}");
        }
        assert_eq!(char_start(clef, 5), 5);
        // At the end and past it, nothing to step over.
        assert_eq!(char_start(clef, 6), 6);
        assert_eq!(char_start(b"\x80", 1), 1);
        // Bytes that are not UTF-8: never more than three back.
        let stray = [b'a', 0x80, 0x80, 0x80, 0x80, 0x80];
        assert_eq!(char_start(&stray, 4), 1);
        assert_eq!(char_start(&stray, 5), 2);
        assert_eq!(char_start(&stray, 3), 0);
        assert_eq!(char_start(&[0x80, 0x80], 1), 0);
    }

    #[test]
    fn the_legend_says_how_the_texts_own_markers_are_shown_only_when_it_has_one() {
        let legend = "(the text's own $ ^ \\ · as \\u{24} \\u{5e} \\u{5c} \\u{b7}):";
        for (expected, actual) in [
            (&b"$5\n"[..], &b"$6\n"[..]),
            (b"1\n", b"^\n"),
            (b"a\\b\n", b"ab\n"),
            ("x·y\n".as_bytes(), b"x y\n"),
        ] {
            let shown = show_difference(expected, actual, 3);
            assert!(shown.lines().next().unwrap().ends_with(legend), "{shown}");
        }
        let shown = show_difference(b"$5\n", b"$6\n", 3);
        assert!(shown.contains("\\u{24}6$"), "{shown}");
        let shown = show_difference(b"5\n", b"6\n", 3);
        assert!(!shown.contains("text's own"), "{shown}");
    }

    #[test]
    fn each_note_of_a_difference_is_there_only_when_it_is_true() {
        // Both texts end with a line break and are as long: no note.
        let shown = show_difference(b"1\n2\n", b"1\n3\n", 3);
        assert_eq!(
            shown,
            "first difference at line 2; whitespace shown as · space, ^I tab, \
             ^M carriage return, $ end of line:\n\
             expected:\n      1 | 1$\n  >   2 | 2$\n\
             actual:\n      1 | 1$\n  >   2 | 3$\n"
        );
        // Each note said once, on the side it is true of, and the other
        // note not at all.
        let said_once = |expected: &[u8], actual: &[u8], note: &str, not: &str, lines: &str| {
            let shown = show_difference(expected, actual, 3);
            assert_eq!(shown.matches(note).count(), 1, "{shown}");
            assert!(!shown.contains(not), "{shown}");
            assert!(shown.contains(lines), "{shown}");
        };
        let ends = "(ends after line 1)";
        let unterminated = "(no newline at the end)";
        said_once(
            b"1\n2\n",
            b"1\n",
            ends,
            unterminated,
            "actual:\n      1 | 1$\n  >   2 | (ends after line 1)\n",
        );
        said_once(
            b"1\n",
            b"1\n2\n",
            ends,
            unterminated,
            "expected:\n      1 | 1$\n  >   2 | (ends after line 1)\nactual:",
        );
        said_once(
            b"1\n2\n",
            b"1\n3",
            unterminated,
            ends,
            "actual:\n      1 | 1$\n  >   2 | 3\n        (no newline at the end)\n",
        );
        // The context: lines before the first shown are left out, and the
        // lines after it up to `context`.
        let shown = show_difference(b"1\n2\n3\n4\n5\n6\n", b"1\n2\n3\nx\n5\n6\n", 2);
        assert!(
            shown.contains("expected:\n      2 | 2$\n      3 | 3$\n  >   4 | 4$\n      5 | 5$\n      6 | 6$\nactual:"),
            "{shown}"
        );
        let shown = show_difference(b"1\n2\n", b"3\n2\n", 1);
        assert!(
            shown.contains("expected:\n  >   1 | 1$\n      2 | 2$\nactual:"),
            "{shown}"
        );
    }

    #[test]
    fn messages_are_shown_as_written() {
        // testlib's `expected: '$5'`, a regex, a Windows path, a traceback.
        assert_eq!(
            first_lines(b"expected: '$5', found: '^a+$' in C:\\x\\y\n", 3, ""),
            "| expected: '$5', found: '^a+$' in C:\\x\\y\n"
        );
        assert_eq!(
            first_lines("caf\u{e9} \u{b7} \u{4e2d}\n".as_bytes(), 3, ""),
            "| caf\u{e9} \u{b7} \u{4e2d}\n"
        );
        // Control characters and bytes that are not UTF-8 are still
        // escaped; a CR before the LF is the line's end.
        assert_eq!(
            first_lines(b"a\tb\x1b[31m\xff\r\nc\rd\n", 3, ""),
            "| a^Ib^[[31m\\xFF\n| c^Md\n"
        );
    }

    #[test]
    fn first_lines_are_cut_and_counted() {
        assert_eq!(
            first_lines(b"a b\nc\x1b\r\nd\n", 2, "  "),
            "  | a b\n  | c^[\n  (1 more lines)\n"
        );
        assert_eq!(first_lines(b"", 2, "  "), "");
    }

    #[test]
    fn an_allocation_that_failed_with_no_peak_measured_says_so() {
        let mut run = run_with(5, None, Ending::Exited(1), b"");
        run.stderr =
            b"Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n".to_vec();
        let (verdict, detail) = judge_run(&run, b"1\n", LIMITS);
        assert_eq!(verdict, Verdict::Mle);
        // Windows goes on to name the Job's cap on each process's commit.
        assert!(
            detail.starts_with(
                "exit status 1; an allocation failed, its stderr says, its peak not measured, \
                 the limit 64.0 MiB"
            ),
            "{detail}"
        );
        assert!(!detail.contains("at the cap"), "{detail}");
    }

    #[test]
    fn a_failure_that_wrote_only_to_stdout_shows_stdout() {
        // A JVM that cannot start writes its report on stdout.
        let stdout = b"#\n# A fatal error has been detected by the Java Runtime Environment:\n";
        let mut run = run_with(5, Some(2), Ending::Exited(1), stdout);
        run.stderr.clear();
        let (verdict, detail) = judge_run(&run, b"1\n", LIMITS);
        assert_eq!(verdict, Verdict::Re);
        assert_eq!(
            detail,
            "exit status 1; nothing on stderr; stdout:\n  | #\n  | # A fatal error has been \
             detected by the Java Runtime Environment:\n"
        );
        let mut run = run_with(5, Some(2), Ending::Exited(1), b"");
        run.stderr.clear();
        assert_eq!(
            judge_run(&run, b"1\n", LIMITS).1,
            "exit status 1; nothing on stderr\n"
        );
    }

    #[test]
    fn a_kill_for_memory_never_shows_a_peak_under_the_limit_as_over_it() {
        let mut run = run_with(5, Some(63), Ending::Signal(9), b"");
        run.killed_for_memory = true;
        let (verdict, detail) = judge_run(&run, b"1\n", LIMITS);
        assert_eq!(verdict, Verdict::Mle);
        assert_eq!(
            detail,
            format!(
                "killed with {} memory over the limit of 64.0 MiB (its peak as recorded: \
                 63.0 MiB)\n",
                run::MEASURED_MEMORY
            )
        );
        run.peak_memory = None;
        let (verdict, detail) = judge_run(&run, b"1\n", LIMITS);
        assert_eq!(verdict, Verdict::Mle);
        assert_eq!(
            detail,
            format!(
                "killed with {} memory over the limit of 64.0 MiB (its peak not recorded)\n",
                run::MEASURED_MEMORY
            )
        );
    }

    #[test]
    fn the_clock_decides_tle_by_cpu_time_with_a_wall_cap_or_by_wall_time() {
        use crate::rules::{Clock, WallCap};
        let cpu_rule = LIMITS;
        let wall_rule = Limits {
            clock: Clock::Wall,
            ..LIMITS
        };
        let domjudge = Limits {
            clock: Clock::Cpu(WallCap::Overshoot),
            ..LIMITS
        };
        // (limits, CPU ms, wall ms, TLE)
        for (limits, cpu, wall, tle) in [
            // A busy loop on a busy machine: AC by CPU, TLE by wall.
            (cpu_rule, Some(600), 1500, false),
            (wall_rule, Some(600), 1500, true),
            // Two threads of 700 ms each: TLE by CPU, AC by wall.
            (cpu_rule, Some(1400), 700, true),
            (wall_rule, Some(1400), 700, false),
            // A sleeper: TLE past the cap, not before.
            (cpu_rule, Some(1), 1999, false),
            (cpu_rule, Some(1), 2001, true),
            (domjudge, Some(1), 1999, false),
            (domjudge, Some(1), 2001, true),
            // At the limit is within it.
            (cpu_rule, Some(1000), 1000, false),
            // CPU time not measured: wall time decides.
            (cpu_rule, None, 1001, true),
            (cpu_rule, None, 999, false),
        ] {
            let run = Run {
                cpu: cpu.map(Duration::from_millis),
                ..run_with(wall, Some(1), Ending::Exited(0), b"1\n")
            };
            let (verdict, detail) = judge_run(&run, b"1\n", limits);
            assert_eq!(
                verdict == Verdict::Tle,
                tle,
                "{limits:?} {cpu:?} {wall}: {detail}"
            );
            let decided = deciding_time(&run, limits);
            let expected = match (limits.clock, cpu) {
                (Clock::Cpu(_), Some(cpu)) => Duration::from_millis(cpu),
                _ => Duration::from_millis(wall),
            };
            assert_eq!(decided, expected);
        }
        let run = Run {
            cpu: Some(Duration::from_millis(1400)),
            ..run_with(700, Some(1), Ending::Exited(0), b"1\n")
        };
        assert_eq!(
            judge_run(&run, b"1\n", cpu_rule).1,
            "ran 1400.00 ms of CPU time (700.00 ms wall), over the time limit of 1000.00 ms\n"
        );
        assert_eq!(
            LIMITS.kill_points(),
            (
                Duration::from_millis(2000),
                Some(Duration::from_millis(1500))
            )
        );
        assert_eq!(wall_rule.kill_points(), (Duration::from_millis(1500), None));
    }

    #[test]
    fn exact_and_lines_hold_whitespace_as_written_in_the_help() {
        // (expected, actual, exact, lines)
        for (expected, actual, exact, lines) in [
            (&b"1 2\n"[..], &b"1 2\n"[..], Verdict::Ac, Verdict::Ac),
            (b"1 2\n", b"1 2", Verdict::Ac, Verdict::Ac),
            (b"1 2\n", b"1 2\r\n", Verdict::Ac, Verdict::Ac),
            // A trailing space: PE exactly, AC on Luogu.
            (b"1 2\n", b"1 2 \n", Verdict::Pe, Verdict::Ac),
            (b"1 2\n", b"1 2  \r\n", Verdict::Pe, Verdict::Ac),
            (b"1 2\n", b"1 2\t\n", Verdict::Pe, Verdict::Wa),
            // Blank lines at the end.
            (b"1 2\n", b"1 2\n\n\n", Verdict::Pe, Verdict::Ac),
            (b"1 2\n", b"1 2\n \n", Verdict::Pe, Verdict::Ac),
            // Other whitespace: PE exactly, WA on Luogu.
            (b"1 2\n", b"1  2\n", Verdict::Pe, Verdict::Wa),
            (b"1 2\n", b" 1 2\n", Verdict::Pe, Verdict::Wa),
            (b"1 2\n", b"1\n2\n", Verdict::Pe, Verdict::Wa),
            (b"1\n2\n", b"1\n\n2\n", Verdict::Pe, Verdict::Wa),
            // C's isspace: a vertical tab and a form feed are whitespace.
            (b"1 2\n", b"1\x0b2\n", Verdict::Pe, Verdict::Wa),
            (b"1 2\n", b"1\x0c2\n", Verdict::Pe, Verdict::Wa),
            (b"1 2\n", b"1 2\x0b\n", Verdict::Pe, Verdict::Wa),
            // A byte-order mark is not whitespace.
            (b"1 2\n", b"\xef\xbb\xbf1 2\n", Verdict::Wa, Verdict::Wa),
            (b"1 2\n", b"1 3\n", Verdict::Wa, Verdict::Wa),
        ] {
            let shown = (printable(expected), printable(actual));
            assert_eq!(compare(expected, actual), exact, "exact {shown:?}");
            assert_eq!(compare_lines(expected, actual), lines, "lines {shown:?}");
        }
    }
}
