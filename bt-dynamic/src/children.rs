//! `Children` for a run-time list of children: each child ticked through its box, the loops of
//! the composites written as loops.

use bt_runtime::{Children, NodeId, Observer, Outcome, Status};

use crate::{DynAll, DynChildren, DynOne, MAX_CHILDREN};

impl<Ctx: ?Sized, const SKIPS: bool> Children<Ctx> for DynChildren<'_, Ctx, SKIPS> {
    const LEN: usize = MAX_CHILDREN;
    const SIZE: usize = 0;
    const OFFSETS: [usize; 16] = [0; 16];
    const PREEMPTS: bool = true;
    /// The list's `SKIPS`: with `true`, whether a child can actually be skipped is known at run
    /// time (the list knows, and ticks as the plain methods do when none can).
    const SKIPS: bool = SKIPS;

    #[inline]
    fn len(&self) -> usize {
        self.children.len()
    }

    #[inline]
    fn size(&self) -> usize {
        self.size
    }

    #[inline]
    fn tick_child<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        all: &mut DynAll,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status {
        let status = self.tick_at(index, ctx, obs, first_id);
        all.record(index, status);
        status
    }

    #[inline]
    fn halt_child<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        all: &mut DynAll,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) {
        self.halt_at(index, ctx, obs, first_id);
        all.record(index, Status::Failure);
    }

    #[inline]
    fn tick_one<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        one: &mut DynOne,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status {
        let status = self.tick_at(index, ctx, obs, first_id);
        *one = DynOne::at(index, status);
        status
    }

    #[inline]
    fn halt_one<O: Observer + ?Sized>(
        &mut self,
        one: &mut DynOne,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) {
        self.halt_at(usize::from(one.index), ctx, obs, first_id);
        *one = DynOne::IDLE;
    }

    #[inline(always)]
    fn tick_while<O: Observer + ?Sized>(
        &mut self,
        one: &mut DynOne,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status {
        // An idle `one` is at the first child (`DynOne::IDLE`): the index is where to start.
        let from = usize::from(one.index);
        for i in from..self.children.len() {
            let status = self.tick_at(i, ctx, obs, first_id);
            if status != go_on {
                *one = DynOne::at(i, status);
                return status;
            }
        }
        *one = DynOne::IDLE;
        go_on
    }

    #[inline(always)]
    fn tick_reactive<O: Observer + ?Sized>(
        &mut self,
        one: &mut DynOne,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status {
        for i in 0..self.children.len() {
            let status = self.tick_at(i, ctx, obs, first_id);
            if one.running && usize::from(one.index) == i {
                // The running child: it goes on running, or completes.
                if status == Status::Running {
                    return Status::Running;
                }
                *one = DynOne::IDLE;
                if status != go_on {
                    return status;
                }
            } else if status != go_on {
                // A later child was running: this one pre-empts it.
                if one.running && usize::from(one.index) > i {
                    self.halt_one(one, ctx, obs, first_id);
                }
                *one = DynOne::at(i, status);
                return status;
            }
        }
        go_on
    }

    #[inline(always)]
    fn tick_unmasked<
        O: Observer + ?Sized,
        Then: FnMut(&mut Self, &mut DynAll, &mut Ctx, &mut O, usize, Status) -> Status,
    >(
        &mut self,
        all: &mut DynAll,
        skip: u16,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
        mut then: Then,
    ) -> Status {
        for i in 0..self.children.len() {
            if skip & (1 << i) == 0 {
                let status = self.tick_child(i, all, ctx, obs, first_id);
                let out = then(self, all, ctx, obs, i, status);
                if out.is_done() {
                    return out;
                }
            }
        }
        Status::Running
    }

    #[inline]
    fn halt_masked<O: Observer + ?Sized>(
        &mut self,
        mask: u16,
        all: &mut DynAll,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) {
        for i in 0..self.children.len() {
            if mask & (1 << i) != 0 {
                self.halt_child(i, all, ctx, obs, first_id);
            }
        }
    }

    #[inline]
    fn halt_running<O: Observer + ?Sized>(
        &mut self,
        all: &mut DynAll,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) {
        let running = all.running;
        self.halt_masked(running, all, ctx, obs, first_id);
    }

    fn reset_all(&mut self) {
        for child in self.children.iter_mut() {
            child.node.reset();
        }
    }

    fn reset_status_all(&mut self) {
        for child in self.children.iter_mut() {
            child.node.reset_status();
        }
    }

    #[inline]
    fn tick_child_skip<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        all: &mut DynAll,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Outcome {
        let outcome = self.tick_at_skip(index, ctx, obs, first_id);
        all.record(index, outcome.or_success());
        outcome
    }

    #[inline]
    fn tick_one_skip<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        one: &mut DynOne,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Outcome {
        let outcome = self.tick_at_skip(index, ctx, obs, first_id);
        *one = DynOne::at(index, outcome.or_success());
        outcome
    }

    /// The plain loop when no child can be skipped (known when the list was built), the loop
    /// that counts skipped children otherwise.
    #[inline]
    fn tick_while_skip<O: Observer + ?Sized>(
        &mut self,
        one: &mut DynOne,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Outcome {
        if self.skips {
            return self.tick_while_skipping(one, go_on, ctx, obs, first_id);
        }
        Outcome::from(self.tick_while(one, go_on, ctx, obs, first_id))
    }

    /// As [`tick_while_skip`](Children::tick_while_skip).
    #[inline]
    fn tick_reactive_skip<O: Observer + ?Sized>(
        &mut self,
        one: &mut DynOne,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Outcome {
        if self.skips {
            return self.tick_reactive_skipping(one, go_on, ctx, obs, first_id);
        }
        Outcome::from(self.tick_reactive(one, go_on, ctx, obs, first_id))
    }

    fn preempting(&mut self, before: usize, ctx: &Ctx) -> Option<usize> {
        if !self.preempts {
            return None;
        }
        self.children.iter_mut().take(before).position(|c| c.node.can_preempt() && c.node.preempts(ctx))
    }
}

/// The loops over children some of which can be skipped, out of the way of the plain ones.
impl<Ctx: ?Sized, const SKIPS: bool> DynChildren<'_, Ctx, SKIPS> {
    #[inline(never)]
    #[cold]
    fn tick_while_skipping<O: Observer + ?Sized>(
        &mut self,
        one: &mut DynOne,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Outcome {
        let from = if one.running { usize::from(one.index) } else { 0 };
        let mut all_skipped = from == 0;
        for i in from..self.children.len() {
            match self.tick_at_skip(i, ctx, obs, first_id) {
                Outcome::Skipped => {}
                outcome if outcome == go_on => all_skipped = false,
                outcome => {
                    *one = DynOne::at(i, outcome.or_success());
                    return outcome;
                }
            }
        }
        *one = DynOne::IDLE;
        if all_skipped { Outcome::Skipped } else { Outcome::from(go_on) }
    }

    #[inline(never)]
    #[cold]
    fn tick_reactive_skipping<O: Observer + ?Sized>(
        &mut self,
        one: &mut DynOne,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Outcome {
        let mut all_skipped = true;
        for i in 0..self.children.len() {
            let outcome = self.tick_at_skip(i, ctx, obs, first_id);
            if one.running && usize::from(one.index) == i {
                if outcome == Outcome::Running {
                    return Outcome::Running;
                }
                *one = DynOne::IDLE;
                if outcome != Outcome::Skipped {
                    all_skipped = false;
                    if outcome != go_on {
                        return outcome;
                    }
                }
            } else if outcome == Outcome::Skipped {
            } else if outcome == go_on {
                all_skipped = false;
            } else {
                if one.running && usize::from(one.index) > i {
                    self.halt_one(one, ctx, obs, first_id);
                }
                *one = DynOne::at(i, outcome.or_success());
                return outcome;
            }
        }
        if all_skipped { Outcome::Skipped } else { Outcome::from(go_on) }
    }
}
