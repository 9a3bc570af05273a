//! Mapping of built-ins, subtrees and their keys, and the errors.

use bt_xml::{Kind, Value, load_str};

/// A keyword and its arguments as `bt!` writes them.
fn kw(name: &'static str, args: &str) -> String {
    format!("{name}({args})")
}

/// A node's kind, shown as [`kw`] writes a keyword.
fn shown(kind: &Kind) -> String {
    match kind {
        Kind::Keyword { name, args } => kw(name, &bt_xml::dsl(name, args)),
        Kind::Leaf { type_name } => format!("leaf {type_name}"),
        Kind::Custom { type_name } => format!("custom {type_name}"),
        Kind::Script { script, condition } => format!("script {condition} {}", script.text),
    }
}

fn one(body: &str) -> bt_xml::Node {
    let xml = format!("<root BTCPP_format=\"4\">\n<BehaviorTree ID=\"T\">\n{body}\n</BehaviorTree>\n</root>");
    match load_str("t.xml", &xml, None) {
        Ok(t) => t.root,
        Err(e) => panic!("{}", e.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")),
    }
}

fn err(xml: &str) -> String {
    load_str("t.xml", xml, None).unwrap_err().iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
}

#[test]
fn builtins() {
    let cases: &[(&str, String)] = &[
        ("<Sequence><A/></Sequence>", kw("sequence", "")),
        ("<Fallback><A/></Fallback>", kw("selector", "")),
        ("<ReactiveSequence><A/></ReactiveSequence>", kw("reactive_sequence", "")),
        ("<ReactiveFallback><A/></ReactiveFallback>", kw("reactive_selector", "")),
        ("<SequenceWithMemory><A/></SequenceWithMemory>", kw("mem_sequence", "")),
        ("<SequenceStar><A/></SequenceStar>", kw("mem_sequence", "")),
        (
            "<Parallel success_count=\"-1\" failure_count=\"2\"><A/><A/><A/></Parallel>",
            kw("threshold_parallel", "success = 3, failure = 2"),
        ),
        ("<Parallel success_count=\"-2\"><A/><A/><A/></Parallel>", kw("threshold_parallel", "success = 2")),
        (
            "<Parallel success_threshold=\"1\" failure_threshold=\"1\"><A/><A/></Parallel>",
            kw("threshold_parallel", "success = 1, failure = 1"),
        ),
        ("<ParallelAll max_failures=\"2\"><A/><A/></ParallelAll>", kw("parallel_all", "max_failures = 2")),
        ("<IfThenElse><A/><A/><A/></IfThenElse>", kw("if_then_else", "")),
        ("<WhileDoElse><A/><A/></WhileDoElse>", kw("while_do_else", "")),
        ("<Inverter><A/></Inverter>", kw("invert", "")),
        ("<ForceSuccess><A/></ForceSuccess>", kw("force_success", "")),
        ("<ForceFailure><A/></ForceFailure>", kw("force_failure", "")),
        ("<Repeat num_cycles=\"3\"><A/></Repeat>", kw("repeat", "3")),
        ("<Repeat num_cycles=\"-1\"><A/></Repeat>", kw("repeat", "")),
        ("<RetryUntilSuccessful num_attempts=\"4\"><A/></RetryUntilSuccessful>", kw("retry", "4")),
        ("<RetryUntilSuccessful num_attempts=\"-1\"><A/></RetryUntilSuccessful>", kw("until_success", "")),
        ("<KeepRunningUntilFailure><A/></KeepRunningUntilFailure>", kw("until_failure", "")),
        ("<Timeout msec=\"250\"><A/></Timeout>", kw("timeout", "250ms")),
        ("<Timeout msec=\"2000\"><A/></Timeout>", kw("timeout", "2s")),
        ("<Timeout msec=\"TIMEOUT\"><A/></Timeout>", kw("timeout", "TIMEOUT")),
        ("<Timeout msec=\"1500us\"><A/></Timeout>", kw("timeout", "1500us")),
        ("<Delay delay_msec=\"10\"><A/></Delay>", kw("delay", "10ms")),
        // BehaviorTree.CPP's default: skipped once the child has completed.
        ("<RunOnce><A/></RunOnce>", kw("run_once", "then_skip = true")),
        ("<Sleep msec=\"5\"/>", kw("sleep", "5ms")),
        ("<AlwaysSuccess/>", kw("always_success", "")),
        ("<AlwaysFailure/>", kw("always_failure", "")),
        ("<PipelineSequence><A/></PipelineSequence>", kw("pipeline_sequence", "")),
        ("<RecoveryNode number_of_retries=\"2\"><A/><A/></RecoveryNode>", kw("recovery", "2")),
        ("<RateController hz=\"2\"><A/></RateController>", kw("rate_controller", "2.0")),
        ("<RoundRobin><A/></RoundRobin>", kw("round_robin", "")),
        ("<Control ID=\"Sequence\"><A/></Control>", kw("sequence", "")),
        ("<Decorator ID=\"Inverter\"><A/></Decorator>", kw("invert", "")),
        ("<Action ID=\"A\"/>", shown(&Kind::Leaf { type_name: "A".into() })),
        // The forms `description().btcpp_xml()` writes for bt's own keywords.
        ("<Control ID=\"mem_selector\"><A/><A/></Control>", kw("mem_selector", "")),
        ("<Control ID=\"parallel\" n=\"2\"><A/><A/></Control>", kw("parallel", "2")),
        ("<Control ID=\"random\" seed=\"7\"><A/><A/></Control>", kw("random", "seed = 7")),
        ("<Decorator ID=\"cooldown\" duration=\"1.5s\"><A/></Decorator>", kw("cooldown", "1.5s")),
        (
            "<Decorator ID=\"guard\" condition=\"IsReady\" abort=\"self_\"><A/></Decorator>",
            kw("guard", "IsReady, abort = self_"),
        ),
        (
            "<Decorator ID=\"service\" interval=\"250ms\" leaf=\"Ping::new(3)\"><A/></Decorator>",
            kw("service", "250ms, Ping::new(3)"),
        ),
        ("<RunOnce then_skip=\"false\"><A/></RunOnce>", kw("run_once", "")),
        ("<Precondition if=\"IsReady\" else=\"FAILURE\"><A/></Precondition>", kw("precondition", "IsReady")),
        (
            "<Precondition if=\"|r: &amp;Robot| r.ok\" else=\"FAILURE\"><A/></Precondition>",
            kw("precondition", "|r: &Robot| r.ok"),
        ),
        ("<RateController hz=\"RATE\"><A/></RateController>", kw("rate_controller", "RATE")),
        (
            "<Switch2 variable=\"|r: &amp;R| r.m\" case_1=\"M::A\" case_2=\"M::B\"><A/><A/><A/></Switch2>",
            kw("switch", "|r: &R| r.m; M::A, M::B, _"),
        ),
        (
            "<Switch2 variable=\"{mode}\" case_1=\"dock\" case_2=\"a \\&quot;b\\&quot;\"><A/><A/><A/></Switch2>",
            kw("switch", "::bt::ports::switch_case(\"mode\", [\"dock\", \"a \\\\\\\"b\\\\\\\"\"]); 0, 1, _"),
        ),
        (
            "<Control ID=\"switch\" variable=\"sel\" case_1=\"M::A | M::B\" case_2=\"_\"><A/><A/></Control>",
            kw("switch", "sel; M::A | M::B, _"),
        ),
        ("<Decorator ID=\"MyDeco\"><A/></Decorator>", shown(&Kind::Custom { type_name: "MyDeco".into() })),
        ("<GoalUpdater><A/></GoalUpdater>", shown(&Kind::Custom { type_name: "GoalUpdater".into() })),
    ];
    for (xml, kind) in cases {
        assert_eq!(&shown(&one(xml).kind), kind, "{xml}");
    }
}

#[test]
fn subtree_keys_are_scoped_and_remapped() {
    let xml = r#"<root BTCPP_format="4" main_tree_to_execute="Main">
<BehaviorTree ID="Main">
  <Sequence>
    <SubTree ID="Sub" goal="{target}" speed="0.5" mode="{=}"/>
    <SubTree ID="Sub" _autoremap="true"/>
    <Sub/>
  </Sequence>
</BehaviorTree>
<BehaviorTree ID="Sub">
  <Go goal="{goal}" speed="{speed}" mode="{mode}" tmp="{tmp}" g="{@global}"/>
</BehaviorTree>
</root>"#;
    let t = load_str("t.xml", xml, None).unwrap();
    let leaves: Vec<_> = t.root.iter().filter(|n| n.element == "Go").collect();
    assert_eq!(leaves.len(), 3);
    let vals = |i: usize| leaves[i].ports.iter().map(|p| p.value.clone()).collect::<Vec<_>>();
    let key = |s: &str| Value::Key { name: s.into(), root: false };
    let root = |s: &str| Value::Key { name: s.into(), root: true };
    assert_eq!(
        vals(0),
        [key("target"), Value::Literal("0.5".into()), key("mode"), key("Sub#1/tmp"), root("global")]
    );
    assert_eq!(vals(1), [key("goal"), key("speed"), key("mode"), key("tmp"), root("global")]);
    assert_eq!(
        vals(2),
        [key("Sub#3/goal"), key("Sub#3/speed"), key("Sub#3/mode"), key("Sub#3/tmp"), root("global")]
    );
}

#[test]
fn errors_name_line_and_column() {
    let e = err("<root><BehaviorTree ID=\"T\"><Sequence></BehaviorTree></root>");
    assert!(e.starts_with("t.xml:1:") && e.contains("malformed XML"), "{e}");
    let e = err("<root>\n<BehaviorTree ID=\"T\">\n  <Inverter><A/><B/></Inverter>\n</BehaviorTree></root>");
    assert!(e.starts_with("t.xml:3:3: `<Inverter>` has 2 children: it takes exactly one child"), "{e}");
    let e = err("<root>\n<BehaviorTree ID=\"T\"><Timeout msec=\"x\"><A/></Timeout></BehaviorTree></root>");
    assert!(e.starts_with("t.xml:2:31: `msec=\"x\"` is not an integer"), "{e}");
    let e = err(
        "<root main_tree_to_execute=\"A\">\n<BehaviorTree ID=\"A\"><SubTree ID=\"B\"/></BehaviorTree>\n<BehaviorTree ID=\"B\"><A/></BehaviorTree></root>",
    );
    assert!(e.contains("SubTree cycle A → B → A"), "{e}");
    let e =
        err("<root><include path=\"nowhere/missing.xml\"/><BehaviorTree ID=\"T\"><A/></BehaviorTree></root>");
    assert!(e.contains("cannot read the included file `nowhere/missing.xml`"), "{e}");
    let e = err("<root><BehaviorTree ID=\"T\"><A _skipIf=\"x &gt;\"/></BehaviorTree></root>");
    assert!(
        e.contains("t.xml:1:46: in the script `_skipIf=\"x >\"`: the script ends where a value was expected"),
        "{e}"
    );
    let e = err("<root><BehaviorTree ID=\"T\"><Sequence foo=\"1\"><A/></Sequence></BehaviorTree></root>");
    assert!(e.contains("`<Sequence>` has no attribute `foo`: it takes none"), "{e}");
    let e = err(
        "<root><BehaviorTree ID=\"T\"><Switch2 variable=\"{x}\"><A/><A/><A/></Switch2></BehaviorTree></root>",
    );
    assert!(e.contains("`Switch2` needs `case_1`: one case per child before the default"), "{e}");
    let e = err(
        "<root><BehaviorTree ID=\"T\"><Control ID=\"switch\" variable=\"{x}\" case_1=\"a\"><A/></Control></BehaviorTree></root>",
    );
    assert!(e.contains("not on a blackboard entry (`{x}`)"), "{e}");
    let e = err(
        "<root><BehaviorTree ID=\"T\"><Control ID=\"switch\" variable=\"sel\" case_1=\"A\" case_2=\"_\"><A/></Control></BehaviorTree></root>",
    );
    assert!(e.contains("has `case_2` but 1 child: one `case_N` per child"), "{e}");
    let e = err(
        "<root><BehaviorTree ID=\"T\"><Precondition if=\"IsReady\" else=\"RUNNING\"><A/></Precondition></BehaviorTree></root>",
    );
    assert!(e.contains("`else=\"RUNNING\"` would make `Precondition` run without running its child"), "{e}");
}
