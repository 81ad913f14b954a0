//! Interactive problems: the program talks to an interactor, the judge's
//! program, through its standard input and output, and the interactor
//! decides. Two conventions, as judges run them:
//!
//! - testlib's (Codeforces, Polygon): `INTERACTOR INPUT OUTPUT ANSWER`,
//!   exit status 0 AC, 1 WA, 2 PE, 3 FAIL and the rest of testlib.h's
//!   codes; what it writes to OUTPUT is then held against the answer by a
//!   checker, when one is given, as Polygon does.
//! - ICPC's (`icpc:PATH`; Kattis, DOMjudge, problemtools):
//!   `VALIDATOR INPUT ANSWER FEEDBACK_DIR/`, exit status 42 AC, 43 WA, its
//!   message in `FEEDBACK_DIR/judgemessage.txt`. The feedback folder is a
//!   fresh temporary one, removed after.
//!
//! How the two are run, joined and killed is `run::interact`'s; the
//! verdict is decided here, as [`decide`] says.

use crate::checker::{checker_time, Checker};
use crate::error::Error;
use crate::run::{self, Bounds, Ending, Interaction, Run, Side};
use crate::verdict::{self, Verdict};
use crate::workspace::Limits;
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

/// What an interactor said by its ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    Ac,
    Wa,
    Pe,
    /// Its own failure, never the program's: what it was, for the report.
    Failed(String),
}

// The exit codes below are testlib.h's (`resultExitCode`) and the ICPC
// package format's, the same a checker program of either convention
// uses.

/// testlib's exit codes: 0 AC, 1 WA, 2 PE, 3 FAIL; 4 (dirt: extra output
/// after the answer) PE as Polygon takes it; 7 (points) and 16 and up
/// (partially correct) WA, as a case either passes or not here; 8
/// (unexpected end of file, given only when testlib is built so) PE, as
/// testlib gives it otherwise.
pub fn testlib_said(ending: Ending) -> Said {
    match ending {
        Ending::Exited(0) => Said::Ac,
        Ending::Exited(1 | 7 | 16..=255) => Said::Wa,
        Ending::Exited(2 | 4 | 8) => Said::Pe,
        Ending::Exited(3) => Said::Failed("FAIL (exit status 3)".to_string()),
        other => failed(other, "testlib's"),
    }
}

/// The ICPC format's: 42 AC, 43 WA, anything else the validator's failure.
pub fn icpc_said(ending: Ending) -> Said {
    match ending {
        Ending::Exited(42) => Said::Ac,
        Ending::Exited(43) => Said::Wa,
        other => failed(other, "the ICPC"),
    }
}

fn failed(ending: Ending, convention: &str) -> Said {
    let crashed = match ending {
        Ending::Exited(code) => !(0..=255).contains(&code),
        Ending::Signal(_) => true,
    };
    Said::Failed(if crashed {
        format!("crashed: {}", ending.describe())
    } else {
        format!(
            "{}, which {convention} convention does not define",
            ending.describe()
        )
    })
}

impl Convention {
    pub fn said(self, ending: Ending) -> Said {
        match self {
            Convention::Testlib => testlib_said(ending),
            Convention::Icpc => icpc_said(ending),
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
/// 3. The interactor's failure (FAIL, an exit its convention does not
///    define, a crash): ERROR, never the program's fault.
/// 4. The interactor's WA or PE, said before the program ended: that,
///    whatever the program did after (it often dies on the closed pipe).
/// 5. The program's own failure: TLE, MLE, RE, as for a batch run.
/// 6. The interactor's word: AC, or WA or PE said after the program had
///    ended.
///
/// The second of the pair is the detail to show, unindented.
pub fn decide(
    interaction: &Interaction,
    convention: Convention,
    limits: Limits,
) -> (Verdict, String) {
    let program = &interaction.program;
    if interaction.interactor_killed {
        return verdict::fault(program, limits).unwrap_or_else(|| {
            let detail = "the interactor was killed with the program\n".to_string();
            (Verdict::Error, detail)
        });
    }
    if interaction.interactor_outlived {
        let detail = format!(
            "the interactor was still running {} after the program ended, and was killed{}",
            verdict::milliseconds(GRACE),
            message(interaction)
        );
        return (Verdict::Error, detail);
    }
    let said = convention.said(interaction.interactor);
    let word = match said {
        Said::Failed(what) => {
            let detail = format!("the interactor failed: {what}{}", message(interaction));
            return (Verdict::Error, detail);
        }
        Said::Ac => Verdict::Ac,
        Said::Wa => Verdict::Wa,
        Said::Pe => Verdict::Pe,
    };
    if word != Verdict::Ac && interaction.interactor_first {
        let mut detail = format!(
            "the interactor says {word} ({})",
            interaction.interactor.describe()
        );
        if interaction.program_stopped {
            detail.push_str(", first; the program was then stopped");
        } else if !program.ending.success() {
            detail.push_str(&format!(
                ", first; the program then ended: {}",
                program.ending.describe()
            ));
        }
        return (word, detail + &message(interaction));
    }
    if let Some(fault) = verdict::fault(program, limits) {
        return fault;
    }
    if word == Verdict::Ac {
        return (Verdict::Ac, String::new());
    }
    let detail = format!(
        "the interactor says {word} ({}) after the program ended",
        interaction.interactor.describe()
    );
    (word, detail + &message(interaction))
}

/// The interactor's message: its judgemessage.txt (ICPC) or its stderr,
/// as a line or two after the verdict's.
fn message(interaction: &Interaction) -> String {
    let stderr = &interaction.interactor_stderr;
    if stderr.is_empty() {
        "; nothing on stderr\n".to_string()
    } else {
        format!(
            "; its stderr:\n{}",
            verdict::first_lines(stderr, verdict::STDERR_LINES, "  ")
        )
    }
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
    let scratch = match interactor.convention {
        Convention::Testlib => temporary("interaction"),
        Convention::Icpc => temporary("feedback"),
    };
    let mut args: Vec<OsString> = vec![input.into()];
    match interactor.convention {
        Convention::Testlib => {
            args.push(scratch.clone().into());
            args.push(answer.into());
        }
        Convention::Icpc => {
            if let Err(problem) = fs::create_dir(&scratch) {
                return error(format!("cannot create {}: {problem}\n", scratch.display()));
            }
            args.push(answer.into());
            // With its separator: validators that join by hand (`dir +
            // "judgemessage.txt"`) work too, as under problemtools.
            let mut dir = OsString::from(scratch.clone());
            dir.push(std::path::MAIN_SEPARATOR_STR);
            args.push(dir);
        }
    }
    let bounds = Bounds {
        kill_after: run::kill_after(limits.time),
        memory: Some(limits.memory),
        output: run::DEFAULT_OUTPUT_LIMIT,
    };
    let convention = interactor.convention;
    let settles = move |ending| convention.said(ending) != Said::Ac;
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
        Ok(mut interaction) => {
            if convention == Convention::Icpc {
                // The validator's message is its judgemessage.txt; its
                // stderr only when that is empty.
                let written = fs::read(scratch.join("judgemessage.txt")).unwrap_or_default();
                if !written.is_empty() {
                    interaction.interactor_stderr = written;
                }
            }
            let (mut verdict, mut detail) = decide(&interaction, convention, limits);
            if verdict == Verdict::Ac {
                if let Some(checker) = &interactor.checker {
                    (verdict, detail) = check_output(checker, &scratch, input, answer, limits);
                }
            }
            if verdict != Verdict::Ac {
                if let Some(lines) = &interaction.transcript {
                    detail.push_str(&shown_transcript(lines));
                }
            }
            if convention == Convention::Icpc {
                detail = detail.replace("; its stderr:", "; it says:").replace(
                    "; nothing on stderr",
                    "; no judgemessage.txt, nothing on stderr",
                );
            }
            Judged {
                verdict,
                run: Some(interaction.program),
                detail,
            }
        }
    };
    let _ = match convention {
        Convention::Testlib => fs::remove_file(&scratch),
        Convention::Icpc => fs::remove_dir_all(&scratch),
    };
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
    fn testlib_codes_are_read_as_testlib_defines_them() {
        let said = |code| testlib_said(Ending::Exited(code));
        assert_eq!(said(0), Said::Ac);
        assert_eq!(said(1), Said::Wa);
        assert_eq!(said(2), Said::Pe);
        assert!(matches!(said(3), Said::Failed(_)));
        assert_eq!(said(4), Said::Pe);
        assert_eq!(said(7), Said::Wa);
        assert_eq!(said(8), Said::Pe);
        assert_eq!(said(16), Said::Wa);
        assert!(matches!(said(5), Said::Failed(_)));
        assert!(matches!(said(-1073741819), Said::Failed(_)));
        assert!(matches!(testlib_said(Ending::Signal(11)), Said::Failed(_)));
    }

    #[test]
    fn icpc_codes_are_42_and_43_and_nothing_else() {
        assert_eq!(icpc_said(Ending::Exited(42)), Said::Ac);
        assert_eq!(icpc_said(Ending::Exited(43)), Said::Wa);
        for code in [0, 1, 3, 44] {
            assert!(matches!(icpc_said(Ending::Exited(code)), Said::Failed(_)));
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
        memory: 256 << 20,
    };

    #[test]
    fn the_interactors_wrong_answer_wins_over_a_broken_pipe() {
        // SIGPIPE's number, 13 on every Unix.
        let piped = interaction(Ending::Signal(13), Ending::Exited(1));
        assert!(piped.interactor_first);
        let (verdict, detail) = decide(&piped, Convention::Testlib, LIMITS);
        assert_eq!(verdict, Verdict::Wa);
        assert!(detail.contains("wrong answer 3 is not 4"), "{detail}");
        let icpc = interaction(Ending::Exited(1), Ending::Exited(43));
        assert_eq!(decide(&icpc, Convention::Icpc, LIMITS).0, Verdict::Wa);
    }

    #[test]
    fn the_program_that_fails_first_is_re_even_if_the_interactor_then_says_wa() {
        let mut crashed = interaction(Ending::Exited(101), Ending::Exited(2));
        crashed.interactor_first = false;
        assert_eq!(decide(&crashed, Convention::Testlib, LIMITS).0, Verdict::Re);
        let mut quit = interaction(Ending::Exited(0), Ending::Exited(43));
        quit.interactor_first = false;
        let (verdict, detail) = decide(&quit, Convention::Icpc, LIMITS);
        assert_eq!(verdict, Verdict::Wa);
        assert!(detail.contains("after the program ended"), "{detail}");
    }

    #[test]
    fn the_program_fails_on_its_own_when_the_interactor_accepts() {
        let crashed = interaction(Ending::Exited(101), Ending::Exited(0));
        assert_eq!(decide(&crashed, Convention::Testlib, LIMITS).0, Verdict::Re);
        let fine = interaction(Ending::Exited(0), Ending::Exited(42));
        assert_eq!(decide(&fine, Convention::Icpc, LIMITS).0, Verdict::Ac);
    }

    #[test]
    fn an_interactor_that_fails_is_an_error_never_the_programs() {
        for (ending, convention) in [
            (Ending::Exited(3), Convention::Testlib),
            (Ending::Exited(0), Convention::Icpc),
            (Ending::Signal(11), Convention::Icpc),
        ] {
            let failed = interaction(Ending::Exited(1), ending);
            assert_eq!(decide(&failed, convention, LIMITS).0, Verdict::Error);
        }
        let mut outlived = interaction(Ending::Exited(0), Ending::Signal(9));
        outlived.interactor_outlived = true;
        assert_eq!(
            decide(&outlived, Convention::Testlib, LIMITS).0,
            Verdict::Error
        );
    }

    #[test]
    fn the_program_out_of_time_is_tle_whatever_the_interactor_did_when_killed() {
        let mut waited = interaction(Ending::Signal(9), Ending::Exited(1));
        waited.interactor_killed = true;
        waited.program.killed_for_time = true;
        waited.program.elapsed = Duration::from_millis(1500);
        assert_eq!(decide(&waited, Convention::Testlib, LIMITS).0, Verdict::Tle);
    }
}
