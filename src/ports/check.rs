//! Checks of the ports and literals a tree binds, made at compile time by the code `bt_xml!`
//! writes.

use crate::PortInfo;

/// Checks the ports a tree binds against a leaf's declared ports, at compile time: every name in
/// `bound` must be a port, and every port without a default must be bound unless it is optional. Returns the error
/// (which the generated `const` panics with, a compile error) naming the port, the `node` type and
/// `at` (file, line and column), or [`Message::EMPTY`]. Used by the code the XML import writes.
#[doc(hidden)]
pub const fn check(ports: &[PortInfo], bound: &[&str], node: &str, at: &str) -> Message {
    let mut i = 0;
    while i < bound.len() {
        let mut found = false;
        let mut j = 0;
        while j < ports.len() {
            if str_eq(ports[j].name, bound[i]) {
                found = true;
            }
            j += 1;
        }
        if !found {
            return Message::of(&[
                "unknown port `",
                bound[i],
                "` of `",
                node,
                "` at ",
                at,
                ": `",
                node,
                "` declares no such port (see its `#[derive(Ports)]` fields)",
            ]);
        }
        i += 1;
    }
    let mut j = 0;
    while j < ports.len() {
        if ports[j].default.is_none() && !ports[j].optional {
            let mut found = false;
            let mut i = 0;
            while i < bound.len() {
                if str_eq(ports[j].name, bound[i]) {
                    found = true;
                }
                i += 1;
            }
            if !found {
                return Message::of(&[
                    "missing port `",
                    ports[j].name,
                    "` of `",
                    node,
                    "` at ",
                    at,
                    ": bind it (`",
                    ports[j].name,
                    "=\"{key}\"` or a value), or give it a `#[port(default = \"…\")]` (or `#[port(optional)]`)",
                ]);
            }
        }
        j += 1;
    }
    Message::EMPTY
}

/// What an XML literal looks like, for [`check_literal`].
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiteralKind {
    /// An integer, with its value.
    Int(i128),
    /// A float.
    Float,
    /// `true` or `false`.
    Bool,
    /// Other text.
    Text,
}

/// Checks, at compile time, a literal bound to port `port` of a leaf whose ports are `ports`,
/// when the port's declared type is a primitive number or `bool`: an integer must fit, a float
/// needs a float type, a bool a `bool`, text cannot be any of them. Returns the error (which the
/// generated `const` panics with) naming the port, the `node` type, the literal `text` and `at`. Used by the code the XML
/// import writes.
#[doc(hidden)]
pub const fn check_literal(
    ports: &[PortInfo],
    port: &str,
    lit: LiteralKind,
    text: &str,
    node: &str,
    at: &str,
) -> Message {
    let mut j = 0;
    while j < ports.len() {
        if str_eq(ports[j].name, port) {
            let ty = ports[j].type_name;
            let accepts = ports[j].accepts;
            if !accepts.is_empty() {
                return names_check(accepts, port, text, node, ty, at);
            }
            let ok = match int_range(ty) {
                Some((min, max)) => match lit {
                    LiteralKind::Int(v) => v >= min && (v < 0 || v as u128 <= max),
                    _ => false,
                },
                None if str_eq(ty, "f64") || str_eq(ty, "f32") => {
                    matches!(lit, LiteralKind::Int(_) | LiteralKind::Float)
                }
                None if str_eq(ty, "bool") => matches!(lit, LiteralKind::Bool),
                // Milliseconds, or a text with its unit.
                None if ends_with(ty, "Duration") => match lit {
                    LiteralKind::Int(v) => v >= 0,
                    LiteralKind::Float => true,
                    LiteralKind::Text => super::check_text::duration_ok(text),
                    LiteralKind::Bool => false,
                },
                // A sequence `"a;b;c"` of numbers or bools.
                None if matches!(lit, LiteralKind::Text) => match super::check_text::vec_elem(ty) {
                    Some(elem) => !matches!(super::check_text::seq_ok(elem, text), Some(false)),
                    None => true,
                },
                None => true,
            };
            if !ok {
                return Message::of(&[
                    "the value `",
                    text,
                    "` of port `",
                    port,
                    "` of `",
                    node,
                    "` at ",
                    at,
                    " is not a `",
                    ty,
                    "`",
                ]);
            }
        }
        j += 1;
    }
    Message::EMPTY
}

/// A literal for a port whose type lists the texts it takes ([`LiteralNames`](super::LiteralNames)):
/// the error when `text` is none of them.
const fn names_check(accepts: &[&str], port: &str, text: &str, node: &str, ty: &str, at: &str) -> Message {
    let mut i = 0;
    while i < accepts.len() {
        if str_eq(accepts[i], text) {
            return Message::EMPTY;
        }
        i += 1;
    }
    let mut m = Message::of(&[
        "the value `",
        text,
        "` of port `",
        port,
        "` of `",
        node,
        "` at ",
        at,
        " is not a `",
        ty,
        "`: it takes ",
    ]);
    let mut i = 0;
    while i < accepts.len() {
        m = m.then(&[if i == 0 { "`" } else { ", `" }, accepts[i], "`"]);
        i += 1;
    }
    m.then(&[" (its `LiteralNames`)"])
}

/// The range of a primitive integer type named `ty`.
pub(super) const fn int_range(ty: &str) -> Option<(i128, u128)> {
    macro_rules! ranges {
        ($($t:ty),*) => {{
            $(if str_eq(ty, stringify!($t)) {
                return Some((<$t>::MIN as i128, <$t>::MAX as u128));
            })*
            None
        }};
    }
    ranges!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize)
}

/// Whether `s` ends with `suffix`, in a `const` context.
pub(super) const fn ends_with(s: &str, suffix: &str) -> bool {
    let (s, x) = (s.as_bytes(), suffix.as_bytes());
    if x.len() > s.len() {
        return false;
    }
    let mut i = 0;
    while i < x.len() {
        if s[s.len() - x.len() + i] != x[i] {
            return false;
        }
        i += 1;
    }
    true
}

pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A message built at compile time (at most 512 bytes): empty when a check passed.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Message {
    buf: [u8; 512],
    len: usize,
}

impl Message {
    /// No message: the check passed.
    pub const EMPTY: Message = Message { buf: [0; 512], len: 0 };

    /// The concatenation of `parts` (cut at 512 bytes).
    pub(super) const fn of(parts: &[&str]) -> Message {
        Message::EMPTY.then(parts)
    }

    /// This message followed by `parts` (cut at 512 bytes).
    pub(super) const fn then(self, parts: &[&str]) -> Message {
        let mut m = self;
        let mut p = 0;
        while p < parts.len() {
            let b = parts[p].as_bytes();
            let mut i = 0;
            while i < b.len() && m.len < m.buf.len() {
                m.buf[m.len] = b[i];
                m.len += 1;
                i += 1;
            }
            p += 1;
        }
        m
    }

    /// Whether the check passed.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The text.
    pub const fn as_str(&self) -> &str {
        let (head, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(head) {
            Ok(s) => s,
            Err(e) => match core::str::from_utf8(head.split_at(e.valid_up_to()).0) {
                Ok(s) => s,
                Err(_) => "",
            },
        }
    }
}
