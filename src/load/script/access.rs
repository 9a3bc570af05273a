//! How scripts reach the entries of each type, and what a registry declares for them.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;

use core::any::{Any, TypeId};
use core::time::Duration;
use std::collections::{BTreeMap, HashMap};
use std::string::String;
use std::vec::Vec;

use super::super::intern;
use super::super::registry::Registry;
use crate::blackboard::{Blackboard, Key};
use crate::script::{Class, Consts, Fault, ScriptValue, Value};

/// A value of an entry, cloned out of the blackboard (an entry of a type of yours, copied).
type Cloned = Option<Box<dyn Any + Send + Sync>>;

/// How scripts read and write the entries of one Rust type.
#[derive(Clone, Copy)]
pub(crate) struct Access {
    pub(super) class: Class,
    pub(super) type_name: &'static str,
    pub(super) read:
        for<'c> fn(&'c Blackboard, &'static str, &mut usize, Duration) -> Result<Value<'c>, Fault>,
    pub(super) clone_out: fn(&Blackboard, &'static str, &mut usize, Duration) -> Cloned,
    pub(super) write: fn(&mut Blackboard, &'static str, &mut usize, Value<'_>, &Consts) -> Result<(), Fault>,
}

fn read<'c, T: ScriptValue>(
    bb: &'c Blackboard,
    key: &'static str,
    slot: &mut usize,
    now: Duration,
) -> Result<Value<'c>, Fault> {
    match bb.try_get_cached(Key::<T>::new(key), slot, now) {
        Ok(v) => Ok(v.to_value()),
        Err(why) => Err(crate::script::missing(key, why)),
    }
}

fn clone_out<T: ScriptValue>(bb: &Blackboard, key: &'static str, slot: &mut usize, now: Duration) -> Cloned {
    bb.get_cached(Key::<T>::new(key), slot, now).map(|v| Box::new(v.clone()) as Box<dyn Any + Send + Sync>)
}

fn write<T: ScriptValue>(
    bb: &mut Blackboard,
    key: &'static str,
    slot: &mut usize,
    value: Value<'_>,
    consts: &Consts,
) -> Result<(), Fault> {
    let v = T::from_value(value, consts)?;
    bb.set_cached(Key::<T>::new(key), slot, v);
    Ok(())
}

impl Access {
    /// The access to entries of type `T`.
    pub(crate) fn of<T: ScriptValue>() -> Access {
        Access {
            class: T::CLASS,
            type_name: core::any::type_name::<T>(),
            read: read::<T>,
            clone_out: clone_out::<T>,
            write: write::<T>,
        }
    }
}

/// The type name of the access of a port type the registry does not know.
pub(super) const UNREGISTERED: &str = "(unregistered)";

/// The access to the entries of a port type scripts know without registration: the numbers,
/// `bool` and `String`.
pub(super) fn builtin(id: TypeId) -> Option<Access> {
    macro_rules! of {
        ($($t:ty),*) => {$(
            if id == TypeId::of::<$t>() {
                return Some(Access::of::<$t>());
            }
        )*};
    }
    of!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64, bool, String);
    None
}

/// What a registry says about the scripts of the trees it loads: the types of entries no port
/// binds (`Registry::key`), the named constants (`Registry::script_enum`) and the types of
/// yours scripts copy (`Registry::script_value`).
#[derive(Clone, Default)]
pub(crate) struct Scripting {
    pub(super) declared: BTreeMap<String, Access>,
    pub(super) consts: Vec<(&'static str, i64)>,
    pub(super) values: HashMap<TypeId, Access>,
}

impl<Ctx: ?Sized + 'static, M> Registry<Ctx, M> {
    /// Declares the type of the blackboard entry `name`, which the scripts of the trees read but
    /// no port binds (your program writes it): `registry.key::<f64>("battery")`. An entry's type
    /// otherwise comes from the ports bound to it, or from what the scripts write to it.
    pub fn key<T: ScriptValue>(mut self, name: &str) -> Self {
        self.scripting.declared.insert(name.into(), Access::of::<T>());
        self
    }

    /// Names a constant of the scripts (BehaviorTree.CPP's `registerScriptingEnum`): a script
    /// that says `name` means `value`.
    pub fn script_enum(mut self, name: &str, value: i64) -> Self {
        let name = intern(name);
        self.scripting.consts.retain(|(n, _)| *n != name);
        self.scripting.consts.push((name, value));
        self
    }

    /// Lets scripts copy entries of type `T`, a type of yours (`impl bt::script::ScriptValue for
    /// T {}`), between ports of that type: the numbers, `bool` and `String` need no registration.
    pub fn script_value<T: ScriptValue>(mut self) -> Self {
        self.scripting.values.insert(TypeId::of::<T>(), Access::of::<T>());
        self
    }
}
