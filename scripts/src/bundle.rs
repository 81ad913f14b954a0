//! `cargo bundle`: each solution as one crate-free file a judge accepts,
//! and with `--check`, that file compiled and judged as each judge does.
//!
//! The file is `submissions/<crate>.rs`, committed so that pasting one needs
//! nothing installed, and made in `target/submit/`: the crate's `src/main.rs` with
//! proconio (and rustc-hash, where used) inlined as cargo-equip 0.20.1
//! inlines them, its `#[cfg(test)]` items and comments left out but for the
//! header's title line (on tokens, by [`slim::slim()`]), indented with tabs by
//! rustfmt, the libraries' license notices kept. For a crate that uses only
//! the pinned crates, cargo-equip's text is made without cargo-equip, from
//! the pinned crates' expansion committed in `scripts/equipped/`
//! ([`splice`], [`pinned`]); cargo-equip itself ([`equip`]) makes the rest.

mod compile;
mod equip;
mod fastout;
mod lex;
mod make;
mod pinned;
mod slim;
mod splice;

use crate::cases;
use crate::color::{self, Paint};
use crate::error::Error;
use crate::flags::Bundle as Options;
use crate::judge::{judge_samples, Judged, Judging, Reporter, Tally, UNDER, UNDER_DETAIL};
use crate::verdict::Verdict;
use crate::workspace::{JudgeCompile, Problem, Workspace};
use compile::{compile_as_judge, OwnWarnings};
use equip::EQUIP_VERSION;
use make::{How, Maker};
use std::env;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// The smallest documented source limit among the judges found:
/// Codeforces takes 64 KB (AtCoder 512 KiB).
pub const MAX_BYTES: u64 = 64 * 1024;

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
        let maker = Maker::new(&workspace, &submit_dir)?;
        // Which crates need cargo-equip: those the committed expansion
        // does not cover, or all with --compare-equip.
        let mut equip_for = Vec::new();
        let hows: Vec<How> = problems.iter().map(|problem| maker.how(problem)).collect();
        for (problem, how) in problems.iter().zip(&hows) {
            match how {
                How::Equip(why) => {
                    make::tell_equip(problem, why);
                    equip_for.push(format!("{}'s bundle needs it ({why})", problem.name));
                }
                How::Splice(_, None) if options.compare_equip => {
                    equip_for.push("--compare-equip runs it".to_string());
                }
                How::Splice(..) | How::Neither(_) => {}
            }
        }
        // A missing program is one line before any long work.
        equip::check_prerequisites(!equip_for.is_empty())?;
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
        if let Some(why) = equip_for.first() {
            equip::ensure_cargo_equip(why)?;
            let seed = options
                .license_cache
                .clone()
                .unwrap_or_else(|| workspace.root.join("scripts").join("cargo-equip-cache"));
            equip::seed_license_cache(&seed)?;
        }
        for (problem, how) in problems.iter().zip(&hows) {
            let committed = submission(problem);
            let shown = committed
                .strip_prefix(&workspace.root)
                .unwrap_or(&committed)
                .display()
                .to_string();
            let bundle = match maker.make(problem, how, options.compare_equip) {
                Ok(bundle) => bundle,
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
            if options.compare_equip {
                let out = &mut reporter.out;
                match &bundle.differs {
                    None if !bundle.compared => match how {
                        How::Splice(_, Some(why)) => {
                            let _ = writeln!(out, "{:<32} not compared: {why}", problem.name);
                        }
                        _ => {
                            let _ =
                                writeln!(out, "{:<32} made by cargo-equip itself", problem.name);
                        }
                    },
                    None => {
                        let _ = writeln!(
                            out,
                            "{:<32} the same bytes as cargo-equip {EQUIP_VERSION}",
                            problem.name
                        );
                    }
                    Some(difference) => {
                        // Neither text is known right: nothing is written
                        // or judged.
                        clean = false;
                        let _ = writeln!(
                            out,
                            "{:<32} {} from cargo-equip {EQUIP_VERSION}'s: {difference}",
                            problem.name,
                            out.paint(Paint::Bad, "DIFFERS")
                        );
                        continue;
                    }
                }
            }
            let fresh = bundle.path;
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
                // Never write a file that a judge would not compile; one
                // that it compiles, with the warnings it would print, is
                // written.
                let binary = submit_dir.join("bin").join(format!(
                    "{}-plain{}",
                    problem.name,
                    env::consts::EXE_SUFFIX
                ));
                let compile = plain_rustc(problem);
                match compile_as_judge(&compile, &fresh, &binary, OwnWarnings::Allowed) {
                    Ok(compiled) => {
                        write_file(&committed, &text)?;
                        for warning in &compiled.own_warnings {
                            let _ = write!(io::stderr(), "{warning}");
                        }
                        match compiled.own_warnings.len() {
                            0 => "  written".to_string(),
                            count => format!(
                                "  written ({count} warnings of its own code as `rustc {}` gives them)",
                                compile.args.join(" ")
                            ),
                        }
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
            match compile_as_judge(compile, &path, &binary, OwnWarnings::Denied) {
                Ok(_) => judge_samples(&label, &binary, &found, &Judging::of(problem), reporter),
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

#[cfg(test)]
mod tests {
    use super::*;

    use compile::tests::compile;

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
        let slimmed = slim::slim(source);
        assert!(!slimmed.contains("mod tests"), "{slimmed}");
        assert!(!slimmed.contains("trailing"), "{slimmed}");
        assert!(
            slimmed.contains("\"\n}\n// not a comment\n\"")
                && slimmed.contains("r#\"#[cfg(test)] mod fake { \"}\"#"),
            "{slimmed}"
        );
        assert_eq!(compile("slimmed", &slimmed, "2021"), Ok(()));
    }
}
