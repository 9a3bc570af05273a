//! Trees loaded at run time (`bt::load`): leaves built from their attributes, every error with its
//! position, the built-ins with their arguments, nodes of your own by name, observers and
//! descriptions, saving a loaded tree.
#![cfg(feature = "load")]

use std::cell::RefCell;
use std::time::Duration;

use bt::blackboard::{Blackboard, Key};
use bt::load::{Attributes, Registry};
use bt::ports::{HasBlackboard, Input, Output, Ports};
use bt::*;

struct Robot {
    bb: Blackboard,
    clock: ManualClock,
    log: RefCell<Vec<String>>,
}

impl HasBlackboard for Robot {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
}

impl Clock for Robot {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

fn robot() -> Robot {
    Robot { bb: Blackboard::new(), clock: ManualClock::new(), log: RefCell::new(Vec::new()) }
}

/// Logs its message and runs for `ticks` ticks.
#[derive(Ports, Clone)]
struct Say {
    #[port]
    text: String,
    #[port(default = "0")]
    ticks: u32,
    done: u32,
}

impl Action<Robot> for Say {
    fn enter(&mut self, _: &mut Robot) {
        self.done = 0;
    }
    fn execute(&mut self, r: &mut Robot) -> Status {
        r.log.borrow_mut().push(self.text.clone());
        if self.done < self.ticks {
            self.done += 1;
            Status::Running
        } else {
            Status::Success
        }
    }
}

#[cfg(feature = "serde")]
impl bt::Persist<Robot> for Say {
    type State = u32;
    fn save(&self, _: &Robot) -> u32 {
        self.done
    }
    fn restore(&mut self, done: u32, _: &Robot) {
        self.done = done;
    }
}

/// Whether `value` is above `min`.
#[derive(Ports)]
struct Above {
    value: Input<f64>,
    min: Input<f64>,
}

impl Condition<Robot> for Above {
    fn check(&mut self, r: &Robot) -> bool {
        match (self.value.get(r), self.min.get(r)) {
            (Some(v), Some(m)) => v > m,
            _ => false,
        }
    }
}

#[cfg(feature = "serde")]
impl bt::Persist<Robot> for Above {
    type State = ();
    fn save(&self, _: &Robot) {}
    fn restore(&mut self, (): (), _: &Robot) {}
}

/// Writes `value` to `out`.
#[derive(Ports)]
struct Store {
    value: Input<f64>,
    out: Output<f64>,
}

impl Action<Robot> for Store {
    fn execute(&mut self, r: &mut Robot) -> Status {
        let Some(&v) = self.value.get(r) else { return Status::Failure };
        self.out.set(r, v);
        Status::Success
    }
}

/// Reads a text entry.
#[derive(Ports)]
struct Named {
    label: Input<String>,
}

impl Action<Robot> for Named {
    fn execute(&mut self, r: &mut Robot) -> Status {
        Status::from_bool(self.label.get(r).is_some())
    }
}

fn registry() -> Registry<Robot> {
    Registry::new()
        .with_clock()
        .with_blackboard()
        .action::<Say>("Say")
        .condition::<Above>("Above")
        .action::<Store>("Store")
        .action::<Named>("Named")
}

fn tree(body: &str) -> String {
    format!("<root BTCPP_format=\"4\">\n  <BehaviorTree ID=\"Main\">\n    {body}\n  </BehaviorTree>\n</root>")
}

fn log(r: &Robot) -> Vec<String> {
    std::mem::take(&mut *r.log.borrow_mut())
}

#[test]
fn leaves_are_built_from_their_attributes() {
    let mut t = registry()
        .load_str(
            "t.xml",
            &tree(
                r#"<Sequence>
                     <Store value="2.5" out="{speed}"/>
                     <Above value="{speed}" min="1"/>
                     <Say text="fast" ticks="1"/>
                   </Sequence>"#,
            ),
        )
        .unwrap();
    let mut r = robot();
    assert_eq!(t.tick(&mut r), Status::Running);
    assert_eq!(r.bb.get(Key::<f64>::new("speed"), Duration::ZERO), Some(&2.5));
    assert_eq!(t.tick(&mut r), Status::Success);
    assert_eq!(log(&r), ["fast", "fast"]);
    let d = t.description();
    assert_eq!(d.name, "Main");
    assert_eq!(d.nodes().map(|n| n.kind).collect::<Vec<_>>(), ["sequence", "leaf", "leaf", "leaf"]);
    let say = d.node(3).unwrap();
    assert_eq!(say.label, "Say text=\"fast\" ticks=\"1\"");
    assert_eq!(say.id, "Say");
    assert_eq!(say.binding("text"), Some(&bt::BindingValue::Literal("fast")));
    assert_eq!(d.node(1).unwrap().binding("out"), Some(&bt::BindingValue::Key("speed")));
    assert_eq!(d.node(3).unwrap().ports.iter().map(|p| p.name).collect::<Vec<_>>(), ["text", "ticks"]);
}

#[test]
fn every_error_is_reported_at_its_position() {
    let xml = tree(
        r#"<Sequence>
             <Say txt="hello"/>
             <Above value="{speed}" min="fast"/>
             <Store value="1" out="3"/>
             <Sya text="a"/>
             <Named label="{speed}"/>
           </Sequence>"#,
    );
    let err = registry().load_str("bad.xml", &xml).unwrap_err();
    let text = err.to_string();
    let expected = [
        "bad.xml:4:19: port `txt` of `Say`: the leaf declares no such port (it declares `text`, `ticks`)",
        "bad.xml:4:14: `Say` needs its port `text` (String)",
        "bad.xml:5:37: port `min` of `Above`: not a valid `f64`: invalid float literal",
        "bad.xml:6:31: port `out` of `Store`: the leaf writes this port, so it takes a blackboard key (`{key}`), not a literal",
        "bad.xml:7:14: unknown leaf `Sya` (did you mean `Say`?)",
        "bad.xml:8:21: the blackboard entry `speed` is a `String` here but a `f64` at bad.xml:5:21",
    ];
    for e in expected {
        assert!(text.contains(e), "missing\n  {e}\nin\n{text}");
    }
    assert_eq!(err.errors.len(), expected.len(), "{text}");
    // The structure's errors (the XML reader's) come first; the leaves' are reported once the
    // structure is right.
    let err = registry().load_str("bad.xml", &tree(r#"<Sequence><Say text="a"/></Sequenc>"#)).unwrap_err();
    assert!(err.to_string().starts_with("bad.xml:3:"), "{err}");
    let err = registry()
        .load_str("bad.xml", &tree(r#"<Inverter><Say text="a"/><Say text="b"/></Inverter>"#))
        .unwrap_err();
    assert_eq!(err.to_string(), "bad.xml:3:5: `<Inverter>` has 2 children: it takes exactly one child");
}

#[test]
fn the_time_nodes_need_a_clock_and_the_switch_a_blackboard() {
    let plain = Registry::<Robot>::new().action::<Say>("Say");
    let err = plain
        .load_str("t.xml", &tree(r#"<Timeout msec="100"><Say text="a"/></Timeout>"#))
        .unwrap_err()
        .to_string();
    assert!(err.contains("`<Timeout>` needs a clock in the context `load::Robot`"), "{err}");
    assert!(err.contains("`.with_clock()`"), "{err}");
    let err = plain
        .load_str(
            "t.xml",
            &tree(r#"<Switch2 variable="{mode}" case_1="a" case_2="b"><Say text="1"/><Say text="2"/><Say text="3"/></Switch2>"#),
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("needs a blackboard"), "{err}");
}

#[test]
fn built_ins_take_their_arguments() {
    let xml = tree(
        r#"<Sequence>
             <Timeout msec="250"><Say text="slow" ticks="10"/></Timeout>
             <Switch2 variable="{mode}" case_1="dock" case_2="explore">
               <Say text="docking"/><Say text="exploring"/><Say text="idle"/>
             </Switch2>
             <RetryUntilSuccessful num_attempts="2"><Above value="{speed}" min="1"/></RetryUntilSuccessful>
           </Sequence>"#,
    );
    let mut t = registry().load_str("t.xml", &xml).unwrap();
    let mut r = robot();
    r.bb.set(Key::<String>::new("mode"), "explore".to_string());
    r.bb.set(Key::<f64>::new("speed"), 0.5);
    for _ in 0..3 {
        assert_eq!(t.tick(&mut r), Status::Running);
        r.clock.advance(Duration::from_millis(100));
    }
    // The timeout fails the sequence after 250 ms.
    assert_eq!(t.tick(&mut r), Status::Failure);
    assert_eq!(log(&r), ["slow", "slow", "slow"]);
    // Without the timeout's child running long, the switch picks `explore`, the retry fails twice.
    let xml = tree(
        r#"<Sequence>
             <Switch2 variable="{mode}" case_1="dock" case_2="explore">
               <Say text="docking"/><Say text="exploring"/><Say text="idle"/>
             </Switch2>
             <RetryUntilSuccessful num_attempts="2"><Above value="{speed}" min="1"/></RetryUntilSuccessful>
           </Sequence>"#,
    );
    let mut t = registry().load_str("t.xml", &xml).unwrap();
    assert_eq!(t.tick(&mut r), Status::Running);
    assert_eq!(t.tick(&mut r), Status::Failure);
    assert_eq!(log(&r), ["exploring"]);
    assert_eq!(t.description().node(0).unwrap().kind, "sequence");
    assert_eq!(t.description().node(5).unwrap().args, "2");
}

/// Runs its child at most `times` times per activation of its parent (a decorator of your own).
struct AtMost {
    times: u32,
}

struct AtMostNode<N> {
    child: N,
    times: u32,
    left: u32,
}

impl<N: Activation> Activation for AtMostNode<N> {
    type Active = N::Active;
    fn is_running(a: &N::Active) -> bool {
        N::is_running(a)
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for AtMostNode<N> {
    const SIZE: usize = 1 + N::SIZE;
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        a: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if self.left == 0 {
            return Status::Failure;
        }
        let s = tick_child(&mut self.child, a, ctx, obs, id + 1);
        if s.is_done() {
            self.left -= 1;
        }
        s
    }
    fn halt_with<O: Observer + ?Sized>(&mut self, a: &mut N::Active, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        halt_child(&mut self.child, a, ctx, obs, id + 1);
    }
    fn reset(&mut self) {
        self.left = self.times;
        self.child.reset();
    }
}

impl<N> Compose<(N,)> for AtMost {
    type Node = AtMostNode<N>;
    fn compose(self, (child,): (N,)) -> AtMostNode<N> {
        AtMostNode { child, times: self.times, left: self.times }
    }
}

#[test]
fn nodes_of_your_own_by_name() {
    let reg = registry()
        .decorator("AtMost", |a: &Attributes<'_>| Ok(AtMost { times: a.parse("times")?.unwrap_or(1) }))
        .node("Hello", |_: &Attributes<'_>| {
            Ok(action(|r: &mut Robot| {
                r.log.borrow_mut().push("hello".into());
                Status::Success
            }))
        });
    let mut t = reg.load_str("t.xml", &tree(r#"<AtMost times="2"><Hello/></AtMost>"#)).unwrap();
    let mut r = robot();
    assert_eq!(t.tick(&mut r), Status::Success);
    assert_eq!(t.tick(&mut r), Status::Success);
    assert_eq!(t.tick(&mut r), Status::Failure);
    assert_eq!(log(&r), ["hello", "hello"]);
    let err = reg.load_str("t.xml", &tree(r#"<AtMost times="two"><Hello/></AtMost>"#)).unwrap_err();
    assert!(err.to_string().contains("`<AtMost>`: `times=\"two\"` is not a valid `u32`"), "{err}");
}

#[test]
fn observers_see_every_node_with_the_description_s_ids() {
    let mut t = registry()
        .load_str(
            "t.xml",
            &tree(r#"<Sequence><Say text="a"/><Inverter><Say text="b" ticks="1"/></Inverter></Sequence>"#),
        )
        .unwrap();
    #[derive(Default)]
    struct Seen(Vec<(NodeId, Status)>);
    impl Observer for Seen {
        fn ticked(&mut self, node: NodeId, status: Status) {
            self.0.push((node, status));
        }
    }
    let mut seen = Seen::default();
    let mut r = robot();
    assert_eq!(t.tick_with(&mut r, &mut seen), Status::Running);
    assert_eq!(
        seen.0,
        [(1, Status::Success), (3, Status::Running), (2, Status::Running), (0, Status::Running)]
    );
    assert_eq!(t.description().text().to_string().lines().count(), 4);
}

#[cfg(feature = "serde")]
#[test]
fn a_loaded_tree_is_saved_and_restored() {
    let reg = Registry::<Robot, bt::load::Saving>::saving()
        .with_clock()
        .action::<Say>("Say")
        .condition::<Above>("Above");
    let xml = tree(
        r#"<Sequence><Say text="a"/><Timeout msec="1000"><Say text="b" ticks="3"/></Timeout></Sequence>"#,
    );
    let mut t = reg.load_str("t.xml", &xml).unwrap();
    let mut r = robot();
    assert_eq!(t.tick(&mut r), Status::Running);
    r.clock.advance(Duration::from_millis(400));
    assert_eq!(t.tick(&mut r), Status::Running);
    let json = serde_json::to_string(&t.save(&r)).unwrap();
    assert!(json.contains(r#""sequence/1.timeout/0.Say":{"running":true,"state":2}"#), "{json}");
    let mut fresh = reg.load_str("t.xml", &xml).unwrap();
    fresh.restore(&mut serde_json::Deserializer::from_str(&json), &r).unwrap();
    log(&r);
    assert_eq!(fresh.tick(&mut r), Status::Running);
    assert_eq!(fresh.tick(&mut r), Status::Success);
    assert_eq!(log(&r), ["b", "b"]);
}
