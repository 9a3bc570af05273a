// A port both optional and with a default.
use bt::ports::{Input, Ports};

#[derive(Ports)]
struct Wait {
    #[port(optional, default = "1s")]
    time: Input<core::time::Duration>,
}

fn main() {
    let _ = Wait::unbound();
}
