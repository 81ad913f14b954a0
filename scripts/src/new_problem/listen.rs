//! `cargo new-problem --listen`: takes problems from Competitive Companion,
//! the browser extension, which POSTs each problem as JSON to
//! `http://localhost:PORT/` and ignores the answer (its src/hosts/Host.ts
//! and CustomHost.ts: `fetch(url, {method: 'POST', body:
//! JSON.stringify(task), headers: {'Content-Type': 'application/json'}})`,
//! and in release 2.59.0 `mode: 'no-cors'` too). A contest comes as one
//! request per problem, one after another, each with the same batch id and
//! the batch's size (src/models/Contest.ts).
//!
//! What a browser sends is not always what that call asks for: in
//! `no-cors` mode the Fetch standard drops every header that is not a
//! no-CORS-safelisted request-header, and `application/json` is not one,
//! so Chromium and Firefox send `Content-Type: text/plain;charset=UTF-8`
//! (docs/companion.md has what each sends). What they always
//! send with a POST is the `Origin`: `chrome-extension://ID` from Chrome and
//! Edge, `moz-extension://UUID` from Firefox (a new UUID at each install),
//! `safari-web-extension://UUID` from Safari, and a web page's own origin
//! (`http://127.0.0.1:8000`, or `null`) from a page. `Sec-Fetch-Site` does
//! not tell them apart (Firefox says `same-origin` for an add-on with host
//! permissions, `cross-site` for one without), so the Origin decides:
//!
//! - an extension's origin: the body is read as JSON, whatever its
//!   Content-Type says;
//! - a web page's origin, `null` included: refused 403, nothing written
//!   (as is a Host other than localhost: DNS rebinding);
//! - no Origin at all, which no browser's POST lacks: a client of its own (a
//!   script, an editor's plugin) is taken when it says `Content-Type:
//!   application/json`, and refused 415 otherwise. A page cannot send that
//!   header without a preflight, and a preflight (OPTIONS) names the page's
//!   origin, so its answer names none and the browser sends nothing more.
//!
//! The extension needs no CORS: its manifest asks for `http://localhost/`
//! (scripts/build/extension.ts, `host_permissions`), and its answer is
//! never read.
//!
//! On std's TcpListener: bound to the loopback addresses only (127.0.0.1,
//! and ::1 where there is one, since a browser may resolve `localhost` to
//! either); the head read by httparse; a thread a connection, at most
//! [`MOST_CONNECTIONS`] at once, blocked in `read` (no CPU while waiting);
//! bounds on the silence, on the head's time from its first byte and on
//! the whole request's time, each kept by the socket's timeout so that no
//! read outlasts it; bounds on the head, the body and the bodies held at
//! once; one answer and the connection closed. A connection that has not
//! sent a whole request within [`GRACE`] gives its place (its slot, the
//! bytes it holds) to a new one, so slow connections never keep out the
//! extension, whose request comes whole at once. Each problem is made
//! under one lock, so two requests for the same problem never write it at
//! once.

use super::companion::{self, MOST_BYTES, MOST_TESTS};
use crate::error::Error;
use crate::workspace::Workspace;
use serde_json::Value;
use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, Ipv6Addr, Shutdown, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long a connection may stay silent before it is answered 408.
const READ_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a request's head may take from its first byte to its last.
const HEAD_TIME: Duration = Duration::from_secs(5);

/// How long one request may take to arrive in all.
const REQUEST_TIME: Duration = Duration::from_secs(30);

/// How long a connection keeps its place without a whole request when a
/// new one needs it: a request sent whole, as the extension sends it, is
/// read on loopback in milliseconds.
const GRACE: Duration = Duration::from_secs(2);

/// The longest request line and headers taken, and how many headers.
const MOST_HEAD: usize = 16 << 10;
const MOST_HEADERS: usize = 64;

/// Connections read at once, each on a thread: the extension sends one
/// problem at a time (a contest's one after another, each awaited), so
/// more are turned away (503) as they come, unless one of them has sent
/// no whole request within [`GRACE`].
pub const MOST_CONNECTIONS: usize = 8;

/// The bodies being read or made at once, in bytes: a request that would
/// take more is turned away (503) before its body is read. One request of
/// the most bytes at a time (the extension sends one at a time), or many
/// small ones.
pub const MOST_HELD: u64 = MOST_BYTES;

/// What the listener keeps between requests.
struct State {
    root: PathBuf,
    force: bool,
    /// Each batch still incomplete: the problems received.
    batches: HashMap<String, u64>,
}

/// The bytes of the bodies held now, against [`MOST_HELD`].
struct Held(Mutex<u64>);

/// Bytes taken from [`Held`], given back when dropped.
struct Reserved<'a> {
    held: &'a Held,
    bytes: u64,
}

impl Held {
    fn reserve(&self, bytes: u64) -> Option<Reserved<'_>> {
        let mut held = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if *held + bytes > MOST_HELD {
            return None;
        }
        *held += bytes;
        Some(Reserved { held: self, bytes })
    }
}

impl Drop for Reserved<'_> {
    fn drop(&mut self) {
        let mut held = self
            .held
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *held -= self.bytes;
    }
}

/// What every connection's thread shares.
struct Shared {
    state: Mutex<State>,
    held: Held,
    /// The connections being read or answered, at most [`MOST_CONNECTIONS`].
    slots: Mutex<Vec<Slot>>,
    next_slot: AtomicU64,
}

/// A connection being read or answered.
struct Slot {
    id: u64,
    since: Instant,
    /// Its whole request has come: it keeps its place.
    whole: bool,
    /// Its socket, to shut down if it gives its place.
    stream: TcpStream,
}

impl Shared {
    fn slots(&self) -> MutexGuard<'_, Vec<Slot>> {
        self.slots
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Shuts down the connection, other than `keep`, that has gone longest
    /// past [`GRACE`] without a whole request, if there is one: its
    /// thread's read ends at once, and the thread gives back the bytes it
    /// holds. Whether there was one; its slot is free.
    fn drop_slowest(slots: &mut Vec<Slot>, keep: Option<u64>) -> bool {
        let slowest = slots
            .iter()
            .enumerate()
            .filter(|(_, slot)| {
                !slot.whole && Some(slot.id) != keep && slot.since.elapsed() >= GRACE
            })
            .min_by_key(|(_, slot)| slot.since)
            .map(|(at, _)| at);
        let Some(at) = slowest else {
            return false;
        };
        let slot = slots.swap_remove(at);
        let _ = writeln!(
            io::stderr(),
            "dropped a connection that had sent no whole request in {:.1} s, for a new one",
            slot.since.elapsed().as_secs_f64()
        );
        let _ = slot.stream.shutdown(Shutdown::Both);
        true
    }

    /// Connection `id`'s request has come whole: it keeps its place.
    fn whole(&self, id: u64) {
        if let Some(slot) = self.slots().iter_mut().find(|slot| slot.id == id) {
            slot.whole = true;
        }
    }

    /// Bytes for connection `id`'s body: from what is free, else from a
    /// connection that [`drop_slowest`](Self::drop_slowest) drops, whose
    /// thread gives them back as it ends (waited for up to a second).
    fn reserve(&self, id: u64, bytes: u64) -> Option<Reserved<'_>> {
        let mut dropped: Option<Instant> = None;
        loop {
            if let Some(reserved) = self.held.reserve(bytes) {
                return Some(reserved);
            }
            if Shared::drop_slowest(&mut self.slots(), Some(id)) {
                dropped = Some(Instant::now());
            }
            match dropped {
                Some(since) if since.elapsed() < Duration::from_secs(1) => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                _ => return None,
            }
        }
    }
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
    let state = Arc::new(Shared {
        state: Mutex::new(State {
            root: workspace.root,
            force,
            batches: HashMap::new(),
        }),
        held: Held(Mutex::new(0)),
        slots: Mutex::new(Vec::new()),
        next_slot: AtomicU64::new(0),
    });
    let _ = writeln!(
        io::stdout(),
        "listening on http://localhost:{port}/ ({}): add {port} to Competitive Companion's \
         custom ports (its options page: right-click its icon, Options), then click its green \
         plus on a problem or contest page; Ctrl-C stops",
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
/// One over [`MOST_CONNECTIONS`] takes the place of a connection that has
/// sent no whole request within [`GRACE`], or is answered 503 at once and
/// closed.
fn serve(listener: &TcpListener, shared: &Arc<Shared>) {
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else {
            // Out of file descriptors, say: the next accept may do.
            std::thread::sleep(Duration::from_millis(100));
            continue;
        };
        let id = shared.next_slot.fetch_add(1, Ordering::Relaxed);
        let placed = {
            let mut slots = shared.slots();
            let room = slots.len() < MOST_CONNECTIONS || Shared::drop_slowest(&mut slots, None);
            let handle = stream.try_clone();
            match handle {
                Ok(handle) if room => {
                    slots.push(Slot {
                        id,
                        since: Instant::now(),
                        whole: false,
                        stream: handle,
                    });
                    true
                }
                _ => false,
            }
        };
        if !placed {
            // Never blocks the accepting thread: the answer fits in the
            // socket's buffer, or is dropped.
            let _ = stream.set_nonblocking(true);
            let line = format!(
                "{MOST_CONNECTIONS} connections are being read already: \
                 send it again when they are done"
            );
            let _ = writeln!(io::stderr(), "refused a request (503): {line}");
            let _ = stream.write_all(response(503, &line, None).as_bytes());
            let _ = stream.shutdown(Shutdown::Write);
            continue;
        }
        let shared = Arc::clone(shared);
        std::thread::spawn(move || {
            answer(stream, &shared, id);
            shared.slots().retain(|slot| slot.id != id);
        });
    }
}

/// A request turned away: its status and why (204 for a preflight, with
/// the extension's origin when it sent one).
struct Refusal {
    status: u16,
    reason: String,
    origin: Option<String>,
}

fn refuse(status: u16, reason: impl Into<String>) -> Refusal {
    Refusal {
        status,
        reason: reason.into(),
        origin: None,
    }
}

/// Reads one request from `stream`, connection `id`, makes its problem
/// and answers it.
fn answer(mut stream: TcpStream, shared: &Shared, id: u64) {
    let _ = stream.set_write_timeout(Some(READ_TIMEOUT));
    let (status, line, origin) = match read_request(&mut stream, shared, id) {
        // Dropped for a new connection, which said so: nothing to answer.
        Err(_) if !shared.slots().iter().any(|slot| slot.id == id) => return,
        Err(refusal) => (refusal.status, refusal.reason, refusal.origin),
        Ok((body, _reserved)) => {
            let (status, line) = take(body, &shared.state);
            (status, line, None)
        }
    };
    match status {
        200 => {
            let _ = writeln!(io::stdout(), "{line}");
        }
        204 => {}
        _ => {
            let _ = writeln!(io::stderr(), "refused a request ({status}): {line}");
        }
    }
    respond(&mut stream, status, &line, origin.as_deref());
}

/// Makes the problem of a request's body: the status and the line.
/// Each copy of the samples is dropped once the next is made: the body
/// once read as JSON, the JSON once read as a plan.
fn take(body: Vec<u8>, state: &Mutex<State>) -> (u16, String) {
    let value: Value = match serde_json::from_slice(&body) {
        Ok(value) => value,
        Err(error) => return (400, format!("the body is not JSON: {error}")),
    };
    drop(body);
    let tests = value
        .get("tests")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    if tests > MOST_TESTS {
        return (
            413,
            format!("{tests} tests, over the {MOST_TESTS} a problem may have"),
        );
    }
    let request = match companion::read(&value) {
        Ok(request) => request,
        Err(error) => return (400, error.to_string()),
    };
    drop(value);
    // A thread that panicked holding the lock left the state as it was
    // between two whole problems: go on with it.
    let mut state = state
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    match companion::receive(&state.root, &request.plan, state.force) {
        Ok(mut line) => {
            if let Some(batch) = request.batch.filter(|batch| batch.size > 1) {
                line += &state.counted(&batch.id, batch.size);
            }
            (200, line)
        }
        Err(error) => (409, error.to_string()),
    }
}

impl State {
    /// Counts a problem of the batch `id`: what the line adds about the
    /// batch. Each problem of a contest is sent once (src/models/Contest.ts),
    /// so two that are one crate (the same problem twice) count as two.
    fn counted(&mut self, id: &str, size: u64) -> String {
        let received = self.batches.entry(id.to_string()).or_default();
        *received += 1;
        let received = *received;
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

/// The body of a POST to `/` from the extension, or why the request is
/// refused. The head is read by httparse (RFC 9112's grammar: a folded
/// header, a bad token or a bare CR is an error, never a guess); the
/// checks are then made in the order that tells a caller most.
fn read_request<'a>(
    stream: &mut TcpStream,
    shared: &'a Shared,
    id: u64,
) -> Result<(Vec<u8>, Reserved<'a>), Refusal> {
    let whole_by = Deadline {
        at: Instant::now() + REQUEST_TIME,
        passed: format!("the request took over {} s", REQUEST_TIME.as_secs()),
    };
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 8192];
    let mut head_by: Option<Deadline> = None;
    let head_end = loop {
        if let Some(end) = head_length(&buffer)? {
            break end;
        }
        if buffer.len() > MOST_HEAD {
            return Err(refuse(
                431,
                format!("the request's head is over {} KiB", MOST_HEAD >> 10),
            ));
        }
        let read = read_some(stream, &mut chunk, head_by.as_ref().unwrap_or(&whole_by))?;
        if read == 0 {
            return Err(refuse(400, "the connection closed before a whole request"));
        }
        head_by.get_or_insert_with(|| Deadline {
            at: (Instant::now() + HEAD_TIME).min(whole_by.at),
            passed: format!(
                "the request's head took over {} s from its first byte",
                HEAD_TIME.as_secs()
            ),
        });
        buffer.extend_from_slice(&chunk[..read]);
    };
    let mut headers = [httparse::EMPTY_HEADER; MOST_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    // Complete: head_length parsed these same bytes.
    let _ = request.parse(&buffer[..head_end]);
    if head_end > MOST_HEAD {
        return Err(refuse(
            431,
            format!("the request's head is over {} KiB", MOST_HEAD >> 10),
        ));
    }
    let method = request.method.unwrap_or_default();
    let target = request.path.unwrap_or_default();
    let path = target.split('?').next().unwrap_or_default();
    let header = |name: &str| -> Result<Option<String>, Refusal> {
        let mut values = request
            .headers
            .iter()
            .filter(|header| header.name.eq_ignore_ascii_case(name));
        let first = values.next();
        if values.next().is_some() {
            return Err(refuse(400, format!("{name} is given twice")));
        }
        first
            .map(|header| {
                std::str::from_utf8(header.value)
                    .map(|value| value.trim().to_string())
                    .map_err(|_| refuse(400, format!("{name} is not UTF-8")))
            })
            .transpose()
    };
    if path != "/" {
        return Err(refuse(404, format!("not found: {}", shown(target))));
    }
    // A page that reached the listener through a name of its own (DNS
    // rebinding) names that host; the extension names localhost.
    let host = header("Host")?;
    if !host.as_deref().map_or(true, is_loopback_host) {
        return Err(refuse(
            403,
            format!(
                "Host is {}, not localhost: only Competitive Companion is listened to",
                shown(host.as_deref().unwrap_or_default())
            ),
        ));
    }
    let origin = header("Origin")?;
    if let Some(origin) = origin.as_deref().filter(|origin| !is_extension(origin)) {
        return Err(refuse(
            403,
            format!(
                "a request from the web page {}: only Competitive Companion, from its \
                 extension origin, is listened to",
                shown(origin)
            ),
        ));
    }
    if method == "OPTIONS" {
        return Err(Refusal {
            status: 204,
            reason: String::new(),
            origin,
        });
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
    if header("Transfer-Encoding")?.is_some() {
        return Err(refuse(411, "a chunked body: send it with a Content-Length"));
    }
    let length: u64 = match header("Content-Length")? {
        None => return Err(refuse(411, "no Content-Length")),
        Some(value) => value
            .parse()
            .ok()
            .filter(|_| value.bytes().all(|byte| byte.is_ascii_digit()))
            .ok_or_else(|| refuse(400, format!("Content-Length is {}", shown(&value))))?,
    };
    // An extension's body is JSON whatever its browser says (text/plain);
    // a client with no Origin says so itself.
    let json = header("Content-Type")?.is_some_and(|value| {
        value
            .split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .eq_ignore_ascii_case("application/json")
    });
    if origin.is_none() && !json {
        return Err(refuse(
            415,
            "no Origin and not Content-Type: application/json: a client other than \
             the browser extension says that its body is JSON",
        ));
    }
    if length > MOST_BYTES {
        return Err(refuse(
            413,
            format!(
                "a body of {length} bytes, over the {} MiB taken",
                MOST_BYTES >> 20
            ),
        ));
    }
    let reserved = shared.reserve(id, length).ok_or_else(|| {
        refuse(
            503,
            format!(
                "the requests being read hold {} MiB already: send it again when they are done",
                MOST_HELD >> 20
            ),
        )
    })?;
    if header("Expect")?.is_some_and(|value| value.eq_ignore_ascii_case("100-continue")) {
        let _ = stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
    }
    let length = length as usize;
    let mut body = buffer.split_off(head_end);
    while body.len() < length {
        let read = read_some(stream, &mut chunk, &whole_by)?;
        if read == 0 {
            return Err(refuse(
                400,
                format!("the body ended at {} of its {length} bytes", body.len()),
            ));
        }
        body.extend_from_slice(&chunk[..read]);
    }
    body.truncate(length);
    shared.whole(id);
    Ok((body, reserved))
}

/// The length of the request's head once all of it has come, by httparse.
fn head_length(buffer: &[u8]) -> Result<Option<usize>, Refusal> {
    let mut headers = [httparse::EMPTY_HEADER; MOST_HEADERS];
    match httparse::Request::new(&mut headers).parse(buffer) {
        Ok(httparse::Status::Complete(end)) => Ok(Some(end)),
        Ok(httparse::Status::Partial) => Ok(None),
        Err(httparse::Error::TooManyHeaders) => Err(refuse(
            431,
            format!("the request has over {MOST_HEADERS} headers"),
        )),
        Err(error) => Err(refuse(400, format!("not an HTTP/1.x request: {error}"))),
    }
}

/// The Host of a request to the listener: localhost or a loopback address,
/// with or without a port.
fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or_default(),
        None => host.split(':').next().unwrap_or_default(),
    };
    name.eq_ignore_ascii_case("localhost") || name == "127.0.0.1" || name == "::1"
}

/// An origin of a browser extension: Chrome's and Edge's
/// `chrome-extension://ID`, Firefox's `moz-extension://UUID`, Safari's
/// `safari-web-extension://UUID`. A web page's origin is `http(s)://HOST`
/// or `null` (a sandboxed frame, a file).
fn is_extension(origin: &str) -> bool {
    [
        "chrome-extension://",
        "moz-extension://",
        "safari-web-extension://",
    ]
    .iter()
    .any(|scheme| {
        origin.len() > scheme.len() && origin[..scheme.len()].eq_ignore_ascii_case(scheme)
    })
}

/// A time by which a request, or its head, must have come, and what its
/// 408 says once it has passed.
struct Deadline {
    at: Instant,
    passed: String,
}

/// One read, refused as 408 once the connection has been silent for
/// [`READ_TIMEOUT`] or `deadline` has passed: the socket's timeout is the
/// nearer of the two, so no read outlasts either.
fn read_some(
    stream: &mut TcpStream,
    chunk: &mut [u8],
    deadline: &Deadline,
) -> Result<usize, Refusal> {
    loop {
        let left = deadline.at.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(refuse(408, deadline.passed.clone()));
        }
        let _ = stream.set_read_timeout(Some(left.min(READ_TIMEOUT)));
        match stream.read(chunk) {
            Ok(read) => return Ok(read),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error)
                if matches!(
                    error.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                if left <= READ_TIMEOUT {
                    return Err(refuse(408, deadline.passed.clone()));
                }
                return Err(refuse(
                    408,
                    format!("nothing came for {} s", READ_TIMEOUT.as_secs()),
                ));
            }
            Err(error) => return Err(refuse(400, format!("cannot read the request: {error}"))),
        }
    }
}

/// A text from the request, for a line: escaped, and short.
fn shown(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    format!("{short:?}")
}

/// The whole answer: status line, headers and `line`. A preflight (204)
/// from the extension gets its origin back; no answer ever names a page's.
fn response(status: u16, line: &str, origin: Option<&str>) -> String {
    let reason = match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    };
    let body = if status == 204 {
        String::new()
    } else {
        format!("{line}\n")
    };
    let mut extra = String::new();
    if status == 405 || status == 204 {
        extra += "Allow: POST, OPTIONS\r\n";
    }
    if let Some(origin) = origin {
        extra += &format!(
            "Access-Control-Allow-Origin: {origin}\r\nAccess-Control-Allow-Methods: POST\r\n\
             Access-Control-Allow-Headers: Content-Type\r\nVary: Origin\r\n"
        );
    }
    if status == 503 {
        extra += "Retry-After: 1\r\n";
    }
    format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\n{extra}Connection: close\r\n\r\n{body}",
        body.len()
    )
}

/// Writes the answer and closes the connection, reading for a moment what
/// the client still sends (a refused body), so that the close does not
/// reset the connection before the answer is read.
fn respond(stream: &mut TcpStream, status: u16, line: &str, origin: Option<&str>) {
    if stream
        .write_all(response(status, line, origin).as_bytes())
        .is_err()
    {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The listener on a port of its own, on a workspace that is never
    /// written (every request here is refused before a crate is made).
    fn listening() -> (u16, Arc<Shared>) {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let port = listener.local_addr().unwrap().port();
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                root: std::env::temp_dir().join("no-workspace-here"),
                force: false,
                batches: HashMap::new(),
            }),
            held: Held(Mutex::new(0)),
            slots: Mutex::new(Vec::new()),
            next_slot: AtomicU64::new(0),
        });
        let serving = Arc::clone(&shared);
        std::thread::spawn(move || serve(&listener, &serving));
        (port, shared)
    }

    /// Waits until `now` holds of `shared`.
    fn wait_for(shared: &Shared, now: impl Fn(&Shared) -> bool) {
        let started = Instant::now();
        while !now(shared) {
            assert!(started.elapsed() < Duration::from_secs(30));
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// A connection that has sent `head` and then waits, silent but for a
    /// byte a second until it is answered or closed; whether it was
    /// answered, and with what status.
    fn slow(port: u16, head: &'static str) -> std::thread::JoinHandle<Option<u16>> {
        std::thread::spawn(move || {
            let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(1)))
                .unwrap();
            let mut next = head.as_bytes();
            let mut answer = Vec::new();
            for _ in 0..60 {
                if stream.write_all(next).is_err() {
                    break;
                }
                next = b"x";
                let mut chunk = [0u8; 1024];
                match stream.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(read) => {
                        answer.extend_from_slice(&chunk[..read]);
                        break;
                    }
                    Err(error)
                        if matches!(
                            error.kind(),
                            io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                        ) => {}
                    Err(_) => break,
                }
            }
            String::from_utf8_lossy(&answer)
                .split(' ')
                .nth(1)
                .and_then(|status| status.parse().ok())
        })
    }

    /// A request sent whole on a new connection: its status.
    fn whole(port: u16, request: &str) -> u16 {
        let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
            .split(' ')
            .nth(1)
            .and_then(|status| status.parse().ok())
            .unwrap_or_else(|| panic!("{answer:?}"))
    }

    /// A request sent whole is read (here: found not to be a problem)
    /// while eight connections that send a byte a second hold every slot,
    /// or one holds all the bytes that may be held: the slowest gives its
    /// place once it has gone 2 s without a whole request, its socket shut
    /// from the thread that takes the place (which must wake its reader on
    /// every platform). Sent again while answered 503, as a loaded machine
    /// may accept the slow ones late.
    #[test]
    fn a_request_sent_whole_takes_the_place_of_the_slowest() {
        let (port, shared) = listening();
        let taken = |request: &str, status: u16| {
            let started = Instant::now();
            loop {
                match whole(port, request) {
                    503 => assert!(started.elapsed() < Duration::from_secs(15)),
                    got => return assert_eq!(got, status),
                }
                std::thread::sleep(Duration::from_millis(200));
            }
        };
        let slots: Vec<_> = (0..MOST_CONNECTIONS)
            .map(|_| slow(port, "POST / HTTP/1.1\r\nHost: localhost\r\n"))
            .collect();
        wait_for(&shared, |shared| shared.slots().len() == MOST_CONNECTIONS);
        taken("GET /x HTTP/1.1\r\nHost: localhost\r\n\r\n", 404);
        let answered: Vec<Option<u16>> =
            slots.into_iter().map(|slot| slot.join().unwrap()).collect();
        assert!(answered.contains(&None), "{answered:?}");
        assert!(
            answered
                .iter()
                .all(|status| matches!(status, None | Some(408))),
            "{answered:?}"
        );
        let hoarder = slow(
            port,
            "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
             Content-Length: 67108864\r\n\r\n",
        );
        wait_for(&shared, |shared| {
            *shared.held.0.lock().unwrap() == MOST_HELD
        });
        taken(
            "POST / HTTP/1.1\r\nHost: localhost\r\nOrigin: moz-extension://x\r\n\
             Content-Type: text/plain;charset=UTF-8\r\nContent-Length: 2\r\n\r\n{}",
            400,
        );
        assert_eq!(hoarder.join().unwrap(), None);
    }
}
