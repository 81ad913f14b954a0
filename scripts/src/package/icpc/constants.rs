//! The package's text files as the judges read them: refused when they
//! cannot be read (not UTF-8, say), and problem.yaml's `constants`
//! (2023-07 and later) substituted in those the format names: the output
//! validator's files and the test group files (spec 2025-09, "Constants").

use crate::error::Error;
use crate::package::build;
use crate::package::yaml::{Node, Scalar, Value};
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::Hasher;
use std::path::{Path, PathBuf};

/// A file of the package as text: None when it is not there, an error
/// when it is there and cannot be read (not UTF-8, say), as problemtools
/// reports one: dropping what it says would change the verdicts.
pub(super) fn read_text(path: &Path) -> Result<Option<String>, Error> {
    match fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map(Some).map_err(|_| {
            Error::new(format!(
                "{}: not UTF-8 text, so not read; its settings would change how the cases \
                 are judged",
                path.display()
            ))
        }),
        Err(_) if !path.exists() => Ok(None),
        Err(error) => Err(Error::new(format!(
            "cannot read {}: {error}",
            path.display()
        ))),
    }
}

/// problem.yaml's `constants` (2023-07 and later): each `{{name}}` and
/// `{{name.variant}}` with the text it stands for. A value is an int, a
/// float or a string, or a mapping with `value` and string variants; a
/// number's text is Python's `str()` of it, as BAPCtools substitutes
/// (problem.py, `constants`; util.py, `substitute`).
pub(super) fn constants(node: Option<&Node>) -> Result<Vec<(String, String)>, Error> {
    let Some(node) = node else {
        return Ok(Vec::new());
    };
    let Value::Map(entries) = &node.value else {
        return Err(node.error(format!(
            "`constants` is a {}, where a mapping of names goes",
            node.kind()
        )));
    };
    let mut found = Vec::new();
    for (name, value) in entries {
        if !is_constant_name(name) {
            return Err(value.error(format!(
                "`constants.{name}`: a constant's name is [a-zA-Z_][a-zA-Z0-9_]*"
            )));
        }
        let variants: Vec<(String, &Node)> = match &value.value {
            Value::Map(variants) => {
                if !variants.iter().any(|(key, _)| key == "value") {
                    return Err(value.error(format!("`constants.{name}` has no `value`")));
                }
                variants
                    .iter()
                    .map(|(key, node)| (key.clone(), node))
                    .collect()
            }
            _ => vec![("value".to_string(), value)],
        };
        for (variant, node) in variants {
            let what = format!("`constants.{name}.{variant}`");
            let text = match node.scalar(&what)? {
                Scalar::Str(text) => text,
                Scalar::Int(value) if variant == "value" => value.to_string(),
                Scalar::Float(value) if variant == "value" => python_float(value),
                other => {
                    return Err(node.error(format!(
                        "{what} is {}, where {}",
                        match other {
                            Scalar::Int(_) | Scalar::Float(_) => "a number".to_string(),
                            other => format!("{other:?}").to_lowercase(),
                        },
                        if variant == "value" {
                            "an integer, a float or a string goes"
                        } else {
                            "a string goes"
                        }
                    )))
                }
            };
            if variant == "value" {
                found.push((name.clone(), text.clone()));
            }
            found.push((format!("{name}.{variant}"), text));
        }
    }
    Ok(found)
}

fn is_constant_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Python's `str()` of a float: the shortest digits that read back, in
/// positional form from 1e-4 up to 1e16 (`2.5`, `1.0`, `0.0001`), else
/// `1e-05`, `1e+16`.
fn python_float(value: f64) -> String {
    if value.is_nan() {
        return "nan".to_string();
    }
    if value.is_infinite() {
        return if value > 0.0 { "inf" } else { "-inf" }.to_string();
    }
    // Rust's `{:e}` gives the shortest digits that read back, as Python's
    // repr does: `1.5e-7`.
    let scientific = format!("{value:e}");
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if (-4..16).contains(&exponent) {
        let text = format!("{value}");
        if text.contains('.') {
            text
        } else {
            format!("{text}.0")
        }
    } else {
        let sign = if exponent < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exponent.abs())
    }
}

/// `text` with each `{{name}}` and `{{name.variant}}` of `constants`
/// replaced; any other `{{...}}` is left as it is, as the format says.
pub(super) fn substitute(text: &str, constants: &[(String, String)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let replaced = after.find("}}").and_then(|close| {
            let name = &after[..close];
            constants
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| (value, close))
        });
        match replaced {
            Some((value, close)) => {
                out.push_str(value);
                rest = &after[close + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The validator at `program` (a folder or a file) with the package's
/// constants substituted in its files, as the format says they are in
/// output validators (spec 2025-09, "Constants"): a copy under the tool's
/// build folder when any file names one, else `program` itself.
pub(super) fn with_constants(
    program: &Path,
    constants: &[(String, String)],
) -> Result<PathBuf, Error> {
    if constants.is_empty() {
        return Ok(program.to_path_buf());
    }
    let (base, files) = if program.is_dir() {
        (program.to_path_buf(), files_below(program)?)
    } else {
        (
            program.parent().unwrap_or(Path::new(".")).to_path_buf(),
            vec![program.to_path_buf()],
        )
    };
    let mut rewritten = Vec::new();
    let mut changed = false;
    let mut hasher = DefaultHasher::new();
    for file in files {
        let bytes = fs::read(&file)
            .map_err(|error| Error::new(format!("cannot read {}: {error}", file.display())))?;
        let bytes = match String::from_utf8(bytes) {
            Ok(text) => {
                let done = substitute(&text, constants);
                changed |= done != text;
                done.into_bytes()
            }
            // Not text: nothing to substitute.
            Err(error) => error.into_bytes(),
        };
        let relative = file.strip_prefix(&base).unwrap_or(&file).to_path_buf();
        hasher.write(relative.to_string_lossy().as_bytes());
        hasher.write_u64(bytes.len() as u64);
        hasher.write(&bytes);
        rewritten.push((relative, bytes, file));
    }
    if !changed {
        return Ok(program.to_path_buf());
    }
    let folder = build::rewritten_folder()?.join(format!("{:016x}", hasher.finish()));
    let copy = folder.join(base.file_name().unwrap_or_default());
    if !copy.is_dir() {
        let aside = folder.with_extension(std::process::id().to_string());
        let _ = fs::remove_dir_all(&aside);
        for (relative, bytes, original) in &rewritten {
            let to = aside
                .join(base.file_name().unwrap_or_default())
                .join(relative);
            if let Some(parent) = to.parent() {
                fs::create_dir_all(parent).map_err(|error| {
                    Error::new(format!("cannot create {}: {error}", parent.display()))
                })?;
            }
            fs::write(&to, bytes)
                .map_err(|error| Error::new(format!("cannot write {}: {error}", to.display())))?;
            if let Ok(metadata) = fs::metadata(original) {
                let _ = fs::set_permissions(&to, metadata.permissions());
            }
        }
        // Moved in whole: another run writing the same copy at the same
        // time writes the same bytes.
        if fs::rename(&aside, &folder).is_err() {
            let _ = fs::remove_dir_all(&aside);
        }
    }
    Ok(if program.is_dir() {
        copy
    } else {
        copy.join(program.file_name().unwrap_or_default())
    })
}

fn files_below(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let entries = fs::read_dir(&folder)
            .map_err(|error| Error::new(format!("cannot read {}: {error}", folder.display())))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::package::yaml;

    #[test]
    fn a_float_constant_reads_as_pythons_str_of_it() {
        // Python 3: str(0.5), str(1.0), str(1e-05), str(0.0001), str(1e16),
        // str(123456.789), str(-2.5e-07).
        for (value, python) in [
            (0.5, "0.5"),
            (1.0, "1.0"),
            (1e-5, "1e-05"),
            (1e-4, "0.0001"),
            (1e16, "1e+16"),
            (123456.789, "123456.789"),
            (-2.5e-7, "-2.5e-07"),
        ] {
            assert_eq!(python_float(value), python, "{value}");
        }
    }

    #[test]
    fn constants_are_substituted_where_named_and_other_braces_are_left() {
        let named = [
            ("k".to_string(), "5".to_string()),
            ("k.value".to_string(), "5".to_string()),
            ("k.tex".to_string(), "5\\,000".to_string()),
        ];
        assert_eq!(
            substitute("{{k}} {{k.tex}} {{other}} {{ {{k}}}}", &named),
            "5 5\\,000 {{other}} {{ 5}}"
        );
        let yaml =
            yaml::parse("constants:\n  k: 5\n  eps: 0.5\n  m: {value: x, tex: y}\n").unwrap();
        let found = constants(yaml.get("constants")).unwrap();
        assert!(found.contains(&("eps".to_string(), "0.5".to_string())));
        assert!(found.contains(&("m.tex".to_string(), "y".to_string())));
        let yaml = yaml::parse("constants:\n  k: yes\n").unwrap();
        assert!(constants(yaml.get("constants")).is_err());
        let yaml = yaml::parse("constants:\n  k: {tex: y}\n").unwrap();
        assert!(constants(yaml.get("constants")).is_err());
    }
}
