//! Comparisons, and values read as conditions.

use super::{Consts, Fault, Value, as_bool, string_number};
use crate::ast::CmpOp;

/// Whether `a op b` holds for two numbers (`==` allows a difference of `f32::EPSILON`).
#[inline]
pub fn compare_numbers(op: CmpOp, a: f64, b: f64) -> bool {
    let same = (a - b).abs() <= f32::EPSILON as f64;
    match op {
        CmpOp::Eq => same,
        CmpOp::Ne => !same,
        CmpOp::Lt => a < b,
        CmpOp::Gt => a > b,
        CmpOp::Le => a <= b,
        CmpOp::Ge => a >= b,
    }
}

/// Whether `a op b` holds for two strings (byte-wise order).
#[inline]
pub fn compare_strings(op: CmpOp, a: &str, b: &str) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Gt => a > b,
        CmpOp::Le => a <= b,
        CmpOp::Ge => a >= b,
    }
}

/// Whether `a op b` holds: two numbers, two strings, or a string and a number (the string read as
/// one, [`string_number`]).
///
/// # Errors
///
/// A string that is no number, compared with a number; an opaque value.
#[inline]
pub fn compare(op: CmpOp, a: &Value<'_>, b: &Value<'_>, consts: &Consts) -> Result<bool, Fault> {
    Ok(match (a, b) {
        (Value::Num(x), Value::Num(y)) => compare_numbers(op, x.f64(), y.f64()),
        (Value::Str(x), Value::Str(y)) => compare_strings(op, x, y),
        (Value::Str(x), Value::Num(y)) => compare_numbers(op, string_number(x, consts)?, y.f64()),
        (Value::Num(x), Value::Str(y)) => compare_numbers(op, x.f64(), string_number(y, consts)?),
        (x, y) => {
            let found = if matches!(x, Value::Other(_)) { x.kind() } else { y.kind() };
            return Err(Fault::Mismatch { found, ty: "a number or a string to compare" });
        }
    })
}

/// Whether the condition of `c ? a : b` holds: a non-empty string, or a number other than 0.
///
/// # Errors
///
/// An empty string (BehaviorTree.CPP then reads it as a number, and fails).
#[inline]
pub fn choose(v: &Value<'_>) -> Result<bool, Fault> {
    match v {
        Value::Num(n) => Ok(n.f64() != 0.0),
        Value::Str(s) if !s.is_empty() => Ok(true),
        Value::Str(_) => Err(Fault::EmptyCondition),
        Value::Other(_) => Err(Fault::Mismatch { found: "a value of a type of your own", ty: "bool" }),
    }
}

/// A value as the condition of a node (`ScriptCondition`, `_skipIf`, `Precondition`'s `if`, …):
/// a number read as a boolean ([`as_bool`]).
///
/// # Errors
///
/// An integer other than 0 and 1; a string or an opaque value.
#[inline]
pub fn condition(v: &Value<'_>) -> Result<bool, Fault> {
    match v {
        Value::Num(n) => as_bool(*n),
        v => Err(Fault::Mismatch { found: v.kind(), ty: "bool" }),
    }
}
