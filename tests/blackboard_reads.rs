//! A blackboard read says why it found nothing (absent, expired, another type), through the
//! blackboard, the ports and the scripts; a context states its time once (`Clock`), and its
//! expiring entries expire at that time.
#![cfg(feature = "load")]

use std::time::Duration;

use bt::blackboard::{Blackboard, Key, Missing};
use bt::ports::{HasBlackboard, InOut, Input, ReadError};
use bt::script::Fault;
use bt::{Clock, ManualClock, Status};

#[derive(Default)]
struct Robot {
    bb: Blackboard,
    clock: ManualClock,
    faults: Vec<String>,
}

impl HasBlackboard for Robot {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
    fn script_fault(&mut self, script: &'static str, fault: &Fault) {
        self.faults.push(format!("{script}: {fault}"));
    }
}

impl Clock for Robot {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

const SPEED: Key<f64> = Key::new("speed");

#[test]
fn one_now_for_the_clock_and_the_blackboard() {
    let mut r = Robot::default();
    r.clock.advance(Duration::from_secs(5));
    // Both traits in scope, one `now()`: no ambiguity, and it is the clock's.
    assert_eq!(r.now(), Duration::from_secs(5));
    let now = r.now();
    r.bb.set_for(SPEED, 2.0, now, Duration::from_secs(1));
    let mut port = Input::key(SPEED);
    assert_eq!(port.get(&r), Some(&2.0));
    r.clock.advance(Duration::from_secs(2));
    assert_eq!(port.get(&r), None, "the entry expires at the clock's time");
}

#[test]
fn ports_say_why_they_read_nothing() {
    let mut r = Robot::default();
    let mut port = Input::key(SPEED);
    assert_eq!(port.try_get(&r), Err(ReadError::Missing { key: "speed", why: Missing::Absent }));
    r.bb.set(Key::<f32>::new("speed"), 1.0);
    let err = port.try_get(&r).unwrap_err();
    assert_eq!(
        err,
        ReadError::Missing { key: "speed", why: Missing::WrongType { stored: "f32", wanted: "f64" } }
    );
    assert_eq!(err.to_string(), "`speed`: the value under this name is a `f32`, not a `f64`");
    let now = r.now();
    r.bb.set_for(SPEED, 3.0, now, Duration::from_millis(500));
    assert_eq!(port.try_get(&r), Ok(&3.0));
    r.clock.advance(Duration::from_secs(1));
    assert_eq!(port.try_get(&r).unwrap_err().to_string(), "`speed`: the value expired at 500ms");
    let mut unbound = Input::<f64>::unbound();
    assert_eq!(unbound.try_get(&r), Err(ReadError::Unbound));
    assert_eq!(Input::value(1.5).try_get(&r), Ok(&1.5));
    let mut inout = InOut::key(Key::<u32>::new("count"));
    assert_eq!(inout.try_get(&r), Err(ReadError::Missing { key: "count", why: Missing::Absent }));
}

#[test]
fn a_script_that_reads_an_expired_entry_says_so() {
    let xml = r#"<root BTCPP_format="4"><BehaviorTree ID="Main">
        <ScriptCondition code="speed > 1.0"/>
    </BehaviorTree></root>"#;
    let reg = bt::load::Registry::<Robot>::new().with_blackboard().key::<f64>("speed");
    let mut tree = reg.load_str("t.xml", xml).unwrap();
    let mut r = Robot::default();
    let now = r.now();
    r.bb.set_for(SPEED, 3.0, now, Duration::from_millis(500));
    assert_eq!(tree.tick(&mut r), Status::Success);
    r.clock.advance(Duration::from_secs(1));
    assert_eq!(tree.tick(&mut r), Status::Failure);
    assert_eq!(
        r.faults,
        ["t.xml:2:32: ScriptCondition code=\"speed > 1.0\": the value of the entry `speed` expired at 500ms"]
    );
    // Set by code of yours with another type: the fault names both types.
    r.bb.remove(SPEED);
    r.bb.set(Key::<f32>::new("speed"), 2.0);
    r.faults.clear();
    assert_eq!(tree.tick(&mut r), Status::Failure);
    assert_eq!(
        r.faults,
        [
            "t.xml:2:32: ScriptCondition code=\"speed > 1.0\": the entry `speed` holds a `f32`, but the tree reads it as a `f64`"
        ]
    );
}
