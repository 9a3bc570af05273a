//! Recoveries: the conditions that say whether one may help, and the costmap clears
//! (`ClearEntireCostmap`, `ClearCostmapAroundRobot`, `ClearCostmapExceptRegion`,
//! `ClearCostmapAroundPose`). Nav2's clears call a costmap service and wait for the answer over
//! a few ticks; here the answer comes within the tick.

use super::*;

/// `WouldAPlannerRecoveryHelp`: succeeds when `error_code` is one of `error_codes_to_check`
/// (Nav2's list by default: `UNKNOWN`, `NO_VALID_PATH`, `TIMEOUT`); fails when it is absent.
#[derive(Clone, Debug, Ports)]
pub struct WouldAPlannerRecoveryHelp {
    /// The planner's last error code.
    pub error_code: Input<PlanError>,
    /// The codes a planner recovery may fix.
    #[port(default = "UNKNOWN;NO_VALID_PATH;TIMEOUT")]
    pub error_codes_to_check: Input<Codes<PlanError>>,
}

impl Action<Robot> for WouldAPlannerRecoveryHelp {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let Some(&codes) = self.error_codes_to_check.get(robot) else { return Status::Failure };
        Status::from_bool(self.error_code.get(robot).is_some_and(|&c| codes.contains(c)))
    }
}

/// `WouldAControllerRecoveryHelp`: succeeds when `error_code` is one of `error_codes_to_check`
/// (Nav2's list by default: `UNKNOWN`, `PATIENCE_EXCEEDED`, `FAILED_TO_MAKE_PROGRESS`,
/// `NO_VALID_CONTROL`); fails when it is absent.
#[derive(Clone, Debug, Ports)]
pub struct WouldAControllerRecoveryHelp {
    /// The controller's last error code.
    pub error_code: Input<ControlError>,
    /// The codes a controller recovery may fix.
    #[port(default = "UNKNOWN;PATIENCE_EXCEEDED;FAILED_TO_MAKE_PROGRESS;NO_VALID_CONTROL")]
    pub error_codes_to_check: Input<Codes<ControlError>>,
}

impl Action<Robot> for WouldAControllerRecoveryHelp {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let Some(&codes) = self.error_codes_to_check.get(robot) else { return Status::Failure };
        Status::from_bool(self.error_code.get(robot).is_some_and(|&c| codes.contains(c)))
    }
}

/// The name a clear reports in its event: the element's `name`, or its kind.
fn named(name: &'static str, kind: &'static str) -> &'static str {
    if name.is_empty() { kind } else { name }
}

/// `ClearEntireCostmap`: clears the phantom marks of the costmap `service_name` names (if
/// `plugins` is empty or names their layer, see [`Plugins`]) and succeeds. `name` is the node's
/// XML name, for the log.
#[derive(Clone, Debug, Ports)]
pub struct ClearEntireCostmap {
    /// The node's name in the XML (`ClearLocalCostmap-Context`, …): its `name` attribute.
    #[port(instance)]
    pub name: &'static str,
    /// The service to call.
    pub service_name: Input<CostmapService>,
    /// How long to wait for the service, in ms (it answers at once).
    #[port(default = "20")]
    pub server_timeout: Input<u64>,
    /// The layers to clear (empty: all).
    #[port(default = "")]
    pub plugins: Input<Plugins>,
}

impl Action<Robot> for ClearEntireCostmap {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let Some(&CostmapService(layer)) = self.service_name.get(robot) else { return Status::Failure };
        let marks = self.plugins.get(robot).is_none_or(|p| p.marks);
        let name = named(self.name, "ClearEntireCostmap");
        robot.clear_costmap_where(name, layer, |_| marks);
        Status::Success
    }
}

/// The costmap clears that keep or clear a square around a cell.
macro_rules! clear_around {
    ($($(#[$doc:meta])* $name:ident { $($pose:ident)? } => |$robot:ident, $at:ident, $half:ident, $p:ident| $inside:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Debug, Ports)]
        pub struct $name {
            /// The node's name in the XML, for the log.
            #[port(instance)]
            pub name: &'static str,
            $(
                /// The cell to clear around.
                pub $pose: Input<Pos>,
            )?
            /// In metres (see above).
            #[port(default = "1.0")]
            pub reset_distance: Input<f32>,
            /// The service to call.
            pub service_name: Input<CostmapService>,
            /// How long to wait for the service, in ms (it answers at once).
            #[port(default = "20")]
            pub server_timeout: Input<u64>,
            /// The layers to clear (empty: all).
            #[port(default = "")]
            pub plugins: Input<Plugins>,
        }

        impl Action<Robot> for $name {
            const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
            fn execute(&mut self, $robot: &mut Robot) -> Status {
                let Some(&CostmapService(layer)) = self.service_name.get($robot) else { return Status::Failure };
                let marks = self.plugins.get($robot).is_none_or(|p| p.marks);
                let $half = self.reset_distance.get($robot).copied().unwrap_or(1.0) / 2.0;
                let centre: Option<Pos> = None $(.or(Some(match self.$pose.get($robot) {
                    Some(&p) => p,
                    None => return Status::Failure,
                })))?;
                let $at = centre.unwrap_or($robot.pos);
                $robot.clear_costmap_where(named(self.name, stringify!($name)), layer, |$p| marks && $inside);
                Status::Success
            }
        }
    )*};
}

/// Whether `p` is in the square of half side `half` metres centred on `at` (cell centres).
fn in_square(at: Pos, half: f32, p: Pos) -> bool {
    let (dx, dy) = (f32::from((p.x - at.x).abs()) * CELL, f32::from((p.y - at.y).abs()) * CELL);
    dx <= half && dy <= half
}

clear_around! {
    /// `ClearCostmapAroundRobot`: clears the phantom marks in the square of side `reset_distance`
    /// metres centred on the robot, in the costmap `service_name` names, and succeeds.
    ClearCostmapAroundRobot {} => |robot, at, half, p| in_square(at, half, p);
    /// `ClearCostmapExceptRegion`: clears the phantom marks outside the square of side
    /// `reset_distance` metres centred on the robot, in the costmap `service_name` names, and
    /// succeeds.
    ClearCostmapExceptRegion {} => |robot, at, half, p| !in_square(at, half, p);
    /// `ClearCostmapAroundPose`: clears the phantom marks less than `reset_distance` metres from
    /// `pose`, in the costmap `service_name` names, and succeeds; fails without a pose.
    ClearCostmapAroundPose { pose } => |robot, at, half, p| at.distance(p) < 2.0 * half;
}
