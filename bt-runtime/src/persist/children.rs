//! Saving and restoring the children of a composite: every child's entries, in order.

use crate::active::*;
use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, PersistNode};
use crate::{Children, NodeId};

/// The children of a composite whose nodes can be saved ([`PersistNode`]): a tuple of them.
///
/// A composite's [`PersistNode`] implementation calls these for its children; `parent` is the
/// composite's own id (its first child's is `parent + 1`).
pub trait PersistChildren<Ctx: ?Sized>: Children<Ctx> {
    /// What [`load_one`](PersistChildren::load_one) and [`load_all`](PersistChildren::load_all)
    /// read for the children, for [`apply_all`](PersistChildren::apply_all).
    type Loaded;

    /// Adds every child's configuration to `h`, in order.
    fn fingerprint_all(&self, h: &mut Fingerprint);

    /// Writes every child's entries in order, for a composite that keeps
    /// [`One`](crate::ChildStates::One): the child `one` holds with its state, the others idle.
    ///
    /// # Errors
    ///
    /// The writer's.
    fn save_one<W: NodeWriter>(
        &self,
        one: &Self::One,
        ctx: &Ctx,
        parent: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error>;

    /// Reads every child's entries in order and returns the [`One`](crate::ChildStates::One)
    /// they tell: the running child's state, or idle when none runs.
    ///
    /// # Errors
    ///
    /// The reader's, and [`Invalid::Inconsistent`] (on node `parent`) when more than one child
    /// runs.
    fn load_one<R: NodeReader>(
        &self,
        ctx: &Ctx,
        parent: NodeId,
        r: &mut R,
    ) -> Result<(Self::Loaded, Self::One), R::Error>;

    /// Writes every child's entries in order, for a composite that keeps
    /// [`All`](crate::ChildStates::All).
    ///
    /// # Errors
    ///
    /// The writer's.
    fn save_all<W: NodeWriter>(
        &self,
        all: &Self::All,
        ctx: &Ctx,
        parent: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error>;

    /// Reads every child's entries in order, with their active states.
    ///
    /// # Errors
    ///
    /// The reader's.
    fn load_all<R: NodeReader>(
        &self,
        ctx: &Ctx,
        parent: NodeId,
        r: &mut R,
    ) -> Result<(Self::Loaded, Self::All), R::Error>;

    /// Puts back what was read for every child.
    fn apply_all(&mut self, loaded: Self::Loaded, ctx: &Ctx);
}

macro_rules! tuple_persist {
    ($One:ident $All:ident; $($idx:tt $T:ident $V:ident),+) => {
        impl<Ctx: ?Sized, $($T: PersistNode<Ctx>),+> PersistChildren<Ctx> for ($($T,)+) {
            type Loaded = ($($T::Loaded,)+);

            fn fingerprint_all(&self, h: &mut Fingerprint) {
                $(self.$idx.fingerprint(h);)+
            }

            #[allow(unreachable_patterns)]
            fn save_one<W: NodeWriter>(&self, one: &Self::One, ctx: &Ctx, parent: NodeId, w: &mut W) -> Result<(), W::Error> {
                $(
                    {
                        // The child `one` is at runs (its state may not say: an `InBlock`).
                        let idle = <$T::Active as Default>::default();
                        let (active, running) = match one {
                            $One::$V(active) => (active, true),
                            _ => (&idle, false),
                        };
                        let id = parent + 1 + <Self as Children<Ctx>>::OFFSETS[$idx];
                        self.$idx.save_placed(active, running, ctx, id, w)?;
                    }
                )+
                Ok(())
            }

            fn load_one<R: NodeReader>(
                &self,
                ctx: &Ctx,
                parent: NodeId,
                r: &mut R,
            ) -> Result<(Self::Loaded, Self::One), R::Error> {
                let mut one = None;
                let loaded = ($(
                    {
                        let id = parent + 1 + <Self as Children<Ctx>>::OFFSETS[$idx];
                        let (loaded, active, running) = self.$idx.load_placed(ctx, id, r)?;
                        if running {
                            if one.is_some() {
                                return Err(r.invalid(
                                    parent,
                                    Invalid::Inconsistent("two of its children are running, but it runs one at a time"),
                                ));
                            }
                            one = Some($One::$V(active));
                        }
                        loaded
                    },
                )+);
                Ok((loaded, one.unwrap_or_default()))
            }

            fn save_all<W: NodeWriter>(&self, all: &Self::All, ctx: &Ctx, parent: NodeId, w: &mut W) -> Result<(), W::Error> {
                $(
                    let id = parent + 1 + <Self as Children<Ctx>>::OFFSETS[$idx];
                    self.$idx.save_nodes(&all.$idx, ctx, id, w)?;
                )+
                Ok(())
            }

            fn load_all<R: NodeReader>(
                &self,
                ctx: &Ctx,
                parent: NodeId,
                r: &mut R,
            ) -> Result<(Self::Loaded, Self::All), R::Error> {
                $(
                    #[allow(non_snake_case)]
                    let $V = {
                        let id = parent + 1 + <Self as Children<Ctx>>::OFFSETS[$idx];
                        self.$idx.load_nodes(ctx, id, r)?
                    };
                )+
                Ok((($($V.0,)+), $All($($V.1),+)))
            }

            fn apply_all(&mut self, loaded: Self::Loaded, ctx: &Ctx) {
                $(self.$idx.apply(loaded.$idx, ctx);)+
            }
        }
    };
}

tuple_persist!(One1 All1; 0 A C0);
tuple_persist!(One2 All2; 0 A C0, 1 B C1);
tuple_persist!(One3 All3; 0 A C0, 1 B C1, 2 C C2);
tuple_persist!(One4 All4; 0 A C0, 1 B C1, 2 C C2, 3 D C3);
tuple_persist!(One5 All5; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4);
tuple_persist!(One6 All6; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5);
tuple_persist!(One7 All7; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6);
tuple_persist!(One8 All8; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7);
tuple_persist!(One9 All9; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8);
tuple_persist!(One10 All10; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9);
tuple_persist!(One11 All11; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10);
tuple_persist!(One12 All12; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10, 11 L C11);
tuple_persist!(One13 All13; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10, 11 L C11, 12 M C12);
tuple_persist!(One14 All14; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10, 11 L C11, 12 M C12, 13 N C13);
tuple_persist!(One15 All15; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10, 11 L C11, 12 M C12, 13 N C13, 14 P C14);
tuple_persist!(One16 All16; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10, 11 L C11, 12 M C12, 13 N C13, 14 P C14, 15 Q C15);
