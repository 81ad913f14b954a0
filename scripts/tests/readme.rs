//! The README stays short and true: within its line budget, every command
//! it names exists and takes the options it shows, every file it links is
//! there, no figure is left unfilled, and its quick start is exactly what CI
//! runs.

mod common;

use common::{tool, Report};
use std::fs;
use std::path::{Path, PathBuf};

/// A README a newcomer reads in minutes.
const MAX_LINES: usize = 200;
/// cargo's own commands the README may name.
const CARGO_COMMANDS: &[&str] = &[
    "build", "clippy", "fmt", "install", "metadata", "run", "test",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn readme() -> String {
    fs::read_to_string(root().join("README.md")).unwrap()
}

/// The aliases `.cargo/config.toml` defines.
fn aliases() -> Vec<String> {
    let config = fs::read_to_string(root().join(".cargo").join("config.toml")).unwrap();
    config
        .lines()
        .skip_while(|line| line.trim() != "[alias]")
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .filter_map(|line| line.split_once('='))
        .map(|(name, _)| name.trim().to_string())
        .filter(|name| !name.is_empty() && !name.starts_with('#'))
        .collect()
}

/// Every `cargo WORD ...` in the text, with the rest of its line up to a
/// closing backtick or `|`: in code blocks line by line, in prose across
/// line breaks, where inline commands may wrap.
fn cargo_commands(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (index, part) in text.split("```").enumerate() {
        if index % 2 == 1 {
            for line in part.lines() {
                commands_in(line, &mut found);
            }
        } else {
            commands_in(&part.replace('\n', " "), &mut found);
        }
    }
    found
}

fn commands_in(joined: &str, found: &mut Vec<(String, String)>) {
    for (index, _) in joined.match_indices("cargo ") {
        let preceded = joined[..index]
            .chars()
            .last()
            .map_or(true, |c| c == '`' || c == ' ');
        if !preceded {
            continue;
        }
        let rest = &joined[index + "cargo ".len()..];
        let end = rest.find(['`', '|', '(', ',', ';']).unwrap_or(rest.len());
        let words = &rest[..end];
        let Some(command) = words.split_whitespace().next() else {
            continue;
        };
        if command.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            found.push((command.to_string(), words.trim().to_string()));
        }
    }
}

#[test]
fn the_readme_keeps_to_its_line_budget() {
    let lines = readme().lines().count();
    assert!(
        lines <= MAX_LINES,
        "README.md has {lines} lines, at most {MAX_LINES}"
    );
}

#[test]
fn every_command_the_readme_names_exists_with_its_options() {
    let aliases = aliases();
    assert!(aliases.contains(&"judge".to_string()), "{aliases:?}");
    let commands = cargo_commands(&readme());
    assert!(commands.len() >= 10, "{commands:?}");
    for (command, words) in &commands {
        if CARGO_COMMANDS.contains(&command.as_str()) {
            continue;
        }
        assert!(
            aliases.contains(command),
            "the README names `cargo {command}`, which is neither cargo's nor an alias"
        );
        let help = Report::of(tool().args([command.as_str(), "--help"]).output().unwrap());
        assert_eq!(help.code, Some(0), "cargo {command} --help");
        for option in words
            .split_whitespace()
            .filter(|word| word.starts_with("--"))
        {
            let option = option.trim_end_matches(['.', ':']);
            assert!(
                help.stdout.contains(option),
                "the README shows `cargo {words}`, but `cargo {command} --help` has no {option}"
            );
        }
    }
}

#[test]
fn every_file_the_readme_links_is_there() {
    let text = readme();
    for (index, _) in text.match_indices("](") {
        let target = &text[index + 2..];
        let target = &target[..target.find(')').unwrap()];
        if target.contains("://") || target.starts_with('#') {
            continue;
        }
        assert!(root().join(target).exists(), "README links {target}");
    }
    for submission in fs::read_dir(root().join("crates")).unwrap() {
        let name = submission.unwrap().file_name();
        let file = root()
            .join("submissions")
            .join(format!("{}.rs", name.to_string_lossy()));
        assert!(file.is_file(), "{} is missing", file.display());
    }
}

#[test]
fn no_figure_is_left_unfilled() {
    let text = readme();
    assert!(!text.contains("TBD"), "README.md still has a TBD");
}

#[test]
fn the_quick_start_is_what_ci_runs() {
    let text = readme();
    let quick_start = text
        .split("## Quick start")
        .nth(1)
        .expect("a Quick start section");
    let block = quick_start
        .split("```")
        .nth(1)
        .expect("a code block in Quick start");
    let readme_commands: Vec<&str> = block
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(readme_commands, ["cargo judge", "cargo test --workspace"]);
    let ci = fs::read_to_string(root().join(".ci").join("run")).unwrap();
    for command in readme_commands {
        assert!(
            ci.lines()
                .any(|line| line.trim() == format!("gate {command}")),
            ".ci/run does not run `{command}` as the README writes it"
        );
    }
}

#[test]
fn the_reader_of_commands_finds_what_it_should() {
    let found = cargo_commands(
        "Run `cargo judge --program PATH` or\n`cargo bundle\n--check`; not mycargo fmt | `cargo timing --compare REV`",
    );
    let found: Vec<String> = found
        .into_iter()
        .map(|(command, words)| format!("{command}: {words}"))
        .collect();
    assert_eq!(
        found,
        [
            "judge: judge --program PATH",
            "bundle: bundle --check",
            "timing: timing --compare REV"
        ]
    );
}
