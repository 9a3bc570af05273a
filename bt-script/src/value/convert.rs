//! The Rust types scripts read and write ([`ScriptValue`]), and how a value is stored into each.

use alloc::borrow::Cow;
use alloc::string::String;

use super::{Fault, Num, Value, as_bool, string_number};

/// What scripts can do with the values of a Rust type (see [`ScriptValue`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// An integer type: reads as an integer.
    Int,
    /// `f32` or `f64`: reads as a real.
    Real,
    /// `bool`: reads as the integer 0 or 1.
    Bool,
    /// `String`: a string.
    Text,
    /// Any other type: copied between entries of the type, or read from a string
    /// ([`ScriptValue::from_text`]).
    Other,
}

impl Class {
    /// Whether values of the class are numbers.
    pub const fn is_number(self) -> bool {
        matches!(self, Class::Int | Class::Real | Class::Bool)
    }

    /// The class as a bit, for sets of classes ([`Classes`]).
    pub const fn bit(self) -> u8 {
        match self {
            Class::Int => 1,
            Class::Real => 2,
            Class::Bool => 4,
            Class::Text => 8,
            Class::Other => 16,
        }
    }
}

/// A set of [`Class`]es, one bit each ([`Class::bit`]).
pub type Classes = u8;

/// The numbers.
pub const NUMBERS: Classes = 1 | 2 | 4;
/// Strings.
pub const TEXT: Classes = 8;
/// Every class.
pub const ANY: Classes = 31;

/// The named constants of a tree (BehaviorTree.CPP's scripting enums): name and value.
pub type Consts = [(&'static str, i64)];

/// A Rust type whose values scripts read and write: the numbers, `bool` and `String` are; a type of
/// your own is with `impl ScriptValue for Pose {}` (scripts then copy it between entries of its
/// type, and [`from_text`](ScriptValue::from_text) may read it from a string, as
/// BehaviorTree.CPP's `convertFromString` does).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is the type of a blackboard entry that a script reads or writes, but it is not a `bt::script::ScriptValue`",
    note = "implement it: `impl bt::script::ScriptValue for {Self} {{}}` lets scripts copy it between entries; override `from_text` to let them assign it from a string"
)]
pub trait ScriptValue: Clone + Send + Sync + 'static {
    /// What scripts can do with it (a type of your own keeps the default, [`Class::Other`]).
    const CLASS: Class = Class::Other;

    /// The value, as a script reads it.
    fn to_value(&self) -> Value<'_> {
        Value::Other(self)
    }

    /// The value a script stores into an entry of this type.
    ///
    /// # Errors
    ///
    /// [`Fault`] when the value does not convert (see the module's documentation).
    fn from_value(value: Value<'_>, consts: &Consts) -> Result<Self, Fault> {
        let _ = consts;
        match value {
            Value::Other(any) => any.downcast_ref::<Self>().cloned().ok_or(Fault::Mismatch {
                found: "a value of another type",
                ty: core::any::type_name::<Self>(),
            }),
            Value::Str(s) => Self::from_text(&s),
            v => Err(Fault::Mismatch { found: v.kind(), ty: core::any::type_name::<Self>() }),
        }
    }

    /// The value of a string assigned to an entry of this type; the default refuses.
    ///
    /// # Errors
    ///
    /// [`Fault::BadText`] when `text` is not a value of the type.
    fn from_text(text: &str) -> Result<Self, Fault> {
        Err(Fault::BadText { text: text.into(), ty: core::any::type_name::<Self>() })
    }
}

macro_rules! int_value {
    ($($t:ty),*) => {$(
        impl ScriptValue for $t {
            const CLASS: Class = Class::Int;
            #[inline]
            fn to_value(&self) -> Value<'_> {
                match i64::try_from(*self) {
                    Ok(v) => Value::Num(Num::Int(v)),
                    Err(_) => Value::Num(Num::Real(*self as f64)),
                }
            }
            #[inline]
            fn from_value(value: Value<'_>, consts: &Consts) -> Result<Self, Fault> {
                let n = number_of(value, consts, stringify!($t))?;
                let out = match n {
                    Num::Int(v) => <$t>::try_from(v).ok(),
                    Num::Real(v) => {
                        // In range (the upper bound half-open: `MAX as f64` may round up) and
                        // integral.
                        let fits = v >= <$t>::MIN as f64 && v < <$t>::MAX as f64 + 1.0 && v == libm_round(v);
                        fits.then(|| v as $t)
                    }
                };
                out.ok_or(Fault::Range { value: n, ty: stringify!($t) })
            }
            fn from_text(text: &str) -> Result<Self, Fault> {
                Self::from_value(Value::Str(Cow::Borrowed(text)), &[])
            }
        }
    )*};
}

int_value!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// `v` rounded to the nearest integer, ties away from zero, without `std`.
#[inline]
pub(super) fn libm_round(v: f64) -> f64 {
    if !v.is_finite() || v.abs() >= 4_503_599_627_370_496.0 {
        return v;
    }
    let t = v as i64 as f64;
    if v - t >= 0.5 {
        t + 1.0
    } else if t - v >= 0.5 {
        t - 1.0
    } else {
        t
    }
}

macro_rules! real_value {
    ($($t:ty),*) => {$(
        impl ScriptValue for $t {
            const CLASS: Class = Class::Real;
            #[inline]
            fn to_value(&self) -> Value<'_> {
                Value::Num(Num::Real(*self as f64))
            }
            #[inline]
            fn from_value(value: Value<'_>, consts: &Consts) -> Result<Self, Fault> {
                match number_of(value, consts, stringify!($t))? {
                    // An integer too large for a double's mantissa (BehaviorTree.CPP refuses the
                    // loss of precision).
                    Num::Int(v) if v.unsigned_abs() > (1u64 << 53) - 1 => {
                        Err(Fault::Range { value: Num::Int(v), ty: stringify!($t) })
                    }
                    n => Ok(n.f64() as $t),
                }
            }
            fn from_text(text: &str) -> Result<Self, Fault> {
                Self::from_value(Value::Str(Cow::Borrowed(text)), &[])
            }
        }
    )*};
}

real_value!(f32, f64);

impl ScriptValue for bool {
    const CLASS: Class = Class::Bool;
    #[inline]
    fn to_value(&self) -> Value<'_> {
        Value::Num(Num::Int(i64::from(*self)))
    }
    #[inline]
    fn from_value(value: Value<'_>, consts: &Consts) -> Result<Self, Fault> {
        match value {
            Value::Num(n) => as_bool(n),
            Value::Str(s) => match &*s {
                "true" => Ok(true),
                "false" => Ok(false),
                other => as_bool(Num::Real(string_number(other, consts)?)),
            },
            v => Err(Fault::Mismatch { found: v.kind(), ty: "bool" }),
        }
    }
    fn from_text(text: &str) -> Result<Self, Fault> {
        Self::from_value(Value::Str(Cow::Borrowed(text)), &[])
    }
}

impl ScriptValue for String {
    const CLASS: Class = Class::Text;
    #[inline]
    fn to_value(&self) -> Value<'_> {
        Value::Str(Cow::Borrowed(self))
    }
    #[inline]
    fn from_value(value: Value<'_>, _: &Consts) -> Result<Self, Fault> {
        match value {
            Value::Str(s) => Ok(s.into_owned()),
            v => Err(Fault::Mismatch { found: v.kind(), ty: "String" }),
        }
    }
    fn from_text(text: &str) -> Result<Self, Fault> {
        Ok(text.into())
    }
}

/// A value as a number to store: a number, or a string read as one.
#[inline]
fn number_of(value: Value<'_>, consts: &Consts, ty: &'static str) -> Result<Num, Fault> {
    match value {
        Value::Num(n) => Ok(n),
        Value::Str(s) => match integer_text(&s) {
            Some(v) => Ok(Num::Int(v)),
            None => Ok(Num::Real(string_number(&s, consts)?)),
        },
        v => Err(Fault::Mismatch { found: v.kind(), ty }),
    }
}

/// A string that is a whole integer, as an integer (so `'7'` stores exactly into an `i64`).
fn integer_text(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten()
}
