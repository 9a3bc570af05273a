/// The result of ticking a node.
///
/// `Success` and `Failure` end the node's current activation (its next tick starts a new one);
/// `Running` means the node needs more ticks and will resume where it left off.
#[must_use = "a tick's status says whether the node finished; ignoring it usually hides a bug"]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The node finished and achieved its goal.
    Success,
    /// The node finished without achieving its goal.
    Failure,
    /// The node has not finished; tick it again.
    Running,
}

impl Status {
    /// `true` for [`Status::Success`] and [`Status::Failure`].
    #[inline]
    pub const fn is_done(self) -> bool {
        !matches!(self, Status::Running)
    }

    /// `true` for [`Status::Running`].
    #[inline]
    pub const fn is_running(self) -> bool {
        matches!(self, Status::Running)
    }

    /// `Success` becomes `Failure` and the other way round; `Running` stays.
    #[inline]
    pub const fn invert(self) -> Status {
        match self {
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
            Status::Running => Status::Running,
        }
    }

    /// `Success` for `true`, `Failure` for `false`.
    #[inline]
    pub const fn from_bool(ok: bool) -> Status {
        if ok { Status::Success } else { Status::Failure }
    }
}

impl From<bool> for Status {
    #[inline]
    fn from(ok: bool) -> Status {
        Status::from_bool(ok)
    }
}

impl core::fmt::Display for Status {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Status::Success => "Success",
            Status::Failure => "Failure",
            Status::Running => "Running",
        })
    }
}

/// What a tick gives when the node can be skipped (its [`Node::SKIPS`](crate::Node::SKIPS)):
/// BehaviorTree.CPP's four statuses.
///
/// `Skipped` means the node did not run: a pre-condition said so (`_skipIf`, `_while`, a
/// `Precondition` whose `else` is `SKIPPED`), or it is a composite whose children were all skipped
/// in the tick it completed in. A skipped node is idle afterwards, like a completed one. Leaves
/// never return it: [`Action::execute`](crate::Action::execute) returns a [`Status`]; only the
/// nodes that hold pre-conditions, and the composites and decorators above them, are skipped.
///
/// Parents that know about skipping ask [`Node::tick_skip`](crate::Node::tick_skip) (only of
/// children whose `SKIPS` is true, so that trees which never skip pay nothing): the composites
/// pass over a skipped child, the decorators with a BehaviorTree.CPP counterpart are skipped with
/// their child (see each node's docs). [`Node::tick_with`](crate::Node::tick_with) of a skipped
/// node returns `Success`, which is what the other parents see.
#[must_use = "a tick's outcome says whether the node finished; ignoring it usually hides a bug"]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The node finished and achieved its goal.
    Success,
    /// The node finished without achieving its goal.
    Failure,
    /// The node has not finished; tick it again.
    Running,
    /// The node did not run; its parent passes over it.
    Skipped,
}

impl Outcome {
    /// The status, `None` when skipped.
    #[inline(always)]
    pub const fn status(self) -> Option<Status> {
        match self {
            Outcome::Success => Some(Status::Success),
            Outcome::Failure => Some(Status::Failure),
            Outcome::Running => Some(Status::Running),
            Outcome::Skipped => None,
        }
    }

    /// The status, or `Success` when skipped (what a parent that does not know about skipping
    /// reads).
    #[inline(always)]
    pub const fn or_success(self) -> Status {
        match self {
            Outcome::Failure => Status::Failure,
            Outcome::Running => Status::Running,
            Outcome::Success | Outcome::Skipped => Status::Success,
        }
    }

    /// `true` for [`Outcome::Running`].
    #[inline(always)]
    pub const fn is_running(self) -> bool {
        matches!(self, Outcome::Running)
    }
}

impl From<Status> for Outcome {
    #[inline(always)]
    fn from(s: Status) -> Outcome {
        match s {
            Status::Success => Outcome::Success,
            Status::Failure => Outcome::Failure,
            Status::Running => Outcome::Running,
        }
    }
}

impl PartialEq<Status> for Outcome {
    #[inline(always)]
    fn eq(&self, other: &Status) -> bool {
        *self == Outcome::from(*other)
    }
}

impl core::fmt::Display for Outcome {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Outcome::Success => "Success",
            Outcome::Failure => "Failure",
            Outcome::Running => "Running",
            Outcome::Skipped => "Skipped",
        })
    }
}
