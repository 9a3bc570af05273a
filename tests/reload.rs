//! Hot reload (`bt::load::Reloading`, feature `reload`): an edit is picked up at a tick boundary,
//! an invalid edit keeps the running tree and reports the error, a file deleted and restored is
//! reloaded; with a saving registry a tree of unchanged shape keeps its running state.
#![cfg(feature = "reload")]

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bt::load::{Registry, Reload, Reloading};
use bt::ports::Ports;
use bt::{Action, Exit, Status};

#[derive(Default)]
struct World {
    log: RefCell<Vec<String>>,
}

/// Logs its text on every tick; runs until `ticks` ticks have passed.
#[derive(Ports)]
struct Say {
    #[port]
    text: String,
    #[port(default = "1000")]
    ticks: u32,
    done: u32,
}

impl Action<World> for Say {
    fn enter(&mut self, w: &mut World) {
        self.done = 0;
        w.log.borrow_mut().push(format!("enter {}", self.text));
    }
    fn execute(&mut self, w: &mut World) -> Status {
        w.log.borrow_mut().push(self.text.clone());
        self.done += 1;
        if self.done >= self.ticks { Status::Success } else { Status::Running }
    }
    fn exit(&mut self, w: &mut World, how: Exit) {
        w.log.borrow_mut().push(format!("exit {} {how:?}", self.text));
    }
}

#[cfg(feature = "serde")]
impl bt::Persist<World> for Say {
    type State = u32;
    fn save(&self, _: &World) -> u32 {
        self.done
    }
    fn restore(&mut self, done: u32, _: &World) {
        self.done = done;
    }
}

fn xml(text: &str) -> String {
    format!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="Main"><Sequence><Say text="{text}"/></Sequence></BehaviorTree></root>"#
    )
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bt-reload-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` the way editors do: to a temporary file, then renamed over the file.
fn save(path: &Path, text: &str) {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

fn drain(w: &World) -> Vec<String> {
    std::mem::take(&mut *w.log.borrow_mut())
}

/// Ticks until a change is applied (the watcher reports it within a few tens of milliseconds;
/// this waits up to 10 s on a loaded machine), returning what happened.
fn until_reload<M>(t: &mut Reloading<World, M>, w: &mut World) -> String
where
    Registry<World, M>: bt::load::Carry<World>,
{
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        if let Some(r) = t.poll(w) {
            return match r {
                Reload::Reloaded { carried } => format!("reloaded, carried {carried}"),
                Reload::Failed(e) => format!("failed: {e}"),
            };
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    "no change seen in 10 s".into()
}

#[test]
fn an_edit_an_invalid_edit_and_a_file_deleted_and_restored() {
    let dir = folder("edits");
    let path = dir.join("tree.xml");
    save(&path, &xml("patrol"));
    let registry = Registry::<World>::new().action::<Say>("Say");
    let mut t = Reloading::new(registry, &path).unwrap();
    let mut w = World::default();
    assert_eq!(t.tick(&mut w), Status::Running);
    assert_eq!(drain(&w), ["enter patrol", "patrol"]);

    // An edit: the running tree is halted, the new one starts.
    save(&path, &xml("guard"));
    assert_eq!(until_reload(&mut t, &mut w), "reloaded, carried false");
    assert_eq!(t.tick(&mut w), Status::Running);
    assert_eq!(drain(&w), ["exit patrol Halted", "enter guard", "guard"]);
    assert_eq!(t.reloads(), 1);

    // An invalid edit: the old tree goes on, the error is reported with its position.
    save(&path, &xml("guard").replace("<Say", "<Sya"));
    let outcome = until_reload(&mut t, &mut w);
    assert!(outcome.starts_with("failed: "), "{outcome}");
    assert!(
        outcome.contains("tree.xml:1:") && outcome.contains("unknown leaf `Sya` (did you mean `Say`?)"),
        "{outcome}"
    );
    assert!(t.last_error().is_some());
    assert_eq!(t.tick(&mut w), Status::Running);
    assert_eq!(drain(&w), ["guard"]);

    // The file deleted: an error, the tree goes on; restored: reloaded.
    std::fs::remove_file(&path).unwrap();
    let outcome = until_reload(&mut t, &mut w);
    assert!(outcome.starts_with("failed: "), "{outcome}");
    assert_eq!(t.tick(&mut w), Status::Running);
    assert_eq!(drain(&w), ["guard"]);
    std::fs::write(&path, xml("home")).unwrap();
    assert_eq!(until_reload(&mut t, &mut w), "reloaded, carried false");
    assert!(t.last_error().is_none());
    assert_eq!(t.tick(&mut w), Status::Running);
    assert_eq!(drain(&w), ["exit guard Halted", "enter home", "home"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "serde")]
#[test]
fn a_tree_of_the_same_shape_keeps_running() {
    let dir = folder("carry");
    let path = dir.join("tree.xml");
    let with_ticks = |ticks: u32| {
        format!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="Main"><Sequence><Say text="walk" ticks="{ticks}"/></Sequence></BehaviorTree></root>"#
        )
    };
    save(&path, &with_ticks(5));
    let registry = Registry::<World, bt::load::Saving>::saving().action::<Say>("Say");
    let mut t = Reloading::new(registry, &path).unwrap();
    let mut w = World::default();
    assert_eq!(t.tick(&mut w), Status::Running);
    assert_eq!(t.tick(&mut w), Status::Running);
    drain(&w);
    // A port's value changed: same nodes and arguments, so the walk goes on where it was, with
    // the new value (3 ticks in all: it has run 2).
    save(&path, &with_ticks(3));
    assert_eq!(until_reload(&mut t, &mut w), "reloaded, carried true");
    assert_eq!(t.tick(&mut w), Status::Success);
    assert_eq!(drain(&w), ["walk", "exit walk Success"]);
    let _ = std::fs::remove_dir_all(&dir);
}
