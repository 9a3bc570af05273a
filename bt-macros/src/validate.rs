//! Syntax tree → checked tree: every rule of the DSL, every error on its own span.
//!
//! Validation never stops at the first error: it walks the whole tree, collects every mistake,
//! and returns a checked tree only when there was none.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};

use crate::keywords::{self, ArgKind, Keyword, MAX_CHILDREN};
use crate::parse::{Arg, ArgValue, Delim, KeywordNode, Leaf, LeafKind, Node, Path};

/// Which form of `bt!` the tree belongs to.
#[derive(Clone, Copy)]
pub(crate) enum Mode<'a> {
    /// Leaves are converted by inference; any leaf form is allowed.
    Anonymous,
    /// Node types must be written out, so every leaf needs a type known from its syntax.
    Named { name: &'a Ident, params: &'a [(Ident, syn::Type)] },
}

/// A node that passed every check.
pub(crate) enum Checked {
    Leaf(CheckedLeaf),
    Keyword(CheckedKeyword),
}

pub(crate) struct CheckedLeaf {
    pub leaf: Leaf,
    /// The leaf's type (named form only).
    pub ty: Option<TokenStream>,
}

pub(crate) struct CheckedKeyword {
    /// The keyword's table entry; for a node kind of the user's, the entry `user` (see
    /// [`USER`]).
    pub def: &'static Keyword,
    /// The keyword as written; for a node kind of the user's, the last segment of its path.
    pub name: Ident,
    /// A node kind of the user's: its path and arguments.
    pub user: Option<UserSpec>,
    /// The constructor arguments that come before the children, in order.
    pub args: Vec<ArgOut>,
    pub children: Vec<Checked>,
    /// The arguments as written (description).
    pub args_text: String,
    /// The whole node as written (description of `boxed`).
    pub source: TokenStream,
    /// The patterns of a `switch`'s cases (with their guards) and the span of the end of each
    /// case, one per child; empty otherwise.
    pub cases: Vec<(TokenStream, Span)>,
}

/// The entry standing for every node kind of the user's (its checks are the compiler's).
pub(crate) static USER: Keyword =
    Keyword { name: "", aliases: &[], min: 1, max: MAX_CHILDREN, params: &[], example: "Kind(args)<A, B>" };

/// How a node kind of the user's is written: `Path(positional…, name = value…)<…>`.
pub(crate) struct UserSpec {
    /// The path as written (a type).
    pub path: Path,
    /// The path as text, for the description.
    pub label: String,
    /// The positional arguments, in order (the arguments of `Path::new`).
    pub positional: Vec<TokenStream>,
    /// The named arguments: fields of the spec.
    pub named: Vec<(Ident, TokenStream)>,
}

/// A constructor argument.
pub(crate) enum ArgOut {
    Tokens(TokenStream),
    /// A literal count, already checked, passed as `::bt::Const::<value>` (`repeat`, `retry`,
    /// `parallel`, `recovery`): the node keeps it in its type instead of a field.
    Const(u32, Span),
    Condition(CheckedLeaf),
    /// A leaf argument (the work of a `service`), converted with the tree's context.
    Leaf(CheckedLeaf),
}

/// Checks `node`; errors go to `errors`. Returns the checked tree when the node and everything
/// below it is correct.
pub(crate) fn check(node: Node, mode: Mode<'_>, errors: &mut Vec<syn::Error>) -> Option<Checked> {
    match node {
        Node::Leaf(leaf) => check_leaf(leaf, mode, errors).map(Checked::Leaf),
        Node::Keyword(k) => check_keyword(k, mode, errors).map(Checked::Keyword),
    }
}

fn err(errors: &mut Vec<syn::Error>, span: Span, msg: impl std::fmt::Display) {
    errors.push(syn::Error::new(span, msg));
}

fn check_keyword(k: KeywordNode, mode: Mode<'_>, errors: &mut Vec<syn::Error>) -> Option<CheckedKeyword> {
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
    if switch && let Mode::Named { name: tree, .. } = mode {
        err(
            errors,
            name.span(),
            format!(
                "`switch` needs the anonymous form of `bt!`: its selector and the `match` on its cases are closures, whose types have no name, and the named tree `{tree}` spells out the type of every node. Build this tree with `bt! {{ Ctx => … }}` (a function can return it as `impl bt::Node<Ctx>`), or choose with condition types in the named tree, as in `selector<precondition(IsDocking)<Dock>, Explore>`"
            ),
        );
    }

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
                "`{name}` takes exactly one child, but has {n}: to run several, put them in a composite, as in `{name}<sequence<A, B>>`"
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

    let args = check_args(&k, def, count_ok.then_some(n), mode, errors);
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
    Some(CheckedKeyword { def, name: k.name, user: None, args, children, args_text, source: k.source, cases })
}

/// How many children a keyword takes, for messages: "2 to 3 children", "exactly 2 children".
fn children_range(def: &Keyword) -> String {
    if def.min == def.max {
        format!("exactly {} children", def.min)
    } else {
        format!("{} to {} children", def.min, def.max)
    }
}

/// The error for a leaf keyword written with children (or, `what` says, with arguments it does
/// not take), with the node to use instead. `k` is the node as written (its arguments make the
/// suggestions).
fn leaf_children_message(k: &KeywordNode, def: &Keyword, what: &str) -> String {
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

/// A node kind of the user's: the rules the macro can check (children present, at most 16,
/// positional arguments before named ones, no name twice); the compiler checks the rest against
/// the spec type.
fn check_user(k: KeywordNode, mode: Mode<'_>, errors: &mut Vec<syn::Error>) -> Option<CheckedKeyword> {
    let before = errors.len();
    let path = k.user?;
    let label = path_text(&path);
    let n = k.children.len();
    if k.broken {
        // The parser reported this node already.
    } else if n == 0 {
        err(
            errors,
            k.open,
            format!(
                "`{label}<>` has no children: a composite or decorator needs at least one, as in `{label}<A, B>`"
            ),
        );
    } else if n > MAX_CHILDREN {
        let extra = k.children.get(MAX_CHILDREN).map_or(k.name.span(), Node::span);
        err(
            errors,
            extra,
            format!(
                "`{label}` has {n} children, but a node can have at most {MAX_CHILDREN}: split it by nesting, as in `{label}<sequence<…first children…>, …>`"
            ),
        );
    }
    let mut positional = Vec::new();
    let mut named: Vec<(Ident, TokenStream)> = Vec::new();
    let written: &[Arg] = k.args.as_ref().map_or(&[], |a| &a.args);
    for arg in written {
        let ArgValue::Expr(e) = &arg.value else { continue };
        let value = user_arg_value(e, &k.name, errors);
        match &arg.name {
            None if !named.is_empty() => {
                let first_named = named.first().map(|(n, _)| n.to_string()).unwrap_or_default();
                err(
                    errors,
                    arg.span(),
                    format!(
                        "a positional argument after a named one: positional arguments come first, as in `{label}(a, b, name = c)`; move this one before `{first_named} = …`, or name it"
                    ),
                )
            }
            None => positional.extend(value),
            Some(arg_name) => {
                if named.iter().any(|(n, _)| n == arg_name) {
                    err(
                        errors,
                        arg_name.span(),
                        format!("`{arg_name}` is given twice for `{label}`: keep one `{arg_name} = …`"),
                    );
                } else if let Some(value) = value {
                    named.push((arg_name.clone(), value));
                }
            }
        }
    }
    let args_text = k.args.as_ref().map(|a| crate::text::tidy(&a.group.stream())).unwrap_or_default();
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
        def: &USER,
        name: k.name,
        user: Some(UserSpec { path, label, positional, named }),
        args: Vec::new(),
        children,
        args_text,
        source: k.source,
        cases: Vec::new(),
    })
}

/// An argument of a node kind of the user's: every duration literal in it (`2s`, `150ms`, also
/// inside an expression such as `Some(2s)` or `[1s, 2s]`) becomes a `Duration`; the rest is passed
/// as written.
fn user_arg_value(e: &syn::Expr, name: &Ident, errors: &mut Vec<syn::Error>) -> Option<TokenStream> {
    struct Durations<'a> {
        name: &'a Ident,
        errors: &'a mut Vec<syn::Error>,
        failed: bool,
    }
    impl syn::visit_mut::VisitMut for Durations<'_> {
        fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
            let unit = match e {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => i.suffix().to_string(),
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Float(f), .. }) => f.suffix().to_string(),
                _ => String::new(),
            };
            if !matches!(unit.as_str(), "s" | "ms" | "us" | "ns") {
                return syn::visit_mut::visit_expr_mut(self, e);
            }
            match check_duration(e, self.name, self.errors) {
                Some(tokens) => *e = syn::Expr::Verbatim(tokens),
                None => self.failed = true,
            }
        }
    }
    let mut e = e.clone();
    let mut visit = Durations { name, errors, failed: false };
    syn::visit_mut::VisitMut::visit_expr_mut(&mut visit, &mut e);
    (!visit.failed).then(|| e.to_token_stream())
}

/// A path as text, with its turbofishes.
fn path_text(p: &Path) -> String {
    crate::text::tidy(&path_tokens(p, p.segments.len()))
}

/// Matches the written arguments to the keyword's parameters and checks their values.
fn check_args(
    k: &KeywordNode,
    def: &'static Keyword,
    children: Option<usize>,
    mode: Mode<'_>,
    errors: &mut Vec<syn::Error>,
) -> Vec<ArgOut> {
    let name = &k.name;
    let written: &[Arg] = k.args.as_ref().map_or(&[], |a| &a.args);
    let before = errors.len();
    let mut values: Vec<Option<&Arg>> = vec![None; def.params.len()];
    for (i, arg) in written.iter().enumerate() {
        if def.params.is_empty() {
            let msg = if def.is_leaf() {
                leaf_children_message(k, def, "arguments or children")
            } else {
                format!("`{name}` takes no arguments: write `{}`", def.example)
            };
            err(errors, arg.span(), msg);
            break;
        }
        let slot = match &arg.name {
            Some(arg_name) => {
                let Some(pos) = def.params.iter().position(|p| arg_name == p.name) else {
                    let accepted =
                        def.params.iter().map(|p| format!("`{}`", p.name)).collect::<Vec<_>>().join(", ");
                    let msg = match def.params {
                        _ if def.name == "precondition" && arg_name == "abort" => {
                            PRECONDITION_ABORT.to_string()
                        }
                        [only] => format!(
                            "unknown argument `{arg_name}` for `{name}`: did you mean `{}`? As in `{}`",
                            only.name, def.example
                        ),
                        _ => format!(
                            "unknown argument `{arg_name}` for `{name}`: it accepts {accepted}, as in `{}`",
                            def.example
                        ),
                    };
                    err(errors, arg_name.span(), msg);
                    continue;
                };
                pos
            }
            None if def.params.get(i).is_some_and(|p| p.positional) => i,
            None => {
                let msg = if def.params.len() == 1 {
                    format!("`{name}` takes a single argument: `{}`", def.example)
                } else if def.params.iter().all(|p| p.positional) {
                    format!("`{name}` takes {} arguments: `{}`", def.params.len(), def.example)
                } else {
                    format!("name this argument, as in `{}`", def.example)
                };
                err(errors, arg.span(), msg);
                continue;
            }
        };
        if values[slot].is_some() {
            let param = def.params[slot].name;
            err(errors, arg.span(), format!("`{param}` is given twice for `{name}`: keep one `{param} = …`"));
            continue;
        }
        values[slot] = Some(arg);
    }
    let mut out = Vec::new();
    // A misnamed or misplaced argument is probably the missing one: do not report it twice.
    let misplaced = errors.len() > before
        || k.args.as_ref().is_some_and(|a| a.broken || a.args.is_empty() && !a.group.stream().is_empty());
    for (param, value) in def.params.iter().zip(values) {
        let Some(arg) = value else {
            if param.required && !misplaced {
                let what = match (def.name, param.kind) {
                    ("parallel", _) => "the number of children that must succeed",
                    ("retry", _) => "the number of attempts",
                    ("recovery", _) => "the number of retries (how many times the recovery may run)",
                    (_, ArgKind::Rate) => "a rate in hertz",
                    (_, ArgKind::Duration) => "a duration",
                    (_, ArgKind::Condition) => "a condition",
                    ("service", _) => "an interval and a leaf, the service to run every interval",
                    (_, ArgKind::Selector) => "a selector, a function of the context",
                    _ => "an argument",
                };
                err(errors, name.span(), format!("`{name}` needs {what}: write `{}`", def.example));
                continue;
            }
            // Defaults.
            match (def.name, param.name) {
                ("repeat", _) => {}
                ("threshold_parallel", "success") => {
                    out.push(ArgOut::Tokens(usize_literal(children.unwrap_or(1), name.span())))
                }
                ("random", _) => out.push(ArgOut::Tokens(quote_spanned!(name.span()=> 0u64))),
                (_, "abort") => out.push(ArgOut::Tokens(abort_mode("self", name.span()))),
                _ => out.push(ArgOut::Tokens(usize_literal(1, name.span()))),
            }
            continue;
        };
        match (&arg.value, param.kind) {
            (ArgValue::Leaf(leaf), ArgKind::Condition) => {
                if let Some(c) = check_leaf((**leaf).clone(), mode, errors) {
                    out.push(ArgOut::Condition(c));
                }
            }
            (ArgValue::Leaf(leaf), ArgKind::Leaf) => {
                if let Some(c) = check_leaf((**leaf).clone(), mode, errors) {
                    out.push(ArgOut::Leaf(c));
                }
            }
            (ArgValue::Expr(e), ArgKind::Selector) => out.push(ArgOut::Tokens(e.to_token_stream())),
            (ArgValue::Expr(e), ArgKind::Abort) => {
                if let Some(t) = check_abort(e, name, errors) {
                    out.push(ArgOut::Tokens(t));
                }
            }
            (ArgValue::Expr(e), ArgKind::Count) => {
                if let Some(a) = check_count(e, def, param.name, name, children, errors) {
                    out.push(a);
                }
            }
            (ArgValue::Expr(e), ArgKind::Duration) => {
                if let Some(t) = check_duration(e, name, errors) {
                    out.push(ArgOut::Tokens(t));
                }
            }
            (ArgValue::Expr(e), ArgKind::Seed) => {
                if let Some(t) = check_seed(e, name, errors) {
                    out.push(ArgOut::Tokens(t));
                }
            }
            (ArgValue::Expr(e), ArgKind::Rate) => {
                if let Some(t) = check_rate(e, name, def, errors) {
                    out.push(ArgOut::Tokens(t));
                }
            }
            (_, _) => err(errors, arg.span(), format!("unexpected argument for `{name}`: `{}`", def.example)),
        }
    }
    out
}

/// The error for `precondition(…, abort = …)`.
const PRECONDITION_ABORT: &str = "`precondition` has no observer abort: it is `guard(…, abort = none)`; for other aborts write `guard(IsReady, abort = self | lower_priority | both)<A>`";

/// The observer abort modes of `guard`, as written, and their types in `bt::abort`.
const ABORT_MODES: &[(&str, &str)] =
    &[("none", "Neither"), ("self", "SelfOnly"), ("lower_priority", "LowerPriority"), ("both", "Both")];

/// `::bt::abort::Mode` for the mode written `written` (one of [`ABORT_MODES`]).
fn abort_mode(written: &str, span: Span) -> TokenStream {
    let ty = ABORT_MODES.iter().find(|(w, _)| *w == written).map_or("SelfOnly", |(_, t)| t);
    let ty = Ident::new(ty, span);
    quote_spanned!(span=> ::bt::abort::#ty)
}

/// The `abort` argument of `guard`: `none`, `self`, `lower_priority` or `both`.
fn check_abort(e: &syn::Expr, name: &Ident, errors: &mut Vec<syn::Error>) -> Option<TokenStream> {
    let written = match strip(e) {
        syn::Expr::Path(p) if p.qself.is_none() => p.path.get_ident().map(|i| (i.to_string(), i.span())),
        _ => None,
    };
    let span = written.as_ref().map_or_else(|| expr_span(e), |(_, s)| *s);
    if let Some((w, span)) = &written
        && ABORT_MODES.iter().any(|(m, _)| m == w)
    {
        return Some(abort_mode(w, *span));
    }
    let found = crate::text::tidy(&e.to_token_stream());
    let squashed = found.to_lowercase().replace('_', "");
    let hint = ABORT_MODES
        .iter()
        .find(|(m, _)| m.replace('_', "") == squashed)
        .map(|(m, _)| format!(" (did you mean `{m}`?)"))
        .unwrap_or_default();
    err(
        errors,
        span,
        format!(
            "`{name}`: `abort` is one of `none`, `self`, `lower_priority` or `both` (Unreal Engine's observer aborts), not `{found}`{hint}; as in `guard(IsReady, abort = lower_priority)<A>`"
        ),
    );
    None
}

fn usize_literal(n: usize, span: Span) -> TokenStream {
    let mut lit = proc_macro2::Literal::usize_unsuffixed(n);
    lit.set_span(span);
    lit.into_token_stream()
}

/// The expression without redundant parentheses or groups around it.
fn strip(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => strip(&p.expr),
        syn::Expr::Group(g) => strip(&g.expr),
        e => e,
    }
}

fn expr_span(e: &syn::Expr) -> Span {
    crate::parse::first_span(&e.to_token_stream())
}

/// What a literal is, for messages.
fn literal_kind(lit: &syn::Lit) -> &'static str {
    match lit {
        syn::Lit::Str(_) => "a string",
        syn::Lit::ByteStr(_) | syn::Lit::CStr(_) => "a byte string",
        syn::Lit::Byte(_) => "a byte",
        syn::Lit::Char(_) => "a character",
        syn::Lit::Int(_) => "an integer",
        syn::Lit::Float(_) => "a decimal number",
        syn::Lit::Bool(_) => "a boolean",
        _ => "a literal",
    }
}

const INT_SUFFIXES: &[&str] =
    &["", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize"];

/// A count argument: literals are range-checked here, other expressions at run time.
fn check_count(
    e: &syn::Expr,
    def: &Keyword,
    param: &str,
    name: &Ident,
    children: Option<usize>,
    errors: &mut Vec<syn::Error>,
) -> Option<ArgOut> {
    let what = match (def.name, param) {
        ("parallel", _) => "the number of children that must succeed",
        ("threshold_parallel", "success") => "the number of successes that make it succeed",
        ("threshold_parallel", _) => "the number of failures that make it fail",
        ("parallel_all", _) => "the number of failures that make it fail",
        ("repeat", _) => "the number of repetitions",
        ("retry", _) => "the number of attempts",
        ("recovery", _) => "the number of retries",
        _ => "a count",
    };
    let value = match strip(e) {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => {
            if !INT_SUFFIXES.contains(&i.suffix()) {
                let unit = matches!(i.suffix(), "s" | "ms" | "us" | "ns");
                let msg = if unit {
                    format!("`{name}` takes {what}, not a duration: write a plain number such as `2`")
                } else {
                    format!(
                        "`{name}` takes {what}: write a plain number such as `2` (found suffix `{}`)",
                        i.suffix()
                    )
                };
                err(errors, i.span(), msg);
                return None;
            }
            match i.base10_parse::<u64>() {
                Ok(v) => (v, i.span()),
                Err(_) => {
                    err(errors, i.span(), format!("`{name}` takes {what}: this number is too large"));
                    return None;
                }
            }
        }
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. })
            if matches!(strip(expr), syn::Expr::Lit(_)) =>
        {
            err(errors, expr_span(e), format!("`{name}` takes {what}, which cannot be negative"));
            return None;
        }
        syn::Expr::Lit(l) => {
            err(
                errors,
                expr_span(e),
                format!(
                    "`{name}` takes {what}, a whole number such as `2`, but found {}",
                    literal_kind(&l.lit)
                ),
            );
            return None;
        }
        // Any other expression: checked by the constructor at run time.
        _ => return Some(ArgOut::Tokens(e.to_token_stream())),
    };
    let (v, span) = value;
    let max = children.unwrap_or(usize::MAX) as u64;
    let msg = match (def.name, param) {
        ("parallel" | "threshold_parallel" | "parallel_all", _) if v == 0 => Some(format!(
            "`{name}`: {what} must be at least 1 (a threshold of 0 would be reached before any child runs)"
        )),
        ("parallel_all", _) if v > max => Some(format!(
            "`{name}`: {what} is {v}, but there {} only {max} {}: it could never fail; use at most {max}, or wrap the node in `force_success` if it must never fail",
            if max == 1 { "is" } else { "are" },
            if max == 1 { "child" } else { "children" },
        )),
        ("parallel" | "threshold_parallel" | "parallel_all", _) if v > max => Some(format!(
            "`{name}`: {what} is {v}, but there {} only {max} {}: it could never be reached; use at most {max} or add children",
            if max == 1 { "is" } else { "are" },
            if max == 1 { "child" } else { "children" },
        )),
        ("repeat", _) if v == 0 => {
            Some(format!("`{name}(0)` would never run its child: remove the node, or repeat at least once"))
        }
        ("retry", _) if v == 0 => Some(format!(
            "`{name}(0)` would never run its child: give at least 1 attempt, as in `retry(3)<A>`"
        )),
        ("repeat" | "retry" | "recovery", _) if v > u64::from(u32::MAX) => {
            Some(format!("`{name}`: {what} must fit in a `u32` (at most {})", u32::MAX))
        }
        _ => None,
    };
    if let Some(msg) = msg {
        err(errors, span, msg);
        return None;
    }
    match (def.name, u32::try_from(v)) {
        ("repeat" | "retry" | "parallel" | "recovery", Ok(v)) => Some(ArgOut::Const(v, span)),
        _ => Some(ArgOut::Tokens(e.to_token_stream())),
    }
}

/// A duration argument: a literal with a unit suffix becomes an exact `Duration`; any other
/// expression is used as it is (it must be a `core::time::Duration`).
fn check_duration(e: &syn::Expr, name: &Ident, errors: &mut Vec<syn::Error>) -> Option<TokenStream> {
    let (digits, suffix, span) = match strip(e) {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => {
            (i.base10_digits().to_string(), i.suffix().to_string(), i.span())
        }
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Float(f), .. }) => {
            (f.base10_digits().to_string(), f.suffix().to_string(), f.span())
        }
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. })
            if matches!(strip(expr), syn::Expr::Lit(_)) =>
        {
            err(errors, expr_span(e), format!("`{name}` takes a duration, which cannot be negative"));
            return None;
        }
        syn::Expr::Lit(l) => {
            err(
                errors,
                expr_span(e),
                format!(
                    "`{name}` takes a duration such as `2s`, `1.5s`, `200ms`, `10us` or `5ns` (or a `core::time::Duration` expression), but found {}",
                    literal_kind(&l.lit)
                ),
            );
            return None;
        }
        _ => return Some(e.to_token_stream()),
    };
    let scale: u32 = match suffix.as_str() {
        "s" => 9,
        "ms" => 6,
        "us" => 3,
        "ns" => 0,
        s if s.is_empty() || INT_SUFFIXES.contains(&s) || s == "f32" || s == "f64" => {
            err(
                errors,
                span,
                format!(
                    "a duration needs a unit: write `{digits}s`, `{digits}ms`, `{digits}us` or `{digits}ns`"
                ),
            );
            return None;
        }
        other => {
            let hint = match other {
                "m" | "min" | "mins" => " (for minutes, write seconds: `120s`)",
                "h" => " (for hours, write seconds: `3600s`)",
                "sec" | "secs" => " (seconds are `s`)",
                "msec" | "millis" => " (milliseconds are `ms`)",
                "µs" | "micros" => " (microseconds are `us`)",
                _ => "",
            };
            err(errors, span, format!("unknown duration unit `{other}`: use `s`, `ms`, `us` or `ns`{hint}"));
            return None;
        }
    };
    let Some(nanos) = decimal_to_nanos(&digits, scale) else {
        err(
            errors,
            span,
            "this duration cannot be represented exactly: it is finer than a nanosecond or longer than `Duration::MAX`",
        );
        return None;
    };
    let secs = (nanos / 1_000_000_000) as u64;
    let sub = (nanos % 1_000_000_000) as u32;
    let secs = proc_macro2::Literal::u64_suffixed(secs);
    let sub = proc_macro2::Literal::u32_suffixed(sub);
    Some(quote_spanned!(span=> ::core::time::Duration::new(#secs, #sub)))
}

/// `digits` (as `syn` normalizes them: `1.5`, `2`, `1e3`, `2.5e-1`) times 10^`scale`, exactly, as
/// nanoseconds; `None` if not a whole number of nanoseconds or too large for a `Duration`.
pub(crate) fn decimal_to_nanos(digits: &str, scale: u32) -> Option<u128> {
    let digits = digits.replace('_', "");
    let (mantissa, exp) = match digits.find(['e', 'E']) {
        Some(i) => (&digits[..i], digits[i + 1..].parse::<i32>().ok()?),
        None => (digits.as_str(), 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() && frac.is_empty() || !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit()) {
        return None;
    }
    let all: String = format!("{int}{frac}");
    let all = all.trim_start_matches('0');
    // value = all × 10^(exp − len(frac) + scale)
    let mut shift = i64::from(exp) - frac.len() as i64 + i64::from(scale);
    let mut all = all.to_string();
    while shift < 0 {
        if all.is_empty() {
            return Some(0);
        }
        if !all.ends_with('0') {
            return None;
        }
        all.pop();
        shift += 1;
    }
    if all.is_empty() {
        return Some(0);
    }
    if all.len() as i64 + shift > 40 {
        return None;
    }
    let mut v: u128 = all.parse().ok()?;
    for _ in 0..shift {
        v = v.checked_mul(10)?;
    }
    let max = u128::from(u64::MAX) * 1_000_000_000 + 999_999_999;
    (v <= max).then_some(v)
}

/// A rate in hertz (`rate_controller`): a number literal must be above 0 and becomes an `f64`
/// literal; any other expression is used as it is (it must be an `f64`).
fn check_rate(
    e: &syn::Expr,
    name: &Ident,
    def: &Keyword,
    errors: &mut Vec<syn::Error>,
) -> Option<TokenStream> {
    let what = "a rate in hertz (ticks per second)";
    let (digits, suffix, span) = match strip(e) {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => {
            (i.base10_digits().to_string(), i.suffix().to_string(), i.span())
        }
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Float(f), .. }) => {
            (f.base10_digits().to_string(), f.suffix().to_string(), f.span())
        }
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. })
            if matches!(strip(expr), syn::Expr::Lit(_)) =>
        {
            err(
                errors,
                expr_span(e),
                format!("`{name}` takes {what}, which must be above 0: `{}`", def.example),
            );
            return None;
        }
        syn::Expr::Lit(l) => {
            err(
                errors,
                expr_span(e),
                format!(
                    "`{name}` takes {what}, a number such as `10.0` (or an `f64` expression), but found {}",
                    literal_kind(&l.lit)
                ),
            );
            return None;
        }
        _ => return Some(e.to_token_stream()),
    };
    let scale = match suffix.as_str() {
        "" | "f64" | "f32" => None,
        "s" => Some(9),
        "ms" => Some(6),
        "us" => Some(3),
        "ns" => Some(0),
        other => {
            err(
                errors,
                span,
                format!(
                    "`{name}` takes {what}: write a plain number such as `10.0` (found suffix `{other}`)"
                ),
            );
            return None;
        }
    };
    if let Some(scale) = scale {
        // A period where a rate was expected: say which rate that period is.
        let hint = decimal_to_nanos(&digits, scale)
            .filter(|&nanos| nanos > 0)
            .map(|nanos| {
                format!(
                    ": for one tick every `{digits}{suffix}`, write `{name}({})`",
                    short(1e9 / nanos as f64)
                )
            })
            .unwrap_or_default();
        err(errors, span, format!("`{name}` takes {what}, not a period{hint}"));
        return None;
    }
    let hz: f64 = digits.replace('_', "").parse().unwrap_or(f64::NAN);
    if !hz.is_finite() {
        err(errors, span, format!("`{name}`: this rate is too large for an `f64`"));
        return None;
    }
    if hz <= 0.0 {
        err(
            errors,
            span,
            format!(
                "`{name}`: the rate must be above 0 (a rate of 0 would never tick the child again): `{}`",
                def.example
            ),
        );
        return None;
    }
    let mut lit = proc_macro2::Literal::f64_suffixed(hz);
    lit.set_span(span);
    Some(lit.into_token_stream())
}

/// A number for a message: at most three decimals, without trailing zeros.
fn short(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

fn check_seed(e: &syn::Expr, name: &Ident, errors: &mut Vec<syn::Error>) -> Option<TokenStream> {
    match strip(e) {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => {
            if i.base10_parse::<u64>().is_err() || !INT_SUFFIXES.contains(&i.suffix()) {
                err(errors, i.span(), format!("`{name}`: the seed must be a `u64` such as `42`"));
                return None;
            }
            let digits = i.base10_digits();
            let v: u64 = digits.parse().unwrap_or(0);
            let mut lit = proc_macro2::Literal::u64_suffixed(v);
            lit.set_span(i.span());
            Some(lit.into_token_stream())
        }
        syn::Expr::Lit(l) => {
            err(
                errors,
                expr_span(e),
                format!(
                    "`{name}`: the seed must be a `u64` such as `42`, but found {}",
                    literal_kind(&l.lit)
                ),
            );
            None
        }
        _ => Some(e.to_token_stream()),
    }
}

/// A leaf; in the named form, also works out its type from the syntax.
fn check_leaf(leaf: Leaf, mode: Mode<'_>, errors: &mut Vec<syn::Error>) -> Option<CheckedLeaf> {
    let Mode::Named { name: tree, params } = mode else {
        return Some(CheckedLeaf { leaf, ty: None });
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

fn starts_lowercase(i: &Ident) -> bool {
    let s = i.to_string();
    let s = s.strip_prefix("r#").unwrap_or(&s);
    s.chars().next().is_some_and(|c| c.is_lowercase() || c == '_') && !matches!(s, "crate" | "self" | "super")
}

/// The first `n` segments of `p` as a type path, with their turbofishes.
fn path_tokens(p: &Path, n: usize) -> TokenStream {
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

#[cfg(test)]
mod tests {
    use super::decimal_to_nanos as n;

    #[test]
    fn durations_are_exact() {
        assert_eq!(n("2", 9), Some(2_000_000_000));
        assert_eq!(n("1.5", 9), Some(1_500_000_000));
        assert_eq!(n("200", 6), Some(200_000_000));
        assert_eq!(n("10", 3), Some(10_000));
        assert_eq!(n("7", 0), Some(7));
        assert_eq!(n("0.000000001", 9), Some(1));
        assert_eq!(n("0.0000000015", 9), None);
        assert_eq!(n("1e3", 6), Some(1_000_000_000));
        assert_eq!(n("2.5e-1", 9), Some(250_000_000));
        assert_eq!(n("0", 9), Some(0));
        assert_eq!(n("0.0", 6), Some(0));
        assert_eq!(n("1.50", 0), None);
        assert_eq!(n("1.0", 0), Some(1));
        assert_eq!(n("99999999999999999999999999", 9), None);
        assert_eq!(n("1e400", 0), None);
    }
}
