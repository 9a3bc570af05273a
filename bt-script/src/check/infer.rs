//! Inference of the types of the entries only scripts write: every write's type, joined.

use alloc::string::String;

use super::{Checker, KeyType, Resolved, Ty, resolve};
use crate::ast::{BinOp, Expr, ExprKind, UnOp};

/// The join of the types written to a free entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Join {
    Bool,
    Int,
    Real,
    Text,
    Key(String),
    /// Writes of two kinds (`"a string and a number"`).
    Conflict(&'static str),
}

impl Checker<'_> {
    /// The type of `e` for inference: no errors, `None` when unknown yet.
    pub(super) fn quick_ty(&self, e: &Expr) -> Option<Ty> {
        Some(match &e.kind {
            ExprKind::Int(_) => Ty::Int,
            ExprKind::Real(_) => Ty::Real,
            ExprKind::Bool(_) => Ty::Bool,
            ExprKind::Str(_) => Ty::Text,
            ExprKind::Name(n) => match resolve(self.env, n) {
                Resolved::Const => Ty::Int,
                Resolved::Literal(_) => Ty::Text,
                Resolved::Key(k) => self.key_ty(k)?,
            },
            ExprKind::Unary(UnOp::Not, _) => Ty::Bool,
            ExprKind::Unary(..) => Ty::Real,
            ExprKind::Binary(BinOp::And | BinOp::Or, ..) => Ty::Bool,
            ExprKind::Binary(BinOp::Concat, ..) => Ty::Text,
            ExprKind::Binary(BinOp::Add, a, b) => {
                let (a, b) = (self.quick_ty(a), self.quick_ty(b));
                if a == Some(Ty::Text) || b == Some(Ty::Text) { Ty::Text } else { Ty::Real }
            }
            ExprKind::Binary(..) => Ty::Real,
            ExprKind::Compare(..) => Ty::Bool,
            ExprKind::Ternary(_, a, b) => {
                let (a, b) = (self.quick_ty(a), self.quick_ty(b));
                match (a, b) {
                    (Some(a), Some(b)) if a == b => a,
                    (Some(a), Some(b)) if a.is_number() && b.is_number() => Ty::Real,
                    (Some(a), None) | (None, Some(a)) => a,
                    (Some(a), Some(_)) => a,
                    (None, None) => return None,
                }
            }
            ExprKind::Assign(op, n, _, v) => match op.arithmetic() {
                Some(_) => {
                    if self.quick_ty(v) == Some(Ty::Text) {
                        Ty::Text
                    } else {
                        Ty::Real
                    }
                }
                None => match resolve(self.env, n) {
                    Resolved::Key(k) => self.key_ty(k).or_else(|| self.quick_ty(v))?,
                    _ => self.quick_ty(v)?,
                },
            },
        })
    }

    /// Joins the types of the writes in `e` into the free entries they write.
    pub(super) fn infer_writes(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Int(_)
            | ExprKind::Real(_)
            | ExprKind::Bool(_)
            | ExprKind::Str(_)
            | ExprKind::Name(_) => {}
            ExprKind::Unary(_, a) => self.infer_writes(a),
            ExprKind::Binary(_, a, b) => {
                self.infer_writes(a);
                self.infer_writes(b);
            }
            ExprKind::Compare(a, rest) => {
                self.infer_writes(a);
                for (_, b) in rest {
                    self.infer_writes(b);
                }
            }
            ExprKind::Ternary(c, a, b) => {
                self.infer_writes(c);
                self.infer_writes(a);
                self.infer_writes(b);
            }
            ExprKind::Assign(op, n, _, v) => {
                self.infer_writes(v);
                let Resolved::Key(k) = resolve(self.env, n) else { return };
                if self.env.key(k) != KeyType::Free {
                    return;
                }
                let written = match op.arithmetic() {
                    // `x += v` stores `x + v` back into `x`, converted to `x`'s type (a fraction
                    // into an integer entry is a fault when it runs, as in BehaviorTree.CPP): it
                    // writes the kind of value `v` is.
                    Some(_) => self.quick_ty(v).map(|t| if t == Ty::Bool { Join::Int } else { join_of(t) }),
                    None => match &v.kind {
                        // A copy of another entry: its type.
                        ExprKind::Name(m) => match resolve(self.env, m) {
                            // A copy of an entry whose type the tree gives: that type.
                            Resolved::Key(src) if src != k && self.env.key(src) != KeyType::Free => {
                                Some(Join::Key(src.into()))
                            }
                            _ => self.quick_ty(v).map(join_of),
                        },
                        _ => self.quick_ty(v).map(join_of),
                    },
                };
                let slot = self.inferred.entry(k.into()).or_insert(None);
                if let Some(w) = written {
                    let joined = match slot.take() {
                        None => w,
                        Some(old) => join(old, w),
                    };
                    if matches!(joined, Join::Conflict(_)) && !self.conflicts.contains_key(k) {
                        self.conflicts.insert(k.into(), (self.script, e.span));
                    }
                    *slot = Some(joined);
                }
            }
        }
    }
}

/// What the writes of a conflicting entry are.
pub(super) fn conflict(j: Option<&Join>) -> &'static str {
    match j {
        Some(Join::Conflict(c)) => c,
        _ => "values of different types",
    }
}

fn join_of(t: Ty) -> Join {
    match t {
        Ty::Int => Join::Int,
        Ty::Real => Join::Real,
        Ty::Bool => Join::Bool,
        Ty::Text => Join::Text,
        Ty::Other(k) | Ty::Key(k) => Join::Key(k),
    }
}

fn join(a: Join, b: Join) -> Join {
    use Join::*;
    match (a, b) {
        (x, y) if x == y => x,
        (Conflict(c), _) | (_, Conflict(c)) => Conflict(c),
        (Key(k), _) | (_, Key(k)) => Key(k),
        (Text, _) | (_, Text) => Conflict("a string and a number"),
        (Real, _) | (_, Real) => Real,
        (Int, Bool) | (Bool, Int) => Int,
        _ => Conflict("values of different types"),
    }
}
