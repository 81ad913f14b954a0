//! The slow games (tests/slow/N.in with their SAT-confirmed answers in
//! N.out): games built against earlier versions of this solver, each taking
//! it from a tenth of a second to seconds, so they are not default samples.
//! Run in release:
//!
//! ```text
//! cargo test --release -p zoj1008-gnome-tetravex -- --ignored
//! ```

use std::path::Path;
use std::process::{Command, Stdio};

#[test]
#[ignore = "slow: seconds a game; run in release with --ignored"]
fn slow_games_get_their_confirmed_answers() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/slow");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/slow exists")
        .map(|entry| {
            entry
                .expect("a readable entry")
                .file_name()
                .into_string()
                .expect("UTF-8 names")
        })
        .collect();
    names.sort();
    // Every .in has its .out and the reverse: a lone file is an error, not
    // a case skipped.
    for name in &names {
        let (stem, other) = match name.rsplit_once('.') {
            Some((stem, "in")) => (stem, "out"),
            Some((stem, "out")) => (stem, "in"),
            _ => panic!("unexpected file tests/slow/{name}"),
        };
        assert!(
            names.contains(&format!("{stem}.{other}")),
            "{name} has no .{other}"
        );
    }
    let mut cases = 0;
    for name in names.iter().filter(|name| name.ends_with(".in")) {
        let input = std::fs::File::open(dir.join(name)).expect("readable input");
        let expected = std::fs::read_to_string(dir.join(name.replace(".in", ".out")))
            .expect("readable answer");
        let output = Command::new(env!("CARGO_BIN_EXE_zoj1008-gnome-tetravex"))
            .stdin(input)
            .stderr(Stdio::inherit())
            .output()
            .expect("the solution runs");
        assert!(output.status.success(), "{name}: {}", output.status);
        assert_eq!(String::from_utf8_lossy(&output.stdout), expected, "{name}");
        cases += 1;
    }
    assert_eq!(cases, 10, "the slow set has 10 games");
}
