//! A task running on an executor, seen from the tree: its handle, aborted when dropped unfinished.

use core::fmt;
use core::future::Future;
use core::pin::Pin;
use core::task::{Context, Poll};

use super::StartFuture;

/// The handle of a task that runs on an executor of its own (tokio, smol, a thread pool), as
/// the future of an [`AsyncAction`](crate::AsyncAction): polling it polls the handle, and
/// **dropping it before the handle resolved calls `abort` on the handle**.
///
/// Executors differ in what dropping a handle does: smol's `Task` cancels the task, tokio's
/// `JoinHandle` detaches it and lets it run on. `Spawned` makes both behave like a future
/// polled in place, where drop is cancellation: give tokio's `JoinHandle::abort` as `abort`
/// (for smol, `|_| {}` is enough, the drop itself cancels). It is called when the leaf is
/// halted, and also when the leaf, or the whole tree, is dropped while the task runs.
///
/// The handle is polled once per tick of the leaf; the task itself makes progress on the
/// executor's threads in the meantime.
pub struct Spawned<H, A: FnMut(&mut H)> {
    handle: H,
    abort: A,
    finished: bool,
}

impl<H, A: FnMut(&mut H)> Spawned<H, A> {
    /// Wraps the handle of a task that has just been spawned.
    #[inline]
    pub fn new(handle: H, abort: A) -> Self {
        Spawned { handle, abort, finished: false }
    }

    /// The executor's handle.
    #[inline]
    pub fn handle(&self) -> &H {
        &self.handle
    }

    /// Whether the handle has resolved (the task finished, and its output was taken).
    #[inline]
    pub fn is_finished(&self) -> bool {
        self.finished
    }
}

impl<H: Future + Unpin, A: FnMut(&mut H) + Unpin> Future for Spawned<H, A> {
    type Output = H::Output;

    #[inline]
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<H::Output> {
        let this = self.get_mut();
        let out = Pin::new(&mut this.handle).poll(cx);
        if out.is_ready() {
            this.finished = true;
        }
        out
    }
}

impl<H, A: FnMut(&mut H)> Drop for Spawned<H, A> {
    fn drop(&mut self) {
        if !self.finished {
            (self.abort)(&mut self.handle);
        }
    }
}

impl<H, A: FnMut(&mut H)> fmt::Debug for Spawned<H, A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Spawned").field("finished", &self.finished).finish_non_exhaustive()
    }
}

/// The start of [`spawn_action`](crate::spawn_action): spawns with one closure, wraps the handle
/// in a [`Spawned`] that aborts with the other.
#[derive(Clone, Copy, Debug, Default)]
pub struct SpawnWith<F, A> {
    spawn: F,
    abort: A,
}

impl<F, A> SpawnWith<F, A> {
    /// Spawns with `spawn`, aborts with `abort`.
    #[inline]
    pub const fn new(spawn: F, abort: A) -> Self {
        SpawnWith { spawn, abort }
    }
}

impl<Ctx: ?Sized, F, H, A> StartFuture<Ctx> for SpawnWith<F, A>
where
    F: FnMut(&mut Ctx) -> H,
    H: Future + Unpin,
    A: FnMut(&mut H) + Clone + Unpin,
{
    type Future = Spawned<H, A>;

    #[inline]
    fn start(&mut self, ctx: &mut Ctx) -> Spawned<H, A> {
        Spawned::new((self.spawn)(ctx), self.abort.clone())
    }
}
