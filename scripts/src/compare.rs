//! The arithmetic of `cargo timing`'s measurements, kept apart from running
//! programs so that tests can check it exactly: the order of interleaved
//! runs, when to stop repeating, medians, ratios with their spread, and the
//! rows over a `--fail-above` threshold.

use std::time::Duration;

/// The order in which the programs of one row run in round `round`:
/// forward on even rounds, backward on odd ones (A B C, C B A, A B C...).
///
/// Interleaving puts every program under the same drift of the machine
/// (another job starting, the CPU's clock changing); reversing every other
/// round keeps any program from always running just after the same one,
/// which would hand it the other's warm caches or leftover load.
pub fn round_order(programs: usize, round: usize) -> Vec<usize> {
    if round % 2 == 0 {
        (0..programs).collect()
    } else {
        (0..programs).rev().collect()
    }
}

/// How many rounds a row gets: at least `min_runs` (unless `max_runs` is
/// lower), at most `max_runs`, and no more once `seconds` have been spent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub min_runs: usize,
    pub max_runs: usize,
    pub seconds: f64,
}

impl Budget {
    /// Whether another round is due after `done` rounds that took `spent`.
    pub fn another(&self, done: usize, spent: Duration) -> bool {
        if done >= self.max_runs {
            return false;
        }
        done < self.min_runs || spent.as_secs_f64() < self.seconds
    }
}

/// The median of `values` (at least one); sorts them.
pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    }
}

/// A new program's times against an old one's on the same input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    /// The median of the ratios new/old of each round's pair of runs:
    /// above 1 is slower. Pairs, not the two medians, so that a stretch of
    /// load that slows both programs of a round cancels out.
    pub median: f64,
    /// The interquartile range of the ratios of one round's pair of runs
    /// (the middle half of them): how far the machine's noise moves one
    /// comparison. With fewer than four pairs, the lowest and highest.
    pub low: f64,
    pub high: f64,
}

/// The ratio of `new` to `old`, which are times from the same rounds
/// (`new[i]` and `old[i]` ran next to each other); `None` when there is no
/// pair or an old time is zero.
pub fn ratio(new: &[f64], old: &[f64]) -> Option<Ratio> {
    if new.is_empty() || new.len() != old.len() || old.iter().any(|&time| time <= 0.0) {
        return None;
    }
    let mut pairs: Vec<f64> = new.iter().zip(old).map(|(new, old)| new / old).collect();
    pairs.sort_by(f64::total_cmp);
    let (low, high) = if pairs.len() < 4 {
        (pairs[0], pairs[pairs.len() - 1])
    } else {
        (quantile(&pairs, 0.25), quantile(&pairs, 0.75))
    };
    let median = median(&mut pairs.clone());
    Some(Ratio { median, low, high })
}

/// The `q` quantile of `sorted` (not empty), interpolating linearly
/// between the two nearest values.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    let position = q * (sorted.len() - 1) as f64;
    let below = position.floor() as usize;
    let above = position.ceil() as usize;
    let fraction = position - below as f64;
    sorted[below] + (sorted[above] - sorted[below]) * fraction
}

/// The rows (by label) whose ratio is above `threshold`, in order.
pub fn over_threshold(rows: &[(String, Ratio)], threshold: f64) -> Vec<&str> {
    rows.iter()
        .filter(|(_, ratio)| ratio.median > threshold)
        .map(|(label, _)| label.as_str())
        .collect()
}

/// "1.03 (0.97-1.10)": the median ratio and the spread of the pairs.
pub fn show_ratio(ratio: &Ratio) -> String {
    format!("{:.2} ({:.2}-{:.2})", ratio.median, ratio.low, ratio.high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_alternate_forward_and_backward() {
        assert_eq!(round_order(2, 0), [0, 1]);
        assert_eq!(round_order(2, 1), [1, 0]);
        assert_eq!(round_order(3, 2), [0, 1, 2]);
        assert_eq!(round_order(3, 3), [2, 1, 0]);
        assert_eq!(round_order(1, 1), [0]);
        // Over any two rounds, each program runs once before and once after
        // each other one.
        for programs in 1..5 {
            for first in 0..programs {
                for second in 0..programs {
                    if first == second {
                        continue;
                    }
                    let before = (0..2)
                        .filter(|&round| {
                            let order = round_order(programs, round);
                            let at = |program| order.iter().position(|&p| p == program);
                            at(first) < at(second)
                        })
                        .count();
                    assert_eq!(before, 1, "{programs} programs, {first} and {second}");
                }
            }
        }
    }

    #[test]
    fn the_budget_gives_at_least_the_minimum_and_at_most_the_maximum() {
        let budget = Budget {
            min_runs: 3,
            max_runs: 10,
            seconds: 2.0,
        };
        let second = Duration::from_secs(1);
        assert!(budget.another(0, second * 100));
        assert!(budget.another(2, second * 100));
        assert!(!budget.another(3, second * 2));
        assert!(budget.another(3, second));
        assert!(budget.another(9, Duration::ZERO));
        assert!(!budget.another(10, Duration::ZERO));
        // A maximum below the minimum wins: `--runs 1` means one run.
        let one = Budget {
            min_runs: 3,
            max_runs: 1,
            seconds: 2.0,
        };
        assert!(one.another(0, Duration::ZERO));
        assert!(!one.another(1, Duration::ZERO));
    }

    #[test]
    fn medians_take_the_middle() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median(&mut [7.0]), 7.0);
    }

    #[test]
    fn ratios_are_new_over_old_with_the_spread_of_the_pairs() {
        let new = [30.0, 20.0, 40.0];
        let old = [10.0, 10.0, 10.0];
        let ratio = ratio(&new, &old).unwrap();
        assert_eq!(ratio.median, 3.0);
        assert_eq!((ratio.low, ratio.high), (2.0, 4.0));
        assert_eq!(show_ratio(&ratio), "3.00 (2.00-4.00)");
        // The median of the pairs' ratios, not the ratio of the medians
        // (which would be 2.5 / 1.5 here).
        let ratio = super::ratio(&[1.0, 4.0], &[2.0, 1.0]).unwrap();
        assert_eq!(ratio.median, 2.25);
        assert_eq!((ratio.low, ratio.high), (0.5, 4.0));
        // A round slowed for both programs alike changes nothing.
        let ratio = super::ratio(&[2.0, 2.0, 20.0], &[1.0, 1.0, 10.0]).unwrap();
        assert_eq!((ratio.median, ratio.low, ratio.high), (2.0, 2.0, 2.0));
        // From four pairs on, the middle half of the pairs' ratios.
        let ratio = super::ratio(&[1.0, 2.0, 3.0, 4.0, 50.0], &[1.0; 5]).unwrap();
        assert_eq!(ratio.median, 3.0);
        assert_eq!((ratio.low, ratio.high), (2.0, 4.0));
        let ratio = super::ratio(&[1.0, 2.0, 3.0, 4.0], &[1.0; 4]).unwrap();
        assert_eq!((ratio.low, ratio.high), (1.75, 3.25));
        assert_eq!(super::ratio(&[], &[]), None);
        assert_eq!(super::ratio(&[1.0], &[1.0, 2.0]), None);
        assert_eq!(super::ratio(&[1.0], &[0.0]), None);
    }

    #[test]
    fn quantiles_interpolate() {
        let sorted = [1.0, 2.0, 4.0, 8.0];
        assert_eq!(quantile(&sorted, 0.0), 1.0);
        assert_eq!(quantile(&sorted, 1.0), 8.0);
        assert_eq!(quantile(&sorted, 0.5), 3.0);
        assert_eq!(quantile(&[5.0], 0.25), 5.0);
    }

    #[test]
    fn only_rows_strictly_above_the_threshold_fail() {
        let row = |label: &str, median: f64| {
            (
                label.to_string(),
                Ratio {
                    median,
                    low: median,
                    high: median,
                },
            )
        };
        let rows = [row("a", 1.0), row("b", 1.1), row("c", 1.25), row("d", 0.5)];
        assert_eq!(over_threshold(&rows, 1.1), ["c"]);
        assert_eq!(over_threshold(&rows, 1.0), ["b", "c"]);
        assert!(over_threshold(&rows, 2.0).is_empty());
    }
}
