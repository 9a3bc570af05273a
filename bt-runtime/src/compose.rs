//! How `bt!` builds a composite or a decorator: [`Compose`], the one mechanism behind every node
//! kind, built-in or yours.

/// A node kind that `bt!` can build from its children: the *spec* of a composite or a decorator.
///
/// In a tree, a capitalised path followed by children in `<…>` is a node of a kind you wrote:
/// `Persist(retries = 6)<Navigate, Replan>`, `nav::Gate<A, B>`. `bt!` builds the spec value
/// from the arguments (see below), then calls [`compose`](Compose::compose) with the children as
/// a tuple — `(child,)` for one child, `(a, b, …)` for several — and places the node it returns
/// in the tree. Every built-in keyword works the same way, with a spec from [`kind`](crate::kind):
/// `sequence<A, B>` is `bt::kind::Sequence<A, B>`, `parallel(2)<…>` is
/// `bt::kind::Parallel(2)<…>`.
///
/// # The spec and its arguments
///
/// The spec is a plain value holding the node's arguments, usually a small struct with public
/// fields. From `Path(a, b, name = c)<…>`, `bt!` builds
///
/// ```text
/// { let mut spec = Path::new(a, b); spec.name = c; spec }
/// ```
///
/// * positional arguments, if any, are the arguments of `Path::new`;
/// * without positional arguments (`Path(name = c)<…>` or `Path<…>`) the spec starts as
///   `Path::default()`;
/// * each `name = value` then assigns the public field `name`.
///
/// So a spec without arguments is a unit struct deriving `Default`, and a spec whose arguments all
/// have defaults derives `Default` and has public fields. A duration literal such as `2s` or
/// `200ms` becomes a [`Duration`](core::time::Duration) wherever it appears in the arguments. The
/// compiler checks everything: an unknown argument name is "no field `…`" on that name, a wrong
/// number of positional arguments is an error on `new`, and a spec that has no `compose` for the
/// number (or kinds) of children written is an error on the path.
///
/// # The node
///
/// [`compose`](Compose::compose) moves the children into the node it returns, which implements
/// [`Node`](crate::Node) for the contexts its children work on. `Compose` is implemented for the
/// children tuples the kind accepts: a decorator implements `Compose<(N,)>`, a composite
/// `Compose<C>` for any tuple (checking its length if it needs to), or for tuples of one exact
/// shape, such as `(A, B)`. The guide [`guide::custom_nodes`](crate::guide::custom_nodes) writes a
/// composite and a decorator from start to end.
///
/// ```
/// use bt::{bt, Children, Compose, Node, NodeId, Observer, Status};
///
/// /// `first_success<…>`: ticks every child each tick and succeeds when any child does.
/// #[derive(Default)]
/// struct AnySuccess;
///
/// struct AnySuccessNode<C>(C);
///
/// impl<C> Compose<C> for AnySuccess {
///     type Node = AnySuccessNode<C>;
///     fn compose(self, children: C) -> AnySuccessNode<C> {
///         AnySuccessNode(children)
///     }
/// }
///
/// impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for AnySuccessNode<C> {
///     const SIZE: usize = 1 + C::SIZE;
///     fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
///         let mut any = false;
///         for i in 0..C::LEN {
///             any |= self.0.tick_child(i, ctx, obs, id + 1) == Status::Success;
///         }
///         Status::from_bool(any)
///     }
/// }
///
/// let mut tree = bt! { AnySuccess<{ |n: &u32| *n > 2 }, { |n: &u32| *n == 0 }> };
/// assert_eq!(tree.tick(&mut 0), Status::Success);
/// assert_eq!(tree.tick(&mut 1), Status::Failure);
/// assert_eq!(tree.description().node(0).map(|n| n.kind), Some("AnySuccess"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be built with the children `{C}`",
    label = "not a composite or decorator for these children",
    note = "in `bt!`, `Kind<…>` builds its node with `bt::Compose::compose(spec, children)`: a decorator implements `bt::Compose<(N,)>`, a composite `bt::Compose<(A, B, …)>` for the numbers of children it accepts (see `bt::guide::custom_nodes`); for a built-in node, write its keyword, such as `sequence<…>`"
)]
pub trait Compose<C> {
    /// The node built over the children `C`.
    type Node;

    /// Builds the node, moving the children into it.
    fn compose(self, children: C) -> Self::Node;
}
