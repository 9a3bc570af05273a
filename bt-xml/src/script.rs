//! BehaviorTree.CPP scripts in a tree: parsed when the element is read, with the position of
//! every byte in the file, and with their identifiers renamed as the tree's keys once subtrees
//! are inlined.

use roxmltree::Attribute;

use crate::build::{Builder, Scope};
use crate::{Pos, Value};

/// A BehaviorTree.CPP script of the tree, parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    /// The script's text, as the attribute holds it (entities decoded).
    pub text: String,
    /// The parsed script, its identifiers renamed as the tree's keys: an entry of a subtree is
    /// renamed as its ports are (`bt_script::ast::Name::target`).
    pub ast: bt_script::Script,
    /// Where the attribute's value starts.
    pub pos: Pos,
    /// The line and column of each byte of `text`, and of its end.
    positions: Vec<(u32, u32)>,
}

impl Script {
    /// Where byte `at` of the script's text is in its file.
    pub fn at(&self, at: usize) -> Pos {
        match self.positions.get(at).or_else(|| self.positions.last()) {
            Some(&(line, column)) => Pos { file: self.pos.file, line, column },
            None => self.pos,
        }
    }

    /// A script made by the reader (`SetBlackboard`'s assignment), placed at `pos`.
    pub(crate) fn made(text: String, ast: bt_script::Script, pos: Pos) -> Script {
        let positions = vec![(pos.line, pos.column); text.len() + 1];
        Script { text, ast, pos, positions }
    }
}

/// A pre- or post-condition attribute of an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum When {
    /// `_failureIf`
    FailureIf,
    /// `_successIf`
    SuccessIf,
    /// `_skipIf`
    SkipIf,
    /// `_while`
    While,
    /// `_onSuccess`
    OnSuccess,
    /// `_onFailure`
    OnFailure,
    /// `_onHalted`
    OnHalted,
    /// `_post`
    Post,
}

impl When {
    /// Every condition, in the order BehaviorTree.CPP runs them.
    pub const ALL: [When; 8] = [
        When::FailureIf,
        When::SuccessIf,
        When::SkipIf,
        When::While,
        When::OnSuccess,
        When::OnFailure,
        When::OnHalted,
        When::Post,
    ];

    /// The attribute (`"_skipIf"`).
    pub const fn attribute(self) -> &'static str {
        match self {
            When::FailureIf => "_failureIf",
            When::SuccessIf => "_successIf",
            When::SkipIf => "_skipIf",
            When::While => "_while",
            When::OnSuccess => "_onSuccess",
            When::OnFailure => "_onFailure",
            When::OnHalted => "_onHalted",
            When::Post => "_post",
        }
    }

    /// The condition of attribute `name`, if it is one.
    pub fn of(name: &str) -> Option<When> {
        When::ALL.into_iter().find(|w| w.attribute() == name)
    }

    /// Whether it is checked before the node runs (and its value is read as true or false).
    pub const fn is_pre(self) -> bool {
        matches!(self, When::FailureIf | When::SuccessIf | When::SkipIf | When::While)
    }
}

/// One pre- or post-condition of a node.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    /// Which one.
    pub when: When,
    /// Its script.
    pub script: Script,
}

/// The decoded bytes of an attribute's value, each with the offset in the file of the text it
/// comes from (an entity decodes to one character; a line break or tab is a space).
fn offsets(raw: &str, base: usize, decoded: &str) -> Option<Vec<usize>> {
    let r = raw.as_bytes();
    let mut out = Vec::with_capacity(decoded.len() + 1);
    let mut i = 0;
    for ch in decoded.chars() {
        if i >= r.len() {
            return None;
        }
        let start = i;
        if r[i] == b'&' {
            let end = raw[i..].find(';')? + i + 1;
            i = end;
        } else if r[i] == b'\r' && r.get(i + 1) == Some(&b'\n') {
            i += 2;
        } else {
            let len = raw[i..].chars().next()?.len_utf8();
            i += len;
        }
        for _ in 0..ch.len_utf8() {
            out.push(base + start);
        }
    }
    out.push(base + i);
    Some(out)
}

impl Builder<'_, '_> {
    /// Parses the script in attribute `a` of an element of file `file`, its identifiers resolved
    /// in `scope`; reports a syntax error at its position and returns `None`.
    pub(crate) fn script(&mut self, file: usize, a: &Attribute<'_, '_>, scope: &Scope<'_>) -> Option<Script> {
        let text = a.value().to_string();
        let range = a.range_value();
        let src = &self.files[file].text;
        let base = range.start;
        let raw = src.get(range).unwrap_or("");
        let at_bytes = offsets(raw, base, &text).unwrap_or_else(|| vec![base; text.len() + 1]);
        let positions: Vec<(u32, u32)> = at_bytes
            .iter()
            .map(|&o| {
                let p = self.pos(file, o);
                (p.line, p.column)
            })
            .collect();
        let pos = self.pos(file, base);
        match bt_script::parse(&text) {
            Ok(mut ast) => {
                rename(&mut ast, scope);
                Some(Script { text, ast, pos, positions })
            }
            Err(e) => {
                let at = at_bytes.get(e.span.start).copied().unwrap_or(base);
                self.err(
                    file,
                    at,
                    format!("in the script `{}=\"{}\"`: {}", a.name(), text.trim(), e.message),
                );
                None
            }
        }
    }
}

/// Renames the identifiers of `ast` as the keys of `scope` (a root key `@x` is the root's `x`).
pub(crate) fn rename(ast: &mut bt_script::Script, scope: &Scope<'_>) {
    ast.names_mut(|n| {
        n.target = if n.root {
            bt_script::ast::Target::Key(n.written.clone())
        } else {
            match scope.resolve(&n.written) {
                Value::Key { name, .. } => bt_script::ast::Target::Key(name),
                Value::Literal(text) => bt_script::ast::Target::Literal(text),
            }
        }
    });
}
