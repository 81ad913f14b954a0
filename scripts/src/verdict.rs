//! Verdicts: the one place that turns a finished run's limits and exit
//! into TLE, MLE, OLE or RE ([`fault()`]), the exact comparison of an answer
//! with the expected output (AC, PE, WA; other policies are in
//! `checker.rs`), and a bounded report of their first difference with
//! whitespace made visible.
//!
//! One job a room, below; this one hands on their names.

mod fault;
mod named;
mod output;
mod show;

pub use fault::{deciding_time, fault, process_limit_note, STDERR_LINES};
pub use named::as_judge_names;
pub use output::{first_difference, judge_atcoder, judge_lines, judge_output, Position, Verdict};
pub use show::{
    as_written, first_lines, mebibytes, milliseconds, printable, visible_cut, LINE_CUT,
};
