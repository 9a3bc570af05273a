//! `.btlog` files, which Groot2 replays: BehaviorTree.CPP's `FileLogger2` format.
//!
//! The file is the text `BTCPP4-FileLogger2`, a protocol byte (1), the length of the tree's XML
//! (32-bit little-endian) and the XML (with `_uid`s, as the monitor sends it), the start time in
//! microseconds since the Unix epoch (64-bit little-endian), then one 9-byte record per status
//! change: the time since the start in microseconds (48-bit little-endian), the node's `_uid`
//! (16-bit little-endian) and its new status (0 idle, 1 running, 2 success, 3 failure). The
//! changes are BehaviorTree.CPP's (see [`Shadow`]), transitions to idle included.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use bt_runtime::{NodeId, Observer, Status, TreeDescription};

use crate::model::TreeModel;
use crate::shadow::{Shadow, Transition};

/// The first bytes of a `.btlog` file.
pub const BTLOG_MAGIC: &[u8; 18] = b"BTCPP4-FileLogger2";

/// Where the times of the records come from.
#[derive(Clone, Copy, Debug)]
enum Clock {
    /// The wall clock, read once per tick (when the root reports).
    Wall(Instant),
    /// A replayed run: tick `n` is at `n` milliseconds.
    Ticks(u64),
    /// Times given by the program ([`BtlogWriter::set_time`]), in microseconds.
    Given(u64),
}

/// An [`Observer`] that writes a `.btlog` file (BehaviorTree.CPP's `FileLogger2` format, which
/// Groot2 opens and replays), see the [module docs](self).
///
/// Records are buffered and written once per tick (when the root reports); observer methods
/// cannot fail, so the first I/O error stops the log and is returned by [`finish`](Self::finish).
/// Call `finish` at the end to write what is buffered and flush.
///
/// ```
/// use bt::{bt, Status};
/// use bt::groot::BtlogWriter;
///
/// let mut tree = bt! { sequence<{ |n: &mut u32| { *n += 1; Status::Success } }, always_failure> };
/// let mut log = BtlogWriter::new(Vec::new(), tree.description())?;
/// let mut n = 0;
/// let _ = tree.tick_with(&mut n, &mut log);
/// let bytes = log.finish()?;
/// assert!(bytes.starts_with(b"BTCPP4-FileLogger2\x01"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct BtlogWriter<W: Write> {
    out: W,
    shadow: Shadow,
    clock: Clock,
    buf: Vec<u8>,
    error: Option<io::Error>,
}

impl BtlogWriter<BufWriter<File>> {
    /// Creates (or truncates) the file at `path` and logs the tree described by `desc` into it.
    /// As with BehaviorTree.CPP, the file name must end in `.btlog` (Groot2 needs it).
    ///
    /// # Errors
    ///
    /// A name without `.btlog`, or the file's.
    pub fn create(path: impl AsRef<Path>, desc: &TreeDescription) -> io::Result<Self> {
        let path = path.as_ref();
        if path.extension().is_none_or(|e| e != "btlog") {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "a .btlog file's name must end in .btlog",
            ));
        }
        BtlogWriter::new(BufWriter::new(File::create(path)?), desc)
    }
}

impl<W: Write> BtlogWriter<W> {
    /// Starts a log of the tree described by `desc` (use `tree.description()`), writing the header
    /// to `out` at once. Tick the tree with it as the observer.
    ///
    /// # Errors
    ///
    /// The writer's.
    pub fn new(out: W, desc: &TreeDescription) -> io::Result<Self> {
        Self::with_model(out, &TreeModel::new(desc))
    }

    /// Starts a log of the tree whose model is `model`.
    ///
    /// # Errors
    ///
    /// The writer's.
    pub fn with_model(mut out: W, model: &TreeModel) -> io::Result<Self> {
        let mut head = Vec::with_capacity(BTLOG_MAGIC.len() + 13 + model.xml().len());
        head.extend_from_slice(BTLOG_MAGIC);
        head.push(1);
        let xml = model.xml().as_bytes();
        let len = i32::try_from(xml.len()).map_err(|_| io::Error::other("the tree's XML is too large"))?;
        head.extend_from_slice(&len.to_le_bytes());
        head.extend_from_slice(xml);
        let start = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_micros() as i64);
        head.extend_from_slice(&start.to_le_bytes());
        out.write_all(&head)?;
        Ok(BtlogWriter {
            out,
            shadow: Shadow::new(model),
            clock: Clock::Wall(Instant::now()),
            buf: Vec::with_capacity(1024),
            error: None,
        })
    }

    /// Logs a run replayed from a recording (`bt::record::Recording::replay`), which has no times
    /// and no tick starts: the writer derives those (tick `n` is at `n` milliseconds).
    #[must_use]
    pub fn replaying(mut self) -> Self {
        self.shadow = self.shadow.derive_entries(true);
        self.clock = Clock::Ticks(0);
        self
    }

    /// Stamps the records from now on with `since_start` (a simulation's time, for instance), in
    /// place of the wall clock: a simulated run is then replayed by Groot2 at its own pace.
    pub fn set_time(&mut self, since_start: std::time::Duration) {
        self.clock = Clock::Given(since_start.as_micros() as u64);
    }

    /// The first I/O error met, which stopped the log.
    pub fn error(&self) -> Option<&io::Error> {
        self.error.as_ref()
    }

    /// Writes what is buffered, flushes, and returns the writer; or the first I/O error met.
    ///
    /// # Errors
    ///
    /// The first I/O error met.
    pub fn finish(mut self) -> io::Result<W> {
        self.shadow.settle();
        self.write_out();
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.flush()?;
        Ok(self.out)
    }

    fn write_out(&mut self) {
        let micros = match &mut self.clock {
            Clock::Wall(start) => start.elapsed().as_micros() as u64,
            Clock::Ticks(n) => {
                *n += 1;
                *n * 1000
            }
            Clock::Given(t) => *t,
        };
        for Transition { node, status, .. } in self.shadow.take() {
            self.buf.extend_from_slice(&micros.to_le_bytes()[..6]);
            self.buf.extend_from_slice(&TreeModel::uid(node).to_le_bytes());
            self.buf.push(status.0);
        }
        if self.error.is_none()
            && !self.buf.is_empty()
            && let Err(e) = self.out.write_all(&self.buf)
        {
            self.error = Some(e);
        }
        self.buf.clear();
    }
}

impl<W: Write> Observer for BtlogWriter<W> {
    fn intercept(&mut self, node: NodeId) -> Option<Status> {
        self.shadow.enter(node);
        None
    }

    fn ticked(&mut self, node: NodeId, status: Status) {
        self.shadow.ticked(node, status);
        if node == 0 {
            self.write_out();
        }
    }

    fn halted(&mut self, node: NodeId) {
        self.shadow.halted(node);
        if node == 0 {
            self.write_out();
        }
    }
}
