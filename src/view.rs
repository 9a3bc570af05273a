//! A live view of a running tree in the terminal (feature `std`).
//!
//! [`LiveView`] is an [`Observer`]: tick the tree with it, then call [`LiveView::frame`] with a
//! caption (the time, the agent's state, …) to redraw the tree with every node's current status in
//! colour. In a terminal the frame is redrawn in place; when the output is not a terminal (a pipe,
//! a file, CI logs), frames are printed one after another as plain text, and only when a status
//! changed.
//!
//! ```no_run
//! use bt::view::LiveView;
//! # use bt::{bt, Status};
//! # struct Agent { t: u32 }
//! # let mut tree = bt! { Agent => { |a: &mut Agent| { a.t += 1; Status::Running } } };
//! # let mut agent = Agent { t: 0 };
//! let mut view = LiveView::stdout(tree.description());
//! for _ in 0..100 {
//!     let _ = tree.tick_with(&mut agent, &mut view);
//!     view.frame(format_args!("t = {}", agent.t))?;
//!     std::thread::sleep(std::time::Duration::from_millis(100));
//! }
//! view.finish()?;
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! The view uses plain ANSI escape sequences (cursor movement, erase, colours), which terminal
//! emulators understand (on Windows: Windows Terminal, or a console with virtual terminal
//! processing enabled), and needs no dependency. It honours `NO_COLOR`.

use core::fmt::{self, Write as _};
use std::env;
use std::io::{self, IsTerminal, Write};
use std::process::{Command, Stdio};
use std::string::String;
use std::vec::Vec;

use bt_runtime::{NodeId, NodeName, Observer, Status, Statuses, TreeDescription};

/// How a [`LiveView`] writes its frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Redraw the frame in place with ANSI escape sequences; statuses in colour when `colour` is
    /// true.
    Terminal {
        /// Whether to colour statuses.
        colour: bool,
    },
    /// Print frames one after another as plain text, skipping frames in which no status changed.
    Plain,
}

impl Mode {
    /// [`Mode::Terminal`] when standard output is a terminal (and `TERM` is not `dumb`), with
    /// colours unless `NO_COLOR` is set; [`Mode::Plain`] otherwise.
    pub fn detect_stdout() -> Mode {
        let dumb = env::var_os("TERM").is_some_and(|t| t == "dumb");
        if io::stdout().is_terminal() && !dumb {
            Mode::Terminal { colour: env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) }
        } else {
            Mode::Plain
        }
    }
}

/// What the view knows of a node.
#[derive(Clone, Copy, Debug, Default)]
struct Shown {
    /// Status returned by the node's last tick; `None`: idle (never ticked, or halted).
    status: Option<Status>,
    /// Whether the node was ticked or halted since the last drawn frame.
    fresh: bool,
}

/// A ready [`Observer`] that draws the tree in the terminal with each node's current status.
///
/// Each line is a node of the tree's [`text`](TreeDescription::text) rendering, followed by a mark
/// and a status:
///
/// * `● Running` (yellow), `● Success` (green), `● Failure` (red): the node was ticked since the
///   previous frame and returned that;
/// * `○ Success` and the like, dimmed: the status of the node's last tick, which happened before
///   the previous frame (a parent did not tick it since: a latched child, a branch not taken);
/// * `● halted`, dimmed: the node was halted since the previous frame;
/// * nothing: idle, never ticked.
///
/// Statuses are tracked as by [`ChangeObserver`](bt_runtime::ChangeObserver). A frame is drawn
/// by [`frame`](Self::frame), after the tick(s) it should show; with [`every`](Self::every) only
/// one call in `n` draws. Lines wider than the terminal are cut, not wrapped; frames taller than
/// [`max_lines`](Self::max_lines) are cut (a frame taller than the terminal could not be redrawn
/// in place).
pub struct LiveView<'d, W: Write = io::Stdout> {
    desc: &'d TreeDescription,
    out: W,
    mode: Mode,
    nodes: Vec<Shown>,
    /// A status changed since the last drawn frame.
    changed: bool,
    calls: u64,
    every: u64,
    drawn_lines: usize,
    max_label: usize,
    max_lines: Option<usize>,
    caption: String,
    buf: String,
}

impl<'d> LiveView<'d, io::Stdout> {
    /// A view of the tree described by `desc` on standard output, in the [`Mode`] that suits it
    /// ([`Mode::detect_stdout`]).
    ///
    /// In [`Mode::Terminal`], frames are kept one line shorter than the terminal (see
    /// [`max_lines`](LiveView::max_lines)): its height is taken from the `LINES` environment
    /// variable, or on Unix read once with `stty size`; when neither works, frames are not cut.
    pub fn stdout(desc: &'d TreeDescription) -> Self {
        let mode = Mode::detect_stdout();
        let view = LiveView::new(desc, io::stdout(), mode);
        match (mode, terminal_rows()) {
            (Mode::Terminal { .. }, Some(rows)) => view.max_lines(rows.saturating_sub(1).max(2)),
            _ => view,
        }
    }
}

impl<'d, W: Write> LiveView<'d, W> {
    /// A view of the tree described by `desc`, writing to `out` in `mode`.
    pub fn new(desc: &'d TreeDescription, out: W, mode: Mode) -> Self {
        LiveView {
            desc,
            out,
            mode,
            nodes: std::vec![Shown::default(); desc.len()],
            changed: true,
            calls: 0,
            every: 1,
            drawn_lines: 0,
            max_label: NodeName::DEFAULT_MAX,
            max_lines: None,
            caption: String::new(),
            buf: String::new(),
        }
    }

    /// Draws only one call to [`frame`](Self::frame) in `n` (the first, the `n+1`-th, …), for
    /// fast simulations or long logs. `n = 0` counts as 1.
    #[must_use]
    pub fn every(mut self, n: u64) -> Self {
        self.every = n.max(1);
        self
    }

    /// Cuts node names at `max` characters (default [`NodeName::DEFAULT_MAX`]).
    #[must_use]
    pub fn max_label(mut self, max: usize) -> Self {
        self.max_label = max;
        self
    }

    /// Cuts frames taller than `lines` lines (caption included): the last line shown then says how
    /// many were left out. Redrawing in place only works for frames that fit the terminal.
    #[must_use]
    pub fn max_lines(mut self, lines: usize) -> Self {
        self.max_lines = Some(lines.max(2));
        self
    }

    /// The mode the view writes in.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Draws the tree as it is now, under `caption` (one or more lines; empty for none), unless
    /// [`every`](Self::every) says to skip this call or, in [`Mode::Plain`], no status changed
    /// since the last frame printed.
    pub fn frame(&mut self, caption: impl fmt::Display) -> io::Result<()> {
        self.caption.clear();
        let _ = write!(self.caption, "{caption}");
        let due = self.calls.is_multiple_of(self.every);
        self.calls += 1;
        if due { self.draw() } else { Ok(()) }
    }

    /// Draws the last state if [`frame`](Self::frame) skipped it, flushes, and returns the writer.
    pub fn finish(mut self) -> io::Result<W> {
        if self.changed && self.calls > 0 {
            self.draw()?;
        }
        self.out.flush()?;
        Ok(self.out)
    }

    fn draw(&mut self) -> io::Result<()> {
        if self.mode == Mode::Plain && !self.changed {
            return Ok(());
        }
        self.buf.clear();
        let lines = self.render();
        if let Mode::Terminal { .. } = self.mode {
            let mut frame = String::new();
            if self.drawn_lines > 0 {
                let _ = write!(frame, "\r\x1b[{}A", self.drawn_lines);
            }
            // No line wrapping while drawing, so that every line takes exactly one row.
            frame.push_str("\x1b[?7l");
            for line in self.buf.lines() {
                frame.push_str(line);
                frame.push_str("\x1b[K\n");
            }
            frame.push_str("\x1b[J\x1b[?7h");
            self.out.write_all(frame.as_bytes())?;
        } else {
            self.buf.push('\n');
            self.out.write_all(self.buf.as_bytes())?;
        }
        self.out.flush()?;
        self.drawn_lines = lines;
        self.changed = false;
        for node in &mut self.nodes {
            node.fresh = false;
        }
        Ok(())
    }

    /// Writes the frame into `self.buf` and returns its number of lines.
    fn render(&mut self) -> usize {
        let colour = matches!(self.mode, Mode::Terminal { colour: true });
        let buf = &mut self.buf;
        let mut lines = 0;
        for line in self.caption.lines() {
            buf.push_str(line);
            buf.push('\n');
            lines += 1;
        }
        let text = self.desc.text().max_label(self.max_label);
        let count = if self.desc.is_empty() { self.nodes.len() } else { self.desc.len() };
        let widest = match self.desc.is_empty() {
            true => id_width(count.saturating_sub(1)),
            false => text.lines().map(|l| l.width()).max().unwrap_or(0),
        };
        let column = widest + 2;
        let mut tree_lines = text.lines();
        for id in 0..count {
            let shown = self.nodes.get(id).copied().unwrap_or_default();
            let style = style(shown, colour);
            let width = match tree_lines.next() {
                Some(line) => {
                    let _ = write!(buf, "{}{}", Dim(colour && id > 0, line.guides()), style.start);
                    let glyph = line.glyph();
                    if !glyph.is_empty() {
                        let _ = write!(buf, "{glyph} ");
                    }
                    let _ = write!(buf, "{}", line.name());
                    line.width()
                }
                None => {
                    let _ = write!(buf, "{}#{id}", style.start);
                    id_width(id)
                }
            };
            if let Some(label) = style.label {
                let _ = write!(buf, "{:pad$}{} {label}", "", style.mark, pad = column.saturating_sub(width));
            }
            buf.push_str(style.end);
            buf.push('\n');
            lines += 1;
        }
        if let Some(max) = self.max_lines.filter(|&max| lines > max) {
            let cut = buf.match_indices('\n').nth(max - 2).map_or(buf.len(), |(i, _)| i + 1);
            buf.truncate(cut);
            let _ = writeln!(buf, "… {} more lines (the terminal is too small)", lines - (max - 1));
            lines = max;
        }
        lines
    }
}

/// The terminal's height: `LINES` if set, else (Unix) `stty size` on the inherited standard input.
fn terminal_rows() -> Option<usize> {
    if let Some(rows) = env::var("LINES").ok().and_then(|l| l.trim().parse().ok()) {
        return Some(rows);
    }
    if !cfg!(unix) {
        return None;
    }
    let out = Command::new("stty").arg("size").stdin(Stdio::inherit()).stderr(Stdio::null()).output().ok()?;
    let size = String::from_utf8(out.stdout).ok().filter(|_| out.status.success())?;
    size.split_whitespace().next()?.parse().ok()
}

/// Width of `#id`.
fn id_width(id: NodeId) -> usize {
    2 + id.checked_ilog10().unwrap_or(0) as usize
}

/// How one node's line is drawn.
struct Style {
    start: &'static str,
    end: &'static str,
    mark: char,
    label: Option<&'static str>,
}

fn style(shown: Shown, colour: bool) -> Style {
    let (code, label) = match shown.status {
        Some(Status::Running) => (if shown.fresh { "\x1b[33m" } else { "\x1b[2;33m" }, Some("Running")),
        Some(Status::Success) => (if shown.fresh { "\x1b[32m" } else { "\x1b[2;32m" }, Some("Success")),
        Some(Status::Failure) => (if shown.fresh { "\x1b[31m" } else { "\x1b[2;31m" }, Some("Failure")),
        None if shown.fresh => ("\x1b[2m", Some("halted")),
        None => ("\x1b[2m", None),
    };
    let mark = if shown.fresh { '●' } else { '○' };
    if colour {
        Style { start: code, end: "\x1b[0m", mark, label }
    } else {
        Style { start: "", end: "", mark, label }
    }
}

/// Writes its value dimmed when colours are on.
struct Dim<T>(bool, T);

impl<T: fmt::Display> fmt::Display for Dim<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 { write!(f, "\x1b[2m{}\x1b[0m", self.1) } else { write!(f, "{}", self.1) }
    }
}

impl<W: Write> Observer for LiveView<'_, W> {
    fn ticked(&mut self, node: NodeId, status: Status) {
        if node >= self.nodes.len() {
            self.nodes.resize(node + 1, Shown::default());
        }
        let shown = &mut self.nodes[node];
        self.changed |= shown.status != Some(status);
        *shown = Shown { status: Some(status), fresh: true };
    }

    fn halted(&mut self, node: NodeId) {
        if node >= self.nodes.len() {
            self.nodes.resize(node + 1, Shown::default());
        }
        self.nodes[node] = Shown { status: None, fresh: true };
        self.changed = true;
    }
}

/// The statuses the view shows (to render them another way, such as [`TreeDescription::dot`]).
impl<W: Write> Statuses for LiveView<'_, W> {
    fn status(&self, node: NodeId) -> Option<Status> {
        self.nodes.get(node).and_then(|n| n.status)
    }
}
