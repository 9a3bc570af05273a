//! Decorators: nodes with exactly one child that change how it runs or what it returns.
//!
//! One node per file; each file's docs state the node's semantics tick by tick.

/// Defines a decorator with no state of its own that maps its child's completed status; `Running`
/// passes through and halting halts the child.
macro_rules! status_map_decorator {
    ($(#[$doc:meta])* $name:ident, |$s:ident| $map:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default)]
        pub struct $name<N> {
            child: N,
        }

        impl<N> $name<N> {
            /// Decorates `child`.
            #[inline(never)]
            pub const fn new(child: N) -> Self {
                $name { child }
            }

            /// The child.
            #[inline]
            pub fn child(&self) -> &N {
                &self.child
            }
        }

        /// The child's active state: the decorator runs exactly while its child does.
        impl<N: $crate::Activation> $crate::Activation for $name<N> {
            type Active = N::Active;

            #[inline(always)]
            fn is_running(active: &N::Active) -> bool {
                N::is_running(active)
            }
        }

        impl<Ctx: ?Sized, N: $crate::Node<Ctx>> $crate::Node<Ctx> for $name<N> {
            const SIZE: usize = 1 + N::SIZE;
            const SKIPS: bool = N::SKIPS;

            #[inline(always)]
            fn tick_with<O: $crate::Observer + ?Sized>(
                &mut self,
                active: &mut N::Active,
                ctx: &mut Ctx,
                obs: &mut O,
                id: $crate::NodeId,
            ) -> $crate::Status {
                if N::SKIPS {
                    return self.tick_skip(active, ctx, obs, id).or_success();
                }
                match $crate::tick_child(&mut self.child, active, ctx, obs, id + 1) {
                    $crate::Status::Running => $crate::Status::Running,
                    $s => $map,
                }
            }

            /// A skipped child skips this node too.
            #[inline(always)]
            fn tick_skip<O: $crate::Observer + ?Sized>(
                &mut self,
                active: &mut N::Active,
                ctx: &mut Ctx,
                obs: &mut O,
                id: $crate::NodeId,
            ) -> $crate::Outcome {
                if !N::SKIPS {
                    return $crate::Outcome::from(self.tick_with(active, ctx, obs, id));
                }
                match $crate::tick_child_skip(&mut self.child, active, ctx, obs, id + 1) {
                    $crate::Outcome::Running => $crate::Outcome::Running,
                    $crate::Outcome::Skipped => $crate::Outcome::Skipped,
                    $crate::Outcome::Success => $crate::Outcome::from({ let $s = $crate::Status::Success; $map }),
                    $crate::Outcome::Failure => $crate::Outcome::from({ let $s = $crate::Status::Failure; $map }),
                }
            }

            #[inline(never)]
            fn halt_with<O: $crate::Observer + ?Sized>(
                &mut self,
                active: &mut N::Active,
                ctx: &mut Ctx,
                obs: &mut O,
                id: $crate::NodeId,
            ) {
                $crate::halt_child(&mut self.child, active, ctx, obs, id + 1);
            }

            #[inline]
            fn reset(&mut self) {
                self.child.reset();
            }
        }

        #[cfg(feature = "serde")]
        $crate::persist::transparent_decorator!($name);
    };
}

/// Halts `child` (whose id is `id`) if its active state says it is running; returns whether it
/// halted it. A child that completed (or was never ticked) is idle and is not halted.
#[inline(always)]
fn halt_if_running<Ctx: ?Sized, N: crate::Node<Ctx>, O: crate::Observer + ?Sized>(
    child: &mut N,
    active: &mut N::Active,
    ctx: &mut Ctx,
    obs: &mut O,
    id: crate::NodeId,
) -> bool {
    let was_running = N::is_running(active);
    if was_running {
        crate::halt_child(child, active, ctx, obs, id);
    }
    was_running
}

pub mod conditions;
mod cooldown;
mod delay;
mod force_failure;
mod force_success;
mod guard;
mod invert;
mod precondition;
mod rate_controller;
mod repeat;
mod repeat_forever;
mod retry;
mod run_once;
pub(crate) mod service;
mod timeout;
mod until_failure;
mod until_success;

pub use conditions::{Conditioned, Conditions};
pub use cooldown::Cooldown;
pub use delay::Delay;
pub use force_failure::ForceFailure;
pub use force_success::ForceSuccess;
pub use guard::Guard;
pub use invert::Invert;
pub use precondition::Precondition;
pub use rate_controller::RateController;
pub use repeat::Repeat;
pub use repeat_forever::RepeatForever;
pub use retry::Retry;
pub use run_once::{OnceMode, RunOnce, ThenRepeat, ThenSkip};
pub use service::Service;
pub use timeout::Timeout;
pub use until_failure::UntilFailure;
pub use until_success::UntilSuccess;
