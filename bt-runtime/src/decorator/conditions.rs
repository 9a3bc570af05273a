//! Pre- and post-conditions: BehaviorTree.CPP's `_failureIf`, `_successIf`, `_skipIf`, `_while`,
//! `_onSuccess`, `_onFailure`, `_onHalted` and `_post` around a node.

use crate::{Activation, Node, NodeId, Observer, Outcome, Status};

/// The pre-conditions of a node, in the order they are checked ([`Conditions::check`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pre {
    /// `_failureIf`: when it holds on a node that is not running, the node fails without running.
    FailureIf,
    /// `_successIf`: when it holds, the node succeeds without running.
    SuccessIf,
    /// `_skipIf`: when it holds, the node is skipped.
    SkipIf,
    /// `_while`: when it does not hold, the node is skipped; checked on every tick, a running node
    /// whose `_while` no longer holds is halted, and skipped.
    While,
}

/// The post-conditions of a node ([`Conditions::run`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Post {
    /// `_onSuccess`: run when the node succeeds.
    OnSuccess,
    /// `_onFailure`: run when the node fails.
    OnFailure,
    /// `_onHalted`: run when the node is halted.
    OnHalted,
    /// `_post`: run when the node succeeds or fails, after `_onSuccess` or `_onFailure`.
    Post,
}

impl Pre {
    /// The bit of [`Conditions::PRESENT`] that says the condition is there.
    pub const fn bit(self) -> u8 {
        match self {
            Pre::FailureIf => 1,
            Pre::SuccessIf => 2,
            Pre::SkipIf => 4,
            Pre::While => 8,
        }
    }
}

impl Post {
    /// The bit of [`Conditions::PRESENT`] that says the condition is there.
    pub const fn bit(self) -> u8 {
        match self {
            Post::OnSuccess => 16,
            Post::OnFailure => 32,
            Post::OnHalted => 64,
            Post::Post => 128,
        }
    }
}

/// The pre- and post-conditions of a node (BehaviorTree.CPP's `_failureIf`, `_successIf`,
/// `_skipIf`, `_while`, `_onSuccess`, `_onFailure`, `_onHalted` and `_post`), which
/// [`Conditioned`] runs around it. `bt_xml!` writes one for each element that has any, with the
/// scripts compiled; a loaded tree interprets them.
pub trait Conditions<Ctx: ?Sized> {
    /// Which conditions there are: the [`Pre::bit`]s and [`Post::bit`]s of those present. The
    /// others are never asked, at compile time.
    const PRESENT: u8;

    /// Whether pre-condition `which` holds; `None` when it could not be evaluated (the node then
    /// fails).
    fn check(&mut self, which: Pre, ctx: &mut Ctx) -> Option<bool>;

    /// Runs post-condition `which`; `false` when it could not run to its end (the node's result
    /// is then `Failure`; an `_onHalted` that fails changes nothing).
    fn run(&mut self, which: Post, ctx: &mut Ctx) -> bool;
}

/// A node with pre- and post-conditions ([`Conditions`]), as BehaviorTree.CPP runs them around
/// every node (`TreeNode::executeTick`).
///
/// The wrapper is not a node of its own: it has the id of the node it holds, is not in the
/// description, and its parent sees the node's outcome. Each tick:
///
/// * on a node that is not running, `_failureIf`, `_successIf`, `_skipIf` and `_while` are checked
///   in that order: the first `_failureIf` or `_successIf` that holds makes the node fail or
///   succeed without running (and its post-conditions run), a `_skipIf` that holds or a `_while`
///   that does not makes it skipped ([`Outcome::Skipped`]);
/// * on a running node only `_while` is checked: when it no longer holds the node is halted
///   (`_onHalted` runs) and skipped;
/// * otherwise the node is ticked; when it succeeds `_onSuccess` runs, when it fails
///   `_onFailure`, then, in both cases, `_post`. A skipped or running node runs none of them.
///
/// Halting it halts the node, then runs `_onHalted`. A condition that cannot be evaluated (a
/// script reading an entry that has no value, say) makes the node fail, without running it; a
/// post-condition that cannot run to its end makes the node's result `Failure`. (BehaviorTree.CPP
/// throws an exception out of the tick in both cases.) State: the node's own.
#[derive(Clone, Debug, Default)]
pub struct Conditioned<H, N> {
    conditions: H,
    child: N,
}

impl<H, N> Conditioned<H, N> {
    /// The node `child` with the conditions `conditions`.
    #[inline]
    pub const fn new(conditions: H, child: N) -> Self {
        Conditioned { conditions, child }
    }

    /// The node.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// The conditions.
    #[inline]
    pub fn conditions(&self) -> &H {
        &self.conditions
    }

    /// Runs `_onSuccess` or `_onFailure`, then `_post`, for a node that completed with `status`.
    #[inline]
    fn finish<Ctx: ?Sized>(&mut self, status: Status, ctx: &mut Ctx) -> Outcome
    where
        H: Conditions<Ctx>,
    {
        let mut ok = true;
        let post = if status == Status::Success { Post::OnSuccess } else { Post::OnFailure };
        if H::PRESENT & post.bit() != 0 {
            ok &= self.conditions.run(post, ctx);
        }
        if H::PRESENT & Post::Post.bit() != 0 {
            ok &= self.conditions.run(Post::Post, ctx);
        }
        if ok { Outcome::from(status) } else { Outcome::Failure }
    }
}

/// The node's active state: the wrapper runs exactly while its node does.
impl<H, N: Activation> Activation for Conditioned<H, N> {
    type Active = N::Active;

    #[inline(always)]
    fn is_running(active: &N::Active) -> bool {
        N::is_running(active)
    }
}

impl<Ctx: ?Sized, H: Conditions<Ctx>, N: Node<Ctx>> Node<Ctx> for Conditioned<H, N> {
    const SIZE: usize = N::SIZE;
    const PREEMPTS: bool = N::PREEMPTS;
    const SKIPS: bool = N::SKIPS || H::PRESENT & (Pre::SkipIf.bit() | Pre::While.bit()) != 0;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        self.tick_skip(active, ctx, obs, id).or_success()
    }

    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome {
        let has = |p: Pre| H::PRESENT & p.bit() != 0;
        if !N::is_running(active) {
            for (pre, status) in [(Pre::FailureIf, Status::Failure), (Pre::SuccessIf, Status::Success)] {
                if has(pre) {
                    match self.conditions.check(pre, ctx) {
                        None => return Outcome::Failure,
                        Some(true) => return self.finish(status, ctx),
                        Some(false) => {}
                    }
                }
            }
            if has(Pre::SkipIf) {
                match self.conditions.check(Pre::SkipIf, ctx) {
                    None => return Outcome::Failure,
                    Some(true) => return Outcome::Skipped,
                    Some(false) => {}
                }
            }
            if has(Pre::While) {
                match self.conditions.check(Pre::While, ctx) {
                    None => return Outcome::Failure,
                    Some(false) => return Outcome::Skipped,
                    Some(true) => {}
                }
            }
        } else if has(Pre::While) {
            let holds = self.conditions.check(Pre::While, ctx);
            if holds != Some(true) {
                self.halt_with(active, ctx, obs, id);
                return if holds.is_none() { Outcome::Failure } else { Outcome::Skipped };
            }
        }
        let outcome = if N::SKIPS {
            self.child.tick_skip(active, ctx, obs, id)
        } else {
            Outcome::from(self.child.tick_with(active, ctx, obs, id))
        };
        match outcome.status() {
            Some(status) if status.is_done() => self.finish(status, ctx),
            _ => outcome,
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        self.child.halt_with(active, ctx, obs, id);
        if H::PRESENT & Post::OnHalted.bit() != 0 {
            let _ = self.conditions.run(Post::OnHalted, ctx);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.child.reset();
    }

    #[inline(always)]
    fn reset_status(&mut self) {
        self.child.reset_status();
    }

    #[inline]
    fn preempts(&mut self, ctx: &Ctx) -> bool {
        self.child.preempts(ctx)
    }
}

/// The wrapper has no entry of its own: the node it holds has its id.
#[cfg(feature = "serde")]
impl<Ctx: ?Sized, H: Conditions<Ctx>, N: crate::PersistNode<Ctx>> crate::PersistNode<Ctx>
    for Conditioned<H, N>
{
    type Loaded = N::Loaded;

    fn fingerprint(&self, h: &mut crate::persist::Fingerprint) {
        self.child.fingerprint(h);
    }

    fn save_nodes<W: crate::persist::NodeWriter>(
        &self,
        active: &N::Active,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        self.child.save_nodes(active, ctx, id, w)
    }

    fn load_nodes<R: crate::persist::NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(N::Loaded, N::Active), R::Error> {
        self.child.load_nodes(ctx, id, r)
    }

    fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
        self.child.apply(loaded, ctx);
    }
}
