//! What the export reads from source text: only what a tree written in Rust describes as text and
//! nothing else. A leaf's ID comes from its label (the leaf as written, `WalkTo::new(FOOD)`), and
//! a `switch`'s patterns from its arguments as written (`selector; p1, p2, _`): the description
//! of a Rust tree has no structured form of either.

/// Whether `s` is an identifier (not `_`).
pub(super) fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && s != "_"
}

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

/// The patterns of a `switch` written in Rust, from its arguments as written (`selector; p1, p2,
/// _`): the text after the last `;` outside brackets and literals.
pub(super) fn switch_patterns(args: &'static str) -> Patterns {
    let mut rest = args;
    let mut after = None;
    while let Some(i) = find_top(rest, b';') {
        after = Some(&rest[i + 1..]);
        rest = &rest[i + 1..];
    }
    split_top(after.unwrap_or(""), b',')
}

/// The pieces of a text split at a separator outside brackets and literals (see [`split_top`]).
pub(super) type Patterns = TopSplit<'static>;

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
fn find_top(text: &str, sep: u8) -> Option<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitting() {
        let parts: [&str; 3] = ["f(a, b)", "\"x,y\"", "c = ','"];
        let mut it = split_top("f(a, b), \"x,y\", c = ','", b',');
        for part in parts {
            assert_eq!(it.next(), Some(part));
        }
        assert_eq!(it.next(), None);
        assert_eq!(split_top("", b',').count(), 0);
        let patterns: [&str; 2] = ["A | B", "_"];
        assert!(switch_patterns("|r: &R| { r.a; r.m }; A | B, _").eq(patterns));
        assert_eq!(switch_patterns("sel").count(), 0);
    }

    #[test]
    fn ids() {
        assert_eq!(derived_id("FeelHungry"), "FeelHungry");
        assert_eq!(derived_id("WalkTo::new(FOOD)"), "WalkTo");
        assert_eq!(derived_id("nav::Spin { spin_dist: 1.57 }"), "Spin");
        assert_eq!(derived_id("patrol::go_to(3)"), "go_to");
        assert_eq!(derived_id("{ |a: &Agent| a.food < 30 }"), "Closure");
        assert_eq!(derived_id("{ move |a: &mut Agent| x }"), "Closure");
        assert_eq!(derived_id("3"), "Leaf");
        assert_eq!(derived_id("GoalUpdated::default()"), "GoalUpdated");
    }
}
