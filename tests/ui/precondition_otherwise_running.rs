// `otherwise` is one of `failure`, `success` and `skipped`.
use bt::bt;

fn main() {
    let _t = bt! { precondition({ |n: &u32| *n > 0 }, otherwise = running)<{ |_: &mut u32| bt::Status::Success }> };
}
