use crate::active::MaskPair;
use crate::{Activation, Arity, ChildStates, Children, Count, Latches, Node, NodeId, Observer, Status};

/// `parallel(n)<…>`: runs all children side by side and succeeds once `n` of them have succeeded
/// (the `ParallelNode(n)` of classic C# game-AI frameworks).
///
/// Each tick, children are visited in order:
///
/// * a child that already succeeded in this activation is skipped (successes are *latched*);
/// * every other child is ticked, including one that failed on an earlier tick: a failure is not
///   latched, the child is simply tried again next tick;
/// * as soon as `n` children have succeeded, the parallel returns `Success` at once (later
///   children are not ticked in this tick);
/// * as soon as the failures *of this tick* exceed `children − n` (so `n` successes have become
///   impossible this tick), the parallel returns `Failure` at once;
/// * otherwise, after visiting every child, it returns `Running`.
///
/// On `Success` or `Failure` every child that is still running (it returned `Running` on its last
/// tick) is halted, in child order, and the latches are cleared, so the next tick starts a fresh
/// activation. Halting the parallel halts its running children the same way and clears the latches
/// too: after a halt, the next tick starts a fresh activation in which every child runs again.
///
/// A literal `n` must be between 1 and the number of children (`bt!` rejects one out of range at
/// compile time); a threshold computed at run time must be between 1 and 16 (it panics otherwise),
/// and one above the number of children counts as all of them. State: the threshold in the node
/// (one byte, none when it is a compile-time [`Const`](crate::Const), as `bt!` makes every literal;
/// `K` is how the threshold is kept, see [`Threshold`](crate::Threshold)); the active state is every
/// child's ([`All`](crate::ChildStates::All)) and two masks of the children in one integer aligned
/// to 1 ([`Masks`](crate::ChildStates::Masks): two bytes for up to 8 children, four for more): those
/// that succeeded in this activation and, with more than two children, those running (with one or
/// two, which children run is read from their own states when the parallel completes, a load or
/// two, cheaper than keeping the mask up to date on every tick). `parallel(1)` (a
/// [`Const<1>`](crate::Const) threshold) keeps no masks at all: its first success completes it, so
/// it never latches one, and it reads which children run from their states
/// ([`Latches`](crate::Latches), [`NoMasks`](crate::active::NoMasks)).
///
/// This is what makes the hungry agent example work: in
/// `parallel(1)<selector<…needs…>, Alive>` the needs selector fails while nothing is needed and is
/// simply tried again next tick, while `Alive` keeps running.
#[derive(Clone, Debug)]
pub struct Parallel<C, K = u8> {
    children: C,
    n: K,
}

/// Records child `i`'s status in `masks` (latched successes in the low mask, running children in
/// the high one) and returns the parallel's outcome (`Running` while undecided). On completion the
/// running children are halted right there and both masks are cleared. For a parallel that keeps
/// its running children's mask ([`tracks_running`]); [`record_untracked`] is the other's.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn record<Ctx: ?Sized, C: Children<Ctx> + Arity, K: Latches, O: Observer + ?Sized>(
    n: u8,
    masks: &mut u32,
    children: &mut C,
    all: &mut C::All,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
    i: usize,
    status: Status,
    failures_plus_n: &mut usize,
) -> Status {
    let shift = <Kept<C, K> as MaskPair>::SHIFT;
    match status {
        Status::Success => {
            let done = (*masks | (1 << i)) & !(1 << (i as u32 + shift));
            *masks = done;
            if (done & ((1 << shift) - 1)).count_ones() >= u32::from(n) {
                finish::<Ctx, C, K, O>(masks, children, all, ctx, obs, first_id);
                return Status::Success;
            }
        }
        Status::Failure => {
            *masks &= !(1 << (i as u32 + shift));
            *failures_plus_n += 1;
            if *failures_plus_n > children.len() {
                finish::<Ctx, C, K, O>(masks, children, all, ctx, obs, first_id);
                return Status::Failure;
            }
        }
        Status::Running => *masks |= 1 << (i as u32 + shift),
    }
    Status::Running
}

/// Ends the activation: halts the running children, in order (those of the high mask, or, without
/// one, those whose state says they run), and clears both masks.
#[inline(always)]
fn finish<Ctx: ?Sized, C: Children<Ctx> + Arity, K: Latches, O: Observer + ?Sized>(
    masks: &mut u32,
    children: &mut C,
    all: &mut C::All,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
) {
    if tracks_running::<C, K>() {
        let running = (*masks >> <Kept<C, K> as MaskPair>::SHIFT) as u16;
        if running != 0 {
            children.halt_masked(running, all, ctx, obs, first_id);
        }
    } else {
        children.halt_running(all, ctx, obs, first_id);
    }
    *masks = 0;
}

/// Whether the parallel keeps a mask of its running children (set as each child answers) rather
/// than asking the children's states which of them run when it completes: with one or two
/// children, asking is a load or two, cheaper than keeping the mask on every tick; children
/// known only at run time keep that mask themselves (`bt::dynamic::DynAll`), one load too.
#[inline(always)]
const fn tracks_running<C: Arity + ChildStates, K: Latches>() -> bool {
    K::LATCHES && !C::DYNAMIC && C::LEN > 2
}

/// The masks a parallel over `C` with a threshold kept as `K` keeps (none for `parallel(1)`).
type Kept<C, K> = <K as Latches>::Kept<<C as ChildStates>::Masks>;

/// [`record`] for a parallel without a running mask: the success mask is updated in place, and
/// on completion the children are asked which of them run.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn record_untracked<Ctx: ?Sized, C: Children<Ctx> + Arity, K: Latches, O: Observer + ?Sized>(
    n: u8,
    kept: &mut Kept<C, K>,
    children: &mut C,
    all: &mut C::All,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
    i: usize,
    status: Status,
    failures_plus_n: &mut usize,
) -> Status {
    match status {
        Status::Success => {
            let done = kept.get() | (1 << i);
            kept.set(done);
            if done.count_ones() >= u32::from(n) {
                kept.set(0);
                children.halt_running(all, ctx, obs, first_id);
                return Status::Success;
            }
        }
        Status::Failure => {
            *failures_plus_n += 1;
            if *failures_plus_n > children.len() {
                kept.set(0);
                children.halt_running(all, ctx, obs, first_id);
                return Status::Failure;
            }
        }
        Status::Running => {}
    }
    Status::Running
}

impl<C: Arity, K: Count<u8>> Parallel<C, K> {
    /// A parallel over the tuple `children` that succeeds once `n` children have succeeded; `n` is
    /// a `usize`, or a [`Const`](crate::Const) for a threshold fixed at compile time.
    ///
    /// # Panics
    ///
    /// If `n` is 0 or greater than 16 (the most children a composite can have). A `usize` `n`
    /// above the number of children counts as "all children"; a `Const` one panics. `bt!` checks
    /// literal thresholds at compile time.
    #[inline(never)]
    pub fn new<T: crate::Threshold<Stored = K>>(n: T, children: C) -> Self {
        let n = n.store(children.arity());
        Parallel { children, n }
    }

    /// The success threshold `n` (an `n` above the number of children reads as that number).
    #[inline]
    pub fn threshold(&self) -> usize {
        self.n.get() as usize
    }
}

impl<C, K> Parallel<C, K> {
    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

/// Every child's state, and two masks of the children: those that succeeded in this activation
/// and those running.
impl<C: ChildStates + Arity, K: Latches> Activation for Parallel<C, K> {
    type Active = (C::All, Kept<C, K>);

    /// A parallel returns `Running` only while a child runs or a success is latched: with no
    /// success latched and no child running, every child failed in the tick, and it failed.
    #[inline(always)]
    fn is_running(active: &(C::All, Kept<C, K>)) -> bool {
        active.1.get() != 0 || (!tracks_running::<C, K>() && C::running_mask(&active.0) != 0)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx> + Arity, K: Count<u8> + Latches> Node<Ctx> for Parallel<C, K> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::All, Kept<C, K>),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let n = self.n.get();
        let (all, kept) = active;
        if !tracks_running::<C, K>() {
            let mut failures_plus_n = n as usize;
            return self.children.tick_unmasked(
                all,
                kept.get() as u16,
                ctx,
                obs,
                id + 1,
                #[inline(always)]
                |children, all, ctx, obs, i, status| {
                    record_untracked::<Ctx, C, K, O>(
                        n,
                        kept,
                        children,
                        all,
                        ctx,
                        obs,
                        id + 1,
                        i,
                        status,
                        &mut failures_plus_n,
                    )
                },
            );
        }
        let mut masks = kept.get();
        // Failures this tick, plus `n`: more than `LEN` means `n` successes became impossible.
        let mut failures_plus_n = n as usize;
        // Latched successes are skipped; every other child is ticked, in order, until the
        // outcome is decided. (The skip mask's bits at and above `LEN` are not read: for up to 8
        // children the running mask above bit 8 is ignored, for more it is cut off.)
        let status = self.children.tick_unmasked(
            all,
            masks as u16,
            ctx,
            obs,
            id + 1,
            #[inline(always)]
            |children, all, ctx, obs, i, status| {
                record::<Ctx, C, K, O>(
                    n,
                    &mut masks,
                    children,
                    all,
                    ctx,
                    obs,
                    id + 1,
                    i,
                    status,
                    &mut failures_plus_n,
                )
            },
        );
        kept.set(masks);
        status
    }

    #[inline(never)]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::All, Kept<C, K>),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        let (all, kept) = active;
        let mut masks = kept.get();
        finish::<Ctx, C, K, O>(&mut masks, &mut self.children, all, ctx, obs, id + 1);
        kept.set(0);
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::{Kept, Parallel, tracks_running};
    use crate::active::MaskPair;
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, PersistChildren, at_most};
    use crate::{Activation, Arity, Count, Latches, NodeId, PersistNode};

    /// The children that have succeeded in the activation in progress (a bit each); which run is
    /// told by their entries.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        succeeded: u16,
    }

    impl<Ctx: ?Sized, C: PersistChildren<Ctx> + Arity, K: Count<u8> + Latches> PersistNode<Ctx>
        for Parallel<C, K>
    {
        type Loaded = C::Loaded;

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.u64(u64::from(self.n.get()));
            self.children.fingerprint_all(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &(C::All, Kept<C, K>),
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            let shift = <Kept<C, K> as MaskPair>::SHIFT;
            let succeeded = (active.1.get() & ((1 << shift) - 1)) as u16;
            w.entry(id, Self::is_running(active), &Entry { succeeded })?;
            self.children.save_all(&active.0, ctx, id, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(C::Loaded, (C::All, Kept<C, K>)), R::Error> {
            let Entry { succeeded } = r.entry(id)?;
            let len = self.children.len();
            at_most(r, id, "succeeded", u64::from(succeeded), (1 << len) - 1)?;
            let n = u32::from(self.n.get());
            if succeeded.count_ones() >= n {
                return Err(r.invalid(
                    id,
                    Invalid::Inconsistent(
                        "as many children have succeeded as it needs, so it cannot be running",
                    ),
                ));
            }
            let (loaded, all) = self.children.load_all(ctx, id, r)?;
            let running = C::running_mask(&all);
            if running & succeeded != 0 {
                return Err(r.invalid(id, Invalid::Inconsistent("a child is both running and succeeded")));
            }
            let mut masks = Kept::<C, K>::default();
            if tracks_running::<C, K>() {
                masks.set(u32::from(succeeded) | u32::from(running) << <Kept<C, K> as MaskPair>::SHIFT);
            } else {
                masks.set(u32::from(succeeded));
            }
            Ok((loaded, (all, masks)))
        }

        fn apply(&mut self, loaded: C::Loaded, ctx: &Ctx) {
            self.children.apply_all(loaded, ctx);
        }
    }
}
