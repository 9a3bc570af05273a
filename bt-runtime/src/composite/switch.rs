use crate::{Children, Node, NodeId, Observer, Status};

/// No child is running.
const NONE: u8 = u8::MAX;

/// `switch(selector)<PATTERN => child, …, _ => child>`: runs the child whose case matches a value
/// read from the context (BehaviorTree.CPP v4's `Switch2`…`Switch6`, with cases checked by the
/// compiler).
///
/// `selector` reads the value (`|r: &Robot| r.mode`), and `mapping` turns it into the index of the
/// child to run: `bt!` generates it as a `match` on the cases, written as Rust patterns
/// (`Mode::Dock`, `1 | 2`, `Some(_)`), so the compiler checks their types, that they cover every
/// value (or end with the default `_`) and that none is unreachable. Each tick:
///
/// * the selector is called and the mapping picks the child of the first case that matches;
/// * if another child was running (the value changed while it ran), that child is halted —
///   exactly once — **before** the chosen child is ticked;
/// * the chosen child is ticked and its status returned. `Running`: the switch remembers the child
///   (to halt it if the choice changes); `Success`/`Failure`: it forgets it, and the next tick
///   chooses afresh.
///
/// So the choice is re-made on every tick, and a change of the value interrupts the running branch
/// at once, as in BehaviorTree.CPP (whose cases compare strings of a blackboard entry at run time;
/// here they are patterns compiled into one `match`, and the value comes from any function of the
/// context). A child is never ticked twice in one tick.
///
/// The value is handed from the selector to the mapping, so it cannot borrow from the context:
/// select on an owned value (an enum, a number, a `Copy` value).
///
/// Halting the switch halts the running child. State: the running child's index (one `u8`).
///
/// ```
/// use bt::{bt, Status};
///
/// #[derive(Clone, Copy)]
/// enum Mode { Dock, Explore, Idle }
/// struct Robot { mode: Mode, log: Vec<&'static str> }
///
/// let mut tree = bt! {
///     switch(|r: &Robot| r.mode)<
///         Mode::Dock => { |r: &mut Robot| { r.log.push("dock"); Status::Success } },
///         Mode::Explore => { |r: &mut Robot| { r.log.push("explore"); Status::Running } },
///         _ => { |_: &mut Robot| Status::Failure },
///     >
/// };
/// let mut robot = Robot { mode: Mode::Explore, log: Vec::new() };
/// assert_eq!(tree.tick(&mut robot), Status::Running);
/// robot.mode = Mode::Dock;
/// assert_eq!(tree.tick(&mut robot), Status::Success);
/// robot.mode = Mode::Idle;
/// assert_eq!(tree.tick(&mut robot), Status::Failure);
/// assert_eq!(robot.log, ["explore", "dock"]);
/// assert_eq!(tree.description().node(0).map(|n| n.args), Some("|r: &Robot| r.mode; Mode::Dock, Mode::Explore, _"));
/// ```
#[derive(Clone, Debug)]
pub struct Switch<S, M, C> {
    selector: S,
    mapping: M,
    children: C,
    running: u8,
}

impl<S, M, C> Switch<S, M, C> {
    /// A switch over the tuple `children`: `mapping(selector(ctx))` is the index of the child to
    /// run (an index out of range makes the tick fail).
    #[inline]
    pub const fn new(selector: S, mapping: M, children: C) -> Self {
        Switch { selector, mapping, children, running: NONE }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }

    /// The index of the running child, if one is running.
    #[inline]
    pub fn running(&self) -> Option<usize> {
        (self.running != NONE).then_some(self.running as usize)
    }
}

impl<Ctx: ?Sized, V, S: FnMut(&Ctx) -> V, M: FnMut(V) -> u8, C: Children<Ctx>> Node<Ctx> for Switch<S, M, C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let chosen = (self.mapping)((self.selector)(ctx));
        if self.running != NONE && self.running != chosen {
            self.children.halt_child(self.running as usize, ctx, obs, id + 1);
        }
        let status = self.children.tick_child(chosen as usize, ctx, obs, id + 1);
        self.running = if status == Status::Running { chosen } else { NONE };
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.running != NONE {
            self.children.halt_child(self.running as usize, ctx, obs, id + 1);
            self.running = NONE;
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.running = NONE;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([S, M, C] Switch<S, M, C>, { running: u8 }, { children: C });
