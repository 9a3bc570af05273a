//! The interpreter of typed scripts ([`check::Typed`](crate::check::Typed)) over a [`Store`] of
//! entries: what `bt::load` runs, and the reference the compiled scripts of `bt_xml!` are tested
//! against. Every operator is the one of [`value`], so both compute the same thing.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::ast::{AssignOp, BinOp};
use crate::check::{Place, TExpr, TKind, Typed};
use crate::value::{self, Consts, Fault, Num, Value};

/// The blackboard entries a script reads and writes, each of one type.
pub trait Store {
    /// The value of entry `key`.
    ///
    /// # Errors
    ///
    /// [`Fault::Absent`] when it has none.
    fn read(&self, key: &str) -> Result<Value<'_>, Fault>;
    /// Whether entry `key` has a value (`=` and `+=` need one; `:=` creates it).
    fn exists(&self, key: &str) -> bool;
    /// Stores `value` into entry `key`, converted to the entry's type.
    ///
    /// # Errors
    ///
    /// [`Fault`] when it does not convert.
    fn write(&mut self, key: &str, value: Value<'_>, consts: &Consts) -> Result<(), Fault>;
    /// Stores the value of entry `from` into entry `to` (entries of a type of the user's are
    /// copied this way).
    ///
    /// # Errors
    ///
    /// [`Fault`] when `from` has no value or does not convert.
    fn copy(&mut self, to: &str, from: &str, consts: &Consts) -> Result<(), Fault>;
}

/// What an expression gives: a value, or an opaque one (a value of a type of the user's, which
/// only a copy uses).
enum Out {
    Val(Value<'static>),
    Opaque,
}

/// Runs `script`: its statements in order. Returns the truth of its value for a condition
/// ([`Place::Condition`]), `true` otherwise.
///
/// # Errors
///
/// The [`Fault`] that stopped it.
pub fn run(
    script: &Typed,
    store: &mut dyn Store,
    consts: &Consts,
    key_name: &dyn Fn(&str) -> &'static str,
) -> Result<bool, Fault> {
    let mut e = Eval { store, consts, key_name };
    let mut last = Out::Val(Value::Num(Num::Int(1)));
    for s in &script.statements {
        last = e.expr(s)?;
    }
    match (script.place, last) {
        (Place::Statement, _) => Ok(true),
        (Place::Condition, Out::Val(v)) => value::condition(&v),
        (Place::Condition, Out::Opaque) => {
            Err(Fault::Mismatch { found: "a value of a type of your own", ty: "bool" })
        }
    }
}

struct Eval<'s> {
    store: &'s mut dyn Store,
    consts: &'s Consts,
    key_name: &'s dyn Fn(&str) -> &'static str,
}

impl Eval<'_> {
    fn num(&mut self, e: &TExpr) -> Result<Num, Fault> {
        match self.expr(e)? {
            Out::Val(Value::Num(n)) => Ok(n),
            Out::Val(v) => Err(Fault::Mismatch { found: v.kind(), ty: "a number" }),
            Out::Opaque => Err(Fault::Mismatch { found: "a value of a type of your own", ty: "a number" }),
        }
    }

    fn val(&mut self, e: &TExpr) -> Result<Value<'static>, Fault> {
        match self.expr(e)? {
            Out::Val(v) => Ok(v),
            Out::Opaque => {
                Err(Fault::Mismatch { found: "a value of a type of your own", ty: "a number or a string" })
            }
        }
    }

    fn read(&self, key: &str) -> Result<Out, Fault> {
        Ok(match self.store.read(key)?.into_owned() {
            Some(v) => Out::Val(v),
            None => Out::Opaque,
        })
    }

    fn expr(&mut self, e: &TExpr) -> Result<Out, Fault> {
        Ok(Out::Val(match &e.kind {
            TKind::Num(n) => Value::Num(*n),
            TKind::Str(s) => Value::Str(Cow::Owned(s.clone())),
            TKind::Const(name) => {
                let v = self.consts.iter().find(|(n, _)| n == name).map_or(0, |(_, v)| *v);
                Value::Num(Num::Int(v))
            }
            TKind::Read(key) => return self.read(key),
            TKind::Unary(op, a) => Value::Num(value::unary(*op, self.num(a)?)?),
            TKind::Binary(op @ (BinOp::Concat | BinOp::Add), a, b)
                if *op == BinOp::Concat || e.ty == crate::check::Ty::Text =>
            {
                let (a, b) = (self.val(a)?, self.val(b)?);
                Value::Str(Cow::Owned(value::concat(&a, &b)))
            }
            TKind::Binary(op, a, b) => {
                let (a, b) = (self.num(a)?, self.num(b)?);
                Value::Num(value::arithmetic(*op, a, b)?)
            }
            TKind::Compare(first, rest) => {
                // As BehaviorTree.CPP: the first comparison that fails ends it (the operands after
                // it are not evaluated).
                let mut left = self.val(first)?;
                for (op, e) in rest {
                    let right = self.val(e)?;
                    if !value::compare(*op, &left, &right, self.consts)? {
                        return Ok(Out::Val(Value::Num(Num::Real(0.0))));
                    }
                    left = right;
                }
                Value::Num(Num::Real(1.0))
            }
            TKind::Ternary(c, a, b) => {
                let c = self.val(c)?;
                return if value::choose(&c)? { self.expr(a) } else { self.expr(b) };
            }
            TKind::Assign(op, key, v) => {
                let name = (self.key_name)(key);
                match op {
                    AssignOp::Create | AssignOp::Set => {
                        if *op == AssignOp::Set && !self.store.exists(key) {
                            return Err(Fault::NotCreated { key: name });
                        }
                        if let TKind::Read(from) = &v.kind {
                            // Read first, so that an absent entry is reported before the write.
                            self.store.read(from)?;
                            self.store.copy(key, from, self.consts)?;
                        } else {
                            let value = self.val(v)?;
                            self.store.write(key, value, self.consts)?;
                        }
                    }
                    _ => {
                        if !self.store.exists(key) {
                            return Err(Fault::Absent { key: name });
                        }
                        let value = self.val(v)?;
                        let current = match self.read(key)? {
                            Out::Val(c) => c,
                            Out::Opaque => {
                                return Err(Fault::Mismatch {
                                    found: "a value of a type of your own",
                                    ty: "a number",
                                });
                            }
                        };
                        let new = match (&current, &value, op.arithmetic()) {
                            (Value::Str(a), Value::Str(b), Some(BinOp::Add)) => {
                                let mut s = String::from(&**a);
                                s.push_str(b);
                                Value::Str(Cow::Owned(s))
                            }
                            (Value::Num(a), Value::Num(b), Some(arith)) => {
                                Value::Num(value::arithmetic(arith, *a, *b)?)
                            }
                            _ => return Err(Fault::Mismatch { found: value.kind(), ty: "a number" }),
                        };
                        self.store.write(key, new, self.consts)?;
                    }
                }
                return self.read(key);
            }
        }))
    }
}
