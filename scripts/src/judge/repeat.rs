//! `cargo judge --repeat N`: each case run N times and judged by the worst
//! of its runs, with the least, the median and the greatest of the time
//! that decided each (CPU or wall time, as the profile holds it), so that
//! a verdict near the limit shows how much it moves.

use std::time::Duration;

use crate::rules::Limits;
use crate::run::Run;
use crate::verdict::{deciding_time, Position, Verdict};

/// What one run of a case found.
pub struct Outcome {
    pub verdict: Verdict,
    /// The run, when there was one.
    pub run: Option<Run>,
    /// What to show under the verdict line, unindented.
    pub detail: String,
    /// Where the output first differs from the answer, for WA and PE.
    pub difference: Option<Position>,
}

/// What the runs of one repeated case gave, besides the run it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repeats {
    /// How many times the case ran (fewer than asked once one is ERROR).
    pub runs: usize,
    /// The time that decided each run: the least, the median (of an even
    /// count, the mean of the middle two) and the greatest.
    pub min: Duration,
    pub median: Duration,
    pub max: Duration,
    /// The greatest peak memory of the runs, where any was measured.
    pub peak: Option<u64>,
    /// Each verdict given and by how many runs, the worst first.
    pub verdicts: Vec<(Verdict, usize)>,
}

impl Repeats {
    /// `5 runs: min 600.10 ms, max 640.33 ms`, and `; 4 AC, 1 TLE` where
    /// the runs did not all agree.
    pub fn describe(&self, milliseconds: impl Fn(Duration) -> String) -> String {
        let mut text = format!(
            "{} runs: min {}, max {}",
            self.runs,
            milliseconds(self.min),
            milliseconds(self.max)
        );
        if self.verdicts.len() > 1 {
            let counts: Vec<String> = self
                .verdicts
                .iter()
                .rev()
                .map(|(verdict, count)| format!("{count} {verdict}"))
                .collect();
            text.push_str("; ");
            text.push_str(&counts.join(", "));
        }
        text
    }

    /// True when any run's deciding time was within a fifth of the limit,
    /// either side, or the runs fell on both sides of that band.
    pub fn near(&self, limits: Limits) -> bool {
        limits.near_time_limit_between(self.min, self.max)
    }
}

/// How bad a verdict is, to pick the one a repeated case shows: ERROR
/// (the tool could not judge), then the answer's faults (WA, PE), a crash
/// (RE), then the limits (MLE, OLE, TLE, then ILE: a run that waited,
/// which a busy machine can make of one that would not), then AC, then
/// UNDEC (a run the machine left undecided: any run that decided is
/// shown before it).
fn severity(verdict: Verdict) -> u8 {
    match verdict {
        Verdict::Undecided => 0,
        Verdict::Ac => 1,
        Verdict::Ile => 2,
        Verdict::Tle => 3,
        Verdict::Ole => 4,
        Verdict::Mle => 5,
        Verdict::Re => 6,
        Verdict::Pe => 7,
        Verdict::Wa => 8,
        Verdict::Ce => 9,
        Verdict::Error => 10,
    }
}

/// The run to show of one case's runs, in the order they were made (all
/// `--repeat` of them, run at once or one after another): the worst
/// verdict's, of those the slowest; with the figures of all the runs when
/// there were several. Once the tool could not judge a run (ERROR) the
/// runs after it do not count, as if they had not been made: run one
/// after another, they are not. `limits` say which time decides.
pub fn of_runs(mut outcomes: Vec<Outcome>, limits: Limits) -> (Outcome, Option<Repeats>) {
    if let Some(error) = outcomes
        .iter()
        .position(|outcome| outcome.verdict == Verdict::Error)
    {
        outcomes.truncate(error + 1);
    }
    worst_of(outcomes, limits)
}

/// The outcome to show of `outcomes` (not empty), and the figures of all
/// of them when there are several.
fn worst_of(mut outcomes: Vec<Outcome>, limits: Limits) -> (Outcome, Option<Repeats>) {
    let time = |outcome: &Outcome| outcome.run.as_ref().map(|run| deciding_time(run, limits));
    let mut shown = 0;
    for (index, outcome) in outcomes.iter().enumerate() {
        let key = (severity(outcome.verdict), time(outcome));
        if key > (severity(outcomes[shown].verdict), time(&outcomes[shown])) {
            shown = index;
        }
    }
    let runs = outcomes.len();
    let mut times: Vec<Duration> = outcomes.iter().filter_map(time).collect();
    times.sort_unstable();
    let mut verdicts: Vec<(Verdict, usize)> = Vec::new();
    for outcome in &outcomes {
        match verdicts
            .iter_mut()
            .find(|(verdict, _)| *verdict == outcome.verdict)
        {
            Some((_, count)) => *count += 1,
            None => verdicts.push((outcome.verdict, 1)),
        }
    }
    verdicts.sort_by_key(|&(verdict, _)| std::cmp::Reverse(severity(verdict)));
    let peak = outcomes
        .iter()
        .filter_map(|outcome| outcome.run.as_ref()?.peak_memory)
        .max();
    let outcome = outcomes.swap_remove(shown);
    if runs < 2 || times.is_empty() {
        return (outcome, None);
    }
    let middle = times.len() / 2;
    let median = if times.len() % 2 == 1 {
        times[middle]
    } else {
        (times[middle - 1] + times[middle]) / 2
    };
    let repeats = Repeats {
        runs,
        min: times[0],
        median,
        max: times[times.len() - 1],
        peak,
        verdicts,
    };
    (outcome, Some(repeats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Clock, WallCap, DEFAULT_LIMITS};
    use crate::run::{Ending, Run};

    fn outcome(verdict: Verdict, cpu_ms: u64, wall_ms: u64) -> Outcome {
        Outcome {
            verdict,
            run: Some(Run {
                elapsed: Duration::from_millis(wall_ms),
                cpu: Some(Duration::from_millis(cpu_ms)),
                wait: None,
                peak_memory: None,
                peak_sampled: false,
                fell_back: None,
                process_limit_hit: false,
                ending: Ending::Exited(0),
                killed_for_time: false,
                killed_at_bound: false,
                killed_for_memory: false,
                output_over_limit: false,
                stdout: Vec::new(),
                stderr: Vec::new(),
            }),
            detail: format!("{verdict} {cpu_ms}"),
            difference: None,
        }
    }

    const CPU: Limits = Limits {
        clock: Clock::Cpu(WallCap::Times(2)),
        ..DEFAULT_LIMITS
    };

    #[test]
    fn the_worst_verdict_is_shown_and_of_its_runs_the_slowest() {
        let (shown, repeats) = worst_of(
            vec![
                outcome(Verdict::Ac, 900, 950),
                outcome(Verdict::Tle, 1100, 1150),
                outcome(Verdict::Ac, 800, 3000),
                outcome(Verdict::Tle, 1200, 1250),
                outcome(Verdict::Tle, 1150, 1200),
            ],
            CPU,
        );
        assert_eq!(shown.detail, "TLE 1200");
        let repeats = repeats.unwrap();
        assert_eq!(repeats.runs, 5);
        // CPU time decides under a CPU rule, not the 3 s of wall time.
        assert_eq!(repeats.min, Duration::from_millis(800));
        assert_eq!(repeats.median, Duration::from_millis(1100));
        assert_eq!(repeats.max, Duration::from_millis(1200));
        assert_eq!(repeats.verdicts, [(Verdict::Tle, 3), (Verdict::Ac, 2)]);
        let shown = repeats.describe(|time| format!("{} ms", time.as_millis()));
        assert_eq!(shown, "5 runs: min 800 ms, max 1200 ms; 2 AC, 3 TLE");
    }

    #[test]
    fn a_wrong_answer_beats_a_limit_and_an_error_beats_all() {
        let wa = worst_of(
            vec![
                outcome(Verdict::Tle, 1500, 1500),
                outcome(Verdict::Wa, 10, 10),
                outcome(Verdict::Re, 20, 20),
            ],
            CPU,
        );
        assert_eq!(wa.0.verdict, Verdict::Wa);
        let order = [
            Verdict::Error,
            Verdict::Ce,
            Verdict::Wa,
            Verdict::Pe,
            Verdict::Re,
            Verdict::Mle,
            Verdict::Ole,
            Verdict::Tle,
            Verdict::Ile,
            Verdict::Ac,
            Verdict::Undecided,
        ];
        for pair in order.windows(2) {
            assert!(severity(pair[0]) > severity(pair[1]), "{pair:?}");
        }
        // A run the machine left undecided shows only where no run decided.
        let decided = worst_of(
            vec![
                outcome(Verdict::Undecided, 300, 10_000),
                outcome(Verdict::Ac, 300, 900),
            ],
            CPU,
        );
        assert_eq!(decided.0.verdict, Verdict::Ac);
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        let (_, repeats) = worst_of(
            vec![
                outcome(Verdict::Ac, 40, 40),
                outcome(Verdict::Ac, 10, 10),
                outcome(Verdict::Ac, 30, 30),
                outcome(Verdict::Ac, 20, 20),
            ],
            CPU,
        );
        let repeats = repeats.unwrap();
        assert_eq!(repeats.median, Duration::from_millis(25));
        assert_eq!(repeats.verdicts, [(Verdict::Ac, 4)]);
        assert_eq!(
            repeats.describe(|time| format!("{} ms", time.as_millis())),
            "4 runs: min 10 ms, max 40 ms"
        );
    }

    #[test]
    fn one_run_or_none_timed_has_no_figures() {
        let (shown, repeats) = worst_of(vec![outcome(Verdict::Ac, 5, 5)], CPU);
        assert_eq!(shown.verdict, Verdict::Ac);
        assert_eq!(repeats, None);
        let untimed = Outcome {
            verdict: Verdict::Error,
            run: None,
            detail: String::new(),
            difference: None,
        };
        let (shown, repeats) = worst_of(vec![outcome(Verdict::Ac, 5, 5), untimed], CPU);
        assert_eq!(shown.verdict, Verdict::Error);
        // The one timed run still gives its figures.
        assert_eq!(repeats.unwrap().runs, 2);
    }

    #[test]
    fn near_is_any_run_within_a_fifth_of_the_limit_or_runs_on_both_sides() {
        let repeats = |min: u64, median: u64, max: u64| Repeats {
            runs: 3,
            min: Duration::from_millis(min),
            median: Duration::from_millis(median),
            max: Duration::from_millis(max),
            peak: None,
            verdicts: Vec::new(),
        };
        assert!(!repeats(100, 200, 300).near(CPU));
        assert!(repeats(100, 200, 800).near(CPU));
        assert!(repeats(1200, 1300, 1400).near(CPU));
        assert!(!repeats(1201, 1300, 1400).near(CPU));
        assert!(repeats(100, 200, 1500).near(CPU));
    }
}
