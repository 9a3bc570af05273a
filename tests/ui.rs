//! Compile-fail tests of `bt!`: one mistake per file, each expected to give exactly one error, on
//! the offending token. Regenerate the expected output with `TRYBUILD=overwrite cargo test --test ui`
//! and review every `.stderr` by eye.

#[test]
// The messages do not depend on the crate's optional features: the default build checks them, and
// the all-features run (CI's second test run) does not build every case again.
#[cfg_attr(
    all(feature = "groot", feature = "reload", feature = "tracing"),
    ignore = "checked in the default build"
)]
fn ui() {
    // An XML file larger than `bt_xml!` reads (`xml_file_too_large.rs`): sparse, so nothing of it
    // is written, or read by the macro, but its length.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/xml/generated");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::File::create(dir.join("too_large.xml")).unwrap().set_len(2 << 20).unwrap();
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
