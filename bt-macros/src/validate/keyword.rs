//! Built-in keywords: known names, children, arguments.

use proc_macro2::{Span, TokenStream};

use super::args::check_args;
use super::user::check_user;
use super::{CheckedKeyword, Mode, check, err};
use crate::keywords::{self, Keyword, MAX_CHILDREN};
use crate::parse::{Delim, KeywordNode, Node};

pub(super) fn check_keyword(
    k: KeywordNode,
    mode: Mode<'_>,
    errors: &mut Vec<syn::Error>,
) -> Option<CheckedKeyword> {
    if k.user.is_some() {
        return check_user(k, mode, errors);
    }
    let before = errors.len();
    let Some(def) = k.def else {
        let word = k.name.to_string();
        let msg = match keywords::suggest(&word) {
            Some(s) => format!("unknown node kind `{word}`: did you mean `{s}`?"),
            None => format!(
                "unknown node kind `{word}` (a lowercase word followed by `<` or `(` names a node kind); the kinds are {}. To call a function as a leaf, put the call in braces: `{{ {word}(…) }}`",
                keywords::all_names()
            ),
        };
        err(errors, k.name.span(), msg);
        // Still check the children, so that their own mistakes are reported too.
        for child in k.children {
            let _ = check(child, mode, errors);
        }
        return None;
    };
    let name = &k.name;
    let n = k.children.len();
    let switch = def.name == "switch";
    // Where the children are written.
    if def.is_leaf() {
        if !k.broken && k.delim != Delim::None {
            let span = k.children.first().map_or(k.open, Node::span);
            err(errors, span, leaf_children_message(&k, def, "children"));
        }
    } else if k.delim == Delim::Paren && !def.is_decorator() {
        err(
            errors,
            k.open,
            format!("`{name}` takes its children in `<…>`, not in parentheses: write `{}`", def.example),
        );
    } else if k.broken {
        // The parser reported this node already.
    } else if switch && n == 0 {
        let span = if k.delim == Delim::None { name.span() } else { k.open };
        err(
            errors,
            span,
            format!(
                "`switch` has no cases: write them in `<…>` after the selector, each `PATTERN => NODE`, as in `{}`",
                def.example
            ),
        );
    } else if switch && n > def.max {
        let extra = k.cases.get(def.max).map_or(name.span(), |c| c.span);
        err(
            errors,
            extra,
            format!(
                "`switch` has {n} cases, but at most {MAX_CHILDREN}: join the patterns of cases that run the same node with `|` (`Mode::A | Mode::B => Rest`), or move some cases into a second `switch` under the default case (`_ => switch(…)<…>`)"
            ),
        );
    } else if n == 0 {
        let msg = match (k.delim, &k.args) {
            (Delim::None, Some(_)) if def.is_decorator() => format!(
                "`{name}(…)` has no child: write it after the arguments in `<…>`, as in `{}`",
                def.example
            ),
            (Delim::None, Some(_)) => format!(
                "`{name}(…)` has no children: write them after the arguments in `<…>`, as in `{}`",
                def.example
            ),
            (Delim::None, None) if def.is_decorator() => {
                format!("`{name}` needs a child: write `{}`", def.example)
            }
            (Delim::None, None) => format!("`{name}` needs children: write `{}`", def.example),
            _ if def.is_decorator() => format!("`{name}` needs a child: write `{}`", def.example),
            _ => format!("`{name}` is empty: a composite needs at least one child, as in `{}`", def.example),
        };
        let span = if k.delim == Delim::None { name.span() } else { k.open };
        err(errors, span, msg);
    } else if n > def.max {
        let extra = k.children.get(def.max).map_or(name.span(), Node::span);
        let msg = if def.is_decorator() {
            format!(
                "`{name}` takes exactly one child, but has {n}: to run several, put them in a composite, as in `{name}{}<sequence<A, B>>`",
                k.args.as_ref().map_or(String::new(), |a| crate::text::tidy(
                    &quote::ToTokens::to_token_stream(&a.group)
                ))
            )
        } else if def.max == MAX_CHILDREN {
            format!(
                "`{name}` has {n} children, but a node can have at most {MAX_CHILDREN}: split it by nesting, as in `{name}<{name}<…first {MAX_CHILDREN} or fewer…>, …>` (for `sequence` and `selector` nesting the same kind keeps the meaning)"
            )
        } else {
            format!("`{name}` takes {}, but has {n}: `{}`", children_range(def), def.example)
        };
        err(errors, extra, msg);
    } else if n < def.min {
        err(
            errors,
            name.span(),
            format!("`{name}` takes {}, but has {n}: `{}`", children_range(def), def.example),
        );
    }
    let count_ok = (def.min..=def.max).contains(&n);

    if let Some((_, earlier)) = k.cases.split_last() {
        for case in earlier.iter().filter(|c| c.default) {
            err(
                errors,
                case.span,
                "the default case `_ => …` must be the last case of `switch`: the cases after it could never be chosen; move it to the end",
            );
        }
    }

    super::abort::check_children(&k, errors);
    let (args, arguments) = check_args(&k, def, count_ok.then_some(n), mode, errors);
    let mut args_text = k.args.as_ref().map(|a| crate::text::tidy(&a.group.stream())).unwrap_or_default();
    let cases: Vec<(TokenStream, Span)> = k.cases.iter().map(|c| (c.pattern.clone(), c.end)).collect();
    if switch {
        // The selector, then the patterns, so that renderings show what the switch decides on.
        let patterns: Vec<String> = cases.iter().map(|(p, _)| crate::text::tidy(p)).collect();
        args_text = format!("{args_text}; {}", patterns.join(", "));
    }

    let mut children = Vec::new();
    for child in k.children {
        if let Some(c) = check(child, mode, errors) {
            children.push(c);
        }
    }
    if errors.len() > before {
        return None;
    }
    Some(CheckedKeyword {
        def,
        name: k.name,
        user: None,
        args,
        arguments,
        children,
        args_text,
        source: k.source,
        cases,
        aborting: Vec::new(),
    })
}

/// How many children a keyword takes, for messages: "2 to 3 children", "exactly 2 children".
pub(super) fn children_range(def: &Keyword) -> String {
    if def.min == def.max {
        format!("exactly {} children", def.min)
    } else {
        format!("{} to {} children", def.min, def.max)
    }
}

/// The error for a leaf keyword written with children (or, `what` says, with arguments it does
/// not take), with the node to use instead. `k` is the node as written (its arguments make the
/// suggestions).
pub(super) fn leaf_children_message(k: &KeywordNode, def: &Keyword, what: &str) -> String {
    let name = &k.name;
    let args = k.args.as_ref().map(|a| crate::text::tidy(&a.group.stream())).unwrap_or_default();
    let (written, instead) = match def.name {
        "sleep" if !args.is_empty() => {
            (format!("sleep({args})"), format!(" (to wait before running a node, use `delay({args})<A>`)"))
        }
        "sleep" => {
            (def.example.to_string(), " (to wait before running a node, use `delay(500ms)<A>`)".into())
        }
        "always_success" => {
            (def.example.to_string(), " (to make a node's result a success, use `force_success<A>`)".into())
        }
        "always_failure" => {
            (def.example.to_string(), " (to make a node's result a failure, use `force_failure<A>`)".into())
        }
        _ => (def.example.to_string(), String::new()),
    };
    format!("`{name}` is a leaf and takes no {what}: write `{written}`{instead}")
}
