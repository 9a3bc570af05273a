//! bt: behavior trees written inline with a macro and compiled to plain static code.
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

pub use bt_macros::bt;
pub use bt_runtime::*;

#[cfg(feature = "std")]
pub use bt_blackboard as blackboard;

#[doc(hidden)]
pub mod __private {
    pub use bt_runtime::Builder;

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
