//! Custom nodes in short form (`bt::short`): the guide's `Limit` and `AtLeast` written as a struct
//! and a `tick`, used in `bt!` (anonymous and named trees), checked against the node contract by
//! the test kit, and a short-form sequence checked against the built-in one, tick by tick.

use std::time::Duration;

use bt::short::{Child, ChildList, Composite, Decorator, Many, One, Short};
use bt::testing::{Kit, Scripted, Summary};
use bt::{Action, Clock, Compose, Exit, ManualClock, Status, bt};

// ---- The guide's decorator: 13 lines ---------------------------------------------------------

/// `Limit(n, then = s)<child>`: lets the child start at most `n` activations, then answers `then`.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    /// Activations allowed (positional).
    pub runs: u32,
    /// The answer once they are used up (named; `Failure` by default).
    pub then: Status,
    started: u32,
}
impl Limit {
    /// `Limit(runs)`.
    pub const fn new(runs: u32) -> Self {
        Limit { runs, then: Status::Failure, started: 0 }
    }
}
impl Short for Limit {
    type State = ();
    type Children = One;
}
impl<Ctx: ?Sized> Decorator<Ctx> for Limit {
    fn tick(&mut self, child: &mut impl Child<Ctx>, _: &mut (), ctx: &mut Ctx) -> Status {
        if !child.is_running() {
            if self.started >= self.runs {
                return self.then;
            }
            self.started += 1;
        }
        child.tick(ctx)
    }
}

// ---- The guide's composite: 25 lines ---------------------------------------------------------

/// `AtLeast(n, budget = d)<…>`: ticks its children in order until `n` of them have succeeded; a
/// child running for `budget` or longer is halted and counts as failed.
#[derive(Clone, Copy, Debug)]
pub struct AtLeast {
    /// Successes needed (positional).
    pub n: usize,
    /// How long each child may run (named; no limit by default).
    pub budget: Duration,
}
impl AtLeast {
    /// `AtLeast(n)`.
    pub const fn new(n: usize) -> Self {
        AtLeast { n, budget: Duration::MAX }
    }
}
/// One activation: the successes so far, and when the running child started.
impl Short for AtLeast {
    type State = (usize, Option<Duration>);
    type Children = Many;
}
impl<Ctx: Clock + ?Sized> Composite<Ctx> for AtLeast {
    fn tick(
        &mut self,
        kids: &mut impl ChildList<Ctx>,
        state: &mut (usize, Option<Duration>),
        ctx: &mut Ctx,
    ) -> Status {
        let ((won, start), now, mut i) = (state, ctx.now(), kids.resume());
        if start.is_some_and(|t| now.saturating_sub(t) >= self.budget) {
            kids.halt(ctx); // out of time: it failed
            (*start, i) = (None, i + 1);
        }
        // While `n` successes are still wanted and within reach.
        while *won < self.n && *won + kids.len() - i >= self.n {
            match kids.tick(i, ctx) {
                Status::Running => {
                    return {
                        start.get_or_insert(now);
                        Status::Running
                    };
                }
                status => (*won, *start, i) = (*won + usize::from(status == Status::Success), None, i + 1),
            }
        }
        if *won >= self.n { Status::Success } else { Status::Failure }
    }
}

// ---- In trees --------------------------------------------------------------------------------

struct Robot {
    clock: ManualClock,
    log: Vec<String>,
}
impl Clock for Robot {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

/// A camera that never makes up its mind.
struct Camera;
impl Action<Robot> for Camera {
    fn execute(&mut self, _: &mut Robot) -> Status {
        Status::Running
    }
    fn exit(&mut self, r: &mut Robot, how: Exit) {
        r.log.push(format!("camera: {how:?}"));
    }
}

struct Lidar;
impl Action<Robot> for Lidar {
    fn execute(&mut self, r: &mut Robot) -> Status {
        r.log.push("lidar: seen".into());
        Status::Success
    }
}

#[test]
fn at_least_in_a_tree() {
    let mut tree = bt! { Robot => AtLeast(2, budget = 300ms)<Camera, Lidar, { |_: &Robot| true }> };
    let mut robot = Robot { clock: ManualClock::new(), log: Vec::new() };
    assert_eq!(tree.tick(&mut robot), Status::Running);
    robot.clock.advance(Duration::from_millis(200));
    assert_eq!(tree.tick(&mut robot), Status::Running);
    robot.clock.advance(Duration::from_millis(200));
    assert_eq!(tree.tick(&mut robot), Status::Success);
    assert_eq!(robot.log, ["camera: Halted", "lidar: seen"]);
    let description = tree.description();
    let root = description.node(0).unwrap();
    assert_eq!((root.kind, root.args, root.children), ("AtLeast", "2, budget = 300ms", 3));
}

#[test]
fn halting_the_tree_halts_the_running_child() {
    // AtLeast(1) over a camera that runs: halting the tree halts the camera, once.
    let mut tree = bt! { Robot => AtLeast(1)<Camera> };
    let mut robot = Robot { clock: ManualClock::new(), log: Vec::new() };
    assert_eq!(tree.tick(&mut robot), Status::Running);
    tree.halt(&mut robot);
    assert_eq!(robot.log, ["camera: Halted"]);
    assert!(!tree.is_running());
}

struct House {
    knocks: u32,
}
struct Knock;
impl Action<House> for Knock {
    fn execute(&mut self, h: &mut House) -> Status {
        h.knocks += 1;
        Status::Failure
    }
}

#[test]
fn limit_in_a_tree_and_reset() {
    let mut visit = bt! { House => selector<Limit(2)<Knock>, { |_: &House| true }> };
    let mut house = House { knocks: 0 };
    for _ in 0..3 {
        assert_eq!(visit.tick(&mut house), Status::Success);
    }
    assert_eq!(house.knocks, 2);
    visit.reset(&mut house);
    assert_eq!(visit.tick(&mut house), Status::Success);
    assert_eq!(house.knocks, 3, "a reset node starts counting again");
}

bt! {
    /// Knocks at most three times, forever after answering `Success`.
    struct Visit for House {
        Limit(3, then = Status::Success)<Knock>
    }
}

#[test]
fn limit_in_a_named_tree() {
    let mut visit = Visit::new();
    let mut house = House { knocks: 0 };
    while visit.tick(&mut house) == Status::Failure {}
    assert_eq!(house.knocks, 3);
    let description = visit.description();
    let root = description.node(0).unwrap();
    assert_eq!(root.args, "3, then = Status::Success");
    assert!(root.is_decorator());
}

// ---- The contract ----------------------------------------------------------------------------

fn exercised(s: Summary) {
    assert!(s.cases > 0 && s.ticks > 0, "the kit ran nothing: {s:?}");
}

#[test]
fn limit_keeps_the_contract() {
    for then in [Status::Success, Status::Failure, Status::Running] {
        for runs in 0..4 {
            exercised(Kit::new().check(|c: (Scripted,)| Limit { runs, then, started: 0 }.compose(c)));
            exercised(Kit::new().check(|c: (Scripted<3>,)| Limit { runs, then, started: 0 }.compose(c)));
        }
    }
}

#[test]
fn at_least_keeps_the_contract() {
    for n in 0..=3 {
        for budget in [Duration::ZERO, Duration::from_millis(150), Duration::MAX] {
            exercised(
                Kit::new().check(|c: (Scripted, Scripted<2>, Scripted)| AtLeast { n, budget }.compose(c)),
            );
        }
    }
}

/// A sequence in short form: the built-in loop (`tick_while`).
#[derive(Clone, Copy, Debug, Default)]
struct Seq;
impl Short for Seq {
    type State = ();
    type Children = Many;
}
impl<Ctx: ?Sized> Composite<Ctx> for Seq {
    fn tick(&mut self, kids: &mut impl ChildList<Ctx>, _: &mut (), ctx: &mut Ctx) -> Status {
        kids.tick_while(Status::Success, ctx)
    }
}

#[test]
fn a_short_sequence_keeps_the_contract() {
    exercised(Kit::new().check(|c: (Scripted, Scripted<2>, Scripted)| Seq.compose(c)));
    exercised(Kit::new().check(|c: (Scripted<3>,)| Seq.compose(c)));
}
