//! How an output is held against the expected answer: a crate's `checker`
//! (`[package.metadata.judge]`) or `--checker SPEC`, the policies that `oj`
//! and cargo-compete users know, and the checkers judges publish: testlib's
//! (`testlib.rs`), ICPC output validators (`icpc.rs`) and the ICPC default
//! output validator (`default_validator.rs`). One place decides, for
//! `judge`, `bundle --check` and `stress` alike.

mod c_number;
mod default_validator;
mod domjudge;
pub mod icpc;
pub mod testlib;
mod validator_flags;

pub use validator_flags::ValidatorFlags;
// For an interactor in testlib's convention, which ends as a checker does
// (its module has them too): unused until one is run.
#[allow(unused_imports)]
pub use testlib::{judge_by_status, testlib_verdict};

use crate::error::Error;
use crate::rules::profile::Comparison;
use crate::rules::Limits;
use crate::run::{self, Run};
use crate::verdict::{self, Position, Verdict};
use std::fs;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A comparison policy.
#[derive(Clone, Debug, PartialEq)]
pub enum Checker {
    /// Byte for byte, a missing final newline tolerated and a CR before a
    /// LF part of the line end; PE when only whitespace differs. The
    /// default.
    Exact,
    /// Luogu's rule: spaces at the end of each line, and blank lines at
    /// the end, ignored; any other difference WA.
    Lines,
    /// AtCoder's, as its users report it: exact, but spaces at the ends of
    /// lines and blank lines at the end AC with a note of the doubt.
    AtCoder,
    /// The same whitespace-separated tokens in the same order.
    Tokens,
    /// Tokens, numbers equal within this absolute or relative error.
    Float(f64),
    /// A checker in testlib's convention, run as `CHECKER INPUT OUTPUT
    /// ANSWER`: exit status 0 AC, 1 WA, 2 PE, 3 the checker's failure, as
    /// [`testlib_verdict`] reads them.
    Program(PathBuf),
    /// An ICPC output validator, run as `VALIDATOR INPUT ANSWER
    /// FEEDBACK_DIR [FLAGS...] < OUTPUT`: 42 AC, 43 WA.
    Icpc {
        validator: PathBuf,
        flags: Vec<String>,
    },
    /// The ICPC default output validator, built in.
    IcpcDefault(ValidatorFlags),
}

/// What `--checker` and `checker = "..."` take, for messages.
pub const SPECS: &str =
    "exact, lines, atcoder, tokens, float:EPS (such as float:1e-6), icpc-default (or \
                         icpc-default:FLAGS), domjudge-default (or domjudge-default:FLAGS), \
                         icpc:PATH or a checker program's path";

/// The spec of the built-in ICPC default output validator.
const ICPC_DEFAULT: &str = "icpc-default";
/// The spec of DOMjudge's default output validator, built in.
const DOMJUDGE_DEFAULT: &str = "domjudge-default";

impl Checker {
    /// Reads a spec: `exact`, `tokens`, `float:EPS`, `icpc-default` (with
    /// `:FLAGS`, validator_flags apart by spaces or commas), `icpc:PATH`,
    /// or else the path of a testlib checker. A program's path, relative,
    /// is taken from `base`, never looked up on PATH (from the current
    /// folder `.`, as [`run::program_path`] takes it: `./x` as given, not
    /// `././x`).
    pub fn parse(spec: &str, base: &Path) -> Result<Checker, Error> {
        match spec {
            "exact" => return Ok(Checker::Exact),
            "lines" => return Ok(Checker::Lines),
            "atcoder" => return Ok(Checker::AtCoder),
            "tokens" => return Ok(Checker::Tokens),
            "" => return Err(Error::new(format!("an empty checker: give {SPECS}"))),
            _ => {}
        }
        for (name, domjudge) in [(ICPC_DEFAULT, false), (DOMJUDGE_DEFAULT, true)] {
            let Some(rest) = spec.strip_prefix(name) else {
                continue;
            };
            let flags = match rest {
                "" => "",
                _ => match rest.strip_prefix(':') {
                    Some(flags) => flags,
                    None => continue,
                },
            };
            // As problem.yaml's validator_flags: words apart; commas too,
            // which need no quoting in a shell.
            let words: Vec<String> = flags
                .split(|character: char| character == ',' || character.is_whitespace())
                .filter(|word| !word.is_empty())
                .map(str::to_string)
                .collect();
            return ValidatorFlags::parse(&words)
                .map(|flags| Checker::IcpcDefault(flags.in_domjudge(domjudge)))
                .map_err(|error| error.context(name));
        }
        if let Some(validator) = spec.strip_prefix("icpc:") {
            if validator.is_empty() {
                return Err(Error::new(
                    "icpc:PATH needs the validator's path, such as icpc:./validate",
                ));
            }
            return Ok(Checker::Icpc {
                validator: program_from(Path::new(validator), base),
                flags: Vec::new(),
            });
        }
        if let Some(error) = spec.strip_prefix("float:") {
            return error
                .parse::<f64>()
                .ok()
                .filter(|error| error.is_finite() && *error > 0.0)
                .map(Checker::Float)
                .ok_or_else(|| {
                    Error::new(format!(
                        "float:EPS takes an error above 0 such as 1e-6, not '{error}'"
                    ))
                });
        }
        Ok(Checker::Program(program_from(Path::new(spec), base)))
    }

    /// The checker a judge profile compares by when the problem names none.
    pub fn of(comparison: Comparison) -> Checker {
        match comparison {
            Comparison::Exact => Checker::Exact,
            Comparison::Lines => Checker::Lines,
            Comparison::AtCoder => Checker::AtCoder,
            Comparison::Tokens => Checker::Tokens,
            Comparison::IcpcDefault => Checker::IcpcDefault(ValidatorFlags::default()),
            Comparison::DomjudgeDefault => {
                Checker::IcpcDefault(ValidatorFlags::default().in_domjudge(true))
            }
        }
    }

    /// The program this checker runs, if it runs one.
    pub fn program(&self) -> Option<&Path> {
        match self {
            Checker::Program(path) => Some(path),
            Checker::Icpc { validator, .. } => Some(validator),
            _ => None,
        }
    }

    /// The verdict on a finished `run` of the case whose input file is
    /// `input` and whose expected answer is `answer` (the file `answer_path`),
    /// and what to show under it (unindented: the report indents it).
    ///
    /// Limits first, as [`verdict::fault`] orders them; then the output,
    /// by this policy. A checker program is held to the
    /// [`checker_bounds`] of `checker_time` ([`checker_time`] of the
    /// crate's time limit, whatever limits the run was given).
    pub fn judge(
        &self,
        run: &Run,
        input: &Path,
        answer_path: &Path,
        answer: &[u8],
        limits: Limits,
        checker_time: Duration,
    ) -> (Verdict, String) {
        if let Some(fault) = verdict::fault(run, limits) {
            return fault;
        }
        match self {
            Checker::Exact => verdict::judge_output(answer, &run.stdout),
            Checker::Lines => verdict::judge_lines(answer, &run.stdout),
            Checker::AtCoder => verdict::judge_atcoder(answer, &run.stdout),
            Checker::Tokens => compare_tokens(answer, &run.stdout, None),
            Checker::Float(error) => compare_tokens(answer, &run.stdout, Some(*error)),
            Checker::IcpcDefault(flags) => default_validator::judge(flags, answer, &run.stdout),
            Checker::Program(checker) => with_output_file(&run.stdout, |output| {
                testlib::run_checker(checker, input, output, answer_path, checker_time)
            }),
            Checker::Icpc { validator, flags } => with_output_file(&run.stdout, |output| {
                icpc::run_validator(validator, flags, input, output, answer_path, checker_time)
            }),
        }
    }

    /// Where `output` first differs from `answer` by this policy, as the
    /// report under WA or PE shows it: the first differing line and byte
    /// (exact), or the first differing token's line, byte and number
    /// (tokens, float, icpc-default; when the output has too few, the
    /// position just past its end). `None` when they do not differ, and for
    /// a checker program, which says no position.
    pub fn first_difference(&self, answer: &[u8], output: &[u8]) -> Option<Position> {
        let error = match self {
            Checker::Exact | Checker::Lines | Checker::AtCoder => {
                return verdict::first_difference(answer, output)
            }
            Checker::Tokens => None,
            Checker::Float(error) => Some(*error),
            Checker::IcpcDefault(flags) => {
                return default_validator::validate(flags, answer, output)
                    .err()
                    .map(|mismatch| mismatch.at)
            }
            Checker::Program(_) | Checker::Icpc { .. } => return None,
        };
        let (index, _, token, _) = first_token_difference(answer, output, error)?;
        Some(match token {
            Some(token) => Position {
                line: token.line_number,
                column: token.offset + 1,
                token: Some(index),
            },
            None => {
                let last = output.split(|&byte| byte == b'\n').enumerate().last();
                let (index_of_last, last_line) = last.unwrap_or((0, &[]));
                Position {
                    line: index_of_last + 1,
                    column: last_line.len() + 1,
                    token: Some(index),
                }
            }
        })
    }
}

/// Tokens of `text` with the number of the line each is on (from 1), the
/// line, and where in the line it starts. Tokens are apart by testlib's
/// blanks (testlib.h's `isBlanks`: space, tab, CR, LF), as its wcmp and
/// rcmp read them: a vertical tab, a form feed and a leading UTF-8
/// byte-order mark are bytes of a token.
fn tokens(text: &[u8]) -> impl Iterator<Item = Token<'_>> {
    text.split(|&byte| byte == b'\n')
        .enumerate()
        .flat_map(|(index, line)| {
            line.split(|&byte| matches!(byte, b' ' | b'\t' | b'\r'))
                .filter(|token| !token.is_empty())
                .map(move |token| Token {
                    line_number: index + 1,
                    line,
                    // Both slices are of the same line.
                    offset: token.as_ptr() as usize - line.as_ptr() as usize,
                    text: token,
                })
        })
}

struct Token<'a> {
    line_number: usize,
    line: &'a [u8],
    offset: usize,
    text: &'a [u8],
}

/// `tokens`, or `float:EPS` when `error` is given: AC when the two have
/// the same tokens, numbers within `error`; else WA with the first token
/// that differs.
fn compare_tokens(expected: &[u8], actual: &[u8], error: Option<f64>) -> (Verdict, String) {
    let Some((index, one, other, why)) = first_token_difference(expected, actual, error) else {
        return (Verdict::Ac, String::new());
    };
    let mut detail = format!("token {index} differs: {why}\n");
    for (name, token) in [("expected", &one), ("actual", &other)] {
        detail.push_str(&match token {
            Some(token) => format!(
                "{name}: `{}`\n  >{:>4} | {}\n",
                verdict::visible_cut(token.text, 0),
                token.line_number,
                verdict::visible_cut(token.line, token.offset)
            ),
            None => format!("{name}: (no token {index})\n"),
        });
    }
    (Verdict::Wa, detail)
}

/// The first token where the two differ (its number from 1, each side's
/// token if it has one, and why), or `None` when they match.
fn first_token_difference<'a>(
    expected: &'a [u8],
    actual: &'a [u8],
    error: Option<f64>,
) -> Option<(usize, Option<Token<'a>>, Option<Token<'a>>, String)> {
    let mut expected_tokens = tokens(expected);
    let mut actual_tokens = tokens(actual);
    let mut index = 0;
    loop {
        index += 1;
        let (one, other) = (expected_tokens.next(), actual_tokens.next());
        let why = match (&one, &other) {
            (None, None) => return None,
            (Some(one), Some(other)) => match differ(one.text, other.text, error) {
                Some(why) => why,
                None => continue,
            },
            _ => format!(
                "expected {} tokens, the output has {}",
                tokens(expected).count(),
                tokens(actual).count()
            ),
        };
        return Some((index, one, other, why));
    }
}

/// Why two tokens differ, or `None` when they are equal: the same text,
/// or with `error` given, numbers within it.
fn differ(expected: &[u8], actual: &[u8], error: Option<f64>) -> Option<String> {
    if expected == actual {
        return None;
    }
    let Some(error) = error else {
        return Some("the text differs".to_string());
    };
    match (number(expected), number(actual)) {
        (Some(one), Some(other)) if close(one, other, error) => None,
        (Some(one), Some(other)) => Some(format!(
            "{other} differs from {one} by {}, more than {error:e} (absolute and relative)",
            short((other - one).abs())
        )),
        (Some(_), None) => Some("the output's token is not a number".to_string()),
        (None, Some(_)) => Some("a word is expected, not a number".to_string()),
        (None, None) => Some("the text differs".to_string()),
    }
}

/// A difference in four significant digits: `0.5`, `6.667e-5`.
fn short(number: f64) -> String {
    if (1e-3..1e6).contains(&number) {
        // From 0 (for 1000 and more) to 6 (for 0.001 and more).
        let digits = (3 - number.log10().floor() as i32).max(0) as usize;
        let shown = format!("{number:.digits$}");
        if shown.contains('.') {
            shown
                .trim_end_matches('0')
                .trim_end_matches('.')
                .to_string()
        } else {
            shown
        }
    } else {
        format!("{number:.3e}")
    }
}

/// A token as a number, when it reads as one (Rust's syntax for `f64`:
/// `1`, `-0.5`, `1e-9`, `inf`, `NaN`).
fn number(token: &[u8]) -> Option<f64> {
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// True when `actual` is within `error` of `expected`, absolutely or
/// relative to `expected`: |actual - expected| <= error × max(1, |expected|),
/// with room for the rounding of decimal text to binary. A NaN matches
/// only a NaN, an infinity only the same infinity.
fn close(expected: f64, actual: f64, error: f64) -> bool {
    if expected.is_nan() || actual.is_nan() {
        return expected.is_nan() && actual.is_nan();
    }
    if expected.is_infinite() || actual.is_infinite() {
        return expected == actual;
    }
    let difference = (actual - expected).abs();
    let allowed = error * expected.abs().max(1.0);
    let rounding = 4.0 * f64::EPSILON * expected.abs().max(actual.abs());
    difference <= allowed + rounding
}

/// How long a checker program may run on a case of a crate whose time
/// limit is `time_limit`: twice that, and at least a second. Its own bound:
/// `cargo timing` runs the solutions under far more generous limits, and a
/// hanging checker is killed as soon there as under `cargo judge`.
pub fn checker_time(time_limit: Duration) -> Duration {
    (time_limit * 2).max(Duration::from_secs(1))
}

/// The bounds a checker program that has `time` ([`checker_time`]) runs
/// under: as a judged run's, by its work rather than the machine's load,
/// `time` of CPU time and `time` of wall time less its wait for a CPU (a
/// checker that hangs is stopped there), and ten times `time` of wall
/// time, a minute at least, however long it waited. A wall-time bound
/// made a Python validator, some 30 ms of CPU time, an ERROR past 2 s at
/// a load of 30 a core.
pub fn checker_bounds(time: Duration) -> run::Bounds {
    run::Bounds::work(time, time, (time * 10).max(Duration::from_secs(60)))
}

/// A checker program's path from its spec: relative to `base` (a crate's
/// folder), never looked up on PATH; from the current folder `.` as
/// [`run::program_path`] takes it (`./x` as given, not `././x`).
fn program_from(path: &Path, base: &Path) -> PathBuf {
    let from_here = base.components().all(|part| part == Component::CurDir);
    if from_here {
        run::program_path(path)
    } else if path.is_relative() {
        // `./check.py` in a crate's table: `crates/x/check.py`.
        base.join(path.strip_prefix(".").unwrap_or(path))
    } else {
        path.to_path_buf()
    }
}

/// Calls `check` with the path of a file of its own holding `output`,
/// removed after: a checker program reads the output from a file (testlib)
/// or its standard input (ICPC).
fn with_output_file(
    output: &[u8],
    check: impl FnOnce(&Path) -> (Verdict, String),
) -> (Verdict, String) {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let output_path = std::env::temp_dir().join(format!(
        "judge-output-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    if let Err(error) = fs::write(&output_path, output) {
        let detail = format!("cannot write {}: {error}\n", output_path.display());
        return (Verdict::Error, detail);
    }
    let result = check(&output_path);
    let _ = fs::remove_file(&output_path);
    result
}

/// The paths as the arguments of a checker program, which takes them as
/// text; an ERROR's detail when one is not UTF-8.
fn text_args(paths: &[&Path]) -> Result<Vec<String>, String> {
    paths
        .iter()
        .map(|path| path.to_str().map(str::to_string))
        .collect::<Option<Vec<String>>>()
        .ok_or_else(|| "the checker is given paths as text, and these are not UTF-8\n".to_string())
}

/// How a checker program's run ended, as far as its convention matters.
enum HelperEnding {
    /// It exited with this status, which its convention reads.
    Exited(i32),
    /// It ran too long or crashed: an ERROR with this detail.
    Failed(String),
}

/// Whether the run of a checker program (`who`, "the checker ./c") that
/// had `time` (its [`checker_bounds`]) ended with an exit status to read.
fn helper_ending(run: &Run, who: &str, time: Duration) -> HelperEnding {
    let stderr = if run.stderr.is_empty() {
        "; nothing on stderr\n".to_string()
    } else {
        format!(
            "; its stderr:\n{}",
            verdict::first_lines(&run.stderr, verdict::STDERR_LINES, "  ")
        )
    };
    if run.killed_for_time {
        let bounds = checker_bounds(time);
        let past = match bounds.passed(run.cpu, run.elapsed, run.wait) {
            run::TimeBound::Cpu => format!(
                "used {} of CPU time",
                verdict::milliseconds(run.cpu.unwrap_or(time))
            ),
            run::TimeBound::CappedWall => format!("ran past {}", verdict::milliseconds(time)),
            run::TimeBound::Wall => format!(
                "ran past {} of wall time, {} of it waiting for a CPU (the machine was too \
                 busy to judge)",
                verdict::milliseconds(run.elapsed),
                verdict::milliseconds(run.wait.unwrap_or_default())
            ),
        };
        return HelperEnding::Failed(format!("{who} {past} and was killed{stderr}"));
    }
    match run.ending {
        run::Ending::Exited(code) if (0..=255).contains(&code) => HelperEnding::Exited(code),
        ending => HelperEnding::Failed(format!("{who} crashed: {}{stderr}", ending.describe())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::{Ac, Wa};

    #[test]
    fn specs_are_read() {
        let base = Path::new("crates/x");
        assert_eq!(Checker::parse("exact", base), Ok(Checker::Exact));
        assert_eq!(Checker::parse("tokens", base), Ok(Checker::Tokens));
        assert_eq!(Checker::parse("float:1e-6", base), Ok(Checker::Float(1e-6)));
        assert_eq!(
            Checker::parse("check.py", base),
            Ok(Checker::Program(PathBuf::from("crates/x/check.py")))
        );
        assert_eq!(
            Checker::parse("./check.py", base),
            Ok(Checker::Program(PathBuf::from("crates/x/check.py")))
        );
        // From the current folder: `./x` as given, not `././x`; a bare
        // name from the current folder too, never from PATH, shown with
        // `./` on every platform.
        for (spec, base, shown) in [
            ("./x", ".", "./x"),
            ("./x", "", "./x"),
            ("../y/x", ".", "../y/x"),
            ("x", ".", "./x"),
        ] {
            let checker = Checker::parse(spec, Path::new(base)).unwrap();
            let Checker::Program(path) = checker else {
                panic!("{spec}: {checker:?}")
            };
            assert_eq!(path.display().to_string(), shown);
        }
        assert_eq!(
            Checker::parse("icpc:validate", base),
            Ok(Checker::Icpc {
                validator: PathBuf::from("crates/x/validate"),
                flags: Vec::new()
            })
        );
        assert_eq!(
            Checker::parse("icpc-default", base),
            Ok(Checker::IcpcDefault(ValidatorFlags::default()))
        );
        let flags = |words: &[&str]| {
            let words: Vec<String> = words.iter().map(|word| word.to_string()).collect();
            Checker::IcpcDefault(ValidatorFlags::parse(&words).unwrap())
        };
        assert_eq!(
            Checker::parse("icpc-default:case_sensitive float_tolerance 1e-6", base),
            Ok(flags(&["case_sensitive", "float_tolerance", "1e-6"]))
        );
        assert_eq!(
            Checker::parse(
                "icpc-default:space_change_sensitive,float_absolute_tolerance,1",
                base
            ),
            Ok(flags(&[
                "space_change_sensitive",
                "float_absolute_tolerance",
                "1"
            ]))
        );
        for bad in [
            "float:",
            "float:x",
            "float:0",
            "float:-1",
            "float:inf",
            "",
            "icpc:",
            "icpc-default:float_tolerance",
            "icpc-default:ignore_case",
        ] {
            assert!(Checker::parse(bad, base).is_err(), "{bad}");
        }
    }

    /// A checker stopped for time is said to be stopped by the bound its
    /// figures passed: its CPU time, its wall time less its wait, or its
    /// wall time however long it waited.
    #[test]
    fn a_checker_stopped_for_time_says_which_bound_stopped_it() {
        let ms = Duration::from_millis;
        let time = ms(2000);
        let bounds = checker_bounds(time);
        assert_eq!(bounds.kill_cpu_after, Some(time));
        assert_eq!(bounds.kill_after, time);
        assert_eq!(bounds.kill_wall_after, Some(ms(60_000)));
        assert_eq!(checker_bounds(ms(8000)).kill_wall_after, Some(ms(80_000)));
        let said = |cpu: u64, elapsed: u64, wait: u64| {
            let run = Run {
                killed_for_time: true,
                cpu: Some(ms(cpu)),
                elapsed: ms(elapsed),
                wait: Some(ms(wait)),
                ..Run::default()
            };
            match helper_ending(&run, "the checker c", time) {
                HelperEnding::Failed(said) => said,
                HelperEnding::Exited(code) => panic!("exited {code}"),
            }
        };
        assert_eq!(
            said(2005, 9000, 6900),
            "the checker c used 2005.00 ms of CPU time and was killed; nothing on stderr\n"
        );
        assert_eq!(
            said(3, 2001, 0),
            "the checker c ran past 2000.00 ms and was killed; nothing on stderr\n"
        );
        assert_eq!(
            said(900, 60_000, 59_000),
            "the checker c ran past 60000.00 ms of wall time, 59000.00 ms of it waiting for \
             a CPU (the machine was too busy to judge) and was killed; nothing on stderr\n"
        );
    }

    #[test]
    fn a_checker_has_twice_the_crates_time_limit_and_a_second_at_least() {
        let ms = Duration::from_millis;
        assert_eq!(checker_time(ms(100)), ms(1000));
        assert_eq!(checker_time(ms(500)), ms(1000));
        assert_eq!(checker_time(ms(2000)), ms(4000));
    }

    fn verdict(expected: &str, actual: &str, error: Option<f64>) -> Verdict {
        compare_tokens(expected.as_bytes(), actual.as_bytes(), error).0
    }

    #[test]
    fn tokens_ignore_how_whitespace_falls() {
        assert_eq!(verdict("1 2\n3\n", "1\n2   3", None), Verdict::Ac);
        assert_eq!(verdict("1 2\n", "\r\n 1\t2 \r\n\n", None), Verdict::Ac);
        assert_eq!(verdict("", "\n \n", None), Verdict::Ac);
        assert_eq!(verdict("1 2\n", "1 3\n", None), Verdict::Wa);
        assert_eq!(verdict("1 2\n", "12\n", None), Verdict::Wa);
        assert_eq!(verdict("Yes\n", "yes\n", None), Verdict::Wa);
        // Tokens compares text: 1.0 is not 1.
        assert_eq!(verdict("1\n", "1.0\n", None), Verdict::Wa);
    }

    #[test]
    fn a_token_count_mismatch_is_wa_and_says_so() {
        let (verdict, detail) = compare_tokens(b"1 2 3\n", b"1 2\n", None);
        assert_eq!(verdict, Verdict::Wa);
        assert!(
            detail.contains("token 3 differs: expected 3 tokens, the output has 2"),
            "{detail}"
        );
        assert!(detail.contains("actual: (no token 3)"), "{detail}");
        assert_eq!(compare_tokens(b"1\n", b"1 0\n", Some(1e-6)).0, Verdict::Wa);
    }

    /// Asserts the verdict of `float:1e-6` on each `(expected, actual,
    /// verdict)`.
    fn float_verdicts(cases: &[(&str, &str, Verdict)]) {
        for &(expected, actual, want) in cases {
            let got = verdict(expected, actual, Some(1e-6));
            assert_eq!(got, want, "{expected:?} against {actual:?}");
        }
    }

    #[test]
    fn the_first_difference_is_where_the_report_shows_it() {
        let at = |line, column, token| {
            Some(Position {
                line,
                column,
                token,
            })
        };
        let exact = Checker::Exact;
        assert_eq!(exact.first_difference(b"1\n2\n", b"1\n3\n"), at(2, 1, None));
        assert_eq!(exact.first_difference(b"1 2\n", b"1  2\n"), at(1, 3, None));
        // Past the output's end: the line after its last.
        assert_eq!(exact.first_difference(b"1\n2\n", b"1\n"), at(2, 1, None));
        assert_eq!(exact.first_difference(b"1\n", b"1\n"), None);
        let tokens = Checker::Tokens;
        assert_eq!(
            tokens.first_difference(b"a b\nc d\n", b"a b\nc  e\n"),
            at(2, 4, Some(4))
        );
        // Too few tokens: just past the output's end.
        assert_eq!(
            tokens.first_difference(b"1 2 3\n", b"1 2"),
            at(1, 4, Some(3))
        );
        assert_eq!(
            tokens.first_difference(b"1 2 3\n", b"1 2\n"),
            at(2, 1, Some(3))
        );
        let float = Checker::Float(1e-6);
        assert_eq!(
            float.first_difference(b"0.5 1\n", b"0.5000001 2\n"),
            at(1, 11, Some(2))
        );
        assert_eq!(float.first_difference(b"0.5\n", b"0.5000001\n"), None);
        let program = Checker::Program(PathBuf::from("check"));
        assert_eq!(program.first_difference(b"1\n", b"2\n"), None);
    }

    #[test]
    fn a_differing_token_is_shown_with_its_line() {
        let (_, detail) = compare_tokens(b"a b\nc d\n", b"a b\nc  e\n", None);
        assert_eq!(
            detail,
            "token 4 differs: the text differs\nexpected: `d`\n  >   2 | c·d\n\
             actual: `e`\n  >   2 | c··e\n"
        );
    }

    #[test]
    fn float_allows_absolute_or_relative_error() {
        float_verdicts(&[
            ("0.5\n", "0.5000009\n", Ac),
            ("0.5\n", "0.500002\n", Wa),
            // Relative: large numbers may be off by more than EPS.
            ("1000000\n", "1000000.9\n", Ac),
            ("1000000\n", "1000002.1\n", Wa),
            // Absolute: near zero, relative error alone would refuse these.
            ("0\n", "0.0000009\n", Ac),
            ("1e-9\n", "-1e-9\n", Ac),
            // Exactly EPS off, as decimal text, is within it.
            ("1\n", "1.000001\n", Ac),
            ("0.3\n", "0.300001\n", Ac),
            // Any spelling of the number.
            ("0.001 2\n", "1e-3 2.0000\n", Ac),
            ("-0\n", "0\n", Ac),
        ]);
    }

    #[test]
    fn a_difference_is_shown_in_four_digits() {
        assert_eq!(short(1.0), "1");
        assert_eq!(short(0.09999999999999998), "0.1");
        assert_eq!(short(6.667e-5), "6.667e-5");
        assert_eq!(short(1234.5678), "1235");
        assert_eq!(short(0.0012346), "0.001235");
        assert_eq!(short(2e6), "2.000e6");
        assert_eq!(short(f64::INFINITY), "inf");
    }

    #[test]
    fn float_keeps_nan_and_infinities_apart() {
        float_verdicts(&[
            ("nan\n", "NaN\n", Ac),
            ("1\n", "NaN\n", Wa),
            ("NaN\n", "1\n", Wa),
            ("inf\n", "inf\n", Ac),
            ("inf\n", "-inf\n", Wa),
            ("1e308\n", "inf\n", Wa),
            ("inf\n", "1e308\n", Wa),
            // Far apart huge numbers do not overflow into a match.
            ("1e308\n", "-1e308\n", Wa),
        ]);
    }

    #[test]
    fn float_compares_words_exactly() {
        float_verdicts(&[
            ("Case 1: 0.5\n", "Case 1: 0.5000001\n", Ac),
            ("Case 1: 0.5\n", "case 1: 0.5\n", Wa),
            ("IMPOSSIBLE\n", "0\n", Wa),
            ("0\n", "zero\n", Wa),
            ("0x10\n", "16\n", Wa),
        ]);
        let eps = Some(1e-6);
        let (_, detail) = compare_tokens(b"0.5\n", b"0.6\n", eps);
        assert!(
            detail.contains("0.6 differs from 0.5 by 0.1, more than 1e-6"),
            "{detail}"
        );
        let (_, detail) = compare_tokens(b"0.5\n", b"half\n", eps);
        assert!(detail.contains("not a number"), "{detail}");
    }

    #[test]
    fn tokens_are_apart_by_testlibs_blanks_and_numbers_by_the_answers_base() {
        let judge = |checker: &Checker, expected: &[u8], actual: &[u8]| {
            let run = Run {
                stdout: actual.to_vec(),
                ..Run::default()
            };
            let limits = crate::rules::DEFAULT_LIMITS;
            let time = Duration::from_secs(1);
            checker
                .judge(
                    &run,
                    Path::new("in"),
                    Path::new("ans"),
                    expected,
                    limits,
                    time,
                )
                .0
        };
        let tokens = Checker::Tokens;
        let float = Checker::Float(1e-6);
        for (checker, expected, actual, verdict) in [
            (&tokens, &b"1 2\n"[..], &b"1\t\t2"[..], Verdict::Ac),
            (&tokens, b"1 2\n", b"\r\n1\r\n2\r\n\n", Verdict::Ac),
            // Not testlib's blanks: a vertical tab, a form feed, a BOM.
            (&tokens, b"1 2\n", b"1\x0b2\n", Verdict::Wa),
            (&tokens, b"1 2\n", b"1\x0c2\n", Verdict::Wa),
            (&tokens, b"1 2\n", b"\xef\xbb\xbf1 2\n", Verdict::Wa),
            // Relative to the answer past 1, absolute below.
            (&float, b"1000000\n", b"1000000.9\n", Verdict::Ac),
            (&float, b"1000000\n", b"1000001.1\n", Verdict::Wa),
            (&float, b"0.5\n", b"0.5000009\n", Verdict::Ac),
            (&float, b"0.5\n", b"0.5000011\n", Verdict::Wa),
            // What Rust reads as an f64 is a number.
            (&float, b"2\n", b"+2.0\n", Verdict::Ac),
            (&float, b"0.5\n", b".5\n", Verdict::Ac),
            (&float, b"inf\n", b"inf\n", Verdict::Ac),
            (&float, b"nan\n", b"NaN\n", Verdict::Ac),
            (&float, b"1\n", b"0x1\n", Verdict::Wa),
        ] {
            let shown = (verdict::printable(expected), verdict::printable(actual));
            assert_eq!(
                judge(checker, expected, actual),
                verdict,
                "{checker:?} {shown:?}"
            );
        }
    }

    #[test]
    fn each_profile_compares_a_table_of_pairs_by_its_own_rule() {
        use crate::rules::profile::by_name;
        let judge = |name: &str, expected: &[u8], actual: &[u8]| {
            let run = Run {
                stdout: actual.to_vec(),
                ..Run::default()
            };
            let checker = Checker::of(by_name(name).unwrap().comparison);
            let limits = crate::rules::DEFAULT_LIMITS;
            let time = Duration::from_secs(1);
            checker
                .judge(
                    &run,
                    Path::new("in"),
                    Path::new("ans"),
                    expected,
                    limits,
                    time,
                )
                .0
        };
        let (ac, wa, pe) = (Verdict::Ac, Verdict::Wa, Verdict::Pe);
        // Pairs: exact, a trailing space, a blank line at the end, a
        // doubled space, a case change, a line break for a space.
        let pairs: [(&[u8], &[u8]); 6] = [
            (b"Yes 1\n", b"Yes 1\n"),
            (b"Yes 1\n", b"Yes 1 \n"),
            (b"Yes 1\n", b"Yes 1\n\n"),
            (b"Yes 1\n", b"Yes  1\n"),
            (b"Yes 1\n", b"yes 1\n"),
            (b"Yes 1\n", b"Yes\n1\n"),
        ];
        for (name, verdicts) in [
            ("default", [ac, pe, pe, pe, wa, pe]),
            ("wall", [ac, pe, pe, pe, wa, pe]),
            ("poj", [ac, pe, pe, pe, wa, pe]),
            ("zoj", [ac, pe, pe, pe, wa, pe]),
            ("nowcoder", [ac, pe, pe, pe, wa, pe]),
            // As its users report: trailing spaces AC, with the doubt said.
            ("atcoder", [ac, ac, ac, pe, wa, pe]),
            ("luogu", [ac, ac, ac, wa, wa, wa]),
            ("codeforces", [ac, ac, ac, ac, wa, ac]),
            // The ICPC default validator: letters in either case.
            ("icpc", [ac, ac, ac, ac, ac, ac]),
            ("kattis", [ac, ac, ac, ac, ac, ac]),
            ("domjudge", [ac, ac, ac, ac, ac, ac]),
        ] {
            for ((expected, actual), verdict) in pairs.iter().zip(verdicts) {
                let shown = verdict::printable(actual);
                assert_eq!(judge(name, expected, actual), verdict, "{name} {shown}");
            }
        }
        assert_eq!(crate::rules::profile::PROFILES.len(), 11);
    }
}
