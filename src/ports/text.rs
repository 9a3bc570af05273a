//! BehaviorTree.CPP's text forms of the values a port can hold, beyond `FromStr`: a sequence
//! `"a;b;c"` for a `Vec<T>` (each part read with `T`'s `FromStr`, as BehaviorTree.CPP's
//! `convertFromString<std::vector<T>>`), and a duration for a `Duration` (`"500ms"`, `"2s"`,
//! `"1.5s"`, `"250us"`, `"1min"`; a plain number is milliseconds, as BehaviorTree.CPP's `msec`
//! attributes).
//!
//! `Vec<T>` and `Duration` have no `FromStr` (and a blanket impl over `FromStr` types cannot add
//! one), so the code that reads a literal picks the form by the port's concrete type, with the
//! most specific form first: [`SeqText`] and [`DurText`] for those two types, then
//! [`FromText`](super::FromText) for a type with `FromStr`, then [`NoText`](super::NoText), which
//! refuses. `bt_xml!` and the `Ports` derive write `(&&&Lit::<T>(PhantomData)).parse_text(text)`,
//! or, on a field, [`PortText`]'s `(&&Lit::of(&field)).port_text(lit)`.

use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use core::time::Duration;

use super::bind::{BindError, Lit};
use super::{Input, Literal, TextLit};

/// The parts of a BehaviorTree.CPP sequence `"a;b;c"`, each read with `T`'s `FromStr` (after
/// trimming spaces around it, as BehaviorTree.CPP does not: `"1; 2"` is accepted here). An empty
/// text is an empty sequence.
///
/// # Errors
///
/// The first part that is not a `T`.
pub fn parse_seq<T: core::str::FromStr>(text: &str) -> Result<Vec<T>, BindError>
where
    T::Err: fmt::Display,
{
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(';')
        .map(|p| {
            p.trim().parse().map_err(|e: T::Err| BindError::BadLiteral {
                type_name: core::any::type_name::<Vec<T>>(),
                reason: alloc::format!("`{}`: {e}", p.trim()),
            })
        })
        .collect()
}

/// A duration written `"500ms"`, `"2s"`, `"1.5s"`, `"250us"`, `"1min"`, `"1h"`, or a plain
/// number of milliseconds (`"500"`, BehaviorTree.CPP's unit).
///
/// # Errors
///
/// A text that is none of these.
pub fn parse_duration(text: &str) -> Result<Duration, BindError> {
    let t = text.trim();
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let scale = match unit.trim() {
        "" | "ms" => 1e-3,
        "us" | "µs" => 1e-6,
        "s" => 1.0,
        "min" => 60.0,
        "h" => 3600.0,
        _ => f64::NAN,
    };
    match number.parse::<f64>() {
        Ok(v) if scale.is_finite() && v.is_finite() && !number.is_empty() => {
            Duration::try_from_secs_f64(v * scale).map_err(|e| bad_duration(text, &e.to_string()))
        }
        _ => Err(bad_duration(
            text,
            "write a number and a unit: `500ms`, `2s`, `250us`, `1min` (a plain number is milliseconds)",
        )),
    }
}

fn bad_duration(text: &str, why: &str) -> BindError {
    BindError::BadLiteral { type_name: "core::time::Duration", reason: alloc::format!("`{text}`: {why}") }
}

/// A sequence literal for a `Vec<T>` port (the most specific form).
#[doc(hidden)]
pub trait SeqText<T> {
    /// Parses `text`.
    fn parse_text(&self, text: &str) -> Result<T, BindError>;
}

impl<E: core::str::FromStr> SeqText<Vec<E>> for &&Lit<Vec<E>>
where
    E::Err: fmt::Display,
{
    fn parse_text(&self, text: &str) -> Result<Vec<E>, BindError> {
        parse_seq(text)
    }
}

/// A duration literal for a `Duration` port (the most specific form).
#[doc(hidden)]
pub trait DurText<T> {
    /// Parses `text`.
    fn parse_text(&self, text: &str) -> Result<T, BindError>;
}

impl DurText<Duration> for &&Lit<Duration> {
    fn parse_text(&self, text: &str) -> Result<Duration, BindError> {
        parse_duration(text)
    }
}

impl<T> Lit<T> {
    /// The literal reader of a field's type (`bt_xml!`'s literals of `Input<T>` and plain
    /// `#[port]` fields).
    pub fn of(_: &T) -> Self {
        Lit(PhantomData)
    }
}

/// A field's value from an XML literal: a sequence for a `Vec<T>` or an `Input<Vec<T>>`, a
/// duration for a `Duration` or an `Input<Duration>` (both read from the text when the tree is
/// built), else what [`Literal`] gives for the literal as typed (numbers checked at compile time,
/// other text with `FromStr`).
#[doc(hidden)]
pub trait PortText<F> {
    /// The value of `text` for a field of type `F` (`lit` is the literal as `bt_xml!` typed it,
    /// which these forms do not need).
    fn port_text<L>(&self, lit: L, text: TextLit) -> F;
}

/// The value of `text` read by `parse`, or a panic naming where it was written.
fn read<T>(lit: TextLit, parse: impl FnOnce(&str) -> Result<T, BindError>) -> T {
    match parse(lit.0) {
        Ok(v) => v,
        Err(e) => panic!("{}: {e}", lit.1),
    }
}

macro_rules! special {
    ($($ty:ty, $value:ty, $parse:expr, $wrap:expr;)*) => {$(
        impl<E: core::str::FromStr> PortText<$ty> for &Lit<$ty>
        where
            E::Err: fmt::Display,
        {
            fn port_text<L>(&self, _: L, text: TextLit) -> $ty {
                $wrap(read::<$value>(text, $parse))
            }
        }
    )*};
}

special! {
    Vec<E>, Vec<E>, parse_seq::<E>, core::convert::identity;
    Input<Vec<E>>, Vec<E>, parse_seq::<E>, Input::value;
}

impl PortText<Duration> for &Lit<Duration> {
    fn port_text<L>(&self, _: L, text: TextLit) -> Duration {
        read(text, parse_duration)
    }
}

impl PortText<Input<Duration>> for &Lit<Input<Duration>> {
    fn port_text<L>(&self, _: L, text: TextLit) -> Input<Duration> {
        Input::value(read(text, parse_duration))
    }
}

/// Any other field: [`Literal`] (`FromStr`), whose message says when the type cannot take it.
#[doc(hidden)]
pub trait AnyText<F> {
    /// The value of `lit` for a field of type `F`.
    fn port_text<L>(&self, lit: L, text: TextLit) -> F
    where
        L: Literal<F>;
}

impl<F> AnyText<F> for Lit<F> {
    fn port_text<L>(&self, lit: L, _: TextLit) -> F
    where
        L: Literal<F>,
    {
        lit.get()
    }
}
