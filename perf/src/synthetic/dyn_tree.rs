// Written by `tools/gen_tree` (`cargo run -p gen_tree -- synthetic perf/src/synthetic`);
// edit the generator, not this file.
//! Variant (c): the synthetic tree built from `Box<dyn Node>` nodes (the classic design).

use super::{Check, SynthWorld, Work};
use crate::dynbt::{
    BoxNode, Map, MapKind, Parallel, Precondition, Repeat, Selector, Sequence, action, condition,
};

/// The synthetic tree, boxed.
pub fn tree() -> BoxNode<SynthWorld> {
    Box::new(Repeat::new(
        None,
        Box::new(Selector::new(vec![
            Box::new(Sequence::new(vec![
                Box::new(Sequence::new(vec![
                    Box::new(Selector::new(vec![
                        action(Work::new(1, 3, 4, 71)),
                        condition(Check::new(11, 61)),
                        condition(Check::new(13, 54)),
                        action(Work::new(2, 15, 3, 91)),
                        condition(Check::new(3, 36)),
                    ])),
                    Box::new(Selector::new(vec![
                        action(Work::new(3, 31, 1, 77)),
                        Box::new(Map::new(MapKind::ForceSuccess, action(Work::new(4, 19, 3, 75)))),
                    ])),
                ])),
                Box::new(Selector::new(vec![
                    condition(Check::new(5, 34)),
                    Box::new(Selector::new(vec![
                        action(Work::new(5, 25, 1, 93)),
                        Box::new(Repeat::new(Some(2), condition(Check::new(28, 41)))),
                        action(Work::new(6, 5, 3, 72)),
                    ])),
                    action(Work::new(7, 26, 3, 69)),
                ])),
                Box::new(Selector::new(vec![
                    Box::new(Sequence::new(vec![
                        Box::new(Map::new(
                            MapKind::ForceSuccess,
                            Box::new(Repeat::new(Some(1), condition(Check::new(24, 41)))),
                        )),
                        action(Work::new(8, 1, 1, 65)),
                    ])),
                    Box::new(Sequence::new(vec![
                        condition(Check::new(24, 50)),
                        condition(Check::new(30, 46)),
                        action(Work::new(9, 17, 4, 85)),
                        condition(Check::new(12, 76)),
                        action(Work::new(10, 21, 1, 68)),
                    ])),
                    Box::new(Precondition::new(
                        Box::new(Check::new(31, 24)),
                        Box::new(Map::new(MapKind::ForceSuccess, action(Work::new(11, 21, 4, 75)))),
                    )),
                    Box::new(Repeat::new(Some(1), condition(Check::new(4, 24)))),
                ])),
                Box::new(Sequence::new(vec![
                    Box::new(Map::new(
                        MapKind::ForceSuccess,
                        Box::new(Precondition::new(
                            Box::new(Check::new(0, 21)),
                            action(Work::new(12, 26, 3, 78)),
                        )),
                    )),
                    Box::new(Map::new(MapKind::Invert, condition(Check::new(3, 37)))),
                    Box::new(Map::new(MapKind::ForceFailure, action(Work::new(13, 31, 3, 69)))),
                    action(Work::new(14, 25, 3, 63)),
                    condition(Check::new(18, 61)),
                    action(Work::new(15, 24, 3, 84)),
                ])),
            ])),
            Box::new(Precondition::new(
                Box::new(Check::new(24, 70)),
                Box::new(Sequence::new(vec![
                    Box::new(Sequence::new(vec![
                        Box::new(Selector::new(vec![
                            condition(Check::new(14, 67)),
                            action(Work::new(16, 4, 4, 97)),
                            condition(Check::new(30, 44)),
                            Box::new(Map::new(MapKind::ForceSuccess, condition(Check::new(5, 70)))),
                            condition(Check::new(27, 41)),
                            action(Work::new(17, 22, 2, 86)),
                        ])),
                        Box::new(Parallel::new(
                            4,
                            vec![
                                action(Work::new(18, 19, 3, 84)),
                                condition(Check::new(7, 23)),
                                Box::new(Map::new(MapKind::Invert, action(Work::new(19, 7, 4, 89)))),
                                action(Work::new(20, 18, 4, 97)),
                                action(Work::new(21, 27, 4, 63)),
                            ],
                        )),
                        Box::new(Sequence::new(vec![
                            condition(Check::new(28, 58)),
                            action(Work::new(22, 0, 2, 73)),
                            action(Work::new(23, 16, 1, 63)),
                            Box::new(Map::new(MapKind::Invert, condition(Check::new(23, 30)))),
                            condition(Check::new(13, 24)),
                            action(Work::new(24, 10, 2, 88)),
                        ])),
                    ])),
                    Box::new(Repeat::new(
                        Some(3),
                        Box::new(Map::new(
                            MapKind::Invert,
                            Box::new(Precondition::new(
                                Box::new(Check::new(17, 72)),
                                condition(Check::new(5, 48)),
                            )),
                        )),
                    )),
                ])),
            )),
            Box::new(Sequence::new(vec![
                Box::new(Sequence::new(vec![
                    Box::new(Repeat::new(
                        Some(3),
                        Box::new(Selector::new(vec![
                            Box::new(Sequence::new(vec![
                                condition(Check::new(29, 70)),
                                condition(Check::new(1, 24)),
                                action(Work::new(25, 11, 4, 87)),
                                action(Work::new(26, 13, 4, 84)),
                            ])),
                            Box::new(Sequence::new(vec![
                                action(Work::new(27, 7, 3, 86)),
                                action(Work::new(28, 30, 1, 92)),
                                condition(Check::new(19, 50)),
                                action(Work::new(29, 29, 2, 97)),
                            ])),
                            action(Work::new(30, 28, 4, 68)),
                            Box::new(Selector::new(vec![
                                action(Work::new(31, 9, 4, 66)),
                                action(Work::new(32, 14, 2, 65)),
                                Box::new(Map::new(MapKind::ForceSuccess, action(Work::new(33, 28, 3, 93)))),
                            ])),
                        ])),
                    )),
                    Box::new(Sequence::new(vec![
                        condition(Check::new(23, 71)),
                        Box::new(Map::new(MapKind::ForceSuccess, action(Work::new(34, 26, 4, 68)))),
                        action(Work::new(35, 13, 3, 76)),
                        Box::new(Map::new(MapKind::Invert, action(Work::new(36, 27, 4, 95)))),
                        Box::new(Map::new(MapKind::ForceFailure, action(Work::new(37, 22, 1, 89)))),
                    ])),
                ])),
                Box::new(Selector::new(vec![
                    action(Work::new(38, 8, 4, 97)),
                    Box::new(Parallel::new(
                        1,
                        vec![
                            condition(Check::new(16, 44)),
                            Box::new(Repeat::new(Some(1), action(Work::new(39, 30, 3, 85)))),
                        ],
                    )),
                    Box::new(Sequence::new(vec![
                        Box::new(Map::new(
                            MapKind::ForceSuccess,
                            Box::new(Map::new(
                                MapKind::Invert,
                                Box::new(Map::new(MapKind::Invert, condition(Check::new(24, 27)))),
                            )),
                        )),
                        Box::new(Selector::new(vec![
                            action(Work::new(40, 7, 1, 69)),
                            Box::new(Repeat::new(Some(1), action(Work::new(41, 27, 1, 84)))),
                        ])),
                    ])),
                    Box::new(Repeat::new(Some(3), condition(Check::new(17, 26)))),
                ])),
            ])),
            Box::new(Repeat::new(
                Some(3),
                Box::new(Repeat::new(
                    Some(2),
                    Box::new(Sequence::new(vec![
                        Box::new(Repeat::new(
                            Some(3),
                            Box::new(Parallel::new(
                                1,
                                vec![
                                    action(Work::new(42, 9, 3, 91)),
                                    condition(Check::new(20, 74)),
                                    Box::new(Repeat::new(Some(2), condition(Check::new(28, 34)))),
                                    condition(Check::new(11, 22)),
                                    Box::new(Map::new(
                                        MapKind::ForceSuccess,
                                        Box::new(Sequence::new(vec![
                                            condition(Check::new(7, 52)),
                                            action(Work::new(43, 31, 4, 76)),
                                            condition(Check::new(11, 60)),
                                        ])),
                                    )),
                                ],
                            )),
                        )),
                        Box::new(Selector::new(vec![
                            Box::new(Selector::new(vec![
                                Box::new(Precondition::new(
                                    Box::new(Check::new(17, 74)),
                                    condition(Check::new(4, 57)),
                                )),
                                Box::new(Map::new(MapKind::ForceFailure, action(Work::new(44, 4, 3, 86)))),
                            ])),
                            Box::new(Sequence::new(vec![
                                Box::new(Repeat::new(
                                    Some(2),
                                    Box::new(Map::new(MapKind::ForceFailure, condition(Check::new(6, 54)))),
                                )),
                                Box::new(Precondition::new(
                                    Box::new(Check::new(8, 70)),
                                    action(Work::new(45, 2, 3, 95)),
                                )),
                            ])),
                            Box::new(Repeat::new(
                                Some(2),
                                Box::new(Map::new(
                                    MapKind::Invert,
                                    Box::new(Selector::new(vec![
                                        action(Work::new(46, 29, 4, 92)),
                                        condition(Check::new(18, 24)),
                                        action(Work::new(47, 28, 2, 89)),
                                    ])),
                                )),
                            )),
                        ])),
                        Box::new(Selector::new(vec![
                            Box::new(Map::new(
                                MapKind::ForceSuccess,
                                Box::new(Map::new(MapKind::ForceSuccess, action(Work::new(48, 3, 4, 85)))),
                            )),
                            Box::new(Selector::new(vec![
                                Box::new(Repeat::new(Some(1), action(Work::new(49, 20, 2, 63)))),
                                Box::new(Map::new(MapKind::Invert, condition(Check::new(4, 56)))),
                            ])),
                            Box::new(Selector::new(vec![
                                Box::new(Map::new(MapKind::Invert, action(Work::new(50, 27, 1, 61)))),
                                condition(Check::new(28, 69)),
                            ])),
                            Box::new(Precondition::new(
                                Box::new(Check::new(26, 71)),
                                Box::new(Selector::new(vec![
                                    Box::new(Map::new(MapKind::Invert, action(Work::new(51, 5, 2, 98)))),
                                    condition(Check::new(19, 20)),
                                ])),
                            )),
                        ])),
                    ])),
                )),
            )),
            Box::new(Map::new(
                MapKind::Invert,
                Box::new(Sequence::new(vec![
                    Box::new(Selector::new(vec![
                        action(Work::new(52, 27, 2, 62)),
                        Box::new(Map::new(
                            MapKind::Invert,
                            Box::new(Map::new(MapKind::Invert, action(Work::new(53, 9, 2, 74)))),
                        )),
                        Box::new(Map::new(MapKind::Invert, condition(Check::new(21, 67)))),
                        action(Work::new(54, 22, 4, 83)),
                        condition(Check::new(14, 72)),
                        Box::new(Repeat::new(Some(2), action(Work::new(55, 13, 1, 61)))),
                    ])),
                    Box::new(Repeat::new(
                        Some(2),
                        Box::new(Parallel::new(
                            1,
                            vec![
                                Box::new(Repeat::new(
                                    Some(1),
                                    Box::new(Sequence::new(vec![
                                        Box::new(Repeat::new(
                                            Some(1),
                                            Box::new(Precondition::new(
                                                Box::new(Check::new(2, 60)),
                                                action(Work::new(56, 17, 1, 72)),
                                            )),
                                        )),
                                        Box::new(Map::new(MapKind::Invert, action(Work::new(57, 19, 2, 86)))),
                                    ])),
                                )),
                                Box::new(Map::new(MapKind::ForceFailure, condition(Check::new(15, 55)))),
                            ],
                        )),
                    )),
                    Box::new(Sequence::new(vec![
                        action(Work::new(58, 24, 4, 63)),
                        Box::new(Map::new(
                            MapKind::Invert,
                            Box::new(Repeat::new(Some(1), action(Work::new(59, 24, 4, 77)))),
                        )),
                        Box::new(Precondition::new(
                            Box::new(Check::new(29, 55)),
                            action(Work::new(60, 31, 3, 69)),
                        )),
                        Box::new(Map::new(MapKind::Invert, action(Work::new(61, 11, 1, 83)))),
                    ])),
                    Box::new(Selector::new(vec![
                        Box::new(Sequence::new(vec![
                            action(Work::new(62, 16, 4, 85)),
                            Box::new(Repeat::new(
                                Some(3),
                                Box::new(Map::new(MapKind::ForceSuccess, action(Work::new(63, 20, 2, 82)))),
                            )),
                        ])),
                        Box::new(Selector::new(vec![
                            condition(Check::new(13, 58)),
                            Box::new(Repeat::new(
                                Some(3),
                                Box::new(Repeat::new(
                                    Some(1),
                                    Box::new(Repeat::new(Some(2), action(Work::new(64, 2, 2, 91)))),
                                )),
                            )),
                        ])),
                    ])),
                ])),
            )),
        ])),
    ))
}
