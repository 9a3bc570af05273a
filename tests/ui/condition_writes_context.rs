// A condition closure that writes to the context: conditions take `&Ctx` by design, and the
// error says where the write belongs.
use bt::bt;

struct Agent {
    seen: u32,
}

fn main() {
    let mut agent = Agent { seen: 0 };
    let mut tree = bt! { Agent => sequence<{ |a: &Agent| { a.seen += 1; a.seen > 2 } }, { |_: &mut Agent| bt::Status::Success }> };
    let _ = tree.tick(&mut agent);
}
