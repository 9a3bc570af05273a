//! Node kinds of the user's: `Path<…>` and `Path(args)<…>`.

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};

use super::args::parse_arg_list;
use super::cursor::{Cursor, PRIMITIVES, is_group, is_punct, starts_lowercase_ident};
use super::{ArgList, Delim, KeywordNode, Node, Path};
use crate::keywords;

impl Cursor<'_, '_> {
    /// `Path<…>` or `Path(args)<…>`, the path already read (from token `start`): a composite or
    /// decorator of a kind the user wrote, built through `bt::Compose`.
    pub(super) fn parse_user_node(&mut self, start: usize, path: Path) -> Option<Node> {
        if let Some(span) = crate::limits::nesting(self.tokens[start..self.pos].iter().cloned().collect()) {
            self.errors.push(crate::limits::nesting_error(span, "node kind's path"));
            self.skip_user_node_rest();
            return None;
        }
        let last = path.segments.last()?;
        let name = last.ident.clone();
        let path_text = crate::text::tidy(&self.tokens[start..self.pos].iter().cloned().collect());
        if starts_lowercase_ident(&name) {
            let hint = match keywords::suggest(&name.to_string()) {
                Some(k) if path.segments.len() == 1 => format!(" (did you mean the keyword `{k}`?)"),
                _ => String::new(),
            };
            // The path with its last segment capitalised: how a type of that name is written.
            let word = name.to_string();
            let word = word.strip_prefix("r#").unwrap_or(&word);
            let mut chars = word.chars();
            let capital: String =
                chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default();
            let prefix = path_text.strip_suffix(word).unwrap_or("");
            self.error(
                name.span(),
                format!(
                    "`{path_text}` is followed by `<`, but it does not name a node kind: a node kind of your own is a type, written with a capital letter (`{prefix}{capital}<…>` for a type `{capital}`), and the built-in ones are lowercase keywords such as `sequence<A, B>`{hint}"
                ),
            );
            self.skip_user_node_rest();
            return None;
        }
        if path.segments.len() == 1
            && !path.leading_colon
            && let Some((k, keyword)) = keywords::KEYWORDS.iter().find_map(|k| {
                core::iter::once(&k.name)
                    .chain(k.aliases)
                    .find(|word| name == keywords::camel(word))
                    .map(|word| (k, *word))
            })
        {
            self.error(
                name.span(),
                format!(
                    "`{name}` is a built-in node: write its keyword, `{keyword}`, as in `{}`; keywords are lowercase (a node kind of your own with this name is written with its path: `self::{name}<…>`)",
                    k.example.replacen(k.name, keyword, 1)
                ),
            );
            self.skip_user_node_rest();
            return None;
        }
        let mut node = KeywordNode {
            name: name.clone(),
            def: None,
            user: Some(path),
            args: None,
            children: Vec::new(),
            delim: Delim::Angle,
            open: name.span(),
            broken: false,
            source: TokenStream::new(),
            cases: Vec::new(),
        };
        if let Some(TokenTree::Group(g)) = self.peek().cloned() {
            self.pos += 1;
            node.args = Some(self.parse_user_args(&g));
        }
        let open = self.peek().map_or_else(Span::call_site, TokenTree::span);
        self.pos += 1;
        node.open = open;
        // `Wait<3>`, `Buffer<u8>`: a leaf's generic arguments without the turbofish.
        let first = self.peek().cloned();
        let generic_args = match &first {
            Some(TokenTree::Literal(_)) => true,
            Some(TokenTree::Ident(i)) => {
                PRIMITIVES.contains(&i.to_string().as_str())
                    && (is_punct(self.peek_at(1), ',') || is_punct(self.peek_at(1), '>'))
            }
            _ => false,
        };
        if generic_args && node.args.is_none() {
            let found = first.map(|t| crate::text::tidy(&TokenStream::from(t))).unwrap_or_default();
            let from = self.pos;
            let closed = self.skip_generic_args_from_depth(1);
            let generics = if closed {
                crate::text::tidy(&self.tokens[from..self.pos - 1].iter().cloned().collect())
            } else {
                format!("{found}…")
            };
            self.error(
                name.span(),
                format!(
                    "`{path_text}<{generics}>` reads as a node `{path_text}` with children, and `{found}` is not a node; to give a leaf generic arguments, write the turbofish: `{path_text}::<{generics}>`"
                ),
            );
            self.skip_to_child_end();
            return None;
        }
        // `Set<Target>::new(3)`: a generic type in an expression, without the turbofish.
        let save = self.pos;
        if node.args.is_none() && self.skip_generic_args_from_depth(1) && self.at_path_sep() {
            let generics = crate::text::tidy(&self.tokens[save..self.pos - 1].iter().cloned().collect());
            let from = self.pos;
            self.skip_to_child_end();
            let rest = crate::text::tidy(&self.tokens[from..self.pos].iter().cloned().collect());
            self.error(
                name.span(),
                format!(
                    "`{path_text}<{generics}>{rest}` reads as a node `{path_text}` with children: in an expression, generic arguments take the turbofish, `::<…>`; write `{path_text}::<{generics}>{rest}`"
                ),
            );
            return None;
        }
        self.pos = save;
        let (before, skipped) = (self.errors.len(), self.too_deep.get());
        self.depth += 1;
        node.children = self.parse_children(open, Some(open), Some(&name));
        self.depth -= 1;
        node.broken |= (self.errors.len() > before || self.too_deep.get() > skipped)
            && (node.children.is_empty() || self.unclosed);
        node.source = self.tokens[start..self.pos.min(self.tokens.len())].iter().cloned().collect();
        Some(Node::Keyword(node))
    }

    /// After a malformed `path`: skips its `(args)` and `<…>`, up to the end of the child.
    pub(super) fn skip_user_node_rest(&mut self) {
        if is_group(self.peek(), Delimiter::Parenthesis) {
            self.pos += 1;
        }
        self.skip_generic_args();
        self.skip_to_child_end();
    }

    /// The arguments of a node kind of the user's: positional ones first, then `name = value`.
    pub(super) fn parse_user_args(&mut self, g: &Group) -> ArgList {
        let mut list = ArgList { group: g.clone(), args: Vec::new(), broken: false };
        if let Some(span) = crate::limits::nesting(g.stream()) {
            self.errors.push(crate::limits::nesting_error(span, "argument list"));
            list.broken = true;
            return list;
        }
        match parse_arg_list(g) {
            Ok(args) => list.args.extend(args),
            Err(e) => self.errors.push(e),
        }
        list
    }
}
