//! Plain scalars resolved as the two YAMLs the judges read resolve
//! them: PyYAML's YAML 1.1 rules (problemtools, BAPCtools) and YAML
//! 1.2's core schema (the format's own, DOMjudge's Symfony YAML), and a
//! tagged scalar as PyYAML's SafeLoader constructs it.

use super::Scalar;

/// A scalar with a standard tag, as PyYAML's SafeLoader constructs it.
pub(super) fn tagged(text: &str, tag: &str) -> Option<Scalar> {
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
