//! More node kinds in the [`dynbt`](crate::dynbt) style (`Box<dyn Node>`, children in a `Vec`,
//! a virtual call per child), for the benchmark trees that use them. As there, the semantics are
//! `bt`'s, so that every variant of a tree simulates the same world.

use core::time::Duration;

use bt::{Clock, Status};

use crate::dynbt::{BoxNode, Node};

/// Ticks its child at most once per period; `Running` while it waits (Nav2's `RateController`).
pub struct RateController<Ctx> {
    child: BoxNode<Ctx>,
    period: Duration,
    /// When the throttle was last (re)started; `None` while it is not armed.
    start: Option<Duration>,
    child_running: bool,
}

impl<Ctx> RateController<Ctx> {
    /// At most `hz` ticks of `child` per second.
    pub fn new(hz: f64, child: BoxNode<Ctx>) -> Self {
        RateController { child, period: Duration::from_secs_f64(1.0 / hz), start: None, child_running: false }
    }
}

impl<Ctx: Clock> Node<Ctx> for RateController<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        let now = ctx.now();
        match self.start {
            None => self.start = Some(now),
            Some(start) => {
                if !self.child_running && now.saturating_sub(start) < self.period {
                    return Status::Running;
                }
            }
        }
        let status = self.child.update(ctx);
        self.child_running = status == Status::Running;
        if status == Status::Success {
            self.start = Some(ctx.now());
        }
        status
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        self.start = None;
        if self.child_running {
            self.child_running = false;
            self.child.reset(ctx);
        }
    }
}
