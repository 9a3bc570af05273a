use core::time::Duration;

/// A value cell that can expire: the zero-cost blackboard entry (the expiring blackboard item of classic game-AI frameworks).
///
/// Keep one as a field of your context for every piece of shared data; `set` it with a
/// time-to-live and reads return `None` once the time is past. Times come from a
/// [`Clock`](crate::Clock), passed as `now`.
///
/// A value set with time-to-live `ttl` at time `t` is readable at every `now <= t + ttl`.
///
/// With the feature `serde` it is serializable, with its expiry as an absolute time: save it with
/// the clock it is read against.
///
/// ```
/// use bt::Expiring;
/// use core::time::Duration;
///
/// let s = Duration::from_secs;
/// let mut target = Expiring::empty();
/// target.set_for("food zone", s(0), s(5));
/// assert_eq!(target.get(s(5)), Some(&"food zone"));
/// assert_eq!(target.get(s(6)), None);
/// target.set("water zone");
/// assert_eq!(target.get(s(1000)), Some(&"water zone"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Expiring<T> {
    value: Option<T>,
    expires_at: Option<Duration>,
}

impl<T> Default for Expiring<T> {
    fn default() -> Self {
        Self::empty()
    }
}

impl<T> Expiring<T> {
    /// An empty cell.
    #[inline]
    pub const fn empty() -> Self {
        Expiring { value: None, expires_at: None }
    }

    /// Stores `value` with no expiry.
    #[inline]
    pub fn set(&mut self, value: T) {
        self.value = Some(value);
        self.expires_at = None;
    }

    /// Stores `value`, readable until `now + ttl` (inclusive).
    #[inline]
    pub fn set_for(&mut self, value: T, now: Duration, ttl: Duration) {
        self.value = Some(value);
        self.expires_at = Some(now.saturating_add(ttl));
    }

    /// Whether a value is stored and not expired at `now`.
    #[inline]
    pub fn is_valid(&self, now: Duration) -> bool {
        self.value.is_some() && self.expires_at.is_none_or(|t| now <= t)
    }

    /// The value, unless the cell is empty or the value expired at `now`.
    #[inline]
    pub fn get(&self, now: Duration) -> Option<&T> {
        if self.is_valid(now) { self.value.as_ref() } else { None }
    }

    /// The value mutably, unless the cell is empty or the value expired at `now`.
    #[inline]
    pub fn get_mut(&mut self, now: Duration) -> Option<&mut T> {
        if self.is_valid(now) { self.value.as_mut() } else { None }
    }

    /// When the value expires, if it does.
    #[inline]
    pub fn expires_at(&self) -> Option<Duration> {
        self.expires_at
    }

    /// Empties the cell, returning the value if it was still valid at `now`.
    #[inline]
    pub fn take(&mut self, now: Duration) -> Option<T> {
        let valid = self.is_valid(now);
        self.expires_at = None;
        self.value.take().filter(|_| valid)
    }

    /// Empties the cell.
    #[inline]
    pub fn clear(&mut self) {
        self.value = None;
        self.expires_at = None;
    }
}
