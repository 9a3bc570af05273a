//! The forms of BehaviorTree.CPP files that `bt_xml!` compiles and `bt::load` loads alike: counts
//! and durations read from the blackboard, … Each tree runs compiled and loaded, over the same
//! world, with the same results.
#![cfg(feature = "load")]

use core::time::Duration;

use bt::blackboard::{Blackboard, Key};
use bt::ports::{HasBlackboard, InOut, Ports};
use bt::{Action, Clock, ManualClock, Status, bt, bt_xml};

#[derive(Default)]
struct World {
    bb: Blackboard,
    clock: ManualClock,
    log: Vec<String>,
}

impl HasBlackboard for World {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl World {
    fn set<T: Send + Sync + 'static>(&mut self, key: &'static str, v: T) {
        self.bb.set(Key::<T>::new(key), v);
    }
    fn get<T: Clone + 'static>(&self, key: &'static str) -> Option<T> {
        self.bb.get(Key::<T>::new(key), Duration::ZERO).cloned()
    }
}

/// Counts its ticks in `ticks`; fails the first two times.
#[derive(Ports)]
struct Count {
    ticks: InOut<i64>,
}

impl Action<World> for Count {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, w: &mut World) -> Status {
        let n = self.ticks.get(w).copied().unwrap_or(0) + 1;
        self.ticks.set(w, n);
        w.log.push(format!("count {n}"));
        if n < 3 { Status::Failure } else { Status::Success }
    }
}

bt_xml! { struct Entries for World = "tests/xml/forms/entries.xml" }

/// Ticks a tree until it completes (at most 50 ticks, 100 ms apart); the statuses.
fn run(mut tick: impl FnMut(&mut World) -> Status, w: &mut World) -> Vec<Status> {
    let mut out = Vec::new();
    for _ in 0..50 {
        let s = tick(w);
        out.push(s);
        w.clock.advance(Duration::from_millis(100));
        if s != Status::Running {
            break;
        }
    }
    out
}

#[test]
fn counts_and_durations_from_entries() {
    use Status::{Failure, Running, Success};
    let registry = Entries::registry().action::<Count>("Count");
    for (n, want) in [
        // 3 attempts, one per tick; then a wait of 200 ms (ticks are 100 ms apart), then 2 rounds.
        (Some(2), vec![Running, Running, Running, Running, Running, Success]),
        // Without `n`, the repeat fails.
        (None, vec![Running, Running, Running, Running, Failure]),
    ] {
        let mut compiled = Entries::new();
        let mut loaded = registry.load("tests/xml/forms/entries.xml").unwrap();
        let (mut a, mut b) = (World::default(), World::default());
        if let Some(n) = n {
            a.set::<i32>("n", n);
            b.set::<i32>("n", n);
        }
        assert_eq!(run(|w| compiled.tick(w), &mut a), want);
        assert_eq!(run(|w| loaded.tick(w), &mut b), want);
        assert_eq!(a.get::<i64>("failures"), Some(3));
        assert_eq!(a.log, b.log);
    }
    // The entries have the types the built-ins read: `tries` an `i32`, `wait` a `u32`.
    let mut w = World::default();
    let _ = Entries::new().tick(&mut w);
    assert_eq!((w.get::<i32>("tries"), w.get::<u32>("wait")), (Some(3), Some(200)));
}

#[test]
fn an_absent_or_negative_count() {
    use Status::{Running, Success};
    let xml = r#"<root BTCPP_format="4"><BehaviorTree ID="Main">
        <Sequence>
          <Delay delay_msec="{wait}"><AlwaysSuccess/></Delay>
          <Repeat num_cycles="{n}"><AlwaysSuccess/></Repeat>
        </Sequence>
    </BehaviorTree></root>"#;
    let registry = bt::load::Registry::<World>::new().with_clock().with_blackboard();
    let mut tree = registry.load_str("t.xml", xml).unwrap();
    let mut w = World::default();
    // No `wait`: the delay fails.
    assert_eq!(tree.tick(&mut w), Status::Failure);
    w.set::<u32>("wait", 150);
    w.set::<i32>("n", 2);
    assert_eq!(run(|w| tree.tick(w), &mut w), [Running, Running, Running, Success]);
    // A negative count repeats without end.
    w.set::<i32>("n", -1);
    assert!(run(|w| tree.tick(w), &mut w).iter().all(|s| *s == Running));
}

#[test]
fn bt_reads_entries_too() {
    let mut tree = bt! { World => sequence<retry("{tries}")<{ |_: &mut World| Status::Failure }>, timeout("{limit}")<sleep(1s)>> };
    let mut w = World::default();
    w.set::<i32>("tries", 2);
    w.set::<u32>("limit", 250);
    let statuses = run(|w| tree.tick(w), &mut w);
    assert_eq!(statuses, [Status::Running, Status::Failure]);
    let d = tree.description();
    assert_eq!(d.node(1).unwrap().args, "\"{tries}\"");
    assert_eq!(d.node(1).unwrap().arguments[0].value, bt::ArgValue::Text("{tries}"));
    let xml = d.btcpp_xml().to_string();
    assert!(xml.contains(r#"<RetryUntilSuccessful num_attempts="{tries}">"#), "{xml}");
    assert!(xml.contains(r#"<Timeout msec="{limit}">"#), "{xml}");
}

/// Logs its waypoints, its wait and, when bound, its note.
#[derive(Ports)]
struct Plan {
    waypoints: bt::ports::Input<Vec<i32>>,
    wait: bt::ports::Input<Duration>,
    /// Bound or not.
    #[port(optional)]
    note: bt::ports::Input<String>,
}

impl Action<World> for Plan {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, w: &mut World) -> Status {
        let line = format!(
            "{:?} {:?} {:?}",
            self.waypoints.get(w).cloned(),
            self.wait.get(w).copied(),
            self.note.get(w).cloned()
        );
        w.log.push(line);
        Status::Success
    }
}

/// The text forms of `Vec<T>` (`"a;b;c"`) and `Duration` (`"500ms"`, `"2s"`, a plain number of
/// milliseconds), an optional port left unbound, and a BehaviorTree.CPP 3 SubTree remapping
/// without braces: compiled and loaded alike.
#[test]
fn sequences_durations_optional_ports_and_v3_remapping() {
    const XML: &str = r#"<root main_tree_to_execute="Main">
        <BehaviorTree ID="Main">
            <Sequence>
                <Plan waypoints="1;2;3" wait="500ms" note="first"/>
                <Plan waypoints="" wait="2s"/>
                <Plan waypoints="4" wait="250"/>
                <SubTree ID="Sub" wp="route"/>
            </Sequence>
        </BehaviorTree>
        <BehaviorTree ID="Sub">
            <Plan waypoints="{wp}" wait="1.5s"/>
        </BehaviorTree>
    </root>"#;
    let expected = [
        "Some([1, 2, 3]) Some(500ms) Some(\"first\")",
        "Some([]) Some(2s) None",
        "Some([4]) Some(250ms) None",
        "Some([7, 8]) Some(1.5s) None",
    ];
    let mut t = bt_xml!(
        r#"<root main_tree_to_execute="Main">
        <BehaviorTree ID="Main">
            <Sequence>
                <Plan waypoints="1;2;3" wait="500ms" note="first"/>
                <Plan waypoints="" wait="2s"/>
                <Plan waypoints="4" wait="250"/>
                <SubTree ID="Sub" wp="route"/>
            </Sequence>
        </BehaviorTree>
        <BehaviorTree ID="Sub">
            <Plan waypoints="{wp}" wait="1.5s"/>
        </BehaviorTree>
    </root>"#,
        ctx = World
    );
    let mut w = World::default();
    w.set::<Vec<i32>>("route", vec![7, 8]);
    assert_eq!(t.tick(&mut w), Status::Success);
    assert_eq!(w.log, expected);

    let registry = bt::load::Registry::<World>::new().with_blackboard().action::<Plan>("Plan");
    let mut loaded = registry.load_str("plan.xml", XML).expect("loads");
    let mut w = World::default();
    w.set::<Vec<i32>>("route", vec![7, 8]);
    assert_eq!(loaded.tick(&mut w), Status::Success);
    assert_eq!(w.log, expected);

    // Text that is not of the port's type is refused when the tree is loaded.
    for (bad, why) in [(r#"waypoints="1;x" wait="1s""#, "`x`"), (r#"waypoints="1" wait="soon""#, "soon")] {
        let xml =
            format!(r#"<root BTCPP_format="4"><BehaviorTree ID="M"><Plan {bad}/></BehaviorTree></root>"#);
        let Err(err) = registry.load_str("bad.xml", &xml) else { panic!("refused") };
        assert!(err.to_string().contains(why), "{err}");
    }
}

/// Logs its name.
#[derive(Ports)]
struct Say {
    #[port]
    text: String,
}

impl Action<World> for Say {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, w: &mut World) -> Status {
        w.log.push(self.text.clone());
        Status::Success
    }
}

/// `SwitchN` on entries of any type a script or a port gives them: an integer, a real, a bool
/// and a string, compared with the cases as BehaviorTree.CPP compares them; compiled and loaded.
#[test]
fn switch_on_any_value() {
    const XML: &str = r#"<root BTCPP_format="4">
        <BehaviorTree ID="Main">
            <Sequence>
                <Script code="n := 42; x := 2.5; b := true; s := '7.0'"/>
                <Switch2 variable="{n}" case_1="41" case_2="42"><Say text="n41"/><Say text="n42"/><Say text="n?"/></Switch2>
                <Switch2 variable="{x}" case_1="2.5" case_2="3"><Say text="x2.5"/><Say text="x3"/><Say text="x?"/></Switch2>
                <Switch2 variable="{b}" case_1="false" case_2="true"><Say text="bf"/><Say text="bt"/><Say text="b?"/></Switch2>
                <Switch2 variable="{s}" case_1="7" case_2="8"><Say text="s7"/><Say text="s8"/><Say text="s?"/></Switch2>
                <Switch2 variable="{none}" case_1="1" case_2="2"><Say text="u1"/><Say text="u2"/><Say text="u?"/></Switch2>
            </Sequence>
        </BehaviorTree>
    </root>"#;
    let expected = ["n42", "x2.5", "bt", "s7", "u?"];
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4">
        <BehaviorTree ID="Main">
            <Sequence>
                <Script code="n := 42; x := 2.5; b := true; s := '7.0'"/>
                <Switch2 variable="{n}" case_1="41" case_2="42"><Say text="n41"/><Say text="n42"/><Say text="n?"/></Switch2>
                <Switch2 variable="{x}" case_1="2.5" case_2="3"><Say text="x2.5"/><Say text="x3"/><Say text="x?"/></Switch2>
                <Switch2 variable="{b}" case_1="false" case_2="true"><Say text="bf"/><Say text="bt"/><Say text="b?"/></Switch2>
                <Switch2 variable="{s}" case_1="7" case_2="8"><Say text="s7"/><Say text="s8"/><Say text="s?"/></Switch2>
                <Switch2 variable="{none}" case_1="1" case_2="2"><Say text="u1"/><Say text="u2"/><Say text="u?"/></Switch2>
            </Sequence>
        </BehaviorTree>
    </root>"#,
        ctx = World
    );
    let mut w = World::default();
    assert_eq!(t.tick(&mut w), Status::Success);
    assert_eq!(w.log, expected);

    let registry = bt::load::Registry::<World>::new().with_blackboard().action::<Say>("Say");
    let mut loaded = registry.load_str("switch.xml", XML).expect("loads");
    let mut w = World::default();
    assert_eq!(loaded.tick(&mut w), Status::Success);
    assert_eq!(w.log, expected);
}
