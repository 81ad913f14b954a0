//! Competitive Companion's request as real browsers send it: Chromium
//! (headless, an unpacked extension) and Firefox (headless, a temporary
//! add-on installed through Marionette by the PyPI package
//! `marionette_driver`) each load an extension written for this test
//! whose request is the extension's own, and send problems of the
//! extension's own test data (tests/companion-requests/) to a running
//! listener: each becomes a crate with the samples and limits sent. Then a
//! web page served from loopback makes the same calls in the same browser,
//! and nothing is written (`git status --porcelain --ignored` is empty).
//!
//! A browser or Python's `marionette_driver` missing skips its test, saying
//! so, unless COMPANION_BROWSERS is `required` (as `.ci/run` sets it after
//! installing them): then it fails. CHROMIUM, FIREFOX and MARIONETTE_PYTHON
//! name other programs than `chromium`, `firefox-esr` and `python3`.

use super::common::tool;
use super::{assert_crate_as_sent, body, fixture, git, problems, problems_of, sent_samples};
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, TcpListener};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// The extension's call, as src/hosts/CustomHost.ts (`send`: the task's
/// JSON to `http://localhost:${port}/` with `'Content-Type':
/// 'application/json'`) and src/hosts/Host.ts (`doSend`: `fetch(url,
/// {method: 'POST', signal, ...options})`, its error ignored) make it in
/// jmerle/competitive-companion. Release 2.59.0's Host.ts also set `mode:
/// 'no-cors'`, with which a browser drops that Content-Type and sends
/// `text/plain;charset=UTF-8`; 2.60.0 and later (df90fab, 2.65.0) leave
/// fetch's own mode. Each task is sent the first way, then the second: a
/// user may have either.
const SEND: &str = r#"
async function send(port, data, mode) {
  const options = { body: data, headers: { 'Content-Type': 'application/json' } };
  if (mode) options.mode = mode;
  const abortController = new AbortController();
  setTimeout(() => abortController.abort(), 10000);
  try {
    await fetch(`http://localhost:${port}/`, { method: 'POST', signal: abortController.signal, ...options });
  } catch (err) {
    //
  }
}

async function sendAll(port, tasks) {
  for (const mode of ['no-cors', undefined]) {
    for (const data of tasks) {
      await send(port, data, mode);
    }
  }
}
"#;

/// What the test sends: the problem's fixture and its crate, with the
/// batch each is sent in (a contest's problems share one).
struct Task {
    problem: String,
    name: &'static str,
    body: String,
}

/// A problem, a contest sent as a batch, an interactive problem and a
/// problem with a non-ASCII name, from the extension's test data.
fn tasks() -> Vec<Task> {
    let single = |file: &str, name: &'static str, id: &str| {
        let problem = fixture(file);
        Task {
            body: body(&problem, (id, 1)),
            problem,
            name,
        }
    };
    let mut tasks = vec![
        single(
            "poj-normal",
            "poj1000-a-b-problem",
            "9a0c5b1e-1f4a-4c5e-8d3e-1a2b3c4d5e60",
        ),
        single(
            "codeforces-interactive",
            "cf810d-glad-to-see-you",
            "9a0c5b1e-1f4a-4c5e-8d3e-1a2b3c4d5e61",
        ),
        single(
            "atcoder-normal-ja",
            "atcoder-colopl2018-final-a",
            "9a0c5b1e-1f4a-4c5e-8d3e-1a2b3c4d5e62",
        ),
    ];
    let contest = problems_of(&fixture("atcoder-contest-normal"));
    let names = [
        "atcoder-abc096-a-day-of-takahashi",
        "atcoder-abc096-b-maximum-sum",
        "atcoder-abc096-c-grid-repainting-2",
        "atcoder-abc096-d-five-five-everywhere",
    ];
    assert_eq!(contest.len(), names.len());
    for (problem, name) in contest.into_iter().zip(names) {
        tasks.push(Task {
            body: body(&problem, ("9a0c5b1e-1f4a-4c5e-8d3e-1a2b3c4d5e63", 4)),
            problem,
            name,
        });
    }
    tasks
}

/// The JavaScript that sends `tasks` to the listener on `port`.
fn script(port: u16, tasks: &[Task]) -> String {
    let bodies: Vec<&str> = tasks.iter().map(|task| task.body.as_str()).collect();
    format!(
        "{SEND}\nsendAll({port}, {});\n",
        serde_json::to_string(&bodies).unwrap()
    )
}

/// Whether the browser tests must run (`.ci/run` installed what they need).
fn required() -> bool {
    std::env::var_os("COMPANION_BROWSERS").is_some_and(|value| value == "required")
}

/// `variable`'s program, else `default`, if it runs with `args`; else the
/// test is skipped (or fails, where required) with `why`.
fn program(variable: &str, default: &str, args: &[&str]) -> Option<(PathBuf, String)> {
    let path = std::env::var_os(variable)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(default));
    let output = Command::new(&path).args(args).stdin(Stdio::null()).output();
    match output {
        Ok(output) if output.status.success() => Some((
            path,
            String::from_utf8_lossy(&output.stdout).trim().to_string(),
        )),
        other => {
            let why = format!(
                "{} {} did not run ({}): set {variable}, or install it",
                path.display(),
                args.join(" "),
                match other {
                    Ok(output) => String::from_utf8_lossy(&output.stderr).trim().to_string(),
                    Err(error) => error.to_string(),
                }
            );
            assert!(!required(), "COMPANION_BROWSERS=required, but {why}");
            println!("skipped: {why}");
            None
        }
    }
}

/// The listener, its printed lines (stdout and stderr, in one stream).
struct Listener {
    child: Child,
    lines: Receiver<String>,
    port: u16,
}

impl Listener {
    fn start(root: &Path, target: &Path) -> Listener {
        let mut child = tool()
            .args(["new-problem", "--listen", "--port", "0"])
            .current_dir(root)
            .env("CARGO_TARGET_DIR", target)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (sender, lines) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        let stderr = child.stderr.take().unwrap();
        for stream in [
            Box::new(stdout) as Box<dyn Read + Send>,
            Box::new(stderr) as Box<dyn Read + Send>,
        ] {
            let sender = sender.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines() {
                    let Ok(line) = line else { break };
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        let first = lines.recv_timeout(Duration::from_secs(120)).unwrap();
        let port = first
            .strip_prefix("listening on http://localhost:")
            .and_then(|rest| rest.split('/').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("{first:?}"));
        Listener { child, lines, port }
    }

    /// The next `count` lines, waited for up to `within` in all.
    fn lines(&self, count: usize, within: Duration) -> Vec<String> {
        let started = Instant::now();
        let mut lines = Vec::new();
        while lines.len() < count {
            let left = within.saturating_sub(started.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(line) => lines.push(line),
                Err(_) => panic!(
                    "{} of {count} lines from the listener in {within:?}: {lines:#?}",
                    lines.len()
                ),
            }
        }
        lines
    }

    /// No line more within `quiet`.
    fn assert_quiet(&self, quiet: Duration) {
        if let Ok(line) = self.lines.recv_timeout(quiet) {
            panic!("the listener said more: {line}");
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser, in a process group of its own, killed whole when dropped
/// (its renderers and helpers too).
struct Browser(Child);

impl Browser {
    fn start(command: &mut Command) -> Browser {
        let child = command
            .process_group(0)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        Browser(child)
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let group = self.0.id() as libc::pid_t;
        // SAFETY: a plain kill(2) of the process group this test made.
        unsafe { libc::kill(-group, libc::SIGKILL) };
        let _ = self.0.wait();
    }
}

/// A web page on 127.0.0.1 (another origin than the listener's
/// `localhost`, as any site is): every request is answered with `html`.
fn serve_page(html: String) -> u16 {
    let server = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    let port = server.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in server.incoming() {
            let Ok(mut stream) = stream else { continue };
            let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                head.push(byte[0]);
            }
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n{html}",
                html.len()
            );
        }
    });
    port
}

/// A page whose script sends `tasks` to the listener on `port`.
fn page(port: u16, tasks: &[Task]) -> String {
    format!(
        "<!doctype html><meta charset=utf-8><title>a page</title>\
         <script>{}</script>",
        script(port, tasks)
    )
}

/// The lines the extension's requests make: each task sent twice (the two
/// calls), the first time creating its crate, the second finding it.
fn check_taken(listener: &Listener, root: &Path, tasks: &[Task], browser: &str) {
    let lines = listener.lines(2 * tasks.len(), Duration::from_secs(180));
    let (made, again) = lines.split_at(tasks.len());
    for (task, line) in tasks.iter().zip(made) {
        assert!(
            line.starts_with(&format!("created crates/{0} and samples/{0}: ", task.name)),
            "{browser}: {line}"
        );
        assert_crate_as_sent(root, task.name, &task.problem);
        let files = fs::read_dir(root.join("samples").join(task.name))
            .unwrap()
            .count();
        assert_eq!(
            files,
            2 * sent_samples(&task.problem).len(),
            "{}",
            task.name
        );
        println!("{browser}: {line}");
    }
    for (task, line) in tasks.iter().zip(again) {
        assert!(
            line.starts_with(&format!(
                "{} exists; its samples are those sent: nothing written",
                task.name
            )),
            "{browser}: {line}"
        );
    }
    assert!(
        made.last()
            .unwrap()
            .ends_with("; the batch is complete: all 4 problems"),
        "{made:?}"
    );
}

/// The lines a page's requests make: each refused 403, by its Origin
/// (the no-cors POSTs, and the preflights of the others, which are then
/// never sent); nothing written.
fn check_refused(listener: &Listener, root: &Path, tasks: &[Task], browser: &str) {
    let lines = listener.lines(2 * tasks.len(), Duration::from_secs(180));
    for line in &lines {
        assert!(
            line.starts_with(
                "refused a request (403): a request from the web page \"http://127.0.0.1:"
            ),
            "{browser}: {line}"
        );
    }
    listener.assert_quiet(Duration::from_secs(2));
    println!(
        "{browser}: the page's {} requests (each a no-cors POST or a preflight) refused: {}",
        lines.len(),
        lines[0]
    );
    let status = git(root, &["status", "--porcelain", "--ignored"]);
    assert_eq!(status, "", "{browser}: the page wrote {status}");
    println!("{browser}: git status --porcelain --ignored: empty");
}

/// The workspace once the extension's crates are made, committed, so that
/// git says what a page would write.
fn commit(root: &Path) {
    git(root, &["init", "-q"]);
    git(root, &["add", "-A"]);
    git(
        root,
        &[
            "-c",
            "user.name=test",
            "-c",
            "user.email=test@example.org",
            "commit",
            "-q",
            "-m",
            "the extension's crates",
        ],
    );
}

#[test]
fn chromium_sends_the_extensions_request_and_a_pages_is_refused() {
    let Some((chromium, version)) = program("CHROMIUM", "chromium", &["--version"]) else {
        return;
    };
    println!("{version}");
    let problems = problems("companion-chromium");
    let root = problems.scratch.path.clone();
    let listener = Listener::start(&root, &problems.target);
    let tasks = tasks();
    let browser_dir = problems.target.join("chromium");
    let _ = fs::remove_dir_all(&browser_dir);
    let extension = browser_dir.join("extension");
    fs::create_dir_all(&extension).unwrap();
    // Manifest V3, as the extension's (scripts/build/extension.ts: a
    // service worker, host_permissions http://localhost/); the worker's
    // top-level code runs once it is installed.
    fs::write(
        extension.join("manifest.json"),
        r#"{"manifest_version": 3, "name": "Competitive Companion's request", "version": "1.0",
"host_permissions": ["http://localhost/"], "background": {"service_worker": "worker.js"}}"#,
    )
    .unwrap();
    fs::write(extension.join("worker.js"), script(listener.port, &tasks)).unwrap();
    let chromium_at = |profile: &str, last: &[&std::ffi::OsStr]| {
        let mut command = Command::new(&chromium);
        command
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-dev-shm-usage",
            ])
            .arg(format!(
                "--user-data-dir={}",
                browser_dir.join(profile).display()
            ))
            .args(last);
        Browser::start(&mut command)
    };
    {
        let load = format!("--load-extension={}", extension.display());
        let only = format!("--disable-extensions-except={}", extension.display());
        let _browser = chromium_at(
            "extension-profile",
            &[load.as_ref(), only.as_ref(), "about:blank".as_ref()],
        );
        check_taken(&listener, &root, &tasks, "chromium");
    }
    commit(&root);
    let page = serve_page(page(listener.port, &tasks));
    let url = format!("http://127.0.0.1:{page}/");
    let _browser = chromium_at("page-profile", &[url.as_ref()]);
    check_refused(&listener, &root, &tasks, "chromium");
}

#[test]
fn firefox_sends_the_extensions_request_and_a_pages_is_refused() {
    let Some((firefox, version)) = program("FIREFOX", "firefox-esr", &["--version"]) else {
        return;
    };
    let Some((python, _)) = program(
        "MARIONETTE_PYTHON",
        "python3",
        &["-c", "import marionette_driver"],
    ) else {
        return;
    };
    println!("{version}");
    let problems = problems("companion-firefox");
    let root = problems.scratch.path.clone();
    let listener = Listener::start(&root, &problems.target);
    let tasks = tasks();
    let browser_dir = problems.target.join("firefox");
    let _ = fs::remove_dir_all(&browser_dir);
    let extension = browser_dir.join("add-on");
    let profile = browser_dir.join("profile");
    fs::create_dir_all(&extension).unwrap();
    fs::create_dir_all(&profile).unwrap();
    // Manifest V3 as the extension's Firefox build has it (a background
    // script, an add-on id); Marionette on a free port, which Firefox
    // writes to the profile's MarionetteActivePort.
    fs::write(
        extension.join("manifest.json"),
        r#"{"manifest_version": 3, "name": "Competitive Companion's request", "version": "1.0",
"host_permissions": ["http://localhost/"], "background": {"scripts": ["background.js"]},
"browser_specific_settings": {"gecko": {"id": "request@competitive-companion.test"}}}"#,
    )
    .unwrap();
    fs::write(
        extension.join("background.js"),
        script(listener.port, &tasks),
    )
    .unwrap();
    fs::write(
        profile.join("user.js"),
        "user_pref(\"marionette.port\", 0);\n",
    )
    .unwrap();
    let _browser = Browser::start(
        Command::new(&firefox)
            .args(["--headless", "--marionette", "--no-remote", "--profile"])
            .arg(&profile),
    );
    let active = profile.join("MarionetteActivePort");
    let started = Instant::now();
    let marionette = loop {
        if let Some(port) = fs::read_to_string(&active)
            .ok()
            .and_then(|text| text.trim().parse::<u16>().ok())
        {
            break port;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "Firefox wrote no {}",
            active.display()
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    let drive = |what: &str, argument: &str| {
        let output = Command::new(&python)
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/companion/marionette.py"))
            .args([&marionette.to_string(), what, argument])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "marionette.py {what}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    };
    drive("install", &extension.display().to_string());
    check_taken(&listener, &root, &tasks, "firefox");
    commit(&root);
    let page = serve_page(page(listener.port, &tasks));
    drive("navigate", &format!("http://127.0.0.1:{page}/"));
    check_refused(&listener, &root, &tasks, "firefox");
}
