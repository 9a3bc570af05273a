//! What the `registry()` of a tree `bt_xml!` names is built with: each leaf type registered the
//! way it can be built from an element, chosen at compile time for the concrete type (a type with
//! ports from its attributes, a `Default` one without attributes), and the context's clock and
//! blackboard when it has them. Used by the code `bt_xml!` writes; not meant to be named.

use core::marker::PhantomData;

use super::Registry;
use crate::ports::{HasBlackboard, Ports};
use crate::{Action, ActionNode, Clock, Condition};

/// The context `Ctx`, probed for a clock and a blackboard.
pub struct Context<Ctx: ?Sized>(PhantomData<fn(&Ctx)>);

impl<Ctx: ?Sized> Context<Ctx> {
    /// The probe.
    pub const fn new() -> Self {
        Context(PhantomData)
    }
}

impl<Ctx: ?Sized> Default for Context<Ctx> {
    fn default() -> Self {
        Context::new()
    }
}

/// A context with a clock: the time-based built-ins are allowed.
pub trait WithClock<Ctx: ?Sized + 'static> {
    /// The registry with its clock.
    fn clock(&self, r: Registry<Ctx>) -> Registry<Ctx>;
}
impl<Ctx: Clock + ?Sized + 'static> WithClock<Ctx> for Context<Ctx> {
    fn clock(&self, r: Registry<Ctx>) -> Registry<Ctx> {
        r.with_clock()
    }
}
/// A context without a clock.
pub trait WithoutClock<Ctx: ?Sized + 'static> {
    /// The registry as it is.
    fn clock(&self, r: Registry<Ctx>) -> Registry<Ctx>;
}
impl<Ctx: ?Sized + 'static> WithoutClock<Ctx> for &Context<Ctx> {
    fn clock(&self, r: Registry<Ctx>) -> Registry<Ctx> {
        r
    }
}

/// A context with a blackboard: `SwitchN variable="{key}"` is allowed.
pub trait WithBlackboard<Ctx: ?Sized + 'static> {
    /// The registry with its blackboard.
    fn blackboard(&self, r: Registry<Ctx>) -> Registry<Ctx>;
}
impl<Ctx: HasBlackboard + ?Sized + 'static> WithBlackboard<Ctx> for Context<Ctx> {
    fn blackboard(&self, r: Registry<Ctx>) -> Registry<Ctx> {
        r.with_blackboard()
    }
}
/// A context without a blackboard.
pub trait WithoutBlackboard<Ctx: ?Sized + 'static> {
    /// The registry as it is.
    fn blackboard(&self, r: Registry<Ctx>) -> Registry<Ctx>;
}
impl<Ctx: ?Sized + 'static> WithoutBlackboard<Ctx> for &Context<Ctx> {
    fn blackboard(&self, r: Registry<Ctx>) -> Registry<Ctx> {
        r
    }
}

/// The leaf type `T` of context `Ctx`, probed for the way it can be built from an element.
pub struct Leaf<Ctx: ?Sized, T>(PhantomData<(fn(&Ctx), fn() -> T)>);

impl<Ctx: ?Sized, T> Leaf<Ctx, T> {
    /// The probe.
    pub const fn new() -> Self {
        Leaf(PhantomData)
    }
}

impl<Ctx: ?Sized, T> Default for Leaf<Ctx, T> {
    fn default() -> Self {
        Leaf::new()
    }
}

macro_rules! probe {
    ($($trait:ident for [$($refs:tt)*] => [$($bound:tt)*] |$r:ident, $id:ident| $body:expr;)*) => {$(
        #[doc = concat!("Registers a leaf type that is ", stringify!($($bound)*), ".")]
        pub trait $trait<Ctx: ?Sized + 'static> {
            /// The registry with the leaf registered under `id`.
            fn register(&self, r: Registry<Ctx>, id: &str) -> Registry<Ctx>;
        }
        impl<Ctx: ?Sized + 'static, T: $($bound)*> $trait<Ctx> for $($refs)* Leaf<Ctx, T> {
            fn register(&self, $r: Registry<Ctx>, $id: &str) -> Registry<Ctx> {
                $body
            }
        }
    )*};
}

probe! {
    ConditionWithPorts for [&&&&] => [Condition<Ctx> + Ports + Send + 'static] |r, id| r.condition::<T>(id);
    ActionWithPorts for [&&&] => [Action<Ctx> + Ports + Send + 'static] |r, id| r.action::<T>(id);
    DefaultCondition for [&&] => [Condition<Ctx> + Default + Send + 'static] |r, id| r.condition_with(id, T::default);
    DefaultAction for [&] => [Action<Ctx> + Default + Send + 'static] |r, id| r.node(id, |_| Ok(ActionNode::new(T::default())));
    Unbuildable for [] => [Sized] |r, id| { let _ = id; r };
}
