//! Mistakes that must not compile, with the error where the user can act on it.

#[test]
fn compile_fail() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
