//! `cargo bundle`: each solution as one crate-free file a judge accepts,
//! and with `--check`, that file compiled and judged as each judge does.
//!
//! The file is `submissions/<crate>.rs`, committed so that pasting one needs
//! nothing installed, and made in `target/submit/`: the crate's `src/main.rs` with
//! proconio (and rustc-hash, where used) inlined by cargo-equip 0.20.1, its
//! `#[cfg(test)]` items and comments left out but for the header's title
//! line (on tokens, by [`slim()`]), indented with tabs by rustfmt, the
//! libraries' license notices kept.

mod slim;

use crate::cases;
use crate::color::{self, Paint};
use crate::error::Error;
use crate::flags::Bundle as Options;
use crate::judge::{judge_samples, Judged, Judging, Reporter, Tally, UNDER, UNDER_DETAIL};
use crate::verdict::{self, Verdict};
use crate::workspace::{self, cargo, JudgeCompile, Problem, Workspace};
use slim::slim;
use std::env;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The cargo-equip this workspace's bundles are made with.
const EQUIP_VERSION: &str = "0.20.1";
/// The smallest documented source limit among the judges found:
/// Codeforces takes 64 KB (AtCoder 512 KiB).
pub const MAX_BYTES: u64 = 64 * 1024;
/// Lines of a compiler's output shown for a compile error.
const COMPILER_LINES: usize = 12;

/// Runs `cargo bundle`; true when every bundle was made (and, with
/// `--check`, was fresh and every compile and case passed).
pub fn main(options: &Options) -> Result<bool, Error> {
    let workspace = Workspace::load()?;
    let problems = workspace.select(&options.crates)?;
    let submission = |problem: &Problem| {
        workspace
            .root
            .join("submissions")
            .join(format!("{}.rs", problem.name))
    };
    let submit_dir = workspace.target_dir.join("submit");
    fs::create_dir_all(&submit_dir)
        .map_err(|error| Error::new(format!("cannot create {}: {error}", submit_dir.display())))?;
    let reporter = &mut Reporter::new(color::stream(options.color, false)?, None);
    let mut clean = true;
    // (problem, the file to compile and judge)
    let mut made = Vec::new();
    if options.as_committed {
        for problem in &problems {
            made.push((*problem, submission(problem)));
        }
    } else {
        // A missing program is one line before any long work.
        check_prerequisites()?;
        // The crate itself first: a compile error is rustc's own, with its
        // file and line, not cargo-equip's view of it.
        // And the interactors of the crate's own that the check judges
        // the bundles against.
        let interactors = if options.check {
            crate::judge::own_interactors(&problems)
        } else {
            Vec::new()
        };
        workspace.build_release(&problems, &interactors)?;
        ensure_cargo_equip()?;
        let seed = options
            .license_cache
            .clone()
            .unwrap_or_else(|| workspace.root.join("scripts").join("cargo-equip-cache"));
        seed_license_cache(&seed)?;
        for problem in &problems {
            let committed = submission(problem);
            let shown = committed
                .strip_prefix(&workspace.root)
                .unwrap_or(&committed)
                .display()
                .to_string();
            let fresh = match bundle(&workspace, problem, &submit_dir) {
                Ok(fresh) => fresh,
                Err(error) => {
                    clean = false;
                    let out = &mut reporter.out;
                    let _ = writeln!(
                        out,
                        "{}: {}: {error}",
                        out.paint(Paint::Bad, "error"),
                        problem.name
                    );
                    continue;
                }
            };
            let text = fs::read(&fresh).map_err(|error| Error::new(error.to_string()))?;
            let bytes = text.len() as u64;
            let over = bytes > MAX_BYTES;
            let old = fs::read(&committed).ok();
            let same = old.as_deref().map(without_cr) == Some(without_cr(&text));
            let bad = |word: &str| reporter.out.paint(Paint::Bad, word).to_string();
            let status = if over {
                format!("  {}", bad("OVER THE LIMIT"))
            } else if options.check {
                match (&old, same) {
                    (None, _) => {
                        format!("  {}: run `cargo bundle {}`", bad("MISSING"), problem.name)
                    }
                    (Some(_), false) => {
                        format!(
                            "  {}: run `cargo bundle {}` and commit it",
                            bad("STALE"),
                            problem.name
                        )
                    }
                    (Some(_), true) => "  up to date".to_string(),
                }
            } else if same {
                "  unchanged".to_string()
            } else {
                // Never write a file that a judge would not compile.
                let binary = submit_dir.join("bin").join(format!(
                    "{}-plain{}",
                    problem.name,
                    env::consts::EXE_SUFFIX
                ));
                match compile_as_judge(&plain_rustc(problem), &fresh, &binary) {
                    Ok(()) => {
                        write_file(&committed, &text)?;
                        "  written".to_string()
                    }
                    Err(error) => {
                        clean = false;
                        let _ = write!(
                            reporter.out,
                            "{} {} (bundle, not written)\n{}",
                            reporter.verdict(Verdict::Ce),
                            problem.name,
                            error.layout(UNDER, UNDER_DETAIL)
                        );
                        continue;
                    }
                }
            };
            let _ = writeln!(
                reporter.out,
                "{:<32} {bytes:>6} bytes (at most {MAX_BYTES})  {shown}{status}",
                problem.name,
            );
            clean &= !over && (!options.check || same);
            made.push((*problem, fresh));
        }
    }
    if !options.check {
        return Ok(clean);
    }

    let _ = writeln!(reporter.out);
    // The summary's time is the judging's, as it has always been, not the
    // bundling's before it.
    reporter.tally = Tally::default();
    for (problem, path) in made {
        let found = cases::scan_picked(&problem.samples, &[]);
        if problem.compile.is_empty() {
            let _ = writeln!(
                reporter.out,
                "{} {}: no `compile` commands in its [package.metadata.judge]",
                reporter.verdict(Verdict::Error),
                problem.name
            );
            reporter.tally.add(Verdict::Error);
            continue;
        }
        for (index, compile) in problem.compile.iter().enumerate() {
            let label = format!("{} (bundle, {})", problem.name, compile.judge);
            let binary = submit_dir.join("bin").join(format!(
                "{}-{}{}",
                problem.name,
                index + 1,
                env::consts::EXE_SUFFIX
            ));
            match compile_as_judge(compile, &path, &binary) {
                Ok(()) => judge_samples(&label, &binary, &found, &Judging::of(problem), reporter),
                Err(error) => {
                    let detail = error.layout(UNDER, UNDER_DETAIL);
                    reporter.report(&Judged::whole(&label, &label, Verdict::Ce), &detail);
                }
            }
        }
    }
    // A stale or missing bundle fails the check: the summary says so too.
    reporter.tally.failed_besides = !clean;
    Ok(reporter.finish())
}

/// The first judge's compile command, or plain `rustc -O` for a crate that
/// records none.
fn plain_rustc(problem: &Problem) -> JudgeCompile {
    problem
        .compile
        .first()
        .cloned()
        .unwrap_or_else(|| JudgeCompile {
            judge: "plain rustc".to_string(),
            args: ["--edition", "2021", "-O"].map(String::from).to_vec(),
        })
}

/// The text with CRLF read as LF, so a Windows checkout compares equal.
fn without_cr(text: &[u8]) -> Vec<u8> {
    let mut plain = Vec::with_capacity(text.len());
    for (index, &byte) in text.iter().enumerate() {
        if !(byte == b'\r' && text.get(index + 1) == Some(&b'\n')) {
            plain.push(byte);
        }
    }
    plain
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)
            .map_err(|error| Error::new(format!("cannot create {}: {error}", dir.display())))?;
    }
    fs::write(path, bytes)
        .map_err(|error| Error::new(format!("cannot write {}: {error}", path.display())))
}

fn check_prerequisites() -> Result<(), Error> {
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
        missing(
            "rustup",
            "cargo-equip runs it; install Rust with rustup, https://rustup.rs",
        ),
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
/// are made with.
fn ensure_cargo_equip() -> Result<(), Error> {
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
        "installing cargo-equip {EQUIP_VERSION} with `cargo install --locked`: this happens once and \
         compiles for several minutes (3 to 8 on two cores)"
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
fn seed_license_cache(seed: &Path) -> Result<(), Error> {
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

/// Makes `target/submit/<crate>.rs` afresh and returns its path.
fn bundle(workspace: &Workspace, problem: &Problem, submit_dir: &Path) -> Result<PathBuf, Error> {
    let path = submit_dir.join(format!("{}.rs", problem.name));
    let full = submit_dir.join(format!("{}.full.rs", problem.name));
    let output = cargo()
        .arg("equip")
        .arg("--manifest-path")
        .arg(problem.dir.join("Cargo.toml"))
        .args(["--bin", &problem.name])
        .args([
            "--remove",
            "docs",
            "--remove",
            "comments",
            "--minify",
            "libs",
            "--no-check",
            "-o",
        ])
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
    fs::write(&path, slim(&text))
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

/// Compiles `source` as `compile` says, warnings denied, into `binary`;
/// on failure the compiler's first lines.
fn compile_as_judge(compile: &JudgeCompile, source: &Path, binary: &Path) -> Result<(), Error> {
    if let Some(dir) = binary.parent() {
        fs::create_dir_all(dir)
            .map_err(|error| Error::new(format!("cannot create {}: {error}", dir.display())))?;
    }
    let output = workspace::rustc()
        .args(&compile.args)
        .args(["-D", "warnings", "-o"])
        .arg(binary)
        .arg(source)
        .output()
        .map_err(|error| Error::new(format!("cannot run rustc: {error}")))?;
    if output.status.success() {
        return Ok(());
    }
    let headline = format!("rustc {} -D warnings failed:", compile.args.join(" "));
    let first = verdict::first_lines(&output.stderr, COMPILER_LINES, "");
    Err(Error::new(headline).with_detail(&first))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Compiles `source` as a plain-rustc judge would, in a folder of its own.
    fn compile(name: &str, source: &str, edition: &str) -> Result<(), Error> {
        let dir =
            env::temp_dir().join(format!("scripts-bundle-test-{}-{name}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("main.rs");
        fs::write(&file, source).unwrap();
        let judge = JudgeCompile {
            judge: "test".to_string(),
            args: vec![
                "--edition".to_string(),
                edition.to_string(),
                "-O".to_string(),
            ],
        };
        let result = compile_as_judge(&judge, &file, &dir.join("bin").join("main"));
        let _ = fs::remove_dir_all(&dir);
        result
    }

    /// The file that made the line-by-line slimming fail (E0601, `main`
    /// not found, after a one-line test module) and strings it would have
    /// cut: slimmed, it compiles as a judge compiles, strings whole.
    #[test]
    fn a_slimmed_file_with_one_line_tests_and_tricky_strings_compiles() {
        let source = r##"//! Title.
#[cfg(test)] mod one_line_tests {}

const BRACES: &str = "
}
// not a comment
";
const RAW: &str = r#"#[cfg(test)] mod fake { "}"#;

fn main() {
    let closing = '}'; // a trailing comment
    print!("{BRACES}{RAW}{closing}");
}

#[cfg(test)]
mod tests {
    const TRICKY: &str = "}";
    #[test]
    fn t() {
        assert_eq!(super::RAW.len(), 26 + TRICKY.len() - 1);
    }
}
"##;
        let slimmed = slim(source);
        assert!(!slimmed.contains("mod tests"), "{slimmed}");
        assert!(!slimmed.contains("trailing"), "{slimmed}");
        assert!(
            slimmed.contains("\"\n}\n// not a comment\n\"")
                && slimmed.contains("r#\"#[cfg(test)] mod fake { \"}\"#"),
            "{slimmed}"
        );
        assert_eq!(compile("slimmed", &slimmed, "2021"), Ok(()));
    }

    #[test]
    fn a_clean_file_compiles() {
        assert_eq!(compile("clean", "fn main() {}\n", "2021"), Ok(()));
    }

    #[test]
    fn a_warning_is_a_compile_error_with_the_compilers_words() {
        let error = compile("warning", "fn main() { let unused = 1; }\n", "2021").unwrap_err();
        let detail = error.layout(UNDER, UNDER_DETAIL);
        assert!(
            detail.starts_with("    rustc --edition 2021 -O -D warnings failed:\n      | "),
            "{detail}"
        );
        assert!(detail.contains("unused variable"), "{detail}");
    }

    #[test]
    fn code_that_breaks_in_one_edition_is_caught_in_that_edition() {
        // `gen` is a reserved keyword from the 2024 edition on.
        let source = "fn main() { let gen = 1; println!(\"{gen}\"); }\n";
        assert_eq!(compile("edition-2021", source, "2021"), Ok(()));
        let detail = compile("edition-2024", source, "2024").unwrap_err();
        assert!(detail.to_string().contains("gen"), "{detail}");
    }

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
