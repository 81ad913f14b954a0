//! ICPC problem packages (Kattis' problemtools, DOMjudge): `problem.yaml`
//! in the legacy format or 2023-07, DOMjudge's `domjudge-problem.ini` and
//! `.timelimit`, the cases in `data/`, the output validator in
//! `output_validators/<name>/` (legacy) or `output_validator/` (2023-07).
//!
//! What is read, and from where:
//! - type: 2023-07's `type` (`pass-fail`, `scoring`, `interactive`,
//!   `multi-pass`, `submit-answer`, or a list of them); legacy's
//!   `validation: custom interactive` (and DOMjudge's `custom multi-pass`).
//! - time limit, in seconds: `limits: time_limit` (2023-07, and DOMjudge
//!   in either format), else `timelimit` in `domjudge-problem.ini`, else
//!   the `.timelimit` file, as DOMjudge takes them. A legacy package
//!   usually states none: Kattis sets it from its judge solutions.
//! - memory limit, in MiB: `limits: memory`; output limit, in MiB:
//!   `limits: output`.
//! - checker: legacy `validation: default` (the ICPC default validator)
//!   or `custom` (the package's validator); in 2023-07 the validator when
//!   the package has one. `validator_flags` go to either, and after them
//!   those of `testdata.yaml` (`output_validator_flags`, 2023-07's
//!   `output_validator_args`): the judged folder's own or its nearest
//!   folder's up to `data/`, as a test group inherits them. A group below
//!   with flags of its own is judged on its own: its folder to --samples.

use super::build::Source;
use super::yaml::{self, Yaml};
use super::{Cases, Package, Stated, Unbatched, Validation};
use crate::error::Error;
use std::fs;
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
    let empty = Yaml::Map(Vec::new());
    let yaml = yaml.as_ref().unwrap_or(&empty);
    let text_at = |keys: &[&str]| -> Result<Option<String>, Error> {
        let mut value = yaml;
        for key in keys {
            match value.get(key) {
                Some(inner) => value = inner,
                None => return Ok(None),
            }
        }
        match value {
            Yaml::Scalar(_) => Ok(value.text().map(str::to_string)),
            _ => Err(Error::new(format!(
                "{}: `{}` is not written as a plain value",
                yaml_path.display(),
                keys.join(".")
            ))),
        }
    };
    let version = text_at(&["problem_format_version"])?;
    let modern = match version.as_deref() {
        None | Some("legacy") => false,
        Some(version) if version.starts_with("2023-07") => true,
        Some(other) => {
            return Err(Error::new(format!(
                "{}: problem_format_version {other} is not one cargo judge reads \
                 (legacy, 2023-07)",
                yaml_path.display()
            )))
        }
    };
    let format = if !root.join("problem.yaml").is_file() {
        "DOMjudge package".to_string()
    } else if modern {
        "ICPC package, problem.yaml 2023-07".to_string()
    } else {
        "ICPC package, problem.yaml legacy".to_string()
    };
    let validation = text_at(&["validation"])?;
    let validation_words: Vec<&str> = validation
        .as_deref()
        .map_or_else(Vec::new, |text| text.split_whitespace().collect());
    let types: Vec<String> = match yaml.get("type") {
        None => Vec::new(),
        Some(Yaml::List(items)) => items
            .iter()
            .filter_map(|item| item.text().map(str::to_string))
            .collect(),
        Some(value) => value.text().map(str::to_string).into_iter().collect(),
    };
    let validator_folder = validator_folder(root, modern);
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
                program: validator_folder.as_ref().map(|folder| program_in(folder)),
            })
        });
    let mut flags: Vec<String> = text_at(&["validator_flags"])?
        .map(|flags| flags.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    flags.extend(testdata_flags(root, data)?);
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
        let folder = validator_folder.ok_or_else(|| {
            Error::new(format!(
                "{}: validation is custom, and there is no output_validators/ or \
                 output_validator/ folder; pass --checker",
                root.display()
            ))
        })?;
        let program = program_in(&folder);
        let shown = program
            .strip_prefix(root)
            .unwrap_or(&program)
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
    } else {
        let from = match &validation {
            Some(validation) => format!("problem.yaml validation: {validation}"),
            None if modern => "problem.yaml, no output validator".to_string(),
            None => "problem.yaml states no validation".to_string(),
        };
        // A package DOMjudge's files mark is judged by DOMjudge's own
        // default validator, which differs from problemtools' (NUL bytes
        // count, numbers are long doubles, infinities and NaNs numbers).
        Validation::Default {
            flags,
            from,
            domjudge: has_any(root, &DOMJUDGE_FILES),
        }
    };
    // limits.memory and limits.output, both in MiB.
    let stated_mebibytes = |key: &str| -> Result<Option<Stated<u64>>, Error> {
        let Some(text) = text_at(&["limits", key])? else {
            return Ok(None);
        };
        Ok(Some(Stated {
            value: mebibytes(&text).ok_or_else(|| {
                Error::new(format!(
                    "{}: limits.{key} is {text}, not a number of MiB",
                    yaml_path.display()
                ))
            })?,
            from: format!("problem.yaml limits.{key}"),
        }))
    };
    let memory = stated_mebibytes("memory")?;
    let output = stated_mebibytes("output")?;
    let time = time_limit(root, text_at(&["limits", "time_limit"])?)?;
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
    })
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

fn mebibytes(text: &str) -> Option<u64> {
    let value: f64 = text.trim().parse().ok()?;
    (value.is_finite() && value > 0.0).then_some((value * (1u64 << 20) as f64) as u64)
}

fn seconds(text: &str) -> Option<Duration> {
    let value: f64 = text
        .trim()
        .trim_matches(|character| character == '"' || character == '\'')
        .parse()
        .ok()?;
    (value.is_finite() && value > 0.0 && value < 1e6).then(|| Duration::from_secs_f64(value))
}

/// The stated time limit: problem.yaml's, else domjudge-problem.ini's,
/// else `.timelimit`'s.
fn time_limit(root: &Path, in_yaml: Option<String>) -> Result<Option<Stated<Duration>>, Error> {
    let stated = |text: &str, from: &str| {
        seconds(text)
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
    if let Some(text) = in_yaml {
        return stated(&text, "problem.yaml limits.time_limit").map(Some);
    }
    if let Ok(ini) = fs::read_to_string(root.join("domjudge-problem.ini")) {
        let line = ini.lines().find_map(|line| {
            let (key, value) = line.split_once('=')?;
            (key.trim() == "timelimit").then(|| value.trim().to_string())
        });
        if let Some(value) = line {
            return stated(&value, "domjudge-problem.ini timelimit").map(Some);
        }
    }
    match fs::read_to_string(root.join(".timelimit")) {
        Ok(text) => stated(text.trim(), ".timelimit").map(Some),
        Err(_) => Ok(None),
    }
}

/// The output validator flags a `testdata.yaml` states, if it does.
fn flags_in(folder: &Path) -> Result<Option<Vec<String>>, Error> {
    let path = folder.join("testdata.yaml");
    let Ok(text) = fs::read_to_string(&path) else {
        return Ok(None);
    };
    let yaml = yaml::parse(&text).map_err(|error| error.context(path.display()))?;
    let value = ["output_validator_flags", "output_validator_args"]
        .iter()
        .find_map(|key| yaml.get(key));
    Ok(match value {
        None => None,
        Some(Yaml::List(items)) => Some(
            items
                .iter()
                .filter_map(|item| item.text().map(str::to_string))
                .collect(),
        ),
        Some(value) => Some(
            value
                .text()
                .unwrap_or_default()
                .split_whitespace()
                .map(str::to_string)
                .collect(),
        ),
    })
}

/// The `testdata.yaml` flags the cases of `judged` (a folder in `data/`,
/// or `data/` itself) are checked with: its own, or its nearest parent's
/// up to `data/`. An error when a folder below states others: one run
/// checks every case alike.
fn testdata_flags(root: &Path, judged: &Path) -> Result<Vec<String>, Error> {
    let data = root.join("data");
    let mut flags = Vec::new();
    if let Ok(below) = judged.strip_prefix(&data) {
        let mut folder = data.clone();
        if let Some(stated) = flags_in(&folder)? {
            flags = stated;
        }
        for part in below.components() {
            folder.push(part);
            if let Some(stated) = flags_in(&folder)? {
                flags = stated;
            }
        }
    }
    if let Some(other) = differing_below(judged, &flags)? {
        return Err(Error::new(format!(
            "{} states output validator flags of its own, unlike the folders above it: \
             judge it on its own (give its folder to --samples)",
            other.join("testdata.yaml").display()
        )));
    }
    Ok(flags)
}

/// A folder below `folder` whose testdata.yaml states flags other than
/// `flags`.
fn differing_below(folder: &Path, flags: &[String]) -> Result<Option<PathBuf>, Error> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Ok(None);
    };
    let mut folders: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    for inner in folders {
        let own = flags_in(&inner)?;
        if own.as_deref().is_some_and(|own| own != flags) {
            return Ok(Some(inner));
        }
        let inherited = own.unwrap_or_else(|| flags.to_vec());
        if let Some(found) = differing_below(&inner, &inherited)? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}
