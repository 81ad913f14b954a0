//! `bundle` with only the toolchain: a crate that uses only the pinned
//! crates is bundled and checked from their committed expansion, with no
//! cargo-equip and no rustup; one that needs cargo-equip says why, and a
//! missing prerequisite is one line before any long work.

mod common;

use common::{tool, workspace_root, Problems, Report};
use std::env;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The folder of the running toolchain's own binaries (cargo, rustc,
/// rustfmt), which holds no rustup.
fn toolchain_bin() -> PathBuf {
    let output = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .unwrap();
    let sysroot = String::from_utf8(output.stdout).unwrap();
    Path::new(sysroot.trim()).join("bin")
}

/// The toolchain's folder, then the PATH of these tests without every
/// folder that holds rustup or cargo-equip (the linker stays reachable).
fn path_without_rustup_and_cargo_equip() -> OsString {
    let holds = |dir: &Path, name: &str| {
        dir.join(name).exists() || dir.join(format!("{name}.exe")).exists()
    };
    let kept = env::split_paths(&env::var_os("PATH").unwrap_or_default())
        .filter(|dir| !holds(dir, "rustup") && !holds(dir, "cargo-equip"))
        .collect::<Vec<_>>();
    let bin = toolchain_bin();
    assert!(!holds(&bin, "rustup") && !holds(&bin, "cargo-equip"));
    env::join_paths([bin].into_iter().chain(kept)).unwrap()
}

/// The tool in `dir` with only the toolchain and the system's programs.
fn bundle_without_rustup(dir: &Path, args: &[&str], target: Option<&Path>) -> Report {
    let mut command = tool();
    command
        .arg("bundle")
        .args(args)
        .current_dir(dir)
        .env("PATH", path_without_rustup_and_cargo_equip())
        .env(
            "CARGO",
            toolchain_bin().join(format!("cargo{}", env::consts::EXE_SUFFIX)),
        );
    if let Some(target) = target {
        command.env("CARGO_TARGET_DIR", target);
    }
    Report::of(command.output().unwrap())
}

#[test]
fn a_missing_rustup_is_one_line_when_cargo_equip_is_needed() {
    let report = bundle_without_rustup(&workspace_root(), &["--compare-equip"], None);
    assert_eq!(report.code, Some(2), "{}{}", report.stdout, report.stderr);
    assert_eq!(report.stdout, "");
    assert_eq!(
        report.stderr,
        "error: cargo bundle needs `rustup` on PATH (cargo-equip runs it; install Rust with \
         rustup, https://rustup.rs)\n"
    );
}

/// The committed file is what the committed expansion makes, compiled and
/// judged as the crate's judges do, with neither cargo-equip nor rustup
/// reachable.
#[test]
fn a_crate_of_pinned_crates_is_bundled_and_checked_with_nothing_installed() {
    let report = bundle_without_rustup(&workspace_root(), &["--check", "poj1753-flip-game"], None);
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
    assert!(
        report
            .stdout
            .contains("submissions/poj1753-flip-game.rs  up to date"),
        "{}",
        report.stdout
    );
    assert!(!report.stderr.contains("cargo-equip"), "{}", report.stderr);
}

/// A dependency outside the pinned set, or code the splice leaves to
/// cargo-equip, is cargo-equip's, and a line says why before the
/// prerequisites are looked for.
#[test]
fn a_crate_with_another_dependency_says_why_cargo_equip_is_needed() {
    let problems = Problems::new("bundle-other-dependency", "");
    let manifest = problems.scratch.path.join("crates/x1-fixture/Cargo.toml");
    let text = fs::read_to_string(&manifest).unwrap();
    let text = text.replace(
        "[package.metadata.judge]",
        "[dependencies]\nfastrand = \"=2.5.0\"\n\n[package.metadata.judge]",
    );
    fs::write(&manifest, text).unwrap();
    let main = problems.scratch.path.join("crates/x2-tokens/src/main.rs");
    let code = fs::read_to_string(&main).unwrap();
    fs::write(&main, format!("extern crate core;\n{code}")).unwrap();
    // The workspace's lock file, so that nothing new is resolved.
    fs::copy(
        workspace_root().join("Cargo.lock"),
        problems.scratch.path.join("Cargo.lock"),
    )
    .unwrap();
    let report = bundle_without_rustup(
        &problems.scratch.path,
        &["x1-fixture", "x2-tokens"],
        Some(&problems.target),
    );
    assert_eq!(report.code, Some(2), "{}{}", report.stdout, report.stderr);
    assert_eq!(
        report.stderr,
        "x1-fixture: made by cargo-equip, not from the pinned crates' committed expansion: it \
         depends on fastrand@2.5.0, outside the pinned crates (proconio 0.5.0, rustc-hash \
         2.1.1)\nx2-tokens: made by cargo-equip, not from the pinned crates' committed \
         expansion: the code has an `extern crate` item, which cargo-equip rewrites\nerror: \
         cargo bundle needs `rustup` on PATH (cargo-equip runs it; install Rust with rustup, \
         https://rustup.rs)\n"
    );
}
