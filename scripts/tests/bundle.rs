//! `bundle` before any long work: a missing prerequisite is one line
//! saying what to install.

mod common;

use common::{tool, Report};
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

#[test]
fn a_missing_rustup_is_one_line_before_anything_else() {
    let bin = toolchain_bin();
    assert!(!bin.join("rustup").exists() && !bin.join("rustup.exe").exists());
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let report = Report::of(
        tool()
            .arg("bundle")
            .current_dir(workspace)
            .env("PATH", &bin)
            .env(
                "CARGO",
                bin.join(format!("cargo{}", std::env::consts::EXE_SUFFIX)),
            )
            .output()
            .unwrap(),
    );
    assert_eq!(report.code, Some(2), "{}{}", report.stdout, report.stderr);
    assert_eq!(report.stdout, "");
    assert_eq!(
        report.stderr,
        "error: cargo bundle needs `rustup` on PATH (cargo-equip runs it; install Rust with \
         rustup, https://rustup.rs)\n"
    );
}
