//! Nav2's nodes on paths: `IsGoalNearby`, `TruncatePathLocal`, `TruncatePath`, `ValidatePath`.

use super::*;

/// `IsGoalNearby`: succeeds when the length of `path` from the robot's closest cell to its end is
/// below `proximity_threshold` metres; fails on an empty or absent path. The closest cell is
/// searched from the start of the path, on until `max_robot_pose_search_dist` metres past the
/// closest found so far (a negative distance: the whole path).
#[derive(Clone, Debug, Ports)]
pub struct IsGoalNearby {
    /// The path.
    pub path: Input<Vec<Pos>>,
    /// In metres.
    #[port(default = "1.0")]
    pub proximity_threshold: Input<f32>,
    /// How far past the closest cell found so far the search goes on, in metres; negative: the
    /// whole path.
    #[port(default = "-1.0")]
    pub max_robot_pose_search_dist: Input<f32>,
    /// The map's frame (the simulated robot has one).
    #[port(default = "map")]
    pub global_frame: Input<String>,
    /// The robot's frame.
    #[port(default = "base_link")]
    pub robot_base_frame: Input<String>,
}

/// A search distance of Nav2's: negative means no bound.
fn search_bound(d: f32) -> f32 {
    if d < 0.0 { f32::INFINITY } else { d }
}

impl Action<Robot> for IsGoalNearby {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let threshold = self.proximity_threshold.get(robot).copied().unwrap_or(1.0);
        let search = search_bound(self.max_robot_pose_search_dist.get(robot).copied().unwrap_or(-1.0));
        let Some(path) = self.path.get(robot) else { return Status::Failure };
        let near = closest(path, robot.pos, search).is_some_and(|i| length_from(path, i) < threshold);
        Status::from_bool(near)
    }
}

/// `TruncatePathLocal`: writes to `output_path` the part of `input_path` from `distance_backward`
/// metres behind the robot's closest cell to `distance_forward` metres ahead of it (a negative
/// distance: to the end), and succeeds; fails on an empty or absent path. The closest cell is
/// that of the robot, or of `pose` when that entry is set.
///
/// `output_path` is read and written (Nav2 declares it an output): the entry's vector is reused,
/// so that a tick allocates nothing once it is large enough.
#[derive(Clone, Debug, Ports)]
pub struct TruncatePathLocal {
    /// The path.
    pub input_path: Input<Vec<Pos>>,
    /// Its part around the robot.
    pub output_path: InOut<Vec<Pos>>,
    /// In metres; negative for the whole rest of the path.
    #[port(default = "8.0")]
    pub distance_forward: Input<f32>,
    /// In metres.
    #[port(default = "4.0")]
    pub distance_backward: Input<f32>,
    /// The robot's frame (the simulated robot has one).
    #[port(default = "base_link")]
    pub robot_base_frame: Input<String>,
    /// How old the robot's pose may be, in seconds (the simulated pose is always current).
    #[port(default = "0.2")]
    pub transform_tolerance: Input<f64>,
    /// A cell to use instead of the robot's (`{pose}` when that entry is set).
    #[port(default = "{pose}")]
    pub pose: Input<Pos>,
    /// Weight of the heading in finding the closest cell (a path of cells has no headings).
    #[port(default = "0.0")]
    pub angular_distance_weight: Input<f64>,
    /// How far past the closest cell found so far the search goes on, in metres.
    #[port(default = "inf")]
    pub max_robot_pose_search_dist: Input<f32>,
}

impl Action<Robot> for TruncatePathLocal {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let forward = self.distance_forward.get(robot).copied().unwrap_or(8.0);
        let backward = self.distance_backward.get(robot).copied().unwrap_or(4.0);
        let search =
            search_bound(self.max_robot_pose_search_dist.get(robot).copied().unwrap_or(f32::INFINITY));
        let at = self.pose.get(robot).copied().unwrap_or(robot.pos);
        let mut out = self.output_path.get_mut(robot).map(mem::take).unwrap_or_default();
        let Some(path) = self.input_path.get(robot) else {
            self.output_path.set(robot, out);
            return Status::Failure;
        };
        let Some(i) = closest(path, at, search) else {
            self.output_path.set(robot, out);
            return Status::Failure;
        };
        let cells = |metres: f32| (metres / CELL).round() as usize;
        let from = i.saturating_sub(cells(backward));
        let to = if forward < 0.0 { path.len() } else { (i + 1 + cells(forward)).min(path.len()) };
        out.clear();
        out.extend_from_slice(&path[from..to]);
        self.output_path.set(robot, out);
        Status::Success
    }
}

/// `TruncatePath`: writes to `output_path` `input_path` without its last `distance` metres (the
/// goal kept as the last cell when the whole path is shorter), and succeeds; fails on an absent
/// path. The entry's vector is reused, as `TruncatePathLocal`'s.
#[derive(Clone, Debug, Ports)]
pub struct TruncatePath {
    /// The path.
    pub input_path: Input<Vec<Pos>>,
    /// In metres, from the end.
    #[port(default = "1.0")]
    pub distance: Input<f32>,
    /// The path without its end.
    pub output_path: InOut<Vec<Pos>>,
}

impl Action<Robot> for TruncatePath {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let distance = self.distance.get(robot).copied().unwrap_or(1.0);
        let mut out = self.output_path.get_mut(robot).map(mem::take).unwrap_or_default();
        let Some(path) = self.input_path.get(robot) else {
            self.output_path.set(robot, out);
            return Status::Failure;
        };
        let keep = path.len().saturating_sub((distance / CELL).round() as usize).max(path.len().min(1));
        out.clear();
        out.extend_from_slice(&path[..keep]);
        self.output_path.set(robot, out);
        Status::Success
    }
}

/// `ValidatePath`: succeeds when `path` is not empty and none of its cells (the robot's own
/// aside) is blocked in the global costmap, up to `max_lookahead_distance` metres ahead of the
/// robot along it (negative: the whole path). Nav2 asks the planner server over a service; here
/// the answer comes within the tick. The cells found blocked go to `collision_poses` (the first
/// only, with `stop_at_first_collision`).
///
/// Costs are 254 (lethal: a wall, an obstacle, a mark), always invalid as in Nav2's planner
/// server, or 0, so `max_cost` changes nothing here; no cell is unknown. `layer_name` restricts the check to the walls
/// (`static_layer`) or to the obstacles and marks (`obstacle_layer`, `voxel_layer`).
#[derive(Clone, Debug, Ports)]
pub struct ValidatePath {
    /// The path to check.
    pub path: Input<Vec<Pos>>,
    /// The highest cost a valid cell may have.
    #[port(default = "254")]
    pub max_cost: Input<u32>,
    /// Whether an unknown cell is an obstacle (the map has none).
    #[port(default = "false")]
    pub consider_unknown_as_obstacle: Input<bool>,
    /// The layer to check; empty: the whole costmap.
    #[port(default = "")]
    pub layer_name: Input<String>,
    /// The robot's footprint; empty: its own (one cell).
    #[port(default = "")]
    pub footprint: Input<String>,
    /// Whether to stop at the first blocked cell.
    #[port(default = "true")]
    pub stop_at_first_collision: Input<bool>,
    /// How far ahead to check, in metres; negative: the whole path.
    #[port(default = "-1.0")]
    pub max_lookahead_distance: Input<f32>,
    /// The service to call (the simulated planner answers to any name).
    #[port(default = "is_path_valid")]
    pub service_name: Input<String>,
    /// How long to wait for the service, in ms (it answers at once).
    #[port(default = "20")]
    pub server_timeout: Input<u64>,
    /// The blocked cells found.
    #[port(default = "{collision_poses}")]
    pub collision_poses: InOut<Vec<Pos>>,
}

impl Action<Robot> for ValidatePath {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let layer = self.layer_name.get(robot).map_or("", String::as_str);
        let (walls, obstacles) = match layer {
            "" => (true, true),
            "static_layer" => (true, false),
            "obstacle_layer" | "voxel_layer" => (false, true),
            _ => return Status::Failure,
        };
        let first_only = self.stop_at_first_collision.get(robot).copied().unwrap_or(true);
        let ahead = search_bound(self.max_lookahead_distance.get(robot).copied().unwrap_or(-1.0));
        let mut found = self.collision_poses.get_mut(robot).map(mem::take).unwrap_or_default();
        found.clear();
        let Some(path) = self.path.get(robot) else {
            self.collision_poses.set(robot, found);
            return Status::Failure;
        };
        let from = closest(path, robot.pos, f32::INFINITY).unwrap_or(0);
        let blocked = |p: Pos| match robot.blocker(Layer::Global, p) {
            Some(Blocker::Wall) => walls,
            Some(_) => obstacles,
            None => false,
        };
        for (k, &p) in path.iter().enumerate() {
            if k > from && (k - from) as f32 * CELL > ahead {
                break;
            }
            if p != robot.pos && blocked(p) {
                found.push(p);
                if first_only {
                    break;
                }
            }
        }
        let valid = !path.is_empty() && found.is_empty();
        self.collision_poses.set(robot, found);
        Status::from_bool(valid)
    }
}
