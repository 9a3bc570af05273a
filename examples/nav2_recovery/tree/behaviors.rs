//! The behaviors of Nav2's behavior server: `Spin`, `Wait`, `BackUp`.

use super::*;

/// `execute` of Spin, Wait and BackUp: the behavior server's progress.
fn behave(robot: &mut Robot) -> Status {
    match robot.behaviors.progress {
        Progress::Busy => Status::Running,
        Progress::Succeeded => Status::Success,
        Progress::Failed(_) | Progress::Idle => Status::Failure,
    }
}

/// `exit` of Spin, Wait and BackUp: ends the behavior and writes its error code and message.
fn end_behavior(
    robot: &mut Robot,
    how: Exit,
    code_port: &mut Output<BehaviorError>,
    msg: &mut Output<&'static str>,
) {
    let code = robot.end_behavior(how);
    code_port.set(robot, code);
    msg.set(robot, if code == BehaviorError::None { "" } else { code.name() });
}

/// `Spin`: turns in place for as long as `spin_dist` radians take at
/// [`SPIN_SPEED`](crate::sim::SPIN_SPEED) (the robot, which faces one of four directions, ends a
/// quarter turn to the left); writes `error_code_id` and `error_msg`.
#[derive(Clone, Debug, Ports)]
pub struct Spin {
    /// The angle, in radians.
    pub spin_dist: Input<f32>,
    /// `NONE`, or why it failed.
    pub error_code_id: Output<BehaviorError>,
    /// The error code's name (empty on success).
    pub error_msg: Output<&'static str>,
}

impl Action<Robot> for Spin {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn enter(&mut self, robot: &mut Robot) {
        let dist = self.spin_dist.get(robot).copied().unwrap_or_default();
        robot.request_behavior(Behavior::Spin, Duration::from_secs_f32(dist / crate::sim::SPIN_SPEED));
    }
    fn execute(&mut self, robot: &mut Robot) -> Status {
        behave(robot)
    }
    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        end_behavior(robot, how, &mut self.error_code_id, &mut self.error_msg);
    }
}

/// `Wait`: waits `wait_duration` seconds; writes `error_code_id` and `error_msg`.
#[derive(Clone, Debug, Ports)]
pub struct Wait {
    /// In seconds.
    pub wait_duration: Input<f32>,
    /// `NONE`, or why it failed.
    pub error_code_id: Output<BehaviorError>,
    /// The error code's name (empty on success).
    pub error_msg: Output<&'static str>,
}

impl Action<Robot> for Wait {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn enter(&mut self, robot: &mut Robot) {
        let secs = self.wait_duration.get(robot).copied().unwrap_or_default();
        robot.request_behavior(Behavior::Wait, Duration::from_secs_f32(secs));
    }
    fn execute(&mut self, robot: &mut Robot) -> Status {
        behave(robot)
    }
    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        end_behavior(robot, how, &mut self.error_code_id, &mut self.error_msg);
    }
}

/// `BackUp`: drives backwards `backup_dist` metres at `backup_speed` m/s (one cell: the robot
/// moves cell by cell), failing with `COLLISION_AHEAD` if the cell behind it is blocked; writes
/// `error_code_id` and `error_msg`.
#[derive(Clone, Debug, Ports)]
pub struct BackUp {
    /// In metres.
    pub backup_dist: Input<f32>,
    /// In metres per second.
    pub backup_speed: Input<f32>,
    /// `NONE`, or why it failed.
    pub error_code_id: Output<BehaviorError>,
    /// The error code's name (empty on success).
    pub error_msg: Output<&'static str>,
}

impl Action<Robot> for BackUp {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn enter(&mut self, robot: &mut Robot) {
        let dist = self.backup_dist.get(robot).copied().unwrap_or_default();
        let speed = self.backup_speed.get(robot).copied().unwrap_or(1.0);
        robot.request_behavior(Behavior::BackUp, Duration::from_secs_f32(dist / speed));
    }
    fn execute(&mut self, robot: &mut Robot) -> Status {
        behave(robot)
    }
    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        end_behavior(robot, how, &mut self.error_code_id, &mut self.error_msg);
    }
}
