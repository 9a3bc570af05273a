//! BehaviorTree.CPP 4.10's script tests (`tests/script_parser_test.cpp`), run through the parser,
//! the checker and the interpreter over an in-memory store whose entries keep the type of their
//! first write, as BehaviorTree.CPP's blackboard does.
// BehaviorTree.CPP's tests write 3.14.
#![allow(clippy::approx_constant)]

use std::collections::HashMap;

use bt_script::check::{self, Env, Input, KeyType, Place};
use bt_script::eval::{Store, run};
use bt_script::value::{Class, Consts, Fault, Num, ScriptValue, Value};

#[derive(Clone, Debug, PartialEq)]
enum Entry {
    Int(i64),
    Real(f64),
    Bool(bool),
    Text(String),
}

impl Entry {
    fn class(&self) -> Class {
        match self {
            Entry::Int(_) => Class::Int,
            Entry::Real(_) => Class::Real,
            Entry::Bool(_) => Class::Bool,
            Entry::Text(_) => Class::Text,
        }
    }
}

#[derive(Default)]
struct World {
    entries: HashMap<String, Entry>,
    consts: Vec<(&'static str, i64)>,
}

impl Env for World {
    fn constant(&self, name: &str) -> bool {
        self.consts.iter().any(|(n, _)| *n == name)
    }
    fn key(&self, key: &str) -> KeyType {
        self.entries.get(key).map_or(KeyType::Free, |e| KeyType::Known(e.class()))
    }
    fn declare_hint(&self, key: &str) -> String {
        format!("declare `{key}`")
    }
}

fn store(v: Value<'_>, like: Option<&Entry>, consts: &Consts) -> Result<Entry, Fault> {
    Ok(match like {
        Some(Entry::Int(_)) => Entry::Int(i64::from_value(v, consts)?),
        Some(Entry::Real(_)) => Entry::Real(f64::from_value(v, consts)?),
        Some(Entry::Bool(_)) => Entry::Bool(bool::from_value(v, consts)?),
        Some(Entry::Text(_)) => Entry::Text(String::from_value(v, consts)?),
        None => match v {
            Value::Num(Num::Int(i)) => Entry::Int(i),
            Value::Num(Num::Real(r)) => Entry::Real(r),
            Value::Str(s) => Entry::Text(s.into_owned()),
            Value::Other(_) => unreachable!(),
        },
    })
}

struct Entries<'a>(&'a mut HashMap<String, Entry>);

impl Store for Entries<'_> {
    fn read(&self, key: &str) -> Result<Value<'_>, Fault> {
        match self.0.get(key) {
            Some(Entry::Int(v)) => Ok(v.to_value()),
            Some(Entry::Real(v)) => Ok(v.to_value()),
            Some(Entry::Bool(v)) => Ok(v.to_value()),
            Some(Entry::Text(v)) => Ok(v.to_value()),
            None => Err(Fault::Absent { key: "?" }),
        }
    }
    fn exists(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }
    fn write(&mut self, key: &str, value: Value<'_>, consts: &Consts) -> Result<(), Fault> {
        let e = store(value, self.0.get(key), consts)?;
        self.0.insert(key.into(), e);
        Ok(())
    }
    fn copy(&mut self, to: &str, from: &str, consts: &Consts) -> Result<(), Fault> {
        let v = self.read(from)?.into_owned().unwrap();
        self.write(to, v, consts)
    }
}

/// Runs `text` as the tests of BehaviorTree.CPP do (`GetScriptResult`): the value of its last
/// statement.
fn result(w: &mut World, text: &str) -> Result<Entry, String> {
    let script = bt_script::parse(text).map_err(|e| e.message)?;
    let checked = check::check(&[Input { script: &script, place: Place::Statement }], w);
    if let Some((_, e)) = checked.errors.first() {
        return Err(e.message.clone());
    }
    let mut typed = checked.scripts[0].clone().unwrap();
    // The value of the last statement: stored into a scratch entry.
    let last = typed.statements.pop().unwrap();
    let consts: Vec<(&'static str, i64)> = w.consts.clone();
    let mut entries = Entries(&mut w.entries);
    typed.statements.push(bt_script::check::TExpr {
        span: last.span,
        ty: last.ty.clone(),
        kind: bt_script::check::TKind::Assign(
            bt_script::ast::AssignOp::Create,
            "__result".into(),
            Box::new(last),
        ),
    });
    entries.0.remove("__result");
    let out = run(&typed, &mut entries, &consts, &|_| "?");
    let value = w.entries.remove("__result");
    out.map_err(|e| e.to_string())?;
    Ok(value.unwrap())
}

fn num(w: &mut World, text: &str) -> f64 {
    match result(w, text) {
        Ok(Entry::Int(v)) => v as f64,
        Ok(Entry::Real(v)) => v,
        Ok(Entry::Bool(b)) => f64::from(u8::from(b)),
        other => panic!("{text}: {other:?}"),
    }
}

fn text(w: &mut World, text: &str) -> String {
    match result(w, text) {
        Ok(Entry::Text(s)) => s,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn any_types() {
    let mut w = World::default();
    assert_eq!(result(&mut w, "628"), Ok(Entry::Int(628)));
    assert_eq!(num(&mut w, "-628"), -628.0);
    assert_eq!(result(&mut w, "0x100"), Ok(Entry::Int(256)));
    assert_eq!(result(&mut w, "0X100"), Ok(Entry::Int(256)));
    assert_eq!(result(&mut w, "3.14"), Ok(Entry::Real(3.14)));
    assert_eq!(num(&mut w, "-3.14"), -3.14);
    assert_eq!(num(&mut w, "3.14e2"), 314.0);
    assert_eq!(num(&mut w, "3.14e-2"), 0.0314);
    assert_eq!(num(&mut w, "3e2"), 300.0);
    assert_eq!(num(&mut w, "3e-2"), 0.03);
    assert_eq!(text(&mut w, "'hello world '"), "hello world ");
    assert_eq!(num(&mut w, "true"), 1.0);
    assert_eq!(num(&mut w, "false"), 0.0);
}

#[test]
fn any_types_failing() {
    for bad in [
        "0X100g", "0X100.", "3foo", "65.", "65.43foo", "'hello", "0x", "0xG", "3e", "3e+", "", "   ",
        "\t\n\r",
    ] {
        assert!(bt_script::parse(bad).is_err(), "{bad:?} parsed");
    }
    let mut w = World::default();
    let e = result(&mut w, "foo").unwrap_err();
    assert!(e.contains("`foo` is not known"), "{e}");
}

#[test]
fn equations() {
    let mut w = World::default();
    assert_eq!(num(&mut w, "x:= 3; y:=5; x+y"), 8.0);
    assert_eq!(w.entries.len(), 2);
    assert_eq!(w.entries["x"], Entry::Int(3));
    assert_eq!(w.entries["y"], Entry::Int(5));
    assert_eq!(num(&mut w, "x+=1"), 4.0);
    assert_eq!(num(&mut w, "x += 1"), 5.0);
    assert_eq!(num(&mut w, "x-=1"), 4.0);
    assert_eq!(num(&mut w, "x -= 1"), 3.0);
    assert_eq!(num(&mut w, "x*=2"), 6.0);
    assert_eq!(w.entries["x"], Entry::Int(6));
    assert_eq!(num(&mut w, "-x"), -6.0);
    assert_eq!(num(&mut w, "x/=2"), 3.0);
    assert_eq!(num(&mut w, "y"), 5.0);
    assert_eq!(num(&mut w, "y/2"), 2.5);
    assert_eq!(num(&mut w, "y*2"), 10.0);
    assert_eq!(num(&mut w, "y-x"), 2.0);
    assert_eq!(num(&mut w, "y & x"), f64::from(5 & 3));
    assert_eq!(num(&mut w, "y | x"), f64::from(5 | 3));
    assert_eq!(num(&mut w, "y ^ x"), f64::from(5 ^ 3));
    assert!(result(&mut w, "y ^ 5.1").is_err());

    assert_eq!(text(&mut w, "A:='hello'; B:=' '; C:='world'; A+B+C"), "hello world");
    assert_eq!(w.entries.len(), 5);
    assert!(result(&mut w, "A= '   right'; B= ' center '; C= 'left    '  ").is_ok());
    assert_eq!(w.entries["A"], Entry::Text("   right".into()));
    assert_eq!(w.entries["B"], Entry::Text(" center ".into()));
    assert_eq!(w.entries["C"], Entry::Text("left    ".into()));

    // A type, once created, does not change: these are refused before they run.
    assert!(result(&mut w, "x=A").is_err());
    assert!(result(&mut w, "x='msg'").is_err(), "a string that is no number into an integer");
    assert!(result(&mut w, "A=1.0").is_err());
    // Invalid assignments.
    assert!(result(&mut w, " 'hello' = 'world' ").is_err());
    assert!(result(&mut w, " 'hello' = 2.0 ").is_err());
    assert!(result(&mut w, " 3.0 = 2.0 ").is_err());
    let before = w.entries.len();
    assert!(result(&mut w, "new_var=69").is_err());
    assert_eq!(w.entries.len(), before);

    assert_eq!(num(&mut w, "x < y"), 1.0);
    assert_eq!(num(&mut w, "y > x"), 1.0);
    assert_eq!(num(&mut w, "y != x"), 1.0);
    assert_eq!(num(&mut w, "y == x"), 0.0);
    assert_eq!(num(&mut w, " 'hello' == 'hello'"), 1.0);
    assert_eq!(num(&mut w, " 'hello' != 'world'"), 1.0);
    assert_eq!(num(&mut w, " 'hello' < 'world'"), 1.0);
    assert_eq!(num(&mut w, " 'hello' > 'world'"), 0.0);
    assert_ne!(num(&mut w, "x > y"), 1.0);
    assert_ne!(num(&mut w, "y < x"), 1.0);
    assert_eq!(text(&mut w, "y == x ? 'T' : 'F'"), "F");
    assert_eq!(text(&mut w, "y != x ? 'T' : 'F'"), "T");
    assert_eq!(num(&mut w, "y == 5"), 1.0);
    assert_eq!(num(&mut w, "x == 3"), 1.0);
    assert_eq!(num(&mut w, " true "), 1.0);
    assert_eq!(text(&mut w, " 'true' "), "true");

    result(&mut w, "v1:= true; v2:= false").unwrap();
    assert_eq!(num(&mut w, "v1"), 1.0);
    assert_eq!(num(&mut w, "v2"), 0.0);
    assert_eq!(num(&mut w, " v2 = true "), 1.0);
    assert_eq!(num(&mut w, " v2 = !false "), 1.0);
    assert_eq!(num(&mut w, " v2 = !v2 "), 0.0);
    assert_eq!(num(&mut w, "v1 && v2"), 0.0);
    assert_eq!(num(&mut w, "v1 || v2"), 1.0);
    assert_eq!(num(&mut w, "(y == x) && (x == 3)"), 0.0);
    assert_eq!(num(&mut w, "(y == x) || (x == 3)"), 1.0);
    assert_eq!(num(&mut w, " y == x  &&  x == 3 "), 0.0);
    assert_eq!(num(&mut w, " y == x  ||  x == 3 "), 1.0);

    // A string compared with a number is read as one.
    assert_eq!(num(&mut w, " par1:='3'; par2:=3; par1==par2"), 1.0);
    assert_eq!(num(&mut w, " par1:='3'; par2:=4; par1!=par2"), 1.0);
}

#[test]
fn not_initialized_comparison() {
    // An entry that exists with a type but without a value: reading it fails.
    let mut w = World::default();
    w.entries.insert("x".into(), Entry::Int(0));
    let script = |text: &str| {
        let s = bt_script::parse(text).unwrap();
        let c = check::check(&[Input { script: &s, place: Place::Statement }], &w);
        assert!(c.errors.is_empty(), "{text}");
        let mut empty = HashMap::new();
        empty.insert("y".to_string(), Entry::Int(0));
        run(c.scripts[0].as_ref().unwrap(), &mut Entries(&mut empty), &[], &|_| "x")
    };
    for t in ["x < 0", "x == 0", "x > 0", "x + 1", "x += 1"] {
        assert!(script(t).is_err(), "{t}");
    }
}

#[test]
fn enums() {
    let mut w = World { consts: vec![("RED", 1), ("BLUE", 3), ("GREEN", 5)], ..World::default() };
    result(&mut w, "A:=RED").unwrap();
    result(&mut w, "B:=RED").unwrap();
    result(&mut w, "C:=BLUE").unwrap();
    assert_eq!(num(&mut w, "A==B"), 1.0);
    assert_eq!(num(&mut w, "A!=C"), 1.0);
    assert_eq!(w.entries["A"], Entry::Int(1));
    assert_eq!(w.entries["C"], Entry::Int(3));
    // A string naming a constant compares as its value.
    assert_eq!(num(&mut w, "s := 'GREEN'; s == GREEN"), 1.0);
    // A constant cannot be assigned.
    assert!(result(&mut w, "RED := 2").unwrap_err().contains("constant"));
}

#[test]
fn operator_associativity() {
    let mut w = World::default();
    assert_eq!(num(&mut w, "5 - 2 + 1"), 4.0);
    assert_eq!(num(&mut w, "10 - 3 - 2"), 5.0);
    assert_eq!(num(&mut w, "2 + 3 - 1"), 4.0);
    assert_eq!(num(&mut w, "12 / 3 / 2"), 2.0);
    assert_eq!(num(&mut w, "12 / 3 * 2"), 8.0);
    assert_eq!(num(&mut w, "2 + 3 * 4 - 1"), 13.0);
    assert_eq!(text(&mut w, "A:='hello'; B:=' world'; A .. B"), "hello world");
    assert_eq!(text(&mut w, "A .. ' ' .. B"), "hello  world");
}

#[test]
fn large_invalid_script() {
    let mut script = String::new();
    for _ in 0..10 {
        script += "+6e66>6666.6+66\r6>6;6e62=6+6e66>66666'; en';o';o'; en'; ";
        script += "\x7fn\x7fr;6.6+66.H>6+6\u{80}6\x1e;@e66";
    }
    assert!(bt_script::parse(&script).is_err());
}

#[test]
fn compare_with_negative_number() {
    let mut w = World::default();
    assert_eq!(num(&mut w, "A:=0; A!=-1"), 1.0);
    assert_eq!(num(&mut w, "A:=-1; A!=-1"), 0.0);
    assert_eq!(num(&mut w, "A:=0; A==-1"), 0.0);
    assert_eq!(num(&mut w, "A:=0; A>-1"), 1.0);
    assert_eq!(num(&mut w, "A:=0; A<-1"), 0.0);
}

#[test]
fn tokenizer_edge_cases() {
    let mut w = World::default();
    assert_eq!(text(&mut w, "A:='65'; B:='66'; A..B"), "6566");
    assert_eq!(text(&mut w, "n := 65; n..'x'"), "65x");
    assert_eq!(text(&mut w, "r := 2.5; '' .. r"), "2.500000");
    // bt reads a `\` before white space as white space (BehaviorTree.CPP 4.9 and later refuse it).
    assert_eq!(num(&mut w, "1 + \\\n 2"), 3.0);
}

#[test]
fn chained_comparisons() {
    let mut w = World::default();
    assert_eq!(num(&mut w, "1 < 2 < 3"), 1.0);
    assert_eq!(num(&mut w, "3 > 2 > 1"), 1.0);
    assert_eq!(num(&mut w, "1 < 2 > 3"), 0.0);
    assert_eq!(num(&mut w, "5 == 5 == 5"), 1.0);
    assert_eq!(num(&mut w, "5 == 5 != 3"), 1.0);
    assert_eq!(num(&mut w, "1 <= 2 <= 3"), 1.0);
    assert_eq!(num(&mut w, "3 >= 2 >= 1"), 1.0);
}

#[test]
fn operator_precedence() {
    let mut w = World::default();
    assert_eq!(num(&mut w, "6 | 3 & 5"), 7.0);
    assert_eq!(num(&mut w, "true && (6 | 0)"), 1.0);
    assert_eq!(num(&mut w, "false || true && true"), 1.0);
    assert_eq!(num(&mut w, "false && true || true"), 1.0);
    assert_eq!(num(&mut w, "(2 + 3) * 4"), 20.0);
    assert_eq!(num(&mut w, "2 * (3 + 4)"), 14.0);
}

#[test]
fn unary_operators() {
    let mut w = World::default();
    assert_eq!(num(&mut w, "!true"), 0.0);
    assert_eq!(num(&mut w, "!false"), 1.0);
    assert_eq!(num(&mut w, "!!true"), 1.0);
    assert_eq!(num(&mut w, "~0"), !0i64 as f64);
    assert_eq!(num(&mut w, "-(3 + 2)"), -5.0);
    assert_eq!(num(&mut w, "10 + -3"), 7.0);
}

#[test]
fn ternary_expressions() {
    let mut w = World::default();
    assert_eq!(num(&mut w, "true ? 1 : 2"), 1.0);
    assert_eq!(num(&mut w, "false ? 1 : 2"), 2.0);
    assert_eq!(num(&mut w, "true ? 2 + 3 : 10"), 5.0);
    assert_eq!(num(&mut w, "false ? 10 : 2 + 3"), 5.0);
    assert_eq!(text(&mut w, "3 > 2 ? 'yes' : 'no'"), "yes");
    assert_eq!(text(&mut w, "3 < 2 ? 'yes' : 'no'"), "no");
}

#[test]
fn multiple_statements() {
    let mut w = World::default();
    result(&mut w, "a:=1;;; b:=2;;").unwrap();
    assert_eq!(w.entries["a"], Entry::Int(1));
    assert_eq!(w.entries["b"], Entry::Int(2));
    assert_eq!(num(&mut w, "a:=10; b:=20; a+b"), 30.0);
    // Statements separated by white space only, as BehaviorTree.CPP reads them.
    assert_eq!(num(&mut w, "c := 1 c + 1"), 2.0);
}

#[test]
fn conversions_into_entries() {
    let mut w = World::default();
    w.entries.insert("flag".into(), Entry::Bool(false));
    assert_eq!(num(&mut w, "flag = 1"), 1.0);
    assert!(result(&mut w, "flag = 2").unwrap_err().contains("neither 0 nor 1"));
    result(&mut w, "i := 5").unwrap();
    assert_eq!(num(&mut w, "i = i / 5"), 1.0);
    let e = result(&mut w, "i = 7 / 2").unwrap_err();
    assert!(e.contains("3.5 does not fit in a `i64`"), "{e}");
    // A string into a number entry is read as a number.
    assert_eq!(num(&mut w, "i = '42'"), 42.0);
    assert!(result(&mut w, "i = 'forty'").unwrap_err().contains("not a number"));
    // Integers other than 0 and 1 are not booleans.
    assert!(result(&mut w, "two := 2; two && true").unwrap_err().contains("neither 0 nor 1"));
    assert_eq!(num(&mut w, "half := 0.5; half && true"), 1.0);
}

#[test]
fn static_errors() {
    let mut w = World::default();
    for (text, msg) in [
        ("x := 'a'; x := 1", "a string and a number: an entry has one type"),
        ("s := 'a'; s + 1", "join them with `..`"),
        ("1 .. 2", "at least one side must be a string"),
        ("-'a'", "needs a number"),
        ("t := 'a'; t += 1", "a string and a number"),
        ("true ? 'a' : 1", "must both be numbers or both strings"),
    ] {
        let e = result(&mut w, text).unwrap_err();
        assert!(e.contains(msg), "{text}: {e}");
    }
}
