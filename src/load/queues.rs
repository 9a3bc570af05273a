//! BehaviorTree.CPP's `LoopInt`, `LoopDouble`, `LoopString`, `LoopBool` and `UnsetBlackboard` in
//! loaded trees: bt's [`Loop`] decorator and [`UnsetEntry`] leaf, which a registry with a
//! blackboard knows ([`Registry::with_blackboard`](super::Registry::with_blackboard)).

#[allow(unused_imports)]
use std::prelude::rust_2024::*;

use std::string::String;
use std::vec::Vec;

use super::Attributes;
use super::leaf::BoundPort;
use crate::ports::{Binding, Loop, LoopItem, PortType, Ports, UnsetEntry};

/// The `Loop<T>` an element's attributes bind.
pub(crate) fn loop_spec<T: LoopItem>(attrs: &Attributes<'_>) -> Result<Loop<T>, String> {
    let mut spec = Loop::<T>::unbound();
    for name in attrs.names() {
        if let Some(binding) = attrs.get(name) {
            spec.bind(name, binding).map_err(|e| format!("`{name}`: {e}"))?;
        }
    }
    Ok(spec)
}

/// The `UnsetEntry` of `<UnsetBlackboard key="k"/>`.
pub(crate) fn unset(attrs: &Attributes<'_>) -> Result<UnsetEntry, String> {
    match attrs.get("key") {
        Some(Binding::Literal(k)) if !k.trim().is_empty() => Ok(UnsetEntry::new(super::intern(k.trim()))),
        _ => Err("`key` names the entry to remove: `<UnsetBlackboard key=\"goal\"/>`".into()),
    }
}

/// The entries a `Loop*` element binds, with their types (`VecDeque<T>` and `T`), for the check
/// that every entry has one type; `None` for any other element.
pub(crate) fn loop_keys(
    element: &str,
    ports: &[BoundPort<'_>],
) -> Option<Vec<(&'static str, PortType, bt_xml::Pos)>> {
    fn keys<T: LoopItem>(ports: &[BoundPort<'_>]) -> Vec<(&'static str, PortType, bt_xml::Pos)> {
        let mut spec = Loop::<T>::unbound();
        ports
            .iter()
            .filter_map(|p| match p.binding {
                Binding::Key(k) => spec.bind(p.name, p.binding).ok().map(|ty| (k, ty, p.at)),
                Binding::Literal(_) => None,
            })
            .collect()
    }
    Some(match bt_xml::loop_item(element)? {
        "i32" => keys::<i32>(ports),
        "f64" => keys::<f64>(ports),
        "bool" => keys::<bool>(ports),
        _ => keys::<String>(ports),
    })
}

/// Registers the loops and `UnsetBlackboard` on registry `$r` (of either mode).
macro_rules! queue_kinds {
    ($r:expr) => {
        $r.decorator("LoopInt", $crate::load::queues::loop_spec::<i32>)
            .decorator("LoopDouble", $crate::load::queues::loop_spec::<f64>)
            .decorator("LoopString", $crate::load::queues::loop_spec::<String>)
            .decorator("LoopBool", $crate::load::queues::loop_spec::<bool>)
            .node("UnsetBlackboard", $crate::load::queues::unset)
    };
}
pub(crate) use queue_kinds;
