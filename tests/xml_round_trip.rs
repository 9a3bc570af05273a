//! A `bt!` tree using every keyword that BehaviorTree.CPP has no element for, exported with
//! `description().btcpp_xml()` to `tests/xml/trees/exported.xml` and compiled back with `bt_xml!`:
//! the same description, the same behaviour.

use bt::{Action, Condition, Status, bt, bt_xml};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    A,
    B,
    C,
}

#[derive(Default)]
struct Robot {
    mode: Option<Mode>,
    ready: bool,
    log: Vec<&'static str>,
    /// Milliseconds since the start.
    ms: u64,
}

impl bt::Clock for Robot {
    fn now(&self) -> core::time::Duration {
        core::time::Duration::from_millis(self.ms)
    }
}

struct Go;

impl Action<Robot> for Go {
    fn execute(&mut self, r: &mut Robot) -> Status {
        r.log.push("go");
        Status::Success
    }
}

struct Spin;

impl Action<Robot> for Spin {
    fn execute(&mut self, r: &mut Robot) -> Status {
        r.log.push("spin");
        Status::Failure
    }
}

struct Ping;

impl Action<Robot> for Ping {
    fn execute(&mut self, r: &mut Robot) -> Status {
        r.log.push("ping");
        Status::Success
    }
}

struct IsReady;

impl Condition<Robot> for IsReady {
    fn check(&mut self, r: &Robot) -> bool {
        r.ready
    }
}

/// The tree written with `bt!` (anonymous: `switch` takes closures).
fn written() -> bt::BehaviorTree<impl bt::Node<Robot>, Robot, impl bt::Describe> {
    bt! {
        Robot => sequence<
            switch(|r: &Robot| r.mode)<Some(Mode::A) => Go, Some(Mode::B) => Spin, _ => Ping>,
            mem_selector<Spin, Go>,
            parallel(1)<Go, Spin>,
            random(seed = 7)<Go, Go>,
            cooldown(2s)<Go>,
            guard(IsReady)<Go>,
            service(250ms, Ping)<Go>,
            precondition(IsReady)<Go>,
            until_success<Go>,
            run_once<Go>,
            timeout(1500ms)<Go>,
            delay(0ms)<Go>,
            switch(|r: &Robot| r.mode)<Some(Mode::C) | None => Spin, _ => Go>,
        >
    }
}

/// The same tree, compiled from its export.
fn imported() -> bt::BehaviorTree<impl bt::Node<Robot>, Robot, impl bt::Describe> {
    bt_xml!("tests/xml/trees/exported.xml", ctx = Robot)
}

#[test]
fn the_file_is_the_export() {
    let xml = written().description().btcpp_xml().to_string();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/xml/trees/exported.xml");
    if std::env::var_os("BT_BLESS").is_some() {
        std::fs::write(path, &xml).unwrap();
    }
    assert_eq!(std::fs::read_to_string(path).unwrap(), xml, "run with BT_BLESS=1 to rewrite the file");
}

#[test]
fn the_imported_tree_describes_like_the_written_one() {
    let a = written();
    let b = imported();
    // Arguments compared without their spaces: a closure read from XML has no source positions,
    // so its text is re-spaced (`| r:&Robot | r.mode`).
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let da: Vec<_> =
        a.description().nodes().map(|n| (n.kind, squeeze(n.args), n.depth, n.children)).collect();
    let db: Vec<_> =
        b.description().nodes().map(|n| (n.kind, squeeze(n.args), n.depth, n.children)).collect();
    assert_eq!(da, db);
}

#[test]
fn the_imported_tree_behaves_like_the_written_one() {
    for (mode, ready) in [(Some(Mode::A), true), (Some(Mode::B), false), (None, true), (Some(Mode::C), false)]
    {
        let mut ra = Robot { mode, ready, ..Robot::default() };
        let mut rb = Robot { mode, ready, ..Robot::default() };
        let (mut a, mut b) = (written(), imported());
        for t in 0..20 {
            ra.ms = t * 300;
            rb.ms = t * 300;
            assert_eq!(a.tick(&mut ra), b.tick(&mut rb));
        }
        assert_eq!(ra.log, rb.log);
        assert!(!ra.log.is_empty());
    }
}
