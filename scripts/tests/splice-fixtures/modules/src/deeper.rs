// Found where cargo-equip looks for a module of `sibling.rs`: beside it.
pub const ZERO: u16 = 0;
