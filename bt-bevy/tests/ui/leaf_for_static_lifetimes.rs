// A leaf written for the context with `'static` lifetimes only: `brain!` reports it where the
// tree is declared.
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use bt::{Action, Status};
use bt_bevy::TreeCtx;

#[derive(Component)]
struct Food(u32);

#[derive(QueryData)]
#[query_data(mutable)]
struct Body {
    food: &'static mut Food,
}

type Me = TreeCtx<'static, 'static, 'static, Body>;

struct Eat;
impl Action<Me> for Eat {
    fn execute(&mut self, me: &mut Me) -> Status {
        me.food.0 -= 1;
        Status::Success
    }
}

bt_bevy::brain! {
    struct Eater for Body { repeat(Eat) }
}

fn main() {}
