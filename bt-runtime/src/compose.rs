//! How `bt!` builds a composite or a decorator: [`Compose`], the one mechanism behind every node
//! kind, built-in or yours.

/// A node kind that `bt!` can build from its children: the *spec* of a composite or a decorator.
///
/// A node kind written in short form ([`short`](crate::short): a struct and a `tick`) gets this
/// impl from [`Short`](crate::short::Short); implement it by hand for the long form.
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
///   `Path::default()`, from its [`Default`] impl;
/// * each `name = value` then assigns the public field `name`.
///
/// So a spec without arguments is a unit struct deriving `Default`, and a spec whose arguments all
/// have defaults derives `Default` and has public fields. A duration literal such as `2s` or
/// `200ms` becomes a [`Duration`](core::time::Duration) wherever it appears in the arguments
/// (`Some(2s)` too); anything else is passed as written: a literal count stays an integer (the keyword
/// `parallel(2)` gets it as [`Const`](crate::Const)`::<2>`, in its type; for a spec of yours,
/// write `Const::<2>`). A named tree (`bt! { struct Name for Ctx { … } }`) spells the spec's type
/// as the path written, so a spec that is generic over the types of its arguments is written with
/// its turbofish there: `Gate::<Const<2>>(Const)<…>`.
///
/// The macro checks what it can see: children present (at most 16), positional arguments before
/// named ones, no name twice. The compiler checks the rest, on the token at fault: an unknown
/// argument name is "no field `…`" on that name, a value of the wrong type is reported on the
/// value, a wrong number of positional arguments on the path (the call of `new`), a spec without
/// `Default` written without positional arguments on the path with the suggestion to derive it,
/// and a spec that has no `Compose` for the children written on the path, naming the tuples of
/// children it does accept.
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
/// use bt::{bt, Activation, Children, Compose, Node, NodeId, Observer, Status};
///
/// /// `AnySuccess<…>`: ticks every child each tick and succeeds when any child does. It completes
/// /// on every tick, so it halts the children still running at the end of the tick.
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
/// // It is never running between ticks, so it has no active state for its parent to keep.
/// impl<C> Activation for AnySuccessNode<C> {
///     type Active = ();
///     fn is_running(_: &()) -> bool {
///         false
///     }
/// }
///
/// impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for AnySuccessNode<C> {
///     const SIZE: usize = 1 + C::SIZE;
///     fn tick_with<O: Observer + ?Sized>(
///         &mut self,
///         _: &mut (),
///         ctx: &mut Ctx,
///         obs: &mut O,
///         id: NodeId,
///     ) -> Status {
///         // The children's states live for this tick only: all of them are idle at its end.
///         let mut children = C::All::default();
///         let mut any = false;
///         for i in 0..C::LEN {
///             any |= self.0.tick_child(i, &mut children, ctx, obs, id + 1) == Status::Success;
///         }
///         self.0.halt_running(&mut children, ctx, obs, id + 1);
///         Status::from_bool(any)
///     }
///     fn reset(&mut self) {
///         self.0.reset_all();
///     }
/// }
///
/// let mut tree = bt! { AnySuccess<{ |n: &u32| *n > 2 }, { |n: &u32| *n == 0 }> };
/// assert_eq!(tree.tick(&mut 0), Status::Success);
/// assert_eq!(tree.tick(&mut 1), Status::Failure);
/// assert_eq!(tree.description().node(0).map(|n| n.kind), Some("AnySuccess"));
///
/// // The test kit checks it against the node contract on random cases (`bt::testing`).
/// use bt::testing::{Kit, Scripted};
/// Kit::new().check(|children: (Scripted, Scripted<2>, Scripted)| AnySuccess.compose(children));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be built with the children `{C}`",
    label = "no `bt::Compose` for these children",
    note = "`Kind<…>` in `bt!` builds its node with `bt::Compose::compose(spec, (child, …))`, one tuple element per child: compare the children written with the tuples `{Self}` implements `bt::Compose` for (a decorator `Compose<(N,)>`, a composite `Compose<(A, B)>` for two children or `Compose<C>` for any number; see `bt::guide::custom_nodes`)",
    note = "if `{Self}` is a leaf (an action or a condition), it takes no children: write it alone; a built-in node is written with its keyword, such as `sequence<…>`"
)]
pub trait Compose<C> {
    /// The node built over the children `C`.
    type Node;

    /// Builds the node, moving the children into it.
    fn compose(self, children: C) -> Self::Node;
}
