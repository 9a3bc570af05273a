//! `bt_xml!`: a BehaviorTree.CPP / Groot2 XML file as a `bt!` tree.
//!
//! The file is read by `bt-xml` into its node model, which is written out as the tokens of the
//! equivalent `bt!` tree and handed to the same pipeline (parse → validate → expand): the code and
//! the description are those of that `bt!` tree. Every generated token carries the span of the
//! invocation's path literal, so errors in the tree point there; XML errors are reported there too,
//! each naming its file, line and column.

use std::path::{Path as FsPath, PathBuf};

use proc_macro2::{Delimiter, Group, Literal, Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};

mod invocation;
mod positioned;
mod registry;
mod script;
mod text;
mod tree;
mod unknown;

use invocation::{Invocation, Mapping, NamedHead};
use tree::Gen;

/// Most XML errors reported for one invocation.
const MAX_ERRORS: usize = 20;

/// The name errors give the XML written inline in the invocation (a literal starting with `<`).
const INLINE_NAME: &str = "(inline XML)";

/// The whole macro. Never panics.
pub(crate) fn expand(input: TokenStream) -> TokenStream {
    if let Some(span) = crate::limits::nesting(input.clone()) {
        return crate::limits::nesting_error(span, "invocation").to_compile_error();
    }
    let inv = match syn::parse2::<Invocation>(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    let span = inv.file.span();
    let text = inv.file.value();
    // A literal that starts with `<` is the XML itself, not a file's path.
    let inline = text.trim_start().starts_with('<');
    let (dir, path) = if inline {
        let manifest = std::env::var("CARGO_MANIFEST_DIR").map(PathBuf::from).unwrap_or_default();
        (manifest.clone(), manifest.join(INLINE_NAME))
    } else {
        locate(&text, span)
    };
    let tree = inv.tree.as_ref().map(syn::LitStr::value);
    let siblings: Vec<PathBuf> = inv.files.iter().map(|f| locate(&f.value(), f.span()).1).collect();
    let result = if inline {
        bt_xml::load_str_among(&path.to_string_lossy(), &text, tree.as_deref(), &siblings)
    } else {
        bt_xml::load_among(&path, tree.as_deref(), &siblings)
    };
    let mut out = TokenStream::new();
    let mut registry = TokenStream::new();
    let mut annotations = Vec::new();
    let (body, files) = match result {
        Ok(t) => {
            if let Some(h) = &inv.named {
                registry = registry::registry_of(h, &inv, &t.root, &siblings, span);
            }
            // The macro's own hygiene (so lints see generated code) at the path literal (so
            // errors point there).
            let gen_span = Span::call_site().located_at(span);
            let mut g = Gen {
                span: gen_span,
                nodes: &inv.nodes,
                checks: Vec::new(),
                files: &t.files,
                dir: &dir,
                scripts: script::Compiled::default(),
                annotations: Vec::new(),
            };
            let keys: Vec<(String, syn::Type)> =
                inv.keys.iter().map(|k| (k.name.clone(), k.ty.clone())).collect();
            let enums: Vec<(String, syn::Expr)> =
                inv.enums.iter().map(|e| (e.name.to_string(), e.value.clone())).collect();
            let (prefix, vis, ctx) = match &inv.named {
                Some(h) => (h.name.to_string(), h.vis.to_token_stream(), Some(h.ctx.to_token_stream())),
                None => (String::new(), TokenStream::new(), inv.ctx.as_ref().map(ToTokens::to_token_stream)),
            };
            let opts = script::Options { keys: &keys, enums: &enums, prefix, vis, ctx };
            // A misspelled element: nothing of the tree is generated, so that rustc adds no error
            // of its own on the name.
            let declared = declared_ids(inline.then_some(text.as_str()), &t.files);
            let unknown = unknown::check(&t.root, &inv.nodes, &declared, &|pos| g.at(pos));
            for message in &unknown {
                out.extend(syn::Error::new(span, message).to_compile_error());
            }
            let failed = !unknown.is_empty() || {
                let compiled = script::compile(&t.root, &opts, &|name| g.path_of(name), &|pos| g.at(pos));
                out.extend(g.respan(compiled.items.clone()));
                let failed = compiled.failed;
                g.scripts = compiled;
                failed
            };
            if failed {
                (None, t.files.clone())
            } else {
                let body = g.node(&t.root);
                g.model_checks(&t.models, &t.root);
                out.extend(g.checks);
                annotations = g.annotations;
                (Some(body), t.files.clone())
            }
        }
        Err(errors) => {
            // A file that is wrong everywhere: the first errors say what is wrong.
            let more = errors.len().saturating_sub(MAX_ERRORS);
            for e in errors.iter().take(MAX_ERRORS) {
                let shown = FsPath::new(&e.file)
                    .strip_prefix(&dir)
                    .map_or_else(|_| e.file.clone(), FsPath::to_path_buf);
                let prefix = format!("{}/", dir.display());
                let e = bt_xml::Error { file: shown, message: e.message.replace(&prefix, ""), ..e.clone() };
                out.extend(syn::Error::new(span, e.to_string()).to_compile_error());
            }
            if more > 0 {
                let msg = format!("… and {more} more errors in the XML file(s)");
                out.extend(syn::Error::new(span, msg).to_compile_error());
            }
            (None, vec![path.clone()])
        }
    };
    // Cargo rebuilds when a file read here changes: the files that can be read (a regular file
    // within the size limit; `include_bytes!` of `/dev/zero` would never end).
    let readable = |f: &&PathBuf| {
        std::fs::metadata(f).is_ok_and(|m| m.is_file() && m.len() <= bt_xml::limits::MAX_FILE_BYTES as u64)
    };
    for f in files.iter().filter(readable) {
        let abs = f.canonicalize().unwrap_or_else(|_| f.clone());
        let lit = Literal::string(&abs.to_string_lossy());
        out.extend(quote_spanned!(span=> const _: &[u8] = ::core::include_bytes!(#lit);));
    }
    let body = body.unwrap_or_else(|| quote_spanned!(span=> always_failure));
    let tree_tokens = match &inv.named {
        Some(h) => {
            let NamedHead { attrs, vis, name, ctx } = h;
            let group = Group::new(Delimiter::Brace, body);
            quote!(#(#attrs)* #vis struct #name for #ctx #group)
        }
        None => match &inv.ctx {
            Some(ctx) => quote!(#ctx => #body),
            None => body,
        },
    };
    let expanded = crate::expand::expand_annotated(tree_tokens, &annotations);
    match inv.named {
        Some(_) => quote!(#out #expanded #registry),
        None => quote_spanned!(span=> { #out #expanded }),
    }
}

/// The node IDs the models (`<TreeNodesModel>`) of the files read declare: of the inline XML
/// `inline`, or of each file.
fn declared_ids(inline: Option<&str>, files: &[PathBuf]) -> Vec<String> {
    let models = match inline {
        Some(text) => bt_xml::models_str(text).unwrap_or_default(),
        None => files.iter().flat_map(|f| bt_xml::models(f).unwrap_or_default()).collect(),
    };
    models.into_iter().map(|m| m.id).collect()
}

/// Where the file is: relative to `CARGO_MANIFEST_DIR`, or, when no such file exists, relative to
/// the directory of the source file that invokes the macro. Returns the base directory and the
/// path.
fn locate(file: &str, span: Span) -> (PathBuf, PathBuf) {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").map(PathBuf::from).unwrap_or_default();
    let first = manifest.join(file);
    if first.exists() {
        return (manifest, first);
    }
    let source_dir = span.local_file().and_then(|f| {
        let f = if f.is_relative() { std::env::current_dir().ok()?.join(f) } else { f };
        f.parent().map(FsPath::to_path_buf)
    });
    match source_dir {
        Some(d) if d.join(file).exists() => {
            let p = d.join(file);
            (d, p)
        }
        _ => (manifest, first),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// The corpus files, read once.
    fn corpus() -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/xml/corpus");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.retain(|p: &std::path::PathBuf| p.extension().is_some_and(|e| e == "xml"));
        files.sort();
        files.iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect()
    }

    /// Expands `bt_xml!` over `text`, written to a file of its own.
    fn expand_text(text: &str, name: &str, named: bool) -> String {
        let dir = std::env::temp_dir().join(format!("bt-xml-fuzz-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let lit = proc_macro2::Literal::string(&path.to_string_lossy());
        let input =
            if named { quote::quote!(pub struct T for Ctx = #lit) } else { quote::quote!(#lit, ctx = Ctx) };
        super::expand(input).to_string()
    }

    #[test]
    fn corpus_files_expand() {
        let files = corpus();
        assert_eq!(files.len(), 16);
        let mut ok = 0;
        for (i, text) in files.iter().enumerate() {
            let out = expand_text(text, &format!("corpus{i}.xml"), i % 2 == 0);
            if !out.contains("compile_error") {
                ok += 1;
            }
        }
        // Without `tree = …`, the two files with several trees and no main tree are errors too; the
        // files whose scripts read entries nothing declares (`keys(…)`) and constants nothing names
        // (`enums(…)`) are as well, and those whose trees are in sibling files (`files(…)`).
        assert_eq!(ok, 9);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// The macro never panics, whatever the file holds.
        #[test]
        fn never_panics_on_mutated_files(file in 0usize..16, ops in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..6), named in any::<bool>()) {
            let files = corpus();
            let mut b = files[file % files.len()].clone().into_bytes();
            for (at, byte) in ops {
                if b.is_empty() { break; }
                let i = at % b.len();
                if byte % 3 == 0 { b.remove(i); } else { b[i] = byte; }
            }
            let text = String::from_utf8_lossy(&b).into_owned();
            let _ = expand_text(&text, &format!("mutated{file}.xml"), named);
        }
    }
}
