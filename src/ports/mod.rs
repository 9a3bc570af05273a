//! Typed ports: the data flow of a leaf, bound to literals or blackboard entries.
//!
//! A leaf declares its ports as fields: [`Input<T>`] (a literal, or a blackboard key it reads),
//! [`Output<T>`] (a key it writes) and [`InOut<T>`] (a key it reads and writes), and derives
//! [`Ports`](trait@Ports), which lists them (name, direction, type, default, description) for the
//! tree's description and for XML. The data lives in the context's dynamic
//! [`Blackboard`], which the context exposes through [`HasBlackboard`].
//!
//! ```
//! use bt::blackboard::{Blackboard, Key};
//! use bt::ports::{HasBlackboard, Input, Output, Ports};
//! use bt::{Action, Status, bt};
//!
//! struct Robot { bb: Blackboard }
//! impl HasBlackboard for Robot {
//!     fn blackboard(&self) -> &Blackboard { &self.bb }
//!     fn blackboard_mut(&mut self) -> &mut Blackboard { &mut self.bb }
//! }
//! impl bt::Clock for Robot {
//!     fn now(&self) -> core::time::Duration { core::time::Duration::ZERO } // no time, no expiry
//! }
//!
//! /// Plans a path to a goal.
//! #[derive(Ports)]
//! struct Plan {
//!     /// Where to go.
//!     goal: Input<f64>,
//!     /// How far it is.
//!     #[port(default = "1.0")]
//!     scale: Input<f64>,
//!     /// The planned distance.
//!     distance: Output<f64>,
//! }
//!
//! impl Action<Robot> for Plan {
//!     fn execute(&mut self, r: &mut Robot) -> Status {
//!         let Some(&goal) = self.goal.get(r) else { return Status::Failure };
//!         let scale = self.scale.get(r).copied().unwrap_or(1.0);
//!         self.distance.set(r, goal * scale);
//!         Status::Success
//!     }
//! }
//!
//! const GOAL: Key<f64> = Key::new("goal");
//! const DIST: Key<f64> = Key::new("distance");
//!
//! let mut tree = bt! { Plan { goal: Input::key(GOAL), scale: Input::value(2.0), distance: DIST.into() } };
//! let mut robot = Robot { bb: Blackboard::new() };
//! robot.bb.set(GOAL, 3.0);
//! assert_eq!(tree.tick(&mut robot), Status::Success);
//! assert_eq!(robot.bb.get(DIST, Default::default()), Some(&6.0));
//! let ports = tree.description().node(0).unwrap().ports;
//! assert_eq!(ports.iter().map(|p| p.name).collect::<Vec<_>>(), ["goal", "scale", "distance"]);
//! assert_eq!(ports[1].default, Some("1.0"));
//! assert_eq!(ports[0].description, "Where to go.");
//! ```
//!
//! # Cost
//!
//! A port bound to a key keeps the key (a `&'static str` and the type) and the index of the
//! blackboard entry it found last. A read or write first checks that the entry at that index is
//! still the key's (a [`TypeId`](core::any::TypeId) comparison and a pointer comparison of the
//! name), which is all it does once the entry exists; only the first access (or the first after
//! the blackboard was rebuilt) searches the entries, comparing names. No access allocates, except
//! the first [`set`](Output::set) of a key, which creates its entry. A literal port is a plain
//! field read.

mod bind;
mod check;
mod check_text;
mod entries;
mod literal;
mod model;
mod names;
mod port;
mod queue;
mod switch;
mod text;
mod unset;

pub use bind::{BindError, Binding, PortType};
#[doc(hidden)]
pub use bind::{FromText, Lit, NoText, bind_plain};
pub use check::{LiteralKind, Message, check, check_literal};
pub use entries::{CountEntry, MillisEntry};
pub use literal::{BoolLit, FloatLit, IntLit, Literal, TextLit, lit};
pub use model::{check_model_port, rust_class};
pub use names::{LiteralNames, NamesOf, NoLiteralNames, UnknownName};
pub use port::{BindKey, InOut, Input, Output, ReadError, key};
pub use queue::{
    IfEmpty, Loop, LoopBool, LoopDouble, LoopInt, LoopItem, LoopNode, LoopState, LoopString, Queue,
};
pub use switch::{SwitchEntry, switch_case, switch_equal};
#[doc(hidden)]
pub use text::{AnyText, DurText, PortText, SeqText};
pub use text::{parse_duration, parse_seq};
pub use unset::UnsetEntry;

use crate::PortInfo;
use crate::blackboard::Blackboard;

pub use bt_macros::{LiteralNames, Ports};

/// A context that holds a dynamic [`Blackboard`], so that ports can reach it.
///
/// Its time is its [`Clock`](crate::Clock)'s: a blackboard context states the time once, in
/// `impl Clock`, and the time-based nodes and the entries set with a time-to-live read that one
/// `now()` (a context without time says so there, returning `Duration::ZERO`; its expiring
/// entries then never expire).
///
/// ```
/// use bt::blackboard::{Blackboard, Key};
/// use bt::ports::{HasBlackboard, Input};
/// use bt::{Clock, ManualClock};
/// use core::time::Duration;
///
/// struct Robot { bb: Blackboard, clock: ManualClock }
/// impl HasBlackboard for Robot {
///     fn blackboard(&self) -> &Blackboard { &self.bb }
///     fn blackboard_mut(&mut self) -> &mut Blackboard { &mut self.bb }
/// }
/// impl Clock for Robot {
///     fn now(&self) -> Duration { self.clock.now() }
/// }
///
/// const SEEN: Key<u32> = Key::new("seen");
/// let mut robot = Robot { bb: Blackboard::new(), clock: ManualClock::new() };
/// robot.bb.set_for(SEEN, 7, robot.now(), Duration::from_secs(1));
/// let mut port = Input::key(SEEN);
/// assert_eq!(port.get(&robot), Some(&7));
/// robot.clock.advance(Duration::from_secs(2));
/// assert_eq!(port.get(&robot), None); // expired: the port reads the clock's time
/// assert_eq!(port.try_get(&robot).unwrap_err().to_string(), "`seen`: the value expired at 1s");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no blackboard: implement `bt::ports::HasBlackboard` for `{Self}`",
    label = "ports and scripts read and write the context's blackboard",
    note = "`impl HasBlackboard for {Self} {{ fn blackboard(&self) -> &Blackboard {{ &self.bb }} fn blackboard_mut(&mut self) -> &mut Blackboard {{ &mut self.bb }} }}`, with `impl bt::Clock for {Self}` for its time"
)]
pub trait HasBlackboard: crate::Clock {
    /// The blackboard.
    fn blackboard(&self) -> &Blackboard;
    /// The blackboard, to write.
    fn blackboard_mut(&mut self) -> &mut Blackboard;

    /// Told when a BehaviorTree.CPP script of the tree could not run to its end (see
    /// [`bt::script`](crate::script)): `script` says which (`"nav.xml:12:9: _skipIf=\"x > 1\""`),
    /// `fault` what went wrong. The node the script belongs to fails; BehaviorTree.CPP throws an
    /// exception instead. The default does nothing; log it, or count it, here.
    fn script_fault(&mut self, script: &'static str, fault: &crate::script::Fault) {
        let _ = (script, fault);
    }
}

/// A leaf whose ports are listed (derive it with `#[derive(bt::ports::Ports)]`).
///
/// The derive makes every field of type [`Input<T>`], [`Output<T>`] or [`InOut<T>`] a port named
/// after the field, with the field's doc comment as its description and `T` as written as its
/// type. `#[port(default = "…")]` gives a default: for an `Input`, a text parsed with `T`'s
/// `FromStr` when the leaf is built unbound (or `"{key}"`, a key); for an `Output`/`InOut`, a key
/// `"{key}"`. A plain field marked `#[port]` (`#[port] text: String`, `#[port(default = "1")]
/// times: u32`) is an input port that takes literals only (an XML attribute's value, checked as
/// for an `Input`). Every other field is left at its `Default` in [`unbound`](Ports::unbound).
/// A port without a default must be bound by every XML tree that uses the leaf, unless it is
/// marked `#[port(optional)]` (BehaviorTree.CPP's ports without a default, which Nav2's leaves
/// declare for their optional inputs): left unbound, it reads as absent (`None`) and, for an
/// output, writes nothing. A field marked
/// `#[port(instance)]` is no port: it receives the XML element's `name` (see
/// [`set_instance`](Ports::set_instance)).
///
/// `bt!` and `bt_xml!` find the derived ports for the tree's description: an action or a
/// [`Condition`](crate::Condition) that derives `Ports` needs nothing more
/// ([`Action::PORTS`](crate::Action::PORTS), which a leaf may still set by hand, is for a leaf
/// that does not derive them). A tree built at run time reads them from its registry
/// (`bt::load`).
pub trait Ports: Sized {
    /// The ports, in declaration order.
    const PORTS: &'static [PortInfo];
    /// The leaf with every port unbound (or at its declared default): the base of the struct
    /// literals the XML import writes (`X { goal: …, ..X::unbound() }`).
    fn unbound() -> Self;

    /// Receives the instance name (`name="…"`) of the XML element the leaf is built from; does
    /// nothing unless a field is marked `#[port(instance)]` (a `&'static str`, or a type `From`
    /// it), which the derive makes the one set here. That field is not a port.
    fn set_instance(&mut self, name: &'static str) {
        let _ = name;
    }

    /// Binds port `port` when the program runs (the loader of trees read at run time calls it for
    /// each attribute of the leaf's element, on a leaf built with [`unbound`](Ports::unbound)):
    /// an `Input<T>` to a blackboard key or a literal parsed with `T`'s `FromStr`, an
    /// `Output<T>`/`InOut<T>` to a key, a plain `#[port]` field to a literal. Returns the port's
    /// value type, with which the loader checks that every key is used with one type. The derive
    /// writes it; the default knows no port.
    ///
    /// # Errors
    ///
    /// [`BindError`]: no such port, a literal for a port that takes keys, a text that is not a
    /// value of the port's type.
    fn bind(&mut self, port: &str, binding: Binding<'_>) -> Result<PortType, BindError> {
        let _ = (port, binding);
        Err(BindError::UnknownPort)
    }
}

/// The value type of port `I` of a leaf (`I` is the port's index in [`Ports::PORTS`], see
/// [`port_index`]): what `bt_xml!` gives a blackboard entry that a script reads or writes and
/// that the port is bound to. `#[derive(Ports)]` implements it for every port.
pub trait PortValue<const I: usize> {
    /// The type: `T` of an `Input<T>`, `Output<T>` or `InOut<T>`.
    type Value;
}

/// The index of the port named `name` in `ports`, `usize::MAX` when there is none (for
/// [`PortValue`]).
pub const fn port_index(ports: &[PortInfo], name: &str) -> usize {
    let mut i = 0;
    while i < ports.len() {
        if check::str_eq(ports[i].name, name) {
            return i;
        }
        i += 1;
    }
    usize::MAX
}
