//! The needs, the zones that refill them, what the agent does, and the events of its log.

use super::*;

/// One of the agent's five needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Need {
    /// Refilled by eating in the kitchen.
    Food,
    /// Refilled by drinking at the well.
    Water,
    /// Refilled by resting in bed.
    Energy,
    /// Refilled by having fun in the park.
    Mood,
    /// Refilled by working at the office.
    Money,
}

impl Need {
    /// All needs, in index order.
    pub const ALL: [Need; 5] = [Need::Food, Need::Water, Need::Energy, Need::Mood, Need::Money];

    /// Index into [`Agent::needs`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The need's name: `"food"`, `"water"`, ….
    pub const fn name(self) -> &'static str {
        match self {
            Need::Food => "food",
            Need::Water => "water",
            Need::Energy => "energy",
            Need::Mood => "mood",
            Need::Money => "money",
        }
    }

    /// One-letter label for compact logs.
    pub const fn letter(self) -> &'static str {
        match self {
            Need::Food => "F",
            Need::Water => "W",
            Need::Energy => "E",
            Need::Mood => "M",
            Need::Money => "$",
        }
    }

    /// How the agent feels when the need is low: `"hungry"`, `"thirsty"`, ….
    pub const fn feeling(self) -> &'static str {
        match self {
            Need::Food => "hungry",
            Need::Water => "thirsty",
            Need::Energy => "tired",
            Need::Mood => "bored",
            Need::Money => "poor",
        }
    }

    /// The activity that refills the need: `"eating"`, `"drinking"`, ….
    pub const fn activity(self) -> &'static str {
        match self {
            Need::Food => "eating",
            Need::Water => "drinking",
            Need::Energy => "resting",
            Need::Mood => "having fun",
            Need::Money => "working",
        }
    }

    /// The zone that refills the need.
    pub const fn zone(self) -> Zone {
        match self {
            Need::Food => Zone::Kitchen,
            Need::Water => Zone::Well,
            Need::Energy => Zone::Bed,
            Need::Mood => Zone::Park,
            Need::Money => Zone::Office,
        }
    }

    /// Loss per second, whatever the agent does.
    pub const fn decay(self) -> f32 {
        match self {
            Need::Food => 0.35,
            Need::Water => 0.45,
            Need::Energy => 0.2,
            Need::Mood => 0.25,
            Need::Money => 0.15,
        }
    }

    /// Gain per second while the agent does the need's activity in its zone.
    pub const fn refill(self) -> f32 {
        match self {
            Need::Food => 10.0,
            Need::Water => 15.0,
            Need::Energy => 5.0,
            Need::Mood => 7.0,
            Need::Money => 5.0,
        }
    }
}

/// One of the five zones; each refills one need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Zone {
    /// Food.
    Kitchen,
    /// Water.
    Well,
    /// Energy.
    Bed,
    /// Mood.
    Park,
    /// Money.
    Office,
}

impl Zone {
    /// The need the zone refills.
    pub const fn need(self) -> Need {
        match self {
            Zone::Kitchen => Need::Food,
            Zone::Well => Need::Water,
            Zone::Bed => Need::Energy,
            Zone::Park => Need::Mood,
            Zone::Office => Need::Money,
        }
    }

    /// Where the zone is (the map is 30 m × 20 m).
    pub const fn pos(self) -> Vec2 {
        match self {
            Zone::Kitchen => Vec2::new(4.0, 4.0),
            Zone::Well => Vec2::new(26.0, 3.0),
            Zone::Bed => Vec2::new(3.0, 17.0),
            Zone::Park => Vec2::new(16.0, 18.0),
            Zone::Office => Vec2::new(27.0, 16.0),
        }
    }

    /// The zone's name, with its article: `"the kitchen"`.
    pub const fn name(self) -> &'static str {
        match self {
            Zone::Kitchen => "the kitchen",
            Zone::Well => "the well",
            Zone::Bed => "the bed",
            Zone::Park => "the park",
            Zone::Office => "the office",
        }
    }
}

/// What the agent's body is doing; [`World::update`] applies its effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Activity {
    /// Standing still.
    Idle,
    /// Walking to a zone.
    Walking(Zone),
    /// Refilling a need in its zone (eating, drinking, …).
    Refilling(Need),
}

/// The actions of the tree, as named in lifecycle events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Task {
    /// [`Alive`].
    Alive,
    /// [`WalkTo`], with the zone it walks to.
    WalkTo(Zone),
    /// [`EatFood`], [`DrinkWater`], [`HaveRest`], [`HaveFun`] or [`Work`], by the need it refills.
    Refill(Need),
}

impl Task {
    /// A small number per kind of task (the zone of a walk does not count).
    pub const fn slot(self) -> u32 {
        match self {
            Task::Alive => 0,
            Task::WalkTo(_) => 1,
            Task::Refill(need) => 2 + need as u32,
        }
    }
}

/// Something that happened, for the log and the tests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EventKind {
    /// An action's activation started (its `enter` ran).
    Enter(Task),
    /// An action's activation ended (its `exit` ran), and how.
    Exit(Task, Exit),
    /// A need reached 0: the agent starts losing health.
    Depleted(Need),
    /// Health reached 0.
    Died,
}

/// An [`EventKind`] with the game time it happened at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Event {
    /// Game time.
    pub at: Duration,
    /// What happened.
    pub kind: EventKind,
}

/// The events of the last steps, in a fixed-size ring: pushing never allocates; when nobody drains
/// it, the oldest events are dropped (and counted).
pub type Events = super::ring::Ring<Event, 32>;

/// An empty event ring.
pub(super) const NO_EVENTS: Events = Events::new(Event { at: Duration::ZERO, kind: EventKind::Died });

#[cfg(feature = "serde")]
pub(super) fn no_events() -> Events {
    NO_EVENTS
}

/// Counters kept by the agent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Activities completed (the need refilled to full), by need index.
    pub completed: [u32; 5],
    /// Walks started.
    pub walks: u32,
    /// Walks that failed (the blackboard note expired) or were halted.
    pub walks_abandoned: u32,
    /// Action activations entered.
    pub entered: u32,
    /// Action activations exited.
    pub exited: u32,
    /// Lifecycle errors: an `enter` while that kind of task was already active, or an `exit` while
    /// it was not. Always 0 unless the tree is broken.
    pub lifecycle_errors: u32,
    /// Which kinds of task are active, one bit per [`Task::slot`].
    pub active: u32,
}
