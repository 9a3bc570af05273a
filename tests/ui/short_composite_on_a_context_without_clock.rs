// A short-form node that needs a trait of the context (`Ctx: Clock`) is refused on a context
// without it, naming the trait.
use bt::short::{ChildList, Composite, Many, Short};
use bt::{bt, Action, Clock, Status};

include!("common/abc.rs");

#[derive(Clone, Default)]
struct Timed;
impl Short for Timed {
    type State = ();
    type Children = Many;
}
impl<Ctx: Clock + ?Sized> Composite<Ctx> for Timed {
    fn tick(&mut self, kids: &mut impl ChildList<Ctx>, _: &mut (), ctx: &mut Ctx) -> Status {
        let _ = ctx.now();
        kids.tick_while(Status::Success, ctx)
    }
}

fn main() {
    let mut tree = bt! { Agent => Timed<A, B> };
    let _ = tree.tick(&mut Agent);
}
