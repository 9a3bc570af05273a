//! What the leaves do: the requests they send to the servers, and their answers.

use super::*;

impl Robot {
    /// `ComputePathToPose`'s request: plan to `goal` with planner `planner_id`.
    pub fn request_plan(&mut self, goal: Pos, planner_id: &'static str) {
        self.request_plan_through(None, &[], goal, planner_id);
    }

    /// `ComputePathToPose`'s request with a start other than the robot's cell, if `start` is
    /// given, and through `via` (its `viapoints`), in order, before `goal`.
    pub fn request_plan_through(
        &mut self,
        start: Option<Pos>,
        via: &[Pos],
        goal: Pos,
        planner_id: &'static str,
    ) {
        self.planner.start = start;
        self.planner.via.clear();
        self.planner.via.extend_from_slice(via);
        self.planner.progress = Progress::Busy;
        self.planner.goal = goal;
        self.planner.planner_id = planner_id;
        self.planner.ready_at = self.now() + PLANNING_TIME;
        self.record(EventKind::PlanningStarted { planner: planner_id, goal });
    }

    /// Cancels the planner's request.
    pub fn cancel_plan(&mut self) {
        if self.planner.progress == Progress::Busy {
            self.record(EventKind::PlanningCancelled);
        }
        self.planner.progress = Progress::Idle;
    }

    /// Takes the planner's answer, if it has one: `Ok(())` with the path in `self.planner.path`,
    /// or the error code. `None` while it is still working.
    pub fn take_plan(&mut self) -> Option<Result<(), PlanError>> {
        let answer = match self.planner.progress {
            Progress::Succeeded => Ok(()),
            Progress::Failed(code) => Err(code),
            Progress::Idle | Progress::Busy => return None,
        };
        self.planner.progress = Progress::Idle;
        match answer {
            Ok(()) => {
                self.stats.plans += 1;
                let cells = self.planner.path.len() - 1;
                let c = &self.controller;
                let same_route =
                    c.progress == Progress::Busy && c.path.get(c.index..) == Some(&self.planner.path[..]);
                self.record(EventKind::PlanningSucceeded { cells, same_route });
            }
            Err(code) => {
                self.stats.plans_failed += 1;
                self.record(EventKind::PlanningFailed(code));
            }
        }
        Some(answer)
    }

    /// `FollowPath`'s request: follow `path` with controller `controller_id`. An empty path fails
    /// at once (`INVALID_PATH`).
    pub fn request_follow(&mut self, controller_id: &'static str, path: &[Pos]) {
        let c = &mut self.controller;
        c.controller_id = controller_id;
        c.blocked = None;
        c.step = 0;
        if path.is_empty() {
            c.progress = Progress::Failed(ControlError::InvalidPath);
            return;
        }
        c.progress = Progress::Busy;
        self.since_progress = 0;
        self.take_path(path);
        let cells = self.controller.cells_to_go();
        self.record(EventKind::FollowStarted { controller: controller_id, cells });
    }

    /// Gives the controller `path` if it is a new one (`path_version` changed since it took
    /// one), as Nav2's `FollowPath` does while it runs (an empty path is ignored).
    pub fn update_follow(&mut self, path: &[Pos]) {
        if self.path_version != self.controller.path_version && !path.is_empty() {
            let next = self.controller.path.get(self.controller.index + 1).copied();
            self.take_path(path);
            // Still driving towards the same cell: keep going; otherwise start the move again.
            if self.controller.path.get(self.controller.index + 1).copied() != next {
                self.controller.step = 0;
            }
        }
    }

    /// Copies `path` into the controller and finds the robot on it.
    pub(super) fn take_path(&mut self, path: &[Pos]) {
        let c = &mut self.controller;
        c.path.clear();
        c.path.extend_from_slice(path);
        c.path_version = self.path_version;
        c.index = closest(&c.path, self.pos, f32::INFINITY).unwrap_or(0);
    }

    /// Cancels the controller's request (the robot stops).
    pub fn cancel_follow(&mut self) {
        self.controller.progress = Progress::Idle;
        self.controller.step = 0;
    }

    /// `ClearEntireCostmap`: removes every phantom mark of `layer` (real obstacles stay: the
    /// sensors see them again at once).
    pub fn clear_costmap(&mut self, name: &'static str, layer: Layer) {
        let removed = self.costmap(layer).clear();
        self.stats.clears += 1;
        self.record(EventKind::Cleared { name, layer, removed });
    }

    /// Clears the phantom marks of `layer` in the cells where `clear` holds (Nav2's
    /// `ClearCostmapAroundRobot`, `ClearCostmapExceptRegion`, `ClearCostmapAroundPose`).
    pub fn clear_costmap_where(&mut self, name: &'static str, layer: Layer, clear: impl Fn(Pos) -> bool) {
        let removed = self.costmap(layer).clear_where(clear);
        self.stats.clears += 1;
        self.record(EventKind::Cleared { name, layer, removed });
    }

    /// Starts a behavior.
    pub fn request_behavior(&mut self, r: BehaviorRequest) {
        let times_out = r.duration > r.allowance;
        self.behaviors = Behaviors {
            progress: Progress::Busy,
            running: Some(r.behavior),
            ends_at: self.now() + r.duration.min(r.allowance),
            times_out,
            collision_checks: r.collision_checks,
        };
        self.stats.behaviors += 1;
        self.record(EventKind::BehaviorStarted(r.behavior, r.amount));
    }

    /// Cancels `behavior` if it is the one running (Nav2's `Cancel…` nodes): it ends as halted,
    /// and the node that requested it sees it done (Nav2's action nodes succeed when their goal
    /// is cancelled). Whether it was running.
    pub fn cancel_behavior(&mut self, behavior: Behavior) -> bool {
        if self.behaviors.running != Some(behavior) || self.behaviors.progress != Progress::Busy {
            return false;
        }
        self.behaviors.running = None;
        self.behaviors.progress = Progress::Succeeded;
        self.record(EventKind::BehaviorEnded(behavior, Exit::Halted, BehaviorError::None));
        true
    }

    /// Ends the behavior in progress: records how it ended and returns its error code.
    pub fn end_behavior(&mut self, how: Exit) -> BehaviorError {
        let code = match self.behaviors.progress {
            Progress::Failed(code) => code,
            _ => BehaviorError::None,
        };
        if let Some(behavior) = self.behaviors.running.take() {
            self.record(EventKind::BehaviorEnded(behavior, how, code));
        }
        self.behaviors.progress = Progress::Idle;
        code
    }
}
