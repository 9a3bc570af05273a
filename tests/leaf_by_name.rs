//! A leaf written by its bare name: a unit struct is its own value, a struct with fields that
//! implements `Default` is built with `Default`, in anonymous and named trees and as a condition
//! argument.

use bt::{Action, Condition, Status, bt};

#[derive(Default)]
struct Ctx {
    shots: u32,
    log: Vec<&'static str>,
}

/// A leaf with fields, built by its `Default` when written `Attack`.
#[derive(Default)]
struct Attack {
    fired: u32,
}
impl Action<Ctx> for Attack {
    fn execute(&mut self, c: &mut Ctx) -> Status {
        self.fired += 1;
        c.shots += 1;
        c.log.push("attack");
        if self.fired < 2 { Status::Running } else { Status::Success }
    }
}

/// A unit leaf without `Default`: still written by its name.
struct Shout;
impl Action<Ctx> for Shout {
    fn execute(&mut self, c: &mut Ctx) -> Status {
        c.log.push("shout");
        Status::Success
    }
}

/// A condition with fields, built by its `Default`.
#[derive(Default)]
struct Armed {
    min: u32,
}
impl Condition<Ctx> for Armed {
    fn check(&mut self, c: &Ctx) -> bool {
        c.shots >= self.min
    }
}

#[test]
fn a_default_leaf_by_its_name_in_an_anonymous_tree() {
    let mut tree = bt! { Ctx => sequence<Shout, Attack, guard(Armed)<Shout>> };
    let mut c = Ctx::default();
    assert_eq!(tree.tick(&mut c), Status::Running);
    assert_eq!(tree.tick(&mut c), Status::Success);
    assert_eq!(c.log, ["shout", "attack", "attack", "shout"]);
    let d = tree.description();
    assert_eq!(d.node(2).unwrap().label, "Attack");
}

#[test]
fn a_default_leaf_by_its_name_in_a_tree_without_a_context() {
    let mut tree = bt! { sequence<Attack, Shout> };
    let mut c = Ctx::default();
    while tree.tick(&mut c) == Status::Running {}
    assert_eq!(c.log, ["attack", "attack", "shout"]);
}

bt! {
    /// A named tree with a leaf by its name.
    struct Volley for Ctx {
        sequence<Attack, Shout>
    }
}

#[test]
fn a_default_leaf_by_its_name_in_a_named_tree() {
    let mut tree = Volley::new();
    let mut c = Ctx::default();
    while tree.tick(&mut c) == Status::Running {}
    assert_eq!(c.log, ["attack", "attack", "shout"]);
}

#[test]
fn a_leaf_declared_in_the_function_is_found_too() {
    #[derive(Default)]
    struct Local {
        n: u8,
    }
    impl Action<Ctx> for Local {
        fn execute(&mut self, c: &mut Ctx) -> Status {
            self.n += 1;
            c.log.push("local");
            Status::Success
        }
    }
    let mut tree = bt! { Ctx => Local };
    let mut c = Ctx::default();
    assert_eq!(tree.tick(&mut c), Status::Success);
    assert_eq!(c.log, ["local"]);
}
