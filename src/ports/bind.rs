//! Binding ports when the program runs: what the loader of trees read at run time does for each
//! attribute of an element (see [`Ports::bind`](super::Ports::bind)).

use alloc::string::{String, ToString};
use core::any::TypeId;
use core::fmt;
use core::marker::PhantomData;

use super::{InOut, Input, Output};
use crate::blackboard::Key;

/// What a port is bound to, as a loader reads it from an attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding<'a> {
    /// The blackboard entry with this name (`port="{name}"`, after the loader has resolved
    /// subtree remappings).
    Key(&'static str),
    /// The text of a literal (`port="1.57"`), parsed with the port type's `FromStr`.
    Literal(&'a str),
}

/// The value type of a port: what a blackboard entry bound to it holds. A loader checks that every
/// key is used with one type.
#[derive(Clone, Copy, Debug, Eq)]
pub struct PortType {
    /// The type's id.
    pub id: TypeId,
    /// The type's name, for messages.
    pub name: &'static str,
}

impl PortType {
    /// The type `T`.
    pub fn of<T: 'static>() -> Self {
        PortType { id: TypeId::of::<T>(), name: core::any::type_name::<T>() }
    }

    /// The type's name without its module paths (`alloc::vec::Vec<app::Pose>` → `Vec<Pose>`),
    /// as a tree's author writes it.
    pub fn short_name(&self) -> String {
        short(self.name)
    }
}

/// A type's name without its module paths.
fn short(full: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    for c in full.chars() {
        if c.is_alphanumeric() || c == '_' || c == ':' {
            word.push(c);
        } else {
            out.push_str(word.rsplit("::").next().unwrap_or(&word));
            word.clear();
            out.push(c);
        }
    }
    out.push_str(word.rsplit("::").next().unwrap_or(&word));
    out
}

impl PartialEq for PortType {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

/// Why a port cannot be bound as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BindError {
    /// The leaf declares no port of that name.
    UnknownPort,
    /// A literal for a port the leaf writes (`Output`, `InOut`): it takes a blackboard key.
    KeyOnly,
    /// A key for a plain `#[port]` field: it takes a literal only.
    LiteralOnly,
    /// A literal for a port whose type has no `FromStr`: bind it to a blackboard key.
    NoLiterals {
        /// The port's type.
        type_name: &'static str,
    },
    /// The text is not a value of the port's type.
    BadLiteral {
        /// The port's type.
        type_name: &'static str,
        /// Why, as the type's `FromStr` says.
        reason: String,
    },
}

impl fmt::Display for BindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BindError::UnknownPort => f.write_str("the leaf declares no such port"),
            BindError::KeyOnly => f.write_str(
                "the leaf writes this port, so it takes a blackboard key (`{key}`), not a literal",
            ),
            BindError::LiteralOnly => f.write_str("this port takes a literal value, not a blackboard key"),
            BindError::NoLiterals { type_name } => write!(
                f,
                "a `{type_name}` cannot be read from text (it has no `FromStr`): bind the port to a blackboard key (`{{key}}`)"
            ),
            BindError::BadLiteral { type_name, reason } => write!(f, "not a valid `{type_name}`: {reason}"),
        }
    }
}

impl core::error::Error for BindError {}

/// Parses a literal for a port of type `T`: the code the `Ports` derive writes calls
/// `(&&&Lit::<T>(PhantomData)).parse_text(text)` with `SeqText`, `DurText`, [`FromText`] and
/// [`NoText`] in scope, which picks, in this order, a sequence for a `Vec`, a duration for a
/// `Duration`, `FromStr` for the types that implement it, and a refusal.
#[doc(hidden)]
pub struct Lit<T>(pub PhantomData<T>);

/// The literal of a type with `FromStr`.
#[doc(hidden)]
pub trait FromText<T> {
    /// Parses `text`.
    fn parse_text(&self, text: &str) -> Result<T, BindError>;
}

impl<T: core::str::FromStr> FromText<T> for &Lit<T>
where
    T::Err: fmt::Display,
{
    fn parse_text(&self, text: &str) -> Result<T, BindError> {
        text.parse().map_err(|e: T::Err| BindError::BadLiteral {
            type_name: core::any::type_name::<T>(),
            reason: e.to_string(),
        })
    }
}

/// The literal of a type without `FromStr`: refused.
#[doc(hidden)]
pub trait NoText<T> {
    /// Refuses `text`.
    fn parse_text(&self, text: &str) -> Result<T, BindError>;
}

impl<T> NoText<T> for Lit<T> {
    fn parse_text(&self, _: &str) -> Result<T, BindError> {
        Err(BindError::NoLiterals { type_name: core::any::type_name::<T>() })
    }
}

impl<T: 'static> Input<T> {
    /// Binds the port when the program runs: to the blackboard entry of a [`Binding::Key`], or to
    /// the value `parse` reads from a [`Binding::Literal`]. Returns the port's type.
    ///
    /// # Errors
    ///
    /// What `parse` returns.
    pub fn bind_with(
        &mut self,
        binding: Binding<'_>,
        parse: impl FnOnce(&str) -> Result<T, BindError>,
    ) -> Result<PortType, BindError> {
        *self = match binding {
            Binding::Key(name) => Input::key(Key::new(name)),
            Binding::Literal(text) => Input::value(parse(text)?),
        };
        Ok(PortType::of::<T>())
    }
}

macro_rules! bind_keyed {
    ($name:ident) => {
        impl<T: 'static> $name<T> {
            /// Binds the port when the program runs to the blackboard entry of a
            /// [`Binding::Key`]. Returns the port's type.
            ///
            /// # Errors
            ///
            /// [`BindError::KeyOnly`] for a literal.
            pub fn bind_with(&mut self, binding: Binding<'_>) -> Result<PortType, BindError> {
                match binding {
                    Binding::Key(name) => {
                        *self = $name::key(Key::new(name));
                        Ok(PortType::of::<T>())
                    }
                    Binding::Literal(_) => Err(BindError::KeyOnly),
                }
            }
        }
    };
}

bind_keyed!(Output);
bind_keyed!(InOut);

/// Binds a plain `#[port]` field, which takes literals only.
///
/// # Errors
///
/// [`BindError::LiteralOnly`] for a key, or what `parse` returns.
#[doc(hidden)]
pub fn bind_plain<T: 'static>(
    field: &mut T,
    binding: Binding<'_>,
    parse: impl FnOnce(&str) -> Result<T, BindError>,
) -> Result<PortType, BindError> {
    match binding {
        Binding::Key(_) => Err(BindError::LiteralOnly),
        Binding::Literal(text) => {
            *field = parse(text)?;
            Ok(PortType::of::<T>())
        }
    }
}
