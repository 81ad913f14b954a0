//! The limits an ICPC or DOMjudge package states, and the judges'
//! defaults where it states none: the time limit from problem.yaml, else
//! DOMjudge's `domjudge-problem.ini`, else its `.timelimit`; memory and
//! output in whole MiB from problem.yaml's `limits`.

use super::constants::read_text;
use crate::error::Error;
use crate::package::yaml::{Node, Scalar, Value};
use crate::package::Stated;
use std::path::Path;
use std::time::Duration;

/// A scalar node as its text, for an error.
pub(super) fn shown(node: &Node) -> String {
    match &node.value {
        Value::Scalar { text, .. } => text.clone(),
        _ => format!("a {}", node.kind()),
    }
}

/// A number as problemtools' `float` takes one: an int, a float, or text
/// that reads as one (pydantic's lax mode).
pub(super) fn number(value: &Scalar) -> Option<f64> {
    match value {
        Scalar::Int(value) => Some(*value as f64),
        Scalar::Float(value) => Some(*value),
        Scalar::Str(text) => text.trim().parse().ok(),
        _ => None,
    }
}

/// A whole number of MiB above 0, as problemtools' `int` takes one (a
/// float only when whole, text when it reads as an integer).
pub(super) fn mebibytes(value: &Scalar) -> Option<u64> {
    let whole = match value {
        Scalar::Int(value) => u64::try_from(*value).ok()?,
        Scalar::Float(value) if value.fract() == 0.0 && *value >= 1.0 && *value < 1e12 => {
            *value as u64
        }
        Scalar::Str(text) => text.trim().parse().ok()?,
        _ => return None,
    };
    // Up to a petabyte: anything more is no memory limit a machine has.
    (whole > 0 && whole < 1 << 30).then_some(whole)
}

fn seconds(value: f64) -> Option<Duration> {
    (value.is_finite() && value > 0.0 && value < 1e6).then(|| Duration::from_secs_f64(value))
}

/// The stated time limit: problem.yaml's, else domjudge-problem.ini's,
/// else `.timelimit`'s.
pub(super) fn time_limit(
    root: &Path,
    in_yaml: Option<f64>,
) -> Result<Option<Stated<Duration>>, Error> {
    let stated = |text: &str, from: &str| {
        text.trim()
            .trim_matches(|character| character == '"' || character == '\'')
            .parse()
            .ok()
            .and_then(seconds)
            .map(|value| Stated {
                value,
                from: from.to_string(),
            })
            .ok_or_else(|| {
                Error::new(format!(
                    "{}: {from} is {text}, not a number of seconds",
                    root.display()
                ))
            })
    };
    if let Some(value) = in_yaml {
        return stated(&value.to_string(), "problem.yaml limits.time_limit").map(Some);
    }
    if let Some(ini) = read_text(&root.join("domjudge-problem.ini"))? {
        let line = ini.lines().find_map(|line| {
            let (key, value) = line.split_once('=')?;
            (key.trim() == "timelimit").then(|| value.trim().to_string())
        });
        if let Some(value) = line {
            return stated(&value, "domjudge-problem.ini timelimit").map(Some);
        }
    }
    match read_text(&root.join(".timelimit"))? {
        Some(text) => stated(text.trim(), ".timelimit").map(Some),
        None => Ok(None),
    }
}
