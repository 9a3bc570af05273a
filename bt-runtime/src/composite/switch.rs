use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

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
/// Halting the switch halts the running child. State: the selector and the mapping in the node;
/// its active state is the running child's, in the variant of that child
/// ([`ChildStates::One`]), so it is as large as the largest child's.
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
}

impl<S, M, C> Switch<S, M, C> {
    /// A switch over the tuple `children`: `mapping(selector(ctx))` is the index of the child to
    /// run (an index out of range makes the tick fail).
    #[inline]
    pub const fn new(selector: S, mapping: M, children: C) -> Self {
        Switch { selector, mapping, children }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }

    /// The index of the running child in the activation whose state is `active`, if one is
    /// running.
    #[inline]
    pub fn running(&self, active: &<Self as Activation>::Active) -> Option<usize>
    where
        C: ChildStates,
    {
        C::one_running(active).then(|| C::one_index(active))
    }
}

/// How a [`Switch`] picks its child: its mapping `M`, given its selector `S`, gives the index of
/// the child to run. Implemented for a mapping `FnMut(V) -> u8` of a selector `FnMut(&Ctx) -> V`
/// (the anonymous form of `bt!`), and for [`Chosen`] of a selector that implements [`Choose`]
/// (the named form, whose types all have names).
pub trait Pick<Ctx: ?Sized, S> {
    /// The index of the child to run.
    fn pick(&mut self, selector: &mut S, ctx: &Ctx) -> usize;
}

impl<Ctx: ?Sized, V, S: FnMut(&Ctx) -> V, M: FnMut(V) -> u8> Pick<Ctx, S> for M {
    #[inline(always)]
    fn pick(&mut self, selector: &mut S, ctx: &Ctx) -> usize {
        self(selector(ctx)) as usize
    }
}

/// A selector that picks the child itself: what `bt!` generates for a `switch` in a named tree
/// (`bt! { struct Tree for Ctx { switch(…)<…> } }`), a type of its own that reads the value and
/// matches it against the cases, so that the tree's type can be written out.
pub trait Choose<Ctx: ?Sized> {
    /// The index of the child to run (the first case that matches the value read from `ctx`).
    fn choose(&mut self, ctx: &Ctx) -> u8;
}

/// The mapping of a switch whose selector implements [`Choose`]: the selector picks the child.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chosen;

impl<Ctx: ?Sized, S: Choose<Ctx>> Pick<Ctx, S> for Chosen {
    #[inline(always)]
    fn pick(&mut self, selector: &mut S, ctx: &Ctx) -> usize {
        selector.choose(ctx) as usize
    }
}

/// The running child's active state; it runs exactly while that child does.
impl<S, M, C: ChildStates> Activation for Switch<S, M, C> {
    type Active = C::One;

    #[inline(always)]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<Ctx: ?Sized, S, M: Pick<Ctx, S>, C: Children<Ctx>> Node<Ctx> for Switch<S, M, C> {
    const SIZE: usize = 1 + C::SIZE;
    const SKIPS: bool = C::SKIPS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if C::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        let chosen = self.mapping.pick(&mut self.selector, ctx);
        if C::one_running(active) && C::one_index(active) != chosen {
            self.children.halt_one(active, ctx, obs, id + 1);
        }
        self.children.tick_one(chosen, active, ctx, obs, id + 1)
    }

    /// The chosen child's outcome: a skipped child skips the switch.
    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome {
        if !C::SKIPS {
            return Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        let chosen = self.mapping.pick(&mut self.selector, ctx);
        if C::one_running(active) && C::one_index(active) != chosen {
            self.children.halt_one(active, ctx, obs, id + 1);
        }
        self.children.tick_one_skip(chosen, active, ctx, obs, id + 1)
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if C::one_running(active) {
            self.children.halt_one(active, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
/// Which child runs is told by the children's entries.
impl<Ctx: ?Sized, S, M: Pick<Ctx, S>, C: crate::PersistChildren<Ctx>> crate::PersistNode<Ctx>
    for Switch<S, M, C>
{
    type Loaded = C::Loaded;

    fn fingerprint(&self, h: &mut crate::persist::Fingerprint) {
        self.children.fingerprint_all(h);
    }

    fn save_nodes<W: crate::persist::NodeWriter>(
        &self,
        active: &C::One,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        w.entry(id, C::one_running(active), &())?;
        self.children.save_one(active, ctx, id, w)
    }

    fn load_nodes<R: crate::persist::NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(C::Loaded, C::One), R::Error> {
        r.entry::<()>(id)?;
        self.children.load_one(ctx, id, r)
    }

    fn apply(&mut self, loaded: C::Loaded, ctx: &Ctx) {
        self.children.apply_all(loaded, ctx);
    }
}
