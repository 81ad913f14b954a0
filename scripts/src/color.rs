//! Colour for the commands that print verdicts (`judge`, `bundle`,
//! `stress`), decided as cargo decides its own: `--color`, else
//! `CARGO_TERM_COLOR`, else anstream's automatic choice (`NO_COLOR`,
//! `CLICOLOR_FORCE`, `CLICOLOR`, a terminal). Without colour not one byte
//! changes, so piped output reads exactly as it always has.

use crate::error::Error;
use anstyle::{AnsiColor, Effects, Style};
use std::ffi::OsString;
use std::fmt;
use std::io::{self, IsTerminal, Write};

/// `--color WHEN` and `CARGO_TERM_COLOR`: cargo's three words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    Auto,
    Always,
    Never,
}

impl When {
    /// Reads `auto`, `always` or `never`; `what` names where the word came
    /// from, for the error.
    pub fn parse(word: &str, what: &str) -> Result<When, Error> {
        match word {
            "auto" => Ok(When::Auto),
            "always" => Ok(When::Always),
            "never" => Ok(When::Never),
            _ => Err(Error::new(format!(
                "{what} takes auto, always or never, not '{word}'"
            ))),
        }
    }
}

/// Whether output written to a stream gets colour, as cargo decides for
/// its own output (its `--color` over its `term.color` setting, which
/// `CARGO_TERM_COLOR` gives, and `auto` by anstream's `AutoStream::choice`):
///
/// 1. `--color always` or `never` is final; `--color auto` goes to 3,
///    whatever `CARGO_TERM_COLOR` says.
/// 2. Without `--color`: `CARGO_TERM_COLOR=always` or `never` is final
///    (an empty one counts as unset; any other word is an error).
/// 3. Auto: `NO_COLOR` non-empty, none; else `CLICOLOR_FORCE` non-empty,
///    colour; else `CLICOLOR=0`, none; else colour only when the stream is
///    a terminal and `TERM` is not `dumb` (on Unix, set at all), or
///    `CLICOLOR` is set, or `CI` is.
///
/// `env` reads a variable and `terminal` says whether the stream is a
/// terminal, so that every case can be tested.
pub fn wanted(
    flag: Option<When>,
    env: impl Fn(&str) -> Option<OsString>,
    terminal: bool,
) -> Result<bool, Error> {
    let non_empty = |name: &str| env(name).is_some_and(|value| !value.is_empty());
    let setting = match flag {
        Some(when) => when,
        None => match env("CARGO_TERM_COLOR").filter(|value| !value.is_empty()) {
            Some(value) => When::parse(&value.to_string_lossy(), "CARGO_TERM_COLOR")?,
            None => When::Auto,
        },
    };
    Ok(match setting {
        When::Always => true,
        When::Never => false,
        When::Auto => {
            let clicolor = env("CLICOLOR").map(|value| value != "0");
            if non_empty("NO_COLOR") {
                false
            } else if non_empty("CLICOLOR_FORCE") {
                true
            } else if clicolor == Some(false) {
                false
            } else {
                let term = env("TERM");
                let term_has_color = match term {
                    Some(term) => term != "dumb",
                    // Unix sets TERM in every terminal; Windows consoles
                    // do not.
                    None => cfg!(windows),
                };
                terminal && (term_has_color || clicolor == Some(true) || env("CI").is_some())
            }
        }
    })
}

/// Standard output, or standard error when `to_stderr` (the table's place
/// when `--json -` takes standard output), with colour as [`wanted`]
/// decides for that stream and the process's environment.
pub fn stream(flag: Option<When>, to_stderr: bool) -> Result<Output, Error> {
    let terminal = if to_stderr {
        io::stderr().is_terminal()
    } else {
        io::stdout().is_terminal()
    };
    let color = wanted(flag, |name| std::env::var_os(name), terminal)?;
    let raw: Box<dyn Write> = match (to_stderr, color) {
        (false, false) => Box::new(io::stdout()),
        (true, false) => Box::new(io::stderr()),
        // anstream turns on a Windows console's escape codes, or speaks
        // the console's own API where it has none; elsewhere it passes
        // them through.
        (false, true) => Box::new(anstream::AutoStream::new(
            io::stdout(),
            anstream::ColorChoice::Always,
        )),
        (true, true) => Box::new(anstream::AutoStream::new(
            io::stderr(),
            anstream::ColorChoice::Always,
        )),
    };
    Ok(Output { raw, color })
}

/// A stream a report is written to, and whether it takes colour.
pub struct Output {
    raw: Box<dyn Write>,
    pub color: bool,
}

impl Output {
    /// A stream without colour: for tests.
    #[cfg(test)]
    pub fn plain(raw: Box<dyn Write>) -> Output {
        Output { raw, color: false }
    }

    /// A stream with colour: for tests.
    #[cfg(test)]
    pub fn coloured(raw: Box<dyn Write>) -> Output {
        Output { raw, color: true }
    }

    /// `text` in `paint`'s colour when this output takes colour, else as
    /// it is.
    pub fn paint<T: fmt::Display>(&self, paint: Paint, text: T) -> Painted<T> {
        Painted {
            style: self.color.then(|| paint.style()),
            text,
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.raw.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.raw.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.raw.flush()
    }
}

/// What a coloured word means; the colours are cargo's: bold green for
/// what went well, bold red for what failed, bold yellow for a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    Good,
    Bad,
    Limit,
}

impl Paint {
    fn style(self) -> Style {
        let color = match self {
            Paint::Good => AnsiColor::Green,
            Paint::Bad => AnsiColor::Red,
            Paint::Limit => AnsiColor::Yellow,
        };
        color.on_default().effects(Effects::BOLD)
    }
}

/// A text with its style, or none.
pub struct Painted<T> {
    style: Option<Style>,
    text: T,
}

impl<T: fmt::Display> fmt::Display for Painted<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.style {
            Some(style) => write!(f, "{style}{}{style:#}", self.text),
            None => write!(f, "{}", self.text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`wanted`] with these variables set (and no others) and this flag.
    fn with(flag: Option<When>, vars: &[(&str, &str)], terminal: bool) -> Result<bool, Error> {
        let env = |name: &str| {
            vars.iter()
                .find(|(set, _)| *set == name)
                .map(|(_, value)| OsString::from(value))
        };
        wanted(flag, env, terminal)
    }

    const TERM: (&str, &str) = ("TERM", "xterm-256color");

    #[test]
    fn a_terminal_gets_colour_and_a_pipe_none_by_default() {
        assert_eq!(with(None, &[TERM], true), Ok(true));
        assert_eq!(with(None, &[TERM], false), Ok(false));
        assert_eq!(with(Some(When::Auto), &[TERM], true), Ok(true));
        // A dumb terminal gets none; CI or CLICOLOR say it takes colour.
        assert_eq!(with(None, &[("TERM", "dumb")], true), Ok(false));
        assert_eq!(
            with(None, &[("TERM", "dumb"), ("CI", "true")], true),
            Ok(true)
        );
        assert_eq!(
            with(None, &[("TERM", "dumb"), ("CLICOLOR", "1")], true),
            Ok(true)
        );
        assert_eq!(with(None, &[], true), Ok(cfg!(windows)));
        // Neither makes a pipe coloured.
        assert_eq!(
            with(None, &[TERM, ("CI", "1"), ("CLICOLOR", "1")], false),
            Ok(false)
        );
    }

    #[test]
    fn the_flag_is_final_and_auto_ignores_cargo_term_color() {
        let all = [TERM, ("NO_COLOR", "1"), ("CARGO_TERM_COLOR", "never")];
        assert_eq!(with(Some(When::Always), &all, false), Ok(true));
        let forced = [
            TERM,
            ("CLICOLOR_FORCE", "1"),
            ("CARGO_TERM_COLOR", "always"),
        ];
        assert_eq!(with(Some(When::Never), &forced, true), Ok(false));
        // `--color auto` is anstream's choice: CARGO_TERM_COLOR=always is
        // overridden, and a pipe gets none.
        let always = [TERM, ("CARGO_TERM_COLOR", "always")];
        assert_eq!(with(Some(When::Auto), &always, false), Ok(false));
        assert_eq!(with(Some(When::Auto), &always, true), Ok(true));
    }

    #[test]
    fn cargo_term_color_decides_without_the_flag() {
        let set = |word| [TERM, ("CARGO_TERM_COLOR", word)];
        assert_eq!(with(None, &set("always"), false), Ok(true));
        assert_eq!(with(None, &set("never"), true), Ok(false));
        assert_eq!(with(None, &set("auto"), true), Ok(true));
        assert_eq!(with(None, &set("auto"), false), Ok(false));
        assert_eq!(with(None, &set(""), true), Ok(true));
        // Over NO_COLOR and CLICOLOR_FORCE both, as in cargo.
        let over = [("CARGO_TERM_COLOR", "always"), ("NO_COLOR", "1")];
        assert_eq!(with(None, &over, false), Ok(true));
        let over = [("CARGO_TERM_COLOR", "never"), ("CLICOLOR_FORCE", "1")];
        assert_eq!(with(None, &over, true), Ok(false));
        let error = with(None, &set("sometimes"), true).unwrap_err();
        assert_eq!(
            error.to_string(),
            "CARGO_TERM_COLOR takes auto, always or never, not 'sometimes'"
        );
    }

    #[test]
    fn no_color_beats_clicolor_force_which_beats_a_pipe() {
        assert_eq!(with(None, &[TERM, ("NO_COLOR", "1")], true), Ok(false));
        assert_eq!(with(None, &[("CLICOLOR_FORCE", "1")], false), Ok(true));
        let both = [TERM, ("NO_COLOR", "1"), ("CLICOLOR_FORCE", "1")];
        assert_eq!(with(None, &both, true), Ok(false));
        // Empty is unset, for both.
        assert_eq!(with(None, &[TERM, ("NO_COLOR", "")], true), Ok(true));
        assert_eq!(with(None, &[("CLICOLOR_FORCE", "")], false), Ok(false));
        // CLICOLOR=0 turns colour off, but not against CLICOLOR_FORCE.
        assert_eq!(with(None, &[TERM, ("CLICOLOR", "0")], true), Ok(false));
        let forced = [("CLICOLOR", "0"), ("CLICOLOR_FORCE", "1")];
        assert_eq!(with(None, &forced, false), Ok(true));
    }

    #[test]
    fn painted_text_carries_cargos_escape_codes_and_plain_text_none() {
        let colored = Output {
            raw: Box::new(io::sink()),
            color: true,
        };
        assert_eq!(
            colored.paint(Paint::Good, "AC").to_string(),
            "\u{1b}[1m\u{1b}[32mAC\u{1b}[0m"
        );
        assert_eq!(
            colored.paint(Paint::Bad, "WA").to_string(),
            "\u{1b}[1m\u{1b}[31mWA\u{1b}[0m"
        );
        assert_eq!(
            colored.paint(Paint::Limit, "TLE").to_string(),
            "\u{1b}[1m\u{1b}[33mTLE\u{1b}[0m"
        );
        let plain = Output::plain(Box::new(io::sink()));
        assert_eq!(plain.paint(Paint::Bad, "WA").to_string(), "WA");
    }
}
