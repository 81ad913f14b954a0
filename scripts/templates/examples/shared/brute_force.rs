//! The deliberately simple method that the tests and `examples/brute.rs`
//! trust: as plain as the problem allows (all subsets, plain BFS, trying
//! everything), never the solution's own code. TODO: replace.

/// The answer to one case, found the simplest way.
pub fn answer(case: i64) -> i64 {
    case
}
