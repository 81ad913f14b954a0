//! The problem crates of the workspace and their judge settings, read from
//! `cargo metadata`: every package with a `[package.metadata.judge]` table
//! is a problem. Adding a problem therefore touches no tool code.

use crate::checker::{self, Checker};
use crate::command::{self, Ended};
use crate::error::Error;
use crate::interact::{self, Interactor};
use crate::rules::profile::{self, Chosen};
use crate::rules::{Limits, Stack};
use serde_json::Value;
use std::env;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The workspace as the tool needs it.
#[derive(Debug)]
pub struct Workspace {
    pub root: PathBuf,
    pub target_dir: PathBuf,
    /// In name order.
    pub problems: Vec<Problem>,
}

/// One problem crate.
#[derive(Debug)]
pub struct Problem {
    pub name: String,
    /// The folder of its Cargo.toml.
    pub dir: PathBuf,
    /// `samples/<name>/` under the workspace root.
    pub samples: PathBuf,
    pub limits: Limits,
    /// How its outputs are held against the samples' (`checker`; exact
    /// when the table has none).
    pub checker: Checker,
    /// The interactor its samples are judged against (`interactor`), when
    /// the problem is interactive; with a `checker` in the table, that
    /// checker judges what the interactor writes.
    pub interactor: Option<Interactor>,
    /// Compile commands of the judges that take the bundle; see
    /// [`JudgeCompile`].
    pub compile: Vec<JudgeCompile>,
    /// The names of its example targets.
    pub examples: Vec<String>,
    /// The judge profile it is judged by (`judge`, else its `url`'s host),
    /// which gives the time rule, and the checker and stack the table does
    /// not name.
    pub profile: Chosen,
    /// The table names its own checker, which a profile does not replace.
    pub checker_given: bool,
    /// The table names its own stack limit.
    pub stack_given: bool,
}

/// How one judge compiles a submitted file: `rustc ARGS... FILE`. The tool
/// adds `-D warnings` and the output path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeCompile {
    /// Who compiles this way, for the report: "Luogu", "plain rustc".
    pub judge: String,
    pub args: Vec<String>,
}

impl Problem {
    /// The example target named `<crate>-<role>`, if the crate has one.
    pub fn example(&self, role: &str) -> Option<String> {
        let name = format!("{}-{role}", self.name);
        self.examples.contains(&name).then_some(name)
    }
}

impl Workspace {
    /// Reads the workspace that holds the current folder.
    pub fn load() -> Result<Workspace, Error> {
        // What cargo says goes into the error: outside a workspace, the
        // one line that says so.
        let output =
            command::run(cargo().args(["metadata", "--format-version", "1", "--no-deps"]))?;
        let metadata: Value = serde_json::from_slice(&output)
            .map_err(|error| Error::new(format!("cannot read cargo metadata's output: {error}")))?;
        Workspace::from_metadata(&metadata)
    }

    /// The workspace described by `cargo metadata --format-version 1` JSON.
    pub fn from_metadata(metadata: &Value) -> Result<Workspace, Error> {
        let root = PathBuf::from(string(metadata, "workspace_root")?);
        let target_dir = PathBuf::from(string(metadata, "target_directory")?);
        let packages = metadata["packages"]
            .as_array()
            .ok_or("cargo metadata lists no packages")?;
        let mut problems = Vec::new();
        for package in packages {
            let judge = &package["metadata"]["judge"];
            if judge.is_null() {
                continue;
            }
            problems.push(Problem::from_package(package, judge, &root, &target_dir)?);
        }
        problems.sort_by(|one, other| one.name.cmp(&other.name));
        Ok(Workspace {
            root,
            target_dir,
            problems,
        })
    }

    /// The problem whose crate or samples folder holds the current folder,
    /// as cargo acts on the package it is run in.
    pub fn current_problem(&self) -> Option<&Problem> {
        let here = env::current_dir().ok()?.canonicalize().ok()?;
        self.problems.iter().find(|problem| {
            [&problem.dir, &problem.samples]
                .iter()
                .any(|dir| dir.canonicalize().is_ok_and(|dir| here.starts_with(dir)))
        })
    }

    /// The problems named, in the order given, each once; with no name, the
    /// problem the current folder is in, or else every problem. An unknown
    /// name is an error listing the known ones.
    pub fn select(&self, names: &[String]) -> Result<Vec<&Problem>, Error> {
        if names.is_empty() {
            if let Some(problem) = self.current_problem() {
                return Ok(vec![problem]);
            }
            if self.problems.is_empty() {
                return Err("the workspace has no problem crates \
                            (packages with [package.metadata.judge])"
                    .into());
            }
            return Ok(self.problems.iter().collect());
        }
        let mut unique: Vec<&String> = Vec::new();
        for name in names {
            if !unique.contains(&name) {
                unique.push(name);
            }
        }
        unique
            .into_iter()
            .map(|name| {
                self.problems
                    .iter()
                    .find(|problem| &problem.name == name)
                    .ok_or_else(|| {
                        let known: Vec<&str> = self
                            .problems
                            .iter()
                            .map(|problem| problem.name.as_str())
                            .collect();
                        Error::new(format!(
                            "no problem crate named '{name}' (have: {})",
                            known.join(", ")
                        ))
                    })
            })
            .collect()
    }

    /// Where `cargo build --release` puts the binary `name`.
    pub fn release_binary(&self, name: &str) -> PathBuf {
        self.target_dir
            .join("release")
            .join(format!("{name}{}", env::consts::EXE_SUFFIX))
    }

    /// Where `cargo build --release --example` puts the example `name`.
    pub fn release_example(&self, name: &str) -> PathBuf {
        self.target_dir
            .join("release")
            .join("examples")
            .join(format!("{name}{}", env::consts::EXE_SUFFIX))
    }

    /// Builds the problems' binaries in release mode, as judges build
    /// (the workspace's release profile is `rustc -O`), and the examples
    /// named.
    pub fn build_release(&self, problems: &[&Problem], examples: &[String]) -> Result<(), Error> {
        let mut command = cargo();
        // Not --quiet: a cold build takes a while, and cargo's own progress
        // says what it is doing.
        command.args(["build", "--release"]);
        for problem in problems {
            command.args(["--package", &problem.name, "--bin", &problem.name]);
        }
        for example in examples {
            command.args(["--example", example]);
        }
        // Cargo's progress and rustc's errors show as they come.
        command::run(
            command
                .current_dir(&self.root)
                .stdout(Stdio::inherit())
                .stderr(Stdio::inherit()),
        )
        .map(drop)
        .map_err(|failure| Error::from(failure).context("the release build"))
    }

    /// Builds one problem's binary in release mode, as
    /// [`Workspace::build_release`] does; when it does not compile, the
    /// error is rustc's first errors (or cargo's word that it failed).
    /// Cargo's progress shows on stderr as it goes; rustc's messages are
    /// read from cargo's JSON on stdout, so that the report can hold them,
    /// and its warnings are written to stderr as cargo renders them, once
    /// (cargo replays a crate's warnings on a build that compiles nothing).
    pub fn build_crate(&self, problem: &Problem) -> Result<(), Error> {
        /// Errors shown, and lines of each.
        const ERRORS: usize = 2;
        const LINES: usize = 12;
        let built = command::run(
            cargo()
                .args(["build", "--release", "--message-format", "json"])
                .args(["--package", &problem.name, "--bin", &problem.name])
                .current_dir(&self.root)
                .stderr(Stdio::inherit()),
        );
        // The JSON messages, which a failed build has too.
        let (stdout, failure) = match built {
            Ok(stdout) => (stdout, None),
            Err(mut failure) if matches!(failure.ended, Ended::Failed(_)) => {
                (std::mem::take(&mut failure.stdout), Some(failure))
            }
            Err(failure) => return Err(failure.into()),
        };
        let messages: Vec<Value> = stdout
            .split(|&byte| byte == b'\n')
            .filter_map(|line| serde_json::from_slice::<Value>(line).ok())
            .filter(|message| message["reason"] == "compiler-message")
            .collect();
        let rendered = |level: &'static str| {
            messages
                .iter()
                .filter(move |message| message["message"]["level"] == level)
                .filter_map(|message| message["message"]["rendered"].as_str())
        };
        let mut warnings = String::new();
        let mut count = 0;
        for warning in rendered("warning") {
            warnings.push_str(warning);
            count += 1;
        }
        if count > 0 {
            // Cargo's closing line, which it leaves out with JSON messages.
            let _ = writeln!(
                warnings,
                "warning: `{name}` (bin \"{name}\") generated {count} warning{}",
                if count == 1 { "" } else { "s" },
                name = problem.name
            );
            let _ = std::io::stderr().write_all(warnings.as_bytes());
        }
        let Some(failure) = failure else {
            return Ok(());
        };
        let mut shown = String::new();
        let errors = rendered("error").take(ERRORS);
        for error in errors {
            for line in error.trim_end().lines().take(LINES) {
                shown.push_str(&crate::verdict::printable(line.as_bytes()));
                shown.push('\n');
            }
        }
        if shown.is_empty() {
            return Err(Error::new(format!("{failure}; its messages are above")));
        }
        Err(Error::new(shown))
    }
}

impl Problem {
    fn from_package(
        package: &Value,
        judge: &Value,
        root: &Path,
        target_dir: &Path,
    ) -> Result<Problem, Error> {
        let name = string(package, "name")?.to_string();
        let manifest = PathBuf::from(string(package, "manifest_path")?);
        let dir = manifest
            .parent()
            .ok_or_else(|| Error::new(format!("{name}: its manifest has no folder")))?
            .to_path_buf();
        let in_table = |what: Error| Error::new(format!("{name}: [package.metadata.judge] {what}"));
        let number = |key: &str| {
            judge[key]
                .as_u64()
                .filter(|&value| value > 0)
                .ok_or_else(|| in_table(format!("needs `{key}`, a whole number above 0").into()))
        };
        let optional = |key: &str| match &judge[key] {
            Value::Null => Ok(None),
            _ => number(key).map(Some),
        };
        let profile = match (&judge["judge"], &judge["url"]) {
            (Value::Null, Value::String(url)) => {
                profile::by_url(url).map_or_else(Chosen::unknown, |profile| Chosen {
                    profile,
                    from: "the crate's url",
                })
            }
            (Value::Null, _) => Chosen::unknown(),
            (Value::String(name), _) => Chosen {
                profile: profile::by_name(name).ok_or_else(|| {
                    in_table(
                        format!(
                            "`judge` names no judge the tool knows: '{name}' (it knows {})",
                            profile::names()
                        )
                        .into(),
                    )
                })?,
                from: "the crate's `judge`",
            },
            _ => {
                return Err(in_table(
                    format!("`judge` must be a string: {}", profile::names()).into(),
                ))
            }
        };
        let stack = match &judge["stack-limit-mib"] {
            Value::Null => None,
            Value::String(word) if word == "unlimited" => Some(Stack::Unlimited),
            value => value
                .as_u64()
                .filter(|&mib| mib > 0)
                .map(|mib| Some(Stack::Bytes(mib.saturating_mul(1 << 20))))
                .ok_or_else(|| {
                    let what = "`stack-limit-mib` must be a whole number above 0 or \"unlimited\"";
                    in_table(what.into())
                })?,
        };
        let limits = Limits {
            time: Duration::from_millis(number("time-limit-ms")?),
            memory: number("memory-limit-mib")?.saturating_mul(1024 * 1024),
            output: optional("output-limit-mib")?.map(|mib| mib.saturating_mul(1 << 20)),
            stack: stack.unwrap_or(profile.profile.stack),
            clock: profile.profile.clock,
        };
        let checker = match &judge["checker"] {
            Value::Null => Checker::of(profile.profile.comparison),
            Value::String(spec) => {
                Checker::parse(spec, &dir).map_err(|error| in_table(error.context("`checker`")))?
            }
            _ => {
                let error = format!("`checker` must be a string: {}", checker::SPECS);
                return Err(in_table(error.into()));
            }
        };
        let compile = match &judge["compile"] {
            Value::Null => Vec::new(),
            Value::Array(entries) => entries
                .iter()
                .map(|entry| JudgeCompile::from_entry(entry).map_err(&in_table))
                .collect::<Result<_, _>>()?,
            _ => return Err(in_table("`compile` must be an array of tables".into())),
        };
        let examples: Vec<String> = package["targets"]
            .as_array()
            .map(|targets| {
                targets
                    .iter()
                    .filter(|target| has_kind(target, "example"))
                    .filter_map(|target| target["name"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        let interactor = match &judge["interactor"] {
            Value::Null => None,
            Value::String(spec) => {
                let interactor = Interactor::of_crate(spec, &dir, target_dir, &examples)
                    .map_err(|error| in_table(error.context("`interactor`")))?;
                Some(match &judge["checker"] {
                    Value::Null => interactor,
                    _ => interactor
                        .with_checker(checker.clone())
                        .map_err(|error| in_table(error.context("`checker`")))?,
                })
            }
            _ => {
                let error = format!("`interactor` must be a string: {}", interact::SPECS);
                return Err(in_table(error.into()));
            }
        };
        let has_binary = package["targets"].as_array().is_some_and(|targets| {
            targets
                .iter()
                .any(|target| has_kind(target, "bin") && target["name"] == name.as_str())
        });
        if !has_binary {
            return Err(Error::new(format!(
                "{name}: a problem crate needs a binary named {name}"
            )));
        }
        Ok(Problem {
            profile,
            checker_given: !judge["checker"].is_null(),
            stack_given: !judge["stack-limit-mib"].is_null(),
            samples: root.join("samples").join(&name),
            name,
            dir,
            limits,
            checker,
            interactor,
            compile,
            examples,
        })
    }
}

impl JudgeCompile {
    fn from_entry(entry: &Value) -> Result<JudgeCompile, Error> {
        let judge = entry["judge"]
            .as_str()
            .ok_or("`compile` entry needs `judge`, a name")?
            .to_string();
        let args = entry["rustc-args"]
            .as_array()
            .and_then(|args| {
                args.iter()
                    .map(|arg| arg.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| {
                format!("`compile` entry for {judge} needs `rustc-args`, a list of strings")
            })?;
        Ok(JudgeCompile { judge, args })
    }
}

fn has_kind(target: &Value, kind: &str) -> bool {
    target["kind"]
        .as_array()
        .is_some_and(|kinds| kinds.iter().any(|each| each == kind))
}

fn string<'a>(value: &'a Value, key: &str) -> Result<&'a str, Error> {
    value[key]
        .as_str()
        .ok_or_else(|| Error::new(format!("cargo metadata gave no `{key}`")))
}

/// The cargo that runs this tool (cargo sets `CARGO` for `cargo run`), or
/// the one on PATH.
pub fn cargo() -> Command {
    Command::new(env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo")))
}

/// The rustc that `RUSTC` names, or the one on PATH (under rustup, the
/// same toolchain as the cargo that runs this tool).
pub fn rustc() -> Command {
    Command::new(env::var_os("RUSTC").unwrap_or_else(|| OsString::from("rustc")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::DEFAULT_LIMITS;

    fn metadata(judge: &str) -> Value {
        let text = format!(
            r#"{{
                "workspace_root": "/w", "target_directory": "/w/target",
                "packages": [
                    {{ "name": "scripts", "manifest_path": "/w/scripts/Cargo.toml",
                       "metadata": null,
                       "targets": [{{ "kind": ["bin"], "name": "scripts" }}] }},
                    {{ "name": "x1-b", "manifest_path": "/w/crates/x1-b/Cargo.toml",
                       "metadata": {{ "judge": {judge} }},
                       "targets": [{{ "kind": ["bin"], "name": "x1-b" }},
                                   {{ "kind": ["example"], "name": "x1-b-baseline" }}] }},
                    {{ "name": "x1-a", "manifest_path": "/w/crates/x1-a/Cargo.toml",
                       "metadata": {{ "judge": {{ "time-limit-ms": 2, "memory-limit-mib": 3 }} }},
                       "targets": [{{ "kind": ["bin"], "name": "x1-a" }}] }}
                ]
            }}"#
        );
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn problems_are_the_packages_with_a_judge_table_in_name_order() {
        let judge = r#"{ "time-limit-ms": 1000, "memory-limit-mib": 64,
            "compile": [{ "judge": "Luogu", "rustc-args": ["--edition", "2024"] }] }"#;
        let workspace = Workspace::from_metadata(&metadata(judge)).unwrap();
        let names: Vec<&str> = workspace.problems.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["x1-a", "x1-b"]);
        let b = &workspace.problems[1];
        assert_eq!(b.limits.time, Duration::from_millis(1000));
        assert_eq!(b.limits.memory, 64 << 20);
        assert_eq!(b.limits.output, None);
        assert_eq!(b.limits.stack, Stack::Unlimited);
        assert_eq!(b.samples, Path::new("/w/samples/x1-b"));
        assert_eq!(b.dir, Path::new("/w/crates/x1-b"));
        assert_eq!(b.example("baseline").as_deref(), Some("x1-b-baseline"));
        assert_eq!(b.example("bench-inputs"), None);
        assert_eq!(
            b.compile,
            [JudgeCompile {
                judge: "Luogu".to_string(),
                args: vec!["--edition".to_string(), "2024".to_string()]
            }]
        );
    }

    #[test]
    fn a_judge_table_may_set_the_output_and_stack_limits() {
        for (more, output, stack) in [
            (r#""output-limit-mib": 8"#, Some(8 << 20), Stack::Unlimited),
            (r#""stack-limit-mib": 64"#, None, Stack::Bytes(64 << 20)),
            (r#""stack-limit-mib": "unlimited""#, None, Stack::Unlimited),
        ] {
            let judge = format!(r#"{{ "time-limit-ms": 1, "memory-limit-mib": 1, {more} }}"#);
            let workspace = Workspace::from_metadata(&metadata(&judge)).unwrap();
            let limits = workspace.problems[1].limits;
            assert_eq!((limits.output, limits.stack), (output, stack), "{more}");
        }
        let limits = Limits {
            output: Some(8 << 20),
            ..DEFAULT_LIMITS
        };
        assert_eq!(limits.output_for(100 << 20), 8 << 20);
        assert_eq!(DEFAULT_LIMITS.output_for(100 << 20), 201 << 20);
    }

    #[test]
    fn a_bad_judge_table_is_an_error_naming_the_crate_and_key() {
        for (judge, expected) in [
            (
                r#"{ "memory-limit-mib": 64 }"#,
                "x1-b: [package.metadata.judge] needs `time-limit-ms`",
            ),
            (
                r#"{ "time-limit-ms": 0, "memory-limit-mib": 64 }"#,
                "needs `time-limit-ms`",
            ),
            (
                r#"{ "time-limit-ms": "1s", "memory-limit-mib": 64 }"#,
                "needs `time-limit-ms`",
            ),
            (
                r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "output-limit-mib": 0 }"#,
                "needs `output-limit-mib`",
            ),
            (
                r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "stack-limit-mib": "8M" }"#,
                "`stack-limit-mib` must be",
            ),
            (
                r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "compile": 3 }"#,
                "`compile` must be",
            ),
            (
                r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "compile": [{ "judge": "J" }] }"#,
                "`compile` entry for J needs `rustc-args`",
            ),
        ] {
            let error = Workspace::from_metadata(&metadata(judge))
                .unwrap_err()
                .to_string();
            assert!(error.contains(expected), "{judge}: {error}");
        }
    }

    #[test]
    fn a_crates_interactor_is_read_with_its_checker() {
        let judge = r#"{ "time-limit-ms": 1, "memory-limit-mib": 1,
            "interactor": "example:x1-b-baseline", "checker": "tokens" }"#;
        let workspace = Workspace::from_metadata(&metadata(judge)).unwrap();
        let interactor = workspace.problems[1].interactor.clone().unwrap();
        assert_eq!(interactor.example.as_deref(), Some("x1-b-baseline"));
        assert_eq!(interactor.checker, Some(Checker::Tokens));
        let built = format!("x1-b-baseline{}", std::env::consts::EXE_SUFFIX);
        let expected = Path::new("/w/target/release/examples").join(built);
        assert_eq!(interactor.path, expected);
        assert_eq!(workspace.problems[0].interactor, None);
        let judge = r#"{ "time-limit-ms": 1, "memory-limit-mib": 1,
            "interactor": "./judge/interact" }"#;
        let workspace = Workspace::from_metadata(&metadata(judge)).unwrap();
        let interactor = workspace.problems[1].interactor.clone().unwrap();
        assert_eq!(interactor.path, Path::new("/w/crates/x1-b/judge/interact"));
        assert_eq!(interactor.checker, None);
        for (judge, expected) in [
            (
                r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "interactor": 3 }"#,
                "x1-b: [package.metadata.judge] `interactor` must be a string",
            ),
            (
                r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "interactor": "example:x" }"#,
                "`interactor`: example:x: the crate has no example named x",
            ),
            (
                r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "interactor": "icpc:v",
                     "checker": "tokens" }"#,
                "`checker`: an ICPC interactor (icpc:PATH) judges by itself",
            ),
        ] {
            let error = Workspace::from_metadata(&metadata(judge))
                .unwrap_err()
                .to_string();
            assert!(error.contains(expected), "{judge}: {error}");
        }
    }

    #[test]
    fn selecting_an_unknown_crate_names_the_known_ones() {
        let judge = r#"{ "time-limit-ms": 1, "memory-limit-mib": 1 }"#;
        let workspace = Workspace::from_metadata(&metadata(judge)).unwrap();
        assert_eq!(workspace.select(&[]).unwrap().len(), 2);
        let picked = workspace.select(&["x1-b".to_string()]).unwrap();
        assert_eq!(picked[0].name, "x1-b");
        let error = workspace
            .select(&["x9".to_string()])
            .unwrap_err()
            .to_string();
        assert_eq!(error, "no problem crate named 'x9' (have: x1-a, x1-b)");
    }

    #[test]
    fn a_crates_profile_is_its_judge_key_else_its_urls_host() {
        use crate::rules::{Clock, WallCap};
        let profile_of = |more: &str| {
            let judge = format!(r#"{{ "time-limit-ms": 1, "memory-limit-mib": 1 {more} }}"#);
            let workspace = Workspace::from_metadata(&metadata(&judge)).unwrap();
            let problem = &workspace.problems[1];
            (problem.profile.profile.name, problem.profile.from)
        };
        let url = r#", "url": "https://www.luogu.com.cn/problem/P2346""#;
        assert_eq!(profile_of(url), ("luogu", "the crate's url"));
        let both = r#", "url": "http://poj.org/problem?id=1222", "judge": "nowcoder""#;
        assert_eq!(profile_of(both), ("nowcoder", "the crate's `judge`"));
        let unknown = r#", "url": "https://example.com/1""#;
        assert_eq!(profile_of(unknown).0, "default");
        assert_eq!(profile_of("").0, "default");
        // The profile's checker and stack where the table names none;
        // the table's own where it does; the profile's clock always.
        let judge = r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "judge": "atcoder" }"#;
        let workspace = Workspace::from_metadata(&metadata(judge)).unwrap();
        let problem = &workspace.problems[1];
        assert_eq!(problem.limits.stack, Stack::Bytes(1 << 30));
        assert_eq!(problem.limits.clock, Clock::Cpu(WallCap::Times(2)));
        assert_eq!(problem.checker, Checker::AtCoder);
        let judge = r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "judge": "luogu",
            "checker": "tokens", "stack-limit-mib": 8 }"#;
        let workspace = Workspace::from_metadata(&metadata(judge)).unwrap();
        let problem = &workspace.problems[1];
        assert_eq!(problem.checker, Checker::Tokens);
        assert_eq!(problem.limits.stack, Stack::Bytes(8 << 20));
        assert!(problem.checker_given && problem.stack_given);
        let judge = r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "judge": "luogu" }"#;
        let workspace = Workspace::from_metadata(&metadata(judge)).unwrap();
        assert_eq!(workspace.problems[1].checker, Checker::Lines);
        for (judge, expected) in [
            (
                r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "judge": "hackerrank" }"#,
                "x1-b: [package.metadata.judge] `judge` names no judge the tool knows: \
                 'hackerrank' (it knows default, wall, icpc,",
            ),
            (
                r#"{ "time-limit-ms": 1, "memory-limit-mib": 1, "judge": 3 }"#,
                "`judge` must be a string",
            ),
        ] {
            let error = Workspace::from_metadata(&metadata(judge))
                .unwrap_err()
                .to_string();
            assert!(error.contains(expected), "{judge}: {error}");
        }
    }
}
