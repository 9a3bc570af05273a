// A short-form decorator (`type Children = One`) takes exactly one child.
use bt::short::{Child, Decorator, One, Short};
use bt::{bt, Action, Status};

include!("common/abc.rs");

#[derive(Clone, Default)]
struct Twice;
impl Short for Twice {
    type State = ();
    type Children = One;
}
impl<Ctx: ?Sized> Decorator<Ctx> for Twice {
    fn tick(&mut self, child: &mut impl Child<Ctx>, _: &mut (), ctx: &mut Ctx) -> Status {
        child.tick(ctx)
    }
}

fn main() {
    let mut tree = bt! { Agent => Twice<A, B> };
    let _ = tree.tick(&mut Agent);
}
