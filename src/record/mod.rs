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

mod recorder;
mod recording;
mod timeline;

pub use recorder::Recorder;
pub use recording::{Event, Recording, Step, StepEnd};
pub use timeline::Timeline;
