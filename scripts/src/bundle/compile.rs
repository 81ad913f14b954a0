//! A bundle compiled as a judge compiles it, with what the bundling itself
//! causes set apart from what the crate's own code causes.
//!
//! The lints the judges apply: each judge runs `rustc` with its own
//! arguments (the crate's `compile` commands: AtCoder-style `--edition 2021
//! -O`, Luogu's `-W warnings -C opt-level=2`), none of them with `-D
//! warnings`. A warning is printed and the program is still judged; what
//! fails is an error: rustc's own, the lints that are errors by default
//! (`arithmetic_overflow`, `unconditional_panic`, `overflowing_literals`,
//! `invalid_reference_casting`, `let_underscore_lock`, ...: `rustc -W help`
//! lists them under "deny"), and any a judge's flags make errors. A bundle
//! is written when it compiles so.
//!
//! The bundling's own warnings, which the crate's build does not give:
//! - `unused_imports` on a prelude line cargo-equip puts before the items
//!   of the crate and of each inline module (`pub use
//!   crate::__cargo_equip::prelude::*;`), in a module that uses nothing
//!   from the libraries;
//! - any warning whose place is in the libraries' text (from the line
//!   `// The following code was expanded by `cargo-equip`.` on): there the
//!   libraries' macros are the bundle's own local macros, where in the
//!   crate's build they come from another crate, whose lints rustc does
//!   not report. proconio's `input! { mut x: i64 }` with `x` never changed
//!   warns `unused_mut` on the `mut` its rules write, and an empty
//!   `input! {}` on its `let mut locked_stdin`;
//! - any warning on a line of `#[fastout]`'s expansion (one that names its
//!   `__proconio_` variables), which in the crate's build is a proc macro's
//!   output and not reported either.
//!
//! `cargo bundle --check` holds our own crates to more: their warnings are
//! denied, as clippy's gate denies them in the crates, but not the
//! bundling's.

use crate::error::Error;
use crate::verdict;
use crate::workspace::{self, JudgeCompile};
use serde_json::Value;
use std::fs;
use std::path::Path;

/// Lines of the compiler's messages shown for a compile error.
const COMPILER_LINES: usize = 12;

/// The line that starts the libraries' text in a bundle.
pub const LIBRARIES_START: &str = "// The following code was expanded by `cargo-equip`.";

/// The prelude lines cargo-equip puts into the solution's own code.
const PRELUDES: [&str; 2] = [
    "pub use __cargo_equip::prelude::*;",
    "pub use crate::__cargo_equip::prelude::*;",
];

/// What a compile that succeeded said.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Compiled {
    /// The crate's own warnings, as rustc renders them.
    pub own_warnings: Vec<String>,
    /// How many warnings the bundling itself caused.
    pub bundling_warnings: usize,
}

/// Whether the crate's own warnings fail the compile.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum OwnWarnings {
    /// As the judges take them: printed, not failing.
    Allowed,
    /// As `--check` takes them for the workspace's own crates.
    Denied,
}

/// Compiles `source` as `compile` says into `binary`: an error, or under
/// [`OwnWarnings::Denied`] a warning of the crate's own code, is a compile
/// error with the compiler's first lines.
pub fn compile_as_judge(
    compile: &JudgeCompile,
    source: &Path,
    binary: &Path,
    own: OwnWarnings,
) -> Result<Compiled, Error> {
    if let Some(dir) = binary.parent() {
        fs::create_dir_all(dir)
            .map_err(|error| Error::new(format!("cannot create {}: {error}", dir.display())))?;
    }
    let output = workspace::rustc()
        .args(&compile.args)
        .args(["--error-format=json", "-o"])
        .arg(binary)
        .arg(source)
        .output()
        .map_err(|error| Error::new(format!("cannot run rustc: {error}")))?;
    let text = fs::read_to_string(source).unwrap_or_default();
    let (errors, compiled) = sort_diagnostics(&String::from_utf8_lossy(&output.stderr), &text);
    let args = compile.args.join(" ");
    if !output.status.success() || !errors.is_empty() {
        let headline = format!("rustc {args} failed:");
        let first = verdict::first_lines(errors.join("").as_bytes(), COMPILER_LINES, "");
        return Err(Error::new(headline).with_detail(&first));
    }
    if own == OwnWarnings::Denied && !compiled.own_warnings.is_empty() {
        let headline = format!(
            "rustc {args}: warnings of the crate's own code, which `cargo bundle --check` denies:"
        );
        let shown = compiled.own_warnings.join("");
        let first = verdict::first_lines(shown.as_bytes(), COMPILER_LINES, "");
        return Err(Error::new(headline).with_detail(&first));
    }
    Ok(compiled)
}

/// rustc's JSON messages (`--error-format=json`) on `stderr` for the
/// bundle `text`: the errors as rendered, and the warnings sorted into the
/// crate's own and the bundling's. A line that is not JSON (a linker's
/// words) counts as an error.
fn sort_diagnostics(stderr: &str, text: &str) -> (Vec<String>, Compiled) {
    let libraries_from = text
        .lines()
        .position(|line| line.trim() == LIBRARIES_START)
        .map_or(usize::MAX, |index| index + 1);
    let lines: Vec<&str> = text.lines().collect();
    let mut errors = Vec::new();
    let mut compiled = Compiled::default();
    for line in stderr.lines().filter(|line| !line.trim().is_empty()) {
        let Ok(message) = serde_json::from_str::<Value>(line) else {
            errors.push(format!("{line}\n"));
            continue;
        };
        let rendered = message["rendered"].as_str().unwrap_or_default().to_string();
        let level = message["level"].as_str().unwrap_or_default();
        if level.starts_with("error") {
            errors.push(rendered);
        } else if level == "warning" && message["spans"].as_array().is_some_and(|s| !s.is_empty()) {
            if bundlings(&message, &lines, libraries_from) {
                compiled.bundling_warnings += 1;
            } else {
                compiled.own_warnings.push(rendered);
            }
        }
        // What is left: "N warnings emitted" and notes about the others.
    }
    (errors, compiled)
}

/// The warning `message` is the bundling's: its place is in the libraries'
/// text (lines from `libraries_from` on, 1-based), or it is an unused
/// prelude line.
fn bundlings(message: &Value, lines: &[&str], libraries_from: usize) -> bool {
    let Some(primary) = message["spans"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|span| span["is_primary"] == true)
    else {
        return false;
    };
    let line = primary["line_start"].as_u64().unwrap_or(0) as usize;
    if line >= libraries_from {
        return true;
    }
    let text = line.checked_sub(1).and_then(|index| lines.get(index));
    // `#[fastout]`'s expansion: from another crate in the crate's build.
    if text.is_some_and(|text| text.contains(super::fastout::EXPANSION_MARK)) {
        return true;
    }
    message["code"]["code"] == "unused_imports"
        && text.is_some_and(|text| PRELUDES.contains(&text.trim()))
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use std::env;

    /// Compiles `source` as a plain-rustc judge would, in a folder of its own.
    fn compile_with(
        name: &str,
        source: &str,
        edition: &str,
        own: OwnWarnings,
    ) -> Result<Compiled, Error> {
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
        let result = compile_as_judge(&judge, &file, &dir.join("bin").join("main"), own);
        let _ = fs::remove_dir_all(&dir);
        result
    }

    pub fn compile(name: &str, source: &str, edition: &str) -> Result<(), Error> {
        compile_with(name, source, edition, OwnWarnings::Denied).map(drop)
    }

    #[test]
    fn a_clean_file_compiles() {
        assert_eq!(compile("clean", "fn main() {}\n", "2021"), Ok(()));
    }

    #[test]
    fn a_warning_of_the_crates_own_is_denied_by_the_check_and_shown_to_a_judge() {
        let source = "fn main() { let unused = 1; }\n";
        let error = compile("warning", source, "2021").unwrap_err();
        let detail = error.layout(crate::judge::UNDER, crate::judge::UNDER_DETAIL);
        assert!(
            detail.starts_with(
                "    rustc --edition 2021 -O: warnings of the crate's own code, which `cargo \
                 bundle --check` denies:\n      | "
            ),
            "{detail}"
        );
        assert!(detail.contains("unused variable"), "{detail}");
        let compiled = compile_with("warning-allowed", source, "2021", OwnWarnings::Allowed);
        let compiled = compiled.unwrap();
        assert_eq!(compiled.own_warnings.len(), 1);
        assert!(compiled.own_warnings[0].contains("unused variable"));
    }

    /// An error by default is an error at every judge.
    #[test]
    fn a_lint_that_is_an_error_by_default_fails_as_the_judge_fails_it() {
        let source = "fn main() { let small: u8 = 256; println!(\"{small}\"); }\n";
        let error = compile_with("deny", source, "2021", OwnWarnings::Allowed).unwrap_err();
        let detail = error.to_string();
        assert!(detail.contains("literal out of range"), "{detail}");
    }

    #[test]
    fn code_that_breaks_in_one_edition_is_caught_in_that_edition() {
        // `gen` is a reserved keyword from the 2024 edition on.
        let source = "fn main() { let gen = 1; println!(\"{gen}\"); }\n";
        assert_eq!(compile("edition-2021", source, "2021"), Ok(()));
        let detail = compile("edition-2024", source, "2024").unwrap_err();
        assert!(detail.to_string().contains("gen"), "{detail}");
    }

    /// An unused prelude line in a module that uses nothing from
    /// proconio, `input! { mut x: i64 }` with `x` unchanged and an empty
    /// `input! {}`, on proconio as the committed expansion inlines it: the
    /// bundling's; the crate's own warning is its own.
    #[test]
    fn the_bundlings_warnings_are_set_apart() {
        let solution = "pub use __cargo_equip::prelude::*;\n\nuse proconio::input;\n\nmod \
                        solver {\n    pub use crate::__cargo_equip::prelude::*;\n\n    pub fn \
                        twice(x: i64) -> i64 {\n        x * 2\n    }\n}\n\nfn main() {\n    \
                        input! { mut x: i64 }\n    input! {}\n    // OWN\n    println!(\"{}\", \
                        solver::twice(x));\n}\n";
        let libraries = include_str!("../../equipped/proconio.rs");
        let source = format!("{solution}{libraries}");
        let compiled = compile_with("bundling", &source, "2021", OwnWarnings::Denied).unwrap();
        let expected = Compiled {
            own_warnings: vec![],
            bundling_warnings: 3,
        };
        assert_eq!(compiled, expected);
        let with_own = source.replace("// OWN", "let unread = 1;");
        let compiled = compile_with("bundling-own", &with_own, "2021", OwnWarnings::Allowed);
        let compiled = compiled.unwrap();
        assert_eq!(compiled.bundling_warnings, 3);
        assert_eq!(
            compiled.own_warnings.len(),
            1,
            "{:?}",
            compiled.own_warnings
        );
        assert!(compiled.own_warnings[0].contains("unread"));
    }
}
