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
//!
//! This file reads problem.yaml and puts the package together; its parts
//! are files of their own under `icpc/`: the limits (`limits.rs`), the
//! output validator's folder and program (`output_validator.rs`), the
//! test groups' flags (`test_groups.rs`), and the package's files read as
//! text with the constants substituted in them (`constants.rs`).

mod constants;
mod limits;
mod output_validator;
mod test_groups;

use super::yaml::{self, Node, Scalar, Value};
use super::{Cases, Package, Stated, Unbatched, Validation};
use crate::error::Error;
use constants::{constants, with_constants};
use limits::{mebibytes, number, shown, time_limit};
use output_validator::{custom_validation, program_in, validator_folder};
use std::fs;
use std::path::Path;
use test_groups::testdata_flags;

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
    // takes an int: a fraction is refused there, and here); where the
    // package states none, the judge's default, chosen by the profile
    // that judges it (`plan`).
    let stated_mebibytes = |key: &str| -> Result<Option<Stated<u64>>, Error> {
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
        Ok(stated.map(|value| Stated {
            value: value << 20,
            from: format!("problem.yaml limits.{key}"),
        }))
    };
    let memory = stated_mebibytes("memory")?;
    let output = stated_mebibytes("output")?;
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
        judge_defaults: true,
        judge: if has_any(root, &DOMJUDGE_FILES) {
            super::kind_profile("domjudge", "the package's DOMjudge files")
        } else {
            super::kind_profile("icpc", "the package's problem.yaml")
        },
    })
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
    use std::path::PathBuf;
    use std::process::Command;

    const PYYAML: &str = r#"
import json, sys, yaml
for path in sys.argv[1:]:
    out = {"path": path}
    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
        # problemtools' load_metadata: None is {}; what is no mapping, or
        # limits that are none, pydantic refuses.
        data = {} if data is None else data
        limits = data.get("limits") or {}
        # pydantic's int (problemtools' Limits): a fraction is refused.
        for key in ("memory", "output"):
            if isinstance(limits.get(key), float) and not limits[key].is_integer():
                raise ValueError(key)
    except Exception as error:
        out["error"] = type(error).__name__
        print(json.dumps(out))
        continue
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
                        "a second `<<` in one mapping",
                        "a line break to YAML 1.1",
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
            // Unstated, problemtools' default, as plan() gives it under
            // the icpc profile.
            let defaults = crate::rules::profile::PROBLEMTOOLS_DEFAULTS;
            let mib = |stated: &Option<Stated<u64>>, default: u64| {
                Some(stated.as_ref().map_or(default, |s| s.value >> 20) as f64)
            };
            let memory = mib(&package.memory, defaults.memory_mib);
            if memory != want["memory"].as_f64() {
                wrong.push(format!("memory {memory:?} against {}", want["memory"]));
            }
            let output = mib(&package.output, defaults.output_mib);
            if output != want["output"].as_f64() {
                wrong.push(format!("output {output:?} against {}", want["output"]));
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
