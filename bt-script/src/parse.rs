//! The parser: BehaviorTree.CPP 4.10's Pratt parser (`script_parser.cpp`), with the same binding
//! powers, associativity, chained comparisons and statement separators.

use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;

use crate::ast::{AssignOp, BinOp, CmpOp, Expr, ExprKind, Name, Script, UnOp};
use crate::lex::{Tok, tokenize};
use crate::{Error, Span};

/// Binding powers (higher binds tighter), as in BehaviorTree.CPP.
const ASSIGN: u8 = 2;
const TERNARY: u8 = 4;
const COMPARE: u8 = 10;
const PREFIX: u8 = 20;

/// The deepest nesting of expressions a script may have (a larger one is an error, not a stack
/// overflow).
pub const MAX_DEPTH: usize = 64;

/// Parses `text` (a whole script: statements separated by `;`, or only by white space, as
/// BehaviorTree.CPP reads them).
///
/// # Errors
///
/// The first syntax error, with its span and a message that says how to fix it.
pub fn parse(text: &str) -> Result<Script, Error> {
    let tokens = tokenize(text)?;
    let mut p = Parser { tokens, at: 0, depth: 0 };
    let mut statements = Vec::new();
    loop {
        while p.peek_op(";") {
            p.at += 1;
        }
        if matches!(p.peek(), Tok::End) {
            break;
        }
        statements.push(p.expr(0)?);
    }
    if statements.is_empty() {
        return Err(Error::new(
            Span::new(0, text.len()),
            "the script is empty: write at least one statement",
        ));
    }
    Ok(Script { statements })
}

struct Parser {
    tokens: Vec<(Tok, Span)>,
    at: usize,
    depth: usize,
}

fn infix(op: &str) -> Option<u8> {
    Some(match op {
        ":=" | "=" | "+=" | "-=" | "*=" | "/=" => ASSIGN,
        "?" => TERNARY,
        "||" => 6,
        "&&" => 8,
        "==" | "!=" | "<" | ">" | "<=" | ">=" => COMPARE,
        "|" | "^" => 12,
        "&" => 14,
        "+" | "-" | ".." => 16,
        "*" | "/" => 18,
        _ => return None,
    })
}

fn cmp_op(op: &str) -> Option<CmpOp> {
    Some(match op {
        "==" => CmpOp::Eq,
        "!=" => CmpOp::Ne,
        "<" => CmpOp::Lt,
        ">" => CmpOp::Gt,
        "<=" => CmpOp::Le,
        ">=" => CmpOp::Ge,
        _ => return None,
    })
}

fn assign_op(op: &str) -> Option<AssignOp> {
    Some(match op {
        ":=" => AssignOp::Create,
        "=" => AssignOp::Set,
        "+=" => AssignOp::Add,
        "-=" => AssignOp::Sub,
        "*=" => AssignOp::Mul,
        "/=" => AssignOp::Div,
        _ => return None,
    })
}

fn bin_op(op: &str) -> Option<BinOp> {
    Some(match op {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        ".." => BinOp::Concat,
        "&" => BinOp::BitAnd,
        "|" => BinOp::BitOr,
        "^" => BinOp::BitXor,
        "&&" => BinOp::And,
        "||" => BinOp::Or,
        _ => return None,
    })
}

fn describe(t: &Tok) -> alloc::string::String {
    match t {
        Tok::Int(v) => format!("the number `{v}`"),
        Tok::Real(v) => format!("the number `{v}`"),
        Tok::Str(s) => format!("the string `'{s}'`"),
        Tok::Bool(b) => format!("`{b}`"),
        Tok::Ident(n, true) => format!("`@{n}`"),
        Tok::Ident(n, false) => format!("`{n}`"),
        Tok::Op(op) => format!("`{op}`"),
        Tok::End => "the end of the script".into(),
    }
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.tokens[self.at].0
    }

    fn span(&self) -> Span {
        self.tokens[self.at].1
    }

    fn peek_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }

    fn advance(&mut self) -> (Tok, Span) {
        let t = self.tokens[self.at].clone();
        if !matches!(t.0, Tok::End) {
            self.at += 1;
        }
        t
    }

    fn expr(&mut self, min: u8) -> Result<Expr, Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::new(
                self.span(),
                format!("the script nests more than {MAX_DEPTH} expressions deep: split it into statements"),
            ));
        }
        let out = self.expr_inner(min);
        self.depth -= 1;
        out
    }

    fn expr_inner(&mut self, min: u8) -> Result<Expr, Error> {
        let mut left = self.prefix()?;
        while let Tok::Op(op) = *self.peek() {
            let Some(bp) = infix(op) else { break };
            if bp < min {
                break;
            }
            if let Some(a) = assign_op(op) {
                let (_, op_span) = self.advance();
                let ExprKind::Name(name) = left.kind else {
                    return Err(Error::new(
                        left.span.to(op_span),
                        format!(
                            "`{op}` assigns to a blackboard entry: the left side must be the entry's name (`key {op} value`)"
                        ),
                    ));
                };
                let value = self.expr(0)?;
                let span = left.span.to(value.span);
                left = Expr { kind: ExprKind::Assign(a, name, left.span, Box::new(value)), span };
                break;
            }
            if op == "?" {
                self.advance();
                let then = self.expr(0)?;
                if !self.peek_op(":") {
                    let found = describe(self.peek());
                    return Err(Error::new(
                        self.span(),
                        format!(
                            "expected `:` after the `?` branch of this condition, found {found}: write `condition ? then : else`"
                        ),
                    ));
                }
                self.advance();
                let otherwise = self.expr(TERNARY)?;
                let span = left.span.to(otherwise.span);
                left = Expr {
                    kind: ExprKind::Ternary(Box::new(left), Box::new(then), Box::new(otherwise)),
                    span,
                };
                break;
            }
            if cmp_op(op).is_some() {
                let mut rest = Vec::new();
                while let Tok::Op(op) = *self.peek() {
                    let Some(c) = cmp_op(op) else { break };
                    self.advance();
                    rest.push((c, self.expr(COMPARE + 1)?));
                }
                let end = rest.last().map_or(left.span, |(_, e)| e.span);
                let span = left.span.to(end);
                left = Expr { kind: ExprKind::Compare(Box::new(left), rest), span };
                continue;
            }
            let Some(b) = bin_op(op) else { break };
            self.advance();
            let right = self.expr(bp + 1)?;
            let span = left.span.to(right.span);
            left = Expr { kind: ExprKind::Binary(b, Box::new(left), Box::new(right)), span };
        }
        Ok(left)
    }

    fn prefix(&mut self) -> Result<Expr, Error> {
        let (tok, span) = self.advance();
        let kind = match tok {
            Tok::Op("-") => return self.unary(UnOp::Neg, span),
            Tok::Op("~") => return self.unary(UnOp::Complement, span),
            Tok::Op("!") => return self.unary(UnOp::Not, span),
            Tok::Op("(") => {
                let inner = self.expr(0)?;
                if !self.peek_op(")") {
                    let found = describe(self.peek());
                    return Err(Error::new(
                        self.span(),
                        format!(
                            "expected `)` to close the `(` at the start of this expression, found {found}"
                        ),
                    ));
                }
                let (_, close) = self.advance();
                return Ok(Expr { kind: inner.kind, span: span.to(close) });
            }
            Tok::Int(v) => ExprKind::Int(v),
            Tok::Real(v) => ExprKind::Real(v),
            Tok::Bool(b) => ExprKind::Bool(b),
            Tok::Str(s) => ExprKind::Str(s),
            Tok::Ident(n, root) => ExprKind::Name(Name::new(&n, root)),
            Tok::End => {
                return Err(Error::new(
                    span,
                    "the script ends where a value was expected: complete the expression",
                ));
            }
            other => {
                return Err(Error::new(
                    span,
                    format!(
                        "expected a value (a number, a string, a name or `(`), found {}",
                        describe(&other)
                    ),
                ));
            }
        };
        Ok(Expr { kind, span })
    }

    fn unary(&mut self, op: UnOp, span: Span) -> Result<Expr, Error> {
        let e = self.expr(PREFIX)?;
        let span = span.to(e.span);
        Ok(Expr { kind: ExprKind::Unary(op, Box::new(e)), span })
    }
}
