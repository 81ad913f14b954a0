//! `cargo new-problem`: a new problem crate in the workspace's shape, ready
//! for `cargo judge`, `cargo bundle`, `cargo timing` and `cargo stress`
//! with no other edit.
//!
//! The files come from `scripts/templates/`, with `{name}`, `{title}`,
//! `{url}`, `{time_limit_ms}` and `{memory_limit_mib}` filled in.

use crate::error::Error;
use crate::flags::NewProblem as Options;
use crate::rules::Limits;
use crate::workspace::Workspace;
use std::borrow::Cow;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

mod companion;
mod listen;
mod naming;

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

/// The interactor of an interactive problem sent by Competitive Companion:
/// one still to write, whose every verdict is WA with a line saying so.
const INTERACTOR_TO_WRITE: &str =
    include_str!("../templates/interactive/examples/interactor-to-write.rs");

/// A crate to make: what the templates are filled with, and its samples.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub name: String,
    /// One line, for the header and the description.
    pub title: String,
    pub url: Option<String>,
    pub limits: Limits,
    pub interactive: bool,
    /// `N.in` and `N.out`, in order from 1, byte for byte.
    pub samples: Vec<Sample>,
    /// Sent by Competitive Companion: an interactive problem's samples are
    /// the statement's transcripts and it has no interactor, so its
    /// examples/interactor.rs is one still to write, which says so.
    pub sent: bool,
    /// Lines for the header on where the program reads and writes, when
    /// that is not stdin and stdout: each starts with `//! ` and ends with
    /// a newline; empty otherwise.
    pub io: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    pub input: Vec<u8>,
    pub output: Vec<u8>,
}

/// Runs `cargo new-problem`; true when the crate was made.
pub fn main(options: &Options) -> Result<bool, Error> {
    if let Some(port) = options.listen {
        return listen::main(port, options.force);
    }
    if let Some(path) = &options.from_json {
        return companion::from_json(path, options.force);
    }
    let name = options.name.clone().unwrap_or_default();
    check_name(&name)?;
    let workspace = Workspace::load()?;
    let plan = Plan {
        title: title(&name),
        url: options.url.clone(),
        limits: options.limits,
        interactive: options.interactive,
        samples: Vec::new(),
        sent: false,
        io: String::new(),
        name,
    };
    let (crate_dir, samples_dir) = make(&workspace.root, &plan)?;
    if plan.interactive {
        return Ok(say_interactive(
            &workspace,
            &crate_dir,
            &samples_dir,
            &plan.name,
        ));
    }
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
        name = plan.name
    );
    Ok(true)
}

/// Where a crate is written before it is renamed into place, under the
/// workspace's root (the same file system, so the rename is one step) and
/// outside `crates/`, whose every folder cargo takes for a member.
const PARTIAL: &str = ".new-problem.partial";

/// Makes `plan`'s crate and samples in the workspace at `root`: both are
/// written aside and renamed into place, the samples first and the crate
/// last, so that a run stopped at any point (Ctrl-C) leaves no crate
/// half-written. The two folders, `crates/NAME` and `samples/NAME`.
pub fn make(root: &Path, plan: &Plan) -> Result<(PathBuf, PathBuf), Error> {
    let crate_dir = root.join("crates").join(&plan.name);
    let samples_dir = root.join("samples").join(&plan.name);
    for dir in [&crate_dir, &samples_dir] {
        if dir.exists() {
            return Err(Error::new(format!("{} already exists", dir.display())));
        }
    }
    let partial = root.join(PARTIAL).join(&plan.name);
    // What a stopped run left of this crate is started again.
    if partial.exists() {
        fs::remove_dir_all(&partial)
            .map_err(|error| Error::new(format!("cannot remove {}: {error}", partial.display())))?;
    }
    let made = write_aside_and_move(plan, &partial, &crate_dir, &samples_dir);
    // Whether made or refused, nothing is left aside.
    let _ = fs::remove_dir_all(&partial);
    let _ = fs::remove_dir(root.join(PARTIAL));
    made.map(|()| (crate_dir, samples_dir))
}

/// The files of `plan` written under `partial` and moved into place, the
/// samples first and the crate last.
fn write_aside_and_move(
    plan: &Plan,
    partial: &Path,
    crate_dir: &Path,
    samples_dir: &Path,
) -> Result<(), Error> {
    let (partial_crate, partial_samples) = (partial.join("crate"), partial.join("samples"));
    for (path, text) in render(plan) {
        write(&partial_crate.join(path), text.as_bytes())?;
    }
    for (number, sample) in plan_samples(plan).iter().enumerate() {
        write(
            &partial_samples.join(format!("{}.in", number + 1)),
            &sample.input,
        )?;
        write(
            &partial_samples.join(format!("{}.out", number + 1)),
            &sample.output,
        )?;
    }
    for (from, to) in [(&partial_samples, samples_dir), (&partial_crate, crate_dir)] {
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent).map_err(|error| {
                Error::new(format!("cannot create {}: {error}", parent.display()))
            })?;
        }
        fs::rename(from, to).map_err(|error| {
            Error::new(format!(
                "cannot move {} to {}: {error}",
                from.display(),
                to.display()
            ))
        })?;
    }
    Ok(())
}

/// The samples written: the plan's own, or a case the generated solution
/// passes as it is when there are none.
fn plan_samples(plan: &Plan) -> Cow<'_, [Sample]> {
    if !plan.samples.is_empty() {
        return Cow::Borrowed(&plan.samples);
    }
    let (input, output): (&[u8], &[u8]) = if plan.interactive && !plan.sent {
        // A game the generated solution wins against the generated
        // interactor, which writes the secret to its OUTPUT.
        (b"37 100\n", b"37\n")
    } else if plan.sent && !plan.interactive {
        // A problem sent without samples (its statement is a PDF, say): a
        // case no placeholder passes, so that the crate is WA until the
        // judge's samples replace it, never AC unsolved.
        (b"", b"TODO: the judge's sample output (none was sent)\n")
    } else {
        // An empty case: the crate is judged AC until the judge's sample
        // replaces it.
        (b"", b"")
    };
    Cow::Owned(vec![Sample {
        input: input.to_vec(),
        output: output.to_vec(),
    }])
}

/// Each file of the crate, as its template filled in for `plan`.
fn render(plan: &Plan) -> Vec<(&'static str, String)> {
    let url = plan
        .url
        .clone()
        .unwrap_or_else(|| "TODO: the problem's address".to_string());
    let samples = plan_samples(plan).len();
    let values = [
        ("{name}", plan.name.clone()),
        ("{title}", plan.title.clone()),
        ("{url}", url),
        ("{time_limit_ms}", plan.limits.time.as_millis().to_string()),
        ("{memory_limit_mib}", (plan.limits.memory >> 20).to_string()),
        ("{io}", plan.io.clone()),
        ("{samples}", sample_cases(&plan.name, samples)),
    ];
    let templates = if plan.interactive {
        INTERACTIVE_TEMPLATES
    } else {
        TEMPLATES
    };
    templates
        .iter()
        .map(|&(path, template)| match path {
            "examples/interactor.rs" if plan.sent => (path, INTERACTOR_TO_WRITE),
            _ => (path, template),
        })
        .map(|(path, template)| {
            // In Cargo.toml a value sits in a TOML string.
            let escape = path == "Cargo.toml";
            (path, filled(template, &values, escape))
        })
        .collect()
}

/// `template` with each `{key}` replaced by its value in one pass, so that
/// a value (a problem's name, as sent) that holds a `{key}` stays as it is.
fn filled(template: &str, values: &[(&str, String)], escape: bool) -> String {
    let mut text = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        text.push_str(&rest[..start]);
        rest = &rest[start..];
        match values.iter().find(|(key, _)| rest.starts_with(key)) {
            Some((key, value)) => {
                text.push_str(&if escape {
                    toml_escaped(value)
                } else {
                    value.clone()
                });
                rest = &rest[key.len()..];
            }
            None => {
                text.push('{');
                rest = &rest[1..];
            }
        }
    }
    text + rest
}

/// The samples test's cases, `count` of them, as rustfmt lays them out.
fn sample_cases(name: &str, count: usize) -> String {
    let case = |number: usize, indent: &str| {
        format!(
            "{indent}include_str!(\"../../../samples/{name}/{number}.in\"),\n\
             {indent}include_str!(\"../../../samples/{name}/{number}.out\"),\n"
        )
    };
    if count == 1 {
        return format!("[(\n{}        )]", case(1, "            "));
    }
    let mut text = "[\n".to_string();
    for number in 1..=count {
        text += "            (\n";
        text += &case(number, "                ");
        text += "            ),\n";
    }
    text + "        ]"
}

/// `text` as the inside of a TOML basic string: quotes, backslashes and
/// control characters escaped (the TOML spec, "String").
fn toml_escaped(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '"' => escaped.push_str("\\\""),
            '\\' => escaped.push_str("\\\\"),
            '\t' => escaped.push(' '),
            character if character.is_control() => {
                escaped.push_str(&format!("\\u{:04X}", u32::from(character)))
            }
            character => escaped.push(character),
        }
    }
    escaped
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
/// `luogu-p2346`, `atcoder-abc123`), or is the word after a judge whose ids
/// are words (`kattis-twostones`), and at least one slug word follows.
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
    let Some(id_word) = id_word(&words) else {
        return fail();
    };
    let judge_starts_with_letter = words[0].as_bytes()[0].is_ascii_lowercase();
    if !judge_starts_with_letter || id_word + 1 >= words.len() {
        return fail();
    }
    Ok(())
}

/// Judges whose problems have ids of letters (Kattis' `twostones`): the
/// word after the judge's is the id, digits or not.
const WORD_ID_JUDGES: &[&str] = &["kattis"];

/// Which of a name's words holds the id: the first with a digit, or the
/// second after a judge of [`WORD_ID_JUDGES`].
fn id_word(words: &[&str]) -> Option<usize> {
    let with_digit = words
        .iter()
        .position(|word| word.bytes().any(|byte| byte.is_ascii_digit()));
    match with_digit {
        Some(index) => Some(index),
        None if words.len() > 1 && WORD_ID_JUDGES.contains(&words[0]) => Some(1),
        None => None,
    }
}

/// "POJ1753 — Flip Game" from "poj1753-flip-game": the judge and id in
/// capitals, the slug's words capitalised.
pub fn title(name: &str) -> String {
    let words: Vec<&str> = name.split('-').collect();
    let id_word = id_word(&words).unwrap_or(0);
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
            "kattis-twostones-take-two-stones",
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
            "kattis-twostones",
            "open-twostones-take-two",
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
