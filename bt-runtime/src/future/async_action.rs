use core::fmt;
use core::future::Future;
use core::pin::Pin;
use core::task::{Context, Poll};

use super::{IntoStatus, StartFuture, WakeSignal};
use crate::{Activation, Node, NodeId, Observer, Status};

/// An action whose work is a [`Future`]: started when the activation starts, polled once per
/// tick, dropped — which cancels it — when the action is halted. Made by
/// [`async_action`](crate::async_action), [`async_action_unpin`](crate::async_action_unpin) or
/// [`spawn_action`](crate::spawn_action), or by [`AsyncAction::new`] from a [`StartFuture`].
///
/// It is a [`Node`], a leaf of its own (not an [`Action`](crate::Action): it has no hooks to
/// write, the future is the work). Each tick:
///
/// * on the first tick of an activation, `start` is called with the context and returns the
///   future; it is polled in that same tick, so a future that is ready at once completes the
///   action on its first tick;
/// * on every tick, the future is polled **once**, with the action's own waker (see
///   [`WakeSignal`]). `Pending` makes the tick `Running`. With
///   [`polled_when_woken`](AsyncAction::polled_when_woken), a tick on which the waker was not
///   woken since the last poll returns `Running` without polling;
/// * when the future resolves, it is dropped in that tick and its output, as a status
///   ([`IntoStatus`]), is the tick's status: `Success` or `Failure` ends the activation (the next
///   tick starts a new future); an output of `Running` keeps the activation going and the next
///   tick starts a new future from `start` (a future that checks something once per start);
/// * **halted, it drops the future: drop is cancellation.** The future stops at the `.await` it
///   was suspended in and never runs again; its destructors run in the halt, on the tree's
///   thread. A timer it awaited is deregistered, a channel it awaited is closed on its side, a
///   request it made is abandoned (whatever the other end does about it). For a task running on
///   an executor, the [`Spawned`](crate::Spawned) handle aborts it when dropped;
/// * [`reset`](Node::reset) drops a future too (there is none while the action is idle).
///
/// Nothing happens between ticks on the tree's side: a future polled in place advances only
/// when it is polled, once per tick. A waker that is woken does not tick the tree; it records
/// the wake-up, which the next tick reads. Work that must go on between ticks belongs on an
/// executor ([`spawn_action`](crate::spawn_action)), and only its handle is polled.
///
/// The future is a value of its own, living across ticks: it cannot borrow the context. The
/// closure copies or clones what the work needs out of the context; the work reports through
/// its output (the status) or through shared state the context holds (a channel, a cell).
///
/// Compared with BehaviorTree.CPP: its `ThreadedAction` runs the work on a thread and halts it
/// by setting a flag that the work must check, waiting for the thread to notice; its
/// `CoroActionNode` resumes a coroutine once per tick and destroys it on halt. `AsyncAction` is
/// the latter with Rust futures: resumed once per tick on the tree's thread, cancelled at once,
/// by drop, with nothing to wait for. BehaviorTree.CPP's `emitWakeUpSignal` (an action asking
/// the tree for an early tick) is [`notifying`](AsyncAction::notifying): the action's wake-ups
/// are passed on to a waker of the program's.
///
/// State: in the node, the start closure, the future while running, the waker (an `Arc` of a flag
/// with `alloc`, allocated once when the action is made, see [`WakeSignal`]) and one flag (whether
/// it polls only when woken); its active state is one flag, whether it is running. Polling
/// allocates nothing; [`async_action`](crate::async_action) allocates the future's `Box` when
/// the activation starts.
pub struct AsyncAction<S, Fut> {
    start: S,
    future: Option<Fut>,
    signal: WakeSignal,
    when_woken: bool,
}

impl<S, Fut> AsyncAction<S, Fut> {
    /// An action that starts its future with `start`, idle. Polls on every tick.
    #[inline]
    pub fn new(start: S) -> Self {
        AsyncAction { start, future: None, signal: WakeSignal::new(), when_woken: false }
    }

    /// Polls the future only on ticks on which its waker was woken since the last poll, and
    /// returns `Running` without polling on the others. The first poll of each future always
    /// happens.
    ///
    /// This saves the poll of a future that is still waiting (a future may do work in each
    /// poll, and a deep one walks down its state machine every time). It relies on the future waking its
    /// waker when it can make progress, as the `Future` contract says: a future that returns
    /// `Pending` without arranging a wake-up is never polled again. Without the `alloc` feature,
    /// or after [`with_noop_waker`](AsyncAction::with_noop_waker), the waker records nothing
    /// ([`WakeSignal::records`]) and the action polls on every tick.
    #[inline]
    pub fn polled_when_woken(mut self) -> Self {
        self.when_woken = true;
        self
    }

    /// Polls with [`Waker::noop`](core::task::Waker::noop) rather than a recording waker (see
    /// [`WakeSignal`]): frees the waker's allocation, and the action polls on every tick,
    /// whatever [`polled_when_woken`](AsyncAction::polled_when_woken) says. This is what the
    /// action does without the `alloc` feature.
    #[inline]
    pub fn with_noop_waker(mut self) -> Self {
        self.signal = WakeSignal::noop();
        self
    }

    /// Passes every wake-up of the action's waker on to `notify`, the program's own waker, as
    /// well as recording it (feature `alloc`): a program that ticks its tree at a slow rate, or
    /// only when something happens, learns that this action's work can make progress and can
    /// tick early (BehaviorTree.CPP's `emitWakeUpSignal`). Give every async leaf of a tree the
    /// same `notify`. Replaces the action's waker (call it before the first tick).
    #[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
    #[inline]
    pub fn notifying(mut self, notify: core::task::Waker) -> Self {
        self.signal = WakeSignal::notifying(notify);
        self
    }

    /// Whether the waker was woken since the last poll (always `true` when the waker records
    /// nothing, see [`with_noop_waker`](AsyncAction::with_noop_waker)). A future
    /// that was woken can make progress: a program can read this to decide to tick its tree
    /// now rather than at its usual rate.
    #[inline]
    pub fn woken(&self) -> bool {
        self.signal.woken()
    }

    /// The waker the future is polled with: wake it to have the next tick poll the future under
    /// [`polled_when_woken`](AsyncAction::polled_when_woken).
    #[inline]
    pub fn waker(&self) -> &core::task::Waker {
        self.signal.waker()
    }

    /// Whether a future is running (started and not yet resolved, halted or dropped).
    #[inline]
    pub fn is_started(&self) -> bool {
        self.future.is_some()
    }

    /// The start closure (or value).
    #[inline]
    pub fn start(&self) -> &S {
        &self.start
    }
}

/// Whether the action returned `Running` on its last tick (and was not halted since). The future
/// itself stays in the node.
impl<S, Fut> Activation for AsyncAction<S, Fut> {
    type Active = bool;

    #[inline(always)]
    fn is_running(active: &bool) -> bool {
        *active
    }
}

impl<Ctx: ?Sized, S, Fut> Node<Ctx> for AsyncAction<S, Fut>
where
    S: StartFuture<Ctx, Future = Fut>,
    Fut: Future + Unpin,
    Fut::Output: IntoStatus,
{
    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut bool,
        ctx: &mut Ctx,
        _: &mut O,
        _: NodeId,
    ) -> Status {
        let status = self.poll_once(ctx);
        *active = status == Status::Running;
        status
    }

    /// Drops the future: the cancellation.
    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, active: &mut bool, _: &mut Ctx, _: &mut O, _: NodeId) {
        *active = false;
        self.future = None;
    }

    #[inline]
    fn reset(&mut self) {
        self.future = None;
    }
}

impl<S, Fut> AsyncAction<S, Fut> {
    /// One tick's work: starts the future if there is none, polls it once (or not, when it waits
    /// for a wake-up), and drops it once it resolved.
    #[inline(always)]
    fn poll_once<Ctx: ?Sized>(&mut self, ctx: &mut Ctx) -> Status
    where
        S: StartFuture<Ctx, Future = Fut>,
        Fut: Future + Unpin,
        Fut::Output: IntoStatus,
    {
        let future = match &mut self.future {
            Some(future) => {
                if !self.signal.take() && self.when_woken {
                    return Status::Running;
                }
                future
            }
            None => {
                self.signal.take();
                self.future.insert(self.start.start(ctx))
            }
        };
        match Pin::new(future).poll(&mut Context::from_waker(self.signal.waker())) {
            Poll::Pending => Status::Running,
            Poll::Ready(out) => {
                self.future = None;
                out.into_status()
            }
        }
    }
}

impl<S, Fut> fmt::Debug for AsyncAction<S, Fut> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AsyncAction")
            .field("started", &self.future.is_some())
            .field("woken", &self.signal.woken())
            .field("polled_when_woken", &self.when_woken)
            .finish_non_exhaustive()
    }
}
