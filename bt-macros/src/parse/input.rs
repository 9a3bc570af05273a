//! The two forms of the macro input: an anonymous tree, or named trees.

use std::cell::Cell;

use proc_macro2::{Delimiter, Ident, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::parse::{ParseStream, Parser};
use syn::punctuated::Punctuated;

use super::cursor::{Cursor, is_arrow, is_ident, is_punct, is_switch_keyword, span_open};
use super::{Anonymous, Input, Named};

/// Parses the whole macro input; syntax errors go to `errors`.
pub(crate) fn parse_input(input: TokenStream, errors: &mut Vec<syn::Error>) -> Input {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    let first = tokens.first();
    let named = is_punct(first, '#') || is_ident(first, "pub") || is_ident(first, "struct");
    if named {
        Input::Named(parse_named_items(&tokens, errors))
    } else {
        Input::Anonymous(Box::new(parse_anonymous(&tokens, errors)))
    }
}

pub(super) fn parse_anonymous(tokens: &[TokenTree], errors: &mut Vec<syn::Error>) -> Anonymous {
    // `Ctx => TREE`: a `=>` (tokens `=` joint, `>`) before any `switch(…)`. A tree has `=>` only
    // in the cases of a `switch`, after the keyword (a context type never holds `switch(`, nor a
    // misspelt `swich(`, which is reported as such).
    let arrow =
        (0..tokens.len()).take_while(|&i| !is_switch_keyword(tokens, i)).find(|&i| is_arrow(tokens, i));
    let (ctx, tree_tokens) = match arrow {
        Some(i) => {
            let ctx: TokenStream = tokens[..i].iter().cloned().collect();
            let arrow_span = tokens[i].span();
            if let Some(span) = crate::limits::nesting(ctx.clone()) {
                errors.push(crate::limits::nesting_error(span, "context type"));
                return Anonymous { ctx: None, tree: None };
            }
            if ctx.is_empty() {
                errors.push(syn::Error::new(
                    arrow_span,
                    "expected the context type before `=>`, as in `bt! { Agent => sequence<A, B> }`",
                ));
                return Anonymous { ctx: None, tree: None };
            }
            if let Err(e) = syn::parse2::<syn::Type>(ctx.clone()) {
                errors.push(syn::Error::new(
                    e.span(),
                    format!("expected the context type before `=>` ({e}), as in `bt! {{ Agent => sequence<A, B> }}`"),
                ));
                return Anonymous { ctx: None, tree: None };
            }
            if let Some(TokenTree::Punct(amp)) = tokens.first()
                && amp.as_char() == '&'
            {
                // `&mut Agent => …`: the context is the type, the tree is ticked with `&mut`.
                let ty = syn::parse2::<syn::TypeReference>(ctx.clone()).map(|r| r.elem.to_token_stream());
                let ty = ty.map(|t| crate::text::tidy(&t)).unwrap_or_else(|_| "Agent".to_string());
                errors.push(syn::Error::new(
                    amp.span(),
                    format!(
                        "the context is the type the tree works on, without `&`: write `bt! {{ {ty} => … }}` (the tree is ticked with `tree.tick(&mut ctx)`)"
                    ),
                ));
                return Anonymous { ctx: None, tree: None };
            }
            (Some(ctx), &tokens[i + 2..])
        }
        None => match context_separator(tokens) {
            // `Agent: sequence<…>`, `Agent -> sequence<…>`: the context with another separator.
            Some((i, len)) => {
                let ctx: TokenStream = tokens[..i].iter().cloned().collect();
                let written = crate::text::tidy(&tokens[i..i + len].iter().cloned().collect());
                errors.push(syn::Error::new(
                    tokens[i].span(),
                    format!(
                        "separate the context from the tree with `=>`, not `{written}`: write `bt! {{ {} => … }}`",
                        crate::text::tidy(&ctx)
                    ),
                ));
                (Some(ctx), &tokens[i + len..])
            }
            None => (None, tokens),
        },
    };
    let too_deep = Cell::new(0);
    let mut p = Cursor::new(tree_tokens, errors, &too_deep);
    if p.at_end() {
        let span = tokens.last().map_or_else(Span::call_site, TokenTree::span);
        p.errors.push(syn::Error::new(
            span,
            "expected a behavior tree, for example `bt! { sequence<FeelHungry, Eat> }`",
        ));
        return Anonymous { ctx, tree: None };
    }
    let tree = p.parse_node();
    p.expect_end();
    super::node::merge_literals(errors);
    Anonymous { ctx, tree }
}

/// Splits the named form into items (each ends with the brace group after `for Ctx`) and parses
/// each. An item whose header cannot be parsed is reported and skipped.
pub(super) fn parse_named_items(tokens: &[TokenTree], errors: &mut Vec<syn::Error>) -> Vec<Named> {
    let mut items = Vec::new();
    let mut start = 0;
    while start < tokens.len() {
        let mut seen_for = false;
        let mut depth = 0i32;
        let mut end = None;
        for (i, t) in tokens.iter().enumerate().skip(start) {
            match t {
                TokenTree::Ident(id) if id == "for" => seen_for = true,
                TokenTree::Punct(p) if seen_for && p.as_char() == '<' => depth += 1,
                TokenTree::Punct(p) if seen_for && p.as_char() == '>' => depth -= 1,
                // The body: the first brace group outside the context type's `<…>` (a brace group
                // before `for` is a body whose header lacks `for`, which the header parser reports).
                TokenTree::Group(g) if depth <= 0 && g.delimiter() == Delimiter::Brace => {
                    end = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(end) = end else {
            let span = tokens.get(start).map_or_else(Span::call_site, span_open);
            errors.push(syn::Error::new(
                span,
                "expected a named tree: `pub struct Name for Context { TREE }` (the tree goes in braces after the context type)",
            ));
            break;
        };
        if let Some(item) = parse_named_item(&tokens[start..=end], errors) {
            items.push(item);
        }
        start = end + 1;
    }
    items
}

pub(super) fn parse_named_item(tokens: &[TokenTree], errors: &mut Vec<syn::Error>) -> Option<Named> {
    let (body, header) = tokens.split_last()?;
    let TokenTree::Group(body) = body else { return None };
    let header: TokenStream = header.iter().cloned().collect();
    if let Some(span) = crate::limits::nesting(header.clone()) {
        errors.push(crate::limits::nesting_error(span, "tree's header"));
        return None;
    }
    let parsed = (|input: ParseStream| {
        let attrs = input.call(syn::Attribute::parse_outer)?;
        let vis: syn::Visibility = input.parse()?;
        input.parse::<syn::Token![struct]>()?;
        let name: Ident = input.parse()?;
        let mut params = Vec::new();
        if input.peek(syn::token::Paren) {
            let content;
            syn::parenthesized!(content in input);
            let list =
                Punctuated::<(Ident, syn::Type), syn::Token![,]>::parse_terminated_with(&content, |p| {
                    let name: Ident = p.parse()?;
                    p.parse::<syn::Token![:]>()?;
                    Ok((name, p.parse()?))
                })?;
            params.extend(list);
        }
        if input.peek(syn::token::Lt) {
            return Err(input.error("named trees cannot be generic; write the concrete types"));
        }
        if !input.peek(syn::Token![for]) {
            return Err(input.error(
                "expected `for` and the context type after the tree's name: `struct Name for Agent { … }`",
            ));
        }
        input.parse::<syn::Token![for]>()?;
        let ctx: syn::Type = input.parse()?;
        Ok((attrs, vis, name, params, ctx))
    })
    .parse2(header);
    let (attrs, vis, name, params, ctx) = match parsed {
        Ok(h) => h,
        Err(e) => {
            errors.push(e);
            return None;
        }
    };
    let inner: Vec<TokenTree> = body.stream().into_iter().collect();
    let mut body_errors = Vec::new();
    let too_deep = Cell::new(0);
    let mut p = Cursor::new(&inner, &mut body_errors, &too_deep);
    let tree = if p.at_end() {
        p.errors.push(syn::Error::new(
            body.span(),
            format!(
                "the tree `{name}` is empty: write its nodes in the braces, as in `{{ sequence<A, B> }}`"
            ),
        ));
        None
    } else {
        let tree = p.parse_node();
        p.expect_end();
        tree
    };
    super::node::merge_literals(&mut body_errors);
    Some(Named { attrs, vis, name, params, ctx, tree, errors: body_errors })
}

/// Where a context type is followed by `:` or `->` instead of `=>`, and how many tokens that is:
/// the tokens before parse as a type that starts with a capital letter, and a lowercase keyword
/// follows.
fn context_separator(tokens: &[TokenTree]) -> Option<(usize, usize)> {
    let (i, len) = (1..tokens.len()).find_map(|i| {
        let single_colon = matches!(&tokens[i], TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == Spacing::Alone)
            && !matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == ':');
        let arrow = matches!(&tokens[i], TokenTree::Punct(p) if p.as_char() == '-' && p.spacing() == Spacing::Joint)
            && is_punct(tokens.get(i + 1), '>');
        if single_colon {
            Some((i, 1))
        } else if arrow {
            Some((i, 2))
        } else {
            None
        }
    })?;
    let ctx: TokenStream = tokens[..i].iter().cloned().collect();
    if crate::limits::nesting(ctx.clone()).is_some() {
        return None;
    }
    let capital = matches!(tokens.first(), Some(TokenTree::Ident(id)) if id.to_string().starts_with(|c: char| c.is_ascii_uppercase()));
    let keyword = matches!(tokens.get(i + len), Some(TokenTree::Ident(id)) if id.to_string().starts_with(|c: char| c.is_ascii_lowercase()));
    (capital && keyword && syn::parse2::<syn::Type>(ctx).is_ok()).then_some((i, len))
}
