//! What an assignment (`=`, `:=`, `+=`, …) needs of its entry and its value.

use alloc::format;

use super::{Checker, Rule, TExpr, Ty};
use crate::Span;
use crate::ast::AssignOp;
use crate::value::{ANY, Class, NUMBERS, TEXT};

impl Checker<'_> {
    pub(super) fn assignment(
        &mut self,
        script: usize,
        span: Span,
        op: AssignOp,
        key: &str,
        target: &Ty,
        value: &TExpr,
    ) -> Option<()> {
        let v = &value.ty;
        let shown = |t: &Ty| match t {
            Ty::Key(k) if k == key => format!("`{key}`"),
            t => t.name(),
        };
        if op.arithmetic().is_some() {
            // `+=` and the others: numbers, or `+=` on two strings.
            let text = op == AssignOp::Add && (*v == Ty::Text || *target == Ty::Text);
            let classes = if text { TEXT } else { NUMBERS };
            let ok_target = match target {
                Ty::Key(k) => {
                    self.require(
                        script,
                        span,
                        Rule::In { key: k.clone(), classes },
                        format!("`{}` changes `{key}` with {}", op.text(), v.name()),
                    );
                    true
                }
                t => (text && *t == Ty::Text) || (!text && t.is_number()),
            };
            let ok_value = match v {
                Ty::Key(k) => {
                    self.require(
                        script,
                        value.span,
                        Rule::In { key: k.clone(), classes },
                        format!("`{}` uses `{k}` on `{key}`", op.text()),
                    );
                    true
                }
                t => (text && *t == Ty::Text) || (!text && t.is_number()),
            };
            if !(ok_target && ok_value) {
                self.err(
                    script,
                    span,
                    format!(
                        "`{}` needs two numbers{}: `{key}` is {} and the value is {}",
                        op.text(),
                        if op == AssignOp::Add { " or two strings" } else { "" },
                        shown(target),
                        v.name()
                    ),
                );
                return None;
            }
            return Some(());
        }
        match (target, v) {
            (Ty::Key(t), Ty::Key(f)) if t != f => self.require(
                script,
                span,
                Rule::Copy { to: t.clone(), from: f.clone() },
                format!("`{key} {} {f}` stores the value of `{f}` into `{key}`", op.text()),
            ),
            (Ty::Key(_), Ty::Key(_)) => {}
            (Ty::Key(t), v) => {
                let classes = match v {
                    Ty::Text => ANY,
                    Ty::Other(_) => Class::Other.bit(),
                    _ => NUMBERS,
                };
                self.require(
                    script,
                    span,
                    Rule::In { key: t.clone(), classes },
                    format!("`{}` stores {} into `{key}`", op.text(), v.name()),
                );
            }
            (t, Ty::Key(f)) => {
                let classes = match t {
                    Ty::Text => TEXT,
                    Ty::Other(_) => TEXT | Class::Other.bit(),
                    _ => NUMBERS | TEXT,
                };
                self.require(
                    script,
                    value.span,
                    Rule::In { key: f.clone(), classes },
                    format!("`{}` stores `{f}` into `{key}`, which is {}", op.text(), t.name()),
                );
            }
            (t, v) if t.is_number() && (v.is_number() || *v == Ty::Text) => {}
            (Ty::Text, Ty::Text) => {}
            (Ty::Other(_), Ty::Text | Ty::Other(_)) => {}
            (t, v) => {
                let hint = match (t, v) {
                    (Ty::Text, v) if v.is_number() => {
                        ": write the number as a string (`'5'`), or join it: `'' .. x`"
                    }
                    _ => "",
                };
                self.err(
                    script,
                    span,
                    format!(
                        "`{key}` is {} (one type for every use of the entry), so it cannot take {}{hint}",
                        t.name(),
                        v.name()
                    ),
                );
                return None;
            }
        }
        Some(())
    }
}
