//! A problem as Competitive Companion sends it, turned into a crate: the
//! request's JSON (its README, "The format": name, group, url,
//! interactive, memoryLimit in MB, timeLimit in ms, tests of input and
//! output, input and output of type stdin, file or regex, batch of id and
//! size) read into a [`Plan`], the crate named in the workspace's
//! convention, and made as `cargo new-problem NAME` makes one, or an
//! existing crate's samples compared with those sent.

use super::{check_name, make, title, Plan, Sample};
use crate::error::Error;
use crate::rules::DEFAULT_LIMITS;
use crate::workspace::Workspace;
use serde_json::{Map, Value};
use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;
use std::time::Duration;

/// The largest request taken, in bytes: samples of megabytes pass, a
/// gigabyte is refused before it is read.
pub const MOST_BYTES: u64 = 64 << 20;

/// The longest crate name made (the slug's words stop before it).
const MOST_NAME: usize = 60;

/// A problem as sent: the crate to make and the batch it came in.
#[derive(Debug)]
pub struct Request {
    pub plan: Plan,
    pub batch: Option<Batch>,
}

/// The problems of one click on a contest: all carry the same id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub id: String,
    pub size: u64,
}

/// Reads one request's body; one line on what is wrong with it otherwise.
pub fn parse(body: &[u8]) -> Result<Request, Error> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|error| Error::new(format!("the body is not JSON: {error}")))?;
    read(&value)
}

/// Reads one problem, a JSON object in Competitive Companion's format.
pub fn read(value: &Value) -> Result<Request, Error> {
    let object = value.as_object().ok_or_else(|| {
        Error::new("the JSON is not an object (a problem as Competitive Companion sends it)")
    })?;
    let text = |field: &str| -> Result<&str, Error> {
        match object.get(field) {
            Some(Value::String(text)) => Ok(text),
            Some(_) => Err(Error::new(format!("'{field}' is not a string"))),
            None => Err(missing(field)),
        }
    };
    let problem_name = text("name")?;
    let group = text("group")?;
    let url = text("url")?;
    if url.is_empty() || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(Error::new(format!(
            "'url' is not an address: {:?}",
            shortened(url)
        )));
    }
    let time_ms = limit(object, "timeLimit", 86_400_000.0)?;
    let memory_mib = limit(object, "memoryLimit", f64::from(1u32 << 24))?;
    let interactive = match object.get("interactive") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(interactive)) => *interactive,
        Some(_) => return Err(Error::new("'interactive' is not true or false")),
    };
    let tests = match object.get("tests") {
        Some(Value::Array(tests)) => tests,
        Some(_) => return Err(Error::new("'tests' is not an array")),
        None => return Err(missing("tests")),
    };
    let samples = tests
        .iter()
        .enumerate()
        .map(|(index, test)| {
            let side = |field: &str| match test.get(field) {
                Some(Value::String(text)) => Ok(text.clone().into_bytes()),
                _ => Err(Error::new(format!(
                    "test {} has no string '{field}'",
                    index + 1
                ))),
            };
            Ok(Sample {
                input: side("input")?,
                output: side("output")?,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let io = io_note(object)?;
    let batch = match object.get("batch") {
        None | Some(Value::Null) => None,
        Some(batch) => {
            let id = batch.get("id").and_then(Value::as_str);
            let size = batch.get("size").and_then(Value::as_u64);
            match (id, size) {
                (Some(id), Some(size)) if size > 0 => Some(Batch {
                    id: id.to_string(),
                    size,
                }),
                _ => {
                    return Err(Error::new(
                        "'batch' is not an object of a string 'id' and a 'size' above 0",
                    ))
                }
            }
        }
    };
    let (name, head) = named(problem_name, group, url)?;
    let head = head.to_ascii_uppercase();
    let shown_name = one_line(problem_name);
    Ok(Request {
        plan: Plan {
            title: if shown_name.is_empty() {
                title(&name)
            } else {
                format!("{head} — {shown_name}")
            },
            url: Some(url.to_string()),
            limits: crate::rules::Limits {
                time: Duration::from_millis(time_ms),
                memory: memory_mib << 20,
                ..DEFAULT_LIMITS
            },
            interactive,
            samples,
            io,
            name,
        },
        batch,
    })
}

fn missing(field: &str) -> Error {
    Error::new(format!(
        "the problem has no '{field}' (Competitive Companion's format requires it)"
    ))
}

/// A limit: a number above 0 and at most `most`, rounded up to a whole one.
fn limit(object: &Map<String, Value>, field: &str, most: f64) -> Result<u64, Error> {
    let value = object.get(field).ok_or_else(|| missing(field))?;
    match value.as_f64() {
        Some(number) if number > 0.0 && number <= most => Ok(number.ceil() as u64),
        _ => Err(Error::new(format!(
            "'{field}' is not a number above 0 and at most {most}: {}",
            shortened(&value.to_string())
        ))),
    }
}

/// What the header says when the judge's input or output is a file.
fn io_note(object: &Map<String, Value>) -> Result<String, Error> {
    let mut note = String::new();
    for (field, standard, verb) in [("input", "stdin", "Reads"), ("output", "stdout", "Writes")] {
        let Some(side) = object.get(field) else {
            continue;
        };
        let kind = side.get("type").and_then(Value::as_str);
        let named = |key: &str| {
            side.get(key)
                .and_then(Value::as_str)
                .map(|name| one_line(name).replace('`', "'"))
                .filter(|name| !name.is_empty())
                .ok_or_else(|| Error::new(format!("'{field}' of type file has no '{key}'")))
        };
        let what = match kind {
            Some(kind) if kind == standard => continue,
            Some("file") => format!("the file `{}`", named("fileName")?),
            Some("regex") if field == "input" => {
                format!("the newest file whose name matches `{}`", named("pattern")?)
            }
            _ => {
                return Err(Error::new(format!(
                    "'{field}' is not of a type Competitive Companion sends: {}",
                    shortened(&side.to_string())
                )))
            }
        };
        note += &format!(
            "//! {verb} {what}, not {standard}, as the judge says. TODO: open it in `main`.\n"
        );
    }
    if !note.is_empty() {
        note += "//!\n";
    }
    Ok(note)
}

/// `text` on one line: whitespace and control characters as single spaces.
fn one_line(text: &str) -> String {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|word| !word.is_empty())
        .collect();
    words.join(" ")
}

/// The start of a long text, for an error line.
fn shortened(text: &str) -> String {
    let mut short: String = text.chars().take(60).collect();
    if short.len() < text.len() {
        short += "...";
    }
    short
}

/// The crate's name in the workspace's convention, `<judge><id>-<slug>`:
/// the judge and id from the url for the judges the workspace knows,
/// otherwise the judge from the group (`<judge> - <category>`, as the
/// format has it) and the id from the url's digits; the slug from the
/// problem's name in ASCII. Always a valid Cargo package name, never a path.
#[cfg(test)]
fn crate_name(problem: &str, group: &str, url: &str) -> Result<String, Error> {
    named(problem, group, url).map(|(name, _)| name)
}

/// The crate's name and its `<judge><id>` part.
fn named(problem: &str, group: &str, url: &str) -> Result<(String, String), Error> {
    let (head, slug_from) = match known_judge(url) {
        Some(head) => {
            let slug_from = without_index(problem, &head);
            (head, slug_from)
        }
        None => (judge_from_group(group, url)?, problem.trim()),
    };
    let mut words = ascii_words(slug_from);
    if words.is_empty() {
        // The id names the problem already: a name in another script
        // (ファイティング・タカハシ) is the problem's name all the same.
        if known_judge(url).is_none() {
            return Err(Error::new(format!(
                "the problem's name {:?} has no ASCII letters or digits to name a crate by",
                shortened(problem)
            )));
        }
        words.push("problem".to_string());
    }
    let mut name = head.clone();
    for (index, word) in words.iter().enumerate() {
        let room = MOST_NAME.saturating_sub(name.len() + 1);
        if index == 0 {
            name = format!("{name}-{}", &word[..word.len().min(room.max(1))]);
        } else if word.len() <= room {
            name = format!("{name}-{word}");
        } else {
            break;
        }
    }
    check_name(&name)?;
    Ok((name, head))
}

/// Lowercase ASCII letters and digits, split at everything else.
fn ascii_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// The name without the index the id already holds: "G. Castle Defense",
/// "A - Day of Takahashi", "P2346 Four in a Line".
fn without_index<'a>(problem: &'a str, head: &str) -> &'a str {
    let problem = problem.trim();
    let Some((first, rest)) = problem.split_once(' ') else {
        return problem;
    };
    let token = first.trim_end_matches('.');
    let short_index =
        (1..=4).contains(&token.len()) && token.bytes().all(|byte| byte.is_ascii_alphanumeric());
    let the_id = token.len() >= 2 && head.ends_with(&token.to_ascii_lowercase());
    if short_index && first.ends_with('.') {
        rest.trim_start()
    } else if short_index && (rest.starts_with("- ") || rest.starts_with("— ")) {
        rest.split_once(' ')
            .map_or(rest, |(_, after)| after)
            .trim_start()
    } else if the_id && token.bytes().all(|byte| byte.is_ascii_alphanumeric()) {
        rest.trim_start()
    } else {
        problem
    }
}

/// The parts of an address: its host (lowercase, without `www.` and a
/// port), its path's segments and its query.
struct Address<'a> {
    host: String,
    segments: Vec<&'a str>,
    query: &'a str,
}

fn address(url: &str) -> Option<Address<'_>> {
    let (scheme, rest) = url.split_once("://")?;
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return None;
    }
    let rest = rest.split('#').next().unwrap_or_default();
    let (before_query, query) = rest.split_once('?').unwrap_or((rest, ""));
    let (host, path) = before_query.split_once('/').unwrap_or((before_query, ""));
    let host = host
        .split(':')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host).to_string();
    Some(Address {
        host,
        segments: path.split('/').filter(|part| !part.is_empty()).collect(),
        query,
    })
}

impl Address<'_> {
    fn query(&self, key: &str) -> Option<&str> {
        self.query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(name, _)| *name == key)
            .map(|(_, value)| value)
    }

    fn segment(&self, index: usize) -> Option<&str> {
        self.segments.get(index).copied()
    }

    /// The segment after the first `name`.
    fn after(&self, name: &str) -> Option<&str> {
        let index = self.segments.iter().position(|part| *part == name)?;
        self.segment(index + 1)
    }
}

fn digits(text: &str) -> Option<&str> {
    (!text.is_empty() && text.len() <= 20 && text.bytes().all(|byte| byte.is_ascii_digit()))
        .then_some(text)
}

/// A problem's index in a contest (`G`, `A1`), lowercase.
fn index(text: &str) -> Option<String> {
    (!text.is_empty() && text.len() <= 4 && text.bytes().all(|byte| byte.is_ascii_alphanumeric()))
        .then(|| text.to_ascii_lowercase())
}

/// An id of letters, digits and `_` (`abc096_a`, `AT_abc123_a`) as
/// hyphen-separated lowercase words, when it holds a digit.
fn word_id(text: &str) -> Option<String> {
    let ok = !text.is_empty()
        && text.len() <= 40
        && text
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_')
        && text.bytes().any(|byte| byte.is_ascii_digit());
    ok.then(|| ascii_words(text).join("-"))
}

/// `<judge><id>` from the url of a judge the workspace knows: `poj1753`,
/// `zoj1008`, `luogu-p2346`, `cf954g`, `atcoder-abc096-a`,
/// `kattis-twostones`, `nowcoder230527`.
pub fn known_judge(url: &str) -> Option<String> {
    let address = address(url)?;
    let host = address.host.as_str();
    let head = match host {
        "poj.org" => format!("poj{}", digits(address.query("id")?)?),
        "acm.zju.edu.cn" => format!("zoj{}", digits(address.query("problemCode")?)?),
        "zoj.pintia.cn" => format!("zoj{}", digits(address.after("problems")?)?),
        "luogu.com.cn" | "luogu.org" => format!("luogu-{}", word_id(address.after("problem")?)?),
        "codeforces.com" | "codeforces.ml" | "mirror.codeforces.com" => {
            let (contest, problem) = if address.segment(0) == Some("problemset")
                && address.segment(1) == Some("problem")
            {
                (address.segment(2)?, address.segment(3)?)
            } else {
                let at = address
                    .segments
                    .iter()
                    .position(|part| *part == "problem")?;
                let kind = address.segment(at.checked_sub(2)?)?;
                if kind != "contest" && kind != "gym" {
                    return None;
                }
                (address.segment(at - 1)?, address.segment(at + 1)?)
            };
            format!("cf{}{}", digits(contest)?, index(problem)?)
        }
        "atcoder.jp" => format!("atcoder-{}", word_id(address.after("tasks")?)?),
        "ac.nowcoder.com" => match (address.segment(1)?, address.segment(2)?) {
            ("problem", id) => format!("nowcoder{}", digits(id)?),
            ("contest", contest) => {
                format!(
                    "nowcoder{}{}",
                    digits(contest)?,
                    index(address.segment(3)?)?
                )
            }
            _ => return None,
        },
        _ if host == "kattis.com" || host.ends_with(".kattis.com") => {
            let id = address.after("problems")?;
            let ok = !id.is_empty()
                && id.len() <= 40
                && id
                    .bytes()
                    .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit());
            format!("kattis-{}", ok.then_some(id)?)
        }
        _ => return None,
    };
    Some(head)
}

/// `<judge><id>` for a judge the workspace does not know: the group's
/// first word of letters, and the url's last digits, or six digits of the
/// url's hash (the same problem, the same name) where it has none.
fn judge_from_group(group: &str, url: &str) -> Result<String, Error> {
    let judge_part = group.split(" - ").next().unwrap_or_default();
    let judge = judge_part
        .split(|c: char| !c.is_ascii_alphabetic())
        .find(|word| !word.is_empty())
        .map(|word| word.to_ascii_lowercase())
        .ok_or_else(|| {
            Error::new(format!(
                "neither the url nor the group {:?} names the judge in ASCII letters",
                shortened(group)
            ))
        })?;
    let after_host = url.split_once("://").map_or(url, |(_, rest)| rest);
    let after_host = after_host.find('/').map_or("", |at| &after_host[at..]);
    let id = after_host
        .split(|c: char| !c.is_ascii_digit())
        .rfind(|run| !run.is_empty())
        .map(|run| run[run.len().saturating_sub(12)..].to_string())
        .unwrap_or_else(|| {
            // FNV-1a: stable across runs and platforms.
            let hash = url.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
                (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
            });
            format!("{:06}", hash % 1_000_000)
        });
    Ok(format!("{judge}{id}"))
}

/// What happened to one problem: the line that says so.
pub fn receive(root: &Path, plan: &Plan, force: bool) -> Result<String, Error> {
    let name = &plan.name;
    if !root.join("crates").join(name).exists() {
        make(root, plan)?;
        let count = plan.samples.len();
        let mut line = format!(
            "created crates/{name} and samples/{name}: {count} sample{}, {} ms, {} MiB",
            if count == 1 { "" } else { "s" },
            plan.limits.time.as_millis(),
            plan.limits.memory >> 20
        );
        if count == 0 {
            line += " (none sent: an empty case stands in)";
        }
        if plan.interactive {
            line += ", interactive (its samples are the statement's transcripts, as sent)";
        }
        if !plan.io.is_empty() {
            line += ", reads or writes a file (its header says)";
        }
        return Ok(line);
    }
    let samples_dir = root.join("samples").join(name);
    let changed: Vec<usize> = (1..=plan.samples.len())
        .filter(|number| {
            let sample = &plan.samples[number - 1];
            let same = |extension: &str, bytes: &[u8]| {
                fs::read(samples_dir.join(format!("{number}.{extension}")))
                    .is_ok_and(|old| old == bytes)
            };
            !(same("in", &sample.input) && same("out", &sample.output))
        })
        .collect();
    let list = changed
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if changed.is_empty() {
        return Ok(format!(
            "{name} exists; its samples are those sent: nothing written"
        ));
    }
    if !force {
        return Ok(format!(
            "{name} exists; {} {list} {} from those sent or missing: not written \
             (--force writes {})",
            plural(changed.len(), "sample", "samples"),
            plural(changed.len(), "differs", "differ"),
            plural(changed.len(), "it", "them"),
        ));
    }
    for number in &changed {
        let sample = &plan.samples[number - 1];
        replace(&samples_dir, &format!("{number}.in"), &sample.input)?;
        replace(&samples_dir, &format!("{number}.out"), &sample.output)?;
    }
    Ok(format!(
        "{name} exists; {} {list} rewritten as sent",
        plural(changed.len(), "sample", "samples")
    ))
}

fn plural<'a>(count: usize, one: &'a str, more: &'a str) -> &'a str {
    if count == 1 {
        one
    } else {
        more
    }
}

/// Writes `dir/file` aside and renames it into place: never half-written.
fn replace(dir: &Path, file: &str, bytes: &[u8]) -> Result<(), Error> {
    fs::create_dir_all(dir)
        .map_err(|error| Error::new(format!("cannot create {}: {error}", dir.display())))?;
    let partial = dir.join(format!(".{file}.partial"));
    let path = dir.join(file);
    fs::write(&partial, bytes)
        .and_then(|()| fs::rename(&partial, &path))
        .map_err(|error| {
            let _ = fs::remove_file(&partial);
            Error::new(format!("cannot write {}: {error}", path.display()))
        })
}

/// `cargo new-problem --from-json FILE`: a saved request (one problem, or
/// an array of them, a contest), every problem read before any is made.
pub fn from_json(path: &Path, force: bool) -> Result<bool, Error> {
    let shown = path.display();
    let mut body = Vec::new();
    let read = if path == Path::new("-") {
        io::stdin()
            .lock()
            .take(MOST_BYTES + 1)
            .read_to_end(&mut body)
    } else {
        fs::File::open(path).and_then(|file| file.take(MOST_BYTES + 1).read_to_end(&mut body))
    };
    read.map_err(|error| Error::new(format!("cannot read {shown}: {error}")))?;
    if body.len() as u64 > MOST_BYTES {
        return Err(Error::new(format!(
            "{shown} is over {} MiB, more than any problem's samples",
            MOST_BYTES >> 20
        )));
    }
    let value: Value = serde_json::from_slice(&body)
        .map_err(|error| Error::new(format!("{shown} is not JSON: {error}")))?;
    let problems = match &value {
        Value::Array(problems) => problems.iter().collect(),
        _ => vec![&value],
    };
    let requests = problems
        .into_iter()
        .enumerate()
        .map(|(index, problem)| {
            read_one(problem).map_err(|error| match value.is_array() {
                true => error.context(format!("{shown}, problem {}", index + 1)),
                false => error.context(shown.to_string()),
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let workspace = Workspace::load()?;
    let mut passed = true;
    for request in &requests {
        match receive(&workspace.root, &request.plan, force) {
            Ok(line) => {
                let _ = writeln!(io::stdout(), "{line}");
            }
            Err(error) => {
                passed = false;
                let _ = write!(io::stderr(), "{}", error.layout("error: ", "  "));
            }
        }
    }
    Ok(passed)
}

fn read_one(value: &Value) -> Result<Request, Error> {
    read(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_judges_the_workspace_knows_are_named_from_the_url() {
        for (problem, group, url, name) in [
            (
                "Flip Game",
                "POJ",
                "http://poj.org/problem?id=1753",
                "poj1753-flip-game",
            ),
            (
                "Gnome Tetravex",
                "ZOJ",
                "http://acm.zju.edu.cn/onlinejudge/showProblem.do?problemCode=1008",
                "zoj1008-gnome-tetravex",
            ),
            (
                "A + B Problem",
                "ZOJ",
                "https://zoj.pintia.cn/problem-sets/91827364500/problems/91827364500",
                "zoj91827364500-a-b-problem",
            ),
            (
                "P2346 四子连棋 Four in a Line",
                "Luogu",
                "https://www.luogu.com.cn/problem/P2346",
                "luogu-p2346-four-in-a-line",
            ),
            (
                "G. Castle Defense",
                "Codeforces - Educational Codeforces Round 40 (Rated for Div. 2)",
                "https://codeforces.com/problemset/problem/954/G",
                "cf954g-castle-defense",
            ),
            (
                "D. Glad to see you!",
                "Codeforces - Codeforces Round 415 (Div. 2)",
                "https://codeforces.com/contest/810/problem/D?locale=en",
                "cf810d-glad-to-see-you",
            ),
            (
                "A. Gym",
                "Codeforces - 2018 ICPC",
                "https://codeforces.com/gym/102000/problem/A",
                "cf102000a-gym",
            ),
            (
                "A - Day of Takahashi",
                "AtCoder - AtCoder Beginner Contest 096",
                "https://atcoder.jp/contests/abc096/tasks/abc096_a",
                "atcoder-abc096-a-day-of-takahashi",
            ),
            (
                "A - ファイティング・タカハシ",
                "AtCoder - COLOCON -Colopl programming contest 2018- Final",
                "https://atcoder.jp/contests/colopl2018-final/tasks/colopl2018_final_a",
                "atcoder-colopl2018-final-a-problem",
            ),
            (
                "Take Two Stones",
                "Kattis",
                "https://open.kattis.com/problems/twostones",
                "kattis-twostones-take-two-stones",
            ),
            (
                "Extended Lights Out",
                "NowCoder",
                "https://ac.nowcoder.com/acm/problem/230527",
                "nowcoder230527-extended-lights-out",
            ),
            (
                "B. Two",
                "NowCoder",
                "https://ac.nowcoder.com/acm/contest/1234/B",
                "nowcoder1234b-two",
            ),
        ] {
            assert_eq!(
                crate_name(problem, group, url),
                Ok(name.to_string()),
                "{url}"
            );
        }
    }

    #[test]
    fn other_judges_are_named_from_the_group_and_the_urls_digits() {
        let name = crate_name(
            "Cow Gymnastics",
            "USACO 2019 December Contest, Bronze",
            "http://www.usaco.org/index.php?page=viewproblem2&cpid=963",
        );
        assert_eq!(name, Ok("usaco963-cow-gymnastics".to_string()));
        // No digits: six of the url's hash, the same each time.
        let first = crate_name("Test", "SPOJ", "https://www.spoj.com/problems/TEST/").unwrap();
        let second = crate_name("Test", "SPOJ", "https://www.spoj.com/problems/TEST/").unwrap();
        assert_eq!(first, second);
        assert!(
            first.starts_with("spoj") && first.ends_with("-test"),
            "{first}"
        );
        assert_eq!(first.len(), "spoj123456-test".len(), "{first}");
        // A known judge's page the naming does not know: from the group.
        assert_eq!(
            crate_name(
                "A. Old",
                "Codeforces - acm.sgu.ru archive",
                "https://codeforces.com/problemsets/acmsguru/problem/99999/100"
            ),
            Ok("codeforces100-a-old".to_string())
        );
    }

    #[test]
    fn names_are_ascii_cargo_names_and_never_paths() {
        for (problem, group, url) in [
            (
                "../../etc/passwd",
                "Evil/../Judge",
                "http://example.com/../../7",
            ),
            (
                "A very long name with many many words that goes on and on and on past any limit",
                "Judge",
                "http://example.com/1",
            ),
            (
                "x",
                "Judge",
                "https://atcoder.jp/contests/a/tasks/..%2f..%2f1",
            ),
            ("Über Straße", "Jüdge", "http://example.com/5"),
        ] {
            let name = crate_name(problem, group, url).unwrap();
            assert!(check_name(&name).is_ok(), "{name}");
            assert!(name.len() <= MOST_NAME, "{name}");
            assert!(!name.contains(['/', '\\', '.']), "{name}");
        }
        assert_eq!(
            crate_name("Über Straße", "Jüdge", "http://example.com/5"),
            Ok("j5-ber-stra-e".to_string())
        );
    }

    #[test]
    fn a_name_with_nothing_to_name_a_crate_by_is_refused() {
        let error = crate_name("ファイティング", "Judge", "http://example.com/1").unwrap_err();
        assert!(
            error.to_string().contains("has no ASCII letters or digits"),
            "{error}"
        );
        let error = crate_name("..", "Judge", "http://example.com/a/1").unwrap_err();
        assert!(
            error.to_string().contains("has no ASCII letters"),
            "{error}"
        );
        let error = crate_name("Fight", "洛谷", "http://example.com/1").unwrap_err();
        assert!(error.to_string().contains("names the judge"), "{error}");
    }

    #[test]
    fn a_request_is_read_into_a_plan() {
        let body = r#"{"name":"A. \"Quoted\"\nName","group":"Codeforces - Round","url":"https://codeforces.com/contest/1/problem/A","interactive":false,"memoryLimit":255.5,"timeLimit":1500,"tests":[{"input":"1 2\r\n","output":"3\n"}],"testType":"single","input":{"type":"file","fileName":"input.txt"},"output":{"type":"stdout"},"languages":{"java":{"mainClass":"Main","taskClass":"A"}},"batch":{"id":"x","size":2}}"#;
        let request = parse(body.as_bytes()).unwrap();
        assert_eq!(request.plan.name, "cf1a-quoted-name");
        assert_eq!(request.plan.title, "CF1A — A. \"Quoted\" Name");
        let elsewhere = body.replace(
            "codeforces.com/contest/1/problem/A",
            "atcoder.jp/contests/abc1/tasks/abc1_c",
        );
        let request = parse(elsewhere.as_bytes()).unwrap();
        assert_eq!(request.plan.title, "ATCODER-ABC1-C — A. \"Quoted\" Name");
        assert_eq!(request.plan.limits.time, Duration::from_millis(1500));
        assert_eq!(request.plan.limits.memory, 256 << 20);
        assert_eq!(request.plan.samples[0].input, b"1 2\r\n");
        assert_eq!(
            request.plan.io,
            "//! Reads the file `input.txt`, not stdin, as the judge says. TODO: open it in `main`.\n//!\n"
        );
        assert_eq!(
            request.batch,
            Some(Batch {
                id: "x".to_string(),
                size: 2
            })
        );
    }

    #[test]
    fn bad_requests_are_refused_in_one_line() {
        let good = r#"{"name":"A","group":"POJ","url":"http://poj.org/problem?id=1","memoryLimit":1,"timeLimit":1,"tests":[]}"#;
        assert!(parse(good.as_bytes()).is_ok());
        for (body, says) in [
            ("", "not JSON"),
            ("[1]", "not an object"),
            (r#"{"name":"A"}"#, "no 'group'"),
            (
                &good.replace(r#""tests":[]"#, r#""tests":{}"#),
                "'tests' is not an array",
            ),
            (
                &good.replace(r#""tests":[]"#, r#""tests":[{"input":"1"}]"#),
                "test 1 has no string 'output'",
            ),
            (
                &good.replace(r#""timeLimit":1"#, r#""timeLimit":0"#),
                "'timeLimit' is not a number above 0",
            ),
            (
                &good.replace(r#""memoryLimit":1"#, r#""memoryLimit":1e300"#),
                "'memoryLimit' is not a number",
            ),
            (
                &good.replace("http://poj.org/problem?id=1", "http://poj.org/a\\nb"),
                "'url' is not an address",
            ),
            (
                &good.replace(r#""tests""#, r#""interactive":"yes","tests""#),
                "'interactive' is not true or false",
            ),
            (
                &good.replace(r#""tests""#, r#""input":{"type":"file"},"tests""#),
                "has no 'fileName'",
            ),
            (
                &good.replace(r#""tests""#, r#""batch":{"id":1},"tests""#),
                "'batch' is not",
            ),
        ] {
            let error = parse(body.as_bytes()).unwrap_err().to_string();
            assert!(error.contains(says), "{body}: {error}");
            assert!(!error.contains('\n'), "{error}");
        }
    }

    #[test]
    fn a_value_holding_a_placeholder_stays_as_it_is() {
        let body = br#"{"name":"{samples} {io}","group":"POJ","url":"http://poj.org/problem?id=5","memoryLimit":1,"timeLimit":1,"tests":[]}"#;
        let request = parse(body).unwrap();
        let files = super::super::render(&request.plan);
        let main = &files
            .iter()
            .find(|(path, _)| *path == "src/main.rs")
            .unwrap()
            .1;
        assert!(
            main.starts_with(
                "//! POJ5 — {samples} {io}. <http://poj.org/problem?id=5>\n//!\n//! TODO"
            ),
            "{main}"
        );
    }
}
