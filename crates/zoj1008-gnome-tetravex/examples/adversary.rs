//! Adversarial search for the solver's hardest 5×5 games: simulated
//! annealing over games that maximises the search effort a solver spends
//! on one game. Random draws from the families of the problem notes do not
//! find a solver's worst case; this does.
//!
//! ```text
//! cargo run --release -p zoj1008-gnome-tetravex \
//!     --example zoj1008-gnome-tetravex-adversary -- old|new SEED SECONDS OUT [CAP [START]]
//! ```
//!
//! `old` measures the square-growth search alone (the solution's
//! `solve_by_growth_alone`, the solver before the other searches: its
//! nodes), `new` the solution in
//! src/main.rs (square-growth nodes plus [`PROPAGATOR_NODE_COST`] per node of
//! the propagating search, both deterministic, so a score does not depend
//! on the machine's load). The run is deterministic in SEED except for
//! where the time budget cuts it. Four restarts share the budget, each from
//! a fresh family game or, given START (an input file; its 5×5 games, such
//! as the worst of earlier runs, are taken in turn), from a known hard game,
//! so a run can go on where earlier ones stopped. Moves: swap the digits of
//! one side of two squares, change one digit, copy one square over another,
//! reflect or rotate the whole game. An evaluation stops at CAP
//! square-growth nodes (default 30 M) so one game cannot take the whole
//! budget. The worst distinct games go to OUT as an input file (worst
//! first, ending in `0`) and their scores to OUT.nodes, both rewritten
//! whenever the list changes.

use std::time::{Duration, Instant};

#[path = "shared/families.rs"]
mod families;

// The solution file is a binary's source: its `main` and reader are unused
// here, only the node counter is.
#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

use families::GameSquare;

const SIDE: usize = 5;
const KEEP: usize = 12;

fn squares_of(game: &[GameSquare]) -> Vec<solution::Square> {
    game.iter()
        .map(|&[top, right, bottom, left]| solution::Square {
            top,
            right,
            bottom,
            left,
        })
        .collect()
}

/// The solver before the propagating search: the square-growth search
/// alone, its nodes.
fn old_nodes(game: &[GameSquare], cap: u64) -> u64 {
    solution::solve_by_growth_alone(SIDE, &squares_of(game), cap).1
}

/// The current solver's effort in square-growth nodes: a node of the
/// propagating search cost about as much as 40 of them (3.3–4.8 µs with its
/// matching rule, against 80–100 ns, measured on samples 13, 15 and 17).
/// Propagations now cost 2–3 µs, about 30 nodes; the weight stays, so that
/// the scores of all runs compare.
const PROPAGATOR_NODE_COST: u64 = 40;

fn new_nodes(game: &[GameSquare], cap: u64) -> u64 {
    let ((_, effort), _) = solution::solve_capped(SIDE, &squares_of(game), cap);
    effort.growth_nodes + PROPAGATOR_NODE_COST * effort.propagator_nodes
}

/// The game turned by one of the eight symmetries of the square: bit 2
/// transposes, bit 0 mirrors left to right, bit 1 top to bottom. Each maps
/// layouts to layouts, so the turned game is solvable alike.
fn oriented(game: &[GameSquare], symmetry: usize) -> Vec<GameSquare> {
    game.iter()
        .map(|&[mut top, mut right, mut bottom, mut left]| {
            if symmetry & 4 != 0 {
                (top, left) = (left, top);
                (right, bottom) = (bottom, right);
            }
            if symmetry & 1 != 0 {
                (left, right) = (right, left);
            }
            if symmetry & 2 != 0 {
                (top, bottom) = (bottom, top);
            }
            [top, right, bottom, left]
        })
        .collect()
}

fn mutate(rng: &mut fastrand::Rng, game: &mut Vec<GameSquare>) {
    let count = game.len();
    match rng.usize(0..100) {
        0..=44 => {
            let (first, second, side) = (rng.usize(..count), rng.usize(..count), rng.usize(..4));
            let digit = game[first][side];
            game[first][side] = game[second][side];
            game[second][side] = digit;
        }
        45..=79 => {
            // Mostly a digit the game already uses, so the alphabet stays small.
            let digit = if rng.usize(0..8) == 0 {
                rng.u8(0..10)
            } else {
                game[rng.usize(..count)][rng.usize(..4)]
            };
            game[rng.usize(..count)][rng.usize(..4)] = digit;
        }
        80..=93 => {
            let from = game[rng.usize(..count)];
            game[rng.usize(..count)] = from;
        }
        _ => *game = oriented(game, rng.usize(1..8)),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: adversary old|new SEED SECONDS OUT [NODE_CAP [START]]");
        std::process::exit(2);
    }
    let nodes_of: fn(&[GameSquare], u64) -> u64 = match args[1].as_str() {
        "old" => old_nodes,
        "new" => new_nodes,
        other => panic!("unknown solver {other}"),
    };
    let seed: u64 = args[2].parse().expect("SEED is a number");
    let budget = Duration::from_secs_f64(args[3].parse().expect("SECONDS is a number"));
    let out = std::path::PathBuf::from(&args[4]);
    let cap: u64 = args
        .get(5)
        .map_or(30_000_000, |cap| cap.parse().expect("NODE_CAP"));
    // The 5×5 games of START; other sides are skipped.
    let starts: Vec<Vec<GameSquare>> = args.get(6).map_or_else(Vec::new, |path| {
        let text = std::fs::read_to_string(path).expect("can read START");
        families::read_games(&text)
            .into_iter()
            .filter_map(|(n, game)| (n == SIDE).then_some(game))
            .collect()
    });

    let mut rng = fastrand::Rng::with_seed(seed);
    let started = Instant::now();
    let mut best: Vec<(u64, Vec<GameSquare>)> = Vec::new();
    let mut evaluations = 0u64;
    // Restarts: each anneals from a fresh game of one of the families for a share of the
    // budget, so one bad basin does not take the whole run.
    let restarts = 4;
    for restart in 0..restarts {
        let phase_end = budget.mul_f64(f64::from(restart + 1) / f64::from(restarts));
        let phase_start = started.elapsed();
        let alphabet = rng.usize(3..=6);
        let mut game = match restart % 3 {
            _ if !starts.is_empty() => starts[restart as usize % starts.len()].clone(),
            0 => families::solvable_game(&mut rng, SIDE, alphabet),
            1 => families::digit_changed_game(&mut rng, SIDE, alphabet),
            _ => families::swapped_game(&mut rng, SIDE, alphabet),
        };
        let mut score = (nodes_of(&game, cap) as f64).ln();
        while started.elapsed() < phase_end {
            let progress = (started.elapsed() - phase_start).as_secs_f64()
                / (phase_end - phase_start).as_secs_f64().max(1e-9);
            // Geometric cooling on the log of the node count.
            let temperature = 1.0 * (0.02f64 / 1.0).powf(progress.min(1.0));
            let mut candidate = game.clone();
            for _ in 0..1 + rng.usize(0..2) {
                mutate(&mut rng, &mut candidate);
            }
            let nodes = nodes_of(&candidate, cap);
            evaluations += 1;
            let candidate_score = (nodes as f64).ln();
            if candidate_score >= score
                || rng.f64() < ((candidate_score - score) / temperature).exp()
            {
                game = candidate;
                score = candidate_score;
                record(&mut best, nodes, &game, &out);
            }
        }
        eprintln!(
            "restart {restart}: {evaluations} evaluations so far, worst {} nodes",
            best.first().map_or(0, |entry| entry.0)
        );
    }
    for (nodes, _) in &best {
        println!("{nodes}");
    }
}

/// Keeps the `KEEP` worst distinct games, worst first, and rewrites the
/// output files when the list changes.
fn record(
    best: &mut Vec<(u64, Vec<GameSquare>)>,
    nodes: u64,
    game: &[GameSquare],
    out: &std::path::Path,
) {
    let mut key = game.to_vec();
    key.sort_unstable();
    let entry_key = |entry: &(u64, Vec<GameSquare>)| {
        let mut sorted = entry.1.clone();
        sorted.sort_unstable();
        sorted
    };
    if best.len() == KEEP && best[KEEP - 1].0 >= nodes {
        return;
    }
    if let Some(position) = best.iter().position(|entry| entry_key(entry) == key) {
        if best[position].0 >= nodes {
            return;
        }
        best.remove(position);
    }
    best.push((nodes, game.to_vec()));
    best.sort_by_key(|entry| std::cmp::Reverse(entry.0));
    best.truncate(KEEP);
    let mut text = String::new();
    let mut counts = String::new();
    for (nodes, game) in best.iter() {
        families::write_game(&mut text, SIDE, game);
        counts.push_str(&format!("{nodes}\n"));
    }
    text.push_str("0\n");
    std::fs::write(out, text).expect("can write the games");
    std::fs::write(out.with_extension("nodes"), counts).expect("can write the counts");
}
