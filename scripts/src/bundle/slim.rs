//! What a judge needs of cargo-equip's output: the solution without its
//! comments (but the header's title line) and without what a false
//! `#[cfg(..)]` is on, such as `#[cfg(test)]` items; then the inlined
//! libraries with their license notices, untouched. cargo-equip's own
//! `--remove` and cfg resolution touch only the libraries it inlines.
//!
//! It works on tokens, not lines (those of [`super::lex`], which knows
//! Rust's literals and comments), and on them finds the extent of the item,
//! statement, field or match arm an attribute is on. Delimiters are
//! matched, so an item ends at its own `;` or its own closing brace
//! wherever the lines break. Not a parser: where an extent needs more than
//! tokens (a comma inside a field's generic type), it reads `<` after `::`
//! or after a type's name as a generic bracket; the bundle is compiled
//! before it is written, so a wrong guess cannot reach a judge.

use super::lex::{line_start, tokens, Code, Kind, Token, UNMATCHED};

/// The line cargo-equip puts before the libraries it inlines.
const LIBRARIES: &str = "// The following code was expanded by `cargo-equip`";

/// `text` without its comments but the title line and without what a
/// false `#[cfg(..)]` is on, up to cargo-equip's libraries, which are kept
/// as they are.
pub fn slim(text: &str) -> String {
    let all = tokens(text);
    let libraries = all
        .iter()
        .find(|token| {
            token.kind == Kind::Comment
                && text[token.start..].starts_with(LIBRARIES)
                && line_start(text, token.start) == token.start
        })
        .map_or(text.len(), |token| token.start);
    let solution: Vec<Token> = all
        .into_iter()
        .take_while(|token| token.start < libraries)
        .collect();

    let mut cuts = Vec::new();
    for (index, token) in solution.iter().enumerate() {
        let title = index == 0 && text[token.start..].starts_with("//!");
        if token.kind == Kind::Comment && !title {
            cuts.push((token.start, token.end));
        }
    }
    let code = Code::new(
        text,
        solution
            .into_iter()
            .filter(|token| token.kind != Kind::Comment)
            .collect(),
    );
    let mut at = 0;
    while at < code.tokens.len() {
        match code.false_cfg(at) {
            Some(close) => {
                let (first, last) = code.extent(at, close);
                cuts.push((code.tokens[first].start, code.tokens[last].end));
                at = last + 1;
            }
            None => at += 1,
        }
    }

    let mut kept = String::with_capacity(text.len());
    let mut from = 0;
    for (start, end, replacement) in widen(text, merge(text, cuts)) {
        kept.push_str(&text[from..start]);
        kept.push_str(replacement);
        from = end;
    }
    kept.push_str(&text[from..]);
    kept
}

/// The cuts in order, those that overlap or have only whitespace between
/// them made one.
fn merge(text: &str, mut cuts: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    cuts.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::with_capacity(cuts.len());
    for (start, end) in cuts {
        match merged.last_mut() {
            Some(last) if start <= last.1 || text[last.1..start].trim().is_empty() => {
                last.1 = last.1.max(end);
            }
            _ => merged.push((start, end)),
        }
    }
    merged
}

/// Each cut with what replaces it: a cut alone on its lines takes the
/// lines with it; one at the end of a line takes the spaces before it, one
/// at the start of a line the spaces after it; one between tokens leaves a
/// space, so that they stay apart.
fn widen(text: &str, cuts: Vec<(usize, usize)>) -> Vec<(usize, usize, &'static str)> {
    cuts.into_iter()
        .map(|(start, end)| {
            let first = line_start(text, start);
            let line_end = text[end..].find('\n').map_or(text.len(), |at| end + at);
            let before = text[first..start].trim().is_empty();
            let after = text[end..line_end].trim().is_empty();
            match (before, after) {
                (true, true) => (first, (line_end + 1).min(text.len()), ""),
                (false, true) => (text[..start].trim_end().len(), end, ""),
                (true, false) => {
                    let spaces =
                        text[end..].len() - text[end..].trim_start_matches([' ', '\t']).len();
                    (start, end + spaces, "")
                }
                (false, false) => {
                    let spaced = text[..start].ends_with(char::is_whitespace)
                        || text[end..].starts_with(char::is_whitespace);
                    (start, end, if spaced { "" } else { " " })
                }
            }
        })
        .collect()
}

impl<'a> Code<'a> {
    /// The token at `index` is the punctuation `punct` directly after the
    /// previous token's `before`, as in `::`, `->` or `=>`.
    fn joined(&self, index: usize, before: u8, punct: u8) -> bool {
        index > 0
            && self.is_punct(index, punct)
            && self.is_punct(index - 1, before)
            && self.tokens[index - 1].end == self.tokens[index].start
    }

    /// The index of the delimiter matching the one at `index`, if it is one
    /// and is matched.
    fn partner(&self, index: usize) -> Option<usize> {
        self.partner.get(index).copied().filter(|&p| p != UNMATCHED)
    }

    /// The `]` of an outer attribute `#[cfg(PREDICATE)]` starting at
    /// `index` whose predicate is false with `test` unset.
    fn false_cfg(&self, index: usize) -> Option<usize> {
        if !self.is_punct(index, b'#') || !self.is_punct(index + 1, b'[') {
            return None;
        }
        let close = self.partner(index + 1)?;
        let arguments = index + 3;
        let is_cfg = self.text(index + 2) == "cfg"
            && self.is_punct(arguments, b'(')
            && self.partner(arguments) == Some(close - 1);
        (is_cfg && self.predicate(arguments + 1, close - 1) == Some(false)).then_some(close)
    }

    /// The value of the cfg predicate in tokens `from..to` when compiled
    /// for a judge: `test` is false, `all`, `any` and `not` combine, and
    /// anything else (`unix`, `feature = "x"`) is unknown.
    fn predicate(&self, from: usize, to: usize) -> Option<bool> {
        let name = self.text(from);
        if to == from + 1 && name == "test" {
            return Some(false);
        }
        if !matches!(name, "all" | "any" | "not")
            || !self.is_punct(from + 1, b'(')
            || self.partner(from + 1) != Some(to - 1)
        {
            return None;
        }
        let mut values = Vec::new();
        let mut start = from + 2;
        let mut at = start;
        while at < to {
            if at == to - 1 || self.is_punct(at, b',') {
                if at > start {
                    values.push(self.predicate(start, at));
                }
                start = at + 1;
            }
            at = self.partner(at).filter(|&p| p > at).unwrap_or(at) + 1;
        }
        match name {
            "not" if values.len() == 1 => values[0].map(|value| !value),
            "all" if values.contains(&Some(false)) => Some(false),
            "all" if values.iter().all(Option::is_some) => Some(true),
            "any" if values.contains(&Some(true)) => Some(true),
            "any" if values.iter().all(Option::is_some) => Some(false),
            _ => None,
        }
    }

    /// The first and last token of what the attribute `#[...]` ending at
    /// `close` (and starting at `hash`) is on, the attributes before and
    /// after it included.
    fn extent(&self, hash: usize, close: usize) -> (usize, usize) {
        let mut first = hash;
        // Attributes before it: `#[...]` ending just before.
        while first > 0 && self.is_punct(first - 1, b']') {
            match self.partner(first - 1) {
                Some(open) if open >= 1 && self.is_punct(open - 1, b'#') => first = open - 1,
                _ => break,
            }
        }
        let mut start = close + 1;
        while self.is_punct(start, b'#') && self.is_punct(start + 1, b'[') {
            match self.partner(start + 1) {
                Some(end) => start = end + 1,
                None => break,
            }
        }
        let last = self.end(start).unwrap_or(close).max(close);
        (first, last)
    }

    /// The last token of the item, statement, field, variant, argument or
    /// match arm starting at `start`; None when there is none (the
    /// enclosing delimiter closes first).
    fn end(&self, start: usize) -> Option<usize> {
        let mut head = start;
        if self.text(head) == "pub" {
            head += 1;
            if self.is_punct(head, b'(') {
                head = self.partner(head)? + 1;
            }
        }
        let next = self.text(head + 1);
        let to_semicolon = match self.text(head) {
            "use" | "type" | "static" | "let" => true,
            "const" => !matches!(next, "fn" | "unsafe" | "async" | "extern"),
            "extern" => next == "crate",
            _ => false,
        };
        let item = to_semicolon
            || matches!(
                self.text(head),
                "fn" | "mod"
                    | "impl"
                    | "trait"
                    | "struct"
                    | "enum"
                    | "union"
                    | "const"
                    | "extern"
                    | "unsafe"
                    | "async"
                    | "default"
                    | "macro_rules"
                    | "for"
                    | "while"
                    | "loop"
                    | "match"
            )
            || self.is_punct(head, b'{')
            || (self.tokens.get(head).map(|token| token.kind) == Some(Kind::Lifetime)
                && self.is_punct(head + 1, b':'));
        let mut angles = 0usize;
        let mut at = start;
        while at < self.tokens.len() {
            let token = self.tokens[at];
            match token.kind {
                Kind::Punct(b';') => return Some(at),
                Kind::Punct(b',') if !item && angles == 0 => return Some(at),
                Kind::Punct(b')' | b']' | b'}') => {
                    return at.checked_sub(1).filter(|&l| l >= start)
                }
                Kind::Punct(b'{') => {
                    let close = self.partner(at)?;
                    // An item's body, a block statement's, a match arm's
                    // block, or a macro's braces `name! { }` end it.
                    let ends = (item && !to_semicolon)
                        || (at > 0 && self.joined(at - 1, b'=', b'>'))
                        || self.is_punct(at.wrapping_sub(1), b'!');
                    if ends {
                        let comma = !item && self.is_punct(close + 1, b',');
                        return Some(close + usize::from(comma));
                    }
                    at = close;
                }
                Kind::Punct(b'(' | b'[') => at = self.partner(at)?,
                Kind::Punct(b'<') if !item && self.opens_generics(at) => angles += 1,
                Kind::Punct(b'>')
                    if angles > 0
                        && !self.joined(at, b'-', b'>')
                        && !self.joined(at, b'=', b'>') =>
                {
                    angles -= 1;
                }
                _ => {}
            }
            at += 1;
        }
        self.tokens.len().checked_sub(1)
    }

    /// A `<` opens generic arguments after `::` (`collect::<Vec<_>>`) or
    /// after a type's name, which is written in CamelCase (`Vec<u8, A>`);
    /// otherwise it is "less than" (`a < B`, `N < M`).
    fn opens_generics(&self, at: usize) -> bool {
        if self.joined(at - 1, b':', b':') {
            return true;
        }
        let name = self.text(at - 1);
        self.tokens[at - 1].kind == Kind::Ident
            && name.starts_with(|first: char| first.is_uppercase())
            && name.contains(|letter: char| letter.is_lowercase())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_stays_and_every_other_comment_goes() {
        let text = "\
//! Title line.
//! More of the header.
/// A doc comment.
use std::io; // trailing
/* A block /* nested */ comment. */
fn main() {
    // Inside.
    run(/* inline */ 1); /** doc */
    let kept_apart = 1/**/as u8;
}
";
        assert_eq!(
            slim(text),
            "//! Title line.\nuse std::io;\nfn main() {\n    run( 1);\n    let kept_apart = 1 as u8;\n}\n"
        );
    }

    #[test]
    fn a_one_line_test_module_takes_nothing_after_it() {
        let text = "#[cfg(test)] mod one_line_tests {}\n\nfn main() {}\n";
        assert_eq!(slim(text), "\nfn main() {}\n");
        let text = "#[cfg(test)] mod t {} fn main() {}\n";
        assert_eq!(slim(text), "fn main() {}\n");
    }

    #[test]
    fn nested_modules_go_whole_and_only_the_test_one_inside_a_kept_one() {
        let text = "\
#[cfg(test)]
mod outer {
    mod inner {
        fn f() {}
    }
}
mod kept {
    #[cfg(test)]
    mod tests {
        mod deeper {}
    }
    pub fn stays() {}
}
";
        assert_eq!(slim(text), "mod kept {\n    pub fn stays() {}\n}\n");
    }

    #[test]
    fn attributes_over_several_lines_and_around_the_cfg_go_with_the_item() {
        let text = "\
#[allow(
    dead_code,
)]
#[cfg(
    test
)]
#[path = \"x.rs\"]
mod x;
#[cfg(all(test, unix))]
fn both() {}
#[cfg(not(test))]
fn judged() {}
#[cfg(unix)]
fn unknown_stays() {}
fn main() {}
";
        assert_eq!(
            slim(text),
            "#[cfg(not(test))]\nfn judged() {}\n#[cfg(unix)]\nfn unknown_stays() {}\nfn main() {}\n"
        );
    }

    #[test]
    fn strings_and_characters_are_not_read_as_code_or_comments() {
        let text = r####"
const A: &str = "// not a comment }";
const B: &str = "
// still the string
}
#[cfg(test)] fn not_an_item() {}
";
const C: &str = r#"a "quoted" } // and "# ;
const D: &[u8] = br##"}"#"##;
const E: [char; 3] = ['}', '"', '\''];
const F: u8 = b'}';
fn longest<'a>(left: &'a str, right: &'a str) -> &'a str { if left.len() > right.len() { left } else { right } }
#[cfg(test)]
fn test_only() { let _ = ("}", '}', r"}"); }
fn main() {}
"####;
        let expected = text.replace(
            "#[cfg(test)]\nfn test_only() { let _ = (\"}\", '}', r\"}\"); }\n",
            "",
        );
        assert_eq!(slim(text), expected);
    }

    #[test]
    fn a_false_cfg_goes_with_whatever_it_is_on() {
        let text = "\
#[cfg(test)]
use std::collections::HashMap;
struct Solver {
    kept: u8,
    #[cfg(test)]
    seen: HashMap<u64, Vec<u8>>,
    also_kept: u8,
}
#[cfg(test)]
impl Solver {
    fn check(&self) {}
}
impl Solver {
    #[cfg(test)]
    const LIMIT: usize = { 3 };
    fn new() -> Solver {
        #[cfg(test)]
        let seen = HashMap::<u64, Vec<u8>>::new();
        #[cfg(test)]
        for step in 0..3 {
            let _ = step;
        }
        #[cfg(test)]
        if_else_free();
        match 1 {
            #[cfg(test)]
            0 => { unreachable() }
            #[cfg(test)]
            2 => HashMap::<u8, u8>::new().len() < 1,
            _ => {}
        }
        Solver {
            kept: 1,
            #[cfg(test)]
            seen,
            also_kept: 2,
        }
    }
}
";
        let expected = "\
struct Solver {
    kept: u8,
    also_kept: u8,
}
impl Solver {
    fn new() -> Solver {
        match 1 {
            _ => {}
        }
        Solver {
            kept: 1,
            also_kept: 2,
        }
    }
}
";
        assert_eq!(slim(text), expected);
    }

    #[test]
    fn the_libraries_stay_as_cargo_equip_wrote_them() {
        let text = "\
//! Title line.
fn main() {}
#[cfg(test)]
mod tests {}
// The following code was expanded by `cargo-equip`.
// license notice: kept
#[cfg(test)]
mod library_tests {}
";
        assert_eq!(
            slim(text),
            "\
//! Title line.
fn main() {}
// The following code was expanded by `cargo-equip`.
// license notice: kept
#[cfg(test)]
mod library_tests {}
"
        );
    }
}
