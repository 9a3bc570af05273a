//! The `bt!` language, end to end: every leaf form, every way to write a node, both forms of the
//! macro, named trees, and the static description. Each test ticks the tree and checks statuses.

use bt::{Action, Condition, Exit, Node, Status, bt};

#[derive(Default)]
struct Agent {
    food: u32,
    x: i32,
    log: Vec<String>,
}

impl Agent {
    fn log(&mut self, s: impl Into<String>) {
        self.log.push(s.into());
    }
}

const FOOD: i32 = 3;

/// Condition, unit struct.
#[derive(Clone)]
struct FeelHungry;
impl Condition<Agent> for FeelHungry {
    fn check(&mut self, a: &Agent) -> bool {
        a.food < 30
    }
}

/// Action with a lifecycle, built by constructor or struct literal.
#[derive(Clone)]
struct WalkTo {
    target: i32,
}
impl WalkTo {
    fn new(target: i32) -> Self {
        WalkTo { target }
    }
}
impl Action<Agent> for WalkTo {
    fn enter(&mut self, a: &mut Agent) {
        a.log(format!("walk to {}", self.target));
    }
    fn execute(&mut self, a: &mut Agent) -> Status {
        if a.x == self.target {
            return Status::Success;
        }
        a.x += (self.target - a.x).signum();
        Status::Running
    }
    fn exit(&mut self, a: &mut Agent, how: Exit) {
        a.log(format!("walk {how:?}"));
    }
}

/// Instant action, unit struct.
struct Eat;
impl Action<Agent> for Eat {
    fn execute(&mut self, a: &mut Agent) -> Status {
        a.food += 50;
        a.log("eat");
        Status::Success
    }
}

/// Tuple-struct action: succeeds, fails or runs as told.
struct Say(&'static str, Status);
impl Action<Agent> for Say {
    fn execute(&mut self, a: &mut Agent) -> Status {
        a.log(self.0);
        self.1
    }
}

mod actions {
    use super::*;

    /// Reached through a module path.
    pub struct Rest;
    impl Action<Agent> for Rest {
        fn execute(&mut self, a: &mut Agent) -> Status {
            a.log("rest");
            Status::Success
        }
    }

    pub struct Ping<const N: u32>;
    impl<const N: u32> Action<Agent> for Ping<N> {
        fn execute(&mut self, a: &mut Agent) -> Status {
            a.log(format!("ping {N}"));
            Status::Success
        }
    }
}

#[test]
fn every_leaf_form() {
    let helper = || bt! { sequence<Eat, Eat> };
    let mut tree = bt! {
        sequence<
            FeelHungry,
            actions::Rest,
            ::core::convert::identity::<actions::Rest>(actions::Rest),
            WalkTo::new(FOOD),
            WalkTo { target: 1 },
            Say("tuple", Status::Success),
            actions::Ping::<7>,
            { |a: &mut Agent| { a.log("closure action"); Status::Success } },
            { |a: &Agent| a.x == 1 },
            { helper() },
        >
    };
    let mut a = Agent::default();
    for _ in 0..3 {
        assert_eq!(tree.tick(&mut a), Status::Running);
    }
    assert_eq!(a.x, 3);
    // Arrived at 3 on the next tick; then walks back to 1.
    assert_eq!(tree.tick(&mut a), Status::Running);
    assert_eq!(tree.tick(&mut a), Status::Running);
    assert_eq!(tree.tick(&mut a), Status::Success);
    assert_eq!(a.food, 100);
    assert_eq!(
        a.log,
        [
            "rest",
            "rest",
            "walk to 3",
            "walk Success",
            "walk to 1",
            "walk Success",
            "tuple",
            "ping 7",
            "closure action",
            "eat",
            "eat",
        ]
    );
}

#[test]
fn parentheses_and_braces_invocations_and_trailing_commas() {
    let mut a = Agent::default();
    let mut t1 = bt!(sequence<Eat, Say("x", Status::Success),>);
    let mut t2 = bt! { selector<Say("fail", Status::Failure), Eat,> };
    let mut t3 = bt![invert(Eat)];
    assert_eq!(t1.tick(&mut a), Status::Success);
    assert_eq!(t2.tick(&mut a), Status::Success);
    assert_eq!(t3.tick(&mut a), Status::Failure);
    assert_eq!(a.log, ["eat", "x", "fail", "eat", "eat"]);
}

#[test]
fn nested_trees_and_double_closers() {
    // `>>` and `>>>` arrive as separate `>` tokens.
    let mut tree = bt! { selector<sequence<FeelHungry, invert<force_failure<Eat>>>> };
    let mut a = Agent { food: 10, ..Agent::default() };
    assert_eq!(tree.tick(&mut a), Status::Success);
    assert_eq!(a.food, 60);
    assert_eq!(tree.tick(&mut a), Status::Failure, "no longer hungry");
}

#[test]
fn explicit_context() {
    let mut tree = bt! { Agent => sequence<{ |a: &Agent| a.food > 5 }, Eat> };
    let _ = &mut tree;
    let mut a = Agent { food: 10, ..Agent::default() };
    assert_eq!(tree.tick(&mut a), Status::Success);
    assert_eq!(tree.description().context, "Agent");
}

#[test]
fn issue_two_keywords() {
    let mut a = Agent::default();
    // parallel(n): succeeds once n children succeeded, successes latched.
    let mut tree =
        bt! { parallel(2)<WalkTo::new(2), Say("p", Status::Success), { |_: &mut Agent| Status::Running }> };
    assert_eq!(tree.tick(&mut a), Status::Running);
    assert_eq!(tree.tick(&mut a), Status::Running);
    assert_eq!(tree.tick(&mut a), Status::Success);
    assert_eq!(a.log, ["walk to 2", "p", "walk Success"]);

    // repeat with a count, as `(count)<child>`, and forever with the child in parentheses.
    let mut a = Agent::default();
    let mut three = bt! { repeat(3)<Eat> };
    assert_eq!(three.tick(&mut a), Status::Running);
    assert_eq!(three.tick(&mut a), Status::Running);
    assert_eq!(three.tick(&mut a), Status::Success);
    let mut forever = bt! { repeat(Eat) };
    for _ in 0..5 {
        assert_eq!(forever.tick(&mut a), Status::Running);
    }
    assert_eq!(a.food, 8 * 50);
    let mut named_count = bt! { repeat(n = 2)<Eat> };
    assert_eq!(named_count.tick(&mut a), Status::Running);
    assert_eq!(named_count.tick(&mut a), Status::Success);

    // Result mappers.
    let mut a = Agent::default();
    assert_eq!(bt!(invert(Say("", Status::Failure))).tick(&mut a), Status::Success);
    assert_eq!(bt!(invert<Eat>).tick(&mut a), Status::Failure);
    assert_eq!(bt!(force_success(Say("", Status::Failure))).tick(&mut a), Status::Success);
    assert_eq!(bt!(force_failure(Eat)).tick(&mut a), Status::Failure);
    assert_eq!(bt!(force_failure(Say("", Status::Running))).tick(&mut a), Status::Running);

    // fallback is an alias of selector.
    assert_eq!(bt!(fallback<Say("", Status::Failure), Eat>).tick(&mut a), Status::Success);
}

#[test]
fn precondition_with_every_condition_form() {
    let mut tree = bt! { precondition(FeelHungry)<Eat> };
    let mut a = Agent { food: 10, ..Agent::default() };
    assert_eq!(tree.tick(&mut a), Status::Success);
    assert_eq!(tree.tick(&mut a), Status::Failure, "the condition is false now");
    assert_eq!(a.food, 60);

    let mut tree = bt! { precondition({ |a: &Agent| a.x < 2 })<WalkTo::new(5)> };
    let mut a = Agent::default();
    for _ in 0..5 {
        assert_eq!(tree.tick(&mut a), Status::Running, "not re-checked while the child runs");
    }
    assert_eq!(tree.tick(&mut a), Status::Success);
    assert_eq!(tree.tick(&mut a), Status::Failure);
}

#[test]
fn leaves_capture_locals() {
    let target = 2;
    let mut tree = bt! { sequence<WalkTo::new(target), { move |a: &Agent| a.x == target }> };
    let mut a = Agent::default();
    assert_eq!(tree.tick(&mut a), Status::Running);
    assert_eq!(tree.tick(&mut a), Status::Running);
    assert_eq!(tree.tick(&mut a), Status::Success);
}

#[test]
fn a_tree_returned_by_a_function_is_a_leaf() {
    fn eat_twice() -> impl Node<Agent> {
        bt! { sequence<Eat, Eat> }
    }
    let mut tree = bt! { sequence<{ eat_twice() }, Eat> };
    let mut a = Agent::default();
    assert_eq!(tree.tick(&mut a), Status::Success);
    assert_eq!(a.food, 150);
    // The embedded tree is transparent: a `subtree` node whose child is its root, with every
    // node of it described in place.
    assert_eq!(tree.node_count(), 6);
    let d = tree.description();
    assert_eq!(d.len(), 6);
    let rows: Vec<_> = d.nodes().map(|n| (n.kind, n.label, n.depth)).collect();
    assert_eq!(
        rows,
        [
            ("sequence", "sequence", 0),
            ("subtree", "{ eat_twice() }", 1),
            ("sequence", "sequence", 2),
            ("leaf", "Eat", 3),
            ("leaf", "Eat", 3),
            ("leaf", "Eat", 1),
        ]
    );
}

#[test]
fn a_tree_built_by_hand_is_one_opaque_leaf() {
    fn eat_twice() -> impl Node<Agent> {
        bt::Sequence::new((bt::ActionNode::new(Eat), bt::ActionNode::new(Eat)))
    }
    let mut tree = bt! { sequence<{ eat_twice() }, Eat> };
    let mut a = Agent::default();
    assert_eq!(tree.tick(&mut a), Status::Success);
    assert_eq!(a.food, 150);
    assert_eq!(tree.node_count(), 3);
    assert_eq!(tree.description().len(), 3);
    assert_eq!(tree.description().node(1).map(|n| n.kind), Some("leaf"));
}

#[cfg(feature = "alloc")]
#[test]
fn boxed_subtree() {
    let mut tree = bt! { sequence<boxed(sequence<Eat, Eat>), Eat> };
    let mut a = Agent::default();
    assert_eq!(tree.tick(&mut a), Status::Success);
    assert_eq!(a.food, 150);
    let d = tree.description();
    assert_eq!(d.len(), tree.node_count());
    assert_eq!(d.node(1).unwrap().kind, "boxed");
    assert_eq!(d.node(1).unwrap().label, "sequence<Eat, Eat>");
}

#[test]
fn sixteen_children() {
    let mut tree = bt! {
        sequence<Eat, Eat, Eat, Eat, Eat, Eat, Eat, Eat, Eat, Eat, Eat, Eat, Eat, Eat, Eat, Eat>
    };
    let mut a = Agent::default();
    assert_eq!(tree.tick(&mut a), Status::Success);
    assert_eq!(a.food, 16 * 50);
}

// ---------------------------------------------------------------------------------------------
// Named trees

bt! {
    /// The agent's whole brain: eat when hungry, otherwise rest.
    #[derive(Clone)]
    pub(crate) struct Brain for Agent {
        selector<
            sequence<FeelHungry, WalkTo::new(FOOD), WalkTo { target: 0 }>,
            WalkTo::new(-1),
        >
    }

    /// Walks between two points.
    pub(crate) struct Patrol(a: i32, b: i32) for Agent {
        repeat(2)<sequence<WalkTo::new(a), WalkTo::new(b)>>
    }

    struct WithLeafParam(first: WalkTo) for Agent {
        sequence<first, actions::Rest, actions::Ping::<1>>
    }

    /// A named tree inside another: a leaf, by its constructor.
    struct Outer for Agent {
        sequence<Patrol::new(1, 0), Brain::new(), precondition(FeelHungry)<Eat>>
    }
}

/// A named tree stored in a struct field, its type written out by name.
struct Npc {
    agent: Agent,
    brain: Brain,
}

impl Npc {
    fn update(&mut self) -> Status {
        self.brain.tick(&mut self.agent)
    }
}

#[test]
fn named_tree_in_a_struct_field() {
    let mut npc = Npc { agent: Agent { food: 10, ..Agent::default() }, brain: Brain::default() };
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(npc.update());
    }
    use Status::*;
    assert_eq!(statuses, [Running, Running, Running, Running, Running, Running, Success, Running]);
    // Hungry and not fed: the walk starts over.
    assert_eq!(npc.agent.x, 1);
    let copy = npc.brain.clone();
    assert_eq!(copy.description().name, "Brain");
    assert_eq!(copy.description().context, "Agent");
}

#[test]
fn named_tree_with_parameters() {
    let mut patrol = Patrol::new(2, 0);
    let mut a = Agent::default();
    let status = patrol.tick_until_done_within(&mut a, 100, |_| {});
    assert_eq!(status, Status::Success);
    assert_eq!(a.log.iter().filter(|l| l.starts_with("walk to")).count(), 4);
    assert_eq!(a.x, 0);

    let mut t = WithLeafParam::new(WalkTo::new(1));
    assert_eq!(t.tick(&mut a), Status::Running);
    assert_eq!(t.tick(&mut a), Status::Success);
    assert_eq!(a.log.last().map(String::as_str), Some("ping 1"));
}

#[test]
fn named_tree_as_a_leaf_of_other_trees() {
    let mut outer = Outer::new();
    let mut a = Agent { food: 100, ..Agent::default() };
    let status = outer.tick_until_done_within(&mut a, 100, |_| {});
    // Patrol succeeds, Brain (not hungry) walks to -1 and succeeds, the precondition fails.
    assert_eq!(status, Status::Failure);
    assert_eq!(a.x, -1);
    // Each embedded named tree is a subtree node followed by all its nodes.
    let d = outer.description();
    assert_eq!(d.len(), outer.node_count());
    assert_eq!(d.len(), 5 + Patrol::new(0, 1).node_count() + Brain::new().node_count());
    let subtrees: Vec<_> = d.iter().filter(|(_, n)| n.is_subtree()).map(|(id, n)| (id, n.label)).collect();
    assert_eq!(subtrees, [(1, "Patrol::new(1, 0)"), (2 + Patrol::new(0, 1).node_count(), "Brain::new()")]);
    let (origin, index) = d.origin(2).unwrap();
    assert_eq!((origin.name, index), ("Patrol", 0));

    // A named tree in an anonymous tree.
    let mut tree = bt! { sequence<Brain::new(), Eat> };
    let mut a = Agent::default();
    assert_eq!(tree.tick_until_done_within(&mut a, 100, |_| {}), Status::Success);
    assert_eq!(a.food, 50);
}

// ---------------------------------------------------------------------------------------------
// Static description

#[test]
fn description_matches_node_ids() {
    let t1 = bt! { Eat };
    let t2 = bt! { sequence<Eat, selector<FeelHungry, invert(Eat)>, repeat(3)<Eat>> };
    let t3 = bt! { parallel(1)<precondition(FeelHungry)<sequence<Eat, Eat>>, { |_: &mut Agent| Status::Running }> };
    let mut a = Agent::default();
    let (mut t1, mut t2, mut t3) = (t1, t2, t3);
    let _ = (t1.tick(&mut a), t2.tick(&mut a), t3.tick(&mut a));
    assert_eq!(t1.description().len(), t1.node_count());
    assert_eq!(t2.description().len(), t2.node_count());
    assert_eq!(t3.description().len(), t3.node_count());
    assert_eq!(Brain::default().description().len(), Brain::default().node_count());
    assert_eq!(Patrol::new(0, 1).description().len(), Patrol::new(0, 1).node_count());
}

#[test]
fn description_of_one_tree() {
    #[rustfmt::skip]
    let mut tree = bt! {
        sequence<
            FeelHungry,
            parallel(1)<WalkTo::new(FOOD), { |a: &Agent| a.x > 2 }>,
            precondition(FeelHungry)<fallback<Eat>>,
        >
    };
    let _ = tree.tick(&mut Agent::default());
    let d = tree.description();
    assert_eq!(d.name, "");
    assert_eq!(d.context, "");
    assert!(d.file.ends_with("dsl.rs"), "{}", d.file);
    let rows: Vec<_> = d.nodes().map(|n| (n.kind, n.label, n.args, n.depth, n.children)).collect();
    assert_eq!(
        rows,
        [
            ("sequence", "sequence", "", 0, 3),
            ("leaf", "FeelHungry", "", 1, 0),
            ("parallel", "parallel", "1", 1, 2),
            ("leaf", "WalkTo::new(FOOD)", "", 2, 0),
            ("leaf", "{ |a: &Agent| a.x > 2 }", "", 2, 0),
            ("precondition", "precondition", "FeelHungry", 1, 1),
            ("selector", "fallback", "", 2, 1),
            ("leaf", "Eat", "", 3, 0),
        ]
    );
    // Source positions: the line of `sequence<` and of the leaf below it, 1-based columns.
    let first = d.node(0).unwrap();
    assert!(first.line > 0);
    assert_eq!(d.node(1).unwrap().line, first.line + 1);
    assert_eq!(d.node(1).unwrap().column, first.column + 4);
    assert_eq!(d.node(2).unwrap().line, first.line + 2);
}

bt! {
    /// Literal counts: kept in the node types as `bt::Const`.
    struct LiteralCounts for Agent {
        parallel(1)<repeat(2)<Eat>, retry(3)<Say("r", Status::Failure)>>
    }

    /// The same counts given at run time: kept in the nodes as numbers.
    struct RuntimeCounts(threshold: usize, times: u32, attempts: u32) for Agent {
        parallel(threshold)<repeat(times)<Eat>, retry(attempts)<Say("r", Status::Failure)>>
    }
}

/// `repeat(2)<Eat>` and `retry(3)<Say>` with literal counts, as `bt!` types them (a retry's bound
/// that fits a byte is a `ConstU8`: it counts its attempts in one byte).
type ConstChildren =
    (bt::Repeat<bt::ActionNode<Eat>, bt::Const<2>>, bt::Retry<bt::ActionNode<Say>, bt::ConstU8<3>>);
/// The same nodes with run-time counts.
type RuntimeChildren = (bt::Repeat<bt::ActionNode<Eat>>, bt::Retry<bt::ActionNode<Say>>);

#[test]
fn literal_counts_are_compile_time_constants_with_the_same_semantics() {
    // Built by hand, as `bt!` builds them.
    let literal: bt::Parallel<ConstChildren, bt::Const<1>> = bt::Parallel::new(
        bt::Const::<1>,
        (
            bt::Repeat::times(bt::Const::<2>, bt::ActionNode::new(Eat)),
            bt::Retry::new(bt::ConstU8::<3>, bt::ActionNode::new(Say("r", Status::Failure))),
        ),
    );
    let runtime: bt::Parallel<RuntimeChildren> = bt::Parallel::new(
        1,
        (
            bt::Repeat::times(2, bt::ActionNode::new(Eat)),
            bt::Retry::new(3, bt::ActionNode::new(Say("r", Status::Failure))),
        ),
    );
    assert!(size_of_val(&literal) < size_of_val(&runtime));
    assert_eq!(literal.threshold(), 1);
    assert_eq!(literal.children().1.attempts(), 3);

    let (mut a, mut b) = (Agent::default(), Agent::default());
    let mut lit = LiteralCounts::new();
    let mut run = RuntimeCounts::new(1, 2, 3);
    // The named trees' node types: literals in the types, run-time counts as the default types.
    let _: &bt::BehaviorTree<bt::Parallel<ConstChildren, bt::Const<1>>, Agent, LiteralCounts> = &lit;
    let _: &bt::BehaviorTree<bt::Parallel<RuntimeChildren>, Agent, RuntimeCounts> = &run;
    assert!(size_of_val(&lit) < size_of_val(&run));
    for _ in 0..8 {
        assert_eq!(lit.tick(&mut a), run.tick(&mut b));
    }
    assert_eq!((a.food, &a.log), (b.food, &b.log));
    assert_eq!(a.food, 8 * 50);
}

#[test]
#[should_panic(expected = "parallel(n)")]
fn a_constant_parallel_threshold_above_the_children_panics() {
    let _ = bt::Parallel::new(bt::Const::<3>, (bt::ActionNode::new(Eat), bt::ActionNode::new(Eat)));
}

#[test]
fn generated_names_do_not_clash_with_the_users() {
    // The names the expansion uses for itself, as the user's own type, leaf and locals.
    #[allow(non_camel_case_types)]
    struct __BtDescription {
        n: u32,
    }
    #[allow(non_camel_case_types)]
    struct __Ctx;
    impl bt::Condition<__BtDescription> for __Ctx {
        fn check(&mut self, c: &__BtDescription) -> bool {
            c.n > 0
        }
    }
    let __bt_d = 1;
    let __b = 2;
    let mut tree = bt! {
        __BtDescription => sequence<__Ctx, { move |c: &mut __BtDescription| { c.n += __bt_d + __b; Status::Success } }>
    };
    let mut c = __BtDescription { n: 1 };
    assert_eq!(tree.tick(&mut c), Status::Success);
    assert_eq!(c.n, 4);
    assert_eq!(tree.description().len(), 3);
}
