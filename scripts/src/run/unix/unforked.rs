//! On Linux, the tool's large allocations kept out of the programs it
//! starts: a program is a fork of the tool (its runner's), and Linux
//! counts in a program's peak memory the resident memory of what it
//! replaced at its exec. One run at a time, what the tool held at a fork
//! was about a MiB; with runs at once (`--jobs`), it also holds what the
//! other runs read: a program's output, an answer, tens of MiB, which
//! would be the next program's peak, and an MLE with it.
//!
//! So every allocation of [`LARGE`] bytes or more is a mapping of its
//! own, marked `MADV_DONTFORK`: a fork does not copy it, nor count it.
//! No forked child touches one: between fork and exec a child reads only
//! what its command was made of (a program's path, arguments and
//! environment, each far smaller), and a runner only makes system calls.
//! And the small ones are kept in one of glibc's arenas (see
//! [`one_arena`]), not one for each thread that the runs at once start.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ptr;

/// The size from which an allocation is a mapping of its own: above the
/// largest argument or environment variable a command is given, below
/// any output or answer worth counting.
const LARGE: usize = 256 << 10;

/// The page size every mapping is rounded to (4 KiB on x86-64 and most
/// of arm64's Linux); a larger alignment falls back to `System`.
const PAGE: usize = 4096;

/// Has glibc keep every thread's small allocations in one arena: by
/// default each thread that allocates while another holds the arena gets
/// one of its own (up to 8 a core), each holding pages of its own, which
/// a fork copies. Measured on the four crates' cases at `-j 4`: peaks of
/// 1.8 to 3.3 MiB with an arena a thread, 1.8 to 2.3 with one, 1.8 to
/// 2.1 at `-j 1`. The tool's threads allocate little (pipes read into
/// one buffer, a few strings a run), so they seldom wait on the one.
#[cfg(target_env = "gnu")]
pub fn one_arena() {
    // SAFETY: mallopt only sets a parameter of glibc's allocator, before
    // the tool starts any thread; if it fails, each thread has its arena
    // as before.
    unsafe { libc::mallopt(libc::M_ARENA_MAX, 1) };
}

/// The tool's allocator: `System`, but with [`LARGE`] allocations mapped
/// apart and left out of forks.
pub struct Unforked;

fn mapped(layout: &Layout) -> bool {
    layout.size() >= LARGE && layout.align() <= PAGE
}

fn pages(size: usize) -> usize {
    (size + PAGE - 1) & !(PAGE - 1)
}

/// A fresh mapping of `size` bytes (zeroed), left out of forks; null on
/// failure, as `alloc` reports it.
///
/// # Safety
/// `size` is at least [`LARGE`].
unsafe fn map(size: usize) -> *mut u8 {
    let length = pages(size);
    // SAFETY: an anonymous private mapping at an address of the kernel's
    // choosing: no memory of this process is touched.
    let start = unsafe {
        libc::mmap(
            ptr::null_mut(),
            length,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if start == libc::MAP_FAILED {
        return ptr::null_mut();
    }
    // SAFETY: the mapping just made, whole. Should the advice fail, the
    // memory is still good, only counted in a fork as before.
    unsafe { libc::madvise(start, length, libc::MADV_DONTFORK) };
    start.cast()
}

// SAFETY: every block is either `System`'s, passed back to it with the
// layout it was made with, or a mapping of `pages(size)` bytes at a page
// boundary (page-aligned, so any alignment up to `PAGE` holds), unmapped
// or moved with the same length; which one a block is follows from its
// layout, the same at every call.
unsafe impl GlobalAlloc for Unforked {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if mapped(&layout) {
            // SAFETY: the size is LARGE or more.
            unsafe { map(layout.size()) }
        } else {
            // SAFETY: as `GlobalAlloc::alloc`'s caller promises.
            unsafe { System.alloc(layout) }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if mapped(&layout) {
            // SAFETY: as above; an anonymous mapping is zeroed.
            unsafe { map(layout.size()) }
        } else {
            // SAFETY: as `GlobalAlloc::alloc_zeroed`'s caller promises.
            unsafe { System.alloc_zeroed(layout) }
        }
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        if mapped(&layout) {
            // SAFETY: a mapping `map` made of this length (see above).
            unsafe { libc::munmap(block.cast(), pages(layout.size())) };
        } else {
            // SAFETY: as `GlobalAlloc::dealloc`'s caller promises.
            unsafe { System.dealloc(block, layout) }
        }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `GlobalAlloc::realloc`'s caller promises that this is a
        // valid layout: the old alignment, a size that does not overflow.
        let new = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (mapped(&layout), mapped(&new)) {
            // SAFETY: as `GlobalAlloc::realloc`'s caller promises.
            (false, false) => unsafe { System.realloc(block, layout, new_size) },
            (true, true) => {
                // SAFETY: a mapping of this length, grown or shrunk where
                // it is or moved whole; the kernel keeps its advice
                // (MADV_DONTFORK is a flag of the mapping).
                let moved = unsafe {
                    libc::mremap(
                        block.cast(),
                        pages(layout.size()),
                        pages(new_size),
                        libc::MREMAP_MAYMOVE,
                    )
                };
                if moved == libc::MAP_FAILED {
                    ptr::null_mut()
                } else {
                    moved.cast()
                }
            }
            _ => {
                // SAFETY: a block of the new layout, the old one's bytes
                // that fit copied into it (the two do not overlap), then
                // the old one given back.
                unsafe {
                    let moved = self.alloc(new);
                    if !moved.is_null() {
                        ptr::copy_nonoverlapping(block, moved, layout.size().min(new_size));
                        self.dealloc(block, layout);
                    }
                    moved
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the page at `address` is in a mapping that forks leave
    /// out: its line in /proc/self/smaps has the `dc` flag.
    fn left_out_of_forks(address: usize) -> bool {
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut inside = false;
        for line in smaps.lines() {
            if let Some((range, _)) = line.split_once(' ') {
                if let Some((start, end)) = range.split_once('-') {
                    if let (Ok(start), Ok(end)) = (
                        usize::from_str_radix(start, 16),
                        usize::from_str_radix(end, 16),
                    ) {
                        inside = (start..end).contains(&address);
                        continue;
                    }
                }
            }
            if inside {
                if let Some(flags) = line.strip_prefix("VmFlags:") {
                    return flags.split_whitespace().any(|flag| flag == "dc");
                }
            }
        }
        false
    }

    #[test]
    fn large_blocks_are_left_out_of_forks_as_they_grow_and_small_ones_are_not() {
        let mut large: Vec<u8> = Vec::with_capacity(LARGE);
        large.extend(std::iter::repeat(7).take(LARGE));
        assert!(left_out_of_forks(large.as_ptr() as usize));
        // Grown past its mapping: moved or grown, still left out.
        large.extend(std::iter::repeat(9).take(8 * LARGE));
        assert!(left_out_of_forks(large.as_ptr() as usize));
        assert!(large[..LARGE].iter().all(|&byte| byte == 7));
        assert!(large[LARGE..].iter().all(|&byte| byte == 9));
        // Shrunk below LARGE: back to System's, the bytes kept.
        large.truncate(100);
        large.shrink_to_fit();
        assert!(!left_out_of_forks(large.as_ptr() as usize));
        assert!(large.iter().all(|&byte| byte == 7));
        let small = vec![1u8; 1000];
        assert!(!left_out_of_forks(small.as_ptr() as usize));
        let zeroed = vec![0u64; LARGE];
        assert!(zeroed.iter().all(|&word| word == 0));
        assert!(left_out_of_forks(zeroed.as_ptr() as usize));
    }
}
