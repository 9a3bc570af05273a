// `try_catch` takes a try block and a catch block (the last child): one child is refused.
fn main() {
    let _t = bt::bt! { () => try_catch<always_success> };
}
