//! Groot2's window on a running `bt` tree: the live monitor (BehaviorTree.CPP 4.10's
//! `Groot2Publisher` protocol) and the `.btlog` files Groot2 replays (its `FileLogger2` format).
//! Use it through `bt` (feature `groot`, `bt::groot`).
//!
//! ```no_run
//! use bt::{bt, Status};
//! use bt::groot::Groot2Publisher;
//!
//! struct Robot { battery: u32 }
//! let mut tree = bt! {
//!     Robot => reactive_sequence<{ |r: &Robot| r.battery > 20 }, { |r: &mut Robot| { r.battery -= 1; Status::Running } }>
//! };
//! let mut groot = Groot2Publisher::new(tree.description(), 1667)?; // binds 1667 and 1668
//! let mut robot = Robot { battery: 100 };
//! loop {
//!     let _ = tree.tick_with(&mut robot, &mut groot); // Groot2 can connect at any time
//!     std::thread::sleep(std::time::Duration::from_millis(100));
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # The monitor
//!
//! [`Groot2Publisher`] is an observer: tick the tree with it (compiled trees and trees built at
//! run time alike, through their `description()`). It binds a server port (Groot2's default is
//! 1667) for Groot2's requests and the next port for its notifications, as BehaviorTree.CPP does,
//! and answers every request type of the protocol ([`protocol::RequestType`]) from a thread of its
//! own:
//!
//! * **the tree** (`FULLTREE`): the XML BehaviorTree.CPP's `WriteTreeToXML` writes, with a `_uid`
//!   per node, made from the tree's BehaviorTree.CPP export (`description().btcpp_xml()`: every
//!   node is named there, see [`TreeModel`]);
//! * **statuses** (`STATUS`) and **recorded transitions** (`TOGGLE_RECORDING`, `GET_TRANSITIONS`):
//!   BehaviorTree.CPP's statuses, which [`Shadow`] derives from bt's events (a node keeps its
//!   result until its parent resets it, composites run before their children, …);
//! * **blackboard values** (`BLACKBOARD`): those handed over by
//!   [`Groot2Publisher::serve_blackboard`], in JSON as [`bt_blackboard::Blackboard::to_json`]
//!   writes them, sent in MessagePack;
//! * **hooks** (`HOOK_INSERT`, `HOOK_REMOVE`, `HOOKS_DUMP`, `REMOVE_ALL_HOOKS`,
//!   `DISABLE_ALL_HOOKS`, `BREAKPOINT_UNLOCK`): a breakpoint pauses the tick before a node
//!   (through `Observer::intercept`) or after it (`Observer::intercept_result`) and publishes
//!   `BREAKPOINT_REACHED`, until Groot2 resumes it, optionally replacing the node's result; a
//!   replacement hook replaces the result without pausing.
//!
//! Trees without a publisher pay nothing: the hooks are observer methods that default to nothing.
//! The tick touches shared state once per tick (and before it pauses), briefly, and never waits
//! for the network; only a breakpoint stops it, on purpose.
//!
//! # What differs from BehaviorTree.CPP
//!
//! `scripts/groot_compare.sh` sends the same requests to this publisher and to BehaviorTree.CPP's
//! on the same tree with the same scripted leaves and compares the replies; the differences it
//! reports, and why:
//!
//! * the tree id and times differ (random, clock);
//! * the XML: bt writes what its export knows of each node (an instance name, the arguments
//!   its export writes, models for bt's own node kinds and for leaves), without the models of
//!   BehaviorTree.CPP's built-in nodes, which Groot2 knows; the node types and `_uid`s are the
//!   same. A tree compiled from XML with `bt_xml!` has no `SubTree` nodes (they are inlined), so
//!   its `_uid`s follow its own nodes;
//! * blackboards: bt has one blackboard per context; it is the main tree's, and every subtree's
//!   is empty. Values of types without a JSON form are `null`, as in BehaviorTree.CPP; bt also
//!   shows a value whose type has only a `Debug` as that text;
//! * hooks are dumped ordered by position and `_uid` (BehaviorTree.CPP's order is its hash
//!   map's); JSON errors carry serde_json's message;
//! * a running node whose tick or result a hook replaces is halted first, as
//!   `Observer::intercept` does (BehaviorTree.CPP leaves it and its descendants running); the
//!   statuses Groot2 is shown are BehaviorTree.CPP's all the same ([`Shadow::replaced`]);
//! * within one tick, every recorded transition has the same time (read once per tick).
//!
//! # Logs
//!
//! [`BtlogWriter`] writes the same transitions to a `.btlog` file as BehaviorTree.CPP's
//! `FileLogger2` would (`scripts/btlog_compare.sh` compares them record by record).
#![forbid(unsafe_code)]

pub mod btlog;
pub mod client;
pub mod model;
pub mod protocol;
mod publisher;
mod server;
pub mod shadow;

pub use btlog::{BTLOG_MAGIC, BtlogWriter};
pub use model::{MAX_NODES, ModelNode, NodeKind, TreeModel};
pub use publisher::Groot2Publisher;
pub use shadow::{BtStatus, Shadow, Transition};
