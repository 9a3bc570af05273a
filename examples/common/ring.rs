//! A fixed-size ring buffer, shared by the examples' worlds for their event logs.

/// A ring of at most `N` items: pushing never allocates; when nobody drains it, the oldest items
/// are dropped (and counted).
#[derive(Clone, Debug)]
pub struct Ring<T, const N: usize> {
    buf: [T; N],
    head: usize,
    len: usize,
    dropped: u64,
}

impl<T: Copy, const N: usize> Ring<T, N> {
    /// How many items the ring holds.
    pub const CAPACITY: usize = N;

    /// An empty ring; `filler` only initialises the storage and is never returned.
    pub const fn new(filler: T) -> Self {
        Ring { buf: [filler; N], head: 0, len: 0, dropped: 0 }
    }

    /// Appends `item`, dropping the oldest one if the ring is full.
    pub fn push(&mut self, item: T) {
        if self.len == N {
            self.head = (self.head + 1) % N;
            self.len -= 1;
            self.dropped += 1;
        }
        self.buf[(self.head + self.len) % N] = item;
        self.len += 1;
    }

    /// Removes and returns the oldest item.
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        let item = self.buf[self.head];
        self.head = (self.head + 1) % N;
        self.len -= 1;
        Some(item)
    }

    /// Number of items dropped because the ring was full.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }
}
