//! Reading values off the command line, for `flags.rs`, where every
//! command's options are declared: help, UTF-8, numbers.

use crate::error::Error;
use std::ffi::OsString;
use std::io::Write;

/// Prints a command's help to standard output and exits with status 0.
pub fn help_and_exit(help: &str) -> ! {
    let _ = std::io::stdout().write_all(help.as_bytes());
    std::process::exit(0);
}

/// The next argument, or lexopt's error as a message.
pub fn next(parser: &mut lexopt::Parser) -> Result<Option<lexopt::Arg<'_>>, Error> {
    parser.next().map_err(|error| Error::new(error.to_string()))
}

/// The value of the option just read.
pub fn value(parser: &mut lexopt::Parser) -> Result<OsString, Error> {
    parser
        .value()
        .map_err(|error| Error::new(error.to_string()))
}

/// A whole number above 0 for `option`.
pub fn number(value: &str, option: &str) -> Result<u64, Error> {
    value
        .parse::<u64>()
        .ok()
        .filter(|&number| number > 0)
        .ok_or_else(|| {
            Error::new(format!(
                "{option} takes a whole number above 0, not '{value}'"
            ))
        })
}

/// A number above 0 for `option`, such as 1.5.
pub fn positive(value: &str, option: &str) -> Result<f64, Error> {
    value
        .parse::<f64>()
        .ok()
        .filter(|number| number.is_finite() && *number > 0.0)
        .ok_or_else(|| Error::new(format!("{option} takes a number above 0, not '{value}'")))
}

pub fn string(value: OsString) -> Result<String, Error> {
    value
        .into_string()
        .map_err(|value| Error::new(format!("'{}' is not UTF-8", value.to_string_lossy())))
}
