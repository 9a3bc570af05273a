//! Tests of the whole pipeline on token streams (outside the compiler, through `proc_macro2`'s
//! fallback), including property tests that feed it random token soup (in `soup`) and deep and
//! wide token streams (in `deep`), and the limits (in `limits`).

mod deep;
mod limits;
mod soup;

use proc_macro2::TokenStream;

use crate::expand::expand;

fn run(src: &str) -> String {
    let input: TokenStream = src.parse().expect("test input tokenizes");
    expand(input).to_string()
}

/// The messages of the `compile_error!`s in the output, in order.
fn errors(src: &str) -> Vec<String> {
    let out: TokenStream = src.parse::<TokenStream>().map(expand).expect("test input tokenizes");
    let mut found = Vec::new();
    collect_errors(out, &mut found);
    found
}

fn collect_errors(tokens: TokenStream, found: &mut Vec<String>) {
    let tokens: Vec<_> = tokens.into_iter().collect();
    for (i, t) in tokens.iter().enumerate() {
        match t {
            proc_macro2::TokenTree::Ident(id) if id == "compile_error" => {
                if let Some(proc_macro2::TokenTree::Group(g)) = tokens.get(i + 2)
                    && let Ok(lit) = syn::parse2::<syn::LitStr>(g.stream())
                {
                    found.push(lit.value());
                }
            }
            proc_macro2::TokenTree::Group(g) => collect_errors(g.stream(), found),
            _ => {}
        }
    }
}

/// The stack the compiler runs a macro on (8 MiB), less what it has used before it calls the
/// macro (about 0.7 MiB, measured: a leaf of 384 nested blocks overflows a fresh 8 MiB thread in
/// this build, and 340 to 360 the compiler's) and a margin: 6 MiB.
const COMPILER_STACK: usize = 6 << 20;

/// Runs `f` on a thread with the stack of [`COMPILER_STACK`] (the test threads have 2 MiB).
fn on_compiler_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(COMPILER_STACK)
        .spawn(f)
        .and_then(|h| h.join().map_err(|_| std::io::Error::other("the expansion panicked")))
        .unwrap()
}

/// The output is valid Rust: an expression (anonymous form) or items (named form).
fn parses(out: &TokenStream) -> bool {
    syn::parse2::<syn::Expr>(out.clone()).is_ok() || syn::parse2::<syn::File>(out.clone()).is_ok()
}

#[test]
fn valid_trees_expand_without_errors() {
    for src in [
        "sequence<A, B>",
        "selector<sequence<A, B,>, C>",
        "Agent => parallel(1)<A, { |a: &mut Agent| Status::Success }>",
        "repeat(A)",
        "repeat(3)<A>",
        "repeat(n = 3)<A>",
        "precondition(IsReady)<invert(A)>",
        "precondition({ |a: &Agent| a.ok })<A>",
        // Writes to what is not the context: a copy of it, interior mutability, a local.
        "{ |a: &Agent| { let mut a = a.clone(); a.n += 1; a.n > 2 } }",
        "{ |a: &Agent| { *a.cell.borrow_mut() = 1; true } }",
        "{ |a: &Agent| { let mut n = a.n; n += 1; n > 2 } }",
        "timeout(1.5s)<A>",
        "delay(Duration::from_millis(3))<A>",
        "threshold_parallel(success = 2, failure = 1)<A, B, C>",
        "threshold_parallel<A, B>",
        "random(seed = 7)<A, B>",
        "if_then_else<C, A, B>",
        "boxed(sequence<A, B>)",
        "m::A::<3>",
        "::m::A { x: 1 }",
        "pub struct T for Agent { sequence<A::new(1), B> } struct U(x: i32) for Agent { x }",
        "pipeline_sequence<A, B>",
        "round_robin<A, B, C>",
        "recovery(0)<A, B>",
        "recovery(retries = k)<A, B>",
        "rate_controller(10)<A>",
        "rate_controller(hz = rate * 2.0)<A>",
        "keep_running_until_failure(A)",
        "sleep(1.5s)",
        "sleep(duration = d)",
        "always_success",
        "always_failure()",
        "Agent => sequence<always_success, sleep(100ms), always_failure>",
        "struct T for Agent { pipeline_sequence<rate_controller(1.0)<recovery(2)<A, B>>, sleep(1s), always_success> }",
        "switch(|r: &R| r.mode)<Mode::A => A, Mode::B | Mode::C => B>",
        "switch(|r: &R| r.n)<x if x > 2 => A, 1 | 2 => B, _ => C,>",
        "R => switch(pick)<Some(_) => A, None => switch(|r: &R| r.k)<_ => B>>",
        "service(250ms, A)<B>",
        "service(interval = d * 2, { |r: &mut R| Status::Success })<B>",
        "struct T for Agent { service(1s, A::new(2))<B> }",
        "guard(C, abort = none)<A>",
        "guard(C, abort = self)<A>",
        "guard({ |a: &Agent| a.ok }, abort = lower_priority)<A>",
        "struct T for Agent { guard(C, abort = both)<A> }",
    ] {
        let out: TokenStream = src.parse::<TokenStream>().map(expand).unwrap();
        assert!(!out.to_string().contains("compile_error"), "{src}: {out}");
        assert!(parses(&out), "{src}: {out}");
    }
}

#[test]
fn every_error_is_reported() {
    let e = errors("sequence<seqence<A>, parallel(5)<A, B>, invert<A, B>>");
    assert_eq!(e.len(), 3, "{e:?}");
    assert!(e[0].contains("did you mean `sequence`"));
    assert!(e[1].contains("5"));
    assert!(e[2].contains("exactly one child"));
}

#[test]
fn durations_become_exact_constants() {
    // A literal is a type-level constant, exact to the nanosecond.
    let out = run("timeout(1.5s)<A>");
    assert!(
        out.contains(":: bt :: kind :: Timeout :: new (:: bt :: ConstDuration :: < 1 , 500000000 >)"),
        "{out}"
    );
    let out = run("cooldown(250ms)<A>");
    assert!(out.contains("ConstDuration :: < 0 , 250000000 >"), "{out}");
    let out = run("struct T for Ag { delay(2s)<A> }");
    assert!(
        out.contains(
            "< :: bt :: kind :: Delay < :: bt :: ConstDuration :: < 2 , 0 > > as :: bt :: Compose <"
        ),
        "{out}"
    );
    // Any other expression is a run-time `Duration`.
    let out = run("timeout(limit)<A>");
    assert!(
        out.contains(":: bt :: kind :: Timeout :: < :: core :: time :: Duration > :: new (limit)"),
        "{out}"
    );
}

#[test]
fn new_node_arguments_expand_to_constants() {
    let out = run("recovery(2)<A, B>");
    assert!(out.contains(":: bt :: kind :: Recovery :: new (:: bt :: ConstU8 :: < 2 >)"), "{out}");
    let out = run("recovery(300)<A, B>");
    assert!(out.contains(":: bt :: kind :: Recovery :: new (:: bt :: Const :: < 300 >)"), "{out}");
    let out = run("recovery(k)<A, B>");
    assert!(out.contains(":: bt :: kind :: Recovery :: < u32 > :: new (k)"), "{out}");
    // A rate literal: its period, computed at compile time.
    let out = run("rate_controller(10)<A>");
    assert!(
        out.contains(":: bt :: kind :: RateController :: new (:: bt :: ConstRate :: < 0 , 100000000 >)"),
        "{out}"
    );
    let out = run("rate_controller(2.5)<A>");
    assert!(out.contains("RateController :: new (:: bt :: ConstRate :: < 0 , 400000000 >)"), "{out}");
    let out = run("rate_controller(3.0)<A>");
    assert!(out.contains("ConstRate :: < 0 , 333333333 >"), "{out}");
    let out = run("struct T for Agent { rate_controller(0.5)<A> }");
    assert!(out.contains(":: bt :: kind :: RateController < :: bt :: ConstRate :: < 2 , 0 > >"), "{out}");
    // Any other rate is an `f64` expression.
    let out = run("rate_controller(rate * 2.0)<A>");
    assert!(
        out.contains("RateController :: new (:: core :: convert :: identity :: < f64 > (rate * 2.0))"),
        "{out}"
    );
    let out = run("sleep(250ms)");
    assert!(
        out.contains(":: bt :: kind :: Sleep :: new (:: bt :: ConstDuration :: < 0 , 250000000 >)"),
        "{out}"
    );
    let out = run("always_success");
    assert!(out.contains("let __bt_s1 = :: bt :: kind :: AlwaysSuccess ;"), "{out}");
    assert!(
        out.contains("let __bt_children = () ; :: bt :: __private :: compose (__bt_children , __bt_s1)"),
        "{out}"
    );
    let out = run("keep_running_until_failure(A)");
    assert!(out.contains(":: bt :: kind :: UntilFailure"), "{out}");
    assert!(out.contains("NodeInfo :: keyword (\"until_failure\" , \"keep_running_until_failure\""), "{out}");
    let out = run("struct T for Ag { recovery(1)<A, always_failure> }");
    assert!(
        out.contains("< :: bt :: kind :: Recovery < :: bt :: ConstU8 :: < 1 > > as :: bt :: Compose <"),
        "{out}"
    );
    assert!(out.contains("< :: bt :: kind :: AlwaysFailure as :: bt :: Compose < () >> :: Node"), "{out}");
}

#[test]
fn leaf_keywords_reject_children() {
    for (src, needles) in [
        ("sleep(2s)<A>", &["`sleep` is a leaf and takes no children: write `sleep(2s)`", "delay(2s)<A>"][..]),
        ("always_success<A>", &["takes no children", "force_success<A>"]),
        ("always_failure(A)", &["takes no arguments or children", "force_failure<A>"]),
        ("always_success(n = 1)", &["`always_success` is a leaf and takes no arguments or children"]),
        ("always_success<>", &["takes no children: write `always_success`"]),
        ("always_success { A }", &["takes no children"]),
        ("sequence<A, always_failure<B, C>>", &["takes no children"]),
    ] {
        let e = errors(src);
        assert_eq!(e.len(), 1, "{src}: {e:?}");
        for needle in needles {
            assert!(e[0].contains(needle), "{src}: {e:?}");
        }
    }
}

#[test]
fn switch_expands_to_a_match_on_the_cases() {
    let out = run("switch(|r: &R| r.mode)<Mode::A => A, _ => B>");
    assert!(out.contains(":: bt :: __private :: switch (& __b , | r : & R | r . mode , | __bt_value | match __bt_value { Mode :: A => 0u8 , _ => 1u8 , })"), "{out}");
    assert!(
        out.contains("NodeInfo :: keyword (\"switch\" , \"switch\" , \"|r: &R| r.mode; Mode::A, _\""),
        "{out}"
    );
}

#[test]
fn observer_aborts_and_services_expand_to_their_specs() {
    let out = run("guard(C, abort = lower_priority)<A>");
    // `C`, a bare name, is the unit struct `C` or, for a struct with fields, `C::default()`.
    assert!(out.contains(":: bt :: kind :: Guard :: with_abort (:: bt :: abort :: LowerPriority , :: bt :: __private :: condition (& __b , {"), "{out}");
    assert!(
        out.contains("use C as __BtLeaf ; :: bt :: __private :: by_name :: < __BtLeaf , _ > (__BtLeaf) }))"),
        "{out}"
    );
    let out = run("guard(C)<A>");
    assert!(out.contains(":: bt :: abort :: SelfOnly"), "{out}");
    let out = run("guard(C, abort = none)<A>");
    assert!(out.contains(":: bt :: abort :: Neither"), "{out}");
    let out = run("service(250ms, S)<A>");
    assert!(
        out.contains(
            ":: bt :: kind :: Service :: new (:: bt :: ConstDuration :: < 0 , 250000000 > , __b . leaf ({"
        ),
        "{out}"
    );
    let out = run("struct T for Agent { service(1s, S)<A> }");
    assert!(out.contains(":: bt :: kind :: Service < < S as :: bt :: Leaf < Agent >> :: Node , :: bt :: ConstDuration :: < 1 , 0 > >"), "{out}");
    assert!(out.contains("< S as :: bt :: Leaf < Agent >> :: into_node ({"), "{out}");
    assert!(
        out.contains("use S as __BtLeaf ; :: bt :: __private :: by_name :: < __BtLeaf , _ > (__BtLeaf) })"),
        "{out}"
    );
}

#[test]
fn one_error_per_mistake() {
    for (src, needle) in [
        ("sequence<A, B", "never closed"),
        ("sequence<>", "empty"),
        ("sequence<A B>", "separate children with commas"),
        ("sequence<A> B", "after the tree"),
        ("sequence<A>, B", "single tree"),
        ("parallel(m = 1)<A, B>", "did you mean `n`"),
        ("timeout(3)<A>", "`3s`"),
        ("timeout(3u64)<A>", "`3s`"),
        ("precondition(sequence<A>)<B>", "condition leaf"),
        ("timeout(\"3\")<A>", "found a string"),
        ("parallel(0)<A>", "at least 1"),
        ("repeat(0)<A>", "never run"),
        ("retry(0)<A>", "never run"),
        ("retry(3)", "has no child"),
        ("invert", "needs a child"),
        ("Sequence<A>", "write its keyword, `sequence`"),
        ("sequence<A, |a: &mut X| S>", "braces"),
        ("sequence<A.b()>", "braces"),
        ("sequence<X::new(>)>", "in the leaf"),
        ("", "expected a behavior tree"),
        ("=> A", "context type"),
        ("struct T for Agent { { f() } }", "braced leaf"),
        ("struct T for Agent { f::g() }", "cannot call the function"),
        ("struct T for Agent { }", "empty"),
        ("struct T { A }", "`for`"),
        ("struct T for Agent { A(,) }", "in the leaf"),
        ("sleep", "`sleep` needs a duration: write `sleep(500ms)`"),
        ("sleep(3)", "`3s`"),
        ("rate_controller(0)<A>", "must be above 0"),
        ("rate_controller(0.0)<A>", "must be above 0"),
        ("rate_controller(-2.0)<A>", "must be above 0"),
        ("rate_controller(500ms)<A>", "not a period: for one tick every `500ms`, write `rate_controller(2)`"),
        ("rate_controller(300ms)<A>", "write `rate_controller(3.333)`"),
        ("rate_controller(\"x\")<A>", "found a string"),
        ("rate_controller(10hz)<A>", "suffix `hz`"),
        ("rate_controller(1e999)<A>", "too large"),
        ("rate_controller<A>", "needs a rate in hertz"),
        ("recovery(1)<A>", "takes exactly 2 children, but has 1"),
        ("recovery(1)<A, B, C>", "takes exactly 2 children, but has 3"),
        ("recovery<A, B>", "needs the number of retries"),
        ("recovery(-1)<A, B>", "cannot be negative"),
        ("recovery(1.5)<A, B>", "whole number"),
        ("recovery(99999999999)<A, B>", "fit in a `u32`"),
        ("RoundRobin<A>", "write its keyword, `round_robin`"),
        ("KeepRunningUntilFailure<A>", "`keep_running_until_failure`, as in `keep_running_until_failure(A)`"),
        ("pipeline<A, B>", "did you mean `pipeline_sequence`"),
        ("switch(s)<Mode::A A, _ => B>", "expected `=>` after the pattern `Mode::A A`"),
        ("switch(s)<Mode::A => A, _ B>", "expected `=>`"),
        ("switch(s)<Mode::A =>, _ => B>", "has no node after `=>`"),
        ("switch(s)<Mode::A => >", "has no node after `=>`"),
        ("switch(s)<=> A>", "expected a pattern"),
        ("switch(s)<Mode::A + 1 => A>", "is not a pattern"),
        ("switch(s)<_ => A, Mode::B => B>", "must be the last case"),
        ("switch(s)<>", "has no cases"),
        ("{ |a: &Agent| { a.seen = true; a.ok } }", "a condition cannot change the context"),
        ("{ |a: &Agent| { a.log[0] += 1; true } }", "conditions take the context by `&` by design"),
        ("switch(s)", "has no cases"),
        ("switch<Mode::A => A>", "needs a selector"),
        ("switch(s)<Mode::A => A, , _ => B>", "expected a case before this `,`"),
        ("switch(s)<Mode::A => A B>", "separate cases with commas"),
        ("switch(s)<Mode::A => A", "never closed"),
        ("swich(s)<_ => A>", "did you mean `switch`"),
        ("match(s)<_ => A>", "did you mean `switch`"),
        ("service(A)<B>", "needs an interval and a leaf"),
        ("service(250ms)<B>", "needs an interval and a leaf"),
        ("service(250, A)<B>", "`250ms`"),
        ("service(1s, sequence<A>)<B>", "runs a leaf"),
        ("service(1s, A, B)<C>", "takes 2 arguments"),
        ("service(1s, A)<B, C>", "exactly one child"),
        ("guard(C, abort = sideways)<A>", "`none`, `self`, `lower_priority` or `both`"),
        ("guard(C, abort = LowerPriority)<A>", "did you mean `lower_priority`"),
        ("guard(C, D)<A>", "single condition"),
        ("guard(C, abort = both, abort = none)<A>", "`abort` is given twice"),
        ("precondition(C, abort = both)<A>", "no observer abort"),
    ] {
        let e = errors(src);
        assert_eq!(e.len(), 1, "{src}: {e:?}");
        assert!(e[0].contains(needle), "{src}: {e:?}");
    }
}

#[test]
fn description_follows_the_source() {
    let out = run("sequence<\n    A::new(1),\n    { |a: &Ag| a.x > 2 },\n>");
    assert!(out.contains("(\"{ |a: &Ag| a.x > 2 }\" , 1u16 , 3u32 , 5u32"), "{out}");
    assert!(out.contains("(\"A::new(1)\" , 1u16 , 2u32 , 5u32"), "{out}");
}

#[test]
fn newcomer_mistakes_get_one_precise_error() {
    for (src, needle) in [
        ("retry(3)(Go)", "write `retry(3)<Go>`"),
        ("sequence<retry(3)(Go), A>", "write `retry(3)<Go>`"),
        ("Gate(3)(Go)", "write `Gate(3)<Go>`"),
        ("sequence<Gate(3)(Go)>", "write `Gate(3)<Go>`"),
        ("guard(Ok_, lower_priority)<A>", "`guard(…, abort = lower_priority)`"),
        ("service(Go, 1s)<A>", "the interval comes first"),
        ("parallel(n = )<A, B>", "an argument is incomplete"),
        ("Gate(limit = )<A>", "an argument is incomplete"),
        ("sequence<A; B; C>", "separate children with `,`"),
        ("retry(3, 4, 5)<A>", "remove `4, 5`"),
        ("sequence<\"a\", A, \"b\">", "and also `\"b\"`"),
        ("sequence<A, { 42 }>", "braces around a literal"),
        ("retry<3, A>", "write `retry(3)<A>`"),
        ("repeat<A>(3)", "write `repeat(3)<A>`"),
        ("delay(500ms, A)", "write `delay(500ms)<A>`"),
        ("Agent: sequence<A, B>", "with `=>`, not `:`"),
        ("Agent -> sequence<A, B>", "with `=>`, not `->`"),
        ("&mut Agent => sequence<A, B>", "write `bt! { Agent => … }`"),
        ("retry(n: 3)<A>", "write `n = 3`"),
        ("timeout(2 s)<A>", "`2s`"),
        ("retry(num_attempts = 3)<A>", "write `retry(3)<A>`"),
        ("repeat(-1)<A>", "write `repeat<A>` to repeat forever"),
        ("parallel(success = 2)<A, B>", "write `parallel(2)<A, B, C>`"),
        ("sequence<A, { |a| S }>", "needs its type"),
        ("sequence<A, { |a: Ag| S }>", "takes the context by reference"),
        ("pub struct T for Ag { sequence<A, Set<X>::new(1)> }", "write `Set::<X>::new(1)`"),
        ("sequence<\n    selector<\n        A,\n        B,\n    C,\n>", "add `>` after `B`"),
    ] {
        let e = errors(src);
        assert_eq!(e.len(), 1, "{src}: {e:?}");
        assert!(e[0].contains(needle), "{src}: {e:?}");
    }
    assert!(errors("recovery(retries = 2)<A, B>").is_empty());
}
