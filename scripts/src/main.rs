//! The workspace's tool: one program that judges, bundles, times and
//! stress-tests the solutions and starts new ones, the same way on every
//! platform cargo runs on. Reached through the aliases in
//! `.cargo/config.toml`: `cargo judge`, `cargo bundle`, `cargo timing`,
//! `cargo stress`, `cargo new-problem`; each has its own `--help`. It runs
//! nothing but cargo, rustc, cargo-equip and the programs it judges.

mod bundle;
mod cases;
mod checker;
mod cli;
mod color;
mod command;
mod compare;
mod error;
mod flags;
mod interact;
mod jobs;
mod judge;
mod new_problem;
mod package;
mod rules;
mod run;
mod stress;
mod timing;
mod verdict;
mod workspace;

use crate::error::Error;
use lexopt::prelude::*;

/// Large allocations left out of the programs the tool forks, which
/// would count them in their peaks (see `run/unix/unforked.rs`).
#[cfg(any(target_os = "linux", target_os = "android"))]
#[global_allocator]
static ALLOCATOR: run::Unforked = run::Unforked;
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "\
The workspace's tool. Each command through its cargo alias:

  cargo judge [CRATE...] [--case NAME]...
                                run the release solutions on their samples
  cargo bundle [--check] [CRATE...]
                                write submissions/<crate>.rs, the file a judge takes
  cargo timing [CRATE...]       time the solutions on their worst inputs
  cargo stress CRATE            compare a solution with its brute force
  cargo new-problem NAME        start a new problem crate

`cargo <command> --help` explains one. With no CRATE, a command run inside
crates/<crate>/ or samples/<crate>/ acts on that crate, elsewhere on all.

Exit status: 0 when everything passed, 1 when something failed, 2 for a
command line or workspace that cannot be used.
";

fn main() -> ExitCode {
    #[cfg(all(any(target_os = "linux", target_os = "android"), target_env = "gnu"))]
    run::one_arena();
    let result = parse_and_run();
    run::finish();
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            // A report that cannot be written changes nothing: exit 2 anyway.
            let _ = write!(std::io::stderr(), "{}", error.layout("error: ", "  "));
            ExitCode::from(2)
        }
    }
}

/// Parses the command line and runs the command; true when it passed.
fn parse_and_run() -> Result<bool, Error> {
    let mut parser = lexopt::Parser::from_env();
    let command = match cli::next(&mut parser)? {
        Some(Value(command)) => cli::string(command)?,
        Some(Short('h') | Long("help")) | None => cli::help_and_exit(USAGE),
        Some(other) => return Err(Error::new(other.unexpected().to_string())),
    };
    match command.as_str() {
        "judge" => judge::main(&flags::judge(&mut parser)?),
        "bundle" => bundle::main(&flags::bundle(&mut parser)?),
        "timing" => timing::main(&flags::timing(&mut parser, timing::peak_memory_and_exit)?),
        "stress" => stress::main(&flags::stress(&mut parser)?),
        "new-problem" => new_problem::main(&flags::new_problem(&mut parser)?),
        "help" => cli::help_and_exit(USAGE),
        other => Err(Error::new(format!(
            "unknown command '{other}'; the commands are judge, bundle, timing, stress \
             and new-problem"
        ))),
    }
}
