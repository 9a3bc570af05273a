//! The behaviors of Nav2's behavior server (`Spin`, `Wait`, `BackUp`, `DriveOnHeading`) and the
//! nodes that cancel them (`CancelSpin`, `CancelWait`, `CancelBackUp`, `CancelDriveOnHeading`,
//! `CancelControl`).
//!
//! As in Nav2, a behavior node sends its request on its first tick (`enter`), reads the server's
//! progress on every tick (`execute`) and cancels the request when halted (`exit`), writing the
//! error code and its name when it ends. A behavior that would take longer than its
//! `time_allowance` fails with `TIMEOUT` once the allowance has passed. The robot faces one of
//! four directions and moves cell by cell: a spin ends a quarter turn to the left, whatever its
//! angle, and BackUp and DriveOnHeading move one cell once their time is up.

use super::*;

/// `execute` of the behaviors: the behavior server's progress.
fn behave(robot: &mut Robot) -> Status {
    match robot.behaviors.progress {
        Progress::Busy => Status::Running,
        Progress::Succeeded => Status::Success,
        Progress::Failed(_) | Progress::Idle => Status::Failure,
    }
}

/// `exit` of the behaviors: ends the behavior and writes its error code and message.
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

/// `time_allowance` in seconds, as a duration (negative or absent: none).
fn allowance(seconds: Option<f32>) -> Duration {
    Duration::try_from_secs_f32(seconds.unwrap_or(10.0)).unwrap_or(Duration::MAX)
}

/// A duration of `secs` seconds, none if negative or not a number.
fn secs(secs: f32) -> Duration {
    Duration::try_from_secs_f32(secs).unwrap_or_default()
}

/// `Spin`: turns in place for as long as `spin_dist` radians take at
/// [`SPIN_SPEED`](crate::sim::SPIN_SPEED); writes `error_code_id` and `error_msg`. `is_recovery`
/// tells Nav2's server to count it as a recovery (the simulated server keeps no such count).
#[derive(Clone, Debug, Ports)]
pub struct Spin {
    /// The angle, in radians.
    #[port(default = "1.57")]
    pub spin_dist: Input<f32>,
    /// Longest it may take, in seconds.
    #[port(default = "10.0")]
    pub time_allowance: Input<f32>,
    /// Whether it is run as a recovery.
    #[port(default = "true")]
    pub is_recovery: Input<bool>,
    /// Whether to turn without checking for collisions (turning in place never collides here).
    #[port(default = "false")]
    pub disable_collision_checks: Input<bool>,
    /// The action server (the simulated server answers to any name).
    #[port(default = "spin")]
    pub server_name: Input<String>,
    /// How long to wait for the server, in ms (it is always up).
    #[port(default = "20")]
    pub server_timeout: Input<u64>,
    /// `NONE`, or why it failed.
    #[port(default = "{spin_error_code}")]
    pub error_code_id: Output<BehaviorError>,
    /// The error code's name (empty on success).
    #[port(default = "{spin_error_msg}")]
    pub error_msg: Output<&'static str>,
}

impl Action<Robot> for Spin {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn enter(&mut self, robot: &mut Robot) {
        let dist = self.spin_dist.get(robot).copied().unwrap_or(1.57);
        robot.request_behavior(BehaviorRequest {
            behavior: Behavior::Spin,
            amount: dist,
            duration: secs(dist.abs() / crate::sim::SPIN_SPEED),
            allowance: allowance(self.time_allowance.get(robot).copied()),
            collision_checks: true,
        });
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
    #[port(default = "1.0")]
    pub wait_duration: Input<f32>,
    /// The action server (the simulated server answers to any name).
    #[port(default = "wait")]
    pub server_name: Input<String>,
    /// How long to wait for the server, in ms (it is always up).
    #[port(default = "20")]
    pub server_timeout: Input<u64>,
    /// `NONE`, or why it failed.
    #[port(default = "{wait_error_code}")]
    pub error_code_id: Output<BehaviorError>,
    /// The error code's name (empty on success).
    #[port(default = "{wait_error_msg}")]
    pub error_msg: Output<&'static str>,
}

impl Action<Robot> for Wait {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn enter(&mut self, robot: &mut Robot) {
        let s = self.wait_duration.get(robot).copied().unwrap_or(1.0);
        robot.request_behavior(BehaviorRequest {
            behavior: Behavior::Wait,
            amount: s,
            duration: secs(s),
            allowance: Duration::MAX,
            collision_checks: true,
        });
    }
    fn execute(&mut self, robot: &mut Robot) -> Status {
        behave(robot)
    }
    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        end_behavior(robot, how, &mut self.error_code_id, &mut self.error_msg);
    }
}

/// The drives of the behavior server, backwards and forwards.
macro_rules! drive {
    ($($(#[$doc:meta])* $name:ident: $behavior:ident { $dist:ident, $speed:ident, $server:tt, $code:tt, $msg:tt })*) => {$(
        $(#[$doc])*
        #[derive(Clone, Debug, Ports)]
        pub struct $name {
            /// In metres.
            #[port(default = "0.15")]
            pub $dist: Input<f32>,
            /// In metres per second.
            #[port(default = "0.025")]
            pub $speed: Input<f32>,
            /// Longest it may take, in seconds.
            #[port(default = "10.0")]
            pub time_allowance: Input<f32>,
            /// Whether to move without checking the local costmap (only walls and real
            /// obstacles stop it then).
            #[port(default = "false")]
            pub disable_collision_checks: Input<bool>,
            /// The action server (the simulated server answers to any name).
            #[port(default = $server)]
            pub server_name: Input<String>,
            /// How long to wait for the server, in ms (it is always up).
            #[port(default = "20")]
            pub server_timeout: Input<u64>,
            /// `NONE`, or why it failed.
            #[port(default = $code)]
            pub error_code_id: Output<BehaviorError>,
            /// The error code's name (empty on success).
            #[port(default = $msg)]
            pub error_msg: Output<&'static str>,
        }

        impl Action<Robot> for $name {
            const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
            fn enter(&mut self, robot: &mut Robot) {
                let dist = self.$dist.get(robot).copied().unwrap_or(0.15);
                let speed = self.$speed.get(robot).copied().unwrap_or(0.025);
                let checks = self.disable_collision_checks.get(robot).copied() != Some(true);
                robot.request_behavior(BehaviorRequest {
                    behavior: Behavior::$behavior,
                    amount: dist,
                    duration: secs(dist.abs() / speed.abs()),
                    allowance: allowance(self.time_allowance.get(robot).copied()),
                    collision_checks: checks,
                });
            }
            fn execute(&mut self, robot: &mut Robot) -> Status {
                behave(robot)
            }
            fn exit(&mut self, robot: &mut Robot, how: Exit) {
                end_behavior(robot, how, &mut self.error_code_id, &mut self.error_msg);
            }
        }
    )*};
}

drive! {
    /// `BackUp`: backs up `backup_dist` metres at `backup_speed` m/s: one cell once that time is
    /// up, failing with `COLLISION_AHEAD` if the cell behind the robot is blocked; writes
    /// `error_code_id` and `error_msg`.
    BackUp: BackUp { backup_dist, backup_speed, "backup", "{backup_error_code}", "{backup_error_msg}" }
    /// `DriveOnHeading`: drives `dist_to_travel` metres ahead at `speed` m/s: one cell once that
    /// time is up, failing with `COLLISION_AHEAD` if the cell ahead is blocked; writes
    /// `error_code_id` and `error_msg`.
    DriveOnHeading: DriveOnHeading {
        dist_to_travel, speed, "drive_on_heading", "{drive_on_heading_error_code}", "{drive_on_heading_error_msg}"
    }
}

/// The nodes that cancel a behavior.
macro_rules! cancel {
    ($($(#[$doc:meta])* $name:ident => $server:tt, |$robot:ident| $cancel:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Debug, Ports)]
        pub struct $name {
            /// The action server (the simulated server answers to any name).
            #[port(default = $server)]
            pub server_name: Input<String>,
            /// How long to wait for the server, in ms (it is always up).
            #[port(default = "20")]
            pub server_timeout: Input<u64>,
        }

        impl Action<Robot> for $name {
            const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
            fn execute(&mut self, $robot: &mut Robot) -> Status {
                $cancel;
                Status::Success
            }
        }
    )*};
}

cancel! {
    /// `CancelSpin`: cancels the spin in progress, if any, and succeeds (the `Spin` node then
    /// succeeds, as Nav2's action nodes do when their goal is cancelled).
    CancelSpin => "spin", |robot| robot.cancel_behavior(Behavior::Spin);
    /// `CancelWait`: cancels the wait in progress, if any, and succeeds.
    CancelWait => "wait", |robot| robot.cancel_behavior(Behavior::Wait);
    /// `CancelBackUp`: cancels the back-up in progress, if any, and succeeds.
    CancelBackUp => "backup", |robot| robot.cancel_behavior(Behavior::BackUp);
    /// `CancelDriveOnHeading`: cancels the drive in progress, if any, and succeeds.
    CancelDriveOnHeading => "drive_on_heading", |robot| robot.cancel_behavior(Behavior::DriveOnHeading);
    /// `CancelControl`: stops the controller (the robot stops; a running `FollowPath` then
    /// fails), and succeeds.
    CancelControl => "follow_path", |robot| robot.cancel_follow();
}
