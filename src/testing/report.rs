//! Rendering of logs and failure reports.

use std::fmt::Write;
use std::string::String;

use super::Event;
use super::context::Journal;

/// A type's name without module paths: `Sequence<(Scripted, Scripted<3>)>`.
pub(crate) fn short_type_name(full: &str) -> String {
    let mut out = String::new();
    let mut ident = String::new();
    let mut chars = full.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            ident.push(c);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            ident.clear();
        } else {
            out.push_str(&ident);
            ident.clear();
            out.push(c);
        }
    }
    out.push_str(&ident);
    out
}

/// The events from root tick `from_tick` (counted from 0 over the whole log) to `to_tick`
/// (included), one a line, indented under each tick's header; events logged before the first
/// tick are shown under "before the first tick".
pub(crate) fn log(events: &[Event], from_tick: u64, to_tick: usize) -> String {
    let mut out = String::new();
    let mut tick: Option<u64> = None;
    let mut shown = from_tick == 0;
    if shown && !matches!(events.first(), Some(Event::Tick { .. }) | None) {
        out.push_str("  before the first tick\n");
    }
    if from_tick > 0 {
        let _ = writeln!(out, "  (ticks 0 to {} left out)", from_tick - 1);
    }
    for event in events {
        if let Event::Tick { tick: since, now } = event {
            let t = tick.map_or(0, |t| t + 1);
            tick = Some(t);
            if t as usize > to_tick {
                break;
            }
            shown = t >= from_tick;
            if shown {
                if *since == t {
                    let _ = writeln!(out, "  tick {t}, clock {now:?}");
                } else {
                    let _ = writeln!(out, "  tick {t} ({since} since the last reset), clock {now:?}");
                }
            }
            continue;
        }
        if shown {
            let _ = writeln!(out, "    {event}");
        }
    }
    out
}

/// The violations, then the whole log.
pub(crate) fn violations_and_log(journal: &Journal, to_tick: usize) -> String {
    let mut out = String::from("the node contract was broken:\n");
    for v in &journal.violations {
        let _ = writeln!(out, "  {v}");
    }
    out.push_str("\nlog:\n");
    out.push_str(&log(&journal.events, 0, to_tick));
    out
}
