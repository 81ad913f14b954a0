//! The splice against cargo-equip 0.20.1 itself: each case of
//! `scripts/tests/splice-fixtures/` is a crate's source, and its
//! `expected.rs` what cargo-equip wrote for it with proconio as its one
//! dependency (`cargo equip --bin probe` with `cargo bundle`'s arguments and
//! `--no-rustfmt`; `expected-without-libraries.rs`: with no dependency).

use super::*;
use std::path::PathBuf;

fn fixture(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("splice-fixtures")
        .join(case)
}

const PROCONIO: &str = include_str!("../../equipped/proconio.rs");

fn dependencies() -> Vec<String> {
    vec!["proconio".to_string(), "fastrand".to_string()]
}

fn assert_same(case: &str, libraries: Option<&str>, expected: &str) {
    let dir = fixture(case);
    let ours = equip_text(
        &dir.join("src").join("main.rs"),
        libraries,
        &dependencies(),
        false,
    )
    .unwrap();
    let theirs = fs::read_to_string(dir.join(expected)).unwrap();
    if let Some(difference) = super::super::make::first_difference(&ours, &theirs) {
        panic!("{case}: {difference}");
    }
}

/// Prelude lines after inner attributes and plain comments, before outer
/// doc comments, in inline modules at any depth but not in functions or
/// macros; trailing blank lines and spaces dropped.
#[test]
fn items_and_inline_modules_are_as_cargo_equip_writes_them() {
    assert_same("items", Some(PROCONIO), "expected.rs");
}

/// `mod NAME;` beside the root, below a module file (where cargo-equip,
/// not rustc, looks), as `NAME/mod.rs`, and by `#[path]`, plain or raw;
/// a file with a string over several lines at its top level is not
/// indented.
#[test]
fn modules_in_files_are_inlined_as_cargo_equip_inlines_them() {
    assert_same("modules", Some(PROCONIO), "expected.rs");
    assert_same("modules", None, "expected-without-libraries.rs");
}

/// CRLF line ends and no final newline: cargo-equip's prelude line has LF
/// ends, and no newline is added at the end.
#[test]
fn crlf_and_a_missing_final_newline_are_kept_as_cargo_equip_keeps_them() {
    assert_same("endings", Some(PROCONIO), "expected.rs");
}

/// What cargo-equip rewrites beyond the prelude is left to it.
#[test]
fn rewrites_the_splice_does_not_do_are_refused_with_the_reason() {
    let refused = |code: &str| {
        refuse_rewrites(code, &dependencies()).map_err(|refused| refused.why().to_string())
    };
    assert_eq!(
        refused("use proconio::input;\nfn main() { let _ = std::io::stdin(); }\n"),
        Ok(())
    );
    assert_eq!(
        refused("// ::proconio in a comment\nconst A: &str = \"::proconio\";\n"),
        Ok(())
    );
    assert_eq!(
        refused("#[macro_use]\nextern crate proconio;\n"),
        Err("the code has an `extern crate` item, which cargo-equip rewrites".to_string())
    );
    assert_eq!(
        refused("use ::proconio::input;\n"),
        Err("the code has a path `::proconio`, which cargo-equip rewrites".to_string())
    );
    assert!(refused("fn main() { ::fastrand::u8(..); }\n").is_err());
    assert!(refused("use ::{proconio::input};\n").is_err());
    assert!(refused("#![cfg_attr(cargo_equip, cargo_equip::skip)]\n").is_err());
    // Paths with a leading `::` to other crates are cargo-equip's too, but
    // left as they are by it.
    assert_eq!(refused("fn main() { ::std::process::exit(0) }\n"), Ok(()));
}

#[test]
fn a_missing_module_file_and_a_byte_order_mark_are_refused() {
    let dir = env::temp_dir().join(format!("scripts-splice-test-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let main = dir.join("main.rs");
    fs::write(&main, "mod absent;\nfn main() {}\n").unwrap();
    let refused = equip_text(&main, Some(PROCONIO), &[], false).unwrap_err();
    let why = refused.why();
    assert!(
        why.starts_with("`mod absent;` names no file: none of "),
        "{why}"
    );
    fs::write(&main, "\u{feff}fn main() {}\n").unwrap();
    assert!(equip_text(&main, Some(PROCONIO), &[], false).is_err());
    fs::write(&main, "#![allow(unused)]\nfn main() {}\n").unwrap();
    let text = equip_text(&main, None, &[], false).unwrap();
    assert_eq!(text, "#![allow(unused)]\nfn main() {}\n");
    let _ = fs::remove_dir_all(&dir);
}

/// A `mod NAME;` inside an inline module is refused, saying what to do,
/// unless the module is for tests only (it is not bundled).
#[test]
fn a_module_file_declared_in_an_inline_module_is_refused() {
    let refused = refuse_nested_file_modules;
    assert_eq!(refused("mod a;\nmod b { fn f() {} }\n"), Ok(()));
    assert_eq!(
        refused("#[cfg(test)]\nmod tests {\n    mod brute;\n}\n"),
        Ok(())
    );
    let Err(Unsupported::Neither(why)) =
        refused("pub mod a {\n    mod c {\n        pub(crate) mod b;\n    }\n}\n")
    else {
        panic!("not refused");
    };
    assert!(
        why.starts_with("`mod b;` inside the inline module `a::c`"),
        "{why}"
    );
    assert!(why.contains("a file `a/c/mod.rs`"), "{why}");
}
