//! The part of YAML that `problem.yaml` files are written in: block
//! mappings and sequences by indentation, plain and quoted scalars, flow
//! sequences and mappings of scalars on one line (`[a, b]`, `{a: 1}`),
//! comments. Anything else (block scalars `|` `>`, nested flow
//! collections, anchors, tags) is read as
//! [`Yaml::Other`]: skipped whole, and refused only where a value the
//! judge needs is written so.
//!
//! Why not a crate: the well-kept YAML readers need a newer Rust than the
//! tool's (yaml-rust2 0.13 needs 1.85, and crates of edition 2024) or
//! bring a proc-macro stack and an encoding library (saphyr), for the
//! dozen keys the judge reads.

use crate::error::Error;

/// A YAML value, as far as the judge reads them.
#[derive(Clone, Debug, PartialEq)]
pub enum Yaml {
    /// A scalar's text, quotes and escapes undone; an empty value is "".
    Scalar(String),
    Map(Vec<(String, Yaml)>),
    List(Vec<Yaml>),
    /// A value written in a form this reader does not read.
    Other,
}

impl Yaml {
    /// The value at `key` of a mapping.
    pub fn get(&self, key: &str) -> Option<&Yaml> {
        match self {
            Yaml::Map(entries) => entries
                .iter()
                .find(|(name, _)| name == key)
                .map(|(_, value)| value),
            _ => None,
        }
    }

    /// The scalar's text, None for anything else (an empty value too).
    pub fn text(&self) -> Option<&str> {
        match self {
            Yaml::Scalar(text) if !text.is_empty() && text != "~" && text != "null" => Some(text),
            _ => None,
        }
    }
}

/// One line with content: its number (from 1), indentation, and text
/// without the comment.
struct Line<'a> {
    number: usize,
    indent: usize,
    text: &'a str,
}

/// Reads a YAML document; an empty one is an empty mapping.
pub fn parse(text: &str) -> Result<Yaml, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let content = raw.trim_end_matches('\r');
        let indent = content.len() - content.trim_start_matches(' ').len();
        if content[indent..].starts_with('\t') {
            return Err(Error::new(format!(
                "line {number}: indented with a tab, which YAML does not allow"
            )));
        }
        let text = strip_comment(&content[indent..]).trim_end();
        if text.is_empty() || (indent == 0 && (text == "---" || text.starts_with('%'))) {
            continue;
        }
        if indent == 0 && text == "..." {
            break;
        }
        lines.push(Line {
            number,
            indent,
            text,
        });
    }
    if lines.is_empty() {
        return Ok(Yaml::Map(Vec::new()));
    }
    let mut position = 0;
    let indent = lines[0].indent;
    let value = block(&lines, &mut position, indent)?;
    if let Some(line) = lines.get(position) {
        return Err(Error::new(format!(
            "line {}: indented where nothing goes",
            line.number
        )));
    }
    Ok(value)
}

/// The text before a comment: `#` at the start or after whitespace, not
/// inside quotes.
fn strip_comment(text: &str) -> &str {
    let bytes = text.as_bytes();
    let mut quote: Option<u8> = None;
    let mut index = 0;
    while index < bytes.len() {
        let byte = bytes[index];
        let after_space = index == 0 || matches!(bytes[index - 1], b' ' | b'\t');
        match quote {
            // An escaped character inside double quotes closes nothing.
            Some(b'"') if byte == b'\\' => index += 1,
            Some(open) if byte == open => quote = None,
            Some(_) => {}
            None if byte == b'#' && after_space => return &text[..index],
            None if (byte == b'"' || byte == b'\'')
                && (after_space || matches!(bytes[index - 1], b'[' | b',')) =>
            {
                quote = Some(byte)
            }
            None => {}
        }
        index += 1;
    }
    text
}

/// The block at `lines[*position..]` whose lines are indented `indent`:
/// a sequence when its first line is an item, else a mapping.
fn block(lines: &[Line], position: &mut usize, indent: usize) -> Result<Yaml, Error> {
    if is_item(lines[*position].text) {
        sequence(lines, position, indent)
    } else {
        mapping(lines, position, indent)
    }
}

fn is_item(text: &str) -> bool {
    text == "-" || text.starts_with("- ")
}

fn mapping(lines: &[Line], position: &mut usize, indent: usize) -> Result<Yaml, Error> {
    let mut entries: Vec<(String, Yaml)> = Vec::new();
    while let Some(line) = lines.get(*position) {
        if line.indent < indent || (line.indent == indent && is_item(line.text)) {
            break;
        }
        if line.indent > indent {
            return Err(Error::new(format!(
                "line {}: indented where nothing goes",
                line.number
            )));
        }
        let Some((key, rest)) = split_key(line.text) else {
            return Err(Error::new(format!(
                "line {}: `{}` is no `key: value`",
                line.number, line.text
            )));
        };
        *position += 1;
        let value = value_after(lines, position, indent, rest, line.number)?;
        entries.push((key, value));
    }
    Ok(Yaml::Map(entries))
}

/// The value after `key:` on a line indented `indent`: on the line, or
/// the block under it.
fn value_after(
    lines: &[Line],
    position: &mut usize,
    indent: usize,
    rest: &str,
    number: usize,
) -> Result<Yaml, Error> {
    let rest = rest.trim();
    let under = lines
        .get(*position)
        .filter(|next| next.indent > indent || (next.indent == indent && is_item(next.text)));
    if rest.is_empty() {
        return match under {
            Some(next) => {
                let next_indent = next.indent;
                block(lines, position, next_indent)
            }
            None => Ok(Yaml::Scalar(String::new())),
        };
    }
    // Lines further in belong to this value: the rest of a block scalar,
    // a flow collection or a plain scalar over several lines.
    let mut continued = Vec::new();
    while let Some(next) = lines.get(*position) {
        if next.indent <= indent {
            break;
        }
        continued.push(next.text);
        *position += 1;
    }
    if rest.starts_with(['|', '>', '&', '*', '!']) {
        return Ok(Yaml::Other);
    }
    if rest.starts_with(['[', '{']) {
        return Ok(if continued.is_empty() {
            flow_collection(rest).unwrap_or(Yaml::Other)
        } else {
            Yaml::Other
        });
    }
    if !continued.is_empty() {
        if rest.starts_with(['"', '\'']) {
            return Ok(Yaml::Other);
        }
        // A plain scalar goes on over lines further in, but a `key:`
        // there is a mapping where none can be.
        if continued.iter().any(|text| split_key(text).is_some()) {
            return Err(Error::new(format!(
                "line {}: indented where nothing goes",
                number + 1
            )));
        }
        let mut joined = rest.to_string();
        for text in continued {
            joined.push(' ');
            joined.push_str(text);
        }
        return Ok(Yaml::Scalar(joined));
    }
    scalar(rest)
        .map(Yaml::Scalar)
        .ok_or_else(|| Error::new(format!("line {number}: cannot read `{rest}`")))
}

fn sequence(lines: &[Line], position: &mut usize, indent: usize) -> Result<Yaml, Error> {
    let mut items = Vec::new();
    while let Some(line) = lines.get(*position) {
        if line.indent != indent || !is_item(line.text) {
            break;
        }
        let content = line.text[1..].trim_start();
        let content_indent = indent + (line.text.len() - content.len());
        if content.is_empty() {
            *position += 1;
            items.push(match lines.get(*position) {
                Some(next) if next.indent > indent => {
                    let next_indent = next.indent;
                    block(lines, position, next_indent)?
                }
                _ => Yaml::Scalar(String::new()),
            });
        } else if split_key(content).is_some() || is_item(content) {
            // `- key: value` opens a mapping whose keys line up with `key`.
            let mut shifted: Vec<Line> = Vec::new();
            shifted.push(Line {
                number: line.number,
                indent: content_indent,
                text: content,
            });
            *position += 1;
            while let Some(next) = lines.get(*position) {
                if next.indent <= indent {
                    break;
                }
                shifted.push(Line {
                    number: next.number,
                    indent: next.indent,
                    text: next.text,
                });
                *position += 1;
            }
            let mut inner = 0;
            items.push(block(&shifted, &mut inner, content_indent)?);
            if let Some(left) = shifted.get(inner) {
                return Err(Error::new(format!(
                    "line {}: indented where nothing goes",
                    left.number
                )));
            }
        } else {
            *position += 1;
            let value = value_after(lines, position, indent, content, line.number)?;
            items.push(value);
        }
    }
    Ok(Yaml::List(items))
}

/// `key: rest` or `key:`, the key unquoted; None when the line is no
/// mapping entry.
fn split_key(text: &str) -> Option<(String, &str)> {
    if text.starts_with(['"', '\'']) {
        let quote = text.chars().next()?;
        let end = text[1..].find(quote)? + 1;
        let after = text[end + 1..].trim_start();
        let rest = after.strip_prefix(':')?;
        if !(rest.is_empty() || rest.starts_with(' ')) {
            return None;
        }
        return Some((scalar(&text[..=end])?, rest));
    }
    if text.starts_with(['[', '{', '|', '>']) {
        return None;
    }
    let bytes = text.as_bytes();
    let colon = (0..bytes.len()).find(|&index| {
        bytes[index] == b':' && (index + 1 == bytes.len() || bytes[index + 1] == b' ')
    })?;
    let key = text[..colon].trim_end();
    (!key.is_empty()).then(|| (key.to_string(), &text[colon + 1..]))
}

/// A scalar on one line: plain, 'single' or "double" quoted.
fn scalar(text: &str) -> Option<String> {
    let text = text.trim();
    if let Some(inner) = text.strip_prefix('\'') {
        let inner = inner.strip_suffix('\'')?;
        return Some(inner.replace("''", "'"));
    }
    if let Some(inner) = text.strip_prefix('"') {
        let inner = inner.strip_suffix('"')?;
        let mut unescaped = String::new();
        let mut characters = inner.chars();
        while let Some(character) = characters.next() {
            if character != '\\' {
                unescaped.push(character);
                continue;
            }
            unescaped.push(match characters.next()? {
                'n' => '\n',
                't' => '\t',
                '0' => '\0',
                other @ ('\\' | '"' | '/' | ' ') => other,
                _ => return None,
            });
        }
        return Some(unescaped);
    }
    Some(text.to_string())
}

/// `[a, b, 'c']` or `{memory: 512, time_limit: 2}` on one line: its
/// scalars; None for a nested collection (or a comma inside quotes).
fn flow_collection(text: &str) -> Option<Yaml> {
    let (inner, mapping) = match text.strip_prefix('{') {
        Some(rest) => (rest.strip_suffix('}')?, true),
        None => (text.strip_prefix('[')?.strip_suffix(']')?, false),
    };
    if inner.contains(['[', '{']) {
        return None;
    }
    let items = inner
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty());
    if mapping {
        let entries = items
            .map(|item| {
                let (key, value) = split_key(item)?;
                Some((key, Yaml::Scalar(scalar(value)?)))
            })
            .collect::<Option<Vec<_>>>()?;
        return Some(Yaml::Map(entries));
    }
    let items = items
        .map(|item| scalar(item).map(Yaml::Scalar))
        .collect::<Option<Vec<Yaml>>>()?;
    Some(Yaml::List(items))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar_at(yaml: &Yaml, path: &[&str]) -> Option<String> {
        let mut value = yaml;
        for key in path {
            value = value.get(key)?;
        }
        value.text().map(str::to_string)
    }

    #[test]
    fn a_legacy_problem_yaml_is_read_with_its_comments_and_nesting() {
        let yaml = parse(
            "# problem.yaml\n\nname: A Different Problem\nsource: Kattis   # where\n\
             license: cc by-sa\nvalidation: custom\n#  validator_flags: float_tolerance 1e-4\n\
             limits:\n#  time_multiplier: 5\n  time_safety_margin: 4           # (default is 2)\n\
             #  memory: 1024                   # MiB\n  memory: 512\n\
             validator_flags: 'float_tolerance 1E-6'\nkeywords: \"a # b\"\n",
        )
        .unwrap();
        assert_eq!(scalar_at(&yaml, &["validation"]).unwrap(), "custom");
        assert_eq!(scalar_at(&yaml, &["source"]).unwrap(), "Kattis");
        assert_eq!(scalar_at(&yaml, &["limits", "memory"]).unwrap(), "512");
        assert_eq!(
            scalar_at(&yaml, &["limits", "time_safety_margin"]).unwrap(),
            "4"
        );
        assert_eq!(
            scalar_at(&yaml, &["validator_flags"]).unwrap(),
            "float_tolerance 1E-6"
        );
        assert_eq!(scalar_at(&yaml, &["keywords"]).unwrap(), "a # b");
    }

    #[test]
    fn a_flow_mapping_on_one_line_is_read_and_a_nested_one_is_not() {
        let yaml =
            parse("limits: {memory: 512, time_limit: '2.5'}\ntype: {a: [b]}\nname: {}\n").unwrap();
        assert_eq!(scalar_at(&yaml, &["limits", "memory"]).unwrap(), "512");
        assert_eq!(scalar_at(&yaml, &["limits", "time_limit"]).unwrap(), "2.5");
        assert_eq!(yaml.get("type"), Some(&Yaml::Other));
        assert_eq!(yaml.get("name"), Some(&Yaml::Map(Vec::new())));
    }

    #[test]
    fn a_2023_07_problem_yaml_is_read_with_lists_and_maps_under_it() {
        let yaml = parse(
            "problem_format_version: 2023-07-draft\nuuid: 5ca6ba5b\ntype: [pass-fail, scoring]\n\
             name:\n  en: Guess the Number\n  sv: Gissa talet\ncredits:\n  authors:\n\
             - Ann <a@b.c>\n  - name: Bo\n    email: b@c.d\nlimits:\n  time_limit: 2.5\n\
             \x20 time_multipliers:\n    time_limit_to_tle: 4\n  memory: 2048\n\
             statement: |\n  Long text: with colons\n    and more\nkeywords:\n- a\n- b\n",
        );
        // `- Ann` at the indentation of `authors:`'s own key is not under it:
        // that is an error, not a silent misreading.
        assert!(yaml.is_err());
        let yaml = parse(
            "problem_format_version: 2023-07-draft\ntype: [pass-fail, scoring]\n\
             name:\n  en: Guess the Number\ncredits:\n  authors:\n  - Ann <a@b.c>\n\
             \x20 - name: Bo\n    email: b@c.d\nlimits:\n  time_limit: 2.5\n\
             \x20 time_multipliers:\n    time_limit_to_tle: 4\n  memory: 2048\n\
             statement: |\n  Long text: with colons\n    and more\nkeywords:\n- a\n- b\n",
        )
        .unwrap();
        assert_eq!(
            yaml.get("type"),
            Some(&Yaml::List(vec![
                Yaml::Scalar("pass-fail".into()),
                Yaml::Scalar("scoring".into())
            ]))
        );
        assert_eq!(scalar_at(&yaml, &["limits", "time_limit"]).unwrap(), "2.5");
        assert_eq!(scalar_at(&yaml, &["limits", "memory"]).unwrap(), "2048");
        assert_eq!(
            scalar_at(&yaml, &["name", "en"]).unwrap(),
            "Guess the Number"
        );
        assert_eq!(yaml.get("statement"), Some(&Yaml::Other));
        let authors = yaml.get("credits").unwrap().get("authors").unwrap();
        let Yaml::List(authors) = authors else {
            panic!("{authors:?}")
        };
        assert_eq!(authors[0], Yaml::Scalar("Ann <a@b.c>".into()));
        assert_eq!(scalar_at(&authors[1], &["email"]).unwrap(), "b@c.d");
        assert_eq!(
            yaml.get("keywords"),
            Some(&Yaml::List(vec![
                Yaml::Scalar("a".into()),
                Yaml::Scalar("b".into())
            ]))
        );
    }

    #[test]
    fn what_cannot_be_read_is_an_error_with_its_line() {
        for (text, line) in [
            ("a: 1\n  b: 2\n", "line 2"),
            ("a: 1\nnot a key\n", "line 2"),
            ("a:\n\tb: 1\n", "line 2"),
            ("a: \"open\n", "line 1"),
        ] {
            let error = parse(text).unwrap_err().to_string();
            assert!(error.starts_with(line), "{text:?}: {error}");
        }
        assert_eq!(parse("").unwrap(), Yaml::Map(Vec::new()));
        assert_eq!(parse("# only\n---\n").unwrap(), Yaml::Map(Vec::new()));
        let yaml = parse("a:\nb: ~\nc: 'it''s'\nd: \"x\\\"y\"\n").unwrap();
        assert_eq!(yaml.get("a").unwrap().text(), None);
        assert_eq!(yaml.get("b").unwrap().text(), None);
        assert_eq!(yaml.get("c").unwrap().text(), Some("it's"));
        assert_eq!(yaml.get("d").unwrap().text(), Some("x\"y"));
    }
}
