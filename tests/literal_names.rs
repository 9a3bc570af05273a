//! `bt::ports::LiteralNames`: the derive (names, `FromStr`, `Display`), the names carried in
//! `PortInfo::accepts`, literals of a listed type checked when `bt_xml!` compiles the tree (the
//! refused ones are `tests/ui/xml_literal_not_a_name.rs`), and the run-time loader's positioned
//! error for the same literal.

use bt::blackboard::Blackboard;
use bt::ports::{HasBlackboard, Input, LiteralNames, Ports};
use bt::{Action, Status, bt_xml};

#[derive(Clone, Copy, Debug, PartialEq, Eq, bt::ports::LiteralNames)]
enum Gait {
    #[literal = "walk"]
    Walk,
    #[literal = "trot"]
    Trot,
    Gallop,
}

#[derive(Default)]
struct Robot {
    bb: Blackboard,
    gaits: Vec<Gait>,
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

#[derive(Ports)]
struct Move {
    gait: Input<Gait>,
    #[port(default = "1")]
    steps: Input<u32>,
}

impl Action<Robot> for Move {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, r: &mut Robot) -> Status {
        match self.gait.get(r) {
            Some(g) => {
                r.gaits.push(*g);
                Status::Success
            }
            None => Status::Failure,
        }
    }
}

#[test]
fn the_derive_lists_parses_and_writes_the_names() {
    assert_eq!(Gait::NAMES, ["walk", "trot", "Gallop"]);
    assert_eq!("trot".parse(), Ok(Gait::Trot));
    assert_eq!("Gallop".parse(), Ok(Gait::Gallop));
    let err = "run".parse::<Gait>().unwrap_err();
    assert_eq!(err.to_string(), "`run` is none of `walk`, `trot`, `Gallop`");
    assert_eq!(Gait::Walk.to_string(), "walk");
}

#[test]
fn the_ports_carry_the_names_of_their_types() {
    let ports = <Move as Ports>::PORTS;
    assert_eq!(ports[0].accepts, Gait::NAMES);
    // A type that lists nothing takes any text its `FromStr` takes.
    assert!(ports[1].accepts.is_empty());
}

#[test]
fn listed_literals_compile_and_run() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
  <Sequence><Move gait="walk"/><Move gait="Gallop" steps="2"/></Sequence>
</BehaviorTree></root>"#,
        ctx = Robot
    );
    let mut r = Robot::default();
    assert_eq!(t.tick(&mut r), Status::Success);
    assert_eq!(r.gaits, [Gait::Walk, Gait::Gallop]);
}

#[test]
fn the_loader_reports_an_unlisted_literal_at_its_position() {
    let registry = bt::load::Registry::<Robot>::new().action::<Move>("Move");
    let xml = r#"<root BTCPP_format="4"><BehaviorTree ID="T">
  <Move gait="run"/>
</BehaviorTree></root>"#;
    let Err(err) = registry.load_str("t.xml", xml) else { panic!("refused") };
    let err = err.to_string();
    assert!(err.contains("t.xml:2:9"), "{err}");
    assert!(err.contains("`run` is none of `walk`, `trot`, `Gallop`"), "{err}");
}
