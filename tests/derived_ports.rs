//! Ports derived with `#[derive(Ports)]` reach the description without `Action::PORTS`: an
//! action and a condition with ports in anonymous and named `bt!` trees; the condition compiled
//! from XML by `bt_xml!` and loaded when the program runs; an explicit `Action::PORTS` still
//! counts for a leaf that does not derive them.

use bt::blackboard::{Blackboard, Key};
use bt::ports::{HasBlackboard, Input, Output, Ports};
use bt::{Action, Condition, PortDirection, PortInfo, Status, bt, bt_xml};

#[derive(Default)]
struct Tank {
    bb: Blackboard,
}

impl HasBlackboard for Tank {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
}

/// No time: nothing here expires.
impl bt::Clock for Tank {
    fn now(&self) -> core::time::Duration {
        core::time::Duration::ZERO
    }
}

/// Whether a level is at least a minimum.
#[derive(Ports)]
struct Above {
    /// The level.
    value: Input<i64>,
    /// The minimum.
    #[port(default = "0")]
    min: Input<i64>,
}

impl Condition<Tank> for Above {
    fn check(&mut self, t: &Tank) -> bool {
        matches!((self.value.get(t), self.min.get(t)), (Some(v), Some(m)) if v >= m)
    }
}

const LEVEL: Key<i64> = Key::new("level");

bt_xml! { struct Compiled for Tank = "tests/xml/trees/condition_ports.xml" }

fn tank(level: i64) -> Tank {
    let mut t = Tank::default();
    t.bb.set(LEVEL, level);
    t
}

#[test]
fn a_condition_with_ports_in_bt_xml() {
    let mut tree = Compiled::new();
    assert_eq!(tree.tick(&mut tank(3)), Status::Success);
    assert_eq!(tree.tick(&mut tank(1)), Status::Failure);
    let d = tree.description();
    let leaf = d.node(1).unwrap();
    assert!(leaf.condition);
    assert_eq!(leaf.ports.iter().map(|p| p.name).collect::<Vec<_>>(), ["value", "min"]);
}

#[test]
fn a_condition_with_ports_loaded_at_run_time() {
    let registry = bt::load::Registry::<Tank>::new().with_blackboard().condition::<Above>("Above");
    let xml = std::fs::read_to_string("tests/xml/trees/condition_ports.xml").unwrap();
    let mut tree = registry.load_str("condition_ports.xml", &xml).unwrap();
    assert_eq!(tree.tick(&mut tank(3)), Status::Success);
    assert_eq!(tree.tick(&mut tank(1)), Status::Failure);
}

#[test]
fn a_condition_with_ports_in_bt() {
    let mut tree = bt! { Tank => Above { value: Input::key(LEVEL), min: Input::value(2) } };
    assert_eq!(tree.tick(&mut tank(2)), Status::Success);
    assert_eq!(tree.tick(&mut tank(1)), Status::Failure);
    let d = tree.description();
    let leaf = d.node(0).unwrap();
    assert!(leaf.condition);
    assert_eq!(
        leaf.ports.iter().map(|p| p.name).collect::<Vec<_>>(),
        ["value", "min"],
        "ports of a condition"
    );
    let _ = <Above as Ports>::PORTS;
}

/// Fills the tank: an action with ports and no `Action::PORTS`.
#[derive(Ports)]
struct Fill {
    /// By how much.
    by: Input<i64>,
    /// The level after.
    level: Output<i64>,
}

impl Action<Tank> for Fill {
    fn execute(&mut self, t: &mut Tank) -> Status {
        let by = self.by.get(t).copied().unwrap_or(0);
        let level = t.bb.get(LEVEL, Default::default()).copied().unwrap_or(0) + by;
        self.level.set(t, level);
        Status::Success
    }
}

/// A leaf that declares its ports by hand (no derive).
struct Drain;

const DRAIN_PORTS: &[PortInfo] = &[PortInfo {
    name: "to",
    direction: PortDirection::Input,
    type_name: "i64",
    default: None,
    optional: false,
    description: "",
    accepts: &[],
}];

impl Action<Tank> for Drain {
    const PORTS: &'static [PortInfo] = DRAIN_PORTS;
    fn execute(&mut self, _: &mut Tank) -> Status {
        Status::Success
    }
}

fn names(ports: &[PortInfo]) -> Vec<&str> {
    ports.iter().map(|p| p.name).collect()
}

#[test]
fn derived_ports_in_an_anonymous_tree() {
    let mut tree = bt! { Tank => sequence<Fill { by: Input::value(2), level: LEVEL.into() }, Drain> };
    let mut t = tank(1);
    assert_eq!(tree.tick(&mut t), Status::Success);
    assert_eq!(t.bb.get(LEVEL, Default::default()), Some(&3));
    let d = tree.description();
    assert_eq!(names(d.node(1).unwrap().ports), ["by", "level"]);
    assert_eq!(names(d.node(2).unwrap().ports), ["to"], "explicit Action::PORTS");
}

#[test]
fn derived_ports_in_a_tree_without_a_context() {
    let tree = bt! { sequence<Fill { by: Input::value(2), level: LEVEL.into() }, Drain> };
    let mut t = tank(1);
    let mut tree = tree;
    assert_eq!(tree.tick(&mut t), Status::Success);
    let d = tree.description();
    assert_eq!(names(d.node(1).unwrap().ports), ["by", "level"]);
    assert_eq!(names(d.node(2).unwrap().ports), ["to"]);
}

bt! {
    struct Refill for Tank {
        sequence<Above::new(), Fill::new(), Drain>
    }
}

impl Above {
    fn new() -> Self {
        Above { value: Input::key(LEVEL), min: Input::value(1) }
    }
}

impl Fill {
    fn new() -> Self {
        Fill { by: Input::value(5), level: LEVEL.into() }
    }
}

#[test]
fn derived_ports_in_a_named_tree() {
    let mut tree = Refill::new();
    let mut t = tank(1);
    assert_eq!(tree.tick(&mut t), Status::Success);
    assert_eq!(t.bb.get(LEVEL, Default::default()), Some(&6));
    let d = tree.description();
    assert_eq!(names(d.node(1).unwrap().ports), ["value", "min"]);
    assert!(d.node(1).unwrap().condition);
    assert_eq!(names(d.node(2).unwrap().ports), ["by", "level"]);
    assert_eq!(names(d.node(3).unwrap().ports), ["to"]);
}
