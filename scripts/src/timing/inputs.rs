//! The inputs a crate is timed on: its judge sample and what its example
//! `<crate>-bench-inputs` writes, made afresh in `target/timing/<crate>/`;
//! and the rows they make: each `.in` file a row, each folder of `.in`
//! files one row for its slowest file, `slow/` only on request.

use crate::cases::natural_order;
use crate::command;
use crate::error::Error;
use crate::workspace::{Problem, Workspace};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One row's input: a file, or the files of a folder (the row is the
/// slowest of them).
#[derive(Debug, PartialEq)]
pub struct Input {
    pub name: String,
    pub files: Vec<PathBuf>,
}

/// The crate's inputs in `target/timing/<crate>/`, made afresh.
pub fn make(workspace: &Workspace, problem: &Problem, timing_dir: &Path) -> Result<PathBuf, Error> {
    let dir = timing_dir.join(&problem.name);
    if dir.exists() {
        fs::remove_dir_all(&dir)
            .map_err(|error| Error::new(format!("cannot clear {}: {error}", dir.display())))?;
    }
    fs::create_dir_all(&dir)
        .map_err(|error| Error::new(format!("cannot create {}: {error}", dir.display())))?;
    for extension in ["in", "out"] {
        let sample = problem.samples.join(format!("1.{extension}"));
        if sample.is_file() {
            fs::copy(&sample, dir.join(format!("0-judge-sample.{extension}"))).map_err(
                |error| Error::new(format!("cannot copy {}: {error}", sample.display())),
            )?;
        }
    }
    if let Some(example) = problem.example("bench-inputs") {
        // What it says shows as it comes.
        command::run(
            Command::new(workspace.release_example(&example))
                .arg(&dir)
                .current_dir(&workspace.root)
                .stdout(Stdio::inherit())
                .stderr(Stdio::inherit()),
        )?;
    }
    Ok(dir)
}

/// The rows of `dir`: each `.in` file, each folder of `.in` files, and with
/// `slow` each input in `slow/` (a file its own row, a folder its slowest);
/// also how many inputs in `slow/` were left out.
pub fn scan(dir: &Path, slow: bool) -> Result<(Vec<Input>, usize), Error> {
    let mut inputs = Vec::new();
    let mut skipped = 0;
    for (name, path) in sorted_entries(dir)? {
        if path.is_dir() && name == "slow" {
            let (slow_inputs, _) = scan(&path, false)?;
            if slow {
                inputs.extend(slow_inputs.into_iter().map(|input| Input {
                    name: format!("slow/{}", input.name),
                    files: input.files,
                }));
            } else {
                skipped += slow_inputs
                    .iter()
                    .map(|input| input.files.len())
                    .sum::<usize>();
            }
        } else if path.is_dir() {
            let files = input_files(&path)?;
            if !files.is_empty() {
                inputs.push(Input { name, files });
            }
        } else if let Some(stem) = name.strip_suffix(".in") {
            inputs.push(Input {
                name: stem.to_string(),
                files: vec![path],
            });
        }
    }
    Ok((inputs, skipped))
}

fn input_files(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    Ok(sorted_entries(dir)?
        .into_iter()
        .map(|(_, file)| file)
        .filter(|file| {
            file.is_file() && file.extension().is_some_and(|extension| extension == "in")
        })
        .collect())
}

fn sorted_entries(dir: &Path) -> Result<Vec<(String, PathBuf)>, Error> {
    let mut entries: Vec<(String, PathBuf)> = fs::read_dir(dir)
        .and_then(|entries| {
            entries
                .map(|entry| {
                    entry.map(|entry| {
                        (
                            entry.file_name().to_string_lossy().into_owned(),
                            entry.path(),
                        )
                    })
                })
                .collect()
        })
        .map_err(|error| Error::new(format!("cannot read {}: {error}", dir.display())))?;
    // By name without `.in`, so that `a.in` comes before `a-x10.in`.
    let stem = |name: &str| name.strip_suffix(".in").unwrap_or(name).to_string();
    entries.sort_by(|one, other| natural_order(&stem(&one.0), &stem(&other.0)));
    Ok(entries)
}

impl Input {
    /// The row's label once the slowest file of a folder is known.
    pub fn label(&self, file: &Path) -> String {
        if self.files.len() > 1 {
            let stem = file.file_stem().unwrap_or_default().to_string_lossy();
            format!("{}/{stem} (slowest of {})", self.name, self.files.len())
        } else {
            self.name.clone()
        }
    }

    /// The longest label the row can get.
    pub fn widest_label(&self) -> usize {
        self.files
            .iter()
            .map(|file| self.label(file).chars().count())
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_files_folders_and_slow_ones_on_request() {
        let dir = std::env::temp_dir().join(format!("timing-scan-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for file in [
            "10-b.in",
            "2-a.in",
            "2-a.out",
            "3-set/2.in",
            "3-set/10.in",
            "slow/x.in",
        ] {
            let path = dir.join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "").unwrap();
        }
        let names = |inputs: &[Input]| -> Vec<(String, usize)> {
            inputs
                .iter()
                .map(|input| (input.name.clone(), input.files.len()))
                .collect()
        };
        let (inputs, skipped) = scan(&dir, false).unwrap();
        let expected = |name: &str, files| (name.to_string(), files);
        assert_eq!(
            names(&inputs),
            [
                expected("2-a", 1),
                expected("3-set", 2),
                expected("10-b", 1)
            ]
        );
        assert_eq!(skipped, 1);
        assert!(inputs[1].files[0].ends_with("3-set/2.in"));
        let (inputs, skipped) = scan(&dir, true).unwrap();
        assert_eq!(names(&inputs).last(), Some(&expected("slow/x", 1)));
        assert_eq!(skipped, 0);
        let _ = fs::remove_dir_all(&dir);
    }
}
