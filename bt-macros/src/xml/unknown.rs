//! Elements nobody knows. `bt_xml!` takes an element that is not a built-in for a leaf (or node
//! kind) of yours, a Rust type of that name in scope, or the one `nodes(…)` maps it to; whether
//! such a type exists only the compiler knows, and it reports a missing one on the path literal.
//! An element whose name is a near miss of a built-in, of a mapped element or of one the file's
//! `<TreeNodesModel>` declares, and that nothing maps or declares itself, is a misspelling: it
//! is reported here, at its XML position, with the name it is close to and how to register a leaf.

use super::Mapping;

/// The error of every misspelled element of `root`'s tree; `declared` are the IDs the files'
/// models declare, `at` writes a position.
pub(super) fn check(
    root: &bt_xml::Node,
    nodes: &[Mapping],
    declared: &[String],
    at: &dyn Fn(bt_xml::Pos) -> String,
) -> Vec<String> {
    let mut errors = Vec::new();
    for n in root.iter() {
        let (bt_xml::Kind::Leaf { type_name } | bt_xml::Kind::Custom { type_name }) = &n.kind else {
            continue;
        };
        // Mapped, declared, or read on its own (`UnsetBlackboard`, unless mapped, is bt's leaf).
        if nodes.iter().any(|m| &m.element == type_name)
            || declared.contains(type_name)
            || bt_xml::known_elements().any(|k| k == type_name)
        {
            continue;
        }
        let known = bt_xml::known_elements()
            .map(|k| -> &str { k })
            .chain(nodes.iter().map(|m| m.element.as_str()))
            .chain(declared.iter().map(String::as_str));
        if let Some(close) = nearest(type_name, known) {
            errors.push(message(&at(n.pos), type_name, close));
        }
    }
    errors
}

/// The known name `name` is a plausible misspelling of, if any: the same but for case, or a few
/// letters apart (one per four letters of the known name, at least one; names of three letters
/// or fewer only up to case).
fn nearest<'a>(name: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_lowercase();
    known
        .filter(|k| *k != name)
        .map(|k| (k, crate::keywords::distance(&lower, &k.to_lowercase())))
        .filter(|&(k, d)| {
            let letters = k.chars().count();
            d == 0 || (letters > 3 && d <= (letters / 4).max(1))
        })
        .min_by_key(|&(k, d)| (d, k))
        .map(|(k, _)| k)
}

fn message(at: &str, name: &str, close: &str) -> String {
    format!(
        "{at}: unknown element `{name}` (did you mean `{close}`?): it is not one of BehaviorTree.CPP's built-in nodes, and neither the invocation's `nodes(…)` nor the file's `<TreeNodesModel>` names it. If `{name}` is a leaf of yours, name its type in the invocation, `nodes({name} = path::to::Type)`, or declare it in the model, `<TreeNodesModel><Action ID=\"{name}\"/></TreeNodesModel>` (an element whose name is this close to a known one is not taken for a type of that name in scope)"
    )
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn near_misses() {
        let known = || ["Sequence", "Fallback", "MoveTo", "Sleep", "Spin"].into_iter();
        assert_eq!(nearest("Sequnce", known()), Some("Sequence"));
        assert_eq!(nearest("sequence", known()), Some("Sequence"));
        assert_eq!(nearest("Fallbak", known()), Some("Fallback"));
        assert_eq!(nearest("MoveTo", known()), None);
        assert_eq!(nearest("MovTo", known()), Some("MoveTo"));
        assert_eq!(nearest("Teleport", known()), None);
        assert_eq!(nearest("Spun", known()), Some("Spin"));
        assert_eq!(nearest("Wait", known()), None);
    }
}
