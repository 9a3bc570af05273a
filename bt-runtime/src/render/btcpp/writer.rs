//! Writing the document: the trees, their nodes, and the models.

use core::fmt::{self, Write};

use super::node::{ModelPort, distinct_attributes, head, model_of, model_ports};
use super::table::Category;
use super::text::{derived_id, is_ident};
use crate::render::write::Escape;
use crate::{NodeInfo, PortDirection, TreeDescription};

/// Escapes a character for an XML attribute value or text. Characters XML cannot hold at all
/// (control characters other than tab and line breaks) become U+FFFD.
fn xml_escape(c: char) -> Option<&'static str> {
    match c {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' => Some("&quot;"),
        '\n' => Some("&#10;"),
        '\r' => Some("&#13;"),
        '\t' => Some("&#9;"),
        '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => Some("\u{fffd}"),
        _ => None,
    }
}

pub(super) struct Writer<'d, 'w, W> {
    pub(super) desc: &'d TreeDescription,
    pub(super) out: &'w mut W,
}

impl<W: Write> Writer<'_, '_, W> {
    fn text(&mut self, s: &str) -> fmt::Result {
        Escape::new(&mut *self.out, xml_escape).write_str(s)
    }

    fn attr(&mut self, name: impl fmt::Display, value: impl fmt::Display) -> fmt::Result {
        write!(self.out, " {name}=\"")?;
        write!(Escape::new(&mut *self.out, xml_escape), "{value}")?;
        self.out.write_char('"')
    }

    fn indent(&mut self, level: usize) -> fmt::Result {
        for _ in 0..level {
            self.out.write_str("  ")?;
        }
        Ok(())
    }

    pub(super) fn document(&mut self) -> fmt::Result {
        let main = TreeId { base: main_base(self.desc), n: 1 };
        self.out.write_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root BTCPP_format=\"4\"")?;
        self.attr("main_tree_to_execute", main)?;
        self.out.write_str(">\n")?;
        self.tree(self.desc, main)?;
        for (id, info) in self.desc.iter() {
            if let Some(sub) = info.subtree
                && self.first_use(sub) == Some(id)
            {
                let tree_id = self.tree_id(sub);
                self.tree(sub, tree_id)?;
            }
        }
        self.models()?;
        self.out.write_str("</root>\n")
    }

    /// One `<BehaviorTree>`: the description's own entries.
    fn tree(&mut self, desc: &TreeDescription, id: TreeId) -> fmt::Result {
        self.out.write_str("  <BehaviorTree")?;
        self.attr("ID", id)?;
        self.out.write_str(">\n")?;
        let entries = desc.entries();
        let mut next = 0;
        while next < entries.len() {
            next = self.node(entries, next, 2)?;
        }
        self.out.write_str("  </BehaviorTree>\n")
    }

    /// Writes `entries[i]` and its children; returns the index after them.
    fn node(&mut self, entries: &[NodeInfo], i: usize, level: usize) -> Result<usize, fmt::Error> {
        let info = &entries[i];
        self.indent(level)?;
        let head = head(info);
        write!(self.out, "<{}", head.element)?;
        if let Some(sub) = info.subtree {
            let sub_id = self.tree_id(sub);
            self.attr("ID", sub_id)?;
        }
        if let Some(name) = head.name {
            self.attr("name", name)?;
        }
        distinct_attributes(info, |name, value| self.attr(name, value))?;
        let mut next = i + 1;
        if info.subtree.is_some() || info.children == 0 {
            self.out.write_str("/>\n")?;
            return Ok(next);
        }
        self.out.write_str(">\n")?;
        for _ in 0..info.children {
            if next >= entries.len() {
                break;
            }
            next = self.node(entries, next, level + 1)?;
        }
        self.indent(level)?;
        writeln!(self.out, "</{}>", head.element)?;
        Ok(next)
    }

    /// The id (in the whole tree) of the first subtree entry embedding a description equal to
    /// `sub`.
    fn first_use(&self, sub: &TreeDescription) -> Option<usize> {
        self.desc.iter().find(|(_, n)| n.subtree.is_some_and(|s| s == sub)).map(|(id, _)| id)
    }

    /// The `<BehaviorTree>` ID of an embedded description.
    fn tree_id(&self, sub: &TreeDescription) -> TreeId {
        let first = self.first_use(sub).unwrap_or(0);
        let base = self.desc.node(first).map_or("Subtree", |info| sub_base(sub, &info));
        // Distinct descriptions met before this one with the same base, the main tree included.
        let mut n = 1 + usize::from(main_base(self.desc) == base);
        for (id, info) in self.desc.iter().take(first) {
            if let Some(other) = info.subtree
                && other != sub
                && self.first_use(other) == Some(id)
                && sub_base(other, &info) == base
            {
                n += 1;
            }
        }
        TreeId { base, n }
    }

    /// The `<TreeNodesModel>`: one model per ID, in order of first use, with the ports of all
    /// its uses.
    fn models(&mut self) -> fmt::Result {
        let desc = self.desc;
        let mut any = false;
        for (id, info) in desc.iter() {
            let Some((_, model_id)) = model_of(&info) else { continue };
            let uses = || desc.iter().filter(move |(_, n)| model_of(n).is_some_and(|(_, m)| m == model_id));
            if uses().next().map(|(i, _)| i) != Some(id) {
                continue;
            }
            if !any {
                self.out.write_str("  <TreeNodesModel>\n")?;
                any = true;
            }
            // A node kind of one's own is a decorator only if it has one child in every use.
            let control = uses().any(|(_, n)| model_of(&n).is_some_and(|(c, _)| c == Category::Control));
            let category = match model_of(&info) {
                _ if control => Category::Control,
                Some((c, _)) => c,
                None => continue,
            };
            let element = category.element();
            write!(self.out, "    <{element}")?;
            self.attr("ID", model_id)?;
            // Every port of every use, each name once: the k-th of the sequence is written unless
            // one before it has its name.
            let mut open = false;
            let mut k = 0usize;
            for (_, node) in uses() {
                model_ports::<fmt::Error>(&node, |port| {
                    let (this, mut j, mut seen) = (k, 0usize, false);
                    k += 1;
                    for (_, other) in uses() {
                        let _ = model_ports::<()>(&other, |p| {
                            seen |= j < this && p.name == port.name;
                            j += 1;
                            Ok(())
                        });
                        if j >= this {
                            break;
                        }
                    }
                    if seen {
                        return Ok(());
                    }
                    if !open {
                        self.out.write_str(">\n")?;
                        open = true;
                    }
                    self.port(port)
                })?;
            }
            if open {
                writeln!(self.out, "    </{element}>")?;
            } else {
                self.out.write_str("/>\n")?;
            }
        }
        if any {
            self.out.write_str("  </TreeNodesModel>\n")?;
        }
        Ok(())
    }

    /// One port of a model.
    fn port(&mut self, port: ModelPort) -> fmt::Result {
        let direction = match port.direction {
            PortDirection::Input => "input_port",
            PortDirection::Output => "output_port",
            PortDirection::InOut => "inout_port",
        };
        self.out.write_str("      <")?;
        self.out.write_str(direction)?;
        self.attr("name", port.name)?;
        if !port.type_name.is_empty() {
            self.attr("type", port.type_name)?;
        }
        if let Some(default) = port.default {
            self.attr("default", default)?;
        }
        if port.doc.is_empty() {
            self.out.write_str("/>\n")
        } else {
            self.out.write_char('>')?;
            self.text(port.doc)?;
            writeln!(self.out, "</{direction}>")
        }
    }
}

/// A `<BehaviorTree>` ID: a base, and a number from 2 on when another tree has the same base.
#[derive(Clone, Copy, Debug)]
struct TreeId {
    base: &'static str,
    n: usize,
}

impl fmt::Display for TreeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.base)?;
        if self.n > 1 {
            write!(f, "_{}", self.n)?;
        }
        Ok(())
    }
}

fn main_base(desc: &TreeDescription) -> &'static str {
    if is_ident(desc.name) { desc.name } else { "MainTree" }
}

fn sub_base(sub: &TreeDescription, entry: &NodeInfo) -> &'static str {
    if is_ident(sub.name) {
        sub.name
    } else {
        match derived_id(entry.label) {
            "Leaf" | "Closure" => "Subtree",
            id => id,
        }
    }
}
