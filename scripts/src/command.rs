//! Running the programs the tool relies on (cargo, git, rustc, a crate's
//! examples, this tool again) and checking that they succeeded: one place
//! that decides what a failed command looks like, so that every one names
//! the command, how it ended and the end of what it said.

use std::ffi::OsStr;
use std::fmt;
use std::io;
use std::path::Path;
use std::process::{Command, ExitStatus};

/// Lines of a failed command's standard error that its [`Failure`] shows.
const STDERR_LINES: usize = 12;

/// Runs `command` to its end; its standard output when it exits with
/// status 0.
///
/// A stream the caller has not set is captured, as [`Command::output`]
/// does: set standard error (or output) to [`std::process::Stdio::inherit`]
/// to show it as it comes, as a build's progress should be. A captured
/// standard error is not shown; the end of it goes into the [`Failure`].
pub fn run(command: &mut Command) -> Result<Vec<u8>, Failure> {
    match command.output() {
        Ok(output) if output.status.success() => Ok(output.stdout),
        Ok(output) => Err(Failure {
            command: describe(command),
            ended: Ended::Failed(output.status),
            stderr: String::from_utf8_lossy(&output.stderr).trim().to_string(),
            stdout: output.stdout,
        }),
        Err(error) => Err(Failure {
            command: describe(command),
            ended: Ended::NotStarted(error),
            stderr: String::new(),
            stdout: Vec::new(),
        }),
    }
}

/// A command that could not be started or did not succeed.
#[derive(Debug)]
pub struct Failure {
    /// The command line, its program by file name: `git read-tree 1a2b3c`.
    pub command: String,
    pub ended: Ended,
    /// Its standard error, trimmed, when it was captured; else empty. Its
    /// last lines are shown.
    pub stderr: String,
    /// Its standard output, when it was captured: not shown, but what a
    /// failed command said there may be for its caller to read (a build's
    /// JSON messages).
    pub stdout: Vec<u8>,
}

/// How a failed command ended.
#[derive(Debug)]
pub enum Ended {
    /// It could not be started (no such program, no permission).
    NotStarted(io::Error),
    /// It ran and exited with a status other than 0, or was killed.
    Failed(ExitStatus),
}

impl fmt::Display for Failure {
    /// `` `cargo build --release` failed (exit status: 101) ``, then the
    /// end of its standard error on the lines below, unindented: where it
    /// sits in a report is the report's business.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.ended {
            Ended::NotStarted(error) => write!(formatter, "cannot run `{}`: {error}", self.command),
            Ended::Failed(status) => {
                write!(formatter, "`{}` failed ({status})", self.command)?;
                if !self.stderr.is_empty() {
                    write!(formatter, ":\n{}", tail(&self.stderr, STDERR_LINES))?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Failure {}

/// `command` as a user would type it: the program by its file name (not
/// the full path cargo or rustup gave it), then the arguments, each with
/// spaces in quotes.
fn describe(command: &Command) -> String {
    let program = Path::new(command.get_program());
    let name = program
        .file_stem()
        .filter(|_| program.components().count() > 1)
        .unwrap_or(program.as_os_str());
    std::iter::once(name)
        .chain(command.get_args())
        .map(quoted)
        .collect::<Vec<_>>()
        .join(" ")
}

fn quoted(word: &OsStr) -> String {
    let word = word.to_string_lossy();
    if word.is_empty() || word.contains(char::is_whitespace) {
        format!("'{word}'")
    } else {
        word.into_owned()
    }
}

/// The last `lines` lines of `text`, without the blank ones around them.
fn tail(text: &str, lines: usize) -> String {
    let text = text.trim();
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_named_by_its_program_and_arguments() {
        let mut command = Command::new(Path::new("some").join("where").join("cargo"));
        command.args(["build", "--package", "a b", ""]);
        assert_eq!(describe(&command), "cargo build --package 'a b' ''");
        assert_eq!(describe(&Command::new("git")), "git");
    }

    #[test]
    fn the_end_of_stderr_is_kept() {
        assert_eq!(tail("\n a\nb\nc\n\n", 2), "b\nc");
        assert_eq!(tail("only\n", 12), "only");
        assert_eq!(tail("", 12), "");
    }

    #[test]
    fn a_program_that_is_not_there_cannot_run() {
        let failure = run(&mut Command::new("no-such-program-anywhere")).unwrap_err();
        assert!(matches!(failure.ended, Ended::NotStarted(_)), "{failure:?}");
        assert!(
            failure
                .to_string()
                .starts_with("cannot run `no-such-program-anywhere`: "),
            "{failure}"
        );
    }

    /// Cargo is there wherever the tool's tests run.
    #[test]
    fn a_failed_command_says_its_status_and_the_end_of_its_stderr() {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let failure = run(Command::new(cargo).arg("no-such-subcommand")).unwrap_err();
        let text = failure.to_string();
        assert!(
            text.starts_with("`cargo no-such-subcommand` failed ("),
            "{text}"
        );
        assert!(text.contains("):\n"), "{text}");
        assert!(text.contains("no-such-subcommand"), "{text}");
        let output = run(
            Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
                .arg("--version"),
        )
        .unwrap();
        assert!(String::from_utf8_lossy(&output).starts_with("cargo "));
    }
}
