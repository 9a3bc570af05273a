//! Node models (`<TreeNodesModel>`) checked against the ports of the Rust leaves a tree maps them
//! to: a model that agrees with its leaf in every class of type (`bool`, integers, floats, text,
//! durations, sequences, types not compared) compiles with `bt_xml!` and loads at run time; the
//! files `bt_xml!` refuses (`tests/ui/xml_model_*.rs`) are refused by the loader too, with the same
//! messages at the model port's position.

use std::time::Duration;

use bt::bt_xml;
use bt::load::Registry;
use bt::ports::InOut;

include!("ui/xml/robot.rs");

#[derive(Default)]
struct World {
    bb: Blackboard,
    seen: Vec<String>,
}

impl HasBlackboard for World {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
}

impl bt::Clock for World {
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

/// A port of every class of type a model may name.
#[derive(Ports)]
struct Every {
    flag: Input<bool>,
    count: Input<u32>,
    ratio: Input<f64>,
    label: Input<String>,
    wait: Input<Duration>,
    list: Input<Vec<f64>>,
    names: Input<Vec<String>>,
    target: Input<f64>,
    out: Output<i64>,
    buf: InOut<Vec<i32>>,
    both: InOut<String>,
}

impl Action<World> for Every {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, w: &mut World) -> Status {
        let seen = format!(
            "{:?} {:?} {:?} {:?} {:?} {:?} {:?}",
            self.flag.get(w),
            self.count.get(w),
            self.ratio.get(w),
            self.label.get(w),
            self.wait.get(w),
            self.list.get(w),
            self.names.get(w),
        );
        w.seen.push(seen);
        self.out.set(w, 7);
        Status::Success
    }
}

/// A leaf without ports: its model is not checked.
#[derive(Ports)]
struct Plain;

impl Action<World> for Plain {
    fn execute(&mut self, w: &mut World) -> Status {
        w.seen.push("plain".into());
        Status::Success
    }
}

bt_xml! { struct Agree for World = "tests/xml/models/agree.xml" }

const EXPECTED: [&str; 2] =
    [r#"Some(true) Some(3) Some(0.5) Some("hello") Some(250ms) Some([1.0, 2.5]) Some(["a", "b"])"#, "plain"];

#[test]
fn a_model_that_agrees_compiles_and_loads() {
    let mut w = World::default();
    let mut tree = Agree::new();
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(w.seen, EXPECTED);

    let registry = Registry::<World>::new().action::<Every>("Every").action::<Plain>("Plain");
    let mut loaded =
        registry.load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/xml/models/agree.xml")).unwrap();
    let mut w = World::default();
    assert_eq!(loaded.tick(&mut w), Status::Success);
    assert_eq!(w.seen, EXPECTED);
}

/// The errors of loading `tests/ui/xml/{file}` over the robot's `MoveTo`.
fn load_errors(file: &str) -> Vec<String> {
    let path = format!("{}/tests/ui/xml/{file}", env!("CARGO_MANIFEST_DIR"));
    let registry = Registry::<Robot>::new().action::<MoveTo>("MoveTo");
    let err = registry.load(&path).map(|_| ()).unwrap_err();
    err.errors.iter().map(|e| format!("{}:{}: {}", e.line, e.column, e.message)).collect()
}

#[test]
fn the_loader_refuses_a_model_port_the_leaf_does_not_declare() {
    assert_eq!(
        load_errors("model_unknown_port.xml"),
        [
            "8:7: the model of `MoveTo` declares port `speeed`, which `MoveTo` does not declare: remove it from the model, or add it to `MoveTo`'s `#[derive(Ports)]` fields"
        ]
    );
}

#[test]
fn the_loader_refuses_a_model_port_of_the_other_direction() {
    assert_eq!(
        load_errors("model_direction.xml"),
        [
            "7:7: the model of `MoveTo` declares port `done` an `input_port`, but `MoveTo` declares it an `Output<bool>`: write `<output_port name=\"done\">` in the model, or change the Rust field's port type"
        ]
    );
}

#[test]
fn text_is_refused_for_a_number() {
    let xml = r#"<root BTCPP_format="4"><BehaviorTree ID="Main"><MoveTo goal="{goal}" speed="2" done="{done}"/></BehaviorTree>
<TreeNodesModel><Action ID="MoveTo"><input_port name="goal" type="std::string"/><inout_port name="done"/></Action></TreeNodesModel></root>"#;
    let registry = Registry::<Robot>::new().action::<MoveTo>("MoveTo");
    let err = registry.load_str("text.xml", xml).map(|_| ()).unwrap_err();
    let errors: Vec<String> =
        err.errors.iter().map(|e| format!("{}:{}: {}", e.line, e.column, e.message)).collect();
    assert_eq!(
        errors,
        [
            "2:37: the model of `MoveTo` gives port `goal` the type `std::string` (text), but `MoveTo` declares it a `f64` (float): change the model's `type` or the Rust port's type so that they agree",
            "2:81: the model of `MoveTo` declares port `done` an `inout_port`, but `MoveTo` declares it an `Output<bool>`: write `<output_port name=\"done\">` in the model, or change the Rust field's port type",
        ]
    );
}

#[test]
fn the_loader_refuses_a_model_port_of_another_type() {
    assert_eq!(
        load_errors("model_type.xml"),
        [
            "7:7: the model of `MoveTo` gives port `speed` the type `double` (float), but `MoveTo` declares it a `u8` (integer): change the model's `type` or the Rust port's type so that they agree"
        ]
    );
}
