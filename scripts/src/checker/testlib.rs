//! Checker programs in testlib's convention (`CHECKER INPUT OUTPUT
//! ANSWER`), and what their exit statuses mean. testlib.h's
//! `resultExitCode` gives them (without EJUDGE, CONTESTER or TESTSYS
//! defined, as Polygon and Codeforces build checkers): 0 ok, 1 wrong
//! answer, 2 presentation error, 3 fail, 4 dirt, 7 points, 8 unexpected
//! end of file; testlib itself turns dirt into a presentation error and,
//! unless ENABLE_UNEXPECTED_EOF is defined, an unexpected end of file too.
//! A checker written for oj (0 accepted, anything else wrong) keeps
//! working: a status testlib does not define is a wrong answer.

use super::{helper_ending, HelperEnding};
use crate::run;
use crate::verdict::{self, Verdict};
use std::path::Path;
use std::time::Duration;

/// What a testlib checker (or interactor) says by its exit status `code`:
/// the verdict and the outcome's name, as testlib names it.
///
/// | status | testlib's outcome      | verdict |
/// | ------ | ---------------------- | ------- |
/// | 0      | ok                     | AC      |
/// | 1      | wrong answer           | WA      |
/// | 2      | presentation error     | PE      |
/// | 3      | fail                   | ERROR: the checker failed, not the program |
/// | 4      | dirt (extra output)    | PE      |
/// | 7      | points                 | AC, the score shown |
/// | 8      | unexpected end of file | PE      |
/// | other  | none                   | WA, as oj reads any status but 0 |
pub fn testlib_verdict(code: i32) -> (Verdict, &'static str) {
    match code {
        0 => (Verdict::Ac, "ok"),
        1 => (Verdict::Wa, "wrong answer"),
        2 => (Verdict::Pe, "presentation error"),
        3 => (Verdict::Error, "fail"),
        4 => (Verdict::Pe, "dirt: output after the answer"),
        7 => (Verdict::Ac, "points"),
        8 => (Verdict::Pe, "unexpected end of file"),
        _ => (Verdict::Wa, "a status testlib does not define"),
    }
}

/// The verdict on a testlib checker's (or interactor's) exit status
/// `code`, with `stderr` (where testlib writes its message) shown under
/// it; `who` names it in the report ("the checker ./check").
///
/// Points (7) are a score, which this judge does not weigh: the output
/// passed testlib's reading (as for ok, output after the answer is PE),
/// and the score is shown under the AC. What a score means is the
/// checker's own: testlib's pointscmp gives a right answer 0 points.
pub fn judge_by_status(code: i32, stderr: &[u8], who: &str) -> (Verdict, String) {
    let (verdict, outcome) = testlib_verdict(code);
    let said = if stderr.is_empty() {
        "; nothing on stderr\n".to_string()
    } else {
        format!(
            "; its stderr:\n{}",
            verdict::first_lines(stderr, verdict::STDERR_LINES, "  ")
        )
    };
    let headline = match code {
        // testlib says `ok ...` on every accepted case: not worth a line.
        0 => return (verdict, String::new()),
        3 => format!(
            "{who} failed (testlib's fail, exit status 3): the checker or the answer \
             is broken, the program is not blamed"
        ),
        7 => format!("{who} gave points (exit status 7): a score, which this judge does not weigh"),
        1 | 2 | 4 | 8 => format!("{who} says {outcome} (exit status {code})"),
        42 | 43 => format!(
            "{who} says no: exit status {code}, which testlib does not define (any \
             status but 0 is a wrong answer, as oj reads it); 42 and 43 are an ICPC \
             output validator's: `--checker icpc:PATH` runs it as one"
        ),
        _ => format!(
            "{who} says no: exit status {code}, which testlib does not define (any \
             status but 0 is a wrong answer, as oj reads it)"
        ),
    };
    (verdict, headline + &said)
}

/// Runs a testlib checker on one case: `CHECKER INPUT OUTPUT ANSWER`, the
/// output in the file `output`, standard input the case's input. A
/// checker that runs past its bounds of `time` (see
/// [`super::checker_bounds`]), crashes or cannot be started is an ERROR:
/// the case was not judged.
pub fn run_checker(
    checker: &Path,
    input: &Path,
    output: &Path,
    answer: &Path,
    time: Duration,
) -> (Verdict, String) {
    let who = format!("the checker {}", checker.display());
    let args = match super::text_args(&[input, output, answer]) {
        Ok(args) => args,
        Err(detail) => return (Verdict::Error, detail),
    };
    let run = match run::run_within(
        checker,
        &args,
        input,
        super::checker_bounds(time),
        run::Purpose::Judge,
    ) {
        Ok(run) => run,
        Err(error) => {
            let detail = format!("cannot run the checker {}: {error}\n", checker.display());
            return (Verdict::Error, detail);
        }
    };
    match helper_ending(&run, &who, time) {
        HelperEnding::Exited(code) => judge_by_status(code, &run.stderr, &who),
        HelperEnding::Failed(detail) => (Verdict::Error, detail),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::{Ac, Error, Pe, Wa};

    #[test]
    fn testlibs_statuses_are_its_verdicts() {
        let verdicts: Vec<Verdict> = (0..=10).map(|code| testlib_verdict(code).0).collect();
        assert_eq!(
            verdicts,
            [Ac, Wa, Pe, Error, Pe, Wa, Wa, Ac, Pe, Wa, Wa],
            "0 to 10"
        );
        assert_eq!(testlib_verdict(255).0, Wa);
        assert_eq!(testlib_verdict(-1).0, Wa);
    }

    #[test]
    fn a_fail_blames_the_checker_and_says_what_it_said() {
        let (verdict, detail) =
            judge_by_status(3, b"FAIL answer is 5, $5 expected\n", "the checker c");
        assert_eq!(verdict, Error);
        assert_eq!(
            detail,
            "the checker c failed (testlib's fail, exit status 3): the checker or the \
             answer is broken, the program is not blamed; its stderr:\n  | FAIL answer is 5, \
             $5 expected\n"
        );
    }

    #[test]
    fn points_pass_with_their_score_shown() {
        assert_eq!(judge_by_status(7, b"points 0.5 ja=1 pa=2\n", "c").0, Ac);
        assert_eq!(judge_by_status(7, b"points 100\n", "c").0, Ac);
        // testlib's pointscmp: a right answer is 0 points off.
        assert_eq!(judge_by_status(7, b"points 0.0 ja=1 pa=1\n", "c").0, Ac);
        assert_eq!(judge_by_status(7, b"points points_info=x\n", "c").0, Ac);
        let (_, detail) = judge_by_status(7, b"points 0.5\n", "c");
        assert!(detail.contains("| points 0.5"), "{detail}");
    }

    #[test]
    fn ok_is_quiet_and_the_rest_say_their_outcome() {
        assert_eq!(judge_by_status(0, b"", "c"), (Ac, String::new()));
        assert_eq!(
            judge_by_status(0, b"ok 1 number\n", "c"),
            (Ac, String::new())
        );
        assert_eq!(
            judge_by_status(2, b"", "c"),
            (
                Pe,
                "c says presentation error (exit status 2); nothing on stderr\n".to_string()
            )
        );
        let (verdict, detail) = judge_by_status(5, b"no\n", "c");
        assert_eq!(verdict, Wa);
        assert!(detail.contains("exit status 5, which testlib does not define"));
        assert!(!detail.contains("ICPC"), "{detail}");
        // An ICPC validator given as a testlib checker: say how to run it.
        let (verdict, detail) = judge_by_status(42, b"", "c");
        assert_eq!(verdict, Wa);
        assert!(
            detail.contains("`--checker icpc:PATH` runs it as one"),
            "{detail}"
        );
    }
}
