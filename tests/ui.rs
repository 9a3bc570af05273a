//! Compile-fail tests of `bt!`: one mistake per file, each expected to give exactly one error, on
//! the offending token. Regenerate the expected output with `TRYBUILD=overwrite cargo test --test ui`
//! and review every `.stderr` by eye.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
