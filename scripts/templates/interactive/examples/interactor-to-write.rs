//! The interactor `cargo judge` runs each sample against: TODO, the judge's
//! side of {title} <{url}>.
//!
//! Competitive Companion sends an interactive problem's samples as the
//! statement shows them (samples/{name}/N.in and N.out, transcripts, not
//! cases), and no interactor: until this file is written, every sample is
//! WA with the line below. Write it in testlib's convention: `interactor
//! INPUT OUTPUT ANSWER`, the program's output on standard input, the
//! program's input on standard output; exit status 0 AC, 1 WA, 2 PE (the
//! program's output is not the protocol's, or ends early), 3 FAIL (the case
//! itself is broken: never the program's fault); the reason on stderr. Then
//! put in samples/{name}/N.in what it reads (the hidden case), or set
//! `interactor` in Cargo.toml to the judge's own.

fn main() {
    eprintln!(
        "crates/{name}/examples/interactor.rs is still to be written: the judge's side of \
         the problem, which the samples are judged against (its header says how)"
    );
    std::process::exit(1);
}
