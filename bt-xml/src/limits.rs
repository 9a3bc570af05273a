//! What a load reads at most, and the pass over a file's text that checks it before the XML
//! parser runs.
//!
//! The limits are far above what real trees need (Nav2's trees are under 20 nodes deep and under
//! 200 nodes) and far below what would make a build slow or crash: they bound the work of a load
//! on any input, however deep, wide or large. A file beyond one is an [`Error`](crate::Error)
//! naming the limit, at the file, line and column where it is crossed.
//!
//! The XML parser (roxmltree) recurses once per level of nested elements, and checks duplicate
//! attributes in time quadratic in their number. So, before a file's text reaches it, one linear
//! pass over the text checks how deeply elements nest and how many attributes
//! each has: the parser then never recurses deeper than [`MAX_NESTING`] nor compares more than
//! [`MAX_ATTRIBUTES`] attributes of one element. Everything after the parser is linear in the
//! size of the files (positions come from a line index, not from rescanning the text).

/// Largest file read: 1 MiB (the largest file of the corpus in `tests/xml/corpus/` has 58 KB).
/// Files are read with this cap, never further, and only regular files are read (a device such
/// as `/dev/zero` is refused before it is read).
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// Largest size of all the files of one load together: 4 MiB.
pub const MAX_TOTAL_BYTES: usize = 4 << 20;

/// Most files one load reads (the first and the ones it includes, transitively).
pub const MAX_FILES: usize = 256;

/// Deepest nesting of elements in a file, `<root>` and `<BehaviorTree>` included.
pub const MAX_NESTING: usize = 64;

/// Most attributes of one element (a node's ports and the editor's attributes are a handful).
pub const MAX_ATTRIBUTES: usize = 64;

/// Most namespace declarations (`xmlns…` attributes) in one file; BehaviorTree.CPP files have
/// none (the parser's work per element grows with the declarations in scope).
pub const MAX_NAMESPACES: usize = 16;

/// Deepest tree, once its subtrees are inlined: the root is at depth 1. The same as `bt!`'s
/// limit, which comes from the compiler: deeper trees exceed its default `recursion_limit` when
/// it checks the tree's type.
pub const MAX_DEPTH: usize = 48;

/// Most children of one node (the composites of `bt!` take up to 16).
pub const MAX_CHILDREN: usize = 16;

/// Most nodes of a tree, once its subtrees are inlined. The same as `bt!`'s limit.
pub const MAX_NODES: usize = 4096;

/// A limit crossed in a file's text: where (a byte offset) and what to say.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Crossed {
    pub(crate) at: usize,
    pub(crate) message: String,
}

/// One linear pass over the text: elements nested at most [`MAX_NESTING`] deep, at most
/// [`MAX_ATTRIBUTES`] attributes per element and [`MAX_NAMESPACES`] namespace declarations.
///
/// It reads the text as the XML parser does (comments, CDATA sections, processing instructions
/// and quoted attribute values are skipped whole), and where the text is not well-formed it
/// goes on as leniently as it can: the parser stops at the first mistake, so it never nests
/// deeper than this pass counted up to there.
pub(crate) fn check_text(text: &str) -> Result<(), Crossed> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    let mut namespaces = 0usize;
    while let Some(off) = b[i..].iter().position(|&c| c == b'<') {
        let start = i + off;
        i = start + 1;
        let rest = &text[i..];
        if rest.starts_with("!--") {
            i = skip_past(text, i + 3, "-->");
        } else if rest.starts_with("![CDATA[") {
            i = skip_past(text, i + 8, "]]>");
        } else if rest.starts_with('?') {
            i = skip_past(text, i + 1, "?>");
        } else if rest.starts_with('!') || rest.starts_with('/') {
            // A declaration (the parser refuses DTDs) or an end tag: neither has quotes.
            if rest.starts_with('/') {
                depth = depth.saturating_sub(1);
            }
            i = skip_past(text, i, ">");
        } else {
            let (end, attributes, declared, empty) = start_tag(b, i);
            i = end;
            let name = tag_name(text, start + 1);
            if attributes.len() > MAX_ATTRIBUTES {
                return Err(Crossed {
                    at: attributes[MAX_ATTRIBUTES],
                    message: format!(
                        "`<{name}>` has more than {MAX_ATTRIBUTES} attributes: an element may have at most {MAX_ATTRIBUTES} (a node's ports are a handful): remove the ones the node does not read"
                    ),
                });
            }
            namespaces += declared;
            if namespaces > MAX_NAMESPACES {
                return Err(Crossed {
                    at: start,
                    message: format!(
                        "more than {MAX_NAMESPACES} namespace declarations (`xmlns…`) in the file: BehaviorTree.CPP files use none; remove them"
                    ),
                });
            }
            if !empty {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Crossed {
                        at: start,
                        message: format!(
                            "`<{name}>` is nested more than {MAX_NESTING} elements deep: bt reads elements nested at most {MAX_NESTING} deep (and a tree at most {MAX_DEPTH} nodes deep): flatten the tree (a `<Sequence>` directly in a `<Sequence>` can be merged into it)"
                        ),
                    });
                }
            }
        }
    }
    Ok(())
}

/// The offset just past the first `end` at or after `from`, or the end of the text.
fn skip_past(text: &str, from: usize, end: &str) -> usize {
    let from = from.min(text.len());
    text.get(from..).and_then(|r| r.find(end)).map_or(text.len(), |at| from + at + end.len())
}

/// The element name after a `<` at `from`, for messages (at most 40 characters).
fn tag_name(text: &str, from: usize) -> String {
    let rest = text.get(from..).unwrap_or("");
    let name: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, '>' | '/' | '<' | '='))
        .take(41)
        .collect();
    if name.chars().count() > 40 { format!("{}…", name.chars().take(40).collect::<String>()) } else { name }
}

/// Reads a start tag from just after its `<`: returns the offset after its `>` (or the end of
/// the text), the offsets of its attributes (one past [`MAX_ATTRIBUTES`] at most), how many of
/// them declare namespaces, and whether it is an empty-element tag (`<A/>`).
fn start_tag(b: &[u8], mut i: usize) -> (usize, Vec<usize>, usize, bool) {
    let mut attributes = Vec::new();
    let mut declared = 0;
    // The element's name.
    while i < b.len() && !is_space(b[i]) && !matches!(b[i], b'>' | b'/') {
        i += 1;
    }
    loop {
        while i < b.len() && is_space(b[i]) {
            i += 1;
        }
        match b.get(i) {
            None => return (i, attributes, declared, false),
            Some(b'>') => return (i + 1, attributes, declared, false),
            Some(b'/') if b.get(i + 1) == Some(&b'>') => return (i + 2, attributes, declared, true),
            Some(b'/') => i += 1,
            Some(b'"' | b'\'') => i = skip_quoted(b, i),
            Some(_) => {
                // An attribute: its name, `=`, its quoted value.
                if attributes.len() <= MAX_ATTRIBUTES {
                    attributes.push(i);
                }
                if b[i..].starts_with(b"xmlns") {
                    declared += 1;
                }
                while i < b.len() && !is_space(b[i]) && !matches!(b[i], b'=' | b'>' | b'/' | b'"' | b'\'') {
                    i += 1;
                }
                while i < b.len() && is_space(b[i]) {
                    i += 1;
                }
                if b.get(i) == Some(&b'=') {
                    i += 1;
                    while i < b.len() && is_space(b[i]) {
                        i += 1;
                    }
                    if matches!(b.get(i), Some(b'"' | b'\'')) {
                        i = skip_quoted(b, i);
                    }
                }
                if attributes.len() > MAX_ATTRIBUTES {
                    // Past the limit: where the tag ends no longer matters.
                    return (i, attributes, declared, false);
                }
            }
        }
    }
}

/// The offset after the quoted value that starts at `i` (or the end of the text).
fn skip_quoted(b: &[u8], i: usize) -> usize {
    let quote = b[i];
    b[i + 1..].iter().position(|&c| c == quote).map_or(b.len(), |at| i + 1 + at + 1)
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(n: usize) -> String {
        format!("<root>{}<A/>{}</root>", "<S>".repeat(n - 1), "</S>".repeat(n - 1))
    }

    #[test]
    fn nesting_at_the_limit_passes_and_beyond_it_is_refused_at_the_element() {
        assert_eq!(check_text(&nested(MAX_NESTING)), Ok(()));
        let text = nested(MAX_NESTING + 1);
        let e = check_text(&text).unwrap_err();
        // `<root>` is at 0, the 64th `<S>` (the 65th element) at 6 + 63 * 3.
        assert_eq!(e.at, 6 + (MAX_NESTING - 1) * 3);
        assert!(e.message.starts_with("`<S>` is nested more than 64 elements deep"), "{}", e.message);
    }

    #[test]
    fn empty_elements_and_end_tags_do_not_nest() {
        let text = format!("<root>{}</root>", "<A/><B></B>".repeat(10_000));
        assert_eq!(check_text(&text), Ok(()));
    }

    #[test]
    fn attributes_at_the_limit_pass_and_beyond_it_are_refused_at_the_first_too_many() {
        let attrs = |n: usize| (0..n).map(|i| format!(" a{i}=\"1\"")).collect::<String>();
        assert_eq!(check_text(&format!("<root><A{}/></root>", attrs(MAX_ATTRIBUTES))), Ok(()));
        let text = format!("<root><A{}/></root>", attrs(MAX_ATTRIBUTES + 1));
        let e = check_text(&text).unwrap_err();
        assert!(text[e.at..].starts_with(&format!("a{MAX_ATTRIBUTES}=\"")));
        assert!(e.message.contains(&format!("more than {MAX_ATTRIBUTES} attributes")), "{}", e.message);
    }

    #[test]
    fn markup_inside_comments_cdata_instructions_and_values_is_not_counted() {
        let deep = "<S>".repeat(100);
        for text in [
            format!("<?xml version=\"1.0\"?><root><!-- {deep} --></root>"),
            format!("<root><![CDATA[{deep}]]></root>"),
            format!("<root><?pi {deep}?></root>"),
            format!("<root><A x=\"{deep}\" y='>{deep}'/></root>"),
        ] {
            assert_eq!(check_text(&text), Ok(()), "{text}");
        }
    }

    #[test]
    fn namespace_declarations_are_bounded() {
        let decl = |n: usize| (0..n).map(|i| format!(" xmlns:p{i}=\"u\"")).collect::<String>();
        assert_eq!(check_text(&format!("<root{}/>", decl(MAX_NAMESPACES))), Ok(()));
        assert!(check_text(&format!("<root{}/>", decl(MAX_NAMESPACES + 1))).is_err());
    }

    #[test]
    fn unterminated_markup_ends_the_pass() {
        for text in ["<root><!-- x", "<root><A x=\"1", "<root><A", "<", "<root></", "<root><![CDATA["] {
            assert_eq!(check_text(text), Ok(()), "{text}");
        }
    }

    #[test]
    fn long_names_are_shortened_in_messages() {
        let name = "N".repeat(100);
        let text = format!("<{name}>").repeat(MAX_NESTING + 1);
        let e = check_text(&text).unwrap_err();
        assert!(e.message.starts_with(&format!("`<{}…>`", "N".repeat(40))), "{}", e.message);
    }
}
