//! [`Recorder`]: the observer that writes a recording.

#[allow(clippy::wildcard_imports)]
use super::*;

/// An [`Observer`] that records every tick result and halt to a writer, in the compact format
/// described in the [module docs](super).
///
/// Events are buffered and written once per tick (when the root reports), so an unbuffered
/// [`File`] is fine. Observer methods cannot fail: the first I/O error stops the recording and is
/// returned by [`finish`](Self::finish) (and shown by [`error`](Self::error)). Call `finish` at
/// the end to write what is buffered and flush.
#[derive(Debug)]
pub struct Recorder<W: Write> {
    out: W,
    /// The records of the step in progress.
    buf: Vec<u8>,
    /// The notes of the step in progress, encoded.
    notes: Vec<u8>,
    prev: NodeId,
    ticks: u64,
    error: Option<io::Error>,
    /// Each node's status as a [`ChangeObserver`] tracks it, to tell steps with changes.
    statuses: Vec<Option<Status>>,
    /// A status changed (or a node was halted) in the step in progress.
    changed: bool,
    all_notes: bool,
    /// The records of the last complete step.
    last_step: Vec<u8>,
}

impl Recorder<BufWriter<File>> {
    /// Creates (or truncates) the file at `path` and records the tree described by `desc` into it.
    pub fn create(path: impl AsRef<Path>, desc: &TreeDescription) -> io::Result<Self> {
        Recorder::new(BufWriter::new(File::create(path)?), desc)
    }
}

impl<W: Write> Recorder<W> {
    /// Starts a recording of the tree described by `desc` (use `tree.description()`), writing the
    /// header to `out` at once.
    pub fn new(mut out: W, desc: &TreeDescription) -> io::Result<Self> {
        let mut buf = Vec::with_capacity(256);
        buf.extend_from_slice(&MAGIC);
        buf.push(VERSION);
        put_str(&mut buf, desc.name);
        put_str(&mut buf, desc.context);
        put_str(&mut buf, desc.file);
        put_varint(&mut buf, desc.len() as u64);
        for (_, n) in desc.iter() {
            put_str(&mut buf, n.kind);
            put_str(&mut buf, n.label);
            put_str(&mut buf, n.args);
            put_varint(&mut buf, n.depth.into());
            put_varint(&mut buf, n.children.into());
            put_varint(&mut buf, n.line.into());
            put_varint(&mut buf, n.column.into());
        }
        out.write_all(&buf)?;
        buf.clear();
        Ok(Recorder {
            out,
            buf,
            notes: Vec::new(),
            prev: 0,
            ticks: 0,
            error: None,
            statuses: std::vec![None; desc.len()],
            changed: false,
            all_notes: false,
            last_step: Vec::new(),
        })
    }

    /// Keeps the notes of every step (`true`), or by default (`false`) only of the steps in which
    /// some node's status changed: those are the steps a [`Timeline`] shows with their notes, and a
    /// note per tick would otherwise make most of the file.
    #[must_use]
    pub fn all_notes(mut self, all: bool) -> Self {
        self.all_notes = all;
        self
    }

    /// Attaches a note (the time, the agent's state, …) to the next tick or halt that ends after
    /// it: call it just before ticking to say what the tick saw. See
    /// [`all_notes`](Self::all_notes) for which notes are kept.
    pub fn note(&mut self, text: impl fmt::Display) {
        let mut s = String::new();
        let _ = write!(s, "{text}");
        // A note's node delta is 0, so notes can be dropped without changing other records.
        put_varint(&mut self.notes, NOTE);
        put_str(&mut self.notes, &s);
    }

    /// Number of ticks recorded so far.
    pub fn ticks(&self) -> u64 {
        self.ticks
    }

    /// The first I/O error met, which stopped the recording.
    pub fn error(&self) -> Option<&io::Error> {
        self.error.as_ref()
    }

    /// Writes what is buffered, flushes, and returns the writer; or the first I/O error met.
    pub fn finish(mut self) -> io::Result<W> {
        // Notes after the last step belong to no step: dropped.
        self.notes.clear();
        self.write_out(false);
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.flush()?;
        Ok(self.out)
    }

    fn record(&mut self, node: NodeId, code: u64) {
        let delta = zigzag(node as i64 - self.prev as i64);
        put_varint(&mut self.buf, (delta << 3) | code);
        self.prev = node;
    }

    /// Writes the step's records, preceded by its notes if they are kept. `complete`: the step
    /// ended (the root reported); only then can it be written as a repeat of the step before.
    fn write_out(&mut self, complete: bool) {
        if !(self.changed || self.all_notes) {
            self.notes.clear();
        }
        // Every complete step ends with the root (node 0), so the next one starts from node 0: a
        // step's records do not depend on what came before, and equal records mean the same step.
        if complete && self.buf == self.last_step {
            put_varint(&mut self.notes, REPEAT);
        } else {
            self.notes.extend_from_slice(&self.buf);
            if complete {
                core::mem::swap(&mut self.last_step, &mut self.buf);
            }
        }
        if self.error.is_none()
            && !self.notes.is_empty()
            && let Err(e) = self.out.write_all(&self.notes)
        {
            self.error = Some(e);
        }
        self.buf.clear();
        self.notes.clear();
        self.changed = false;
    }

    /// Tracks `node`'s status; `None` for a halt.
    fn track(&mut self, node: NodeId, status: Option<Status>) {
        if node >= self.statuses.len() {
            self.statuses.resize(node + 1, None);
        }
        self.changed |= status.is_none() || self.statuses[node] != status;
        self.statuses[node] = status;
    }
}

impl<W: Write> Observer for Recorder<W> {
    fn ticked(&mut self, node: NodeId, status: Status) {
        let code = match status {
            Status::Success => SUCCESS,
            Status::Failure => FAILURE,
            Status::Running => RUNNING,
        };
        self.record(node, code);
        self.track(node, Some(status));
        if node == 0 {
            self.ticks += 1;
            self.write_out(true);
        }
    }

    fn halted(&mut self, node: NodeId) {
        self.record(node, HALTED);
        self.track(node, None);
        if node == 0 {
            self.write_out(true);
        }
    }
}
