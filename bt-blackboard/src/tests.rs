//! Unit tests of the blackboard.

use super::*;

const A: Key<u32> = Key::new("a");
const A_STR: Key<&'static str> = Key::new("a");
const B: Key<u32> = Key::new("b");

fn s(n: u64) -> Duration {
    Duration::from_secs(n)
}

#[test]
fn set_get_remove_contains() {
    let mut bb = Blackboard::new();
    assert_eq!(bb.try_get(A, s(0)), Err(Missing::Absent));
    bb.set(A, 7);
    assert_eq!(bb.get(A, s(0)), Some(&7));
    assert!(bb.contains(A, s(100)));
    assert!(!bb.contains(B, s(0)));
    assert_eq!(bb.get_or(B, s(0), 42), 42);
    assert_eq!(bb.remove(A), Some(7));
    assert_eq!(bb.remove(A), None);
    assert_eq!(bb.get(A, s(0)), None);
    assert!(bb.is_empty());
}

#[test]
fn same_name_different_type_are_different_entries() {
    let mut bb = Blackboard::new();
    bb.set(A, 1);
    bb.set(A_STR, "one");
    assert_eq!(bb.get(A, s(0)), Some(&1));
    assert_eq!(bb.get(A_STR, s(0)), Some(&"one"));
    assert_eq!(bb.len(), 2);
}

#[test]
fn keys_compare_by_name_not_pointer() {
    let mut bb = Blackboard::new();
    bb.set(A, 5);
    let name = alloc::string::String::from("a");
    let leaked: &'static str = alloc::boxed::Box::leak(name.into_boxed_str());
    assert_eq!(bb.get(Key::<u32>::new(leaked), s(0)), Some(&5));
}

#[test]
fn time_to_live_is_inclusive_and_reported() {
    let mut bb = Blackboard::new();
    bb.set_for(A, 3, s(10), s(5));
    assert_eq!(bb.expires_at(A), Some(s(15)));
    assert_eq!(bb.get(A, s(15)), Some(&3));
    assert_eq!(bb.try_get(A, s(16)), Err(Missing::Expired { at: s(15) }));
    assert!(!bb.contains(A, s(16)));
    assert_eq!(bb.keys(s(16)).count(), 0);
    bb.set(A, 4); // overwriting clears the expiry
    assert_eq!(bb.get(A, s(1000)), Some(&4));
    assert_eq!(bb.expires_at(A), None);
}

#[test]
fn purge_and_clear_keep_slots() {
    let mut bb = Blackboard::with_capacity(2);
    bb.set_for(A, 1, s(0), s(1));
    bb.set(B, 2);
    bb.purge_expired(s(5));
    assert_eq!(bb.len(), 1);
    assert_eq!(bb.keys(s(5)).collect::<Vec<_>>(), ["b"]);
    bb.clear();
    assert!(bb.is_empty());
    bb.set(A, 9);
    assert_eq!(bb.get_mut(A, s(0)).map(|v| core::mem::replace(v, 10)), Some(9));
    assert_eq!(bb.get(A, s(0)), Some(&10));
}

#[derive(Debug, PartialEq)]
struct Pos(i32, i32);
struct Opaque;

#[test]
fn debug_prints_values_of_shown_types_and_type_names_of_others() {
    let mut bb = Blackboard::new();
    bb.set(A, 7);
    bb.set_for(Key::new("name"), alloc::string::String::from("bt"), s(10), s(5));
    bb.set(Key::new("pos"), Pos(1, 2));
    bb.set(Key::new("opaque"), Opaque);
    bb.set(Key::new("wait"), Duration::from_millis(1500));
    let text = alloc::format!("{bb:?}");
    assert_eq!(
        text,
        r#"{"a": 7, "name": "bt" (until 15s), "pos": <bt_blackboard::tests::Pos>, "opaque": <bt_blackboard::tests::Opaque>, "wait": 1.5s}"#
    );
    bb.show::<Pos>();
    bb.set(Key::new("pos2"), Pos(3, 4));
    let text = alloc::format!("{bb:?}");
    assert!(text.contains(r#""pos": Pos(1, 2)"#) && text.contains(r#""pos2": Pos(3, 4)"#), "{text}");
    let views: Vec<_> = bb.entries(s(20)).map(|e| (e.name(), e.is_shown())).collect();
    assert_eq!(views, [("a", true), ("pos", true), ("opaque", false), ("wait", true), ("pos2", true)]);
    assert_eq!(
        bb.entries(s(0)).find(|e| e.name() == "opaque").map(|e| e.type_name()),
        Some(core::any::type_name::<Opaque>())
    );
}

#[cfg(feature = "serde")]
#[test]
fn entries_as_json() {
    #[derive(Debug, serde::Serialize)]
    struct Goal {
        x: f64,
    }
    let mut bb = Blackboard::new();
    assert_eq!(bb.to_json(s(0)), serde_json::Value::Null);
    bb.set(A, 7);
    bb.set(Key::new("neg"), -3i64);
    bb.set(Key::new("ok"), true);
    bb.set(Key::new("text"), "hi");
    bb.set(Key::new("pos"), Pos(1, 2));
    bb.set(Key::new("goal"), Goal { x: 1.5 });
    bb.set(Key::new("opaque"), Opaque);
    bb.set(Key::new("wait"), Duration::from_millis(1500));
    bb.show::<Pos>().show_json::<Goal>();
    let json = bb.to_json(s(0));
    assert_eq!(
        json,
        serde_json::json!({"a": 7, "neg": -3, "ok": true, "text": "hi", "pos": "Pos(1, 2)", "goal": {"x": 1.5}, "opaque": null, "wait": 1.5})
    );
}
