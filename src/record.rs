//! Recording a run compactly and reading it back later as a timeline (feature `std`), to see after
//! the fact why a tree did what it did.
//!
//! [`Recorder`] is an [`Observer`] that writes every tick result and every halt to any
//! [`io::Write`]; [`Recording::read`] loads the file back and [`Recording::timeline`] prints, tick
//! by tick, which nodes changed status.
//!
//! ```
//! use bt::record::{Recorder, Recording};
//! # use bt::{bt, Status};
//! # struct Agent { t: u32 }
//! # let mut tree = bt! {
//! #     Agent => { |a: &mut Agent| { a.t += 1; if a.t < 3 { Status::Running } else { Status::Success } } }
//! # };
//! # let mut agent = Agent { t: 0 };
//! let mut recorder = Recorder::new(Vec::new(), tree.description())?;
//! for _ in 0..3 {
//!     recorder.note(format_args!("t = {}", agent.t)); // shown with the tick that follows
//!     let _ = tree.tick_with(&mut agent, &mut recorder);
//! }
//! let bytes = recorder.finish()?;
//!
//! let recording = Recording::read(&bytes[..])?;
//! assert_eq!(recording.ticks(), 3);
//! println!("{}", recording.timeline());
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # File format
//!
//! All integers are unsigned LEB128 varints; strings are a varint byte length followed by UTF-8.
//!
//! * Header: the magic bytes `BTRC`, a format version byte (1), the tree's name, context and
//!   source file, the node count, then for each node in pre-order its kind, label, arguments,
//!   depth, number of children, source line and column. The file describes its tree fully: it
//!   can be read without the program that wrote it.
//! * Then one record per event, in the order the observer saw them: a varint
//!   `zigzag(node − previous node) << 3 | code`, where `previous node` is the node of the record
//!   before (0 at the start) and `code` is 0 `Success`, 1 `Failure`, 2 `Running` (the node was
//!   ticked and returned that), 3 halted, 4 a note (its node delta is 0; a string follows), or
//!   5 *repeat* (node delta 0): this step's events are exactly the previous step's. Codes 6 and 7
//!   are reserved. Notes come before the events of the step they belong to.
//!
//! Ticks are not marked: a tick ends with the root's (node 0's) result, which observers receive
//! last, and a halt of the whole tree ends with the root's halt. Successive events are mostly
//! close in the tree, so a record is usually one byte, and a tick that did exactly what the one
//! before did (the common case: a tree waiting for something) takes one byte in all.

use core::fmt::{self, Write as _};
use std::boxed::Box;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::string::String;
use std::vec::Vec;

use bt_runtime::{Change, ChangeObserver, NodeId, NodeInfo, Observer, Status, TreeDescription};

/// The first bytes of a recording.
pub const MAGIC: [u8; 4] = *b"BTRC";
/// The format version this module writes and reads.
pub const VERSION: u8 = 1;

const SUCCESS: u64 = 0;
const FAILURE: u64 = 1;
const RUNNING: u64 = 2;
const HALTED: u64 = 3;
const NOTE: u64 = 4;
const REPEAT: u64 = 5;

fn put_varint(buf: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        buf.push((v as u8) | 0x80);
        v >>= 7;
    }
    buf.push(v as u8);
}

fn put_str(buf: &mut Vec<u8>, s: &str) {
    put_varint(buf, s.len() as u64);
    buf.extend_from_slice(s.as_bytes());
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

/// An [`Observer`] that records every tick result and halt to a writer, in the compact format
/// described in the [module docs](self).
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

/// One event of a [`Step`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The node was ticked and returned this status.
    Ticked(NodeId, Status),
    /// The node was halted.
    Halted(NodeId),
}

impl Event {
    /// The node the event is about.
    pub fn node(&self) -> NodeId {
        match *self {
            Event::Ticked(node, _) | Event::Halted(node) => node,
        }
    }
}

/// How a [`Step`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepEnd {
    /// A tick of the whole tree, which returned this status.
    Tick(Status),
    /// A halt of the whole tree.
    Halt,
    /// The recording stops in the middle of the step (the program stopped or crashed mid-tick).
    Incomplete,
}

/// One tick (or halt) of the whole tree in a [`Recording`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The tick's number, from 1; for a halt, the number of ticks before it.
    pub tick: u64,
    /// How the step ended.
    pub end: StepEnd,
    /// Notes attached to the step, in order.
    pub notes: Vec<String>,
    /// Every event of the step, in the order it happened (children before their parents).
    pub events: Vec<Event>,
}

/// A recording read back: the recorded tree's description and every step.
#[derive(Clone, Debug)]
pub struct Recording {
    desc: &'static TreeDescription,
    steps: Vec<Step>,
}

fn invalid(msg: impl fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, std::format!("invalid bt recording: {msg}"))
}

/// A cursor over the bytes of a recording.
struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Bytes<'a> {
    fn varint(&mut self) -> io::Result<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self.data.get(self.pos).ok_or_else(|| invalid("unexpected end of file"))?;
            self.pos += 1;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(invalid("varint too long"))
    }

    fn small(&mut self, max: u64, what: &str) -> io::Result<u64> {
        let v = self.varint()?;
        if v > max { Err(invalid(format_args!("{what} {v} out of range"))) } else { Ok(v) }
    }

    fn str(&mut self) -> io::Result<&'a str> {
        let len = self.varint()?;
        let end = usize::try_from(len)
            .ok()
            .and_then(|len| self.pos.checked_add(len))
            .filter(|&end| end <= self.data.len())
            .ok_or_else(|| invalid("string past the end of file"))?;
        let s =
            core::str::from_utf8(&self.data[self.pos..end]).map_err(|_| invalid("string is not UTF-8"))?;
        self.pos = end;
        Ok(s)
    }
}

impl Recording {
    /// Reads a whole recording.
    ///
    /// The recorded description is rebuilt as a `&'static` [`TreeDescription`], so that every
    /// rendering and [`TreeDescription::path`] work on it; its strings are therefore leaked (kept
    /// until the program ends), one allocation per recording read. Errors are
    /// [`io::ErrorKind::InvalidData`] for a file that is not a recording or is corrupt; a file cut
    /// in the middle of a tick reads fine, its last step being [`StepEnd::Incomplete`].
    pub fn read(mut input: impl Read) -> io::Result<Recording> {
        let mut data = Vec::new();
        input.read_to_end(&mut data)?;
        let mut b = Bytes { data: &data, pos: 0 };
        if data.get(..4) != Some(&MAGIC[..]) {
            return Err(invalid("not a bt recording (bad magic bytes)"));
        }
        if data.get(4) != Some(&VERSION) {
            return Err(invalid(format_args!("unsupported version {:?}", data.get(4))));
        }
        b.pos = 5;

        // The header's strings, gathered in one buffer that is then leaked.
        let mut text = String::new();
        let mut spans = Vec::new();
        let span = |b: &mut Bytes<'_>, text: &mut String| -> io::Result<(usize, usize)> {
            let s = b.str()?;
            let start = text.len();
            text.push_str(s);
            Ok((start, text.len()))
        };
        let header: [(usize, usize); 3] =
            [span(&mut b, &mut text)?, span(&mut b, &mut text)?, span(&mut b, &mut text)?];
        let count = b.small(1 << 20, "node count")? as usize;
        let mut numbers = Vec::new();
        for _ in 0..count {
            spans.push([span(&mut b, &mut text)?, span(&mut b, &mut text)?, span(&mut b, &mut text)?]);
            numbers.push([
                b.small(u16::MAX.into(), "depth")?,
                b.small(u16::MAX.into(), "children")?,
                b.small(u32::MAX.into(), "line")?,
                b.small(u32::MAX.into(), "column")?,
            ]);
        }
        let text: &'static str = Box::leak(text.into_boxed_str());
        let get = |(start, end): (usize, usize)| &text[start..end];
        let nodes: Vec<NodeInfo> = spans
            .iter()
            .zip(&numbers)
            .map(|([kind, label, args], &[depth, children, line, column])| {
                NodeInfo::keyword(
                    get(*kind),
                    get(*label),
                    get(*args),
                    depth as u16,
                    children as u16,
                    line as u32,
                    column as u32,
                )
            })
            .collect();
        let nodes: &'static [NodeInfo] = Box::leak(nodes.into_boxed_slice());
        let desc: &'static TreeDescription =
            Box::leak(Box::new(TreeDescription::new(get(header[0]), get(header[1]), get(header[2]), nodes)));

        let mut steps: Vec<Step> = Vec::new();
        let (mut notes, mut events) = (Vec::new(), Vec::new());
        let mut ticks = 0;
        let mut prev: i64 = 0;
        while b.pos < data.len() {
            let record = b.varint()?;
            let node = prev
                .checked_add(unzigzag(record >> 3))
                .filter(|n| (0..=u32::MAX.into()).contains(n))
                .ok_or_else(|| invalid("node id out of range"))?;
            prev = node;
            let id = node as NodeId;
            let event = match record & 7 {
                SUCCESS => Event::Ticked(id, Status::Success),
                FAILURE => Event::Ticked(id, Status::Failure),
                RUNNING => Event::Ticked(id, Status::Running),
                HALTED => Event::Halted(id),
                NOTE => {
                    notes.push(b.str()?.into());
                    continue;
                }
                REPEAT => {
                    let previous = steps.last().filter(|_| events.is_empty() && record >> 3 == 0);
                    let previous = previous.ok_or_else(|| invalid("misplaced repeat record"))?;
                    let (end, repeated) = (previous.end, previous.events.clone());
                    ticks += u64::from(matches!(end, StepEnd::Tick(_)));
                    steps.push(Step {
                        tick: ticks,
                        end,
                        notes: core::mem::take(&mut notes),
                        events: repeated,
                    });
                    continue;
                }
                code => return Err(invalid(format_args!("unknown record code {code}"))),
            };
            if !desc.is_empty() && id >= desc.len() {
                return Err(invalid(format_args!("node {id} in a tree of {} nodes", desc.len())));
            }
            events.push(event);
            if id == 0 {
                let end = match event {
                    Event::Ticked(_, status) => StepEnd::Tick(status),
                    Event::Halted(_) => StepEnd::Halt,
                };
                ticks += u64::from(matches!(end, StepEnd::Tick(_)));
                let (notes, events) = (core::mem::take(&mut notes), core::mem::take(&mut events));
                steps.push(Step { tick: ticks, end, notes, events });
            }
        }
        if !events.is_empty() || !notes.is_empty() {
            steps.push(Step { tick: ticks + 1, end: StepEnd::Incomplete, notes, events });
        }
        Ok(Recording { desc, steps })
    }

    /// Reads the recording in the file at `path`.
    pub fn open(path: impl AsRef<Path>) -> io::Result<Recording> {
        Recording::read(io::BufReader::new(File::open(path)?))
    }

    /// The recorded tree's description.
    pub fn description(&self) -> &'static TreeDescription {
        self.desc
    }

    /// Every step, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Number of complete ticks.
    pub fn ticks(&self) -> u64 {
        self.steps.iter().filter(|s| matches!(s.end, StepEnd::Tick(_))).count() as u64
    }

    /// Sends step `index`'s events to `observer`, as they were observed when recording (to watch
    /// a run again in a [`LiveView`](crate::view::LiveView), or rebuild statuses with a
    /// [`ChangeObserver`]).
    pub fn replay_step<O: Observer + ?Sized>(&self, index: usize, observer: &mut O) {
        for event in self.steps.get(index).map_or(&[][..], |s| &s.events) {
            match *event {
                Event::Ticked(node, status) => observer.ticked(node, status),
                Event::Halted(node) => observer.halted(node),
            }
        }
    }

    /// Sends every event to `observer`.
    pub fn replay<O: Observer + ?Sized>(&self, observer: &mut O) {
        for index in 0..self.steps.len() {
            self.replay_step(index, observer);
        }
    }

    /// The human-readable timeline (see [`Timeline`]).
    pub fn timeline(&self) -> Timeline<'_> {
        Timeline { recording: self, all: false }
    }
}

/// A [`Recording`] as a timeline, for people: a summary line, then for each tick the notes and the
/// nodes whose status changed (by [`ChangeObserver`] rules), each with its path and
/// `previous → new`; halts list the halted nodes. Runs of ticks without any change are collapsed
/// into one line.
///
/// ```text
/// recording of HungryBrain for Agent (src/main.rs): 16 nodes, 14 ticks
/// tick 1: Running · t=0 food=40 water=34
///   repeat/parallel(1)/selector/sequence[0]/FeelHungry  idle → Failure
///   …
/// ticks 2–3: Running, no change
/// tick 4: Running · t=3 food=31 water=28
///   repeat/parallel(1)/selector/sequence[1]/FeelThirsty    Failure → Success
///   repeat/parallel(1)/selector/sequence[1]/WalkTo(WATER)  idle → Running
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Timeline<'r> {
    recording: &'r Recording,
    all: bool,
}

impl Timeline<'_> {
    /// Lists every event, not only changes (unchanged results are marked `=`), and never collapses
    /// ticks.
    #[must_use]
    pub fn all(mut self, all: bool) -> Self {
        self.all = all;
        self
    }
}

struct Name<'d>(&'d TreeDescription, NodeId);

impl fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() { write!(f, "node #{}", self.1) } else { write!(f, "{}", self.0.path(self.1)) }
    }
}

struct Idle(Option<Status>);

impl fmt::Display for Idle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(s) => write!(f, "{s}"),
            None => f.write_str("idle"),
        }
    }
}

impl fmt::Display for Timeline<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rec = self.recording;
        let desc = rec.desc;
        f.write_str("recording of ")?;
        match (desc.name, desc.context) {
            ("", "") => f.write_str("a tree")?,
            ("", ctx) => write!(f, "a tree for {ctx}")?,
            (name, "") => f.write_str(name)?,
            (name, ctx) => write!(f, "{name} for {ctx}")?,
        }
        if !desc.file.is_empty() {
            write!(f, " ({})", desc.file)?;
        }
        writeln!(f, ": {} nodes, {} ticks", desc.len(), rec.ticks())?;

        let mut tracker = ChangeObserver::with_len(desc.len(), Vec::<Change>::new());
        // A run of ticks without changes: (first, last, status).
        let mut quiet: Option<(u64, u64, Status)> = None;
        let flush_quiet =
            |f: &mut fmt::Formatter<'_>, quiet: &mut Option<(u64, u64, Status)>| match quiet.take() {
                Some((a, b, s)) if a == b => writeln!(f, "tick {a}: {s}, no change"),
                Some((a, b, s)) => writeln!(f, "ticks {a}–{b}: {s}, no change"),
                None => Ok(()),
            };
        let mut lines: Vec<(String, String)> = Vec::new();
        for step in &rec.steps {
            lines.clear();
            for event in &step.events {
                let previous = tracker.status(event.node());
                tracker.listener_mut().clear();
                match *event {
                    Event::Ticked(node, s) => tracker.ticked(node, s),
                    Event::Halted(node) => tracker.halted(node),
                }
                let changed = !tracker.listener().is_empty();
                let what = match *event {
                    Event::Ticked(_, s) if changed => std::format!("{} → {s}", Idle(previous)),
                    Event::Ticked(_, s) if self.all => std::format!("= {s}"),
                    Event::Ticked(..) => continue,
                    Event::Halted(_) => std::format!("{} → halted", Idle(previous)),
                };
                lines.push((std::format!("{}", Name(desc, event.node())), what));
            }
            if let StepEnd::Tick(s) = step.end
                && lines.is_empty()
                && !self.all
            {
                match &mut quiet {
                    Some((_, last, q)) if *q == s => *last = step.tick,
                    _ => {
                        flush_quiet(f, &mut quiet)?;
                        quiet = Some((step.tick, step.tick, s));
                    }
                }
                continue;
            }
            flush_quiet(f, &mut quiet)?;
            match step.end {
                StepEnd::Tick(s) => write!(f, "tick {}: {s}", step.tick)?,
                StepEnd::Halt => write!(f, "halt after tick {}", step.tick)?,
                StepEnd::Incomplete => write!(f, "tick {} (incomplete, the recording ends here)", step.tick)?,
            }
            for note in &step.notes {
                write!(f, " · {note}")?;
            }
            f.write_char('\n')?;
            let width = lines.iter().map(|(path, _)| path.chars().count()).max().unwrap_or(0);
            for (path, what) in &lines {
                writeln!(f, "  {path:width$}  {what}")?;
            }
        }
        flush_quiet(f, &mut quiet)
    }
}
