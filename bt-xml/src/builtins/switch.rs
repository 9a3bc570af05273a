//! The arguments of a switch.

use super::args::{Arg, ArgValue, named, positional};
use super::{Builtin, SWITCH_CASES};

/// The arguments of a switch: the selector (`variable`), then one per case. With a selector of the
/// context (bt's form, Rust code), `SwitchN` has `N` cases and a default (`_`) and `<Control
/// ID="switch">` has one case per child, each a pattern. `SwitchN variable="{key}"`
/// (BehaviorTree.CPP's form) compares the entry's text with each `case_N` in order, else takes
/// the last child: its cases are texts (`bt!` reads the entry through `bt::ports::switch_case`,
/// with the patterns `0`, …, `N - 1`, `_`).
pub(super) fn switch_args(
    b: &Builtin,
    attr: &dyn Fn(&str) -> Option<String>,
    children: usize,
) -> Result<(&'static str, Vec<Arg>), (String, String)> {
    let variable = attr("variable").ok_or_else(|| {
        ("variable".to_string(), format!("`{}` needs `variable`: what it switches on", b.element))
    })?;
    let v = variable.trim();
    let key = v.strip_prefix('{').map(|k| k.strip_suffix('}').unwrap_or(k).trim().trim_start_matches('@'));
    let (cases, default) = match b.element.strip_prefix("Switch") {
        Some(n) => (n.parse::<usize>().unwrap_or(0), true),
        None => (children, false),
    };
    if !default {
        if key.is_some() {
            return Err((
                "variable".into(),
                format!(
                    "`<Control ID=\"switch\">` switches on a selector of the context (`variable=\"|r: &Robot| r.mode\"`), not on a blackboard entry (`{variable}`): write `Switch{}` with `case_1`…`case_{}` and a default child last",
                    children.saturating_sub(1).clamp(2, 6),
                    children.saturating_sub(1).clamp(2, 6),
                ),
            ));
        }
        if let Some(extra) =
            (children + 1..=SWITCH_CASES.len()).find(|i| attr(&format!("case_{i}")).is_some())
        {
            return Err((
                format!("case_{extra}"),
                format!(
                    "`<Control ID=\"switch\">` has `case_{extra}` but {children} {}: one `case_N` per child, in order",
                    if children == 1 { "child" } else { "children" }
                ),
            ));
        }
    }
    let mut args = vec![named(
        "variable",
        match key {
            Some(k) => ArgValue::Key(k.to_string()),
            None => ArgValue::Code(v.to_string()),
        },
    )];
    for i in 1..=cases {
        let name = format!("case_{i}");
        let p = attr(&name).ok_or_else(|| {
            (name.clone(), format!("`{}` needs `{name}`: one case per child before the default", b.element))
        })?;
        let case = SWITCH_CASES.get(i).copied();
        args.push(Arg {
            name: case,
            // BehaviorTree.CPP compares the entry's text with the case's text as written.
            value: if key.is_some() { ArgValue::Text(p) } else { ArgValue::Code(p.trim().to_string()) },
        });
    }
    if default {
        args.push(positional(ArgValue::Code("_".into())));
    }
    Ok(("switch", args))
}
