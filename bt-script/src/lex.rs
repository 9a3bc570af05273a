//! The tokenizer: BehaviorTree.CPP 4.10's (`script_tokenizer.cpp`), with one addition: a `\`
//! followed by white space is white space (the line continuation BehaviorTree.CPP before 4.9
//! accepted, and real files still use).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::{Error, Span};

/// One token.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Int(i64),
    Real(f64),
    Str(String),
    Bool(bool),
    /// An identifier, without its `@`, and whether it had one.
    Ident(String, bool),
    /// An operator or delimiter, as written.
    Op(&'static str),
    End,
}

/// The operators of two characters, then of one.
const TWO: &[&str] = &["..", "&&", "||", "==", "!=", "<=", ">=", ":=", "+=", "-=", "*=", "/="];
const ONE: &[&str] = &["+", "-", "*", "/", "&", "|", "^", "~", "!", "<", ">", "=", "?", ":", "(", ")", ";"];

fn ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'@'
}

fn ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The tokens of `text`, each with its span, ending with [`Tok::End`].
pub(crate) fn tokenize(text: &str) -> Result<Vec<(Tok, Span)>, Error> {
    let s = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
            i += 1;
            continue;
        }
        if c == b'\\' && s.get(i + 1).is_none_or(|n| matches!(n, b' ' | b'\t' | b'\n' | b'\r')) {
            i += 1;
            continue;
        }
        let start = i;
        if c == b'\'' {
            let Some(len) = s[i + 1..].iter().position(|&b| b == b'\'') else {
                return Err(Error::new(
                    Span::new(start, s.len()),
                    "this string is never closed: end it with `'`",
                ));
            };
            out.push((Tok::Str(text[i + 1..i + 1 + len].into()), Span::new(start, i + len + 2)));
            i += len + 2;
            continue;
        }
        if c == b'"' {
            return Err(Error::new(
                Span::new(start, start + 1),
                "strings are written between single quotes in BehaviorTree.CPP scripts: write `'text'` (in an XML attribute, `&apos;text&apos;` or `'text'` inside `\"…\"`)",
            ));
        }
        if c.is_ascii_digit() {
            let (tok, end) = number(text, i)?;
            out.push((tok, Span::new(start, end)));
            i = end;
            continue;
        }
        if ident_start(c) {
            i += 1;
            while i < s.len() && ident_char(s[i]) {
                i += 1;
            }
            let word = &text[start..i];
            let tok = match word {
                "true" => Tok::Bool(true),
                "false" => Tok::Bool(false),
                _ => match word.strip_prefix('@') {
                    Some("") => {
                        return Err(Error::new(
                            Span::new(start, i),
                            "`@` starts the name of an entry of the root tree's blackboard: write `@name`",
                        ));
                    }
                    Some(rest) => Tok::Ident(rest.into(), true),
                    None => Tok::Ident(word.into(), false),
                },
            };
            out.push((tok, Span::new(start, i)));
            continue;
        }
        if let Some(op) = TWO.iter().find(|op| s[i..].starts_with(op.as_bytes())) {
            out.push((Tok::Op(op), Span::new(start, i + 2)));
            i += 2;
            continue;
        }
        if let Some(op) = ONE.iter().find(|op| s[i..].starts_with(op.as_bytes())) {
            out.push((Tok::Op(op), Span::new(start, i + 1)));
            i += 1;
            continue;
        }
        let ch = text[i..].chars().next().unwrap_or('?');
        let hint = match ch {
            '%' => ": there is no remainder operator",
            '[' | ']' | '{' | '}' => {
                ": there are no arrays or blocks; a key is written by its name (`goal`, not `{goal}`)"
            }
            ',' => ": separate statements with `;`",
            _ => "",
        };
        return Err(Error::new(
            Span::new(start, start + ch.len_utf8()),
            format!("`{ch}` is not part of BehaviorTree.CPP's script language{hint}"),
        ));
    }
    out.push((Tok::End, Span::new(s.len(), s.len())));
    Ok(out)
}

/// A number starting at `i`: its token and where it ends.
fn number(text: &str, i: usize) -> Result<(Tok, usize), Error> {
    let s = text.as_bytes();
    let start = i;
    let garbage = |mut j: usize| {
        while j < s.len() && (ident_char(s[j]) || s[j] == b'.') {
            j += 1;
        }
        j
    };
    let bad = |end: usize, why: &str| {
        let word = &text[start..end];
        Error::new(Span::new(start, end), format!("`{word}` is not a number{why}"))
    };
    if s[i] == b'0' && matches!(s.get(i + 1), Some(b'x' | b'X')) {
        let mut j = i + 2;
        while j < s.len() && s[j].is_ascii_hexdigit() {
            j += 1;
        }
        if j == i + 2 {
            let end = garbage(j);
            return Err(bad(end, ": write hexadecimal digits after `0x`, as in `0x1F`"));
        }
        if j < s.len() && (s[j] == b'.' || ident_char(s[j])) {
            let end = garbage(j);
            return Err(bad(end, ": a hexadecimal number is an integer (`0x1F`)"));
        }
        return match i64::from_str_radix(&text[i + 2..j], 16) {
            Ok(v) => Ok((Tok::Int(v), j)),
            Err(_) => Err(bad(j, ": it does not fit in a 64-bit integer")),
        };
    }
    let mut j = i;
    let mut real = false;
    while j < s.len() && s[j].is_ascii_digit() {
        j += 1;
    }
    if j < s.len() && s[j] == b'.' {
        if s.get(j + 1) == Some(&b'.') {
            // `65..x`: the integer 65, then `..`.
        } else if s.get(j + 1).is_some_and(u8::is_ascii_digit) {
            real = true;
            j += 1;
            while j < s.len() && s[j].is_ascii_digit() {
                j += 1;
            }
        } else {
            let end = garbage(j + 1);
            return Err(bad(end, ": write digits after the point, as in `65.0`"));
        }
    }
    if j < s.len() && matches!(s[j], b'e' | b'E') {
        real = true;
        j += 1;
        if j < s.len() && matches!(s[j], b'+' | b'-') {
            j += 1;
        }
        if j >= s.len() || !s[j].is_ascii_digit() {
            let end = garbage(j);
            return Err(bad(end, ": write the exponent's digits, as in `3e2`"));
        }
        while j < s.len() && s[j].is_ascii_digit() {
            j += 1;
        }
    }
    if j < s.len() && ident_start(s[j]) {
        let end = garbage(j);
        return Err(bad(end, ": a name cannot start with a digit"));
    }
    let word = &text[start..j];
    if real {
        match word.parse::<f64>() {
            Ok(v) => Ok((Tok::Real(v), j)),
            Err(_) => Err(bad(j, "")),
        }
    } else {
        match word.parse::<i64>() {
            Ok(v) => Ok((Tok::Int(v), j)),
            Err(_) => Err(bad(j, ": it does not fit in a 64-bit integer (write a real number, `1e20`)")),
        }
    }
}
