//! Small `fmt::Write` adapters the renderings are built from: whitespace collapsing, truncation,
//! per-character escaping, counting and comparing. None of them allocates.

use core::fmt::{self, Write};

/// Collapses every run of whitespace into one space and drops leading and trailing whitespace.
pub(crate) struct Collapse<W> {
    pub(crate) inner: W,
    started: bool,
    pending_space: bool,
}

impl<W: Write> Collapse<W> {
    pub(crate) fn new(inner: W) -> Self {
        Collapse { inner, started: false, pending_space: false }
    }
}

impl<W: Write> Write for Collapse<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            if c.is_whitespace() {
                self.pending_space = self.started;
            } else {
                if self.pending_space {
                    self.inner.write_char(' ')?;
                    self.pending_space = false;
                }
                self.started = true;
                self.inner.write_char(c)?;
            }
        }
        Ok(())
    }
}

/// Passes at most `max` characters through; when there are more, the last one shown is replaced by
/// `…`. Call [`finish`](Self::finish) once everything has been written.
pub(crate) struct Truncate<W> {
    inner: W,
    max: usize,
    written: usize,
    held: Option<char>,
    cut: bool,
}

impl<W: Write> Truncate<W> {
    pub(crate) fn new(inner: W, max: usize) -> Self {
        Truncate { inner, max, written: 0, held: None, cut: false }
    }

    /// Writes the character held back (the text fitted exactly), if any.
    pub(crate) fn finish(mut self) -> fmt::Result {
        match self.held.take() {
            Some(c) if !self.cut => self.inner.write_char(c),
            _ => Ok(()),
        }
    }
}

impl<W: Write> Write for Truncate<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            if self.cut {
                return Ok(());
            }
            if self.written + 1 < self.max {
                self.written += 1;
                self.inner.write_char(c)?;
            } else if self.held.is_none() && self.written < self.max {
                // The max-th character: shown only if nothing follows it.
                self.held = Some(c);
            } else {
                self.cut = true;
                self.held = None;
                if self.max > 0 {
                    self.inner.write_char('…')?;
                }
            }
        }
        Ok(())
    }
}

/// Replaces characters through `map` (which returns `None` to keep a character as it is).
pub(crate) struct Escape<W> {
    inner: W,
    map: fn(char) -> Option<&'static str>,
}

impl<W: Write> Escape<W> {
    pub(crate) fn new(inner: W, map: fn(char) -> Option<&'static str>) -> Self {
        Escape { inner, map }
    }
}

impl<W: Write> Write for Escape<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let mut start = 0;
        for (i, c) in s.char_indices() {
            if let Some(rep) = (self.map)(c) {
                self.inner.write_str(&s[start..i])?;
                self.inner.write_str(rep)?;
                start = i + c.len_utf8();
            }
        }
        self.inner.write_str(&s[start..])
    }
}

/// Counts the characters written (the display width for the text this crate writes: it never
/// writes control characters, and node labels are source text).
#[derive(Default)]
pub(crate) struct Count(pub(crate) usize);

impl Write for Count {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

/// Number of characters `value` displays as.
pub(crate) fn width(value: impl fmt::Display) -> usize {
    let mut count = Count(0);
    let _ = write!(count, "{value}");
    count.0
}

/// Checks that what is written equals `expected`, without storing it.
pub(crate) struct Matches<'a> {
    rest: &'a str,
    ok: bool,
}

impl Write for Matches<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.rest.strip_prefix(s) {
            Some(rest) if self.ok => self.rest = rest,
            _ => {
                self.ok = false;
                // Stop formatting early: the answer is known.
                return Err(fmt::Error);
            }
        }
        Ok(())
    }
}

/// Whether `value` displays exactly as `expected`.
pub(crate) fn displays_as(value: impl fmt::Display, expected: &str) -> bool {
    let mut m = Matches { rest: expected, ok: true };
    write!(m, "{value}").is_ok() && m.ok && m.rest.is_empty()
}

/// A fixed-capacity string on the stack; writing past its capacity fails.
pub(crate) struct StackStr<const N: usize> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> StackStr<N> {
    pub(crate) fn new() -> Self {
        StackStr { buf: [0; N], len: 0 }
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl<const N: usize> Write for StackStr<N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if end > N {
            return Err(fmt::Error);
        }
        self.buf[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Whether two values display identically. Values longer than the buffers compare by their
/// first bytes only and are reported unequal when they do not fit, so callers must only use it for
/// bounded text.
pub(crate) fn same_display(a: impl fmt::Display, b: impl fmt::Display) -> bool {
    let mut sa = StackStr::<256>::new();
    if write!(sa, "{a}").is_err() {
        return false;
    }
    match core::str::from_utf8(sa.as_bytes()) {
        Ok(s) => displays_as(b, s),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct S<'a>(&'a str, usize);
    impl fmt::Display for S<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let mut c = Collapse::new(Truncate::new(&mut *f, self.1));
            c.write_str(self.0)?;
            c.inner.finish()
        }
    }

    fn show(s: &str, max: usize) -> StackStr<64> {
        let mut out = StackStr::<64>::new();
        write!(out, "{}", S(s, max)).unwrap();
        out
    }

    #[test]
    fn collapse_and_truncate() {
        assert_eq!(show("  a \n\t b  ", 10).as_bytes(), b"a b");
        assert_eq!(show("abcdef", 6).as_bytes(), b"abcdef");
        assert_eq!(show("abcdefg", 6).as_bytes(), "abcde…".as_bytes());
        assert_eq!(show("ab", 0).as_bytes(), b"");
        assert_eq!(show("ab", 1).as_bytes(), "…".as_bytes());
        assert_eq!(show("a", 1).as_bytes(), b"a");
    }

    #[test]
    fn compare() {
        assert!(displays_as(format_args!("{}-{}", 1, 2), "1-2"));
        assert!(!displays_as(format_args!("{}-{}", 1, 2), "1-23"));
        assert!(!displays_as(format_args!("{}-{}", 1, 2), "1-"));
        assert!(same_display("abc", format_args!("a{}", "bc")));
        assert!(!same_display("abc", "abd"));
        assert_eq!(width("a→b"), 3);
    }
}
