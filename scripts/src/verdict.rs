//! Verdicts, the comparison of an answer with the expected output, and the
//! report of their first difference with whitespace made visible.

use std::fmt::{self, Write as _};

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
    /// Compilation error (a bundle that does not compile as a judge does).
    Ce,
    /// The case itself is broken: an `.in` without its `.out`, or the reverse.
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
/// taken off each; PE when they hold the same words in the same order and
/// only the whitespace between them (spaces, tabs, `\r`, line breaks,
/// blank lines) differs; WA otherwise.
pub fn compare(expected: &[u8], actual: &[u8]) -> Verdict {
    if without_final_newline(expected) == without_final_newline(actual) {
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

fn words(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(u8::is_ascii_whitespace)
        .filter(|word| !word.is_empty())
}

/// The lines of `text`, each with its `\n` if it has one.
fn lines(text: &[u8]) -> Vec<&[u8]> {
    text.split_inclusive(|&byte| byte == b'\n').collect()
}

/// The 1-based number of the first line where the two texts differ
/// (a line's final `\n` counts), or `None` when they are equal.
pub fn first_different_line(expected: &[u8], actual: &[u8]) -> Option<usize> {
    if expected == actual {
        return None;
    }
    let (expected, actual) = (lines(expected), lines(actual));
    let same = expected
        .iter()
        .zip(&actual)
        .take_while(|(one, other)| one == other)
        .count();
    Some(same + 1)
}

/// Lines around the first difference of `expected` and `actual`, each side
/// shown with [`visible`] and numbered, the differing line marked with `>`.
/// Every line of the result is indented by `indent`.
pub fn show_difference(expected: &[u8], actual: &[u8], context: usize, indent: &str) -> String {
    let Some(line) = first_different_line(expected, actual) else {
        return String::new();
    };
    let first = line.saturating_sub(context).max(1);
    let last = line + context;
    let mut shown = format!(
        "{indent}first difference at line {line}; whitespace shown as \
         · space, ^I tab, ^M carriage return, $ end of line:\n"
    );
    for (name, text) in [("expected", expected), ("actual", actual)] {
        let _ = writeln!(shown, "{indent}{name}:");
        let text_lines = lines(text);
        if text_lines.is_empty() {
            let _ = writeln!(shown, "{indent}      (no output at all)");
            continue;
        }
        for (index, text_line) in text_lines.iter().enumerate() {
            let number = index + 1;
            if number < first || number > last {
                continue;
            }
            let marker = if number == line { '>' } else { ' ' };
            let _ = writeln!(
                shown,
                "{indent}  {marker}{number:>4} | {}",
                visible(text_line)
            );
        }
        if line > text_lines.len() {
            let _ = writeln!(
                shown,
                "{indent}  >{line:>4} | (ends after line {})",
                text_lines.len()
            );
        }
        if !text.ends_with(b"\n") {
            let _ = writeln!(shown, "{indent}        (no newline at the end)");
        }
    }
    shown
}

/// One line (or any text) with whitespace made visible and nothing that a
/// terminal would act on: a space is `·`, a tab `^I`, a carriage return `^M`,
/// a final line break `$`; other control characters are `^X` (C0 and DEL)
/// or `\u{..}` (other control and invisible format characters); bytes that
/// are not UTF-8 are `\xNN`; a literal `·`, `^`, `$` or `\` is escaped as
/// `\u{..}`, so every shown line reads back to exactly one text.
pub fn visible(text: &[u8]) -> String {
    escaped(text, true)
}

/// Like [`visible`] when `whitespace` is true; otherwise spaces stay
/// spaces and line breaks are dropped, for text that is read, not compared
/// (a program's stderr).
fn escaped(text: &[u8], whitespace: bool) -> String {
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
            match character {
                ' ' | '\n' if !whitespace => {
                    if character == ' ' {
                        shown.push(' ');
                    }
                }
                _ => push_visible(&mut shown, character),
            }
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

/// The first `count` lines of `text`, indented, with control characters
/// escaped as [`visible`] does but spaces left as they are; a note says how
/// many more there were.
pub fn first_lines(text: &[u8], count: usize, indent: &str) -> String {
    let all = lines(text);
    let mut shown = String::new();
    for line in all.iter().take(count) {
        let _ = writeln!(shown, "{indent}| {}", escaped(line, false));
    }
    if all.len() > count {
        let _ = writeln!(shown, "{indent}({} more lines)", all.len() - count);
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn whitespace_differences_are_presentation_errors() {
        for actual in [
            &b"1\n2\n\n"[..],
            b"1 2\n",
            b"1\r\n2\r\n",
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
        let shown = show_difference(b"1\n2\n3\n4\n5\n6\n", b"1\n2\n3\n4 \n5\n6\n", 1, "");
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
        let shown = show_difference(b"1\n2\n", b"1", 3, "");
        assert!(shown.contains("actual:\n  >   1 | 1\n"), "{shown}");
        assert!(shown.contains("(no newline at the end)"), "{shown}");
        let shown = show_difference(b"1\n2\n", b"1\n", 3, "");
        assert!(shown.contains("  >   2 | (ends after line 1)"), "{shown}");
        let shown = show_difference(b"1\n", b"", 3, "");
        assert!(
            shown.contains("actual:\n      (no output at all)"),
            "{shown}"
        );
    }

    #[test]
    fn first_lines_are_cut_and_counted() {
        assert_eq!(
            first_lines(b"a b\nc\x1b\r\nd\n", 2, "  "),
            "  | a b\n  | c^[^M\n  (1 more lines)\n"
        );
        assert_eq!(first_lines(b"", 2, "  "), "");
    }
}
