status_map_decorator!(
    /// `force_failure(child)`: fails whenever the child completes.
    ///
    /// Each tick ticks the child once: `Success` and `Failure` both become `Failure`, `Running` passes
    /// through. Halting it halts the running child. No state of its own.
    ForceFailure,
    |_s| crate::Status::Failure
);
