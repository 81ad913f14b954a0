//! ICPC problem packages (Kattis' problemtools, DOMjudge): `problem.yaml`
//! in the legacy format, 2023-07 or 2025-09 (read by [`yaml`], as PyYAML
//! reads it), DOMjudge's `domjudge-problem.ini` and `.timelimit`, the
//! cases in `data/`, the output validator in `output_validators/<name>/`
//! (legacy) or `output_validator/` (2023-07 and 2025-09).
//!
//! What is read, and from where:
//! - type: 2023-07's `type` (`pass-fail`, `scoring`, `interactive`,
//!   `multi-pass`, `submit-answer`: one string of words, as 2025-09's own
//!   example `pass-fail interactive` and DOMjudge read it, or a list);
//!   legacy's `validation: custom interactive` (and DOMjudge's `custom
//!   multi-pass`).
//! - time limit, in seconds: `limits: time_limit` (2023-07, and DOMjudge
//!   in either format), else `timelimit` in `domjudge-problem.ini`, else
//!   the `.timelimit` file, as DOMjudge takes them. A legacy package
//!   usually states none: Kattis sets it from its judge solutions.
//! - memory limit, in whole MiB: `limits: memory`; output limit, in MiB:
//!   `limits: output`; else problemtools' defaults, 1024 and 8
//!   (problemtools/config/problem.yaml), or DOMjudge's for a package
//!   without problem.yaml, 2048 and 8 (etc/db-config.yaml).
//! - checker: legacy `validation: default` (the ICPC default validator)
//!   or `custom` (the package's validator); in 2023-07 the validator when
//!   the package has one. `validator_flags` go to either, and after them
//!   those of the test group's `test_group.yaml` (2025-09's name) or
//!   `testdata.yaml` (`output_validator_flags`, 2023-07's
//!   `output_validator_args`): the judged folder's own or its nearest
//!   folder's up to `data/`, as a test group inherits them. A group below
//!   with flags of its own is judged on its own: its folder to --samples.
//! - constants (2023-07 and later): each `{{name}}` in the output
//!   validator's files and in the test group files is replaced by its
//!   value before they are used, as the format says (spec 2025-09,
//!   "Constants"); the validator is built from a rewritten copy.
//! - A file the judge needs that cannot be read (not UTF-8, say) is an
//!   error, never skipped: problemtools reports one.

use super::build::{self, Source};
use super::yaml::{self, Node, Scalar, Value};
use super::{Cases, Package, Stated, Unbatched, Validation};
use crate::error::Error;
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The files only DOMjudge's packages have.
const DOMJUDGE_FILES: [&str; 2] = ["domjudge-problem.ini", ".timelimit"];

/// True when `dir` holds one of `names`.
fn has_any(dir: &Path, names: &[&str]) -> bool {
    names.iter().any(|name| dir.join(name).is_file())
}

/// True when `dir` is the root of an ICPC or DOMjudge package.
pub fn is_root(dir: &Path) -> bool {
    has_any(dir, &["problem.yaml"]) || has_any(dir, &DOMJUDGE_FILES)
}

/// The problem format versions read, as `problem_format_version` names
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Version {
    Legacy,
    V2023_07,
    V2025_09,
}

/// problemtools' defaults for what a problem.yaml does not state
/// (problemtools/config/problem.yaml, `limits`: memory 1024, output 8, in
/// MiB), and DOMjudge's for a package without one (etc/db-config.yaml:
/// `memory_limit` 2097152 kB, `output_limit` 8192 kB).
const PROBLEMTOOLS_MEMORY_MIB: u64 = 1024;
const PROBLEMTOOLS_OUTPUT_MIB: u64 = 8;
const DOMJUDGE_MEMORY_MIB: u64 = 2048;
const DOMJUDGE_OUTPUT_MIB: u64 = 8;

/// Reads the package at `root`, its cases in `data`.
pub fn read(root: &Path, data: &Path) -> Result<Package, Error> {
    let yaml_path = root.join("problem.yaml");
    let in_yaml = |error: Error| error.context(yaml_path.display());
    let yaml = match fs::read_to_string(&yaml_path) {
        Ok(text) => Some(yaml::parse(&text).map_err(in_yaml)?),
        Err(_) if !yaml_path.exists() => None,
        Err(error) => {
            return Err(Error::new(format!(
                "cannot read {}: {error}",
                yaml_path.display()
            )))
        }
    };
    let has_yaml = yaml.is_some();
    let empty = Node {
        line: 1,
        value: Value::Map(Vec::new()),
    };
    let yaml = yaml.as_ref().unwrap_or(&empty);
    if !matches!(yaml.value, Value::Map(_)) {
        return Err(in_yaml(yaml.error(format!(
            "the file is a {}, where the judges read a mapping of keys",
            yaml.kind()
        ))));
    }
    let at = |keys: &[&str]| -> Result<Option<&Node>, Error> {
        let mut value = yaml;
        for (depth, key) in keys.iter().enumerate() {
            if depth > 0 && !matches!(value.value, Value::Map(_)) {
                return Err(in_yaml(value.error(format!(
                    "`{}` is a {}, where a mapping goes",
                    keys[..depth].join("."),
                    value.kind()
                ))));
            }
            match value.get(key) {
                Some(inner) => value = inner,
                None => return Ok(None),
            }
        }
        Ok(Some(value))
    };
    let text_at = |keys: &[&str]| -> Result<Option<String>, Error> {
        match at(keys)? {
            Some(node) => node.text(&format!("`{}`", keys.join("."))).map_err(in_yaml),
            None => Ok(None),
        }
    };
    let version = match text_at(&["problem_format_version"])?.as_deref() {
        None | Some("legacy") | Some("legacy-icpc") => Version::Legacy,
        Some("2023-07-draft") | Some("2023-07") => Version::V2023_07,
        Some("2025-09") => Version::V2025_09,
        Some(other) => {
            return Err(Error::new(format!(
                "{}: problem_format_version {other} is not one cargo judge reads \
                 (legacy, 2023-07, 2025-09)",
                yaml_path.display()
            )))
        }
    };
    let modern = version != Version::Legacy;
    let format = if !has_yaml {
        "DOMjudge package".to_string()
    } else {
        match version {
            Version::Legacy => "ICPC package, problem.yaml legacy",
            Version::V2023_07 => "ICPC package, problem.yaml 2023-07",
            Version::V2025_09 => "ICPC package, problem.yaml 2025-09",
        }
        .to_string()
    };
    let constants = if modern {
        constants(at(&["constants"])?).map_err(in_yaml)?
    } else {
        Vec::new()
    };
    let validation = text_at(&["validation"])?;
    let validation_words: Vec<&str> = validation
        .as_deref()
        .map_or_else(Vec::new, |text| text.split_whitespace().collect());
    // `type` is one string of words (`pass-fail interactive`, the
    // format's own example; DOMjudge's ImportProblemService::parseYaml
    // splits it on spaces) or a list of them (problemtools'
    // Metadata2023_07).
    let types: Vec<String> = match at(&["type"])? {
        None => Vec::new(),
        Some(node) => match &node.value {
            Value::List(items) => {
                let mut words = Vec::new();
                for item in items {
                    let text = item.text("an item of `type`").map_err(in_yaml)?;
                    words.extend(
                        text.unwrap_or_default()
                            .split_whitespace()
                            .map(str::to_string),
                    );
                }
                words
            }
            _ => node
                .text("`type`")
                .map_err(in_yaml)?
                .unwrap_or_default()
                .split_whitespace()
                .map(str::to_string)
                .collect(),
        },
    };
    let validator_folder = validator_folder(root, modern);
    let validator_program = match &validator_folder {
        Some(folder) => Some(with_constants(&program_in(folder), &constants)?),
        None => None,
    };
    let unbatched = ["interactive", "multi-pass", "submit-answer"]
        .into_iter()
        .find_map(|kind| {
            let from = if types.iter().any(|word| word == kind) {
                format!("problem.yaml type: {kind}")
            } else if validation_words.first() == Some(&"custom")
                && validation_words.contains(&kind)
            {
                format!("problem.yaml validation: {}", validation_words.join(" "))
            } else {
                return None;
            };
            Some(Unbatched {
                kind: kind.to_string(),
                from,
                program: validator_program.clone(),
            })
        });
    let mut flags: Vec<String> = text_at(&["validator_flags"])?
        .map(|flags| flags.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    let (group_flags, group_from) = testdata_flags(root, data, &constants)?;
    // Where a test group's flags come from, for the report: they are not
    // problem.yaml's.
    let group_said = match group_from {
        Some(file) if !group_flags.is_empty() => {
            Some(format!("{} from {file}", group_flags.join(" ")))
        }
        _ => None,
    };
    flags.extend(group_flags);
    let custom = if modern {
        validator_folder.is_some()
    } else {
        match validation_words.first() {
            None | Some(&"default") => false,
            Some(&"custom") => true,
            Some(other) => {
                return Err(Error::new(format!(
                    "{}: validation {other} is neither default nor custom",
                    yaml_path.display()
                )))
            }
        }
    };
    // An interactive problem's validator is its interactor, named in
    // `unbatched`: never an output checker.
    let validation = if custom && unbatched.is_none() {
        match (validator_folder, validator_program) {
            (Some(folder), Some(program)) => custom_validation(root, folder, program, flags),
            // An error only where a checker is wanted: --checker judges
            // without it.
            _ => Validation::Missing {
                why: format!(
                    "{}: validation is custom, and there is no output_validators/ or \
                     output_validator/ folder; pass --checker",
                    root.display()
                ),
                testlib: false,
            },
        }
    } else {
        let mut from = match &validation {
            Some(validation) => format!("problem.yaml validation: {validation}"),
            None if modern => "problem.yaml, no output validator".to_string(),
            None => "problem.yaml states no validation".to_string(),
        };
        if let Some(group_said) = group_said {
            from = format!("{from}; {group_said}");
        }
        // A package DOMjudge's files mark is judged by DOMjudge's own
        // default validator, which differs from problemtools' (NUL bytes
        // count, numbers are long doubles, infinities and NaNs numbers).
        Validation::Default {
            flags,
            from,
            domjudge: has_any(root, &DOMJUDGE_FILES),
        }
    };
    // limits.memory and limits.output, whole MiB (problemtools' Limits
    // takes an int: a fraction is refused there, and here), else the
    // judge's default.
    let (default_memory, default_output, default_from) = if has_yaml {
        (
            PROBLEMTOOLS_MEMORY_MIB,
            PROBLEMTOOLS_OUTPUT_MIB,
            "problemtools' default: the package states none",
        )
    } else {
        (
            DOMJUDGE_MEMORY_MIB,
            DOMJUDGE_OUTPUT_MIB,
            "DOMjudge's default: the package states none",
        )
    };
    let stated_mebibytes = |key: &str, default: u64| -> Result<Option<Stated<u64>>, Error> {
        let what = format!("limits.{key}");
        let stated = match at(&["limits", key])? {
            Some(node) => match node.scalar(&what).map_err(in_yaml)? {
                Scalar::Null => None,
                value => Some(mebibytes(&value).ok_or_else(|| {
                    in_yaml(node.error(format!(
                        "{what} is {}, not a whole number of MiB",
                        shown(node)
                    )))
                })?),
            },
            None => None,
        };
        Ok(Some(match stated {
            Some(value) => Stated {
                value: value << 20,
                from: format!("problem.yaml limits.{key}"),
            },
            None => Stated {
                value: default << 20,
                from: default_from.to_string(),
            },
        }))
    };
    let memory = stated_mebibytes("memory", default_memory)?;
    let output = stated_mebibytes("output", default_output)?;
    let time_in_yaml = match at(&["limits", "time_limit"])? {
        Some(node) => match node.scalar("limits.time_limit").map_err(in_yaml)? {
            Scalar::Null => None,
            value => Some(number(&value).ok_or_else(|| {
                in_yaml(node.error(format!(
                    "limits.time_limit is {}, not a number of seconds",
                    shown(node)
                )))
            })?),
        },
        None => None,
    };
    let time = time_limit(root, time_in_yaml)?;
    Ok(Package {
        root: root.to_path_buf(),
        format,
        cases: Cases::Folder(data.to_path_buf()),
        time,
        memory,
        output,
        no_time_because: if modern || !yaml_path.is_file() {
            "the package states none"
        } else {
            "a legacy package states none: Kattis sets it from its judge solutions"
        },
        validation,
        unbatched,
        judge: if has_any(root, &DOMJUDGE_FILES) {
            super::kind_profile("domjudge", "the package's DOMjudge files")
        } else {
            super::kind_profile("icpc", "the package's problem.yaml")
        },
    })
}

/// A package's own output validator: `program` (a file, or a folder to
/// build whole) in `folder`, run with `flags`.
fn custom_validation(
    root: &Path,
    folder: PathBuf,
    program: PathBuf,
    flags: Vec<String>,
) -> Validation {
    let shown_program = program_in(&folder);
    let shown = shown_program
        .strip_prefix(root)
        .unwrap_or(&shown_program)
        .display()
        .to_string();
    let (dir, main) = if program.is_dir() {
        (program, None)
    } else {
        (folder, Some(program))
    };
    Validation::Icpc {
        source: Source {
            shown,
            dir,
            main,
            include: Vec::new(),
        },
        flags,
    }
}

/// A scalar node as its text, for an error.
fn shown(node: &Node) -> String {
    match &node.value {
        Value::Scalar { text, .. } => text.clone(),
        _ => format!("a {}", node.kind()),
    }
}

/// A number as problemtools' `float` takes one: an int, a float, or text
/// that reads as one (pydantic's lax mode).
fn number(value: &Scalar) -> Option<f64> {
    match value {
        Scalar::Int(value) => Some(*value as f64),
        Scalar::Float(value) => Some(*value),
        Scalar::Str(text) => text.trim().parse().ok(),
        _ => None,
    }
}

/// A whole number of MiB above 0, as problemtools' `int` takes one (a
/// float only when whole, text when it reads as an integer).
fn mebibytes(value: &Scalar) -> Option<u64> {
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

/// problem.yaml's `constants` (2023-07 and later): each `{{name}}` and
/// `{{name.variant}}` with the text it stands for. A value is an int, a
/// float or a string, or a mapping with `value` and string variants; a
/// number's text is Python's `str()` of it, as BAPCtools substitutes
/// (problem.py, `constants`; util.py, `substitute`).
fn constants(node: Option<&Node>) -> Result<Vec<(String, String)>, Error> {
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
fn substitute(text: &str, constants: &[(String, String)]) -> String {
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
fn with_constants(program: &Path, constants: &[(String, String)]) -> Result<PathBuf, Error> {
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

/// The folder of output validators, the format's own name first.
fn validator_folder(root: &Path, modern: bool) -> Option<PathBuf> {
    let names = if modern {
        ["output_validator", "output_validators"]
    } else {
        ["output_validators", "output_validator"]
    };
    names
        .iter()
        .map(|name| root.join(name))
        .find(|folder| folder.is_dir())
}

/// The program in a validators folder: the folder itself when it holds
/// sources (2023-07's `output_validator/`), else its first folder or file
/// by name (legacy `output_validators/<name>/`), as problemtools takes it.
fn program_in(folder: &Path) -> PathBuf {
    let mut entries: Vec<PathBuf> = fs::read_dir(folder)
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .collect()
        })
        .unwrap_or_default();
    entries.sort();
    let has_folders = entries.iter().any(|entry| entry.is_dir());
    match entries.iter().find(|entry| entry.is_dir()) {
        Some(first) if has_folders => first.clone(),
        _ => folder.to_path_buf(),
    }
}

fn seconds(value: f64) -> Option<Duration> {
    (value.is_finite() && value > 0.0 && value < 1e6).then(|| Duration::from_secs_f64(value))
}

/// A file of the package as text: None when it is not there, an error
/// when it is there and cannot be read (not UTF-8, say), as problemtools
/// reports one: dropping what it says would change the verdicts.
fn read_text(path: &Path) -> Result<Option<String>, Error> {
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

/// The stated time limit: problem.yaml's, else domjudge-problem.ini's,
/// else `.timelimit`'s.
fn time_limit(root: &Path, in_yaml: Option<f64>) -> Result<Option<Stated<Duration>>, Error> {
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

/// The names a test group's settings file has: 2025-09's `test_group.yaml`
/// first, then `testdata.yaml` (legacy, 2023-07), as DOMjudge's
/// ImportProblemService looks for them.
const GROUP_FILES: [&str; 2] = ["test_group.yaml", "testdata.yaml"];

/// The output validator flags a folder's `test_group.yaml` or
/// `testdata.yaml` states, if it does, and that file's path. The
/// package's constants are substituted in it first (spec 2025-09,
/// "Constants").
type GroupFlags = Option<(Vec<String>, PathBuf)>;

fn flags_in(folder: &Path, constants: &[(String, String)]) -> Result<GroupFlags, Error> {
    for name in GROUP_FILES {
        let path = folder.join(name);
        let Some(text) = read_text(&path)? else {
            continue;
        };
        let text = substitute(&text, constants);
        let in_file = |error: Error| error.context(path.display());
        let yaml = yaml::parse(&text).map_err(in_file)?;
        let value = ["output_validator_flags", "output_validator_args"]
            .iter()
            .find_map(|key| yaml.get(key).map(|node| (key, node)));
        let flags = match value {
            None => return Ok(None),
            Some((key, node)) => match &node.value {
                Value::List(items) => {
                    let mut flags = Vec::new();
                    for item in items {
                        let what = format!("an item of `{key}`");
                        flags.extend(item.text(&what).map_err(in_file)?);
                    }
                    flags
                }
                _ => node
                    .text(&format!("`{key}`"))
                    .map_err(in_file)?
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
            },
        };
        return Ok(Some((flags, path)));
    }
    Ok(None)
}

/// The test group flags the cases of `judged` (a folder in `data/`, or
/// `data/` itself) are checked with: its own, or its nearest parent's up
/// to `data/`, and the file they are in. An error when a folder below
/// states others: one run checks every case alike.
fn testdata_flags(
    root: &Path,
    judged: &Path,
    constants: &[(String, String)],
) -> Result<(Vec<String>, Option<String>), Error> {
    let data = root.join("data");
    let mut flags = Vec::new();
    let mut from = None;
    if let Ok(below) = judged.strip_prefix(&data) {
        let mut folder = data.clone();
        let mut take = |folder: &Path| -> Result<(), Error> {
            if let Some((stated, path)) = flags_in(folder, constants)? {
                flags = stated;
                let shown = path.strip_prefix(root).unwrap_or(&path);
                from = Some(shown.display().to_string());
            }
            Ok(())
        };
        take(&folder)?;
        for part in below.components() {
            folder.push(part);
            take(&folder)?;
        }
    }
    if let Some(other) = differing_below(judged, &flags, constants)? {
        return Err(Error::new(format!(
            "{} states output validator flags of its own, unlike the folders above it: \
             judge it on its own (give its folder to --samples)",
            other.display()
        )));
    }
    Ok((flags, from))
}

/// The settings file of a folder below `folder` that states flags other
/// than `flags`.
fn differing_below(
    folder: &Path,
    flags: &[String],
    constants: &[(String, String)],
) -> Result<Option<PathBuf>, Error> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Ok(None);
    };
    let mut folders: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    for inner in folders {
        let own = flags_in(&inner, constants)?;
        if let Some((own, path)) = &own {
            if own != flags {
                return Ok(Some(path.clone()));
            }
        }
        let inherited = own.map_or_else(|| flags.to_vec(), |(own, _)| own);
        if let Some(found) = differing_below(&inner, &inherited, constants)? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

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

/// Every problem.yaml of a corpus read by [`read`] and by PyYAML with
/// problemtools' rules (metadata.py: `parse_metadata`, the defaults of
/// config/problem.yaml; `type` split on spaces as DOMjudge's
/// ImportProblemService::parseYaml does), compared key by key: limits,
/// type, validator_flags and constants. Ignored unless asked for: it
/// needs YAML_CORPUS (folders to search, as PATH lists them) and Python 3
/// with PyYAML; docs/references.md says how to run it and what it found.
#[cfg(test)]
mod corpus {
    use super::*;
    use std::process::Command;

    const PYYAML: &str = r#"
import json, sys, yaml
for path in sys.argv[1:]:
    out = {"path": path}
    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
    except Exception as error:
        out["error"] = type(error).__name__
        print(json.dumps(out))
        continue
    data = {} if data is None else data
    limits = data.get("limits") or {}
    version = str(data.get("problem_format_version", "legacy"))
    kind = data.get("type", "pass-fail")
    words = kind.split() if isinstance(kind, str) else [w for x in kind for w in str(x).split()]
    validation = str(data.get("validation", "default")).split()
    if validation[:1] == ["custom"]:
        words += validation[1:]
    constants = data.get("constants") or {} if not version.startswith("legacy") else {}
    out.update({
        "memory": limits.get("memory", 1024),
        "output": limits.get("output", 8),
        "time_limit": limits.get("time_limit"),
        "interactive": "interactive" in words,
        "multi_pass": "multi-pass" in words,
        "flags": str(data.get("validator_flags", "")).split(),
        "constants": {k: str(v["value"] if isinstance(v, dict) else v) for k, v in constants.items()},
    })
    print(json.dumps(out))
"#;

    fn problem_yamls(folder: &Path, found: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(folder) else {
            return;
        };
        let mut entries: Vec<PathBuf> = entries.flatten().map(|entry| entry.path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                problem_yamls(&path, found);
            } else if path.file_name().is_some_and(|name| name == "problem.yaml") {
                found.push(path);
            }
        }
    }

    #[test]
    #[ignore = "needs YAML_CORPUS (folders of problem packages) and Python 3 with PyYAML"]
    fn every_problem_yaml_of_a_corpus_reads_as_pyyaml_reads_it() {
        let folders = std::env::var_os("YAML_CORPUS").expect("set YAML_CORPUS");
        let mut paths = Vec::new();
        for folder in std::env::split_paths(&folders) {
            problem_yamls(&folder, &mut paths);
        }
        assert!(!paths.is_empty(), "no problem.yaml under YAML_CORPUS");
        let python = Command::new("python3")
            .arg("-c")
            .arg(PYYAML)
            .args(&paths)
            .output()
            .expect("python3");
        assert!(
            python.status.success(),
            "{}",
            String::from_utf8_lossy(&python.stderr)
        );
        let expected: Vec<serde_json::Value> = String::from_utf8(python.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let (mut agreed, mut refused, mut differ) = (0, Vec::new(), Vec::new());
        for (path, want) in paths.iter().zip(&expected) {
            let root = path.parent().unwrap();
            let package = match read(root, &root.join("data")) {
                Ok(package) => package,
                Err(error) => {
                    let error = error.to_string();
                    // Refusals that are not about reading YAML: a group
                    // judged apart, a validator folder missing.
                    let apart = error.contains("judge it on its own")
                        || error.contains("there is no output_validators/");
                    // What the file does not say clearly, refused on
                    // purpose: PyYAML reads it one way, others another.
                    let unclear = [
                        "written twice",
                        "which YAML 1.1",
                        "nested deeper",
                        "where text goes",
                    ]
                    .iter()
                    .any(|said| error.contains(said));
                    if want.get("error").is_some() || apart || unclear {
                        refused.push(format!("{}: {error}", path.display()));
                    } else {
                        differ.push(format!(
                            "{}: PyYAML reads it, the tool: {error}",
                            path.display()
                        ));
                    }
                    continue;
                }
            };
            if let Some(error) = want.get("error") {
                differ.push(format!(
                    "{}: PyYAML: {error}, the tool reads it",
                    path.display()
                ));
                continue;
            }
            let mut wrong = Vec::new();
            let mib =
                |stated: &Option<Stated<u64>>| stated.as_ref().map(|s| (s.value >> 20) as f64);
            if mib(&package.memory) != want["memory"].as_f64() {
                wrong.push(format!(
                    "memory {:?} against {}",
                    mib(&package.memory),
                    want["memory"]
                ));
            }
            if mib(&package.output) != want["output"].as_f64() {
                wrong.push(format!(
                    "output {:?} against {}",
                    mib(&package.output),
                    want["output"]
                ));
            }
            if let Some(time) = want["time_limit"].as_f64() {
                let read = package.time.as_ref().map(|s| s.value.as_secs_f64());
                if read.map_or(true, |read| (read - time).abs() > 1e-9) {
                    wrong.push(format!("time {read:?} against {time}"));
                }
            }
            let kind = package.unbatched.as_ref().map(|u| u.kind.as_str());
            let want_kind = if want["interactive"] == true {
                Some("interactive")
            } else if want["multi_pass"] == true {
                Some("multi-pass")
            } else {
                None
            };
            if kind != want_kind && !(want_kind.is_none() && kind == Some("submit-answer")) {
                wrong.push(format!("kind {kind:?} against {want_kind:?}"));
            }
            let flags: Vec<&str> = match &package.validation {
                Validation::Default { flags, .. } | Validation::Icpc { flags, .. } => {
                    flags.iter().map(String::as_str).collect()
                }
                Validation::Testlib(_) | Validation::Missing { .. } => Vec::new(),
            };
            let want_flags: Vec<&str> = want["flags"]
                .as_array()
                .unwrap()
                .iter()
                .map(|flag| flag.as_str().unwrap())
                .collect();
            if package.unbatched.is_none() && !flags.starts_with(&want_flags) {
                wrong.push(format!("flags {flags:?} against {want_flags:?}"));
            }
            let text = fs::read_to_string(path).unwrap();
            let yaml = yaml::parse(&text).unwrap();
            let version = yaml
                .get("problem_format_version")
                .and_then(|node| node.text("v").ok().flatten());
            let modern = version.is_some_and(|version| !version.starts_with("legacy"));
            let constants = if modern {
                constants(yaml.get("constants")).unwrap()
            } else {
                Vec::new()
            };
            for (name, value) in want["constants"].as_object().unwrap() {
                let read = constants.iter().find(|(key, _)| key == name);
                if read.map(|(_, text)| text.as_str()) != value.as_str() {
                    wrong.push(format!("constant {name}: {read:?} against {value}"));
                }
            }
            if wrong.is_empty() {
                agreed += 1;
            } else {
                differ.push(format!("{}: {}", path.display(), wrong.join("; ")));
            }
        }
        eprintln!(
            "{} problem.yaml files: {agreed} read alike, {} refused by both or judged apart, {} differ",
            paths.len(),
            refused.len(),
            differ.len()
        );
        for line in &refused {
            eprintln!("  refused: {line}");
        }
        assert!(differ.is_empty(), "{}", differ.join("\n"));
    }
}
