//! [`Timeline`]: a recording printed for people.

use super::recording::{Event, Recording, StepEnd};
#[allow(clippy::wildcard_imports)]
use super::*;

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
    pub(super) recording: &'r Recording,
    pub(super) all: bool,
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
