//! [`Recording`]: a recording read back, step by step.

use super::timeline::Timeline;
#[allow(clippy::wildcard_imports)]
use super::*;

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
    pub(super) desc: &'static TreeDescription,
    pub(super) steps: Vec<Step>,
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
