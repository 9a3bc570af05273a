//! Leaves of a loaded tree: built from their element's attributes through [`Ports::bind`], and
//! the conditions that `precondition` and `guard` take.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;
#[allow(unused_imports)]
use std::{format, vec};

use std::string::String;
use std::vec::Vec;

use crate::ports::{Binding, HasBlackboard, PortType, Ports};
use crate::{Condition, PortInfo};

/// A condition behind a pointer, as a loaded `precondition` or `guard` holds it.
pub struct BoxedCondition<Ctx: ?Sized + 'static>(pub(crate) Box<dyn ErasedCondition<Ctx>>);

impl<Ctx: ?Sized> core::fmt::Debug for BoxedCondition<Ctx> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("BoxedCondition")
    }
}

/// The object-safe face of [`Condition`].
pub(crate) trait ErasedCondition<Ctx: ?Sized>: Send {
    fn check(&mut self, ctx: &Ctx) -> bool;
    fn reset(&mut self);
}

impl<Ctx: ?Sized, C: Condition<Ctx> + Send> ErasedCondition<Ctx> for C {
    fn check(&mut self, ctx: &Ctx) -> bool {
        Condition::check(self, ctx)
    }
    fn reset(&mut self) {
        Condition::reset(self)
    }
}

impl<Ctx: ?Sized + 'static> Condition<Ctx> for BoxedCondition<Ctx> {
    fn check(&mut self, ctx: &Ctx) -> bool {
        self.0.check(ctx)
    }
    fn reset(&mut self) {
        self.0.reset()
    }
}

/// A loaded condition keeps no state that a save needs: the conditions a tree names in its
/// `precondition` and `guard` attributes are checks of the context.
#[cfg(feature = "serde")]
impl<Ctx: ?Sized + 'static> crate::Persist<Ctx> for BoxedCondition<Ctx> {
    type State = ();
    fn save(&self, _: &Ctx) {}
    fn restore(&mut self, (): (), _: &Ctx) {}
}

impl<Ctx: ?Sized + 'static> BoxedCondition<Ctx> {
    /// The condition `c`, boxed.
    pub(crate) fn new<C: Condition<Ctx> + Send + 'static>(c: C) -> Self {
        BoxedCondition(Box::new(c))
    }
}

/// The choice of a loaded `SwitchN variable="{key}"`: the index of the first case equal to the
/// entry ([`SwitchEntry`](crate::ports::SwitchEntry): a `String`, a number or a `bool`), or the
/// number of cases (the default child) when none is or the entry is absent — as
/// `bt::ports::switch_case` for compiled trees.
pub(crate) fn switch_on<Ctx: HasBlackboard + ?Sized>(
    key: &'static str,
    cases: Vec<String>,
) -> impl FnMut(&Ctx) -> usize + Send + 'static {
    let mut entry = crate::ports::SwitchEntry::new(key);
    move |ctx: &Ctx| entry.choose(ctx, cases.iter().map(String::as_str)).unwrap_or(cases.len())
}

/// A port binding read from an element: the port's name, what it is bound to, where.
pub(crate) struct BoundPort<'a> {
    pub name: &'a str,
    pub binding: Binding<'a>,
    pub at: bt_xml::Pos,
}

/// What went wrong binding a leaf's ports, and the types of the keys it bound.
#[derive(Default)]
pub(crate) struct Bound {
    pub errors: Vec<(bt_xml::Pos, String)>,
    pub keys: Vec<(&'static str, PortType, bt_xml::Pos)>,
}

/// Builds leaf `T` from its ports: every port bound as its element says, the others at their
/// declared defaults; a port without a default that the element does not bind is an error.
pub(crate) fn from_ports<T: Ports>(
    id: &str,
    instance: Option<&'static str>,
    ports: &[BoundPort<'_>],
    at: bt_xml::Pos,
    bound: &mut Bound,
) -> Option<T> {
    let mut leaf = T::unbound();
    if let Some(name) = instance {
        leaf.set_instance(name);
    }
    let before = bound.errors.len();
    for p in ports {
        match leaf.bind(p.name, p.binding) {
            Ok(ty) => {
                if let Binding::Key(key) = p.binding {
                    bound.keys.push((key, ty, p.at));
                }
            }
            Err(e) => {
                let message = format!("port `{}` of `{id}`: {e}{}", p.name, known(T::PORTS, p.name));
                bound.errors.push((p.at, message));
            }
        }
    }
    for info in T::PORTS.iter().filter(|i| i.default.is_none() && !i.optional) {
        if !ports.iter().any(|p| p.name == info.name) {
            bound.errors.push((
                at,
                format!(
                    "`{id}` needs its port `{}` ({}): bind it (`{}=\"{{key}}\"` or a value), or give it a `#[port(default = \"…\")]` (or `#[port(optional)]`)",
                    info.name, info.type_name, info.name
                ),
            ));
        }
    }
    (bound.errors.len() == before).then_some(leaf)
}

/// `: it declares a, b and c` after an unknown port's error.
fn known(ports: &[PortInfo], name: &str) -> String {
    if ports.iter().any(|p| p.name == name) {
        return String::new();
    }
    match ports {
        [] => " (it declares no ports)".into(),
        _ => format!(
            " (it declares {})",
            ports.iter().map(|p| format!("`{}`", p.name)).collect::<Vec<_>>().join(", ")
        ),
    }
}
