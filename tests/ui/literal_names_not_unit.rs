// `#[derive(LiteralNames)]` needs unit variants: one that holds data is refused at its name.
#[derive(bt::ports::LiteralNames)]
enum Speed {
    Slow,
    Fast(u8),
}

fn main() {}
