//! Writes large behavior trees, deterministically, for the `bt` benchmarks and the compile-time
//! measurement.
//!
//! ```text
//! gen_tree synthetic <dir> [--form macro|expanded] [--seed 0..4]
//!     writes bt_tree.rs, hand.rs and dyn_tree.rs: a synthetic tree of `bt-perf` (seed 0 unless
//!     told), one spec written out as a `bt!` tree (or, with --form expanded, as what bt! expands
//!     to), as plain if/match code with explicit state, and as a Box<dyn> tree, for reading: the
//!     build of `bt-perf` generates the same code into its `OUT_DIR` (perf/build.rs includes this
//!     file as a module and calls `synthetic_sources`), so none of it is committed
//! gen_tree crate <dir> <nodes> <form> [--path <bt>]
//!     writes a crate whose library holds one tree of about <nodes> nodes;
//!     form = macro (a bt! invocation), expanded (the statements bt! expands to, written out,
//!     without the description it adds), none
//!     (the same crate without the tree, the baseline) or hand (the tree as plain code)
//! ```
//!
//! A tree is a random shape drawn from a fixed seed: sequences, selectors, parallels, repeats,
//! inverters, forced results, preconditions, conditions (`Check`) and multi-tick actions (`Work`);
//! the synthetic trees of `bt-perf` also draw reactive sequences and selectors, retries, guards,
//! timeouts, delays and cooldowns (the compile-time tree keeps to the first kinds, so that its
//! measurement stays comparable).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// splitmix64: small, fast and good enough to draw tree shapes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }

    fn percent(&mut self) -> u64 {
        self.next() % 100
    }
}

#[derive(Clone, Copy)]
struct Check {
    var: u64,
    below: u64,
    /// Written with its constants as const generic parameters (`Check::<3, 40>`, zero-sized), as
    /// the synthetic trees of `bt-perf` are, rather than as fields (`Check::new(3, 40)`, the
    /// compile-time tree).
    generic: bool,
}

#[derive(Clone, Copy)]
struct Work {
    id: u64,
    var: u64,
    ticks: u64,
    limit: u64,
    /// As for [`Check`]: `Work::<1, 3, 2, 80>::new()` rather than `Work::new(1, 3, 2, 80)`.
    generic: bool,
}

impl std::fmt::Display for Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.generic {
            write!(f, "Check::<{}, {}>", self.var, self.below)
        } else {
            write!(f, "Check::new({}, {})", self.var, self.below)
        }
    }
}

impl Work {
    /// The leaf's type as a field of the hand-written code.
    fn ty(&self) -> String {
        if self.generic {
            format!("Work<{}, {}, {}, {}>", self.id, self.var, self.ticks, self.limit)
        } else {
            "Work".into()
        }
    }
}

impl std::fmt::Display for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.generic {
            write!(f, "Work::<{}, {}, {}, {}>::new()", self.id, self.var, self.ticks, self.limit)
        } else {
            write!(f, "Work::new({}, {}, {}, {})", self.id, self.var, self.ticks, self.limit)
        }
    }
}

enum Node {
    Sequence(Vec<Node>),
    Selector(Vec<Node>),
    Parallel(u64, Vec<Node>),
    Repeat(Option<u64>, Box<Node>),
    Invert(Box<Node>),
    ForceSuccess(Box<Node>),
    ForceFailure(Box<Node>),
    Precondition(Check, Box<Node>),
    ReactiveSequence(Vec<Node>),
    ReactiveSelector(Vec<Node>),
    Retry(u64, Box<Node>),
    Guard(Check, Box<Node>),
    /// A time-based decorator: `timeout`, `delay` or `cooldown`, and its duration in milliseconds.
    Timed(&'static str, u64, Box<Node>),
    Check(Check),
    Work(Work),
}

impl Node {
    fn size(&self) -> usize {
        1 + self.children().iter().map(|c| c.size()).sum::<usize>()
    }

    fn children(&self) -> Vec<&Node> {
        match self {
            Node::Sequence(c)
            | Node::Selector(c)
            | Node::Parallel(_, c)
            | Node::ReactiveSequence(c)
            | Node::ReactiveSelector(c) => c.iter().collect(),
            Node::Repeat(_, c)
            | Node::Invert(c)
            | Node::ForceSuccess(c)
            | Node::ForceFailure(c)
            | Node::Precondition(_, c)
            | Node::Retry(_, c)
            | Node::Guard(_, c)
            | Node::Timed(_, _, c) => vec![&**c],
            Node::Check(_) | Node::Work(_) => vec![],
        }
    }
}

struct Gen {
    rng: Rng,
    next_id: u64,
    /// Node kinds allowed besides sequence, selector and leaves (`GEN_TREE_KINDS`, comma
    /// separated: par, rep, inv, fs, ff, pre); all when unset. Used to find which kind costs what.
    kinds: Option<Vec<String>>,
    /// Whether to draw the reactive, retry, guard and time-based kinds too (the synthetic trees).
    all: bool,
}

impl Gen {
    fn allows(&self, kind: &str) -> bool {
        self.kinds.as_ref().is_none_or(|k| k.iter().any(|x| x == kind))
    }
}

impl Gen {
    fn check(&mut self) -> Check {
        Check { var: self.rng.range(0, 31), below: self.rng.range(20, 80), generic: self.all }
    }

    fn leaf(&mut self) -> Node {
        if self.rng.percent() < 45 {
            Node::Check(self.check())
        } else {
            self.next_id += 1;
            Node::Work(Work {
                id: self.next_id,
                var: self.rng.range(0, 31),
                ticks: self.rng.range(1, 4),
                limit: self.rng.range(60, 100),
                generic: self.all,
            })
        }
    }

    /// A subtree of at most `budget` nodes.
    fn node(&mut self, budget: usize, depth: usize) -> Node {
        if budget <= 1 || depth >= 10 {
            return self.leaf();
        }
        let r = self.rng.percent();
        if budget >= 4 && r < 65 {
            self.composite(budget, depth)
        } else if r < 88 {
            let child = Box::new(self.node(budget - 1, depth + 1));
            let kind = match self.rng.percent() {
                0..30 => "rep",
                30..55 => "inv",
                55..68 => "fs",
                68..80 => "ff",
                _ => "pre",
            };
            if self.all {
                match self.rng.percent() {
                    0..12 => return Node::Retry(self.rng.range(1, 3), child),
                    12..22 => return Node::Guard(self.check(), child),
                    22..32 => return Node::Timed("timeout", 100 * self.rng.range(2, 8), child),
                    32..40 => return Node::Timed("delay", 100 * self.rng.range(1, 4), child),
                    40..48 => return Node::Timed("cooldown", 100 * self.rng.range(2, 10), child),
                    _ => {}
                }
            }
            if !self.allows(kind) {
                // Restricted (experiments only): a sequence stands in, keeping the node count.
                return Node::Sequence(vec![*child, self.leaf()]);
            }
            match kind {
                "rep" if self.all && self.rng.percent() < 15 => Node::Repeat(None, child),
                "rep" => Node::Repeat(Some(self.rng.range(1, 3)), child),
                "inv" => Node::Invert(child),
                "fs" => Node::ForceSuccess(child),
                "ff" => Node::ForceFailure(child),
                _ => Node::Precondition(self.check(), child),
            }
        } else {
            self.leaf()
        }
    }

    fn composite(&mut self, budget: usize, depth: usize) -> Node {
        let n = self.rng.range(2, (budget as u64 - 1).min(6)) as usize;
        let children = self.split(budget - 1, n, depth + 1);
        match self.rng.percent() {
            0..12 if self.all => Node::ReactiveSequence(children),
            12..22 if self.all => Node::ReactiveSelector(children),
            0..42 => Node::Sequence(children),
            42..84 => Node::Selector(children),
            _ if self.allows("par") => {
                let need = self.rng.range(1, children.len() as u64);
                Node::Parallel(need, children)
            }
            _ => Node::Sequence(children),
        }
    }

    /// `n` subtrees sharing `budget` nodes, each at least one.
    fn split(&mut self, budget: usize, n: usize, depth: usize) -> Vec<Node> {
        let mut shares = vec![1usize; n];
        for _ in 0..budget.saturating_sub(n) {
            let i = self.rng.range(0, n as u64 - 1) as usize;
            shares[i] += 1;
        }
        shares.into_iter().map(|b| self.node(b, depth)).collect()
    }
}

/// The tree for `seed`: `repeat(selector<…>)` with about `nodes` nodes in all. The seed is moved
/// on until the drawn shape has at least `min` nodes, so a given (seed, nodes, min) always gives
/// the same tree.
fn tree(mut seed: u64, nodes: usize, min: usize, all: bool) -> Node {
    loop {
        let kinds = std::env::var("GEN_TREE_KINDS").ok().map(|k| k.split(',').map(String::from).collect());
        let mut g = Gen { rng: Rng(seed), next_id: 0, kinds, all };
        let top = g.rng.range(5, 8) as usize;
        let root = Node::Repeat(None, Box::new(Node::Selector(g.split(nodes - 2, top, 2))));
        if root.size() >= min {
            return root;
        }
        seed += 1;
    }
}

/// The nodes in pre-order, each with the pre-order indices of its children.
fn flatten<'a>(node: &'a Node, out: &mut Vec<(&'a Node, Vec<usize>)>) -> usize {
    let me = out.len();
    out.push((node, Vec::new()));
    let kids: Vec<usize> = node.children().into_iter().map(|c| flatten(c, out)).collect();
    out[me].1 = kids;
    me
}

// ---------------------------------------------------------------------------------------------
// The `bt` form.

/// `bt!` syntax.
fn dsl(node: &Node, indent: usize, out: &mut String) {
    let pad = "    ".repeat(indent);
    let list = |name: &str, kids: &[Node], out: &mut String| {
        let _ = writeln!(out, "{pad}{name}<");
        for k in kids {
            dsl(k, indent + 1, out);
        }
        let _ = writeln!(out, "{pad}>,");
    };
    let one = |head: String, kid: &Node, out: &mut String| {
        let _ = writeln!(out, "{pad}{head}<");
        dsl(kid, indent + 1, out);
        let _ = writeln!(out, "{pad}>,");
    };
    match node {
        Node::Sequence(k) => list("sequence", k, out),
        Node::Selector(k) => list("selector", k, out),
        Node::Parallel(n, k) => list(&format!("parallel({n})"), k, out),
        Node::Repeat(None, c) => one("repeat".into(), c, out),
        Node::Repeat(Some(n), c) => one(format!("repeat({n})"), c, out),
        Node::Invert(c) => one("invert".into(), c, out),
        Node::ForceSuccess(c) => one("force_success".into(), c, out),
        Node::ForceFailure(c) => one("force_failure".into(), c, out),
        Node::Precondition(ch, c) => one(format!("precondition({ch})"), c, out),
        Node::ReactiveSequence(k) => list("reactive_sequence", k, out),
        Node::ReactiveSelector(k) => list("reactive_selector", k, out),
        Node::Retry(n, c) => one(format!("retry({n})"), c, out),
        Node::Guard(ch, c) => one(format!("guard({ch})"), c, out),
        Node::Timed(kind, ms, c) => one(format!("{kind}({ms}ms)"), c, out),
        Node::Check(c) => {
            let _ = writeln!(out, "{pad}{c},");
        }
        Node::Work(w) => {
            let _ = writeln!(out, "{pad}{w},");
        }
    }
}

/// What `bt!` expands to, written out: one `let` per spec, leaf and node, in the order bt!
/// evaluates them (a node's spec, then its children, then the node composed from its
/// `bt::kind` spec and its children's tuple), the leaves tied to the context by the builder.
/// Left out: the description bt! adds (its entries, and the markers that capture each leaf's node
/// type for it). Returns the local holding the node.
fn expanded(node: &Node, indent: usize, next: &mut usize, out: &mut String) -> String {
    let pad = "    ".repeat(indent);
    let local = |prefix: &str, next: &mut usize| {
        *next += 1;
        format!("{prefix}{next}")
    };
    let spec: String = match node {
        Node::Check(c) => {
            let n = local("n", next);
            let _ = writeln!(out, "{pad}let {n} = __b.leaf({c});");
            return n;
        }
        Node::Work(w) => {
            let n = local("n", next);
            let _ = writeln!(out, "{pad}let {n} = __b.leaf({w});");
            return n;
        }
        Node::Sequence(_) => "::bt::kind::Sequence".into(),
        Node::Selector(_) => "::bt::kind::Selector".into(),
        Node::Parallel(n, _) => format!("::bt::kind::Parallel::new(::bt::Const::<{n}>)"),
        Node::Repeat(None, _) => "::bt::kind::Repeat { n: ::bt::kind::Forever }".into(),
        Node::Repeat(Some(n), _) => format!("::bt::kind::Repeat::new(::bt::Const::<{n}>)"),
        Node::Invert(_) => "::bt::kind::Invert".into(),
        Node::ForceSuccess(_) => "::bt::kind::ForceSuccess".into(),
        Node::ForceFailure(_) => "::bt::kind::ForceFailure".into(),
        Node::Precondition(ch, _) => {
            format!("::bt::kind::Precondition::new(__b.condition({ch}))")
        }
        Node::ReactiveSequence(_) => "::bt::kind::ReactiveSequence".into(),
        Node::ReactiveSelector(_) => "::bt::kind::ReactiveSelector".into(),
        Node::Retry(n, _) => format!("::bt::kind::Retry::new(::bt::Const::<{n}>)"),
        Node::Guard(ch, _) => {
            format!("::bt::kind::Guard::new(__b.condition({ch}))")
        }
        Node::Timed(kind, ms, _) => {
            let spec = match *kind {
                "timeout" => "Timeout",
                "delay" => "Delay",
                _ => "Cooldown",
            };
            let (secs, nanos) = (ms / 1000, ms % 1000 * 1_000_000);
            format!("::bt::kind::{spec}::new(::bt::ConstDuration::<{secs}, {nanos}>)")
        }
    };
    let s = local("s", next);
    let _ = writeln!(out, "{pad}let {s} = {spec};");
    let kids: Vec<String> = node.children().into_iter().map(|k| expanded(k, indent, next, out)).collect();
    let n = local("n", next);
    let _ = writeln!(out, "{pad}let {n} = ::bt::Compose::compose({s}, ({},));", kids.join(", "));
    n
}

fn trim_trailing_comma(s: &mut String) {
    while s.ends_with('\n') || s.ends_with(',') {
        s.pop();
    }
}

const HEADER: &str = "// Written by `tools/gen_tree` (`cargo run -p gen_tree -- synthetic <dir>`); the build of\n\
                      // `bt-perf` writes the same into its OUT_DIR. Edit the generator.\n";

fn bt_file(root: &Node, form: &str) -> String {
    let mut s = String::from(HEADER);
    s.push_str("//! Variant (a): the synthetic tree as a `bt` tree.\n\n");
    if form == "macro" {
        s.push_str("use super::{Check, SynthWorld, Work};\n\n");
        s.push_str("::bt::bt! {\n    /// The synthetic tree.\n    pub struct SynthBrain for SynthWorld {\n");
        let mut body = String::new();
        dsl(root, 2, &mut body);
        trim_trailing_comma(&mut body);
        s.push_str(&body);
        s.push_str("\n    }\n}\n");
    } else {
        s.push_str("use super::{Check, SynthWorld, Work};\n\n");
        s.push_str(
            "/// The synthetic tree, as `bt!` builds it.\n\
             pub fn tree() -> ::bt::BehaviorTree<impl ::bt::Node<SynthWorld>, SynthWorld> {\n    \
             let __b = ::bt::__private::Builder::<SynthWorld>::new();\n",
        );
        let mut body = String::new();
        let root = expanded(root, 1, &mut 0, &mut body);
        s.push_str(&body);
        let _ = write!(s, "    __b.build({root})\n}}\n");
    }
    s
}

// ---------------------------------------------------------------------------------------------
// The hand-written form: one tick function and one halt function per node, explicit state.

fn hand_file(root: &Node) -> String {
    let mut flat = Vec::new();
    flatten(root, &mut flat);
    let mut fields = String::new();
    let mut init = String::new();
    let mut fns = String::new();
    let st = "Status";
    for (k, (node, kids)) in flat.iter().enumerate() {
        let (t, h): (String, String) = match node {
            Node::Sequence(_) | Node::Selector(_) => {
                let is_seq = matches!(node, Node::Sequence(_));
                let (go_on, stop) = if is_seq { ("Success", "Failure") } else { ("Failure", "Success") };
                let _ = writeln!(fields, "    s{k}: u8,");
                let _ = writeln!(init, "            s{k}: 0,");
                let mut t = format!("        let at = self.s{k};\n");
                for (j, c) in kids.iter().enumerate() {
                    let cond = if j == 0 { "at == 0".to_string() } else { format!("at <= {j}") };
                    let _ = write!(
                        t,
                        "        if {cond} {{\n            match self.t{c}(w) {{\n                \
                         {st}::{go_on} => {{}}\n                \
                         {st}::Running => {{\n                    self.s{k} = {j};\n                    \
                         return {st}::Running;\n                }}\n                \
                         {st}::{stop} => {{\n                    self.s{k} = 0;\n                    \
                         return {st}::{stop};\n                }}\n            }}\n        }}\n"
                    );
                }
                let _ = write!(t, "        self.s{k} = 0;\n        {st}::{go_on}\n");
                let mut h = format!("        match self.s{k} {{\n");
                for (j, c) in kids.iter().enumerate() {
                    let _ = writeln!(h, "            {j} => self.h{c}(w),");
                }
                let _ = write!(h, "            _ => {{}}\n        }}\n        self.s{k} = 0;\n");
                (t, h)
            }
            Node::Parallel(n, _) => {
                let m = kids.len() as u64;
                let _ = writeln!(fields, "    ps{k}: u16,\n    pr{k}: u16,");
                let _ = writeln!(init, "            ps{k}: 0,\n            pr{k}: 0,");
                let mut t =
                    String::from("        let mut failures = 0u32;\n        let _ = &mut failures;\n");
                for (j, c) in kids.iter().enumerate() {
                    let bit = 1u32 << j;
                    let _ = write!(
                        t,
                        "        if self.ps{k} & {bit} == 0 {{\n            match self.t{c}(w) {{\n                \
                         {st}::Success => {{\n                    self.ps{k} |= {bit};\n                    \
                         self.pr{k} &= !{bit};\n                    \
                         if self.ps{k}.count_ones() >= {n} {{\n                        self.f{k}(w);\n                        \
                         return {st}::Success;\n                    }}\n                }}\n                \
                         {st}::Failure => {{\n                    self.pr{k} &= !{bit};\n                    \
                         failures += 1;\n                    if failures > {mf} {{\n                        \
                         self.f{k}(w);\n                        return {st}::Failure;\n                    \
                         }}\n                }}\n                \
                         {st}::Running => self.pr{k} |= {bit},\n            }}\n        }}\n",
                        mf = m - n
                    );
                }
                let _ = writeln!(t, "        {st}::Running");
                let mut f = String::new();
                for (j, c) in kids.iter().enumerate() {
                    let _ = writeln!(
                        f,
                        "        if self.pr{k} & {} != 0 {{\n            self.h{c}(w);\n        }}",
                        1u32 << j
                    );
                }
                let _ = write!(f, "        self.pr{k} = 0;\n        self.ps{k} = 0;\n");
                let _ = write!(
                    fns,
                    "    #[inline]\n    fn f{k}(&mut self, w: &mut SynthWorld) {{\n{f}    }}\n\n"
                );
                (t, format!("        self.f{k}(w);\n"))
            }
            Node::Repeat(times, _) => {
                let c = kids[0];
                let _ = writeln!(fields, "    rr{k}: bool,");
                let _ = writeln!(init, "            rr{k}: false,");
                let success = match times {
                    None => format!("                self.rr{k} = false;\n                {st}::Running\n"),
                    Some(n) => {
                        let _ = writeln!(fields, "    rd{k}: u32,");
                        let _ = writeln!(init, "            rd{k}: 0,");
                        format!(
                            "                self.rr{k} = false;\n                self.rd{k} += 1;\n                \
                             if self.rd{k} >= {n} {{\n                    self.rd{k} = 0;\n                    \
                             {st}::Success\n                }} else {{\n                    {st}::Running\n                }}\n"
                        )
                    }
                };
                let reset = if times.is_some() {
                    format!("                self.rd{k} = 0;\n")
                } else {
                    String::new()
                };
                let t = format!(
                    "        match self.t{c}(w) {{\n            {st}::Running => {{\n                \
                     self.rr{k} = true;\n                {st}::Running\n            }}\n            \
                     {st}::Failure => {{\n                self.rr{k} = false;\n{reset}                {st}::Failure\n            }}\n            \
                     {st}::Success => {{\n{success}            }}\n        }}\n"
                );
                let reset_h =
                    if times.is_some() { format!("        self.rd{k} = 0;\n") } else { String::new() };
                let h = format!(
                    "        if self.rr{k} {{\n            self.rr{k} = false;\n            self.h{c}(w);\n        }}\n{reset_h}"
                );
                (t, h)
            }
            Node::Invert(_) | Node::ForceSuccess(_) | Node::ForceFailure(_) => {
                let c = kids[0];
                let (s, f) = match node {
                    Node::Invert(_) => ("Failure", "Success"),
                    Node::ForceSuccess(_) => ("Success", "Success"),
                    _ => ("Failure", "Failure"),
                };
                let t = format!(
                    "        match self.t{c}(w) {{\n            {st}::Running => {st}::Running,\n            \
                     {st}::Success => {st}::{s},\n            {st}::Failure => {st}::{f},\n        }}\n"
                );
                (t, format!("        self.h{c}(w);\n"))
            }
            Node::Precondition(ch, _) => {
                let c = kids[0];
                let _ = writeln!(fields, "    pp{k}: bool,");
                let _ = writeln!(init, "            pp{k}: false,");
                let t = format!(
                    "        if !self.pp{k} && !{ch}.check(w) {{\n            return {st}::Failure;\n        }}\n        \
                     let status = self.t{c}(w);\n        self.pp{k} = status == {st}::Running;\n        status\n"
                );
                let h = format!(
                    "        if self.pp{k} {{\n            self.pp{k} = false;\n            self.h{c}(w);\n        }}\n"
                );
                (t, h)
            }
            Node::Check(ch) => (format!("        {st}::from_bool({ch}.check(w))\n"), String::new()),
            Node::ReactiveSequence(_) | Node::ReactiveSelector(_) => {
                // `rr{k}`: 0 when no child runs, j + 1 when child j does.
                let is_seq = matches!(node, Node::ReactiveSequence(_));
                let go_on = if is_seq { "Success" } else { "Failure" };
                let _ = writeln!(fields, "    rr{k}: u8,");
                let _ = writeln!(init, "            rr{k}: 0,");
                let mut t = String::new();
                for (j, c) in kids.iter().enumerate() {
                    let mut later = String::new();
                    for (jj, cc) in kids.iter().enumerate().skip(j + 1) {
                        let _ = writeln!(later, "                    {} => self.h{cc}(w),", jj + 1);
                    }
                    let halt_later = if later.is_empty() {
                        String::new()
                    } else {
                        format!(
                            "                match self.rr{k} {{\n{later}                    _ => {{}}\n                }}\n"
                        )
                    };
                    let _ = write!(
                        t,
                        "        let status = self.t{c}(w);\n        if status != {st}::{go_on} {{\n{halt_later}                \
                         self.rr{k} = if status == {st}::Running {{ {} }} else {{ 0 }};\n                return status;\n        }}\n",
                        j + 1
                    );
                }
                let _ = write!(t, "        self.rr{k} = 0;\n        {st}::{go_on}\n");
                let mut h = format!("        match self.rr{k} {{\n");
                for (j, c) in kids.iter().enumerate() {
                    let _ = writeln!(h, "            {} => self.h{c}(w),", j + 1);
                }
                let _ = write!(h, "            _ => {{}}\n        }}\n        self.rr{k} = 0;\n");
                (t, h)
            }
            Node::Retry(n, _) => {
                let c = kids[0];
                let _ = writeln!(fields, "    yf{k}: u32,\n    yr{k}: bool,");
                let _ = writeln!(init, "            yf{k}: 0,\n            yr{k}: false,");
                let t = format!(
                    "        let status = self.t{c}(w);\n        self.yr{k} = status == {st}::Running;\n        \
                     match status {{\n            {st}::Failure => {{\n                self.yf{k} += 1;\n                \
                     if self.yf{k} >= {n} {{\n                    self.yf{k} = 0;\n                    {st}::Failure\n                \
                     }} else {{\n                    {st}::Running\n                }}\n            }}\n            \
                     {st}::Success => {{\n                self.yf{k} = 0;\n                {st}::Success\n            }}\n            \
                     {st}::Running => {st}::Running,\n        }}\n"
                );
                let h = format!(
                    "        if self.yr{k} {{\n            self.yr{k} = false;\n            self.h{c}(w);\n        }}\n        self.yf{k} = 0;\n"
                );
                (t, h)
            }
            Node::Guard(ch, _) => {
                let c = kids[0];
                let _ = writeln!(fields, "    gr{k}: bool,");
                let _ = writeln!(init, "            gr{k}: false,");
                let t = format!(
                    "        if !{ch}.check(w) {{\n            if self.gr{k} {{\n                self.gr{k} = false;\n                \
                     self.h{c}(w);\n            }}\n            return {st}::Failure;\n        }}\n        \
                     let status = self.t{c}(w);\n        self.gr{k} = status == {st}::Running;\n        status\n"
                );
                let h = format!(
                    "        if self.gr{k} {{\n            self.gr{k} = false;\n            self.h{c}(w);\n        }}\n"
                );
                (t, h)
            }
            Node::Timed(kind, ms, _) => {
                let c = kids[0];
                let d = format!("core::time::Duration::from_millis({ms})");
                match *kind {
                    "timeout" => {
                        // `ts{k}`: when the running child started.
                        let _ = writeln!(fields, "    ts{k}: Option<core::time::Duration>,");
                        let _ = writeln!(init, "            ts{k}: None,");
                        let t = format!(
                            "        let now = w.now();\n        match self.ts{k} {{\n            None => self.ts{k} = Some(now),\n            \
                             Some(start) => {{\n                if now.saturating_sub(start) >= {d} {{\n                    \
                             self.ts{k} = None;\n                    self.h{c}(w);\n                    return {st}::Failure;\n                \
                             }}\n            }}\n        }}\n        let status = self.t{c}(w);\n        \
                             if status != {st}::Running {{\n            self.ts{k} = None;\n        }}\n        status\n"
                        );
                        let h = format!(
                            "        if self.ts{k}.is_some() {{\n            self.ts{k} = None;\n            self.h{c}(w);\n        }}\n"
                        );
                        (t, h)
                    }
                    "delay" => {
                        // `ds{k}`: when the wait started; `dr{k}`: the child runs.
                        let _ =
                            writeln!(fields, "    ds{k}: Option<core::time::Duration>,\n    dr{k}: bool,");
                        let _ = writeln!(init, "            ds{k}: None,\n            dr{k}: false,");
                        let t = format!(
                            "        if !self.dr{k} {{\n            let now = w.now();\n            let start = *self.ds{k}.get_or_insert(now);\n            \
                             if now.saturating_sub(start) < {d} {{\n                return {st}::Running;\n            }}\n        }}\n        \
                             let status = self.t{c}(w);\n        self.dr{k} = status == {st}::Running;\n        \
                             if status != {st}::Running {{\n            self.ds{k} = None;\n        }}\n        status\n"
                        );
                        let h = format!(
                            "        self.ds{k} = None;\n        if self.dr{k} {{\n            self.dr{k} = false;\n            self.h{c}(w);\n        }}\n"
                        );
                        (t, h)
                    }
                    _ => {
                        // `ce{k}`: when the child last ended; `cr{k}`: the child runs.
                        let _ =
                            writeln!(fields, "    ce{k}: Option<core::time::Duration>,\n    cr{k}: bool,");
                        let _ = writeln!(init, "            ce{k}: None,\n            cr{k}: false,");
                        let t = format!(
                            "        let now = w.now();\n        if !self.cr{k} && self.ce{k}.is_some_and(|end| now.saturating_sub(end) < {d}) {{\n            \
                             return {st}::Failure;\n        }}\n        let status = self.t{c}(w);\n        \
                             self.cr{k} = status == {st}::Running;\n        if status != {st}::Running {{\n            \
                             self.ce{k} = Some(now);\n        }}\n        status\n"
                        );
                        let h = format!(
                            "        if self.cr{k} {{\n            self.cr{k} = false;\n            self.h{c}(w);\n            \
                             self.ce{k} = Some(w.now());\n        }}\n"
                        );
                        (t, h)
                    }
                }
            }
            Node::Work(wk) => {
                let _ = writeln!(fields, "    l{k}: {},\n    a{k}: bool,", wk.ty());
                let _ = writeln!(init, "            l{k}: {wk},\n            a{k}: false,");
                let t = format!(
                    "        if !self.l{k}.condition(w) {{\n            if self.a{k} {{\n                self.a{k} = false;\n                \
                     self.l{k}.exit(w, Exit::Failure);\n            }}\n            return {st}::Failure;\n        }}\n        \
                     if !self.a{k} {{\n            self.a{k} = true;\n            self.l{k}.enter(w);\n        }}\n        \
                     let status = self.l{k}.execute(w);\n        match status {{\n            {st}::Running => {{}}\n            \
                     {st}::Success => {{\n                self.a{k} = false;\n                self.l{k}.exit(w, Exit::Success);\n            }}\n            \
                     {st}::Failure => {{\n                self.a{k} = false;\n                self.l{k}.exit(w, Exit::Failure);\n            }}\n        }}\n        \
                     status\n"
                );
                let h = format!(
                    "        if self.a{k} {{\n            self.a{k} = false;\n            self.l{k}.exit(w, Exit::Halted);\n        }}\n"
                );
                (t, h)
            }
        };
        let _ = write!(
            fns,
            "    #[inline]\n    fn t{k}(&mut self, w: &mut SynthWorld) -> Status {{\n{t}    }}\n\n\
             #[inline]\n    fn h{k}(&mut self, w: &mut SynthWorld) {{\n{h}    }}\n\n"
        );
    }
    let mut s = String::from(HEADER);
    s.push_str(
        "//! Variant (b): the synthetic tree written as plain code — one tick and one halt function per\n\
         //! node, with if/match control flow and explicit state (a `u8` per sequence/selector, two\n\
         //! bit masks per parallel, flags per repeat, precondition and action). No framework.\n\
         #![allow(clippy::all, unused_variables, unused_imports, dead_code)]\n\n\
         use super::{Check, SynthWorld, Work};\n\
         use bt::{Action, Clock, Condition, Exit, Status};\n\n\
         /// The synthetic tree's state, as hand-written code keeps it.\n\
         pub struct HandBrain {\n",
    );
    s.push_str(&fields);
    s.push_str(
        "}\n\nimpl Default for HandBrain {\n    fn default() -> Self {\n        Self::new()\n    }\n}\n\n",
    );
    s.push_str(
        "impl HandBrain {\n    /// The brain, idle.\n    pub fn new() -> Self {\n        HandBrain {\n",
    );
    s.push_str(&init);
    s.push_str("        }\n    }\n\n    /// One tick of the whole tree.\n    #[inline]\n    pub fn tick(&mut self, w: &mut SynthWorld) -> Status {\n        self.t0(w)\n    }\n\n");
    s.push_str(&fns);
    s.push_str("}\n");
    s
}

// ---------------------------------------------------------------------------------------------
// The Box<dyn> form.

fn dyn_expr(node: &Node, indent: usize, out: &mut String) {
    let pad = "    ".repeat(indent);
    let list = |ctor: String, kids: &[Node], out: &mut String| {
        let _ = writeln!(out, "{pad}Box::new({ctor}vec![");
        for k in kids {
            dyn_expr(k, indent + 1, out);
        }
        let _ = writeln!(out, "{pad}])),");
    };
    let one = |ctor: String, kid: &Node, out: &mut String| {
        let _ = writeln!(out, "{pad}Box::new({ctor}");
        dyn_expr(kid, indent + 1, out);
        let _ = writeln!(out, "{pad})),");
    };
    match node {
        Node::Sequence(k) => list("Sequence::new(".into(), k, out),
        Node::Selector(k) => list("Selector::new(".into(), k, out),
        Node::Parallel(n, k) => list(format!("Parallel::new({n}, "), k, out),
        Node::Repeat(t, c) => one(
            match t {
                None => "Repeat::new(None, ".into(),
                Some(n) => format!("Repeat::new(Some({n}), "),
            },
            c,
            out,
        ),
        Node::Invert(c) => one("Map::new(MapKind::Invert, ".into(), c, out),
        Node::ForceSuccess(c) => one("Map::new(MapKind::ForceSuccess, ".into(), c, out),
        Node::ForceFailure(c) => one("Map::new(MapKind::ForceFailure, ".into(), c, out),
        Node::Precondition(ch, c) => one(format!("Precondition::new(Box::new({ch}), "), c, out),
        Node::ReactiveSequence(k) => list("Reactive::sequence(".into(), k, out),
        Node::ReactiveSelector(k) => list("Reactive::selector(".into(), k, out),
        Node::Retry(n, c) => one(format!("Retry::new({n}, "), c, out),
        Node::Guard(ch, c) => one(format!("Guard::new(Box::new({ch}), "), c, out),
        Node::Timed(kind, ms, c) => {
            let kind = match *kind {
                "timeout" => "Timeout",
                "delay" => "Delay",
                _ => "Cooldown",
            };
            one(format!("Timed::new(TimedKind::{kind}, core::time::Duration::from_millis({ms}), "), c, out)
        }
        Node::Check(c) => {
            let _ = writeln!(out, "{pad}condition({c}),");
        }
        Node::Work(w) => {
            let _ = writeln!(out, "{pad}action({w}),");
        }
    }
}

fn dyn_file(root: &Node) -> String {
    let mut s = String::from(HEADER);
    s.push_str(
        "//! Variant (c): the synthetic tree built from `Box<dyn Node>` nodes (the classic design).\n\n\
         use super::{Check, SynthWorld, Work};\n\
         #[allow(unused_imports)]\n\
         use crate::dynbt::{BoxNode, Guard, Map, MapKind, Parallel, Precondition, Reactive, Repeat, Retry, Selector, Sequence, Timed, TimedKind, action, condition};\n\n\
         /// The synthetic tree, boxed.\n\
         pub fn tree() -> BoxNode<SynthWorld> {\n",
    );
    let mut body = String::new();
    dyn_expr(root, 1, &mut body);
    trim_trailing_comma(&mut body);
    s.push_str(&body);
    s.push_str("\n}\n");
    s
}

// ---------------------------------------------------------------------------------------------
// The compile-time crate.

const CRATE_LIB_HEAD: &str = r#"//! One large behavior tree, to measure how long `bt` takes to compile it.
#![allow(missing_docs)]

use bt::{Action, Condition, Exit, Status};

pub struct World {
    pub vars: [u32; 32],
    pub rng: u64,
    pub events: u64,
}

impl World {
    pub fn new() -> Self {
        World { vars: [50; 32], rng: 1, events: 0 }
    }

    pub fn update(&mut self) {
        self.rng = self.rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.vars[(self.rng >> 59) as usize] = ((self.rng >> 33) % 100) as u32;
    }
}

pub struct Check {
    var: u8,
    below: u32,
}

impl Check {
    pub const fn new(var: u8, below: u32) -> Self {
        Check { var, below }
    }
}

impl Condition<World> for Check {
    fn check(&mut self, w: &World) -> bool {
        w.vars[self.var as usize % 32] < self.below
    }
}

pub struct Work {
    id: u16,
    var: u8,
    ticks: u8,
    limit: u32,
    left: u8,
}

impl Work {
    pub const fn new(id: u16, var: u8, ticks: u8, limit: u32) -> Self {
        Work { id, var, ticks, limit, left: 0 }
    }
}

impl Action<World> for Work {
    fn condition(&mut self, w: &World) -> bool {
        w.vars[self.var as usize % 32] < self.limit
    }
    fn enter(&mut self, w: &mut World) {
        self.left = self.ticks;
        w.events = w.events.wrapping_mul(31).wrapping_add(u64::from(self.id));
    }
    fn execute(&mut self, w: &mut World) -> Status {
        let v = &mut w.vars[self.var as usize % 32];
        *v = (*v + 7) % 100;
        if self.left > 1 {
            self.left -= 1;
            Status::Running
        } else {
            Status::from_bool(w.vars[(self.var as usize + 1) % 32] % 4 != 0)
        }
    }
    fn exit(&mut self, w: &mut World, how: Exit) {
        w.events = w.events.wrapping_mul(31).wrapping_add(u64::from(self.id) + how as u64);
    }
}

/// Ticks the tree `ticks` times and returns a summary of the world.
pub fn run(ticks: u64) -> u64 {
    let mut w = World::new();
"#;

fn crate_files(root: &Node, form: &str, bt_path: &Path) -> (String, String, String) {
    let cargo = format!(
        "[package]\nname = \"bt-compile-time\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\nbt = {{ path = {:?} }}\n\n[workspace]\n",
        bt_path.display().to_string()
    );
    let mut lib = String::from(CRATE_LIB_HEAD);
    match form {
        "macro" => {
            let mut body = String::new();
            dsl(root, 2, &mut body);
            trim_trailing_comma(&mut body);
            let _ = write!(lib, "    let mut tree = ::bt::bt! {{\n        World =>\n{body}\n    }};\n");
        }
        "expanded" => {
            let mut body = String::new();
            let root = expanded(root, 2, &mut 0, &mut body);
            let _ = write!(
                lib,
                "    let mut tree = {{\n        let __b = ::bt::__private::Builder::<World>::new();\n\
                 {body}        __b.build({root})\n    }};\n"
            );
        }
        "hand" => lib.push_str("    let mut tree = hand::HandBrain::new();\n"),
        _ => lib.push_str("    let mut tree = ::bt::__private::Builder::<World>::new().build(::bt::action(|_: &mut World| Status::Success));\n"),
    }
    lib.push_str(
        "    for _ in 0..ticks {\n        w.update();\n        decide(&mut tree, &mut w);\n    }\n    \
         w.events ^ w.vars.iter().map(|&v| u64::from(v)).sum::<u64>()\n}\n",
    );
    // One decision per frame, called from the game loop: the tree's code is one function, as in a
    // program where the tick is called from an update function (not inlined into the loop).
    let (generics, ty) = match form {
        "hand" => ("", "hand::HandBrain"),
        _ => ("<N: ::bt::Node<World>, D>", "::bt::BehaviorTree<N, World, D>"),
    };
    let _ = write!(
        lib,
        "\n/// One decision.\n#[inline(never)]\nfn decide{generics}(tree: &mut {ty}, w: &mut World) {{\n    let _ = tree.tick(w);\n}}\n"
    );
    if form == "hand" {
        lib.push_str(
            "\n/// The hand-written form's name for the world.\npub type SynthWorld = World;\n\nmod hand;\n",
        );
    }
    let main = "fn main() {\n    let ticks = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1000);\n    \
                println!(\"{}\", bt_compile_time::run(ticks));\n}\n"
        .to_string();
    (cargo, lib, main)
}

// ---------------------------------------------------------------------------------------------

/// The seeds of the synthetic trees of `bt-perf` (seed 0 is the tree the benchmarks report first).
/// They are far apart: a seed whose shape is too small is moved on by one until it is not.
pub const SYNTHETIC_SEEDS: [u64; 5] = [0x5eed_0001, 0x5eed_1001, 0x5eed_2001, 0x5eed_3001, 0x5eed_4001];
const SYNTHETIC_NODES: usize = 260;
const SYNTHETIC_MIN: usize = 220;

/// The synthetic tree of `seed`, as the three source files of `bt-perf`'s variants: the `bt!` tree,
/// the hand-written code and the `Box<dyn>` tree, each to be `include!`d in a module whose parent
/// holds `Check`, `SynthWorld` and `Work` (module-level attributes and docs are left out, for
/// `include!`; the hand-written module needs `#[allow(clippy::all, unused_variables, dead_code)]`).
pub fn synthetic_sources(seed: u64) -> [String; 3] {
    let root = tree(seed, SYNTHETIC_NODES, SYNTHETIC_MIN, true);
    let strip = |text: String| {
        text.lines().filter(|l| !l.starts_with("//!") && !l.starts_with("#![") && !l.starts_with("// ")).fold(
            String::new(),
            |mut s, l| {
                s.push_str(l);
                s.push('\n');
                s
            },
        )
    };
    [strip(bt_file(&root, "macro")), strip(hand_file(&root)), strip(dyn_file(&root))]
}

/// The compile-time tree.
const COMPILE_SEED: u64 = 0x5eed_1000;

/// `text` formatted by rustfmt with the project's settings (as is, if rustfmt cannot be run).
fn rustfmt(text: &str) -> String {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let child = Command::new("rustfmt")
        .args(["--edition", "2024", "--config", "max_width=110,use_small_heuristics=Max"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else { return text.to_string() };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(text.as_bytes());
    }
    match child.wait_with_output() {
        Ok(out) if out.status.success() => String::from_utf8(out.stdout).unwrap_or_else(|_| text.to_string()),
        _ => text.to_string(),
    }
}

fn write(path: &Path, text: &str) -> std::io::Result<()> {
    let formatted = rustfmt(text);
    let text = formatted.as_str();
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    // Leave the file alone when it is unchanged, so that cargo does not rebuild for nothing.
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    std::fs::write(path, text)
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: gen_tree synthetic <dir> [--form macro|expanded] [--seed 0..4]\n       \
         gen_tree crate <dir> <nodes> <macro|expanded|none|hand> [--path <path of the bt package>]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opt = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let result = match args.first().map(String::as_str) {
        Some("synthetic") if args.len() >= 2 => {
            let dir = PathBuf::from(&args[1]);
            let form = opt("--form").unwrap_or_else(|| "macro".into());
            let Some(&seed) =
                SYNTHETIC_SEEDS.get(opt("--seed").map_or(Some(0), |s| s.parse().ok()).unwrap_or(9))
            else {
                return usage();
            };
            let root = tree(seed, SYNTHETIC_NODES, SYNTHETIC_MIN, true);
            eprintln!("synthetic tree: {} nodes", root.size());
            write(&dir.join("bt_tree.rs"), &bt_file(&root, &form))
                .and_then(|()| write(&dir.join("hand.rs"), &hand_file(&root)))
                .and_then(|()| write(&dir.join("dyn_tree.rs"), &dyn_file(&root)))
        }
        Some("crate") if args.len() >= 4 => {
            let dir = PathBuf::from(&args[1]);
            let Ok(nodes) = args[2].parse::<usize>() else { return usage() };
            let form = args[3].as_str();
            if !matches!(form, "macro" | "expanded" | "none" | "hand") {
                return usage();
            }
            let bt_path = opt("--path").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
            let bt_path = std::fs::canonicalize(&bt_path).unwrap_or(bt_path);
            let root = tree(COMPILE_SEED, nodes + nodes / 6, nodes, false);
            eprintln!("compile-time tree: {} nodes ({form})", root.size());
            let (cargo, lib, main) = crate_files(&root, form, &bt_path);
            let hand = if form == "hand" { hand_file(&root) } else { String::new() };
            write(&dir.join("Cargo.toml"), &cargo)
                .and_then(|()| write(&dir.join("src/lib.rs"), &lib))
                .and_then(|()| write(&dir.join("src/main.rs"), &main))
                .and_then(|()| if form == "hand" { write(&dir.join("src/hand.rs"), &hand) } else { Ok(()) })
        }
        _ => return usage(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen_tree: {e}");
            ExitCode::FAILURE
        }
    }
}
