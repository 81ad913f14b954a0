//! A brute force.
pub fn answer(n: u8) -> u16 {
    (0..2).map(|_| u16::from(n)).sum()
}
