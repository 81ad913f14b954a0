//! A package's own checker or validator, built from its source as its
//! judge would: C++ and C by the compiler found on PATH, Python by its
//! interpreter, or the `build`/`run` scripts the ICPC format allows. Each
//! build is kept under the tool's target folder by the hash of what went
//! into it (the sources, the headers beside them, the compiler and its
//! flags), so a second run builds nothing.

use crate::error::Error;
use crate::verdict;
use std::collections::hash_map::DefaultHasher;
use std::ffi::OsString;
use std::fs;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::process::Command;

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
pub fn build(source: &Source) -> Result<(PathBuf, Made), Error> {
    let files = match &source.main {
        Some(main) => vec![main.clone()],
        None => files_of(&source.dir)?,
    };
    let language = language(&files).ok_or_else(|| {
        Error::new(format!(
            "{}: no source that cargo judge can build (C++, C, Python, or build/run \
             scripts); pass --checker",
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
            )?,
            Vec::new(),
        ),
        Language::C => (
            compiler(
                "CC",
                &["cc", "gcc", "clang"],
                "a C compiler (gcc or clang)",
                source,
            )?,
            Vec::new(),
        ),
        Language::Python => python(source)?,
        Language::Scripts => (PathBuf::from("sh"), Vec::new()),
    };
    let name = program_name(language, source);
    let mut hasher = DefaultHasher::new();
    hasher.write(format!("{name} {language:?} {} {tool_args:?}", tool.display()).as_bytes());
    let mut hashed = files.clone();
    for folder in source.include.iter().chain(Some(&source.dir)) {
        if let Ok(entries) = fs::read_dir(folder) {
            let mut headers: Vec<PathBuf> = entries
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .filter(|path| has_extension(path, &HEADER_EXTENSIONS))
                .collect();
            headers.sort();
            hashed.extend(headers);
        }
    }
    for file in &hashed {
        let contents = fs::read(file)
            .map_err(|error| Error::new(format!("cannot read {}: {error}", file.display())))?;
        hasher.write(
            file.file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .as_bytes(),
        );
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
    // Built aside and moved in whole, so that a build cut short or made
    // at the same time by another run is never taken for a finished one.
    let aside = cache.join(format!("{key}.{}", std::process::id()));
    let _ = fs::remove_dir_all(&aside);
    fs::create_dir_all(&aside)
        .map_err(|error| Error::new(format!("cannot create {}: {error}", aside.display())))?;
    let made = make(language, &tool, &tool_args, &files, source, &aside);
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

/// The files directly in `dir`, sorted.
fn files_of(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let entries = fs::read_dir(dir)
        .map_err(|error| Error::new(format!("cannot read {}: {error}", dir.display())))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    Ok(files)
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|extension| extension.to_str())
        .is_some_and(|extension| extensions.contains(&extension))
}

fn language(files: &[PathBuf]) -> Option<Language> {
    let named = |name: &str| {
        files
            .iter()
            .any(|file| file.file_name() == Some(name.as_ref()))
    };
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
fn compiler(variable: &str, names: &[&str], what: &str, source: &Source) -> Result<PathBuf, Error> {
    if let Some(chosen) = std::env::var_os(variable).filter(|value| !value.is_empty()) {
        return Ok(PathBuf::from(chosen));
    }
    names.iter().find_map(|name| on_path(name)).ok_or_else(|| {
        Error::new(format!(
            "{} is built with {what}, and none is on PATH (looked for {}): install one, \
             or pass --checker",
            source.shown,
            names.join(", ")
        ))
    })
}

/// The Python interpreter, with the arguments it needs first.
fn python(source: &Source) -> Result<(PathBuf, Vec<String>), Error> {
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
                 python): install Python 3, or pass --checker",
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
    source: &Source,
    into: &Path,
) -> Result<(), Error> {
    let program = into.join(program_name(language, source));
    match language {
        Language::Cpp | Language::C => {
            let sources = files
                .iter()
                .filter(|file| has_extension(file, &CPP_EXTENSIONS) || has_extension(file, &["c"]));
            let mut command = Command::new(tool);
            command.arg("-O2").arg(if language == Language::Cpp {
                "-std=gnu++17"
            } else {
                "-std=gnu11"
            });
            for folder in Some(&source.dir).into_iter().chain(&source.include) {
                command.arg("-I").arg(folder);
            }
            command.arg("-o").arg(&program).args(sources);
            if language == Language::C {
                command.arg("-lm");
            }
            compile(&mut command, source)
        }
        Language::Python => {
            let main = pick_main(files).file_name().unwrap_or_default();
            let main = main.to_string_lossy();
            for file in files {
                copy_file(file, &into.join(file.file_name().unwrap_or_default()))?;
            }
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
                     pass --checker",
                    source.shown
                )));
            }
            for file in files_recursive(&source.dir)? {
                let relative = file.strip_prefix(&source.dir).unwrap_or(&file);
                copy_file(&file, &into.join(relative))?;
            }
            let build = into.join("build");
            if build.is_file() {
                // By its full path: a relative program and a working
                // folder of its own are read differently by platforms.
                let mut command = Command::new(&build);
                command.current_dir(into);
                compile(&mut command, source)?;
            }
            Ok(())
        }
    }
}

/// The Python file to run: the only one, else the one that checks for
/// `__main__`, else the first by name.
fn pick_main(files: &[PathBuf]) -> &Path {
    let python: Vec<&PathBuf> = files
        .iter()
        .filter(|file| has_extension(file, &["py"]))
        .collect();
    python
        .iter()
        .find(|file| {
            python.len() == 1
                || fs::read_to_string(file).is_ok_and(|text| text.contains("__main__"))
        })
        .or(python.first())
        .map_or(Path::new(""), |file| file.as_path())
}

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

/// Runs a compiler or build script; its first lines of errors when it
/// fails.
fn compile(command: &mut Command, source: &Source) -> Result<(), Error> {
    let program = command.get_program().to_string_lossy().into_owned();
    match command.output() {
        Ok(output) if output.status.success() => Ok(()),
        Ok(output) => {
            let mut said = output.stderr;
            said.extend_from_slice(&output.stdout);
            Err(Error::new(format!(
                "cannot build {}: {program} failed ({}); pass --checker to judge without it",
                source.shown, output.status
            ))
            .with_detail(&verdict::first_lines(&said, 12, "")))
        }
        Err(error) => Err(Error::new(format!(
            "cannot build {}: cannot start {program}: {error}",
            source.shown
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
