//! Saving and restoring a whole tree (feature `serde`): see [`crate::persist`].

use serde::Deserializer;

use super::BehaviorTree;
use crate::persist::{Fingerprint, NodeReader, NodeWriter, PersistNode, RestoreError, SaveView};
use crate::{Activation, Describe, NodeId};

/// Saving and restoring (feature `serde`): see [`persist`](crate::persist).
impl<N: Activation, Ctx: ?Sized, D> BehaviorTree<N, Ctx, D> {
    /// The fingerprint of the tree's shape, which [`save`](Self::save) stores and
    /// [`restore`](Self::restore) checks: a hash of the number of nodes, of every node's kind,
    /// label, arguments and number of children in the [description](Self::description), and of
    /// the configuration every node was built with ([`PersistNode::fingerprint`]: counts,
    /// durations, thresholds, seeds, also those computed at run time). Two trees built from the
    /// same `bt!` source with the same arguments have the same fingerprint; changing a node, an
    /// argument's value or the number of children changes it.
    pub fn fingerprint(&self) -> u64
    where
        N: PersistNode<Ctx>,
        D: Describe,
    {
        crate::persist::fingerprint(N::SIZE, D::DESCRIPTION, |h: &mut Fingerprint| self.root.fingerprint(h))
    }

    /// The state of the whole tree, to be serialized with any serde format: every node's
    /// position, latches, counters, running child, generator and timers (as the time elapsed at
    /// `ctx`'s `now`), the state of leaves that implement [`Persist`](crate::Persist), and the
    /// tree's [`fingerprint`](Self::fingerprint), one readable entry per node (see
    /// [`persist`](crate::persist) for the layout). Nothing is ticked or halted; the returned view
    /// borrows the tree and is written when it is serialized.
    ///
    /// ```
    /// use bt::{bt, Clock, ManualClock, Status};
    /// use core::time::Duration;
    ///
    /// struct Robot { clock: ManualClock, steps: u32 }
    /// impl Clock for Robot {
    ///     fn now(&self) -> Duration { self.clock.now() }
    /// }
    ///
    /// // One step, a 10 s pause, ten steps; the memory sequence remembers where it is.
    /// let brain = || bt! { Robot => mem_sequence<
    ///     { |r: &mut Robot| { r.steps += 1; Status::Success } },
    ///     sleep(10s),
    ///     { |r: &mut Robot| { r.steps += 10; Status::Success } },
    /// > };
    ///
    /// let mut tree = brain();
    /// let mut robot = Robot { clock: ManualClock::new(), steps: 0 };
    /// assert_eq!(tree.tick(&mut robot), Status::Running); // one step, then sleeping since 0 s
    /// robot.clock.advance(Duration::from_secs(4));
    /// let json = serde_json::to_string_pretty(&tree.save(&robot)).unwrap();
    /// assert!(json.contains(r#""mem_sequence/1.sleep": {"#));
    ///
    /// // Restored an hour later: the sleep still has 6 s to go.
    /// robot.clock.advance(Duration::from_secs(3600));
    /// let mut tree = brain();
    /// tree.restore(&mut serde_json::Deserializer::from_str(&json), &robot).unwrap();
    /// robot.clock.advance(Duration::from_secs(5));
    /// assert_eq!(tree.tick(&mut robot), Status::Running);
    /// robot.clock.advance(Duration::from_secs(1));
    /// assert_eq!(tree.tick(&mut robot), Status::Success);
    /// assert_eq!(robot.steps, 11); // the first step was not taken again
    /// ```
    pub fn save<'a>(&'a self, ctx: &'a Ctx) -> SaveView<'a, N, Ctx>
    where
        N: PersistNode<Ctx>,
        D: Describe,
    {
        crate::persist::save_tree(&self.root, &self.active, ctx, D::DESCRIPTION, N::SIZE, self.fingerprint())
    }

    /// Reads a state written by [`save`](Self::save) from a tree of the same shape (usually a
    /// freshly built one from the same source) from `deserializer`, checks all of it, and only
    /// then puts it in place: the tree continues exactly as the saved one would have, timers with
    /// the same time left at `ctx`'s `now`. Nothing is ticked or halted and no leaf hook runs.
    /// Restore into an idle tree (freshly built, completed, halted or reset): the activations of a
    /// running tree would be replaced without their exit hooks.
    ///
    /// A timer that had run for longer than the clock now reads (a tree saved late in a run and
    /// restored on a clock that restarted at 0) cannot start before the clock's origin: it starts
    /// there, with more time left than when it was saved. Only the part of the elapsed time a timer
    /// can still act on is saved (at most its duration), so this only happens while a timer is
    /// running on such a young clock.
    ///
    /// # Errors
    ///
    /// The tree is left as it was, and never panics, whatever the data:
    /// [`RestoreError::ShapeMismatch`] when the save comes from a tree of another shape (its
    /// fingerprint, read before any node, differs); [`RestoreError::Invalid`] when a value is one
    /// no node of this tree can hold; [`RestoreError::Format`] for anything else the format
    /// reports (malformed or truncated data, an entry missing or out of place).
    pub fn restore<'de, De: Deserializer<'de>>(
        &mut self,
        deserializer: De,
        ctx: &Ctx,
    ) -> Result<(), RestoreError<De::Error>>
    where
        N: PersistNode<Ctx>,
        D: Describe,
    {
        let (loaded, active) = crate::persist::restore_tree(
            deserializer,
            &self.root,
            ctx,
            D::DESCRIPTION,
            N::SIZE,
            self.fingerprint(),
        )?;
        self.root.apply(loaded, ctx);
        self.active = active;
        Ok(())
    }

    /// Calls `f` with every node's id and whether it is running, in pre-order (the nodes of
    /// a `service`'s leaf, which have no ids of their own, excepted). Reads the same state a save
    /// writes; nothing is ticked. Stops at a node that cannot be saved.
    pub fn running_nodes(&self, ctx: &Ctx, f: impl FnMut(NodeId, bool))
    where
        N: PersistNode<Ctx>,
    {
        struct Visit<F>(F);
        impl<F: FnMut(NodeId, bool)> NodeWriter for Visit<F> {
            type Error = ();
            fn entry<T: serde::Serialize + ?Sized>(
                &mut self,
                id: NodeId,
                running: bool,
                _: &T,
            ) -> Result<(), ()> {
                (self.0)(id, running);
                Ok(())
            }
            fn unsupported(&mut self, _: NodeId, _: &'static str) {}
        }
        let _ = self.root.save_nodes(&self.active, ctx, 0, &mut Visit(f));
    }
}

/// An embedded tree: its root's entries (with the state the tree keeps for it).
impl<N: PersistNode<Ctx>, Ctx: ?Sized, D: Describe> PersistNode<Ctx> for BehaviorTree<N, Ctx, D> {
    type Loaded = (N::Loaded, N::Active);

    fn fingerprint(&self, h: &mut Fingerprint) {
        self.root.fingerprint(h);
    }

    fn save_nodes<W: NodeWriter>(&self, _: &bool, ctx: &Ctx, id: NodeId, w: &mut W) -> Result<(), W::Error> {
        self.root.save_nodes(&self.active, ctx, id, w)
    }

    fn load_nodes<R: NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(Self::Loaded, bool), R::Error> {
        let (loaded, active) = self.root.load_nodes(ctx, id, r)?;
        let running = N::is_running(&active);
        Ok(((loaded, active), running))
    }

    fn apply(&mut self, (loaded, active): Self::Loaded, ctx: &Ctx) {
        self.root.apply(loaded, ctx);
        self.active = active;
    }
}
