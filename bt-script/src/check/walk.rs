//! Walks over typed expressions.

use alloc::collections::BTreeSet;
use alloc::string::String;

use super::{TExpr, TKind};
use crate::Span;

impl TExpr {
    /// Every entry the expression reads or writes.
    pub fn keys(&self, out: &mut BTreeSet<String>) {
        match &self.kind {
            TKind::Read(k) => {
                out.insert(k.clone());
            }
            TKind::Assign(_, k, v) => {
                out.insert(k.clone());
                v.keys(out);
            }
            TKind::Num(_) | TKind::Str(_) | TKind::Const(_) => {}
            TKind::Unary(_, a) => a.keys(out),
            TKind::Binary(_, a, b) => {
                a.keys(out);
                b.keys(out);
            }
            TKind::Compare(a, rest) => {
                a.keys(out);
                for (_, e) in rest {
                    e.keys(out);
                }
            }
            TKind::Ternary(c, a, b) => {
                c.keys(out);
                a.keys(out);
                b.keys(out);
            }
        }
    }

    /// The span of the first assignment in the expression, if it assigns.
    pub fn first_assign(&self) -> Option<Span> {
        match &self.kind {
            TKind::Assign(..) => Some(self.span),
            TKind::Num(_) | TKind::Str(_) | TKind::Const(_) | TKind::Read(_) => None,
            TKind::Unary(_, a) => a.first_assign(),
            TKind::Binary(_, a, b) => a.first_assign().or_else(|| b.first_assign()),
            TKind::Compare(a, rest) => {
                a.first_assign().or_else(|| rest.iter().find_map(|(_, e)| e.first_assign()))
            }
            TKind::Ternary(c, a, b) => {
                c.first_assign().or_else(|| a.first_assign()).or_else(|| b.first_assign())
            }
        }
    }
}
