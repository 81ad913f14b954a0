//! A problem as Competitive Companion sends it, turned into a crate: the
//! request's JSON (its README, "The format": name, group, url,
//! interactive, memoryLimit in MB, timeLimit in ms, tests of input and
//! output, input and output of type stdin, file or regex, batch of id and
//! size) read into a [`Plan`], the crate named in the workspace's
//! convention, and made as `cargo new-problem NAME` makes one, or an
//! existing crate's samples compared with those sent.

use super::naming::{self, is_made_name};
use super::{make, Plan, Sample};
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

/// The most tests a problem may have: a judge's samples are a handful, and
/// each becomes two files and a case in src/main.rs's tests.
pub const MOST_TESTS: usize = 100;

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
#[cfg(test)]
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
    if tests.len() > MOST_TESTS {
        return Err(Error::new(format!(
            "{} tests, over the {MOST_TESTS} a problem may have",
            tests.len()
        )));
    }
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
    let _ = group;
    let url = without_bidi(&naming::own_url(url, problem_name));
    let head = naming::identity(&url);
    let name = naming::crate_name(&head, problem_name);
    let shown_name = one_line(problem_name);
    Ok(Request {
        plan: Plan {
            title: if shown_name.is_empty() {
                head.to_ascii_uppercase()
            } else {
                format!("{} — {shown_name}", head.to_ascii_uppercase())
            },
            url: Some(url),
            limits: crate::rules::Limits {
                time: Duration::from_millis(time_ms),
                memory: memory_mib << 20,
                ..DEFAULT_LIMITS
            },
            interactive,
            samples,
            sent: true,
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

/// The characters that change the direction of text, which rustc refuses
/// in a comment or a literal (its lints `text_direction_codepoint_in_comment`
/// and `..._in_literal`, deny by default).
fn is_bidi(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `url` with each character of [`is_bidi`] percent-encoded, as a browser
/// sends it: the same address, safe in a `//!` line.
fn without_bidi(url: &str) -> String {
    let mut out = String::with_capacity(url.len());
    for c in url.chars() {
        if is_bidi(c) {
            let mut bytes = [0u8; 4];
            for byte in c.encode_utf8(&mut bytes).bytes() {
                out += &format!("%{byte:02X}");
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` on one line: whitespace and control characters as single spaces,
/// without the characters of [`is_bidi`].
fn one_line(text: &str) -> String {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c.is_control() || is_bidi(c))
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

/// The crates of the workspace at `root` and the url each states
/// (`[package.metadata.judge] url`), as `cargo metadata` reads them.
fn crate_urls(root: &Path) -> Result<Vec<(String, Option<String>)>, Error> {
    let output = crate::command::run(
        crate::workspace::cargo()
            .args(["metadata", "--format-version", "1", "--no-deps"])
            .current_dir(root),
    )?;
    let metadata: Value = serde_json::from_slice(&output)
        .map_err(|error| Error::new(format!("cannot read cargo metadata's output: {error}")))?;
    Ok(metadata["packages"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(|package| {
            let name = package["name"].as_str()?.to_string();
            let url = package["metadata"]["judge"]["url"].as_str();
            Some((name, url.map(str::to_string)))
        })
        .collect())
}

/// Where `plan`'s problem goes: the crate already made for it (the same
/// identity from its url, whatever page or language it was sent from), or
/// a name of its own, `plan.name` unless a crate or samples folder has it
/// (another problem, or none stated) or cargo refuses it, then `plan.name-2`, `-3`... The name
/// and whether that crate exists.
fn place(root: &Path, plan: &Plan) -> Result<(String, bool), Error> {
    let crates = crate_urls(root)?;
    if let Some(url) = &plan.url {
        let identity = naming::identity(url);
        let same = crates.iter().find(|(name, stated)| {
            stated
                .as_deref()
                .is_some_and(|stated| naming::identity(stated) == identity)
                && root.join("crates").join(name).is_dir()
        });
        if let Some((name, _)) = same {
            return Ok((name.clone(), true));
        }
    }
    let taken = |name: &str| {
        naming::CARGO_RESERVED.contains(&name)
            || crates.iter().any(|(other, _)| other == name)
            || root.join("crates").join(name).exists()
            || root.join("samples").join(name).exists()
    };
    for suffix in 1.. {
        let name = match suffix {
            1 => plan.name.clone(),
            _ => {
                let tail = format!("-{suffix}");
                let start = &plan.name[..plan.name.len().min(naming::MOST_NAME - tail.len())];
                format!("{}{tail}", start.trim_end_matches('-'))
            }
        };
        if !taken(&name) {
            return Ok((name, false));
        }
    }
    unreachable!("some suffix is free")
}

/// What happened to one problem: the line that says so.
pub fn receive(root: &Path, plan: &Plan, force: bool) -> Result<String, Error> {
    let (name, exists) = place(root, plan)?;
    if !is_made_name(&name) {
        return Err(Error::new(format!("cannot name a crate {name:?}")));
    }
    if !exists {
        let renamed;
        let plan = if name == plan.name {
            plan
        } else {
            renamed = Plan {
                name: name.clone(),
                ..plan.clone()
            };
            &renamed
        };
        make(root, plan)?;
        let count = plan.samples.len();
        let mut line = format!(
            "created crates/{name} and samples/{name}: {count} sample{}, {} ms, {} MiB",
            if count == 1 { "" } else { "s" },
            plan.limits.time.as_millis(),
            plan.limits.memory >> 20
        );
        if count == 0 && plan.interactive {
            line += " (none sent: an empty case stands in)";
        } else if count == 0 {
            line += &format!(" (none sent: put the judge's in samples/{name}/)");
        }
        if plan.interactive {
            line += &format!(
                ", interactive: write its interactor in crates/{name}/examples/interactor.rs \
                 (its samples are the statement's transcripts, as sent)"
            );
        }
        if !plan.io.is_empty() {
            line += ", reads or writes a file (its header says)";
        }
        line += &format!("; WA until solved: cargo judge {name}");
        return Ok(line);
    }
    let samples_dir = root.join("samples").join(&name);
    // Each sample's answer where it is: N.ans when that is the one there
    // (a package's samples), else N.out.
    let answer_file = |number: usize| {
        let out = format!("{number}.out");
        let ans = format!("{number}.ans");
        if !samples_dir.join(&out).exists() && samples_dir.join(&ans).exists() {
            ans
        } else {
            out
        }
    };
    let changed: Vec<usize> = (1..=plan.samples.len())
        .filter(|number| {
            let sample = &plan.samples[number - 1];
            let same = |file: &str, bytes: &[u8]| {
                fs::read(samples_dir.join(file)).is_ok_and(|old| old == bytes)
            };
            !(same(&format!("{number}.in"), &sample.input)
                && same(&answer_file(*number), &sample.output))
        })
        .collect();
    let list = changed
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let line = if changed.is_empty() {
        format!("{name} exists; its samples are those sent: nothing written")
    } else if !force {
        format!(
            "{name} exists; {} {list} {} from those sent or missing: not written \
             (--force writes {})",
            plural(changed.len(), "sample", "samples"),
            plural(changed.len(), "differs", "differ"),
            plural(changed.len(), "it", "them"),
        )
    } else {
        for number in &changed {
            let sample = &plan.samples[number - 1];
            replace(&samples_dir, &format!("{number}.in"), &sample.input)?;
            replace(&samples_dir, &answer_file(*number), &sample.output)?;
        }
        format!(
            "{name} exists; {} {list} rewritten as sent",
            plural(changed.len(), "sample", "samples")
        )
    };
    Ok(line)
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

    /// The crate a problem sent gets in an empty workspace.
    fn crate_name(problem: &str, _group: &str, url: &str) -> Result<String, Error> {
        let url = naming::own_url(url, problem);
        Ok(naming::crate_name(&naming::identity(&url), problem))
    }

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
                "atcoder-colopl2018-final-a",
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
    fn other_judges_are_named_from_the_host_and_the_urls_words() {
        let name = crate_name(
            "Cow Gymnastics",
            "USACO 2019 December Contest, Bronze",
            "http://www.usaco.org/index.php?page=viewproblem2&cpid=963",
        );
        assert_eq!(name, Ok("usaco963-cow-gymnastics".to_string()));
        assert_eq!(
            crate_name("Test", "SPOJ", "https://www.spoj.com/problems/TEST/"),
            Ok("spoj-test".to_string())
        );
        assert_eq!(
            crate_name(
                "A. Old",
                "Codeforces - acm.sgu.ru archive",
                "https://codeforces.com/problemsets/acmsguru/problem/99999/100"
            ),
            Ok("cf-acmsguru100-old".to_string())
        );
        // The group, which differs with the page and its language, has no
        // say; nor does its length.
        assert_eq!(
            crate_name("Sum", &"G".repeat(246), "http://example.com/1"),
            crate_name("Sum", "Example", "http://example.com/1"),
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
            assert!(is_made_name(&name), "{name}");
            assert!(name.len() <= naming::MOST_NAME, "{name}");
            assert!(!name.contains(['/', '\\', '.']), "{name}");
        }
        assert_eq!(
            crate_name("Über Straße", "Jüdge", "http://example.com/5"),
            Ok("example5-ber-stra-e".to_string())
        );
    }

    #[test]
    fn a_name_with_no_ascii_letters_falls_back_to_the_problems_identity() {
        for (problem, url, name) in [
            ("ファイティング", "http://example.com/1", "example1"),
            ("..", "http://example.com/a/1", "example-a-1"),
            ("..", "http://example.com/problem/1", "example1"),
            (
                "大鱼吃小鱼",
                "https://vjudge.net/problem/51Nod-1289",
                "vjudge-51nod-1289",
            ),
            (
                "逼死强迫症",
                "http://noi-test.zzstep.com/contest/CH%20Round%20%2380/1",
                "zzstep-ch-round-80-1",
            ),
        ] {
            assert_eq!(crate_name(problem, "洛谷", url), Ok(name.to_string()));
        }
    }

    #[test]
    fn bidi_controls_never_reach_a_comment_and_tests_are_bounded() {
        let body = r#"{"name":"A\u202eB\u2066C","group":"X","url":"http://example.com/\u202e/1","memoryLimit":1,"timeLimit":1,"tests":[]}"#;
        let request = parse(body.as_bytes()).unwrap();
        assert_eq!(
            request.plan.url.as_deref(),
            Some("http://example.com/%E2%80%AE/1")
        );
        for (_, text) in super::super::render(&request.plan) {
            assert!(!text.chars().any(is_bidi), "{text}");
        }
        let tests = format!(
            "[{}]",
            vec![r#"{"input":"","output":""}"#; MOST_TESTS + 1].join(",")
        );
        let body = body.replace(r#""tests":[]"#, &format!(r#""tests":{tests}"#));
        let error = parse(body.as_bytes()).unwrap_err().to_string();
        assert!(error.contains("101 tests, over the 100"), "{error}");
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
