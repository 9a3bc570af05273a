//! Corrupted saves (feature `serde`): a save edited at random is refused with a typed error, or
//! restores a state the tree then ticks and halts without panicking. Never a panic, never a hang.
//!
//! Random trees of every node kind (built at run time, as in `persist_random.rs`) are ticked a
//! random number of times and saved; each save is then edited once, many times over: a value of
//! the JSON replaced by an extreme one (0, 1, the largest `u8`, `u16`, `u32`, `u64`, negative,
//! fractional, another type), a key removed, renamed or added, an entry dropped or duplicated, a
//! byte of the text changed; and a byte of the postcard encoding changed. Every edit is restored
//! into a fresh tree under `catch_unwind`; a restored tree is ticked and halted.
//!
//! `BT_CORRUPT_EDITS` sets the number of edits (default 60 000).
#![cfg(all(feature = "serde", feature = "std"))]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use bt::testing::{Context as Ctx, Rng};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use serde_json::Value;

#[path = "random_tree/dynamic.rs"]
mod dynamic;
#[allow(dead_code, unused_macros)]
mod random_tree;

/// Numbers a corrupted save may hold.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "15",
    "16",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "-1",
    "1.5",
    "1e300",
];

/// Every place of a value: the path of keys and indices to it.
fn places(value: &Value, at: &mut Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    out.push(at.clone());
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                at.push(PathStep::Key(k.clone()));
                places(v, at, out);
                at.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                at.push(PathStep::Index(i));
                places(v, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum PathStep {
    Key(String),
    Index(usize),
}

fn get_mut<'v>(value: &'v mut Value, path: &[PathStep]) -> &'v mut Value {
    path.iter().fold(value, |v, step| match step {
        PathStep::Key(k) => &mut v[k.as_str()],
        PathStep::Index(i) => &mut v[*i],
    })
}

/// One random edit of the save `saved` (JSON text), described.
fn edit(saved: &Value, text: &str, rng: &mut Rng) -> (String, String) {
    if rng.chance(1, 6) {
        // A byte of the text.
        let mut bytes = text.as_bytes().to_vec();
        let at = rng.below(bytes.len() as u64) as usize;
        let what = match rng.below(3) {
            0 => {
                bytes.remove(at);
                "deleted"
            }
            1 => {
                bytes.insert(at, b"0123456789{}[]\":,-.tfn"[rng.below(22) as usize]);
                "inserted"
            }
            _ => {
                bytes[at] = b"0123456789{}[]\":,-.tfn"[rng.below(22) as usize];
                "replaced"
            }
        };
        return (format!("byte {at} {what}"), String::from_utf8_lossy(&bytes).into_owned());
    }
    let mut value = saved.clone();
    let mut all = Vec::new();
    places(&value, &mut Vec::new(), &mut all);
    let path = all[rng.below(all.len() as u64) as usize].clone();
    let place = get_mut(&mut value, &path);
    let what = match (place.clone(), rng.below(4)) {
        (Value::Object(mut map), 0) if !map.is_empty() => {
            let key = map.keys().nth(rng.below(map.len() as u64) as usize).cloned().unwrap_or_default();
            map.remove(&key);
            *place = Value::Object(map);
            format!("key {key} removed")
        }
        (Value::Object(mut map), 1) if !map.is_empty() => {
            let key = map.keys().nth(rng.below(map.len() as u64) as usize).cloned().unwrap_or_default();
            let v = map.remove(&key).unwrap_or(Value::Null);
            map.insert(format!("{key}x"), v);
            *place = Value::Object(map);
            format!("key {key} renamed")
        }
        (Value::Object(mut map), 2) => {
            map.insert("extra".into(), Value::from(1));
            *place = Value::Object(map);
            "key added".into()
        }
        (Value::Array(mut items), 0 | 1) if !items.is_empty() => {
            let i = rng.below(items.len() as u64) as usize;
            if rng.chance(1, 2) {
                items.remove(i);
            } else {
                items.insert(i, items[i].clone());
            }
            *place = Value::Array(items);
            "array edited".into()
        }
        _ => {
            let replacement = match rng.below(6) {
                0..=2 => serde_json::from_str(NUMBERS[rng.below(NUMBERS.len() as u64) as usize]).unwrap(),
                3 => Value::Bool(rng.chance(1, 2)),
                4 => Value::Null,
                _ => serde_json::json!({ "secs": u64::MAX, "nanos": 999_999_999 }),
            };
            *place = replacement;
            format!("replaced by {place}")
        }
    };
    (format!("{path:?}: {what}"), value.to_string())
}

/// Restores `bytes` (with `restore`) into a fresh tree of `spec`, then ticks and halts it.
/// `Err` only for a panic.
fn try_edit(
    spec: &random_tree::Spec,
    ctx: &Ctx,
    restore: impl Fn(&mut bt::dynamic::DynTree<'static, Ctx>, &Ctx) -> bool,
) -> Result<bool, ()> {
    catch_unwind(AssertUnwindSafe(|| {
        let mut tree = dynamic::build(spec);
        if !restore(&mut tree, ctx) {
            return false;
        }
        let mut ctx = Ctx::new();
        for _ in 0..12 {
            ctx.begin_tick();
            let _ = tree.tick(&mut ctx);
            ctx.clock.advance(Duration::from_millis(60));
        }
        tree.halt(&mut ctx);
        true
    }))
    .map_err(|_| ())
}

#[test]
fn corrupted_saves_never_panic() {
    let edits: usize = std::env::var("BT_CORRUPT_EDITS").ok().and_then(|n| n.parse().ok()).unwrap_or(60_000);
    let per_tree = 400;
    let mut runner = TestRunner::deterministic();
    let mut rng = Rng::new(0x5eed);
    let (mut refused, mut accepted, mut panics) = (0usize, 0usize, Vec::new());
    let last_panic = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let hook_panic = last_panic.clone();
    std::panic::set_hook(Box::new(move |info| {
        *hook_panic.lock().unwrap() = info.to_string();
    }));
    for _ in 0..edits.div_ceil(per_tree) {
        let spec = random_tree::spec().new_tree(&mut runner).unwrap().current();
        let mut tree = dynamic::build(&spec);
        let mut ctx = Ctx::new();
        for _ in 0..rng.below(20) {
            ctx.begin_tick();
            let _ = tree.tick(&mut ctx);
            ctx.clock.advance(Duration::from_millis(60));
        }
        let text = serde_json::to_string(&tree.save(&ctx)).unwrap();
        let saved: Value = serde_json::from_str(&text).unwrap();
        let bytes = postcard::to_allocvec(&tree.save(&ctx)).unwrap();
        for n in 0..per_tree {
            let (what, result) = if n % 4 == 3 {
                let mut corrupted = bytes.clone();
                let at = rng.below(corrupted.len() as u64) as usize;
                corrupted[at] = rng.below(256) as u8;
                let result = try_edit(&spec, &ctx, |t, c| {
                    t.restore(&mut postcard::Deserializer::from_bytes(&corrupted), c).is_ok()
                });
                (format!("postcard byte {at} set to {}", corrupted[at]), result)
            } else {
                let (what, corrupted) = edit(&saved, &text, &mut rng);
                let result = try_edit(&spec, &ctx, |t, c| {
                    t.restore(&mut serde_json::Deserializer::from_str(&corrupted), c).is_ok()
                });
                (what, result)
            };
            match result {
                Ok(true) => accepted += 1,
                Ok(false) => refused += 1,
                Err(()) => {
                    panics.push(format!("{what} in the save of {spec:?}: {}", last_panic.lock().unwrap()))
                }
            }
        }
    }
    let _ = std::panic::take_hook();
    println!(
        "corrupted saves: {} edits, {refused} refused, {accepted} restored and ticked, {} panics",
        refused + accepted + panics.len(),
        panics.len()
    );
    assert!(panics.is_empty(), "{} edits panicked, the first: {}", panics.len(), panics[0]);
    assert!(refused + accepted >= edits);
}
