//! The selector of BehaviorTree.CPP's `SwitchN`: the entry it reads, whatever the type of its
//! value, compared with each case as BehaviorTree.CPP compares them.

use super::{HasBlackboard, Input};
use crate::blackboard::Key;

/// The entry a `SwitchN` reads, as BehaviorTree.CPP reads it: any value that has a text form
/// (`getInput<std::string>` converts it). A `String`, an integer (`i64`, `i32`, `u32`, `u8`), a
/// real (`f64`, `f32`) or a `bool`; each read tries the type found last first, so an entry of one
/// type costs one cached read a tick.
pub struct SwitchEntry {
    text: Input<alloc::string::String>,
    i64: Input<i64>,
    i32: Input<i32>,
    u32: Input<u32>,
    u8: Input<u8>,
    f64: Input<f64>,
    f32: Input<f32>,
    bool: Input<bool>,
    /// The type found last (an index of the reads in [`SwitchEntry::choose`]).
    last: u8,
}

/// An entry's value, borrowed, as a switch compares it.
enum Seen<'a> {
    Text(&'a str),
    Int(i64),
    Real(f64),
    Bool(bool),
}

impl SwitchEntry {
    /// The entry named `key`.
    pub fn new(key: &'static str) -> Self {
        SwitchEntry {
            text: Input::key(Key::new(key)),
            i64: Input::key(Key::new(key)),
            i32: Input::key(Key::new(key)),
            u32: Input::key(Key::new(key)),
            u8: Input::key(Key::new(key)),
            f64: Input::key(Key::new(key)),
            f32: Input::key(Key::new(key)),
            bool: Input::key(Key::new(key)),
            last: 0,
        }
    }

    /// The entry's value read as type number `i` (0: `String`, 1: `i64`, …).
    fn read<'a, C: HasBlackboard + ?Sized>(&'a mut self, ctx: &'a C, i: u8) -> Option<Seen<'a>> {
        match i {
            0 => self.text.get(ctx).map(|v| Seen::Text(v.as_str())),
            1 => self.i64.get(ctx).map(|v| Seen::Int(*v)),
            2 => self.i32.get(ctx).map(|v| Seen::Int(i64::from(*v))),
            3 => self.u32.get(ctx).map(|v| Seen::Int(i64::from(*v))),
            4 => self.u8.get(ctx).map(|v| Seen::Int(i64::from(*v))),
            5 => self.f64.get(ctx).map(|v| Seen::Real(*v)),
            6 => self.f32.get(ctx).map(|v| Seen::Real(f64::from(*v))),
            7 => self.bool.get(ctx).map(|v| Seen::Bool(*v)),
            _ => None,
        }
    }

    /// The index of the first of `cases` equal to the entry's value, or `None` when none is or
    /// the entry is absent (or of another type).
    pub fn choose<'c, C: HasBlackboard + ?Sized>(
        &mut self,
        ctx: &C,
        cases: impl IntoIterator<Item = &'c str>,
    ) -> Option<usize> {
        let mut found = None;
        for k in 0..8u8 {
            let i = (self.last + k) % 8;
            if self.read(ctx, i).is_some() {
                found = Some(i);
                break;
            }
        }
        let i = found?;
        self.last = i;
        let seen = self.read(ctx, i)?;
        cases.into_iter().position(|c| match &seen {
            Seen::Text(v) => switch_equal(v, c),
            Seen::Int(v) => {
                c.trim() == c
                    && (c.parse::<i64>().ok() == Some(*v) || c.parse::<f64>().ok() == Some(*v as f64))
            }
            Seen::Real(v) => c.trim() == c && c.parse::<f64>().ok() == Some(*v),
            Seen::Bool(v) => matches!((c, v), ("true" | "1", true) | ("false" | "0", false)),
        })
    }
}

/// Whether a switch's entry equals a case, as BehaviorTree.CPP's `CheckStringEquality` decides:
/// the same text, or both whole numbers (`i32`) of the same value, or both reals of the same value
/// (`"5"` is `"5.0"`; `"5abc"` and `"5 "` are not `"5"`). Allocates nothing.
pub fn switch_equal(value: &str, case: &str) -> bool {
    // `std::from_chars`, which BehaviorTree.CPP parses with, takes no `+` sign.
    fn number<T: core::str::FromStr>(s: &str) -> Option<T> {
        if s.starts_with('+') { None } else { s.parse().ok() }
    }
    if value == case {
        return true;
    }
    if let (Some(a), Some(b)) = (number::<i32>(value), number::<i32>(case)) {
        return a == b;
    }
    matches!((number::<f64>(value), number::<f64>(case)), (Some(a), Some(b)) if a == b)
}

/// The selector of BehaviorTree.CPP's `SwitchN variable="{key}" case_1=… case_N=…` (what
/// `bt_xml!` writes for it): reads the entry `key` ([`SwitchEntry`]: a `String`, a number or a
/// `bool`) and returns the index of the first case equal to it (the same text, or the same
/// number: `"5.0"` matches the case `5`, as in BehaviorTree.CPP), or `N` when none is or the
/// entry is absent. `bt_xml!` writes `switch(switch_case("key", ["a", "b"]))<0 => A, 1 => B, _ =>
/// C>`.
///
/// Through ports, the entry is found once and then reached through its cached index; each tick
/// compares its value with the cases in order, allocating nothing.
///
/// ```
/// use bt::blackboard::{Blackboard, Key};
/// use bt::ports::{HasBlackboard, switch_case};
///
/// struct Robot { bb: Blackboard }
/// impl HasBlackboard for Robot {
///     fn blackboard(&self) -> &Blackboard { &self.bb }
///     fn blackboard_mut(&mut self) -> &mut Blackboard { &mut self.bb }
/// }
/// impl bt::Clock for Robot {
///     fn now(&self) -> core::time::Duration { core::time::Duration::ZERO }
/// }
///
/// let mut select = switch_case("mode", ["dock", "explore"]);
/// let mut robot = Robot { bb: Blackboard::new() };
/// assert_eq!(select(&robot), 2);
/// robot.bb.set(Key::<String>::new("mode"), "explore".to_string());
/// assert_eq!(select(&robot), 1);
/// ```
pub fn switch_case<C: HasBlackboard + ?Sized, const N: usize>(
    key: &'static str,
    cases: [&'static str; N],
) -> impl FnMut(&C) -> usize {
    let mut entry = SwitchEntry::new(key);
    move |ctx: &C| -> usize { entry.choose(ctx, cases).unwrap_or(N) }
}
