//! Random trees of the node kinds whose semantics bt and BehaviorTree.CPP share, and leaf
//! scripts for them: the input of the `.btlog` comparison over many trees.

use std::fmt::Write as _;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

struct Gen {
    rng: Rng,
    xml: String,
    actions: usize,
    conditions: usize,
    nodes: usize,
}

/// Not `SequenceWithMemory`: in BehaviorTree.CPP 4.10 it returns `RUNNING` after a child that
/// succeeded at once (to let the tree wake it up), where bt's `mem_sequence` goes on in the same
/// tick, so the two trees do not take the same steps.
const CONTROLS: [&str; 5] = ["Sequence", "Fallback", "ReactiveSequence", "ReactiveFallback", "ParallelAll"];
const DECORATORS: [&str; 4] = ["Inverter", "ForceSuccess", "ForceFailure", "KeepRunningUntilFailure"];

impl Gen {
    fn indent(&mut self, depth: usize) {
        for _ in 0..depth + 2 {
            self.xml.push_str("  ");
        }
    }

    fn condition(&mut self, depth: usize) {
        self.indent(depth);
        let _ = writeln!(self.xml, "<C{}/>", self.conditions);
        self.conditions += 1;
        self.nodes += 1;
    }

    fn node(&mut self, depth: usize) {
        let leaf = depth > 0 && (depth >= 4 || self.nodes >= 24 || self.rng.below(10) < 4);
        if leaf {
            self.indent(depth);
            match self.rng.below(12) {
                0 => self.xml.push_str("<AlwaysSuccess/>\n"),
                1 => self.xml.push_str("<AlwaysFailure/>\n"),
                2..=4 => {
                    let _ = writeln!(self.xml, "<C{}/>", self.conditions);
                    self.conditions += 1;
                }
                _ => {
                    let _ = writeln!(self.xml, "<A{}/>", self.actions);
                    self.actions += 1;
                }
            }
            self.nodes += 1;
            return;
        }
        self.nodes += 1;
        let pick = self.rng.below(14);
        if pick < 4 {
            let d = DECORATORS[pick as usize];
            self.indent(depth);
            let _ = writeln!(self.xml, "<{d}>");
            self.node(depth + 1);
            self.indent(depth);
            let _ = writeln!(self.xml, "</{d}>");
            return;
        }
        if pick < 6 {
            // IfThenElse / WhileDoElse: a condition, then one or two branches.
            let d = if pick == 4 { "IfThenElse" } else { "WhileDoElse" };
            self.indent(depth);
            let _ = writeln!(self.xml, "<{d}>");
            self.condition(depth + 1);
            for _ in 0..1 + self.rng.below(2) {
                self.node(depth + 1);
            }
            self.indent(depth);
            let _ = writeln!(self.xml, "</{d}>");
            return;
        }
        let c = CONTROLS[(pick as usize - 6) % CONTROLS.len()];
        let n = 1 + self.rng.below(4);
        self.indent(depth);
        if c == "ParallelAll" {
            let _ = writeln!(self.xml, "<{c} max_failures=\"{}\">", 1 + self.rng.below(n));
        } else {
            let _ = writeln!(self.xml, "<{c}>");
        }
        for _ in 0..n {
            self.node(depth + 1);
        }
        self.indent(depth);
        let _ = writeln!(self.xml, "</{c}>");
    }
}

fn statuses(rng: &mut Rng, running: bool) -> String {
    let n = 1 + rng.below(5);
    let mut out = String::new();
    for _ in 0..n {
        let s = match rng.below(if running { 3 } else { 2 }) {
            0 => "S",
            1 => "F",
            _ => "R",
        };
        out.push_str(s);
        out.push(' ');
    }
    if rng.below(3) > 0 {
        out.push_str("...");
    }
    out
}

/// Writes random tree number `seed` to `xml` and its leaf script to `script`.
pub fn write(seed: u64, xml: &str, script: &str) -> Result<(), String> {
    let mut g = Gen {
        rng: Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1),
        xml: String::new(),
        actions: 0,
        conditions: 0,
        nodes: 0,
    };
    for _ in 0..4 {
        g.rng.next();
    }
    g.node(0);
    let mut text = String::from(
        "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\">\n  <BehaviorTree ID=\"Main\">\n",
    );
    text.push_str(&g.xml);
    text.push_str("  </BehaviorTree>\n  <TreeNodesModel>\n");
    for i in 0..g.actions {
        let _ = writeln!(text, "    <Action ID=\"A{i}\"/>");
    }
    for i in 0..g.conditions {
        let _ = writeln!(text, "    <Condition ID=\"C{i}\"/>");
    }
    text.push_str("  </TreeNodesModel>\n</root>\n");
    let mut rules = String::new();
    for i in 0..g.actions {
        let _ = writeln!(rules, "A{i}: {}", statuses(&mut g.rng, true));
    }
    for i in 0..g.conditions {
        let _ = writeln!(rules, "C{i}: {}", statuses(&mut g.rng, false));
    }
    std::fs::write(xml, text).map_err(|e| format!("{xml}: {e}"))?;
    std::fs::write(script, rules).map_err(|e| format!("{script}: {e}"))?;
    Ok(())
}
