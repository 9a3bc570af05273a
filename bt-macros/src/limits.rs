//! The limits of `bt!`, and the check of the tokens a parse would recurse into.
//!
//! The macro runs on the compiler's stack (8 MiB), built without optimisation, so its recursion
//! must be bounded before it starts: the parser recurses once per level of nodes, and `syn`
//! (which reads leaves, arguments, patterns and types) once per level of syntax, taking up to
//! 46 KiB of stack per level (a generic argument in a type; measured with `syn` 2 in a build
//! without optimisation). The limits keep the deepest input well inside the stack, and the
//! expansion inside the compiler's own limits:
//!
//! * [`MAX_DEPTH`]: nodes nested at most 48 deep. The compiler checks a tree's type with its
//!   default `recursion_limit` of 128, which a chain of composites exceeds at 63 nested
//!   `sequence`s (named form; 64 in the anonymous form).
//! * [`MAX_NESTING`]: a leaf, an argument, a pattern or a type nests at most 64 levels of
//!   syntax ([`nesting`]); at 46 KiB a level, under 3 MiB of stack.
//! * [`MAX_NODES`]: at most 4096 nodes in a tree.
//! * At most 16 children per node (`keywords::MAX_CHILDREN`).

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree, token_stream};

use crate::parse::Node;

/// Deepest tree: the root is at depth 1.
pub(crate) const MAX_DEPTH: usize = 48;

/// Most nodes of one tree.
pub(crate) const MAX_NODES: usize = 4096;

/// Deepest syntax in a leaf, an argument, a pattern or a type (see [`nesting`]).
pub(crate) const MAX_NESTING: usize = 64;

/// How a branch becomes a tree of its own: the type of a boxed node does not hold the branch's.
const BRANCH: &str =
    "`{ branch() }` with `fn branch() -> bt::BoxedNode<'static, Ctx> { bt::boxed(bt! { Ctx => … }) }`";

/// The error for a tree deeper than [`MAX_DEPTH`], on the first node too deep.
pub(crate) fn depth_error(span: Span) -> syn::Error {
    syn::Error::new(
        span,
        format!(
            "this node is nested {} deep: a tree is at most {MAX_DEPTH} nodes deep (the compiler cannot check the type of a deeper one); flatten it (a `sequence` directly in a `sequence` can be merged into it), or build a branch as a tree of its own, boxed, and use it as a leaf: {BRANCH}",
            MAX_DEPTH + 1
        ),
    )
}

/// The error for a tree of more than [`MAX_NODES`] nodes, on the first node beyond.
fn nodes_error(span: Span) -> syn::Error {
    syn::Error::new(
        span,
        format!(
            "the tree has more than {MAX_NODES} nodes (this is node {}): build a branch as a tree of its own, boxed, and use it as a leaf: {BRANCH}",
            MAX_NODES + 1
        ),
    )
}

/// The error for tokens nested deeper than [`MAX_NESTING`]: `what` is what they are (`leaf`,
/// `argument`, …).
pub(crate) fn nesting_error(span: Span, what: &str) -> syn::Error {
    syn::Error::new(
        span,
        format!(
            "this {what} nests more than {MAX_NESTING} levels deep here (brackets, generic arguments, closures and operators inside one another): `bt!` reads at most {MAX_NESTING}; move the code into a function or a type of your own and use that"
        ),
    )
}

/// Validates the tree, and refuses it when it has more than [`MAX_NODES`] nodes (reported only
/// when it has no other error: a composite of 5000 children is first of all too wide).
pub(crate) fn check_sized<T>(
    tree: Option<Node>,
    errors: &mut Vec<syn::Error>,
    check: impl FnOnce(Node, &mut Vec<syn::Error>) -> Option<T>,
) -> Option<T> {
    let tree = tree?;
    let beyond = too_many_nodes(&tree);
    let checked = check(tree, errors);
    match beyond {
        Some(span) => {
            if errors.is_empty() {
                errors.push(nodes_error(span));
            }
            None
        }
        None => checked,
    }
}

/// The span of the first node beyond [`MAX_NODES`], in pre-order.
fn too_many_nodes(root: &Node) -> Option<Span> {
    let mut stack = vec![root];
    let mut count = 0;
    while let Some(n) = stack.pop() {
        count += 1;
        if count > MAX_NODES {
            return Some(n.span());
        }
        if let Node::Keyword(k) = n {
            stack.extend(k.children.iter().rev());
        }
    }
    None
}

/// A level of syntax that tokens open and close.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Opener {
    /// A delimited group, `(…)`, `[…]`, `{…}`: its tokens are read from an iterator of its own.
    Group,
    /// `<…>`: generic arguments (or a comparison, counted the same).
    Angle,
    /// `|…|`: a closure's parameters.
    Pipe,
}

struct Level {
    opener: Opener,
    /// The nesting inside this level, before its own tokens.
    base: usize,
    /// The constructs still open since the start of the current element of this level's list
    /// (reset by `,` and `;`).
    run: usize,
    /// The last token ends an operand (an identifier, a literal, a closed group): a `-`, `&`,
    /// `*`, `|` after it is a binary operator, not a prefix.
    operand: bool,
}

/// Where `tokens` nest deeper than [`MAX_NESTING`]: the first token beyond, or `None`.
///
/// The count is an upper bound of the depth of `syn`'s recursion over the tokens, read in one
/// pass with an explicit stack (never recursing itself): one level for each delimited group,
/// `<…>` and closure parameter list the token is inside, plus, within the current element of the
/// enclosing list, one for each construct that stays open until that element ends: a prefix
/// operator (`&`, `*`, `!`, `-`), a keyword (`if`, `mut`, `fn`, `impl`, `return`, …), an
/// assignment or range operator, `->`, `=>`, `@`, a closure. Binary operators after an operand,
/// paths and method calls do not nest (`syn` reads them in a loop).
pub(crate) fn nesting(tokens: TokenStream) -> Option<Span> {
    let mut iters: Vec<token_stream::IntoIter> = vec![tokens.into_iter()];
    let mut levels = vec![Level { opener: Opener::Group, base: 0, run: 0, operand: false }];
    let mut pending: Option<TokenTree> = None;
    loop {
        let Some(t) = pending.take().or_else(|| iters.last_mut().and_then(Iterator::next)) else {
            // The end of a group: close it, and whatever it left open.
            iters.pop();
            while levels.pop().is_some_and(|l| l.opener != Opener::Group) {}
            levels.last_mut()?.operand = true;
            continue;
        };
        let top = levels.last()?;
        let depth = top.base + top.run;
        let (opener, operand) = (top.opener, top.operand);
        // What the token does: opens a level, closes one, or counts in the current one.
        let mut open = None;
        let mut counts = false;
        let mut now_operand = false;
        match &t {
            TokenTree::Group(g) if g.delimiter() == Delimiter::None => {
                // An invisible group (from another macro) nests nothing in the source.
                iters.push(g.stream().into_iter());
                levels.push(Level { opener: Opener::Group, base: depth, run: 0, operand });
                continue;
            }
            TokenTree::Group(g) => {
                iters.push(g.stream().into_iter());
                open = Some((Opener::Group, g.span_open()));
            }
            TokenTree::Literal(_) => now_operand = true,
            TokenTree::Ident(i) => {
                let word = i.to_string();
                // A cast's type nests no more than the operand before it (`syn` reads casts in a
                // loop); what the type holds counts.
                counts = word != "as" && KEYWORDS.contains(&word.as_str());
                now_operand = !KEYWORDS.contains(&word.as_str());
            }
            TokenTree::Punct(p) => {
                let c = p.as_char();
                // The token after a joint punctuation: the second character of an operator.
                let next = if p.spacing() == Spacing::Joint {
                    iters.last_mut().and_then(Iterator::next)
                } else {
                    None
                };
                let second = match &next {
                    Some(TokenTree::Punct(q)) => Some(q.as_char()),
                    _ => None,
                };
                let pair = |ch: char| second == Some(ch);
                let mut consumed = false;
                match c {
                    ',' => levels.last_mut()?.run = 0,
                    ';' => {
                        // A statement ends: whatever `<` or `|` of it was left open, too.
                        while levels.last().is_some_and(|l| l.opener != Opener::Group) {
                            levels.pop();
                        }
                        levels.last_mut()?.run = 0;
                    }
                    '<' if pair('=') => {
                        consumed = true;
                        counts = !operand;
                    }
                    '<' => open = Some((Opener::Angle, p.span())),
                    '>' if opener == Opener::Angle => {
                        levels.pop();
                        now_operand = true;
                    }
                    '-' | '=' if pair('>') => {
                        // `->`, `=>`: a return type, a match arm's body.
                        consumed = true;
                        counts = true;
                    }
                    '=' | '!' | '>' if pair('=') => {
                        // `==`, `!=`, `>=`.
                        consumed = true;
                        counts = !operand;
                    }
                    // An assignment, a binding, a range: what follows nests.
                    '=' | '@' => counts = true,
                    '.' if pair('.') => {
                        consumed = true;
                        counts = true;
                    }
                    '\'' => {
                        // A lifetime or a label: its name is not a keyword, and a type may
                        // follow (`&'a &'b T`).
                        consumed = matches!(next, Some(TokenTree::Ident(_)));
                    }
                    '.' | ':' | '#' | '$' => {}
                    '?' => now_operand = true,
                    '|' if opener == Opener::Pipe => {
                        // The end of a closure's parameters: its body nests in the level around.
                        levels.pop();
                        counts = true;
                    }
                    '|' if !operand && pair('|') => {
                        // A closure without parameters.
                        consumed = true;
                        counts = true;
                    }
                    '|' if !operand => open = Some((Opener::Pipe, p.span())),
                    _ if pair('=') => {
                        // `+=`, `|=`, …: an assignment.
                        consumed = true;
                        counts = true;
                    }
                    _ if operand => {
                        // A binary operator (`&&`, `||`, `<<`, … are one).
                        consumed = pair(c);
                    }
                    // A prefix operator (each `&` of `&&x` is one).
                    _ => counts = true,
                }
                if !consumed {
                    pending = next;
                }
            }
        }
        let top = levels.last_mut()?;
        top.operand = now_operand;
        if let Some((opener, span)) = open {
            let base = top.base + top.run + 1;
            if base > MAX_NESTING {
                return Some(span);
            }
            levels.push(Level { opener, base, run: 0, operand: false });
        } else if counts {
            top.run += 1;
            if top.base + top.run > MAX_NESTING {
                return Some(t.span());
            }
        }
    }
}

/// Rust's keywords (strict and reserved) but the ones that are operands (`self`, `true`, …).
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "become", "box", "break", "const", "continue", "do", "dyn", "else", "enum",
    "extern", "final", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro", "match", "mod",
    "move", "mut", "override", "priv", "pub", "ref", "return", "static", "struct", "trait", "try", "type",
    "typeof", "union", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_ok(src: &str) -> bool {
        nesting(src.parse().unwrap()).is_none()
    }

    /// `unit` repeated `n` times around `inner`, closed by `close` repeated `n` times.
    fn nest(open: &str, inner: &str, close: &str, n: usize) -> String {
        format!("{}{inner}{}", open.repeat(n), close.repeat(n))
    }

    #[test]
    fn each_kind_of_nesting_counts_up_to_the_limit() {
        for (open, inner, close, per) in [
            ("(", "x", ")", 1),
            ("[", "x", "]", 1),
            ("{", "x", "}", 1),
            ("Vec<", "u8", ">", 1),
            ("& ", "x", "", 1),
            ("! ", "x", "", 1),
            ("- ", "1", "", 1),
            ("* ", "x", "", 1),
            ("|a, b| ", "x", "", 1),
            ("|| ", "x", "", 1),
            ("move |a| ", "x", "", 2),
            ("&&", "x", "", 2),
            ("a = ", "b", "", 1),
            ("x @ ", "y", "", 1),
            (".. ", "x", "", 1),
            ("fn() -> ", "u8", "", 2),
            ("impl Fn() -> ", "u8", "", 2),
            ("return ", "x", "", 1),
            ("if a {} else ", "x", "", 2),
            ("&'static ", "u8", "", 1),
        ] {
            let n = MAX_NESTING / per;
            assert!(depth_ok(&nest(open, inner, close, n)), "{open}{inner}{close} × {n}");
            let n = MAX_NESTING / per + 1;
            assert!(!depth_ok(&nest(open, inner, close, n)), "{open}{inner}{close} × {n}");
        }
    }

    #[test]
    fn flat_code_does_not_nest() {
        let long = |piece: &str| piece.repeat(1000);
        for src in [
            long("a + b - c * d / "),
            long("x.f().g[0].h::<T>()?."),
            long("f(a, -b, &c, !d), "),
            long("let x = &mut y; "),
            long("a || b && c | d & e ^ f, "),
            long("if a < b { c } else { d }; "),
            long("x as u8 + "),
            long("A::B::C::"),
            long("a == b != c >= d <= "),
            long("Vec<Vec<u8>>, "),
            long("|a| a, "),
        ] {
            assert!(depth_ok(&format!("{src}x")), "{}", &src[..20]);
        }
    }

    #[test]
    fn the_first_token_beyond_is_reported() {
        let src = nest("(", "x", ")", 100);
        let span = nesting(src.parse().unwrap()).unwrap();
        // The 65th `(`.
        assert_eq!(span.start().column, MAX_NESTING);
    }

    #[test]
    fn bt_xml_reads_the_trees_bt_reads() {
        assert_eq!(bt_xml::limits::MAX_DEPTH, MAX_DEPTH);
        assert_eq!(bt_xml::limits::MAX_NODES, MAX_NODES);
        assert_eq!(bt_xml::limits::MAX_CHILDREN, crate::keywords::MAX_CHILDREN);
    }

    #[test]
    fn a_realistic_closure_leaf_is_far_from_the_limit() {
        let src = "{ |a: &mut Agent| { if a.food < 30 && !a.tired { a.log(format!(\"eat {}\", a.food)); a.food += 50; Status::Success } else if let Some(t) = a.target.as_ref() { match t { Target::Food(x) => { a.x += (x - a.x).signum(); Status::Running } _ => Status::Failure } } else { Status::Failure } } }";
        assert!(depth_ok(src));
        let doubled = src.replace("Status::Success", &format!("{{ {src} }}"));
        assert!(depth_ok(&doubled));
    }
}
