//! `cargo new-problem --listen` and `--from-json`: problems replayed as
//! Competitive Companion sends them, over a real TCP connection to the
//! running command, from the extension's own test data
//! (tests/companion-requests/, SOURCES.md says where each comes from);
//! hostile requests answered with a status and nothing written (git says
//! so); the listener's bounds; one problem one crate, whatever page it
//! came from; one end-to-end run whose crates build, pass fmt and clippy
//! and are judged; and, when COMPANION_DATA names the extension's test
//! data, all of its problems sent, built and judged.

mod common;

#[cfg(unix)]
#[path = "companion/browsers.rs"]
mod browsers;

use common::{copy_tree, tool, workspace_root, Problems, Scratch};
use serde_json::Value;
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, Shutdown, TcpStream, UdpSocket};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// A request of the extension's test data, as saved.
fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("companion-requests")
        .join(format!("{name}.json"));
    fs::read_to_string(path).unwrap()
}

/// `text` without the whitespace between JSON's tokens, keys in their
/// order: what `JSON.stringify` sends.
fn compact(text: &str) -> String {
    let mut out = String::new();
    let (mut in_string, mut escaped) = (false, false);
    for character in text.chars() {
        if in_string {
            out.push(character);
            if escaped {
                escaped = false;
            } else if character == '\\' {
                escaped = true;
            } else if character == '"' {
                in_string = false;
            }
        } else if !character.is_whitespace() {
            in_string = character == '"';
            out.push(character);
        }
    }
    out
}

/// The body the extension sends for one problem (a compact object, its
/// `batch` last, as Task's fields are declared).
fn body(problem: &str, batch: (&str, usize)) -> String {
    let problem = compact(problem);
    let open = problem.strip_suffix('}').unwrap();
    format!(
        "{open},\"batch\":{{\"id\":\"{}\",\"size\":{}}}}}",
        batch.0, batch.1
    )
}

/// The problems of a saved contest (an array), each as its own text.
fn problems_of(contest: &str) -> Vec<String> {
    let value: Value = serde_json::from_str(contest).unwrap();
    let compacted = compact(contest);
    // Split the compact array at its top-level commas, keeping key order.
    let inner = &compacted[1..compacted.len() - 1];
    let (mut depth, mut start, mut in_string, mut escaped) = (0, 0, false, false);
    let mut parts = Vec::new();
    for (at, character) in inner.char_indices() {
        if in_string {
            if escaped {
                escaped = false;
            } else if character == '\\' {
                escaped = true;
            } else if character == '"' {
                in_string = false;
            }
            continue;
        }
        match character {
            '"' => in_string = true,
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(inner[start..at].to_string());
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(inner[start..].to_string());
    assert_eq!(parts.len(), value.as_array().unwrap().len());
    parts
}

/// A request exactly as Chromium 148 sends the extension's call (its
/// service worker's `fetch` in `no-cors` mode, as Competitive Companion
/// 2.59.0 makes it; tests/companion/browsers.rs sends it from the real
/// browser): the `Content-Type: application/json` asked for is dropped,
/// and the Origin is the extension's.
fn extension_request(port: u16, body: &str) -> Vec<u8> {
    let mut request = format!(
        "POST / HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: keep-alive\r\n\
         Content-Length: {}\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 \
         (KHTML, like Gecko) HeadlessChrome/148.0.0.0 Safari/537.36\r\n\
         Content-Type: text/plain;charset=UTF-8\r\nAccept: */*\r\n\
         Origin: chrome-extension://odkpchcppbogopnbcileligiiebdfnem\r\n\
         Sec-Fetch-Site: none\r\nSec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: empty\r\n\
         Sec-Fetch-Storage-Access: active\r\n\
         Accept-Encoding: gzip, deflate, br, zstd\r\nAccept-Language: en-US,en;q=0.9\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body.as_bytes());
    request
}

/// The same call as Firefox 140 sends it from an add-on's background
/// script: its Origin a UUID of the install, `Sec-Fetch-Site: same-origin`
/// (an add-on with host permissions for localhost), text/plain again.
fn firefox_request(port: u16, body: &str) -> Vec<u8> {
    let mut request = format!(
        "POST / HTTP/1.1\r\nHost: localhost:{port}\r\n\
         User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0\r\n\
         Accept: */*\r\nAccept-Language: en-US,en;q=0.5\r\n\
         Accept-Encoding: gzip, deflate, br, zstd\r\nContent-Type: text/plain;charset=UTF-8\r\n\
         Content-Length: {}\r\nOrigin: moz-extension://ee39e928-bb01-4ec9-baa7-6347c14bd939\r\n\
         Connection: keep-alive\r\nSec-Fetch-Dest: empty\r\nSec-Fetch-Mode: no-cors\r\n\
         Sec-Fetch-Site: same-origin\r\nPriority: u=4\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body.as_bytes());
    request
}

/// Sends `request` on a new connection; the status and the answer's body.
fn exchange(port: u16, request: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    // The answer may come before all is sent (a refused body).
    let _ = stream.write_all(request);
    let _ = stream.shutdown(Shutdown::Write);
    answer_of(&mut stream)
}

fn answer_of(stream: &mut TcpStream) -> (u16, String) {
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8(answer).unwrap();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|status| status.parse().ok())
        .unwrap_or_else(|| panic!("no status: {answer:?}"));
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or_default();
    (status, body.trim_end().to_string())
}

/// `cargo new-problem --listen --port 0` running in `dir`; killed when
/// dropped.
struct Listener {
    child: Child,
    stdout: BufReader<ChildStdout>,
    port: u16,
}

impl Listener {
    fn start(dir: &Path, target: &Path, extra: &[&str]) -> Listener {
        let mut child = tool()
            .args(["new-problem", "--listen", "--port", "0"])
            .args(extra)
            .current_dir(dir)
            .env("CARGO_TARGET_DIR", target)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let port = line
            .strip_prefix("listening on http://localhost:")
            .and_then(|rest| rest.split('/').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("{line:?}"));
        assert!(line.contains("custom ports"), "{line}");
        Listener {
            child,
            stdout,
            port,
        }
    }

    /// The next line the listener prints.
    fn line(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    }

    fn send(&mut self, body: &str) -> (u16, String) {
        exchange(self.port, &extension_request(self.port, body))
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A workspace of [`Problems`] whose Cargo.toml has what a new crate
/// takes from it (edition, rust-version, proconio, fastrand).
fn problems(test: &str) -> Problems {
    let problems = Problems::new(test, "");
    problems.scratch.write(
        "Cargo.toml",
        b"[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n\n\
          [workspace.package]\nedition = \"2021\"\nrust-version = \"1.70\"\n\
          license = \"MIT OR Apache-2.0\"\npublish = false\n\n\
          [workspace.dependencies]\nproconio = \"=0.5.0\"\nfastrand = \"=2.5.0\"\n",
    );
    problems
}

/// The samples a request sent, as `(input, output)` bytes.
fn sent_samples(problem: &str) -> Vec<(Vec<u8>, Vec<u8>)> {
    let value: Value = serde_json::from_str(problem).unwrap();
    value["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|test| {
            let side = |key: &str| test[key].as_str().unwrap().as_bytes().to_vec();
            (side("input"), side("output"))
        })
        .collect()
}

#[track_caller]
fn assert_samples_as_sent(root: &Path, name: &str, problem: &str) {
    for (index, (input, output)) in sent_samples(problem).iter().enumerate() {
        let dir = root.join("samples").join(name);
        let number = index + 1;
        assert_eq!(&fs::read(dir.join(format!("{number}.in"))).unwrap(), input);
        assert_eq!(
            &fs::read(dir.join(format!("{number}.out"))).unwrap(),
            output
        );
    }
}

/// Crate `name` as `problem` was sent: its samples, and its url and
/// limits in its manifest.
#[track_caller]
fn assert_crate_as_sent(root: &Path, name: &str, problem: &str) {
    assert_samples_as_sent(root, name, problem);
    let manifest = fs::read_to_string(root.join("crates").join(name).join("Cargo.toml")).unwrap();
    let value: Value = serde_json::from_str(problem).unwrap();
    for wanted in [
        format!("url = \"{}\"\n", value["url"].as_str().unwrap()),
        format!("time-limit-ms = {}\n", value["timeLimit"]),
        format!("memory-limit-mib = {}\n", value["memoryLimit"]),
    ] {
        assert!(manifest.contains(&wanted), "{name}: {wanted} in {manifest}");
    }
}

/// Each problem's crate name, from the fixtures.
const NAMED: &[(&str, &str)] = &[
    ("poj-normal", "poj1000-a-b-problem"),
    ("zoj-normal", "zoj91827364500-a-b-problem"),
    ("codeforces-interactive", "cf810d-glad-to-see-you"),
    (
        "codeforces-file-input-output",
        "cf234a-lefthanders-and-righthanders",
    ),
    ("atcoder-normal-ja", "atcoder-colopl2018-final-a"),
    ("kattis-normal", "kattis-twostones-take-two-stones"),
];

#[test]
fn problems_sent_as_the_extension_sends_them_become_crates() {
    let problems = problems("companion-listen");
    let root = problems.scratch.path.clone();
    let mut listener = Listener::start(&root, &problems.target, &[]);
    for (index, (file, name)) in NAMED.iter().enumerate() {
        let problem = fixture(file);
        let id = format!("0000000{index}-0000-4000-8000-000000000000");
        let (status, said) = listener.send(&body(&problem, (&id, 1)));
        assert_eq!(status, 200, "{file}: {said}");
        let line = listener.line();
        assert_eq!(said, line);
        assert!(
            line.starts_with(&format!("created crates/{name} and samples/{name}: ")),
            "{line}"
        );
        assert!(!line.contains("batch"), "{line}");
        assert_crate_as_sent(&root, name, &problem);
    }
    let crate_dir = |name: &str| root.join("crates").join(name);
    assert!(crate_dir("cf810d-glad-to-see-you")
        .join("examples/interactor.rs")
        .is_file());
    let header =
        fs::read_to_string(crate_dir("cf234a-lefthanders-and-righthanders").join("src/main.rs"))
            .unwrap();
    assert!(
        header.contains("//! Reads the file `input.txt`, not stdin")
            && header.contains("//! Writes the file `output.txt`, not stdout"),
        "{header}"
    );
    let header =
        fs::read_to_string(crate_dir("atcoder-colopl2018-final-a").join("src/main.rs")).unwrap();
    assert!(
        header.starts_with("//! ATCODER-COLOPL2018-FINAL-A — A - ファイティング・タカハシ. <"),
        "{header}"
    );

    // A contest: one request a problem, one batch; the last completes it.
    // From Firefox this time.
    let contest = problems_of(&fixture("atcoder-contest-normal"));
    let id = "123e67c8-03c6-44a4-a3f9-5918533f9fb2";
    for (index, problem) in contest.iter().enumerate() {
        let request = firefox_request(listener.port, &body(problem, (id, contest.len())));
        let (status, said) = exchange(listener.port, &request);
        assert_eq!(status, 200, "{said}");
        let line = listener.line();
        let received = index + 1;
        if received < contest.len() {
            assert!(
                line.ends_with(&format!(
                    "; {received} of the batch's 4 problems, {} to come",
                    4 - received
                )),
                "{line}"
            );
        } else {
            assert!(
                line.ends_with("; the batch is complete: all 4 problems"),
                "{line}"
            );
        }
    }
    assert_samples_as_sent(&root, "atcoder-abc096-d-five-five-everywhere", &contest[3]);

    // Sent again: compared; a changed sample is listed, not written.
    let kattis = fixture("kattis-normal");
    let kattis_body = body(&kattis, ("again", 1));
    let (status, said) = listener.send(&kattis_body);
    assert_eq!(status, 200);
    assert_eq!(
        said,
        "kattis-twostones-take-two-stones exists; its samples are those sent: nothing written"
    );
    listener.line();
    let two = root.join("samples/kattis-twostones-take-two-stones/2.out");
    fs::write(&two, "Alice\n").unwrap();
    let (_, said) = listener.send(&kattis_body);
    assert_eq!(
        said,
        "kattis-twostones-take-two-stones exists; sample 2 differs from those sent or missing: \
         not written (--force writes it)"
    );
    assert_eq!(fs::read_to_string(&two).unwrap(), "Alice\n");
    drop(listener);

    // With --force, rewritten as sent.
    let mut listener = Listener::start(&root, &problems.target, &["--force"]);
    let (_, said) = listener.send(&kattis_body);
    assert_eq!(
        said,
        "kattis-twostones-take-two-stones exists; sample 2 rewritten as sent"
    );
    assert_samples_as_sent(&root, "kattis-twostones-take-two-stones", &kattis);
    // Nothing left aside.
    assert!(!root.join(".new-problem.partial").exists());
}

/// `git` run in `dir`, which must succeed; its standard output.
fn git(dir: &Path, args: &[&str]) -> String {
    let output = Command::new("git")
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(output.status.success(), "git {args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// A request with the extension's body and `head` for its head (each
/// line ending in CRLF, without Content-Length unless given).
fn with_head(head: &str, body: &str) -> String {
    format!("{head}\r\n{body}")
}

#[test]
fn hostile_requests_are_refused_with_a_status_and_nothing_is_written() {
    let problems = problems("companion-hostile");
    let root = problems.scratch.path.clone();
    // The worst case: --force, where a request that gets in rewrites a
    // committed sample.
    let mut listener = Listener::start(&root, &problems.target, &["--force"]);
    let port = listener.port;
    let good = body(&fixture("poj-normal"), ("x", 1));
    let (status, said) = listener.send(&good);
    assert_eq!(status, 200, "{said}");
    listener.line();
    git(&root, &["init", "-q"]);
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-q", "-m", "x"]);
    // What an attacker would write: the committed samples, changed.
    let evil = good.replace("1 2", "6 6").replace("\"3", "\"13");
    assert_ne!(evil, good);
    let json = "Content-Type: application/json\r\n";
    let extension = "Origin: chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl\r\n";
    let length = |body: &str| format!("Content-Length: {}\r\n", body.len());
    let post = |headers: &str| {
        with_head(
            &format!(
                "POST / HTTP/1.1\r\nHost: localhost:{port}\r\n{headers}{}",
                length(&evil)
            ),
            &evil,
        )
    };
    let with_body = |body: &str| String::from_utf8(extension_request(port, body)).unwrap();
    let tests = format!("[{}]", vec![r#"{"input":"","output":""}"#; 101].join(","));
    let cases: Vec<(String, u16, &str)> = vec![
        // A web page's "simple" request: no preflight, text/plain.
        (
            post("Origin: https://evil.example\r\nContent-Type: text/plain;charset=UTF-8\r\n"),
            403,
            "a request from the web page \"https://evil.example\"",
        ),
        (
            post("Origin: null\r\nContent-Type: text/plain\r\n"),
            403,
            "web page \"null\"",
        ),
        (
            post(&format!("Origin: https://evil.example\r\n{json}")),
            403,
            "only Competitive Companion",
        ),
        // What Chromium and Firefox send from a page on loopback: the
        // origin is the page's, whatever Sec-Fetch-Site says.
        (
            post(&format!(
                "Origin: http://127.0.0.1:{port}\r\nContent-Type: text/plain;charset=UTF-8\r\n\
                 Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\n"
            )),
            403,
            "a request from the web page \"http://127.0.0.1:",
        ),
        (
            post(&format!(
                "Origin: http://localhost:{port}\r\n{json}Sec-Fetch-Site: none\r\n"
            )),
            403,
            "a request from the web page \"http://localhost:",
        ),
        (
            post(&format!("Origin: null\r\n{json}")),
            403,
            "web page \"null\"",
        ),
        (
            post("Origin: chrome-extension://\r\nContent-Type: text/plain\r\n"),
            403,
            "web page \"chrome-extension://\"",
        ),
        // No Origin: no browser's POST; a client that does not say that
        // its body is JSON (curl's default form type, say).
        (
            post("Content-Type: text/plain\r\n"),
            415,
            "no Origin and not Content-Type: application/json",
        ),
        (
            post("Content-Type: application/x-www-form-urlencoded\r\n"),
            415,
            "no Origin and not Content-Type: application/json",
        ),
        (
            post(""),
            415,
            "no Origin and not Content-Type: application/json",
        ),
        // The extension's origin: its body is read as JSON, whatever the
        // Content-Type, and must be a problem.
        (
            post(&format!(
                "{extension}Content-Type: text/plain;charset=UTF-8\r\n"
            ))
            .replace(&evil, &"x".repeat(evil.len())),
            400,
            "the body is not JSON",
        ),
        // A page that rebound its own name to 127.0.0.1.
        (
            with_head(
                &format!(
                    "POST / HTTP/1.1\r\nHost: evil.example:{port}\r\n{json}{}",
                    length(&evil)
                ),
                &evil,
            ),
            403,
            "Host is \"evil.example",
        ),
        // A page's preflight: refused, and no Access-Control-Allow-Origin.
        (
            format!(
                "OPTIONS / HTTP/1.1\r\nHost: localhost:{port}\r\nOrigin: https://evil.example\r\n\
                 Access-Control-Request-Method: POST\r\n\
                 Access-Control-Request-Headers: content-type\r\n\r\n"
            ),
            403,
            "a request from the web page",
        ),
        // Framing a parser of our own could misread.
        (
            post(&format!("{json}{}", length(&evil))),
            400,
            "Content-Length is given twice",
        ),
        (
            post(&format!("{json}Transfer-Encoding: chunked\r\n")),
            411,
            "a chunked body",
        ),
        (
            post(&format!("{json}X-Folded: a\r\n b\r\n")),
            400,
            "not an HTTP/1.x request",
        ),
        (
            with_head(
                &format!(
                    "POST / HTTP/1.1\r\nHost: localhost\r\n{json}Content-Length: +{}\r\n",
                    evil.len()
                ),
                &evil,
            ),
            400,
            "Content-Length is \"+",
        ),
        (
            "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".to_string(),
            405,
            "\"GET\" to /: Competitive Companion POSTs its problems",
        ),
        (
            with_body(&evil).replacen("POST / ", "POST /../x ", 1),
            404,
            "not found: \"/../x\"",
        ),
        (with_body("{\"name\":"), 400, "the body is not JSON"),
        (
            with_body(&evil.replace("\"group\":\"POJ\",", "")),
            400,
            "the problem has no 'group'",
        ),
        (
            with_body(&evil.replace(r#""tests":[{"#, &format!(r#""tests":{tests},"x":[{{"#))),
            413,
            "101 tests, over the 100 a problem may have",
        ),
        (
            format!("POST / HTTP/1.1\r\n{json}Content-Length: 1073741824\r\n\r\n{{"),
            413,
            "a body of 1073741824 bytes, over the 64 MiB taken",
        ),
        (
            format!("POST / HTTP/1.1\r\n{json}\r\n{{}}"),
            411,
            "no Content-Length",
        ),
        (
            format!("POST / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(20_000)),
            431,
            "the request's head is over 16 KiB",
        ),
        (
            format!("POST / HTTP/1.1\r\n{json}Content-Length: 10\r\n\r\n{{}}"),
            400,
            "the body ended at 2 of its 10 bytes",
        ),
        (
            "\r\n\r\n".to_string(),
            400,
            "the connection closed before a whole request",
        ),
        ("HELLO\r\n\r\n".to_string(), 400, "not an HTTP/1.x request"),
    ];
    for (request, status, says) in &cases {
        let (got, said) = exchange(port, request.as_bytes());
        assert_eq!(got, *status, "{said}\n{request}");
        assert!(said.contains(says), "{status}: {said}\n{request}");
        assert_eq!(said.lines().count(), 1, "{said}");
    }
    // No answer names a page's origin; the extension's preflight is let
    // through.
    let preflight = |origin: &str| {
        let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
        let request = format!(
            "OPTIONS / HTTP/1.1\r\nHost: localhost:{port}\r\nOrigin: {origin}\r\n\
             Access-Control-Request-Method: POST\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    };
    let page = preflight("https://evil.example");
    assert!(page.starts_with("HTTP/1.1 403 "), "{page}");
    assert!(
        !page.to_ascii_lowercase().contains("access-control"),
        "{page}"
    );
    let own = preflight("moz-extension://0b6a8f5e-2c1d-4e4f-9a7b-3c2d1e0f9a8b");
    assert!(own.starts_with("HTTP/1.1 204 "), "{own}");
    assert!(
        own.contains(
            "Access-Control-Allow-Origin: moz-extension://0b6a8f5e-2c1d-4e4f-9a7b-3c2d1e0f9a8b\r\n"
        ),
        "{own}"
    );
    // A connection that sends nothing is answered, not waited on forever.
    let started = Instant::now();
    let mut silent = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
    silent
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let (status, said) = answer_of(&mut silent);
    assert_eq!(status, 408, "{said}");
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(git(&root, &["status", "--porcelain", "--ignored"]), "");
    // ...and the listener still takes the extension's request.
    let (status, said) = exchange(port, with_body(&evil).as_bytes());
    assert_eq!(status, 200, "{said}");
    assert_eq!(
        said,
        "poj1000-a-b-problem exists; sample 1 rewritten as sent"
    );
    // A client of its own, with no Origin, that says its body is JSON: as
    // curl sends it with `-H 'Content-Type: application/json'`.
    let same = "poj1000-a-b-problem exists; its samples are those sent: nothing written";
    let curl = with_head(
        &format!(
            "POST / HTTP/1.1\r\nHost: localhost:{port}\r\nUser-Agent: curl/7.88.1\r\n\
             Accept: */*\r\n{json}{}",
            length(&evil)
        ),
        &evil,
    );
    assert_eq!(exchange(port, curl.as_bytes()), (200, same.to_string()));
    // And curl itself, where there is one: taken with the header, refused
    // without it (its default is a form's type).
    let url = format!("http://localhost:{port}/");
    for (header, status, says) in [
        (Some("Content-Type: application/json"), 200, same),
        (
            None,
            415,
            "no Origin and not Content-Type: application/json",
        ),
    ] {
        let mut curl = Command::new("curl");
        curl.args(["-sS", "--data-binary", "@-", "-w", "\n%{http_code}"]);
        if let Some(header) = header {
            curl.args(["-H", header]);
        }
        let Ok(output) = common::fed(curl.arg(&url), evil.as_bytes()) else {
            println!("no curl here: its requests are not tried");
            break;
        };
        let said = String::from_utf8(output.stdout).unwrap();
        assert!(
            said.starts_with(says) && said.ends_with(&format!("\n\n{status}")),
            "{said}"
        );
    }
}

/// The listener's bounds: connections read at once, and the bodies held
/// at once; each past it answered 503 at once, and the listener serves
/// again when they are done.
#[test]
fn connections_and_bytes_past_the_bounds_are_answered_503() {
    let problems = problems("companion-bounds");
    let root = problems.scratch.path.clone();
    let mut listener = Listener::start(&root, &problems.target, &[]);
    let port = listener.port;
    let connect = || {
        let stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        stream
    };
    // A body of 64 MiB announced, let through (100 Continue once its bytes
    // are counted), holds all that may be held: another waits.
    let head = |length: u64| {
        format!(
            "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
             Expect: 100-continue\r\nContent-Length: {length}\r\n\r\n"
        )
    };
    let mut held = Vec::new();
    for _ in 0..1 {
        let mut stream = connect();
        stream.write_all(head(64 << 20).as_bytes()).unwrap();
        let mut continued = [0u8; 25];
        stream.read_exact(&mut continued).unwrap();
        assert_eq!(&continued, b"HTTP/1.1 100 Continue\r\n\r\n");
        held.push(stream);
    }
    let (status, said) = exchange(port, head(1).as_bytes());
    assert_eq!(status, 503, "{said}");
    assert!(said.contains("hold 64 MiB already"), "{said}");
    drop(held);
    // Eight connections are read at once (each silent one for 5 s): the
    // ninth is answered 503 without a wait, unless one of them has waited
    // 2 s without a whole request (a loaded machine may take that long to
    // accept nine), which is then closed for it, unanswered.
    let idle: Vec<TcpStream> = (0..8).map(|_| connect()).collect();
    let started = Instant::now();
    let mut ninth = connect();
    let mut answer = Vec::new();
    let _ = ninth.read_to_end(&mut answer);
    let answer = String::from_utf8(answer).unwrap();
    if answer.starts_with("HTTP/1.1 503 ") {
        assert!(
            answer.contains("8 connections are being read already"),
            "{answer}"
        );
        assert!(started.elapsed() < Duration::from_secs(5), "{answer}");
    } else {
        // Placed: it waited its 5 s of silence, and one of the eight was
        // dropped, its connection closed with nothing said.
        assert!(answer.starts_with("HTTP/1.1 408 "), "{answer}");
        let dropped = idle
            .iter()
            .filter(|stream| {
                let mut stream: &TcpStream = stream;
                stream
                    .set_nonblocking(true)
                    .and_then(|()| stream.read(&mut [0u8; 1]))
                    .is_ok_and(|read| read == 0)
            })
            .count();
        assert!(dropped >= 1, "{answer}");
    }
    drop(idle);
    // Once they are done, served again.
    let good = body(&fixture("poj-normal"), ("x", 1));
    let started = Instant::now();
    loop {
        let (status, said) = listener.send(&good);
        if status == 200 {
            break;
        }
        assert_eq!(status, 503, "{said}");
        assert!(started.elapsed() < Duration::from_secs(60), "{said}");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(listener
        .line()
        .starts_with("created crates/poj1000-a-b-problem"));
}

/// The listener's bound on the connections it reads at once.
const MOST_CONNECTIONS: usize = 8;

/// What a connection that sends `head`, then a byte a second, gets: the
/// answer's status and body (`None` where it was closed without one, having
/// given its place to another), and when, from its first byte.
fn trickle(
    port: u16,
    head: &'static [u8],
) -> std::thread::JoinHandle<(Option<(u16, String)>, Duration)> {
    std::thread::spawn(move || {
        let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(1)))
            .unwrap();
        let started = Instant::now();
        let mut answer = Vec::new();
        let mut next: &[u8] = head;
        loop {
            if stream.write_all(next).is_err() {
                break;
            }
            next = b"x";
            // A second between bytes, or the answer as it comes.
            let mut chunk = [0u8; 4096];
            match stream.read(&mut chunk) {
                Ok(0) => break,
                Ok(read) => {
                    answer.extend_from_slice(&chunk[..read]);
                    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
                    let _ = stream.read_to_end(&mut answer);
                    break;
                }
                Err(error)
                    if matches!(
                        error.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => break,
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "never answered"
            );
        }
        let ended = started.elapsed();
        let answer = String::from_utf8(answer).unwrap();
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|status| status.parse().ok());
        let body = answer.split("\r\n\r\n").nth(1).unwrap_or_default();
        (
            status.map(|status| (status, body.trim_end().to_string())),
            ended,
        )
    })
}

/// Connections that send a byte a second never keep out a request sent
/// whole: once the slowest has gone 2 s without a whole request it gives
/// its place (its slot, or the 64 MiB it announced); and a head that takes
/// over 5 s from its first byte is answered 408 then, not when the whole
/// request's 30 s are up. The request is sent again while it is answered
/// 503 (as a loaded machine may accept the slow ones late), and must be
/// taken within 15 s.
#[test]
fn slow_connections_never_keep_out_a_request_sent_whole() {
    let problems = problems("companion-slow");
    let root = problems.scratch.path.clone();
    let mut listener = Listener::start(&root, &problems.target, &[]);
    let port = listener.port;
    let mut taken = |problem: &str, made: &str| {
        let started = Instant::now();
        loop {
            let (status, said) = listener.send(&body(&fixture(problem), (problem, 1)));
            if status == 200 {
                assert!(listener.line().starts_with(made));
                return;
            }
            assert_eq!(status, 503, "{said}");
            assert!(started.elapsed() < Duration::from_secs(15), "{said}");
            std::thread::sleep(Duration::from_millis(200));
        }
    };
    let slow: Vec<_> = (0..MOST_CONNECTIONS)
        .map(|_| trickle(port, b"POST / HTTP/1.1\r\nHost: localhost\r\n"))
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    taken("poj-normal", "created crates/poj1000-a-b-problem");
    let (mut dropped, mut timed_out) = (0, 0);
    for connection in slow {
        match connection.join().unwrap() {
            (None, _) => dropped += 1,
            (Some((status, said)), ended) => {
                assert_eq!(status, 408, "{said}");
                assert_eq!(said, "the request's head took over 5 s from its first byte");
                assert!(ended < Duration::from_secs(20), "{ended:?}");
                timed_out += 1;
            }
        }
    }
    assert!(dropped >= 1, "{timed_out} timed out, none dropped");
    assert_eq!(dropped + timed_out, MOST_CONNECTIONS);
    // A body of 64 MiB announced, then sent a byte a second: all that may
    // be held, given up for a request sent whole.
    let hoarder = trickle(
        port,
        b"POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
          Content-Length: 67108864\r\n\r\n",
    );
    std::thread::sleep(Duration::from_millis(500));
    taken(
        "kattis-normal",
        "created crates/kattis-twostones-take-two-stones",
    );
    assert_eq!(hoarder.join().unwrap().0, None);
}

/// The listener answers on the loopback interface alone: through another
/// address of this machine, where it has one, the port is closed.
#[test]
fn the_listener_is_reached_on_loopback_only() {
    let problems = problems("companion-loopback");
    let listener = Listener::start(&problems.scratch.path, &problems.target, &[]);
    // The address a packet out would leave from; connecting a UDP socket
    // sends nothing.
    let outside = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))
        .and_then(|socket| {
            socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9))?;
            socket.local_addr()
        })
        .map(|address| address.ip())
        .ok()
        .filter(|ip| !ip.is_loopback() && !ip.is_unspecified());
    let Some(outside) = outside else {
        println!("no address but loopback here: nothing to try");
        return;
    };
    let reached =
        TcpStream::connect_timeout(&(outside, listener.port).into(), Duration::from_secs(2));
    assert!(reached.is_err(), "reached through {outside}");
    assert!(TcpStream::connect((Ipv4Addr::LOCALHOST, listener.port)).is_ok());
}

#[test]
fn from_json_makes_the_same_crates_and_refuses_bad_files_in_one_line() {
    let problems = problems("companion-from-json");
    let root = &problems.scratch.path;
    let run = |args: &[&str], stdin: &[u8]| {
        let mut child = tool()
            .args(args)
            .current_dir(root)
            .env("CARGO_TARGET_DIR", &problems.target)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(stdin).unwrap();
        common::Report::of(child.wait_with_output().unwrap())
    };
    let contest = fixture("atcoder-contest-normal");
    let path = problems.scratch.write("contest.json", contest.as_bytes());
    let made = run(&["new-problem", "--from-json", path.to_str().unwrap()], b"");
    made.exited(0);
    assert_eq!(made.stdout.lines().count(), 4, "{}", made.stdout);
    let problem = fixture("poj-normal");
    let made = run(&["new-problem", "--from-json", "-"], problem.as_bytes());
    made.exited(0).says(&["created crates/poj1000-a-b-problem"]);
    assert_samples_as_sent(root, "poj1000-a-b-problem", &problem);

    // A contest with one bad problem: nothing of it is made.
    let second = contest
        .match_indices("\"timeLimit\": 2000")
        .nth(1)
        .unwrap()
        .0;
    let broken = format!(
        "{}{}",
        &contest[..second],
        contest[second..].replacen("\"timeLimit\": 2000", "\"timeLimit\": \"2 s\"", 1)
    );
    let path = problems.scratch.write("broken.json", broken.as_bytes());
    fs::remove_dir_all(root.join("crates/atcoder-abc096-a-day-of-takahashi")).unwrap();
    fs::remove_dir_all(root.join("samples/atcoder-abc096-a-day-of-takahashi")).unwrap();
    for (args, stdin, says) in [
        (
            vec!["--from-json", "-"],
            &b"not json"[..],
            "error: - is not JSON",
        ),
        (
            vec!["--from-json", path.to_str().unwrap()],
            &b""[..],
            "problem 2: 'timeLimit' is not a number above 0",
        ),
        (
            vec!["--from-json", "no-such-file.json"],
            &b""[..],
            "error: cannot read no-such-file.json",
        ),
        (
            vec!["x1-a", "--port", "80"],
            &b""[..],
            "error: --port goes with --listen",
        ),
        (
            vec!["x1-a", "--listen"],
            &b""[..],
            "error: --listen takes each problem's name",
        ),
    ] {
        let mut full = vec!["new-problem"];
        full.extend(args);
        let refused = run(&full, stdin);
        refused.exited(2);
        assert!(refused.stderr.contains(says), "{says}: {}", refused.stderr);
        assert_eq!(refused.stderr.lines().count(), 1, "{}", refused.stderr);
    }
    assert!(!root
        .join("crates/atcoder-abc096-a-day-of-takahashi")
        .exists());
}

/// A problem as the extension sends it, its name, url and samples given.
fn problem_json(name: &str, url: &str, samples: &[(&str, &str)]) -> String {
    let tests: Vec<Value> = samples
        .iter()
        .map(|(input, output)| serde_json::json!({"input": input, "output": output}))
        .collect();
    serde_json::json!({
        "name": name, "group": "Judge", "url": url, "interactive": false,
        "memoryLimit": 256, "timeLimit": 1000, "tests": tests, "testType": "single",
        "input": {"type": "stdin"}, "output": {"type": "stdout"},
        "languages": {"java": {"mainClass": "Main", "taskClass": "Task"}}
    })
    .to_string()
}

#[test]
fn one_problem_is_one_crate_and_another_gets_a_name_of_its_own() {
    let problems = problems("companion-identity");
    let root = problems.scratch.path.clone();
    let send = |json: &str, force: bool| {
        let mut command = tool();
        command
            .args(["new-problem", "--from-json", "-"])
            .current_dir(&root)
            .env("CARGO_TARGET_DIR", &problems.target);
        if force {
            command.arg("--force");
        }
        let report = common::Report::of(common::fed(&mut command, json.as_bytes()).unwrap());
        report.stdout.trim_end().to_string() + report.stderr.trim_end()
    };
    let square = [("4 4 2\n", "4\n")];
    // The contest's "complete problemset" page, then the problem's own in
    // Russian: one crate.
    let said = send(
        &problem_json(
            "A. Theatre Square",
            "https://codeforces.com/contest/1/problems?locale=en",
            &square,
        ),
        false,
    );
    assert!(
        said.starts_with("created crates/cf1a-theatre-square and "),
        "{said}"
    );
    let manifest = fs::read_to_string(root.join("crates/cf1a-theatre-square/Cargo.toml")).unwrap();
    assert!(
        manifest.contains("url = \"https://codeforces.com/contest/1/problem/A\"\n"),
        "{manifest}"
    );
    let said = send(
        &problem_json(
            "A. Театральная площадь",
            "https://codeforces.com/problemset/problem/1/A?locale=ru",
            &square,
        ),
        false,
    );
    assert_eq!(
        said,
        "cf1a-theatre-square exists; its samples are those sent: nothing written"
    );

    // A crate of that name for another problem: the url says so before
    // anything is compared, and the problem sent gets a name of its own.
    let made = send(
        &problem_json("Sum", "http://other.example/problems/1", &[("1\n", "1\n")]),
        false,
    );
    assert!(made.starts_with("created crates/other1-sum "), "{made}");
    fs::rename(
        root.join("crates/other1-sum"),
        root.join("crates/example8-sum"),
    )
    .unwrap();
    fs::rename(
        root.join("samples/other1-sum"),
        root.join("samples/example8-sum"),
    )
    .unwrap();
    let cargo_toml = root.join("crates/example8-sum/Cargo.toml");
    let renamed = fs::read_to_string(&cargo_toml)
        .unwrap()
        .replace("other1-sum", "example8-sum");
    fs::write(&cargo_toml, renamed).unwrap();
    for force in [false, true] {
        let said = send(
            &problem_json("Sum", "http://example.com/problem/8", &[("2 3\n", "5\n")]),
            force,
        );
        let expected = if force {
            "example8-sum-2 exists; its samples are those sent: nothing written"
        } else {
            "created crates/example8-sum-2 and samples/example8-sum-2: 1 sample"
        };
        assert!(said.starts_with(expected), "{said}");
    }
    assert_eq!(
        fs::read(root.join("samples/example8-sum/1.in")).unwrap(),
        b"1\n"
    );
    assert_eq!(
        fs::read(root.join("samples/example8-sum-2/1.in")).unwrap(),
        b"2 3\n"
    );

    // A name that is cargo's build folder's (a host's label alone, the
    // problem's name having no ASCII word) is taken: the crate is `-2`,
    // and the workspace still builds, so the next problem is made too.
    for reserved in ["build", "deps", "examples", "incremental"] {
        let said = send(
            &problem_json("大鱼吃小鱼", &format!("http://{reserved}.example/"), &[]),
            false,
        );
        assert!(
            said.starts_with(&format!("created crates/{reserved}-2 ")),
            "{said}"
        );
        assert!(!root.join("crates").join(reserved).exists());
    }

    // Samples kept as N.ans: compared with them, and rewritten as N.ans.
    let dir = root.join("samples/cf1a-theatre-square");
    fs::rename(dir.join("1.out"), dir.join("1.ans")).unwrap();
    let sent_again = problem_json(
        "A. Theatre Square",
        "https://codeforces.com/contest/1/problem/A",
        &square,
    );
    let said = send(&sent_again, false);
    assert_eq!(
        said,
        "cf1a-theatre-square exists; its samples are those sent: nothing written"
    );
    fs::write(dir.join("1.ans"), "5\n").unwrap();
    let said = send(&sent_again, true);
    assert_eq!(
        said,
        "cf1a-theatre-square exists; sample 1 rewritten as sent"
    );
    assert_eq!(fs::read(dir.join("1.ans")).unwrap(), b"4\n");
    assert!(!dir.join("1.out").exists());
    let judged = problems.tool(&["judge", "cf1a-theatre-square"]);
    judged.exited(1);
    assert_eq!(
        judged.verdict("cf1a-theatre-square/1"),
        "WA",
        "{}",
        judged.stdout
    );
    assert!(!root.join(".new-problem.partial").exists());
}

/// A crate that cannot be moved into place is refused in one line, and
/// nothing of it is left in the workspace.
#[test]
fn a_refused_crate_leaves_nothing_behind() {
    let problems = problems("companion-refused");
    let root = problems.scratch.path.clone();
    // `samples` a file: no crate's samples can go there.
    fs::remove_dir_all(root.join("samples")).unwrap();
    fs::write(root.join("samples"), "").unwrap();
    let refused = common::Report::of(
        common::fed(
            tool()
                .args(["new-problem", "--from-json", "-"])
                .current_dir(&root)
                .env("CARGO_TARGET_DIR", &problems.target),
            fixture("poj-normal").as_bytes(),
        )
        .unwrap(),
    );
    refused.exited(1);
    assert!(
        refused.stderr.contains("cannot create") && refused.stderr.contains("samples"),
        "{}",
        refused.stderr
    );
    assert_eq!(refused.stderr.lines().count(), 1, "{}", refused.stderr);
    assert!(!root.join(".new-problem.partial").exists());
    assert!(!root.join("crates/poj1000-a-b-problem").exists());
}

fn cargo_in(dir: &Path, target: &Path, args: &[&str]) -> common::Report {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    common::Report::of(
        Command::new(cargo)
            .args(args)
            .current_dir(dir)
            .env("CARGO_TARGET_DIR", target)
            .output()
            .unwrap(),
    )
}

/// The problems of the extension's test data, sent to a copy of the
/// workspace: every crate passes fmt and clippy (its tests compiled with
/// it) as made, and `cargo judge` runs each of its samples (the
/// placeholder solution does not solve them: WA or RE, and for the
/// interactive one WA with the line on its interactor to write). A
/// problem whose name and url hold text direction controls builds too.
#[test]
fn crates_made_from_requests_build_pass_fmt_and_clippy_and_are_judged() {
    let source = workspace_root();
    let scratch = Scratch::new("companion-workspace");
    let root = scratch.path.clone();
    for file in ["Cargo.toml", "Cargo.lock", "rustfmt.toml"] {
        fs::copy(source.join(file), root.join(file)).unwrap();
    }
    for dir in [
        ".cargo",
        "scripts",
        "crates/poj1753-flip-game",
        "samples/poj1753-flip-game",
    ] {
        copy_tree(&source.join(dir), &root.join(dir));
    }
    let target: PathBuf = source.join("target").join("tool-tests").join("companion");
    let mut listener = Listener::start(&root, &target, &[]);
    for (file, _) in NAMED {
        let (status, said) = listener.send(&body(&fixture(file), ("e2e", 1)));
        assert_eq!(status, 200, "{said}");
    }
    // Text direction controls, which rustc refuses in a comment, in the
    // name and the url, and a group of 246 characters.
    let hostile = problem_json(
        "\u{202e}Evil\u{2066} name\u{2069}",
        "http://example.com/\u{202e}/5",
        &[("1\n", "2\n")],
    )
    .replace("\"Judge\"", &format!("\"{}\"", "G".repeat(246)));
    let (status, said) = listener.send(&body(&hostile, ("e2e", 1)));
    assert_eq!(status, 200, "{said}");
    let hostile_name = said
        .strip_prefix("created crates/")
        .and_then(|rest| rest.split(' ').next())
        .unwrap()
        .to_string();
    drop(listener);
    let mut packages = vec!["--package", &hostile_name];
    for (_, name) in NAMED {
        packages.extend(["--package", name]);
    }
    let fmt = cargo_in(
        &root,
        &target,
        &[&["fmt", "--check"], &packages[..]].concat(),
    );
    assert_eq!(fmt.code, Some(0), "{}{}", fmt.stdout, fmt.stderr);
    let clippy = cargo_in(
        &root,
        &target,
        &[
            &["clippy", "--all-targets"],
            &packages[..],
            &["--", "-D", "warnings"],
        ]
        .concat(),
    );
    assert_eq!(clippy.code, Some(0), "{}", clippy.stderr);
    let mut names: Vec<&str> = NAMED.iter().map(|(_, name)| *name).collect();
    names.push(&hostile_name);
    let judged = common::Report::of(
        tool()
            .arg("judge")
            .args(&names)
            .current_dir(&root)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap(),
    );
    judged.exited(1);
    for (file, name) in NAMED {
        for number in 1..=sent_samples(&fixture(file)).len() {
            let verdict = judged.verdict(&format!("{name}/{number}"));
            assert!(
                ["WA", "RE"].contains(&verdict.as_str()),
                "{name}/{number}: {verdict}\n{}",
                judged.stdout
            );
            if *name == "cf810d-glad-to-see-you" {
                let (_, detail) = judged.case(&format!("{name}/{number}"));
                assert_eq!(verdict, "WA");
                assert!(
                    detail.contains(&format!(
                        "crates/{name}/examples/interactor.rs is still to be written"
                    )),
                    "{detail}"
                );
            }
        }
    }
    assert_eq!(
        judged.verdict(&format!("{hostile_name}/1")),
        "WA",
        "{}",
        judged.stdout
    );
    assert!(!judged.stdout.contains("CE "), "{}", judged.stdout);
}

/// The top-level value of `key` in the JSON object `text`, as its text
/// (compacted, keys in their order).
fn member(text: &str, key: &str) -> Option<String> {
    let compacted = compact(text);
    let wanted = format!("\"{key}\":");
    let (mut depth, mut in_string, mut escaped) = (0, false, false);
    let mut start = None;
    for (at, character) in compacted.char_indices() {
        if in_string {
            if escaped {
                escaped = false;
            } else if character == '\\' {
                escaped = true;
            } else if character == '"' {
                in_string = false;
            }
            continue;
        }
        match character {
            '"' if depth == 1 && start.is_none() && compacted[at..].starts_with(&wanted) => {
                start = Some(at + wanted.len());
                in_string = true;
            }
            '"' => in_string = true,
            '{' | '[' => depth += 1,
            '}' | ']' => {
                depth -= 1;
                if depth == 1 && start.is_some() {
                    return start.map(|start| compacted[start..=at].to_string());
                }
            }
            ',' if depth == 1 && start.is_some() => {
                return start.map(|start| compacted[start..at].to_string());
            }
            _ => {}
        }
    }
    None
}

/// Every problem of Competitive Companion's own test data
/// (COMPANION_DATA: the `tests/data` folder of a checkout of
/// jmerle/competitive-companion), sent over HTTP as the extension sends it
/// (a contest's problems one after another, one batch) to a listener on a
/// copy of the workspace: each is answered 200 and has a crate, the same
/// problem from two pages or languages the same crate; the workspace then
/// builds, and `cargo judge` judges every crate made, WA or RE for the
/// placeholder solution (RE where it cannot read the input, MLE under a
/// judge's 4 MiB, AC only where its echo of the input's integers is the
/// sample's answer), and WA with
/// the line on its interactor to write for an interactive one, never
/// ERROR. Ignored unless asked for: the data is not part of this
/// repository. Run it with `COMPANION_DATA=.../tests/data cargo test -p
/// scripts --test companion every_problem -- --ignored --nocapture`: it
/// prints each problem's crate and the verdicts' tally.
#[test]
#[ignore = "needs COMPANION_DATA, the tests/data of jmerle/competitive-companion"]
fn every_problem_of_the_extensions_test_data_becomes_a_crate_that_is_judged() {
    let data = std::env::var_os("COMPANION_DATA")
        .map(PathBuf::from)
        .expect("set COMPANION_DATA to the tests/data folder of jmerle/competitive-companion");
    let mut files = Vec::new();
    let mut folders = vec![data.clone()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path
                .extension()
                .is_some_and(|extension| extension == "json")
            {
                files.push(path);
            }
        }
    }
    files.sort();
    let source = workspace_root();
    let scratch = Scratch::new("companion-replay");
    let root = scratch.path.clone();
    for file in ["Cargo.toml", "Cargo.lock", "rustfmt.toml"] {
        fs::copy(source.join(file), root.join(file)).unwrap();
    }
    for dir in [".cargo", "scripts", "crates", "samples"] {
        copy_tree(&source.join(dir), &root.join(dir));
    }
    let before: Vec<String> = fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let target: PathBuf = source.join("target").join("tool-tests").join("replay");
    let mut listener = Listener::start(&root, &target, &[]);
    let started = Instant::now();
    // Each problem sent: its url, whether interactive, and its crate.
    let mut sent: Vec<(String, bool, String)> = Vec::new();
    for (file_number, file) in files.iter().enumerate() {
        let text = fs::read_to_string(file).unwrap();
        let result = member(&text, "result").unwrap();
        let problems = match result.as_bytes()[0] {
            b'[' => problems_of(&result),
            b'{' => vec![result],
            _ => continue,
        };
        let batch = format!("{file_number:08}-0000-4000-8000-000000000000");
        let mut lines = Vec::new();
        for problem in &problems {
            let (status, said) = listener.send(&body(problem, (&batch, problems.len())));
            assert_eq!(status, 200, "{}: {said}", file.display());
            assert_eq!(said, listener.line());
            let name = said
                .strip_prefix("created crates/")
                .and_then(|rest| rest.split(' ').next())
                .or_else(|| {
                    said.split(" exists; ")
                        .next()
                        .filter(|_| said.contains(" exists; "))
                })
                .unwrap_or_else(|| panic!("{said}"))
                .to_string();
            let value: Value = serde_json::from_str(problem).unwrap();
            let url = value["url"].as_str().unwrap().to_string();
            sent.push((url, value["interactive"] == true, name));
            lines.push(said);
        }
        if problems.len() > 1 {
            // The contest's last line says it is complete.
            let line = &lines.last().unwrap();
            assert!(
                line.ends_with(&format!(
                    "; the batch is complete: all {} problems",
                    problems.len()
                )),
                "{}: {line}",
                file.display()
            );
        }
    }
    drop(listener);
    let sending = started.elapsed();
    let mut made: Vec<&str> = sent
        .iter()
        .map(|(_, _, name)| name.as_str())
        .filter(|name| !before.iter().any(|old| old == name))
        .collect();
    made.sort_unstable();
    made.dedup();
    println!(
        "{} problems from {} files sent in {:.1} s: {} crates made",
        sent.len(),
        files.len(),
        sending.as_secs_f64(),
        made.len()
    );
    for (url, _, name) in &sent {
        println!("  {name:<60} {url}");
    }
    let built = cargo_in(&root, &target, &["build", "--workspace"]);
    assert_eq!(built.code, Some(0), "{}", built.stderr);
    let judged = common::Report::of(
        tool()
            .arg("judge")
            .args(&made)
            .current_dir(&root)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap(),
    );
    judged.exited(1);
    let mut verdicts = std::collections::BTreeMap::<String, usize>::new();
    let mut wrong = Vec::new();
    for name in &made {
        let interactive = sent
            .iter()
            .any(|(_, interactive, made)| made == name && *interactive);
        let count = fs::read_dir(root.join("samples").join(name))
            .unwrap()
            .filter(|entry| {
                let path = entry.as_ref().unwrap().path();
                path.extension().is_some_and(|extension| extension == "in")
            })
            .count();
        assert!(count > 0, "{name}: no sample");
        for number in 1..=count {
            let (head, detail) = judged.case(&format!("{name}/{number}"));
            let verdict = head.split_whitespace().next().unwrap().to_string();
            // The placeholder fails each sample: WA, RE where it cannot
            // read the input, MLE under a judge's 4 MiB; an interactive
            // crate's interactor to write says so.
            let right = if interactive {
                verdict == "WA" && detail.contains("examples/interactor.rs is still to be written")
            } else if verdict == "AC" {
                // Only where the placeholder's echo of the input's
                // integers, one a line, is the sample's answer.
                let dir = root.join("samples").join(name);
                let input = fs::read_to_string(dir.join(format!("{number}.in"))).unwrap();
                let answer = fs::read_to_string(dir.join(format!("{number}.out"))).unwrap();
                let echo: Option<Vec<i64>> = input
                    .split_whitespace()
                    .map(|token| token.parse().ok())
                    .collect();
                echo.is_some_and(|echo| {
                    let echoed: Vec<String> = echo.iter().map(i64::to_string).collect();
                    answer
                        .split_whitespace()
                        .eq(echoed.iter().map(String::as_str))
                })
            } else {
                ["WA", "RE", "MLE"].contains(&verdict.as_str())
            };
            if !right {
                wrong.push(format!("{head}\n{detail}"));
            }
            *verdicts.entry(verdict).or_default() += 1;
        }
    }
    println!("verdicts of the crates made: {verdicts:?}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
