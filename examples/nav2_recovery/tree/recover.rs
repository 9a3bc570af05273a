//! Recoveries: the conditions that say whether one may help, and the costmap clears.

use super::*;

/// `WouldAPlannerRecoveryHelp`: succeeds when `error_code` is one a planner recovery may fix:
/// `UNKNOWN`, `NO_VALID_PATH` or `TIMEOUT` (Nav2's list); fails when it is absent.
#[derive(Clone, Debug, Ports)]
pub struct WouldAPlannerRecoveryHelp {
    /// The planner's last error code.
    pub error_code: Input<PlanError>,
}

impl Action<Robot> for WouldAPlannerRecoveryHelp {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        match self.error_code.get(robot) {
            Some(PlanError::Unknown | PlanError::NoValidPath | PlanError::Timeout) => Status::Success,
            _ => Status::Failure,
        }
    }
}

/// `WouldAControllerRecoveryHelp`: succeeds when `error_code` is one a controller recovery may
/// fix: `UNKNOWN`, `PATIENCE_EXCEEDED`, `FAILED_TO_MAKE_PROGRESS` or `NO_VALID_CONTROL` (Nav2's
/// list); fails when it is absent.
#[derive(Clone, Debug, Ports)]
pub struct WouldAControllerRecoveryHelp {
    /// The controller's last error code.
    pub error_code: Input<ControlError>,
}

impl Action<Robot> for WouldAControllerRecoveryHelp {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        match self.error_code.get(robot) {
            Some(
                ControlError::Unknown
                | ControlError::PatienceExceeded
                | ControlError::FailedToMakeProgress
                | ControlError::NoValidControl,
            ) => Status::Success,
            _ => Status::Failure,
        }
    }
}

/// A costmap-clearing service: `local_costmap/…` or `global_costmap/…` (a port literal parses
/// into one when the tree is built; any other service fails there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CostmapService(pub Layer);

impl core::str::FromStr for CostmapService {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.split('/').next() {
            Some("local_costmap") => Ok(CostmapService(Layer::Local)),
            Some("global_costmap") => Ok(CostmapService(Layer::Global)),
            _ => Err(format!("`{s}` is not a service of `local_costmap` or `global_costmap`")),
        }
    }
}

/// `ClearEntireCostmap`: clears the costmap `service_name` names and succeeds. `name` is the
/// node's XML name, for the log. Nav2 calls a service and waits for the answer; here it comes
/// within the tick.
#[derive(Clone, Debug, Ports)]
pub struct ClearEntireCostmap {
    /// The node's name in the XML (`ClearLocalCostmap-Context`, …): its `name` attribute.
    #[port(instance)]
    pub name: &'static str,
    /// The service to call.
    pub service_name: Input<CostmapService>,
}

impl Action<Robot> for ClearEntireCostmap {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let Some(&CostmapService(layer)) = self.service_name.get(robot) else { return Status::Failure };
        robot.clear_costmap(self.name, layer);
        Status::Success
    }
}
