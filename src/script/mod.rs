//! BehaviorTree.CPP's scripts, compiled by `bt_xml!` and interpreted by `bt::load` (feature
//! `alloc`).
//!
//! A tree read from BehaviorTree.CPP XML runs its scripts where BehaviorTree.CPP runs them:
//! `<Script code>`, `<ScriptCondition code>`, `<SetBlackboard>`, `Precondition`'s `if`, and the
//! pre- and post-conditions of every node (`_failureIf`, `_successIf`, `_skipIf`, `_while`,
//! `_onSuccess`, `_onFailure`, `_onHalted`, `_post`, see [`Conditioned`](crate::Conditioned)).
//! The language is BehaviorTree.CPP 4.10's (assignments `:=`, `=`, `+=`…, arithmetic, chained
//! comparisons, `&&`, `||`, `?:`, strings and `..`, hexadecimal numbers, `@root` entries, named
//! constants); the semantics of its values are BehaviorTree.CPP's (see [`ops`]).
//!
//! What differs is that the scripts are typed before they run: every blackboard entry has one Rust
//! type, that of the ports bound to it, of the values the scripts write to it, or one the tree's
//! user declares; an identifier that is no entry and no constant, a type used two ways, or an
//! operation the types do not allow is an error at the XML's line and column — at compile time
//! for `bt_xml!`, when the file is loaded for `bt::load`. The `bt_xml!` documentation states the
//! rules, and where `bt` deliberately differs from BehaviorTree.CPP.
//!
//! A compiled script reaches each entry through a [`Slot`], which keeps the index of the entry it
//! found last, as a port does: a numeric script looks up no string and allocates nothing when it
//! runs. The types scripts read and write are [`ScriptValue`]s: the numbers, `bool`, `String`,
//! and any type of yours with `impl ScriptValue for Pose {}` (which scripts only copy between
//! entries of that type, or assign from a string when you implement
//! [`from_text`](ScriptValue::from_text)).
//!
//! When a script cannot run to its end (it reads an entry that has no value, stores `7 / 2` into an
//! integer entry, …) it stops with a [`Fault`], the context is told
//! ([`HasBlackboard::script_fault`]) and its node
//! fails; BehaviorTree.CPP throws an exception out of the tick instead.

use core::marker::PhantomData;

use crate::blackboard::{Key, Missing};
use crate::ports::HasBlackboard;

pub use bt_script::value::{ANY, Class, Classes, Consts, Fault, NUMBERS, Num, ScriptValue, TEXT, Value};

/// The operators of scripts, with BehaviorTree.CPP's semantics: what compiled scripts call (and
/// the interpreter of loaded trees too).
pub mod ops {
    pub use bt_script::value::{
        arithmetic, as_bool, choose, compare, compare_numbers, compare_strings, concat, condition,
        number_text, string_number, unary,
    };
}

pub use bt_script::ast::{AssignOp, BinOp, CmpOp, UnOp};

#[doc(hidden)]
pub use alloc::borrow::Cow;
#[doc(hidden)]
pub use alloc::string::String;

/// A blackboard entry of type `T` that a compiled script reads or writes: its key, and the index
/// of the entry the slot found last (a read compares a type id and a pointer once the entry
/// exists, as a port does).
#[derive(Clone, Debug)]
pub struct Slot<T> {
    key: Key<T>,
    index: usize,
    ty: PhantomData<fn() -> T>,
}

impl<T> Slot<T> {
    /// The entry named `name`.
    pub const fn new(name: &'static str) -> Self {
        Slot { key: Key::new(name), index: usize::MAX, ty: PhantomData }
    }

    /// The entry's name.
    pub const fn name(&self) -> &'static str {
        self.key.name()
    }
}

impl<T> Slot<T> {
    /// The entry's value.
    ///
    /// # Errors
    ///
    /// [`Fault::Absent`] when the entry has no value (nothing wrote it yet, or it was removed),
    /// [`Fault::Expired`] when its time-to-live ran out, [`Fault::WrongType`] when code of yours
    /// set it with another type.
    #[inline]
    pub fn read<'c, C: HasBlackboard + ?Sized>(&mut self, ctx: &'c C) -> Result<&'c T, Fault>
    where
        T: ScriptValue,
    {
        let key = self.key.name();
        ctx.blackboard().try_get_cached(self.key, &mut self.index, ctx.now()).map_err(|why| missing(key, why))
    }

    /// The entry's value, as a script reads it.
    ///
    /// # Errors
    ///
    /// As [`read`](Self::read).
    #[inline]
    pub fn value<'c, C: HasBlackboard + ?Sized>(&mut self, ctx: &'c C) -> Result<Value<'c>, Fault>
    where
        T: ScriptValue,
    {
        Ok(self.read(ctx)?.to_value())
    }

    /// Whether the entry has a value (`=` and `+=` need one; `:=` creates it).
    #[inline]
    pub fn exists<C: HasBlackboard + ?Sized>(&mut self, ctx: &C) -> bool
    where
        T: ScriptValue,
    {
        self.read(ctx).is_ok()
    }

    /// `value` converted to the entry's type, as a script stores it.
    ///
    /// # Errors
    ///
    /// [`Fault`] when it does not convert.
    #[inline]
    pub fn convert(&self, value: Value<'_>, consts: &Consts) -> Result<T, Fault>
    where
        T: ScriptValue,
    {
        T::from_value(value, consts)
    }

    /// Stores `value` into the entry.
    #[inline]
    pub fn write<C: HasBlackboard + ?Sized>(&mut self, ctx: &mut C, value: T)
    where
        T: ScriptValue,
    {
        ctx.blackboard_mut().set_cached(self.key, &mut self.index, value);
    }
}

/// The fault of a script that read the entry `key`, which has no value for reason `why`.
pub(crate) fn missing(key: &'static str, why: Missing) -> Fault {
    match why {
        Missing::Absent => Fault::Absent { key },
        Missing::Expired { at } => Fault::Expired { key, at },
        Missing::WrongType { stored, wanted } => Fault::WrongType { key, stored, wanted },
    }
}

/// A value as a number.
///
/// # Errors
///
/// [`Fault::Mismatch`] when it is not one (never, for a script `bt_xml!` compiled).
#[inline]
pub fn num(value: Value<'_>) -> Result<Num, Fault> {
    match value {
        Value::Num(n) => Ok(n),
        v => Err(Fault::Mismatch { found: v.kind(), ty: "a number" }),
    }
}

/// A value with nothing borrowed (for an expression that assigns an entry before it uses the
/// value: `bt_xml!` writes it).
///
/// # Errors
///
/// [`Fault::Mismatch`] for a value of a type of yours (only copied between entries, never
/// computed with).
#[doc(hidden)]
#[inline]
pub fn owned(value: Value<'_>) -> Result<Value<'static>, Fault> {
    value
        .into_owned()
        .ok_or(Fault::Mismatch { found: "a value of a type of your own", ty: "a number or a string" })
}

/// Reports `fault` of `script` to the context, and gives `fallback`: what compiled scripts do
/// when they stop.
#[inline(never)]
#[cold]
pub fn fault<C: HasBlackboard + ?Sized, T>(
    ctx: &mut C,
    script: &'static str,
    fault: Fault,
    fallback: T,
) -> T {
    ctx.script_fault(script, &fault);
    fallback
}

/// Whether values of class `class` are among `allowed`: the compile-time check of what a script
/// does with an entry bound to a port (used by the code `bt_xml!` writes).
#[doc(hidden)]
pub const fn allows(class: Class, allowed: Classes) -> bool {
    class.bit() & allowed != 0
}

/// Whether a value of class `from` can be stored into an entry of class `to` (used by the code
/// `bt_xml!` writes).
#[doc(hidden)]
pub const fn assignable(to: Class, from: Class) -> bool {
    bt_script::check::assignable(to, from)
}
