//! Variant (c): the hungry agent's tree built from `Box<dyn Node>` nodes with `Vec` children, as the
//! classic C# frameworks build it (a `BuildBehaviorTree` of `new` and `AddChild`), over the example's
//! own leaves.

use super::world::{
    Agent, Alive, DrinkWater, EatFood, FeelBoring, FeelHungry, FeelPoor, FeelThirsty, FeelTired, HaveFun,
    HaveRest, WalkTo, Work,
};
use crate::dynbt::{BoxNode, Parallel, Repeat, Selector, Sequence, action, condition};

/// `Repeat(Parallel(1)[Selector[Seq[FeelBoring, WalkTo, HaveFun], …], Alive])`, boxed.
pub fn tree() -> BoxNode<Agent> {
    Box::new(Repeat::new(
        None,
        Box::new(Parallel::new(
            1,
            vec![
                Box::new(Selector::new(vec![
                    Box::new(Sequence::new(vec![condition(FeelBoring), action(WalkTo), action(HaveFun)])),
                    Box::new(Sequence::new(vec![condition(FeelHungry), action(WalkTo), action(EatFood)])),
                    Box::new(Sequence::new(vec![condition(FeelThirsty), action(WalkTo), action(DrinkWater)])),
                    Box::new(Sequence::new(vec![condition(FeelTired), action(WalkTo), action(HaveRest)])),
                    Box::new(Sequence::new(vec![condition(FeelPoor), action(WalkTo), action(Work)])),
                ])),
                action(Alive),
            ],
        )),
    ))
}
