//! A package's own output validator: its folder (legacy's
//! `output_validators/<name>/`, 2023-07's and 2025-09's
//! `output_validator/`), the program in it, and the source to build.

use crate::package::build::Source;
use crate::package::Validation;
use std::fs;
use std::path::{Path, PathBuf};

/// A package's own output validator: `program` (a file, or a folder to
/// build whole) in `folder`, run with `flags`.
pub(super) fn custom_validation(
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

/// The folder of output validators, the format's own name first.
pub(super) fn validator_folder(root: &Path, modern: bool) -> Option<PathBuf> {
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

/// The program in a validators folder. 2023-07's and 2025-09's
/// `output_validator/` is one program, the folder whole with all its
/// files and sub-folders (spec 2025-09, "Output validator": a program "in
/// the directory `output_validator/`"; "Programs": "if a program consists
/// of several files, these must be provided in a single directory";
/// BAPCtools' `Problem._validators` builds `output_validator/` as one
/// program): an `include/` or `tools/` in it is part of it, never the
/// program. Legacy's `output_validators/` holds programs, one a folder
/// or file: its first folder by name (`output_validators/<name>/`), or
/// the folder itself when it holds only files, as problemtools takes it.
pub(super) fn program_in(folder: &Path) -> PathBuf {
    if folder
        .file_name()
        .is_some_and(|name| name == "output_validator")
    {
        return folder.to_path_buf();
    }
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
