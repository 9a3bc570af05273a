//! Property test: deep and wide token streams (nested composites, leaves and arguments nested in
//! every way `syn` recurses, long lists) never overflow the macro's stack, on a stack like the
//! compiler's; beyond a limit the output holds the error naming it, and it is always valid Rust.
//!
//! 64 cases per property by default; `PROPTEST_CASES=5000 cargo test -p bt-macros --release
//! deep` runs more.

use proptest::prelude::*;

use super::{collect_errors, on_compiler_stack, parses};
use crate::limits::{MAX_DEPTH, MAX_NESTING};

/// One level of a tree: a keyword (or a node kind of the user's) around the rest, with siblings.
fn composite() -> impl Strategy<Value = (&'static str, &'static str, usize)> {
    let open = prop::sample::select(vec![
        ("sequence<", ">"),
        ("selector<", ">"),
        ("reactive_sequence<", ">"),
        ("parallel(1)<", ">"),
        ("repeat(3)<", ">"),
        ("retry(2)<", ">"),
        ("invert(", ")"),
        ("force_success<", ">"),
        ("boxed(", ")"),
        ("Gate(2)<", ">"),
        ("m::Kind<", ">"),
        ("switch(s)<", ">"),
        ("timeout(1s)<", ">"),
    ]);
    (open, 0usize..4).prop_map(|((o, c), siblings)| (o, c, siblings))
}

/// One level of syntax inside a leaf: brackets, generics, closures, prefix operators,
/// assignments, return types.
fn layer() -> impl Strategy<Value = (&'static str, &'static str)> {
    prop::sample::select(vec![
        ("{ ", " }"),
        ("(", ")"),
        ("[", "]"),
        ("Vec<", ">"),
        ("&", ""),
        ("&mut ", ""),
        ("!", ""),
        ("-", ""),
        ("*", ""),
        ("|a, b| ", ""),
        ("move || ", ""),
        ("x = ", ""),
        ("return ", ""),
        ("fn() -> ", ""),
        ("if a { b } else ", ""),
        ("f(1, ", ", 2)"),
        ("S { f: ", " }"),
        ("a.b(", ").c"),
    ])
}

/// The syntax of `layers` around an identifier.
fn nest(layers: &[(&str, &str)]) -> String {
    let open: String = layers.iter().map(|l| l.0).collect();
    let close: String = layers.iter().rev().map(|l| l.1).collect();
    format!("{open}x{close}")
}

/// Where a deep piece of syntax goes: a braced leaf, a call's arguments, a struct literal, a
/// condition, a keyword's or a node kind's arguments, a switch pattern, the context type.
fn place(inner: &str, at: u8) -> String {
    match at % 8 {
        0 => format!("{{ {inner} }}"),
        1 => format!("W::new({inner})"),
        2 => format!("W {{ f: {inner} }}"),
        3 => format!("precondition({{ {inner} }})<A>"),
        4 => format!("timeout({inner})<A>"),
        5 => format!("Gate({inner})<A>"),
        6 => format!("switch(s)<({inner}) => A>"),
        _ => format!("W::<{inner}>"),
    }
}

/// A tree of `levels` around `leaf`; the depth of the leaf.
fn tree(levels: &[(&str, &str, usize)], leaf: &str) -> (String, usize) {
    let mut s = leaf.to_string();
    for (open, close, siblings) in levels.iter().rev() {
        s = if open.ends_with('(') {
            format!("{open}{s}{close}")
        } else if open.starts_with("switch") {
            // `switch`'s children are cases.
            format!("{open}{}_ => {s}{close}", "x => A, ".repeat(*siblings))
        } else {
            format!("{open}{}{s}{close}", "A, ".repeat(*siblings))
        };
    }
    (s, levels.len() + 1)
}

/// Expands `src` on a stack like the compiler's: its errors, and whether the output parses.
fn expand(src: String) -> (Vec<String>, bool) {
    on_compiler_stack(move || {
        let Ok(input) = src.parse::<proc_macro2::TokenStream>() else { return (Vec::new(), true) };
        let out = crate::expand::expand(input);
        let mut found = Vec::new();
        collect_errors(out.clone(), &mut found);
        (found, parses(&out))
    })
}

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    /// Composites nested up to 400 deep, of every kind: beyond the limit, one error says so.
    #[test]
    fn deep_trees(levels in prop::collection::vec(composite(), 1..400), named in any::<bool>()) {
        let (src, depth) = tree(&levels, "A");
        let src = if named { format!("struct T for Agent {{ {src} }}") } else { src };
        let (errors, parses) = expand(src.clone());
        prop_assert!(parses, "{src}");
        let too_deep = errors.iter().filter(|e| e.contains(&format!("is at most {MAX_DEPTH} nodes deep"))).count();
        prop_assert_eq!(too_deep, usize::from(depth > MAX_DEPTH), "{:?}", errors);
    }

    /// Leaves, arguments, patterns and types nested up to 300 levels, in every position, at any
    /// depth of the tree: beyond the limit, one error says so.
    #[test]
    fn deep_syntax(layers in prop::collection::vec(layer(), 1..300), at in any::<u8>(), levels in prop::collection::vec(composite(), 0..MAX_DEPTH)) {
        let inner = nest(&layers);
        let (src, _) = tree(&levels, &place(&inner, at));
        let (errors, parses) = expand(src.clone());
        prop_assert!(parses, "{src}");
        // Each layer counts at least one level (the place adds at most one).
        if layers.len() > MAX_NESTING {
            prop_assert!(errors.iter().any(|e| e.contains(&format!("nests more than {MAX_NESTING} levels"))), "{:?}", errors);
        }
    }

    /// The context type, deep.
    #[test]
    fn deep_context(layers in prop::collection::vec(layer(), 1..300)) {
        let src = format!("{} => sequence<A>", nest(&layers));
        let (_, parses) = expand(src.clone());
        prop_assert!(parses, "{src}");
    }

    /// Wide composites and long lists: children, arguments, struct fields, cases.
    #[test]
    fn wide_lists(n in 1usize..1500, at in 0u8..5) {
        let list = |item: &str| vec![item; n].join(", ");
        let src = match at {
            0 => format!("sequence<{}>", list("A")),
            1 => format!("sequence<W::new({})>", list("1")),
            2 => format!("Gate({})<A>", list("x = 1")),
            3 => format!("switch(s)<{}>", list("_ => A")),
            _ => format!("sequence<{{ [{}] }}, W {{ {} }}>", list("-1"), list("f: 1")),
        };
        let (errors, parses) = expand(src.clone());
        prop_assert!(parses);
        if at == 0 && n > 16 {
            prop_assert!(errors.iter().any(|e| e.contains(&format!("`sequence` has {n} children"))), "{:?}", errors);
        }
    }
}
