//! Recovery for the mistakes of newcomers that the grammar alone would report poorly: a count
//! written as a child (`retry<3, A>`), a child among the arguments (`delay(500ms, A)`).

use proc_macro2::{Delimiter, Group, Ident, TokenStream, TokenTree};

use super::cursor::{Cursor, is_punct};
use super::{Arg, ArgList, ArgValue};
use crate::keywords::Keyword;

impl Arg {
    /// The argument as written.
    pub(super) fn tokens(&self) -> TokenStream {
        let value = match &self.value {
            ArgValue::Expr(e) => quote::ToTokens::to_token_stream(e),
            ArgValue::Leaf(l) => l.tokens.clone(),
        };
        match &self.name {
            Some(n) => quote::quote!(#n = #value),
            None => value,
        }
    }
}

/// Whether an argument reads as a node: a path or a call of a path that starts with a capital
/// letter (`A`, `WalkTo::new(3)`), or a keyword node.
pub(super) fn looks_like_node(arg: &Arg) -> bool {
    let ArgValue::Expr(e) = &arg.value else { return false };
    let path = match &**e {
        syn::Expr::Path(p) => &p.path,
        syn::Expr::Call(c) => match &*c.func {
            syn::Expr::Path(p) => &p.path,
            _ => return false,
        },
        syn::Expr::Struct(s) => &s.path,
        _ => return false,
    };
    path.segments.iter().any(|s| s.ident.to_string().starts_with(|c: char| c.is_ascii_uppercase()))
}

impl Cursor<'_, '_> {
    /// At the first child of `name<…>`, which takes arguments but has none: a literal there
    /// (`retry<3, A>`) is the argument written as a child. Reports it, skips it and its comma.
    pub(super) fn count_as_child(&mut self, name: &Ident, def: Option<&'static Keyword>) -> bool {
        if def.is_none_or(|d| d.params.is_empty()) {
            return false;
        }
        let Some(TokenTree::Literal(l)) = self.peek().cloned() else { return false };
        if !is_punct(self.peek_at(1), ',') {
            return false;
        }
        let rest: Vec<String> = self.tokens[self.pos + 2..]
            .iter()
            .take_while(|t| !is_punct(Some(t), '>'))
            .map(|t| crate::text::tidy(&TokenStream::from(t.clone())))
            .collect();
        let children = if rest.len() == 1 { rest[0].clone() } else { "A".to_string() };
        self.error(
            l.span(),
            format!(
                "the arguments of `{name}` go in parentheses before its children, not among them: write `{name}({l})<{children}>`"
            ),
        );
        self.pos += 2;
        true
    }

    /// An argument list standing for arguments already reported as misplaced: the validator does
    /// not report them missing.
    pub(super) fn missing_args(&self) -> ArgList {
        ArgList {
            group: Group::new(Delimiter::Parenthesis, TokenStream::new()),
            args: Vec::new(),
            broken: true,
        }
    }
}
