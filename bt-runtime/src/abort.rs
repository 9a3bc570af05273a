//! The observer aborts of [`Guard`](crate::Guard): when its condition is re-checked, and whom a
//! change interrupts (Unreal Engine's *observer aborts*).
//!
//! Each mode is a zero-sized type, the third type parameter of `Guard`; its [`AbortMode`] constants
//! decide at compile time which checks the guard makes, so a mode's unused checks cost nothing.
//! In `bt!` the mode is the `abort` argument of `guard`:
//!
//! | `bt!` | type | the condition is checked… |
//! |---|---|---|
//! | `guard(c, abort = none)<A>` | [`Neither`] | when the child is about to start (like `precondition`) |
//! | `guard(c)<A>`, `guard(c, abort = self)<A>` | [`SelfOnly`] | on every tick; false halts the running child (the default) |
//! | `guard(c, abort = lower_priority)<A>` | [`LowerPriority`] | when the child is about to start, and while a lower-priority sibling runs under the same selector: a change to true takes over |
//! | `guard(c, abort = both)<A>` | [`Both`] | both of the above |
//!
//! ```
//! use bt::{bt, abort, Guard, Node, Status};
//!
//! fn preempts<N: Node<u32>>(_: &N) -> bool {
//!     N::PREEMPTS
//! }
//!
//! // `guard(c, abort = lower_priority)<A>` builds this node, which selectors ask before resuming a
//! // later child:
//! let g = Guard::with_abort(abort::LowerPriority, |n: &u32| *n > 2, bt::action(|_: &mut u32| Status::Success));
//! assert!(preempts(&g));
//! // The default mode, `self`, never takes over from a sibling: selectors do not even ask.
//! assert!(!preempts(&Guard::new(|n: &u32| *n > 2, bt::action(|_: &mut u32| Status::Success))));
//!
//! let tree = bt! { selector<guard({ |n: &u32| *n > 2 }, abort = both)<{ |_: &mut u32| Status::Success }>> };
//! assert_eq!(tree.description().node(1).map(|n| n.args), Some("{ |n: &u32| *n > 2 }, abort = both"));
//! ```

mod sealed {
    pub trait Sealed {}
}

/// What a [`Guard`](crate::Guard) observes: implemented by the four modes of this module only.
pub trait AbortMode: sealed::Sealed {
    /// Re-check the condition on every tick while the child runs, halting it when the condition
    /// turns false (observer abort "self").
    const SELF: bool;
    /// While the guard is idle and a later sibling runs under the same selector, take over when the
    /// condition turns true (observer abort "lower priority", [`Node::preempts`](crate::Node::preempts)).
    const LOWER_PRIORITY: bool;
    /// The mode as written in `bt!`: `none`, `self`, `lower_priority` or `both`.
    const NAME: &'static str;
}

/// `abort = none`: the condition is checked only when the child is about to start; a running child
/// is left to finish, and the guard never takes over from a sibling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Neither;

/// `abort = self`, the default: the condition is checked on every tick, and turning false halts the
/// running child.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SelfOnly;

/// `abort = lower_priority`: the condition is checked when the child is about to start, and, while
/// a later sibling runs under the same selector, turning true makes the selector switch to the
/// guard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LowerPriority;

/// `abort = both`: [`SelfOnly`] and [`LowerPriority`] together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Both;

macro_rules! modes {
    ($($mode:ident: $self_:literal, $lower:literal, $name:literal;)*) => {$(
        impl sealed::Sealed for $mode {}
        impl AbortMode for $mode {
            const SELF: bool = $self_;
            const LOWER_PRIORITY: bool = $lower;
            const NAME: &'static str = $name;
        }
    )*};
}

modes! {
    Neither: false, false, "none";
    SelfOnly: true, false, "self";
    LowerPriority: false, true, "lower_priority";
    Both: true, true, "both";
}
