//! Every random tree of `build.rs` (1000 by default), compiled with `bt_xml!` and loaded at run
//! time with its `registry()`, ticked along three plans over the same scripted world: the logs
//! (every leaf's lifecycle and status, every condition, every status and halt the tree reports,
//! with node ids) must be equal, line for line. Each compiled tree is also exported as
//! BehaviorTree.CPP XML (`description().btcpp_xml()`) and the export loaded back: its log along
//! every plan must be the compiled tree's. Prints the counts and the differences.

use bt_differential::{Plan, TREES};

#[test]
fn compiled_and_loaded_trees_behave_the_same() {
    let plans = [
        Plan { ticks: 30, dt_ms: 70, modes: vec!["a", "b", "c", "x"], halt_every: 0 },
        Plan { ticks: 30, dt_ms: 130, modes: vec!["b", "b", "a"], halt_every: 7 },
        Plan { ticks: 20, dt_ms: 0, modes: vec![], halt_every: 3 },
    ];
    let (mut runs, mut nodes, mut differences) = (0, 0, Vec::new());
    let mut exported_runs = 0;
    for case in TREES {
        let described = (case.description)();
        nodes += described.len();
        let xml = described.btcpp_xml().to_string();
        let registry = (case.registry)();
        // The two engines describe the tree alike, node by node.
        match (case.loaded_description)() {
            Err(e) => differences.push(format!("{}: does not load: {e}", case.file)),
            Ok(loaded) => {
                let (c, l): (Vec<String>, Vec<String>) = (
                    described.nodes().map(bt_differential::summary).collect(),
                    loaded.nodes().map(bt_differential::summary).collect(),
                );
                if let Some(at) = (0..c.len().max(l.len())).find(|&i| c.get(i) != l.get(i)) {
                    differences.push(format!(
                        "{}: the descriptions differ at node {at}: loaded {:?}, compiled {:?}",
                        case.file,
                        l.get(at),
                        c.get(at)
                    ));
                }
            }
        }
        for plan in &plans {
            runs += 1;
            let compiled = (case.compiled)(plan);
            match (case.loaded)(plan) {
                Err(e) => differences.push(format!("{}: does not load: {e}", case.file)),
                Ok(loaded) if loaded != compiled => {
                    let at = loaded
                        .iter()
                        .zip(&compiled)
                        .position(|(a, b)| a != b)
                        .unwrap_or(loaded.len().min(compiled.len()));
                    differences.push(format!(
                        "{} with {plan:?}: the logs differ at line {at}: loaded {:?}, compiled {:?}",
                        case.file,
                        loaded.get(at),
                        compiled.get(at)
                    ));
                }
                Ok(_) => {}
            }
            exported_runs += 1;
            match bt_differential::run_xml(&registry, &xml, plan) {
                Err(e) => differences.push(format!("{}: its export does not load: {e}\n{xml}", case.file)),
                Ok(exported) if exported != compiled => {
                    let at = exported
                        .iter()
                        .zip(&compiled)
                        .position(|(a, b)| a != b)
                        .unwrap_or(exported.len().min(compiled.len()));
                    differences.push(format!(
                        "{} with {plan:?}: the export's log differs at line {at}: exported {:?}, compiled {:?}\n{xml}",
                        case.file,
                        exported.get(at),
                        compiled.get(at)
                    ));
                }
                Ok(_) => {}
            }
        }
    }
    println!(
        "differential: {} random trees ({nodes} nodes), {runs} runs compiled and loaded, {exported_runs} runs of \
         their exports loaded back, {} differences",
        TREES.len(),
        differences.len()
    );
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
