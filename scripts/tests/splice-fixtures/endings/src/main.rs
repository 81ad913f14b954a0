//! CRLF line ends and no final newline.
use proconio::input;

fn main() {
    input! { n: u8 }
    println!("{n}");
}