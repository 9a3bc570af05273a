//! Reading the text of `bt!` arguments and labels.

/// Splits `text` at the separator `sep` where it is outside brackets and literals; pieces are
/// trimmed, and empty text gives no piece.
#[derive(Clone, Debug)]
pub(super) struct TopSplit<'a> {
    rest: Option<&'a str>,
    sep: u8,
}

pub(super) fn split_top(text: &str, sep: u8) -> TopSplit<'_> {
    let text = text.trim();
    TopSplit { rest: (!text.is_empty()).then_some(text), sep }
}

/// The byte offset of the first `sep` of `text` outside brackets and string or char literals.
pub(super) fn find_top(text: &str, sep: u8) -> Option<usize> {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            // A char literal ('x', '\n'), not a lifetime ('a).
            b'\'' if b.get(i + 1) == Some(&b'\\') => {
                i += 2;
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
            }
            b'\'' => {
                let c = text[i + 1..].chars().next().map_or(0, char::len_utf8);
                if b.get(i + 1 + c) == Some(&b'\'') {
                    i += 1 + c;
                }
            }
            c if c == sep && depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

impl<'a> Iterator for TopSplit<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let text = self.rest?;
        match find_top(text, self.sep) {
            Some(i) => {
                self.rest = Some(&text[i + 1..]);
                Some(text[..i].trim())
            }
            None => {
                self.rest = None;
                Some(text.trim())
            }
        }
    }
}

pub(super) fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && s != "_"
}

/// An argument `name = value` as (`Some(name)`, value), any other as (`None`, text).
pub(super) fn named(arg: &str) -> (Option<&str>, &str) {
    if let Some(i) = find_top(arg, b'=') {
        let (name, value) = (arg[..i].trim(), &arg[i + 1..]);
        if is_ident(name) && !value.starts_with(['=', '>']) {
            return (Some(name), value.trim());
        }
    }
    (None, arg)
}

/// Strips an integer literal's type suffix and digit separators; `None` if not an integer literal.
pub(super) fn integer(text: &str) -> Option<u64> {
    const SUFFIXES: &[&str] =
        &["usize", "isize", "u128", "i128", "u64", "i64", "u32", "i32", "u16", "i16", "u8", "i8"];
    let mut digits = text.trim();
    for s in SUFFIXES {
        if let Some(d) = digits.strip_suffix(s) {
            digits = d;
            break;
        }
    }
    if digits.is_empty() || !digits.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let mut v: u64 = 0;
    for c in digits.bytes() {
        match c {
            b'_' => {}
            b'0'..=b'9' => v = v.checked_mul(10)?.checked_add(u64::from(c - b'0'))?,
            _ => return None,
        }
    }
    Some(v)
}

/// A duration literal (`2s`, `1.5s`, `250ms`, `1e3us`) in whole milliseconds; `None` for anything
/// else, or a duration that is not a whole number of milliseconds.
pub(super) fn millis(text: &str) -> Option<u128> {
    let text = text.trim();
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 6)
    } else if let Some(n) = text.strip_suffix("us") {
        (n, 3)
    } else if let Some(n) = text.strip_suffix("ns") {
        (n, 0)
    } else {
        (text.strip_suffix('s')?, 9)
    };
    if !number.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let (mantissa, exp) = match number.find(['e', 'E']) {
        Some(i) => {
            let e = &number[i + 1..];
            let (neg, e) = match e.strip_prefix('-') {
                Some(e) => (true, e),
                None => (false, e.strip_prefix('+').unwrap_or(e)),
            };
            let e = i32::try_from(integer(e)?).ok()?;
            (&number[..i], if neg { -e } else { e })
        }
        None => (number, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value: u128 = 0;
    let mut frac_digits = 0i32;
    for (part, is_frac) in [(int, false), (frac, true)] {
        for c in part.bytes() {
            match c {
                b'_' => {}
                b'0'..=b'9' => {
                    value = value.checked_mul(10)?.checked_add(u128::from(c - b'0'))?;
                    frac_digits += i32::from(is_frac);
                }
                _ => return None,
            }
        }
    }
    // nanoseconds = value × 10^(exp − frac_digits + scale); milliseconds = that / 10^6.
    let mut shift = exp - frac_digits + scale - 6;
    while shift > 0 {
        value = value.checked_mul(10)?;
        shift -= 1;
    }
    while shift < 0 {
        if !value.is_multiple_of(10) {
            return None;
        }
        value /= 10;
        shift += 1;
    }
    Some(value)
}

// ------------------------------------------------------------------------------------------------
// IDs
// ------------------------------------------------------------------------------------------------

/// The ID a leaf (or an embedded tree) labelled `label` gets: the label when it is an identifier,
/// else the last path segment that starts with a capital, else the last segment, `"Closure"` for a
/// closure, `"Leaf"` for anything else.
pub(super) fn derived_id(label: &str) -> &str {
    let label = label.trim();
    if is_ident(label) {
        return label;
    }
    let body = label.strip_prefix('{').map_or(label, str::trim_start);
    let body = body
        .strip_prefix("move")
        .filter(|b| b.starts_with(char::is_whitespace))
        .map_or(body, str::trim_start);
    if body.starts_with('|') {
        return "Closure";
    }
    let end = body.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':')).unwrap_or(body.len());
    let path = &body[..end];
    let mut last = None;
    let mut capital = None;
    for segment in path.split("::").filter(|s| is_ident(s)) {
        last = Some(segment);
        if segment.starts_with(|c: char| c.is_ascii_uppercase()) {
            capital = Some(segment);
        }
    }
    capital.or(last).unwrap_or("Leaf")
}

/// Whether a leaf is a closure over a shared reference (`|a: &Agent| …`), which `bt!` converts
/// as a condition.
pub(super) fn is_condition_closure(label: &str) -> bool {
    let body = label.trim().strip_prefix('{').map_or(label, str::trim_start);
    let body = body.strip_prefix("move").map_or(body, str::trim_start);
    let Some(params) = body.strip_prefix('|') else { return false };
    let Some(end) = params.find('|') else { return false };
    let params = &params[..end];
    match params.find(':') {
        Some(i) => {
            let ty = params[i + 1..].trim_start();
            ty.starts_with('&') && !ty[1..].trim_start().starts_with("mut ")
        }
        None => false,
    }
}
