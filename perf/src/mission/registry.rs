//! Variant (g): the mission loaded when the program runs, from [`MISSION_XML`], over the
//! mission's own leaves ([`registry`]).

use bt::dynamic::DynTree;
use bt::load::{Attributes, Registry};
use bt::{Action, ActionNode};

use super::world::{
    AtDock, Blink, Brake, Charge, DOCK, Dock, DriveTo, EStop, Idle, NeedsCharge, PathClear, Pick, Place,
    Report, Robot, Scan, SensorReady, Settle, SystemsOk, WP_A, WP_B, WP_C,
};

/// The mission's tree ([`MissionBrain`](super::MissionBrain)) in BehaviorTree.CPP XML.
pub const MISSION_XML: &str = include_str!("mission.xml");

/// Builds a leaf without ports: refuses any attribute.
fn bare<A: Action<Robot> + Copy + Send + Sync + 'static>(
    a: A,
) -> impl Fn(&Attributes<'_>) -> Result<ActionNode<A>, String> + Send + Sync + 'static {
    move |attrs| match attrs.names().next() {
        Some(name) => Err(format!("no port `{name}`: the mission's leaves have none")),
        None => Ok(ActionNode::new(a)),
    }
}

/// The mission's leaves by their element names; each waypoint's drive is a leaf of its own
/// (`DriveToA` is `DriveTo::<WP_A>`), as in the compiled tree.
pub fn registry() -> Registry<Robot> {
    Registry::new()
        .with_clock()
        .condition_with("EStop", || EStop)
        .condition_with("NeedsCharge", || NeedsCharge)
        .condition_with("AtDock", || AtDock)
        .condition_with("SystemsOk", || SystemsOk)
        .condition_with("PathClear", || PathClear)
        .condition_with("SensorReady", || SensorReady)
        .node("Brake", bare(Brake))
        .node("Charge", bare(Charge))
        .node("DriveToDock", bare(DriveTo::<DOCK>))
        .node("DriveToA", bare(DriveTo::<WP_A>))
        .node("DriveToB", bare(DriveTo::<WP_B>))
        .node("DriveToC", bare(DriveTo::<WP_C>))
        .node("Dock", bare(Dock))
        .node("Settle", bare(Settle))
        .node("Pick", bare(Pick))
        .node("Place", bare(Place))
        .node("Scan", bare(Scan))
        .node("Report", bare(Report))
        .node("Blink", bare(Blink))
        .node("Idle", bare(Idle))
}

/// The tree of [`MISSION_XML`], loaded.
///
/// # Panics
///
/// If the file does not load (a test checks that it does).
pub fn tree() -> DynTree<'static, Robot> {
    match registry().load_str("mission.xml", MISSION_XML) {
        Ok(tree) => tree,
        Err(e) => panic!("perf/src/mission/mission.xml does not load: {e}"),
    }
}
