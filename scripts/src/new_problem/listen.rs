//! `cargo new-problem --listen`: takes problems from Competitive Companion,
//! the browser extension, which POSTs each problem as JSON to
//! `http://localhost:PORT/` (its src/hosts/CustomHost.ts: `fetch` with
//! method POST, `Content-Type: application/json`, the body
//! `JSON.stringify` of the task) and ignores the answer. A contest comes as
//! one request per problem, one after another, each with the same batch id
//! and the batch's size (src/models/Contest.ts).
//!
//! HTTP/1.1 as far as one POST a click needs it, on std's TcpListener:
//! bound to the loopback addresses only (127.0.0.1, and ::1 where there is
//! one, since a browser may resolve `localhost` to either), a thread a
//! connection blocked in `accept` or `read` (no CPU while waiting), a read
//! timeout, a bound on the head and the body, one answer and the
//! connection closed. Each problem is made under one lock, so two requests
//! for the same problem never write it at once.

use super::companion::{self, MOST_BYTES};
use crate::error::Error;
use crate::workspace::Workspace;
use std::collections::{BTreeSet, HashMap};
use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, Ipv6Addr, Shutdown, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a connection may stay silent before it is answered 408.
const READ_TIMEOUT: Duration = Duration::from_secs(5);

/// How long one request may take to arrive in all.
const REQUEST_TIME: Duration = Duration::from_secs(30);

/// The longest request line and headers taken.
const MOST_HEAD: usize = 16 << 10;

/// What the listener keeps between requests.
struct State {
    root: PathBuf,
    force: bool,
    /// Each batch still incomplete: its size and the crates received.
    batches: HashMap<String, (u64, BTreeSet<String>)>,
}

/// Runs the listener until the process is stopped (Ctrl-C): every crate is
/// renamed into place whole, so a stop leaves none half-written.
pub fn main(port: u16, force: bool) -> Result<bool, Error> {
    let workspace = Workspace::load()?;
    let v4 = TcpListener::bind((Ipv4Addr::LOCALHOST, port)).map_err(|error| {
        Error::new(format!(
            "cannot listen on 127.0.0.1 port {port}: {error} (--port chooses another)"
        ))
    })?;
    let port = v4
        .local_addr()
        .map_err(|error| Error::new(format!("cannot read the port listened on: {error}")))?
        .port();
    // No IPv6 loopback (or the port taken there): 127.0.0.1 alone.
    let v6 = TcpListener::bind((Ipv6Addr::LOCALHOST, port)).ok();
    let state = Arc::new(Mutex::new(State {
        root: workspace.root,
        force,
        batches: HashMap::new(),
    }));
    let _ = writeln!(
        io::stdout(),
        "listening on http://localhost:{port}/ ({}): in Competitive Companion's settings, add \
         {port} to the custom ports, then click its green plus on a problem or contest page; \
         Ctrl-C stops",
        if v6.is_some() {
            "127.0.0.1 and ::1"
        } else {
            "127.0.0.1"
        }
    );
    if let Some(v6) = v6 {
        let state = Arc::clone(&state);
        std::thread::spawn(move || serve(&v6, &state));
    }
    serve(&v4, &state);
    Ok(true)
}

/// Answers each connection to `listener` on a thread of its own, forever.
fn serve(listener: &TcpListener, state: &Arc<Mutex<State>>) {
    for stream in listener.incoming() {
        match stream {
            Ok(stream) => {
                let state = Arc::clone(state);
                std::thread::spawn(move || answer(stream, &state));
            }
            // Out of file descriptors, say: the next accept may do.
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// A request turned away: its status and why.
struct Refusal {
    status: u16,
    reason: String,
}

fn refuse(status: u16, reason: impl Into<String>) -> Refusal {
    Refusal {
        status,
        reason: reason.into(),
    }
}

/// Reads one request from `stream`, makes its problem and answers it.
fn answer(mut stream: TcpStream, state: &Mutex<State>) {
    let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
    let _ = stream.set_write_timeout(Some(READ_TIMEOUT));
    let (status, line) = match read_request(&mut stream) {
        Err(refusal) => (refusal.status, refusal.reason),
        Ok(body) => match companion::parse(&body) {
            Err(error) => (400, error.to_string()),
            Ok(request) => {
                // A thread that panicked holding the lock left the state as
                // it was between two whole problems: go on with it.
                let mut state = state
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                match companion::receive(&state.root, &request.plan, state.force) {
                    Ok(mut line) => {
                        if let Some(batch) = request.batch.filter(|batch| batch.size > 1) {
                            line += &state.counted(&batch.id, batch.size, &request.plan.name);
                        }
                        (200, line)
                    }
                    Err(error) => (409, error.to_string()),
                }
            }
        },
    };
    if status == 200 {
        let _ = writeln!(io::stdout(), "{line}");
    } else {
        let _ = writeln!(io::stderr(), "refused a request ({status}): {line}");
    }
    respond(&mut stream, status, &line);
}

impl State {
    /// Counts `name` in its batch: what the line adds about the batch.
    fn counted(&mut self, id: &str, size: u64, name: &str) -> String {
        let (_, names) = self
            .batches
            .entry(id.to_string())
            .or_insert_with(|| (size, BTreeSet::new()));
        names.insert(name.to_string());
        let received = names.len() as u64;
        if received >= size {
            self.batches.remove(id);
            format!("; the batch is complete: all {size} problems")
        } else {
            format!(
                "; {received} of the batch's {size} problems, {} to come",
                size - received
            )
        }
    }
}

/// The body of a POST to `/`, or why the request is refused.
fn read_request(stream: &mut TcpStream) -> Result<Vec<u8>, Refusal> {
    let started = Instant::now();
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        let end = find(&buffer, b"\r\n\r\n");
        if end.unwrap_or(buffer.len()) > MOST_HEAD {
            return Err(refuse(
                431,
                format!("the request's head is over {} KiB", MOST_HEAD >> 10),
            ));
        }
        if let Some(at) = end {
            break at;
        }
        let read = read_some(stream, &mut chunk, started)?;
        if read == 0 {
            return Err(refuse(400, "the connection closed before a whole request"));
        }
        buffer.extend_from_slice(&chunk[..read]);
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or_default();
    let mut parts = request_line.split(' ');
    let (method, target) = (
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or("?"),
    );
    let path = target.split('?').next().unwrap_or_default();
    if !parts
        .next()
        .is_some_and(|version| version.starts_with("HTTP/1."))
    {
        return Err(refuse(400, "not an HTTP/1.x request"));
    }
    if path != "/" {
        return Err(refuse(404, format!("not found: {}", shown(target))));
    }
    if method != "POST" {
        return Err(refuse(
            405,
            format!(
                "{} to /: Competitive Companion POSTs its problems",
                shown(method)
            ),
        ));
    }
    let header = |name: &str| {
        head.split("\r\n").skip(1).find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_string())
        })
    };
    if header("transfer-encoding").is_some() {
        return Err(refuse(411, "a chunked body: send it with a Content-Length"));
    }
    let length: u64 = match header("content-length") {
        None => return Err(refuse(411, "no Content-Length")),
        Some(value) => value
            .parse()
            .map_err(|_| refuse(400, format!("Content-Length is {}", shown(&value))))?,
    };
    if length > MOST_BYTES {
        return Err(refuse(
            413,
            format!(
                "a body of {length} bytes, over the {} MiB taken",
                MOST_BYTES >> 20
            ),
        ));
    }
    if header("expect").is_some_and(|value| value.eq_ignore_ascii_case("100-continue")) {
        let _ = stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
    }
    let length = length as usize;
    let mut body = buffer.split_off(head_end + 4);
    while body.len() < length {
        let read = read_some(stream, &mut chunk, started)?;
        if read == 0 {
            return Err(refuse(
                400,
                format!("the body ended at {} of its {length} bytes", body.len()),
            ));
        }
        body.extend_from_slice(&chunk[..read]);
    }
    body.truncate(length);
    Ok(body)
}

/// One read, refused as 408 once the connection has been silent too long
/// or the request has taken too long in all.
fn read_some(stream: &mut TcpStream, chunk: &mut [u8], started: Instant) -> Result<usize, Refusal> {
    if started.elapsed() > REQUEST_TIME {
        return Err(refuse(
            408,
            format!("the request took over {} s", REQUEST_TIME.as_secs()),
        ));
    }
    loop {
        match stream.read(chunk) {
            Ok(read) => return Ok(read),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error)
                if matches!(
                    error.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return Err(refuse(
                    408,
                    format!("nothing came for {} s", READ_TIMEOUT.as_secs()),
                ))
            }
            Err(error) => return Err(refuse(400, format!("cannot read the request: {error}"))),
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// A text from the request, for a line: escaped, and short.
fn shown(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    format!("{short:?}")
}

/// Writes the answer and closes the connection, reading for a moment what
/// the client still sends (a refused body), so that the close does not
/// reset the connection before the answer is read.
fn respond(stream: &mut TcpStream, status: u16, line: &str) {
    let reason = match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        _ => "Error",
    };
    let body = format!("{line}\n");
    let allow = if status == 405 { "Allow: POST\r\n" } else { "" };
    let response = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\n{allow}Connection: close\r\n\r\n{body}",
        body.len()
    );
    if stream.write_all(response.as_bytes()).is_err() {
        return;
    }
    let _ = stream.flush();
    let _ = stream.shutdown(Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
    let mut sink = [0u8; 8192];
    let mut drained = 0;
    while drained < (1 << 20) {
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(read) => drained += read,
        }
    }
}
