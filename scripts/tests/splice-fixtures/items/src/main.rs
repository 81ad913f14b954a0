//! A header, as every solution has.
//!
//! Its second paragraph.
#![allow(dead_code)]
/*! An inner block doc. */

// A plain comment before the first item: the prelude goes after it.
/**/
/*** not a doc */
//// not a doc either
/// The first item's doc comment: the prelude goes before it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct First;

use proconio::source::once::OnceSource;

mod inline {
    //! An inner doc comment.
    #![allow(unused)]

    /** A block doc on the first item. */
    fn f() -> &'static str { "mod fake { }" }

    pub mod nested { pub fn g() { let _ = '{'; } }
    mod empty {}
    mod only_attributes { #![allow(unused)] }
}

fn main() {
    mod inside_a_function { fn h() {} }
    let _ = OnceSource::from("1");
    macro_rules! m { (mod $name:ident) => { mod $name { fn i() {} } } }
    m!(mod made);
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn t() {}
}   

   
