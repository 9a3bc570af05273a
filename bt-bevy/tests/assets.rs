//! Trees as assets (feature `assets`): built from a `TreeFile` with the app's registry, rebuilt
//! for every entity of that file when it changes (the running tree halted, the new one started),
//! a file that does not build reported once while the trees go on; driven through
//! `Assets<TreeFile>` (which emits the same `AssetEvent::Modified` as the file watcher), and once
//! through the real file watcher on a file in a temporary folder of the target directory.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy_app::{App, TaskPoolPlugin};
use bevy_asset::{AssetPlugin, AssetServer, Assets, Handle};
use bevy_ecs::message::MessageCursor;
use bevy_ecs::prelude::*;
use bt::load::Registry;
use bt::ports::Ports;
use bt::{Action, Exit, Status};
use bt_bevy::assets::{Loaded, TreeFile, TreeFileFailed, TreeFilesPlugin, TreeRegistry};
use bt_bevy::{Brain, Context};

/// The context of the loaded trees: what the leaves did.
#[derive(Default)]
struct Bot {
    log: Vec<String>,
}

/// Runs for ever, saying its text on entering, on each tick and on exit.
#[derive(Ports)]
struct Say {
    #[port]
    text: String,
}

impl Action<Bot> for Say {
    fn enter(&mut self, bot: &mut Bot) {
        bot.log.push(format!("enter {}", self.text));
    }
    fn execute(&mut self, bot: &mut Bot) -> Status {
        bot.log.push(format!("tick {}", self.text));
        Status::Running
    }
    fn exit(&mut self, bot: &mut Bot, how: Exit) {
        bot.log.push(format!("exit {} {how:?}", self.text));
    }
}

fn tree(text: &str) -> String {
    format!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="Main"><Sequence><Say text="{text}"/></Sequence></BehaviorTree></root>"#
    )
}

const BAD: &str = r#"<root BTCPP_format="4"><BehaviorTree ID="Main">
  <Sequence><Sai text="three"/></Sequence>
</BehaviorTree></root>"#;

fn app(asset_plugin: AssetPlugin) -> App {
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), asset_plugin, TreeFilesPlugin::<Bot>::new()));
    app.insert_resource(TreeRegistry::new(Registry::<Bot>::new().action::<Say>("Say")));
    app
}

fn logs(app: &mut App, bots: &[Entity]) -> Vec<Vec<String>> {
    bots.iter().map(|&b| app.world_mut().get_mut::<Context<Bot>>(b).unwrap().get_mut().log.clone()).collect()
}

/// Updates until `done` holds, at most `max` times; whether it did.
fn update_until(app: &mut App, max: usize, mut done: impl FnMut(&mut App) -> bool) -> bool {
    for _ in 0..max {
        app.update();
        if done(app) {
            return true;
        }
    }
    false
}

fn said(app: &mut App, bots: &[Entity], line: &str) -> bool {
    logs(app, bots).iter().all(|log| log.iter().any(|l| l == line))
}

#[test]
fn every_entity_of_a_changed_file_gets_the_new_tree() {
    let mut app = app(AssetPlugin { watch_for_changes_override: Some(false), ..Default::default() });
    let file: Handle<TreeFile> =
        app.world_mut().resource_mut::<Assets<TreeFile>>().add(TreeFile::new("guard.btree.xml", tree("one")));
    let bots: Vec<Entity> = (0..3)
        .map(|_| {
            app.world_mut()
                .spawn((Brain::new(Loaded::<Bot>::new(file.clone())), Context::new(Bot::default())))
                .id()
        })
        .collect();
    assert!(update_until(&mut app, 10, |app| said(app, &bots, "tick one")));

    // A good edit: each entity's running tree is halted, the new one starts.
    app.world_mut().resource_mut::<Assets<TreeFile>>().get_mut(&file).unwrap().text = tree("two");
    assert!(update_until(&mut app, 10, |app| said(app, &bots, "tick two")));
    for log in logs(&mut app, &bots) {
        let halted = log.iter().position(|l| l == "exit one Halted").expect("the old tree was halted");
        let entered = log.iter().position(|l| l == "enter two").expect("the new tree started");
        assert!(halted < entered, "{log:?}");
        assert!(log[entered + 1..].iter().all(|l| !l.ends_with("one")), "{log:?}");
    }
    for &b in &bots {
        assert_eq!(app.world_mut().get_mut::<Brain<Loaded<Bot>>>(b).unwrap().reloads(), 1);
    }

    // A bad edit: reported once, with its position; the running trees go on.
    let mut cursor = MessageCursor::<TreeFileFailed>::default();
    let before: Vec<usize> = logs(&mut app, &bots).iter().map(Vec::len).collect();
    app.world_mut().resource_mut::<Assets<TreeFile>>().get_mut(&file).unwrap().text = BAD.into();
    let mut failures = Vec::new();
    for _ in 0..6 {
        app.update();
        failures.extend(cursor.read(app.world().resource::<Messages<TreeFileFailed>>()).cloned());
    }
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert_eq!(failures[0].file, "guard.btree.xml");
    let message = failures[0].error.to_string();
    assert!(message.contains("guard.btree.xml:2:13") && message.contains("`Sai`"), "{message}");
    for (log, before) in logs(&mut app, &bots).iter().zip(before) {
        assert!(log.len() > before && log[before..].iter().all(|l| l == "tick two"), "{log:?}");
    }
    for &b in &bots {
        assert_eq!(app.world_mut().get_mut::<Brain<Loaded<Bot>>>(b).unwrap().reloads(), 1);
    }

    // Fixing the file reloads it.
    app.world_mut().resource_mut::<Assets<TreeFile>>().get_mut(&file).unwrap().text = tree("three");
    assert!(update_until(&mut app, 10, |app| said(app, &bots, "tick three")));
    assert!(said(&mut app, &bots, "exit two Halted"));
}

/// A folder of its own under the build's temporary folder (in the target directory).
fn temporary_folder() -> PathBuf {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("bt-bevy-assets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Updates until `done` holds or `limit` has passed (a bound on waiting for the file watcher,
/// not a measurement); whether it did.
fn wait_until(app: &mut App, limit: Duration, mut done: impl FnMut(&mut App) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

#[test]
fn editing_the_file_reloads_it_through_the_file_watcher() {
    let dir = temporary_folder();
    let path = dir.join("watched.btree.xml");
    std::fs::write(&path, tree("first")).unwrap();
    let mut app = app(AssetPlugin {
        file_path: dir.to_string_lossy().into_owned(),
        watch_for_changes_override: Some(true),
        ..Default::default()
    });
    let file: Handle<TreeFile> = app.world().resource::<AssetServer>().load("watched.btree.xml");
    let bot =
        app.world_mut().spawn((Brain::new(Loaded::<Bot>::new(file)), Context::new(Bot::default()))).id();
    assert!(
        wait_until(&mut app, Duration::from_secs(30), |app| said(app, &[bot], "tick first")),
        "never loaded"
    );

    std::fs::write(&path, tree("second")).unwrap();
    let reloaded = wait_until(&mut app, Duration::from_secs(30), |app| said(app, &[bot], "tick second"));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(reloaded, "the edit was not picked up");
    assert!(said(&mut app, &[bot], "exit first Halted"));
}
