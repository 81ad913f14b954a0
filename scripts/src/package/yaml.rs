//! `problem.yaml`, `testdata.yaml` and `test_group.yaml`, read as the
//! judges read them: the document's structure by a real YAML parser
//! (yaml-rust2's event parser, driven here without recursion, so that no
//! depth of nesting can overflow the stack), and each plain scalar
//! resolved by PyYAML's YAML 1.1 rules, which problemtools
//! (`metadata.py`, `yaml.safe_load`) and BAPCtools read these files with.
//!
//! What PyYAML's `safe_load` does and this does too: anchors and aliases,
//! merge keys (`<<`, the mapping's own keys first), flow collections over
//! several lines, `!!str` and the other standard tags. What PyYAML
//! refuses is refused: a second document, an unknown tag, a list or a
//! mapping as a key. Where PyYAML reads something a way other readers do
//! not, it is refused with its line, never silently read one way: a key
//! written twice (PyYAML keeps the last, DOMjudge's Symfony YAML refuses
//! it), and a value the judge reads whose YAML 1.1 reading (PyYAML) and
//! YAML 1.2 reading (the format's own schema, Symfony YAML) differ:
//! `yes`, `on`, `1_000`, `0777`, `1:30`, `1e6` (see [`Node::scalar`]).
//!
//! Where yaml-rust2 (YAML 1.2) would read the text otherwise than PyYAML
//! (YAML 1.1), the file is refused with the line, never read differently
//! (see [`unlike_pyyaml`]): U+0085, U+2028 and U+2029, line breaks to
//! YAML 1.1 and characters to 1.2; a character PyYAML's reader refuses; a
//! `%YAML` directive other than 1.x; a plain `=` or `<<` where a value goes
//! (PyYAML's `value` and `merge` tags, which it cannot construct there);
//! a second `<<` in one mapping (PyYAML merges the later over the earlier,
//! which the merge key's own page, yaml.org/type/merge.html, does not
//! define: it is one key, with a list to merge several). A document that
//! is null (empty, `---`, `~`) is an empty mapping, as problemtools takes
//! it (metadata.py, `load_metadata`: `if data is None: data = {}`).

use crate::error::Error;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, Scanner, TScalarStyle, TokenType};

mod resolve;

use resolve::tagged;
pub use resolve::{yaml_1_1, yaml_1_2};

/// Deeper than this, a file is refused: no problem.yaml nests past a
/// handful of levels.
const MAX_DEPTH: usize = 64;
/// More values than this (aliases expanded), a file is refused: a few
/// aliases of aliases would otherwise make billions.
const MAX_NODES: usize = 100_000;

/// A value and the line it starts on (from 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub line: usize,
    pub value: Value,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A scalar's text as the document gives it (quotes and escapes
    /// undone), whether it was plain (unquoted, so resolved by its form),
    /// and its standard tag's name (`str`, `int`), if it has one.
    Scalar {
        text: String,
        plain: bool,
        tag: Option<String>,
    },
    /// Keys in the document's order; a key is a scalar's text.
    Map(Vec<(String, Node)>),
    List(Vec<Node>),
}

/// A scalar as a reader of YAML sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar {
    Null,
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(String),
    /// A date or time (`2024-01-31`), which no key the judge reads takes.
    Timestamp(String),
}

impl Scalar {
    /// How a reader would name the value in an error.
    fn described(&self) -> String {
        match self {
            Scalar::Null => "null".to_string(),
            Scalar::Bool(value) => format!("the boolean {value}"),
            Scalar::Int(value) => format!("the integer {value}"),
            Scalar::Float(value) => format!("the number {value}"),
            Scalar::Str(text) => format!("the string `{text}`"),
            Scalar::Timestamp(text) => format!("the date {text}"),
        }
    }
}

impl Node {
    /// The value at `key` of a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Map(entries) => entries
                .iter()
                .find(|(name, _)| name == key)
                .map(|(_, value)| value),
            _ => None,
        }
    }

    /// The node as a scalar, resolved as PyYAML resolves it; an error
    /// with the line when it is a list or a mapping, or when YAML 1.1 and
    /// YAML 1.2 read it differently (`what` names it in the error).
    pub fn scalar(&self, what: &str) -> Result<Scalar, Error> {
        let Value::Scalar { text, plain, tag } = &self.value else {
            return Err(self.error(format!(
                "{what} is a {}, where a single value goes",
                self.kind()
            )));
        };
        if let Some(tag) = tag {
            return tagged(text, tag)
                .ok_or_else(|| self.error(format!("{what} is `{text}`, which is no !!{tag}")));
        }
        if !plain {
            return Ok(Scalar::Str(text.clone()));
        }
        let old = yaml_1_1(text);
        let new = yaml_1_2(text);
        let same = match (&old, &new) {
            (Scalar::Int(a), Scalar::Float(b)) | (Scalar::Float(b), Scalar::Int(a)) => {
                *a as f64 == *b
            }
            (Scalar::Float(a), Scalar::Float(b)) => a == b || (a.is_nan() && b.is_nan()),
            (Scalar::Timestamp(_), Scalar::Str(_)) => true,
            (a, b) => a == b,
        };
        if !same {
            return Err(self.error(format!(
                "{what} is `{text}`, which YAML 1.1 (PyYAML, as problemtools reads it) takes \
                 for {} and YAML 1.2 for {}: quote it, or write it as both read alike",
                old.described(),
                new.described()
            )));
        }
        Ok(old)
    }

    /// The node as text, as PyYAML gives it to a judge that wants text:
    /// a string, or a number as written (`1e-6` is text to YAML 1.1 and a
    /// number to 1.2: the same text either way); None for null. An error
    /// for a boolean (`yes` too), a date, a list or a mapping.
    pub fn text(&self, what: &str) -> Result<Option<String>, Error> {
        let Value::Scalar { text, plain, tag } = &self.value else {
            return Err(self.error(format!("{what} is a {}, where text goes", self.kind())));
        };
        let read = match tag {
            Some(_) => self.scalar(what)?,
            None if !plain => return Ok(Some(text.clone())),
            None => yaml_1_1(text),
        };
        match read {
            Scalar::Null => Ok(None),
            Scalar::Str(_) | Scalar::Int(_) | Scalar::Float(_) => Ok(Some(text.clone())),
            other => Err(self.error(format!(
                "{what} is `{text}`, {} to YAML 1.1 (PyYAML, as problemtools reads it), where \
                 text goes: quote it",
                other.described()
            ))),
        }
    }

    /// "a mapping", "a list", "a value".
    pub fn kind(&self) -> &'static str {
        match self.value {
            Value::Map(_) => "mapping",
            Value::List(_) => "list",
            Value::Scalar { .. } => "value",
        }
    }

    /// An error about this node, with its line.
    pub fn error(&self, message: String) -> Error {
        Error::new(format!("line {}: {message}", self.line))
    }
}

enum Kind {
    List,
    Map,
}

/// A collection being read, and where its values go.
enum Open {
    Map {
        line: usize,
        anchor: usize,
        entries: Vec<(String, Node)>,
        /// The mappings merged in by `<<`, in order.
        merged: Vec<Node>,
        key: Option<(String, usize)>,
        merging: bool,
        /// The line of the mapping's `<<`, once it has one.
        merge_line: Option<usize>,
    },
    List {
        line: usize,
        anchor: usize,
        items: Vec<Node>,
    },
}

/// What in `text` PyYAML reads otherwise than yaml-rust2, or refuses
/// where yaml-rust2 reads it: an error with its line. PyYAML's reader
/// (`reader.py`, `NON_PRINTABLE`) takes tab, LF, CR, U+0020 to U+007E,
/// U+0085, U+00A0 to U+D7FF, U+E000 to U+FFFD and the planes above; its
/// scanner takes U+0085, U+2028 and U+2029 for line breaks (`scan_line_break`),
/// where YAML 1.2 has them as characters, so a key after one is a key to
/// PyYAML and part of the text before it to yaml-rust2. Its parser
/// refuses a `%YAML` directive whose major version is not 1
/// (`parser.py`, `process_directives`).
fn unlike_pyyaml(text: &str) -> Result<(), Error> {
    let mut line = 1;
    for c in text.chars() {
        let printable = matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{a0}'..='\u{d7ff}')
            || matches!(c, '\u{e000}'..='\u{fffd}' | '\u{10000}'..);
        let said = match c {
            '\n' => {
                line += 1;
                continue;
            }
            '\u{85}' | '\u{2028}' | '\u{2029}' => format!(
                "U+{:04X}, a line break to YAML 1.1 (PyYAML, as problemtools reads it) and a \
                 character to YAML 1.2: write a line break (LF), or the escape \\u{:04x} in \
                 double quotes",
                c as u32, c as u32
            ),
            _ if printable => continue,
            _ => format!(
                "U+{:04X}, a character PyYAML refuses (only printable ones are read): write \
                 it as the escape \\u{:04x} in double quotes",
                c as u32, c as u32
            ),
        };
        return Err(Error::new(format!("line {line}: {said}")));
    }
    for token in Scanner::new(text.chars()) {
        if let TokenType::VersionDirective(major, minor) = token.1 {
            if major != 1 {
                return Err(Error::new(format!(
                    "line {}: %YAML {major}.{minor}, which PyYAML refuses (it reads YAML 1.x \
                     documents only)",
                    token.0.line()
                )));
            }
        }
    }
    Ok(())
}

/// An error when `node`, in a value's place (a mapping's value, a list's
/// item, the document), is a plain `=` or `<<`: PyYAML resolves them to
/// its `value` and `merge` tags, which it has no constructor for there
/// (ConstructorError), where YAML 1.2 reads text.
fn plain_value(node: &Node) -> Result<(), Error> {
    match &node.value {
        Value::Scalar {
            text,
            plain: true,
            tag: None,
        } if text == "=" || text == "<<" => Err(node.error(format!(
            "a plain `{text}` as a value, which PyYAML refuses (its `{}` tag) and YAML 1.2 \
             reads as text: quote it",
            if text == "=" { "value" } else { "merge" }
        ))),
        _ => Ok(()),
    }
}

/// Reads one YAML document; an empty one is an empty mapping. Errors name
/// their line.
pub fn parse(text: &str) -> Result<Node, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    unlike_pyyaml(text)?;
    let mut parser = Parser::new_from_str(text);
    let mut stack: Vec<Open> = Vec::new();
    let mut anchors: Vec<(usize, Node)> = Vec::new();
    let mut documents = 0;
    let mut root: Option<Node> = None;
    let mut nodes = 0usize;
    let at = |mark: &Marker, message: &str| Error::new(format!("line {}: {message}", mark.line()));
    loop {
        let (event, mark) = parser.next_token().map_err(|error| {
            Error::new(format!("line {}: {}", error.marker().line(), error.info()))
        })?;
        let line = mark.line();
        let event_kind = match event {
            Event::SequenceStart(..) => Kind::List,
            _ => Kind::Map,
        };
        let done = match event {
            Event::StreamEnd => break,
            Event::DocumentStart => {
                documents += 1;
                None
            }
            // The second document's first value names its line.
            _ if documents > 1 => {
                return Err(at(
                    &mark,
                    "a second YAML document, where the judges read one (PyYAML's safe_load \
                     refuses it)",
                ))
            }
            Event::StreamStart | Event::DocumentEnd | Event::Nothing => None,
            Event::Alias(id) => {
                let found = anchors
                    .iter()
                    .rev()
                    .find(|(anchor, _)| *anchor == id)
                    .map(|(_, node)| node.clone())
                    .ok_or_else(|| at(&mark, "an alias of no anchor"))?;
                nodes += count(&found);
                Some((found, 0))
            }
            Event::Scalar(text, style, anchor, tag) => {
                let tag = match tag {
                    None => None,
                    Some(tag) if tag.handle == "!" && tag.suffix.is_empty() => {
                        // `! text`: a string, as PyYAML reads the non-specific tag.
                        Some("str".to_string())
                    }
                    Some(tag)
                        if tag.handle == "tag:yaml.org,2002:"
                            && ["str", "int", "float", "bool", "null"]
                                .contains(&tag.suffix.as_str()) =>
                    {
                        Some(tag.suffix)
                    }
                    Some(tag) => {
                        return Err(at(
                            &mark,
                            &format!(
                                "the tag {}{} is not one the judges read",
                                tag.handle, tag.suffix
                            ),
                        ))
                    }
                };
                nodes += 1;
                let node = Node {
                    line,
                    value: Value::Scalar {
                        text,
                        plain: style == TScalarStyle::Plain,
                        tag,
                    },
                };
                Some((node, anchor))
            }
            Event::SequenceStart(anchor, tag) | Event::MappingStart(anchor, tag) => {
                let list = matches!(event_kind, Kind::List);
                if let Some(tag) = tag {
                    let standard = tag.handle == "tag:yaml.org,2002:"
                        && tag.suffix == if list { "seq" } else { "map" };
                    if !standard {
                        return Err(at(
                            &mark,
                            &format!(
                                "the tag {}{} is not one the judges read",
                                tag.handle, tag.suffix
                            ),
                        ));
                    }
                }
                if stack.len() >= MAX_DEPTH {
                    return Err(at(&mark, &format!("nested deeper than {MAX_DEPTH} levels")));
                }
                nodes += 1;
                stack.push(if list {
                    Open::List {
                        line,
                        anchor,
                        items: Vec::new(),
                    }
                } else {
                    Open::Map {
                        line,
                        anchor,
                        entries: Vec::new(),
                        merged: Vec::new(),
                        key: None,
                        merging: false,
                        merge_line: None,
                    }
                });
                None
            }
            Event::SequenceEnd => match stack.pop() {
                Some(Open::List {
                    line,
                    anchor,
                    items,
                }) => Some((
                    Node {
                        line,
                        value: Value::List(items),
                    },
                    anchor,
                )),
                _ => return Err(at(&mark, "a list ends where none began")),
            },
            Event::MappingEnd => match stack.pop() {
                Some(Open::Map {
                    line,
                    anchor,
                    mut entries,
                    merged,
                    ..
                }) => {
                    // The mapping's own keys first, then each merged
                    // mapping's in order, as PyYAML's flatten_mapping.
                    for source in merged {
                        let Value::Map(more) = source.value else {
                            return Err(source
                                .error("`<<` merges a value that is not a mapping".to_string()));
                        };
                        for (key, value) in more {
                            if !entries.iter().any(|(name, _)| *name == key) {
                                entries.push((key, value));
                            }
                        }
                    }
                    Some((
                        Node {
                            line,
                            value: Value::Map(entries),
                        },
                        anchor,
                    ))
                }
                _ => return Err(at(&mark, "a mapping ends where none began")),
            },
        };
        if nodes > MAX_NODES {
            return Err(at(
                &mark,
                &format!("more than {MAX_NODES} values, aliases counted"),
            ));
        }
        let Some((node, anchor)) = done else {
            continue;
        };
        if anchor != 0 {
            anchors.push((anchor, node.clone()));
        }
        match stack.last_mut() {
            None => {
                plain_value(&node)?;
                root = Some(node);
            }
            Some(Open::List { items, .. }) => {
                plain_value(&node)?;
                items.push(node);
            }
            Some(Open::Map {
                entries,
                merged,
                key,
                merging,
                merge_line,
                ..
            }) => match key.take() {
                None => {
                    let line = node.line;
                    let Value::Scalar { text, plain, .. } = node.value else {
                        return Err(node.error(format!(
                            "a {} as a key, which the judges do not read",
                            node.kind()
                        )));
                    };
                    *merging = plain && text == "<<";
                    if *merging {
                        if let Some(first) = merge_line.replace(line) {
                            return Err(Error::new(format!(
                                "line {line}: a second `<<` in one mapping (the first on line \
                                 {first}), which PyYAML merges the later over the earlier and \
                                 YAML's merge key does not define: write one, `<<: [*a, *b]`, \
                                 the first in the list winning"
                            )));
                        }
                    }
                    if !*merging && entries.iter().any(|(name, _)| *name == text) {
                        return Err(Error::new(format!(
                            "line {line}: the key `{text}` is written twice (PyYAML keeps the \
                             last, DOMjudge refuses the file)"
                        )));
                    }
                    *key = Some((text, line));
                }
                Some((name, _)) if *merging => {
                    *merging = false;
                    match node.value {
                        Value::List(sources) => merged.extend(sources),
                        _ => merged.push(node),
                    }
                    let _ = name;
                }
                Some((name, _)) => {
                    plain_value(&node)?;
                    entries.push((name, node));
                }
            },
        }
    }
    // Null (`---`, `~`, nothing) is no mapping, and problemtools reads it
    // as an empty one.
    match root {
        Some(node) if node.scalar("the document").ok() != Some(Scalar::Null) => Ok(node),
        _ => Ok(Node {
            line: 1,
            value: Value::Map(Vec::new()),
        }),
    }
}

/// How many values a node holds, itself included.
fn count(node: &Node) -> usize {
    let mut total = 0;
    let mut pending = vec![node];
    while let Some(node) = pending.pop() {
        total += 1;
        match &node.value {
            Value::Map(entries) => pending.extend(entries.iter().map(|(_, value)| value)),
            Value::List(items) => pending.extend(items),
            Value::Scalar { .. } => {}
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at<'a>(node: &'a Node, path: &[&str]) -> &'a Node {
        path.iter().fold(node, |node, key| {
            node.get(key).unwrap_or_else(|| panic!("{key}"))
        })
    }

    fn scalar_at(text: &str, path: &[&str]) -> Scalar {
        let node = parse(text).unwrap();
        at(&node, path).scalar("it").unwrap()
    }

    // The expected values below are PyYAML 6.0.3's `yaml.safe_load` of
    // the same texts.
    #[test]
    fn what_pyyaml_reads_is_read_alike() {
        let limits = [
            ("limits: {memory: 512,\n  time_limit: 2}\n", 512),
            (
                "limits: {memory: 512, time_multipliers: {ac_to_time_limit: 2}}\n",
                512,
            ),
            (
                "{\"limits\": {\"memory\": 512, \"time_limit\": 1.5}}\n",
                512,
            ),
            ("base: &b {memory: 512}\nlimits: *b\n", 512),
            (
                "base: &b {memory: 512, output: 4}\nlimits:\n  <<: *b\n  output: 16\n",
                512,
            ),
            ("name:\n  Hello\nlimits:\n  memory:\n    512\n", 512),
            ("name: 'Bob''s #1'\nlimits: {memory: 512}\n", 512),
        ];
        for (text, memory) in limits {
            assert_eq!(
                scalar_at(text, &["limits", "memory"]),
                Scalar::Int(memory),
                "{text}"
            );
        }
        let merged =
            parse("base: &b {memory: 768, output: 4}\nlimits:\n  <<: *b\n  output: 16\n").unwrap();
        assert_eq!(
            at(&merged, &["limits", "output"]).scalar("it").unwrap(),
            Scalar::Int(16)
        );
        assert_eq!(
            scalar_at("name: 'Bob''s #1'\n", &["name"]),
            Scalar::Str("Bob's #1".into())
        );
        assert_eq!(
            scalar_at(
                "{\"limits\": {\"time_limit\": 1.5}}",
                &["limits", "time_limit"]
            ),
            Scalar::Float(1.5)
        );
        let types = parse("type: [pass-fail,\n interactive]\n").unwrap();
        let Value::List(items) = &at(&types, &["type"]).value else {
            panic!("{types:?}")
        };
        assert_eq!(items.len(), 2);
        assert_eq!(
            items[1].scalar("it").unwrap(),
            Scalar::Str("interactive".into())
        );
        assert_eq!(
            scalar_at(
                "problem_format_version: 2023-07-draft\n",
                &["problem_format_version"]
            ),
            Scalar::Str("2023-07-draft".into())
        );
        assert_eq!(
            scalar_at("v: 2025-09\n", &["v"]),
            Scalar::Str("2025-09".into())
        );
        assert_eq!(scalar_at("v: ~\n", &["v"]), Scalar::Null);
        assert_eq!(scalar_at("v: !!str 5\n", &["v"]), Scalar::Str("5".into()));
        assert_eq!(
            scalar_at("v: '1_000'\n", &["v"]),
            Scalar::Str("1_000".into())
        );
        assert_eq!(scalar_at("v: -2.5e+3\n", &["v"]), Scalar::Float(-2500.0));
        // Text where text goes, whichever YAML reads it as a number.
        let flags = parse("a: [float_tolerance, 1e-6, 0777]\n").unwrap();
        let Value::List(flags) = &flags.get("a").unwrap().value else {
            panic!("{flags:?}")
        };
        let texts: Vec<String> = flags
            .iter()
            .map(|flag| flag.text("a flag").unwrap().unwrap())
            .collect();
        assert_eq!(texts, ["float_tolerance", "1e-6", "0777"]);
        let error = parse("a: on\n")
            .unwrap()
            .get("a")
            .unwrap()
            .text("a")
            .unwrap_err();
        assert!(error
            .to_string()
            .starts_with("line 1: a is `on`, the boolean true"));
        // PyYAML: None for each; problemtools reads None as {}.
        for null in [
            "",
            "# only\n",
            "# only\n---\n",
            "---\n",
            "~\n",
            "--- ~\n",
            "null\n",
        ] {
            assert_eq!(
                parse(null).unwrap().value,
                Value::Map(Vec::new()),
                "{null:?}"
            );
        }
        // A string is no null: the file is then a value, not a mapping.
        assert_eq!(parse("!!str ~\n").unwrap().kind(), "value");
        // PyYAML 6.0.3: {'limits': {'memory': 100}} with a `<<` list, the
        // first item winning; `=` as a key is the string '='.
        let merged = parse("a: &a {memory: 100}\nb: &b {memory: 200}\nlimits:\n  <<: [*a, *b]\n");
        let merged = merged.unwrap();
        assert_eq!(
            scalar_at_node(&merged, &["limits", "memory"]),
            Scalar::Int(100)
        );
        assert_eq!(scalar_at("=: 1\nv: '='\n", &["="]), Scalar::Int(1));
        assert_eq!(scalar_at("v: '='\n", &["v"]), Scalar::Str("=".into()));
        // %YAML 1.x is read (as PyYAML reads it, by YAML 1.1's rules).
        assert_eq!(scalar_at("%YAML 1.2\n---\nv: 1\n", &["v"]), Scalar::Int(1));
        // The escape of U+2028 in double quotes is a character to both.
        assert_eq!(
            scalar_at("v: \"a\\u2028b\"\n", &["v"]),
            Scalar::Str("a\u{2028}b".into())
        );
    }

    fn scalar_at_node(node: &Node, path: &[&str]) -> Scalar {
        at(node, path).scalar("it").unwrap()
    }

    /// Each text, PyYAML 6.0.3's `safe_load` of it, and the error here:
    /// read alike by both YAMLs, or refused with its line.
    #[test]
    fn what_yaml_1_2_reads_otherwise_than_pyyaml_is_refused_with_its_line() {
        for (text, line, said) in [
            // PyYAML: limits.memory 200 (the later `<<` first).
            (
                "a: &a {memory: 100}\nb: &b {memory: 200}\nlimits:\n  <<: *a\n  <<: *b\n",
                "line 5",
                "a second `<<` in one mapping (the first on line 4)",
            ),
            // PyYAML: {'limits': {'memory': 100}}, the breaks ending lines.
            (
                "limits:\u{85}  memory: 100\n",
                "line 1",
                "U+0085, a line break to YAML 1.1",
            ),
            (
                "limits:\u{2028}  memory: 100\n",
                "line 1",
                "U+2028, a line break",
            ),
            (
                "a: 1\nlimits:\u{2029}  memory: 100\n",
                "line 2",
                "U+2029, a line break",
            ),
            // PyYAML: ScannerError (the break ends the plain value).
            (
                "name: a\u{2029}b\nlimits: {memory: 100}\n",
                "line 1",
                "U+2029",
            ),
            ("name: a\u{85}b\n", "line 1", "U+0085"),
            // PyYAML: even in a comment, where YAML 1.2 ends the comment
            // at the LF alone.
            ("# a\u{2028}limits: {memory: 5}\n", "line 1", "U+2028"),
            // PyYAML: ReaderError, special characters are not allowed.
            (
                "name: a\u{1}b\n",
                "line 1",
                "U+0001, a character PyYAML refuses",
            ),
            ("a: 1\n\nname: \u{fffe}\n", "line 3", "U+FFFE"),
            // PyYAML: ConstructorError, tag:yaml.org,2002:value.
            (
                "name: =\nlimits: {memory: 100}\n",
                "line 1",
                "a plain `=` as a value",
            ),
            ("a:\n- x\n- =\n", "line 3", "a plain `=` as a value"),
            ("=\n", "line 1", "a plain `=` as a value"),
            // PyYAML: ConstructorError, tag:yaml.org,2002:merge.
            ("a: <<\n", "line 1", "a plain `<<` as a value"),
            // PyYAML: ParserError, found incompatible YAML document.
            (
                "%YAML 2.0\n---\nlimits: {memory: 100}\n",
                "line 1",
                "%YAML 2.0, which PyYAML refuses",
            ),
        ] {
            let error = parse(text).unwrap_err().to_string();
            assert!(
                error.starts_with(&format!("{line}: ")) && error.contains(said),
                "{text:?}: {error}"
            );
        }
    }

    #[test]
    fn yaml_1_1_and_1_2_readings_that_differ_are_refused_with_the_line() {
        // PyYAML: True, 1024, 511, 90, '1e1', '0o17'; YAML 1.2 otherwise.
        for text in [
            "yes", "On", "1_024", "0777", "1:30", "1e1", "0o17", "0b11", "+.5",
        ] {
            let node = parse(&format!("a: 1\nv: {text}\n")).unwrap();
            let error = node.get("v").unwrap().scalar("v").unwrap_err().to_string();
            assert!(error.starts_with("line 2: v is "), "{text}: {error}");
            assert!(error.contains("YAML 1.1 (PyYAML"), "{error}");
        }
        assert_eq!(yaml_1_1("1_024"), Scalar::Int(1024));
        assert_eq!(yaml_1_1("0777"), Scalar::Int(511));
        assert_eq!(yaml_1_1("1:30"), Scalar::Int(90));
        assert_eq!(yaml_1_1("1e1"), Scalar::Str("1e1".into()));
        assert_eq!(yaml_1_2("1e1"), Scalar::Float(10.0));
        assert_eq!(yaml_1_1("off"), Scalar::Bool(false));
        // Quoted, they are strings to both.
        assert_eq!(scalar_at("v: 'yes'\n", &["v"]), Scalar::Str("yes".into()));
        // Read alike: no error.
        for (text, value) in [
            ("1024", Scalar::Int(1024)),
            ("2.5", Scalar::Float(2.5)),
            ("true", Scalar::Bool(true)),
            ("-7", Scalar::Int(-7)),
            ("0x1F", Scalar::Int(31)),
            ("1.", Scalar::Float(1.0)),
        ] {
            assert_eq!(scalar_at(&format!("v: {text}\n"), &["v"]), value, "{text}");
        }
    }

    #[test]
    fn what_pyyaml_refuses_or_reads_otherwise_than_other_judges_is_an_error_with_its_line() {
        for (text, line, said) in [
            (
                "limits: {memory: 1}\n---\nlimits: {memory: 2}\n",
                "line 3",
                "second YAML document",
            ),
            (
                "limits:\n  memory: 1\n  memory: 2\n",
                "line 3",
                "`memory` is written twice",
            ),
            ("a: !custom 1\n", "line 1", "tag"),
            ("[a]: 1\n", "line 1", "as a key"),
            ("a: *nothing\n", "line 1", ""),
            ("a: 1\n  b: 2\n", "line 2", ""),
            ("a: \"open\n", "line 1", ""),
            ("a:\n\tb: 1\n", "line 2", ""),
        ] {
            let error = parse(text).unwrap_err().to_string();
            assert!(
                error.starts_with(line) && error.contains(said),
                "{text:?}: {error}"
            );
        }
    }

    #[test]
    fn no_depth_or_alias_bomb_overflows_or_hangs() {
        // 12 KB of `- `: PyYAML dies of RecursionError; here one line.
        let deep = format!("{}x\n", "- ".repeat(6000));
        let error = parse(&deep).unwrap_err().to_string();
        assert!(error.contains("nested deeper than 64 levels"), "{error}");
        let flow = format!("a: {}{}\n", "[".repeat(6000), "]".repeat(6000));
        assert!(parse(&flow).is_err());
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for level in 1..12 {
            let previous = format!("*a{}", level - 1);
            bomb.push_str(&format!(
                "a{level}: &a{level} [{}]\n",
                [previous.as_str(); 10].join(", ")
            ));
        }
        let error = parse(&bomb).unwrap_err().to_string();
        assert!(error.contains("more than 100000 values"), "{error}");
    }
}
