//! One tree, two engines: the same XML file compiled with `bt_xml!` and loaded at run time is the
//! same tree to code written over `bt::Tree`, and a save of one restores into the other (their
//! descriptions, hence their fingerprints, are the same).
#![cfg(all(feature = "load", feature = "serde"))]

use std::time::Duration;

use bt::load::{Registry, Saving};
use bt::ports::Ports;
use bt::{Action, Clock, Status, Tree};

#[derive(Clone, Default)]
struct Shop {
    now: Duration,
    log: Vec<String>,
}

impl Clock for Shop {
    fn now(&self) -> Duration {
        self.now
    }
}

/// Works on `step` for `ticks` ticks; fails its first `fail_first` runs.
#[derive(Clone, Ports, serde::Serialize, serde::Deserialize, bt::Persist)]
struct Work {
    #[port]
    step: String,
    #[port]
    ticks: u32,
    #[port(default = "0")]
    fail_first: u32,
    done: u32,
    runs: u32,
}

impl Action<Shop> for Work {
    fn enter(&mut self, _: &mut Shop) {
        self.done = 0;
        self.runs += 1;
    }
    fn execute(&mut self, s: &mut Shop) -> Status {
        self.done += 1;
        s.log.push(format!("{} {}/{}", self.step, self.done, self.ticks));
        match () {
            _ if self.done < self.ticks => Status::Running,
            _ if self.runs <= self.fail_first => Status::Failure,
            _ => Status::Success,
        }
    }
}

bt::bt_xml! { struct Job for Shop = "tests/xml/engines.xml" }

fn loaded() -> bt::dynamic::DynTree<'static, Shop> {
    Registry::<Shop, Saving>::saving()
        .with_clock()
        .action::<Work>("Work")
        .load("tests/xml/engines.xml")
        .unwrap()
}

/// Ticks any tree until it completes, advancing the clock by 100 ms a tick.
fn run(tree: &mut impl Tree<Shop>, shop: &mut Shop, max: usize) -> Vec<Status> {
    let mut statuses = Vec::new();
    for _ in 0..max {
        let s = tree.tick(shop);
        statuses.push(s);
        shop.now += Duration::from_millis(100);
        if s.is_done() {
            break;
        }
    }
    statuses
}

#[test]
fn code_over_tree_runs_either_engine_alike() {
    let (mut a, mut b) = (Shop::default(), Shop::default());
    let compiled = run(&mut Job::new(), &mut a, 50);
    let loaded = run(&mut loaded(), &mut b, 50);
    assert_eq!(compiled, loaded);
    assert_eq!(a.log, b.log);
    assert_eq!(compiled.last(), Some(&Status::Success));
    assert_eq!(a.log.iter().filter(|l| l.starts_with("assemble")).count(), 6, "{:?}", a.log);
}

#[test]
fn a_save_moves_between_the_engines() {
    assert_eq!(Job::new().fingerprint(), loaded().fingerprint());
    // At each point of the run: save the compiled tree, restore it into a fresh loaded tree, save
    // that and restore it into a fresh compiled tree: both finish the run as the uninterrupted
    // tree does.
    let mut reference = Shop::default();
    let whole = run(&mut Job::new(), &mut reference, 50);
    for at in 0..whole.len() {
        let mut shop = Shop::default();
        let mut tree = Job::new();
        for _ in 0..at {
            let _ = tree.tick(&mut shop);
            shop.now += Duration::from_millis(100);
        }
        let json = serde_json::to_string(&tree.save(&shop)).unwrap();
        let mut loaded = loaded();
        loaded.restore(&mut serde_json::Deserializer::from_str(&json), &shop).unwrap();
        assert_eq!(Tree::is_running(&loaded), tree.is_running(), "at tick {at}");
        let back = serde_json::to_string(&loaded.save(&shop)).unwrap();
        let mut compiled = Job::new();
        compiled.restore(&mut serde_json::Deserializer::from_str(&back), &shop).unwrap();

        let (mut a, mut b) = (shop.clone(), shop.clone());
        assert_eq!(run(&mut loaded, &mut a, 50), whole[at..], "compiled → loaded at tick {at}");
        assert_eq!(a.log, reference.log, "compiled → loaded at tick {at}");
        assert_eq!(run(&mut compiled, &mut b, 50), whole[at..], "loaded → compiled at tick {at}");
        assert_eq!(b.log, reference.log, "loaded → compiled at tick {at}");
    }
}
