//! cargo-equip 0.20.1 itself, for the crates the committed expansion does
//! not cover (and for `--compare-equip`): installing it when missing,
//! seeding its license cache, and running it on one crate.

use crate::error::Error;
use crate::workspace::{cargo, Problem, Workspace};
use std::env;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The cargo-equip this workspace's bundles are made with.
pub const EQUIP_VERSION: &str = "0.20.1";

/// How long `cargo install --locked cargo-equip --version 0.20.1` takes on
/// two cores, an empty target folder, crates.io reachable: measured, see
/// scripts/equipped/README.md.
const INSTALL_MINUTES: &str = "6 to 14";

/// The arguments cargo-equip is run with, after `--manifest-path` and
/// `--bin`; the committed expansion was made with the same ones (and
/// `--no-rustfmt`, since the splice runs rustfmt as cargo-equip does).
pub const EQUIP_ARGS: [&str; 7] = [
    "--remove",
    "docs",
    "--remove",
    "comments",
    "--minify",
    "libs",
    "--no-check",
];

/// A missing program is one line before any long work: rustfmt always
/// (it lays the bundle out), rustup when cargo-equip runs (`equip`).
pub fn check_prerequisites(equip: bool) -> Result<(), Error> {
    let missing = |program: &str, why: &str| {
        let found = Command::new(program)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        (!found).then(|| format!("`{program}` on PATH ({why})"))
    };
    let missing: Vec<String> = [
        equip
            .then(|| {
                missing(
                    "rustup",
                    "cargo-equip runs it; install Rust with rustup, https://rustup.rs",
                )
            })
            .flatten(),
        missing(
            "rustfmt",
            "it indents the bundle; `rustup component add rustfmt`",
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    match &missing[..] {
        [] => Ok(()),
        [one] => Err(Error::new(format!("cargo bundle needs {one}"))),
        several => Err(Error::new("cargo bundle needs:").with_detail(&several.join("\n"))),
    }
}

/// Installs cargo-equip when the one on PATH is not the version bundles
/// are made with, saying first `why` it is needed.
pub fn ensure_cargo_equip(why: &str) -> Result<(), Error> {
    let installed = cargo()
        .args(["equip", "--version"])
        .stderr(Stdio::null())
        .output()
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string())
        .unwrap_or_default();
    if installed == format!("cargo-equip {EQUIP_VERSION}") {
        return Ok(());
    }
    let _ = writeln!(
        io::stderr(),
        "installing cargo-equip {EQUIP_VERSION} with `cargo install --locked`, because {why}: \
         this happens once and compiles for about {INSTALL_MINUTES} minutes on two cores; it needs a \
         C compiler, pkg-config and the OpenSSL headers"
    );
    let status = cargo()
        .args([
            "install",
            "--locked",
            "cargo-equip",
            "--version",
            EQUIP_VERSION,
        ])
        .status()
        .map_err(|error| Error::new(format!("cannot run cargo install: {error}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(Error::new(format!(
            "could not install cargo-equip {EQUIP_VERSION}"
        )))
    }
}

/// cargo-equip's cache folder on this platform, as cargo-equip finds it
/// (`dirs_next::cache_dir()` joined with `cargo-equip`): `$XDG_CACHE_HOME`
/// if absolute, else `~/.cache` on Linux; `~/Library/Caches` on macOS;
/// `%LOCALAPPDATA%` on Windows.
pub fn equip_cache_dir() -> Option<PathBuf> {
    let absolute = |name: &str| {
        env::var_os(name)
            .map(PathBuf::from)
            .filter(|path| path.is_absolute())
    };
    let base = if cfg!(windows) {
        absolute("LOCALAPPDATA")
    } else if cfg!(target_os = "macos") {
        absolute("HOME").map(|home| home.join("Library").join("Caches"))
    } else {
        absolute("XDG_CACHE_HOME").or_else(|| absolute("HOME").map(|home| home.join(".cache")))
    };
    base.map(|base| base.join("cargo-equip"))
}

/// Copies the files of `seed` (laid out as cargo-equip's cache) into
/// cargo-equip's cache, leaving files already there as they are.
///
/// proconio's package carries no license file, so cargo-equip would clone
/// proconio's repository to read it; with the text in its cache it reads
/// that instead, and bundling needs no access to git hosting.
pub fn seed_license_cache(seed: &Path) -> Result<(), Error> {
    if !seed.is_dir() {
        return Err(Error::new(format!(
            "license cache {} is not a folder",
            seed.display()
        )));
    }
    let cache = equip_cache_dir()
        .ok_or("cannot tell where cargo-equip keeps its cache (no home folder)")?;
    copy_missing(seed, &cache).map_err(|error| {
        Error::new(format!(
            "cannot fill cargo-equip's cache {}: {error}",
            cache.display()
        ))
    })
}

fn copy_missing(from: &Path, to: &Path) -> io::Result<()> {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_missing(&entry.path(), &target)?;
        } else if !target.exists() {
            // Read and write rather than copy: a read-only seed must not
            // make a read-only cache entry.
            fs::write(&target, fs::read(entry.path())?)?;
        }
    }
    Ok(())
}

/// cargo-equip's text for `problem`, as it writes it (before the bundle
/// is slimmed).
pub fn run(workspace: &Workspace, problem: &Problem, submit_dir: &Path) -> Result<String, Error> {
    let full = submit_dir.join(format!("{}.full.rs", problem.name));
    let output = cargo()
        .arg("equip")
        .arg("--manifest-path")
        .arg(problem.dir.join("Cargo.toml"))
        .args(["--bin", &problem.name])
        .args(EQUIP_ARGS)
        .arg("-o")
        .arg(&full)
        .current_dir(&workspace.root)
        .output()
        .map_err(|error| Error::new(format!("cannot run cargo-equip: {error}")))?;
    if !output.status.success() {
        let log = String::from_utf8_lossy(&output.stderr);
        // Without cargo-udeps (not needed) it warns on every run.
        let log: Vec<&str> = log.lines().filter(|line| !line.contains("udeps")).collect();
        return Err(Error::new(format!(
            "cargo-equip failed:\n{}",
            log.join("\n")
        )));
    }
    let text = fs::read_to_string(&full)
        .map_err(|error| Error::new(format!("cannot read {}: {error}", full.display())))?;
    let _ = fs::remove_file(&full);
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_folder_is_cargo_equips() {
        // Only what holds on every platform: it ends in cargo-equip and is
        // absolute when it exists at all.
        if let Some(dir) = equip_cache_dir() {
            assert!(dir.is_absolute());
            assert!(dir.ends_with("cargo-equip"));
        }
    }
}
