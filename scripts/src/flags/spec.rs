//! How a command's line is read: its [`Spec`] (the options it takes,
//! its positional arguments, the [`Rule`]s of which go together), parsed
//! with lexopt into what was [`Given`], then the rules checked, so that
//! every command reads its line one way and none leaves a rule unchecked.

use crate::cli;
use crate::error::Error;
use crate::run::program_path;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

pub(super) const POSITIONAL: &str = "POSITIONAL";

/// One option: its name without the dashes and what its value is called
/// (`None`: a switch).
pub(super) struct Flag {
    pub(super) name: &'static str,
    pub(super) value: Option<&'static str>,
    /// May be given more than once (each value counts). Any other option
    /// given twice is refused: one of the two would be dropped.
    pub(super) repeatable: bool,
    /// Its one-letter name too (`-j` for `--jobs`), as cargo's.
    pub(super) short: Option<char>,
}

impl Flag {
    /// This option, also given as `-LETTER`.
    pub(super) const fn or_short(self, letter: char) -> Flag {
        Flag {
            short: Some(letter),
            ..self
        }
    }
}

pub(super) const fn switch(name: &'static str) -> Flag {
    Flag {
        name,
        value: None,
        repeatable: false,
        short: None,
    }
}

pub(super) const fn valued(name: &'static str, value: &'static str) -> Flag {
    Flag {
        name,
        value: Some(value),
        repeatable: false,
        short: None,
    }
}

/// Which options go together; [`POSITIONAL`] stands for the positional
/// arguments. Each rule carries the one line a user sees when it is broken.
pub(super) enum Rule {
    /// The first option needs one of the others.
    Needs(&'static str, &'static [&'static str], &'static str),
    /// The first option goes with none of the others.
    Excludes(&'static str, &'static [&'static str], &'static str),
}

/// What a hidden option runs: it never returns.
pub type Hidden = fn(&mut lexopt::Parser) -> !;

/// A command's command line.
pub(super) struct Spec {
    pub(super) command: &'static str,
    pub(super) help: &'static str,
    pub(super) flags: &'static [Flag],
    /// What a positional argument is, and how many there may be.
    pub(super) positional: &'static str,
    pub(super) most_positional: usize,
    pub(super) rules: &'static [Rule],
    /// An option for the tool's own use, not in the help: only as the
    /// first argument, and it takes the rest of the command line.
    pub(super) hidden: Option<(&'static str, Hidden)>,
}

/// What was given, checked against a [`Spec`]; values are read by the
/// command's own function.
#[derive(Debug)]
pub(super) struct Given {
    pub(super) options: Vec<(&'static str, OsString)>,
    pub(super) positional: Vec<OsString>,
}

impl Given {
    pub(super) fn has(&self, name: &str) -> bool {
        if name == POSITIONAL {
            return !self.positional.is_empty();
        }
        self.options.iter().any(|(given, _)| *given == name)
    }

    pub(super) fn value(&self, name: &str) -> Option<&OsString> {
        self.options
            .iter()
            .find(|(given, _)| *given == name)
            .map(|(_, value)| value)
    }

    pub(super) fn path(&self, name: &str) -> Option<PathBuf> {
        self.value(name).map(PathBuf::from)
    }

    /// A program's path: never looked up on PATH.
    pub(super) fn program(&self, name: &str) -> Option<PathBuf> {
        self.value(name).map(|value| program_path(Path::new(value)))
    }

    /// Every value of a repeatable option, each a program's path.
    pub(super) fn programs(&self, name: &str) -> Vec<PathBuf> {
        self.options
            .iter()
            .filter(|(given, _)| *given == name)
            .map(|(_, value)| program_path(Path::new(value)))
            .collect()
    }

    pub(super) fn string(&self, name: &str) -> Result<Option<String>, Error> {
        self.value(name).cloned().map(cli::string).transpose()
    }

    pub(super) fn strings(&self, name: &str) -> Result<Vec<String>, Error> {
        self.options
            .iter()
            .filter(|(given, _)| *given == name)
            .map(|(_, value)| cli::string(value.clone()))
            .collect()
    }

    pub(super) fn positional(&self) -> Result<Vec<String>, Error> {
        self.positional.iter().cloned().map(cli::string).collect()
    }

    pub(super) fn number(&self, name: &str) -> Result<Option<u64>, Error> {
        self.string(name)?
            .map(|value| cli::number(&value, &format!("--{name}")))
            .transpose()
    }

    pub(super) fn positive(&self, name: &str) -> Result<Option<f64>, Error> {
        self.string(name)?
            .map(|value| cli::positive(&value, &format!("--{name}")))
            .transpose()
    }
}

/// Reads a command's line: [`parse`] by `spec`, its options from what was
/// given by `read`, then [`check_rules`]: one way for every command, so
/// that none can leave its rules unchecked.
pub(super) fn command<T>(
    spec: &Spec,
    parser: &mut lexopt::Parser,
    read: impl FnOnce(&Given) -> Result<T, Error>,
) -> Result<T, Error> {
    let given = parse(spec, parser)?;
    let options = read(&given)?;
    check_rules(spec, &given)?;
    Ok(options)
}

/// Reads a command's arguments as `spec` declares them: `--help` prints
/// its help and exits; an option it does not take, a value where none
/// goes or an option given twice is an error. [`command`] reads the values,
/// then [`check_rules`].
pub(super) fn parse(spec: &Spec, parser: &mut lexopt::Parser) -> Result<Given, Error> {
    use lexopt::prelude::*;
    let mut given = Given {
        options: Vec::new(),
        positional: Vec::new(),
    };
    while let Some(argument) = cli::next(parser)? {
        match argument {
            Short('h') | Long("help") => cli::help_and_exit(spec.help),
            Short(letter) if spec.flags.iter().any(|flag| flag.short == Some(letter)) => {
                let flag = spec.flags.iter().find(|flag| flag.short == Some(letter));
                let flag = flag.expect("found just above");
                if given.has(flag.name) {
                    let name = flag.name;
                    return Err(Error::new(format!("--{name} is given twice; give it once")));
                }
                let value = match flag.value {
                    Some(_) => cli::value(parser)?,
                    None => OsString::new(),
                };
                given.options.push((flag.name, value));
            }
            Long(name) => {
                let name = name.to_string();
                if let Some((hidden, run)) = spec.hidden {
                    if name == hidden && given.options.is_empty() && given.positional.is_empty() {
                        run(parser);
                    }
                }
                let Some(flag) = spec.flags.iter().find(|flag| flag.name == name) else {
                    return Err(Error::new(format!(
                        "cargo {} takes no --{name} (`cargo {} --help` lists what it takes)",
                        spec.command, spec.command
                    )));
                };
                if !flag.repeatable && given.has(flag.name) {
                    return Err(Error::new(format!("--{name} is given twice; give it once")));
                }
                let value = match flag.value {
                    Some(_) => cli::value(parser)?,
                    None => OsString::new(),
                };
                given.options.push((flag.name, value));
            }
            Value(value) if given.positional.len() < spec.most_positional => {
                given.positional.push(value);
            }
            Value(value) => {
                return Err(Error::new(format!(
                    "cargo {} takes {} {}, not also '{}'",
                    spec.command,
                    if spec.most_positional == 1 {
                        "one"
                    } else {
                        "no"
                    },
                    spec.positional,
                    value.to_string_lossy()
                )))
            }
            other => return Err(Error::new(other.unexpected().to_string())),
        }
    }
    Ok(given)
}

/// An error when `given` breaks one of `spec`'s rules. Checked after the
/// values are read, so that a bad value is named as such first.
pub(super) fn check_rules(spec: &Spec, given: &Given) -> Result<(), Error> {
    for rule in spec.rules {
        match rule {
            Rule::Needs(option, others, message) => {
                if given.has(option) && !others.iter().any(|other| given.has(other)) {
                    return Err(Error::new(message.to_string()));
                }
            }
            Rule::Excludes(option, others, message) => {
                if given.has(option) && others.iter().any(|other| given.has(other)) {
                    return Err(Error::new(message.to_string()));
                }
            }
        }
    }
    Ok(())
}
