//! Checks of a node model (`<TreeNodesModel>`) against the ports a leaf declares in Rust, made at
//! compile time by the code `bt_xml!` writes and, with the same function, when a file is loaded.
//!
//! A model port is compared with the leaf's port of the same name: the port must exist (unless it
//! is one of BehaviorTree.CPP's own attributes, such as `name` or `_skipIf`), its direction must
//! agree, and its type too when both sides name a type of a known class: `bool`, an integer, a
//! float, text, a duration, or a sequence of one of them. Other types (a struct of yours,
//! `BT::AnyTypeAllowed`, `geometry_msgs::msg::PoseStamped`, a model port without `type`) are not
//! compared; a model's `std::string` is taken for any Rust type but a number or a `bool` (its
//! text is parsed with the type's `FromStr`), a duration for an integer and the reverse (both are
//! written as a count of milliseconds), and a model's `output_port` for a Rust `InOut` (a leaf that
//! reads what it writes, to reuse its buffer). A leaf that declares no ports is not checked.

use super::check::{Message, ends_with, str_eq};
use super::check_text::vec_elem;
use crate::{PortDirection, PortInfo};

/// The attributes BehaviorTree.CPP gives every node: a model may list them as ports.
const BUILT_IN: &[&str] = &[
    "name",
    "ID",
    "_description",
    "_skipIf",
    "_successIf",
    "_failureIf",
    "_while",
    "_onSuccess",
    "_onFailure",
    "_onHalted",
    "_post",
    "_autoremap",
    "__shared_blackboard",
];

/// The class of a Rust port type written `ty` (as [`PortInfo::type_name`] holds it): `bool`,
/// `integer`, `float`, `text`, `duration`, `sequence of …` (of one of the first four), or `""`
/// when it is none of them.
#[doc(hidden)]
pub const fn rust_class(ty: &str) -> &'static str {
    if let Some(elem) = vec_elem(ty) {
        let c = scalar_class(elem);
        return if str_eq(c, "bool") {
            "sequence of bool"
        } else if str_eq(c, "integer") {
            "sequence of integer"
        } else if str_eq(c, "float") {
            "sequence of float"
        } else if str_eq(c, "text") {
            "sequence of text"
        } else {
            ""
        };
    }
    if str_eq(ty, "Duration") || ends_with(ty, "::Duration") {
        return "duration";
    }
    scalar_class(ty)
}

const fn scalar_class(ty: &str) -> &'static str {
    if str_eq(ty, "bool") {
        "bool"
    } else if super::check::int_range(ty).is_some() {
        "integer"
    } else if str_eq(ty, "f64") || str_eq(ty, "f32") {
        "float"
    } else if str_eq(ty, "String") || ends_with(ty, "::String") || str_eq(ty, "&'static str") {
        "text"
    } else {
        ""
    }
}

/// Whether a model port of class `model` agrees with a Rust port of class `rust` (`""`: not known,
/// not compared).
const fn classes_agree(model: &str, rust: &str) -> bool {
    if model.is_empty() || rust.is_empty() || str_eq(model, rust) {
        return true;
    }
    // BehaviorTree.CPP reads a `std::chrono::milliseconds` from its count of milliseconds, and bt
    // reads a number for a `Duration` as milliseconds: the same texts.
    if (str_eq(model, "duration") && str_eq(rust, "integer"))
        || (str_eq(model, "integer") && str_eq(rust, "duration"))
    {
        return true;
    }
    // Text is parsed with the Rust type's `FromStr`: anything but a number or a `bool`.
    str_eq(model, "text") && !str_eq(rust, "bool") && !str_eq(rust, "integer") && !str_eq(rust, "float")
}

/// The element a model writes for `d`.
const fn model_element(d: PortDirection) -> &'static str {
    match d {
        PortDirection::Input => "input_port",
        PortDirection::Output => "output_port",
        PortDirection::InOut => "inout_port",
    }
}

/// The Rust port type of `d`.
const fn rust_port(d: PortDirection) -> &'static str {
    match d {
        PortDirection::Input => "Input",
        PortDirection::Output => "Output",
        PortDirection::InOut => "InOut",
    }
}

/// Checks one port of the model of `id` (a `<TreeNodesModel>` entry, at `at`: file, line and
/// column, or `""`) against `ports`, the ports of the Rust leaf `rust` the tree maps `id` to:
/// `name`, written as a `direction` element (`input_port`, `output_port` or `inout_port`) with
/// the `type` text `cpp_type` (`""` when none), whose class ([`rust_class`]'s names; `""` when
/// not known) is `class`. A leaf that declares no ports is not checked. Returns the error, naming both sides and how to make them agree, or
/// [`Message::EMPTY`].
#[doc(hidden)]
#[allow(clippy::too_many_arguments)]
pub const fn check_model_port(
    ports: &[PortInfo],
    id: &str,
    rust: &str,
    name: &str,
    direction: &str,
    cpp_type: &str,
    class: &str,
    at: &str,
) -> Message {
    // A leaf that declares no ports (built by a function of yours) is not checked.
    if ports.is_empty() {
        return Message::EMPTY;
    }
    let head = Message::of(&["the model of `", id, "`"]);
    let head = if at.is_empty() { head } else { head.then(&[" at ", at]) };
    let mut j = 0;
    while j < ports.len() {
        let p = &ports[j];
        if str_eq(p.name, name) {
            let want = model_element(p.direction);
            // An `InOut` is taken for a model's `output_port`: a leaf that reads what it writes
            // (to reuse its buffer), bound to an entry either way.
            let agree = str_eq(want, direction)
                || (matches!(p.direction, PortDirection::InOut) && str_eq(direction, "output_port"));
            if !agree {
                return head.then(&[
                    " declares port `",
                    name,
                    "` an `",
                    direction,
                    "`, but `",
                    rust,
                    "` declares it an `",
                    rust_port(p.direction),
                    "<",
                    p.type_name,
                    ">`: write `<",
                    want,
                    " name=\"",
                    name,
                    "\">` in the model, or change the Rust field's port type",
                ]);
            }
            let rc = rust_class(p.type_name);
            if !classes_agree(class, rc) {
                return head.then(&[
                    " gives port `",
                    name,
                    "` the type `",
                    cpp_type,
                    "` (",
                    class,
                    "), but `",
                    rust,
                    "` declares it a `",
                    p.type_name,
                    "` (",
                    rc,
                    "): change the model's `type` or the Rust port's type so that they agree",
                ]);
            }
            return Message::EMPTY;
        }
        j += 1;
    }
    let mut b = 0;
    while b < BUILT_IN.len() {
        if str_eq(BUILT_IN[b], name) {
            return Message::EMPTY;
        }
        b += 1;
    }
    head.then(&[
        " declares port `",
        name,
        "`, which `",
        rust,
        "` does not declare: remove it from the model, or add it to `",
        rust,
        "`'s `#[derive(Ports)]` fields",
    ])
}
