//! A typed script (`bt_script::check::Typed`) written out as Rust: numbers as `bt::script::Num`,
//! everything else as `bt::script::Value`, every operator a call of `bt::script::ops` (the
//! interpreter's own), every entry a typed `bt::script::Slot` field of the script's struct.

use std::collections::BTreeMap;

use bt_xml::bt_script::ast::{AssignOp, BinOp, CmpOp, UnOp};
use bt_xml::bt_script::check::{Place, TExpr, TKind, Ty, Typed};
use bt_xml::bt_script::value::Num;
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};

/// Writes the expressions of the scripts of one struct.
pub(super) struct Code<'a> {
    /// Each entry's slot field, by name.
    pub(super) fields: &'a BTreeMap<String, Ident>,
    /// The Rust expression of each named constant.
    pub(super) consts: &'a BTreeMap<String, TokenStream>,
    /// Fresh local names.
    pub(super) locals: usize,
}

fn is_number(t: &Ty) -> bool {
    matches!(t, Ty::Int | Ty::Real | Ty::Bool)
}

/// Whether `e` assigns anywhere inside (its values must then not borrow the context).
fn assigns(e: &TExpr) -> bool {
    match &e.kind {
        TKind::Num(_) | TKind::Str(_) | TKind::Const(_) | TKind::Read(_) => false,
        TKind::Assign(..) => true,
        TKind::Unary(_, a) => assigns(a),
        TKind::Binary(_, a, b) => assigns(a) || assigns(b),
        TKind::Compare(a, rest) => assigns(a) || rest.iter().any(|(_, e)| assigns(e)),
        TKind::Ternary(c, a, b) => assigns(c) || assigns(a) || assigns(b),
    }
}

fn op_path(op: BinOp) -> TokenStream {
    let v = match op {
        BinOp::Add => "Add",
        BinOp::Sub => "Sub",
        BinOp::Mul => "Mul",
        BinOp::Div => "Div",
        BinOp::Concat => "Concat",
        BinOp::BitAnd => "BitAnd",
        BinOp::BitOr => "BitOr",
        BinOp::BitXor => "BitXor",
        BinOp::And => "And",
        BinOp::Or => "Or",
    };
    let v = Ident::new(v, Span::call_site());
    quote!(::bt::script::BinOp::#v)
}

fn cmp_path(op: CmpOp) -> TokenStream {
    let v = match op {
        CmpOp::Eq => "Eq",
        CmpOp::Ne => "Ne",
        CmpOp::Lt => "Lt",
        CmpOp::Gt => "Gt",
        CmpOp::Le => "Le",
        CmpOp::Ge => "Ge",
    };
    let v = Ident::new(v, Span::call_site());
    quote!(::bt::script::CmpOp::#v)
}

fn un_path(op: UnOp) -> TokenStream {
    let v = match op {
        UnOp::Neg => "Neg",
        UnOp::Not => "Not",
        UnOp::Complement => "Complement",
    };
    let v = Ident::new(v, Span::call_site());
    quote!(::bt::script::UnOp::#v)
}

fn num_literal(n: Num) -> TokenStream {
    match n {
        Num::Int(v) => {
            let v = Literal::i64_suffixed(v);
            quote!(::bt::script::Num::Int(#v))
        }
        Num::Real(v) => {
            let v = if v.is_finite() { Literal::f64_suffixed(v) } else { Literal::f64_suffixed(0.0) };
            quote!(::bt::script::Num::Real(#v))
        }
    }
}

impl Code<'_> {
    fn local(&mut self, what: &str) -> Ident {
        self.locals += 1;
        Ident::new(&format!("__bt_{what}{}", self.locals), Span::mixed_site())
    }

    fn field(&self, key: &str) -> TokenStream {
        match self.fields.get(key) {
            Some(f) => quote!(self.#f),
            None => quote!(compile_error!("internal: an entry without a slot")),
        }
    }

    /// The body of the script's `run`: its statements, then the truth of its value (a
    /// condition) or `true`.
    pub(super) fn body(&mut self, script: &Typed) -> TokenStream {
        let n = script.statements.len();
        let mut out = TokenStream::new();
        for (i, s) in script.statements.iter().enumerate() {
            let last = i + 1 == n;
            if last && script.place == Place::Condition {
                let b = if is_number(&s.ty) {
                    let v = self.num(s);
                    quote!(::bt::script::ops::as_bool(#v)?)
                } else {
                    let v = self.val(s, false);
                    quote!(::bt::script::ops::condition(&#v)?)
                };
                out.extend(quote!(::core::result::Result::Ok(#b)));
                return out;
            }
            out.extend(self.statement(s));
        }
        out.extend(quote!(::core::result::Result::Ok(true)));
        out
    }

    /// A statement: its value is dropped (it is still computed, so that it can fail as in
    /// BehaviorTree.CPP).
    fn statement(&mut self, s: &TExpr) -> TokenStream {
        if let TKind::Assign(op, key, v) = &s.kind {
            return self.assign(*op, key, v, &s.ty);
        }
        if is_number(&s.ty) {
            let v = self.num(s);
            quote!(let _ = #v;)
        } else {
            let v = self.val(s, false);
            quote!(let _ = #v;)
        }
    }

    /// `key op value`, as a statement.
    fn assign(&mut self, op: AssignOp, key: &str, v: &TExpr, target: &Ty) -> TokenStream {
        let slot = self.field(key);
        let new = self.local("new");
        match op {
            AssignOp::Create | AssignOp::Set => {
                let value = self.val(v, false);
                let check = (op == AssignOp::Set).then(|| {
                    quote! {
                        if !#slot.exists(&*ctx) {
                            return ::core::result::Result::Err(::bt::script::Fault::NotCreated { key: #slot.name() });
                        }
                    }
                });
                let value_local = self.local("value");
                quote! {
                    #check
                    let #value_local = #value;
                    let #new = #slot.convert(#value_local, Self::CONSTS)?;
                    #slot.write(ctx, #new);
                }
            }
            _ => {
                let arith = op.arithmetic().unwrap_or(BinOp::Add);
                let text = arith == BinOp::Add && (v.ty == Ty::Text || *target == Ty::Text);
                let current = self.local("current");
                let computed = if text {
                    let rhs = self.val(v, true);
                    quote! {
                        let #current = #slot.value(&*ctx)?;
                        let #new = ::bt::script::Value::Str(::bt::script::Cow::Owned(
                            ::bt::script::ops::concat(&#current, &#rhs),
                        ));
                    }
                } else {
                    let rhs = self.num(v);
                    let op = op_path(arith);
                    quote! {
                        let #current = ::bt::script::num(#slot.value(&*ctx)?)?;
                        let #new = ::bt::script::Value::Num(::bt::script::ops::arithmetic(#op, #current, #rhs)?);
                    }
                };
                quote! {
                    if !#slot.exists(&*ctx) {
                        return ::core::result::Result::Err(::bt::script::Fault::Absent { key: #slot.name() });
                    }
                    #computed
                    let #new = #slot.convert(#new, Self::CONSTS)?;
                    #slot.write(ctx, #new);
                }
            }
        }
    }

    /// `e` as a `Num`.
    pub(super) fn num(&mut self, e: &TExpr) -> TokenStream {
        match &e.kind {
            TKind::Num(n) => num_literal(*n),
            TKind::Const(name) => {
                let c = self.consts.get(name).cloned().unwrap_or_else(|| quote!(0));
                quote!(::bt::script::Num::Int((#c) as i64))
            }
            TKind::Unary(op, a) => {
                let a = self.num(a);
                let op = un_path(*op);
                quote!(::bt::script::ops::unary(#op, #a)?)
            }
            TKind::Binary(op, a, b) if *op != BinOp::Concat && e.ty != Ty::Text => {
                let (a, b) = (self.num(a), self.num(b));
                let op = op_path(*op);
                quote!(::bt::script::ops::arithmetic(#op, #a, #b)?)
            }
            TKind::Compare(..) => {
                let b = self.boolean(e);
                quote!(::bt::script::Num::Real(if #b { 1.0 } else { 0.0 }))
            }
            TKind::Ternary(c, a, b) => {
                let c = self.val(c, assigns(e));
                let (a, b) = (self.num(a), self.num(b));
                quote!(if ::bt::script::ops::choose(&#c)? { #a } else { #b })
            }
            _ => {
                let v = self.val(e, false);
                quote!(::bt::script::num(#v)?)
            }
        }
    }

    /// A comparison as a `bool`.
    fn boolean(&mut self, e: &TExpr) -> TokenStream {
        let TKind::Compare(first, rest) = &e.kind else {
            let v = self.num(e);
            return quote!(::bt::script::ops::as_bool(#v)?);
        };
        let owned = assigns(e);
        let numbers = is_number(&first.ty) && rest.iter().all(|(_, r)| is_number(&r.ty));
        // `a < b < c`: each operand evaluated once, the first false comparison ends it.
        let mut out = quote!(true);
        let mut operands: Vec<TokenStream> = Vec::new();
        let mut names: Vec<Ident> = Vec::new();
        let first_name = self.local("l");
        let first_value = if numbers { self.num(first) } else { self.val(first, owned) };
        names.push(first_name.clone());
        operands.push(first_value);
        for (_, r) in rest {
            let name = self.local("r");
            let value = if numbers { self.num(r) } else { self.val(r, owned) };
            names.push(name);
            operands.push(value);
        }
        for i in (0..rest.len()).rev() {
            let (l, r) = (&names[i], &names[i + 1]);
            let value = &operands[i + 1];
            let op = cmp_path(rest[i].0);
            let test = if numbers {
                quote!(::bt::script::ops::compare_numbers(#op, #l.f64(), #r.f64()))
            } else {
                quote!(::bt::script::ops::compare(#op, &#l, &#r, Self::CONSTS)?)
            };
            out = quote!({ let #r = #value; if #test { #out } else { false } });
        }
        let (f, fv) = (&names[0], &operands[0]);
        quote!({ let #f = #fv; #out })
    }

    /// `e` as a `Value` (with nothing borrowed from the context when `owned`: an assignment
    /// follows in the same expression).
    pub(super) fn val(&mut self, e: &TExpr, owned: bool) -> TokenStream {
        if is_number(&e.ty) && !matches!(e.kind, TKind::Read(_) | TKind::Assign(..)) {
            let n = self.num(e);
            return quote!(::bt::script::Value::Num(#n));
        }
        let owned = owned || assigns(e);
        let v = match &e.kind {
            TKind::Str(s) => quote!(::bt::script::Value::Str(::bt::script::Cow::Borrowed(#s))),
            TKind::Read(key) => {
                let slot = self.field(key);
                quote!(#slot.value(&*ctx)?)
            }
            TKind::Binary(_, a, b) => {
                let (a, b) = (self.val(a, owned), self.val(b, owned));
                quote!(::bt::script::Value::Str(::bt::script::Cow::Owned(::bt::script::ops::concat(&#a, &#b))))
            }
            TKind::Ternary(c, a, b) => {
                let c = self.val(c, owned);
                let (a, b) = (self.val(a, owned), self.val(b, owned));
                quote!(if ::bt::script::ops::choose(&#c)? { #a } else { #b })
            }
            TKind::Assign(op, key, v) => {
                let stmt = self.assign(*op, key, v, &e.ty);
                let slot = self.field(key);
                quote!({ #stmt #slot.value(&*ctx)? })
            }
            _ => {
                let n = self.num(e);
                quote!(::bt::script::Value::Num(#n))
            }
        };
        if owned { quote!(::bt::script::owned(#v)?) } else { v }
    }
}

/// The field of entry number `i`.
pub(super) fn field_name(i: usize) -> Ident {
    format_ident!("k{}", i)
}
