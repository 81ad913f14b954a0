//! `cargo bundle` held against real solutions by other authors, as the
//! judge is held against the formats' reference programs
//! (`reference.rs`): the solutions `bundle-corpus.tsv` names, by
//! repository, commit and path, each made a crate of a scratch workspace,
//! bundled with `--compare-equip`, and the bundle compiled by plain rustc
//! (today's and 1.70) and run on the crate's input against the crate's own
//! binary.
//!
//! The solutions are not part of this repository, so the test is ignored
//! unless asked for, and then fails unless BUNDLE_CORPUS names a folder
//! holding them as `<owner>+<name>/<path>` (`bundle-corpus.sh` fills one
//! from bare copies of the repositories). docs/references.md says how to
//! run it and has its table.

mod common;

use common::{tool, workspace_root, Report, Scratch};
use std::fmt::Write as _;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One line of `bundle-corpus.tsv`.
struct Entry {
    repo: String,
    commit: String,
    path: String,
    styles: String,
    input: String,
    /// The problem's own sample output, where the list gives one.
    sample: Option<String>,
}

fn entries() -> Vec<Entry> {
    let list = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bundle-corpus.tsv");
    let unescape = |text: &str| text.replace("\\n", "\n");
    fs::read_to_string(list)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 6, "{line}");
            Entry {
                repo: fields[0].to_string(),
                commit: fields[1].to_string(),
                path: fields[2].to_string(),
                styles: fields[3].to_string(),
                input: unescape(fields[4]),
                sample: (fields[5] != "-").then(|| unescape(fields[5])),
            }
        })
        .collect()
}

/// `program` (with `args` before it, for `rustup run`) on `input`: its
/// standard output and whether it exited 0.
fn run(program: &Path, input: &str) -> (String, bool) {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // A program may stop reading early: a broken pipe is its business.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let output = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.success(),
    )
}

/// `source` compiled by `rustc` (with `toolchain`, `+1.70`, when given) as
/// a judge compiles it; the error's first line when it does not compile.
fn rustc(toolchain: Option<&str>, source: &Path, binary: &Path) -> Result<(), String> {
    let mut command = Command::new("rustc");
    if let Some(toolchain) = toolchain {
        command.arg(toolchain);
    }
    let output = command
        .args(["--edition", "2021", "-O", "-o"])
        .arg(binary)
        .arg(source)
        .output()
        .unwrap();
    if output.status.success() {
        return Ok(());
    }
    let text = String::from_utf8_lossy(&output.stderr);
    Err(text
        .lines()
        .find(|line| line.starts_with("error"))
        .unwrap_or("does not compile")
        .to_string())
}

/// What the corpus gave for one solution: the table's row.
#[derive(Default)]
struct Row {
    made: String,
    equip: String,
    today: String,
    old: String,
    samples: String,
    check: String,
}

#[test]
#[ignore = "needs BUNDLE_CORPUS: a folder with the solutions bundle-corpus.tsv names"]
fn real_solutions_bundle_as_cargo_equip_bundles_them_and_run_as_the_crate_runs() {
    let corpus = std::env::var_os("BUNDLE_CORPUS")
        .map(PathBuf::from)
        .expect("set BUNDLE_CORPUS to the folder bundle-corpus.sh fills");
    let corpus = corpus.canonicalize().unwrap();
    let entries = entries();
    let scratch = Scratch::new("bundle-corpus");
    // Two workspaces: cargo-equip 0.20.1 resolves features over the whole
    // workspace, so beside a `#[fastout]` crate it would expand
    // proconio-derive for every crate, which it cannot; apart, the others
    // are compared with it.
    for group in ["fastout", "plain"] {
        scratch.write(
            &format!("{group}/Cargo.toml"),
            b"[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n",
        );
        // The workspace's lock file: proconio and rustc-hash as they are
        // here (proconio-derive is added to it).
        fs::copy(
            workspace_root().join("Cargo.lock"),
            scratch.path.join(group).join("Cargo.lock"),
        )
        .unwrap();
    }
    let group_of = |name: &str| {
        let main = fs::read_to_string(scratch.path.join("src").join(name)).unwrap();
        if main.contains("fastout") {
            "fastout"
        } else {
            "plain"
        }
    };
    let names: Vec<String> = entries
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            let owner = entry.repo.split('/').next().unwrap().to_lowercase();
            format!("r{:02}-{owner}", index + 1)
        })
        .collect();
    for (entry, name) in entries.iter().zip(&names) {
        let file = corpus.join(entry.repo.replace('/', "+")).join(&entry.path);
        let main =
            fs::read_to_string(&file).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
        // As the crate would be written: `derive` for `#[fastout]`,
        // rustc-hash where it is used.
        let mut dependencies = if main.contains("fastout") {
            "proconio = { version = \"=0.5.0\", features = [\"derive\"] }\n".to_string()
        } else {
            "proconio = \"=0.5.0\"\n".to_string()
        };
        if main.contains("rustc_hash") {
            dependencies.push_str("rustc-hash = \"=2.1.1\"\n");
        }
        let manifest = format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = \
             false\n\n[dependencies]\n{dependencies}\n[package.metadata.judge]\ntime-limit-ms = \
             2000\nmemory-limit-mib = 1024\n\n[[package.metadata.judge.compile]]\njudge = \
             \"plain rustc\"\nrustc-args = [\"--edition\", \"2021\", \"-O\"]\n"
        );
        scratch.write(&format!("src/{name}"), main.as_bytes());
        let group = group_of(name);
        scratch.write(
            &format!("{group}/crates/{name}/Cargo.toml"),
            manifest.as_bytes(),
        );
        scratch.write(
            &format!("{group}/crates/{name}/src/main.rs"),
            main.as_bytes(),
        );
        scratch.write(
            &format!("{group}/samples/{name}/1.in"),
            entry.input.as_bytes(),
        );
    }
    let target = workspace_root().join("target/tool-tests/bundle-corpus");
    let mut rows: Vec<Row> = names.iter().map(|_| Row::default()).collect();

    // The crates themselves, one at a time: one that does not build is a
    // row of its own, not the end of the test. Each sample's output is
    // the crate's own (or the problem's, where the list gives it).
    let mut built = Vec::new();
    for ((entry, name), row) in entries.iter().zip(&names).zip(&mut rows) {
        let output = Command::new(env!("CARGO"))
            .args(["build", "--release", "--quiet", "-p", name])
            .current_dir(scratch.path.join(group_of(name)))
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        if !output.status.success() {
            let text = String::from_utf8_lossy(&output.stderr);
            let first = text
                .lines()
                .find(|line| line.starts_with("error"))
                .unwrap_or("");
            row.made = format!("crate does not build: {first}");
            continue;
        }
        let binary = target.join("release").join(name);
        let (own, _) = run(&binary, &entry.input);
        if let Some(sample) = &entry.sample {
            row.samples = if &own == sample {
                "crate AC"
            } else {
                "crate WA"
            }
            .to_string();
        }
        scratch.write(
            &format!("{}/samples/{name}/1.out", group_of(name)),
            own.as_bytes(),
        );
        built.push(name.clone());
    }

    // Bundled with --compare-equip: each crate's line says how it was
    // made and whether cargo-equip made the same bytes.
    let mut all = String::new();
    for group in ["fastout", "plain"] {
        let crates: Vec<&String> = built
            .iter()
            .filter(|name| group_of(name) == group)
            .collect();
        let report = Report::of(
            tool()
                .arg("bundle")
                .arg("--compare-equip")
                .arg("--license-cache")
                .arg(workspace_root().join("scripts/cargo-equip-cache"))
                .args(&crates)
                .current_dir(scratch.path.join(group))
                .env("CARGO_TARGET_DIR", &target)
                .output()
                .unwrap(),
        );
        eprintln!("{}{}", report.stdout, report.stderr);
        all = format!("{all}\n{}\n{}", report.stdout, report.stderr);
    }
    for (name, row) in names.iter().zip(&mut rows) {
        if !row.made.is_empty() {
            continue;
        }
        let lines: Vec<&str> = all
            .lines()
            .filter(|line| {
                line.starts_with(&format!("{name} "))
                    || line.starts_with(&format!("{name}:"))
                    || line.contains(&format!(": {name}:"))
                    || line.contains(&format!(" {name} (bundle"))
            })
            .collect();
        let said = |text: &str| lines.iter().find(|line| line.contains(text));
        row.made = if said("made by cargo-equip").is_some() {
            "cargo-equip".to_string()
        } else if let Some(line) = said("error") {
            line.to_string()
        } else if said("not written").is_some() {
            "CE, not written".to_string()
        } else {
            "splice".to_string()
        };
        row.equip = if said("the same bytes as cargo-equip").is_some() {
            "same bytes".to_string()
        } else if let Some(line) = said("not compared: ") {
            line.split("not compared: ").nth(1).unwrap().to_string()
        } else if let Some(line) = said("DIFFERS") {
            line.to_string()
        } else {
            "-".to_string()
        };
    }

    // Each written bundle compiled by plain rustc, today's and 1.70, run
    // on the input against the crate's own output; and `cargo bundle
    // --check` on it, which denies the crate's own warnings.
    let bin = target.join("corpus-bundles");
    fs::create_dir_all(&bin).unwrap();
    let old_toolchain = Command::new("rustc")
        .args(["+1.70", "--version"])
        .output()
        .is_ok_and(|output| output.status.success());
    for ((entry, name), row) in entries.iter().zip(&names).zip(&mut rows) {
        let group = scratch.path.join(group_of(name));
        let bundle = group.join("submissions").join(format!("{name}.rs"));
        if !bundle.exists() {
            row.today = "-".to_string();
            row.old = "-".to_string();
            continue;
        }
        let own = fs::read_to_string(group.join(format!("samples/{name}/1.out"))).unwrap();
        let mut verdicts = Vec::new();
        for (toolchain, cell) in [(None, &mut row.today), (Some("+1.70"), &mut row.old)] {
            if toolchain.is_some() && !old_toolchain {
                *cell = "no 1.70 toolchain".to_string();
                continue;
            }
            let binary = bin.join(format!("{name}{}", toolchain.unwrap_or("")));
            match rustc(toolchain, &bundle, &binary) {
                Ok(()) => {
                    *cell = "compiles".to_string();
                    let (theirs, _) = run(&binary, &entry.input);
                    verdicts.push(theirs == own);
                }
                Err(error) => *cell = error,
            }
        }
        let samples = match (verdicts.is_empty(), verdicts.iter().all(|&same| same)) {
            (true, _) => "-",
            (false, true) => "the crate's output",
            (false, false) => "DIFFERS from the crate's output",
        };
        row.samples = if row.samples.is_empty() {
            samples.to_string()
        } else {
            format!("{}; {samples}", row.samples)
        };
        let check = Report::of(
            tool()
                .args(["bundle", "--check", name])
                .current_dir(&group)
                .env("CARGO_TARGET_DIR", &target)
                .output()
                .unwrap(),
        );
        row.check = match check.code {
            Some(0) => "passes".to_string(),
            _ if check.stdout.contains("CE") => "CE: the crate's own warnings".to_string(),
            _ => format!("fails: {}", check.stdout.lines().last().unwrap_or("")),
        };
    }

    let mut table = String::from(
        "| # | repository | commit | path | styles | made | against cargo-equip | rustc today | \
         rustc 1.70 | output | `--check` |\n|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for (index, (entry, row)) in entries.iter().zip(&rows).enumerate() {
        let _ = writeln!(
            table,
            "| {} | {} | {} | `{}` | {} | {} | {} | {} | {} | {} | {} |",
            index + 1,
            entry.repo,
            &entry.commit[..10],
            entry.path,
            entry.styles.replace(',', ", "),
            row.made,
            row.equip,
            row.today,
            row.old,
            row.samples,
            row.check
        );
    }
    println!("{table}");
    let written = rows.iter().filter(|row| row.today != "-").count();
    let failures: Vec<String> = entries
        .iter()
        .zip(&rows)
        .filter(|(_, row)| {
            row.equip.contains("DIFFERS")
                || row.samples.contains("DIFFERS")
                || (row.today != "-" && row.today != "compiles")
        })
        .map(|(entry, row)| format!("{}: {} {}", entry.path, row.equip, row.samples))
        .collect();
    println!(
        "{} solutions, {} built, {written} bundles written, {} failures",
        entries.len(),
        built.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(written > 0, "no bundle was written");
}
