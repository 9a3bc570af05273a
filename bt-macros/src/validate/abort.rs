//! Where `guard(…, abort = lower_priority)` and `abort = both` take effect: as a child of a node
//! that asks its children whether they take over (`selector`, `mem_selector`, a node kind of the
//! user's whose spec implements `bt::abort::Observes`), or at the root of a tree. Anywhere else the
//! guard would never be asked, and the mode would quietly act as `none` (or `self`): an error.

use proc_macro2::Span;

use crate::parse::{ArgValue, KeywordNode, Node};

/// The keywords that ask their earlier children, before resuming a later one, whether they take
/// over (`Node::preempts`).
const ASKING: &[&str] = &["selector", "mem_selector"];

/// The span of `lower_priority` or `both` in `guard(…, abort = …)` written as `node`, with the
/// mode; `None` for any other node. Looks through `__conditions`, which stands for the node it
/// holds.
pub(super) fn aborting_guard(node: &Node) -> Option<(Span, String)> {
    let Node::Keyword(k) = node else { return None };
    if k.user.is_none() && k.def.is_some_and(|d| d.name == "__conditions") {
        return k.children.first().and_then(aborting_guard);
    }
    if k.user.is_some() || k.def.is_none_or(|d| d.name != "guard") {
        return None;
    }
    k.args.as_ref()?.args.iter().find_map(|a| {
        if a.name.as_ref()? != "abort" {
            return None;
        }
        let ArgValue::Expr(e) = &a.value else { return None };
        let syn::Expr::Path(p) = super::strip(e) else { return None };
        let ident = p.path.get_ident()?;
        let mode = ident.to_string();
        matches!(mode.as_str(), "lower_priority" | "both").then(|| (ident.span(), mode))
    })
}

/// Errors for the children of the built-in keyword `k` that are guards with a lower-priority abort
/// `k` never asks about.
pub(super) fn check_children(k: &KeywordNode, errors: &mut Vec<syn::Error>) {
    let Some(def) = k.def else { return };
    if ASKING.contains(&def.name) || def.name == "__conditions" {
        return;
    }
    for (span, mode) in k.children.iter().filter_map(aborting_guard) {
        super::err(errors, span, message(&k.name.to_string(), def.name, &mode));
    }
}

/// What is wrong with `abort = mode` under `parent` (as written; `keyword` is its table name).
fn message(parent: &str, keyword: &str, mode: &str) -> String {
    let why = match keyword {
        "reactive_selector" | "reactive_fallback" => format!(
            "`{parent}` re-ticks every child from the first one on every tick and never asks the guard"
        ),
        "boxed" => format!("behind `{parent}` the guard is opaque and nobody asks it"),
        _ => format!("under `{parent}` nobody asks the guard"),
    };
    let (acts, fix) = if mode == "both" { ("self", "self") } else { ("none", "none") };
    format!(
        "`abort = {mode}` takes effect only where the guard is a child of `selector` (`fallback`) or `mem_selector`, which ask their earlier children whether they take over before resuming a later one (or at the root of a tree embedded under one); {why}, so `{mode}` would act as `{acts}`. Move the guard under a selector, as in `selector<guard(IsThreat, abort = {mode})<Flee>, Patrol>`, or write `abort = {fix}`"
    )
}
