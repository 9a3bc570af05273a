//! `bt_xml!`: XML trees with typed ports, against the same trees written with `bt!`.

use bt::blackboard::{Blackboard, Key};
use bt::ports::{HasBlackboard, Input, Output, Ports};
use bt::{Action, Condition, Status, bt, bt_xml};

#[derive(Default)]
struct Robot {
    bb: Blackboard,
    log: Vec<String>,
}

impl HasBlackboard for Robot {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
}

/// No time: nothing here expires.
impl bt::Clock for Robot {
    fn now(&self) -> core::time::Duration {
        core::time::Duration::ZERO
    }
}

/// Writes a goal.
#[derive(Ports)]
struct SetGoal {
    /// The goal to write.
    goal: Output<f64>,
    /// Its value.
    value: Input<f64>,
}

impl Action<Robot> for SetGoal {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, r: &mut Robot) -> Status {
        let v = *self.value.get(r).unwrap();
        self.goal.set(r, v);
        Status::Success
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Fast,
    Slow,
}

impl core::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "fast" => Ok(Mode::Fast),
            "slow" => Ok(Mode::Slow),
            _ => Err(format!("expected `fast` or `slow`, not `{s}`")),
        }
    }
}

/// Moves to a target.
#[derive(Ports)]
struct MoveTo {
    target: Input<f64>,
    speed: Input<u8>,
    #[port(default = "slow")]
    mode: Input<Mode>,
    done: Output<bool>,
}

impl Action<Robot> for MoveTo {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, r: &mut Robot) -> Status {
        let t = *self.target.get(r).unwrap();
        let s = *self.speed.get(r).unwrap();
        let m = *self.mode.get(r).unwrap();
        r.log.push(format!("move to {t} at {s} {m:?}"));
        self.done.set(r, true);
        Status::Success
    }
}

struct Check;

impl Condition<Robot> for Check {
    fn check(&mut self, r: &Robot) -> bool {
        r.bb.get(ARRIVED, Default::default()) == Some(&true)
    }
}

const GOAL: Key<f64> = Key::new("goal");
const TARGET: Key<f64> = Key::new("goal");
const ARRIVED: Key<bool> = Key::new("arrived");

bt_xml! { struct Imported for Robot = "tests/xml/trees/ports.xml" }

bt! {
    struct Written for Robot {
        sequence<
            SetGoal { goal: GOAL.into(), value: Input::value(2.5) },
            retry(2)<MoveTo { target: Input::key(TARGET), speed: Input::value(3), mode: Input::value(Mode::Fast), done: ARRIVED.into() }>,
            Check,
        >
    }
}

#[test]
fn xml_tree_runs_with_its_ports() {
    let mut r = Robot::default();
    let mut t = Imported::new();
    assert_eq!(t.tick(&mut r), Status::Success);
    assert_eq!(r.log, ["move to 2.5 at 3 Fast"]);
    let mut w = Written::new();
    let mut r2 = Robot::default();
    assert_eq!(w.tick(&mut r2), Status::Success);
    assert_eq!(r.log, r2.log);
}

#[test]
fn xml_tree_describes_like_the_written_one() {
    let a = Imported::new();
    let b = Written::new();
    let da: Vec<_> =
        a.description().nodes().map(|n| (n.kind, n.args, n.depth, n.children, n.ports)).collect();
    let db: Vec<_> =
        b.description().nodes().map(|n| (n.kind, n.args, n.depth, n.children, n.ports)).collect();
    assert_eq!(da, db);
    let mv = a.description().nodes().find(|n| n.ports.len() == 4).unwrap();
    assert_eq!(mv.ports[2].default, Some("slow"));
}

#[test]
fn anonymous_form() {
    let mut t = bt_xml!("tests/xml/trees/ports.xml", ctx = Robot);
    let mut r = Robot::default();
    assert_eq!(t.tick(&mut r), Status::Success);
}

/// Plain fields marked `#[port]`: literal-only ports.
#[derive(Ports)]
struct Say {
    #[port]
    text: String,
    #[port(default = "1")]
    times: u32,
    #[port(default = "false")]
    loud: bool,
}

impl Action<Robot> for Say {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, r: &mut Robot) -> Status {
        for _ in 0..self.times {
            r.log.push(if self.loud { self.text.to_uppercase() } else { self.text.clone() });
        }
        Status::Success
    }
}

#[test]
fn plain_fields_take_literals() {
    let mut t = bt_xml!("tests/xml/trees/plain.xml", ctx = Robot);
    let mut r = Robot::default();
    assert_eq!(t.tick(&mut r), Status::Success);
    assert_eq!(r.log, ["HELLO", "HELLO", "bye"]);
    let say = t.description().nodes().nth(1).unwrap();
    assert_eq!(
        say.ports.iter().map(|p| (p.name, p.type_name)).collect::<Vec<_>>(),
        [("text", "String"), ("times", "u32"), ("loud", "bool")]
    );
}

#[test]
#[should_panic(expected = "tests/xml/trees/bad_mode.xml:3:36: `sideways` is not a valid")]
fn text_literals_are_parsed_when_the_tree_is_built() {
    let _ = bt_xml!("tests/xml/trees/bad_mode.xml", ctx = Robot);
}

#[test]
fn the_file_is_tracked() {
    // `bt_xml!` reads the file at compile time; the expansion includes its bytes so that cargo
    // rebuilds when it changes: a tree of it must describe the file's current content.
    let t = Imported::new();
    assert_eq!(t.description().len(), 5);
}

#[test]
fn leaves_are_labelled_as_in_the_xml() {
    // Keywords are labelled as in the equivalent `bt!` tree; leaves by their element and
    // attributes (keys after subtree remapping).
    let t = Imported::new();
    let labels: Vec<_> = t.description().nodes().map(|n| n.label).collect();
    assert_eq!(
        labels,
        [
            "sequence",
            "SetGoal goal=\"{goal}\" value=\"2.5\"",
            "retry",
            "MoveTo target=\"{goal}\" speed=\"3\" mode=\"fast\" done=\"{@arrived}\"",
            "Check"
        ]
    );
}

/// Says `text`, with its XML instance name.
#[derive(Ports)]
struct Speak {
    /// The element's `name` (not a port).
    #[port(instance)]
    name: &'static str,
    /// What to say.
    text: Input<String>,
}

impl Action<Robot> for Speak {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, r: &mut Robot) -> Status {
        let text = self.text.get(r).cloned().unwrap_or_default();
        r.log.push(format!("{}: {text}", self.name));
        Status::Success
    }
}

/// Counts its own ticks: state that an attribute-less element gets from the constructor
/// `nodes(…)` maps it to.
struct Counted {
    ticks: u32,
}

impl Counted {
    fn starting_at(ticks: u32) -> Self {
        Counted { ticks }
    }
    fn fresh() -> Self {
        Counted::starting_at(10)
    }
}

impl Action<Robot> for Counted {
    fn execute(&mut self, r: &mut Robot) -> Status {
        self.ticks += 1;
        r.log.push(format!("counted {}", self.ticks));
        Status::Success
    }
}

bt_xml! { struct Instances for Robot = "tests/xml/trees/instance.xml", nodes(Counted = Counted::fresh()) }

#[test]
fn instance_names_and_constructor_mappings() {
    // `#[port(instance)]` is not a port.
    assert_eq!(<Speak as Ports>::PORTS.iter().map(|p| p.name).collect::<Vec<_>>(), ["text"]);
    let mut t = Instances::new();
    let mut r = Robot::default();
    assert_eq!(t.tick(&mut r), Status::Success);
    assert_eq!(t.tick(&mut r), Status::Success);
    // Each `<Counted/>` is its own `Counted::fresh()`; the name reaches the field, and an element
    // without one leaves it at its default.
    assert_eq!(
        r.log,
        [
            "counted 11",
            "first: hello",
            ": unnamed",
            "counted 11",
            "counted 12",
            "first: hello",
            ": unnamed",
            "counted 12"
        ]
    );
    let labels: Vec<&str> = t.description().nodes().map(|n| n.label).collect();
    // A constructor-mapped leaf is labelled by its call, as in `bt!`.
    assert_eq!(
        labels[1..],
        ["Counted::fresh()", "Speak text=\"hello\"", "Speak text=\"unnamed\"", "Counted::fresh()"]
    );
}

/// `SwitchN variable="{key}"`: the `String` entry is compared with each `case_N` in order, and
/// the last child runs when none matches (or the entry is absent); keys are remapped in subtrees.
#[test]
fn switch_on_a_blackboard_entry() {
    let mut t = bt_xml!("tests/xml/trees/switch_key.xml", ctx = Robot);
    let mode = Key::<String>::new("mode");
    let mut run = |value: Option<&str>| {
        let mut r = Robot::default();
        if let Some(v) = value {
            r.bb.set(mode, v.to_string());
        }
        let status = t.tick(&mut r);
        (status, r.log)
    };
    assert_eq!(
        run(Some("dock")),
        (Status::Success, vec![": docking".to_string(), ": inner dock".to_string()])
    );
    // The inner switch's second case fails, and so does the sequence.
    assert_eq!(run(Some("explore")), (Status::Failure, vec![": exploring".to_string()]));
    assert_eq!(
        run(Some("a;b, c")),
        (Status::Success, vec![": odd".to_string(), ": inner default".to_string()])
    );
    assert_eq!(
        run(Some("other")),
        (Status::Success, vec![": default".to_string(), ": inner default".to_string()])
    );
    assert_eq!(run(None), (Status::Success, vec![": default".to_string(), ": inner default".to_string()]));
    let switches: Vec<&str> =
        t.description().nodes().filter(|n| n.kind == "switch").map(|n| n.args).collect();
    assert_eq!(switches.len(), 2);
    assert!(switches[0].contains("switch_case(\"mode\""), "{}", switches[0]);
}

bt_xml! {
    /// The same file as a named tree: a type, whose switches each get a type of their own.
    struct Modes for Robot = "tests/xml/trees/switch_key.xml"
}

#[test]
fn switch_on_a_blackboard_entry_in_a_named_tree() {
    let mode = Key::<String>::new("mode");
    for value in [Some("dock"), Some("explore"), Some("a;b, c"), Some("other"), None] {
        let mut named = Modes::new();
        let mut anonymous = bt_xml!("tests/xml/trees/switch_key.xml", ctx = Robot);
        let (mut a, mut b) = (Robot::default(), Robot::default());
        if let Some(v) = value {
            a.bb.set(mode, v.to_string());
            b.bb.set(mode, v.to_string());
        }
        assert_eq!(named.tick(&mut a), anonymous.tick(&mut b), "{value:?}");
        assert_eq!(a.log, b.log, "{value:?}");
    }
}
