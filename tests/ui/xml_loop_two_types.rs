// The entry a `LoopInt` writes (an `i32`) bound to a port of another type: an error naming the
// entry and both positions.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/loop_two_types.xml" }

fn main() {
    let _ = Tree::new();
}
