//! The test nodes of BehaviorTree.CPP 4.10's gtests (`tests/include/action_test_node.h`,
//! `condition_test_node.h`, `test_helper.hpp`), over one context.

use core::time::Duration;

use bt::blackboard::{Blackboard, Key};
use bt::ports::HasBlackboard;
use bt::script::Fault;
use bt::{Action, Clock, Exit, ManualClock, Status};

/// The context of every ported case: the test nodes' settings and counters, a blackboard and a
/// manual clock (BehaviorTree.CPP's tests sleep on the wall clock; these advance the clock).
pub struct W {
    pub bb: Blackboard,
    pub clock: ManualClock,
    /// `ConditionTestNode::setExpectedResult`: `true` is `SUCCESS`.
    pub cond: [bool; 4],
    /// `ConditionTestNode::tickCount`.
    pub cond_ticks: [u32; 4],
    /// The last status each condition returned (its `status()` until its parent resets it).
    pub cond_last: [Option<bool>; 4],
    /// `AsyncActionTest::setExpectedResult`: `true` is `SUCCESS`.
    pub act_ok: [bool; 4],
    /// `AsyncActionTest::setTime`, in milliseconds.
    pub act_ms: [u64; 4],
    /// When each asynchronous action's activation started.
    pub act_start: [Duration; 4],
    /// Whether each asynchronous action is running (its `status()` is `RUNNING`).
    pub running: [bool; 4],
    /// `AsyncActionTest::tickCount` (its threaded tick runs once per activation).
    pub act_ticks: [u32; 4],
    /// `successCount`, `failureCount`.
    pub act_success: [u32; 4],
    pub act_failure: [u32; 4],
    /// The last status each asynchronous action completed with.
    pub act_last: [Option<bool>; 4],
    /// How many times each was halted.
    pub halts: [u32; 4],
    /// `SyncActionTest::setExpectedResult` and `tickCount`.
    pub sync_ok: [bool; 2],
    pub sync_ticks: [u32; 2],
    /// `RegisterTestTick`'s counters of `TestA`…`TestF`.
    pub counters: [u32; 6],
    /// The tick counts of the simple nodes a gtest registers for itself (`RunningThenSuccess`, …).
    pub simple: [u32; 4],
    /// What the leaves said (`SaySomething`).
    pub log: Vec<String>,
    /// Script faults, as the context is told them.
    pub faults: Vec<String>,
}

impl Default for W {
    fn default() -> Self {
        W {
            bb: Blackboard::default(),
            clock: ManualClock::default(),
            cond: [true; 4],
            cond_ticks: [0; 4],
            cond_last: [None; 4],
            act_ok: [true; 4],
            act_ms: [100; 4],
            act_start: [Duration::ZERO; 4],
            running: [false; 4],
            act_ticks: [0; 4],
            act_success: [0; 4],
            act_failure: [0; 4],
            act_last: [None; 4],
            halts: [0; 4],
            sync_ok: [true; 2],
            sync_ticks: [0; 2],
            counters: [0; 6],
            simple: [0; 4],
            log: Vec::new(),
            faults: Vec::new(),
        }
    }
}

impl HasBlackboard for W {
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

impl Clock for W {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl W {
    /// Sleeps `ms` milliseconds (the clock moves).
    pub fn sleep(&mut self, ms: u64) {
        self.clock.advance(Duration::from_millis(ms));
    }
    /// The time, in milliseconds.
    pub fn ms(&self) -> u128 {
        self.clock.now().as_millis()
    }
    pub fn set<T: Send + Sync + 'static>(&mut self, key: &'static str, v: T) {
        self.bb.set(Key::<T>::new(key), v);
    }
    pub fn get<T: Clone + 'static>(&self, key: &'static str) -> Option<T> {
        self.bb.get(Key::<T>::new(key), Duration::ZERO).cloned()
    }
}

macro_rules! conditions {
    ($($name:ident = $i:expr),*) => {$(
        /// BehaviorTree.CPP's `ConditionTestNode`: answers its expected result, counting ticks.
        pub struct $name;
        impl Action<W> for $name {
            fn execute(&mut self, w: &mut W) -> Status {
                w.cond_ticks[$i] += 1;
                w.cond_last[$i] = Some(w.cond[$i]);
                if w.cond[$i] { Status::Success } else { Status::Failure }
            }
        }
    )*};
}
conditions!(Condition1 = 0, Condition2 = 1, Condition3 = 2);

macro_rules! async_actions {
    ($($name:ident = $i:expr),*) => {$(
        /// BehaviorTree.CPP's `AsyncActionTest`: runs for its time on the clock, then answers its
        /// expected result.
        pub struct $name;
        impl Action<W> for $name {
            fn enter(&mut self, w: &mut W) {
                w.act_start[$i] = w.clock.now();
                w.act_ticks[$i] += 1;
                w.running[$i] = true;
            }
            fn execute(&mut self, w: &mut W) -> Status {
                if w.clock.now() < w.act_start[$i] + Duration::from_millis(w.act_ms[$i]) {
                    return Status::Running;
                }
                w.act_last[$i] = Some(w.act_ok[$i]);
                if w.act_ok[$i] {
                    w.act_success[$i] += 1;
                    Status::Success
                } else {
                    w.act_failure[$i] += 1;
                    Status::Failure
                }
            }
            fn exit(&mut self, w: &mut W, how: Exit) {
                w.running[$i] = false;
                if how == Exit::Halted {
                    w.halts[$i] += 1;
                }
            }
        }
    )*};
}
async_actions!(Action1 = 0, Action2 = 1, Action3 = 2);

macro_rules! sync_actions {
    ($($name:ident = $i:expr),*) => {$(
        /// BehaviorTree.CPP's `SyncActionTest`: answers its expected result, counting ticks.
        pub struct $name;
        impl Action<W> for $name {
            fn execute(&mut self, w: &mut W) -> Status {
                w.sync_ticks[$i] += 1;
                if w.sync_ok[$i] { Status::Success } else { Status::Failure }
            }
        }
    )*};
}
sync_actions!(SyncAction1 = 0);

macro_rules! test_ticks {
    ($($name:ident = $i:expr),*) => {$(
        /// `RegisterTestTick`'s action: counts its ticks and succeeds.
        #[derive(bt::ports::Ports)]
        pub struct $name;
        impl Action<W> for $name {
            fn execute(&mut self, w: &mut W) -> Status {
                w.counters[$i] += 1;
                Status::Success
            }
        }
    )*};
}
test_ticks!(TestA = 0, TestB = 1, TestC = 2, TestD = 3, TestE = 4, TestF = 5);
