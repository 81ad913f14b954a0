//! Text as a report shows it: an output with its whitespace made visible,
//! a message as it was written, a long line cut around a point without
//! splitting a character; times and sizes.

use std::fmt::Write as _;
use std::time::Duration;

/// A shown line is cut after this many bytes, with a note of how many more
/// there were; the differing line is shown around its first difference.
pub const LINE_CUT: usize = 200;

/// The lines of `text`, each with its `\n` if it has one.
pub(super) fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split_inclusive(|&byte| byte == b'\n')
}

/// How a cut line is escaped.
#[derive(Clone, Copy)]
pub(super) enum Shown {
    /// As [`visible`] shows it: output to compare.
    Visible,
    /// As [`as_written`] shows it: a message to read.
    AsWritten,
}

/// At most [`LINE_CUT`] bytes of `line` from about byte `from` (moved back
/// to the start of a character), escaped as `shown` says, with notes of the
/// bytes left out before and after.
pub(super) fn cut(line: &[u8], from: usize, shown_as: Shown) -> String {
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

    #[test]
    fn names_are_printable() {
        assert_eq!(printable(b"a b\x1b[31m\xff\n"), "a b^[[31m\\xFF^J");
        assert_eq!(printable("é$".as_bytes()), "é$");
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
}
