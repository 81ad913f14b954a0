//! Problem packages as their judges publish them, given to `--samples`:
//! ICPC / Kattis / DOMjudge (`problem.yaml` beside `data/`, in the legacy
//! format, 2023-07 or 2025-09, DOMjudge's `.timelimit` and `domjudge-problem.ini`)
//! and Polygon (`problem.xml`). A package says its cases, its limits and
//! how outputs are checked; [`plan`] weighs those against the command
//! line (which wins) and the crate's or the defaults (which the package
//! beats), and says in one line which it used and where each came from.
//! A package is read within itself: a link in what the judge reads that
//! leaves it, or a loop, is refused before any of it is read ([`links`]).

mod build;
mod icpc;
mod links;
mod polygon;
mod submission;
mod yaml;

pub use submission::check_program;

use crate::cases::{self, Case};
use crate::checker::{Checker, ValidatorFlags};
use crate::error::Error;
use crate::flags;
use crate::interact::{self, Convention, Interactor};
use crate::rules::profile::{self, Chosen, PackageDefaults};
use crate::rules::Limits;
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

/// What a package says.
#[derive(Debug)]
pub struct Package {
    /// Its root, as given or found.
    pub root: PathBuf,
    /// Its format, for the report: `ICPC problem.yaml legacy`.
    pub format: String,
    pub cases: Cases,
    pub time: Option<Stated<Duration>>,
    pub memory: Option<Stated<u64>>,
    /// Bytes of output past which a run is OLE.
    pub output: Option<Stated<u64>>,
    /// Why a package with no time limit has none, for the report.
    pub no_time_because: &'static str,
    pub validation: Validation,
    /// Set when the problem is not judged as batch: see [`refuse_unbatched`].
    pub unbatched: Option<Unbatched>,
    /// The judge its kind names: see [`kind_profile`].
    pub judge: Option<Chosen>,
    /// Where it states no memory or output limit, the judge's default
    /// applies (ICPC and DOMjudge packages: problemtools' or DOMjudge's,
    /// by the profile that judges it); else the crate's or the tool's.
    pub judge_defaults: bool,
}

/// The profile of the judge a package's kind is made for, and where that
/// is seen: an ICPC package (`problem.yaml`) is judged as the package
/// format says (`icpc`), one with DOMjudge's own files as DOMjudge judges
/// (`domjudge`), a Polygon package as Codeforces does (`codeforces`).
/// `--judge` beats it, and it beats the crate's.
pub fn kind_profile(name: &str, from: &'static str) -> Option<Chosen> {
    profile::by_name(name).map(|profile| Chosen { profile, from })
}

/// A value and where in the package it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Stated<T> {
    pub value: T,
    pub from: String,
}

/// Where a package's cases are.
#[derive(Debug)]
pub enum Cases {
    /// A folder read as `--samples` reads one (`data/`: `sample/`, then
    /// `secret/`).
    Folder(PathBuf),
    /// Cases the package lists itself (Polygon's numbered tests).
    Listed(Vec<Case>),
}

/// How a package checks outputs.
#[derive(Debug, PartialEq)]
pub enum Validation {
    /// The ICPC default output validator with these flags: DOMjudge's
    /// (`domjudge`) or problemtools'.
    Default {
        flags: Vec<String>,
        from: String,
        domjudge: bool,
    },
    /// An ICPC output validator to build, run with these flags.
    Icpc {
        source: build::Source,
        flags: Vec<String>,
    },
    /// A testlib checker to build (Polygon).
    Testlib(build::Source),
    /// None that the package names, for the reason given: an error only
    /// when a checker is wanted, so that `--checker` judges without it.
    /// `testlib`: the package's programs are in testlib's convention.
    Missing { why: String, testlib: bool },
}

/// A problem that is not judged by running the program on a case and
/// checking its output: interactive (an interactor talks to the program)
/// or multi-pass. This is the one place a package reader says so, with
/// the program that would talk to it, for the interactive judge to take.
#[derive(Debug, PartialEq)]
pub struct Unbatched {
    /// `interactive`, `multi-pass`, `submit-answer`.
    pub kind: String,
    /// Where the package says so: `problem.yaml type: interactive`.
    pub from: String,
    /// The interactor's or validator's source, when the package has one.
    pub program: Option<PathBuf>,
}

/// The package at `dir`, or None when `dir` is a plain folder of cases.
/// `dir` may be a package's root, its `data/` folder or a folder in that
/// (`data/sample`, a test group): then its cases are those of `dir`, judged
/// as the package says.
pub fn open(dir: &Path) -> Result<Option<Package>, Error> {
    if dir.join("problem.xml").is_file() {
        links::check(dir, &links::POLYGON_PARTS)?;
        let package = polygon::read(dir)?;
        within(&package)?;
        return Ok(Some(package));
    }
    if icpc::is_root(dir) {
        links::check(dir, &links::ICPC_PARTS)?;
        return icpc::read(dir, &dir.join("data")).map(Some);
    }
    // Looked for in the whole path, so that `sample` from inside `data/`,
    // or `.`, is the same folder as `PKG/data/sample`: a few levels up at
    // most (data/secret/group/subgroup).
    let whole = absolute(dir);
    for folder in whole.ancestors().take(5) {
        let is_data = folder.file_name().is_some_and(|name| name == "data");
        match folder.parent() {
            Some(root) if is_data && icpc::is_root(root) => {
                // The root named as the folder was: relative to the
                // current folder when it was given so (`..`, `.`).
                let below = whole.strip_prefix(root).unwrap_or(Path::new(""));
                let root = if dir.is_absolute() {
                    root.to_path_buf()
                } else {
                    relative_to_current(root).unwrap_or_else(|| root.to_path_buf())
                };
                links::check(&root, &links::ICPC_PARTS)?;
                return icpc::read(&root, &root.join(below)).map(Some);
            }
            _ => {}
        }
    }
    Ok(None)
}

/// An error when a file the package's own files name (a Polygon
/// package's tests, checker and interactor, by problem.xml's paths) is
/// outside it, by a link or by `..`.
fn within(package: &Package) -> Result<(), Error> {
    let root = &package.root;
    if let Cases::Listed(listed) = &package.cases {
        for case in listed {
            for path in case.input.iter().chain(&case.expected) {
                links::inside(root, path)?;
            }
        }
    }
    if let Validation::Testlib(source) | Validation::Icpc { source, .. } = &package.validation {
        // The folder whole, unless it is the package's root (a checker
        // beside problem.xml): its statement is never read.
        let folder = Some(&source.dir).filter(|dir| *dir != root);
        for path in source.main.iter().chain(folder) {
            links::inside(root, path)?;
        }
    }
    if let Some(program) = package.unbatched.as_ref().and_then(|u| u.program.as_ref()) {
        links::inside(root, program)?;
    }
    Ok(())
}

/// `dir` as a whole path, without `.` and `..` parts (read as written:
/// `data/..` is the folder `data` is in).
fn absolute(dir: &Path) -> PathBuf {
    let joined = match std::env::current_dir() {
        Ok(current) if dir.is_relative() => current.join(dir),
        _ => dir.to_path_buf(),
    };
    let mut whole = PathBuf::new();
    for part in joined.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                whole.pop();
            }
            other => whole.push(other),
        }
    }
    whole
}

/// The whole path `folder` as seen from the current folder: `.` for it,
/// `..` for the one it is in, `data/sample` below it; None when it is in
/// neither line.
fn relative_to_current(folder: &Path) -> Option<PathBuf> {
    let current = absolute(Path::new("."));
    if let Ok(below) = folder.strip_prefix(&current) {
        return Some(if below.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            below.to_path_buf()
        });
    }
    let up = current.strip_prefix(folder).ok()?.components().count();
    Some((0..up).map(|_| Component::ParentDir).collect())
}

/// An error when the package's problem is not judged as batch and cannot
/// be judged otherwise (an interactive one without an interactor); never
/// judged as if it were.
pub fn refuse_unbatched(package: &Package) -> Result<(), Error> {
    let Some(unbatched) = &package.unbatched else {
        return Ok(());
    };
    let with = unbatched
        .program
        .as_ref()
        .map(|program| format!(", its program {}", program.display()))
        .unwrap_or_default();
    let article = if unbatched.kind.starts_with('i') {
        "an"
    } else {
        "a"
    };
    let how = if unbatched.kind == "interactive" {
        // Only when the package has no interactor of its own.
        "it has no interactor: give one with --interactor SPEC; never judged as batch".to_string()
    } else {
        format!(
            "cargo judge does not judge {} problems, and never as batch",
            unbatched.kind
        )
    };
    Err(Error::new(format!(
        "{} is {article} {} problem ({}{with}): {how}",
        package.root.display(),
        unbatched.kind,
        unbatched.from,
    )))
}

/// How `--samples DIR` is judged.
pub struct Plan {
    pub limits: Limits,
    pub checker: Checker,
    /// The cases the command line picks (all when it picks none), or why
    /// there are none: judged ERROR.
    pub cases: Result<Vec<Case>, Error>,
    /// For a package: the line that says what it is judged under.
    pub line: Option<String>,
    /// The interactor each case runs against: the command line's, the
    /// package's own (built), or the crate's.
    pub interactor: Option<Interactor>,
    /// The `.interaction` files among the cases: transcripts for the
    /// statement (see [`interact::transcripts`]).
    pub transcripts: usize,
    /// The profile the package's kind picks, unless `--judge` names one:
    /// it replaces the crate's (see [`kind_profile`]).
    pub profile: Option<Chosen>,
}

/// The plan for `--samples DIR`, for a program whose own limits and
/// checker are `own` (`own_from`: "the crate's", "default"). A name that
/// picks no case, or cases with two answers, is the command line's
/// error; so is a package that cannot be read or judged as batch, or whose
/// checker cannot be built.
pub fn plan(
    dir: &Path,
    own: Limits,
    own_checker: &Checker,
    own_interactor: Option<&Interactor>,
    own_from: &str,
    options: &flags::Judge,
) -> Result<Plan, Error> {
    let Some(package) = open(dir)? else {
        let cases = cases::picked(dir, &options.cases)?;
        let interactor = options.interactor.as_ref().or(own_interactor).cloned();
        return Ok(Plan {
            limits: options.limits(own),
            checker: options
                .checker
                .clone()
                .unwrap_or_else(|| own_checker.clone()),
            cases,
            line: None,
            interactor: with_given_checker(interactor, options)?,
            transcripts: interact::transcripts(dir),
            profile: None,
        });
    };
    // An interactive package's own interactor, unless the command line
    // gives one; any other problem that is not batch is refused.
    let interactive = match (&options.interactor, &package.unbatched) {
        (Some(given), _) => Some((given.clone(), "--interactor".to_string())),
        (
            None,
            Some(Unbatched {
                kind,
                program: Some(program),
                ..
            }),
        ) if kind == "interactive" => Some(package_interactor(&package, program)?),
        (None, Some(_)) => return refuse_unbatched(&package).map(|()| unreachable!()),
        (None, None) => None,
    };
    let cases = match &package.cases {
        // A folder in data/ (secret/, a test group) with the groups in it.
        Cases::Folder(data) if in_data(&package.root, data) => {
            cases::picked_tree(data, &options.cases)?
        }
        Cases::Folder(data) => cases::picked(data, &options.cases)?.map_err(|error| {
            if !data.is_dir() {
                Error::new(format!(
                    "the package {} has no cases: it has no data/ folder",
                    package.root.display(),
                ))
            } else if cases::scan(data).is_ok_and(|found| found.is_empty()) {
                Error::new(format!(
                    "the package {} has no cases: no .in with .ans files in {}, nor in its \
                     sample/ or secret/ folders",
                    package.root.display(),
                    data.display()
                ))
            } else {
                error
            }
        }),
        Cases::Listed(listed) if listed.is_empty() => Err(Error::new(format!(
            "the package {} has no cases: its testset lists no tests",
            package.root.display()
        ))),
        Cases::Listed(listed) => Ok(cases::pick(listed.clone(), &options.cases, &package.root)?),
    };
    let cases = match ungenerated(&package, options) {
        Some(error) => Err(error),
        None => cases,
    };
    let (time, time_from) = match (options.time_limit, &package.time) {
        (Some(time), _) => (time, "--time-limit-ms".to_string()),
        (None, Some(stated)) => (stated.value, stated.from.clone()),
        (None, None) => (own.time, format!("{own_from}; {}", package.no_time_because)),
    };
    let defaults = judge_defaults(&package, options);
    let (memory, memory_from) = match (options.memory_limit, &package.memory, defaults) {
        (Some(memory), _, _) => (memory, "--memory-limit-mib".to_string()),
        (None, Some(stated), _) => (stated.value, stated.from.clone()),
        (None, None, Some(defaults)) => (
            defaults.memory_mib << 20,
            format!("{}: the package states none", defaults.whose),
        ),
        (None, None, None) => (own.memory, format!("{own_from}; the package states none")),
    };
    let package_output = package.output.clone().or_else(|| {
        defaults.map(|defaults| Stated {
            value: defaults.output_mib << 20,
            from: format!("{}: the package states none", defaults.whose),
        })
    });
    // Said only where the package or the command line sets it: the
    // judge's own rule (see `Limits::output_for`) is no news.
    let (output, output_said) = match (options.output_limit, &package_output) {
        (Some(output), _) => (
            Some(output),
            format!(
                ", output limit {} (--output-limit-mib)",
                shown_memory(output)
            ),
        ),
        (None, Some(stated)) => (
            Some(stated.value),
            format!(
                ", output limit {} ({})",
                shown_memory(stated.value),
                stated.from
            ),
        ),
        (None, None) => (own.output, String::new()),
    };
    let (checker, checker_said) = match (&options.checker, &cases, &interactive) {
        (Some(checker), _, _) => (checker.clone(), format!("{} (--checker)", named(checker))),
        // Nothing to check: nothing built.
        (None, Err(_), _) => (
            own_checker.clone(),
            "none, as there are no cases".to_string(),
        ),
        // An ICPC interactor judges by itself.
        (None, Ok(_), Some((interactor, _))) if interactor.convention == Convention::Icpc => (
            own_checker.clone(),
            "none: the interactor judges".to_string(),
        ),
        (None, Ok(_), _) => checker_of(&package.validation)?,
    };
    // A testlib interactor's OUTPUT is held against the answer by the
    // package's checker (Polygon), or the command line's.
    let (interactor, interactor_said) = match interactive {
        None => (None, String::new()),
        Some((interactor, said)) => {
            let judged_after = options.checker.is_some()
                || (interactor.convention == Convention::Testlib && cases.is_ok());
            let interactor = if judged_after {
                interactor
                    .with_checker(checker.clone())
                    .map_err(|error| error.context("--checker"))?
            } else {
                interactor
            };
            (Some(interactor), format!(", interactor {said}"))
        }
    };
    // A program built without the files the judge adds to every
    // submission (the format's Included files) fails in a way no verdict
    // explains: said where the package has them.
    let include = package.root.join("include");
    let include_said = if include.is_dir() {
        format!(
            "; {} holds files the judge adds to each submission before building it: build \
             yours with them",
            include.display()
        )
    } else {
        String::new()
    };
    let line = format!(
        "{} ({}): time limit {} ({time_from}), memory limit {} ({memory_from}){output_said}, \
         checker {checker_said}{interactor_said}{include_said}",
        package.root.display(),
        package.format,
        shown_time(time),
        shown_memory(memory),
    );
    let transcripts = match &package.cases {
        Cases::Folder(data) => interact::transcripts(data),
        Cases::Listed(_) => 0,
    };
    // The package's kind names its judge, unless --judge names one: its
    // time rule and stack, over the crate's.
    let profile = package.judge.filter(|_| options.judge.is_none());
    let (clock, stack) = match profile {
        Some(chosen) => (chosen.profile.clock, chosen.profile.stack),
        None => (own.clock, own.stack),
    };
    Ok(Plan {
        limits: Limits {
            time,
            memory,
            output,
            stack: options.stack_limit.unwrap_or(stack),
            clock,
        },
        checker,
        cases,
        line: Some(line),
        interactor,
        transcripts,
        profile,
    })
}

/// The memory and output limits a package that states none gets: those
/// of the judge whose profile judges it (`--judge`'s, else the one its
/// kind is made for: a package with DOMjudge's files is DOMjudge's, and
/// gets DOMjudge's 2048 MiB even where its problem.yaml states no
/// memory), or where that profile has none (`--judge luogu`), those of
/// its kind's judge. `None` for a package whose judge sets none of its
/// own (Polygon: the crate's or the tool's).
fn judge_defaults(package: &Package, options: &flags::Judge) -> Option<PackageDefaults> {
    if !package.judge_defaults {
        return None;
    }
    let kind = package
        .judge
        .and_then(|chosen| chosen.profile.package_defaults);
    options
        .judge
        .and_then(|profile| profile.package_defaults)
        .or(kind)
}

/// Why the package cannot be judged as it is: it makes its secret tests
/// with generators (BAPCtools' `generators/generators.yaml`) and has not
/// made them yet, so `data/secret/` holds none; judged whole or by its
/// secret/ folder, it would pass on its samples alone. (The format's
/// "Generators" section: a judge does not run them, the package must hold
/// what they write; BAPCtools' `bt generate` writes it.) None when it has
/// them, or the command line picks cases, or the folder judged is another.
fn ungenerated(package: &Package, options: &flags::Judge) -> Option<Error> {
    let Cases::Folder(judged) = &package.cases else {
        return None;
    };
    let data = package.root.join("data");
    let secret = data.join("secret");
    let judged_below = |folder: &Path| judged.strip_prefix(folder).is_ok();
    let whole = judged
        .strip_prefix(&data)
        .is_ok_and(|below| below.as_os_str().is_empty());
    if !options.cases.is_empty()
        || !(whole || judged_below(&secret))
        || !package.root.join("generators/generators.yaml").is_file()
        || cases::scan_tree(&secret).is_ok_and(|found| !found.is_empty())
    {
        return None;
    }
    let sample = data.join("sample");
    Some(Error::new(format!(
        "the package {} makes its secret tests with generators/generators.yaml, and \
         data/secret holds none yet: make them with BAPCtools' `bt generate` in the package, \
         or judge its samples alone with --samples {}",
        package.root.display(),
        sample.display()
    )))
}

/// True when `folder` is a folder in the package's `data/`, not `data/`
/// itself.
fn in_data(root: &Path, folder: &Path) -> bool {
    folder
        .strip_prefix(root.join("data"))
        .is_ok_and(|below| !below.as_os_str().is_empty())
}

/// `interactor`, judging its OUTPUT by the command line's checker when one
/// is given.
fn with_given_checker(
    interactor: Option<Interactor>,
    options: &flags::Judge,
) -> Result<Option<Interactor>, Error> {
    match (interactor, &options.checker) {
        (Some(interactor), Some(checker)) => interactor
            .with_checker(checker.clone())
            .map(Some)
            .map_err(|error| error.context("--checker")),
        (interactor, _) => Ok(interactor),
    }
}

/// An interactive package's own interactor, built from its source
/// `program` as its validator or checker would be: an ICPC package's
/// output validator is its interactor (ICPC's convention, with the
/// package's validator flags); a Polygon package's `<interactor>` is a
/// testlib one, built with the package's `files/`. And how the report
/// names it.
fn package_interactor(package: &Package, program: &Path) -> Result<(Interactor, String), Error> {
    let shown = program
        .strip_prefix(&package.root)
        .unwrap_or(program)
        .display()
        .to_string();
    let polygon = matches!(
        package.validation,
        Validation::Testlib(_) | Validation::Missing { testlib: true, .. }
    );
    let (dir, main) = if program.is_dir() {
        (program.to_path_buf(), None)
    } else {
        let dir = program.parent().unwrap_or(&package.root).to_path_buf();
        (dir, Some(program.to_path_buf()))
    };
    let include = if polygon {
        vec![package.root.join("files")]
    } else {
        Vec::new()
    };
    let source = build::Source {
        shown: shown.clone(),
        dir,
        main,
        include,
    };
    let (path, made) = build::build(&source, "--interactor SPEC")?;
    let (convention, flags) = match &package.validation {
        Validation::Default { flags, .. } | Validation::Icpc { flags, .. } if !polygon => {
            (Convention::Icpc, flags.clone())
        }
        _ => (Convention::Testlib, Vec::new()),
    };
    let interactor = Interactor {
        path,
        convention,
        checker: None,
        example: None,
        flags,
    };
    let said = format!(
        "the package's {shown} ({}, {})",
        match convention {
            Convention::Icpc => "ICPC's convention",
            Convention::Testlib => "testlib's convention",
        },
        made_now(made)
    );
    Ok((interactor, said))
}

/// The checker a package's validation makes, built where it must be, and
/// how the report names it.
fn checker_of(validation: &Validation) -> Result<(Checker, String), Error> {
    Ok(match validation {
        Validation::Default {
            flags,
            from,
            domjudge,
        } => {
            let parsed = ValidatorFlags::parse(flags)
                .map_err(|error| error.context(format!("{from}: validator_flags")))?;
            let shown = if flags.is_empty() {
                String::new()
            } else {
                format!(" {}", flags.join(" "))
            };
            let checker = Checker::IcpcDefault(parsed.in_domjudge(*domjudge));
            let name = named(&checker);
            (checker, format!("{name}{shown} ({from})"))
        }
        Validation::Icpc { source, flags } => {
            let (validator, made) = build::build(source, "--checker")?;
            let shown = if flags.is_empty() {
                String::new()
            } else {
                format!(" {}", flags.join(" "))
            };
            (
                Checker::Icpc {
                    validator,
                    flags: flags.clone(),
                },
                format!(
                    "the package's output validator {}{shown} ({})",
                    source.shown,
                    made_now(made)
                ),
            )
        }
        Validation::Missing { why, .. } => return Err(Error::new(why.clone())),
        Validation::Testlib(source) => {
            let (checker, made) = build::build(source, "--checker")?;
            (
                Checker::Program(checker),
                format!(
                    "the package's testlib checker {} ({})",
                    source.shown,
                    made_now(made)
                ),
            )
        }
    })
}

fn made_now(made: build::Made) -> &'static str {
    match made {
        build::Made::Now => "built now",
        build::Made::Cached => "built before",
    }
}

/// A limit as a judge states it: `2000 ms`, `1500.5 ms`.
fn shown_time(time: Duration) -> String {
    if time.subsec_nanos() % 1_000_000 == 0 {
        format!("{} ms", time.as_millis())
    } else {
        format!("{:.1} ms", time.as_secs_f64() * 1000.0)
    }
}

/// `512 MiB`, `244.1 MiB`.
fn shown_memory(bytes: u64) -> String {
    if bytes % (1 << 20) == 0 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{:.1} MiB", bytes as f64 / f64::from(1u32 << 20))
    }
}

/// A checker given on the command line, as the report names it.
fn named(checker: &Checker) -> String {
    match checker {
        Checker::Exact => "exact".to_string(),
        Checker::Lines => "lines".to_string(),
        Checker::AtCoder => "atcoder".to_string(),
        Checker::Tokens => "tokens".to_string(),
        Checker::Float(error) => format!("float:{error:e}"),
        Checker::Program(path) => path.display().to_string(),
        Checker::Icpc { validator, .. } => format!("icpc:{}", validator.display()),
        Checker::IcpcDefault(flags) if flags.domjudge => "DOMjudge's default validator".to_string(),
        Checker::IcpcDefault(_) => "the ICPC default validator".to_string(),
    }
}
