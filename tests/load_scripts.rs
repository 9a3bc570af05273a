//! Scripts in trees loaded at run time (`bt::load`): checked when the file is loaded, with the
//! errors `bt_xml!` gives at compile time, and run by the interpreter.
#![cfg(feature = "load")]

use bt::blackboard::{Blackboard, Key};
use bt::load::Registry;
use bt::ports::{HasBlackboard, Input, Output, Ports};
use bt::script::ScriptValue;
use bt::{Action, Outcome, Status};

#[derive(Default)]
struct Robot {
    bb: Blackboard,
    faults: Vec<String>,
}

impl HasBlackboard for Robot {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
    fn script_fault(&mut self, script: &'static str, fault: &bt::script::Fault) {
        self.faults.push(format!("{script}: {fault}"));
    }
}

/// No time: nothing here expires.
impl bt::Clock for Robot {
    fn now(&self) -> core::time::Duration {
        core::time::Duration::ZERO
    }
}

/// A position: scripts copy it between entries of its type.
#[derive(Clone, Debug, Default, PartialEq)]
struct Pose(f64);
impl ScriptValue for Pose {}

/// Reads a speed and a pose, writes a label.
#[derive(Ports)]
struct Drive {
    speed: Input<f64>,
    #[port(default = "{pose}")]
    goal: Input<Pose>,
    #[port(default = "{label}")]
    label: Output<String>,
}

impl Action<Robot> for Drive {
    fn execute(&mut self, r: &mut Robot) -> Status {
        let _ = (self.speed.get(r), self.goal.get(r));
        self.label.set(r, "driving".into());
        Status::Success
    }
}

fn registry() -> Registry<Robot> {
    Registry::new().with_blackboard().action::<Drive>("Drive")
}

fn tree(body: &str) -> String {
    format!("<root BTCPP_format=\"4\">\n  <BehaviorTree ID=\"Main\">\n    {body}\n  </BehaviorTree>\n</root>")
}

fn err(r: &Registry<Robot>, body: &str) -> String {
    r.load_str("t.xml", &tree(body)).map(|_| ()).unwrap_err().to_string()
}

#[test]
fn scripts_run_over_the_ports_types() {
    let r = registry().key::<u8>("battery").script_enum("LOW", 20);
    let mut t = r
        .load_str(
            "t.xml",
            &tree(
                r#"<Sequence>
      <Script code="speed := battery &gt; LOW ? 2.5 : 0.5; copies := 0"/>
      <Drive speed="{speed}" label="{label}" _onSuccess="copies += 1"/>
      <ScriptCondition code="label == 'driving' &amp;&amp; copies == 1"/>
    </Sequence>"#,
            ),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let mut r = Robot::default();
    r.bb.set(Key::<u8>::new("battery"), 30);
    assert_eq!(t.tick_outcome(&mut r), Outcome::Success, "{:?}", r.faults);
    assert_eq!(r.bb.get(Key::<f64>::new("speed"), Default::default()), Some(&2.5));
    assert_eq!(r.bb.get(Key::<i64>::new("copies"), Default::default()), Some(&1));
    // The description shows each script leaf as its element.
    assert_eq!(
        t.description().node(1).map(|n| n.label),
        Some("Script code=\"speed := battery > LOW ? 2.5 : 0.5; copies := 0\"")
    );
}

#[test]
fn errors_are_at_their_line_and_column() {
    let r = registry();
    let e = err(&r, "<Script code=\"x := (1\"/>");
    assert!(e.starts_with("t.xml:3:26: in the script `code=\"x := (1\"`: expected `)`"), "{e}");
    let e = err(&r, "<AlwaysSuccess _skipIf=\"battery &lt; 20\"/>");
    assert!(
        e.contains("t.xml:3:29: in `_skipIf=\"battery < 20\"` of `<AlwaysSuccess>`: `battery` is not known"),
        "{e}"
    );
    assert!(e.contains("`registry.key::<f64>(\"battery\")`"), "{e}");
    // A port's type, known when the file is loaded: a `String` entry is not a number.
    let e = err(&r, "<Sequence><Drive speed=\"1\" label=\"{l}\"/><Script code=\"x := l * 2\"/></Sequence>");
    assert!(e.contains("`*` needs a number, but this is a string"), "{e}");
    // A type of yours that the registry does not know.
    let e = err(&r, "<Sequence><Drive speed=\"1\" goal=\"{p}\"/><Script code=\"q := p\"/></Sequence>");
    assert!(e.contains("`registry.script_value::<Pose>()`"), "{e}");
    // The same, registered: scripts copy it.
    let r2 = registry().script_value::<Pose>();
    let mut t = r2
        .load_str(
            "t.xml",
            &tree("<Sequence><Drive speed=\"1\" goal=\"{p}\"/><Script code=\"q := p\"/></Sequence>"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let mut robot = Robot::default();
    robot.bb.set(Key::<Pose>::new("p"), Pose(3.0));
    assert_eq!(t.tick(&mut robot), Status::Success, "{:?}", robot.faults);
    assert_eq!(robot.bb.get(Key::<Pose>::new("q"), Default::default()), Some(&Pose(3.0)));
}

#[test]
fn scripts_need_a_blackboard() {
    let r: Registry<Robot> = Registry::new();
    let e = err(&r, "<Script code=\"x := 1\"/>");
    assert!(e.contains("runs BehaviorTree.CPP scripts, which need a blackboard"), "{e}");
}

#[test]
fn faults_are_told_to_the_context() {
    let mut t = registry()
        .key::<i32>("n")
        .load_str("t.xml", &tree("<Script code=\"n = n / 2\"/>"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut r = Robot::default();
    r.bb.set(Key::<i32>::new("n"), 3);
    assert_eq!(t.tick(&mut r), Status::Failure);
    assert_eq!(r.faults, ["t.xml:3:19: Script code=\"n = n / 2\": 1.5 does not fit in a `i32`"]);
}
