//! The registry of Nav2's nodes over the simulated robot: every leaf of [`NavigateToPoseXml`]
//! (its `registry()`, which `bt_xml!` writes), and the other Nav2 nodes a navigation of one robot
//! to one goal uses, so that any of Nav2's navigate-to-pose trees loads at run time.
//!
//! | kind | nodes |
//! |---|---|
//! | selectors | `PlannerSelector`, `ControllerSelector`, `GoalCheckerSelector`, `ProgressCheckerSelector`, `PathHandlerSelector` |
//! | goal and robot checks | `GlobalUpdatedGoal`, `GoalUpdated`, `GoalReached`, `IsGoalNearby`, `IsStuck` |
//! | timers | `TimeExpired`, `DistanceTraveled`, `PathExpiringTimer` |
//! | paths | `ComputePathToPose`, `FollowPath`, `TruncatePathLocal`, `TruncatePath`, `ValidatePath` |
//! | recoveries | `WouldAPlannerRecoveryHelp`, `WouldAControllerRecoveryHelp`, `ClearEntireCostmap`, `ClearCostmapAroundRobot`, `ClearCostmapExceptRegion`, `ClearCostmapAroundPose` |
//! | behaviors | `Spin`, `Wait`, `BackUp`, `DriveOnHeading`, `CancelSpin`, `CancelWait`, `CancelBackUp`, `CancelDriveOnHeading`, `CancelControl` |
//! | decorators | `DistanceController`, `SpeedController`, `GoalUpdatedController`, `SingleTrigger`, `PathLongerOnApproach` |
//!
//! The control nodes (`PipelineSequence`, `RecoveryNode`, `RoundRobin`, `RateController`) and
//! BehaviorTree.CPP's are bt's built-ins, which every registry knows. Nav2's other models are
//! for other servers (routes, docking, smoothing, following an object, teleoperation, several
//! goals): the simulation has none of them.

use bt::load::Registry;

use super::*;

/// Nav2's nodes over the simulated robot (see the module docs), with the robot's clock (for
/// `RateController`) and blackboard.
pub fn registry() -> Registry<Robot> {
    let r = NavigateToPoseXml::registry()
        // `registry()` builds the leaves that `bt_xml!` maps with a call (`nodes(X = X::unbound())`)
        // by that call, ignoring their attributes: registered again from their ports.
        .action::<GlobalUpdatedGoal>("GlobalUpdatedGoal")
        .action::<GoalUpdated>("GoalUpdated")
        .action::<GoalReached>("GoalReached")
        .condition_with("IsStuck", || IsStuck)
        .action::<TimeExpired>("TimeExpired")
        .action::<DistanceTraveled>("DistanceTraveled")
        .action::<PathExpiringTimer>("PathExpiringTimer")
        .action::<TruncatePath>("TruncatePath")
        .action::<ClearCostmapAroundRobot>("ClearCostmapAroundRobot")
        .action::<ClearCostmapExceptRegion>("ClearCostmapExceptRegion")
        .action::<ClearCostmapAroundPose>("ClearCostmapAroundPose")
        .action::<DriveOnHeading>("DriveOnHeading")
        .action::<CancelSpin>("CancelSpin")
        .action::<CancelWait>("CancelWait")
        .action::<CancelBackUp>("CancelBackUp")
        .action::<CancelDriveOnHeading>("CancelDriveOnHeading")
        .action::<CancelControl>("CancelControl");
    super::decorators::register(r)
}
