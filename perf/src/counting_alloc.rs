//! A global allocator that counts allocations, for the zero-allocation tests.
//!
//! `GlobalAlloc` is an `unsafe` trait, so implementing it is the one place in the workspace that
//! needs `unsafe`: the implementation only forwards to [`System`] and bumps counters.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

/// Forwards to [`System`], counting every `alloc`, `alloc_zeroed` and `realloc`.
///
/// Install it in a test binary with
/// `#[global_allocator] static A: CountingAlloc = CountingAlloc::new();`.
#[derive(Debug, Default)]
pub struct CountingAlloc {
    allocations: AtomicU64,
    bytes: AtomicU64,
}

impl CountingAlloc {
    /// A counter at zero.
    pub const fn new() -> Self {
        CountingAlloc { allocations: AtomicU64::new(0), bytes: AtomicU64::new(0) }
    }

    /// Allocations (including reallocations) so far.
    pub fn allocations(&self) -> u64 {
        self.allocations.load(Ordering::SeqCst)
    }

    /// Bytes requested so far.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::SeqCst)
    }

    fn count(&self, size: usize) {
        self.allocations.fetch_add(1, Ordering::SeqCst);
        self.bytes.fetch_add(size as u64, Ordering::SeqCst);
    }
}

// SAFETY: every method forwards its arguments unchanged to `System`, which upholds the contract.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.count(layout.size());
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        self.count(layout.size());
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        self.count(new_size);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
