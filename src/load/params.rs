//! Counts and durations of a loaded tree's built-ins read from blackboard entries
//! (`num_attempts="{n}"`, `msec="{t}"`): the readers of `bt::ports`, boxed, so that a builder
//! that knows nothing of the blackboard (the clock's) can hold them.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;

use core::time::Duration;

use crate::ReadParam;
use crate::ports::{CountEntry, HasBlackboard, MillisEntry};

/// The object-safe face of [`ReadParam`].
trait ErasedParam<Ctx: ?Sized, T>: Send {
    fn read(&mut self, ctx: &Ctx) -> Option<T>;
    fn peek(&self, ctx: &Ctx) -> Option<T>;
    fn clone_box(&self) -> Box<dyn ErasedParam<Ctx, T>>;
}

impl<Ctx: ?Sized, T, R: ReadParam<Ctx, T> + Clone + Send + 'static> ErasedParam<Ctx, T> for R {
    fn read(&mut self, ctx: &Ctx) -> Option<T> {
        ReadParam::read(self, ctx)
    }
    fn peek(&self, ctx: &Ctx) -> Option<T> {
        ReadParam::peek(self, ctx)
    }
    fn clone_box(&self) -> Box<dyn ErasedParam<Ctx, T>> {
        Box::new(self.clone())
    }
}

/// A count or duration read from the context, behind a pointer (a loaded tree's
/// `retry("{n}")`, `timeout("{t}")`).
pub(crate) struct BoxedParam<Ctx: ?Sized + 'static, T: 'static>(Box<dyn ErasedParam<Ctx, T>>);

impl<Ctx: ?Sized, T> Clone for BoxedParam<Ctx, T> {
    fn clone(&self) -> Self {
        BoxedParam(self.0.clone_box())
    }
}

impl<Ctx: ?Sized, T> core::fmt::Debug for BoxedParam<Ctx, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("BoxedParam")
    }
}

impl<Ctx: ?Sized, T> ReadParam<Ctx, T> for BoxedParam<Ctx, T> {
    fn read(&mut self, ctx: &Ctx) -> Option<T> {
        self.0.read(ctx)
    }
    fn peek(&self, ctx: &Ctx) -> Option<T> {
        self.0.peek(ctx)
    }
}

/// How a registry whose context has a blackboard builds the readers of entries.
pub(crate) struct Entries<Ctx: ?Sized + 'static> {
    /// A count (`i32` entry).
    pub count: fn(&'static str) -> BoxedParam<Ctx, u32>,
    /// A duration (`u32` entry of milliseconds).
    pub millis: fn(&'static str) -> BoxedParam<Ctx, Duration>,
}

impl<Ctx: ?Sized> Clone for Entries<Ctx> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<Ctx: ?Sized> Copy for Entries<Ctx> {}

impl<Ctx: HasBlackboard + ?Sized + 'static> Entries<Ctx> {
    /// The readers of a context with a blackboard.
    pub(crate) fn of() -> Self {
        Entries {
            count: |key| BoxedParam(Box::new(CountEntry::new(key))),
            millis: |key| BoxedParam(Box::new(MillisEntry::new(key))),
        }
    }
}

/// The entry a built-in reads its count (`i32`) or duration (`u32` milliseconds) from, and the
/// entry's type.
pub(crate) fn entry_param(
    keyword: &str,
    args: &[bt_xml::Arg],
) -> Option<(&'static str, crate::ports::PortType)> {
    let Some(bt_xml::ArgValue::Key(key)) = args.first().map(|a| &a.value) else { return None };
    let ty = match keyword {
        "repeat" | "retry" => crate::ports::PortType::of::<i32>(),
        "timeout" | "delay" | "sleep" => crate::ports::PortType::of::<u32>(),
        _ => return None,
    };
    Some((super::intern(key), ty))
}
