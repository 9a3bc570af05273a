//! Reads that say why they found nothing: absent, expired, or of another type.

use core::any::TypeId;
use core::time::Duration;

use crate::{Blackboard, Entry, Key, Missing};

impl Blackboard {
    /// The value under `key`, or why there is none: nothing set under its name
    /// ([`Missing::Absent`]), a value whose time-to-live ran out at `now`
    /// ([`Missing::Expired`]), or a value of another type under the same name
    /// ([`Missing::WrongType`], with both type names). [`get`](Self::get) is this without the
    /// reason.
    ///
    /// ```
    /// use bt_blackboard::{Blackboard, Key, Missing};
    /// use core::time::Duration;
    ///
    /// let s = Duration::from_secs;
    /// let mut bb = Blackboard::new();
    /// bb.set(Key::<f32>::new("speed"), 1.5);
    /// bb.set_for(Key::<u32>::new("seen"), 3, s(0), s(2));
    /// assert_eq!(bb.try_get(Key::<f32>::new("speed"), s(0)), Ok(&1.5));
    /// assert_eq!(
    ///     bb.try_get(Key::<f64>::new("speed"), s(0)),
    ///     Err(Missing::WrongType { stored: "f32", wanted: "f64" })
    /// );
    /// assert_eq!(bb.try_get(Key::<u32>::new("seen"), s(3)), Err(Missing::Expired { at: s(2) }));
    /// assert_eq!(bb.try_get(Key::<u32>::new("goal"), s(3)), Err(Missing::Absent));
    /// ```
    pub fn try_get<T: 'static>(&self, key: Key<T>, now: Duration) -> Result<&T, Missing> {
        match self.find(key) {
            Some(i) => self.read_at(i, key, now),
            None => Err(self.why_not(key, now)),
        }
    }

    /// Like [`try_get`](Self::try_get), with a cached entry index (see
    /// [`get_cached`](Self::get_cached)): a read that finds its value costs what `get_cached`
    /// costs; only a read that finds nothing looks for the reason. This is how `bt::ports`
    /// reads a port that says why it has no value.
    #[inline]
    pub fn try_get_cached<T: 'static>(
        &self,
        key: Key<T>,
        slot: &mut usize,
        now: Duration,
    ) -> Result<&T, Missing> {
        match self.find_cached(key, slot) {
            Some(i) => self.read_at(i, key, now),
            None => Err(self.why_not(key, now)),
        }
    }

    /// The value of entry `i` (which is `key`'s), or why it has none at `now`.
    #[inline]
    fn read_at<T: 'static>(&self, i: usize, key: Key<T>, now: Duration) -> Result<&T, Missing> {
        let e = &self.entries[i];
        if !e.present {
            return Err(self.why_not(key, now));
        }
        if let Some(at) = e.expires_at.filter(|&at| now > at) {
            return Err(Missing::Expired { at });
        }
        e.value.downcast_ref::<Option<T>>().and_then(Option::as_ref).ok_or(Missing::Absent)
    }

    /// Why `key` has no value of its type: another type's value under its name, or none.
    #[cold]
    fn why_not<T: 'static>(&self, key: Key<T>, now: Duration) -> Missing {
        let other = |e: &&Entry| e.ty != TypeId::of::<T>() && e.name == key.name && e.valid(now);
        match self.entries.iter().find(other) {
            Some(e) => Missing::WrongType { stored: e.type_name, wanted: core::any::type_name::<T>() },
            None => Missing::Absent,
        }
    }
}
