//! Leaves; in the named form, the leaf's type worked out from its syntax.

use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};

use super::{CheckedLeaf, Mode, err};
use crate::parse::{Leaf, LeafKind, Path};

/// A leaf; in the named form, also works out its type from the syntax.
pub(super) fn check_leaf(leaf: Leaf, mode: Mode<'_>, errors: &mut Vec<syn::Error>) -> Option<CheckedLeaf> {
    let Mode::Named { name: tree, params } = mode else {
        let mut leaf = leaf;
        return super::closure::check_closure(&mut leaf, errors).then_some(CheckedLeaf { leaf, ty: None });
    };
    let text = crate::text::tidy(&leaf.tokens);
    let alternatives = "implement `bt::Action` or `bt::Condition` for a type and write the leaf as `MyAction`, `MyAction::new(…)` or `MyAction { … }`, or pass the value as a parameter of the tree (`struct Name(leaf: MyAction) for Ctx { … }`), or use the anonymous form `bt! { … }`, whose leaves can be any expression";
    let ty = match &leaf.kind {
        LeafKind::Braced(_) => {
            err(
                errors,
                leaf.span,
                format!(
                    "a named tree cannot have a braced leaf (`{text}`): `{tree}` spells out the type of every node, and the type of an arbitrary expression or closure has no name; {alternatives}"
                ),
            );
            return None;
        }
        LeafKind::Path(p) => {
            if let [seg] = p.segments.as_slice()
                && seg.generics.is_empty()
                && !p.leading_colon
                && let Some((_, ty)) = params.iter().find(|(n, _)| *n == seg.ident)
            {
                return Some(CheckedLeaf { ty: Some(ty.to_token_stream()), leaf });
            }
            if p.segments.last().is_some_and(|s| starts_lowercase(&s.ident)) {
                err(
                    errors,
                    leaf.span,
                    format!(
                        "in a named tree a leaf must be written with its type, and `{text}` does not look like a type; {alternatives}"
                    ),
                );
                return None;
            }
            path_tokens(p, p.segments.len())
        }
        LeafKind::Struct(p) => path_tokens(p, p.segments.len()),
        LeafKind::Call(p) => {
            let last_is_type = p.segments.last().is_some_and(|s| !starts_lowercase(&s.ident));
            let owner_is_type = p.segments.len() >= 2
                && p.segments.get(p.segments.len() - 2).is_some_and(|s| !starts_lowercase(&s.ident));
            if last_is_type {
                path_tokens(p, p.segments.len())
            } else if owner_is_type {
                path_tokens(p, p.segments.len() - 1)
            } else {
                err(
                    errors,
                    leaf.span,
                    format!(
                        "a named tree cannot call the function `{text}` as a leaf: `{tree}` spells out the type of every node, and the macro cannot know what a function returns; write a constructor of the leaf's type (`MyAction::new(…)`), or {alternatives}"
                    ),
                );
                return None;
            }
        }
    };
    Some(CheckedLeaf { leaf, ty: Some(ty) })
}

pub(super) fn starts_lowercase(i: &Ident) -> bool {
    let s = i.to_string();
    let s = s.strip_prefix("r#").unwrap_or(&s);
    s.chars().next().is_some_and(|c| c.is_lowercase() || c == '_') && !matches!(s, "crate" | "self" | "super")
}

/// The first `n` segments of `p` as a type path, with their turbofishes.
pub(super) fn path_tokens(p: &Path, n: usize) -> TokenStream {
    let mut out = TokenStream::new();
    if p.leading_colon {
        out.extend(quote!(::));
    }
    for (i, seg) in p.segments.iter().take(n).enumerate() {
        if i > 0 {
            out.extend(quote!(::));
        }
        seg.ident.to_tokens(&mut out);
        out.extend(seg.generics.clone());
    }
    out
}
