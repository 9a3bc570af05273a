//! A point in time as the time-based nodes keep it between ticks.

use core::time::Duration;

/// Nanosecond values from here on are markers, not times.
const MARK: u32 = 1_000_000_000;

/// Nanoseconds in a second.
const NANOS_PER_SEC: u32 = 1_000_000_000;

/// The nanoseconds' top bit: set, the stamp is a start whose deadline is not computed yet.
const START: u32 = 1 << 31;

/// The nanoseconds' next bit: a flag a node keeps with its stamp (a rate controller's "the child
/// runs"), free because nanoseconds and markers stay below 2³⁰. A flagged stamp is compared and
/// saved without it ([`Stamp::unflagged`]).
const FLAG: u32 = 1 << 30;

/// A point in time kept by a time-based node while it runs (a timeout's deadline, a delay's): a
/// [`Duration`] since the clock's origin, or one of a few markers, in 12 bytes aligned to 1.
///
/// A node whose duration is fixed keeps the time its wait ends (a deadline), so that each tick
/// compares the clock with it: one comparison, as hand-written code compares with a precomputed
/// deadline, where keeping the start would rebuild `now − start` on every tick. A marker is never
/// reached, and a deadline past the largest `Duration` is a marker too (never). A node that may
/// well end before it ever checks (a timeout whose child completes in its first tick) keeps its
/// start, flagged in the nanoseconds' top bit, and computes the deadline on its first check: the
/// addition is made once per activation that needs it.
///
/// An `Option<Duration>` takes 16 bytes aligned to 8, which pads every node that holds one and
/// every tuple of children it sits in. A stamp keeps the same value exactly (the seconds and the
/// nanoseconds below 10⁹, as bytes in the machine's order, so that nothing around it is padded:
/// reading them is the same one load each), and uses the nanosecond values a `Duration` never has
/// as markers, so a node's phases (idle, running, …) cost no extra field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stamp {
    secs: [u8; 8],
    nanos: [u8; 4],
}

impl Stamp {
    /// No time: marker 0.
    pub(crate) const NONE: Stamp = Stamp::mark(0);

    /// The clock's origin, `Duration::ZERO`: a deadline every clock reading has reached.
    pub(crate) const ORIGIN: Stamp = Stamp::at(Duration::ZERO);

    /// A deadline that never comes: the end of a wait that ends after the largest `Duration`.
    pub(crate) const NEVER: Stamp = Stamp::mark(0x7FFF);

    /// Marker `n` (not a time). Its seconds are the largest, and its nanoseconds above every
    /// time's, so that no clock reading reaches it ([`Stamp::reached`]).
    #[inline(always)]
    pub(crate) const fn mark(n: u32) -> Stamp {
        Stamp { secs: [0xFF; 8], nanos: (MARK + n).to_ne_bytes() }
    }

    /// Whether this is [`Stamp::NONE`] (one 4-byte compare).
    #[inline(always)]
    pub(crate) const fn is_none(self) -> bool {
        u32::from_ne_bytes(self.nanos) == MARK
    }

    /// Whether this is the marker `marker` (one 4-byte compare: a marker is told by its
    /// nanoseconds alone).
    #[inline(always)]
    pub(crate) const fn is_mark(self, marker: Stamp) -> bool {
        u32::from_ne_bytes(self.nanos) == u32::from_ne_bytes(marker.nanos)
    }

    /// The deadline `d` after `now`: [`Stamp::NEVER`] when that is past the largest `Duration`.
    #[inline(always)]
    pub(crate) const fn after(now: Duration, d: Duration) -> Stamp {
        // As `Duration::checked_add` computes it, from the parts: its `Option` has a nanosecond
        // value for `None`, which would be tested once more here. The seconds overflow only
        // when the nanoseconds carry, or when `d` has whole seconds.
        let mut nanos = now.subsec_nanos() + d.subsec_nanos();
        let mut carry = 0;
        if nanos >= NANOS_PER_SEC {
            nanos -= NANOS_PER_SEC;
            carry = 1;
        }
        match now.as_secs().checked_add(d.as_secs()) {
            Some(secs) => match secs.checked_add(carry) {
                Some(secs) => Stamp { secs: secs.to_ne_bytes(), nanos: nanos.to_ne_bytes() },
                None => Stamp::NEVER,
            },
            None => Stamp::NEVER,
        }
    }

    /// The start `now` of a wait whose deadline [`Stamp::expired`] computes on its first check.
    #[inline(always)]
    pub(crate) const fn start(now: Duration) -> Stamp {
        Stamp { secs: now.as_secs().to_ne_bytes(), nanos: (now.subsec_nanos() | START).to_ne_bytes() }
    }

    /// Whether a wait of `d` kept as this stamp (a deadline, or a [`Stamp::start`], which becomes
    /// the deadline `start + d` here) has run out at `now`; never for a marker.
    #[inline(always)]
    pub(crate) fn expired(&mut self, now: Duration, d: Duration) -> bool {
        let nanos = u32::from_ne_bytes(self.nanos);
        if nanos & START != 0 {
            // `start + d`, as `Duration::checked_add` computes it, from the stamp's parts: the
            // nanoseconds are below 10⁹ already (`Duration::new` would check them again, in a
            // call that stays out of line).
            let mut nanos = (nanos & !START) + d.subsec_nanos();
            let mut carry = 0;
            if nanos >= NANOS_PER_SEC {
                nanos -= NANOS_PER_SEC;
                carry = 1;
            }
            *self = match u64::from_ne_bytes(self.secs).checked_add(d.as_secs()) {
                Some(secs) => match secs.checked_add(carry) {
                    Some(secs) => Stamp { secs: secs.to_ne_bytes(), nanos: nanos.to_ne_bytes() },
                    None => Stamp::NEVER,
                },
                None => Stamp::NEVER,
            };
        }
        self.reached(now)
    }

    /// The start of a wait of `d` kept as this stamp: the start of a [`Stamp::start`], the
    /// deadline minus `d`; `None` for a marker (an idle timer, or a deadline past the largest
    /// `Duration`).
    #[inline]
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(crate) fn begun(self, d: Duration) -> Option<Duration> {
        let nanos = u32::from_ne_bytes(self.nanos);
        if nanos & START != 0 {
            Some(Duration::new(u64::from_ne_bytes(self.secs), nanos & !START))
        } else {
            self.time().map(|end| end.saturating_sub(d))
        }
    }

    /// Whether `now` is at or past this deadline; never for a marker. The seconds decide, unless
    /// they are equal.
    #[inline(always)]
    pub(crate) const fn reached(self, now: Duration) -> bool {
        let secs = u64::from_ne_bytes(self.secs);
        now.as_secs() > secs
            || (now.as_secs() == secs && now.subsec_nanos() >= u32::from_ne_bytes(self.nanos))
    }

    /// [`Stamp::reached`], as one comparison of two 128-bit numbers, the seconds above the
    /// nanoseconds: a compare and a subtract-with-borrow, without branches, where `reached`
    /// compares the seconds, then the nanoseconds when they are equal. For a check made on
    /// nearly every tick whose answer is nearly always the same (a rate controller's wait);
    /// where the branches lead into code that also asks the seconds, `reached` gives the shorter
    /// code.
    #[inline(always)]
    pub(crate) const fn reached_at_once(self, now: Duration) -> bool {
        let at = ((u64::from_ne_bytes(self.secs) as u128) << 64) | u32::from_ne_bytes(self.nanos) as u128;
        (((now.as_secs() as u128) << 64) | now.subsec_nanos() as u128) >= at
    }

    /// Whether this is a time, unflagged (one compare of the nanoseconds): not a marker, not a
    /// [`Stamp::start`], not flagged.
    #[inline(always)]
    pub(crate) const fn is_time(self) -> bool {
        u32::from_ne_bytes(self.nanos) < MARK
    }

    /// Whether the node's flag is set ([`FLAG`]; one test of the nanoseconds).
    #[inline(always)]
    pub(crate) const fn flagged(self) -> bool {
        u32::from_ne_bytes(self.nanos) & FLAG != 0
    }

    /// This stamp with the node's flag set.
    #[inline(always)]
    pub(crate) const fn flag(self) -> Stamp {
        Stamp { secs: self.secs, nanos: (u32::from_ne_bytes(self.nanos) | FLAG).to_ne_bytes() }
    }

    /// This stamp without the node's flag.
    #[inline(always)]
    pub(crate) const fn unflagged(self) -> Stamp {
        Stamp { secs: self.secs, nanos: (u32::from_ne_bytes(self.nanos) & !FLAG).to_ne_bytes() }
    }

    /// The time `t`.
    #[inline(always)]
    pub(crate) const fn at(t: Duration) -> Stamp {
        Stamp { secs: t.as_secs().to_ne_bytes(), nanos: t.subsec_nanos().to_ne_bytes() }
    }

    /// The time, or `None` for a marker.
    #[inline(always)]
    pub(crate) const fn time(self) -> Option<Duration> {
        let nanos = u32::from_ne_bytes(self.nanos);
        if nanos < MARK { Some(Duration::new(u64::from_ne_bytes(self.secs), nanos)) } else { None }
    }
}

impl Default for Stamp {
    /// No time.
    #[inline(always)]
    fn default() -> Stamp {
        Stamp::NONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_round_trip_exactly() {
        for t in [
            Duration::ZERO,
            Duration::new(1, 999_999_999),
            Duration::new(u64::MAX, 999_999_999),
            Duration::MAX,
        ] {
            assert_eq!(Stamp::at(t).time(), Some(t));
        }
        assert_eq!(Stamp::NONE.time(), None);
        assert_eq!(Stamp::mark(1).time(), None);
        assert_ne!(Stamp::mark(1), Stamp::NONE);
        assert_eq!(size_of::<Stamp>(), 12);
        assert!(Stamp::NONE.is_none() && !Stamp::mark(1).is_none() && !Stamp::at(Duration::ZERO).is_none());
    }

    #[test]
    fn deadlines_are_reached_at_their_time_and_markers_never() {
        let t = Duration::new(3, 500);
        let end = Stamp::after(t, Duration::new(1, 999_999_600));
        assert_eq!(end.time(), Some(Duration::new(5, 100)));
        assert!(!end.reached(Duration::new(5, 99)));
        assert!(end.reached(Duration::new(5, 100)));
        assert!(end.reached(Duration::new(6, 0)));
        assert!(!end.reached(Duration::new(4, 999_999_999)));
        assert_eq!(Stamp::after(Duration::new(1, 0), Duration::MAX), Stamp::NEVER);
        assert_eq!(Stamp::after(Duration::ZERO, Duration::MAX).time(), Some(Duration::MAX));
        for mut marker in [Stamp::NONE, Stamp::NEVER, Stamp::mark(1)] {
            assert!(!marker.reached(Duration::MAX), "{marker:?}");
            assert!(!marker.expired(Duration::MAX, Duration::ZERO), "{marker:?}");
            assert_eq!(marker.begun(Duration::ZERO), None);
        }
        // A start becomes its deadline on its first check.
        let mut wait = Stamp::start(Duration::new(7, 999_999_999));
        assert!(!wait.is_none() && wait.time().is_none());
        assert_eq!(wait.begun(Duration::from_secs(1)), Some(Duration::new(7, 999_999_999)));
        assert!(!wait.expired(Duration::new(8, 999_999_998), Duration::from_secs(1)));
        assert_eq!(wait.time(), Some(Duration::new(8, 999_999_999)));
        assert_eq!(wait.begun(Duration::from_secs(1)), Some(Duration::new(7, 999_999_999)));
        assert!(wait.expired(Duration::new(8, 999_999_999), Duration::from_secs(1)));
        // The nanoseconds carry into the seconds, and a carry past the largest `Duration` never
        // comes.
        let mut carried = Stamp::start(Duration::new(1, 600_000_000));
        assert!(!carried.expired(Duration::new(2, 99_999_999), Duration::from_millis(500)));
        assert_eq!(carried.time(), Some(Duration::new(2, 100_000_000)));
        let mut last = Stamp::start(Duration::MAX);
        assert!(!last.expired(Duration::MAX, Duration::new(0, 1)));
        assert_eq!(last, Stamp::NEVER);
        let mut far = Stamp::start(Duration::from_secs(2));
        assert!(!far.expired(Duration::MAX, Duration::MAX));
        assert_eq!(far, Stamp::NEVER);
        assert!(Stamp::at(Duration::MAX).reached(Duration::MAX));
        assert_eq!(align_of::<Stamp>(), 1);
    }

    #[test]
    fn both_comparisons_agree() {
        let times = [
            Duration::ZERO,
            Duration::new(0, 999_999_999),
            Duration::new(1, 0),
            Duration::new(1, 1),
            Duration::new(5, 100),
            Duration::new(u64::MAX, 999_999_999),
        ];
        let markers = [Stamp::NONE, Stamp::NEVER, Stamp::mark(3)];
        let stamps = times.iter().flat_map(|&t| [Stamp::at(t), Stamp::at(t).flag(), Stamp::start(t)]);
        for stamp in markers.into_iter().chain(stamps) {
            for now in times {
                assert_eq!(stamp.reached_at_once(now), stamp.reached(now), "{stamp:?} at {now:?}");
            }
            assert_eq!(stamp.is_time(), stamp.time().is_some() && !stamp.flagged(), "{stamp:?}");
        }
    }

    #[test]
    fn a_flag_is_kept_apart_from_the_time() {
        for stamp in [
            Stamp::NONE,
            Stamp::NEVER,
            Stamp::at(Duration::new(3, 999_999_999)),
            Stamp::start(Duration::new(2, 5)),
        ] {
            assert!(!stamp.flagged());
            let flagged = stamp.flag();
            assert!(flagged.flagged() && !flagged.is_none(), "{stamp:?}");
            assert_eq!(flagged.unflagged(), stamp);
        }
    }
}
