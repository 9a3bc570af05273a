//! What blocks a cell: walls, real obstacles, and the costmaps' phantom marks.

use super::*;

/// What blocks a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blocker {
    /// A wall.
    Wall,
    /// A real obstacle.
    Real(Real),
    /// A phantom mark in the costmap.
    Phantom,
}

/// A real obstacle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Real {
    /// A person, who leaves after a while.
    Person,
    /// A box, which stays.
    Box,
}

/// A real obstacle on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Obstacle {
    /// Where it stands.
    pub at: Pos,
    /// What it is.
    pub kind: Real,
    /// When it leaves (a person), or `None` (a box).
    pub leaves_at: Option<Duration>,
}

/// A costmap's phantom marks (walls and real obstacles are seen by both costmaps and are not
/// stored here).
#[derive(Clone, Debug)]
pub struct Costmap {
    pub(super) marks: Vec<bool>,
    pub(super) count: u16,
}

impl Costmap {
    pub(super) fn new() -> Self {
        Costmap { marks: vec![false; WIDTH * HEIGHT], count: 0 }
    }

    /// Whether `p` holds a phantom mark.
    pub fn is_marked(&self, p: Pos) -> bool {
        self.marks[p.index()]
    }

    /// The number of phantom marks.
    pub fn marks(&self) -> u16 {
        self.count
    }

    pub(super) fn mark(&mut self, p: Pos) {
        if !self.marks[p.index()] {
            self.marks[p.index()] = true;
            self.count += 1;
        }
    }

    pub(super) fn unmark(&mut self, p: Pos) {
        if self.marks[p.index()] {
            self.marks[p.index()] = false;
            self.count -= 1;
        }
    }

    /// Removes the marks of the cells where `clear` holds; returns how many there were.
    pub(super) fn clear_where(&mut self, clear: impl Fn(Pos) -> bool) -> u16 {
        let mut removed = 0;
        for i in 0..self.marks.len() {
            if self.marks[i] && clear(Pos::from_index(i)) {
                self.marks[i] = false;
                removed += 1;
            }
        }
        self.count -= removed;
        removed
    }

    /// Removes every mark; returns how many there were.
    pub(super) fn clear(&mut self) -> u16 {
        let removed = self.count;
        self.marks.fill(false);
        self.count = 0;
        removed
    }
}

/// Which costmap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layer {
    /// The local costmap, used by the controller.
    Local,
    /// The global costmap, used by the planner and by `ValidatePath`.
    Global,
}

impl Layer {
    /// `"local"` or `"global"`.
    pub const fn name(self) -> &'static str {
        match self {
            Layer::Local => "local",
            Layer::Global => "global",
        }
    }
}
