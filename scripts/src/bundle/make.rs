//! How one crate's bundle is made: from the pinned crates' committed
//! expansion where it covers the crate (no cargo-equip needed), else by
//! cargo-equip; either way then slimmed ([`super::slim()`]) and laid out
//! with tabs by rustfmt. `--compare-equip` makes it both ways and holds
//! the two texts against each other.

use super::equip;
use super::pinned::{self, Pinned};
use super::slim::slim;
use super::splice::{self, Unsupported};
use crate::command;
use crate::error::Error;
use crate::workspace::{cargo, Problem, Workspace};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Why cargo-equip cannot help with proconio's proc macros, as trying it
/// on real `#[fastout]` solutions found (docs/bundle.md): it expands them
/// with a rust-analyzer proc-macro server that cannot load a
/// proconio-derive built by today's rustc.
pub const NO_PROC_MACROS: &str = "cargo-equip 0.20.1 cannot expand them either (its \
     rust-analyzer proc-macro server cannot load a proconio-derive built by this rustc: \
     \"proc-macro server's api version (6) is newer than rust-analyzer's (2)\"), so it is not \
     installed for this";

/// Makes the bundles of a workspace's crates.
pub struct Maker<'a> {
    workspace: &'a Workspace,
    /// `cargo metadata` with the resolve: what each crate depends on.
    metadata: Value,
    pinned: Pinned,
    submit_dir: PathBuf,
}

/// How a crate's cargo-equip text is made.
pub enum How {
    /// By the splice: its text, before rustfmt, and why cargo-equip's
    /// text cannot be compared with it, where it cannot (the splice
    /// expanded `#[fastout]`, which cargo-equip cannot).
    Splice(String, Option<String>),
    /// By cargo-equip, for this reason.
    Equip(String),
    /// By neither: why, and how to change the crate.
    Neither(String),
}

impl How {
    fn refused(refused: Unsupported) -> How {
        match refused {
            Unsupported::Equip(why) => How::Equip(why),
            Unsupported::Neither(why) => How::Neither(why),
        }
    }
}

/// One crate's bundle, made.
pub struct Made {
    /// `target/submit/<crate>.rs`.
    pub path: PathBuf,
    /// The splice's text was held against cargo-equip's (`compare`, and
    /// the splice made it).
    pub compared: bool,
    /// Where the two part, when they were compared and differ.
    pub differs: Option<String>,
}

impl<'a> Maker<'a> {
    pub fn new(workspace: &'a Workspace, submit_dir: &Path) -> Result<Maker<'a>, Error> {
        let output = command::run(
            cargo()
                .args(["metadata", "--format-version", "1"])
                .current_dir(&workspace.root),
        )?;
        let metadata = serde_json::from_slice(&output)
            .map_err(|error| Error::new(format!("cannot read cargo metadata's output: {error}")))?;
        Ok(Maker {
            workspace,
            metadata,
            pinned: Pinned::committed()?,
            submit_dir: submit_dir.to_path_buf(),
        })
    }

    /// How `problem`'s bundle is made: the splice's text when the
    /// committed expansion covers the crate and the splice does all that
    /// cargo-equip would do to its code, else why not.
    pub fn how(&self, problem: &Problem) -> How {
        if self.pinned.equip_version != equip::EQUIP_VERSION {
            return How::Equip(format!(
                "the committed expansion was made by cargo-equip {}, bundles are made with {}",
                self.pinned.equip_version,
                equip::EQUIP_VERSION
            ));
        }
        let built = match pinned::built_for(&self.workspace.root, &problem.name) {
            Ok(built) => built,
            Err(error) => return How::Equip(format!("cargo tree failed: {error}")),
        };
        let expansion = match self
            .pinned
            .expansion_for(&self.metadata, &problem.name, &built)
        {
            Ok(expansion) => expansion,
            Err(refused) => return How::refused(refused),
        };
        let main = self.main_source(problem);
        let dependencies = pinned::dependency_names(&self.metadata, &problem.name);
        let not_comparable = if expansion.derive {
            Some(
                "proconio is built with `derive`: the splice expands its `#[fastout]` as \
                 proconio-derive 0.2.1 does, which cargo-equip 0.20.1 cannot"
                    .to_string(),
            )
        } else if workspace_builds_derive(&self.metadata) {
            Some(
                "another crate of the workspace builds proconio with `derive`, and cargo-equip \
                 0.20.1, which resolves features over the whole workspace, would expand \
                 proconio-derive for this crate too, which it cannot"
                    .to_string(),
            )
        } else {
            None
        };
        match splice::equip_text(&main, expansion.text, &dependencies, expansion.derive) {
            Ok(text) => How::Splice(text, not_comparable),
            Err(refused) => How::refused(refused),
        }
    }

    /// Makes `target/submit/<crate>.rs` afresh as `how` says; with
    /// `compare`, the splice's text is held against cargo-equip's.
    pub fn make(&self, problem: &Problem, how: &How, compare: bool) -> Result<Made, Error> {
        let compared = compare && matches!(how, How::Splice(_, None));
        let (text, differs) = match how {
            How::Splice(raw, _) => {
                let edition = pinned::edition(&self.metadata, &problem.name);
                let text = splice::rustfmt_as_equip(
                    raw,
                    &edition,
                    &self.workspace.root,
                    &self.submit_dir.join("rustfmt"),
                    &problem.name,
                )?;
                let differs = if compared {
                    let equipped = equip::run(self.workspace, problem, &self.submit_dir)?;
                    first_difference(&text, &equipped)
                } else {
                    None
                };
                (text, differs)
            }
            How::Equip(_) => (equip::run(self.workspace, problem, &self.submit_dir)?, None),
            How::Neither(why) => return Err(Error::new(format!("cannot be bundled: {why}"))),
        };
        let path = self.finish(problem, &text)?;
        Ok(Made {
            path,
            compared,
            differs,
        })
    }

    /// The source file of the crate's binary named after it.
    fn main_source(&self, problem: &Problem) -> PathBuf {
        self.metadata["packages"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|package| package["name"] == problem.name.as_str())
            .flat_map(|package| package["targets"].as_array().into_iter().flatten())
            .find(|target| {
                target["name"] == problem.name.as_str()
                    && target["kind"]
                        .as_array()
                        .is_some_and(|kinds| kinds.iter().any(|kind| kind == "bin"))
            })
            .and_then(|target| target["src_path"].as_str())
            .map_or_else(|| problem.dir.join("src").join("main.rs"), PathBuf::from)
    }

    /// Slims cargo-equip's text and lays it out with tabs, into
    /// `target/submit/<crate>.rs`.
    fn finish(&self, problem: &Problem, text: &str) -> Result<PathBuf, Error> {
        let path = self.submit_dir.join(format!("{}.rs", problem.name));
        fs::write(&path, slim(text))
            .map_err(|error| Error::new(format!("cannot write {}: {error}", path.display())))?;
        // Tabs and long lines: rustfmt only moves whitespace between tokens,
        // and the file is smaller by a tenth.
        let status = Command::new("rustfmt")
            .args([
                "--edition",
                "2021",
                "--config",
                "hard_tabs=true,max_width=160,use_small_heuristics=Max",
            ])
            .arg(&path)
            .status()
            .map_err(|error| Error::new(format!("cannot run rustfmt: {error}")))?;
        if !status.success() {
            return Err("rustfmt failed on the bundle".into());
        }
        Ok(path)
    }
}

/// Whether `cargo metadata`'s resolve, which unifies features over the
/// workspace as cargo-equip 0.20.1 does (it knows only resolver 1), builds
/// proconio with `derive`: cargo-equip then loads proconio-derive for every
/// crate of the workspace and fails on each (seen on the corpus of
/// docs/references.md: every crate without `#[fastout]` beside one with it).
fn workspace_builds_derive(metadata: &Value) -> bool {
    let ids: Vec<&str> = metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|package| package["name"] == "proconio")
        .filter_map(|package| package["id"].as_str())
        .collect();
    metadata["resolve"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|node| node["id"].as_str().is_some_and(|id| ids.contains(&id)))
        .flat_map(|node| node["features"].as_array().into_iter().flatten())
        .any(|feature| feature == "derive")
}

/// Says on stderr why cargo-equip makes a crate's bundle.
pub fn tell_equip(problem: &Problem, why: &str) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "{}: made by cargo-equip, not from the pinned crates' committed expansion: {why}",
        problem.name
    );
}

/// Where `ours` and `theirs` first differ, by line, or None when they are
/// the same bytes.
pub fn first_difference(ours: &str, theirs: &str) -> Option<String> {
    if ours == theirs {
        return None;
    }
    let mut ours_lines = ours.split_inclusive('\n');
    let mut theirs_lines = theirs.split_inclusive('\n');
    let mut line = 1;
    loop {
        match (ours_lines.next(), theirs_lines.next()) {
            (Some(one), Some(other)) if one == other => line += 1,
            (one, other) => {
                let show = |text: Option<&str>| {
                    text.map_or("(the end)".to_string(), |text| {
                        let text: String = text.chars().take(120).collect();
                        format!("{text:?}")
                    })
                };
                return Some(format!(
                    "line {line}: the splice has {}, cargo-equip {}",
                    show(one),
                    show(other)
                ));
            }
        }
    }
}
