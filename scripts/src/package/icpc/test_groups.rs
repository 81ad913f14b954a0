//! Test groups' output validator flags: `test_group.yaml` (2025-09) or
//! `testdata.yaml` (legacy, 2023-07) in `data/` and its folders, as a
//! group inherits them from the folders above it.

use super::constants::{read_text, substitute};
use crate::error::Error;
use crate::package::yaml::{self, Value};
use std::fs;
use std::path::{Path, PathBuf};

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
pub(super) fn testdata_flags(
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
