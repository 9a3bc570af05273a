//! Scripts read from the XML: where they are, what they are, how subtrees rename their entries.

use bt_xml::bt_script::ast::{ExprKind, Target};
use bt_xml::{ArgValue, Kind, When, load_str};

fn tree(body: &str) -> String {
    format!(
        "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\">\n<BehaviorTree ID=\"Main\">\n{body}\n</BehaviorTree>\n</root>"
    )
}

fn err(xml: &str) -> String {
    load_str("t.xml", xml, None).unwrap_err().iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
}

/// The entries a script refers to, after subtree remapping.
fn targets(s: &bt_xml::Script) -> Vec<String> {
    s.ast
        .names()
        .iter()
        .map(|(n, _, _)| match &n.target {
            Target::Key(k) => k.clone(),
            Target::Literal(t) => format!("'{t}'"),
        })
        .collect()
}

#[test]
fn script_leaves_and_conditions_are_read() {
    let t = load_str(
        "t.xml",
        &tree(
            r#"<Sequence _while="go">
  <Script code="x := 1; y := x + 2"/>
  <ScriptCondition code="x &lt; y"/>
  <SetBlackboard output_key="goal" value="{target}"/>
  <SetBlackboard output_key="name" value="home"/>
  <A _skipIf="x == 1" _onSuccess="x += 1" _post="y := 0"/>
</Sequence>"#,
        ),
        None,
    )
    .unwrap();
    let root = &t.root;
    assert_eq!(root.conditions.len(), 1);
    assert_eq!(root.conditions[0].when, When::While);
    let Kind::Script { script, condition: false } = &root.children[0].kind else { panic!() };
    assert_eq!(script.ast.statements.len(), 2);
    let Kind::Script { script, condition: true } = &root.children[1].kind else { panic!() };
    assert_eq!(script.text, "x < y");
    let Kind::Script { script, condition: false } = &root.children[2].kind else { panic!() };
    assert_eq!(script.text, "goal := target");
    assert_eq!(targets(script), ["target", "goal"]);
    let Kind::Script { script, .. } = &root.children[3].kind else { panic!() };
    let ExprKind::Assign(_, _, _, v) = &script.ast.statements[0].kind else { panic!() };
    assert_eq!(v.kind, ExprKind::Str("home".into()));
    let a = &root.children[4];
    let whens: Vec<When> = a.conditions.iter().map(|c| c.when).collect();
    assert_eq!(whens, [When::SkipIf, When::OnSuccess, When::Post]);
    assert!(a.ports.is_empty(), "conditions are no ports");
}

#[test]
fn syntax_errors_are_at_their_line_and_column() {
    // The error is at the offending token, inside the attribute, across entities and lines.
    let e = err(&tree("<Script code=\"a := &apos;x&apos; .. \n  (1 + \"/>"));
    assert!(e.starts_with("t.xml:4:8: in the script `code=\"a := 'x' .. "), "{e}");
    assert!(e.contains("the script ends where a value was expected"), "{e}");
    let e = err(&tree("<A _skipIf=\"x ==== 1\"/>"));
    assert!(e.starts_with("t.xml:3:17: "), "{e}");
    assert!(e.contains("expected a value"), "{e}");
    let e = err(&tree("<A _onSuccess=\"x = 'never closed\"/>"));
    assert!(e.starts_with("t.xml:3:20: "), "{e}");
    assert!(e.contains("never closed"), "{e}");
    let e = err(&tree("<Script/>"));
    assert!(e.contains("`<Script>` needs `code`"), "{e}");
    let e = err(&tree("<Script code=\"x := 1\" cod=\"y\"/>"));
    assert!(e.contains("`<Script>` has no attribute `cod`"), "{e}");
    let e = err(&tree("<SetBlackboard key=\"v\" value=\"1\"/>"));
    assert!(e.contains("no attribute `key` (BehaviorTree.CPP 4 names it `output_key`)"), "{e}");
    let e = err(&tree("<UnsetBlackboard key=\"{v}\"/>"));
    assert!(e.contains("names the entry to remove: write `key=\"v\"`, without braces"), "{e}");
}

#[test]
fn subtree_scripts_see_their_instance_entries() {
    let xml = r#"<root BTCPP_format="4" main_tree_to_execute="Main">
<BehaviorTree ID="Main">
  <Sequence>
    <SubTree ID="Sub" goal="{target}" limit="3" _skipIf="done"/>
    <SubTree ID="Sub" goal="{other}" limit="{max}"/>
  </Sequence>
</BehaviorTree>
<BehaviorTree ID="Sub">
  <Script code="count := goal + limit; @total += 1"/>
</BehaviorTree>
</root>"#;
    let t = load_str("t.xml", xml, None).unwrap();
    let first = &t.root.children[0];
    // The SubTree element's conditions are read in the parent's scope.
    assert_eq!(targets(&first.conditions[0].script), ["done"]);
    let Kind::Script { script, .. } = &first.kind else { panic!() };
    assert_eq!(targets(script), ["target", "'3'", "Sub#1/count", "total"]);
    let Kind::Script { script, .. } = &t.root.children[1].kind else { panic!() };
    assert_eq!(targets(script), ["other", "max", "Sub#2/count", "total"]);
}

#[test]
fn preconditions_with_scripts() {
    let t = load_str(
        "t.xml",
        &tree(r#"<Precondition if="battery &gt; 20" else="SKIPPED"><A/></Precondition>"#),
        None,
    )
    .unwrap();
    let Kind::Keyword { name: "precondition", args } = &t.root.kind else { panic!() };
    let ArgValue::Script(s) = &args[0].value else { panic!("{args:?}") };
    assert_eq!(s.text, "battery > 20");
    assert_eq!(args[1].name, Some("otherwise"));
    assert_eq!(args[1].value, ArgValue::Ident("skipped".into()));
    // A Rust condition, as bt's export writes one, stays Rust code.
    let t =
        load_str("t.xml", &tree(r#"<Precondition if="IsReady" else="SUCCESS"><A/></Precondition>"#), None)
            .unwrap();
    let Kind::Keyword { name: "precondition", args } = &t.root.kind else { panic!() };
    assert_eq!(args[0].value, ArgValue::Code("IsReady".into()));
    assert_eq!(args[1].value, ArgValue::Ident("success".into()));
}

#[test]
fn conditions_on_a_subtree_and_its_root_are_refused() {
    let xml = r#"<root BTCPP_format="4" main_tree_to_execute="Main">
<BehaviorTree ID="Main"><SubTree ID="Sub" _skipIf="a"/></BehaviorTree>
<BehaviorTree ID="Sub"><A _skipIf="b"/></BehaviorTree>
</root>"#;
    let e = err(xml);
    assert!(
        e.contains(
            "both this `<SubTree ID=\"Sub\">` and the root of tree `Sub` have pre- or post-conditions"
        ),
        "{e}"
    );
}
