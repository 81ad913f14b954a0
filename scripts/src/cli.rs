//! What every command's option parser shares: help, values, limits.

use crate::workspace::Limits;
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Prints a command's help to standard output and exits with status 0.
pub fn help_and_exit(help: &str) -> ! {
    let _ = std::io::stdout().write_all(help.as_bytes());
    std::process::exit(0);
}

/// The next argument, or lexopt's error as a message.
pub fn next(parser: &mut lexopt::Parser) -> Result<Option<lexopt::Arg<'_>>, String> {
    parser.next().map_err(|error| error.to_string())
}

/// The value of the option just read.
pub fn value(parser: &mut lexopt::Parser) -> Result<OsString, String> {
    parser.value().map_err(|error| error.to_string())
}

pub fn path_value(parser: &mut lexopt::Parser) -> Result<PathBuf, String> {
    value(parser).map(PathBuf::from)
}

pub fn string_value(parser: &mut lexopt::Parser) -> Result<String, String> {
    string(value(parser)?)
}

/// A whole number above 0 for `option`.
pub fn number_value(parser: &mut lexopt::Parser, option: &str) -> Result<u64, String> {
    let value = string_value(parser)?;
    value
        .parse::<u64>()
        .ok()
        .filter(|&number| number > 0)
        .ok_or_else(|| format!("{option} takes a whole number above 0, not '{value}'"))
}

/// A number above 0 for `option`, such as 1.5.
pub fn positive_value(parser: &mut lexopt::Parser, option: &str) -> Result<f64, String> {
    let value = string_value(parser)?;
    value
        .parse::<f64>()
        .ok()
        .filter(|number| number.is_finite() && *number > 0.0)
        .ok_or_else(|| format!("{option} takes a number above 0, not '{value}'"))
}

/// Reads the value of `--time-limit-ms` or `--memory-limit-mib` (`option`,
/// without its dashes) into `limits`.
pub fn read_limit(
    parser: &mut lexopt::Parser,
    option: &str,
    limits: &mut Limits,
) -> Result<(), String> {
    if option == "time-limit-ms" {
        limits.time = Duration::from_millis(number_value(parser, "--time-limit-ms")?);
    } else {
        limits.memory = number_value(parser, "--memory-limit-mib")?.saturating_mul(1 << 20);
    }
    Ok(())
}

pub fn string(value: OsString) -> Result<String, String> {
    value
        .into_string()
        .map_err(|value| format!("'{}' is not UTF-8", value.to_string_lossy()))
}
