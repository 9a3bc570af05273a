//! The values of scripts and what the operators do with them: BehaviorTree.CPP 4.10's semantics
//! (`scripting/operators.hpp`, `utils/safe_any.hpp`), shared by compiled scripts and the
//! interpreter of trees loaded at run time, so both compute the same thing.
//!
//! * A number is an integer ([`Num::Int`]) or a real ([`Num::Real`]). Literals keep their kind
//!   (`3` is an integer, `3.0` a real); `true` and `false` are the reals 1 and 0; an entry of an
//!   integer type (or `bool`) reads as an integer, of a float type as a real.
//! * `+ - * /` on numbers compute in `f64` and give a real (`5 / 2` is `2.5`); `&`, `|`, `^` and
//!   `~` need integral values and give a real; `&&` and `||` read both sides as booleans (both are
//!   evaluated) and give 1 or 0; comparisons give `true` or `false`.
//! * `+` joins two strings; `..` joins strings and numbers (a real is written with six decimals,
//!   as C++'s `std::to_string` writes it).
//! * `==` between two numbers allows a difference of `f32::EPSILON`; a string compared with a
//!   number is read as one (`'true'`, `'false'`, a named constant, or the number at its start).
//! * A number stored into an entry is converted with checks: an integer entry takes integral
//!   values within its range only, a `bool` entry takes 0 and 1 (or any real: non-zero is true).
//!
//! What BehaviorTree.CPP reports by throwing is a [`Fault`] here: the script stops and its node
//! fails (see `bt::script`).

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::{String, ToString};
use core::any::Any;
use core::fmt;

use crate::ast::{BinOp, UnOp};

/// A number, as a script holds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// An integer: an integer literal, or an entry of an integer type or `bool`.
    Int(i64),
    /// A real: any other number.
    Real(f64),
}

impl Num {
    /// The number as an `f64` (an integer beyond 2^53 rounds, as in BehaviorTree.CPP).
    #[inline]
    pub fn f64(self) -> f64 {
        match self {
            Num::Int(v) => v as f64,
            Num::Real(v) => v,
        }
    }

    /// The integer `v`.
    #[inline]
    pub const fn int(v: i64) -> Num {
        Num::Int(v)
    }
}

/// A value in a script: a number, a string, or an opaque value copied from one entry to another.
#[derive(Clone, Debug)]
pub enum Value<'a> {
    /// A number.
    Num(Num),
    /// A string (borrowed from an entry or the script, or made by the script).
    Str(Cow<'a, str>),
    /// A value of a type of yours, which scripts only copy between entries of that type.
    Other(&'a (dyn Any + Send + Sync)),
}

impl Value<'_> {
    /// The value with nothing borrowed (an opaque value cannot be; it stays as it is only when it
    /// is copied into an entry, which happens before its borrow ends).
    pub fn into_owned(self) -> Option<Value<'static>> {
        match self {
            Value::Num(n) => Some(Value::Num(n)),
            Value::Str(s) => Some(Value::Str(Cow::Owned(s.into_owned()))),
            Value::Other(_) => None,
        }
    }

    /// What kind of value it is, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Num(_) => "a number",
            Value::Str(_) => "a string",
            Value::Other(_) => "a value of a type of your own",
        }
    }
}

mod convert;

use convert::libm_round;
pub use convert::{ANY, Class, Classes, Consts, NUMBERS, ScriptValue, TEXT};

/// Why a script stopped when it ran: what BehaviorTree.CPP reports by throwing.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    /// The script read an entry that has no value (nothing wrote it yet, or it was removed).
    Absent {
        /// The entry.
        key: &'static str,
    },
    /// The script read an entry whose time-to-live ran out.
    Expired {
        /// The entry.
        key: &'static str,
        /// When its value expired, on the context's clock.
        at: core::time::Duration,
    },
    /// The script read an entry that holds a value of another type than the tree gave it (code
    /// of yours set it with a key of that type).
    WrongType {
        /// The entry.
        key: &'static str,
        /// The type of the value it holds.
        stored: &'static str,
        /// The type the tree reads it as.
        wanted: &'static str,
    },
    /// `key = value` on an entry that does not exist: `=` changes an entry, `:=` creates one. An
    /// entry a port of the tree binds exists from the start (BehaviorTree.CPP creates the entries
    /// of ports when it builds the tree): the checker makes `=` on it a `:=`.
    NotCreated {
        /// The entry.
        key: &'static str,
    },
    /// A number stored into an entry whose type cannot hold it.
    Range {
        /// The number.
        value: Num,
        /// The entry's type.
        ty: &'static str,
    },
    /// A bitwise operator on a number that is not an integer.
    NotInteger {
        /// The number.
        value: f64,
    },
    /// An integer read as a boolean that is neither 0 nor 1 (BehaviorTree.CPP refuses the cast).
    NotBool {
        /// The integer.
        value: i64,
    },
    /// A string read as a number that is none (`'abc' == 3`).
    NotNumber {
        /// The string.
        text: String,
    },
    /// A string that is not a value of the entry's type ([`ScriptValue::from_text`]).
    BadText {
        /// The string.
        text: String,
        /// The entry's type.
        ty: &'static str,
    },
    /// A value copied into an entry of another type.
    Mismatch {
        /// What the value is.
        found: &'static str,
        /// The entry's type.
        ty: &'static str,
    },
    /// An empty string as a condition (BehaviorTree.CPP reads it as a number, and fails).
    EmptyCondition,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Absent { key } => write!(f, "the entry `{key}` has no value"),
            Fault::Expired { key, at } => write!(f, "the value of the entry `{key}` expired at {at:?}"),
            Fault::WrongType { key, stored, wanted } => {
                write!(f, "the entry `{key}` holds a `{stored}`, but the tree reads it as a `{wanted}`")
            }
            Fault::NotCreated { key } => {
                write!(f, "the entry `{key}` does not exist yet: `=` changes an entry, `:=` creates it")
            }
            Fault::Range { value, ty } => write!(f, "{} does not fit in a `{ty}`", show(*value)),
            Fault::NotInteger { value } => {
                write!(f, "{value} is not an integer, which a bitwise operator needs")
            }
            Fault::NotBool { value } => write!(f, "{value} is neither 0 nor 1, so it is not a boolean"),
            Fault::NotNumber { text } => write!(f, "the string '{text}' is not a number"),
            Fault::BadText { text, ty } => write!(f, "the string '{text}' is not a valid `{ty}`"),
            Fault::Mismatch { found, ty } => {
                write!(f, "{found} cannot be stored into an entry of type `{ty}`")
            }
            Fault::EmptyCondition => f.write_str("an empty string is not a condition"),
        }
    }
}

impl core::error::Error for Fault {}

fn show(n: Num) -> String {
    match n {
        Num::Int(v) => v.to_string(),
        Num::Real(v) => format!("{v}"),
    }
}

/// A number read as a boolean, as BehaviorTree.CPP casts one: an integer must be 0 or 1, a real is
/// true when it is not zero.
#[inline]
pub fn as_bool(n: Num) -> Result<bool, Fault> {
    match n {
        Num::Int(0) => Ok(false),
        Num::Int(1) => Ok(true),
        Num::Int(v) => Err(Fault::NotBool { value: v }),
        Num::Real(v) => Ok(v != 0.0),
    }
}

/// A string read as a number (BehaviorTree.CPP's `StringToDouble`): `'true'` is 1, `'false'` 0, a
/// named constant its value, anything else the number its text starts with.
///
/// # Errors
///
/// [`Fault::NotNumber`] when the text starts with no number.
pub fn string_number(s: &str, consts: &Consts) -> Result<f64, Fault> {
    match s {
        "true" => return Ok(1.0),
        "false" => return Ok(0.0),
        _ => {}
    }
    if let Some((_, v)) = consts.iter().find(|(n, _)| *n == s) {
        return Ok(*v as f64);
    }
    number_prefix(s).ok_or_else(|| Fault::NotNumber { text: s.into() })
}

/// The number at the start of `s`, as C++'s `from_chars` reads it.
fn number_prefix(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let from = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - from
    };
    let mut n = digits(&mut i);
    if i < b.len() && b[i] == b'.' {
        let mut j = i + 1;
        let f = digits(&mut j);
        if n + f > 0 {
            n += f;
            i = j;
        }
    }
    if n == 0 {
        return None;
    }
    if i < b.len() && matches!(b[i], b'e' | b'E') {
        let mut j = i + 1;
        if j < b.len() && matches!(b[j], b'+' | b'-') {
            j += 1;
        }
        if digits(&mut j) > 0 {
            i = j;
        }
    }
    s[..i].parse().ok()
}

/// A number as `..` writes it: an integer in decimal, a real with six decimals (`std::to_string`).
pub fn number_text(n: Num) -> String {
    match n {
        Num::Int(v) => v.to_string(),
        Num::Real(v) if v.is_nan() => "nan".into(),
        Num::Real(v) => format!("{v:.6}"),
    }
}

/// `op value`.
///
/// # Errors
///
/// A bitwise complement of a real out of the integers' range.
#[inline]
pub fn unary(op: UnOp, value: Num) -> Result<Num, Fault> {
    let v = value.f64();
    Ok(match op {
        UnOp::Neg => Num::Real(-v),
        UnOp::Not => Num::Real(if v != 0.0 { 0.0 } else { 1.0 }),
        UnOp::Complement => {
            if !(v >= i64::MIN as f64 && v < i64::MAX as f64) {
                return Err(Fault::NotInteger { value: v });
            }
            Num::Real(!(v as i64) as f64)
        }
    })
}

/// An integer operand of a bitwise operator: an integer, or a real that is integral.
#[inline]
fn integral(n: Num) -> Result<i64, Fault> {
    match n {
        Num::Int(v) => Ok(v),
        Num::Real(v) => {
            if v >= i64::MIN as f64 && v < i64::MAX as f64 && v == libm_round(v) {
                Ok(v as i64)
            } else {
                Err(Fault::NotInteger { value: v })
            }
        }
    }
}

/// `a op b` on two numbers (`..` is [`concat()`]).
///
/// # Errors
///
/// A bitwise operator on a real that is not integral, or a boolean operator on an integer that
/// is neither 0 nor 1.
#[inline]
pub fn arithmetic(op: BinOp, a: Num, b: Num) -> Result<Num, Fault> {
    let (x, y) = (a.f64(), b.f64());
    Ok(Num::Real(match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div => x / y,
        BinOp::BitAnd => (integral(a)? & integral(b)?) as f64,
        BinOp::BitOr => (integral(a)? | integral(b)?) as f64,
        BinOp::BitXor => (integral(a)? ^ integral(b)?) as f64,
        BinOp::And => {
            let (l, r) = (as_bool(a)?, as_bool(b)?);
            f64::from(u8::from(l && r))
        }
        BinOp::Or => {
            let (l, r) = (as_bool(a)?, as_bool(b)?);
            f64::from(u8::from(l || r))
        }
        BinOp::Concat => return Err(Fault::Mismatch { found: "a number", ty: "String" }),
    }))
}

/// `a .. b`, or `a + b` on two strings: the two joined (a number written by [`number_text`]).
pub fn concat(a: &Value<'_>, b: &Value<'_>) -> String {
    let mut out = text_of(a);
    out.push_str(&text_of(b));
    out
}

fn text_of(v: &Value<'_>) -> String {
    match v {
        Value::Num(n) => number_text(*n),
        Value::Str(s) => String::from(&**s),
        Value::Other(_) => String::new(),
    }
}

mod compare;

pub use compare::{choose, compare, compare_numbers, compare_strings, condition};
