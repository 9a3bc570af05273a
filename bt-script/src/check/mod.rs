//! The static checker: every identifier resolved (a named constant, or a blackboard entry), every
//! entry given one type, every operation checked against its operands' types, before a script
//! runs. `bt_xml!` and `bt::load` both check a tree's scripts with it, and both run the typed
//! scripts it returns ([`Typed`]).
//!
//! The type of an entry comes from the tree: the port a leaf binds it to, a type the tree's user
//! declares, or, for an entry that only scripts write, the values they write ([`Inferred`]): `i64`
//! when they are all integers (`x := 0`, `x += 1`), `f64` when one is a real or the result of an
//! arithmetic expression (`x := y / 2`), `bool` for truth values, `String` for strings. A
//! loader knows every port's type when it checks ([`KeyType::Known`]); the macro does not (the
//! compiler does), so an entry bound to a port is [`KeyType::Deferred`] there, and what the
//! scripts need of it comes back as [`Requirement`]s, which the generated code checks at compile
//! time.
//!
//! BehaviorTree.CPP checks all this when a script runs, and throws; `bt` refuses the tree instead.
//! The same rules decide (see [`crate::value`]); the one difference is that an entry whose first
//! write would fix its type at run time has, here, the type of all its writes together: `x := 0`
//! and `x := 0.5` make `x` a `f64` (BehaviorTree.CPP makes it an integer, then fails).

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::ast::{AssignOp, BinOp, CmpOp, Name, Script, Target, UnOp};
use crate::value::{Class, Classes, Num};
use crate::{Error, Span};

/// What a tree says about an entry's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyType {
    /// The class of its type is known (a port's type, at run time; a declared type).
    Known(Class),
    /// A port binds it, whose type only the compiler knows: what scripts do with the entry is
    /// checked there ([`Requirement`]).
    Deferred,
    /// No port binds it and no type is declared: scripts' writes give its type ([`Inferred`]).
    Free,
}

/// What the checker asks of the tree.
pub trait Env {
    /// Whether `name` is a constant of the tree (BehaviorTree.CPP's scripting enums); such a name
    /// is never an entry.
    fn constant(&self, name: &str) -> bool;
    /// The type of the entry `key`.
    fn key(&self, key: &str) -> KeyType;
    /// How to declare the type of an entry named `key`, for messages (`keys(x: f64)` in
    /// `bt_xml!`, `registry.key::<f64>("x")` for a loader).
    fn declare_hint(&self, key: &str) -> String;
}

/// Where a script stands: its value is ignored, or read as a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// `Script`, `SetBlackboard`, `_onSuccess`, `_onFailure`, `_onHalted`, `_post`.
    Statement,
    /// `ScriptCondition`, `Precondition`'s `if`, `_skipIf`, `_successIf`, `_failureIf`, `_while`:
    /// the value must be a number (read as a boolean).
    Condition,
}

/// The type of an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// An integer.
    Int,
    /// A real.
    Real,
    /// A truth value (a number, 1 or 0).
    Bool,
    /// A string.
    Text,
    /// A value of a type of the user's, the type of entry `.0`.
    Other(String),
    /// The value of entry `.0`, whose type only the compiler knows.
    Key(String),
}

impl Ty {
    fn is_number(&self) -> bool {
        matches!(self, Ty::Int | Ty::Real | Ty::Bool)
    }

    fn name(&self) -> String {
        match self {
            Ty::Int => "an integer".into(),
            Ty::Real => "a real number".into(),
            Ty::Bool => "a boolean".into(),
            Ty::Text => "a string".into(),
            Ty::Other(k) => format!("the value of `{k}`, of a type of your own"),
            Ty::Key(k) => format!("the value of `{k}`"),
        }
    }

    /// The type `Class` gives.
    fn of_class(class: Class, key: &str) -> Ty {
        match class {
            Class::Int => Ty::Int,
            Class::Real => Ty::Real,
            Class::Bool => Ty::Bool,
            Class::Text => Ty::Text,
            Class::Other => Ty::Other(key.into()),
        }
    }
}

/// The type an entry that only scripts write gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inferred {
    /// `i64`: only integers are written.
    Int,
    /// `f64`: numbers, some of them reals.
    Real,
    /// `bool`: only truth values (`true`, `false`, comparisons).
    Bool,
    /// `String`.
    Text,
    /// The type of the entry named here (a copy of it is written).
    SameAs(String),
}

/// A check the generated code makes at compile time (the entry's type is only known there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Requirement {
    /// The script it comes from (its index in the input).
    pub script: usize,
    /// Where in the script.
    pub span: Span,
    /// What is required.
    pub rule: Rule,
    /// What the use is, for the message (`` `battery + 1` adds a number to `battery` ``).
    pub why: String,
}

/// What a [`Requirement`] asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The class of entry `key`'s type is one of `classes`.
    In {
        /// The entry.
        key: String,
        /// The classes allowed.
        classes: Classes,
    },
    /// Entry `from`'s value can be stored into entry `to` (two numbers, a string into anything,
    /// or two values of types of the user's).
    Copy {
        /// The entry written.
        to: String,
        /// The entry read.
        from: String,
    },
}

/// Whether a value of class `from` can be stored into an entry of class `to` (what
/// [`Rule::Copy`] checks).
pub const fn assignable(to: Class, from: Class) -> bool {
    match from {
        Class::Int | Class::Real | Class::Bool => to.is_number(),
        Class::Text => true,
        Class::Other => matches!(to, Class::Other),
    }
}

/// One script to check, and where it stands.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    /// The script.
    pub script: &'a Script,
    /// Its place.
    pub place: Place,
}

/// An expression with its type.
#[derive(Clone, Debug, PartialEq)]
pub struct TExpr {
    /// What it is.
    pub kind: TKind,
    /// Its type.
    pub ty: Ty,
    /// Where it is.
    pub span: Span,
}

/// The kinds of typed expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum TKind {
    /// A number (`true` and `false` are the reals 1 and 0).
    Num(Num),
    /// A string.
    Str(String),
    /// A named constant.
    Const(String),
    /// The value of an entry.
    Read(String),
    /// `op e`.
    Unary(UnOp, Box<TExpr>),
    /// `a op b`.
    Binary(BinOp, Box<TExpr>, Box<TExpr>),
    /// `a op b op c …`.
    Compare(Box<TExpr>, Vec<(CmpOp, TExpr)>),
    /// `c ? a : b`.
    Ternary(Box<TExpr>, Box<TExpr>, Box<TExpr>),
    /// `key op value`.
    Assign(AssignOp, String, Box<TExpr>),
}

/// A checked script.
#[derive(Clone, Debug, PartialEq)]
pub struct Typed {
    /// Its statements, typed.
    pub statements: Vec<TExpr>,
    /// Its place.
    pub place: Place,
}

/// The outcome of checking a tree's scripts.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    /// The scripts, typed, in the order given (a script with an error is left out).
    pub scripts: Vec<Option<Typed>>,
    /// The type of every entry only scripts write.
    pub inferred: BTreeMap<String, Inferred>,
    /// What the generated code must check (entries of [`KeyType::Deferred`]).
    pub requirements: Vec<Requirement>,
    /// Every error: the script's index, and the error.
    pub errors: Vec<(usize, Error)>,
}

/// The most rounds of inference: each round raises the type of at least one entry, and an entry's
/// type rises at most four times, so this covers chains of copies 16 entries long.
const MAX_ROUNDS: usize = 64;

/// Checks the scripts of a tree together (an entry written by one is read by another).
pub fn check(inputs: &[Input<'_>], env: &dyn Env) -> Checked {
    let mut c = Checker {
        env,
        inferred: BTreeMap::new(),
        requirements: Vec::new(),
        errors: Vec::new(),
        conflicts: BTreeMap::new(),
        reported: alloc::collections::BTreeSet::new(),
        script: 0,
    };
    // The types of the entries only scripts write: every write's type joined, until none changes
    // (a write can copy another such entry). Each round can only raise a type, so this ends.
    // (Bounded whatever the input: a chain of copies longer than this is left as far as it got,
    // and its last entries are reported as of unknown type.)
    let rounds = (inputs.iter().map(|i| i.script.names().len()).sum::<usize>() * 4 + 4).min(MAX_ROUNDS);
    for _ in 0..rounds {
        let before = c.inferred.clone();
        for (i, input) in inputs.iter().enumerate() {
            c.script = i;
            for s in &input.script.statements {
                c.infer_writes(s);
            }
        }
        if before == c.inferred {
            break;
        }
    }
    c.inferred.retain(|_, v| v.is_some());
    let mut scripts = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let errors = c.errors.len();
        let mut statements = Vec::new();
        for s in &input.script.statements {
            if let Some(t) = c.expr(i, s) {
                statements.push(t);
            }
        }
        if input.place == Place::Condition
            && let Some(last) = statements.last()
        {
            c.condition(i, last);
        }
        let ok = c.errors.len() == errors && statements.len() == input.script.statements.len();
        scripts.push(ok.then_some(Typed { statements, place: input.place }));
    }
    let inferred = c
        .inferred
        .into_iter()
        .filter_map(|(k, v)| {
            let t = match v? {
                Join::Int => Inferred::Int,
                Join::Real => Inferred::Real,
                Join::Bool => Inferred::Bool,
                Join::Text => Inferred::Text,
                Join::Key(other) => Inferred::SameAs(other),
                Join::Conflict(_) => return None,
            };
            Some((k, t))
        })
        .collect();
    Checked { scripts, inferred, requirements: c.requirements, errors: c.errors }
}

mod assign;
mod infer;
mod rules;
mod walk;

use infer::Join;

struct Checker<'e> {
    env: &'e dyn Env,
    /// Free entries: `None` while nothing is known of their writes.
    inferred: BTreeMap<String, Option<Join>>,
    requirements: Vec<Requirement>,
    errors: Vec<(usize, Error)>,
    /// The write that made each conflicting entry conflict (script, span): its error is reported
    /// there, once.
    conflicts: BTreeMap<String, (usize, Span)>,
    /// The entries reported unknown (once each).
    reported: alloc::collections::BTreeSet<String>,
    /// The script being inferred.
    script: usize,
}

/// What an identifier names.
enum Resolved<'n> {
    Const,
    Literal(&'n str),
    Key(&'n str),
}

fn resolve<'n>(env: &dyn Env, n: &'n Name) -> Resolved<'n> {
    if !n.root && env.constant(&n.written) {
        return Resolved::Const;
    }
    match &n.target {
        Target::Key(k) => Resolved::Key(k),
        Target::Literal(t) => Resolved::Literal(t),
    }
}

impl Checker<'_> {
    fn err(&mut self, script: usize, span: Span, message: String) {
        self.errors.push((script, Error::new(span, message)));
    }

    fn require(&mut self, script: usize, span: Span, rule: Rule, why: String) {
        self.requirements.push(Requirement { script, span, rule, why });
    }

    /// The type an entry has now (free entries: as inferred so far).
    fn key_ty(&self, key: &str) -> Option<Ty> {
        match self.env.key(key) {
            KeyType::Known(c) => Some(Ty::of_class(c, key)),
            KeyType::Deferred => Some(Ty::Key(key.into())),
            KeyType::Free => match self.inferred.get(key)? {
                Some(Join::Int) => Some(Ty::Int),
                Some(Join::Real) => Some(Ty::Real),
                Some(Join::Bool) => Some(Ty::Bool),
                Some(Join::Text) => Some(Ty::Text),
                Some(Join::Key(k)) => self.key_ty(k).or_else(|| Some(Ty::Key(k.clone()))),
                Some(Join::Conflict(_)) | None => None,
            },
        }
    }
}
