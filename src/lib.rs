//! bt: behavior trees written inline with a macro and compiled to plain static code.
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

#[doc = include_str!("../bt-macros/doc/bt.md")]
#[doc(inline)]
pub use bt_macros::bt;
pub use bt_runtime::*;

#[cfg(feature = "std")]
pub use bt_blackboard as blackboard;

#[doc(hidden)]
pub mod __private {
    pub use bt_runtime::Builder;

    /// A condition argument (of `precondition`, `guard`, …) checked against the tree's context.
    ///
    /// Two candidate conversions (the second never applies) keep the result unresolved when the
    /// check fails, so the compiler reports the mistake once, on the argument, and not again for
    /// every node above it.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is not a condition for context `{Ctx}`",
        label = "expected a condition on `{Ctx}`",
        note = "implement `bt::Condition<{Ctx}>` for `{Self}`, or write a closure `|ctx: &{Ctx}| -> bool`"
    )]
    pub trait IntoCondition<Ctx: ?Sized, Marker> {
        /// The condition.
        type Condition: crate::Condition<Ctx>;
        /// Returns the condition.
        fn into_condition(self) -> Self::Condition;
    }

    /// Marker of the conversion of a [`Condition`](crate::Condition).
    #[derive(Debug)]
    pub enum IsCondition {}

    /// Marker of the conversion that never applies.
    #[derive(Debug)]
    pub enum Never {}

    /// Implemented by nothing.
    pub trait Unimplemented {}

    impl<Ctx: ?Sized, C: crate::Condition<Ctx>> IntoCondition<Ctx, IsCondition> for C {
        type Condition = C;
        #[inline(always)]
        fn into_condition(self) -> C {
            self
        }
    }

    impl<Ctx: ?Sized, C: crate::Condition<Ctx> + Unimplemented> IntoCondition<Ctx, Never> for C {
        type Condition = C;
        #[inline(always)]
        fn into_condition(self) -> C {
            self
        }
    }

    /// Checks `condition` against the context of the tree `_builder` builds.
    #[inline(always)]
    pub fn condition<Ctx: ?Sized, M, C: IntoCondition<Ctx, M>>(
        _builder: &Builder<Ctx>,
        condition: C,
    ) -> C::Condition {
        condition.into_condition()
    }

    /// What `bt!` expands to when the tree has errors: a node that type-checks for every context,
    /// so that the compiler reports the macro's errors and nothing else.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct Placeholder;

    impl<Ctx: ?Sized> crate::Node<Ctx> for Placeholder {
        fn tick_with<O: crate::Observer + ?Sized>(
            &mut self,
            _: &mut Ctx,
            _: &mut O,
            _: crate::NodeId,
        ) -> crate::Status {
            crate::Status::Failure
        }
    }
}
