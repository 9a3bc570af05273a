//! A global allocator that counts allocations, for the zero-allocation tests.
//!
//! `GlobalAlloc` is an `unsafe` trait, so implementing it is the one place in the workspace that
//! needs `unsafe`: the implementation only forwards to [`System`] and bumps a counter.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Whether allocations on this thread are being counted, and how many were. Constant-
    /// initialised and without destructor, so using them from inside the allocator never
    /// allocates.
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<u64> = const { Cell::new(0) };
}

/// Forwards to [`System`]; counts `alloc`, `alloc_zeroed` and `realloc` calls made on a thread
/// inside [`CountingAlloc::count`] (other threads, such as the test harness's, are not counted).
///
/// Install it in a test binary with
/// `#[global_allocator] static A: CountingAlloc = CountingAlloc::new();`.
#[derive(Debug, Default)]
pub struct CountingAlloc;

impl CountingAlloc {
    /// The allocator.
    pub const fn new() -> Self {
        CountingAlloc
    }

    /// Runs `f` on this thread and returns its result with the number of allocations it made
    /// (on this thread: other threads are not counted).
    pub fn count<R>(&self, f: impl FnOnce() -> R) -> (R, u64) {
        let before = COUNT.with(Cell::get);
        COUNTING.with(|c| c.set(true));
        let result = f();
        COUNTING.with(|c| c.set(false));
        (result, COUNT.with(Cell::get) - before)
    }

    fn note(&self) {
        if COUNTING.try_with(Cell::get).unwrap_or(false) {
            let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        }
    }
}

// SAFETY: every method forwards its arguments unchanged to `System`, which upholds the contract;
// the counting itself touches only constant-initialised thread-locals.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.note();
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        self.note();
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        self.note();
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
