//! The interactor `cargo judge` runs each sample against, in testlib's
//! convention: `interactor INPUT OUTPUT ANSWER`, the program's output on
//! standard input, the program's input on standard output; exit status 0
//! AC, 1 WA, 2 PE (the program's output is not the protocol's, or ends
//! early), 3 FAIL (the case itself is broken: never the program's fault);
//! the reason on stderr. What it writes to OUTPUT a `checker` in
//! Cargo.toml would hold against the sample's answer.
//!
//! TODO: the problem's own protocol. (As generated: the guessing game of
//! src/main.rs. INPUT is `SECRET MAX`; the program may ask ceil(log2 MAX)
//! + 1 questions `? X`, each answered `<`, `>` or `=`.)

use std::io::{self, BufRead, Write};
use std::process::exit;

fn quit(code: i32, message: &str) -> ! {
    eprintln!("{message}");
    exit(code)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(input), Some(output)) = (args.get(1), args.get(2)) else {
        quit(3, "usage: interactor INPUT OUTPUT [ANSWER]");
    };
    let case = std::fs::read_to_string(input)
        .unwrap_or_else(|error| quit(3, &format!("cannot read {input}: {error}")));
    let numbers: Vec<u64> = case
        .split_whitespace()
        .map(|word| {
            word.parse()
                .unwrap_or_else(|_| quit(3, "INPUT is not `SECRET MAX`"))
        })
        .collect();
    let &[secret, max] = &numbers[..] else {
        quit(3, "INPUT is not `SECRET MAX`");
    };
    if !(1..=max).contains(&secret) {
        quit(3, "the secret is not in 1..=MAX");
    }
    let allowed = 64 - (max.max(2) - 1).leading_zeros() + 1;
    let mut to_program = io::stdout().lock();
    let mut from_program = io::stdin().lock();
    // A program gone is found at its next read, as an end of its output.
    let _ = writeln!(to_program, "{max}");
    let _ = to_program.flush();
    let mut line = String::new();
    for asked in 1..=allowed {
        line.clear();
        if from_program.read_line(&mut line).unwrap_or(0) == 0 {
            quit(2, "the program's output ended before it found the secret");
        }
        let Some(guess) = line
            .trim()
            .strip_prefix("? ")
            .and_then(|x| x.parse::<u64>().ok())
        else {
            quit(
                2,
                &format!("question {asked} is not `? X`: {:?}", line.trim()),
            );
        };
        let reply = match guess.cmp(&secret) {
            std::cmp::Ordering::Equal => "=",
            std::cmp::Ordering::Greater => "<",
            std::cmp::Ordering::Less => ">",
        };
        let _ = writeln!(to_program, "{reply}");
        let _ = to_program.flush();
        if reply == "=" {
            std::fs::write(output, format!("{secret}\n"))
                .unwrap_or_else(|error| quit(3, &format!("cannot write {output}: {error}")));
            exit(0);
        }
    }
    quit(
        1,
        &format!("the secret was not found in {allowed} questions"),
    );
}
