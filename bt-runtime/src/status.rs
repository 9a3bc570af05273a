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
