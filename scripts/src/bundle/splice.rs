//! What cargo-equip 0.20.1 does to the solution's own code, done here, so
//! that a crate whose libraries are all pinned ones is bundled without
//! cargo-equip: the pinned libraries' part of the file is committed in
//! `scripts/equipped/` as cargo-equip wrote it, and this adds the rest.
//!
//! For a binary whose libraries have no proc macros and no build script,
//! cargo-equip (its `src/lib.rs`, `bundle`, and `src/rust.rs`) reads the
//! binary's source and:
//! 1. inlines each `mod NAME;` of the file's top level, and of the files
//!    inlined so, as ` {\n` + the file's text indented by four spaces a
//!    level (left as it is when a literal at its top level spans lines) +
//!    the indentation + `}` (`CodeEdit::new`'s `expand_mods`);
//! 2. rewrites `extern crate` items and paths with a leading `::` that
//!    name a dependency (`process_bin`): the splice leaves such a file to
//!    cargo-equip, as it does one with `cargo_equip` in it (the skip
//!    attribute);
//! 3. puts `pub use __cargo_equip::prelude::*;` and a blank line before
//!    the file's first item, and `pub use crate::__cargo_equip::prelude::*;`
//!    before the first item of each inline module in it
//!    (`insert_prelude_for_main_crate`);
//! 4. appends the libraries (the committed text) and runs rustfmt on the
//!    whole as `rustfmt --edition EDITION FILE`, the file in the temporary
//!    folder, rustfmt the one beside cargo (`rustfmt.rs`).
//!
//! Each edit goes through `replace_ranges`, which drops the trailing
//! whitespace of the text it edits and keeps one final newline if there was
//! one. Positions are taken from the tokens of [`super::lex`], where
//! cargo-equip takes them from syn's; the differences that could matter
//! (a byte-order mark, a `#!` line) are left to cargo-equip too.

use super::lex::{self, Code, Kind, UNMATCHED};
use crate::error::Error;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Why the splice does not make a crate's bundle.
#[derive(Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// It cannot promise cargo-equip's bytes for it: cargo-equip makes it.
    Equip(String),
    /// Nor can cargo-equip make it: why, and how to change the crate.
    Neither(String),
}

#[cfg(test)]
impl Unsupported {
    /// Why, whoever makes it.
    pub fn why(&self) -> &str {
        match self {
            Unsupported::Equip(why) | Unsupported::Neither(why) => why,
        }
    }
}

/// The prelude line before the first item of the crate's root.
const ROOT_PRELUDE: &str = "pub use __cargo_equip::prelude::*;\n\n";
/// The prelude line before the first item of an inline module.
const MODULE_PRELUDE: &str = "pub use crate::__cargo_equip::prelude::*;\n\n";

/// cargo-equip's text for the binary at `main`, before its rustfmt: the
/// source with its modules inlined, the prelude lines, then `libraries`
/// (what cargo-equip appends, from the line before `// The following code
/// was expanded`); a crate with no libraries is its modules inlined alone.
/// `dependencies` are the names the crate's dependencies go by in its code.
/// With `derive` (proconio built with its `derive` feature), `#[fastout]`
/// is expanded as proconio-derive expands it ([`super::fastout`]) first.
pub fn equip_text(
    main: &Path,
    libraries: Option<&str>,
    dependencies: &[String],
    derive: bool,
) -> Result<String, Unsupported> {
    let mut code = expand_mods(main, 0)?;
    refuse_nested_file_modules(&code)?;
    if derive {
        code = super::fastout::expand(&code)?;
    }
    refuse_rewrites(&code, dependencies)?;
    let Some(libraries) = libraries else {
        return Ok(code);
    };
    let mut text = replace_ranges(&code, prelude_insertions(&code));
    text.push_str(libraries);
    Ok(text)
}

/// `text` as cargo-equip's rustfmt leaves it (cargo-equip formats it in
/// the temporary folder, where no configuration is found): written to a
/// file in `folder`, the tool's own, and formatted there with an empty
/// configuration, from `workspace`, with the rustfmt beside the cargo that
/// runs this tool. Nothing outside `folder` is written: rustfmt formats
/// the files of a `mod NAME;` it finds too, and a folder of the tool's own
/// holds none.
pub fn rustfmt_as_equip(
    text: &str,
    edition: &str,
    workspace: &Path,
    folder: &Path,
    name: &str,
) -> Result<String, Error> {
    let folder = folder.join(format!("{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder)
        .map_err(|error| Error::new(format!("cannot create {}: {error}", folder.display())))?;
    let file = folder.join(format!("{name}.rs"));
    let config = folder.join("rustfmt.toml");
    fs::write(&file, text)
        .and_then(|()| fs::write(&config, ""))
        .map_err(|error| Error::new(format!("cannot write {}: {error}", file.display())))?;
    let status = Command::new(rustfmt_beside_cargo())
        .args(["--edition", edition])
        .arg("--config-path")
        .arg(&config)
        .arg(&file)
        .current_dir(workspace)
        .status();
    let formatted = fs::read_to_string(&file);
    let _ = fs::remove_dir_all(&folder);
    match status {
        Ok(status) if status.success() => formatted
            .map_err(|error| Error::new(format!("cannot read {}: {error}", file.display()))),
        Ok(_) => Err("rustfmt failed on the bundle (as cargo-equip runs it)".into()),
        Err(error) => Err(Error::new(format!("cannot run rustfmt: {error}"))),
    }
}

/// cargo-equip's rustfmt: `rustfmt` in the folder of `$CARGO`, which cargo
/// sets for the programs it runs; without it, the one on PATH.
fn rustfmt_beside_cargo() -> PathBuf {
    let name = format!("rustfmt{}", env::consts::EXE_SUFFIX);
    env::var_os("CARGO")
        .map(PathBuf::from)
        .and_then(|cargo| cargo.parent().map(|dir| dir.join(&name)))
        .filter(|rustfmt| rustfmt.is_file())
        .unwrap_or_else(|| PathBuf::from("rustfmt"))
}

/// `code` with each `(start, end, text)` put in place of its byte range,
/// as cargo-equip's `replace_ranges` does: the trailing whitespace of
/// `code` goes and one newline comes back if `code` ended with one. No
/// edits: `code` as it is.
fn replace_ranges(code: &str, mut edits: Vec<(usize, usize, String)>) -> String {
    if edits.is_empty() {
        return code.to_string();
    }
    edits.sort_by_key(|&(start, end, _)| (start, end));
    let kept = code.trim_end();
    let mut text = String::with_capacity(code.len() + 64);
    let mut from = 0;
    for (start, end, replacement) in edits {
        text.push_str(&kept[from..start.min(kept.len())]);
        text.push_str(&replacement);
        from = end.min(kept.len()).max(from);
    }
    text.push_str(&kept[from..]);
    if code.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// The text of the file at `path` with its top-level `mod NAME;` items
/// inlined, `depth` levels down from the crate's root file.
fn expand_mods(path: &Path, depth: usize) -> Result<String, Unsupported> {
    let content = fs::read_to_string(path).map_err(|error| {
        Unsupported::Equip(format!(
            "cannot read {} as UTF-8 text: {error}",
            path.display()
        ))
    })?;
    if content.starts_with('\u{feff}') || (content.starts_with("#!") && !content.starts_with("#!["))
    {
        return Err(Unsupported::Equip(format!(
            "{} starts with a byte-order mark or a `#!` line",
            path.display()
        )));
    }
    let code = Code::new(&content, lex::tokens(&content));
    let mut edits = Vec::new();
    for at in code.level(0, code.tokens.len()) {
        let (Some(name), Some(semicolon)) = (code.next(at), code.next(at + 1)) else {
            continue;
        };
        let ident = code.text(name);
        if code.text(at) != "mod"
            || code.tokens[name].kind != Kind::Ident
            || !code.is_punct(semicolon, b';')
        {
            continue;
        }
        if ident.starts_with("r#") {
            return Err(Unsupported::Equip(format!("`mod {ident};` has a raw name")));
        }
        let candidates = match code.path_attribute(at)? {
            Some(given) => vec![path.with_file_name("").join(given)],
            None if depth == 0 || path.file_name().is_some_and(|name| name == "mod.rs") => vec![
                path.with_file_name(ident).with_extension("rs"),
                path.with_file_name(ident).join("mod.rs"),
            ],
            // cargo-equip's own rule for a module below a `NAME.rs`
            // (not rustc's `NAME/IDENT.rs`): kept, so the bytes agree.
            None => {
                let base = path.with_extension("").with_file_name(ident);
                vec![base.with_extension("rs"), base.join("mod.rs")]
            }
        };
        let Some(found) = candidates.iter().find(|candidate| candidate.exists()) else {
            // cargo-equip follows the same rule (the splice copies it):
            // installing it would not help.
            return Err(Unsupported::Neither(missing_module(
                path,
                ident,
                &candidates,
            )));
        };
        let inner = indent_code(&expand_mods(found, depth + 1)?, depth + 1);
        let token = code.tokens[semicolon];
        let closing = "    ".repeat(depth + 1);
        edits.push((token.start, token.end, format!(" {{\n{inner}{closing}}}")));
    }
    Ok(replace_ranges(&content, edits))
}

/// Why `mod IDENT;` in the file `path` is not inlined, none of
/// `candidates` being there, and how to change the crate where rustc finds
/// the file below `path`'s own name (`src/util/inner.rs` for `mod inner;`
/// in `src/util.rs`), where cargo-equip 0.20.1 does not look.
fn missing_module(path: &Path, ident: &str, candidates: &[PathBuf]) -> String {
    let listed = candidates
        .iter()
        .map(|candidate| candidate.display().to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let below = path.with_extension("").join(ident);
    let rustcs = [below.with_extension("rs"), below.join("mod.rs")];
    let Some(rustcs) = rustcs.iter().find(|file| file.exists()) else {
        return format!("`mod {ident};` names no file: none of {listed}");
    };
    let dir = path.with_file_name("");
    let relative = rustcs.strip_prefix(&dir).unwrap_or(rustcs);
    let relative = relative.to_string_lossy().replace('\\', "/");
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    format!(
        "`mod {ident};` in {} is {} to rustc, but cargo-equip {} looks for {listed} (and the \
         splice, which makes its bytes, does too), so installing it would not help: make \
         {file} {stem}/mod.rs, or write `#[path = \"{relative}\"]` on the `mod {ident};`",
        path.display(),
        rustcs.display(),
        super::equip::EQUIP_VERSION
    )
}

/// cargo-equip's `indent_code`: each line indented by `levels` four-space
/// steps (empty ones left empty, every line ending in a newline), unless
/// the text does not lex as Rust or a literal at its top level (outside
/// every bracket) spans lines, when it stays as it is.
fn indent_code(code: &str, levels: usize) -> String {
    let tokens = lex::tokens(code);
    let partner = lex::partners(&tokens);
    let lexes = tokens
        .iter()
        .zip(&partner)
        .all(|(token, &partner)| match token.kind {
            Kind::Other | Kind::Punct(b'`' | b'\\') => false,
            Kind::Punct(b'(' | b'[' | b'{' | b')' | b']' | b'}') => partner != UNMATCHED,
            _ => true,
        });
    let mut depth = 0usize;
    let mut multiline_literal = false;
    for token in &tokens {
        match token.kind {
            Kind::Punct(b'(' | b'[' | b'{') => depth += 1,
            Kind::Punct(b')' | b']' | b'}') => depth = depth.saturating_sub(1),
            Kind::Literal if depth == 0 => {
                multiline_literal |= code[token.start..token.end].contains('\n');
            }
            _ => {}
        }
    }
    if !lexes || multiline_literal {
        return code.to_string();
    }
    let indent = "    ".repeat(levels);
    code.lines()
        .map(|line| match line {
            "" => "\n".to_string(),
            line => format!("{indent}{line}\n"),
        })
        .collect()
}

/// Where cargo-equip puts its prelude lines: before the first item of the
/// file and of every inline module, nested ones too.
fn prelude_insertions(code: &str) -> Vec<(usize, usize, String)> {
    let parsed = Code::new(code, lex::tokens(code));
    let mut edits = Vec::new();
    parsed.preludes(0, parsed.tokens.len(), true, &mut edits);
    edits
}

/// Refuses a `mod NAME;` inside an inline module (`mod a { mod b; }`),
/// outside `#[cfg(test)]` ones: neither the splice nor cargo-equip inlines
/// it (both inline the `mod NAME;` items of a file's top level), and the
/// bundle would name a file that is not there.
fn refuse_nested_file_modules(code: &str) -> Result<(), Unsupported> {
    let parsed = Code::new(code, lex::tokens(code));
    parsed.nested_file_modules(0, parsed.tokens.len(), &mut Vec::new())
}

/// Refuses what cargo-equip rewrites in a binary's code beyond the prelude
/// (`process_bin`), and its skip attribute: the splice does not do these.
fn refuse_rewrites(code: &str, dependencies: &[String]) -> Result<(), Unsupported> {
    let parsed = Code::new(code, lex::tokens(code));
    for at in 0..parsed.tokens.len() {
        let text = parsed.text(at);
        let next = parsed.next(at).map_or("", |next| parsed.text(next));
        if text == "cargo_equip" {
            return Err(Unsupported::Equip(
                "the code names `cargo_equip` (cargo-equip's skip attribute)".to_string(),
            ));
        }
        if text == "extern" && next == "crate" {
            return Err(Unsupported::Equip(
                "the code has an `extern crate` item, which cargo-equip rewrites".to_string(),
            ));
        }
        if parsed.is_punct(at, b':') && parsed.joined_colons(at) {
            let after = parsed.next(at).map_or("", |next| parsed.text(next));
            let leading_group = after == "{"
                && at >= 2
                && parsed
                    .previous(at - 1)
                    .is_some_and(|before| parsed.text(before) == "use");
            if dependencies.iter().any(|name| name == after) || leading_group {
                return Err(Unsupported::Equip(format!(
                    "the code has a path `::{after}`, which cargo-equip rewrites"
                )));
            }
        }
    }
    Ok(())
}

impl<'a> Code<'a> {
    /// The token at `index` is the second `:` of a `::`.
    fn joined_colons(&self, index: usize) -> bool {
        index > 0
            && self.is_punct(index - 1, b':')
            && self.tokens[index - 1].end == self.tokens[index].start
    }

    /// The next token after `index` that is not a comment.
    fn next(&self, index: usize) -> Option<usize> {
        (index + 1..self.tokens.len()).find(|&at| self.tokens[at].kind != Kind::Comment)
    }

    /// The last token before `index` that is not a comment.
    fn previous(&self, index: usize) -> Option<usize> {
        (0..index)
            .rev()
            .find(|&at| self.tokens[at].kind != Kind::Comment)
    }

    /// The tokens of `from..to` outside every bracket that opens in it,
    /// comments left out: the items of a file or of a module's body.
    fn level(&self, from: usize, to: usize) -> Vec<usize> {
        let mut level = Vec::new();
        let mut at = from;
        while at < to {
            if self.tokens[at].kind != Kind::Comment {
                level.push(at);
            }
            let partner = self.partner[at];
            at = if partner != UNMATCHED && partner > at {
                partner + 1
            } else {
                at + 1
            };
        }
        level
    }

    /// Refuses the first `mod NAME;` among the items of the inline modules
    /// in `from..to`, whose names from the file's top level are `inside`.
    fn nested_file_modules(
        &self,
        from: usize,
        to: usize,
        inside: &mut Vec<&'a str>,
    ) -> Result<(), Unsupported> {
        for at in self.level(from, to) {
            if self.text(at) != "mod" || self.is_test_only(at) {
                continue;
            }
            let Some(name) = self.next(at) else { continue };
            let Some(after) = self.next(name) else {
                continue;
            };
            if self.is_punct(after, b';') && !inside.is_empty() {
                let module = inside.join("::");
                let dir = inside.join("/");
                let ident = self.text(name);
                return Err(Unsupported::Neither(format!(
                    "`mod {ident};` inside the inline module `{module}`: neither the splice nor \
                     cargo-equip {} inlines a module file declared in an inline module; move \
                     `{module}` to a file `{dir}/mod.rs` (declared `mod {module};`), beside which \
                     `{ident}.rs` is found, or write its items inline (`mod {ident} {{ ... }}`)",
                    super::equip::EQUIP_VERSION
                )));
            }
            if self.is_punct(after, b'{') && self.partner[after] != UNMATCHED {
                inside.push(self.text(name));
                self.nested_file_modules(after + 1, self.partner[after], inside)?;
                inside.pop();
            }
        }
        Ok(())
    }

    /// The item whose `mod` keyword is at `index` has `#[cfg(test)]`
    /// among its outer attributes: it is not bundled.
    fn is_test_only(&self, index: usize) -> bool {
        let mut at = self.previous(index);
        if let Some(last) = at {
            if self.text(last) == "pub" {
                at = self.previous(last);
            } else if self.is_punct(last, b')') {
                let open = self.partner[last];
                if open != UNMATCHED && self.previous(open).is_some_and(|p| self.text(p) == "pub") {
                    at = self.previous(open).and_then(|p| self.previous(p));
                }
            }
        }
        while let Some(close) = at.filter(|&close| self.is_punct(close, b']')) {
            let open = self.partner[close];
            let Some(hash) = (open != UNMATCHED)
                .then(|| self.previous(open))
                .flatten()
                .filter(|&hash| self.is_punct(hash, b'#'))
            else {
                return false;
            };
            let inside: Vec<&str> = (open + 1..close).map(|one| self.text(one)).collect();
            if inside == ["cfg", "(", "test", ")"] {
                return true;
            }
            at = self.previous(hash);
        }
        false
    }

    /// The value of a `#[path = "..."]` among the outer attributes of the
    /// item whose `mod` keyword is at `index`.
    fn path_attribute(&self, index: usize) -> Result<Option<String>, Unsupported> {
        let mut at = self.previous(index);
        // The visibility: `pub`, `pub(crate)`, `pub(in path)`.
        if let Some(last) = at {
            if self.is_punct(last, b')') {
                let open = self.partner[last];
                if open != UNMATCHED && self.previous(open).is_some_and(|p| self.text(p) == "pub") {
                    at = self.previous(open).and_then(|p| self.previous(p));
                }
            } else if self.text(last) == "pub" {
                at = self.previous(last);
            }
        }
        let mut found = None;
        while let Some(close) = at.filter(|&close| self.is_punct(close, b']')) {
            let open = self.partner[close];
            let hash = (open != UNMATCHED).then(|| self.previous(open)).flatten();
            let Some(hash) = hash.filter(|&hash| self.is_punct(hash, b'#')) else {
                break;
            };
            let inside: Vec<usize> = self.level(open + 1, close);
            if let [name, equals, value] = inside[..] {
                if self.text(name) == "path" && self.is_punct(equals, b'=') {
                    // syn's `parse_meta` takes the first `path = "..."`.
                    found = string_value(self.text(value))?.or(found);
                }
            }
            at = self.previous(hash);
        }
        Ok(found)
    }

    /// Records the prelude line before the first item of the body
    /// `from..to`, and in each inline module among its items.
    fn preludes(
        &self,
        from: usize,
        to: usize,
        root: bool,
        edits: &mut Vec<(usize, usize, String)>,
    ) {
        let mut at = from;
        let first = loop {
            if at >= to {
                break None;
            }
            let token = self.tokens[at];
            let text = self.text(at);
            match token.kind {
                Kind::Comment if outer_doc(text) => break Some(at),
                Kind::Comment => at += 1,
                Kind::Punct(b'#') => {
                    let bang = self.next(at).filter(|&bang| self.is_punct(bang, b'!'));
                    let open = bang.and_then(|bang| self.next(bang));
                    match open.filter(|&open| self.is_punct(open, b'[')) {
                        Some(open) if self.partner[open] != UNMATCHED => {
                            at = self.partner[open] + 1;
                        }
                        _ => break Some(at),
                    }
                }
                _ => break Some(at),
            }
        };
        if let Some(first) = first {
            let start = self.tokens[first].start;
            let line = if root { ROOT_PRELUDE } else { MODULE_PRELUDE };
            edits.push((start, start, line.to_string()));
        }
        for at in self.level(from, to) {
            if self.text(at) != "mod" {
                continue;
            }
            let name = self.next(at);
            let open = name.and_then(|name| self.next(name));
            if let Some(open) = open.filter(|&open| self.is_punct(open, b'{')) {
                let close = self.partner[open];
                if close != UNMATCHED {
                    self.preludes(open + 1, close, false, edits);
                }
            }
        }
    }
}

/// An outer doc comment (`///`, `/** */`), which starts the item it is on;
/// `////`, `/***`, `/**/` and inner ones (`//!`, `/*!`) are not.
fn outer_doc(comment: &str) -> bool {
    (comment.starts_with("///") && !comment.starts_with("////"))
        || (comment.starts_with("/**")
            && !comment.starts_with("/***")
            && !comment.starts_with("/**/"))
}

/// The value of a string literal as `#[path]` takes it: a plain string
/// without escapes or a raw one; another kind of literal is no path.
fn string_value(literal: &str) -> Result<Option<String>, Unsupported> {
    if let Some(body) = literal
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
    {
        if body.contains('\\') {
            return Err(Unsupported::Equip(format!(
                "a `#[path = {literal}]` with escapes"
            )));
        }
        return Ok(Some(body.to_string()));
    }
    if let Some(raw) = literal.strip_prefix('r') {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        let body = &raw[hashes..raw.len() - hashes];
        if let Some(body) = body
            .strip_prefix('"')
            .and_then(|rest| rest.strip_suffix('"'))
        {
            return Ok(Some(body.to_string()));
        }
    }
    Ok(None)
}

#[cfg(test)]
#[path = "splice_tests.rs"]
mod tests;
