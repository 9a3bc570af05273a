//! The physics of one step: the clock, people leaving, the servers' progress, new obstacles.

use super::*;

impl Robot {
    /// One step of `dt`: the clock, people leaving, the servers' progress (the robot drives,
    /// turns, backs up, the planner answers), footprint clearing, new obstacles.
    pub fn update(&mut self, dt: Duration) {
        self.clock.advance(dt);
        self.steps += 1;
        let now = self.now();
        while let Some(i) = self.obstacles.iter().position(|o| o.leaves_at.is_some_and(|t| t <= now)) {
            let gone = self.obstacles.remove(i);
            self.record(EventKind::Left { at: gone.at });
        }
        self.run_behavior();
        let was = self.speed;
        self.speed = 0.0;
        self.drive();
        self.accel = (self.speed - was) / dt.as_secs_f32();
        self.bumped =
            self.accel < BRAKE_ACCEL_LIMIT && matches!(self.controller.progress, Progress::Failed(_));
        // Footprint clearing: the robot's own cell is never marked.
        let here = self.pos;
        self.local.unmark(here);
        self.global.unmark(here);
        self.spawn();
        self.plan();
    }

    /// The controller's step: drives towards the next cell of its path (back onto the path first
    /// if the robot is beside it), or fails if that cell is blocked in the local costmap, or
    /// succeeds at the end of the path.
    pub(super) fn drive(&mut self) {
        if self.controller.progress != Progress::Busy {
            return;
        }
        let c = &self.controller;
        let target = if c.path.get(c.index) == Some(&self.pos) { c.index + 1 } else { c.index };
        let Some(&next) = c.path.get(target) else {
            self.controller.progress = Progress::Succeeded;
            return;
        };
        if let Some(blocker) = self.blocker(Layer::Local, next) {
            self.controller.progress = Progress::Failed(ControlError::NoValidControl);
            self.controller.blocked = Some((next, blocker));
            self.controller.step = 0;
            return;
        }
        self.heading = Dir::between(self.pos, next);
        self.speed = CELL / (TICKS_PER_CELL as f32 * DT.as_secs_f32());
        self.controller.step += 1;
        if self.controller.step < TICKS_PER_CELL {
            return;
        }
        self.controller.step = 0;
        self.controller.index = target;
        self.pos = next;
        self.stats.driven += 1;
        self.since_progress += 1;
        if self.controller.cells_to_go() == 0 {
            self.controller.progress = Progress::Succeeded;
        } else if self.since_progress >= PROGRESS_EVERY {
            self.since_progress = 0;
            let to_go = self.controller.cells_to_go();
            self.record(EventKind::Progress { to_go });
        }
    }

    /// The behavior server's step: ends the running behavior when its time is up.
    pub(super) fn run_behavior(&mut self) {
        let Some(behavior) = self.behaviors.running else { return };
        if self.behaviors.progress != Progress::Busy || self.now() < self.behaviors.ends_at {
            return;
        }
        if self.behaviors.times_out {
            self.behaviors.progress = Progress::Failed(BehaviorError::Timeout);
            return;
        }
        let towards = match behavior {
            Behavior::Spin => {
                self.heading = self.heading.left();
                None
            }
            Behavior::Wait => None,
            Behavior::BackUp => Some(self.heading.back()),
            Behavior::DriveOnHeading => Some(self.heading),
        };
        if let Some(d) = towards {
            let to = self.pos.step(d);
            let blocked = if self.behaviors.collision_checks {
                self.is_blocked(Layer::Local, to)
            } else {
                self.is_wall(to) || self.obstacle_at(to).is_some()
            };
            if blocked {
                self.behaviors.progress = Progress::Failed(BehaviorError::CollisionAhead);
                return;
            }
            self.pos = to;
            self.stats.driven += 1;
        }
        self.behaviors.progress = Progress::Succeeded;
    }

    /// The planner's step: answers the request once [`PLANNING_TIME`] has passed.
    pub(super) fn plan(&mut self) {
        if self.planner.progress != Progress::Busy || self.now() < self.planner.ready_at {
            return;
        }
        let goal = self.planner.goal;
        self.planner.progress = if self.is_blocked(Layer::Global, goal) {
            Progress::Failed(PlanError::GoalOccupied)
        } else if self.plan_through(goal) {
            Progress::Succeeded
        } else {
            Progress::Failed(PlanError::NoValidPath)
        };
    }

    /// A* from the request's start (the robot's cell by default) through its viapoints to
    /// `goal`, segment by segment; the path goes to `self.planner.path`.
    fn plan_through(&mut self, goal: Pos) -> bool {
        let start = self.planner.start.unwrap_or(self.pos);
        if self.planner.via.is_empty() {
            return self.astar(start, goal);
        }
        let mut whole = std::mem::take(&mut self.planner.segment);
        whole.clear();
        let mut from = start;
        let mut found = true;
        for k in 0..=self.planner.via.len() {
            let to = self.planner.via.get(k).copied().unwrap_or(goal);
            if !self.astar(from, to) {
                found = false;
                break;
            }
            let skip = usize::from(!whole.is_empty());
            whole.extend_from_slice(&self.planner.path[skip..]);
            from = to;
        }
        if found {
            std::mem::swap(&mut self.planner.path, &mut whole);
        }
        self.planner.segment = whole;
        found
    }

    /// A* from `start` to `goal` on the global costmap, 4-connected; the path goes to
    /// `self.planner.path`. The start cell is never blocked (the robot stands on it).
    pub(super) fn astar(&mut self, start: Pos, goal: Pos) -> bool {
        let mut cost = std::mem::take(&mut self.planner.cost);
        let mut came_from = std::mem::take(&mut self.planner.came_from);
        let mut open = std::mem::take(&mut self.planner.open);
        cost.fill(u32::MAX);
        came_from.fill(u32::MAX);
        open.clear();
        cost[start.index()] = 0;
        open.push(Reverse((start.manhattan(goal), 0, start.index() as u32)));
        let mut found = false;
        while let Some(Reverse((_, g, i))) = open.pop() {
            let here = Pos::from_index(i as usize);
            if here == goal {
                found = true;
                break;
            }
            if g > cost[i as usize] {
                continue;
            }
            for d in Dir::ALL {
                let next = here.step(d);
                if self.is_blocked(Layer::Global, next) {
                    continue;
                }
                let n = next.index();
                if g + 1 < cost[n] {
                    cost[n] = g + 1;
                    came_from[n] = i;
                    open.push(Reverse((g + 1 + next.manhattan(goal), g + 1, n as u32)));
                }
            }
        }
        let path = &mut self.planner.path;
        path.clear();
        if found {
            let mut i = goal.index();
            while i != start.index() {
                path.push(Pos::from_index(i));
                i = came_from[i] as usize;
            }
            path.push(start);
            path.reverse();
        }
        self.planner.cost = cost;
        self.planner.came_from = came_from;
        self.planner.open = open;
        found
    }

    /// Whether a box at `at` would leave every free cell reachable from every other, counting
    /// walls and boxes only (people leave). A flood fill; a box is never put where it would cut
    /// the map in two.
    pub(super) fn box_fits(&self, at: Pos) -> bool {
        let blocked =
            |p: Pos| p == at || self.is_wall(p) || self.obstacle_at(p).is_some_and(|o| o.kind == Real::Box);
        let free = (0..WIDTH * HEIGHT).filter(|&i| !blocked(Pos::from_index(i))).count();
        let mut seen = vec![false; WIDTH * HEIGHT];
        let mut stack = vec![self.pos];
        seen[self.pos.index()] = true;
        let mut reached = 0;
        while let Some(p) = stack.pop() {
            reached += 1;
            for d in Dir::ALL {
                let n = p.step(d);
                if !blocked(n) && !seen[n.index()] {
                    seen[n.index()] = true;
                    stack.push(n);
                }
            }
        }
        reached == free
    }

    /// Now and then, while the robot drives, something appears on its path (see the module docs).
    pub(super) fn spawn(&mut self) {
        if !self.spawning || self.controller.progress != Progress::Busy || self.stats.driven < self.next_spawn
        {
            return;
        }
        self.next_spawn = self.stats.driven + self.rng.range(SPAWN_GAP.0, SPAWN_GAP.1);
        let roll = self.rng.range(0, 99);
        let ahead = self.rng.range(1, 2) as usize;
        let goal = self.goal();
        let (path, index) = (&self.controller.path, self.controller.index);
        // Only on the path, never on the goal, never where something already is.
        let Some(&at) = path.get(index + ahead).filter(|&&p| p != goal) else { return };
        if self.is_blocked(Layer::Local, at) || self.is_blocked(Layer::Global, at) {
            return;
        }
        if roll < 40 {
            self.local.mark(at);
            self.stats.spawned += 1;
            self.record(EventKind::Noise { at });
        } else if roll < 65 {
            if let Some((from, to)) = self.stale_bar() {
                self.stats.spawned += 1;
                self.record(EventKind::StaleMarks { from, to });
            }
        } else {
            let person = self.rng.range(0, 1) == 0 || !self.box_fits(at);
            let stays =
                Duration::from_millis(100 * u64::from(self.rng.range(PERSON_STAYS.0, PERSON_STAYS.1)));
            let obstacle = Obstacle {
                at,
                kind: if person { Real::Person } else { Real::Box },
                leaves_at: person.then(|| self.now() + stays),
            };
            self.obstacles.push(obstacle);
            self.stats.spawned += 1;
            self.record(EventKind::Appeared(obstacle));
        }
    }

    /// Marks a bar across the controller's path in the global costmap, at its narrowest place
    /// between 5 and 12 cells ahead; returns its ends (`None` if the path is too short there).
    pub(super) fn stale_bar(&mut self) -> Option<(Pos, Pos)> {
        let (path, index) = (&self.controller.path, self.controller.index);
        let mut best: Option<(usize, Pos, Pos)> = None;
        for k in index + 5..=index + 12 {
            let (Some(&p), Some(&q)) = (path.get(k), path.get(k + 1)) else { break };
            let side = Dir::between(p, q).left();
            let reach = |d: Dir| {
                let mut end = p;
                for _ in 0..3 {
                    let n = end.step(d);
                    if self.is_wall(n) {
                        break;
                    }
                    end = n;
                }
                end
            };
            let (a, b) = (reach(side), reach(side.back()));
            let width = a.manhattan(b) as usize;
            let goal = self.goal();
            let touches_goal = [a, b, p].contains(&goal) || on_segment(a, b, goal);
            if !touches_goal && best.is_none_or(|(w, ..)| width < w) {
                best = Some((width, a, b));
            }
        }
        let (_, a, b) = best?;
        let (a, b) = (a.min(b), a.max(b));
        let d = Dir::between(a, b);
        let mut p = a;
        loop {
            if p != self.pos && self.obstacle_at(p).is_none() {
                self.global.mark(p);
            }
            if p == b {
                break;
            }
            p = p.step(d);
        }
        Some((a, b))
    }
}
