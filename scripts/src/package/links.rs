//! A package never reaches outside itself: before anything of it is read,
//! built or run, every link in it is followed, and one that leaves the
//! package, leads nowhere or leads back into a folder it is in (a loop) is
//! refused with its path. The format allows links inside the package
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

/// An error naming the first link in the package at `root` that leaves
/// it, leads nowhere, or makes a loop of its folders.
pub fn check(root: &Path) -> Result<(), Error> {
    let whole = fs::canonicalize(root)
        .map_err(|error| Error::new(format!("cannot read {}: {error}", root.display())))?;
    // Each folder with the real folders it is in (its own included): a
    // link to one of those is a loop.
    let mut pending: Vec<(PathBuf, Vec<PathBuf>)> = vec![(root.to_path_buf(), vec![whole.clone()])];
    while let Some((folder, above)) = pending.pop() {
        let entries = fs::read_dir(&folder)
            .map_err(|error| Error::new(format!("cannot read {}: {error}", folder.display())))?;
        for entry in entries {
            let entry = entry.map_err(|error| {
                Error::new(format!("cannot read {}: {error}", folder.display()))
            })?;
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                let mut inner = above.clone();
                inner.push(fs::canonicalize(&path).unwrap_or_else(|_| path.clone()));
                pending.push((path, inner));
                continue;
            }
            if !kind.is_symlink() {
                continue;
            }
            let target = followed(&path, root)?;
            if target.strip_prefix(&whole).is_err() {
                return Err(Error::new(format!(
                    "{} links to {}, outside the package {}: a package's links stay inside \
                     it (the format's General requirements), so it is not read; copy what \
                     it links to into the package",
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
                let mut inner = above.clone();
                inner.push(target);
                pending.push((path, inner));
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
        assert!(check(&root).is_ok());
        let error = |link: &str, to: &str| {
            symlink(to, root.join(link)).unwrap();
            let said = check(&root).unwrap_err().to_string();
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
        fs::create_dir_all(root.join("a")).unwrap();
        fs::create_dir_all(root.join("b")).unwrap();
        symlink("../b", root.join("a/to_b")).unwrap();
        let round = error("b/to_a", "../a");
        assert!(round.contains("a folder it is in: a loop"), "{round}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
