//! The syntax tree of a script, every node with its span in the script's text.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// A range of bytes in a script's text (`start..end`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The span from the start of `self` to the end of `other`.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// A parsed script: one or more statements, run in order; its value is the last one's.
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    /// The statements, in order (never empty).
    pub statements: Vec<Expr>,
}

impl Script {
    /// The entries the script assigns (`key := …`, `key = …`, `key += …`), after remapping.
    pub fn assigned(&self, out: &mut alloc::collections::BTreeSet<String>) {
        fn walk(e: &Expr, out: &mut alloc::collections::BTreeSet<String>) {
            match &e.kind {
                ExprKind::Assign(_, name, _, v) => {
                    if let Target::Key(k) = &name.target {
                        out.insert(k.clone());
                    }
                    walk(v, out);
                }
                ExprKind::Unary(_, a) => walk(a, out),
                ExprKind::Binary(_, a, b) => {
                    walk(a, out);
                    walk(b, out);
                }
                ExprKind::Compare(a, rest) => {
                    walk(a, out);
                    for (_, r) in rest {
                        walk(r, out);
                    }
                }
                ExprKind::Ternary(c, a, b) => {
                    walk(c, out);
                    walk(a, out);
                    walk(b, out);
                }
                ExprKind::Int(_)
                | ExprKind::Real(_)
                | ExprKind::Bool(_)
                | ExprKind::Str(_)
                | ExprKind::Name(_) => {}
            }
        }
        for e in &self.statements {
            walk(e, out);
        }
    }
}

/// One expression, with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is in the script's text.
    pub span: Span,
}

/// The kinds of expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal, decimal or hexadecimal (`42`, `0x2A`).
    Int(i64),
    /// A real literal (`3.14`, `1e-3`).
    Real(f64),
    /// `true` or `false`.
    Bool(bool),
    /// A string literal between single quotes, without them.
    Str(String),
    /// An identifier: a constant the tree's user names, or a blackboard entry.
    Name(Name),
    /// `-x`, `!x`, `~x`.
    Unary(UnOp, Box<Expr>),
    /// `a + b`, `a .. b`, `a && b`, …
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a < b`, chained: `a < b <= c` is `a < b && b <= c` (each operand evaluated once).
    Compare(Box<Expr>, Vec<(CmpOp, Expr)>),
    /// `c ? a : b`.
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `key := value`, `key = value`, `key += value`, …
    Assign(AssignOp, Name, Span, Box<Expr>),
}

/// An identifier as written, and what it names once subtrees are inlined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The identifier as written, without a leading `@`.
    pub written: String,
    /// Whether it was written `@name`: an entry of the root tree's blackboard.
    pub root: bool,
    /// What it refers to as a blackboard entry, after subtree remapping.
    pub target: Target,
}

/// What an identifier refers to as a blackboard entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The entry of this name (after remapping: a subtree's key may be its parent's).
    Key(String),
    /// A subtree's key that its `<SubTree>` element binds to a literal: the literal's text.
    Literal(String),
}

impl Name {
    /// The identifier `written` (`root` if it was `@written`), referring to the entry of the same
    /// name.
    pub fn new(written: &str, root: bool) -> Self {
        Name { written: written.into(), root, target: Target::Key(written.into()) }
    }

    /// The identifier as written, with its `@`.
    pub fn as_written(&self) -> String {
        if self.root { alloc::format!("@{}", self.written) } else { self.written.clone() }
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `-x`
    Neg,
    /// `!x`
    Not,
    /// `~x` (bitwise complement of an integer)
    Complement,
}

/// Binary operators (comparisons are [`CmpOp`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+` (numbers, or two strings)
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `..` (string concatenation)
    Concat,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `&&`
    And,
    /// `||`
    Or,
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<=`
    Le,
    /// `>=`
    Ge,
}

/// Assignment operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssignOp {
    /// `:=`: creates the entry if it does not exist.
    Create,
    /// `=`: the entry must exist.
    Set,
    /// `+=`
    Add,
    /// `-=`
    Sub,
    /// `*=`
    Mul,
    /// `/=`
    Div,
}

impl UnOp {
    /// The operator as written.
    pub fn text(self) -> &'static str {
        match self {
            UnOp::Neg => "-",
            UnOp::Not => "!",
            UnOp::Complement => "~",
        }
    }
}

impl BinOp {
    /// The operator as written.
    pub fn text(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Concat => "..",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
}

impl CmpOp {
    /// The operator as written.
    pub fn text(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Gt => ">",
            CmpOp::Le => "<=",
            CmpOp::Ge => ">=",
        }
    }
}

impl AssignOp {
    /// The operator as written.
    pub fn text(self) -> &'static str {
        match self {
            AssignOp::Create => ":=",
            AssignOp::Set => "=",
            AssignOp::Add => "+=",
            AssignOp::Sub => "-=",
            AssignOp::Mul => "*=",
            AssignOp::Div => "/=",
        }
    }

    /// The arithmetic of a compound assignment (`+=` is `Add`), `None` for `:=` and `=`.
    pub fn arithmetic(self) -> Option<BinOp> {
        match self {
            AssignOp::Create | AssignOp::Set => None,
            AssignOp::Add => Some(BinOp::Add),
            AssignOp::Sub => Some(BinOp::Sub),
            AssignOp::Mul => Some(BinOp::Mul),
            AssignOp::Div => Some(BinOp::Div),
        }
    }
}

impl Expr {
    /// Every identifier the expression reads or writes, in order, with whether it is written.
    pub fn names<'a>(&'a self, out: &mut Vec<(&'a Name, Span, bool)>) {
        match &self.kind {
            ExprKind::Int(_) | ExprKind::Real(_) | ExprKind::Bool(_) | ExprKind::Str(_) => {}
            ExprKind::Name(n) => out.push((n, self.span, false)),
            ExprKind::Unary(_, e) => e.names(out),
            ExprKind::Binary(_, a, b) => {
                a.names(out);
                b.names(out);
            }
            ExprKind::Compare(first, rest) => {
                first.names(out);
                for (_, e) in rest {
                    e.names(out);
                }
            }
            ExprKind::Ternary(c, a, b) => {
                c.names(out);
                a.names(out);
                b.names(out);
            }
            ExprKind::Assign(_, n, span, value) => {
                value.names(out);
                out.push((n, *span, true));
            }
        }
    }

    /// Every identifier, to rewrite in place (subtree remapping).
    pub fn names_mut(&mut self, f: &mut dyn FnMut(&mut Name)) {
        match &mut self.kind {
            ExprKind::Int(_) | ExprKind::Real(_) | ExprKind::Bool(_) | ExprKind::Str(_) => {}
            ExprKind::Name(n) => f(n),
            ExprKind::Unary(_, e) => e.names_mut(f),
            ExprKind::Binary(_, a, b) => {
                a.names_mut(f);
                b.names_mut(f);
            }
            ExprKind::Compare(first, rest) => {
                first.names_mut(f);
                for (_, e) in rest {
                    e.names_mut(f);
                }
            }
            ExprKind::Ternary(c, a, b) => {
                c.names_mut(f);
                a.names_mut(f);
                b.names_mut(f);
            }
            ExprKind::Assign(_, n, _, value) => {
                value.names_mut(f);
                f(n);
            }
        }
    }
}

impl Script {
    /// Every identifier the script reads or writes, in order, with its span and whether it is
    /// written.
    pub fn names(&self) -> Vec<(&Name, Span, bool)> {
        let mut out = Vec::new();
        for s in &self.statements {
            s.names(&mut out);
        }
        out
    }

    /// Every identifier, to rewrite in place (subtree remapping).
    pub fn names_mut(&mut self, mut f: impl FnMut(&mut Name)) {
        for s in &mut self.statements {
            s.names_mut(&mut f);
        }
    }
}
