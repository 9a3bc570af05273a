//! The structured data of a description's entries: arguments and port bindings as values, so that
//! renderings, exports, monitors and fingerprints read them without parsing source text.

use core::fmt;
use core::time::Duration;

/// One argument of a node, as its description carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Argument {
    /// The argument's name, as its keyword names it (`"n"` of `parallel(n)`, `"limit"` of
    /// `timeout`, `"abort"` of `guard`): the same name whether it was written by position or by
    /// name.
    pub name: &'static str,
    /// Its value.
    pub value: ArgValue,
}

/// The value of an [`Argument`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgValue {
    /// A whole number (a count, a threshold, a seed).
    Int(i128),
    /// A number with a fraction (a rate in hertz), as written (a float has no `Eq`).
    Float(&'static str),
    /// `true` or `false`.
    Bool(bool),
    /// A duration.
    Duration(Duration),
    /// A name from a fixed set (`abort = lower_priority`), or a text.
    Text(&'static str),
    /// Rust code, as written: a value known only when the tree is built (`retry(n)`), a
    /// constant, a condition or leaf given as an argument, a switch's selector.
    Code(&'static str),
}

impl fmt::Display for ArgValue {
    /// As `bt!` writes it (`3`, `1.5`, `true`, `250ms`, `lower_priority`, the code).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ArgValue::Int(n) => write!(f, "{n}"),
            ArgValue::Float(t) | ArgValue::Text(t) | ArgValue::Code(t) => f.write_str(t),
            ArgValue::Bool(b) => write!(f, "{b}"),
            ArgValue::Duration(d) => write_duration(f, d),
        }
    }
}

/// A duration as `bt!` writes it: whole seconds as `Ns`, else whole milliseconds `Nms`, else
/// `Nus`, else `Nns`.
fn write_duration(f: &mut fmt::Formatter<'_>, d: Duration) -> fmt::Result {
    let ns = d.as_nanos();
    if ns.is_multiple_of(1_000_000_000) {
        write!(f, "{}s", ns / 1_000_000_000)
    } else if ns.is_multiple_of(1_000_000) {
        write!(f, "{}ms", ns / 1_000_000)
    } else if ns.is_multiple_of(1_000) {
        write!(f, "{}us", ns / 1_000)
    } else {
        write!(f, "{ns}ns")
    }
}

/// What one port of a leaf is bound to, as its description carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PortBinding {
    /// The port's name.
    pub port: &'static str,
    /// What it is bound to.
    pub value: BindingValue,
}

/// The value of a [`PortBinding`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BindingValue {
    /// A blackboard entry: its name, after subtree remapping (`{goal}`).
    Key(&'static str),
    /// An entry of the root's blackboard (`{@goal}`).
    RootKey(&'static str),
    /// A literal, as written.
    Literal(&'static str),
}

impl fmt::Display for BindingValue {
    /// As BehaviorTree.CPP writes it: `{key}`, `{@key}` or the literal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BindingValue::Key(k) => write!(f, "{{{k}}}"),
            BindingValue::RootKey(k) => write!(f, "{{@{k}}}"),
            BindingValue::Literal(t) => f.write_str(t),
        }
    }
}

/// A pre- or post-condition script of a node, as its description carries it (BehaviorTree.CPP's
/// `_skipIf="…"`, `_onSuccess="…"`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeScript {
    /// When it runs.
    pub hook: ScriptHook,
    /// The script, as written.
    pub code: &'static str,
}

/// When a [`NodeScript`] runs: one of BehaviorTree.CPP's pre- and post-condition attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScriptHook {
    /// `_failureIf`: before the node runs, fail without running it when the script is true.
    FailureIf,
    /// `_successIf`: before the node runs, succeed without running it when the script is true.
    SuccessIf,
    /// `_skipIf`: before the node runs, skip it when the script is true.
    SkipIf,
    /// `_while`: run (or keep running) the node only while the script is true.
    While,
    /// `_onSuccess`: after the node succeeded.
    OnSuccess,
    /// `_onFailure`: after the node failed.
    OnFailure,
    /// `_onHalted`: after the node was halted.
    OnHalted,
    /// `_post`: after the node completed, whichever way.
    Post,
}

impl ScriptHook {
    /// Every hook, in the order BehaviorTree.CPP runs them.
    pub const ALL: [ScriptHook; 8] = [
        ScriptHook::FailureIf,
        ScriptHook::SuccessIf,
        ScriptHook::SkipIf,
        ScriptHook::While,
        ScriptHook::OnSuccess,
        ScriptHook::OnFailure,
        ScriptHook::OnHalted,
        ScriptHook::Post,
    ];

    /// The XML attribute that holds it (`"_skipIf"`).
    pub const fn attribute(self) -> &'static str {
        match self {
            ScriptHook::FailureIf => "_failureIf",
            ScriptHook::SuccessIf => "_successIf",
            ScriptHook::SkipIf => "_skipIf",
            ScriptHook::While => "_while",
            ScriptHook::OnSuccess => "_onSuccess",
            ScriptHook::OnFailure => "_onFailure",
            ScriptHook::OnHalted => "_onHalted",
            ScriptHook::Post => "_post",
        }
    }

    /// The hook whose attribute is `attribute`, if it is one.
    pub fn of(attribute: &str) -> Option<ScriptHook> {
        ScriptHook::ALL.into_iter().find(|h| h.attribute() == attribute)
    }
}
