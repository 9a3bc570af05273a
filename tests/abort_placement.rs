//! `guard(…, abort = lower_priority)` and `abort = both` are accepted only where they take effect
//! (as a child of a node that asks its children whether they take over, or at the root): `bt!`
//! refuses them elsewhere at compile time (tests/ui/guard_*), and `bt::load` when it loads the
//! file, at the guard's position.
#![cfg(feature = "load")]

use bt::load::{Attributes, Registry};
use bt::{Condition, Status, bt};

struct World {
    threat: bool,
}

struct Threat;
impl Condition<World> for Threat {
    fn check(&mut self, w: &World) -> bool {
        w.threat
    }
}

fn registry() -> Registry<World> {
    Registry::new()
        .condition_with("Threat", || Threat)
        .node("Flee", |_: &Attributes<'_>| Ok(bt::action(|_: &mut World| Status::Success)))
        .node("Patrol", |_: &Attributes<'_>| Ok(bt::action(|_: &mut World| Status::Running)))
}

fn file(parent: &str, close: &str, mode: &str) -> String {
    format!(
        r#"<root BTCPP_format="4">
  <BehaviorTree ID="Main">
    {parent}
      <Decorator ID="guard" condition="Threat" abort="{mode}"><Flee/></Decorator>
      <Patrol/>
    {close}
  </BehaviorTree>
</root>"#
    )
}

#[test]
fn loaded_lower_priority_guards_under_a_selector_take_over() {
    for (parent, close) in [("<Fallback>", "</Fallback>"), (r#"<Control ID="mem_selector">"#, "</Control>")] {
        for mode in ["lower_priority", "both"] {
            let mut tree = registry().load_str("t.xml", &file(parent, close, mode)).unwrap();
            let mut w = World { threat: false };
            assert_eq!(tree.tick(&mut w), Status::Running); // patrolling
            w.threat = true;
            assert_eq!(tree.tick(&mut w), Status::Success, "{parent} {mode}: the guard takes over");
        }
    }
}

#[test]
fn loaded_lower_priority_guards_where_nobody_asks_are_refused_at_their_position() {
    for (parent, close, element) in [
        ("<Sequence>", "</Sequence>", "Sequence"),
        ("<ReactiveFallback>", "</ReactiveFallback>", "ReactiveFallback"),
        (r#"<Parallel success_count="1" failure_count="2">"#, "</Parallel>", "Parallel"),
    ] {
        for (mode, acts) in [("lower_priority", "none"), ("both", "self")] {
            let err = registry().load_str("t.xml", &file(parent, close, mode)).unwrap_err().to_string();
            assert!(err.starts_with("t.xml:4:7: "), "{err}");
            assert!(err.contains(&format!("under `{element}` nobody asks the guard")), "{err}");
            assert!(err.contains(&format!("write `abort=\"{acts}\"`")), "{err}");
        }
    }
    // Behind a decorator too.
    let xml = file("<Inverter><Fallback>", "</Fallback></Inverter>", "lower_priority")
        .replace("<Fallback>\n      <Decorator", "<Fallback><Inverter>\n      <Decorator")
        .replace("</Decorator>\n      <Patrol/>", "</Decorator></Inverter>\n      <Patrol/>");
    let err = registry().load_str("t.xml", &xml).unwrap_err().to_string();
    assert!(err.contains("under `Inverter` nobody asks the guard"), "{err}");
    // `none` and `self` are fine anywhere.
    for mode in ["none", "self"] {
        registry().load_str("t.xml", &file("<Sequence>", "</Sequence>", mode)).unwrap();
    }
}

#[test]
fn under_a_composite_of_yours_the_registration_says_whether_it_asks() {
    let asks = registry().composite_observing("Priority", |_: &Attributes<'_>| Ok(bt::kind::Selector));
    let mut tree = asks.load_str("t.xml", &file("<Priority>", "</Priority>", "lower_priority")).unwrap();
    let mut w = World { threat: false };
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.threat = true;
    assert_eq!(tree.tick(&mut w), Status::Success);

    let silent = registry().composite("First", |_: &Attributes<'_>| Ok(bt::kind::Sequence));
    let err =
        silent.load_str("t.xml", &file("<First>", "</First>", "lower_priority")).unwrap_err().to_string();
    assert!(err.starts_with("t.xml:4:7: "), "{err}");
    assert!(err.contains("`<First>` was not"), "{err}");
    assert!(err.contains("Registry::composite_observing"), "{err}");
}

#[test]
fn compiled_lower_priority_guards_take_over_under_selectors_and_at_the_root() {
    let mut tree = bt! {
        World => mem_selector<guard(Threat, abort = lower_priority)<{ |_: &mut World| Status::Success }>,
                              { |_: &mut World| Status::Running }>
    };
    let mut w = World { threat: false };
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.threat = true;
    assert_eq!(tree.tick(&mut w), Status::Success);
    // At the root: accepted, for the tree may be embedded under a selector.
    let sub = || bt! { World => guard(Threat, abort = both)<{ |_: &mut World| Status::Success }> };
    let mut tree = bt! { World => selector<{ sub() }, { |_: &mut World| Status::Running }> };
    w.threat = false;
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.threat = true;
    assert_eq!(tree.tick(&mut w), Status::Success);
}
