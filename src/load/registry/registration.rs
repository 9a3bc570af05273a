//! The registration methods of [`Registry`], for its two modes.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;
#[allow(unused_imports)]
use std::{format, vec};

use std::sync::Arc;

use super::super::kinds::{self, Child};
use super::super::leaf::{BoxedCondition, from_ports};
use super::super::queues::queue_kinds;
use super::super::{Attributes, Bound};
#[cfg(feature = "serde")]
use super::Saving;
use super::{KindEntry, LeafEntry, LeafSpec, Plain, Registry, no_attributes};
use crate::dynamic::{DynChild, DynChildren};
use crate::ports::{HasBlackboard, Ports};
use crate::{Action, ActionNode, Clock, Compose, Condition, Node};

/// The registration methods, for a registry whose nodes are boxed with `$wrap` (what `$bound` a
/// node needs for that).
macro_rules! registration {
    ($mode:ty, $wrap:path, $timed:ident, $keyed:ident, [$($leaf:tt)*], [$($node:tt)*]) => {
        impl<Ctx: ?Sized + 'static> Registry<Ctx, $mode> {
            /// Lets trees use the time-based built-ins, reading the context's clock.
            pub fn with_clock(mut self) -> Self
            where
                Ctx: Clock,
            {
                self.timed = Some(kinds::$timed::<Ctx>);
                self
            }

            /// Lets trees switch on a blackboard entry (`SwitchN variable="{key}"`), read counts
            /// and durations from entries (`num_attempts="{n}"`, `msec="{t}"`) and run scripts.
            pub fn with_blackboard(mut self) -> Self
            where
                Ctx: HasBlackboard,
            {
                self.keyed = Some(kinds::$keyed::<Ctx>);
                self.entries = Some(super::super::params::Entries::of());
                queue_kinds!(self)
            }

            /// Registers the action `A` under the element name `id` (`<id port="…"/>` or
            /// `<Action ID="id" …/>`): each element builds one with [`Ports::unbound`], then binds
            /// every attribute to its port ([`Ports::bind`]): `{key}` a blackboard entry, anything
            /// else a literal parsed with the port's type. An unknown port, a literal that is not
            /// a value of its port's type, or a port without a default that the element leaves
            /// unbound is an error at the attribute's position.
            pub fn action<A: Action<Ctx> + Ports + Send + $($leaf)*>(self, id: &str) -> Self {
                let node = Arc::new(|spec: &LeafSpec<'_>, bound: &mut Bound| {
                    let a: A = from_ports(spec.id, spec.instance, spec.ports, spec.at, bound)?;
                    Some($wrap(ActionNode::new(a)))
                });
                self.add_leaf(id, LeafEntry {
                    node,
                    condition: None,
                    ports: <A as Ports>::PORTS,
                    is_condition: !A::LIFECYCLE,
                })
            }

            /// Registers the condition `C` under the element name `id`, as [`action`](Self::action)
            /// does; it can also be named by `Precondition if="id"` and `guard condition="id"`.
            pub fn condition<C: Condition<Ctx> + Ports + Send + $($leaf)*>(self, id: &str) -> Self {
                let node = Arc::new(|spec: &LeafSpec<'_>, bound: &mut Bound| {
                    let c: C = from_ports(spec.id, spec.instance, spec.ports, spec.at, bound)?;
                    Some($wrap(ActionNode::new(c)))
                });
                let condition = Arc::new(|spec: &LeafSpec<'_>, bound: &mut Bound| {
                    let c: C = from_ports(spec.id, spec.instance, spec.ports, spec.at, bound)?;
                    Some(BoxedCondition::new(c))
                });
                self.add_leaf(id, LeafEntry {
                    node,
                    condition: Some(condition),
                    ports: <C as Ports>::PORTS,
                    is_condition: true,
                })
            }

            /// Registers, under the element name `id`, a condition without ports that `build` makes
            /// (its element takes no attributes); it can also be named by `Precondition if="id"`
            /// and `guard condition="id"`.
            pub fn condition_with<C: Condition<Ctx> + Send + $($leaf)*>(
                self,
                id: &str,
                build: impl Fn() -> C + Send + Sync + 'static,
            ) -> Self {
                let build = Arc::new(build);
                let make = build.clone();
                let node = Arc::new(move |spec: &LeafSpec<'_>, bound: &mut Bound| {
                    no_attributes(spec, bound)?;
                    Some($wrap(ActionNode::new(make())))
                });
                let condition = Arc::new(move |spec: &LeafSpec<'_>, bound: &mut Bound| {
                    no_attributes(spec, bound)?;
                    Some(BoxedCondition::new(build()))
                });
                self.add_leaf(id, LeafEntry { node, condition: Some(condition), ports: &[], is_condition: true })
            }

            /// Registers, under the element name `id`, a leaf that `build` makes from the element's
            /// attributes (a leaf without `#[derive(Ports)]`, or one built another way): any node,
            /// such as an action, a closure (`bt::action(|ctx| …)`) or a tree of your own. An `Err`
            /// is reported at the element's position.
            pub fn node<N: Node<Ctx> + Send + $($node)*>(
                self,
                id: &str,
                build: impl Fn(&Attributes<'_>) -> Result<N, String> + Send + Sync + 'static,
            ) -> Self
            where
                N::Active: Send,
            {
                let node = Arc::new(move |spec: &LeafSpec<'_>, bound: &mut Bound| {
                    match build(&Attributes { ports: spec.ports }) {
                        Ok(n) => Some($wrap(n)),
                        Err(e) => {
                            bound.errors.push((spec.at, format!("`{}`: {e}", spec.id)));
                            None
                        }
                    }
                });
                self.add_leaf(id, LeafEntry {
                    node,
                    condition: None,
                    ports: <N as Node<Ctx>>::PORTS,
                    is_condition: <N as Node<Ctx>>::CONDITION,
                })
            }

            /// Registers a composite of your own under the element name `id`: `spec` reads its
            /// arguments from the element's attributes, and the spec composes the node over the
            /// children, as `bt!` composes it over a tuple ([`Compose`]). It takes 1 to 16
            /// children.
            pub fn composite<S>(
                mut self,
                id: &str,
                spec: impl Fn(&Attributes<'_>) -> Result<S, String> + Send + Sync + 'static,
            ) -> Self
            where
                S: Compose<DynChildren<'static, Ctx>>,
                S::Node: Send + $($node)*,
                <S::Node as crate::Activation>::Active: Send,
            {
                let build = Arc::new(move |attrs: &Attributes<'_>, children: Vec<Child<Ctx>>| {
                    Ok($wrap(spec(attrs)?.compose(DynChildren::new(children))))
                });
                self.kinds.insert(id.to_string(), KindEntry { build, children: (1, 16), observes: false });
                self
            }

            /// Registers a composite of your own that asks its children whether they take over
            /// ([`Children::preempting`](crate::Children::preempting)), as
            /// [`composite`](Self::composite) does: a `guard` with `abort="lower_priority"` may be
            /// one of its children, which is refused under any other node of yours.
            pub fn composite_observing<S>(
                mut self,
                id: &str,
                spec: impl Fn(&Attributes<'_>) -> Result<S, String> + Send + Sync + 'static,
            ) -> Self
            where
                S: Compose<DynChildren<'static, Ctx>> + crate::abort::Observes,
                S::Node: Send + $($node)*,
                <S::Node as crate::Activation>::Active: Send,
            {
                self = self.composite(id, spec);
                if let Some(entry) = self.kinds.get_mut(id) {
                    entry.observes = true;
                }
                self
            }

            /// Registers a decorator of your own under the element name `id`, as
            /// [`composite`](Self::composite) does; it takes exactly one child.
            pub fn decorator<S>(
                mut self,
                id: &str,
                spec: impl Fn(&Attributes<'_>) -> Result<S, String> + Send + Sync + 'static,
            ) -> Self
            where
                S: Compose<(DynChild<'static, Ctx>,)>,
                S::Node: Send + $($node)*,
                <S::Node as crate::Activation>::Active: Send,
            {
                let build = Arc::new(move |attrs: &Attributes<'_>, mut children: Vec<Child<Ctx>>| {
                    let (child, _) = children.pop().ok_or("a decorator takes one child")?;
                    Ok($wrap(spec(attrs)?.compose((DynChild::new(child),))))
                });
                self.kinds.insert(id.to_string(), KindEntry { build, children: (1, 1), observes: false });
                self
            }
        }
    };
}

registration!(Plain, crate::dynamic::boxed, timed_plain, keyed_plain, ['static], [Node<Ctx> + 'static]);
#[cfg(feature = "serde")]
registration!(
    Saving,
    crate::dynamic::saving,
    timed_saving,
    keyed_saving,
    [crate::Persist<Ctx, State: Send> + 'static],
    [crate::PersistNode<Ctx, Loaded: Send> + 'static]
);
