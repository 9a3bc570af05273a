//! Argument lists: `(a, name = b)` after a keyword or a node kind of the user's.

use proc_macro2::{Group, Ident, Span, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};
use syn::punctuated::Punctuated;

use super::cursor::{Cursor, is_named_arg, is_punct, span_open};
use super::{Arg, ArgList, ArgValue, Node};
use crate::keywords::{ArgKind, Keyword};

impl Cursor<'_, '_> {
    /// The arguments of a keyword, from its parenthesized group.
    pub(super) fn parse_args(&mut self, g: &Group, def: Option<&'static Keyword>) -> ArgList {
        let mut list = ArgList { group: g.clone(), args: Vec::new(), broken: false };
        if let Some(span) = crate::limits::nesting(g.stream()) {
            self.errors.push(crate::limits::nesting_error(span, "argument list"));
            list.broken = true;
            return list;
        }
        let Some(def) = def else {
            // Unknown keyword: its arguments cannot be checked; the validator reports the keyword.
            return list;
        };
        let leafy = |kind: ArgKind| matches!(kind, ArgKind::Condition | ArgKind::Leaf | ArgKind::Value);
        if !def.params.iter().any(|p| leafy(p.kind)) {
            match parse_arg_list(g) {
                Ok(args) => list.args.extend(args),
                Err(e) => self.errors.push(e),
            }
            return list;
        }
        // A leaf argument (`precondition(IsReady)`, `service(250ms, Scan)`) is parsed like a child,
        // the other arguments as expressions; each ends at the next top-level `,`.
        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
        // A leaf argument belongs to this node: it is at its depth.
        let mut sub = self.nested(&inner, 0);
        let name = def.name;
        let named_params = def.params.iter().any(|p| !p.positional);
        let mut index = 0;
        while !sub.at_end() {
            let param = def.params.get(index).filter(|p| p.positional && !is_named_arg(sub.tokens, sub.pos));
            let is_condition = param.is_some_and(|p| p.kind == ArgKind::Condition);
            // `service(Scan, 250ms)`: the duration where the leaf goes.
            if let (Some(p), Some(TokenTree::Literal(l))) = (param, sub.peek())
                && p.kind == ArgKind::Leaf
                && ["s", "ms", "us", "ns"].iter().any(|u| {
                    let t = l.to_string();
                    t.ends_with(u)
                        && t[..t.len() - u.len()].chars().all(|c| c.is_ascii_digit() || c == '.' || c == '_')
                })
            {
                let span = l.span();
                sub.error(span, format!("the interval comes first, then the leaf: as in `{}`", def.example));
                list.broken = true;
                return list;
            }
            match param {
                Some(p) if leafy(p.kind) => match sub.parse_node() {
                    Some(Node::Leaf(leaf)) => {
                        list.args.push(Arg { name: None, value: ArgValue::Leaf(Box::new(leaf)) })
                    }
                    Some(Node::Keyword(k)) => {
                        let msg = if is_condition {
                            format!(
                                "the condition of `{name}` must be a condition leaf (`IsReady`, `IsNear::new(3)`, `{{ |ctx: &Ctx| … }}`), not a `{}` node",
                                k.name
                            )
                        } else {
                            format!(
                                "`{name}` runs a {} (`UpdateTarget`, `Scan::new(3)`, `{{ |ctx: &mut Ctx| … }}`), not a `{}` node: to run a subtree, build it elsewhere and write it as a leaf, as in `{{ scan_subtree() }}`",
                                p.name, k.name
                            )
                        };
                        sub.error(k.name.span(), msg);
                        list.broken = true;
                    }
                    None => list.broken = true,
                },
                _ => {
                    let rest: TokenStream = sub.tokens[sub.pos..].iter().cloned().collect();
                    let parsed = (|input: ParseStream| {
                        let arg = parse_arg(input)?;
                        let rest: TokenStream = input.parse()?;
                        Ok((arg, rest.into_iter().count()))
                    })
                    .parse2(rest);
                    match parsed {
                        Ok((arg, left)) => {
                            list.args.push(arg);
                            sub.pos = sub.tokens.len() - left;
                        }
                        Err(e) => {
                            sub.errors.push(e);
                            list.broken = true;
                            return list;
                        }
                    }
                }
            }
            index += 1;
            if sub.at_end() {
                break;
            }
            let comma = is_punct(sub.peek(), ',');
            // `abort: both`: a named argument written as a struct field.
            if comma
                && let (Some(TokenTree::Ident(arg)), Some(TokenTree::Punct(colon))) =
                    (sub.peek_at(1), sub.peek_at(2))
                && colon.as_char() == ':'
                && colon.spacing() == proc_macro2::Spacing::Alone
            {
                let value = sub
                    .peek_at(3)
                    .map(|t| crate::text::tidy(&TokenStream::from(t.clone())))
                    .unwrap_or_default();
                let msg = format!("a named argument is written with `=`, not `:`: write `{arg} = {value}`");
                let span = colon.span();
                sub.error(span, msg);
                list.broken = true;
                return list;
            }
            let next_ok = comma && (sub.peek_at(1).is_none() || is_named_arg(sub.tokens, sub.pos + 1));
            let bare_abort = comma
                && named_params
                && matches!(sub.peek_at(1), Some(TokenTree::Ident(i)) if ["none", "self", "lower_priority", "both"].contains(&i.to_string().as_str()))
                && (sub.peek_at(2).is_none() || is_punct(sub.peek_at(2), ','));
            if is_condition && bare_abort {
                let mode = sub.peek_at(1).map(|t| t.to_string()).unwrap_or_default();
                let span = sub.peek_at(1).map_or_else(Span::call_site, span_open);
                sub.error(span, format!("name the abort mode: `{name}(…, abort = {mode})`"));
                list.broken = true;
                return list;
            }
            if is_condition && !next_ok {
                let span = sub.peek().map_or_else(Span::call_site, span_open);
                let also = if named_params {
                    format!(" (its other arguments are named, as in `{name}(IsReady, abort = both)<A>`)")
                } else {
                    String::new()
                };
                sub.error(
                    span,
                    format!("`{name}` takes a single condition; combine conditions in one leaf{also}"),
                );
                list.broken = true;
                return list;
            }
            if !comma {
                let span = sub.peek().map_or_else(Span::call_site, span_open);
                let found =
                    sub.peek().map(|t| crate::text::tidy(&TokenStream::from(t.clone()))).unwrap_or_default();
                sub.error(
                    span,
                    format!(
                        "expected `,` between the arguments of `{name}`, found `{found}`: as in `{}`",
                        def.example
                    ),
                );
                list.broken = true;
                return list;
            }
            sub.pos += 1;
        }
        list
    }
}

/// The arguments in the parenthesized group `g`, separated by commas. Parsed inside the group,
/// so that an argument cut short (`(n = )`, `(3 +)`) is reported at the closing parenthesis with
/// what was expected, not on the whole macro call.
pub(super) fn parse_arg_list(g: &Group) -> syn::Result<Punctuated<Arg, syn::Token![,]>> {
    let parsed = (|input: ParseStream| {
        let content;
        syn::parenthesized!(content in input);
        Punctuated::<Arg, syn::Token![,]>::parse_terminated_with(&content, parse_arg)
    })
    .parse2(TokenStream::from(TokenTree::Group(g.clone())));
    parsed.map_err(|e| {
        if e.to_string().starts_with("unexpected end of input") {
            syn::Error::new(
                g.span_close(),
                format!("{e}: an argument is incomplete; write each as `value` or `name = value`"),
            )
        } else {
            e
        }
    })
}

/// `name = expr` or `expr`.
pub(super) fn parse_arg(input: ParseStream) -> syn::Result<Arg> {
    if input.peek(syn::Ident) && input.peek2(syn::Token![=]) && !input.peek2(syn::Token![==]) {
        let name: Ident = input.parse()?;
        input.parse::<syn::Token![=]>()?;
        let value: syn::Expr = input.parse()?;
        unit_apart(input, &value)?;
        return Ok(Arg { name: Some(name), value: ArgValue::Expr(Box::new(value)) });
    }
    // `n: 3`: a named argument written as a struct field.
    if input.peek(syn::Ident) && input.peek2(syn::Token![:]) && !input.peek2(syn::Token![::]) {
        let name: Ident = input.parse()?;
        let colon = input.parse::<syn::Token![:]>()?;
        let value: TokenStream = input
            .fork()
            .parse::<syn::Expr>()
            .map(|e| quote::ToTokens::to_token_stream(&e))
            .unwrap_or_default();
        return Err(syn::Error::new(
            colon.span,
            format!(
                "a named argument is written with `=`, not `:`: write `{name} = {}`",
                crate::text::tidy(&value)
            ),
        ));
    }
    let value: syn::Expr = input.parse()?;
    unit_apart(input, &value)?;
    Ok(Arg { name: None, value: ArgValue::Expr(Box::new(value)) })
}

/// `2 s`: a number followed by a unit written apart.
fn unit_apart(input: ParseStream, value: &syn::Expr) -> syn::Result<()> {
    let syn::Expr::Lit(syn::ExprLit { lit: lit @ (syn::Lit::Int(_) | syn::Lit::Float(_)), .. }) = value
    else {
        return Ok(());
    };
    let Ok(unit) = input.fork().parse::<Ident>() else { return Ok(()) };
    let fixed = match unit.to_string().as_str() {
        u @ ("s" | "ms" | "us" | "ns") => u.to_string(),
        "sec" | "secs" | "second" | "seconds" => "s".to_string(),
        "msec" | "msecs" | "millis" | "milliseconds" => "ms".to_string(),
        _ => return Ok(()),
    };
    let n = crate::text::tidy(&quote::ToTokens::to_token_stream(lit));
    Err(syn::Error::new(
        unit.span(),
        format!(
            "write the unit right after the number, without a space: `{n}{fixed}` (the units are `s`, `ms`, `us` and `ns`)"
        ),
    ))
}

/// Whether a keyword's parenthesized group (not followed by `<…>`) holds arguments rather than a
/// child: a literal, a negative number, `name = …`, or a keyword that always needs arguments or
/// takes no children.
pub(super) fn looks_like_args(g: &Group, def: Option<&'static Keyword>) -> bool {
    // A leaf keyword has no children, so its parentheses hold arguments (`sleep(500ms)`), or
    // nothing (`always_success()`).
    if def.is_some_and(|d| d.needs_args() || d.is_leaf()) {
        return true;
    }
    let mut it = g.stream().into_iter();
    match (it.next(), it.next(), it.next()) {
        (Some(TokenTree::Literal(_)), _, _) => true,
        (Some(TokenTree::Punct(p)), Some(TokenTree::Literal(_)), _) if p.as_char() == '-' => true,
        (Some(TokenTree::Ident(_)), Some(TokenTree::Punct(p)), third) if p.as_char() == '=' => {
            !is_punct(third.as_ref(), '=')
        }
        _ => false,
    }
}
