//! Rust's tokens as far as bundling needs them: a lexer that knows
//! Rust's literals and comments (so `"// }"` is a string, `'}'` a char,
//! `'a` a lifetime, `/* /* */ */` one comment), and the delimiters matched.
//! Shared by the slimming of a bundle and the splice of the pinned crates.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Comment,
    /// An identifier or keyword, raw ones included.
    Ident,
    Lifetime,
    /// A string, character or number.
    Literal,
    /// One ASCII punctuation character, delimiters included.
    Punct(u8),
    /// Any other character (not valid Rust outside a literal).
    Other,
}

#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

pub fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |newline| newline + 1)
}

/// The tokens of `text`, comments included, whitespace left out.
pub fn tokens(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut at = 0;
    while let Some(first) = text[at..].chars().next() {
        let rest = &text[at..];
        let (kind, length) = if first.is_whitespace() {
            at += first.len_utf8();
            continue;
        } else if rest.starts_with("//") {
            // The line's end is not the comment's, nor is a CR before it.
            let line = rest.find('\n').map_or(rest, |newline| &rest[..newline]);
            (Kind::Comment, line.trim_end_matches('\r').len())
        } else if rest.starts_with("/*") {
            (Kind::Comment, block_comment_length(rest))
        } else if let Some(length) = prefixed_literal_length(rest) {
            (Kind::Literal, length)
        } else if first == '"' {
            (Kind::Literal, quoted_length(rest))
        } else if first == '\'' {
            quote_or_lifetime(rest)
        } else if first.is_ascii_digit() {
            (Kind::Literal, number_length(rest))
        } else if first == '_' || first.is_alphabetic() {
            (Kind::Ident, identifier_length(rest))
        } else if first.is_ascii() {
            (Kind::Punct(first as u8), 1)
        } else {
            (Kind::Other, first.len_utf8())
        };
        tokens.push(Token {
            kind,
            start: at,
            end: at + length,
        });
        at += length;
    }
    tokens
}

/// `/* ... */`, nested ones inside it included.
fn block_comment_length(rest: &str) -> usize {
    let mut depth = 0;
    let mut at = 0;
    while at < rest.len() {
        if rest[at..].starts_with("/*") {
            depth += 1;
            at += 2;
        } else if rest[at..].starts_with("*/") {
            depth -= 1;
            at += 2;
            if depth == 0 {
                return at;
            }
        } else {
            at += rest[at..].chars().next().map_or(1, char::len_utf8);
        }
    }
    rest.len()
}

/// A literal that starts with a letter: raw strings `r"..."` and
/// `r#"..."#` (and `br`, `cr` ones), byte and C strings `b"..."`,
/// `c"..."`, byte characters `b'x'`. None for an identifier, `r#raw` ones
/// included.
fn prefixed_literal_length(rest: &str) -> Option<usize> {
    for prefix in ["br", "cr", "r"] {
        if let Some(after) = rest.strip_prefix(prefix) {
            let hashes = after.len() - after.trim_start_matches('#').len();
            if !after[hashes..].starts_with('"') {
                continue;
            }
            let body = prefix.len() + hashes + 1;
            let closing = format!("\"{}", "#".repeat(hashes));
            return Some(
                rest[body..]
                    .find(&closing)
                    .map_or(rest.len(), |at| body + at + closing.len()),
            );
        }
    }
    for prefix in ["b", "c"] {
        if let Some(after) = rest.strip_prefix(prefix) {
            if after.starts_with('"') || (prefix == "b" && after.starts_with('\'')) {
                return Some(1 + quoted_length(after));
            }
        }
    }
    None
}

/// A string or character literal opened by the quote `rest` starts with,
/// up to its closing quote; a backslash escapes the character after it.
fn quoted_length(rest: &str) -> usize {
    let quote = rest.chars().next().unwrap_or('"');
    let mut characters = rest.char_indices().skip(1);
    while let Some((at, character)) = characters.next() {
        if character == '\\' {
            characters.next();
        } else if character == quote {
            return at + 1;
        }
    }
    rest.len()
}

/// At a `'`: a character literal (`'}'`, `'\''`, `'"'`) or a lifetime or
/// label (`'a`, `'static`, `'outer:`).
fn quote_or_lifetime(rest: &str) -> (Kind, usize) {
    let mut characters = rest[1..].chars();
    match (characters.next(), characters.next()) {
        (Some('\\'), _) => (Kind::Literal, quoted_length(rest)),
        (Some(character), Some('\'')) => (Kind::Literal, 2 + character.len_utf8()),
        _ => (Kind::Lifetime, 1 + identifier_length(&rest[1..])),
    }
}

/// Digits, letters and underscores (`0x1F`, `1_000u64`), and a point
/// followed by a digit (`1.5`, not the `..` of `0..9`).
fn number_length(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        let fraction = byte == b'.' && bytes.get(at + 1).is_some_and(u8::is_ascii_digit);
        if !(byte.is_ascii_alphanumeric() || byte == b'_' || fraction) {
            break;
        }
        at += 1;
    }
    at
}

fn identifier_length(rest: &str) -> usize {
    let raw = if rest.starts_with("r#") { 2 } else { 0 };
    raw + rest[raw..]
        .find(|character: char| !(character == '_' || character.is_alphanumeric()))
        .unwrap_or(rest.len() - raw)
}

/// No partner: a token that is not a delimiter, or an unmatched one.
/// A text's tokens, with their delimiters matched: the slimming takes
/// them without comments, the splice with.
pub struct Code<'a> {
    pub text: &'a str,
    pub tokens: Vec<Token>,
    /// For an opening or closing delimiter, the index of its partner;
    /// [`UNMATCHED`] for other tokens and unmatched delimiters.
    pub partner: Vec<usize>,
}

impl<'a> Code<'a> {
    pub fn new(text: &'a str, tokens: Vec<Token>) -> Code<'a> {
        let partner = partners(&tokens);
        Code {
            text,
            tokens,
            partner,
        }
    }

    /// The text of the token at `index`; empty past the last.
    pub fn text(&self, index: usize) -> &'a str {
        self.tokens
            .get(index)
            .map_or("", |token| &self.text[token.start..token.end])
    }

    pub fn is_punct(&self, index: usize, punct: u8) -> bool {
        self.tokens
            .get(index)
            .is_some_and(|token| token.kind == Kind::Punct(punct))
    }
}

pub const UNMATCHED: usize = usize::MAX;

/// For each token that opens or closes a delimiter, the index of its
/// partner; [`UNMATCHED`] for other tokens and unmatched delimiters.
pub fn partners(tokens: &[Token]) -> Vec<usize> {
    let mut partner = vec![UNMATCHED; tokens.len()];
    let mut open: Vec<(usize, u8)> = Vec::new();
    for (index, token) in tokens.iter().enumerate() {
        match token.kind {
            Kind::Punct(delimiter @ (b'(' | b'[' | b'{')) => open.push((index, delimiter)),
            Kind::Punct(closing @ (b')' | b']' | b'}')) => {
                let opening = match closing {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                if open.last().is_some_and(|&(_, last)| last == opening) {
                    let (start, _) = open.pop().unwrap_or_default();
                    partner[start] = index;
                    partner[index] = start;
                }
            }
            _ => {}
        }
    }
    partner
}
