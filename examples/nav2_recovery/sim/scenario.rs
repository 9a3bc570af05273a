//! The scenario: the places of the map and the goals.

use super::*;

/// A named place of the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Its name, with its article: `"the lab"`.
    pub name: &'static str,
    /// Its cell.
    pub at: Pos,
}

/// A goal of the scenario, and the update it receives while the robot is on its way, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// Where to go.
    pub place: Place,
    /// After this long, the goal moves to the place given.
    pub update: Option<(Duration, Place)>,
}

/// Where the robot starts.
pub const DOCK: Place = Place { name: "the dock", at: Pos::new(4, 3) };
/// The lab, north.
pub const LAB: Place = Place { name: "the lab", at: Pos::new(28, 2) };
/// The lounge, south-east.
pub const LOUNGE: Place = Place { name: "the lounge", at: Pos::new(51, 16) };
/// The kitchen, south-west.
pub const KITCHEN: Place = Place { name: "the kitchen", at: Pos::new(3, 15) };
/// The store room, south.
pub const STORE: Place = Place { name: "the store room", at: Pos::new(30, 15) };
/// The office, north-east.
pub const OFFICE: Place = Place { name: "the office", at: Pos::new(50, 3) };

/// The scenario: five goals from the dock and back; the third is moved from the kitchen to the
/// store room six seconds after the robot set off.
pub const SCENARIO: [Goal; 5] = [
    Goal { place: LAB, update: None },
    Goal { place: LOUNGE, update: None },
    Goal { place: KITCHEN, update: Some((Duration::from_secs(6), STORE)) },
    Goal { place: OFFICE, update: None },
    Goal { place: DOCK, update: None },
];

/// The seed of the demo run.
pub const SEED: u64 = 11;
