//! Property test: random token soup never makes the macro panic, and its output always parses.
//! Its pieces nest a few levels; streams nested or listed far beyond the limits are in `deep`.

use proc_macro2::TokenStream;
use proptest::prelude::*;

use super::parses;
use crate::expand::expand;

/// Pieces of token soup: the DSL's own vocabulary, well-formed leaves, and junk.
fn piece() -> impl Strategy<Value = String> + Clone {
    let leaf = prop_oneof![
        Just("A".to_string()),
        Just("m::B".to_string()),
        Just("::m::C::<1>".to_string()),
        Just("W::new(1, x)".to_string()),
        Just("W { t: 1 }".to_string()),
        Just("W(2)".to_string()),
        Just("{ |a: &mut Ag| S }".to_string()),
        Just("{ x }".to_string()),
    ];
    let word = prop::sample::select(vec![
        "sequence",
        "selector",
        "fallback",
        "parallel",
        "threshold_parallel",
        "parallel_all",
        "random",
        "if_then_else",
        "repeat",
        "invert",
        "retry",
        "timeout",
        "precondition",
        "guard",
        "abort",
        "lower_priority",
        "switch",
        "service",
        "_",
        "boxed",
        "pipeline_sequence",
        "round_robin",
        "recovery",
        "rate_controller",
        "keep_running_until_failure",
        "sleep",
        "always_success",
        "always_failure",
        "seqence",
        "walk",
        "n",
        "success",
        "seed",
        "struct",
        "pub",
        "for",
        "Agent",
        "true",
    ])
    .prop_map(str::to_string);
    let punct = prop::sample::select(vec![
        "<", ">", ">>", ",", ",", "=", "=>", "::", ":", "|", ".", "-", "#", "&", "->", "!", ";", "+",
    ])
    .prop_map(str::to_string);
    let literal = prop::sample::select(vec![
        "0",
        "1",
        "3",
        "17",
        "99999999999999999999999",
        "1.5s",
        "2ms",
        "10us",
        "5ns",
        "3min",
        "2.5",
        "\"x\"",
        "'c'",
        "-1",
    ])
    .prop_map(str::to_string);
    let atom = prop_oneof![4 => word, 4 => punct, 2 => literal, 2 => leaf];
    atom.prop_recursive(3, 48, 8, |inner| {
        let seq = prop::collection::vec(inner, 0..8).prop_map(|v| v.join(" "));
        prop_oneof![
            seq.clone().prop_map(|s| format!("({s})")),
            seq.clone().prop_map(|s| format!("[{s}]")),
            // Braces only where the DSL reads them as a named tree's body.
            seq.prop_map(|s| format!("struct T for Agent {{ {s} }}")),
        ]
    })
}

/// Whole inputs: plain soup, or soup that starts like a valid tree.
fn soup() -> impl Strategy<Value = String> {
    let body = prop::collection::vec(piece(), 0..24).prop_map(|v: Vec<String>| v.join(" "));
    prop_oneof![
        body.clone(),
        body.clone().prop_map(|b| format!("sequence< {b} >")),
        body.clone().prop_map(|b| format!("Agent => selector<A, {b}>")),
        body.prop_map(|b| format!("pub struct T(x: u8) for Agent {{ parallel(1)<{b}> }}")),
    ]
}

proptest! {
    // 2 000 cases by default; set `PROPTEST_CASES` for more, e.g.
    // `PROPTEST_CASES=200000 cargo test -p bt-macros --release`.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(2_000),
        ..ProptestConfig::default()
    })]

    /// The macro never panics, and its output is always valid Rust: the tree, or the errors as
    /// `compile_error!`s next to a placeholder (so a mistake never surfaces as a syntax error in
    /// code the user did not write).
    #[test]
    fn token_soup_never_panics(src in soup()) {
        let Ok(input) = src.parse::<TokenStream>() else { return Ok(()) };
        let out = expand(input);
        prop_assert!(parses(&out), "{src}\n=> {out}");
    }
}
