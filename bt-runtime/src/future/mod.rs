//! Leaves that await: an action whose work is a [`Future`].
//!
//! [`AsyncAction`] starts a future when its activation starts, polls it once per tick, returns
//! `Running` until it resolves to a status, and **drops it when halted: dropping a future is
//! how it is cancelled**. Three ways to make one:
//!
//! * [`async_action`] (feature `alloc`) — any future, `async` blocks included:
//!   `{ async_action(|r: &mut Robot| r.client.send_goal(goal)) }`. The future is pinned in a
//!   `Box` when it starts (one allocation per activation, none per tick).
//! * [`async_action_unpin`] — a future that is [`Unpin`] (a hand-written future, a task handle, a
//!   future already boxed): not boxed, and no `alloc` needed.
//! * [`spawn_action`] — the future runs on an executor of its own (tokio, smol, …): the closure
//!   spawns it and returns the executor's handle, which the leaf polls; halting the leaf aborts
//!   the task through the closure given for that. `bt` does not depend on any executor.
//!
//! The guide [`guide::async_actions`](crate::guide::async_actions) shows all three, with tokio,
//! and what the waker records.

use core::future::Future;

use crate::Status;

mod async_action;
mod spawned;
mod wake;

pub use async_action::AsyncAction;
pub use spawned::{SpawnWith, Spawned};
pub use wake::WakeSignal;

/// Starts the future of an [`AsyncAction`] from the context, on the first tick of each activation
/// (and again after a future resolved to `Running`).
///
/// Every closure `FnMut(&mut Ctx) -> Fut` is one. The future is a value of its own, which lives
/// across ticks, so it cannot borrow the context: the closure copies what the work needs out of
/// the context (or clones a handle to it: a client, a channel's sender) and moves it into the
/// future. Implement the trait for a type of your own to name the leaf's type, as a named tree
/// must (see the guide).
pub trait StartFuture<Ctx: ?Sized> {
    /// The future started; [`AsyncAction`] polls it through `Pin::new`, so it is [`Unpin`].
    type Future: Future + Unpin;

    /// Starts the work.
    fn start(&mut self, ctx: &mut Ctx) -> Self::Future;
}

impl<Ctx: ?Sized, F, Fut> StartFuture<Ctx> for F
where
    F: FnMut(&mut Ctx) -> Fut,
    Fut: Future + Unpin,
{
    type Future = Fut;

    #[inline]
    fn start(&mut self, ctx: &mut Ctx) -> Fut {
        self(ctx)
    }
}

/// What a future of an [`AsyncAction`] resolves to, as a [`Status`].
///
/// * [`Status`] as it is;
/// * `bool`: `true` is success, `false` failure;
/// * `()`: success (the work is done);
/// * `Result<T, E>`: `Ok(t)` is `t`'s status, `Err(_)` is failure — so the `Result<Status, JoinError>`
///   of a tokio `JoinHandle<Status>` is the task's status, or failure if the task panicked or
///   was cancelled.
pub trait IntoStatus {
    /// The status.
    fn into_status(self) -> Status;
}

impl IntoStatus for Status {
    #[inline]
    fn into_status(self) -> Status {
        self
    }
}

impl IntoStatus for bool {
    #[inline]
    fn into_status(self) -> Status {
        Status::from_bool(self)
    }
}

impl IntoStatus for () {
    #[inline]
    fn into_status(self) -> Status {
        Status::Success
    }
}

impl<T: IntoStatus, E> IntoStatus for Result<T, E> {
    #[inline]
    fn into_status(self) -> Status {
        self.map_or(Status::Failure, IntoStatus::into_status)
    }
}

/// The start of [`async_action`]: pins the closure's future in a `Box` (feature `alloc`).
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, Debug, Default)]
pub struct Boxed<F>(pub F);

#[cfg(feature = "alloc")]
impl<Ctx: ?Sized, F, Fut> StartFuture<Ctx> for Boxed<F>
where
    F: FnMut(&mut Ctx) -> Fut,
    Fut: Future,
{
    type Future = core::pin::Pin<alloc::boxed::Box<Fut>>;

    #[inline]
    fn start(&mut self, ctx: &mut Ctx) -> Self::Future {
        alloc::boxed::Box::pin((self.0)(ctx))
    }
}

/// An action whose work is the future `start` returns, for any future (`async` blocks
/// included): the future is pinned in a `Box` when it starts (feature `alloc`). See
/// [`AsyncAction`] for the semantics.
///
/// ```
/// use bt::{Status, async_action, bt};
///
/// struct Robot { goal: u32, reached: std::rc::Rc<std::cell::Cell<u32>> }
///
/// let mut tree = bt! {
///     Robot => sequence<
///         { async_action(|r: &mut Robot| {
///             let (goal, reached) = (r.goal, r.reached.clone());
///             async move {
///                 // The work of a real robot awaits its client here.
///                 reached.set(goal);
///                 Status::Success
///             }
///         }) },
///         { |r: &Robot| r.reached.get() == 7 },
///     >
/// };
/// let mut robot = Robot { goal: 7, reached: Default::default() };
/// assert_eq!(tree.tick(&mut robot), Status::Success);
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn async_action<Ctx: ?Sized, F, Fut>(
    start: F,
) -> AsyncAction<Boxed<F>, core::pin::Pin<alloc::boxed::Box<Fut>>>
where
    F: FnMut(&mut Ctx) -> Fut,
    Fut: Future,
{
    AsyncAction::new(Boxed(start))
}

/// An action whose work is the [`Unpin`] future `start` returns, polled where it is: no `Box`,
/// no `alloc` needed. See [`AsyncAction`] for the semantics.
#[inline]
pub fn async_action_unpin<Ctx: ?Sized, F, Fut>(start: F) -> AsyncAction<F, Fut>
where
    F: FnMut(&mut Ctx) -> Fut,
    Fut: Future + Unpin,
{
    AsyncAction::new(start)
}

/// An action whose work runs on an executor: `spawn` spawns the task and returns its handle (a
/// future resolving to the task's output, such as tokio's `JoinHandle`), which the leaf polls
/// once per tick; `abort` is called on the handle when the task must stop before it finished —
/// when the leaf is halted, or dropped while running (see [`Spawned`]). See [`AsyncAction`] for
/// the semantics.
///
/// ```
/// use bt::{Status, bt, spawn_action};
/// use tokio::task::JoinHandle;
///
/// struct Robot { runtime: tokio::runtime::Handle, goal: u32 }
///
/// async fn navigate(goal: u32) -> Status {
///     Status::from_bool(goal > 0) // a real drive awaits its motion here
/// }
///
/// let runtime = tokio::runtime::Runtime::new().unwrap();
/// let mut tree = bt! {
///     Robot => { spawn_action(
///         |r: &mut Robot| r.runtime.spawn(navigate(r.goal)),
///         |task: &mut JoinHandle<Status>| task.abort(),
///     ) }
/// };
/// let mut robot = Robot { runtime: runtime.handle().clone(), goal: 3 };
/// while tree.tick(&mut robot) == Status::Running {
///     std::thread::yield_now();
/// }
/// ```
#[inline]
pub fn spawn_action<Ctx: ?Sized, F, H, A>(spawn: F, abort: A) -> AsyncAction<SpawnWith<F, A>, Spawned<H, A>>
where
    F: FnMut(&mut Ctx) -> H,
    H: Future + Unpin,
    A: FnMut(&mut H) + Clone + Unpin,
{
    AsyncAction::new(SpawnWith::new(spawn, abort))
}
