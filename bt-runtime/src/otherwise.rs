//! What a [`Precondition`](crate::Precondition) returns when its condition does not hold
//! (BehaviorTree.CPP's `else`): each outcome is a zero-sized type, the third type parameter of
//! `Precondition`, so the choice costs nothing. In `bt!` it is the `otherwise` argument of
//! `precondition`:
//!
//! | `bt!` | type | BehaviorTree.CPP |
//! |---|---|---|
//! | `precondition(c)<A>`, `precondition(c, otherwise = failure)<A>` | [`Fail`] | `else="FAILURE"` |
//! | `precondition(c, otherwise = success)<A>` | [`Succeed`] | `else="SUCCESS"` |
//! | `precondition(c, otherwise = skipped)<A>` | [`Skip`] | `else="SKIPPED"` |
//!
//! ```
//! use bt::{bt, Outcome, Status};
//!
//! let mut tree = bt! { precondition({ |n: &u32| *n > 2 }, otherwise = skipped)<{ |_: &mut u32| Status::Failure }> };
//! assert_eq!(tree.tick_outcome(&mut 1), Outcome::Skipped);
//! assert_eq!(tree.tick_outcome(&mut 3), Outcome::Failure);
//! ```

use crate::Outcome;

mod sealed {
    pub trait Sealed {}
}

/// What a [`Precondition`](crate::Precondition) returns when its condition does not hold:
/// implemented by the three outcomes of this module only.
pub trait Otherwise: sealed::Sealed {
    /// The outcome.
    const OUTCOME: Outcome;
    /// The outcome as written in `bt!`: `failure`, `success` or `skipped`.
    const NAME: &'static str;
}

/// `otherwise = failure`, the default: the precondition fails.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fail;

/// `otherwise = success`: the precondition succeeds without running its child.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Succeed;

/// `otherwise = skipped`: the precondition is skipped (see [`Outcome::Skipped`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Skip;

impl sealed::Sealed for Fail {}
impl sealed::Sealed for Succeed {}
impl sealed::Sealed for Skip {}

impl Otherwise for Fail {
    const OUTCOME: Outcome = Outcome::Failure;
    const NAME: &'static str = "failure";
}

impl Otherwise for Succeed {
    const OUTCOME: Outcome = Outcome::Success;
    const NAME: &'static str = "success";
}

impl Otherwise for Skip {
    const OUTCOME: Outcome = Outcome::Skipped;
    const NAME: &'static str = "skipped";
}
