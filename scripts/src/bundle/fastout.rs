//! proconio's `#[fastout]`, expanded by the splice as proconio-derive
//! 0.2.1 expands it, so that a `#[fastout]` solution is bundled with
//! nothing installed (cargo-equip 0.20.1 cannot expand it: see
//! [`super::make::NO_PROC_MACROS`]).
//!
//! proconio-derive 0.2.1, `src/fastout.rs`, `main`: with no arguments to
//! the attribute and no `print!`/`println!` in a closure of the function
//! (either is a compile error there, so a crate that builds has neither),
//! the function's block becomes `insert_new_print_macros`'s block, which
//! this module writes out as text: a `BufWriter` over the locked stdout,
//! local `print!` and `println!` macros that write to it, the original
//! block's value kept, the writer flushed, the value returned. Every token
//! of it has the call site's span (`parse_quote!`), so as text it means
//! what the expansion means. `eprint!`, `eprintln!` and `write!` are left
//! as they are, as there.
//!
//! The attribute goes, and so does its import (`use proconio::fastout;`,
//! or `fastout` in a `use proconio::{...}` list): the committed expansion
//! of proconio has no proc macros to import. `#[derive_readable]`,
//! proconio's other proc macro, is not expanded here.

use super::lex::{self, Code, Kind, UNMATCHED};
use super::splice::Unsupported;

/// proconio-derive 0.2.1's `insert_new_print_macros` (src/fastout.rs),
/// before and after the function's own block.
const BEFORE: &str = "{
    let __proconio_stdout = ::std::io::stdout();
    let mut __proconio_stdout = ::std::io::BufWriter::new(__proconio_stdout.lock());

    #[allow(unused_macros)]
    macro_rules! print {
        ($($tt:tt)*) => {{
            use std::io::Write as _;
            ::std::write!(__proconio_stdout, $($tt)*).unwrap();
        }};
    }

    #[allow(unused_macros)]
    macro_rules! println {
        ($($tt:tt)*) => {{
            use std::io::Write as _;
            ::std::writeln!(__proconio_stdout, $($tt)*).unwrap();
        }};
    }

    let __proconio_res = ";
const AFTER: &str = ";
    <::std::io::BufWriter<::std::io::StdoutLock> as ::std::io::Write>::flush(&mut __proconio_stdout).unwrap();
    return __proconio_res;
}";

/// Identifiers only the expansion writes: a warning on a line that holds
/// one is the bundling's, which the crate's build (where the expansion
/// comes from another crate) does not report.
pub const EXPANSION_MARK: &str = "__proconio_";

/// `code` with each `#[fastout]` (or `#[proconio::fastout]`) function
/// expanded and the attribute's imports removed. Another use of the names
/// `fastout` or `derive_readable` is refused: nothing can bundle it.
pub fn expand(code: &str) -> Result<String, Unsupported> {
    let parsed = Code::new(code, lex::tokens(code));
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    // Tokens already accounted for: the attributes and the imports.
    let mut handled = vec![false; parsed.tokens.len()];
    for at in 0..parsed.tokens.len() {
        if let Some(close) = parsed.fastout_attribute(at) {
            let body = parsed.body_after(close).ok_or_else(|| {
                refuse("`#[fastout]` on something that is not a function with a body")
            })?;
            let end = parsed.partner[body];
            let start = parsed.tokens[at].start;
            edits.push((start, parsed.tokens[close].end, String::new()));
            let block = &code[parsed.tokens[body].start..parsed.tokens[end].end];
            edits.push((
                parsed.tokens[body].start,
                parsed.tokens[end].end,
                format!("{BEFORE}{block}{AFTER}"),
            ));
            handled[at..=close].iter_mut().for_each(|one| *one = true);
        } else if let Some((from, to, removed)) = parsed.fastout_import(at) {
            edits.push(removed);
            handled[from..=to].iter_mut().for_each(|one| *one = true);
        }
    }
    for (at, _) in handled.iter().enumerate().filter(|(_, &done)| !done) {
        let text = parsed.text(at);
        if parsed.tokens[at].kind != Kind::Ident {
            continue;
        }
        if text == "derive_readable" {
            return Err(refuse(&format!(
                "`derive_readable`, proconio's proc macro for `Readable` types, is expanded \
                 neither by the splice nor by cargo-equip ({}): implement \
                 `proconio::source::Readable` for the type by hand, or read its fields with \
                 `input!`",
                super::make::NO_PROC_MACROS
            )));
        }
        if text == "fastout" {
            return Err(refuse(
                "`fastout` is used otherwise than as `#[fastout]` or `#[proconio::fastout]` on a \
                 function, imported by `use proconio::fastout;` or in a `use proconio::{...}` \
                 list, which is all the splice expands",
            ));
        }
    }
    // Nested edits (an attribute inside a function being expanded) are
    // not made: a `#[fastout]` inside another one's body is refused.
    edits.sort_by_key(|&(start, end, _)| (start, end));
    if edits
        .windows(2)
        .any(|pair| pair[1].0 < pair[0].1 && pair[0].0 != pair[0].1)
    {
        return Err(refuse("a `#[fastout]` function inside another one"));
    }
    let mut text = String::with_capacity(code.len() + BEFORE.len() + AFTER.len());
    let mut from = 0;
    for (start, end, replacement) in edits {
        text.push_str(&code[from..start]);
        text.push_str(&replacement);
        from = end;
    }
    text.push_str(&code[from..]);
    Ok(text)
}

fn refuse(why: &str) -> Unsupported {
    Unsupported::Neither(why.to_string())
}

impl Code<'_> {
    /// When a `#[fastout]` or `#[proconio::fastout]` attribute starts at
    /// `at`: its closing `]`.
    fn fastout_attribute(&self, at: usize) -> Option<usize> {
        if !self.is_punct(at, b'#') {
            return None;
        }
        let open = self
            .next_code(at)
            .filter(|&open| self.is_punct(open, b'['))?;
        let close = self.partner[open];
        if close == UNMATCHED {
            return None;
        }
        let inside: Vec<&str> = (open + 1..close)
            .filter(|&one| self.tokens[one].kind != Kind::Comment)
            .map(|one| self.text(one))
            .collect();
        matches!(inside[..], ["fastout"] | ["proconio", ":", ":", "fastout"]).then_some(close)
    }

    /// The `{` of the body of the function whose attributes end at
    /// `close`: the first brace at the item's level after `fn`.
    fn body_after(&self, close: usize) -> Option<usize> {
        let mut at = close + 1;
        let mut seen_fn = false;
        while at < self.tokens.len() {
            let token = self.tokens[at];
            match token.kind {
                Kind::Punct(b'{') if seen_fn && self.partner[at] != UNMATCHED => return Some(at),
                Kind::Punct(b';' | b'}') => return None,
                Kind::Ident if self.text(at) == "fn" => seen_fn = true,
                _ => {}
            }
            let partner = self.partner[at];
            at = if partner != UNMATCHED && partner > at && !self.is_punct(at, b'{') {
                partner + 1
            } else {
                at + 1
            };
        }
        None
    }

    /// When `fastout` at `at` is imported from proconio (`use
    /// proconio::fastout;`, or one name of a `use proconio::{...}` list):
    /// the tokens it spans and the edit that removes it.
    fn fastout_import(&self, at: usize) -> Option<(usize, usize, (usize, usize, String))> {
        if self.text(at) != "fastout" {
            return None;
        }
        let before = self.previous_code(at)?;
        if self.is_punct(before, b':') {
            // `use proconio::fastout;`: the whole item.
            let colon = self.previous_code(before)?;
            let crate_name = self.previous_code(colon)?;
            let keyword = self.previous_code(crate_name)?;
            let semicolon = self.next_code(at)?;
            let whole = self.is_punct(colon, b':')
                && self.text(crate_name) == "proconio"
                && self.text(keyword) == "use"
                && self.is_punct(semicolon, b';');
            let start = self.tokens[keyword].start;
            let end = self.tokens[semicolon].end;
            return whole.then(|| (keyword, semicolon, (start, end, String::new())));
        }
        // One name of a list: with the comma after it, or else before it.
        let open = (0..at).rev().find(|&one| {
            self.is_punct(one, b'{') && self.partner[one] != UNMATCHED && self.partner[one] > at
        })?;
        let list = self.previous_code(open)?;
        let colon = self.previous_code(list)?;
        let crate_name = self.previous_code(colon)?;
        let in_use = self.is_punct(list, b':')
            && self.is_punct(colon, b':')
            && self.text(crate_name) == "proconio"
            && self
                .previous_code(crate_name)
                .is_some_and(|keyword| self.text(keyword) == "use");
        let next = self.next_code(at)?;
        let is_name = |one: usize| one == open || self.is_punct(one, b',');
        if !in_use || !is_name(before) || !(self.is_punct(next, b',') || next == self.partner[open])
        {
            return None;
        }
        let (from, to) = if self.is_punct(next, b',') {
            (at, next)
        } else if self.is_punct(before, b',') {
            (before, at)
        } else {
            // `use proconio::{fastout};`: an empty list is still an import
            // of nothing, valid Rust.
            (at, at)
        };
        // With the space after a comma that goes first.
        let end = match self.next_code(to) {
            Some(after) if to == next && self.is_punct(next, b',') => self.tokens[after].start,
            _ => self.tokens[to].end,
        };
        let span = (self.tokens[from].start, end, String::new());
        Some((from, to, span))
    }

    fn next_code(&self, index: usize) -> Option<usize> {
        (index + 1..self.tokens.len()).find(|&at| self.tokens[at].kind != Kind::Comment)
    }

    fn previous_code(&self, index: usize) -> Option<usize> {
        (0..index)
            .rev()
            .find(|&at| self.tokens[at].kind != Kind::Comment)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(code: &str) -> String {
        expand(code).unwrap_or_else(|refused| panic!("{refused:?}"))
    }

    #[test]
    fn the_function_is_wrapped_and_the_attribute_and_its_import_go() {
        let code =
            "use proconio::{fastout, input};\n\n#[fastout]\nfn main() {\n    println!(\"1\");\n}\n";
        let text = expanded(code);
        assert_eq!(
            text,
            format!("use proconio::{{input}};\n\n\nfn main() {BEFORE}{{\n    println!(\"1\");\n}}{AFTER}\n")
        );
        let code = "use proconio::input;\nuse proconio::fastout;\n#[proconio::fastout]\npub fn main() -> () {}\n";
        assert_eq!(
            expanded(code),
            format!("use proconio::input;\n\n\npub fn main() -> () {BEFORE}{{}}{AFTER}\n")
        );
        let code = "use proconio::{input, fastout};\n";
        assert_eq!(expanded(code), "use proconio::{input};\n");
        // Nothing to do: the code as it is.
        let code = "fn main() { println!(\"{}\", \"#[fastout]\"); }\n";
        assert_eq!(expanded(code), code);
    }

    #[test]
    fn other_uses_are_refused_as_nothing_can_bundle_them() {
        let refused = |code: &str| match expand(code) {
            Err(Unsupported::Neither(why)) => why,
            other => panic!("{other:?}"),
        };
        assert!(
            refused("use proconio::fastout as fast;\n#[fast]\nfn main() {}\n")
                .starts_with("`fastout` is used otherwise")
        );
        assert!(refused("use proconio::derive_readable;\n")
            .starts_with("`derive_readable`, proconio's proc macro"));
        assert!(refused("#[fastout]\nstruct S;\n").contains("not a function"));
    }
}
