//! BehaviorTree.CPP's `LoopInt`, `LoopDouble`, `LoopString` and `LoopBool`: a decorator that pops
//! a queue, writes each element to an entry and runs its child once per element
//! ([`Loop`]).

use alloc::collections::VecDeque;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::{BindError, BindKey, Binding, HasBlackboard, Output, PortType, Ports, parse_seq};
use crate::blackboard::Key;
use crate::{
    Activation, Compose, Node, NodeId, Observer, PortDirection, PortInfo, Status, halt_child, tick_child,
};

/// An element type of a [`Loop`] queue, with the type names its ports show.
pub trait LoopItem: FromStr<Err: fmt::Display> + Clone + Send + Sync + 'static {
    /// The queue's type, as the ports show it (`"VecDeque<i32>"`).
    const QUEUE: &'static str;
    /// The element's type, as the ports show it (`"i32"`).
    const ITEM: &'static str;
}

macro_rules! items {
    ($($t:ty => $name:literal),*) => {$(
        impl LoopItem for $t {
            const QUEUE: &'static str = concat!("VecDeque<", $name, ">");
            const ITEM: &'static str = $name;
        }
    )*};
}

items!(i32 => "i32", i64 => "i64", u32 => "u32", f32 => "f32", f64 => "f64", bool => "bool", String => "String");

/// The `queue` port of a [`Loop`]: a blackboard entry holding a `VecDeque<T>`, popped in place
/// (BehaviorTree.CPP's shared queue), or a literal `"1;2;3"`, which every run of the loop starts
/// over from its first element.
#[derive(Clone, Debug, Default)]
pub enum Queue<T> {
    /// Not bound: the loop finds its queue empty.
    #[default]
    Unbound,
    /// The elements of a literal, in order.
    Items(Vec<T>),
    /// The entry holding the queue, with its cached slot.
    Key(Key<VecDeque<T>>, usize),
}

impl<T: FromStr<Err: fmt::Display>> FromStr for Queue<T> {
    type Err = BindError;

    /// A BehaviorTree.CPP sequence: `"1;2;3"` (an empty text is an empty queue).
    fn from_str(text: &str) -> Result<Self, BindError> {
        parse_seq(text).map(Queue::Items)
    }
}

impl<T> BindKey for Queue<T> {
    fn bind_key(name: &'static str) -> Self {
        Queue::Key(Key::new(name), usize::MAX)
    }
}

/// The status a [`Loop`] returns when it finds its queue empty (port `if_empty`, `SUCCESS` unless
/// bound): `"SUCCESS"` or `"FAILURE"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IfEmpty(pub Status);

impl Default for IfEmpty {
    fn default() -> Self {
        IfEmpty(Status::Success)
    }
}

impl FromStr for IfEmpty {
    type Err = &'static str;

    fn from_str(text: &str) -> Result<Self, &'static str> {
        match text.trim() {
            "SUCCESS" => Ok(IfEmpty(Status::Success)),
            "FAILURE" => Ok(IfEmpty(Status::Failure)),
            "SKIPPED" => Err(
                "bt's `Loop` answers `SUCCESS` or `FAILURE` for an empty queue: a node of bt is skipped only by its `_skipIf`",
            ),
            _ => Err("write `SUCCESS` or `FAILURE`"),
        }
    }
}

/// `Loop<T>` (BehaviorTree.CPP's `LoopInt`, `LoopDouble`, `LoopString`, `LoopBool`): while its
/// child is not running, pops the front of `queue` and writes it to `value`, then ticks the child.
///
/// Tick by tick, as BehaviorTree.CPP 4.10 does: with the child not running and the queue empty,
/// it returns `if_empty` (without ticking the child); when the child fails, it fails; otherwise it
/// is running — a child's success starts the next element on the next tick. A queue bound to an
/// entry (`queue="{q}"`, a `VecDeque<T>`) is popped in place, and an absent entry is an empty queue;
/// a literal `queue="1;2;3"` starts over from its first element on every run. Popping allocates
/// nothing: an element of a literal is copied into the value the `value` entry holds
/// ([`Output::set_from`]), so a `String` reuses the entry's buffer once it has held one as long.
///
/// In a tree: `bt::ports::Loop::<i32>(queue = bt::ports::key("q"), value = bt::ports::key("v"))<child>`;
/// `bt_xml!` and `bt::load` build it from `<LoopInt queue="{q}" value="{v}">`.
#[derive(Clone, Debug)]
pub struct Loop<T> {
    /// The queue: an entry, or a literal.
    pub queue: Queue<T>,
    /// The entry each popped element is written to.
    pub value: Output<T>,
    /// What an empty queue returns.
    pub if_empty: IfEmpty,
}

impl<T> Default for Loop<T> {
    fn default() -> Self {
        Loop { queue: Queue::Unbound, value: Output::default(), if_empty: IfEmpty::default() }
    }
}

/// `LoopInt`: a [`Loop`] over `i32`s.
pub type LoopInt = Loop<i32>;
/// `LoopDouble`: a [`Loop`] over `f64`s.
pub type LoopDouble = Loop<f64>;
/// `LoopString`: a [`Loop`] over `String`s.
pub type LoopString = Loop<String>;
/// `LoopBool`: a [`Loop`] over `bool`s.
pub type LoopBool = Loop<bool>;

const fn port(
    name: &'static str,
    direction: PortDirection,
    type_name: &'static str,
    default: Option<&'static str>,
) -> PortInfo {
    PortInfo { name, direction, type_name, default, optional: false, description: "", accepts: &[] }
}

impl<T: LoopItem> Ports for Loop<T> {
    const PORTS: &'static [PortInfo] = &[
        port("queue", PortDirection::InOut, T::QUEUE, None),
        port("value", PortDirection::Output, T::ITEM, None),
        port("if_empty", PortDirection::Input, "NodeStatus", Some("SUCCESS")),
    ];

    fn unbound() -> Self {
        Loop::default()
    }

    fn bind(&mut self, port: &str, binding: Binding<'_>) -> Result<PortType, BindError> {
        match (port, binding) {
            ("queue", Binding::Key(k)) => self.queue = Queue::bind_key(k),
            ("queue", Binding::Literal(text)) => self.queue = text.parse()?,
            ("value", Binding::Key(k)) => {
                self.value = Output::bind_key(k);
                return Ok(PortType::of::<T>());
            }
            ("value", Binding::Literal(_)) => return Err(BindError::KeyOnly),
            ("if_empty", Binding::Literal(text)) => {
                self.if_empty = text.parse().map_err(|reason: &str| BindError::BadLiteral {
                    type_name: "NodeStatus",
                    reason: reason.into(),
                })?;
                return Ok(PortType::of::<IfEmpty>());
            }
            ("if_empty", Binding::Key(_)) => return Err(BindError::LiteralOnly),
            _ => return Err(BindError::UnknownPort),
        }
        Ok(PortType::of::<VecDeque<T>>())
    }
}

/// The node of a [`Loop`] over its child `N`.
#[derive(Clone, Debug)]
pub struct LoopNode<T, N> {
    spec: Loop<T>,
    child: N,
}

impl<T, N> Compose<(N,)> for Loop<T> {
    type Node = LoopNode<T, N>;
    fn compose(self, (child,): (N,)) -> LoopNode<T, N> {
        LoopNode { spec: self, child }
    }
}

/// The state of a run of a [`Loop`]: whether it is running, and the next element of a literal
/// queue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LoopState {
    /// Whether the loop is running (its child may be idle between two elements).
    pub running: bool,
    /// The index of the next element of a literal queue.
    pub next: u32,
}

impl<T, N: Activation> Activation for LoopNode<T, N> {
    type Active = (N::Active, LoopState);

    fn is_running((child, state): &Self::Active) -> bool {
        state.running || N::is_running(child)
    }
}

impl<T: LoopItem, N> LoopNode<T, N> {
    /// Pops the next element and writes it to `value`; `false` when the queue is empty.
    fn pop<Ctx: HasBlackboard + ?Sized>(&mut self, ctx: &mut Ctx, state: &mut LoopState) -> bool {
        let item = match &mut self.spec.queue {
            Queue::Unbound => None,
            Queue::Items(items) => {
                // Copied into the entry's value: no allocation once it has held one as long.
                let Some(item) = items.get(state.next as usize) else { return false };
                state.next += 1;
                self.spec.value.set_from(ctx, item);
                return true;
            }
            Queue::Key(key, slot) => {
                let now = ctx.now();
                ctx.blackboard_mut().get_mut_cached(*key, slot, now).and_then(VecDeque::pop_front)
            }
        };
        match item {
            Some(v) => {
                self.spec.value.set(ctx, v);
                true
            }
            None => false,
        }
    }
}

impl<Ctx: HasBlackboard + ?Sized, T: LoopItem, N: Node<Ctx>> Node<Ctx> for LoopNode<T, N> {
    const SIZE: usize = 1 + N::SIZE;

    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        (child, state): &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let child_running = N::is_running(child);
        if !child_running && !self.pop(ctx, state) {
            *state = LoopState::default();
            return self.spec.if_empty.0;
        }
        state.running = true;
        match tick_child(&mut self.child, child, ctx, obs, id + 1) {
            Status::Failure => {
                *state = LoopState::default();
                Status::Failure
            }
            _ => Status::Running,
        }
    }

    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        (child, state): &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if N::is_running(child) {
            halt_child(&mut self.child, child, ctx, obs, id + 1);
        }
        *state = LoopState::default();
    }

    fn reset(&mut self) {
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use super::{Activation, LoopItem, LoopNode, LoopState, Queue};
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter};
    use crate::{NodeId, PersistNode, ports::HasBlackboard};

    impl<Ctx: HasBlackboard + ?Sized, T: LoopItem, N: PersistNode<Ctx>> PersistNode<Ctx> for LoopNode<T, N> {
        type Loaded = N::Loaded;

        fn fingerprint(&self, h: &mut Fingerprint) {
            match &self.spec.queue {
                Queue::Items(items) => h.u64(items.len() as u64),
                _ => h.u64(u64::MAX),
            }
            self.child.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &Self::Active,
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            w.entry(id, Self::is_running(active), &active.1)?;
            self.child.save_nodes(&active.0, ctx, id + 1, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(N::Loaded, Self::Active), R::Error> {
            let state: LoopState = r.entry(id)?;
            let len = match &self.spec.queue {
                Queue::Items(items) => items.len(),
                _ => 0,
            };
            if u64::from(state.next) > len as u64 {
                let why = Invalid::TooLarge { field: "next", value: u64::from(state.next), max: len as u64 };
                return Err(r.invalid(id, why));
            }
            if state.running && len == 0 && matches!(self.spec.queue, Queue::Items(_)) {
                return Err(
                    r.invalid(id, Invalid::Inconsistent("a loop over an empty literal queue never runs"))
                );
            }
            let (loaded, child) = self.child.load_nodes(ctx, id + 1, r)?;
            Ok((loaded, (child, state)))
        }

        fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
            self.child.apply(loaded, ctx);
        }
    }
}
