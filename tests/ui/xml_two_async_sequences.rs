// Two `AsyncSequence`s under a `ReactiveSequence` (BehaviorTree.CPP refuses the tree too),
// reported at the second one.
fn main() {
    let _t = bt::bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
  <ReactiveSequence>
    <AsyncSequence><AlwaysSuccess/></AsyncSequence>
    <AsyncSequence><AlwaysSuccess/></AsyncSequence>
  </ReactiveSequence>
</BehaviorTree></root>"#,
        ctx = ()
    );
}
