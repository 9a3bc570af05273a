//! A point in time as the time-based nodes keep it between ticks.

use core::time::Duration;

/// Nanosecond values from here on are markers, not times.
const MARK: u32 = 1_000_000_000;

/// A [`Duration`] since the clock's origin, or one of a few markers, in 12 bytes aligned to 4.
///
/// An `Option<Duration>` takes 16 bytes aligned to 8, which pads every node that holds one and
/// every tuple of children it sits in. A stamp keeps the same value exactly (the seconds as two
/// `u32` halves, the nanoseconds below 10⁹), and uses the nanosecond values a `Duration` never has
/// as markers, so a node's phases (idle, running, …) cost no extra field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Stamp {
    secs: [u32; 2],
    nanos: u32,
}

impl Stamp {
    /// No time: marker 0.
    pub(crate) const NONE: Stamp = Stamp::mark(0);

    /// Marker `n` (not a time).
    #[inline(always)]
    pub(crate) const fn mark(n: u32) -> Stamp {
        Stamp { secs: [0, 0], nanos: MARK + n }
    }

    /// The time `t`.
    #[inline(always)]
    pub(crate) const fn at(t: Duration) -> Stamp {
        let s = t.as_secs();
        Stamp { secs: [s as u32, (s >> 32) as u32], nanos: t.subsec_nanos() }
    }

    /// The time, or `None` for a marker.
    #[inline(always)]
    pub(crate) const fn time(self) -> Option<Duration> {
        if self.nanos < MARK {
            Some(Duration::new(self.secs[0] as u64 | (self.secs[1] as u64) << 32, self.nanos))
        } else {
            None
        }
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
    }
}
