// A `TryCatch` needs a try block and a catch block: one child is refused at its element, as
// BehaviorTree.CPP refuses it when it parses the file.
fn main() {
    let _t = bt::bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
  <TryCatch><AlwaysSuccess/></TryCatch>
</BehaviorTree></root>"#,
        ctx = ()
    );
}
