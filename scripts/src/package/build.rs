//! A package's own checker or validator, built from its source as its
//! judge would: C++ and C by the compiler found on PATH, Python by its
//! interpreter, or the `build`/`run` scripts the ICPC format allows. A
//! program folder is all its files and sub-folders, as problemtools takes
//! it (run/source.py's `SourceCode` copies the folder whole and compiles
//! every source in `list_files_recursive`; the format's "Programs"
//! section): a Python validator's own package is copied with it, C and
//! C++ sources in sub-folders are compiled. Each build is kept under the
//! tool's target folder by the hash of all that goes into it (every file
//! of the folder, by its path and contents, the headers on the include
//! path, the compiler's own `--version` and the flags), so a second run
//! builds nothing and an edit anywhere builds again.
//!
//! A build is bounded as a judged run is, by the work it does rather than
//! by the machine's load: 60 s of CPU time, the format's usual
//! `compilation_time` (BAPCtools' `DEFAULT_COMPILATION_TIME` in
//! config.py), of the whole tree it starts (a compiler driver's `cc1plus`,
//! `as` and `ld` too, as the run's accounting counts them); twice that of
//! wall time less the time it waited for a CPU, which stops a build that
//! hangs without working (a lock, a pipe, a sleep); and, however long it
//! waited, ten times that of wall time, ten minutes at least.
//! `JUDGE_BUILD_TIMEOUT_S` sets another CPU time (seconds, for tests), the
//! other two following it. Measured (docs/packages.md): testlib's `wcmp`
//! checker is 3.4 to 4.5 s of CPU time to compile, and beside eight busy
//! loops on two cores took 79 s of wall time, past the 60 s of wall time
//! that bounded a build before. Past a bound the build is killed with all
//! it started, the error says which bound, and its half-made folder is
//! removed.

use crate::error::Error;
use crate::run::{self, Ending, TimeBound};
use crate::verdict;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::ffi::OsString;
use std::fs;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, SystemTime};

/// A program to build: the files of an ICPC program folder, or a
/// Polygon checker's one source with its package's `files/`.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    /// The program as the package names it, for messages (`output_validators/check`).
    pub shown: String,
    /// The folder whose files make the program (headers and modules too).
    pub dir: PathBuf,
    /// The one file to compile or run, when the program is not the whole
    /// folder (a Polygon checker); else every source in `dir` is.
    pub main: Option<PathBuf>,
    /// Folders on the include path, their headers part of the hash.
    pub include: Vec<PathBuf>,
}

/// Whether a build was made now or found made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Made {
    Now,
    Cached,
}

/// How a program folder is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Language {
    Cpp,
    C,
    Python,
    /// The folder's own `build` and `run` scripts.
    Scripts,
}

const CPP_EXTENSIONS: [&str; 5] = ["cc", "cpp", "cxx", "c++", "C"];
const HEADER_EXTENSIONS: [&str; 4] = ["h", "hpp", "hh", "hxx"];

/// The program `source` names, built (or found built): the path to run.
/// `instead` is the option that judges without it (`--checker`,
/// `--interactor SPEC`), for the advice of an error.
pub fn build(source: &Source, instead: &str) -> Result<(PathBuf, Made), Error> {
    let files = match &source.main {
        Some(main) => vec![main.clone()],
        None => files_recursive(&source.dir)?,
    };
    let language = language(&files, &source.dir).ok_or_else(|| {
        Error::new(format!(
            "{}: no source that cargo judge can build (C++, C, Python, or build/run \
             scripts); pass {instead}",
            source.shown
        ))
    })?;
    let (tool, tool_args) = match language {
        Language::Cpp => (
            compiler(
                "CXX",
                &["c++", "g++", "clang++"],
                "a C++ compiler (g++ or clang++)",
                source,
                instead,
            )?,
            Vec::new(),
        ),
        Language::C => (
            compiler(
                "CC",
                &["cc", "gcc", "clang"],
                "a C compiler (gcc or clang)",
                source,
                instead,
            )?,
            Vec::new(),
        ),
        Language::Python => python(source, instead)?,
        Language::Scripts => (PathBuf::from("sh"), Vec::new()),
    };
    let name = program_name(language, source);
    let mut hasher = DefaultHasher::new();
    hasher.write(
        format!(
            "{name} {language:?} {} {tool_args:?} {:?}",
            tool.display(),
            compile_flags(language)
        )
        .as_bytes(),
    );
    // The compiler itself, not only its path: another release at the
    // same path builds again.
    if language != Language::Scripts {
        hasher.write(&identity(&tool));
    }
    // Every file of the folder, and the headers on the include path: a
    // header in lib/ or a script in src/ is part of the program.
    let mut hashed: Vec<(&Path, PathBuf)> = Vec::new();
    match &source.main {
        Some(main) => {
            hashed.push((main.parent().unwrap_or(Path::new("")), main.clone()));
            for folder in source.include.iter().chain(Some(&source.dir)) {
                hashed.extend(headers_in(folder));
            }
        }
        None => {
            hashed.extend(
                files
                    .iter()
                    .map(|file| (source.dir.as_path(), file.clone())),
            );
            for folder in &source.include {
                hashed.extend(headers_in(folder));
            }
        }
    }
    for (folder, file) in &hashed {
        let contents = fs::read(file)
            .map_err(|error| Error::new(format!("cannot read {}: {error}", file.display())))?;
        let relative = file.strip_prefix(folder).unwrap_or(file);
        // By its parts, so that either separator names it alike.
        for part in relative.components() {
            hasher.write(part.as_os_str().to_string_lossy().as_bytes());
            hasher.write_u8(b'/');
        }
        hasher.write_u64(contents.len() as u64);
        hasher.write(&contents);
    }
    // std's hasher may hash otherwise in another Rust release: then each
    // program is built once more, and nothing worse.
    let key = format!("{:016x}", hasher.finish());
    let cache = cache_folder()?;
    let done = cache.join(&key);
    let program = done.join(&name);
    if program.is_file() {
        return Ok((program, Made::Cached));
    }
    let limit = BuildTime::of(build_time_limit()?);
    sweep_stale(&cache, &key, limit.wall + Duration::from_secs(60));
    // Built aside and moved in whole, so that a build cut short or made
    // at the same time by another run is never taken for a finished one.
    let aside = cache.join(format!("{key}.{}", std::process::id()));
    let _ = fs::remove_dir_all(&aside);
    fs::create_dir_all(&aside)
        .map_err(|error| Error::new(format!("cannot create {}: {error}", aside.display())))?;
    let build = Build {
        source,
        instead,
        limit,
    };
    let made = make(language, &tool, &tool_args, &files, &build, &aside);
    if let Err(error) = made {
        let _ = fs::remove_dir_all(&aside);
        return Err(error);
    }
    if fs::rename(&aside, &done).is_err() {
        // Another run finished the same build first: its copy is as good.
        let _ = fs::remove_dir_all(&aside);
    }
    if program.is_file() {
        Ok((program, Made::Now))
    } else {
        Err(Error::new(format!(
            "{}: the build made no {name}",
            source.shown
        )))
    }
}

/// What a build runs under: whose it is, what to advise, how long it has.
struct Build<'a> {
    source: &'a Source,
    instead: &'a str,
    limit: BuildTime,
}

/// The bounds a build is held to, as a judged run under a CPU-time rule.
#[derive(Clone, Copy, Debug, PartialEq)]
struct BuildTime {
    /// CPU time, of the whole tree of processes the build starts.
    cpu: Duration,
    /// Wall time less the time the build waited for a CPU: what stops a
    /// build that hangs without using the CPU.
    capped_wall: Duration,
    /// Wall time, however long the build waited for a CPU.
    wall: Duration,
}

impl BuildTime {
    /// The bounds of a build that has `cpu` of CPU time: twice that of
    /// wall time less its wait for a CPU (a judged run's usual cap), ten
    /// times that of wall time, and at least ten minutes of it: a build
    /// on a machine busy enough may get a tenth of a core or less.
    fn of(cpu: Duration) -> BuildTime {
        BuildTime {
            cpu,
            capped_wall: cpu * 2,
            wall: (cpu * 10).max(Duration::from_secs(600)),
        }
    }

    /// The bounds a run of the build is held to.
    fn bounds(&self) -> run::Bounds {
        run::Bounds::work(self.cpu, self.capped_wall, self.wall)
    }
}

/// How much CPU time a build may take: 60 s, or `JUDGE_BUILD_TIMEOUT_S`
/// seconds.
fn build_time_limit() -> Result<Duration, Error> {
    const VARIABLE: &str = "JUDGE_BUILD_TIMEOUT_S";
    match std::env::var(VARIABLE) {
        Err(_) => Ok(Duration::from_secs(60)),
        Ok(text) => text
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|seconds| seconds.is_finite() && *seconds > 0.0 && *seconds < 1e6)
            .map(Duration::from_secs_f64)
            .ok_or_else(|| {
                Error::new(format!(
                    "{VARIABLE} is {text:?}, not a number of seconds above 0"
                ))
            }),
    }
}

/// Removes the half-made folders of `key` that a run killed before it
/// could (`KEY.PID`), once they are `older` than any build may run.
fn sweep_stale(cache: &Path, key: &str, older: Duration) {
    let Ok(entries) = fs::read_dir(cache) else {
        return;
    };
    let prefix = format!("{key}.");
    for entry in entries.flatten() {
        let named = entry.file_name().to_string_lossy().starts_with(&prefix);
        let old = entry
            .metadata()
            .and_then(|metadata| metadata.modified())
            .ok()
            .and_then(|modified| SystemTime::now().duration_since(modified).ok())
            .is_some_and(|age| age > older);
        if named && old {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// A compiler's or interpreter's own account of itself (`--version`),
/// asked once per process.
fn identity(tool: &Path) -> Vec<u8> {
    static KNOWN: OnceLock<Mutex<HashMap<PathBuf, Vec<u8>>>> = OnceLock::new();
    let known = KNOWN.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(said) = known.lock().ok().and_then(|map| map.get(tool).cloned()) {
        return said;
    }
    let said = Command::new(tool)
        .arg("--version")
        .output()
        .map(|output| {
            let mut said = output.stdout;
            said.extend_from_slice(&output.stderr);
            said
        })
        .unwrap_or_default();
    if let Ok(mut map) = known.lock() {
        map.insert(tool.to_path_buf(), said.clone());
    }
    said
}

/// The flags a compiler is given before the sources.
fn compile_flags(language: Language) -> Vec<&'static str> {
    match language {
        Language::Cpp => vec!["-O2", "-std=gnu++17"],
        Language::C => vec!["-O2", "-std=gnu11"],
        Language::Python | Language::Scripts => Vec::new(),
    }
}

/// The folder builds are kept in: beside the tool's own binary, under
/// cargo's target folder.
fn cache_folder() -> Result<PathBuf, Error> {
    let exe = std::env::current_exe()
        .map_err(|error| Error::new(format!("cannot find the tool's own path: {error}")))?;
    let folder = exe
        .parent()
        .unwrap_or(Path::new("."))
        .join("package-builds");
    fs::create_dir_all(&folder)
        .map_err(|error| Error::new(format!("cannot create {}: {error}", folder.display())))?;
    Ok(folder)
}

/// Where a package's reader keeps the sources it rewrote before they are
/// built (an ICPC package's constants substituted), beside the builds.
pub fn rewritten_folder() -> Result<PathBuf, Error> {
    Ok(cache_folder()?.join("rewritten"))
}

/// The built program's file name: the source's own name (`check`,
/// `different_validator`), as a checker's messages show its path; `run`
/// for the format's build/run scripts.
fn program_name(language: Language, source: &Source) -> String {
    let stem = match &source.main {
        Some(main) => main.file_stem(),
        None => source.dir.file_name(),
    };
    let stem = stem
        .map(|stem| stem.to_string_lossy().into_owned())
        .filter(|stem| !stem.is_empty() && stem != "run")
        .unwrap_or_else(|| "program".to_string());
    match (language, cfg!(windows)) {
        (Language::Scripts, _) => "run".to_string(),
        (Language::Python, true) => format!("{stem}.cmd"),
        (_, true) => format!("{stem}.exe"),
        (_, false) => stem,
    }
}

/// The headers below `folder`, each with the folder it is named from.
fn headers_in(folder: &Path) -> impl Iterator<Item = (&Path, PathBuf)> {
    files_recursive(folder)
        .unwrap_or_default()
        .into_iter()
        .filter(|path| has_extension(path, &HEADER_EXTENSIONS))
        .map(move |path| (folder, path))
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|extension| extension.to_str())
        .is_some_and(|extension| extensions.contains(&extension))
}

/// The language of a program of `files` in `dir`: its own `build` or
/// `run` script at the top of the folder, else its sources anywhere in it.
fn language(files: &[PathBuf], dir: &Path) -> Option<Language> {
    let named = |name: &str| files.iter().any(|file| *file == dir.join(name));
    if named("build") || named("run") {
        Some(Language::Scripts)
    } else if files
        .iter()
        .any(|file| has_extension(file, &CPP_EXTENSIONS))
    {
        Some(Language::Cpp)
    } else if files.iter().any(|file| has_extension(file, &["c"])) {
        Some(Language::C)
    } else if files.iter().any(|file| has_extension(file, &["py"])) {
        Some(Language::Python)
    } else {
        None
    }
}

/// The first of `names` found on PATH (or the program `variable` names),
/// else an error that says what to install.
fn compiler(
    variable: &str,
    names: &[&str],
    what: &str,
    source: &Source,
    instead: &str,
) -> Result<PathBuf, Error> {
    if let Some(chosen) = std::env::var_os(variable).filter(|value| !value.is_empty()) {
        return Ok(PathBuf::from(chosen));
    }
    names.iter().find_map(|name| on_path(name)).ok_or_else(|| {
        Error::new(format!(
            "{} is built with {what}, and none is on PATH (looked for {}): install one, \
             or pass {instead}",
            source.shown,
            names.join(", ")
        ))
    })
}

/// The Python interpreter, with the arguments it needs first.
fn python(source: &Source, instead: &str) -> Result<(PathBuf, Vec<String>), Error> {
    let mut candidates: Vec<(&str, Vec<String>)> = Vec::new();
    if cfg!(windows) {
        candidates.push(("py", vec!["-3".to_string()]));
    }
    candidates.push(("python3", Vec::new()));
    candidates.push(("python", Vec::new()));
    candidates
        .into_iter()
        .find_map(|(name, args)| on_path(name).map(|path| (path, args)))
        .ok_or_else(|| {
            Error::new(format!(
                "{} is a Python program, and no Python is on PATH (looked for {}python3, \
                 python): install Python 3, or pass {instead}",
                source.shown,
                if cfg!(windows) { "py, " } else { "" }
            ))
        })
}

/// The program `name` in a folder of PATH.
pub fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let file = if cfg!(windows) {
        let mut file = OsString::from(name);
        file.push(".exe");
        file
    } else {
        OsString::from(name)
    };
    std::env::split_paths(&path)
        .map(|folder| folder.join(&file))
        .find(|candidate| candidate.is_file())
}

/// Builds into the empty folder `into`.
fn make(
    language: Language,
    tool: &Path,
    tool_args: &[String],
    files: &[PathBuf],
    build: &Build,
    into: &Path,
) -> Result<(), Error> {
    let source = build.source;
    let program = into.join(program_name(language, source));
    match language {
        Language::Cpp | Language::C => {
            // Every source of the folder, sub-folders too, as problemtools
            // compiles `get_source_files(list_files_recursive(path))`.
            let sources = files
                .iter()
                .filter(|file| has_extension(file, &CPP_EXTENSIONS) || has_extension(file, &["c"]));
            let mut args: Vec<PathBuf> = compile_flags(language)
                .into_iter()
                .map(PathBuf::from)
                .collect();
            for folder in Some(&source.dir).into_iter().chain(&source.include) {
                args.push(PathBuf::from("-I"));
                args.push(folder.clone());
            }
            args.push(PathBuf::from("-o"));
            args.push(program);
            args.extend(sources.cloned());
            if language == Language::C {
                args.push(PathBuf::from("-lm"));
            }
            compile(tool, &args, build)
        }
        Language::Python => {
            // The whole folder, its own packages too, beside the wrapper.
            let main = match &source.main {
                Some(main) => {
                    copy_file(main, &into.join(main.file_name().unwrap_or_default()))?;
                    PathBuf::from(main.file_name().unwrap_or_default())
                }
                None => {
                    for file in files {
                        let relative = file.strip_prefix(&source.dir).unwrap_or(file);
                        copy_file(file, &into.join(relative))?;
                    }
                    let main = pick_main(files, &source.dir);
                    main.strip_prefix(&source.dir).unwrap_or(main).to_path_buf()
                }
            };
            let main = main.to_string_lossy();
            let mut line = format!("\"{}\"", tool.display());
            for arg in tool_args {
                line.push_str(&format!(" {arg}"));
            }
            // The copy beside the wrapper, found from the wrapper's own
            // path: the folder is moved once built.
            let wrapper = if cfg!(windows) {
                format!("@{line} \"%~dp0{main}\" %*\r\n")
            } else {
                format!("#!/bin/sh\nexec {line} \"$(dirname \"$0\")/{main}\" \"$@\"\n")
            };
            fs::write(&program, wrapper).map_err(|error| {
                Error::new(format!("cannot write {}: {error}", program.display()))
            })?;
            executable(&program)
        }
        Language::Scripts => {
            if cfg!(windows) {
                return Err(Error::new(format!(
                    "{} is built by its build and run scripts, which need a Unix shell; \
                     pass {}",
                    source.shown, build.instead
                )));
            }
            for file in files {
                let relative = file.strip_prefix(&source.dir).unwrap_or(file);
                copy_file(file, &into.join(relative))?;
            }
            if into.join("build").is_file() {
                // In the copy, as problemtools' BuildRun runs `./build`
                // with the copy as its working folder.
                let args = [
                    PathBuf::from("-c"),
                    PathBuf::from("cd \"$1\" && exec ./build"),
                    PathBuf::from("build"),
                    into.to_path_buf(),
                ];
                compile(tool, &args, build)?;
            }
            Ok(())
        }
    }
}

/// The Python file to run: `__main__.py` at the top of the folder (the
/// format's entry point of a folder program), else the only one there,
/// else the one that checks for `__main__`, else the first by name.
fn pick_main<'a>(files: &'a [PathBuf], dir: &Path) -> &'a Path {
    let python: Vec<&PathBuf> = files
        .iter()
        .filter(|file| has_extension(file, &["py"]) && file.parent() == Some(dir))
        .collect();
    python
        .iter()
        .find(|file| file.file_name() == Some("__main__.py".as_ref()))
        .or_else(|| {
            python.iter().find(|file| {
                python.len() == 1
                    || fs::read_to_string(file).is_ok_and(|text| text.contains("__main__"))
            })
        })
        .or(python.first())
        .map_or(Path::new(""), |file| file.as_path())
}

/// The files of `dir` and of every folder in it, sorted.
fn files_recursive(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let mut found = Vec::new();
    let entries = fs::read_dir(dir)
        .map_err(|error| Error::new(format!("cannot read {}: {error}", dir.display())))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_recursive(&path)?);
        } else {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

/// Copies a file, keeping whether it can be run.
fn copy_file(from: &Path, to: &Path) -> Result<(), Error> {
    if let Some(parent) = to.parent() {
        let _ = fs::create_dir_all(parent);
    }
    fs::copy(from, to)
        .map(drop)
        .map_err(|error| Error::new(format!("cannot copy {}: {error}", from.display())))
}

#[cfg(unix)]
fn executable(path: &Path) -> Result<(), Error> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).map_err(|error| {
        Error::new(format!(
            "cannot make {} executable: {error}",
            path.display()
        ))
    })
}

#[cfg(not(unix))]
fn executable(_: &Path) -> Result<(), Error> {
    Ok(())
}

/// Runs a compiler or build script, `tool` with `args`, within the build's
/// bounds, killed with all it started past one; its first lines of errors
/// when it fails.
fn compile(tool: &Path, args: &[PathBuf], build: &Build) -> Result<(), Error> {
    let source = build.source;
    let program = tool.to_string_lossy().into_owned();
    let args = args
        .iter()
        .map(|arg| arg.to_str().map(str::to_string))
        .collect::<Option<Vec<String>>>()
        .ok_or_else(|| {
            Error::new(format!(
                "cannot build {}: its paths are not UTF-8; pass {}",
                source.shown, build.instead
            ))
        })?;
    let nothing = Path::new(if cfg!(windows) { "NUL" } else { "/dev/null" });
    let ran = run::run_within(
        tool,
        &args,
        nothing,
        build.limit.bounds(),
        run::Purpose::Judge,
    )
    .map_err(|error| {
        Error::new(format!(
            "cannot build {}: cannot start {program}: {error}",
            source.shown
        ))
    })?;
    let mut said = ran.stderr;
    said.extend_from_slice(&ran.stdout);
    if ran.killed_for_time {
        let why = stopped(&build.limit, ran.cpu, ran.elapsed, ran.wait);
        return Err(Error::new(format!(
            "cannot build {}: {program} was stopped after {why}; pass {} to judge without it",
            source.shown, build.instead
        ))
        .with_detail(&verdict::first_lines(&said, 12, "")));
    }
    match ran.ending {
        Ending::Exited(0) => Ok(()),
        ending => Err(Error::new(format!(
            "cannot build {}: {program} failed ({}); pass {} to judge without it",
            source.shown,
            ending.describe(),
            build.instead
        ))
        .with_detail(&verdict::first_lines(&said, 12, ""))),
    }
}

/// What stopped a build that was stopped for time, with its figures:
/// "using 60 s of CPU time: a build has 60 s".
fn stopped(
    limit: &BuildTime,
    cpu: Option<Duration>,
    elapsed: Duration,
    wait: Option<Duration>,
) -> String {
    let seconds = |time: Duration| format!("{} s", (time.as_secs_f64() * 10.0).round() / 10.0);
    let used = cpu.map_or_else(
        || "an unknown CPU time".to_string(),
        |cpu| format!("{} of CPU time", seconds(cpu)),
    );
    let ran = format!(
        "{} of wall time, {}, using {used}",
        seconds(elapsed),
        wait.map_or_else(
            || "its wait for a CPU unmeasured here".to_string(),
            |wait| format!("{} of it waiting for a CPU", seconds(wait)),
        )
    );
    match limit.bounds().passed(cpu, elapsed, wait) {
        TimeBound::Cpu => format!("using {used}: a build has {}", seconds(limit.cpu)),
        TimeBound::CappedWall => format!(
            "{ran}: a build has {} of wall time less its wait for a CPU, so something \
             other than work held it (a lock, a pipe, a sleep)",
            seconds(limit.capped_wall)
        ),
        TimeBound::Wall => format!(
            "{ran}: a build has {} of wall time however busy the machine is (a quieter \
             machine builds it)",
            seconds(limit.wall)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A build is stopped by the bound its figures passed: its CPU time
    /// first; else its wall time less its wait; else its wall time, past
    /// which no wait counts.
    #[test]
    fn a_build_is_stopped_by_the_work_it_did_not_the_load_it_met() {
        let limit = BuildTime::of(Duration::from_secs(60));
        assert_eq!(limit.capped_wall, Duration::from_secs(120));
        assert_eq!(limit.wall, Duration::from_secs(600));
        let s = Duration::from_secs;
        // Beside busy loops: 70 s of wall time, 55 of it waiting, 14 s of
        // CPU time. Not stopped by either bound the load decides.
        assert!(limit.cpu > s(14) && limit.capped_wall > s(70) - s(55));
        let bounds = limit.bounds();
        assert_eq!(bounds.kill_cpu_after, Some(s(60)));
        assert_eq!(bounds.kill_after, s(120));
        assert_eq!(bounds.kill_wall_after, Some(s(600)));
        // A compiler that loops: 60 s of CPU in 61 s.
        assert_eq!(
            bounds.passed(Some(s(60)), s(61), Some(s(1))),
            TimeBound::Cpu
        );
        // Beside many loops, the CPU still decides.
        assert_eq!(
            bounds.passed(Some(s(60)), s(400), Some(s(339))),
            TimeBound::Cpu
        );
        // A build that sleeps or blocks: no CPU, no wait.
        assert_eq!(
            bounds.passed(Some(s(0)), s(120), Some(s(0))),
            TimeBound::CappedWall
        );
        // Where the wait is not measured, the wall time is held to the cap.
        assert_eq!(
            bounds.passed(Some(s(30)), s(120), None),
            TimeBound::CappedWall
        );
        // Always waiting: 600 s of wall time, 590 of them waiting.
        assert_eq!(
            bounds.passed(Some(s(9)), s(600), Some(s(590))),
            TimeBound::Wall
        );
        // The CPU time lost with the runner: the wall decides which.
        assert_eq!(
            bounds.passed(None, s(121), Some(s(0))),
            TimeBound::CappedWall
        );
        assert_eq!(bounds.passed(None, s(600), Some(s(500))), TimeBound::Wall);

        // Without a CPU bound, the one bound is the wall time.
        assert_eq!(
            run::Bounds::time(s(2)).passed(Some(s(5)), s(2), Some(s(1))),
            TimeBound::Wall
        );
        // A small build time, as tests set it, keeps ten minutes of wall.
        assert_eq!(BuildTime::of(s(1)).wall, s(600));

        let said = stopped(&limit, Some(s(60)), s(61), Some(s(1)));
        assert_eq!(said, "using 60 s of CPU time: a build has 60 s");
        let said = stopped(&limit, Some(Duration::from_millis(12)), s(120), Some(s(0)));
        assert_eq!(
            said,
            "120 s of wall time, 0 s of it waiting for a CPU, using 0 s of CPU time: a \
             build has 120 s of wall time less its wait for a CPU, so something other than \
             work held it (a lock, a pipe, a sleep)"
        );
        let said = stopped(&limit, Some(s(9)), s(600), Some(s(590)));
        assert_eq!(
            said,
            "600 s of wall time, 590 s of it waiting for a CPU, using 9 s of CPU time: a \
             build has 600 s of wall time however busy the machine is (a quieter machine \
             builds it)"
        );
        let said = stopped(&limit, None, s(120), None);
        assert!(
            said.starts_with(
                "120 s of wall time, its wait for a CPU unmeasured here, using an unknown \
                 CPU time: "
            ),
            "{said}"
        );
    }

    fn source(dir: &str, main: Option<&str>) -> Source {
        Source {
            shown: dir.to_string(),
            dir: PathBuf::from(dir),
            main: main.map(PathBuf::from),
            include: Vec::new(),
        }
    }

    #[test]
    fn a_built_program_is_named_after_its_source() {
        let suffix = if cfg!(windows) { ".exe" } else { "" };
        let polygon = source("p/files", Some("p/files/check.cpp"));
        assert_eq!(
            program_name(Language::Cpp, &polygon),
            format!("check{suffix}")
        );
        let legacy = source("p/output_validators/signs", None);
        assert_eq!(program_name(Language::C, &legacy), format!("signs{suffix}"));
        let python = if cfg!(windows) { "signs.cmd" } else { "signs" };
        assert_eq!(program_name(Language::Python, &legacy), python);
        assert_eq!(program_name(Language::Scripts, &legacy), "run");
        // A name that is the scripts' own is not taken.
        let named_run = source("p/output_validators/run", None);
        assert_eq!(
            program_name(Language::Cpp, &named_run),
            format!("program{suffix}")
        );
    }

    #[test]
    fn the_language_is_the_folders_build_scripts_else_its_sources() {
        let files = |names: &[&str]| -> Vec<PathBuf> { names.iter().map(PathBuf::from).collect() };
        let language = |files: &[PathBuf]| language(files, Path::new(""));
        assert_eq!(
            language(&files(&["build", "validate.cc"])),
            Some(Language::Scripts)
        );
        assert_eq!(
            language(&files(&["validate.h", "validate.cc"])),
            Some(Language::Cpp)
        );
        assert_eq!(language(&files(&["check.C"])), Some(Language::Cpp));
        assert_eq!(language(&files(&["check.c"])), Some(Language::C));
        assert_eq!(
            language(&files(&["check.py", "README"])),
            Some(Language::Python)
        );
        assert_eq!(language(&files(&["Check.java"])), None);
    }

    #[test]
    fn a_half_made_build_left_by_a_killed_run_is_swept_once_old() {
        let cache = std::env::temp_dir().join(format!("scripts-sweep-{}", std::process::id()));
        let _ = fs::remove_dir_all(&cache);
        for name in ["0123abcd.999", "0123abcd", "ffff0000.999"] {
            fs::create_dir_all(cache.join(name).join("inner")).unwrap();
        }
        // Younger than the bound: a build under way, kept.
        sweep_stale(&cache, "0123abcd", Duration::from_secs(3600));
        assert!(cache.join("0123abcd.999").is_dir());
        std::thread::sleep(Duration::from_millis(20));
        sweep_stale(&cache, "0123abcd", Duration::from_millis(10));
        assert!(!cache.join("0123abcd.999").exists());
        // The finished build, and another program's, stay.
        assert!(cache.join("0123abcd").is_dir());
        assert!(cache.join("ffff0000.999").is_dir());
        fs::remove_dir_all(&cache).unwrap();
    }

    #[test]
    fn build_scripts_count_at_the_top_of_the_folder_and_sources_anywhere_in_it() {
        let dir = Path::new("v");
        let files =
            |names: &[&str]| -> Vec<PathBuf> { names.iter().map(|name| dir.join(name)).collect() };
        assert_eq!(
            language(&files(&["lib/check.cc", "README"]), dir),
            Some(Language::Cpp)
        );
        assert_eq!(
            language(&files(&["tools/build", "check.py"]), dir),
            Some(Language::Python)
        );
        assert_eq!(
            language(&files(&["run", "src/check.sh"]), dir),
            Some(Language::Scripts)
        );
        let python = files(&["validate.py", "__main__.py", "lib/__main__.py"]);
        assert_eq!(pick_main(&python, dir), dir.join("__main__.py"));
    }
}
