//! Luogu P2346 — Four in a Line (四子连棋). <https://www.luogu.com.cn/problem/P2346>

pub use __cargo_equip::prelude::*;

use proconio::source::once::OnceSource;
use proconio::source::Source;
use rustc_hash::FxHashSet;
use std::collections::VecDeque;
use std::fmt::{self, Write as _};
use std::io::{self, Read, Write};

const LINES: [u16; 10] = [0x000F, 0x00F0, 0x0F00, 0xF000, 0x1111, 0x2222, 0x4444, 0x8888, 0x8421, 0x1248];

const NEIGHBOURS: [u16; 16] = {
	let mut masks = [0u16; 16];
	let mut square = 0;
	while square < 16 {
		let (row, column) = (square / 4, square % 4);
		if row > 0 {
			masks[square] |= 1 << (square - 4);
		}
		if row < 3 {
			masks[square] |= 1 << (square + 4);
		}
		if column > 0 {
			masks[square] |= 1 << (square - 1);
		}
		if column < 3 {
			masks[square] |= 1 << (square + 1);
		}
		square += 1;
	}
	masks
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Colour {
	Black,
	White,
}

impl Colour {
	fn opponent(self) -> Colour {
		match self {
			Colour::Black => Colour::White,
			Colour::White => Colour::Black,
		}
	}
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Board {
	black: u16,
	white: u16,
}

fn squares_in(mut mask: u16) -> impl Iterator<Item = usize> {
	std::iter::from_fn(move || {
		let square = mask.trailing_zeros() as usize;
		mask &= mask.wrapping_sub(1);
		(square < 16).then_some(square)
	})
}

impl Board {
	fn empty(self) -> u16 {
		!(self.black | self.white)
	}

	fn has_line(self) -> bool {
		LINES.iter().any(|&line| self.black & line == line || self.white & line == line)
	}

	fn moves(self, mover: Colour) -> impl Iterator<Item = Board> {
		let pieces = match mover {
			Colour::Black => self.black,
			Colour::White => self.white,
		};
		squares_in(self.empty()).flat_map(move |to| {
			squares_in(NEIGHBOURS[to] & pieces).map(move |from| {
				let slide = 1 << from | 1 << to;
				match mover {
					Colour::Black => Board { black: self.black ^ slide, ..self },
					Colour::White => Board { white: self.white ^ slide, ..self },
				}
			})
		})
	}
}

fn shortest_distance(start: Board) -> Option<u8> {
	if start.has_line() {
		return Some(0);
	}
	let mut seen = FxHashSet::default();
	let mut queue = VecDeque::new();
	for mover in [Colour::Black, Colour::White] {
		seen.insert((start, mover));
		queue.push_back((start, mover, 0));
	}
	while let Some((board, mover, distance)) = queue.pop_front() {
		for next in board.moves(mover) {
			if next.has_line() {
				return Some(distance + 1);
			}
			if seen.insert((next, mover.opponent())) {
				queue.push_back((next, mover.opponent(), distance + 1));
			}
		}
	}
	None
}

fn read_boards(text: &str, boards: &mut Vec<Board>) -> Result<(), String> {
	let mut tokens = OnceSource::from(text);
	let mut board = Board { black: 0, white: 0 };
	let mut squares_read = 0;
	while let Some(token) = tokens.next_token() {
		for character in token.chars() {
			match character {
				'B' => board.black |= 1 << squares_read,
				'W' => board.white |= 1 << squares_read,
				'O' => {}
				_ => return Err(format!("unexpected character {character:?} (expected B, W or O)")),
			}
			squares_read += 1;
			if squares_read == 16 {
				let (black, white) = (board.black.count_ones(), board.white.count_ones());
				if (black, white) != (7, 7) {
					let empty = 16 - black - white;
					return Err(format!("has {black} B, {white} W and {empty} O (expected 7 B, 7 W and 2 O)"));
				}
				boards.push(board);
				(board, squares_read) = (Board { black: 0, white: 0 }, 0);
			}
		}
	}
	match squares_read {
		0 => Ok(()),
		_ => Err(format!("input ends after {squares_read} of 16 squares")),
	}
}

fn answer_boards(input: &[u8]) -> (String, Option<String>) {
	let mut boards = Vec::new();
	let read = read_boards(&String::from_utf8_lossy(input), &mut boards);
	let mut answers = String::new();
	for (index, &board) in boards.iter().enumerate() {
		let Some(distance) = shortest_distance(board) else {
			let fault = format!("board {}: no line of four can be reached", index + 1);
			return (answers, Some(fault));
		};
		let _ = writeln!(answers, "{}", distance.max(1));
	}
	let fault = read.err().map(|fault| format!("board {}: {fault}", boards.len() + 1));
	(answers, fault)
}

fn fail(message: fmt::Arguments) -> ! {
	let _ = writeln!(io::stderr(), "{message}");
	std::process::exit(1);
}

fn main() {
	let mut input = Vec::new();
	let read = io::stdin().lock().read_to_end(&mut input);
	let (answers, fault) = answer_boards(&input);
	let mut out = io::BufWriter::new(io::stdout().lock());
	if let Err(error) = out.write_all(answers.as_bytes()).and_then(|()| out.flush()) {
		fail(format_args!("cannot write the answers: {error}"));
	}
	if let Err(error) = read {
		fail(format_args!("cannot read the input: {error}"));
	}
	if let Some(fault) = fault {
		fail(format_args!("{fault}"));
	}
}

// The following code was expanded by `cargo-equip`.

///  # Bundled libraries
/// 
///  - `registry+https://github.com/rust-lang/crates.io-index#proconio@0.5.0`   licensed under `MIT OR Apache-2.0` as `crate::__cargo_equip::crates::proconio`
///  - `registry+https://github.com/rust-lang/crates.io-index#rustc-hash@2.1.1` licensed under `Apache-2.0 OR MIT` as `crate::__cargo_equip::crates::rustc_hash`
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
/// 
///  - `registry+https://github.com/rust-lang/crates.io-index#rustc-hash@2.1.1`
/// 
///      ```text
///      Permission is hereby granted, free of charge, to any
///      person obtaining a copy of this software and associated
///      documentation files (the "Software"), to deal in the
///      Software without restriction, including without
///      limitation the rights to use, copy, modify, merge,
///      publish, distribute, sublicense, and/or sell copies of
///      the Software, and to permit persons to whom the Software
///      is furnished to do so, subject to the following
///      conditions:
/// 
///      The above copyright notice and this permission notice
///      shall be included in all copies or substantial portions
///      of the Software.
/// 
///      THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF
///      ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED
///      TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
///      PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT
///      SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
///      CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION
///      OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR
///      IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
///      DEALINGS IN THE SOFTWARE.
///      ```
#[cfg_attr(any(), rustfmt::skip)]
#[allow(unused)]
mod __cargo_equip {
    pub(crate) mod crates {
        pub mod proconio {#![allow(clippy::needless_doctest_main,clippy::print_literal)]pub use crate::__cargo_equip::macros::proconio::*;pub mod marker{use crate::__cargo_equip::crates::proconio::source::{Readable,Source};use std::io::BufRead;pub enum Chars{}impl Readable for Chars{type Output=Vec<char>;fn read<R:BufRead,S:Source<R>>(source:&mut S)->Vec<char>{source.next_token_unwrap().chars().collect()}}pub enum Bytes{}impl Readable for Bytes{type Output=Vec<u8>;fn read<R:BufRead,S:Source<R>>(source:&mut S)->Vec<u8>{source.next_token_unwrap().bytes().collect()}}pub enum Usize1{}impl Readable for Usize1{type Output=usize;fn read<R:BufRead,S:Source<R>>(source:&mut S)->usize{usize::read(source).checked_sub(1).expect("attempted to read the value 0 as a Usize1")}}pub enum Isize1{}impl Readable for Isize1{type Output=isize;fn read<R:BufRead,S:Source<R>>(source:&mut S)->isize{isize::read(source).checked_sub(1).unwrap_or_else(||{panic!(concat!("attempted to read the value {} as a Isize1:"," the value is isize::MIN and cannot be decremented"),isize::MIN,)})}}}pub mod source{use std::any::type_name;use std::fmt::Debug;use std::io::BufRead;use std::str::FromStr;pub mod line{use super::Source;use crate::__cargo_equip::crates::proconio::source::tokens::Tokens;use std::io::BufRead;pub struct LineSource<R:BufRead>{tokens:Tokens,reader:R,}impl<R:BufRead>LineSource<R>{pub fn new(reader:R)->LineSource<R>{LineSource{tokens:"".to_owned().into(),reader,}}fn prepare(&mut self){while self.tokens.is_empty(){let mut line=String::new();let num_bytes=self.reader.read_line(&mut line).expect("failed to get linel maybe an IO error.");if num_bytes==0{return;}self.tokens=line.into();}}}impl<R:BufRead>Source<R>for LineSource<R>{fn next_token(&mut self)->Option<&str>{self.prepare();self.tokens.next_token()}fn is_empty(&mut self)->bool{self.prepare();self.tokens.is_empty()}}use std::io::BufReader;impl<'a>From<&'a str>for LineSource<BufReader<&'a[u8]>>{fn from(s:&'a str)->LineSource<BufReader<&'a[u8]>>{LineSource::new(BufReader::new(s.as_bytes()))}}}pub mod once{use super::Source;use crate::__cargo_equip::crates::proconio::source::tokens::Tokens;use std::io::BufRead;use std::marker::PhantomData;pub struct OnceSource<R:BufRead>{tokens:Tokens,_read:PhantomData<R>,}impl<R:BufRead>OnceSource<R>{pub fn new(mut source:R)->OnceSource<R>{let mut context=String::new();source.read_to_string(&mut context).expect("failed to read from source; maybe an IO error.");OnceSource{tokens:context.into(),_read:PhantomData,}}}impl<R:BufRead>Source<R>for OnceSource<R>{fn next_token(&mut self)->Option<&str>{self.tokens.next_token()}fn is_empty(&mut self)->bool{self.tokens.is_empty()}}use std::io::BufReader;impl<'a>From<&'a str>for OnceSource<BufReader<&'a[u8]>>{fn from(s:&'a str)->OnceSource<BufReader<&'a[u8]>>{OnceSource::new(BufReader::new(s.as_bytes()))}}}mod tokens{use std::{iter::Peekable,ptr::NonNull,str::SplitWhitespace};pub(super)struct Tokens{tokens:Peekable<SplitWhitespace<'static>>,_current_context:CurrentContext,}impl Tokens{pub(super)fn next_token(&mut self)->Option<&str>{self.tokens.next()}pub(super)fn is_empty(&mut self)->bool{self.tokens.peek().is_none()}}impl From<String>for Tokens{fn from(current_context:String)->Self{let current_context=CurrentContext::from(current_context);unsafe{let tokens=current_context.0.as_ref().split_whitespace().peekable();Self{tokens,_current_context:current_context,}}}}unsafe impl Send for Tokens{}unsafe impl Sync for Tokens{}struct CurrentContext(NonNull<str>);impl From<String>for CurrentContext{fn from(s:String)->Self{let s=s.into_boxed_str();Self(NonNull::new(Box::leak(s)).unwrap())}}impl Drop for CurrentContext{fn drop(&mut self){unsafe{drop(Box::from_raw(self.0.as_mut()))};}}}pub mod auto{#[cfg(debug_assertions)]pub use super::line::LineSource as AutoSource;#[cfg(not(debug_assertions))]pub use super::once::OnceSource as AutoSource;}pub trait Source<R:BufRead>{fn next_token(&mut self)->Option<&str>;#[allow(clippy::wrong_self_convention)]fn is_empty(&mut self)->bool;fn next_token_unwrap(&mut self)->&str{self.next_token().expect(concat!("failed to get the next token; ","maybe reader reached an end of input. ","ensure that arguments for `input!` macro is correctly ","specified to match the problem input."))}}impl<R:BufRead,S:Source<R>>Source<R>for&'_ mut S{fn next_token(&mut self)->Option<&str>{(*self).next_token()}fn is_empty(&mut self)->bool{(*self).is_empty()}}pub trait Readable{type Output;fn read<R:BufRead,S:Source<R>>(source:&mut S)->Self::Output;}impl<T:FromStr>Readable for T where T::Err:Debug,{type Output=T;fn read<R:BufRead,S:Source<R>>(source:&mut S)->T{let token=source.next_token_unwrap();match token.parse(){Ok(v)=>v,Err(e)=>panic!(concat!("failed to parse the input `{input}` ","to the value of type `{ty}`: {err:?}; ","ensure that the input format is collectly specified ","and that the input value must handle specified type.",),input=token,ty=type_name::<T>(),err=e,),}}}pub trait RuntimeReadable{type Output;fn read<R:BufRead,S:Source<R>>(self,source:&mut S)->Self::Output;}}use crate::__cargo_equip::crates::proconio::source::{auto::AutoSource,line::LineSource};use std::sync::OnceLock;use std::{io::{self,BufRead},sync::Mutex,};use std::{io::{BufReader,Stdin},sync::MutexGuard,};pub use crate::__cargo_equip::crates::proconio::source::Readable as __Readable;pub enum StdinSource<R:BufRead>{Normal(AutoSource<R>),Interactive(LineSource<R>),Unknown(LineSource<R>),}impl<R:BufRead>source::Source<R>for StdinSource<R>{fn next_token(&mut self)->Option<&str>{match self{StdinSource::Normal(source)=>source.next_token(),StdinSource::Interactive(source)=>source.next_token(),StdinSource::Unknown(source)=>source.next_token(),}}fn is_empty(&mut self)->bool{match self{StdinSource::Normal(source)=>source.is_empty(),StdinSource::Interactive(source)=>source.is_empty(),StdinSource::Unknown(source)=>source.is_empty(),}}}pub static STDIN_SOURCE:OnceLock<Mutex<StdinSource<BufReader<Stdin>>>> =OnceLock::new();#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_input{(@from[$source:expr]@rest)=>{};(@from[$source:expr]@rest mut$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[mut]@rest$($rest)*}};(@from[$source:expr]@rest$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[]@rest$($rest)*}};(@from[$source:expr]@mut[$($mut:tt)?]@rest$var:tt:$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[$($mut)*]@var$var@kind[]@rest$($rest)*}};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest with$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!{@from[$source]@mut[$($mut)*]@var$var@dyn_kind[]@rest$($rest)*}};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[$($kind:tt)*]@rest)=>{let$($mut)*$var=$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[$($kind)*]);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[$($kind:tt)*]@rest,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[$($kind)*]@rest);$crate::__cargo_equip::crates::proconio::input!(@from[$source]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest[$($tt:tt)*]$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[[$($tt)*]]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest($($tt:tt)*)$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[($($tt)*)]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest$ty:ty,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[$ty]@rest,$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@kind[]@rest$ty:ty)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@kind[$ty]@rest);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest)=>{let$($mut)*$var=$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@dyn_kind[$($dyn_kind)*]);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@dyn_kind[$($dyn_kind)*]@rest);$crate::__cargo_equip::crates::proconio::input!(@from[$source]@rest$($rest)*);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest$dyn_readable:expr)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@dyn_kind[$($dyn_kind)*$dyn_readable]@rest);};(@from[$source:expr]@mut[$($mut:tt)?]@var$var:tt@dyn_kind[$($dyn_kind:tt)*]@rest$dyn_readable:expr,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::input!(@from[$source]@mut[$($mut)*]@var$var@dyn_kind[$($dyn_kind)*$dyn_readable]@rest,$($rest)*);};(@from$($tt:tt)*)=>{compile_error!(concat!("Reached unreachable statement while parsing macro input.  ","This is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."));};(from$source:expr,$($rest:tt)*)=>{#[allow(unused_variables,unused_mut)]let mut s=$source;$crate::__cargo_equip::crates::proconio::input!{@from[&mut s]@rest$($rest)*}};($($rest:tt)*)=>{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::__acquire_global_stdin_lock();$crate::__cargo_equip::crates::proconio::input!{@from[&mut*locked_stdin]@rest$($rest)*}drop(locked_stdin);};}macro_rules!input{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_input!{$($tt)*})}#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_input_interactive{($($rest:tt)*)=>{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::__acquire_global_stdin_lock();$crate::__cargo_equip::crates::proconio::input!{from&mut*locked_stdin,$($rest)*}drop(locked_stdin);};}macro_rules!input_interactive{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_input_interactive!{$($tt)*})}#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_read_value{(@source[$source:expr]@kind[[$($kind:tt)*]])=>{$crate::__cargo_equip::crates::proconio::read_value!(@array@source[$source]@kind[]@rest$($kind)*)};(@array@source[$source:expr]@kind[$($kind:tt)*]@rest)=>{{let len=<usize as$crate::__cargo_equip::crates::proconio::__Readable>::read($source);$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[[$($kind)*;len]])}};(@array@source[$source:expr]@kind[$($kind:tt)*]@rest;$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@array@source[$source]@kind[$($kind)*]@len[$($rest)*])};(@array@source[$source:expr]@kind[$($kind:tt)*]@rest$tt:tt$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@array@source[$source]@kind[$($kind)*$tt]@rest$($rest)*)};(@array@source[$source:expr]@kind[$($kind:tt)*]@len[$($len:tt)*])=>{{let len=$($len)*;(0..len).map(|_|$crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[$($kind)*])).collect::<Vec<_>>()}};(@source[$source:expr]@kind[($($kinds:tt)*)])=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[]@current[]@rest$($kinds)*)};(@tuple@source[$source:expr]@kinds[$([$($kind:tt)*])*]@current[]@rest)=>{($($crate::__cargo_equip::crates::proconio::read_value!(@source[$source]@kind[$($kind)*]),)*)};(@tuple@source[$source:expr]@kinds[$($kinds:tt)*]@current[$($curr:tt)*]@rest)=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[$($kinds)*[$($curr)*]]@current[]@rest)};(@tuple@source[$source:expr]@kinds[$($kinds:tt)*]@current[$($curr:tt)*]@rest,$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[$($kinds)*[$($curr)*]]@current[]@rest$($rest)*)};(@tuple@source[$source:expr]@kinds[$($kinds:tt)*]@current[$($curr:tt)*]@rest$tt:tt$($rest:tt)*)=>{$crate::__cargo_equip::crates::proconio::read_value!(@tuple@source[$source]@kinds[$($kinds)*]@current[$($curr)*$tt]@rest$($rest)*)};(@source[$source:expr]@kind[$kind:ty])=>{<$kind as$crate::__cargo_equip::crates::proconio::__Readable>::read($source)};(@source[$source:expr]@dyn_kind[$dyn_kind:expr])=>{$crate::__cargo_equip::crates::proconio::source::RuntimeReadable::read($dyn_kind,$source)};(@source[$source:expr]@kind[])=>{compile_error!(concat!("Reached unreachable statement while parsing macro input.  ","This is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."));};(from$source:expr,with$($rest:tt)*)=>{{#[allow(unused_variables,unused_mut)]let mut s=$source;$crate::__cargo_equip::crates::proconio::read_value!(@source[&mut s]@dyn_kind[$($rest)*])}};(from$source:expr,$($rest:tt)*)=>{{#[allow(unused_variables,unused_mut)]let mut s=$source;$crate::__cargo_equip::crates::proconio::read_value!(@source[&mut s]@kind[$($rest)*])}};($($rest:tt)*)=>{{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::STDIN_SOURCE.get_or_init(||{std::sync::Mutex::new($crate::__cargo_equip::crates::proconio::StdinSource::Normal($crate::__cargo_equip::crates::proconio::source::auto::AutoSource::new(std::io::BufReader::new(std::io::stdin())),))}).lock().expect(concat!("failed to lock the stdin; please re-run this program.  ","If this issue repeatedly occur, this is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."));let __res=$crate::__cargo_equip::crates::proconio::read_value!(from&mut*locked_stdin,$($rest)*);drop(locked_stdin);__res}};}macro_rules!read_value{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_read_value!{$($tt)*})}#[macro_export]macro_rules!__cargo_equip_macro_def_proconio_read_value_interactive{($($rest:tt)*)=>{let mut locked_stdin=$crate::__cargo_equip::crates::proconio::acquire_global_stdin_lock();let __res=$crate::__cargo_equip::crates::proconio::read_value!(from&mut*locked_stdin,$($rest)*);drop(locked_stdin);__res};}macro_rules!read_value_interactive{($($tt:tt)*)=>(crate::__cargo_equip_macro_def_proconio_read_value_interactive!{$($tt)*})}pub fn __acquire_global_stdin_lock()->MutexGuard<'static,StdinSource<BufReader<Stdin>>>{STDIN_SOURCE.get_or_init(||{Mutex::new(StdinSource::Unknown(LineSource::new(BufReader::new(io::stdin(),))))}).lock().expect(concat!("failed to lock the stdin; please re-run this program.  ","If this issue repeatedly occur, this is a bug in `proconio`.  ","Please report this issue from ","<https://github.com/statiolake/proconio-rs/issues>."))}pub fn is_stdin_empty()->bool{use source::Source;let mut lock=__acquire_global_stdin_lock();lock.is_empty()}}
        pub mod rustc_hash {#![cfg_attr(feature="nightly",feature(hasher_prefixfree_extras))]extern crate std;mod seeded_state{use crate::__cargo_equip::crates::rustc_hash::FxHasher;pub type FxHashMapSeed<K,V> =std::collections::HashMap<K,V,FxSeededState>;pub type FxHashSetSeed<V> =std::collections::HashSet<V,FxSeededState>;#[derive(Clone)]pub struct FxSeededState{seed:usize,}impl FxSeededState{pub const fn with_seed(seed:usize)->FxSeededState{Self{seed}}}impl core::hash::BuildHasher for FxSeededState{type Hasher=FxHasher;fn build_hasher(&self)->Self::Hasher{FxHasher::with_seed(self.seed)}}}use core::default::Default;use core::hash::{BuildHasher,Hasher};use std::collections::{HashMap,HashSet};pub type FxHashMap<K,V> =HashMap<K,V,FxBuildHasher>;pub type FxHashSet<V> =HashSet<V,FxBuildHasher>;pub use seeded_state::FxSeededState;pub use seeded_state::{FxHashMapSeed,FxHashSetSeed};#[derive(Clone)]pub struct FxHasher{hash:usize,}#[cfg(target_pointer_width="64")]const K:usize=0xf1357aea2e62a9c5;#[cfg(target_pointer_width="32")]const K:usize=0x93d765dd;impl FxHasher{pub const fn with_seed(seed:usize)->FxHasher{FxHasher{hash:seed}}pub const fn default()->FxHasher{FxHasher{hash:0}}}impl Default for FxHasher{#[inline]fn default()->FxHasher{Self::default()}}impl FxHasher{#[inline]fn add_to_hash(&mut self,i:usize){self.hash=self.hash.wrapping_add(i).wrapping_mul(K);}}impl Hasher for FxHasher{#[inline]fn write(&mut self,bytes:&[u8]){self.write_u64(hash_bytes(bytes));}#[inline]fn write_u8(&mut self,i:u8){self.add_to_hash(i as usize);}#[inline]fn write_u16(&mut self,i:u16){self.add_to_hash(i as usize);}#[inline]fn write_u32(&mut self,i:u32){self.add_to_hash(i as usize);}#[inline]fn write_u64(&mut self,i:u64){self.add_to_hash(i as usize);#[cfg(target_pointer_width="32")]self.add_to_hash((i>>32)as usize);}#[inline]fn write_u128(&mut self,i:u128){self.add_to_hash(i as usize);#[cfg(target_pointer_width="32")]self.add_to_hash((i>>32)as usize);self.add_to_hash((i>>64)as usize);#[cfg(target_pointer_width="32")]self.add_to_hash((i>>96)as usize);}#[inline]fn write_usize(&mut self,i:usize){self.add_to_hash(i);}#[inline]fn finish(&self)->u64{#[cfg(target_pointer_width="64")]const ROTATE:u32=26;#[cfg(target_pointer_width="32")]const ROTATE:u32=15;self.hash.rotate_left(ROTATE)as u64}}const SEED1:u64=0x243f6a8885a308d3;const SEED2:u64=0x13198a2e03707344;const PREVENT_TRIVIAL_ZERO_COLLAPSE:u64=0xa4093822299f31d0;#[inline]fn multiply_mix(x:u64,y:u64)->u64{#[cfg(target_pointer_width="64")]{let full=(x as u128)*(y as u128);let lo=full as u64;let hi=(full>>64)as u64;lo^hi}#[cfg(target_pointer_width="32")]{let lx=x as u32;let ly=y as u32;let hx=(x>>32)as u32;let hy=(y>>32)as u32;let afull=(lx as u64)*(hy as u64);let bfull=(hx as u64)*(ly as u64);afull^bfull.rotate_right(32)}}#[inline]fn hash_bytes(bytes:&[u8])->u64{let len=bytes.len();let mut s0=SEED1;let mut s1=SEED2;if len<=16{if len>=8{s0^=u64::from_le_bytes(bytes[0..8].try_into().unwrap());s1^=u64::from_le_bytes(bytes[len-8..].try_into().unwrap());}else if len>=4{s0^=u32::from_le_bytes(bytes[0..4].try_into().unwrap())as u64;s1^=u32::from_le_bytes(bytes[len-4..].try_into().unwrap())as u64;}else if len>0{let lo=bytes[0];let mid=bytes[len/2];let hi=bytes[len-1];s0^=lo as u64;s1^=((hi as u64)<<8)|mid as u64;}}else{let mut off=0;while off<len-16{let x=u64::from_le_bytes(bytes[off..off+8].try_into().unwrap());let y=u64::from_le_bytes(bytes[off+8..off+16].try_into().unwrap());let t=multiply_mix(s0^x,PREVENT_TRIVIAL_ZERO_COLLAPSE^y);s0=s1;s1=t;off+=16;}let suffix=&bytes[len-16..];s0^=u64::from_le_bytes(suffix[0..8].try_into().unwrap());s1^=u64::from_le_bytes(suffix[8..16].try_into().unwrap());}multiply_mix(s0,s1)^(len as u64)}#[derive(Copy,Clone,Default)]pub struct FxBuildHasher;impl BuildHasher for FxBuildHasher{type Hasher=FxHasher;fn build_hasher(&self)->FxHasher{FxHasher::default()}}}
    }

    pub(crate) mod macros {
        pub mod proconio {pub use crate::{__cargo_equip_macro_def_proconio_input as input,__cargo_equip_macro_def_proconio_input_interactive as input_interactive,__cargo_equip_macro_def_proconio_read_value as read_value,__cargo_equip_macro_def_proconio_read_value_interactive as read_value_interactive};}
        pub mod rustc_hash {}
    }

    pub(crate) mod prelude {pub use crate::__cargo_equip::crates::*;}

    mod preludes {
        pub mod proconio {}
        pub mod rustc_hash {}
    }
}
