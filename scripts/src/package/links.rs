//! A package never reaches outside itself: before anything of it is read,
//! built or run, every link in it is followed, and one that leaves the
//! package, leads nowhere or leads back into a folder it is in (a loop) is
//! refused with its path (of the parts the judge reads: its problem
//! files, its cases, its validator). The format allows links inside the package
//! only (spec 2025-09 and 2023-07-draft, "General requirements": "Symlinks
//! must not have targets outside the problem package directory tree"),
//! and problemtools checks it so (verifyproblem.py, `_check_symlinks`: a
//! link whose target does not exist, or is outside the package, is an
//! error). A link to a file or folder inside the package is read as that
//! file or folder.

use crate::error::Error;
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// Links, followed, at most this many deep in one chain before the chain
/// is said to be a loop (Linux follows 40).
const MOST_HOPS: usize = 40;

/// The parts of an ICPC package the judge reads: an error naming the first
/// link in them that leaves the package, leads nowhere, or makes a loop
/// of its folders. What the judge never reads (its statement, its
/// submissions, its input validators) is not walked: DOMjudge's own
/// examples link their `problem.pdf` from outside.
pub const ICPC_PARTS: [&str; 6] = [
    "problem.yaml",
    "domjudge-problem.ini",
    ".timelimit",
    "data",
    "output_validator",
    "output_validators",
];

/// The parts of a Polygon package read before its problem.xml names the
/// others (each then held by [`inside`]).
pub const POLYGON_PARTS: [&str; 3] = ["problem.xml", "files", "tests"];

/// Walks each of `parts` of the package at `root` (those there): an
/// error naming the first link that leaves the package, leads nowhere,
/// or leads back into a folder it is in.
pub fn check(root: &Path, parts: &[&str]) -> Result<(), Error> {
    let whole = fs::canonicalize(root)
        .map_err(|error| Error::new(format!("cannot read {}: {error}", root.display())))?;
    // Each folder with the real folders it is in (its own included): a
    // link to one of those is a loop.
    let mut pending: Vec<(PathBuf, Vec<PathBuf>)> = Vec::new();
    for part in parts {
        let path = root.join(part);
        if fs::symlink_metadata(&path).is_ok() {
            visit(
                root,
                &whole,
                path,
                std::slice::from_ref(&whole),
                &mut pending,
            )?;
        }
    }
    while let Some((folder, above)) = pending.pop() {
        let entries = fs::read_dir(&folder)
            .map_err(|error| Error::new(format!("cannot read {}: {error}", folder.display())))?;
        for entry in entries {
            let entry = entry.map_err(|error| {
                Error::new(format!("cannot read {}: {error}", folder.display()))
            })?;
            visit(root, &whole, entry.path(), &above, &mut pending)?;
        }
    }
    Ok(())
}

/// Looks at one entry `path` of a folder that is in the real folders
/// `above`: a folder to walk goes to `pending`; a link is followed and
/// held to the package (`whole`, the real path of `root`).
fn visit(
    root: &Path,
    whole: &Path,
    path: PathBuf,
    above: &[PathBuf],
    pending: &mut Vec<(PathBuf, Vec<PathBuf>)>,
) -> Result<(), Error> {
    let Ok(metadata) = fs::symlink_metadata(&path) else {
        return Ok(());
    };
    let kind = metadata.file_type();
    if kind.is_dir() {
        let mut inner = above.to_vec();
        inner.push(fs::canonicalize(&path).unwrap_or_else(|_| path.clone()));
        pending.push((path, inner));
        return Ok(());
    }
    if !kind.is_symlink() {
        return Ok(());
    }
    let target = followed(&path, root)?;
    if target.strip_prefix(whole).is_err() {
        return Err(Error::new(format!(
            "{} links to {}, outside the package {}: a package's links stay inside it (the \
             format's General requirements), so it is not read; copy what it links to into \
             the package",
            path.display(),
            shown_link(&path),
            root.display()
        )));
    }
    if target.is_dir() {
        if above.contains(&target) {
            return Err(Error::new(format!(
                "{} links to {}, a folder it is in: a loop, which no judge can walk",
                path.display(),
                shown_link(&path)
            )));
        }
        let mut inner = above.to_vec();
        inner.push(target);
        pending.push((path, inner));
    }
    Ok(())
}

/// An error when `path`, a file or folder the package's own files name
/// (a Polygon package's checker, interactor or tests), is outside the
/// package at `root`, by a link or by `..`; a folder is walked as
/// [`check`] walks one.
pub fn inside(root: &Path, path: &Path) -> Result<(), Error> {
    let whole = fs::canonicalize(root)
        .map_err(|error| Error::new(format!("cannot read {}: {error}", root.display())))?;
    let Ok(real) = fs::canonicalize(path) else {
        // Not there, or a link that leads nowhere: said by what reads it.
        return match fs::symlink_metadata(path) {
            Ok(_) => followed(path, root).map(drop),
            Err(_) => Ok(()),
        };
    };
    if real.strip_prefix(&whole).is_err() {
        return Err(Error::new(format!(
            "{} is {}, outside the package {}: a package's files stay inside it, so it is \
             not read",
            path.display(),
            real.display(),
            root.display()
        )));
    }
    if real.is_dir() {
        let mut pending = Vec::new();
        visit(
            root,
            &whole,
            path.to_path_buf(),
            std::slice::from_ref(&whole),
            &mut pending,
        )?;
        while let Some((folder, above)) = pending.pop() {
            let entries = fs::read_dir(&folder).map_err(|error| {
                Error::new(format!("cannot read {}: {error}", folder.display()))
            })?;
            for entry in entries.flatten() {
                visit(root, &whole, entry.path(), &above, &mut pending)?;
            }
        }
    }
    Ok(())
}

/// Where the link `path` leads, as a whole path; an error when it leads
/// nowhere or through a chain of links that comes back on itself.
fn followed(path: &Path, root: &Path) -> Result<PathBuf, Error> {
    match fs::canonicalize(path) {
        Ok(target) => Ok(target),
        Err(error) if error.kind() == ErrorKind::NotFound && chain_loops(path).is_none() => {
            Err(Error::new(format!(
                "{} links to {}, which does not exist in the package {}",
                path.display(),
                shown_link(path),
                root.display()
            )))
        }
        Err(error) => Err(Error::new(match chain_loops(path) {
            Some(chain) => format!("{} is a link loop: {chain}", path.display()),
            None => format!(
                "{} links to {}, which cannot be followed: {error}",
                path.display(),
                shown_link(path)
            ),
        })),
    }
}

/// The chain of links from `path` (`a -> b -> a`) when it comes back to
/// a link it passed, or runs longer than any system follows.
fn chain_loops(path: &Path) -> Option<String> {
    let mut seen = vec![path.to_path_buf()];
    let mut current = path.to_path_buf();
    for _ in 0..MOST_HOPS {
        let target = fs::read_link(&current).ok()?;
        let next = current.parent().unwrap_or(Path::new("")).join(&target);
        let next = lexically_normal(&next);
        let came_back = seen.contains(&next);
        seen.push(next.clone());
        if came_back {
            let names: Vec<String> = seen.iter().map(|link| link.display().to_string()).collect();
            return Some(names.join(" -> "));
        }
        if !fs::symlink_metadata(&next).is_ok_and(|metadata| metadata.file_type().is_symlink()) {
            return None;
        }
        current = next;
    }
    Some(format!(
        "{} and more than {MOST_HOPS} links after it",
        path.display()
    ))
}

/// `path` without its `.` parts, and a `..` taking off the part before it
/// (as the link's text reads, before any link in it is followed).
fn lexically_normal(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir if normal.file_name().is_some() => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    normal
}

/// What the link at `path` says, as written in it.
fn shown_link(path: &Path) -> String {
    fs::read_link(path)
        .map(|target| target.display().to_string())
        .unwrap_or_else(|_| "?".to_string())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("scripts-links-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("p/data/sample")).unwrap();
        fs::write(dir.join("p/problem.yaml"), "name: x\n").unwrap();
        dir
    }

    #[test]
    fn links_inside_pass_and_links_out_nowhere_or_around_are_named() {
        let dir = scratch("kinds");
        let root = dir.join("p");
        // Inside: a file and a folder (not a loop).
        fs::write(root.join("data/sample/1.in"), "x").unwrap();
        symlink("1.in", root.join("data/sample/2.in")).unwrap();
        symlink("../data/sample", root.join("data/again")).unwrap();
        assert!(check(&root, &ICPC_PARTS).is_ok());
        let error = |link: &str, to: &str| {
            symlink(to, root.join(link)).unwrap();
            let said = check(&root, &ICPC_PARTS).unwrap_err().to_string();
            fs::remove_file(root.join(link)).unwrap();
            said
        };
        fs::write(dir.join("outside.ans"), "x").unwrap();
        let out = error("data/sample/1.ans", "../../../outside.ans");
        assert!(
            out.contains("1.ans links to ../../../outside.ans, outside the package"),
            "{out}"
        );
        let nowhere = error("data/sample/3.in", "4.in");
        assert!(
            nowhere.contains("links to 4.in, which does not exist"),
            "{nowhere}"
        );
        let itself = error("data/sample/3.in", "3.in");
        assert!(itself.contains("3.in is a link loop: "), "{itself}");
        let up = error("data/sample/up", "..");
        assert!(
            up.contains("up links to .., a folder it is in: a loop"),
            "{up}"
        );
        // A loop through two folders' links.
        fs::create_dir_all(root.join("data/a")).unwrap();
        fs::create_dir_all(root.join("data/b")).unwrap();
        symlink("../b", root.join("data/a/to_b")).unwrap();
        let round = error("data/b/to_a", "../a");
        assert!(round.contains("a folder it is in: a loop"), "{round}");
        // What the judge does not read may link anywhere (DOMjudge's
        // examples link their problem.pdf from outside).
        symlink("../outside.ans", root.join("problem.pdf")).unwrap();
        fs::create_dir_all(root.join("submissions")).unwrap();
        symlink("../../outside.ans", root.join("submissions/x.py")).unwrap();
        assert!(check(&root, &ICPC_PARTS).is_ok());
        // The validator folder itself, linked from outside.
        fs::create_dir_all(dir.join("check")).unwrap();
        let folder = error("output_validator", "../check");
        assert!(
            folder.contains("output_validator links to ../check, outside"),
            "{folder}"
        );
        // A file problem.xml names by `..`.
        let named = inside(&root, &root.join("../outside.ans"))
            .unwrap_err()
            .to_string();
        assert!(named.contains(", outside the package "), "{named}");
        assert!(inside(&root, &root.join("data/sample/1.in")).is_ok());
        fs::remove_dir_all(&dir).unwrap();
    }
}
