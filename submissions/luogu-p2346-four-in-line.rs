//! Luogu P2346 — Four in a Line (四子连棋). <https://www.luogu.com.cn/problem/P2346>

pub use __cargo_equip::prelude::*;

use proconio::source::once::OnceSource;
use proconio::source::Source;
use std::fmt;
use std::io::{self, Cursor, Read, Write};

const SQUARES: u32 = 16;
const PIECES_PER_COLOUR: u32 = 7;
const LEGAL_BOARDS: usize = 411_840;

const LINES: [u16; 10] = [
	0x000F, 0x00F0, 0x0F00, 0xF000, // rows
	0x1111, 0x2222, 0x4444, 0x8888, // columns
	0x8421, 0x1248, // main diagonal (squares 0, 5, 10, 15) and anti-diagonal (3, 6, 9, 12)
];

const NEIGHBOURS: [u16; 16] = neighbour_masks();

const fn neighbour_masks() -> [u16; 16] {
	let mut masks = [0u16; 16];
	let mut square = 0;
	while square < 16 {
		let (row, column) = (square / 4, square % 4);
		let mut mask = 0u16;
		if row > 0 {
			mask |= 1 << (square - 4);
		}
		if row < 3 {
			mask |= 1 << (square + 4);
		}
		if column > 0 {
			mask |= 1 << (square - 1);
		}
		if column < 3 {
			mask |= 1 << (square + 1);
		}
		masks[square] = mask;
		square += 1;
	}
	masks
}

const BLACK_PLACEMENTS: usize = 3432;

static LOW_HALF_RANK: [u16; 128] = low_half_ranks();
static HIGH_HALF_RANK: [[u16; 8]; 128] = high_half_ranks();

const BINOMIAL: [[u16; 8]; 14] = binomials();

const fn binomials() -> [[u16; 8]; 14] {
	let mut binomial = [[0u16; 8]; 14];
	let mut n = 0;
	while n < 14 {
		binomial[n][0] = 1;
		let mut k = 1;
		while k < 8 {
			if n > 0 {
				binomial[n][k] = binomial[n - 1][k - 1] + binomial[n - 1][k];
			}
			k += 1;
		}
		n += 1;
	}
	binomial
}

const fn half_rank(half: usize, first_square: usize, ordinals_before: usize) -> u16 {
	let (mut rank, mut ordinal, mut position) = (0u16, ordinals_before, 0);
	while position < 7 {
		if half >> position & 1 == 1 {
			ordinal += 1;
			if ordinal < 8 {
				rank += BINOMIAL[first_square + position][ordinal];
			}
		}
		position += 1;
	}
	rank
}

const fn low_half_ranks() -> [u16; 128] {
	let mut ranks = [0u16; 128];
	let mut half = 0;
	while half < 128 {
		ranks[half] = half_rank(half, 0, 0);
		half += 1;
	}
	ranks
}

const fn high_half_ranks() -> [[u16; 8]; 128] {
	let mut ranks = [[0u16; 8]; 128];
	let mut half = 0;
	while half < 128 {
		let mut ordinals_before = 0;
		while ordinals_before < 8 {
			ranks[half][ordinals_before] = half_rank(half, 7, ordinals_before);
			ordinals_before += 1;
		}
		half += 1;
	}
	ranks
}

static BLACK_SUBSET_BY_RANK: [u16; BLACK_PLACEMENTS] = black_subsets_by_rank();
static EMPTY_PAIR_BY_RANK: [(u8, u8); 120] = empty_pairs_by_rank();

const fn black_subsets_by_rank() -> [u16; BLACK_PLACEMENTS] {
	let mut subsets = [0u16; BLACK_PLACEMENTS];
	let mut subset = 0usize;
	while subset < 1 << 14 {
		if subset.count_ones() == PIECES_PER_COLOUR {
			let low_half = subset & 0x7F;
			let rank = half_rank(low_half, 0, 0) + half_rank(subset >> 7, 7, low_half.count_ones() as usize);
			subsets[rank as usize] = subset as u16;
		}
		subset += 1;
	}
	subsets
}

const fn empty_pairs_by_rank() -> [(u8, u8); 120] {
	let mut pairs = [(0u8, 0u8); 120];
	let mut high = 1;
	while high < 16 {
		let mut low = 0;
		while low < high {
			pairs[high * (high - 1) / 2 + low] = (low as u8, high as u8);
			low += 1;
		}
		high += 1;
	}
	pairs
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Colour {
	Black,
	White,
}

impl Colour {
	const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

	fn opponent(self) -> Colour {
		match self {
			Colour::Black => Colour::White,
			Colour::White => Colour::Black,
		}
	}

	fn index(self) -> usize {
		self as usize
	}
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
	black: u16,
	white: u16,
}

impl Board {
	fn empty(self) -> u16 {
		!(self.black | self.white)
	}

	fn pieces(self, colour: Colour) -> u16 {
		match colour {
			Colour::Black => self.black,
			Colour::White => self.white,
		}
	}

	fn has_line(self) -> bool {
		LINES.iter().any(|&line| self.black & line == line || self.white & line == line)
	}

	fn for_each_move(self, mover: Colour, mut visit: impl FnMut(Board)) {
		let mut empties = self.empty();
		while empties != 0 {
			let target = empties.trailing_zeros();
			empties &= empties - 1;
			let mut sources = NEIGHBOURS[target as usize] & self.pieces(mover);
			while sources != 0 {
				let source = sources.trailing_zeros();
				sources &= sources - 1;
				let slide = (1u16 << source) | (1u16 << target);
				let mut next = self;
				match mover {
					Colour::Black => next.black ^= slide,
					Colour::White => next.white ^= slide,
				}
				visit(next);
			}
		}
	}

	fn rank(self) -> usize {
		let empty = u32::from(self.empty());
		let low = empty.trailing_zeros();
		let high = 31 - empty.leading_zeros();
		let pair_rank = high * (high - 1) / 2 + low;
		let black = u32::from(self.black);
		let without_high = (black & ((1 << high) - 1)) | ((black >> (high + 1)) << high);
		let compact = (without_high & ((1 << low) - 1)) | ((without_high >> (low + 1)) << low);
		let low_half = (compact & 0x7F) as usize;
		let black_rank = LOW_HALF_RANK[low_half] + HIGH_HALF_RANK[(compact >> 7) as usize][low_half.count_ones() as usize];
		pair_rank as usize * BLACK_PLACEMENTS + black_rank as usize
	}

	fn unrank(rank: usize) -> Board {
		let (low, high) = EMPTY_PAIR_BY_RANK[rank / BLACK_PLACEMENTS];
		let compact = u32::from(BLACK_SUBSET_BY_RANK[rank % BLACK_PLACEMENTS]);
		let with_low = (compact & ((1 << low) - 1)) | ((compact >> low) << (low + 1));
		let black = (with_low & ((1 << high) - 1)) | ((with_low >> high) << (high + 1));
		let empty = (1u32 << low) | (1u32 << high);
		Board { black: black as u16, white: !(black | empty) as u16 }
	}
}

fn for_each_legal_board(mut visit: impl FnMut(Board)) {
	for black in 0..=u16::MAX {
		if black.count_ones() != PIECES_PER_COLOUR {
			continue;
		}
		let free = !black;
		let mut first_choices = free;
		while first_choices != 0 {
			let first = first_choices & first_choices.wrapping_neg();
			first_choices &= first_choices - 1;
			let mut second_choices = first_choices;
			while second_choices != 0 {
				let second = second_choices & second_choices.wrapping_neg();
				second_choices &= second_choices - 1;
				visit(Board { black, white: free ^ first ^ second });
			}
		}
	}
}

const STATES: usize = 2 * LEGAL_BOARDS;

fn state_index(board: Board, mover: Colour) -> usize {
	2 * board.rank() + mover.index()
}

fn shortest_distance_by_search(start: Board) -> Option<u8> {
	if start.has_line() {
		return Some(0);
	}
	let mut seen = vec![0u64; STATES / 64];
	let mut first_visit = |board: Board, mover: Colour| {
		let state = state_index(board, mover);
		let (word, bit) = (&mut seen[state / 64], 1u64 << (state % 64));
		let is_new = *word & bit == 0;
		*word |= bit;
		is_new
	};
	let mut frontier = Vec::new();
	for mover in Colour::BOTH {
		first_visit(start, mover);
		frontier.push((start, mover));
	}
	let mut next_frontier = Vec::new();
	let mut distance = 0u8;
	while !frontier.is_empty() {
		distance += 1;
		let mut reached_line = false;
		for &(board, mover) in &frontier {
			let next_mover = mover.opponent();
			board.for_each_move(mover, |next| {
				if next.has_line() {
					reached_line = true;
				} else if first_visit(next, next_mover) {
					next_frontier.push((next, next_mover));
				}
			});
			if reached_line {
				return Some(distance);
			}
		}
		std::mem::swap(&mut frontier, &mut next_frontier);
		next_frontier.clear();
	}
	None
}

struct DistanceTable {
	distance_by_state: Vec<u8>,
}

impl DistanceTable {
	const UNREACHED: u8 = u8::MAX;

	fn build() -> DistanceTable {
		let mut distance_by_state = vec![Self::UNREACHED; STATES];
		let mut layer = vec![0u64; STATES / 64];
		for_each_legal_board(|board| {
			if board.has_line() {
				for mover in Colour::BOTH {
					let state = state_index(board, mover);
					distance_by_state[state] = 0;
					layer[state / 64] |= 1 << (state % 64);
				}
			}
		});
		let mut next_layer = vec![0u64; STATES / 64];
		let mut distance = 0u8;
		let mut layer_is_empty = false;
		while !layer_is_empty {
			distance += 1;
			layer_is_empty = true;
			for (word_index, &word) in layer.iter().enumerate() {
				let mut states = word;
				while states != 0 {
					let pair_shift = states.trailing_zeros() & !1;
					let mut movers = (states >> pair_shift) & 0b11;
					states &= !(0b11 << pair_shift);
					let board = Board::unrank(32 * word_index + pair_shift as usize / 2);
					while movers != 0 {
						let mover = Colour::BOTH[movers.trailing_zeros() as usize];
						movers &= movers - 1;
						let earlier_mover = mover.opponent();
						board.for_each_move(earlier_mover, |earlier| {
							let state = state_index(earlier, earlier_mover);
							let is_new = distance_by_state[state] == Self::UNREACHED;
							distance_by_state[state] = distance_by_state[state].min(distance);
							next_layer[state / 64] |= u64::from(is_new) << (state % 64);
							layer_is_empty &= !is_new;
						});
					}
				}
			}
			std::mem::swap(&mut layer, &mut next_layer);
			next_layer.fill(0);
		}
		DistanceTable { distance_by_state }
	}

	fn shortest_distance(&self, board: Board) -> Option<u8> {
		let rank = board.rank();
		let best = self.distance_by_state[2 * rank].min(self.distance_by_state[2 * rank + 1]);
		(best != Self::UNREACHED).then_some(best)
	}
}

const TABLE_THRESHOLD: usize = 2000;

fn answer(shortest_distance: u8) -> u8 {
	shortest_distance.max(1)
}

fn shortest_distances(boards: &[Board]) -> Vec<Option<u8>> {
	if boards.len() >= TABLE_THRESHOLD {
		let table = DistanceTable::build();
		boards.iter().map(|&board| table.shortest_distance(board)).collect()
	} else {
		boards.iter().map(|&board| shortest_distance_by_search(board)).collect()
	}
}

#[derive(Debug, PartialEq, Eq)]
struct InputError {
	board: usize,
	fault: String,
}

impl fmt::Display for InputError {
	fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
		write!(f, "board {}: {}", self.board, self.fault)
	}
}

fn tokens_of(mut input: Vec<u8>) -> OnceSource<Cursor<Vec<u8>>> {
	if let Err(error) = std::str::from_utf8(&input) {
		input.truncate(error.valid_up_to());
		input.extend_from_slice("\u{FFFD}".as_bytes());
	}
	OnceSource::new(Cursor::new(input))
}

fn parse_boards(input: Vec<u8>) -> (Vec<Board>, Option<InputError>) {
	let mut tokens = tokens_of(input);
	let mut boards = Vec::new();
	let (mut black, mut white, mut squares_read) = (0u16, 0u16, 0u32);
	while let Some(token) = tokens.next_token() {
		for (offset, byte) in token.bytes().enumerate() {
			if !matches!(byte, b'B' | b'W' | b'O') {
				let character = token[offset..].chars().next().unwrap_or('?');
				let fault = format!("unexpected character {character:?} (expected B, W or O)");
				let board = boards.len() + 1;
				return (boards, Some(InputError { board, fault }));
			}
			black |= u16::from(byte == b'B') << squares_read;
			white |= u16::from(byte == b'W') << squares_read;
			squares_read += 1;
			if squares_read == SQUARES {
				let board = Board { black, white };
				if black.count_ones() != PIECES_PER_COLOUR || white.count_ones() != PIECES_PER_COLOUR {
					let fault =
						format!("has {} B, {} W and {} O (expected 7 B, 7 W and 2 O)", black.count_ones(), white.count_ones(), board.empty().count_ones());
					let board = boards.len() + 1;
					return (boards, Some(InputError { board, fault }));
				}
				boards.push(board);
				(black, white, squares_read) = (0, 0, 0);
			}
		}
	}
	let error = (squares_read != 0).then(|| InputError { board: boards.len() + 1, fault: format!("input ends after {squares_read} of 16 squares") });
	(boards, error)
}

#[derive(Debug)]
enum RunError {
	Input(InputError),
	Output(io::Error),
}

impl fmt::Display for RunError {
	fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
		match self {
			RunError::Input(error) => error.fmt(f),
			RunError::Output(error) => write!(f, "cannot write the answers: {error}"),
		}
	}
}

fn run(input: Vec<u8>, out: &mut impl Write) -> Result<(), RunError> {
	let (boards, mut input_fault) = parse_boards(input);
	for (index, distance) in shortest_distances(&boards).into_iter().enumerate() {
		let Some(distance) = distance else {
			let fault = "no line of four can be reached".to_string();
			input_fault = Some(InputError { board: index + 1, fault });
			break;
		};
		out.write_all(&[b'0' + answer(distance), b'\n']).map_err(RunError::Output)?;
	}
	out.flush().map_err(RunError::Output)?;
	input_fault.map_or(Ok(()), |error| Err(RunError::Input(error)))
}

fn fail(message: fmt::Arguments) -> ! {
	let _ = writeln!(io::stderr(), "{message}");
	std::process::exit(1);
}

fn main() {
	let mut input = Vec::new();
	if let Err(error) = io::stdin().lock().read_to_end(&mut input) {
		fail(format_args!("cannot read the input: {error}"));
	}
	if let Err(error) = run(input, &mut io::BufWriter::new(io::stdout().lock())) {
		fail(format_args!("{error}"));
	}
}

// The following code was expanded by `cargo-equip`.

///  # Bundled libraries
/// 
///  - `registry+https://github.com/rust-lang/crates.io-index#proconio@0.5.0` licensed under `MIT OR Apache-2.0` as `crate::__cargo_equip::crates::proconio`
/// 
///  # License and Copyright Notices
/// 
///  - `registry+https://github.com/rust-lang/crates.io-index#proconio@0.5.0`
/// 
///      ```text
///      The MIT License
///      Copyright 2019 (C) statiolake <statiolake@gmail.com>
/// 
///      Permission is hereby granted, free of charge, to any person obtaining a copy of
///      this software and associated documentation files (the "Software"), to deal in
///      the Software without restriction, including without limitation the rights to
///      use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of
///      the Software, and to permit persons to whom the Software is furnished to do so,
///      subject to the following conditions:
/// 
///      The above copyright notice and this permission notice shall be included in all
///      copies or substantial portions of the Software.
/// 
///      THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
///      IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS
///      FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
///      COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER
///      IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
///      CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
/// 
///      Copyright for original `input!` macro is held by Hideyuki Tanaka, 2019.  The
///      original macro is licensed under BSD 3-clause license.
/// 
///      Redistribution and use in source and binary forms, with or without
///      modification, are permitted provided that the following conditions are met:
/// 
///      1. Redistributions of source code must retain the above copyright notice, this
///         list of conditions and the following disclaimer.
/// 
///      2. Redistributions in binary form must reproduce the above copyright notice,
///         this list of conditions and the following disclaimer in the documentation
///         and/or other materials provided with the distribution.
/// 
///      3. Neither the name of the copyright holder nor the names of its contributors
///         may be used to endorse or promote products derived from this software
///         without specific prior written permission.
/// 
///      THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
///      ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
///      WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
///      DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
///      FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
///      DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
///      SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
///      CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
///      OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
///      OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
///      ```
#[cfg_attr(any(), rustfmt::skip)]
#[allow(unused)]
mod __cargo_equip {
    pub(crate) mod crates {
        pub mod proconio {#![allow(clippy::needless_doctest_main,clippy::print_literal)]pub use crate::__cargo_equip::macros::proconio::*;pub mod marker{use crate::__cargo_equip::crates::proconio::source::{Readable,Source};use std::io::BufRead;pub enum Chars{}impl Readable for Chars{type Output=Vec<char>;fn read<R:BufRead,S:Source<R>>(source:&mut S)->Vec<char>{source.next_token_unwrap().chars().collect()}}pub enum Bytes{}impl Readable for Bytes{type Output=Vec<u8>;fn read<R:BufRead,S:Source<R>>(source:&mut S)->Vec<u8>{source.next_token_unwrap().bytes().collect()}}pub enum Usize1{}impl Readable for Usize1{type Output=usize;fn read<R:BufRead,S:Source<R>>(source:&mut S)->usize{usize::read(source).checked_sub(1).expect("attempted to read the value 0 as a Usize1")}}pub enum Isize1{}impl Readable for Isize1{type Output=isize;fn read<R:BufRead,S:Source<R>>(source:&mut S)->isize{isize::read(source).checked_sub(1).unwrap_or_else(||{panic!(concat!("attempted to read the value {} as a Isize1:"," the value is isize::MIN and cannot be decremented"),isize::MIN,)})}}}pub mod source{use std::any::type_name;use std::fmt::Debug;use std::io::BufRead;use std::str::FromStr;pub mod line{use super::Source;use crate::__cargo_equip::crates::proconio::source::tokens::Tokens;use std::io::BufRead;pub struct LineSource<R:BufRead>{tokens:Tokens,reader:R,}impl<R:BufRead>LineSource<R>{pub fn new(reader:R)->LineSource<R>{LineSource{tokens:"".to_owned().into(),reader,}}fn prepare(&mut self){while self.tokens.is_empty(){let mut line=String::new();let num_bytes=self.reader.read_line(&mut line).expect("failed to get linel maybe an IO error.");if num_bytes==0{return;}self.tokens=line.into();}}}impl<R:BufRead>Source<R>for LineSource<R>{fn next_token(&mut self)->Option<&str>{self.prepare();self.tokens.next_token()}fn is_empty(&mut self)->bool{self.prepare();self.tokens.is_empty()}}use std::io::BufReader;impl<'a>From<&'a str>for LineSource<BufReader<&'a[u8]>>{fn from(s:&'a str)->LineSource<BufReader<&'a[u8]>>{LineSource::new(BufReader::new(s.as_bytes()))}}}pub mod once{use super::Source;use crate::__cargo_equip::crates::proconio::source::tokens::Tokens;use std::io::BufRead;use std::marker::PhantomData;pub struct OnceSource<R:BufRead>{tokens:Tokens,_read:PhantomData<R>,}impl<R:BufRead>OnceSource<R>{pub fn new(mut source:R)->OnceSource<R>{let mut context=String::new();source.read_to_string(&mut context).expect("failed to read from source; maybe an IO error.");OnceSource{tokens:context.into(),_read:PhantomData,}}}impl<R:BufRead>Source<R>for OnceSource<R>{fn next_token(&mut self)->Option<&str>{self.tokens.next_token()}fn is_empty(&mut self)->bool{self.tokens.is_empty()}}use std::io::BufReader;impl<'a>From<&'a str>for OnceSource<BufReader<&'a[u8]>>{fn from(s:&'a str)->OnceSource<BufReader<&'a[u8]>>{OnceSource::new(BufReader::new(s.as_bytes()))}}}mod tokens{use std::{iter::Peekable,ptr::NonNull,str::SplitWhitespace};pub(super)struct Tokens{tokens:Peekable<SplitWhitespace<'static>>,_current_context:CurrentContext,}impl Tokens{pub(super)fn next_token(&mut self)->Option<&str>{self.tokens.next()}pub(super)fn is_empty(&mut self)->bool{self.tokens.peek().is_none()}}impl From<String>for Tokens{fn from(current_context:String)->Self{let current_context=CurrentContext::from(current_context);unsafe{let tokens=current_context.0.as_ref().split_whitespace().peekable();Self{tokens,_current_context:current_context,}}}}unsafe impl Send for Tokens{}unsafe impl Sync for Tokens{}struct CurrentContext(NonNull<str>);impl From<String>for CurrentContext{fn from(s:String)->Self{let s=s.into_boxed_str();Self(NonNull::new(Box::leak(s)).unwrap())}}impl Drop for CurrentContext{fn drop(&mut self){unsafe{drop(Box::from_raw(self.0.as_mut()))};}}}pub mod auto{#[cfg(debug_assertions)]pub use super::line::LineSource as AutoSource;#[cfg(not(debug_assertions))]pub use super::once::OnceSource as AutoSource;}pub trait Source<R:BufRead>{fn next_token(&mut self)->Option<&str>;#[allow(clippy::wrong_self_convention)]fn is_empty(&mut self)->bool;fn next_token_unwrap(&mut self)->&str{self.next_token().expect(concat!("failed to get the next token; ","maybe reader reached an end of input. ","ensure that arguments for `input!` macro is correctly ","specified to match the problem input."))}}impl<R:BufRead,S:Source<R>>Source<R>for&'_ mut S{fn next_token(&mut self)->Option<&str>{(*self).next_token()}fn is_empty(&mut self)->bool{(*self).is_empty()}}pub trait Readable{type Output;fn read<R:BufRead,S:Source<R>>(source:&mut S)->Self::Output;}impl<T:FromStr>Readable for T where T::Err:Debug,{type Output=T;fn read<R:BufRead,S:Source<R>>(source:&mut S)->T{let token=source.next_token_unwrap();match token.parse(){Ok(v)=>v,Err(e)=>panic!(concat!("failed to parse the input `{input}` ","to the value of type `{ty}`: {err:?}; ","ensure that the input format is collectly specified ","and that the input value must handle specified type.",),input=token,ty=type_name::<T>(),err=e,),}}}pub trait RuntimeReadable{type Output;fn read<R:BufRead,S:Source<R>>(self,source:&mut S)->Self::Output;}}use crate::__cargo_equip::crates::proconio::source::{auto::AutoSource,line::LineSource};use std::sync::OnceLock;use std::{io::{self,BufRead},sync::Mutex,};use std::{io::{BufReader,Stdin},sync::MutexGuard,};pub use crate::__cargo_equip::crates::proconio::source::Readable as __Readable;pub enum StdinSource<R:BufRead>{Normal(AutoSource<R>),Interactive(LineSource<R>),Unknown(LineSource<R>),}impl<R:BufRead>source::Source<R>for StdinSource<R>{fn next_token(&mut self)->Option<&str>{match self{StdinSource::Normal(source)=>source.next_token(),StdinSource::Interactive(source)=>source.next_token(),StdinSource::Unknown(source)=>source.next_token(),}}fn is_empty(&mut self)->bool{match self{StdinSource::Normal(source)=>source.is_empty(),StdinSource::Interactive(source)=>source.is_empty(),StdinSource::Unknown(source)=>source.is_empty(),}}}pub static STDIN_SOURCE:OnceLock<Mutex<StdinSource<BufReader<Stdin>>>> =OnceLock::new();#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_input{(@from[$source:expr]@rest)=>{};(@from[$source:expr]@rest mut$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[mut]@rest$($rest)*}};(@from[$source:expr]@rest$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[]@rest$($rest)*}};(@from[$source:expr]@mut[$($mut:tt)?]@rest$var:tt:$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[$($mut)*]@var$var@kind[]@rest$($rest)*}};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest with$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[$($mut)*]@var$var@dyn_kind[]@rest$($rest)*}};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[$($kind:tt)*]@rest)=>{let$($mut)*$var=$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[$($kind)*]);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[$($kind:tt)*]@rest,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[$($kind)*]@rest);$crate::__cargo_equip::crates::proconio::input!(@from[$source]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest[$($tt:tt)*]$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[[$($tt)*]]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest($($tt:tt)*)$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[($($tt)*)]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest$ty:ty,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[$ty]@rest,$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest$ty:ty)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[$ty]@rest);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest)=>{let$($mut)*$var=$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@dyn_kind[$($dyn_kind)*]);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@dyn_kind[$($dyn_kind)*]@rest);$crate::__cargo_equip::crates::proconio::input!(@from[$source]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest$dyn_readable:expr)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@dyn_kind[$($dyn_kind)*$dyn_readable]@rest);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest$dyn_readable:expr,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@dyn_kind[$($dyn_kind)*$dyn_readable]@rest,$($rest)*);};(@from$($tt:tt)*)=>{compile_error!(concat!("Reached unreachable statement while parsing macro input.  ","This is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."));};(from$source:expr,$($rest:tt)*)=>{#[allow(unused_variables,unused_mut)]let mut s=$source;$crate::__cargo_equip::crates::proconio::input!{@from[&mut s]@rest$($rest)*}};($($rest:tt)*)=>{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::__acquire_global_stdin_lock();$crate::__cargo_equip::crates::proconio::input!{@from[&mut*locked_stdin]@rest$($rest)*}drop(locked_stdin);};}macro_rules!input{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_input!{$($tt)*})}#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_input_interactive{($($rest:tt)*)=>{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::__acquire_global_stdin_lock();$crate::__cargo_equip::crates::proconio::input!{from&mut*locked_stdin,$($rest)*}drop(locked_stdin);};}macro_rules!input_interactive{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_input_interactive!{$($tt)*})}#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_read_value{(@source[$source:expr]@kind[[$($kind:tt)*]])=>{$crate::__cargo_equip::crates::proconio::read_value!(@array@source[$source]@kind[]@rest$($kind)*)};(@array@source[$source:expr]@kind[$($kind:tt)*]@rest)=>{{let len=<usize as$crate::__cargo_equip::crates::proconio::__Readable>::read($source);$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[[$($kind)*;len]])}};(@array@source[$source:expr]@kind[$($kind:tt)*]@rest;$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@array@source[$source]@kind[$($kind)*]@len[$($rest)*])};(@array@source[$source:expr]@kind[$($kind:tt)*]@rest$tt:tt$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@array@source[$source]@kind[$($kind)*$tt]@rest$($rest)*)};(@array@source[$source:expr]@kind[$($kind:tt)*]@len[$($len:tt)*])=>{{let len=$($len)*;(0..len).map(|_|$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[$($kind)*])).collect::<Vec<_>>()}};(@source[$source:expr]@kind[($($kinds:tt)*)])=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[]@current[]@rest$($kinds)*)};(@tuple@source[$source:expr]@kinds[$([$($kind:tt)*])*]@current[]@rest)=>{($($crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[$($kind)*]),)*)};(@tuple@source[$source:expr]@kinds[$($kinds:tt)*]@current[$($curr:tt)*]@rest)=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[$($kinds)*[$($curr)*]]@current[]@rest)};(@tuple@source[$source:expr]@kinds[$($kinds:tt)*]@current[$($curr:tt)*]@rest,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[$($kinds)*[$($curr)*]]@current[]@rest$($rest)*)};(@tuple@source[$source:expr]@kinds[$($kinds:tt)*]@current[$($curr:tt)*]@rest$tt:tt$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[$($kinds)*]@current[$($curr)*$tt]@rest$($rest)*)};(@source[$source:expr]@kind[$kind:ty])=>{<$kind as$crate::__cargo_equip::crates::proconio::__Readable>::read($source)};(@source[$source:expr]@dyn_kind[$dyn_kind:expr])=>{$crate::__cargo_equip::crates::proconio::source::RuntimeReadable::read($dyn_kind,$source)};(@source[$source:expr]@kind[])=>{compile_error!(concat!("Reached unreachable statement while parsing macro input.  ","This is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."));};(from$source:expr,with$($rest:tt)*)=>{{#[allow(unused_variables,unused_mut)]let mut s=$source;$crate::__cargo_equip::crates::proconio::read_value!(@source[&mut s]@dyn_kind[$($rest)*])}};(from$source:expr,$($rest:tt)*)=>{{#[allow(unused_variables,unused_mut)]let mut s=$source;$crate::__cargo_equip::crates::proconio::read_value!(@source[&mut s]@kind[$($rest)*])}};($($rest:tt)*)=>{{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::STDIN_SOURCE.get_or_init(||{std::sync::Mutex::new($crate::__cargo_equip::crates::proconio::StdinSource::Normal($crate::__cargo_equip::crates::proconio::source::auto::AutoSource::new(std::io::BufReader::new(std::io::stdin())),))}).lock().expect(concat!("failed to lock the stdin; please re-run this program.  ","If this issue repeatedly occur, this is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."));let __res=$crate::__cargo_equip::crates::proconio::read_value!(from&mut*locked_stdin,$($rest)*);drop(locked_stdin);__res}};}macro_rules!read_value{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_read_value!{$($tt)*})}#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_read_value_interactive{($($rest:tt)*)=>{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::acquire_global_stdin_lock();let __res=$crate::__cargo_equip::crates::proconio::read_value!(from&mut*locked_stdin,$($rest)*);drop(locked_stdin);__res};}macro_rules!read_value_interactive{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_read_value_interactive!{$($tt)*})}pub fn __acquire_global_stdin_lock()->MutexGuard<'static,StdinSource<BufReader<Stdin>>>{STDIN_SOURCE.get_or_init(||{Mutex::new(StdinSource::Unknown(LineSource::new(BufReader::new(io::stdin(),))))}).lock().expect(concat!("failed to lock the stdin; please re-run this program.  ","If this issue repeatedly occur, this is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."))}pub fn is_stdin_empty()->bool{use source::Source;let mut lock=__acquire_global_stdin_lock();lock.is_empty()}}
    }

    pub(crate) mod macros {
        pub mod proconio {pub use crate::{__cargo_equip_macro_def_proconio_input as input,__cargo_equip_macro_def_proconio_input_interactive as input_interactive,__cargo_equip_macro_def_proconio_read_value as read_value,__cargo_equip_macro_def_proconio_read_value_interactive as read_value_interactive};}
    }

    pub(crate) mod prelude {pub use crate::__cargo_equip::crates::*;}

    mod preludes {
        pub mod proconio {}
    }
}
