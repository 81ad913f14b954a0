//! `--compare REV`: the solutions as they are at another commit, checked
//! out and built apart from the work tree, both kept for the next
//! comparison.
//!
//! The checkout is `target/timing/rev/<commit>/`: the commit's files, the
//! same whatever builds them. The build is
//! `target/timing/rev/<commit>-<key>/`, a target folder for each commit and
//! [`build_key`]: the compiler as `rustc -vV` names it, the profile and the
//! flags rustc is given. A toolchain update therefore builds REV again,
//! instead of timing the new compiler's binaries against the old one's.

use crate::command;
use crate::error::Error;
use crate::workspace::{self, Problem, Workspace};
use serde_json::Value;
use std::env;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The profile the solutions are timed in, at REV as in the work tree
/// (`cargo build --release`).
pub const PROFILE: &str = "release";

/// The environment variables through which rustc's flags reach every
/// build cargo runs: a build with other flags is another build.
const FLAG_VARIABLES: [&str; 2] = ["RUSTFLAGS", "CARGO_ENCODED_RUSTFLAGS"];

/// The compiler that builds in a folder, as `rustc -vV` there names it
/// (`RUSTC`, or the `rustc` that rustup picks for that folder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compiler {
    /// `rustc -vV`'s whole output: version, commit, host, LLVM version.
    pub verbose: String,
}

impl Compiler {
    pub fn in_dir(dir: &Path) -> Result<Compiler, Error> {
        let output = command::run(workspace::rustc().arg("-vV").current_dir(dir))?;
        Ok(Compiler {
            verbose: String::from_utf8_lossy(&output).trim().to_string(),
        })
    }

    /// Its first line: `rustc 1.91.0 (f8297e351 2025-10-28)`.
    pub fn name(&self) -> &str {
        self.verbose.lines().next().unwrap_or_default()
    }
}

/// The build key: which compiler, profile and rustc flags made a build,
/// in 16 hex digits (a stable FNV-1a hash, the same from one build of this
/// tool to the next).
pub fn build_key(compiler: &Compiler, profile: &str, flags: &[(&str, String)]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &byte in bytes.iter().chain([&0u8]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    feed(compiler.verbose.as_bytes());
    feed(profile.as_bytes());
    for (name, value) in flags {
        feed(name.as_bytes());
        feed(value.as_bytes());
    }
    format!("{hash:016x}")
}

/// The rustc flags of this environment, for [`build_key`].
fn flags() -> Vec<(&'static str, String)> {
    FLAG_VARIABLES
        .iter()
        .filter_map(|&name| {
            env::var_os(name).map(|value| (name, value.to_string_lossy().into_owned()))
        })
        .collect()
}

/// The solutions as built at REV.
pub struct Rev {
    pub commit: String,
    /// Each crate timed that REV has, with its binary.
    pub binaries: Vec<(String, PathBuf)>,
    /// The compiler that built them.
    pub compiler: Compiler,
}

/// Builds the solutions of `problems` as they are at `rev` with the
/// compiler that builds there; each is built once per commit and
/// [`build_key`].
pub fn build(
    workspace: &Workspace,
    problems: &[&Problem],
    rev: &str,
    timing_dir: &Path,
) -> Result<Rev, Error> {
    let commit = command::run(git(&workspace.root).args([
        "rev-parse",
        "--verify",
        "--quiet",
        &format!("{rev}^{{commit}}"),
    ]))
    .map(|output| String::from_utf8_lossy(&output).trim().to_string())
    .map_err(|_| Error::new(format!("--compare: git knows no commit '{rev}'")))?;
    let revs = timing_dir.join("rev");
    let source = revs.join(&commit);
    check_out(workspace, &commit, rev, &revs, &source)?;

    let compiler = Compiler::in_dir(&source)?;
    let key = build_key(&compiler, PROFILE, &flags());
    let target = revs.join(format!("{commit}-{key}"));
    let metadata = command::run(
        workspace::cargo()
            .args(["metadata", "--format-version", "1", "--no-deps"])
            .env("CARGO_TARGET_DIR", &target)
            .current_dir(&source),
    )
    .map_err(|failure| Error::new(format!("at {commit}: {failure}")))?;
    let metadata: Value = serde_json::from_slice(&metadata)
        .map_err(|error| Error::new(format!("cannot read cargo metadata's output: {error}")))?;
    let old = Workspace::from_metadata(&metadata)
        .map_err(|error| Error::new(format!("at {commit}: {error}")))?;
    let binaries: Vec<(String, PathBuf)> = problems
        .iter()
        .filter(|problem| old.problems.iter().any(|old| old.name == problem.name))
        .map(|problem| (problem.name.clone(), old.release_binary(&problem.name)))
        .collect();
    if !binaries.is_empty() && binaries.iter().any(|(_, path)| !path.is_file()) {
        let _ = writeln!(
            io::stderr(),
            "    Building {rev} ({commit}) in {}\n    with {}",
            target.display(),
            compiler.name()
        );
        let mut build = workspace::cargo();
        build.args(["build", "--release"]);
        for (name, _) in &binaries {
            build.args(["--package", name, "--bin", name]);
        }
        // Cargo's progress and rustc's errors show as they come.
        command::run(
            build
                .env("CARGO_TARGET_DIR", &target)
                .current_dir(&source)
                .stderr(Stdio::inherit()),
        )
        .map_err(|failure| Error::new(format!("--compare {rev} ({commit}): {failure}")))?;
        // What built the folder, for whoever looks into it.
        let _ = fs::write(
            target.join("built-by.txt"),
            format!(
                "{}\nprofile: {PROFILE}\n{}",
                compiler.verbose,
                flags()
                    .iter()
                    .map(|(name, value)| format!("{name}: {value}\n"))
                    .collect::<String>()
            ),
        );
    }
    Ok(Rev {
        commit,
        binaries,
        compiler,
    })
}

/// Checks `commit` out into `source`, unless a checkout there was
/// completed before.
fn check_out(
    workspace: &Workspace,
    commit: &str,
    rev: &str,
    revs: &Path,
    source: &Path,
) -> Result<(), Error> {
    let complete = source.join(".timing-checkout-complete");
    if complete.exists() {
        return Ok(());
    }
    let _ = writeln!(
        io::stderr(),
        "    Checking out {rev} ({commit}) into {}",
        source.display()
    );
    if source.exists() {
        fs::remove_dir_all(source)
            .map_err(|error| Error::new(format!("cannot clear {}: {error}", source.display())))?;
    }
    fs::create_dir_all(source)
        .map_err(|error| Error::new(format!("cannot create {}: {error}", source.display())))?;
    // A private index: the repository's own index and work tree are left
    // alone, and no worktree is registered that would outlive a
    // `cargo clean`.
    let index = revs.join(format!("{commit}.index"));
    let with_index = |args: &[&str]| {
        command::run(
            git(&workspace.root)
                .args(args)
                .env("GIT_INDEX_FILE", &index),
        )
    };
    with_index(&["read-tree", commit])?;
    let mut prefix = format!("{}/", source.display());
    if cfg!(windows) {
        // git's prefix is a path in its own, forward-slashed, form.
        prefix = prefix.replace('\\', "/");
    }
    with_index(&["checkout-index", "--all", "--force", "--prefix", &prefix])?;
    let _ = fs::remove_file(&index);
    fs::write(&complete, b"").map_err(|error| Error::new(error.to_string()))
}

/// git, run in `dir`.
fn git(dir: &Path) -> Command {
    let mut git = Command::new("git");
    git.current_dir(dir);
    git
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compiler(verbose: &str) -> Compiler {
        Compiler {
            verbose: verbose.to_string(),
        }
    }

    const STABLE: &str = "rustc 1.91.0 (f8297e351 2025-10-28)\nbinary: rustc\n\
                          commit-hash: f8297e351a40c1439a467bbbb6879088047f50b3\n\
                          host: x86_64-unknown-linux-gnu\nrelease: 1.91.0\nLLVM version: 21.1.2";

    #[test]
    fn the_build_key_changes_with_the_compiler_the_profile_and_the_flags() {
        let key = build_key(&compiler(STABLE), "release", &[]);
        assert_eq!(key.len(), 16);
        assert!(key.chars().all(|c| c.is_ascii_hexdigit()), "{key}");
        // The same build, the same key: the cache is found again.
        assert_eq!(key, build_key(&compiler(STABLE), "release", &[]));
        // A toolchain update, even one that only changes LLVM or the host.
        let updated = STABLE.replace("1.91.0", "1.92.0");
        assert_ne!(key, build_key(&compiler(&updated), "release", &[]));
        let other_llvm = STABLE.replace("21.1.2", "21.1.3");
        assert_ne!(key, build_key(&compiler(&other_llvm), "release", &[]));
        let other_host = STABLE.replace("x86_64-unknown-linux-gnu", "aarch64-apple-darwin");
        assert_ne!(key, build_key(&compiler(&other_host), "release", &[]));
        assert_ne!(key, build_key(&compiler(STABLE), "dev", &[]));
        let native = [("RUSTFLAGS", "-C target-cpu=native".to_string())];
        assert_ne!(key, build_key(&compiler(STABLE), "release", &native));
        // Fields run together differently are another build.
        assert_ne!(
            build_key(&compiler("ab"), "c", &[]),
            build_key(&compiler("a"), "bc", &[])
        );
        // Stable from one build of the tool to the next: FNV-1a of the
        // two fields' terminating zero bytes.
        assert_eq!(build_key(&compiler(""), "", &[]), "08328807b4eb6fed");
    }

    #[test]
    fn a_compiler_is_named_by_its_first_line() {
        assert_eq!(
            compiler(STABLE).name(),
            "rustc 1.91.0 (f8297e351 2025-10-28)"
        );
        let here = Compiler::in_dir(Path::new(".")).unwrap();
        assert!(here.name().starts_with("rustc "), "{}", here.verbose);
        assert!(here.verbose.contains("\nhost: "), "{}", here.verbose);
    }
}
