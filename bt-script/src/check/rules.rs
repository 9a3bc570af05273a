//! The rules of each operation: the types it takes, what it gives, and the messages when the
//! types do not fit.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::infer::conflict;
use super::{Checker, KeyType, Resolved, Rule, TExpr, TKind, Ty, resolve};
use crate::Span;
use crate::ast::{AssignOp, BinOp, CmpOp, Expr, ExprKind, Name, UnOp};
use crate::value::{NUMBERS, Num, TEXT};

impl Checker<'_> {
    /// Checks a condition's value: a number (read as a boolean).
    pub(super) fn condition(&mut self, script: usize, last: &TExpr) {
        match &last.ty {
            t if t.is_number() => {}
            Ty::Key(k) => self.require(
                script,
                last.span,
                Rule::In { key: k.clone(), classes: NUMBERS },
                format!("the condition's value, `{k}`, is read as true or false"),
            ),
            t => self.err(
                script,
                last.span,
                format!(
                    "a condition's value must be true or false (a number), but this script's value is {}: compare it (`… == 'text'`) or test it (`… != 0`)",
                    t.name()
                ),
            ),
        }
    }

    /// Requires `t` (of the expression at `span`) to be a number, for `what`.
    fn number(&mut self, script: usize, t: &TExpr, what: &str) -> bool {
        match &t.ty {
            ty if ty.is_number() => true,
            Ty::Key(k) => {
                self.require(
                    script,
                    t.span,
                    Rule::In { key: k.clone(), classes: NUMBERS },
                    format!("{what} needs a number, and `{k}` is used as one"),
                );
                true
            }
            ty => {
                self.err(script, t.span, format!("{what} needs a number, but this is {}", ty.name()));
                false
            }
        }
    }

    pub(super) fn expr(&mut self, script: usize, e: &Expr) -> Option<TExpr> {
        let span = e.span;
        let (kind, ty) = match &e.kind {
            ExprKind::Int(v) => (TKind::Num(Num::Int(*v)), Ty::Int),
            ExprKind::Real(v) => (TKind::Num(Num::Real(*v)), Ty::Real),
            ExprKind::Bool(b) => (TKind::Num(Num::Real(if *b { 1.0 } else { 0.0 })), Ty::Bool),
            ExprKind::Str(s) => (TKind::Str(s.clone()), Ty::Text),
            ExprKind::Name(n) => match resolve(self.env, n) {
                Resolved::Const => (TKind::Const(n.written.clone()), Ty::Int),
                Resolved::Literal(t) => (TKind::Str(t.into()), Ty::Text),
                Resolved::Key(k) => match self.key_ty(k) {
                    Some(ty) => (TKind::Read(k.into()), ty),
                    None => {
                        self.unknown(script, span, n, k);
                        return None;
                    }
                },
            },
            ExprKind::Unary(op, a) => {
                let a = self.expr(script, a)?;
                let what = format!("`{}`", op.text());
                if !self.number(script, &a, &what) {
                    return None;
                }
                let ty = if *op == UnOp::Not { Ty::Bool } else { Ty::Real };
                (TKind::Unary(*op, Box::new(a)), ty)
            }
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.expr(script, a), self.expr(script, b));
                let (a, b) = (a?, b?);
                let ty = self.binary(script, span, *op, &a, &b)?;
                (TKind::Binary(*op, Box::new(a), Box::new(b)), ty)
            }
            ExprKind::Compare(first, rest) => {
                let first = self.expr(script, first);
                let rest: Vec<Option<(CmpOp, TExpr)>> =
                    rest.iter().map(|(op, e)| self.expr(script, e).map(|t| (*op, t))).collect();
                let first = first?;
                let rest: Vec<(CmpOp, TExpr)> = rest.into_iter().collect::<Option<_>>()?;
                let mut ok = true;
                let mut left = &first;
                for (op, right) in &rest {
                    ok &= self.comparable(script, *op, left, right);
                    left = right;
                }
                if !ok {
                    return None;
                }
                (TKind::Compare(Box::new(first), rest), Ty::Bool)
            }
            ExprKind::Ternary(c, a, b) => {
                let (c, a, b) = (self.expr(script, c), self.expr(script, a), self.expr(script, b));
                let (c, a, b) = (c?, a?, b?);
                match &c.ty {
                    t if t.is_number() || *t == Ty::Text => {}
                    Ty::Key(k) => self.require(
                        script,
                        c.span,
                        Rule::In { key: k.clone(), classes: NUMBERS | TEXT },
                        format!("the condition of `?:`, `{k}`, is a number or a string"),
                    ),
                    t => {
                        self.err(
                            script,
                            c.span,
                            format!(
                                "the condition of `?:` must be a number or a string, but this is {}",
                                t.name()
                            ),
                        );
                        return None;
                    }
                }
                let ty = self.branches(script, span, &a, &b)?;
                (TKind::Ternary(Box::new(c), Box::new(a), Box::new(b)), ty)
            }
            ExprKind::Assign(op, n, name_span, v) => {
                let value = self.expr(script, v)?;
                let key = match resolve(self.env, n) {
                    Resolved::Const => {
                        self.err(
                            script,
                            *name_span,
                            format!("`{}` is a constant of the tree, not a blackboard entry: a script cannot assign it", n.written),
                        );
                        return None;
                    }
                    Resolved::Literal(t) => {
                        self.err(
                            script,
                            *name_span,
                            format!(
                                "`{}` is bound to the text `{t}` by the `<SubTree>` that holds this script: a script cannot change it; bind it to a blackboard entry there (`{}=\"{{key}}\"`)",
                                n.written, n.written
                            ),
                        );
                        return None;
                    }
                    Resolved::Key(k) => k,
                };
                let Some(target) = self.key_ty(key) else {
                    // Reported once, at the write that made the entry's writes conflict.
                    if self.conflicts.get(key) != Some(&(script, span)) {
                        return None;
                    }
                    let what = conflict(self.inferred.get(key).and_then(Option::as_ref));
                    self.err(
                        script,
                        *name_span,
                        format!("the scripts write `{key}` {what}: an entry has one type; write it one kind of value, or {}", self.env.declare_hint(key)),
                    );
                    return None;
                };
                self.assignment(script, span, *op, key, &target, &value)?;
                // BehaviorTree.CPP creates the entry of every port of the tree when it builds the
                // tree, so `=` may write an entry a port binds (or the program declares) before
                // anything has: only an entry that scripts alone know must be created by `:=`.
                let op = match (*op, self.env.key(key)) {
                    (AssignOp::Set, KeyType::Known(_) | KeyType::Deferred) => AssignOp::Create,
                    (op, _) => op,
                };
                (TKind::Assign(op, key.into(), Box::new(value)), target)
            }
        };
        Some(TExpr { kind, ty, span })
    }

    fn unknown(&mut self, script: usize, span: Span, n: &Name, key: &str) {
        if self.inferred.get(key).is_some_and(Option::is_some) && self.conflicts.contains_key(key) {
            // A conflict: reported at its write.
            return;
        }
        if !self.reported.insert(key.into()) {
            return;
        }
        let shown = n.as_written();
        let renamed = if key != n.written {
            format!(" (the entry `{key}` once subtrees are inlined)")
        } else {
            String::new()
        };
        let msg = match self.inferred.get(key) {
            Some(j) => format!(
                "the scripts write `{shown}`{renamed} {}: an entry has one type; write it one kind of value, or {}",
                conflict(j.as_ref()),
                self.env.declare_hint(key)
            ),
            None => format!(
                "`{shown}`{renamed} is not known: no port of the tree binds it, no script writes it, and it is not a constant; if your program writes it, {}; if it is a constant, name it",
                self.env.declare_hint(key)
            ),
        };
        self.err(script, span, msg);
    }

    fn binary(&mut self, script: usize, span: Span, op: BinOp, a: &TExpr, b: &TExpr) -> Option<Ty> {
        let what = format!("`{}`", op.text());
        match op {
            BinOp::Add => match (&a.ty, &b.ty) {
                (Ty::Text, Ty::Text) => Some(Ty::Text),
                (Ty::Text, Ty::Key(k)) | (Ty::Key(k), Ty::Text) => {
                    let at = if matches!(a.ty, Ty::Key(_)) { a.span } else { b.span };
                    self.require(
                        script,
                        at,
                        Rule::In { key: k.clone(), classes: TEXT },
                        format!("`+` joins it to a string, so `{k}` is used as a string"),
                    );
                    Some(Ty::Text)
                }
                (Ty::Text, t) | (t, Ty::Text) if t.is_number() => {
                    self.err(script, span, "`+` adds two numbers or joins two strings, and this is a string and a number: join them with `..`".into());
                    None
                }
                _ => {
                    let ok = self.number(script, a, &what) & self.number(script, b, &what);
                    ok.then_some(Ty::Real)
                }
            },
            BinOp::Concat => {
                let mut text = 0;
                for t in [a, b] {
                    match &t.ty {
                        Ty::Text => text += 1,
                        ty if ty.is_number() => {}
                        Ty::Key(k) => self.require(
                            script,
                            t.span,
                            Rule::In { key: k.clone(), classes: NUMBERS | TEXT },
                            format!("`..` joins `{k}` as text, so it is a string or a number"),
                        ),
                        ty => {
                            self.err(
                                script,
                                t.span,
                                format!("`..` joins strings and numbers, but this is {}", ty.name()),
                            );
                            return None;
                        }
                    }
                }
                if text == 0 && a.ty.is_number() && b.ty.is_number() {
                    self.err(script, span, "`..` joins strings: at least one side must be a string (`'' .. x` writes a number as text)".into());
                    return None;
                }
                Some(Ty::Text)
            }
            BinOp::And | BinOp::Or => {
                let ok = self.number(script, a, &what) & self.number(script, b, &what);
                ok.then_some(Ty::Bool)
            }
            _ => {
                let ok = self.number(script, a, &what) & self.number(script, b, &what);
                ok.then_some(Ty::Real)
            }
        }
    }

    fn comparable(&mut self, script: usize, op: CmpOp, a: &TExpr, b: &TExpr) -> bool {
        for t in [a, b] {
            match &t.ty {
                Ty::Other(k) => {
                    self.err(
                        script,
                        t.span,
                        format!("`{}` compares numbers and strings, and `{k}` is of a type of your own: compare one of its fields in a condition leaf", op.text()),
                    );
                    return false;
                }
                Ty::Key(k) => self.require(
                    script,
                    t.span,
                    Rule::In { key: k.clone(), classes: NUMBERS | TEXT },
                    format!("`{}` compares `{k}`, so it is a number or a string", op.text()),
                ),
                _ => {}
            }
        }
        true
    }

    fn branches(&mut self, script: usize, span: Span, a: &TExpr, b: &TExpr) -> Option<Ty> {
        Some(match (&a.ty, &b.ty) {
            (x, y) if x == y => x.clone(),
            (x, y) if x.is_number() && y.is_number() => Ty::Real,
            (Ty::Key(k), t) | (t, Ty::Key(k)) if t.is_number() || *t == Ty::Text => {
                let classes = if *t == Ty::Text { TEXT } else { NUMBERS };
                self.require(
                    script,
                    span,
                    Rule::In { key: k.clone(), classes },
                    format!("the branches of `?:` have one type, so `{k}` is {}", t.name()),
                );
                t.clone()
            }
            (x, y) => {
                self.err(
                    script,
                    span,
                    format!("the two branches of `?:` must both be numbers or both strings, but one is {} and the other {}", x.name(), y.name()),
                );
                return None;
            }
        })
    }
}
