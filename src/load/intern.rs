//! Texts and descriptions made at run time that must live as long as the program: a loaded tree's
//! description is `&'static` like a compiled one's, so everything that reads descriptions works
//! on both.
//!
//! Each distinct text and each distinct description is kept once, for the life of the process:
//! loading the same file again (or another goal's copy of the same tree) reuses them, and an edit
//! costs only what it changes. A program that loads an unbounded number of *different* trees keeps
//! every description it has seen; one that reloads a few files, as an editor session or a robot
//! choosing among its trees does, keeps a few.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;
#[allow(unused_imports)]
use std::{format, vec};

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::{Argument, NodeInfo, NodeScript, PortBinding, TreeDescription};

/// `text`, kept for the life of the program (once for all equal texts).
pub fn intern(text: &str) -> &'static str {
    static TEXTS: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut texts = TEXTS.get_or_init(Default::default).lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&t) = texts.get(text) {
        return t;
    }
    let t: &'static str = Box::leak(text.to_owned().into_boxed_str());
    texts.insert(t);
    t
}

/// Interns slices of one element type: each distinct slice kept once.
macro_rules! slices {
    ($(#[$doc:meta])* $name:ident: $t:ty) => {
        $(#[$doc])*
        pub(crate) fn $name(items: Vec<$t>) -> &'static [$t] {
            static ALL: OnceLock<Mutex<HashSet<&'static [$t]>>> = OnceLock::new();
            if items.is_empty() {
                return &[];
            }
            let mut all = ALL.get_or_init(Default::default).lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(&s) = all.get(items.as_slice()) {
                return s;
            }
            let s: &'static [$t] = Box::leak(items.into_boxed_slice());
            all.insert(s);
            s
        }
    };
}

slices!(
    /// These structured arguments, kept for the life of the program (once for all equal ones).
    arguments: Argument
);
slices!(
    /// These port bindings, kept for the life of the program (once for all equal ones).
    bindings: PortBinding
);
slices!(
    /// These scripts, kept for the life of the program (once for all equal ones).
    scripts: NodeScript
);

/// What identifies a description.
type Described = (&'static str, &'static str, &'static str, Vec<NodeInfo>);

/// The description of these entries, kept for the life of the program (once for all equal ones).
pub(crate) fn description(
    name: &'static str,
    context: &'static str,
    file: &'static str,
    entries: Vec<NodeInfo>,
) -> &'static TreeDescription {
    static DESCRIPTIONS: OnceLock<Mutex<HashMap<Described, &'static TreeDescription>>> = OnceLock::new();
    let mut all = DESCRIPTIONS.get_or_init(Default::default).lock().unwrap_or_else(PoisonError::into_inner);
    let key = (name, context, file, entries);
    if let Some(&d) = all.get(&key) {
        return d;
    }
    let entries: &'static [NodeInfo] = Box::leak(key.3.clone().into_boxed_slice());
    let d: &'static TreeDescription = Box::leak(Box::new(TreeDescription::new(name, context, file, entries)));
    all.insert(key, d);
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_and_descriptions_are_kept_once() {
        let a = intern(&String::from("goal"));
        let b = intern("goal");
        assert!(std::ptr::eq(a, b));
        let e = vec![NodeInfo::leaf("A", 0, 1, 1, None)];
        let d1 = description("T", "Ctx", "t.xml", e.clone());
        let d2 = description("T", "Ctx", "t.xml", e);
        assert!(std::ptr::eq(d1, d2));
        assert_eq!(d1.len(), 1);
    }
}
