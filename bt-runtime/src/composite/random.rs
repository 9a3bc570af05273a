use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Status};

/// `random(seed = s)<…>`: a selector that tries its children in a random order, drawn anew for each
/// activation (the Random composite of editor-built game trees).
///
/// On the first tick of an activation the node shuffles the child indices (a Fisher–Yates shuffle
/// driven by a SplitMix64 generator). Then, each tick, starting at the remembered position in that
/// order:
///
/// * the child is ticked; on `Failure` the node moves on to the next child *of the shuffled order*
///   in the same tick;
/// * on `Running` the node returns `Running` and remembers its position: the next tick resumes the
///   same child (the order is kept for the whole activation);
/// * on `Success` the node returns `Success`; the next tick starts a new activation with a new order;
/// * when every child has failed the node returns `Failure`, and the next activation draws a new
///   order.
///
/// The order depends only on the seed and on how many activations came before, so a tree run twice
/// with the same seed and the same leaf results makes the same choices. Precisely, for `n`
/// children:
///
/// * the generator is SplitMix64 with state `s`, starting at `s = seed` (and back to `seed` on
///   [`reset`](crate::Node::reset)); each draw sets `s = s + 0x9E3779B97F4A7C15` (wrapping) and
///   returns `z ^ (z >> 31)`, where `z = s`, then `z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9`, then
///   `z = (z ^ (z >> 27)) * 0x94D049BB133111EB` (wrapping multiplications);
/// * each activation starts from the order `[0, 1, …, n − 1]` and, for `i` from `n` down to 2,
///   draws `r` and swaps the entries at `i − 1` and `j = ((r >> 32) * i) >> 32` (so `j` is in
///   `0..i`): `n − 1` draws per activation, none for a single child;
/// * the generator is not reset between activations: the second activation continues the sequence
///   where the first left it. A halt ends the activation without drawing.
///
/// Halting the node halts the running child; the next tick starts a new activation.
///
/// State: in the node, the seed and the generator (one `u64` each, the seed kept for
/// [`reset`](crate::BehaviorTree::reset)) and the order of the current or last activation (16
/// bytes); its active state is the running child's, in the variant of that child
/// ([`ChildStates::One`]), which also gives the position in the order. No allocation.
///
/// The classic editor-built Random composite runs *one* randomly chosen child and returns its result; this
/// node starts exactly like it (its first pick is uniformly random) but falls back on the remaining
/// children, in random order, when the pick fails — the usual "random selector" — because a random
/// order is only meaningful if more than one child may be tried.
#[derive(Clone, Debug)]
pub struct Random<C> {
    children: C,
    seed: u64,
    state: u64,
    order: [u8; 16],
}

impl<C> Random<C> {
    /// A random selector over the tuple `children`, with the generator seeded by `seed`.
    #[inline]
    pub const fn new(seed: u64, children: C) -> Self {
        Random { children, seed, state: seed, order: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }

    /// The order of the current (or last) activation: the first `n` entries, for `n` children, are
    /// a permutation of `0..n`.
    #[inline]
    pub fn order(&self) -> &[u8; 16] {
        &self.order
    }

    /// The next number of the SplitMix64 sequence.
    #[inline]
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Shuffles the first `len` entries of the order (Fisher–Yates).
    #[inline]
    fn shuffle(&mut self, len: usize) {
        let mut i = 0;
        while i < len {
            self.order[i & 15] = i as u8;
            i += 1;
        }
        let mut i = len;
        while i > 1 {
            // A uniform index in 0..i (multiply-shift on the high 32 bits).
            let j = (((self.next_u64() >> 32) * i as u64) >> 32) as usize;
            i -= 1;
            self.order.swap(i & 15, j & 15);
        }
    }
}

/// The running child's active state; it runs exactly while that child does.
impl<C: ChildStates> Activation for Random<C> {
    type Active = C::One;

    #[inline(always)]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for Random<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let len = self.children.len();
        let mut p = 0;
        if C::one_running(active) {
            // Resume at the running child's place in the order.
            let running = C::one_index(active);
            while p < len && self.order[p & 15] as usize != running {
                p += 1;
            }
        } else {
            self.shuffle(len);
        }
        while p < len {
            let child = self.order[p & 15] as usize;
            match self.children.tick_one(child, active, ctx, obs, id + 1) {
                Status::Failure => p += 1,
                status => return status,
            }
        }
        Status::Failure
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if C::one_running(active) {
            self.children.halt_one(active, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.state = self.seed;
        self.children.reset_all();
    }
}

#[cfg(test)]
mod tests {
    use super::Random;

    #[test]
    fn shuffle_yields_permutations_for_every_arity() {
        let mut r = Random::new(0xDEAD_BEEF, ());
        for len in 1..=16 {
            for _ in 0..50 {
                r.shuffle(len);
                let mut seen = [false; 16];
                for &i in &r.order[..len] {
                    assert!((i as usize) < len && !seen[i as usize]);
                    seen[i as usize] = true;
                }
            }
        }
    }

    #[test]
    fn first_pick_is_roughly_uniform() {
        let mut r = Random::new(1, ());
        let mut counts = [0u32; 4];
        for _ in 0..4000 {
            r.shuffle(4);
            counts[r.order[0] as usize] += 1;
        }
        // Each child should come first about 1000 times.
        assert!(counts.iter().all(|&c| (850..1150).contains(&c)), "{counts:?}");
    }
    /// The order follows the algorithm the docs state, draw for draw, so a user can predict it
    /// from the seed.
    #[test]
    fn order_is_the_documented_one() {
        fn documented(state: &mut u64, n: usize) -> [u8; 16] {
            let mut order = [0u8; 16];
            for (i, o) in order.iter_mut().enumerate() {
                *o = i as u8;
            }
            for i in (2..=n).rev() {
                *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = *state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                let r = z ^ (z >> 31);
                let j = (((r >> 32) * i as u64) >> 32) as usize;
                order.swap(i - 1, j);
            }
            order
        }
        for seed in [0, 7, 42, u64::MAX] {
            let mut r = Random::new(seed, ());
            let mut state = seed;
            for n in [4, 1, 16, 3, 3] {
                r.shuffle(n);
                assert_eq!(r.order[..n], documented(&mut state, n)[..n], "seed {seed}, {n} children");
            }
        }
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::Random;
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, PersistChildren};
    use crate::{NodeId, PersistNode};

    /// The generator's state and the order of the activation in progress.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        rng: u64,
        order: [u8; 16],
    }

    /// The generator and the order are saved; the running child is told by the children's entries.
    impl<Ctx: ?Sized, C: PersistChildren<Ctx>> PersistNode<Ctx> for Random<C> {
        type Loaded = ((u64, [u8; 16]), C::Loaded);

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.u64(self.seed);
            self.children.fingerprint_all(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &C::One,
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            w.entry(id, C::one_running(active), &Entry { rng: self.state, order: self.order })?;
            self.children.save_one(active, ctx, id, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(Self::Loaded, C::One), R::Error> {
            let entry: Entry = r.entry(id)?;
            let len = self.children.len();
            let mut seen = 0u32;
            for &child in &entry.order[..len] {
                if usize::from(child) >= len || seen & (1 << child) != 0 {
                    return Err(r.invalid(
                        id,
                        Invalid::Inconsistent("`order` does not list every child exactly once"),
                    ));
                }
                seen |= 1 << child;
            }
            let (loaded, one) = self.children.load_one(ctx, id, r)?;
            Ok((((entry.rng, entry.order), loaded), one))
        }

        fn apply(&mut self, ((rng, order), loaded): Self::Loaded, ctx: &Ctx) {
            self.state = rng;
            self.order = order;
            self.children.apply_all(loaded, ctx);
        }
    }
}
