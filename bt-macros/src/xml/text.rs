//! Attribute text: splitting, field names and typed literals.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

/// Whether an attribute's text, read as Rust tokens, would nest deeper than `bt!` reads (see
/// `limits::nesting`): checked on the text before it is lexed (the lexer recurses on brackets
/// too), then on its tokens.
pub(super) fn too_deep(text: &str) -> bool {
    let (mut depth, mut quoted, mut escaped) = (0usize, false, false);
    for c in text.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '(' | '[' | '{' | '<' if !quoted => {
                depth += 1;
                if depth > crate::limits::MAX_NESTING {
                    return true;
                }
            }
            ')' | ']' | '}' | '>' if !quoted => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    text.parse::<TokenStream>().is_ok_and(|t| crate::limits::nesting(t).is_some())
}

/// Splits `text` at its top-level commas (outside brackets and string literals); pieces trimmed.
pub(super) fn split_top(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start, mut quoted) = (0usize, 0usize, false);
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => quoted = !quoted,
            '\\' if quoted => {
                chars.next();
            }
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth = depth.saturating_sub(1),
            ',' if !quoted && depth == 0 => {
                out.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = text[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}

/// An attribute's value as the XML writes it (after subtree remapping).
pub(super) fn attr_text(v: &bt_xml::Value) -> String {
    match v {
        bt_xml::Value::Key { name, root: true } => format!("{{@{name}}}"),
        bt_xml::Value::Key { name, root: false } => format!("{{{name}}}"),
        bt_xml::Value::Literal(t) => t.clone(),
    }
}

/// A port name as a field name (a raw identifier for a keyword); `None` when it cannot be one.
pub(super) fn field_ident(name: &str, span: Span) -> Option<Ident> {
    let ok = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name != "_";
    if !ok {
        return None;
    }
    syn::parse_str::<Ident>(name).ok().or_else(|| syn::parse_str::<Ident>(&format!("r#{name}")).ok()).map(
        |mut i| {
            i.set_span(span);
            i
        },
    )
}

/// The `bt::ports::LiteralKind` of an attribute's text (as [`literal`] reads it).
pub(super) fn literal_kind(text: &str) -> TokenStream {
    let l = literal(text, "");
    let s = l.to_string();
    if s.contains("BoolLit") {
        quote!(::bt::ports::LiteralKind::Bool)
    } else if s.contains("IntLit") {
        let v = text.trim().parse::<i128>().unwrap_or(0);
        let lit = Literal::u128_unsuffixed(v.unsigned_abs());
        let neg = if v < 0 { quote!(-) } else { TokenStream::new() };
        quote!(::bt::ports::LiteralKind::Int(#neg #lit))
    } else if s.contains("FloatLit") {
        quote!(::bt::ports::LiteralKind::Float)
    } else {
        quote!(::bt::ports::LiteralKind::Text)
    }
}

/// The literal value of an attribute's text, typed by the port it initializes.
pub(super) fn literal(text: &str, at: &str) -> TokenStream {
    let t = text.trim();
    if t == "true" || t == "false" {
        let b = t == "true";
        return quote!(::bt::ports::BoolLit(#b));
    }
    let digits = t.strip_prefix('-').unwrap_or(t);
    if !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit())
        && let Ok(v) = t.parse::<i128>()
    {
        let l = Literal::u128_unsuffixed(v.unsigned_abs());
        let neg = if v < 0 { quote!(-) } else { TokenStream::new() };
        return quote!(::bt::ports::IntLit::<{ #neg #l }>);
    }
    let numeric = t.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'));
    if numeric
        && t.chars().any(|c| c.is_ascii_digit())
        && let Ok(v) = t.parse::<f64>()
        && v.is_finite()
    {
        let l = Literal::f64_unsuffixed(v.abs());
        let neg = if v.is_sign_negative() { quote!(-) } else { TokenStream::new() };
        return quote!(::bt::ports::FloatLit(#neg #l, #text));
    }
    quote!(::bt::ports::TextLit(#text, #at))
}
