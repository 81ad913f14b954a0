//! The progress line: what `cargo timing` is running, on standard error
//! when it is a terminal.

use std::io::{self, IsTerminal, Write};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// The line on standard error that says what is running, on a terminal
/// only; each update overwrites the last, and a thread redraws it every
/// second with the seconds the step has taken, so that a long run is never
/// a silent one.
pub struct Progress {
    /// Shared with the redrawing thread; `None` off a terminal.
    line: Option<Arc<Mutex<Line>>>,
    /// The row being measured.
    pub name: String,
}

struct Line {
    /// Empty when nothing is shown.
    text: String,
    /// When the step began.
    since: Instant,
    /// How long the line on screen is.
    shown: usize,
}

impl Line {
    fn draw(&mut self) {
        let mut line = self.text.clone();
        let seconds = self.since.elapsed().as_secs();
        if seconds >= 2 {
            line.push_str(&format!(" ({seconds} s)"));
        }
        let length = line.chars().count();
        let pad = self.shown.saturating_sub(length);
        let mut stderr = io::stderr().lock();
        let _ = write!(stderr, "\r{line}{}", " ".repeat(pad));
        let _ = stderr.flush();
        self.shown = length;
    }
}

impl Progress {
    pub fn new() -> Progress {
        if !io::stderr().is_terminal() {
            return Progress {
                line: None,
                name: String::new(),
            };
        }
        let line = Arc::new(Mutex::new(Line {
            text: String::new(),
            since: Instant::now(),
            shown: 0,
        }));
        let shared = Arc::clone(&line);
        // Ends with the process.
        thread::spawn(move || loop {
            thread::sleep(Duration::from_secs(1));
            let mut line = shared.lock().unwrap_or_else(PoisonError::into_inner);
            if !line.text.is_empty() {
                line.draw();
            }
        });
        Progress {
            line: Some(line),
            name: String::new(),
        }
    }

    pub fn show(&mut self, what: &str) {
        if let Some(line) = &self.line {
            let mut line = line.lock().unwrap_or_else(PoisonError::into_inner);
            line.text = format!("  {}: {what}", self.name);
            line.since = Instant::now();
            line.draw();
        }
    }

    pub fn clear(&mut self) {
        if let Some(line) = &self.line {
            let mut line = line.lock().unwrap_or_else(PoisonError::into_inner);
            if line.shown > 0 {
                let mut stderr = io::stderr().lock();
                let _ = write!(stderr, "\r{}\r", " ".repeat(line.shown));
                let _ = stderr.flush();
            }
            line.text.clear();
            line.shown = 0;
        }
    }
}
