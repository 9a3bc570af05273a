//! BehaviorTree.CPP's scripting language for the `bt` behavior-tree library: the parser, the
//! syntax tree, the static checker and the value semantics, shared by `bt_xml!` (which compiles
//! scripts to Rust) and `bt::load` (which interprets them). Use it through `bt` (`bt::script`).
//!
//! The grammar and the value semantics are those of BehaviorTree.CPP 4.10 (`script_parser.cpp`,
//! `script_tokenizer.cpp`, `scripting/operators.hpp`); where `bt` differs, it says so (see
//! [`value`] and [`check`]).
//!
//! ```
//! let script = bt_script::parse("x := 3; y := x * 2 + 1").unwrap();
//! assert_eq!(script.statements.len(), 2);
//! let err = bt_script::parse("x := (1 + 2").unwrap_err();
//! assert!(err.message.contains("expected `)`"), "{}", err.message);
//! ```
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

pub mod ast;
pub mod check;
pub mod eval;
mod lex;
mod parse;
pub mod value;

use alloc::string::String;

pub use ast::{Script, Span};
pub use parse::{MAX_DEPTH, parse};

/// An error in a script: what is wrong, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The offending text.
    pub span: Span,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl Error {
    /// An error at `span`.
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        Error { span, message: message.into() }
    }
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} (at bytes {}..{})", self.message, self.span.start, self.span.end)
    }
}

impl core::error::Error for Error {}
