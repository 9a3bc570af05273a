//! Generates the synthetic trees of the benchmarks into `OUT_DIR`: for each seed of `tools/gen_tree`,
//! the `bt!` tree, the hand-written code and the `Box<dyn>` tree (see `src/synthetic/mod.rs`). The
//! generator is included as a module, so the code it writes is never committed.

#[allow(dead_code, unreachable_pub)]
#[path = "../tools/gen_tree/src/main.rs"]
mod gen_tree;

fn main() {
    println!("cargo::rerun-if-changed=../tools/gen_tree/src/main.rs");
    println!("cargo::rerun-if-changed=build.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for (i, &seed) in gen_tree::SYNTHETIC_SEEDS.iter().enumerate() {
        let [bt, hand, boxed] = gen_tree::synthetic_sources(seed);
        for (name, text) in [("bt_tree", bt), ("hand", hand), ("dyn_tree", boxed)] {
            let path = out.join(format!("synthetic{i}_{name}.rs"));
            // Left alone when unchanged, so that cargo does not rebuild for nothing.
            if std::fs::read_to_string(&path).is_ok_and(|old| old == text) {
                continue;
            }
            std::fs::write(&path, text).expect("OUT_DIR is writable");
        }
    }
}
