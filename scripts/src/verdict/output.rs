//! The verdicts, and the three an output alone decides: AC, PE or WA by
//! the exact comparison with the expected output (AC or WA by Luogu's
//! lines); where the two first differ, and the bounded report of it.

use super::show::{cut, lines, Shown, LINE_CUT};
use std::fmt;
use std::fmt::Write as _;

/// Lines of context shown around the first difference by [`judge_output`].
pub const CONTEXT_LINES: usize = 3;

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
    /// Idleness limit exceeded: Codeforces' name for a run stopped by the
    /// wall-time cap with its CPU time under the limit (the `codeforces`
    /// profile alone).
    Ile,
    /// Memory limit exceeded.
    Mle,
    /// Output limit exceeded.
    Ole,
    /// Neither accepted nor over the time limit: under a CPU rule, the
    /// run was stopped at the bound every run keeps whatever it waited for
    /// a CPU, with its CPU time under the limit and its wall time less
    /// its wait under the cap. The machine did not give it the CPU to
    /// decide; `--repeat` or a quieter machine will.
    Undecided,
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
            Verdict::Ile => "ILE",
            Verdict::Mle => "MLE",
            Verdict::Ole => "OLE",
            Verdict::Undecided => "UNDEC",
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

/// AC or WA by Luogu's rule, "评测忽略行末空格与文尾回车" (the judge
/// ignores spaces at the ends of lines and line breaks at the end of the
/// text: luogu-dev/docs, docs/manual/luogu/problem/index.md): each line
/// with the spaces at its end taken off, and the blank lines at the end of
/// the text, are compared; no PE. A tab is not a space there: it counts.
/// A CR just before a line's end is taken off the answer (Luogu's data has
/// LF line ends, `testcase-format.md`: a CR there is a Windows checkout's)
/// and off the output too, with [`CR_DOUBT`] said: the manual does not say
/// whether Luogu ignores one the program writes.
#[cfg(test)]
pub fn compare_lines(expected: &[u8], actual: &[u8]) -> Verdict {
    judge_trimmed(expected, actual).0
}

/// What an AC by Luogu's rule says when it took a CR off the output.
pub const CR_DOUBT: &str = "AC, with a doubt: the output ends lines with CR LF; Luogu's manual \
                            says its judge ignores spaces at line ends and line breaks at the \
                            end, and does not say whether it ignores a CR";

/// AC when the lines are equal once their ends are trimmed: with no note
/// where the output needed no CR taken off, else with [`CR_DOUBT`]; WA
/// otherwise.
fn judge_trimmed(expected: &[u8], actual: &[u8]) -> (Verdict, Option<&'static str>) {
    if trimmed_lines(expected, true).eq(trimmed_lines(actual, false)) {
        (Verdict::Ac, None)
    } else if trimmed_lines(expected, true).eq(trimmed_lines(actual, true)) {
        (Verdict::Ac, Some(CR_DOUBT))
    } else {
        (Verdict::Wa, None)
    }
}

/// The lines of `text` without the spaces at their ends (and, with
/// `cr`, a CR at the very end of a line, before those spaces are taken),
/// the blank lines at its end left out.
fn trimmed_lines(text: &[u8], cr: bool) -> impl Iterator<Item = &[u8]> {
    let trim = move |line: &[u8]| -> usize {
        let line = match line.strip_suffix(b"\r") {
            Some(shorter) if cr => shorter,
            _ => line,
        };
        line.iter()
            .rposition(|&byte| byte != b' ')
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

/// [`compare_lines`], with the difference shown under a WA, and the doubt
/// under an AC that took a CR off the output.
pub fn judge_lines(expected: &[u8], actual: &[u8]) -> (Verdict, String) {
    match judge_trimmed(expected, actual) {
        (Verdict::Ac, None) => (Verdict::Ac, String::new()),
        (Verdict::Ac, Some(doubt)) => (Verdict::Ac, format!("{doubt}\n")),
        (verdict, _) => (verdict, show_difference(expected, actual, CONTEXT_LINES)),
    }
}

/// What an AC by AtCoder's rule says when only spaces at line ends, or
/// blank lines at the end, differ.
pub const ATCODER_TRAILING: &str =
    "AC, with a doubt: only spaces at the ends of lines, or blank lines at the end, differ; \
     AtCoder's users report such output accepted on its recent problems (an accepted \
     submission to abc368_a, 2024: atcoder-tools issue #300; online-judge-tools PR #702, \
     2020, whose maintainer adds that old problems may not accept it)";

/// What a PE under AtCoder's rule says: AtCoder has no such verdict.
pub const ATCODER_NO_PE: &str =
    "AtCoder has no PE (its glossary's statuses: AC, WA, TLE, MLE, RE, CE, OLE, IE): \
     whether it takes this output, which differs only in whitespace, it does not document";

/// AtCoder's rule as its users report it: the exact comparison, but an
/// output whose lines differ from the answer's only by spaces at their
/// ends, or by blank lines at the end, is AC with [`ATCODER_TRAILING`]
/// said; a PE says [`ATCODER_NO_PE`].
pub fn judge_atcoder(expected: &[u8], actual: &[u8]) -> (Verdict, String) {
    let (verdict, detail) = judge_output(expected, actual);
    match verdict {
        Verdict::Ac => (verdict, detail),
        _ if trimmed_lines(expected, true).eq(trimmed_lines(actual, true)) => {
            (Verdict::Ac, format!("{ATCODER_TRAILING}\n"))
        }
        Verdict::Pe => (verdict, format!("{detail}{ATCODER_NO_PE}\n")),
        _ => (verdict, detail),
    }
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

/// Lines around the first difference of `expected` and `actual`, each side
/// shown with [`visible`](super::show::visible) and numbered, the
/// differing line marked with `>`. Unindented: where it sits is the
/// report's business. The report is bounded whatever the texts: at most
/// `2 × context + 1` lines a side, each cut after [`LINE_CUT`] bytes (the
/// differing line around its first differing byte) with a note of what
/// was left out.
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

#[cfg(test)]
mod tests {
    use super::super::show::{first_lines, printable};
    use super::*;

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

    #[test]
    fn a_cr_luogu_does_not_document_is_ac_with_the_doubt_said() {
        // (expected, actual, the doubt said)
        for (expected, actual, doubt) in [
            (&b"1 2\n"[..], &b"1 2\n"[..], false),
            (b"1 2\n", b"1 2 \n", false),
            // A Windows checkout's answer: Luogu's data is LF.
            (b"1 2\r\n", b"1 2\n", false),
            (b"1 2\n", b"1 2\r\n", true),
            (b"1 2\n", b"1 2 \r\n", true),
            (b"1\n2\n", b"1\r\n2", true),
        ] {
            let (verdict, detail) = judge_lines(expected, actual);
            let shown = printable(actual);
            assert_eq!(verdict, Verdict::Ac, "{shown}");
            assert_eq!(detail.contains(CR_DOUBT), doubt, "{shown}: {detail}");
        }
        // A CR elsewhere in a line, or after its spaces, is a byte.
        for actual in [&b"1\r2\n"[..], b"1 2\r \n", b"1 2\r\r\n"] {
            assert_eq!(judge_lines(b"1 2\n", actual).0, Verdict::Wa);
        }
    }

    #[test]
    fn atcoder_takes_trailing_spaces_with_the_doubt_said_and_has_no_pe() {
        let (verdict, detail) = judge_atcoder(b"3 4 5 1 2\n", b"3 4 5 1 2 \n");
        assert_eq!(verdict, Verdict::Ac);
        assert!(detail.contains("atcoder-tools issue #300"), "{detail}");
        assert!(detail.contains("old problems may not"), "{detail}");
        let (verdict, detail) = judge_atcoder(b"1\n", b"1\n\n\n");
        assert_eq!(
            (verdict, detail.contains("AC, with a doubt")),
            (Verdict::Ac, true)
        );
        // Equal: AC with nothing to say.
        assert_eq!(judge_atcoder(b"1\n", b"1\n"), (Verdict::Ac, String::new()));
        // Other whitespace: PE, saying AtCoder has none; a tab at a line's
        // end is not a space.
        for actual in [&b"1  2\n"[..], b"1 2\t\n", b" 1 2\n"] {
            let (verdict, detail) = judge_atcoder(b"1 2\n", actual);
            assert_eq!(verdict, Verdict::Pe, "{}", printable(actual));
            assert!(detail.contains(ATCODER_NO_PE), "{detail}");
        }
        assert_eq!(judge_atcoder(b"1 2\n", b"1 3 \n").0, Verdict::Wa);
    }
}
