//! What `--program` names, looked at before anything runs: cargo judge
//! runs a program, and never builds or guesses an interpreter for a
//! source file. A source file (known by its extension, the package
//! format's languages table, appendix/languages.md), a folder, or on Unix
//! a file without the execute bit is refused in one line that says how to
//! build or start it; a script with a `#!` first line and the execute bit
//! is a program, and runs. Where the cases are an ICPC package, the line
//! also says what the judge adds to a submission before building it: the
//! package's `include/` files for its language and the constants it names
//! (spec 2025-09, "Included files" and "Constants").

use super::yaml::{self, Value};
use crate::error::Error;
use std::fs;
use std::path::Path;

/// How a language is built or started: its name, its `include/` folder
/// (the languages table's code), and whether it is a script (started by
/// an interpreter named on its `#!` line) or compiled, with the command.
struct Language {
    name: &'static str,
    code: &'static str,
    how: How,
}

enum How {
    /// Started by this interpreter, named on a `#!` line.
    Script(&'static str),
    /// Compiled by this command (`SOURCE` and `PROGRAM` filled in).
    Compiled(&'static str),
}

/// The language of `extension`, as the format's languages table names it
/// (the common ones; `.C` is C++, `.c` C).
fn language(extension: &str) -> Option<Language> {
    let (name, code, how) = match extension {
        "py" | "py3" => ("Python 3", "python3", How::Script("python3")),
        "c" => ("C", "c", How::Compiled("cc -O2 -o PROGRAM SOURCE -lm")),
        "cc" | "cpp" | "cxx" | "c++" | "C" => (
            "C++",
            "cpp",
            How::Compiled("c++ -O2 -std=gnu++17 -o PROGRAM SOURCE"),
        ),
        "rs" => ("Rust", "rust", How::Compiled("rustc -O -o PROGRAM SOURCE")),
        "go" => ("Go", "go", How::Compiled("go build -o PROGRAM SOURCE")),
        "hs" => ("Haskell", "haskell", How::Compiled("ghc -O2 -o PROGRAM SOURCE")),
        "pas" => ("Pascal", "pascal", How::Compiled("fpc -O2 -oPROGRAM SOURCE")),
        "java" => (
            "Java",
            "java",
            How::Compiled("javac SOURCE, then a script that runs java -cp FOLDER CLASS"),
        ),
        "kt" => (
            "Kotlin",
            "kotlin",
            How::Compiled("kotlinc SOURCE -include-runtime -d PROGRAM.jar, then a script that runs java -jar PROGRAM.jar"),
        ),
        "cs" => ("C#", "csharp", How::Compiled("dotnet build, in a project holding SOURCE")),
        "js" => ("JavaScript", "javascript", How::Script("node")),
        "rb" => ("Ruby", "ruby", How::Script("ruby")),
        "sh" => ("Bash", "bash", How::Script("bash")),
        "php" => ("PHP", "php", How::Script("php")),
        "lua" => ("Lua", "lua", How::Script("lua")),
        "pl" => ("Perl", "perl", How::Script("perl")),
        _ => return None,
    };
    Some(Language { name, code, how })
}

/// An error when `program` cannot be judged as it is: a folder, a source
/// file, or (Unix) a file without the execute bit; `samples` is the
/// folder or package it is judged on. A path that is not there is left
/// to the run, which says so for each case.
pub fn check_program(program: &Path, samples: &Path) -> Result<(), Error> {
    let Ok(metadata) = fs::metadata(program) else {
        return Ok(());
    };
    let shown = program.display();
    if metadata.is_dir() {
        return Err(Error::new(format!(
            "--program {shown} is a folder: build the program in it and give --program the \
             program built{}",
            needs(samples, None, program)
        )));
    }
    let mut head = [0u8; 2];
    let shebang = fs::File::open(program)
        .and_then(|mut file| std::io::Read::read_exact(&mut file, &mut head))
        .is_ok()
        && head == *b"#!";
    let runnable = executable(&metadata);
    let extension = program.extension().and_then(|extension| extension.to_str());
    // A script that says how it starts, and may be run, is a program
    // (Unix: Windows runs no `#!` line).
    if shebang && runnable && cfg!(unix) {
        return Ok(());
    }
    if let Some(language) = extension.and_then(language) {
        let stem = program
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_else(|| "program".to_string());
        let built = if cfg!(windows) {
            format!("{stem}.exe")
        } else {
            stem
        };
        let advice = match language.how {
            How::Script(_) if shebang => format!("make it executable: chmod +x {shown}"),
            How::Script(interpreter) if cfg!(windows) => format!(
                "start it from a .cmd file holding `@{interpreter} \"%~dp0{}\" %*` and give \
                 --program that file",
                program.file_name().unwrap_or_default().to_string_lossy()
            ),
            How::Script(interpreter) => format!(
                "give it the first line `#!/usr/bin/env {interpreter}` and make it executable \
                 (chmod +x {shown}), or give --program a script that starts it"
            ),
            How::Compiled(command) => {
                let command = command
                    .replace("SOURCE", &shown.to_string())
                    .replace("PROGRAM", &built);
                format!("build it (`{command}`) and give --program the program built")
            }
        };
        return Err(Error::new(format!(
            "--program {shown} is {} source, which cargo judge does not build or start by \
             itself: {advice}{}",
            language.name,
            needs(samples, Some(language.code), program)
        )));
    }
    if !runnable {
        return Err(Error::new(format!(
            "--program {shown} cannot be run: it has no execute permission (chmod +x {shown}, \
             if it is a program)"
        )));
    }
    Ok(())
}

#[cfg(unix)]
fn executable(metadata: &fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    metadata.permissions().mode() & 0o111 != 0
}

/// Windows has no execute bit: whether a file runs is its extension's
/// business, left to the run. (Windows is built and run under Wine by
/// `.ci/wine`; the refusal of source files is the same there.)
#[cfg(not(unix))]
fn executable(_: &fs::Metadata) -> bool {
    true
}

/// What the ICPC package at `samples` (or the one it is in) adds to a
/// submission before it is built, as a clause for an error: its
/// `include/CODE/` (or `include/default/`) files, and the constants
/// `program` names (`{{name}}`), which the judge replaces first.
fn needs(samples: &Path, code: Option<&str>, program: &Path) -> String {
    let Ok(Some(package)) = super::open(samples) else {
        return String::new();
    };
    let root = &package.root;
    let mut said = String::new();
    let include = root.join("include");
    let chosen = code
        .map(|code| include.join(code))
        .filter(|folder| folder.is_dir())
        .or_else(|| Some(include.join("default")).filter(|folder| folder.is_dir()));
    match chosen {
        Some(folder) => said.push_str(&format!(
            "; the judge copies the package's {} into a submission before building it \
             (the format's Included files): copy them beside it first",
            folder.strip_prefix(root).unwrap_or(&folder).display()
        )),
        None if include.is_dir() && code.is_none() => said.push_str(
            "; the judge copies the package's include/ files for its language into a \
             submission before building it (the format's Included files)",
        ),
        None => {}
    }
    let named = constants_named(root, program);
    if !named.is_empty() {
        said.push_str(&format!(
            "; it names the package's constants {}, which the judge replaces by their values \
             (problem.yaml constants) before building it: replace them first",
            named.join(" ")
        ));
    }
    said
}

/// The `{{name}}` and `{{name.variant}}` of the package's constants that
/// `program` (a file, or the files of a folder) holds.
fn constants_named(root: &Path, program: &Path) -> Vec<String> {
    let Ok(text) = fs::read_to_string(root.join("problem.yaml")) else {
        return Vec::new();
    };
    let Ok(document) = yaml::parse(&text) else {
        return Vec::new();
    };
    let names: Vec<String> = match document.get("constants").map(|node| &node.value) {
        Some(Value::Map(entries)) => entries.iter().map(|(name, _)| name.clone()).collect(),
        _ => return Vec::new(),
    };
    let files: Vec<std::path::PathBuf> = if program.is_dir() {
        fs::read_dir(program)
            .map(|entries| entries.flatten().map(|entry| entry.path()).collect())
            .unwrap_or_default()
    } else {
        vec![program.to_path_buf()]
    };
    let mut found = Vec::new();
    for file in files {
        let Ok(source) = fs::read_to_string(&file) else {
            continue;
        };
        let mut rest = source.as_str();
        while let Some(open) = rest.find("{{") {
            rest = &rest[open + 2..];
            let Some(close) = rest.find("}}") else {
                break;
            };
            let inner = &rest[..close];
            let name = inner.split('.').next().unwrap_or(inner);
            let token = format!("{{{{{inner}}}}}");
            if names.iter().any(|known| known == name) && !found.contains(&token) {
                found.push(token);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_is_built_or_started_its_way() {
        for (extension, name) in [
            ("py", "Python 3"),
            ("C", "C++"),
            ("c", "C"),
            ("kt", "Kotlin"),
        ] {
            assert_eq!(
                language(extension).map(|language| language.name),
                Some(name)
            );
        }
        assert!(language("exe").is_none());
        assert!(language("").is_none());
    }
}
