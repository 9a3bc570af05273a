//! What the `registry()` of a tree `bt_xml!` names is built with: each leaf type registered the
//! way it can be built from an element, chosen at compile time for the concrete type (a type with
//! ports from its attributes, a `Default` one without attributes), and the context's clock and
//! blackboard when it has them. Used by the code `bt_xml!` writes; not meant to be named.

use core::marker::PhantomData;
use std::format;
use std::string::String;

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

/// The leaf type `T` of context `Ctx`, probed for the way it can be built from an element, with
/// the function that builds it without attributes (as the compiled tree does) when there is one.
pub struct Leaf<Ctx: ?Sized, T, F>(F, Marker<Ctx, T>);

/// What a probe is of: a leaf or spec type `T` of context `Ctx`.
type Marker<Ctx, T> = PhantomData<(fn(&Ctx), fn() -> T)>;

/// No function builds the leaf without attributes (the compiled tree gives it some).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoMaker;

/// The probe of leaf type `T`, which the compiled tree builds from attributes only.
pub const fn leaf<Ctx: ?Sized, T>() -> Leaf<Ctx, T, NoMaker> {
    Leaf(NoMaker, PhantomData)
}

/// The probe of the leaf `make` builds (as the compiled tree builds it, without attributes).
pub const fn made<Ctx: ?Sized, T, F: Fn() -> T>(make: F) -> Leaf<Ctx, T, F> {
    Leaf(make, PhantomData)
}

macro_rules! probe {
    ($($trait:ident for [$($refs:tt)*] => [$($bound:tt)*] |$this:ident, $r:ident, $id:ident| $body:expr;)*) => {$(
        #[doc = concat!("Registers a leaf type that is `", stringify!($($bound)*), "`.")]
        pub trait $trait<Ctx: ?Sized + 'static> {
            /// The registry with the leaf registered under `id`.
            fn register(&self, r: Registry<Ctx>, id: &str) -> Registry<Ctx>;
        }
        impl<Ctx: ?Sized + 'static, T, F> $trait<Ctx> for $($refs)* Leaf<Ctx, T, F>
        where
            $($bound)*
        {
            fn register(&self, $r: Registry<Ctx>, $id: &str) -> Registry<Ctx> {
                let $this = self;
                $body
            }
        }
    )*};
}

probe! {
    ConditionWithPorts for [&&&&] => [T: Condition<Ctx> + Ports + Send + 'static] |_this, r, id| r.condition::<T>(id);
    ActionWithPorts for [&&&] => [T: Action<Ctx> + Ports + Send + 'static] |_this, r, id| r.action::<T>(id);
    ConditionMade for [&&] => [T: Condition<Ctx> + Send + 'static, F: Fn() -> T + Clone + Send + Sync + 'static] |this, r, id| r.condition_with(id, this.0.clone());
    ActionMade for [&] => [T: Action<Ctx> + Send + 'static, F: Fn() -> T + Clone + Send + Sync + 'static] |this, r, id| {
        let make = this.0.clone();
        r.node(id, move |a: &super::Attributes<'_>| match a.names().next() {
            // The compiled tree builds it without attributes: so does the loaded one, and an
            // attribute is a mistake, not silently dropped.
            Some(name) => Err(format!("takes no attributes (the tree maps it to an expression that builds it): `{name}`")),
            None => Ok(ActionNode::new(make())),
        })
    };
    Unbuildable for [] => [T: Sized] |_this, r, id| { let _ = id; r };
}

/// The spec type `T` of a composite or decorator of your own, probed for the way it can be built
/// from an element's attributes.
pub struct Spec<Ctx: ?Sized, T>(Marker<Ctx, T>);

/// The probe of spec type `T`.
pub const fn spec<Ctx: ?Sized, T>() -> Spec<Ctx, T> {
    Spec(PhantomData)
}

/// Builds spec `T` from attributes through its ports.
fn bound_spec<T: Ports>(attrs: &super::Attributes<'_>) -> Result<T, String> {
    let mut spec = T::unbound();
    for name in attrs.names() {
        if let Some(binding) = attrs.get(name) {
            spec.bind(name, binding).map_err(|e| format!("`{name}`: {e}"))?;
        }
    }
    Ok(spec)
}

macro_rules! spec_probe {
    ($($trait:ident for [$($refs:tt)*] => [$($bound:tt)*] |$r:ident, $id:ident| $body:expr;)*) => {$(
        #[doc = concat!("Registers a spec type that meets the bounds of its `", stringify!($trait), "` probe.")]
        pub trait $trait<Ctx: ?Sized + 'static> {
            /// The registry with the node kind registered under `id`.
            fn register(&self, r: Registry<Ctx>, id: &str) -> Registry<Ctx>;
        }
        impl<Ctx: ?Sized + 'static, T> $trait<Ctx> for $($refs)* Spec<Ctx, T>
        where
            $($bound)*
        {
            fn register(&self, $r: Registry<Ctx>, $id: &str) -> Registry<Ctx> {
                $body
            }
        }
    )*};
}

type DynKids<Ctx> = crate::dynamic::DynChildren<'static, Ctx>;
type DynKid<Ctx> = (crate::dynamic::DynChild<'static, Ctx>,);

spec_probe! {
    DecoratorWithPorts for [&&&&] => [
        T: Ports + crate::Compose<DynKid<Ctx>> + 'static,
        T::Node: crate::Node<Ctx> + Send + 'static,
        <T::Node as crate::Activation>::Active: Send,
    ] |r, id| r.decorator(id, bound_spec::<T>);
    CompositeWithPorts for [&&&] => [
        T: Ports + crate::Compose<DynKids<Ctx>> + 'static,
        T::Node: crate::Node<Ctx> + Send + 'static,
        <T::Node as crate::Activation>::Active: Send,
    ] |r, id| r.composite(id, bound_spec::<T>);
    DefaultDecorator for [&&] => [
        T: Default + crate::Compose<DynKid<Ctx>> + 'static,
        T::Node: crate::Node<Ctx> + Send + 'static,
        <T::Node as crate::Activation>::Active: Send,
    ] |r, id| r.decorator(id, |_| Ok(T::default()));
    DefaultComposite for [&] => [
        T: Default + crate::Compose<DynKids<Ctx>> + 'static,
        T::Node: crate::Node<Ctx> + Send + 'static,
        <T::Node as crate::Activation>::Active: Send,
    ] |r, id| r.composite(id, |_| Ok(T::default()));
    UnbuildableSpec for [] => [T: Sized] |r, id| { let _ = id; r };
}
