//! A point on a 2-D map, shared by the examples' worlds.

/// A point or a displacement on the map, in metres.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vec2 {
    /// West to east.
    pub x: f32,
    /// South to north.
    pub y: f32,
}

impl Vec2 {
    /// The point `(x, y)`.
    pub const fn new(x: f32, y: f32) -> Self {
        Vec2 { x, y }
    }

    /// Distance to `other`.
    pub fn distance(self, other: Vec2) -> f32 {
        (other.x - self.x).hypot(other.y - self.y)
    }

    /// The point reached by moving at most `max` metres towards `to`; lands exactly on `to` when it
    /// is that close.
    pub fn step_towards(self, to: Vec2, max: f32) -> Vec2 {
        let d = self.distance(to);
        if d <= max {
            to
        } else {
            let k = max / d;
            Vec2::new(self.x + (to.x - self.x) * k, self.y + (to.y - self.y) * k)
        }
    }
}
