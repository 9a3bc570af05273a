use crate::{Children, Count, Node, NodeId, Observer, Status};

/// `recovery(n)<action, recovery>`: runs the action; when it fails, runs the recovery and then
/// the action again, up to `n` times (Nav2's `RecoveryNode`).
///
/// It takes exactly two children (`bt!` checks; other counts do not compile). State: which child
/// is current, whether it is running, and the number of recoveries that succeeded in this
/// activation. Each tick ticks the current child:
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
/// `n` is a `u32`, or a compile-time [`Const`](crate::Const), as `bt!` makes every literal (`K` is
/// its type, see [`Count`]).
#[derive(Clone, Debug)]
pub struct Recovery<C, K = u32> {
    children: C,
    retries: K,
    /// Recoveries that succeeded in this activation.
    done: u32,
    /// The recovery (child 1) is current, rather than the action (child 0).
    in_recovery: bool,
    /// The current child returned `Running` on its last tick.
    child_running: bool,
}

impl<C, K: Count<u32>> Recovery<C, K> {
    /// A recovery node over `(action, recovery)` that runs the recovery at most `retries` times
    /// per activation; `retries` is a `u32`, or a [`Const`](crate::Const) for a number fixed at
    /// compile time.
    #[inline]
    pub const fn new(retries: K, children: C) -> Self {
        Recovery { children, retries, done: 0, in_recovery: false, child_running: false }
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

    /// Recoveries that succeeded in the current activation.
    #[inline]
    pub fn recoveries(&self) -> u32 {
        self.done
    }

    /// Ends the activation.
    #[inline]
    fn clear(&mut self) {
        self.done = 0;
        self.in_recovery = false;
        self.child_running = false;
    }

    /// Ticks the recovery (child 1).
    #[inline]
    fn tick_recovery<Ctx: ?Sized, O: Observer + ?Sized>(
        &mut self,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status
    where
        C: Children<Ctx>,
    {
        self.in_recovery = true;
        match self.children.tick_child(1, ctx, obs, first_id) {
            Status::Running => {
                self.child_running = true;
                Status::Running
            }
            Status::Success => {
                self.child_running = false;
                self.in_recovery = false;
                self.done = self.done.saturating_add(1);
                Status::Running
            }
            Status::Failure => {
                self.clear();
                Status::Failure
            }
        }
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>, K: Count<u32>> Node<Ctx> for Recovery<C, K> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        const { assert!(C::LEN == 2, "recovery takes exactly 2 children: the action and the recovery") };
        if self.in_recovery {
            return self.tick_recovery(ctx, obs, id + 1);
        }
        match self.children.tick_child(0, ctx, obs, id + 1) {
            Status::Running => {
                self.child_running = true;
                Status::Running
            }
            Status::Success => {
                self.clear();
                Status::Success
            }
            Status::Failure => {
                self.child_running = false;
                if self.done < self.retries.get() {
                    self.tick_recovery(ctx, obs, id + 1)
                } else {
                    self.clear();
                    Status::Failure
                }
            }
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.child_running {
            self.children.halt_child(usize::from(self.in_recovery), ctx, obs, id + 1);
        }
        self.clear();
    }

    #[inline]
    fn reset(&mut self) {
        self.clear();
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([C, K] Recovery<C, K>, { done: u32, in_recovery: bool, child_running: bool }, { children: C });
