//! Variant (h): the hungry agent's tree built from node kinds in short form ([`bt::short`]):
//! the repeat, the selector and the sequence of [`custom`](super::custom) written as a struct and
//! a `tick` each, adapted by the runtime. The parallel stays the long-form
//! [`MyParallel`]: a short-form composite runs one child at a time.
//! `scripts/instructions.sh` puts this `short` row beside the long form's `custom`.

use bt::short::{Child, ChildList, Composite, Decorator, Many, One, Short};
use bt::{Const, Status, bt};

use super::custom::MyParallel;
use super::world::{
    Agent, Alive, DrinkWater, EatFood, FeelBoring, FeelHungry, FeelPoor, FeelThirsty, FeelTired, HaveFun,
    HaveRest, WalkTo, Work,
};

/// `ShortSequence<…>`: runs its children in order while they succeed.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShortSequence;
impl Short for ShortSequence {
    type State = ();
    type Children = Many;
}
impl<Ctx: ?Sized> Composite<Ctx> for ShortSequence {
    #[inline(always)]
    fn tick(&mut self, children: &mut impl ChildList<Ctx>, _: &mut (), ctx: &mut Ctx) -> Status {
        children.tick_while(Status::Success, ctx)
    }
}

/// `ShortSelector<…>`: runs its children in order until one does not fail.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShortSelector;
impl Short for ShortSelector {
    type State = ();
    type Children = Many;
}
impl<Ctx: ?Sized> Composite<Ctx> for ShortSelector {
    #[inline(always)]
    fn tick(&mut self, children: &mut impl ChildList<Ctx>, _: &mut (), ctx: &mut Ctx) -> Status {
        children.tick_while(Status::Failure, ctx)
    }
}

/// `ShortRepeat<child>`: repeats its child until it fails.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShortRepeat;
impl Short for ShortRepeat {
    type State = ();
    type Children = One;
}
impl<Ctx: ?Sized> Decorator<Ctx> for ShortRepeat {
    #[inline]
    fn tick(&mut self, child: &mut impl Child<Ctx>, _: &mut (), ctx: &mut Ctx) -> Status {
        match child.tick(ctx) {
            Status::Failure => Status::Failure,
            Status::Success | Status::Running => Status::Running,
        }
    }
}

bt! {
    /// The example's tree ([`AgentBrain`](super::world::AgentBrain)), with the short-form node
    /// kinds of this module in place of the keywords.
    pub struct ShortBrain for Agent {
        ShortRepeat<MyParallel::<Const<1>>(Const)<
            ShortSelector<
                ShortSequence<FeelBoring, WalkTo, HaveFun>,
                ShortSequence<FeelHungry, WalkTo, EatFood>,
                ShortSequence<FeelThirsty, WalkTo, DrinkWater>,
                ShortSequence<FeelTired, WalkTo, HaveRest>,
                ShortSequence<FeelPoor, WalkTo, Work>,
            >,
            Alive,
        >>
    }
}
