//! A condition closure that writes to its context (`{ |a: &Agent| { a.seen = true; … } }`): the
//! compiler would say only "cannot assign to data in a `&` reference"; the macro says why a
//! condition takes `&Ctx` and where the write belongs.

use proc_macro2::Span;
use quote::ToTokens;
use syn::visit_mut::{self, VisitMut};

/// The span of the first assignment in `body` (`=`, `+=`, …) to a place reached from the
/// parameter `param` through fields and indexes only (`a.x`, `a.v[i].y`, `*a`): an assignment the
/// compiler refuses through a `&` reference, whatever the types. `None` when there is none, or
/// when the body binds another `param` (a `let`, a pattern, a closure's parameter), which could be
/// what it writes.
pub(super) fn write_through(body: &syn::Expr, param: &syn::Ident) -> Option<Span> {
    let mut finder = Finder { param, found: None, shadowed: false };
    finder.visit_expr_mut(&mut body.clone());
    if finder.shadowed { None } else { finder.found }
}

struct Finder<'a> {
    param: &'a syn::Ident,
    found: Option<Span>,
    shadowed: bool,
}

impl Finder<'_> {
    /// `place` is a field or index chain (or a dereference) rooted at the parameter.
    fn through_param(&self, place: &syn::Expr) -> bool {
        match place {
            syn::Expr::Field(f) => self.rooted(&f.base),
            syn::Expr::Index(i) => self.rooted(&i.expr),
            syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Deref(_), expr, .. }) => self.is_param(expr),
            syn::Expr::Paren(p) => self.through_param(&p.expr),
            _ => false,
        }
    }

    fn rooted(&self, e: &syn::Expr) -> bool {
        self.is_param(e) || self.through_param(e)
    }

    fn is_param(&self, e: &syn::Expr) -> bool {
        match e {
            syn::Expr::Path(p) => p.qself.is_none() && p.path.is_ident(self.param),
            syn::Expr::Paren(p) => self.is_param(&p.expr),
            _ => false,
        }
    }

    fn assigns(&mut self, place: &syn::Expr) {
        if self.found.is_none() && self.through_param(place) {
            self.found = Some(crate::parse::first_span(&place.to_token_stream()));
        }
    }
}

impl VisitMut for Finder<'_> {
    fn visit_expr_assign_mut(&mut self, e: &mut syn::ExprAssign) {
        self.assigns(&e.left);
        visit_mut::visit_expr_assign_mut(self, e);
    }

    fn visit_expr_binary_mut(&mut self, e: &mut syn::ExprBinary) {
        use syn::BinOp::*;
        if matches!(
            e.op,
            AddAssign(_)
                | SubAssign(_)
                | MulAssign(_)
                | DivAssign(_)
                | RemAssign(_)
                | BitXorAssign(_)
                | BitAndAssign(_)
                | BitOrAssign(_)
                | ShlAssign(_)
                | ShrAssign(_)
        ) {
            self.assigns(&e.left);
        }
        visit_mut::visit_expr_binary_mut(self, e);
    }

    fn visit_pat_ident_mut(&mut self, p: &mut syn::PatIdent) {
        if p.ident == *self.param {
            self.shadowed = true;
        }
        visit_mut::visit_pat_ident_mut(self, p);
    }
}
