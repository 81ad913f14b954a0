//! A verdict named as the profile's judge names it: DOMjudge and the ICPC
//! package format call a memory overrun a run error (RE), Codeforces a
//! run that waited past the wall-time cap with its CPU time under the
//! limit "Idleness limit exceeded" (ILE). The run is judged the same
//! everywhere; only the name, and a line saying why, differ.

use super::output::Verdict;
use crate::rules::profile::Profile;
use crate::rules::{Clock, Limits};
use crate::run::Run;

/// The verdict on `run` (with what to show under it) as `profile`'s judge
/// names it.
pub fn as_judge_names(
    profile: &Profile,
    verdict: Verdict,
    detail: String,
    run: Option<&Run>,
    limits: Limits,
) -> (Verdict, String) {
    match verdict {
        Verdict::Mle => match profile.memory_overrun_is_re {
            Some(why) => (
                Verdict::Re,
                format!(
                    "{detail}(RE, not MLE: {}; {why})\n",
                    what_ran_out(run, limits)
                ),
            ),
            None => (verdict, detail),
        },
        Verdict::Tle if profile.idleness && idle(run, limits) => (
            Verdict::Ile,
            format!(
                "{detail}(ILE, not TLE: {} names a run stopped by the wall-time cap with its \
                 CPU time under the limit \"Idleness limit exceeded\", as an interactive \
                 program that waits for an answer to a query it did not flush)\n",
                profile.title
            ),
        ),
        _ => (verdict, detail),
    }
}

/// What an MLE measured, in a few words: the limit passed (a kill for
/// memory, a peak over the limit), or only an allocation that failed,
/// its stderr says, at a peak under the limit (see `fault.rs`).
fn what_ran_out(run: Option<&Run>, limits: Limits) -> &'static str {
    let passed = run.is_some_and(|run| {
        run.killed_for_memory || run.peak_memory.is_some_and(|peak| peak > limits.memory)
    });
    if passed {
        "the memory limit was passed"
    } else {
        "an allocation failed under the memory limit"
    }
}

/// True when a run over its time was so by wall time alone: held to CPU
/// time, its CPU time measured and within the limit.
fn idle(run: Option<&Run>, limits: Limits) -> bool {
    let Some(cpu) = run.and_then(|run| run.cpu) else {
        return false;
    };
    matches!(limits.clock, Clock::Cpu(_)) && cpu <= limits.time
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::profile::{by_name, PROFILES};
    use crate::rules::DEFAULT_LIMITS;
    use std::time::Duration;

    fn run(cpu: Option<u64>, wall: u64) -> Run {
        Run {
            cpu: cpu.map(Duration::from_millis),
            elapsed: Duration::from_millis(wall),
            ..Run::default()
        }
    }

    fn named(profile: &str, verdict: Verdict, run: &Run) -> (Verdict, String) {
        let profile = by_name(profile).unwrap();
        as_judge_names(profile, verdict, String::new(), Some(run), DEFAULT_LIMITS)
    }

    #[test]
    fn a_memory_overrun_is_re_under_domjudge_and_icpc_alone() {
        let ended = Run {
            killed_for_memory: true,
            ..run(Some(10), 20)
        };
        for profile in PROFILES {
            let (verdict, detail) = named(profile.name, Verdict::Mle, &ended);
            let re = ["domjudge", "icpc"].contains(&profile.name);
            let expected = if re { Verdict::Re } else { Verdict::Mle };
            assert_eq!(verdict, expected, "{}", profile.name);
            assert_eq!(
                detail.contains("the memory limit was passed"),
                re,
                "{detail}"
            );
        }
        let (_, icpc) = named("icpc", Verdict::Mle, &ended);
        assert!(icpc.contains("problemtools gives RTE"), "{icpc}");
    }

    /// An MLE for an allocation that failed at a peak under the limit (a
    /// Python `MemoryError`) says that, not that the limit was passed.
    #[test]
    fn an_re_for_a_failed_allocation_says_only_what_was_measured() {
        let failed = Run {
            peak_memory: Some(24 << 20),
            ..run(Some(10), 20)
        };
        let over = Run {
            peak_memory: Some(DEFAULT_LIMITS.memory + 1),
            ..run(Some(10), 20)
        };
        let (verdict, detail) = named("domjudge", Verdict::Mle, &failed);
        assert_eq!(verdict, Verdict::Re);
        assert!(!detail.contains("limit was passed"), "{detail}");
        assert!(detail.contains("an allocation failed"), "{detail}");
        let (_, detail) = named("domjudge", Verdict::Mle, &over);
        assert!(detail.contains("the memory limit was passed"), "{detail}");
    }

    #[test]
    fn a_wait_past_the_wall_cap_is_ile_under_codeforces_alone() {
        // Under a 1 s limit, 2 s cap: 30 ms of CPU in 2.1 s is idleness;
        // 1.2 s of CPU is TLE; no CPU time measured is TLE.
        let idle_run = run(Some(30), 2100);
        let busy = run(Some(1200), 1250);
        let unmeasured = run(None, 2100);
        for profile in PROFILES {
            let codeforces = profile.name == "codeforces";
            let (verdict, detail) = named(profile.name, Verdict::Tle, &idle_run);
            let expected = if codeforces {
                Verdict::Ile
            } else {
                Verdict::Tle
            };
            assert_eq!(verdict, expected, "{}", profile.name);
            assert_eq!(
                detail.contains("Idleness limit exceeded"),
                codeforces,
                "{detail}"
            );
            for other in [&busy, &unmeasured] {
                assert_eq!(named(profile.name, Verdict::Tle, other).0, Verdict::Tle);
            }
            // Nothing else is renamed.
            for verdict in [Verdict::Ac, Verdict::Wa, Verdict::Re, Verdict::Ole] {
                assert_eq!(named(profile.name, verdict, &idle_run).0, verdict);
            }
        }
        // Under wall time there is no idleness apart from TLE.
        let wall = Limits {
            clock: Clock::Wall,
            ..DEFAULT_LIMITS
        };
        let codeforces = by_name("codeforces").unwrap();
        let (verdict, _) = as_judge_names(
            codeforces,
            Verdict::Tle,
            String::new(),
            Some(&idle_run),
            wall,
        );
        assert_eq!(verdict, Verdict::Tle);
    }
}
