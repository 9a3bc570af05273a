//! Leaves placed in a block (`bt::InBlock`): `bt!` turns every leaf child of a composite that runs
//! one child at a time into a node without a running flag, whose composite's block of child
//! states says whether it runs. Every such composite is checked here against the same tree whose
//! leaves keep their own flag (the same actions wrapped as nodes of their own, which `bt!` does
//! not place): the same calls in the same order, tick by tick, through halts, an observer that
//! replaces results, and (feature `serde`) a save after every tick, byte for byte the same, restored
//! into a fresh tree that goes on.

use std::fmt::Write as _;

use Status::{Failure as F, Running as R, Success as S};
use bt::{Action, ActionNode, Activation, BehaviorTree, Exit, Node, NodeId, Observer, Status, bt};

/// The world: a log of every call, and a counter that conditions and `switch` read.
#[derive(Default)]
struct Ctx {
    log: String,
    tick: u32,
}

/// An action that plays a script, one status per tick, and logs its lifecycle.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Act {
    name: u8,
    script: Vec<Status>,
    at: usize,
}

impl Action<Ctx> for Act {
    fn enter(&mut self, c: &mut Ctx) {
        let _ = write!(c.log, "{}+ ", self.name);
    }
    fn execute(&mut self, c: &mut Ctx) -> Status {
        let status = self.script[self.at % self.script.len()];
        self.at += 1;
        let _ = write!(c.log, "{}{:?} ", self.name, status);
        status
    }
    fn exit(&mut self, c: &mut Ctx, how: Exit) {
        let _ = write!(c.log, "{}-{how:?} ", self.name);
    }
}

#[cfg(feature = "serde")]
impl bt::Persist<Ctx> for Act {
    type State = usize;
    fn save(&self, _: &Ctx) -> usize {
        self.at
    }
    fn restore(&mut self, at: usize, _: &Ctx) {
        self.at = at;
    }
}

/// The same action as a node of its own, keeping its own running flag: `bt!` takes a node as it
/// is (`bt::Subtree`), and places only actions and conditions.
#[derive(Clone, Debug)]
struct Flagged(ActionNode<Act>);

impl Activation for Flagged {
    type Active = bool;
    fn is_running(active: &bool) -> bool {
        *active
    }
}

impl Node<Ctx> for Flagged {
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        a: &mut bool,
        c: &mut Ctx,
        o: &mut O,
        id: NodeId,
    ) -> Status {
        self.0.tick_with(a, c, o, id)
    }
    fn halt_with<O: Observer + ?Sized>(&mut self, a: &mut bool, c: &mut Ctx, o: &mut O, id: NodeId) {
        self.0.halt_with(a, c, o, id)
    }
}

#[cfg(feature = "serde")]
impl bt::PersistNode<Ctx> for Flagged {
    type Loaded = <ActionNode<Act> as bt::PersistNode<Ctx>>::Loaded;
    fn save_nodes<W: bt::persist::NodeWriter>(
        &self,
        a: &bool,
        c: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        self.0.save_nodes(a, c, id, w)
    }
    fn load_nodes<Rd: bt::persist::NodeReader>(
        &self,
        c: &Ctx,
        id: NodeId,
        r: &mut Rd,
    ) -> Result<(Self::Loaded, bool), Rd::Error> {
        self.0.load_nodes(c, id, r)
    }
    fn apply(&mut self, loaded: Self::Loaded, c: &Ctx) {
        self.0.apply(loaded, c);
    }
}

/// The scripts of the leaves, by number: actions that run for a while and then succeed or fail.
fn script(n: u8) -> Vec<Status> {
    match n % 6 {
        0 => vec![R, S],
        1 => vec![R, R, F],
        2 => vec![S],
        3 => vec![R, R, S, F],
        4 => vec![F, R, S],
        _ => vec![R, F, S, S],
    }
}

mod placed {
    pub fn l(n: u8) -> super::Act {
        super::Act { name: n, script: super::script(n), at: 0 }
    }
}

mod flagged {
    pub fn l(n: u8) -> super::Flagged {
        super::Flagged(bt::ActionNode::new(super::placed::l(n)))
    }
}

/// A condition that holds on the ticks its pattern says, by the world's tick.
fn holds(every: u32, c: &Ctx) -> bool {
    !c.tick.is_multiple_of(every)
}

/// Replaces results now and then, as Groot2's overrides do: node 3's `Running` by `Failure` every
/// fifth tick (the running node is halted first), node 4's completed result by `Success` every
/// third (nothing to halt), and node 2's tick by `Success` every seventh (halted if it runs).
struct Overrides {
    tick: u32,
}

impl Observer for Overrides {
    fn intercept(&mut self, node: NodeId) -> Option<Status> {
        (node == 2 && self.tick % 7 == 3).then_some(S)
    }
    fn intercept_result(&mut self, node: NodeId, status: Status) -> Option<Status> {
        match node {
            3 => (self.tick % 5 == 4 && status == R).then_some(F),
            4 => (self.tick % 3 == 1 && status != R).then_some(S),
            _ => None,
        }
    }
}

/// Ticks both trees 120 times with the same world, halting them now and then, and checks that the
/// leaves saw the same calls; with `observe`, through [`Overrides`]. Says whether a halt stopped
/// a running leaf.
fn same_calls<A: Node<Ctx>, B: Node<Ctx>, DA: bt::Describe, DB: bt::Describe>(
    mut placed: BehaviorTree<A, Ctx, DA>,
    mut flagged: BehaviorTree<B, Ctx, DB>,
    observe: bool,
) -> bool {
    let (mut a, mut b) = (Ctx::default(), Ctx::default());
    for tick in 0..120 {
        a.tick = tick;
        b.tick = tick;
        let (sa, sb) = if observe {
            (
                placed.tick_with(&mut a, &mut Overrides { tick }),
                flagged.tick_with(&mut b, &mut Overrides { tick }),
            )
        } else {
            (placed.tick(&mut a), flagged.tick(&mut b))
        };
        assert_eq!(sa, sb, "tick {tick}: {}", a.log);
        assert_eq!(placed.is_running(), flagged.is_running(), "tick {tick}");
        if tick % 13 == 12 || tick % 17 == 9 {
            placed.halt(&mut a);
            flagged.halt(&mut b);
        }
        assert_eq!(a.log, b.log, "tick {tick}");
    }
    assert!(a.log.contains('+'), "the leaves ran: {}", a.log);
    a.log.contains("Halted")
}

/// Builds the tree twice, with its leaves `{ l(n) }` placed and with their own flags.
macro_rules! both {
    ($($tree:tt)*) => {{
        let placed = {
            use placed::l;
            bt! { Ctx => $($tree)* }
        };
        let flagged = {
            use flagged::l;
            bt! { Ctx => $($tree)* }
        };
        (placed, flagged)
    }};
}

/// Every keyword that places its leaves, with actions first, later and alone.
macro_rules! each_tree {
    ($check:ident) => {
        $check!(sequence<{ l(0) }, { l(1) }, { l(2) }>);
        $check!(repeat<selector<{ l(1) }, { l(3) }, { l(0) }>>);
        $check!(repeat<reactive_sequence<{ |c: &Ctx| holds(4, c) }, { l(0) }, { l(3) }>>);
        $check!(repeat<reactive_selector<{ l(4) }, { l(5) }, { l(1) }>>);
        $check!(repeat<mem_sequence<{ l(0) }, { l(5) }, { l(3) }>>);
        $check!(repeat<mem_selector<{ l(1) }, { l(4) }, { l(0) }>>);
        $check!(repeat<async_sequence<{ l(2) }, { l(0) }, { l(3) }>>);
        $check!(repeat<try_catch<{ l(1) }, { l(0) }>>);
        $check!(repeat<try_catch(catch_on_halt = true)<{ l(3) }, { l(5) }>>);
        $check!(repeat<random(7)<{ l(0) }, { l(1) }, { l(3) }>>);
        $check!(repeat<if_then_else<{ l(4) }, { l(0) }, { l(1) }>>);
        $check!(repeat<recovery(2)<{ l(1) }, { l(3) }>>);
        $check!(repeat<switch(|c: &Ctx| c.tick % 3)<0 => { l(0) }, 1 => { l(3) }, _ => { l(5) }>>);
        $check!(repeat<round_robin<{ l(3) }, { l(1) }, { l(0) }>>);
        $check!(repeat<sequence<selector<{ l(1) }, { l(4) }>, { l(3) }, reactive_selector<{ |c: &Ctx| holds(5, c) }, { l(0) }>>>);
        $check!(repeat<parallel(2)<sequence<{ l(0) }, { l(3) }>, selector<{ l(4) }, { l(5) }>>>);
    };
}

#[test]
fn placed_leaves_make_the_same_calls_as_leaves_with_their_own_flag() {
    let (mut trees, mut halted) = (0, 0);
    macro_rules! check {
        ($($tree:tt)*) => {{
            let (placed, flagged) = both!($($tree)*);
            halted += usize::from(same_calls(placed, flagged, false));
            let (placed, flagged) = both!($($tree)*);
            halted += usize::from(same_calls(placed, flagged, true));
            trees += 2;
        }};
    }
    each_tree!(check);
    assert_eq!(trees, 32);
    assert!(halted >= 24, "halts stopped running leaves in {halted} runs of {trees}");
}

#[test]
fn a_block_of_leaves_is_one_byte() {
    let (placed, flagged) = both!(sequence<{ l(0) }, { l(1) }, { l(2) }>);
    // Which child runs: one byte, where each leaf's flag took another.
    assert_eq!(size_of_val(placed.active()), 1);
    assert_eq!(size_of_val(flagged.active()), 2);
    let (placed, _) = both!(selector<sequence<{ l(0) }, { l(1) }>, sequence<{ l(2) }, { l(3) }>>);
    assert_eq!(size_of_val(placed.active()), 2);
    // A condition first, as in the hungry agent's needs.
    let tree = bt! { Ctx => sequence<{ |c: &Ctx| holds(2, c) }, { placed::l(0) }, { placed::l(1) }> };
    assert_eq!(size_of_val(tree.active()), 1);
}

#[cfg(feature = "serde")]
#[test]
fn placed_leaves_save_what_leaves_with_their_own_flag_save() {
    fn run<A: bt::PersistNode<Ctx>, B: bt::PersistNode<Ctx>, DA: bt::Describe, DB: bt::Describe>(
        build: impl Fn() -> (BehaviorTree<A, Ctx, DA>, BehaviorTree<B, Ctx, DB>),
    ) {
        let (mut placed, mut flagged) = build();
        let (mut a, mut b) = (Ctx::default(), Ctx::default());
        for tick in 0..60 {
            a.tick = tick;
            b.tick = tick;
            assert_eq!(placed.tick(&mut a), flagged.tick(&mut b), "tick {tick}");
            let saved = serde_json::to_string(&placed.save(&a)).unwrap();
            assert_eq!(saved, serde_json::to_string(&flagged.save(&b)).unwrap(), "tick {tick}");
            let (mut fresh, _) = build();
            fresh.restore(&mut serde_json::Deserializer::from_str(&saved), &a).unwrap();
            assert_eq!(fresh.is_running(), placed.is_running(), "tick {tick}");
            assert_eq!(serde_json::to_string(&fresh.save(&a)).unwrap(), saved, "tick {tick}");
            placed = fresh;
            assert_eq!(a.log, b.log, "tick {tick}");
        }
        assert!(a.log.contains('+'));
    }
    macro_rules! check {
        ($($tree:tt)*) => {
            run(|| both!($($tree)*))
        };
    }
    each_tree!(check);
}
