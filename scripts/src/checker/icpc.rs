//! Output validators in the ICPC problem package format (Kattis,
//! DOMjudge): run as `VALIDATOR INPUT ANSWER FEEDBACK_DIR [FLAGS...] <
//! OUTPUT`, exit status 42 accepted and 43 wrong answer, what they say
//! written to `judgemessage.txt` in the feedback folder. Any other status,
//! or a crash, is the validator's failure: ERROR, the program not blamed.

use super::{helper_ending, HelperEnding};
use crate::run::{self, Ending};
use crate::verdict::{self, Verdict};
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The exit status that accepts.
pub const ACCEPTED: i32 = 42;
/// The exit status of a wrong answer.
pub const WRONG: i32 = 43;

/// Lines of each feedback file shown under a verdict.
const MESSAGE_LINES: usize = 10;

/// The feedback files shown, in this order.
const FEEDBACK_FILES: [&str; 3] = ["judgemessage.txt", "teammessage.txt", "judgeerror.txt"];

/// A fresh, empty feedback folder under the system's temporary folder,
/// removed with all it holds when dropped: a validator writes its
/// messages there, never into the current folder.
pub struct FeedbackDir {
    path: PathBuf,
}

impl FeedbackDir {
    pub fn new() -> io::Result<FeedbackDir> {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "judge-feedback-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        // A folder left by a process of the same id that was killed.
        let _ = fs::remove_dir_all(&path);
        fs::create_dir(&path)?;
        Ok(FeedbackDir { path })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for FeedbackDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// The verdict of an ICPC validator (or interactor) that ended with
/// `ending`, having written its feedback to `feedback` and `stderr`; `who`
/// names it ("the validator ./v"). 42 AC; 43 WA with `judgemessage.txt`
/// (and `teammessage.txt`, `judgeerror.txt`) shown; anything else ERROR
/// with what it said.
pub fn icpc_verdict(
    ending: Ending,
    feedback: &Path,
    stderr: &[u8],
    who: &str,
) -> (Verdict, String) {
    // What it wrote for the judges, for the team, and (DOMjudge shows it)
    // about a failure of its own, each shown when not empty.
    let messages: Vec<(&str, Vec<u8>)> = FEEDBACK_FILES
        .iter()
        .map(|name| (*name, read_start(&feedback.join(name))))
        .filter(|(_, message)| !message.is_empty())
        .collect();
    let said = |what: &str| {
        let mut said = String::new();
        for (name, message) in &messages {
            said.push_str(&format!(
                "{what} {name}:\n{}",
                verdict::first_lines(message, MESSAGE_LINES, "  ")
            ));
        }
        if !stderr.is_empty() {
            said.push_str(&format!(
                "its stderr:\n{}",
                verdict::first_lines(stderr, verdict::STDERR_LINES, "  ")
            ));
        }
        if said.is_empty() {
            said.push_str("it wrote no judgemessage.txt and nothing on stderr\n");
        }
        said
    };
    match ending {
        Ending::Exited(ACCEPTED) => (Verdict::Ac, String::new()),
        Ending::Exited(WRONG) => (
            Verdict::Wa,
            format!("{who} says wrong answer (exit status 43); {}", said("its")),
        ),
        Ending::Exited(code) if (0..=255).contains(&code) => (
            Verdict::Error,
            format!(
                "{who} failed: exit status {code}, neither 42 (accepted) nor 43 (wrong \
                 answer); the program is not blamed; {}",
                said("its")
            ),
        ),
        _ => (
            Verdict::Error,
            format!(
                "{who} crashed: {}; the program is not blamed; {}",
                ending.describe(),
                said("its")
            ),
        ),
    }
}

/// The first 64 KiB of a file, or nothing when there is none.
fn read_start(path: &Path) -> Vec<u8> {
    let mut start = Vec::new();
    if let Ok(file) = fs::File::open(path) {
        let _ = file.take(64 << 10).read_to_end(&mut start);
    }
    start
}

/// Runs an ICPC output validator on one case: the output, in the file
/// `output`, is its standard input; `flags` follow the feedback folder. A
/// validator that runs past its bounds of `time` (see
/// [`super::checker_bounds`]) or cannot be started is an ERROR.
pub fn run_validator(
    validator: &Path,
    flags: &[String],
    input: &Path,
    output: &Path,
    answer: &Path,
    time: Duration,
) -> (Verdict, String) {
    let who = format!("the validator {}", validator.display());
    let feedback = match FeedbackDir::new() {
        Ok(feedback) => feedback,
        Err(error) => {
            let detail = format!("cannot make a feedback folder for {who}: {error}\n");
            return (Verdict::Error, detail);
        }
    };
    let mut args = match super::text_args(&[input, answer, feedback.path()]) {
        Ok(args) => args,
        Err(detail) => return (Verdict::Error, detail),
    };
    // With its trailing separator, as both judges pass it: problemtools'
    // judge/execute.py gives `str(feedback_dir) + os.sep`, DOMjudge's
    // judgedaemon.main.php `feedback/`; a validator that writes
    // `"${3}judgemessage.txt"` writes into the folder, not beside it.
    args[2].push(std::path::MAIN_SEPARATOR);
    args.extend(flags.iter().cloned());
    let run = match run::run_within(
        validator,
        &args,
        output,
        super::checker_bounds(time),
        run::Purpose::Judge,
    ) {
        Ok(run) => run,
        Err(error) => {
            let detail = format!("cannot run {who}: {error}\n");
            return (Verdict::Error, detail);
        }
    };
    match helper_ending(&run, &who, time) {
        HelperEnding::Exited(_) => icpc_verdict(run.ending, feedback.path(), &run.stderr, &who),
        // A crash is read by icpc_verdict too, with what it wrote first.
        HelperEnding::Failed(_) if !run.killed_for_time => {
            icpc_verdict(run.ending, feedback.path(), &run.stderr, &who)
        }
        HelperEnding::Failed(detail) => (Verdict::Error, detail),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fortytwo_accepts_fortythree_is_wrong_and_the_rest_fail() {
        let feedback = FeedbackDir::new().unwrap();
        let path = feedback.path().to_path_buf();
        let judge = |ending| icpc_verdict(ending, &path, b"", "v");
        assert_eq!(judge(Ending::Exited(42)), (Verdict::Ac, String::new()));
        assert_eq!(
            judge(Ending::Exited(43)),
            (
                Verdict::Wa,
                "v says wrong answer (exit status 43); it wrote no judgemessage.txt and \
                 nothing on stderr\n"
                    .to_string()
            )
        );
        fs::write(path.join("judgemessage.txt"), "expected $5, got ^5\r\n").unwrap();
        assert_eq!(
            judge(Ending::Exited(43)).1,
            "v says wrong answer (exit status 43); its judgemessage.txt:\n  | expected \
             $5, got ^5\n"
        );
        // The team's message and a failure's own words follow, each shown;
        // an empty file is not.
        fs::write(path.join("teammessage.txt"), "too high\n").unwrap();
        fs::write(path.join("judgeerror.txt"), "").unwrap();
        assert_eq!(
            judge(Ending::Exited(43)).1,
            "v says wrong answer (exit status 43); its judgemessage.txt:\n  | expected \
             $5, got ^5\nits teammessage.txt:\n  | too high\n"
        );
        fs::write(path.join("judgeerror.txt"), "cannot read the answer\n").unwrap();
        assert!(judge(Ending::Exited(1))
            .1
            .ends_with("its judgeerror.txt:\n  | cannot read the answer\n"));
        for ending in [Ending::Exited(0), Ending::Exited(1), Ending::Signal(6)] {
            assert_eq!(judge(ending).0, Verdict::Error, "{ending:?}");
        }
        assert!(judge(Ending::Exited(0)).1.contains("neither 42"));
        // A status no exit call gives, as Windows reports a crash.
        assert!(judge(Ending::Exited(-1_073_740_791))
            .1
            .contains(" crashed: "));
        drop(feedback);
        assert!(!path.exists(), "the feedback folder is removed");
    }
}
