//! The limits of `bt!` (`crate::limits`): a tree at each limit expands without error, one beyond
//! it gives one error naming it, and inputs far beyond (thousands of levels, the reported
//! hostile inputs) are refused without the macro recursing into them.

use super::{errors, on_compiler_stack, parses, run};
use crate::limits::{MAX_DEPTH, MAX_NESTING, MAX_NODES};

/// `depth` nested sequences around a leaf: a tree `depth + 1` nodes deep.
fn chain(depth: usize) -> String {
    format!("{}A{}", "sequence<".repeat(depth), ">".repeat(depth))
}

/// A tree `depth` nodes deep whose every composite has 16 children: the deepest and widest tree.
fn comb(depth: usize) -> String {
    let mut s = "A".to_string();
    for _ in 1..depth {
        s = format!("sequence<{s}, {}>", ["A"; 15].join(", "));
    }
    s
}

/// Expands on a stack like the compiler's; the errors, and whether the output parses.
fn expand_deep(src: String) -> (Vec<String>, bool) {
    on_compiler_stack(move || {
        let out: proc_macro2::TokenStream =
            src.parse::<proc_macro2::TokenStream>().map(crate::expand::expand).unwrap();
        let mut found = Vec::new();
        super::collect_errors(out.clone(), &mut found);
        (found, parses(&out))
    })
}

#[test]
fn the_deepest_and_widest_tree_expands() {
    let out = run(&comb(MAX_DEPTH));
    assert!(!out.contains("compile_error"), "{out}");
    let out = run(&format!("struct T for Agent {{ {} }}", comb(MAX_DEPTH)));
    assert!(!out.contains("compile_error"));
}

#[test]
fn one_level_deeper_is_one_error_on_the_node_too_deep() {
    assert!(errors(&chain(MAX_DEPTH - 1)).is_empty());
    let e = errors(&chain(MAX_DEPTH));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("this node is nested 49 deep: a tree is at most 48 nodes deep"), "{}", e[0]);
    // Wide below the limit: still one error.
    let wide = format!("sequence<{}>", [chain(MAX_DEPTH).as_str(); 16].join(", "));
    assert_eq!(errors(&wide).len(), 1);
    // Decorators with their child in parentheses, in the named form.
    let parens =
        format!("struct T for Agent {{ {}A{} }}", "invert(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
    assert_eq!(errors(&parens).len(), 1);
}

#[test]
fn the_reported_hostile_trees_give_one_error() {
    for (src, needle) in [
        (chain(900), "nested 49 deep"),
        (chain(20_000), "nested 49 deep"),
        (format!("sequence<{{ {}A{} }}>", "{".repeat(500), "}".repeat(500)), "leaf nests more than 64"),
        (
            format!("sequence<W::new({}1{})>", "(".repeat(10_000), ")".repeat(10_000)),
            "leaf nests more than 64",
        ),
        (format!("sequence<W::<{}u8{}>>", "Vec<".repeat(5000), ">".repeat(5000)), "leaf nests more than 64"),
        (format!("{}u8{} => A", "Vec<".repeat(5000), ">".repeat(5000)), "context type nests more than 64"),
        (
            format!("timeout({}1{})<A>", "(".repeat(5000), ")".repeat(5000)),
            "argument list nests more than 64",
        ),
        (format!("precondition({{ {}x }})<A>", "!".repeat(100_000)), "argument list nests more than 64"),
        (
            format!("switch(s)<{}x{} => A>", "Some(".repeat(5000), ")".repeat(5000)),
            "pattern nests more than 64",
        ),
        (format!("sequence<{}>", vec!["A"; 10_000].join(", ")), "has 10000 children"),
        (format!("sequence<{{ f({}) }}>", vec!["1"; 20_000].join(", ")), ""),
    ] {
        let (e, parses) = expand_deep(src.clone());
        assert!(parses, "{}", &src[..40]);
        if needle.is_empty() {
            assert!(e.is_empty(), "{e:?}");
        } else {
            assert_eq!(e.len(), 1, "{}: {e:?}", &src[..40]);
            assert!(e[0].contains(needle), "{}: {e:?}", &src[..40]);
        }
    }
}

#[test]
fn leaves_nest_up_to_the_limit() {
    // The braced leaf is one level, its braces the others.
    let leaf = |n: usize| format!("sequence<{{ {}A{} }}>", "{".repeat(n - 1), "}".repeat(n - 1));
    assert!(errors(&leaf(MAX_NESTING)).is_empty());
    let e = errors(&leaf(MAX_NESTING + 1));
    assert_eq!(e.len(), 1);
    assert!(e[0].starts_with("this leaf nests more than 64 levels deep here"), "{}", e[0]);
}

/// A tree of exactly `n` nodes, each composite with at most 16 children.
fn tree_of(n: usize) -> String {
    if n == 1 {
        return "A".into();
    }
    let k = (n - 1).min(16);
    let (q, r) = ((n - 1) / k, (n - 1) % k);
    let kids: Vec<String> = (0..k).map(|i| tree_of(q + usize::from(i < r))).collect();
    format!("sequence<{}>", kids.join(", "))
}

#[test]
fn trees_of_more_nodes_than_the_limit_are_refused() {
    assert!(errors(&tree_of(MAX_NODES)).is_empty());
    for src in [tree_of(MAX_NODES + 1), format!("struct T for Agent {{ {} }}", tree_of(MAX_NODES + 1))] {
        let e = errors(&src);
        assert_eq!(e.len(), 1);
        assert!(
            e[0].starts_with(&format!(
                "the tree has more than {MAX_NODES} nodes (this is node {})",
                MAX_NODES + 1
            )),
            "{}",
            e[0]
        );
    }
}
