//! The tool's error: a headline that says what went wrong, and the lines
//! that show it (the end of a command's stderr, a compiler's first errors,
//! a checker's words), all unindented. Where an error sits in a report and
//! how far in is the report's business: `error: ` and the detail two
//! columns in on stderr (from `main`), a `FAILED` row
//! of the timing table, an `ERROR` or `CE` verdict with its detail under it:
//! [`Error::layout`] lays it out as each asks.

use crate::command::Failure;
use std::fmt;

/// What went wrong, with the lines that show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    headline: String,
    detail: Vec<String>,
}

impl Error {
    /// An error of one line; a text of several lines is its first line
    /// and then its detail.
    pub fn new(text: impl Into<String>) -> Error {
        let text = text.into();
        let mut lines = text.trim_end().lines();
        let headline = lines.next().unwrap_or_default().to_string();
        Error {
            headline,
            detail: lines.map(str::to_string).collect(),
        }
        .trimmed()
    }

    /// This error with `text`'s lines added to its detail; a `text` whose
    /// lines all begin with some whitespace loses what they share, so that
    /// only their indentation relative to each other stays.
    pub fn with_detail(mut self, text: &str) -> Error {
        self.detail.extend(dedented(text));
        self.trimmed()
    }

    /// This error in the words of its context: `context: headline`.
    pub fn context(mut self, context: impl fmt::Display) -> Error {
        self.headline = format!("{context}: {}", self.headline);
        self
    }

    /// The error as a report lays it out: the headline after `first` (a
    /// prefix such as `error: `, or an indentation), then each line of the
    /// detail after `rest` (blank lines stay blank); every line ends with
    /// `\n`.
    pub fn layout(&self, first: &str, rest: &str) -> String {
        format!("{first}{}\n", self.headline) + &indented(&self.detail.join("\n"), rest)
    }

    /// Without blank lines at the end of the detail.
    fn trimmed(mut self) -> Error {
        while self
            .detail
            .last()
            .is_some_and(|line| line.trim().is_empty())
        {
            self.detail.pop();
        }
        self
    }
}

/// Each line of `text` after `indent` (blank lines stay blank), each
/// ending with `\n`: a report's detail where the report wants it.
pub fn indented(text: &str, indent: &str) -> String {
    let mut shown = String::new();
    for line in text.lines() {
        if !line.is_empty() {
            shown.push_str(indent);
            shown.push_str(line);
        }
        shown.push('\n');
    }
    shown
}

/// The lines of `text` without the spaces that all its non-blank lines
/// begin with.
pub fn dedented(text: &str) -> Vec<String> {
    let spaces = |line: &str| line.len() - line.trim_start_matches(' ').len();
    let shared = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(spaces)
        .min()
        .unwrap_or(0);
    text.lines()
        .map(|line| line[spaces(line).min(shared)..].to_string())
        .collect()
}

/// The headline, then the detail on the lines below it, unindented.
impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.headline)?;
        for line in &self.detail {
            write!(formatter, "\n{line}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl From<String> for Error {
    fn from(text: String) -> Error {
        Error::new(text)
    }
}

impl From<&str> for Error {
    fn from(text: &str) -> Error {
        Error::new(text)
    }
}

/// The command and how it ended, then the end of its stderr as detail.
impl From<Failure> for Error {
    fn from(failure: Failure) -> Error {
        Error::new(failure.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_of_several_lines_is_a_headline_and_its_detail() {
        let error =
            Error::new("`cargo build` failed (exit status: 101):\nerror[E0425]\n  --> a.rs\n\n");
        assert_eq!(error.headline, "`cargo build` failed (exit status: 101):");
        assert_eq!(error.detail, ["error[E0425]", "  --> a.rs"]);
        assert_eq!(Error::new("one line").detail, [] as [String; 0]);
        assert_eq!(Error::from("").headline, "");
    }

    #[test]
    fn the_report_decides_the_indentation() {
        let error = Error::new("WA: a on b")
            .with_detail("    token 1 differs\n    expected: `1`\n      >   1 | 1\n")
            .context("x/a");
        assert_eq!(
            error.to_string(),
            "x/a: WA: a on b\ntoken 1 differs\nexpected: `1`\n  >   1 | 1"
        );
        assert_eq!(
            error.layout("  FAILED ", "    "),
            "  FAILED x/a: WA: a on b\n    token 1 differs\n    expected: `1`\n      >   1 | 1\n"
        );
        assert_eq!(
            Error::new("alone").layout("error: ", "  "),
            "error: alone\n"
        );
    }

    #[test]
    fn blank_lines_stay_blank_and_shared_indentation_goes() {
        assert_eq!(indented("a\n\n  b \n", "    "), "    a\n\n      b \n");
        assert_eq!(indented("", "    "), "");
        assert_eq!(dedented("  a\n\n    b\n"), ["a", "", "  b"]);
        assert_eq!(dedented("a\n  b"), ["a", "  b"]);
        assert_eq!(dedented(""), [] as [String; 0]);
        assert_eq!(dedented("  a\n \n  \u{3000}b"), ["a", "", "\u{3000}b"]);
        let error = Error::new("h").with_detail("  a\n\n  b\n\n");
        assert_eq!(error.layout("", "> "), "h\n> a\n\n> b\n");
    }
}
