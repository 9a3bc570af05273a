//! The skipping methods of `Children` for tuples (see `tuples`): each child ticked with
//! `tick_child_skip`, a skipped child passed over.

/// Writes the three skipping methods of `Children` inside the tuple's impl (`tuple_children!`).
macro_rules! skip_methods {
    ($One:ident; $($idx:tt $T:ident $V:ident),+) => {
        #[inline(always)]
        fn tick_child_skip<O: Observer + ?Sized>(
            &mut self,
            index: usize,
            all: &mut Self::All,
            ctx: &mut Ctx,
            obs: &mut O,
            first_id: NodeId,
        ) -> Outcome {
            $(
                if index == $idx {
                    let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                    return tick_child_skip(&mut self.$idx, &mut all.$idx, ctx, obs, id);
                }
            )+
            Outcome::Failure
        }

        #[inline(always)]
        fn tick_one_skip<O: Observer + ?Sized>(
            &mut self,
            index: usize,
            one: &mut Self::One,
            ctx: &mut Ctx,
            obs: &mut O,
            first_id: NodeId,
        ) -> Outcome {
            $(
                if index == $idx {
                    let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                    let fresh = !matches!(one, $One::$V(_));
                    if fresh {
                        *one = $One::$V(Default::default());
                    }
                    let $One::$V(active) = one else { return Outcome::Failure };
                    let outcome = if <$T as Activation>::IN_BLOCK && fresh {
                        $crate::tick_child_skip_fresh(&mut self.$idx, active, ctx, obs, id)
                    } else {
                        tick_child_skip(&mut self.$idx, active, ctx, obs, id)
                    };
                    if outcome != Outcome::Running {
                        *one = Default::default();
                    }
                    return outcome;
                }
            )+
            Outcome::Failure
        }

        #[inline]
        fn tick_reactive_skip<O: Observer + ?Sized>(
            &mut self,
            one: &mut Self::One,
            go_on: Status,
            ctx: &mut Ctx,
            obs: &mut O,
            first_id: NodeId,
        ) -> Outcome {
            // `tick_reactive`, with a skipped child passed over.
            let mut all_skipped = true;
            $(
                let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                if let $One::$V(active) = one {
                    match tick_child_skip(&mut self.$idx, active, ctx, obs, id) {
                        Outcome::Running => return Outcome::Running,
                        outcome => {
                            *one = Default::default();
                            if outcome != Outcome::Skipped {
                                all_skipped = false;
                                if outcome != go_on {
                                    return outcome;
                                }
                            }
                        }
                    }
                } else {
                    let mut active = <$T::Active as Default>::default();
                    let outcome = if <$T as Activation>::IN_BLOCK {
                        $crate::tick_child_skip_fresh(&mut self.$idx, &mut active, ctx, obs, id)
                    } else {
                        tick_child_skip(&mut self.$idx, &mut active, ctx, obs, id)
                    };
                    match outcome {
                        Outcome::Skipped => {}
                        outcome if outcome == go_on => all_skipped = false,
                        outcome => {
                            if <Self as ChildStates>::one_index(one) > $idx {
                                self.halt_one(one, ctx, obs, first_id);
                            }
                            *one = if outcome == Outcome::Running {
                                $One::$V(active)
                            } else {
                                Default::default()
                            };
                            return outcome;
                        }
                    }
                }
            )+
            if all_skipped { Outcome::Skipped } else { Outcome::from(go_on) }
        }
    };
}
