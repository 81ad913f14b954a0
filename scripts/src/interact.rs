//! Interactive problems: the program talks to an interactor, the judge's
//! program, through its standard input and output, and the interactor
//! decides. Two conventions, as judges run them:
//!
//! - testlib's (Codeforces, Polygon): `INTERACTOR INPUT OUTPUT ANSWER`,
//!   its exit status read as a testlib checker's (`checker::testlib`: 0
//!   AC, 1 WA, 2 PE, 3 fail, ...), a crash its own failure; what it writes
//!   to OUTPUT is then held against the answer by a checker, when one is
//!   given, as Polygon does.
//! - ICPC's (`icpc:PATH`; Kattis, DOMjudge, problemtools):
//!   `VALIDATOR INPUT ANSWER FEEDBACK_DIR/`, exit status 42 AC, 43 WA, its
//!   message in `FEEDBACK_DIR/judgemessage.txt` (`checker::icpc` reads
//!   them as a validator's). The feedback folder is a fresh temporary one,
//!   removed after.
//!
//! How the two are run, joined and killed is `run::interact`'s; the
//! verdict is decided here, as [`decide`] says.

use crate::checker::icpc::{self, icpc_verdict, FeedbackDir};
use crate::checker::{checker_time, judge_by_status, testlib_verdict, Checker};
use crate::error::Error;
use crate::rules::Limits;
use crate::run::{self, Bounds, Ending, Interaction, Run, Side};
use crate::verdict::{self, Verdict};
use std::ffi::OsString;
use std::fs;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How long the interactor may run on once the program has ended before
/// it is killed and the case is an ERROR: it has seen the end of the
/// program's output by then, and has only to say its verdict.
pub const GRACE: Duration = Duration::from_secs(1);

/// What `--interactor` and `interactor = "..."` take, for messages.
pub const SPECS: &str = "an interactor program's path (testlib's convention) or icpc:PATH (ICPC's)";

/// Which convention an interactor follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// testlib's: `PATH INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA, 2 PE, 3 FAIL.
    Testlib,
    /// The ICPC package format's: `PATH INPUT ANSWER FEEDBACK_DIR`, 42/43.
    Icpc,
}

/// An interactor program and how it is run.
#[derive(Clone, Debug, PartialEq)]
pub struct Interactor {
    pub path: PathBuf,
    pub convention: Convention,
    /// testlib's convention: the checker that judges what the interactor
    /// wrote to OUTPUT against the answer once it has said AC; none: the
    /// interactor's AC is the verdict.
    pub checker: Option<Checker>,
    /// The example target of the crate that is the interactor
    /// (`example:NAME` in a crate's table), which the judge builds before
    /// judging; `path` is where the build puts it.
    pub example: Option<String>,
    /// ICPC's convention: the flags after FEEDBACK_DIR (a package's
    /// validator flags).
    pub flags: Vec<String>,
}

impl Interactor {
    /// Reads a spec: `icpc:PATH`, or a path (testlib's convention). A
    /// relative path is taken from `base` as a checker's is: from the
    /// current folder when `base` is `.`, never looked up on PATH.
    pub fn parse(spec: &str, base: &Path) -> Result<Interactor, Error> {
        let (convention, path) = match spec.strip_prefix("icpc:") {
            Some(path) => (Convention::Icpc, path),
            None => (Convention::Testlib, spec),
        };
        if path.is_empty() {
            return Err(Error::new(format!("an empty interactor: give {SPECS}")));
        }
        let path = Path::new(path);
        let from_here = base.components().all(|part| part == Component::CurDir);
        let path = if from_here {
            run::program_path(path)
        } else if path.is_relative() {
            base.join(path.strip_prefix(".").unwrap_or(path))
        } else {
            path.to_path_buf()
        };
        Ok(Interactor {
            path,
            convention,
            checker: None,
            example: None,
            flags: Vec::new(),
        })
    }

    /// Reads a crate's `interactor`: as [`Interactor::parse`] does from the
    /// crate's folder `dir`, or `example:NAME` (after `icpc:` or not), one
    /// of the crate's `examples`, built in release into `target_dir`.
    pub fn of_crate(
        spec: &str,
        dir: &Path,
        target_dir: &Path,
        examples: &[String],
    ) -> Result<Interactor, Error> {
        let (convention, rest) = match spec.strip_prefix("icpc:") {
            Some(rest) => (Convention::Icpc, rest),
            None => (Convention::Testlib, spec),
        };
        let Some(example) = rest.strip_prefix("example:") else {
            return Interactor::parse(spec, dir);
        };
        if !examples.iter().any(|name| name == example) {
            return Err(Error::new(format!(
                "example:{example}: the crate has no example named {example}"
            )));
        }
        Ok(Interactor {
            path: target_dir
                .join("release")
                .join("examples")
                .join(format!("{example}{}", std::env::consts::EXE_SUFFIX)),
            convention,
            checker: None,
            example: Some(example.to_string()),
            flags: Vec::new(),
        })
    }

    /// With `checker` judging the interactor's OUTPUT: testlib's
    /// convention only, since an ICPC validator judges by itself.
    pub fn with_checker(mut self, checker: Checker) -> Result<Interactor, Error> {
        if self.convention == Convention::Icpc {
            return Err(Error::new(
                "an ICPC interactor (icpc:PATH) judges by itself: give no checker with it",
            ));
        }
        self.checker = Some(checker);
        Ok(self)
    }
}

/// Who the report says spoke.
const WHO: &str = "the interactor";

/// testlib's exit status for a failure of its own.
const FAIL: i32 = 3;

/// An interactor's stderr, as the lines after its verdict's show it.
fn its_stderr(stderr: &[u8]) -> String {
    if stderr.is_empty() {
        "; nothing on stderr\n".to_string()
    } else {
        format!(
            "; its stderr:\n{}",
            verdict::first_lines(stderr, verdict::STDERR_LINES, "  ")
        )
    }
}

impl Convention {
    /// The verdict an interactor's `ending` gives, as a checker's of the
    /// same convention: testlib's exit codes as `checker::testlib` reads
    /// them (a crash is ERROR), ICPC's 42 and 43 (anything else ERROR).
    pub fn verdict(self, ending: Ending) -> Verdict {
        match (self, ending) {
            (Convention::Testlib, Ending::Exited(code)) if (0..=255).contains(&code) => {
                testlib_verdict(code).0
            }
            (Convention::Icpc, Ending::Exited(icpc::ACCEPTED)) => Verdict::Ac,
            (Convention::Icpc, Ending::Exited(icpc::WRONG)) => Verdict::Wa,
            _ => Verdict::Error,
        }
    }

    /// The verdict on an interactor's ending and what to show under it:
    /// what it wrote to stderr, or for ICPC to `feedback`'s
    /// judgemessage.txt.
    fn said(self, ending: Ending, stderr: &[u8], feedback: &Path) -> (Verdict, String) {
        match (self, ending) {
            (Convention::Icpc, _) => icpc_verdict(ending, feedback, stderr, WHO),
            (Convention::Testlib, Ending::Exited(code))
                if (0..=255).contains(&code) && code != FAIL =>
            {
                judge_by_status(code, stderr, WHO)
            }
            // testlib's fail, said as an interactor's, not a checker's.
            (Convention::Testlib, Ending::Exited(FAIL)) => (
                Verdict::Error,
                format!(
                    "{WHO} failed (testlib's fail, exit status 3): the interactor or the \
                     case is broken, the program is not blamed{}",
                    its_stderr(stderr)
                ),
            ),
            (Convention::Testlib, crashed) => (
                Verdict::Error,
                format!(
                    "{WHO} crashed: {}; the program is not blamed{}",
                    crashed.describe(),
                    its_stderr(stderr)
                ),
            ),
        }
    }
}

/// The verdict on one interaction, before any checker: as judges decide
/// it (the help's table says where each rule comes from), in this order.
///
/// 1. The interactor killed with the program, which ran out of time or
///    memory: TLE or MLE.
/// 2. The interactor still running [`GRACE`] after the program ended:
///    ERROR.
/// 3. The interactor's failure (testlib's fail, an ICPC status other than
///    42 and 43, a crash): ERROR, never the program's fault.
/// 4. The interactor's WA or PE, said before the program ended: that,
///    whatever the program did after (it often dies on the closed pipe).
/// 5. The program's own failure: TLE, MLE, RE, as for a batch run.
/// 6. The interactor's word: AC, or WA or PE said after the program had
///    ended.
///
/// The second of the pair is the detail to show, unindented; `feedback`
/// is an ICPC interactor's feedback folder.
pub fn decide(
    interaction: &Interaction,
    convention: Convention,
    limits: Limits,
    feedback: &Path,
) -> (Verdict, String) {
    let program = &interaction.program;
    if interaction.interactor_killed {
        return verdict::fault(program, limits).unwrap_or_else(|| {
            let detail = format!("{WHO} was killed with the program\n");
            (Verdict::Error, detail)
        });
    }
    if interaction.interactor_outlived {
        let detail = format!(
            "{WHO} was still running {} after the program ended, and was killed; \
             the program is not blamed\n",
            verdict::milliseconds(GRACE),
        );
        return (Verdict::Error, detail);
    }
    let (word, said) = convention.said(
        interaction.interactor,
        &interaction.interactor_stderr,
        feedback,
    );
    if word == Verdict::Error {
        return (Verdict::Error, said);
    }
    if word != Verdict::Ac && interaction.interactor_first {
        let then = if interaction.program_stopped {
            "the program was then stopped".to_string()
        } else if program.ending.success() {
            "the program then ended".to_string()
        } else {
            format!("the program then ended: {}", program.ending.describe())
        };
        return (word, format!("{said}(said first; {then})\n"));
    }
    if let Some(fault) = verdict::fault(program, limits) {
        return fault;
    }
    if word == Verdict::Ac {
        // testlib's points, a score this judge does not weigh, say so.
        return (Verdict::Ac, said);
    }
    (word, format!("{said}(said after the program ended)\n"))
}

/// A fresh name in the system's temporary folder.
fn temporary(kind: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    std::env::temp_dir().join(format!(
        "judge-{kind}-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ))
}

/// What judging one case against an interactor gave.
pub struct Judged {
    pub verdict: Verdict,
    pub run: Option<Run>,
    pub detail: String,
}

/// Judges `program` on the case `input` with answer `answer` against
/// `interactor`, under `limits`.
/// With `transcript`, the last lines the two exchanged are shown under a
/// failure.
pub fn judge_case(
    program: &Path,
    interactor: &Interactor,
    input: &Path,
    answer: &Path,
    limits: Limits,
    transcript: bool,
) -> Judged {
    let error = |detail: String| Judged {
        verdict: Verdict::Error,
        run: None,
        detail,
    };
    // testlib's OUTPUT file, or ICPC's feedback folder, both removed
    // after.
    let output = temporary("interaction");
    let feedback = match interactor.convention {
        Convention::Testlib => None,
        Convention::Icpc => match FeedbackDir::new() {
            Ok(feedback) => Some(feedback),
            Err(problem) => return error(format!("cannot make a feedback folder: {problem}\n")),
        },
    };
    let mut args: Vec<OsString> = vec![input.into()];
    match &feedback {
        None => {
            args.push(output.clone().into());
            args.push(answer.into());
        }
        Some(feedback) => {
            args.push(answer.into());
            // With its separator: validators that join by hand (`dir +
            // "judgemessage.txt"`) work too, as under problemtools.
            let mut dir = OsString::from(feedback.path());
            dir.push(std::path::MAIN_SEPARATOR_STR);
            args.push(dir);
            args.extend(interactor.flags.iter().map(OsString::from));
        }
    }
    // Held to the profile's clock as a single run is, the program's CPU
    // time alone (the interactor's is not the program's), DOMjudge's wall
    // cap doubled (see `Clock::interactive`).
    let limits = Limits {
        clock: limits.clock.interactive(),
        ..limits
    };
    let (kill_after, kill_cpu_after) = limits.kill_points();
    // No output limit: the program's output goes to the interactor.
    let bounds = Bounds {
        kill_after,
        memory: Some(limits.memory),
        output: run::DEFAULT_OUTPUT_LIMIT,
        stack: limits.stack,
        kill_cpu_after,
        kill_wall_after: None,
    };
    let convention = interactor.convention;
    let settles = move |ending| convention.verdict(ending) != Verdict::Ac;
    let ran = run::interact(
        program,
        &interactor.path,
        &args,
        bounds,
        GRACE,
        &settles,
        transcript,
    );
    let judged = match ran {
        Err(problem) => error(format!(
            "cannot run {} against the interactor {}: {problem}\n",
            program.display(),
            interactor.path.display()
        )),
        Ok(interaction) => {
            let feedback_path = feedback
                .as_ref()
                .map_or(output.as_path(), FeedbackDir::path);
            let (mut verdict, mut detail) = decide(&interaction, convention, limits, feedback_path);
            if verdict == Verdict::Ac {
                if let Some(checker) = &interactor.checker {
                    (verdict, detail) = check_output(checker, &output, input, answer, limits);
                }
            }
            if verdict != Verdict::Ac {
                if let Some(lines) = &interaction.transcript {
                    detail.push_str(&shown_transcript(lines));
                }
            }
            Judged {
                verdict,
                run: Some(interaction.program),
                detail,
            }
        }
    };
    let _ = fs::remove_file(&output);
    judged
}

/// A transcript as the report shows it: one line each, `>` what the
/// interactor sent the program, `<` what the program sent back.
fn shown_transcript(lines: &[(Side, Vec<u8>)]) -> String {
    if lines.is_empty() {
        return "nothing was exchanged\n".to_string();
    }
    let mut shown = format!(
        "the last {} lines exchanged (> to the program, < from it):\n",
        lines.len()
    );
    for (side, line) in lines {
        let arrow = match side {
            Side::Interactor => '>',
            Side::Program => '<',
        };
        let cut = &line[..line.len().min(verdict::LINE_CUT)];
        let more = if line.len() > cut.len() { " ..." } else { "" };
        shown.push_str(&format!("  {arrow} {}{more}\n", verdict::printable(cut)));
    }
    shown
}

/// The checker's verdict on what the interactor wrote to `output`.
fn check_output(
    checker: &Checker,
    output: &Path,
    input: &Path,
    answer_path: &Path,
    limits: Limits,
) -> (Verdict, String) {
    let read = |path: &Path| {
        fs::read(path).map_err(|problem| format!("cannot read {}: {problem}\n", path.display()))
    };
    let (written, answer) = match (read(output), read(answer_path)) {
        (Ok(written), Ok(answer)) => (written, answer),
        (Err(problem), _) | (_, Err(problem)) => return (Verdict::Error, problem),
    };
    // Only the output matters to the checker here: the program's own
    // limits and ending were judged already.
    let run = Run {
        stdout: written,
        ..Run::default()
    };
    checker.judge(
        &run,
        input,
        answer_path,
        &answer,
        limits,
        checker_time(limits.time),
    )
}

/// The number of `.interaction` files in `samples` and in its `sample/`
/// folder: transcripts of an interaction for the statement, not cases.
pub fn transcripts(samples: &Path) -> usize {
    [samples.to_path_buf(), samples.join("sample")]
        .iter()
        .filter_map(|dir| fs::read_dir(dir).ok())
        .flatten()
        .flatten()
        .filter(|entry| {
            entry
                .path()
                .extension()
                .is_some_and(|ext| ext == "interaction")
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_read_in_both_conventions() {
        let here = Path::new(".");
        let testlib = Interactor::parse("inter", here).unwrap();
        assert_eq!(testlib.convention, Convention::Testlib);
        assert_eq!(testlib.path.display().to_string(), "./inter");
        let icpc = Interactor::parse("icpc:v/run", here).unwrap();
        assert_eq!(icpc.convention, Convention::Icpc);
        assert_eq!(icpc.path.display().to_string(), "./v/run");
        let crate_dir = Path::new("crates/x");
        let own = Interactor::parse("./target/i", crate_dir).unwrap();
        assert_eq!(own.path, Path::new("crates/x/target/i"));
        assert!(Interactor::parse("", here).is_err());
        assert!(Interactor::parse("icpc:", here).is_err());
        assert!(icpc.with_checker(Checker::Tokens).is_err());
        assert!(testlib.with_checker(Checker::Tokens).is_ok());
    }

    #[test]
    fn a_crates_interactor_can_be_one_of_its_examples() {
        let examples = ["x-interactor".to_string()];
        let (dir, target) = (Path::new("crates/x"), Path::new("target"));
        let own = Interactor::of_crate("example:x-interactor", dir, target, &examples).unwrap();
        assert_eq!(own.example.as_deref(), Some("x-interactor"));
        assert_eq!(own.convention, Convention::Testlib);
        let built = format!("x-interactor{}", std::env::consts::EXE_SUFFIX);
        assert_eq!(
            own.path,
            target.join("release").join("examples").join(built)
        );
        let icpc = Interactor::of_crate("icpc:example:x-interactor", dir, target, &examples);
        assert_eq!(icpc.unwrap().convention, Convention::Icpc);
        let missing = Interactor::of_crate("example:y", dir, target, &examples).unwrap_err();
        assert!(missing
            .to_string()
            .contains("the crate has no example named y"));
        let path = Interactor::of_crate("judge/interactor", dir, target, &examples).unwrap();
        assert_eq!(path.path, Path::new("crates/x/judge/interactor"));
        assert_eq!(path.example, None);
    }

    #[test]
    fn an_interactors_codes_are_read_as_a_checkers_of_its_convention() {
        let testlib = |code| Convention::Testlib.verdict(Ending::Exited(code));
        assert_eq!(testlib(0), Verdict::Ac);
        assert_eq!(testlib(1), Verdict::Wa);
        assert_eq!(testlib(2), Verdict::Pe);
        assert_eq!(testlib(3), Verdict::Error);
        assert_eq!(testlib(4), Verdict::Pe);
        assert_eq!(testlib(8), Verdict::Pe);
        // A crash is never the program's fault: a signal, or a Windows
        // exception's status.
        assert_eq!(testlib(-1073741819), Verdict::Error);
        let crashed = Convention::Testlib.verdict(Ending::Signal(11));
        assert_eq!(crashed, Verdict::Error);
        let icpc = |code| Convention::Icpc.verdict(Ending::Exited(code));
        assert_eq!(icpc(42), Verdict::Ac);
        assert_eq!(icpc(43), Verdict::Wa);
        for code in [0, 1, 3, 44] {
            assert_eq!(icpc(code), Verdict::Error, "{code}");
        }
    }

    fn interaction(program: Ending, interactor: Ending) -> Interaction {
        Interaction {
            program: Run {
                ending: program,
                ..Run::default()
            },
            interactor,
            interactor_stderr: b"wrong answer 3 is not 4\n".to_vec(),
            interactor_first: true,
            interactor_outlived: false,
            interactor_killed: false,
            program_stopped: false,
            transcript: None,
        }
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_secs(1),
        ..crate::rules::DEFAULT_LIMITS
    };

    /// A feedback folder with nothing in it.
    fn no_feedback() -> &'static Path {
        Path::new("no-such-feedback-folder")
    }

    #[test]
    fn the_interactors_wrong_answer_wins_over_a_broken_pipe() {
        // SIGPIPE's number, 13 on every Unix.
        let piped = interaction(Ending::Signal(13), Ending::Exited(1));
        assert!(piped.interactor_first);
        let (verdict, detail) = decide(&piped, Convention::Testlib, LIMITS, no_feedback());
        assert_eq!(verdict, Verdict::Wa);
        assert!(detail.contains("wrong answer 3 is not 4"), "{detail}");
        assert!(
            detail.contains("(said first; the program then ended: killed by"),
            "{detail}"
        );
        let icpc = interaction(Ending::Exited(1), Ending::Exited(43));
        assert_eq!(
            decide(&icpc, Convention::Icpc, LIMITS, no_feedback()).0,
            Verdict::Wa
        );
    }

    #[test]
    fn the_program_that_fails_first_is_re_even_if_the_interactor_then_says_wa() {
        let mut crashed = interaction(Ending::Exited(101), Ending::Exited(2));
        crashed.interactor_first = false;
        assert_eq!(
            decide(&crashed, Convention::Testlib, LIMITS, no_feedback()).0,
            Verdict::Re
        );
        let mut quit = interaction(Ending::Exited(0), Ending::Exited(43));
        quit.interactor_first = false;
        let (verdict, detail) = decide(&quit, Convention::Icpc, LIMITS, no_feedback());
        assert_eq!(verdict, Verdict::Wa);
        assert!(detail.contains("after the program ended"), "{detail}");
    }

    #[test]
    fn the_program_fails_on_its_own_when_the_interactor_accepts() {
        let crashed = interaction(Ending::Exited(101), Ending::Exited(0));
        assert_eq!(
            decide(&crashed, Convention::Testlib, LIMITS, no_feedback()).0,
            Verdict::Re
        );
        let fine = interaction(Ending::Exited(0), Ending::Exited(42));
        assert_eq!(
            decide(&fine, Convention::Icpc, LIMITS, no_feedback()).0,
            Verdict::Ac
        );
    }

    #[test]
    fn an_interactor_that_fails_is_an_error_never_the_programs() {
        for (ending, convention) in [
            (Ending::Exited(3), Convention::Testlib),
            (Ending::Exited(0), Convention::Icpc),
            (Ending::Signal(11), Convention::Icpc),
        ] {
            let failed = interaction(Ending::Exited(1), ending);
            assert_eq!(
                decide(&failed, convention, LIMITS, no_feedback()).0,
                Verdict::Error
            );
        }
        let mut outlived = interaction(Ending::Exited(0), Ending::Signal(9));
        outlived.interactor_outlived = true;
        assert_eq!(
            decide(&outlived, Convention::Testlib, LIMITS, no_feedback()).0,
            Verdict::Error
        );
    }

    #[test]
    fn the_program_out_of_time_is_tle_whatever_the_interactor_did_when_killed() {
        let mut waited = interaction(Ending::Signal(9), Ending::Exited(1));
        waited.interactor_killed = true;
        waited.program.killed_for_time = true;
        waited.program.elapsed = Duration::from_millis(1500);
        assert_eq!(
            decide(&waited, Convention::Testlib, LIMITS, no_feedback()).0,
            Verdict::Tle
        );
    }
}
