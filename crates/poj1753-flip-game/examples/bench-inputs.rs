//! Writes Flip Game's benchmark inputs into the folder given as the only
//! argument: `1-all-boards.in`, every one of the 65,536 boards in one input,
//! and `1-all-boards-x10.in`, the same input 10 times over, so that the
//! timing shows how the cost grows with the input.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::{env, fs, io};

const REPEATS: usize = 10;

fn main() -> io::Result<()> {
    let dir = PathBuf::from(env::args_os().nth(1).expect("usage: bench-inputs OUTDIR"));
    let mut text = Vec::new();
    for board in 0..=u16::MAX {
        for row in 0..4 {
            let line: String = (0..4)
                .map(|column| {
                    if board >> (row * 4 + column) & 1 == 1 {
                        'b'
                    } else {
                        'w'
                    }
                })
                .collect();
            writeln!(text, "{line}")?;
        }
    }
    fs::write(dir.join("1-all-boards.in"), &text)?;
    let mut out = BufWriter::new(fs::File::create(dir.join("1-all-boards-x10.in"))?);
    for _ in 0..REPEATS {
        out.write_all(&text)?;
    }
    out.flush()
}
