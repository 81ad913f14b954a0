//! `cargo new-problem`: a new problem crate in the workspace's shape, ready
//! for `cargo judge`, `cargo bundle`, `cargo timing` and `cargo stress`
//! with no other edit.
//!
//! The files come from `scripts/templates/`, with `{name}`, `{title}`,
//! `{url}`, `{time_limit_ms}` and `{memory_limit_mib}` filled in.

use crate::error::Error;
use crate::flags::NewProblem as Options;
use crate::workspace::Workspace;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// Each template and where it goes in the new crate.
const TEMPLATES: &[(&str, &str)] = &[
    (
        "Cargo.toml",
        include_str!("../templates/Cargo.toml.template"),
    ),
    ("src/main.rs", include_str!("../templates/main.rs.template")),
    (
        "examples/gen.rs",
        include_str!("../templates/examples/gen.rs"),
    ),
    (
        "examples/brute.rs",
        include_str!("../templates/examples/brute.rs"),
    ),
    (
        "examples/bench-inputs.rs",
        include_str!("../templates/examples/bench-inputs.rs"),
    ),
    (
        "examples/shared/brute_force.rs",
        include_str!("../templates/examples/shared/brute_force.rs"),
    ),
    (
        "tests/failing_streams.rs",
        include_str!("../templates/tests/failing_streams.rs"),
    ),
];

/// The same for an interactive problem (`--interactive`): the solution
/// talks to an interactor, an example of the crate's own.
const INTERACTIVE_TEMPLATES: &[(&str, &str)] = &[
    (
        "Cargo.toml",
        include_str!("../templates/interactive/Cargo.toml.template"),
    ),
    (
        "src/main.rs",
        include_str!("../templates/interactive/main.rs.template"),
    ),
    (
        "examples/interactor.rs",
        include_str!("../templates/interactive/examples/interactor.rs"),
    ),
];

/// Runs `cargo new-problem`; true when the crate was made.
pub fn main(options: &Options) -> Result<bool, Error> {
    check_name(&options.name)?;
    let workspace = Workspace::load()?;
    let crate_dir = workspace.root.join("crates").join(&options.name);
    let samples_dir = workspace.root.join("samples").join(&options.name);
    for dir in [&crate_dir, &samples_dir] {
        if dir.exists() {
            return Err(Error::new(format!("{} already exists", dir.display())));
        }
    }
    let values = [
        ("{name}", options.name.clone()),
        ("{title}", title(&options.name)),
        (
            "{url}",
            options
                .url
                .clone()
                .unwrap_or_else(|| "TODO: the problem's address".to_string()),
        ),
        (
            "{time_limit_ms}",
            options.limits.time.as_millis().to_string(),
        ),
        (
            "{memory_limit_mib}",
            (options.limits.memory >> 20).to_string(),
        ),
    ];
    let templates = if options.interactive {
        INTERACTIVE_TEMPLATES
    } else {
        TEMPLATES
    };
    for (path, template) in templates {
        let mut text = template.to_string();
        for (key, value) in &values {
            text = text.replace(key, value);
        }
        write(&crate_dir.join(path), text.as_bytes())?;
    }
    if options.interactive {
        // A game the generated solution wins against the generated
        // interactor, which writes the secret to its OUTPUT.
        write(&samples_dir.join("1.in"), b"37 100\n")?;
        write(&samples_dir.join("1.out"), b"37\n")?;
        return Ok(say_interactive(
            &workspace,
            &crate_dir,
            &samples_dir,
            &options.name,
        ));
    }
    // An empty first case: the generated solution answers it, so the crate
    // is judged AC until the judge's sample replaces it.
    write(&samples_dir.join("1.in"), b"")?;
    write(&samples_dir.join("1.out"), b"")?;

    let _ = writeln!(
        io::stdout(),
        "created {} and {}\n\
         the workspace builds it through Cargo.toml's `crates/*` members, and the next cargo\n\
         command adds it to Cargo.lock: commit both with the new folders\n\
         next: put the judge's sample in {}/1.in and 1.out (more cases: NAME.in with NAME.out\n\
         \x20 or NAME.ans, or a problem package's data/ with sample/ and secret/), then replace\n\
         \x20 every TODO:\n\
         \x20 src/main.rs                      the solution, its header and its tests\n\
         \x20 examples/shared/brute_force.rs   the simple method the tests and brute.rs trust\n\
         \x20 examples/gen.rs                  one small random input per seed, for cargo stress\n\
         \x20 examples/bench-inputs.rs         the worst inputs, for cargo timing\n\
         \x20 Cargo.toml                       the judges' limits and compile commands\n\
         then: cargo judge {name}, cargo stress {name}, cargo bundle --check {name}",
        shown(&workspace, &crate_dir),
        shown(&workspace, &samples_dir),
        shown(&workspace, &samples_dir),
        name = options.name
    );
    Ok(true)
}

/// What was made and what to do next, for an interactive crate; true.
fn say_interactive(
    workspace: &Workspace,
    crate_dir: &Path,
    samples_dir: &Path,
    name: &str,
) -> bool {
    let _ = writeln!(
        io::stdout(),
        "created {} and {} (an interactive problem)\n\
         the workspace builds it through Cargo.toml's `crates/*` members, and the next cargo\n\
         command adds it to Cargo.lock: commit both with the new folders\n\
         next: put each case in {}/N.in as the interactor reads it, with N.out (the\n\
         \x20 judge's sample transcript is for the statement, not a case), then replace every TODO:\n\
         \x20 src/main.rs              the solution, flushing each line it writes\n\
         \x20 examples/interactor.rs   the judge's side (testlib's exit codes), or set\n\
         \x20                          `interactor` in Cargo.toml to the judge's own\n\
         \x20 Cargo.toml               the judges' limits and compile commands\n\
         then: cargo judge {name}, cargo bundle --check {name}",
        shown(workspace, crate_dir),
        shown(workspace, samples_dir),
        shown(workspace, samples_dir),
    );
    true
}

/// `path` as the messages show it: from the workspace's root.
fn shown(workspace: &Workspace, path: &Path) -> String {
    path.strip_prefix(&workspace.root)
        .unwrap_or(path)
        .display()
        .to_string()
}

fn write(path: &Path, contents: &[u8]) -> Result<(), Error> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)
            .map_err(|error| Error::new(format!("cannot create {}: {error}", dir.display())))?;
    }
    fs::write(path, contents)
        .map_err(|error| Error::new(format!("cannot write {}: {error}", path.display())))
}

/// The naming rule: `<judge><id>-<slug>`, lowercase ASCII letters and
/// digits in hyphen-separated words; the judge is one or more words of
/// letters, the id starts with a digit right after them (`poj1753`,
/// `luogu-p2346`, `atcoder-abc123`), and at least one slug word follows.
pub fn check_name(name: &str) -> Result<(), Error> {
    let rule = "a crate name is <judge><id>-<slug>: lowercase letters, digits and single hyphens, \
                the judge's name followed by the problem's id, then words for the problem \
                (poj1753-flip-game, luogu-p2346-four-in-line)";
    let fail = || {
        Err(Error::new(format!(
            "'{name}' does not follow the naming rule: {rule}"
        )))
    };
    let words: Vec<&str> = name.split('-').collect();
    let well_formed = words.iter().all(|word| {
        !word.is_empty()
            && word
                .bytes()
                .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit())
    });
    if !well_formed {
        return fail();
    }
    // The word holding the id: the first with a digit. Words before it are
    // all letters (the judge's name); it starts with letters (the rest of
    // the judge's name, or a prefix of the id) and then has a digit.
    let Some(id_word) = words
        .iter()
        .position(|word| word.bytes().any(|byte| byte.is_ascii_digit()))
    else {
        return fail();
    };
    let judge_starts_with_letter = words[0].as_bytes()[0].is_ascii_lowercase();
    if !judge_starts_with_letter || id_word + 1 >= words.len() {
        return fail();
    }
    Ok(())
}

/// "POJ1753 — Flip Game" from "poj1753-flip-game": the judge and id in
/// capitals, the slug's words capitalised.
pub fn title(name: &str) -> String {
    let words: Vec<&str> = name.split('-').collect();
    let id_word = words
        .iter()
        .position(|word| word.bytes().any(|byte| byte.is_ascii_digit()))
        .unwrap_or(0);
    let head = words[..=id_word].join("-").to_ascii_uppercase();
    let slug: Vec<String> = words[id_word + 1..]
        .iter()
        .map(|word| {
            let mut characters = word.chars();
            characters
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + characters.as_str())
                .unwrap_or_default()
        })
        .collect();
    format!("{head} — {}", slug.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_existing_crates_follow_the_naming_rule() {
        for name in [
            "poj1753-flip-game",
            "poj1222-extended-lights-out",
            "luogu-p2346-four-in-line",
            "zoj1008-gnome-tetravex",
            "atcoder-abc123-a",
            "cf1234a-x",
        ] {
            assert_eq!(check_name(name), Ok(()), "{name}");
        }
    }

    #[test]
    fn names_off_the_rule_are_refused_with_the_rule() {
        for name in [
            "",
            "flip-game",
            "poj1753",
            "poj1753-",
            "poj1753--flip",
            "POJ1753-flip-game",
            "1753-flip-game",
            "poj1753-flip_game",
            "poj1753-flip game",
            "poj1753-flïp",
            "-poj1753-flip",
            "../poj1753-flip",
        ] {
            let error = check_name(name).unwrap_err().to_string();
            assert!(
                error.contains("does not follow the naming rule"),
                "{name}: {error}"
            );
        }
    }

    #[test]
    fn titles_come_from_the_name() {
        assert_eq!(title("poj1753-flip-game"), "POJ1753 — Flip Game");
        assert_eq!(
            title("luogu-p2346-four-in-line"),
            "LUOGU-P2346 — Four In Line"
        );
    }
}
