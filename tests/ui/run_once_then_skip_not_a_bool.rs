// `then_skip` is `true` or `false`.
use bt::bt;

fn main() {
    let _t = bt! { run_once(then_skip = 1)<{ |_: &mut u32| bt::Status::Success }> };
}
