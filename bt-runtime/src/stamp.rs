//! A point in time as the time-based nodes keep it between ticks.

use core::time::Duration;

/// Nanosecond values from here on are markers, not times.
const MARK: u32 = 1_000_000_000;

/// A point in time kept by a time-based node while it runs (a timeout's start, a delay's): a
/// [`Duration`] since the clock's origin, or one of a few markers, in 12 bytes aligned to 1.
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

    /// Marker `n` (not a time).
    #[inline(always)]
    pub(crate) const fn mark(n: u32) -> Stamp {
        Stamp { secs: [0; 8], nanos: (MARK + n).to_ne_bytes() }
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
        assert_eq!(align_of::<Stamp>(), 1);
    }
}
