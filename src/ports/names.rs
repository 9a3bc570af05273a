//! The literals a port's type takes, listed, so that `bt_xml!` checks a literal at compile time.
//!
//! A literal bound to a port of a type of yours (`mode="fast"` for an `Input<Mode>`) is read with
//! the type's `FromStr` when the tree is built, which the compiler cannot run. A type that lists
//! the texts its `FromStr` accepts ([`LiteralNames`], or `#[derive(LiteralNames)]` on an enum of
//! unit variants, which writes the `FromStr` too) has every literal for it checked when the tree
//! compiles: a literal not in the list is a compile error at its XML position, with the list.
//! [`PortInfo::accepts`](crate::PortInfo::accepts) carries the list; the `Ports` derive fills it.

/// The complete list of the texts a type's `FromStr` accepts: every literal for a port of this
/// type is checked against it when a `bt_xml!` tree compiles.
///
/// Implement it for an enum whose `FromStr` you wrote, or derive it on an enum of unit variants
/// (`#[derive(bt::ports::LiteralNames)]`): the derive writes a `FromStr` that takes each variant's
/// name as written (`Fast` for `Mode::Fast`; `#[literal = "fast"]` on a variant names it
/// otherwise) and a `Display` that writes it, and lists those names.
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq, bt::ports::LiteralNames)]
/// enum Mode {
///     #[literal = "fast"]
///     Fast,
///     #[literal = "careful"]
///     Careful,
/// }
///
/// use bt::ports::LiteralNames;
/// assert_eq!(Mode::NAMES, ["fast", "careful"]);
/// assert_eq!("careful".parse(), Ok(Mode::Careful));
/// assert!("slow".parse::<Mode>().is_err());
/// assert_eq!(Mode::Fast.to_string(), "fast");
/// ```
pub trait LiteralNames {
    /// Every text the type's `FromStr` accepts.
    const NAMES: &'static [&'static str];
}

/// The names of `T` when it lists them ([`LiteralNames`]), else none: the inherent constant
/// applies where `T: LiteralNames` holds, [`NoLiteralNames`]'s otherwise.
#[doc(hidden)]
pub struct NamesOf<T: ?Sized>(core::marker::PhantomData<T>);

impl<T: LiteralNames + ?Sized> NamesOf<T> {
    /// `T`'s names.
    pub const NAMES: &'static [&'static str] = T::NAMES;
}

/// The names of a type that does not list them: none (any literal goes to its `FromStr`).
#[doc(hidden)]
pub trait NoLiteralNames {
    /// None.
    const NAMES: &'static [&'static str] = &[];
}

impl<T: ?Sized> NoLiteralNames for NamesOf<T> {}

/// The error of the literal derive: what `#[derive(LiteralNames)]`'s `FromStr` returns for a text
/// that is not one of the names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// The text.
    pub text: alloc::string::String,
    /// The names it may be.
    pub names: &'static [&'static str],
}

impl UnknownName {
    /// The error for `text`, which is none of `names`.
    pub fn new(text: &str, names: &'static [&'static str]) -> Self {
        UnknownName { text: text.into(), names }
    }
}

impl core::fmt::Display for UnknownName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "`{}` is none of ", self.text)?;
        for (i, n) in self.names.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}`{n}`")?;
        }
        Ok(())
    }
}

impl core::error::Error for UnknownName {}
