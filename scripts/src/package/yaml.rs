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

use crate::error::Error;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

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

/// A scalar with a standard tag, as PyYAML's SafeLoader constructs it.
fn tagged(text: &str, tag: &str) -> Option<Scalar> {
    let resolved = yaml_1_1(text);
    match (tag, resolved) {
        ("str", _) => Some(Scalar::Str(text.to_string())),
        ("null", Scalar::Null) => Some(Scalar::Null),
        ("bool", value @ Scalar::Bool(_)) => Some(value),
        ("int", value @ Scalar::Int(_)) => Some(value),
        ("float", Scalar::Int(value)) => Some(Scalar::Float(value as f64)),
        ("float", value @ Scalar::Float(_)) => Some(value),
        _ => None,
    }
}

/// A plain scalar as PyYAML reads it: the implicit resolvers of
/// `yaml/resolver.py` (YAML 1.1: `yes`/`on` booleans, `0777` octal,
/// `1_000`, sexagesimal `1:30`; a float needs a dot, so `1e6` is text)
/// and the constructors of `yaml/constructor.py`.
pub fn yaml_1_1(text: &str) -> Scalar {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Scalar::Null,
        "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            return Scalar::Bool(true)
        }
        "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return Scalar::Bool(false)
        }
        _ => {}
    }
    let (negative, unsigned) = match text.as_bytes()[0] {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let sign = |value: f64| if negative { -value } else { value };
    let digits = |text: &str, radix: u32| -> Option<i128> {
        let cleaned: String = text.chars().filter(|&c| c != '_').collect();
        if cleaned.is_empty() {
            return None;
        }
        i128::from_str_radix(&cleaned, radix).ok()
    };
    let int = |value: i128| Scalar::Int(if negative { -value } else { value });
    let only = |text: &str, allowed: fn(char) -> bool| {
        !text.is_empty() && text.chars().all(|c| allowed(c) || c == '_')
    };
    // Floats: [0-9][0-9_]*\.[0-9_]*([eE][-+][0-9]+)?, \.[0-9_]+(...)?
    // (unsigned), sexagesimal with a dot, .inf, .nan.
    if matches!(unsigned, ".inf" | ".Inf" | ".INF") {
        return Scalar::Float(sign(f64::INFINITY));
    }
    if matches!(text, ".nan" | ".NaN" | ".NAN") {
        return Scalar::Float(f64::NAN);
    }
    if let Some(dot) = unsigned.find('.') {
        let (whole, rest) = (&unsigned[..dot], &unsigned[dot + 1..]);
        let (fraction, exponent) = match rest.find(['e', 'E']) {
            Some(at) => (&rest[..at], Some(&rest[at + 1..])),
            None => (rest, None),
        };
        let exponent_ok = exponent.map_or(true, |exponent| {
            exponent.len() > 1
                && exponent.starts_with(['-', '+'])
                && exponent[1..].chars().all(|c| c.is_ascii_digit())
        });
        let whole_ok = if whole.is_empty() {
            !negative && text.starts_with('.') && !fraction.is_empty()
        } else {
            whole.starts_with(|c: char| c.is_ascii_digit())
                && only(whole, |c| c.is_ascii_digit() || c == ':')
        };
        if whole_ok && exponent_ok && fraction.chars().all(|c| c.is_ascii_digit() || c == '_') {
            if whole.contains(':') {
                if let Some(value) = sexagesimal(whole) {
                    let fraction: String = fraction.chars().filter(|&c| c != '_').collect();
                    let fraction: f64 = format!("0.{fraction}0").parse().unwrap_or(0.0);
                    return Scalar::Float(sign(value as f64 + fraction));
                }
            } else {
                let cleaned: String = unsigned.chars().filter(|&c| c != '_').collect();
                let cleaned = cleaned.replace(['e', 'E'], "e");
                let cleaned = if cleaned.starts_with('.') {
                    format!("0{cleaned}")
                } else {
                    cleaned
                };
                if let Ok(value) = cleaned.parse::<f64>() {
                    return Scalar::Float(sign(value));
                }
            }
        }
        return Scalar::Str(text.to_string());
    }
    // Integers: 0b binary, 0 octal, decimal, 0x hexadecimal, sexagesimal.
    if let Some(binary) = unsigned.strip_prefix("0b") {
        if only(binary, |c| c == '0' || c == '1') {
            if let Some(value) = digits(binary, 2) {
                return int(value);
            }
        }
    } else if let Some(hex) = unsigned.strip_prefix("0x") {
        if only(hex, |c| c.is_ascii_hexdigit()) {
            if let Some(value) = digits(hex, 16) {
                return int(value);
            }
        }
    } else if unsigned == "0" {
        return int(0);
    } else if let Some(octal) = unsigned.strip_prefix('0') {
        if only(octal, |c| ('0'..='7').contains(&c)) {
            // `0_` is 0 to PyYAML.
            return int(digits(octal, 8).unwrap_or(0));
        }
    } else if unsigned.starts_with(|c: char| ('1'..='9').contains(&c)) {
        if only(unsigned, |c| c.is_ascii_digit()) {
            if let Some(value) = digits(unsigned, 10) {
                return int(value);
            }
        } else if let Some(value) = sexagesimal(unsigned) {
            return int(value);
        }
    }
    if is_timestamp(text) {
        return Scalar::Timestamp(text.to_string());
    }
    Scalar::Str(text.to_string())
}

/// `1:30:00`, as YAML 1.1 reads it: [1-9][0-9_]*(:[0-5]?[0-9])+.
fn sexagesimal(text: &str) -> Option<i128> {
    let mut parts = text.split(':');
    let first = parts.next()?;
    if !first.starts_with(|c: char| ('1'..='9').contains(&c))
        || !first.chars().all(|c| c.is_ascii_digit() || c == '_')
    {
        return None;
    }
    let mut value: i128 = first.replace('_', "").parse().ok()?;
    let mut any = false;
    for part in parts {
        let ok = (1..=2).contains(&part.len())
            && part.chars().all(|c| c.is_ascii_digit())
            && (part.len() == 1 || part.as_bytes()[0] <= b'5');
        if !ok {
            return None;
        }
        value = value.checked_mul(60)? + part.parse::<i128>().ok()?;
        any = true;
    }
    any.then_some(value)
}

/// A date, or a date and time, as PyYAML's timestamp resolver matches
/// them: `[0-9]{4}-[0-9]{2}-[0-9]{2}`, or
/// `[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}` then `T`, `t` or blanks and a time
/// `[0-9]{1,2}:[0-9]{2}:[0-9]{2}` with what may follow it.
fn is_timestamp(text: &str) -> bool {
    let digits = |part: &str, low: usize, high: usize| {
        (low..=high).contains(&part.len()) && part.bytes().all(|byte| byte.is_ascii_digit())
    };
    let date = |date: &str, short: bool| {
        let parts: Vec<&str> = date.split('-').collect();
        let (low, high) = if short { (1, 2) } else { (2, 2) };
        parts.len() == 3
            && digits(parts[0], 4, 4)
            && digits(parts[1], low, high)
            && digits(parts[2], low, high)
    };
    if date(text, false) {
        return true;
    }
    let Some(split) = text.find(['T', 't', ' ', '\t']) else {
        return false;
    };
    let time = text[split + 1..].trim_start_matches([' ', '\t']);
    let clock: Vec<&str> = time.splitn(3, ':').collect();
    date(&text[..split], true)
        && clock.len() == 3
        && digits(clock[0], 1, 2)
        && digits(clock[1], 2, 2)
        && clock[2].len() >= 2
        && digits(&clock[2][..2], 2, 2)
}

/// A plain scalar as YAML 1.2's core schema reads it.
pub fn yaml_1_2(text: &str) -> Scalar {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Scalar::Null,
        "true" | "True" | "TRUE" => return Scalar::Bool(true),
        "false" | "False" | "FALSE" => return Scalar::Bool(false),
        _ => {}
    }
    let (negative, unsigned) = match text.as_bytes()[0] {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if !unsigned.is_empty() && unsigned.chars().all(|c| c.is_ascii_digit()) {
        if let Ok(value) = unsigned.parse::<i128>() {
            return Scalar::Int(if negative { -value } else { value });
        }
    }
    if let Some(octal) = text.strip_prefix("0o") {
        if let Ok(value) = i128::from_str_radix(octal, 8) {
            if !octal.starts_with(['+', '-']) {
                return Scalar::Int(value);
            }
        }
    }
    if let Some(hex) = text.strip_prefix("0x") {
        if let Ok(value) = i128::from_str_radix(hex, 16) {
            if !hex.starts_with(['+', '-']) {
                return Scalar::Int(value);
            }
        }
    }
    if matches!(unsigned, ".inf" | ".Inf" | ".INF") {
        return Scalar::Float(if negative {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        });
    }
    if matches!(text, ".nan" | ".NaN" | ".NAN") {
        return Scalar::Float(f64::NAN);
    }
    // [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(at) => (&unsigned[..at], Some(&unsigned[at + 1..])),
        None => (unsigned, None),
    };
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => {
            whole.chars().all(|c| c.is_ascii_digit())
                && fraction.chars().all(|c| c.is_ascii_digit())
                && (!whole.is_empty() || !fraction.is_empty())
        }
        None => !mantissa.is_empty() && mantissa.chars().all(|c| c.is_ascii_digit()),
    };
    let exponent_ok = exponent.map_or(true, |exponent| {
        let digits = exponent.strip_prefix(['-', '+']).unwrap_or(exponent);
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    });
    if mantissa_ok && exponent_ok {
        let normal = if unsigned.starts_with('.') {
            format!("0{unsigned}")
        } else {
            unsigned.to_string()
        };
        if let Ok(value) = normal.parse::<f64>() {
            return Scalar::Float(if negative { -value } else { value });
        }
    }
    Scalar::Str(text.to_string())
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
    },
    List {
        line: usize,
        anchor: usize,
        items: Vec<Node>,
    },
}

/// Reads one YAML document; an empty one is an empty mapping. Errors name
/// their line.
pub fn parse(text: &str) -> Result<Node, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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
            None => root = Some(node),
            Some(Open::List { items, .. }) => items.push(node),
            Some(Open::Map {
                entries,
                merged,
                key,
                merging,
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
                Some((name, _)) => entries.push((name, node)),
            },
        }
    }
    Ok(root.unwrap_or(Node {
        line: 1,
        value: Value::Map(Vec::new()),
    }))
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
        assert_eq!(parse("").unwrap().value, Value::Map(Vec::new()));
        assert_eq!(
            parse("# only\n---\n").unwrap().value,
            Value::Scalar {
                text: String::new(),
                plain: true,
                tag: None
            }
        );
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
