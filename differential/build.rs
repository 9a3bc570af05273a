//! Writes `BT_DIFF_TREES` random BehaviorTree.CPP trees (default 1000) into `OUT_DIR`, each in
//! its own file, and `trees.rs`: one `bt_xml!` named tree per file and the table the test runs.
//!
//! Every element `bt_xml!` maps appears: the controls and decorators of BehaviorTree.CPP, Nav2's,
//! bt's own in their generic form (`mem_selector`, `parallel`, `random`, `cooldown`, `guard`,
//! `service`), switches on a blackboard entry, counts and durations read from entries
//! (`num_attempts="{count}"`, `msec="{ms}"`), and leaves whose statuses follow a script.

use std::fmt::Write as _;
use std::path::PathBuf;

/// A small generator (SplitMix64), so that the trees are the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// Writes one node of at most `depth` more levels, `budget` nodes left.
struct Gen {
    rng: Rng,
    leaves: u32,
    budget: i32,
    /// Whether the node being written is a child of a node that asks its children whether they
    /// take over (`Fallback`, `mem_selector`) or the root: where a guard's lower-priority abort
    /// takes effect (elsewhere it is refused).
    asks: bool,
    /// Whether the node being written is a child of a `ReactiveSequence`, which may not have more
    /// than one `AsyncSequence` child (written as a `Sequence` there).
    reactive: bool,
}

impl Gen {
    fn script(&mut self) -> String {
        let n = 1 + self.rng.below(4);
        (0..n).map(|_| self.rng.pick(&["R", "R", "S", "F"])).collect()
    }

    fn leaf(&mut self, out: &mut String) {
        self.budget -= 1;
        match self.rng.below(12) {
            0 => out.push_str("<AlwaysSuccess/>"),
            1 => out.push_str("<AlwaysFailure/>"),
            2 => match self.rng.below(7) {
                6 => out.push_str("<Sleep msec=\"{ms}\"/>"),
                k => {
                    let _ = write!(out, "<Sleep msec=\"{}\"/>", 50 * k);
                }
            },
            3 => {
                let _ = write!(out, "<C{}/>", self.rng.below(4));
            }
            _ => {
                let id = self.leaves;
                self.leaves += 1;
                let s = self.script();
                let _ = write!(out, "<L id=\"{id}\" s=\"{s}\"/>");
            }
        }
    }

    fn children(&mut self, out: &mut String, depth: u32, n: u64, asks: bool, reactive: bool) {
        for _ in 0..n {
            self.asks = asks;
            self.reactive = reactive;
            self.node(out, depth - 1);
        }
    }

    fn node(&mut self, out: &mut String, depth: u32) {
        if depth == 0 || self.budget <= 1 || self.rng.below(10) < 3 {
            return self.leaf(out);
        }
        self.budget -= 1;
        let composite = self.rng.below(2) == 0;
        if composite {
            let k = 1 + self.rng.below(3);
            let (open, close, n) = match self.rng.below(18) {
                0 => ("<Sequence>".to_string(), "</Sequence>", k),
                1 => ("<Fallback>".to_string(), "</Fallback>", k),
                2 => ("<ReactiveSequence>".to_string(), "</ReactiveSequence>", k),
                3 => ("<ReactiveFallback>".to_string(), "</ReactiveFallback>", k),
                4 => ("<SequenceWithMemory>".to_string(), "</SequenceWithMemory>", k),
                5 => ("<Control ID=\"mem_selector\">".to_string(), "</Control>", k),
                6 => ("<PipelineSequence>".to_string(), "</PipelineSequence>", k),
                7 => ("<RoundRobin>".to_string(), "</RoundRobin>", k),
                8 => {
                    (format!("<ParallelAll max_failures=\"{}\">", 1 + self.rng.below(k)), "</ParallelAll>", k)
                }
                9 => {
                    let s = 1 + self.rng.below(k);
                    let f = 1 + self.rng.below(k);
                    (format!("<Parallel success_count=\"{s}\" failure_count=\"{f}\">"), "</Parallel>", k)
                }
                10 => (format!("<Control ID=\"parallel\" n=\"{}\">", 1 + self.rng.below(k)), "</Control>", k),
                11 => (format!("<Control ID=\"random\" seed=\"{}\">", self.rng.below(100)), "</Control>", k),
                12 => ("<IfThenElse>".to_string(), "</IfThenElse>", 2 + self.rng.below(2)),
                13 => ("<WhileDoElse>".to_string(), "</WhileDoElse>", 2 + self.rng.below(2)),
                14 => (
                    format!("<RecoveryNode number_of_retries=\"{}\">", self.rng.below(3)),
                    "</RecoveryNode>",
                    2,
                ),
                16 if self.reactive => ("<Sequence>".to_string(), "</Sequence>", k),
                16 => ("<AsyncSequence>".to_string(), "</AsyncSequence>", k),
                15 => {
                    ("<Switch2 variable=\"{mode}\" case_1=\"a\" case_2=\"b\">".to_string(), "</Switch2>", 3)
                }
                _ => (
                    "<Switch3 variable=\"{mode}\" case_1=\"a\" case_2=\"b\" case_3=\"c\">".to_string(),
                    "</Switch3>",
                    4,
                ),
            };
            let asks = open.starts_with("<Fallback>") || open.contains("\"mem_selector\"");
            out.push_str(&open);
            let reactive = open.starts_with("<ReactiveSequence>");
            self.children(out, depth, n, asks, reactive);
            out.push_str(close);
        } else {
            let c = self.rng.below(4);
            let (open, close) = match self.rng.below(17) {
                0 => ("<Inverter>".to_string(), "</Inverter>"),
                1 => ("<ForceSuccess>".to_string(), "</ForceSuccess>"),
                2 => ("<ForceFailure>".to_string(), "</ForceFailure>"),
                3 => (
                    format!("<Repeat num_cycles=\"{}\">", self.rng.pick(&["-1", "1", "2", "3", "{count}"])),
                    "</Repeat>",
                ),
                4 => (
                    format!(
                        "<RetryUntilSuccessful num_attempts=\"{}\">",
                        self.rng.pick(&["-1", "1", "2", "3", "{count}"])
                    ),
                    "</RetryUntilSuccessful>",
                ),
                5 => ("<KeepRunningUntilFailure>".to_string(), "</KeepRunningUntilFailure>"),
                6 => match self.rng.below(5) {
                    0 => ("<Timeout msec=\"{ms}\">".to_string(), "</Timeout>"),
                    k => (format!("<Timeout msec=\"{}\">", 100 * k), "</Timeout>"),
                },
                7 => match self.rng.below(5) {
                    4 => ("<Delay delay_msec=\"{ms}\">".to_string(), "</Delay>"),
                    k => (format!("<Delay delay_msec=\"{}\">", 50 * k), "</Delay>"),
                },
                8 => ("<RunOnce then_skip=\"false\">".to_string(), "</RunOnce>"),
                9 => (format!("<Precondition if=\"C{c}\" else=\"FAILURE\">"), "</Precondition>"),
                10 => (
                    format!("<RateController hz=\"{}\">", self.rng.pick(&["2", "5", "10"])),
                    "</RateController>",
                ),
                11 => (
                    format!("<Decorator ID=\"cooldown\" duration=\"{}ms\">", 100 * self.rng.below(4)),
                    "</Decorator>",
                ),
                12 => (format!("<Decorator ID=\"guard\" condition=\"C{c}\">"), "</Decorator>"),
                13 => {
                    let mode = match self.rng.pick(&["none", "self", "lower_priority", "both"]) {
                        "lower_priority" if !self.asks => "none",
                        "both" if !self.asks => "self",
                        mode => mode,
                    };
                    (format!("<Decorator ID=\"guard\" condition=\"C{c}\" abort=\"{mode}\">"), "</Decorator>")
                }
                14 => (
                    format!(
                        "<Decorator ID=\"service\" interval=\"{}ms\" leaf=\"S\">",
                        100 * self.rng.below(3)
                    ),
                    "</Decorator>",
                ),
                15 => ("<Inverter>".to_string(), "</Inverter>"),
                _ => ("<ForceSuccess>".to_string(), "</ForceSuccess>"),
            };
            out.push_str(&open);
            self.asks = false;
            self.reactive = false;
            self.node(out, depth - 1);
            out.push_str(close);
        }
    }
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=BT_DIFF_TREES");
    let n: usize = std::env::var("BT_DIFF_TREES").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let mut rust = String::from("// Generated by build.rs: one `bt_xml!` tree per random file.\n\n");
    // Each case is a constant of its own, and the table lists them: the compiler type-checks each
    // constant's closures (an anonymous tree's whole expansion) on its own, where one array
    // holding them all would be one body, checked in time that grows faster than its size.
    let mut cases = String::new();
    let mut table = String::from(
        "/// Every tree: its file, and its compiled form and registry.\npub const TREES: &[Case] = &[\n",
    );
    for i in 0..n {
        let mut g = Gen {
            rng: Rng(i as u64 * 7919 + 17),
            leaves: 0,
            budget: 4 + (i % 23) as i32,
            asks: true,
            reactive: false,
        };
        let mut body = String::new();
        g.node(&mut body, 5);
        let xml = format!(
            "<root BTCPP_format=\"4\" main_tree_to_execute=\"T{i}\">\n  <BehaviorTree ID=\"T{i}\">\n    {body}\n  </BehaviorTree>\n</root>\n"
        );
        let file = out.join(format!("t{i}.xml"));
        std::fs::write(&file, xml).expect("write a tree");
        let file = file.display().to_string();
        if body.contains("<Switch") {
            // A switch's closures have no nameable type: the anonymous form, and the registry of
            // every leaf the generator writes.
            let _ = writeln!(cases, "const CASE{i}: Case = case!(anonymous {file:?});");
        } else {
            let _ = writeln!(rust, "bt::bt_xml! {{ pub struct T{i} for Ctx = {file:?} }}");
            let _ = writeln!(cases, "const CASE{i}: Case = case!(T{i}, {file:?});");
        }
        let _ = writeln!(table, "    CASE{i},");
    }
    table.push_str("];\n");
    rust.push_str(&cases);
    rust.push_str(&table);
    std::fs::write(out.join("trees.rs"), rust).expect("write trees.rs");
}
