//! The waker an [`AsyncAction`](crate::AsyncAction) polls its future with.

use core::task::Waker;

#[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
use alloc::sync::Arc;
#[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
use core::sync::atomic::{AtomicBool, Ordering};

/// The flag behind a recording waker: set by every wake-up, cleared by every poll; and the
/// program's waker, told of every wake-up.
#[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
#[derive(Debug)]
struct Flag {
    woken: AtomicBool,
    notify: Option<Waker>,
}

#[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
impl alloc::task::Wake for Flag {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.woken.store(true, Ordering::Release);
        if let Some(notify) = &self.notify {
            notify.wake_by_ref();
        }
    }
}

/// A [`Waker`] that records whether it was woken since the last time it was asked.
///
/// * With the `alloc` feature (on targets with pointer-sized atomics), [`new`](WakeSignal::new)
///   makes a waker that is an `Arc` of an atomic flag, built safely with [`alloc::task::Wake`]:
///   **one allocation when the signal is created**, none afterwards. Waking it (from any thread:
///   the executor, a timer, a channel) sets the flag; [`take`](WakeSignal::take) reads and clears
///   it. A future that keeps the waker clones the `Arc` (a reference count increment), which
///   allocates nothing.
/// * Without `alloc`, and from [`noop`](WakeSignal::noop) always, the waker is [`Waker::noop`],
///   which cannot record anything (building a waker of one's own without `alloc` needs `unsafe`
///   code, which this crate forbids): the signal then always answers "woken", so whoever relies
///   on it polls on every tick, which is always correct.
///
/// [`records`](WakeSignal::records) tells the two apart. A recording signal made by
/// [`notifying`](WakeSignal::notifying) also passes every wake-up on to a waker of the program's.
#[derive(Debug)]
pub struct WakeSignal {
    #[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
    flag: Option<Arc<Flag>>,
    waker: Waker,
}

impl WakeSignal {
    /// A signal that records wake-ups if it can (feature `alloc`), marked as woken; otherwise
    /// the same as [`noop`](WakeSignal::noop).
    pub fn new() -> Self {
        #[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
        return WakeSignal::recording(None);
        #[cfg(not(all(feature = "alloc", target_has_atomic = "ptr")))]
        WakeSignal::noop()
    }

    /// A signal that records wake-ups and also passes each one on to `notify`, the program's own
    /// waker (feature `alloc`): the program learns that some work can make progress, and can
    /// tick its tree early — BehaviorTree.CPP's `emitWakeUpSignal`. Marked as woken.
    #[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
    pub fn notifying(notify: Waker) -> Self {
        WakeSignal::recording(Some(notify))
    }

    #[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
    fn recording(notify: Option<Waker>) -> Self {
        let flag = Arc::new(Flag { woken: AtomicBool::new(true), notify });
        let waker = Waker::from(Arc::clone(&flag));
        WakeSignal { flag: Some(flag), waker }
    }

    /// A signal around [`Waker::noop`], which records nothing and always answers "woken". It
    /// allocates nothing.
    pub fn noop() -> Self {
        WakeSignal {
            #[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
            flag: None,
            waker: Waker::noop().clone(),
        }
    }

    /// Whether wake-ups are recorded; if not, [`woken`](WakeSignal::woken) and
    /// [`take`](WakeSignal::take) always answer `true`.
    #[inline]
    pub fn records(&self) -> bool {
        #[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
        return self.flag.is_some();
        #[cfg(not(all(feature = "alloc", target_has_atomic = "ptr")))]
        false
    }

    /// The waker to poll with.
    #[inline]
    pub fn waker(&self) -> &Waker {
        &self.waker
    }

    /// Whether the waker was woken since the last [`take`](WakeSignal::take), without clearing it.
    #[inline]
    pub fn woken(&self) -> bool {
        #[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
        if let Some(flag) = &self.flag {
            return flag.woken.load(Ordering::Acquire);
        }
        true
    }

    /// Whether the waker was woken since the last call, and clears the record. Call it just
    /// before polling: a wake-up that arrives during the poll is then kept for the next one.
    #[inline]
    pub fn take(&self) -> bool {
        #[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
        if let Some(flag) = &self.flag {
            // A load first: a signal that was not woken (the usual case while a future waits)
            // costs a plain read, and only a recorded wake-up pays for the read-modify-write.
            // Only the owner clears the flag, so a flag seen set is still set at the swap.
            return flag.woken.load(Ordering::Acquire) && flag.woken.swap(false, Ordering::AcqRel);
        }
        true
    }

    /// Marks the signal as woken, so that the next [`take`](WakeSignal::take) answers `true`.
    #[inline]
    pub fn set(&self) {
        #[cfg(all(feature = "alloc", target_has_atomic = "ptr"))]
        if let Some(flag) = &self.flag {
            flag.woken.store(true, Ordering::Release);
        }
    }
}

impl Default for WakeSignal {
    fn default() -> Self {
        WakeSignal::new()
    }
}
