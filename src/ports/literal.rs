//! XML literals converted to the types of the ports they bind, as `bt_xml!` writes them.

use super::Input;

/// A literal of an XML attribute, converted to the type of the port it binds (what the XML
/// import writes for `hz="1.0"`, `retries="3"`, `mode="fast"`). Numbers and bools are checked at
/// compile time: an integer out of the port type's range, or a number for a `bool`, does not
/// compile; other text is parsed with the type's `FromStr` when the tree is built.
#[diagnostic::on_unimplemented(
    message = "the XML literal `{Self}` cannot be a value of type `{T}`",
    note = "a port's type decides which literals it takes: integers, floats, `true`/`false`, or text parsed with `FromStr`"
)]
pub trait Literal<T> {
    /// The value.
    fn get(self) -> T;
}

/// An input port bound to the literal `l`, converted to the port's type.
pub fn lit<T, L: Literal<T>>(l: L) -> Input<T> {
    Input::value(l.get())
}

/// An integer literal `N` (checked against the port type's range at compile time).
#[derive(Clone, Copy, Debug)]
pub struct IntLit<const N: i128>;

/// A float literal, with its text.
#[derive(Clone, Copy, Debug)]
pub struct FloatLit(pub f64, pub &'static str);

/// `true` or `false`.
#[derive(Clone, Copy, Debug)]
pub struct BoolLit(pub bool);

/// Any other text, with the file, line and column it was written at (for the error when it does
/// not parse).
#[derive(Clone, Copy, Debug)]
pub struct TextLit(pub &'static str, pub &'static str);

macro_rules! int_literal {
    ($($t:ty),*) => {$(
        impl<const N: i128> Literal<$t> for IntLit<N> {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            fn get(self) -> $t {
                const {
                    assert!(
                        N >= <$t>::MIN as i128 && (N < 0 || N as u128 <= <$t>::MAX as u128),
                        concat!("an XML integer literal is out of range for its port of type `", stringify!($t), "`")
                    )
                };
                N as $t
            }
        }
    )*};
}

int_literal!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

macro_rules! float_literal {
    ($($t:ty),*) => {$(
        impl<const N: i128> Literal<$t> for IntLit<N> {
            #[allow(clippy::cast_precision_loss)]
            fn get(self) -> $t {
                N as $t
            }
        }
        impl Literal<$t> for FloatLit {
            #[allow(clippy::cast_possible_truncation)]
            fn get(self) -> $t {
                self.0 as $t
            }
        }
    )*};
}

float_literal!(f32, f64);

impl Literal<bool> for BoolLit {
    fn get(self) -> bool {
        self.0
    }
}

impl<T: core::str::FromStr> Literal<T> for TextLit
where
    T::Err: core::fmt::Display,
{
    fn get(self) -> T {
        match self.0.parse() {
            Ok(v) => v,
            Err(e) => {
                panic!("{}: `{}` is not a valid `{}`: {e}", self.1, self.0, core::any::type_name::<T>())
            }
        }
    }
}

/// A literal binds an input port of a type it can be: `Input<T>` takes what `T` takes.
impl<T, L: Literal<T>> Literal<Input<T>> for L {
    fn get(self) -> Input<T> {
        Input::value(self.get())
    }
}

impl<const N: i128> Literal<alloc::string::String> for IntLit<N> {
    fn get(self) -> alloc::string::String {
        alloc::format!("{N}")
    }
}

impl Literal<alloc::string::String> for FloatLit {
    fn get(self) -> alloc::string::String {
        self.1.into()
    }
}

impl Literal<alloc::string::String> for BoolLit {
    fn get(self) -> alloc::string::String {
        alloc::format!("{}", self.0)
    }
}

/// A plain number for a `Duration` port is milliseconds, as BehaviorTree.CPP's `msec`.
impl<const N: i128> Literal<core::time::Duration> for IntLit<N> {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    fn get(self) -> core::time::Duration {
        const { assert!(N >= 0, "a duration in milliseconds cannot be negative") };
        core::time::Duration::from_millis(N as u64)
    }
}

/// A real number for a `Duration` port is milliseconds.
impl Literal<core::time::Duration> for FloatLit {
    fn get(self) -> core::time::Duration {
        match core::time::Duration::try_from_secs_f64(self.0 / 1000.0) {
            Ok(d) => d,
            Err(e) => panic!("`{}` is not a duration in milliseconds: {e}", self.1),
        }
    }
}

/// A number or a bool for a `Vec<T>` port is a sequence of one (BehaviorTree.CPP's `"4"`).
impl<const N: i128, T> Literal<alloc::vec::Vec<T>> for IntLit<N>
where
    IntLit<N>: Literal<T>,
{
    fn get(self) -> alloc::vec::Vec<T> {
        alloc::vec![self.get()]
    }
}

/// A real for a `Vec<T>` port is a sequence of one.
impl<T> Literal<alloc::vec::Vec<T>> for FloatLit
where
    FloatLit: Literal<T>,
{
    fn get(self) -> alloc::vec::Vec<T> {
        alloc::vec![self.get()]
    }
}

/// A bool for a `Vec<T>` port is a sequence of one.
impl<T> Literal<alloc::vec::Vec<T>> for BoolLit
where
    BoolLit: Literal<T>,
{
    fn get(self) -> alloc::vec::Vec<T> {
        alloc::vec![self.get()]
    }
}
