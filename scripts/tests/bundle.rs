//! `bundle` with only the toolchain: a crate that uses only the pinned
//! crates is bundled and checked from their committed expansion, with no
//! cargo-equip and no rustup; one that needs cargo-equip says why, and a
//! missing prerequisite is one line before any long work.

mod common;

use common::{tool, workspace_root, Problems, Report, Scratch};
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

/// A crate of a scratch workspace: its name, the `[dependencies]` lines of
/// its manifest, its `src/main.rs`, and its samples (input, output).
struct Solution<'a> {
    name: &'a str,
    dependencies: &'a str,
    main: &'a str,
    samples: &'a [(&'a str, &'a str)],
}

/// A workspace of its own holding `solutions`, each with a plain-rustc
/// judge, and the target folder it builds into (one per test, kept
/// between runs).
fn scratch_workspace(test: &str, solutions: &[&Solution]) -> (Scratch, PathBuf) {
    let scratch = Scratch::new(test);
    scratch.write(
        "Cargo.toml",
        b"[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n",
    );
    for solution in solutions {
        let name = solution.name;
        let manifest = format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = \
             false\n\n[dependencies]\n{}\n\n[package.metadata.judge]\ntime-limit-ms = \
             2000\nmemory-limit-mib = 256\n\n[[package.metadata.judge.compile]]\njudge = \"plain \
             rustc\"\nrustc-args = [\"--edition\", \"2021\", \"-O\"]\n",
            solution.dependencies
        );
        scratch.write(&format!("crates/{name}/Cargo.toml"), manifest.as_bytes());
        scratch.write(
            &format!("crates/{name}/src/main.rs"),
            solution.main.as_bytes(),
        );
        for (index, (input, output)) in solution.samples.iter().enumerate() {
            let case = format!("samples/{name}/{}", index + 1);
            scratch.write(&format!("{case}.in"), input.as_bytes());
            scratch.write(&format!("{case}.out"), output.as_bytes());
        }
    }
    // The workspace's lock file: proconio is resolved as it is here.
    fs::copy(
        workspace_root().join("Cargo.lock"),
        scratch.path.join("Cargo.lock"),
    )
    .unwrap();
    let target = workspace_root()
        .join("target")
        .join("tool-tests")
        .join(test);
    (scratch, target)
}

/// `program` run on `input`: its standard output.
fn output_of(program: &Path, input: &str) -> String {
    let output = common::fed(&mut Command::new(program), input.as_bytes()).unwrap();
    assert!(output.status.success(), "{} failed", program.display());
    String::from_utf8(output.stdout).unwrap()
}

/// The written bundle of `name`, compiled by plain rustc with nothing
/// else, gives the crate's own binary's output on each sample.
fn assert_bundle_gives_the_crates_output(
    scratch: &Scratch,
    target: &Path,
    solution: &Solution,
) -> String {
    let name = solution.name;
    let bundle = scratch.path.join("submissions").join(format!("{name}.rs"));
    let text = fs::read_to_string(&bundle).unwrap();
    let binary = target.join(format!("{name}-plain-rustc{}", env::consts::EXE_SUFFIX));
    let compiled = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&binary)
        .arg(&bundle)
        .output()
        .unwrap();
    assert!(
        compiled.status.success(),
        "{}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    let own = target
        .join("release")
        .join(format!("{name}{}", env::consts::EXE_SUFFIX));
    for (input, expected) in solution.samples {
        let theirs = output_of(&own, input);
        assert_eq!(&theirs, expected, "the crate itself on {input:?}");
        assert_eq!(output_of(&binary, input), theirs, "the bundle on {input:?}");
    }
    text
}

/// An inline module that uses nothing from proconio, `input! { mut x }`
/// with `x` never changed, and an empty `input! {}`: the crate builds with
/// no warning, so its bundle is written, though the bundling adds
/// warnings (an unused prelude line, proconio's macros as local ones).
#[test]
fn a_crate_that_builds_clean_has_its_bundle_written() {
    let solution = Solution {
        name: "a1-quiet",
        dependencies: "proconio = \"=0.5.0\"",
        main: "//! Twice the number read.\nuse proconio::input;\n\nmod geometry {\n    pub fn \
               twice(x: i64) -> i64 {\n        x * 2\n    }\n}\n\nfn main() {\n    input! { mut \
               x: i64 }\n    input! {}\n    println!(\"{}\", geometry::twice(x));\n}\n",
        samples: &[("21\n", "42\n"), ("-4\n", "-8\n")],
    };
    let (scratch, target) = scratch_workspace("bundle-clean-crate", &[&solution]);
    let report = bundle_without_rustup(&scratch.path, &["a1-quiet"], Some(&target));
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
    assert!(!report.stderr.contains("warning"), "{}", report.stderr);
    assert!(
        report.stdout.contains("submissions/a1-quiet.rs  written\n"),
        "{}",
        report.stdout
    );
    let text = assert_bundle_gives_the_crates_output(&scratch, &target, &solution);
    assert!(
        text.contains("pub use crate::__cargo_equip::prelude::*;"),
        "{text}"
    );
    // And the check, which denies the crate's own warnings, passes it.
    let report = bundle_without_rustup(&scratch.path, &["--check", "a1-quiet"], Some(&target));
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
}

/// A `#[fastout]` solution: proconio with `derive`.
const FASTOUT: &str = "//! Each number from 1 to n, one a line.\nuse proconio::{fastout, \
                       input};\n\n#[fastout]\nfn main() {\n    input! { n: u32 }\n    for i in \
                       1..=n {\n        println!(\"{i}\");\n    }\n    print!(\"done\\n\");\n}\n";

/// Two crates of one workspace: one `#[fastout]`, with proconio's
/// `derive`, one plain.
fn fastout_and_plain() -> [Solution<'static>; 2] {
    let fastout = Solution {
        name: "a1-fastout",
        dependencies: "proconio = { version = \"=0.5.0\", features = [\"derive\"] }",
        main: FASTOUT,
        samples: &[("3\n", "1\n2\n3\ndone\n")],
    };
    let plain = Solution {
        name: "a2-plain",
        dependencies: "proconio = \"=0.5.0\"",
        main: "use proconio::input;\n\nfn main() {\n    input! { n: u32 }\n    println!(\"{}\", n \
               + 1);\n}\n",
        samples: &[("3\n", "4\n")],
    };
    [fastout, plain]
}

/// One crate of the workspace builds proconio with `derive`, the other
/// does not: the other's features are its own, as `cargo build -p` has
/// them, and it is bundled from the committed expansion (no cargo-equip,
/// which is not reachable here).
#[test]
fn one_crates_features_do_not_decide_for_another() {
    let [fastout, plain] = fastout_and_plain();
    let (scratch, target) = scratch_workspace("bundle-features-per-crate", &[&fastout, &plain]);
    let report = bundle_without_rustup(&scratch.path, &["a2-plain"], Some(&target));
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
    assert!(!report.stderr.contains("cargo-equip"), "{}", report.stderr);
    assert!(
        report.stdout.contains("submissions/a2-plain.rs  written\n"),
        "{}",
        report.stdout
    );
    assert_bundle_gives_the_crates_output(&scratch, &target, &plain);
}

/// cargo-equip 0.20.1 resolves features over the whole workspace, so one
/// `#[fastout]` crate makes it load proconio-derive for every crate, and
/// fail on each: `--compare-equip` says so for the crate without it, runs
/// nothing (cargo-equip and rustup are not reachable here), and writes the
/// splice's bundle, where it used to give up on the crate with "cargo-equip
/// failed" (the corpus of docs/references.md: 33 crates of 55).
#[test]
fn a_crate_beside_a_fastout_one_is_not_compared_with_cargo_equip() {
    let [fastout, plain] = fastout_and_plain();
    let (scratch, target) = scratch_workspace("bundle-compare-beside-fastout", &[&fastout, &plain]);
    let report = bundle_without_rustup(
        &scratch.path,
        &["--compare-equip", "a2-plain"],
        Some(&target),
    );
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
    assert!(
        report.stdout.contains(
            "a2-plain                         not compared: another crate of the workspace builds \
             proconio with `derive`"
        ),
        "{}",
        report.stdout
    );
    assert!(
        report.stdout.contains("submissions/a2-plain.rs  written\n"),
        "{}",
        report.stdout
    );
    assert_bundle_gives_the_crates_output(&scratch, &target, &plain);
}

/// `mod inner;` in `src/util.rs`, in `src/util/inner.rs` where rustc
/// looks: cargo-equip looks for `src/inner.rs`, as the splice does, so
/// nothing is installed, and the error says how to change the crate.
#[test]
fn a_module_neither_tool_finds_is_not_sent_to_cargo_equip() {
    let solution = Solution {
        name: "a1-nested-file",
        dependencies: "proconio = \"=0.5.0\"",
        main: "use proconio::input;\n\nmod util;\n\nfn main() {\n    input! { n: i32 }\n    \
               println!(\"{}\", util::inner::plus_one(n));\n}\n",
        samples: &[("1\n", "2\n")],
    };
    let (scratch, target) = scratch_workspace("bundle-module-below-a-file", &[&solution]);
    scratch.write("crates/a1-nested-file/src/util.rs", b"pub mod inner;\n");
    scratch.write(
        "crates/a1-nested-file/src/util/inner.rs",
        b"pub fn plus_one(n: i32) -> i32 {\n    n + 1\n}\n",
    );
    let report = bundle_without_rustup(&scratch.path, &["a1-nested-file"], Some(&target));
    assert_eq!(report.code, Some(1), "{}{}", report.stdout, report.stderr);
    let src = scratch.path.join("crates/a1-nested-file/src");
    let shown = |path: &str| src.join(path).display().to_string();
    assert_eq!(
        report.stdout,
        format!(
            "error: a1-nested-file: cannot be bundled: `mod inner;` in {} is {} to rustc, but \
             cargo-equip 0.20.1 looks for {}, {} (and the splice, which makes its bytes, does \
             too), so installing it would not help: make util.rs util/mod.rs, or write `#[path = \
             \"util/inner.rs\"]` on the `mod inner;`\n",
            shown("util.rs"),
            shown("util/inner.rs"),
            shown("inner.rs"),
            shown("inner/mod.rs"),
        )
    );
    assert!(!report.stderr.contains("rustup"), "{}", report.stderr);
    assert!(!scratch.path.join("submissions").exists());
}

/// `#[fastout]` bundled by the tool itself, as proconio-derive 0.2.1
/// expands it: no cargo-equip (which cannot expand it), the bundle
/// compiled by plain rustc gives the crate's own output on its samples,
/// both the way proconio's documentation writes it and as
/// `#[proconio::fastout]` with a value returned and output from a helper.
#[test]
fn a_fastout_crate_is_bundled_with_nothing_installed() {
    let documented = Solution {
        name: "a1-fastout",
        dependencies: "proconio = { version = \"=0.5.0\", features = [\"derive\"] }",
        main: FASTOUT,
        samples: &[("3\n", "1\n2\n3\ndone\n"), ("0\n", "done\n")],
    };
    let qualified = Solution {
        name: "a2-qualified",
        dependencies: "proconio = { version = \"=0.5.0\", features = [\"derive\"] }",
        main: "use proconio::{\n    fastout,\n    input, // the reader\n};\nuse std::io::Write;\n\nmod \
               squares {\n    pub fn of(n: u64) -> u64 {\n        n * n\n    }\n}\n\nfn show(out: \
               &mut impl Write, n: u64) {\n    writeln!(out, \"helper {n}\").unwrap();\n}\n\n#[proconio::fastout]\n#[allow(clippy::needless_return)]\nfn \
               main() -> () {\n    input! { mut n: u64, words: [String; n] }\n    for word in \
               &words {\n        print!(\"{word} \");\n    }\n    println!();\n    let stdout = \
               std::io::stdout();\n    show(&mut stdout.lock(), squares::of(n));\n    if n == 0 \
               {\n        return;\n    }\n    println!(\"{}\", squares::of(n));\n}\n",
        // The helper writes past the buffer, so before it: as the crate
        // does.
        samples: &[("2 a b\n", "helper 4\na b \n4\n"), ("0\n", "helper 0\n\n")],
    };
    let (scratch, target) = scratch_workspace("bundle-fastout", &[&documented, &qualified]);
    let report = bundle_without_rustup(
        &scratch.path,
        &["a1-fastout", "a2-qualified"],
        Some(&target),
    );
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
    assert!(!report.stderr.contains("cargo-equip"), "{}", report.stderr);
    for solution in [&documented, &qualified] {
        let written = format!("submissions/{}.rs  written\n", solution.name);
        assert!(report.stdout.contains(&written), "{}", report.stdout);
        let text = assert_bundle_gives_the_crates_output(&scratch, &target, solution);
        assert!(!text.contains("fastout"), "{text}");
        assert!(text.contains("let __proconio_res = {"), "{text}");
    }
    let report = bundle_without_rustup(&scratch.path, &["--check"], Some(&target));
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
}

/// A `mod b;` inside an inline `mod a`, which neither the splice nor
/// cargo-equip inlines: the error names it, nothing is installed, and
/// no file outside the workspace is touched (a badly laid out `a/b.rs` in
/// the temporary folder stays as it is, where the bundle's rustfmt used
/// to format it).
#[test]
fn a_nested_module_file_is_named_and_nothing_outside_is_touched() {
    let solution = Solution {
        name: "a1-nested-mod",
        dependencies: "proconio = \"=0.5.0\"",
        main: "use proconio::input;\n\nmod a {\n    pub mod b;\n}\n\nfn main() {\n    input! { \
               n: i32 }\n    println!(\"{}\", a::b::twice(n));\n}\n",
        samples: &[("2\n", "4\n")],
    };
    let (scratch, target) = scratch_workspace("bundle-nested-module", &[&solution]);
    scratch.write(
        "crates/a1-nested-mod/src/a/b.rs",
        b"pub fn twice(n: i32) -> i32 {\n    n * 2\n}\n",
    );
    let outside = scratch.write("tmp/a/b.rs", b"pub fn  twice( n:i32 )->i32{n*2}\n");
    let mut command = tool();
    command
        .args(["bundle", "a1-nested-mod"])
        .current_dir(&scratch.path)
        .env("PATH", path_without_rustup_and_cargo_equip())
        .env("CARGO_TARGET_DIR", &target)
        .env("TMPDIR", scratch.path.join("tmp"));
    let report = Report::of(command.output().unwrap());
    assert_eq!(report.code, Some(1), "{}{}", report.stdout, report.stderr);
    assert_eq!(
        report.stdout,
        "error: a1-nested-mod: cannot be bundled: `mod b;` inside the inline module `a`: \
         neither the splice nor cargo-equip 0.20.1 inlines a module file declared in an inline \
         module; move `a` to a file `a/mod.rs` (declared `mod a;`), beside which `b.rs` is \
         found, or write its items inline (`mod b { ... }`)\n"
    );
    assert!(!report.stderr.contains("rustup"), "{}", report.stderr);
    assert_eq!(
        fs::read_to_string(&outside).unwrap(),
        "pub fn  twice( n:i32 )->i32{n*2}\n"
    );
}

/// Macros of the crate's own (one exported from an inline module and used
/// through `crate::`), `const`s, a struct with `impl` blocks and a trait,
/// a nested function, a raw string, doc comments, and proconio's markers
/// `Usize1`, `Chars` and `Bytes`.
const STYLES: &str = r####"//! Sums of ranges, shown with a frame.
use proconio::input;
use proconio::marker::{Bytes, Chars, Usize1};

/// The frame around the answer.
const FRAME: &str = r#"[ "#;
const LIMIT: usize = 1 << 20;

macro_rules! max {
    ($a:expr) => { $a };
    ($a:expr, $($rest:expr),+) => { std::cmp::max($a, max!($($rest),+)) };
}

mod prefix {
    //! Prefix sums.
    #[macro_export]
    macro_rules! show {
        ($($arg:tt)*) => { println!("{}{}", $crate::FRAME, format!($($arg)*)) };
    }

    /// Sums of the first `i` values.
    pub struct Sums {
        sums: Vec<u64>,
    }

    impl Sums {
        pub fn new(values: &[u64]) -> Self {
            let mut sums = vec![0];
            for value in values {
                sums.push(sums.last().unwrap() + value);
            }
            Sums { sums }
        }

        /// The sum of `values[l..r]`.
        pub fn range(&self, l: usize, r: usize) -> u64 {
            self.sums[r] - self.sums[l]
        }
    }

    impl std::fmt::Display for Sums {
        fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "{:?}", self.sums)
        }
    }
}

trait Weight {
    fn weight(&self) -> usize;
}

impl Weight for Vec<char> {
    fn weight(&self) -> usize {
        self.iter().filter(|c| c.is_ascii_uppercase()).count()
    }
}

fn main() {
    input! {
        n: usize,
        values: [u64; n],
        q: usize,
        ranges: [(Usize1, usize); q],
        word: Chars,
        raw: Bytes,
    }
    assert!(n < LIMIT);
    fn twice(x: u64) -> u64 {
        x * 2
    }
    let sums = prefix::Sums::new(&values);
    for (l, r) in ranges {
        show!("{} {}", sums.range(l, r), twice(sums.range(l, r)));
    }
    println!("{sums}");
    println!("{}", max!(word.weight(), raw.len(), 1));
}
"####;

/// An interactive solution as proconio's documentation writes one: a
/// `LineSource` over the locked stdin, read between answers.
const INTERACTIVE: &str = "//! Finds a hidden number from 1 to n by halving.\nuse \
                           proconio::input;\nuse proconio::source::line::LineSource;\nuse \
                           std::io::{stdin, stdout, BufReader, Write};\n\nfn main() {\n    let \
                           stdin = stdin();\n    let mut source = \
                           LineSource::new(BufReader::new(stdin.lock()));\n    input! { from \
                           &mut source, n: u32 }\n    let (mut low, mut high) = (1, n);\n    \
                           while low < high {\n        let mid = (low + high) / 2;\n        \
                           println!(\"? {mid}\");\n        stdout().flush().unwrap();\n        \
                           input! { from &mut source, answer: String }\n        if answer == \
                           \"<=\" {\n            high = mid;\n        } else {\n            low \
                           = mid + 1;\n        }\n    }\n    println!(\"! {low}\");\n}\n";

/// rustc-hash's `FxHashMap` and `FxHashSet` beside proconio.
const FXHASH: &str = "use proconio::input;\nuse rustc_hash::{FxHashMap, FxHashSet};\n\nfn \
                      main() {\n    input! { n: usize, words: [String; n] }\n    let mut counts \
                      = FxHashMap::default();\n    for word in &words {\n        \
                      *counts.entry(word.as_str()).or_insert(0) += 1;\n    }\n    let distinct: \
                      FxHashSet<&String> = words.iter().collect();\n    let mut counts: \
                      Vec<_> = counts.into_iter().collect();\n    counts.sort();\n    for (word, \
                      count) in counts {\n        println!(\"{word} {count}\");\n    }\n    \
                      println!(\"{}\", distinct.len());\n}\n";

/// The styles real solutions are written in (docs/references.md's corpus)
/// that the tests above do not have: macros of the crate's own, `const`s,
/// `impl` blocks, markers, an interactive solution answered from its input
/// file, and rustc-hash. Each is bundled from the committed expansion, its
/// bundle gives the crate's own output on its samples, and `--check`
/// passes them.
#[test]
fn crates_in_the_styles_of_real_solutions_are_bundled_and_checked() {
    let styles = Solution {
        name: "a1-styles",
        dependencies: "proconio = \"=0.5.0\"",
        main: STYLES,
        samples: &[(
            "4\n1 2 3 4\n2\n1 4\n2 3\nAtCoder\nxyz\n",
            "[ 10 20\n[ 5 10\n[0, 1, 3, 6, 10]\n3\n",
        )],
    };
    let interactive = Solution {
        name: "a2-interactive",
        dependencies: "proconio = \"=0.5.0\"",
        main: INTERACTIVE,
        // The answers a judge would give for 3 of 1 to 5.
        samples: &[("5\n<=\n>\n", "? 3\n? 2\n! 3\n")],
    };
    let fxhash = Solution {
        name: "a3-fxhash",
        dependencies: "proconio = \"=0.5.0\"\nrustc-hash = \"=2.1.1\"",
        main: FXHASH,
        samples: &[("4\nb a b c\n", "a 1\nb 2\nc 1\n3\n")],
    };
    let solutions = [&styles, &interactive, &fxhash];
    let (scratch, target) = scratch_workspace("bundle-styles", &solutions);
    let names: Vec<&str> = solutions.iter().map(|solution| solution.name).collect();
    let report = bundle_without_rustup(&scratch.path, &names, Some(&target));
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
    assert!(!report.stderr.contains("cargo-equip"), "{}", report.stderr);
    for solution in solutions {
        let written = format!("submissions/{}.rs  written\n", solution.name);
        assert!(report.stdout.contains(&written), "{}", report.stdout);
        assert_bundle_gives_the_crates_output(&scratch, &target, solution);
    }
    let mut args = vec!["--check"];
    args.extend(&names);
    let report = bundle_without_rustup(&scratch.path, &args, Some(&target));
    assert_eq!(report.code, Some(0), "{}{}", report.stdout, report.stderr);
}
