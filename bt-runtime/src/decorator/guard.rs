use crate::abort::{AbortMode, Memory, SelfOnly};
use crate::{Activation, Condition, Node, NodeId, Observer, Status, halt_child, tick_child};

/// `guard(cond, abort = …)<child>`: a condition that decides whether the child may run, with
/// Unreal Engine's *observer aborts*: the mode `A` ([`abort`](crate::abort)) says when the
/// condition is looked at again once the child started, and whom a change interrupts.
///
/// Each tick:
///
/// * if the child is idle (a fresh activation), the condition is checked: false → the guard
///   returns `Failure` without ticking the child;
/// * if the child is running, with `abort = self` (the default, [`SelfOnly`]) or `abort = both`
///   the condition is checked again: false → the running child is halted (exactly once) and the
///   guard returns `Failure` without ticking it. With `abort = none` or `abort = lower_priority`
///   it is not checked, and the running child is left to finish (as with
///   [`Precondition`](crate::Precondition));
/// * otherwise the child is ticked and its status returned.
///
/// **Lower-priority aborts** (`abort = lower_priority` or `abort = both`). While the guard is idle
/// and a later (lower-priority) child of the same `selector`/`fallback` or `mem_selector` is
/// running, that selector asks the guard, at the start of each of its ticks and before resuming
/// the running child, whether it takes over ([`Node::preempts`]). The guard checks its condition
/// and says yes when it is true **and was false when last checked** (on a tick of the guard or on
/// an earlier question): like Unreal, it reacts to a *change* of what it observes, so a branch
/// that was tried and failed while the condition was true does not take over again and again,
/// only after the condition went false and true again. On a yes, the selector halts its running
/// child and ticks its children from the guard on, in the same tick — the guard then checks its
/// condition once more as it starts its child, so a lower-priority abort evaluates the condition
/// twice in that tick. Every node is still ticked at most once per tick.
///
/// Lower-priority aborts work when the guard is a direct child of a `selector` or a
/// `mem_selector` (or the root of a tree embedded there), as Unreal allows them only under
/// selectors: under a `reactive_selector`, which re-ticks every child from the first one on every
/// tick anyway, under a sequence or behind another decorator (or `boxed`), the guard is never
/// asked, and `lower_priority` would check like `none`, `both` like `self`. So `bt!`, `bt_xml!`
/// and `bt::load` refuse those modes there, saying where they work (see
/// [`abort::Observes`](crate::abort::Observes)); a guard built by hand with
/// [`with_abort`](Guard::with_abort) is not checked.
///
/// Halting the guard halts the running child. State: in the node, with a lower-priority mode, one
/// flag (whether the condition was false when last checked, which only those modes update and
/// read, and which outlives the activations; the other modes keep nothing,
/// [`AbortMode::Memory`](crate::abort::AbortMode::Memory)); its active state is `Some(child's)` while the child runs, `None`
/// otherwise (no byte more than the child's when that has a spare value).
///
/// Compare [`Precondition`](crate::Precondition), which is `guard(c, abort = none)`.
#[derive(Clone, Debug, Default)]
pub struct Guard<C, N, A: AbortMode = SelfOnly> {
    condition: C,
    child: N,
    /// The condition was false when last checked (lower-priority modes only; the others keep
    /// `()`, no byte).
    was_false: A::Memory,
    abort: A,
}

impl<C, N> Guard<C, N, SelfOnly> {
    /// Runs `child` only while `condition` holds, re-checking it every tick (`abort = self`).
    #[inline]
    pub const fn new(condition: C, child: N) -> Self {
        Guard::with_abort(SelfOnly, condition, child)
    }
}

impl<C, N, A: AbortMode> Guard<C, N, A> {
    /// A guard with the observer abort `abort`, one of the modes of [`abort`](crate::abort):
    /// `Guard::with_abort(bt::abort::LowerPriority, condition, child)`.
    #[inline]
    pub const fn with_abort(abort: A, condition: C, child: N) -> Self {
        Guard { condition, child, was_false: <A::Memory as Memory>::FALSE, abort }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// The observer abort mode.
    #[inline]
    pub fn abort(&self) -> &A {
        &self.abort
    }
}

impl<C, N, A: AbortMode> Guard<C, N, A> {
    /// Checks the condition, remembering for a lower-priority abort whether it was false.
    #[inline(always)]
    fn check<Ctx: ?Sized>(&mut self, ctx: &Ctx) -> bool
    where
        C: Condition<Ctx>,
    {
        let holds = self.condition.check(ctx);
        if A::LOWER_PRIORITY {
            self.was_false.set(!holds);
        }
        holds
    }
}

/// `Some` with the child's active state while the child runs, `None` otherwise (which takes no
/// byte more than the child's state when that has a spare value, as flags and enums do): the
/// guard runs exactly while its child does, and knows it without asking the child.
impl<C, N: Activation, A: AbortMode> Activation for Guard<C, N, A> {
    type Active = Option<N::Active>;

    #[inline(always)]
    fn is_running(active: &Option<N::Active>) -> bool {
        active.is_some()
    }
}

impl<Ctx: ?Sized, C: Condition<Ctx>, N: Node<Ctx>, A: AbortMode> Node<Ctx> for Guard<C, N, A> {
    const SIZE: usize = 1 + N::SIZE;
    const PREEMPTS: bool = A::LOWER_PRIORITY;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Option<N::Active>,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let child_running = active.is_some();
        if (A::SELF || !child_running) && !self.check(ctx) {
            if let Some(child) = active {
                halt_child(&mut self.child, child, ctx, obs, id + 1);
                *active = None;
            }
            return Status::Failure;
        }
        let child = active.get_or_insert_with(Default::default);
        let status = tick_child(&mut self.child, child, ctx, obs, id + 1);
        if status.is_done() {
            *active = None;
        }
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Option<N::Active>,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if let Some(child) = active {
            halt_child(&mut self.child, child, ctx, obs, id + 1);
        }
        *active = None;
    }

    #[inline]
    fn reset(&mut self) {
        self.was_false.set(false);
        Condition::<Ctx>::reset(&mut self.condition);
        self.child.reset();
    }

    /// With a lower-priority mode: whether the condition is true now and was false when last
    /// checked (see the type's docs). Always no with the other modes, whose selectors do not ask.
    /// Only asked while the guard is idle (a later sibling runs).
    #[inline]
    fn preempts(&mut self, ctx: &Ctx) -> bool {
        if !A::LOWER_PRIORITY {
            return false;
        }
        let was_false = self.was_false.get();
        self.check(ctx) && was_false
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::Guard;
    use crate::abort::{AbortMode, Memory};
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, Persist, child_idle};
    use crate::{Condition, NodeId, PersistNode};

    /// Whether it runs, whether its condition was false when last checked (for lower-priority
    /// aborts), and the condition's own state.
    #[derive(Serialize, Deserialize)]
    struct Entry<S> {
        running: bool,
        was_false: bool,
        condition: S,
    }

    impl<Ctx: ?Sized, C: Condition<Ctx> + Persist<Ctx>, N: PersistNode<Ctx>, A: AbortMode> PersistNode<Ctx>
        for Guard<C, N, A>
    {
        type Loaded = (bool, C::State, N::Loaded);

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.u64(u64::from(A::SELF) | u64::from(A::LOWER_PRIORITY) << 1);
            self.child.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &Option<N::Active>,
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            let entry = Entry {
                running: active.is_some(),
                was_false: self.was_false.get(),
                condition: self.condition.save(ctx),
            };
            w.entry(id, active.is_some(), &entry)?;
            let idle = N::Active::default();
            self.child.save_nodes(active.as_ref().unwrap_or(&idle), ctx, id + 1, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(Self::Loaded, Option<N::Active>), R::Error> {
            let Entry { running, was_false, condition } = r.entry::<Entry<C::State>>(id)?;
            if let Err(why) = self.condition.check(&condition) {
                return Err(r.invalid(id, Invalid::LeafState(why)));
            }
            let (loaded, child) = self.child.load_nodes(ctx, id + 1, r)?;
            if !running {
                child_idle(r, id, N::is_running(&child))?;
            }
            Ok(((was_false, condition, loaded), running.then_some(child)))
        }

        fn apply(&mut self, (was_false, condition, loaded): Self::Loaded, ctx: &Ctx) {
            self.was_false.set(was_false);
            self.condition.restore(condition, ctx);
            self.child.apply(loaded, ctx);
        }
    }
}
