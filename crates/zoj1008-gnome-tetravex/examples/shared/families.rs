//! Seeded generators for the game families of the problem notes: games
//! solvable by construction, the same with one digit of one square changed,
//! and the same with one side's digits of two squares swapped.

/// One square as `[top, right, bottom, left]`.
pub type GameSquare = [u8; 4];

/// `count` distinct digits from 0–9, chosen at random.
pub fn random_alphabet(rng: &mut fastrand::Rng, count: usize) -> Vec<u8> {
    let mut digits: Vec<u8> = (0..10).collect();
    rng.shuffle(&mut digits);
    digits.truncate(count);
    digits
}

/// A solved `n`×`n` grid in row-major order: every edge between two cells
/// and every border triangle gets a random digit of `alphabet`.
pub fn solved_grid(rng: &mut fastrand::Rng, n: usize, alphabet: &[u8]) -> Vec<GameSquare> {
    let mut pick = || alphabet[rng.usize(..alphabet.len())];
    // horizontal[row][k] is the digit on the vertical line k (0..=n) of a row,
    // vertical[k][column] the digit on the horizontal line k of a column.
    let horizontal: Vec<Vec<u8>> = (0..n).map(|_| (0..=n).map(|_| pick()).collect()).collect();
    let vertical: Vec<Vec<u8>> = (0..=n).map(|_| (0..n).map(|_| pick()).collect()).collect();
    let mut grid = Vec::with_capacity(n * n);
    for row in 0..n {
        for column in 0..n {
            grid.push([
                vertical[row][column],
                horizontal[row][column + 1],
                vertical[row + 1][column],
                horizontal[row][column],
            ]);
        }
    }
    grid
}

/// A game solvable by construction, squares shuffled.
pub fn solvable_game(rng: &mut fastrand::Rng, n: usize, alphabet_size: usize) -> Vec<GameSquare> {
    let alphabet = random_alphabet(rng, alphabet_size);
    let mut squares = solved_grid(rng, n, &alphabet);
    rng.shuffle(&mut squares);
    squares
}

/// A solvable game with one digit of one square changed to another digit
/// of the same alphabet (usually unsolvable; solvable when the digit sat on
/// the border, or by luck).
pub fn digit_changed_game(
    rng: &mut fastrand::Rng,
    n: usize,
    alphabet_size: usize,
) -> Vec<GameSquare> {
    let alphabet = random_alphabet(rng, alphabet_size.max(2));
    let mut squares = solved_grid(rng, n, &alphabet);
    rng.shuffle(&mut squares);
    let square = rng.usize(..squares.len());
    let side = rng.usize(..4);
    let old = squares[square][side];
    let others: Vec<u8> = alphabet.iter().copied().filter(|&d| d != old).collect();
    squares[square][side] = others[rng.usize(..others.len())];
    squares
}

/// A solvable game with the digits on the same side of two squares swapped:
/// every side keeps its multiset of digits, so counting arguments over the
/// whole game cannot tell it from a solvable one. Needs two squares that
/// differ on the chosen side; when every square agrees on every side the
/// game is returned unchanged (and is solvable).
pub fn swapped_game(rng: &mut fastrand::Rng, n: usize, alphabet_size: usize) -> Vec<GameSquare> {
    let alphabet = random_alphabet(rng, alphabet_size.max(2));
    let mut squares = solved_grid(rng, n, &alphabet);
    rng.shuffle(&mut squares);
    for _ in 0..1000 {
        let first = rng.usize(..squares.len());
        let second = rng.usize(..squares.len());
        let side = rng.usize(..4);
        if squares[first][side] != squares[second][side] {
            let digit = squares[first][side];
            squares[first][side] = squares[second][side];
            squares[second][side] = digit;
            break;
        }
    }
    squares
}

/// The games of an input (a side, four digits a square, ..., ending in
/// `0`), as `write_game` writes them. Trusts its input.
pub fn read_games(text: &str) -> Vec<(usize, Vec<GameSquare>)> {
    let mut digits = text
        .split_ascii_whitespace()
        .map(|token| token.parse::<u8>().expect("tokens are numbers"));
    let mut games = Vec::new();
    while let Some(side) = digits.next().filter(|&side| side != 0) {
        let n = usize::from(side);
        let game = (0..n * n)
            .map(|_| [0; 4].map(|_| digits.next().expect("a game has n * n squares")))
            .collect();
        games.push((n, game));
    }
    games
}

/// Appends one game in the input format.
pub fn write_game(text: &mut String, n: usize, squares: &[GameSquare]) {
    text.push_str(&format!("{n}\n"));
    for [top, right, bottom, left] in squares {
        text.push_str(&format!("{top} {right} {bottom} {left}\n"));
    }
}
