//! A small hungry agent built with the runtime constructors, with the description `bt!` would emit
//! for it written by hand; shared by the visualisation tests.
#![allow(dead_code)]

use bt::__private::Builder;
use bt::{Action, BehaviorTree, Describe, Exit, Node, NodeInfo, Status, TreeDescription};

pub const FOOD: i32 = 3;
pub const WATER: i32 = -2;
pub const BED: i32 = 0;

/// The agent: three needs (food, water, energy; low is bad) and a position on a line.
#[derive(Debug, Default)]
pub struct Agent {
    pub food: u32,
    pub water: u32,
    pub energy: u32,
    pub x: i32,
    pub log: Vec<String>,
}

impl Agent {
    pub fn new() -> Self {
        Agent { food: 40, water: 34, energy: 90, x: 0, log: Vec::new() }
    }

    /// Time passes: needs decay.
    pub fn step(&mut self) {
        self.food = self.food.saturating_sub(3);
        self.water = self.water.saturating_sub(2);
        self.energy = self.energy.saturating_sub(1);
    }
}

pub struct WalkTo(pub i32);

impl Action<Agent> for WalkTo {
    fn execute(&mut self, a: &mut Agent) -> Status {
        if a.x == self.0 {
            return Status::Success;
        }
        a.x += (self.0 - a.x).signum();
        Status::Running
    }
    fn exit(&mut self, a: &mut Agent, how: Exit) {
        a.log.push(format!("walk to {} {how:?}", self.0));
    }
}

const fn node(
    kind: &'static str,
    label: &'static str,
    args: &'static str,
    depth: u16,
    children: u16,
    line: u32,
) -> NodeInfo {
    NodeInfo::keyword(kind, label, args, depth, children, line, 9)
}

/// What `bt!` describes for [`hungry_tree`].
pub static HUNGRY: TreeDescription = TreeDescription::new(
    "HungryBrain",
    "Agent",
    "tests/viz_fixture/mod.rs",
    &[
        node("repeat", "repeat", "", 0, 1, 10),
        node("parallel", "parallel", "1", 1, 2, 10),
        node("selector", "selector", "", 2, 3, 11),
        node("sequence", "sequence", "", 3, 3, 12),
        node("leaf", "FeelHungry", "", 4, 0, 12),
        node("leaf", "WalkTo(FOOD)", "", 4, 0, 12),
        node("leaf", "EatFood", "", 4, 0, 12),
        node("sequence", "sequence", "", 3, 3, 13),
        node("leaf", "FeelThirsty", "", 4, 0, 13),
        node("leaf", "WalkTo(WATER)", "", 4, 0, 13),
        node("leaf", "DrinkWater", "", 4, 0, 13),
        node("sequence", "sequence", "", 3, 3, 14),
        node("leaf", "FeelTired", "", 4, 0, 14),
        node("leaf", "WalkTo(BED)", "", 4, 0, 14),
        node("leaf", "Sleep", "", 4, 0, 14),
        node("leaf", "Alive", "", 2, 0, 16),
    ],
);

pub struct HungryDesc;
impl Describe for HungryDesc {
    const DESCRIPTION: &'static TreeDescription = &HUNGRY;
}

/// The tree [`HUNGRY`] describes.
pub fn hungry_tree() -> BehaviorTree<impl Node<Agent>, Agent, HungryDesc> {
    let b = Builder::<Agent>::new();
    b.build_described::<HungryDesc, _>(bt::Repeat::forever(bt::Parallel::new(
        1,
        (
            bt::Selector::new((
                bt::Sequence::new((
                    b.leaf(|a: &Agent| a.food < 30),
                    b.leaf(WalkTo(FOOD)),
                    b.leaf(|a: &mut Agent| {
                        a.food = 100;
                        Status::Success
                    }),
                )),
                bt::Sequence::new((
                    b.leaf(|a: &Agent| a.water < 30),
                    b.leaf(WalkTo(WATER)),
                    b.leaf(|a: &mut Agent| {
                        a.water = 100;
                        Status::Success
                    }),
                )),
                bt::Sequence::new((
                    b.leaf(|a: &Agent| a.energy < 30),
                    b.leaf(WalkTo(BED)),
                    b.leaf(|a: &mut Agent| {
                        a.energy = 100;
                        Status::Success
                    }),
                )),
            )),
            b.leaf(|_: &mut Agent| Status::Running),
        ),
    )))
}

/// Labels full of characters that renderings must escape.
pub static TRICKY: TreeDescription = TreeDescription::new(
    "",
    "",
    "C:\\src\\tricky.rs",
    &[
        node("sequence", "sequence", "", 0, 6, 1),
        node("leaf", "{ |a: &Agent| a.name == \"x\\\"y\" }", "", 1, 0, 2),
        node("leaf", "{ |a: &Agent| a.hp < 3 && a.x > 1 }", "", 1, 0, 3),
        node("leaf", "Map::<K, V>::new()", "", 1, 0, 4),
        node("precondition", "precondition", "{ |a: &Agent| matches!(a.mode, A | B) }", 1, 1, 5),
        node(
            "leaf",
            "{ match x {\n    A | B => Status::Success,\n    _ => Status::Failure,\n} }",
            "",
            2,
            0,
            6,
        ),
        node("timeout", "timeout", "2s", 1, 1, 10),
        node("leaf", "Tag { name: `#1` & 'q' \\ [x] }", "", 2, 0, 11),
        node("leaf", "Done", "", 1, 0, 12),
    ],
);
