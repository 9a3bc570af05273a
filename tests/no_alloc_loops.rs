//! A `LoopString` over a literal queue (`queue="alpha;beta;gamma"`) ticks without allocating: each
//! element is copied into the buffer of the `value` entry, which, once it has held the longest
//! element, holds every later one. Compiled by `bt_xml!` and loaded by `bt::load`, each run
//! 30 000 ticks (10 000 rounds of the queue) under a counting allocator after one warm-up round.

use bt::Status;
use bt::blackboard::{Blackboard, Key};
use bt::ports::{HasBlackboard, Input, Ports};
use bt::{Action, bt_xml};
use bt_perf::CountingAlloc;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc::new();

const TICKS: u64 = 30_000;

struct Reader {
    bb: Blackboard,
    letters: usize,
}

impl HasBlackboard for Reader {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
}

/// No time: nothing here expires.
impl bt::Clock for Reader {
    fn now(&self) -> core::time::Duration {
        core::time::Duration::ZERO
    }
}

/// Reads the word the loop wrote and counts its letters.
#[derive(Ports)]
struct Read {
    word: Input<String>,
}

impl Action<Reader> for Read {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, r: &mut Reader) -> Status {
        let n = self.word.get(r).map_or(0, String::len);
        r.letters += n;
        Status::Success
    }
}

const XML: &str = r#"<root BTCPP_format="4"><BehaviorTree ID="T">
  <Repeat num_cycles="-1">
    <LoopString queue="alpha;beta;gamma" value="{word}"><Read word="{word}"/></LoopString>
  </Repeat>
</BehaviorTree></root>"#;

fn reader() -> Reader {
    Reader { bb: Blackboard::new(), letters: 0 }
}

/// Ticks `tick` once per element for a warm-up round, then `TICKS` times counting allocations;
/// returns them and the letters read while counting.
fn count(mut tick: impl FnMut(&mut Reader) -> Status) -> (u64, usize) {
    let mut r = reader();
    for _ in 0..4 {
        assert_eq!(tick(&mut r), Status::Running);
    }
    let before = r.letters;
    let ((), allocations) = ALLOC.count(|| {
        for _ in 0..TICKS {
            let _ = tick(&mut r);
        }
    });
    assert!(
        r.bb.get(Key::<String>::new("word"), core::time::Duration::ZERO).is_some(),
        "no word was written"
    );
    (allocations, r.letters - before)
}

#[test]
fn a_literal_string_queue_loops_without_allocating() {
    let mut compiled = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
  <Repeat num_cycles="-1">
    <LoopString queue="alpha;beta;gamma" value="{word}"><Read word="{word}"/></LoopString>
  </Repeat>
</BehaviorTree></root>"#,
        ctx = Reader
    );
    let (allocations, letters) = count(|r| compiled.tick(r));
    assert_eq!(allocations, 0, "the compiled loop allocated while ticking");
    // The loop really ran: 14 letters every 4 ticks (three words, then the tick that finds the
    // queue done and ends the round).
    assert!(letters >= 3 * TICKS as usize, "{letters} letters read");

    let registry = bt::load::Registry::<Reader>::new().with_blackboard().action::<Read>("Read");
    let mut loaded = registry.load_str("loop.xml", XML).expect("loads");
    let (allocations, letters) = count(|r| loaded.tick(r));
    assert_eq!(allocations, 0, "the loaded loop allocated while ticking");
    assert!(letters >= 3 * TICKS as usize, "{letters} letters read");
}
