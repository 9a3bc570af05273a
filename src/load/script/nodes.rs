//! The nodes of a loaded tree that run scripts, and the store their scripts run over.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;
#[allow(unused_imports)]
use std::{format, vec};

use core::time::Duration;
use std::sync::Arc;
use std::vec::Vec;

use bt_xml::When;
use bt_xml::bt_script::eval::{self, Store};

use super::Program;
use super::access::Access;
use crate::blackboard::Blackboard;
use crate::conditions::{Post, Pre};
use crate::ports::HasBlackboard;
use crate::script::{Consts, Fault, Value};
use crate::{Activation, Condition, Conditions, NodeId, Observer, Status};

/// One script of a loaded tree, with the cached entry indices of its slots.
#[derive(Clone)]
pub struct Scripted {
    program: Arc<Program>,
    site: usize,
    slots: Vec<usize>,
}

impl core::fmt::Debug for Scripted {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scripted").field("at", &self.program.at[self.site]).finish()
    }
}

impl Scripted {
    pub(super) fn new(program: &Arc<Program>, site: usize) -> Self {
        let slots = vec![usize::MAX; program.used[site].len()];
        Scripted { program: program.clone(), site, slots }
    }

    /// Runs the script over `bb`: its truth (a condition), or `true`.
    fn run(&mut self, bb: &mut Blackboard, now: Duration) -> Result<bool, Fault> {
        let p = &*self.program;
        let mut store =
            Entries2 { program: p, site: self.site, slots: &mut self.slots, bb: Bb::Mut(bb), now };
        eval::run(&p.scripts[self.site], &mut store, &p.consts, &|k| key_name(p, k))
    }

    /// Runs the script, which only reads, over `bb`.
    fn check(&mut self, bb: &Blackboard, now: Duration) -> Result<bool, Fault> {
        let p = &*self.program;
        let mut store =
            Entries2 { program: p, site: self.site, slots: &mut self.slots, bb: Bb::Ref(bb), now };
        eval::run(&p.scripts[self.site], &mut store, &p.consts, &|k| key_name(p, k))
    }

    fn at(&self) -> &'static str {
        self.program.at[self.site]
    }
}

fn key_name(p: &Program, k: &str) -> &'static str {
    p.keys.iter().find(|(n, _)| *n == k).map_or("?", |(n, _)| n)
}

enum Bb<'b> {
    Mut(&'b mut Blackboard),
    Ref(&'b Blackboard),
}

impl Bb<'_> {
    fn get(&self) -> &Blackboard {
        match self {
            Bb::Mut(b) => b,
            Bb::Ref(b) => b,
        }
    }
}

/// The entries of one script, over a blackboard.
struct Entries2<'p> {
    program: &'p Program,
    site: usize,
    slots: &'p mut [usize],
    bb: Bb<'p>,
    now: Duration,
}

impl Entries2<'_> {
    /// The slot and the entry (name, access) of `key`.
    fn find(&self, key: &str) -> Option<(usize, &'static str, Access)> {
        let i = self.program.used[self.site].iter().position(|(k, _)| k == key)?;
        let (name, access) = self.program.keys[self.program.used[self.site][i].1];
        Some((i, name, access))
    }
}

impl Store for Entries2<'_> {
    fn read(&self, key: &str) -> Result<Value<'_>, Fault> {
        let Some((i, name, access)) = self.find(key) else { return Err(Fault::Absent { key: "?" }) };
        let mut slot = self.slots[i];
        (access.read)(self.bb.get(), name, &mut slot, self.now)
    }

    fn exists(&self, key: &str) -> bool {
        self.read(key).is_ok()
    }

    fn write(&mut self, key: &str, value: Value<'_>, consts: &Consts) -> Result<(), Fault> {
        let Some((i, name, access)) = self.find(key) else { return Err(Fault::Absent { key: "?" }) };
        let Bb::Mut(bb) = &mut self.bb else { return Err(Fault::NotCreated { key: name }) };
        (access.write)(bb, name, &mut self.slots[i], value, consts)
    }

    fn copy(&mut self, to: &str, from: &str, consts: &Consts) -> Result<(), Fault> {
        let Some((f, from_name, from_access)) = self.find(from) else {
            return Err(Fault::Absent { key: "?" });
        };
        let mut slot = self.slots[f];
        let value = (from_access.read)(self.bb.get(), from_name, &mut slot, self.now)?.into_owned();
        match value {
            Some(v) => self.write(to, v, consts),
            None => {
                let boxed = (from_access.clone_out)(self.bb.get(), from_name, &mut slot, self.now)
                    .ok_or(Fault::Absent { key: from_name })?;
                self.write(to, Value::Other(&*boxed), consts)
            }
        }
    }
}

/// A node of a loaded tree that runs scripts, for the registry's blackboard builder.
pub(crate) enum Request {
    /// A script leaf.
    Leaf(ScriptLeaf),
    /// A `Precondition` with a script, and its `otherwise` (`failure`, `success`, `skipped`).
    Precondition(ScriptIf, &'static str),
    /// A node's conditions, around the node (the call's only child).
    Conditions(ScriptConditions),
}

/// A `<Script>`, `<ScriptCondition>` or `<SetBlackboard>` leaf of a loaded tree.
#[derive(Clone, Debug)]
pub struct ScriptLeaf {
    script: Scripted,
    condition: bool,
}

impl ScriptLeaf {
    pub(crate) fn new(script: Scripted, condition: bool) -> Self {
        ScriptLeaf { script, condition }
    }
}

/// A script leaf completes in the tick it runs in: it never runs on.
impl Activation for ScriptLeaf {
    type Active = ();

    fn is_running((): &()) -> bool {
        false
    }
}

impl<Ctx: HasBlackboard + ?Sized> crate::Node<Ctx> for ScriptLeaf {
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        (): &mut (),
        ctx: &mut Ctx,
        _: &mut O,
        _: NodeId,
    ) -> Status {
        let now = ctx.now();
        match self.script.run(ctx.blackboard_mut(), now) {
            Ok(holds) => Status::from_bool(holds || !self.condition),
            Err(f) => {
                ctx.script_fault(self.script.at(), &f);
                Status::Failure
            }
        }
    }
}

/// A `Precondition`'s `if` in a loaded tree: a condition (one that cannot be evaluated is false).
#[derive(Clone, Debug)]
pub struct ScriptIf(pub(crate) Scripted);

impl<Ctx: HasBlackboard + ?Sized> Condition<Ctx> for ScriptIf {
    fn check(&mut self, ctx: &Ctx) -> bool {
        self.0.check(ctx.blackboard(), ctx.now()).unwrap_or(false)
    }
}

/// The pre- and post-conditions of a node of a loaded tree.
#[derive(Clone, Debug)]
pub struct ScriptConditions {
    pub(super) scripts: Vec<(When, Scripted)>,
}

fn when_of_pre(p: Pre) -> When {
    match p {
        Pre::FailureIf => When::FailureIf,
        Pre::SuccessIf => When::SuccessIf,
        Pre::SkipIf => When::SkipIf,
        Pre::While => When::While,
    }
}

fn when_of_post(p: Post) -> When {
    match p {
        Post::OnSuccess => When::OnSuccess,
        Post::OnFailure => When::OnFailure,
        Post::OnHalted => When::OnHalted,
        Post::Post => When::Post,
    }
}

impl ScriptConditions {
    fn run<Ctx: HasBlackboard + ?Sized>(&mut self, when: When, ctx: &mut Ctx) -> Option<Result<bool, Fault>> {
        let now = ctx.now();
        let (_, s) = self.scripts.iter_mut().find(|(w, _)| *w == when)?;
        let r = s.run(ctx.blackboard_mut(), now);
        if let Err(f) = &r {
            ctx.script_fault(s.at(), f);
        }
        Some(r)
    }
}

/// Every condition is there: which ones a node has is known only at run time, and the absent
/// ones answer as if they were not there.
impl<Ctx: HasBlackboard + ?Sized> Conditions<Ctx> for ScriptConditions {
    const PRESENT: u8 = u8::MAX;

    fn check(&mut self, which: Pre, ctx: &mut Ctx) -> Option<bool> {
        match self.run(when_of_pre(which), ctx) {
            None => Some(which == Pre::While),
            Some(Ok(holds)) => Some(holds),
            Some(Err(_)) => None,
        }
    }

    fn run(&mut self, which: Post, ctx: &mut Ctx) -> bool {
        !matches!(ScriptConditions::run(self, when_of_post(which), ctx), Some(Err(_)))
    }
}

#[cfg(feature = "serde")]
mod persist {
    use super::{ScriptIf, ScriptLeaf};

    /// A script leaf keeps no state between ticks (its slots only cache where entries are).
    impl<Ctx: crate::ports::HasBlackboard + ?Sized> crate::PersistNode<Ctx> for ScriptLeaf {
        type Loaded = ();

        fn fingerprint(&self, _: &mut crate::persist::Fingerprint) {}

        fn save_nodes<W: crate::persist::NodeWriter>(
            &self,
            (): &(),
            _: &Ctx,
            id: crate::NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            w.entry(id, false, &())
        }

        fn load_nodes<R: crate::persist::NodeReader>(
            &self,
            _: &Ctx,
            id: crate::NodeId,
            r: &mut R,
        ) -> Result<((), ()), R::Error> {
            r.entry::<()>(id)?;
            Ok(((), ()))
        }

        fn apply(&mut self, (): (), _: &Ctx) {}
    }

    /// A precondition's script keeps no state.
    impl<Ctx: ?Sized> crate::Persist<Ctx> for ScriptIf {
        type State = ();
        fn save(&self, _: &Ctx) {}
        fn restore(&mut self, (): (), _: &Ctx) {}
    }
}
