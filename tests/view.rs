//! The live terminal view: plain frames for pipes, in-place coloured redraws for terminals.
mod viz_fixture;

use bt::view::{LiveView, Mode};
use bt::{__private::Builder, Status, TreeDescription};
use viz_fixture::{Agent, HUNGRY, hungry_tree};

/// Removes ANSI escape sequences (CSI sequences, as the view writes them).
fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            assert_eq!(chars.next(), Some('['));
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn frames(out: &str) -> Vec<Vec<&str>> {
    out.split_terminator("\n\n").map(|f| f.lines().collect()).collect()
}

#[test]
fn plain_frames_when_something_changed() {
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let mut view = LiveView::new(&HUNGRY, Vec::new(), Mode::Plain);
    for t in 1..=7 {
        let _ = tree.tick_with(&mut agent, &mut view);
        view.frame(format_args!("tick {t} water {}", agent.water)).unwrap();
        agent.step();
    }
    let out = String::from_utf8(view.finish().unwrap()).unwrap();
    assert!(!out.contains('\x1b'), "no escape sequences in plain mode");
    let frames = frames(&out);
    // Ticks 2, 3 and 5 changed no status.
    let captions: Vec<_> = frames.iter().map(|f| f[0]).collect();
    assert_eq!(captions, ["tick 1 water 34", "tick 4 water 28", "tick 6 water 100", "tick 7 water 98"]);
    for frame in &frames {
        assert_eq!(frame.len(), 1 + HUNGRY.len());
        for (line, text) in frame[1..].iter().zip(HUNGRY.text().lines()) {
            assert!(line.starts_with(&text.to_string()), "{line:?}");
        }
    }
    let tree: Vec<_> = HUNGRY.text().lines().map(|l| l.to_string()).collect();
    let line = |frame: usize, node: usize| frames[frame][1 + node].strip_prefix(&tree[node]).map(str::trim);
    // Tick 1: fresh results; nodes never ticked show nothing.
    assert_eq!(line(0, 0), Some("● Running"));
    assert_eq!(line(0, 4), Some("● Failure"));
    assert_eq!(line(0, 5), Some(""));
    // Tick 6: the agent drank; `Alive` was halted; nodes not ticked since tick 4 are marked stale.
    assert_eq!(line(2, 9), Some("● Success"));
    assert_eq!(line(2, 10), Some("● Success"));
    assert_eq!(line(2, 8), Some("○ Success"));
    assert_eq!(line(2, 4), Some("○ Failure"));
    assert_eq!(line(2, 15), Some("● halted"));
    assert_eq!(line(2, 1), Some("● Success"));
    // Tick 7: `Alive` runs again.
    assert_eq!(line(3, 15), Some("● Running"));
}

#[test]
fn terminal_redraws_in_place_in_colour() {
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let mut view = LiveView::new(&HUNGRY, Vec::new(), Mode::Terminal { colour: true });
    let mut plain = LiveView::new(&HUNGRY, Vec::new(), Mode::Plain);
    for t in 1..=4 {
        let _ = tree.tick_with(&mut agent, &mut (&mut view, &mut plain));
        view.frame(format_args!("tick {t}")).unwrap();
        plain.frame(format_args!("tick {t}")).unwrap();
        agent.step();
    }
    let out = String::from_utf8(view.finish().unwrap()).unwrap();
    let plain = String::from_utf8(plain.finish().unwrap()).unwrap();
    // Four frames (a terminal frame is drawn even when nothing changed); all but the first start
    // by moving the cursor back up over the previous frame: caption + 16 nodes.
    let draws: Vec<_> = out.split("\x1b[?7l").collect();
    assert_eq!(draws.len(), 5);
    assert_eq!(draws[0], "");
    for draw in &draws[1..4] {
        assert!(draw.ends_with("\x1b[J\x1b[?7h\r\x1b[17A"), "{draw:?}");
    }
    assert_eq!(out.matches("\r\x1b[17A").count(), 3);
    assert_eq!(out.matches("\x1b[?7h").count(), 4, "line wrapping restored after each frame");
    // Every line clears the rest of its row; each frame clears below itself.
    let last = draws[4];
    assert_eq!(last.matches("\x1b[K\n").count(), 17);
    assert!(last.starts_with("tick 4\x1b[K\n"));
    // Statuses in colour: running yellow, failure red; never ticked dim.
    assert!(last.contains("\x1b[33m↻ repeat"), "{last:?}");
    assert!(last.contains("\x1b[31mFeelHungry"), "{last:?}");
    assert!(last.contains("\x1b[32mFeelThirsty"), "{last:?}");
    assert!(last.contains("\x1b[2mDrinkWater\x1b[0m"), "{last:?}");
    // Without the escape sequences, the frame has the plain layout. `FeelTired` was ticked on
    // tick 3, drawn then, and not since (the selector stopped at the thirst branch): stale.
    let text = strip_ansi(last);
    let lines: Vec<_> = text.lines().collect();
    let tree: Vec<_> = HUNGRY.text().lines().map(|l| l.to_string()).collect();
    let status = |node: usize| lines[1 + node].strip_prefix(&tree[node]).map(str::trim);
    assert_eq!(status(9), Some("● Running"));
    assert_eq!(status(12), Some("○ Failure"));
    assert_eq!(status(10), Some(""));
    // Plain mode, which printed nothing on ticks 2 and 3, shows the same statuses for tick 4 and
    // marks `FeelTired` fresh: it was ticked since plain mode's previous frame (tick 1).
    let plain_last: Vec<_> = plain.split_terminator("\n\n").last().unwrap().lines().collect();
    assert_eq!(plain_last[0], "tick 4");
    for node in 0..HUNGRY.len() {
        assert_eq!(lines[1 + node].replace('○', "●"), plain_last[1 + node].replace('○', "●"));
    }
}

#[test]
fn every_nth_frame_and_finish() {
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let mut view = LiveView::new(&HUNGRY, Vec::new(), Mode::Terminal { colour: false }).every(3);
    for t in 1..=7 {
        let _ = tree.tick_with(&mut agent, &mut view);
        view.frame(format_args!("tick {t}")).unwrap();
        agent.step();
    }
    let out = String::from_utf8(view.finish().unwrap()).unwrap();
    // Calls 1, 4 and 7 draw; nothing changed since the 7th, so `finish` adds nothing.
    let captions: Vec<_> = out.lines().filter_map(|l| l.split("tick ").nth(1)).collect();
    assert_eq!(captions, ["1\x1b[K", "4\x1b[K", "7\x1b[K"]);
    assert!(!out.contains("\x1b[3"), "no colours");

    // `finish` draws the state the last calls skipped.
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let mut view = LiveView::new(&HUNGRY, Vec::new(), Mode::Plain).every(5);
    for t in 1..=7 {
        let _ = tree.tick_with(&mut agent, &mut view);
        view.frame(format_args!("tick {t}")).unwrap();
        agent.step();
    }
    let out = String::from_utf8(view.finish().unwrap()).unwrap();
    let captions: Vec<_> = frames(&out).iter().map(|f| f[0]).collect();
    assert_eq!(captions, ["tick 1", "tick 6", "tick 7"]);
}

#[test]
fn undescribed_tree() {
    let b = Builder::<u32>::new();
    let mut tree =
        b.build(bt::Sequence::new((b.leaf(|n: &u32| *n > 0), b.leaf(|_: &mut u32| Status::Running))));
    let mut view = LiveView::new(&TreeDescription::EMPTY, Vec::new(), Mode::Plain);
    let _ = tree.tick_with(&mut 1, &mut view);
    view.frame("").unwrap();
    let out = String::from_utf8(view.finish().unwrap()).unwrap();
    assert_eq!(out, "#0  ● Running\n#1  ● Success\n#2  ● Running\n\n");
}
