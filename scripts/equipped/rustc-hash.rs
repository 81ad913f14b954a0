
// The following code was expanded by `cargo-equip`.

///  # Bundled libraries
/// 
///  - `registry+https://github.com/rust-lang/crates.io-index#rustc-hash@2.1.1` licensed under `Apache-2.0 OR MIT` as `crate::__cargo_equip::crates::rustc_hash`
/// 
///  # License and Copyright Notices
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
        pub mod rustc_hash {#![cfg_attr(feature="nightly",feature(hasher_prefixfree_extras))]extern crate std;mod seeded_state{use crate::__cargo_equip::crates::rustc_hash::FxHasher;pub type FxHashMapSeed<K,V> =std::collections::HashMap<K,V,FxSeededState>;pub type FxHashSetSeed<V> =std::collections::HashSet<V,FxSeededState>;#[derive(Clone)]pub struct FxSeededState{seed:usize,}impl FxSeededState{pub const fn with_seed(seed:usize)->FxSeededState{Self{seed}}}impl core::hash::BuildHasher for FxSeededState{type Hasher=FxHasher;fn build_hasher(&self)->Self::Hasher{FxHasher::with_seed(self.seed)}}}use core::default::Default;use core::hash::{BuildHasher,Hasher};use std::collections::{HashMap,HashSet};pub type FxHashMap<K,V> =HashMap<K,V,FxBuildHasher>;pub type FxHashSet<V> =HashSet<V,FxBuildHasher>;pub use seeded_state::FxSeededState;pub use seeded_state::{FxHashMapSeed,FxHashSetSeed};#[derive(Clone)]pub struct FxHasher{hash:usize,}#[cfg(target_pointer_width="64")]const K:usize=0xf1357aea2e62a9c5;#[cfg(target_pointer_width="32")]const K:usize=0x93d765dd;impl FxHasher{pub const fn with_seed(seed:usize)->FxHasher{FxHasher{hash:seed}}pub const fn default()->FxHasher{FxHasher{hash:0}}}impl Default for FxHasher{#[inline]fn default()->FxHasher{Self::default()}}impl FxHasher{#[inline]fn add_to_hash(&mut self,i:usize){self.hash=self.hash.wrapping_add(i).wrapping_mul(K);}}impl Hasher for FxHasher{#[inline]fn write(&mut self,bytes:&[u8]){self.write_u64(hash_bytes(bytes));}#[inline]fn write_u8(&mut self,i:u8){self.add_to_hash(i as usize);}#[inline]fn write_u16(&mut self,i:u16){self.add_to_hash(i as usize);}#[inline]fn write_u32(&mut self,i:u32){self.add_to_hash(i as usize);}#[inline]fn write_u64(&mut self,i:u64){self.add_to_hash(i as usize);#[cfg(target_pointer_width="32")]self.add_to_hash((i>>32)as usize);}#[inline]fn write_u128(&mut self,i:u128){self.add_to_hash(i as usize);#[cfg(target_pointer_width="32")]self.add_to_hash((i>>32)as usize);self.add_to_hash((i>>64)as usize);#[cfg(target_pointer_width="32")]self.add_to_hash((i>>96)as usize);}#[inline]fn write_usize(&mut self,i:usize){self.add_to_hash(i);}#[inline]fn finish(&self)->u64{#[cfg(target_pointer_width="64")]const ROTATE:u32=26;#[cfg(target_pointer_width="32")]const ROTATE:u32=15;self.hash.rotate_left(ROTATE)as u64}}const SEED1:u64=0x243f6a8885a308d3;const SEED2:u64=0x13198a2e03707344;const PREVENT_TRIVIAL_ZERO_COLLAPSE:u64=0xa4093822299f31d0;#[inline]fn multiply_mix(x:u64,y:u64)->u64{#[cfg(target_pointer_width="64")]{let full=(x as u128)*(y as u128);let lo=full as u64;let hi=(full>>64)as u64;lo^hi}#[cfg(target_pointer_width="32")]{let lx=x as u32;let ly=y as u32;let hx=(x>>32)as u32;let hy=(y>>32)as u32;let afull=(lx as u64)*(hy as u64);let bfull=(hx as u64)*(ly as u64);afull^bfull.rotate_right(32)}}#[inline]fn hash_bytes(bytes:&[u8])->u64{let len=bytes.len();let mut s0=SEED1;let mut s1=SEED2;if len<=16{if len>=8{s0^=u64::from_le_bytes(bytes[0..8].try_into().unwrap());s1^=u64::from_le_bytes(bytes[len-8..].try_into().unwrap());}else if len>=4{s0^=u32::from_le_bytes(bytes[0..4].try_into().unwrap())as u64;s1^=u32::from_le_bytes(bytes[len-4..].try_into().unwrap())as u64;}else if len>0{let lo=bytes[0];let mid=bytes[len/2];let hi=bytes[len-1];s0^=lo as u64;s1^=((hi as u64)<<8)|mid as u64;}}else{let mut off=0;while off<len-16{let x=u64::from_le_bytes(bytes[off..off+8].try_into().unwrap());let y=u64::from_le_bytes(bytes[off+8..off+16].try_into().unwrap());let t=multiply_mix(s0^x,PREVENT_TRIVIAL_ZERO_COLLAPSE^y);s0=s1;s1=t;off+=16;}let suffix=&bytes[len-16..];s0^=u64::from_le_bytes(suffix[0..8].try_into().unwrap());s1^=u64::from_le_bytes(suffix[8..16].try_into().unwrap());}multiply_mix(s0,s1)^(len as u64)}#[derive(Copy,Clone,Default)]pub struct FxBuildHasher;impl BuildHasher for FxBuildHasher{type Hasher=FxHasher;fn build_hasher(&self)->FxHasher{FxHasher::default()}}}
    }

    pub(crate) mod macros {
        pub mod rustc_hash {}
    }

    pub(crate) mod prelude {pub use crate::__cargo_equip::crates::*;}

    mod preludes {
        pub mod rustc_hash {}
    }
}
