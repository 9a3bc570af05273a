use super::halt_if_running;
use crate::{Activation, Node, NodeId, Observer, Status, tick_child};

/// `run_once(child)`: runs the child to completion once, then keeps returning that result without
/// ticking the child again (BehaviorTree.CPP's `RunOnce` with `then_skip = false`).
///
/// Each tick:
///
/// * before the child has completed, the child is ticked and its status returned (the child may run
///   over several ticks);
/// * once it has completed (`Success` or `Failure`), every later tick returns that status at once.
///
/// Halting it while the child runs halts the child; the run did not complete, so the next tick
/// starts it again. [`reset`](RunOnce::reset) forgets a stored result. State: the stored result in
/// the node; its active state is the child's (the node runs exactly while its child does).
///
/// `run_once(then_skip = true)<child>` ([`RunOnce::then_skip`], type parameter [`ThenSkip`]) is
/// BehaviorTree.CPP's default: once the child has completed, every later tick is skipped
/// ([`Outcome::Skipped`](crate::Outcome::Skipped)) instead of repeating its result.
#[derive(Clone, Debug, Default)]
pub struct RunOnce<N, M = ThenRepeat> {
    child: N,
    result: Option<Status>,
    mode: core::marker::PhantomData<M>,
}

/// What a [`RunOnce`] does after its child has completed: implemented by [`ThenRepeat`] and
/// [`ThenSkip`].
pub trait OnceMode {
    /// Whether it is skipped then (otherwise it returns the child's result).
    const SKIP: bool;
}

/// `run_once(child)`: the result, repeated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ThenRepeat;

/// `run_once(then_skip = true)<child>`: skipped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ThenSkip;

impl OnceMode for ThenRepeat {
    const SKIP: bool = false;
}

impl OnceMode for ThenSkip {
    const SKIP: bool = true;
}

impl<N> RunOnce<N> {
    /// Runs `child` once, then keeps returning its result.
    #[inline]
    pub const fn new(child: N) -> Self {
        RunOnce { child, result: None, mode: core::marker::PhantomData }
    }
}

impl<N> RunOnce<N, ThenSkip> {
    /// Runs `child` once, then is skipped.
    #[inline]
    pub const fn then_skip(child: N) -> Self {
        RunOnce { child, result: None, mode: core::marker::PhantomData }
    }
}

impl<N, M> RunOnce<N, M> {
    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// The child's result, once it has completed.
    #[inline]
    pub fn result(&self) -> Option<Status> {
        self.result
    }

    /// Forgets the stored result, so the next tick runs the child again.
    #[inline]
    pub fn reset(&mut self) {
        self.result = None;
    }
}

/// The child's active state: the node runs exactly while its child does.
impl<N: Activation, M> Activation for RunOnce<N, M> {
    type Active = N::Active;

    #[inline(always)]
    fn is_running(active: &N::Active) -> bool {
        N::is_running(active)
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>, M: OnceMode> Node<Ctx> for RunOnce<N, M> {
    const SIZE: usize = 1 + N::SIZE;
    const SKIPS: bool = N::SKIPS || M::SKIP;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if <Self as Node<Ctx>>::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        if let Some(result) = self.result {
            return result;
        }
        let status = tick_child(&mut self.child, active, ctx, obs, id + 1);
        if status.is_done() {
            self.result = Some(status);
        }
        status
    }

    /// As [`tick_with`](Node::tick_with); a skipped child skips this node, which returns to idle.
    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> crate::Outcome {
        if !<Self as Node<Ctx>>::SKIPS {
            return crate::Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        if let Some(result) = self.result {
            return if M::SKIP { crate::Outcome::Skipped } else { crate::Outcome::from(result) };
        }
        let outcome = crate::tick_child_skip(&mut self.child, active, ctx, obs, id + 1);
        if let Some(status) = outcome.status().filter(|s| s.is_done()) {
            self.result = Some(status);
        }
        outcome
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        halt_if_running(&mut self.child, active, ctx, obs, id + 1);
    }

    #[inline]
    fn reset(&mut self) {
        self.result = None;
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::{OnceMode, RunOnce};
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter};
    use crate::{NodeId, PersistNode, Status};

    /// The result it keeps once its child has completed.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        result: Option<Status>,
    }

    impl<Ctx: ?Sized, N: PersistNode<Ctx>, M: OnceMode> PersistNode<Ctx> for RunOnce<N, M> {
        type Loaded = (Option<Status>, N::Loaded);

        fn fingerprint(&self, h: &mut Fingerprint) {
            self.child.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &N::Active,
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            w.entry(id, N::is_running(active), &Entry { result: self.result })?;
            self.child.save_nodes(active, ctx, id + 1, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(Self::Loaded, N::Active), R::Error> {
            let Entry { result } = r.entry(id)?;
            if result == Some(Status::Running) {
                return Err(r.invalid(
                    id,
                    Invalid::Inconsistent("the result it keeps is `Running`, not a completed status"),
                ));
            }
            let (loaded, active) = self.child.load_nodes(ctx, id + 1, r)?;
            if result.is_some() && N::is_running(&active) {
                return Err(r.invalid(
                    id,
                    Invalid::Inconsistent("it keeps a result, but its child is still running"),
                ));
            }
            Ok(((result, loaded), active))
        }

        fn apply(&mut self, (result, loaded): Self::Loaded, ctx: &Ctx) {
            self.result = result;
            self.child.apply(loaded, ctx);
        }
    }
}
