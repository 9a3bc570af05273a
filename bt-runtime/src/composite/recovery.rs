use crate::{Activation, Bound, ChildStates, Children, Count, Counter, Node, NodeId, Observer, Status};

/// `recovery(n)<action, recovery>`: runs the action; when it fails, runs the recovery and then
/// the action again, up to `n` times (Nav2's `RecoveryNode`).
///
/// It takes exactly two children (`bt!` checks; other counts do not compile). State: `n` in the
/// node; its active state is the current child's (the action's or the recovery's, in the variant
/// of that child: [`ChildStates::One`]) and the number of recoveries that succeeded in this
/// activation (a counter as small as the bound allows, see [`Bound`]: a `u8` for a literal
/// below 256, a `u32` kept as 4 bytes, aligned to 1, otherwise). Each tick ticks the current child:
///
/// * **the action**:
///   * `Success` → the counters reset and the node returns `Success`;
///   * `Running` → `Running`;
///   * `Failure` → if fewer than `n` recoveries have run, the recovery becomes current and is
///     ticked **in the same tick** (it is another node); otherwise the counters reset and the node
///     returns `Failure`;
/// * **the recovery**:
///   * `Running` → `Running` (the recovery is resumed next tick);
///   * `Success` → one more recovery, and the node returns `Running`: the action becomes current
///     again and is ticked on the **next** tick;
///   * `Failure` → the counters reset and the node returns `Failure` (a failed recovery ends it).
///
/// With `n` = 0 the recovery never runs: the node is its action. Halting the node halts the
/// running child and resets the counters.
///
/// **Difference from Nav2**: after a successful recovery, Nav2 ticks the action again in the same
/// tick. Here the action was already ticked in this tick (it failed, which is why the recovery
/// ran), and within one tick of the root every node is ticked at most once, so the node returns
/// `Running` and the action's next activation starts on the next tick. At most one recovery cycle
/// (a failed action and a recovery) completes per tick, so a tick's work stays bounded whatever
/// the children return.
///
/// `n` is a `u32`, or a compile-time [`Const`](crate::Const) or [`ConstU8`](crate::ConstU8), as
/// `bt!` makes every literal (a `ConstU8` below 256; `K` is
/// its type, see [`Bound`]).
#[derive(Clone, Debug)]
pub struct Recovery<C, K = u32> {
    children: C,
    retries: K,
}

impl<C, K: Bound + Count<u32>> Recovery<C, K> {
    /// A recovery node over `(action, recovery)` that runs the recovery at most `retries` times
    /// per activation; `retries` is a `u32`, or a [`Const`](crate::Const) or
    /// [`ConstU8`](crate::ConstU8) for a number fixed at
    /// compile time.
    #[inline]
    pub const fn new(retries: K, children: C) -> Self {
        Recovery { children, retries }
    }

    /// The children: the action and the recovery.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }

    /// The most recoveries per activation.
    #[inline]
    pub fn retries(&self) -> u32 {
        self.retries.get()
    }

    /// Recoveries that succeeded in the activation whose state is `active`.
    #[inline]
    pub fn recoveries(&self, active: &<Self as Activation>::Active) -> u32
    where
        C: ChildStates,
    {
        active.1.get()
    }

    /// Ticks the recovery (child 1).
    #[inline]
    fn tick_recovery<Ctx: ?Sized, O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::One, K::Counter),
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status
    where
        C: Children<Ctx>,
    {
        match self.children.tick_one(1, &mut active.0, ctx, obs, first_id) {
            Status::Running => Status::Running,
            Status::Success => {
                // The action is current again, idle: it starts on the next tick.
                active.1.set(active.1.get().saturating_add(1));
                Status::Running
            }
            Status::Failure => {
                active.1 = K::Counter::default();
                Status::Failure
            }
        }
    }
}

/// The current child's active state and the number of recoveries so far. It runs while a child
/// runs, and after a successful recovery (no child runs then, but the count is at least 1).
impl<C: ChildStates, K: Bound> Activation for Recovery<C, K> {
    type Active = (C::One, K::Counter);

    #[inline(always)]
    fn is_running(active: &(C::One, K::Counter)) -> bool {
        // Both answers, without a branch between them (`|`, not `||`): a parent that asks, then
        // ticks the node, gets code that tests the current child once for both.
        C::one_running(&active.0) | (active.1 != K::Counter::default())
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>, K: Bound + Count<u32>> Node<Ctx> for Recovery<C, K> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::One, K::Counter),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        const {
            assert!(
                C::DYNAMIC || C::LEN == 2,
                "recovery takes exactly 2 children: the action and the recovery"
            )
        };
        if C::one_index(&active.0) == 1 {
            return self.tick_recovery(active, ctx, obs, id + 1);
        }
        match self.children.tick_one(0, &mut active.0, ctx, obs, id + 1) {
            Status::Running => Status::Running,
            Status::Success => {
                active.1 = K::Counter::default();
                Status::Success
            }
            Status::Failure => {
                if active.1.get() < self.retries.get() {
                    self.tick_recovery(active, ctx, obs, id + 1)
                } else {
                    active.1 = K::Counter::default();
                    Status::Failure
                }
            }
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::One, K::Counter),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if C::one_running(&active.0) {
            self.children.halt_one(&mut active.0, ctx, obs, id + 1);
        }
        *active = Default::default();
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::Recovery;
    use crate::persist::{Fingerprint, NodeReader, NodeWriter, PersistChildren, at_most};
    use crate::{Activation, Bound, Count, Counter, NodeId, PersistNode};

    /// The recoveries run in the activation in progress.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        recoveries: u32,
    }

    impl<Ctx: ?Sized, C: PersistChildren<Ctx>, K: Bound + Count<u32>> PersistNode<Ctx> for Recovery<C, K> {
        type Loaded = C::Loaded;

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.u64(u64::from(self.retries.get()));
            self.children.fingerprint_all(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &(C::One, K::Counter),
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            w.entry(id, Self::is_running(active), &Entry { recoveries: active.1.get() })?;
            self.children.save_one(&active.0, ctx, id, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(C::Loaded, (C::One, K::Counter)), R::Error> {
            let Entry { recoveries } = r.entry(id)?;
            at_most(r, id, "recoveries", u64::from(recoveries), u64::from(self.retries.get()))?;
            let (loaded, one) = self.children.load_one(ctx, id, r)?;
            let mut counter = K::Counter::default();
            counter.set(recoveries);
            Ok((loaded, (one, counter)))
        }

        fn apply(&mut self, loaded: C::Loaded, ctx: &Ctx) {
            self.children.apply_all(loaded, ctx);
        }
    }
}
