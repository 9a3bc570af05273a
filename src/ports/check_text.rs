//! The text forms of a literal, checked at compile time where the port's type allows it: a
//! duration (`"500ms"`, `"1.5s"`, as [`parse_duration`](super::parse_duration) reads it) and a
//! sequence `"a;b;c"` of numbers or bools (as [`parse_seq`](super::parse_seq) reads it). Used by
//! [`check_literal`](super::check_literal), so that such a literal its type refuses is a compile
//! error at its XML position rather than a failure when the tree is built.

use super::check::{int_range, str_eq};

/// Whether `text` is a duration [`parse_duration`](super::parse_duration) reads: a number (digits
/// and at most one `.`) and a unit among `ms`, `us`, `µs`, `s`, `min`, `h` or none
/// (milliseconds).
pub(super) const fn duration_ok(text: &str) -> bool {
    let b = trim(text.as_bytes());
    let mut i = 0;
    let (mut digits, mut dots) = (0, 0);
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
        if b[i] == b'.' {
            dots += 1;
        } else {
            digits += 1;
        }
        i += 1;
    }
    if digits == 0 || dots > 1 {
        return false;
    }
    let unit = trim(b.split_at(i).1);
    const UNITS: [&str; 7] = ["", "ms", "us", "µs", "s", "min", "h"];
    let mut u = 0;
    while u < UNITS.len() {
        if bytes_eq(unit, UNITS[u].as_bytes()) {
            return true;
        }
        u += 1;
    }
    false
}

/// Whether `text` is a sequence `"a;b;c"` whose every part is an `elem` (an integer type in
/// range, `f32`/`f64` or `bool`); `None` when `elem` is another type, which only its `FromStr`
/// can tell. An empty text is an empty sequence.
pub(super) const fn seq_ok(elem: &str, text: &str) -> Option<bool> {
    let numeric = int_range(elem).is_some() || str_eq(elem, "f64") || str_eq(elem, "f32");
    if !numeric && !str_eq(elem, "bool") {
        return None;
    }
    let b = text.as_bytes();
    if trim(b).is_empty() {
        return Some(true);
    }
    let mut start = 0;
    let mut i = 0;
    while i <= b.len() {
        if i == b.len() || b[i] == b';' {
            let part = trim(b.split_at(i).0.split_at(start).1);
            if !part_ok(elem, part) {
                return Some(false);
            }
            start = i + 1;
        }
        i += 1;
    }
    Some(true)
}

/// The element type of a sequence type `Vec<elem>`, if `ty` is one.
pub(super) const fn vec_elem(ty: &str) -> Option<&str> {
    let b = ty.as_bytes();
    let head = b"Vec<";
    if b.len() <= head.len() + 1 || b[b.len() - 1] != b'>' || !bytes_eq(b.split_at(head.len()).0, head) {
        return None;
    }
    match core::str::from_utf8(b.split_at(b.len() - 1).0.split_at(head.len()).1) {
        Ok(e) => Some(e),
        Err(_) => None,
    }
}

const fn part_ok(elem: &str, p: &[u8]) -> bool {
    if str_eq(elem, "bool") {
        return bytes_eq(p, b"true") || bytes_eq(p, b"false");
    }
    if let Some((min, max)) = int_range(elem) {
        return match int_of(p) {
            Some(v) => v >= min && (v < 0 || v as u128 <= max),
            None => false,
        };
    }
    float_ok(p)
}

/// An integer: an optional sign and decimal digits (what `i128`'s `FromStr` reads, up to its
/// range).
const fn int_of(p: &[u8]) -> Option<i128> {
    let (neg, mut i) = match p.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    if i == p.len() {
        return None;
    }
    let mut v: i128 = 0;
    while i < p.len() {
        if !p[i].is_ascii_digit() {
            return None;
        }
        v = match v.checked_mul(10) {
            Some(v) => match v.checked_add((p[i] - b'0') as i128) {
                Some(v) => v,
                None => return None,
            },
            None => return None,
        };
        i += 1;
    }
    Some(if neg { -v } else { v })
}

/// A float as `f64`'s `FromStr` reads it: a sign, digits with at most one `.` (at least one digit),
/// an exponent; or `inf`, `infinity`, `nan` in any case.
const fn float_ok(p: &[u8]) -> bool {
    let mut i = if matches!(p.first(), Some(b'-' | b'+')) { 1 } else { 0 };
    let rest = p.split_at(i).1;
    if eq_ignore_case(rest, b"inf") || eq_ignore_case(rest, b"infinity") || eq_ignore_case(rest, b"nan") {
        return true;
    }
    let (mut digits, mut dots) = (0, 0);
    while i < p.len() && (p[i].is_ascii_digit() || p[i] == b'.') {
        if p[i] == b'.' {
            dots += 1;
        } else {
            digits += 1;
        }
        i += 1;
    }
    if digits == 0 || dots > 1 {
        return false;
    }
    if i < p.len() && (p[i] == b'e' || p[i] == b'E') {
        i += 1;
        if i < p.len() && (p[i] == b'-' || p[i] == b'+') {
            i += 1;
        }
        let exp_start = i;
        while i < p.len() && p[i].is_ascii_digit() {
            i += 1;
        }
        if i == exp_start {
            return false;
        }
    }
    i == p.len()
}

const fn trim(mut b: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = b {
        if first.is_ascii_whitespace() {
            b = rest;
        } else {
            break;
        }
    }
    while let [rest @ .., last] = b {
        if last.is_ascii_whitespace() {
            b = rest;
        } else {
            break;
        }
    }
    b
}

const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
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

const fn eq_ignore_case(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if !a[i].eq_ignore_ascii_case(&b[i]) {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        for ok in ["500ms", "2s", "1.5s", "250us", "1min", "1h", "500", " 3 s ", "0.5"] {
            assert!(duration_ok(ok), "{ok}");
            assert!(crate::ports::parse_duration(ok).is_ok(), "{ok}");
        }
        for bad in ["fast", "ms", "1.2.3s", "5 days", "", "-1s"] {
            assert!(!duration_ok(bad), "{bad}");
            assert!(crate::ports::parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sequences() {
        assert_eq!(seq_ok("i32", "1;2; 3"), Some(true));
        assert_eq!(seq_ok("i32", ""), Some(true));
        assert_eq!(seq_ok("i32", "1;x;3"), Some(false));
        assert_eq!(seq_ok("u8", "1;256"), Some(false));
        assert_eq!(seq_ok("u8", "-1"), Some(false));
        assert_eq!(seq_ok("f64", "1.5;-2e3;.5;inf"), Some(true));
        assert_eq!(seq_ok("f64", "1.5;abc"), Some(false));
        assert_eq!(seq_ok("bool", "true;false"), Some(true));
        assert_eq!(seq_ok("bool", "true;1"), Some(false));
        assert_eq!(seq_ok("Pose", "1;2"), None);
        for (ty, text) in [("i32", "1;2; 3"), ("f64", "1.5;-2e3;.5;inf"), ("bool", "true;false")] {
            let ok = match ty {
                "i32" => crate::ports::parse_seq::<i32>(text).is_ok(),
                "f64" => crate::ports::parse_seq::<f64>(text).is_ok(),
                _ => crate::ports::parse_seq::<bool>(text).is_ok(),
            };
            assert!(ok, "{ty} {text}");
        }
        assert_eq!(vec_elem("Vec<i32>"), Some("i32"));
        assert_eq!(vec_elem("Vec<>"), None);
        assert_eq!(vec_elem("VecDeque<i32>"), None);
    }
}
