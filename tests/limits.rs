//! Trees at the limits compile and run: the deepest (48 nodes) and widest (16 children per
//! composite) tree of `bt!`, in both forms, with a leaf nested as deep as a leaf may be (64
//! levels); and the same tree from XML, with a leaf of 64 attributes. One level, child, node or
//! attribute more is a compile error (`tests/ui/too_deep.rs`, `tests/ui/too_many_children.rs`,
//! `tests/ui/leaf_nested_too_deep.rs`, `tests/ui/too_many_nodes.rs`, `tests/ui/xml_*`).

use bt::blackboard::Blackboard;
use bt::ports::{HasBlackboard, Input, Ports};
use bt::{Action, Status, bt, bt_xml};

#[derive(Default)]
struct Agent {
    ticks: u32,
    deepest: u32,
    bb: Blackboard,
}

impl HasBlackboard for Agent {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
}

/// No time: nothing here expires.
impl bt::Clock for Agent {
    fn now(&self) -> core::time::Duration {
        core::time::Duration::ZERO
    }
}

struct A;
impl Action<Agent> for A {
    fn execute(&mut self, a: &mut Agent) -> Status {
        a.ticks += 1;
        Status::Success
    }
}

/// A leaf with as many ports as an XML element may have attributes.
#[derive(Ports)]
#[allow(dead_code)]
struct Wide {
    p0: Input<u8>,
    p1: Input<u8>,
    p2: Input<u8>,
    p3: Input<u8>,
    p4: Input<u8>,
    p5: Input<u8>,
    p6: Input<u8>,
    p7: Input<u8>,
    p8: Input<u8>,
    p9: Input<u8>,
    p10: Input<u8>,
    p11: Input<u8>,
    p12: Input<u8>,
    p13: Input<u8>,
    p14: Input<u8>,
    p15: Input<u8>,
    p16: Input<u8>,
    p17: Input<u8>,
    p18: Input<u8>,
    p19: Input<u8>,
    p20: Input<u8>,
    p21: Input<u8>,
    p22: Input<u8>,
    p23: Input<u8>,
    p24: Input<u8>,
    p25: Input<u8>,
    p26: Input<u8>,
    p27: Input<u8>,
    p28: Input<u8>,
    p29: Input<u8>,
    p30: Input<u8>,
    p31: Input<u8>,
    p32: Input<u8>,
    p33: Input<u8>,
    p34: Input<u8>,
    p35: Input<u8>,
    p36: Input<u8>,
    p37: Input<u8>,
    p38: Input<u8>,
    p39: Input<u8>,
    p40: Input<u8>,
    p41: Input<u8>,
    p42: Input<u8>,
    p43: Input<u8>,
    p44: Input<u8>,
    p45: Input<u8>,
    p46: Input<u8>,
    p47: Input<u8>,
    p48: Input<u8>,
    p49: Input<u8>,
    p50: Input<u8>,
    p51: Input<u8>,
    p52: Input<u8>,
    p53: Input<u8>,
    p54: Input<u8>,
    p55: Input<u8>,
    p56: Input<u8>,
    p57: Input<u8>,
    p58: Input<u8>,
    p59: Input<u8>,
    p60: Input<u8>,
    p61: Input<u8>,
    p62: Input<u8>,
    p63: Input<u8>,
}

impl Action<Agent> for Wide {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, a: &mut Agent) -> Status {
        a.deepest += u32::from(*self.p63.get(a).unwrap());
        Status::Success
    }
}

bt! { struct Deepest for Agent {
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
            A
        >>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>
} }

bt_xml! { struct DeepestXml for Agent = "tests/xml/trees/at_limits.xml" }

/// Every leaf of the comb succeeds: one tick runs all of them.
const LEAVES: u32 = 47 * 15 + 1;

#[test]
// The leaf nests its blocks only to reach the limit.
#[allow(unused_braces)]
fn the_deepest_and_widest_tree_runs() {
    let mut tree = bt! { Agent =>
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        sequence<A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
        { |a: &mut Agent| {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{ a.deepest += 1; Status::Success }}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}} }
        >>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>
    };
    let mut agent = Agent::default();
    assert_eq!(tree.tick(&mut agent), Status::Success);
    assert_eq!((agent.ticks, agent.deepest), (LEAVES - 1, 1));
    assert_eq!(tree.description().len(), 47 * 16 + 1);
}

#[test]
fn the_deepest_and_widest_named_tree_runs() {
    let mut tree = Deepest::new();
    let mut agent = Agent::default();
    assert_eq!(tree.tick(&mut agent), Status::Success);
    assert_eq!(agent.ticks, LEAVES);
    let d = tree.description();
    assert_eq!(d.len(), 47 * 16 + 1);
    assert_eq!(d.nodes().map(|n| n.depth).max(), Some(47));
}

#[test]
fn the_deepest_and_widest_xml_tree_runs() {
    let mut tree = DeepestXml::new();
    let mut agent = Agent::default();
    assert_eq!(tree.tick(&mut agent), Status::Success);
    assert_eq!((agent.ticks, agent.deepest), (LEAVES - 1, 1));
    assert_eq!(tree.description().len(), 47 * 16 + 1);
}
