// Written by `tools/gen_tree` (`cargo run -p gen_tree -- synthetic perf/src/synthetic`);
// edit the generator, not this file.
//! Variant (a): the synthetic tree as a `bt` tree.

use super::{Check, SynthWorld, Work};

/// The synthetic tree, as `bt!` builds it.
pub fn tree() -> ::bt::BehaviorTree<impl ::bt::Node<SynthWorld>, SynthWorld> {
    let __b = ::bt::__private::Builder::<SynthWorld>::new();
    __b.build(
        ::bt::Repeat::forever(
            ::bt::Selector::new((
                ::bt::Sequence::new((
                    ::bt::Sequence::new((
                        ::bt::Selector::new((
                            __b.leaf(Work::new(1, 3, 4, 71)),
                            __b.leaf(Check::new(11, 61)),
                            __b.leaf(Check::new(13, 54)),
                            __b.leaf(Work::new(2, 15, 3, 91)),
                            __b.leaf(Check::new(3, 36)),
                        )),
                        ::bt::Selector::new((
                            __b.leaf(Work::new(3, 31, 1, 77)),
                            ::bt::ForceSuccess::new(
                                __b.leaf(Work::new(4, 19, 3, 75)),
                            ),
                        )),
                    )),
                    ::bt::Selector::new((
                        __b.leaf(Check::new(5, 34)),
                        ::bt::Selector::new((
                            __b.leaf(Work::new(5, 25, 1, 93)),
                            ::bt::Repeat::times(2, 
                                __b.leaf(Check::new(28, 41)),
                            ),
                            __b.leaf(Work::new(6, 5, 3, 72)),
                        )),
                        __b.leaf(Work::new(7, 26, 3, 69)),
                    )),
                    ::bt::Selector::new((
                        ::bt::Sequence::new((
                            ::bt::ForceSuccess::new(
                                ::bt::Repeat::times(1, 
                                    __b.leaf(Check::new(24, 41)),
                                ),
                            ),
                            __b.leaf(Work::new(8, 1, 1, 65)),
                        )),
                        ::bt::Sequence::new((
                            __b.leaf(Check::new(24, 50)),
                            __b.leaf(Check::new(30, 46)),
                            __b.leaf(Work::new(9, 17, 4, 85)),
                            __b.leaf(Check::new(12, 76)),
                            __b.leaf(Work::new(10, 21, 1, 68)),
                        )),
                        ::bt::Precondition::new(__b.condition(Check::new(31, 24)),
                            ::bt::ForceSuccess::new(
                                __b.leaf(Work::new(11, 21, 4, 75)),
                            ),
                        ),
                        ::bt::Repeat::times(1, 
                            __b.leaf(Check::new(4, 24)),
                        ),
                    )),
                    ::bt::Sequence::new((
                        ::bt::ForceSuccess::new(
                            ::bt::Precondition::new(__b.condition(Check::new(0, 21)),
                                __b.leaf(Work::new(12, 26, 3, 78)),
                            ),
                        ),
                        ::bt::Invert::new(
                            __b.leaf(Check::new(3, 37)),
                        ),
                        ::bt::ForceFailure::new(
                            __b.leaf(Work::new(13, 31, 3, 69)),
                        ),
                        __b.leaf(Work::new(14, 25, 3, 63)),
                        __b.leaf(Check::new(18, 61)),
                        __b.leaf(Work::new(15, 24, 3, 84)),
                    )),
                )),
                ::bt::Precondition::new(__b.condition(Check::new(24, 70)),
                    ::bt::Sequence::new((
                        ::bt::Sequence::new((
                            ::bt::Selector::new((
                                __b.leaf(Check::new(14, 67)),
                                __b.leaf(Work::new(16, 4, 4, 97)),
                                __b.leaf(Check::new(30, 44)),
                                ::bt::ForceSuccess::new(
                                    __b.leaf(Check::new(5, 70)),
                                ),
                                __b.leaf(Check::new(27, 41)),
                                __b.leaf(Work::new(17, 22, 2, 86)),
                            )),
                            ::bt::Parallel::new(4, (
                                __b.leaf(Work::new(18, 19, 3, 84)),
                                __b.leaf(Check::new(7, 23)),
                                ::bt::Invert::new(
                                    __b.leaf(Work::new(19, 7, 4, 89)),
                                ),
                                __b.leaf(Work::new(20, 18, 4, 97)),
                                __b.leaf(Work::new(21, 27, 4, 63)),
                            )),
                            ::bt::Sequence::new((
                                __b.leaf(Check::new(28, 58)),
                                __b.leaf(Work::new(22, 0, 2, 73)),
                                __b.leaf(Work::new(23, 16, 1, 63)),
                                ::bt::Invert::new(
                                    __b.leaf(Check::new(23, 30)),
                                ),
                                __b.leaf(Check::new(13, 24)),
                                __b.leaf(Work::new(24, 10, 2, 88)),
                            )),
                        )),
                        ::bt::Repeat::times(3, 
                            ::bt::Invert::new(
                                ::bt::Precondition::new(__b.condition(Check::new(17, 72)),
                                    __b.leaf(Check::new(5, 48)),
                                ),
                            ),
                        ),
                    )),
                ),
                ::bt::Sequence::new((
                    ::bt::Sequence::new((
                        ::bt::Repeat::times(3, 
                            ::bt::Selector::new((
                                ::bt::Sequence::new((
                                    __b.leaf(Check::new(29, 70)),
                                    __b.leaf(Check::new(1, 24)),
                                    __b.leaf(Work::new(25, 11, 4, 87)),
                                    __b.leaf(Work::new(26, 13, 4, 84)),
                                )),
                                ::bt::Sequence::new((
                                    __b.leaf(Work::new(27, 7, 3, 86)),
                                    __b.leaf(Work::new(28, 30, 1, 92)),
                                    __b.leaf(Check::new(19, 50)),
                                    __b.leaf(Work::new(29, 29, 2, 97)),
                                )),
                                __b.leaf(Work::new(30, 28, 4, 68)),
                                ::bt::Selector::new((
                                    __b.leaf(Work::new(31, 9, 4, 66)),
                                    __b.leaf(Work::new(32, 14, 2, 65)),
                                    ::bt::ForceSuccess::new(
                                        __b.leaf(Work::new(33, 28, 3, 93)),
                                    ),
                                )),
                            )),
                        ),
                        ::bt::Sequence::new((
                            __b.leaf(Check::new(23, 71)),
                            ::bt::ForceSuccess::new(
                                __b.leaf(Work::new(34, 26, 4, 68)),
                            ),
                            __b.leaf(Work::new(35, 13, 3, 76)),
                            ::bt::Invert::new(
                                __b.leaf(Work::new(36, 27, 4, 95)),
                            ),
                            ::bt::ForceFailure::new(
                                __b.leaf(Work::new(37, 22, 1, 89)),
                            ),
                        )),
                    )),
                    ::bt::Selector::new((
                        __b.leaf(Work::new(38, 8, 4, 97)),
                        ::bt::Parallel::new(1, (
                            __b.leaf(Check::new(16, 44)),
                            ::bt::Repeat::times(1, 
                                __b.leaf(Work::new(39, 30, 3, 85)),
                            ),
                        )),
                        ::bt::Sequence::new((
                            ::bt::ForceSuccess::new(
                                ::bt::Invert::new(
                                    ::bt::Invert::new(
                                        __b.leaf(Check::new(24, 27)),
                                    ),
                                ),
                            ),
                            ::bt::Selector::new((
                                __b.leaf(Work::new(40, 7, 1, 69)),
                                ::bt::Repeat::times(1, 
                                    __b.leaf(Work::new(41, 27, 1, 84)),
                                ),
                            )),
                        )),
                        ::bt::Repeat::times(3, 
                            __b.leaf(Check::new(17, 26)),
                        ),
                    )),
                )),
                ::bt::Repeat::times(3, 
                    ::bt::Repeat::times(2, 
                        ::bt::Sequence::new((
                            ::bt::Repeat::times(3, 
                                ::bt::Parallel::new(1, (
                                    __b.leaf(Work::new(42, 9, 3, 91)),
                                    __b.leaf(Check::new(20, 74)),
                                    ::bt::Repeat::times(2, 
                                        __b.leaf(Check::new(28, 34)),
                                    ),
                                    __b.leaf(Check::new(11, 22)),
                                    ::bt::ForceSuccess::new(
                                        ::bt::Sequence::new((
                                            __b.leaf(Check::new(7, 52)),
                                            __b.leaf(Work::new(43, 31, 4, 76)),
                                            __b.leaf(Check::new(11, 60)),
                                        )),
                                    ),
                                )),
                            ),
                            ::bt::Selector::new((
                                ::bt::Selector::new((
                                    ::bt::Precondition::new(__b.condition(Check::new(17, 74)),
                                        __b.leaf(Check::new(4, 57)),
                                    ),
                                    ::bt::ForceFailure::new(
                                        __b.leaf(Work::new(44, 4, 3, 86)),
                                    ),
                                )),
                                ::bt::Sequence::new((
                                    ::bt::Repeat::times(2, 
                                        ::bt::ForceFailure::new(
                                            __b.leaf(Check::new(6, 54)),
                                        ),
                                    ),
                                    ::bt::Precondition::new(__b.condition(Check::new(8, 70)),
                                        __b.leaf(Work::new(45, 2, 3, 95)),
                                    ),
                                )),
                                ::bt::Repeat::times(2, 
                                    ::bt::Invert::new(
                                        ::bt::Selector::new((
                                            __b.leaf(Work::new(46, 29, 4, 92)),
                                            __b.leaf(Check::new(18, 24)),
                                            __b.leaf(Work::new(47, 28, 2, 89)),
                                        )),
                                    ),
                                ),
                            )),
                            ::bt::Selector::new((
                                ::bt::ForceSuccess::new(
                                    ::bt::ForceSuccess::new(
                                        __b.leaf(Work::new(48, 3, 4, 85)),
                                    ),
                                ),
                                ::bt::Selector::new((
                                    ::bt::Repeat::times(1, 
                                        __b.leaf(Work::new(49, 20, 2, 63)),
                                    ),
                                    ::bt::Invert::new(
                                        __b.leaf(Check::new(4, 56)),
                                    ),
                                )),
                                ::bt::Selector::new((
                                    ::bt::Invert::new(
                                        __b.leaf(Work::new(50, 27, 1, 61)),
                                    ),
                                    __b.leaf(Check::new(28, 69)),
                                )),
                                ::bt::Precondition::new(__b.condition(Check::new(26, 71)),
                                    ::bt::Selector::new((
                                        ::bt::Invert::new(
                                            __b.leaf(Work::new(51, 5, 2, 98)),
                                        ),
                                        __b.leaf(Check::new(19, 20)),
                                    )),
                                ),
                            )),
                        )),
                    ),
                ),
                ::bt::Invert::new(
                    ::bt::Sequence::new((
                        ::bt::Selector::new((
                            __b.leaf(Work::new(52, 27, 2, 62)),
                            ::bt::Invert::new(
                                ::bt::Invert::new(
                                    __b.leaf(Work::new(53, 9, 2, 74)),
                                ),
                            ),
                            ::bt::Invert::new(
                                __b.leaf(Check::new(21, 67)),
                            ),
                            __b.leaf(Work::new(54, 22, 4, 83)),
                            __b.leaf(Check::new(14, 72)),
                            ::bt::Repeat::times(2, 
                                __b.leaf(Work::new(55, 13, 1, 61)),
                            ),
                        )),
                        ::bt::Repeat::times(2, 
                            ::bt::Parallel::new(1, (
                                ::bt::Repeat::times(1, 
                                    ::bt::Sequence::new((
                                        ::bt::Repeat::times(1, 
                                            ::bt::Precondition::new(__b.condition(Check::new(2, 60)),
                                                __b.leaf(Work::new(56, 17, 1, 72)),
                                            ),
                                        ),
                                        ::bt::Invert::new(
                                            __b.leaf(Work::new(57, 19, 2, 86)),
                                        ),
                                    )),
                                ),
                                ::bt::ForceFailure::new(
                                    __b.leaf(Check::new(15, 55)),
                                ),
                            )),
                        ),
                        ::bt::Sequence::new((
                            __b.leaf(Work::new(58, 24, 4, 63)),
                            ::bt::Invert::new(
                                ::bt::Repeat::times(1, 
                                    __b.leaf(Work::new(59, 24, 4, 77)),
                                ),
                            ),
                            ::bt::Precondition::new(__b.condition(Check::new(29, 55)),
                                __b.leaf(Work::new(60, 31, 3, 69)),
                            ),
                            ::bt::Invert::new(
                                __b.leaf(Work::new(61, 11, 1, 83)),
                            ),
                        )),
                        ::bt::Selector::new((
                            ::bt::Sequence::new((
                                __b.leaf(Work::new(62, 16, 4, 85)),
                                ::bt::Repeat::times(3, 
                                    ::bt::ForceSuccess::new(
                                        __b.leaf(Work::new(63, 20, 2, 82)),
                                    ),
                                ),
                            )),
                            ::bt::Selector::new((
                                __b.leaf(Check::new(13, 58)),
                                ::bt::Repeat::times(3, 
                                    ::bt::Repeat::times(1, 
                                        ::bt::Repeat::times(2, 
                                            __b.leaf(Work::new(64, 2, 2, 91)),
                                        ),
                                    ),
                                ),
                            )),
                        )),
                    )),
                ),
            )),
        ),
    )
}
