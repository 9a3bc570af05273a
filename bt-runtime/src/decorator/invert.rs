status_map_decorator!(
    /// `invert(child)`: swaps the child's `Success` and `Failure`.
    ///
    /// Each tick ticks the child once: `Success` becomes `Failure`, `Failure` becomes `Success`,
    /// `Running` passes through. Halting it halts the running child. No state of its own.
    Invert,
    |s| s.invert()
);
