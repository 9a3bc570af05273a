// Written by `tools/gen_tree` (`cargo run -p gen_tree -- synthetic perf/src/synthetic`);
// edit the generator, not this file.
//! Variant (a): the synthetic tree as a `bt` tree.

use super::{Check, SynthWorld, Work};

::bt::bt! {
    /// The synthetic tree.
    pub struct SynthBrain for SynthWorld {
        repeat<
            selector<
                sequence<
                    sequence<
                        selector<
                            Work::new(1, 3, 4, 71),
                            Check::new(11, 61),
                            Check::new(13, 54),
                            Work::new(2, 15, 3, 91),
                            Check::new(3, 36),
                        >,
                        selector<
                            Work::new(3, 31, 1, 77),
                            force_success<
                                Work::new(4, 19, 3, 75),
                            >,
                        >,
                    >,
                    selector<
                        Check::new(5, 34),
                        selector<
                            Work::new(5, 25, 1, 93),
                            repeat(2)<
                                Check::new(28, 41),
                            >,
                            Work::new(6, 5, 3, 72),
                        >,
                        Work::new(7, 26, 3, 69),
                    >,
                    selector<
                        sequence<
                            force_success<
                                repeat(1)<
                                    Check::new(24, 41),
                                >,
                            >,
                            Work::new(8, 1, 1, 65),
                        >,
                        sequence<
                            Check::new(24, 50),
                            Check::new(30, 46),
                            Work::new(9, 17, 4, 85),
                            Check::new(12, 76),
                            Work::new(10, 21, 1, 68),
                        >,
                        precondition(Check::new(31, 24))<
                            force_success<
                                Work::new(11, 21, 4, 75),
                            >,
                        >,
                        repeat(1)<
                            Check::new(4, 24),
                        >,
                    >,
                    sequence<
                        force_success<
                            precondition(Check::new(0, 21))<
                                Work::new(12, 26, 3, 78),
                            >,
                        >,
                        invert<
                            Check::new(3, 37),
                        >,
                        force_failure<
                            Work::new(13, 31, 3, 69),
                        >,
                        Work::new(14, 25, 3, 63),
                        Check::new(18, 61),
                        Work::new(15, 24, 3, 84),
                    >,
                >,
                precondition(Check::new(24, 70))<
                    sequence<
                        sequence<
                            selector<
                                Check::new(14, 67),
                                Work::new(16, 4, 4, 97),
                                Check::new(30, 44),
                                force_success<
                                    Check::new(5, 70),
                                >,
                                Check::new(27, 41),
                                Work::new(17, 22, 2, 86),
                            >,
                            parallel(4)<
                                Work::new(18, 19, 3, 84),
                                Check::new(7, 23),
                                invert<
                                    Work::new(19, 7, 4, 89),
                                >,
                                Work::new(20, 18, 4, 97),
                                Work::new(21, 27, 4, 63),
                            >,
                            sequence<
                                Check::new(28, 58),
                                Work::new(22, 0, 2, 73),
                                Work::new(23, 16, 1, 63),
                                invert<
                                    Check::new(23, 30),
                                >,
                                Check::new(13, 24),
                                Work::new(24, 10, 2, 88),
                            >,
                        >,
                        repeat(3)<
                            invert<
                                precondition(Check::new(17, 72))<
                                    Check::new(5, 48),
                                >,
                            >,
                        >,
                    >,
                >,
                sequence<
                    sequence<
                        repeat(3)<
                            selector<
                                sequence<
                                    Check::new(29, 70),
                                    Check::new(1, 24),
                                    Work::new(25, 11, 4, 87),
                                    Work::new(26, 13, 4, 84),
                                >,
                                sequence<
                                    Work::new(27, 7, 3, 86),
                                    Work::new(28, 30, 1, 92),
                                    Check::new(19, 50),
                                    Work::new(29, 29, 2, 97),
                                >,
                                Work::new(30, 28, 4, 68),
                                selector<
                                    Work::new(31, 9, 4, 66),
                                    Work::new(32, 14, 2, 65),
                                    force_success<
                                        Work::new(33, 28, 3, 93),
                                    >,
                                >,
                            >,
                        >,
                        sequence<
                            Check::new(23, 71),
                            force_success<
                                Work::new(34, 26, 4, 68),
                            >,
                            Work::new(35, 13, 3, 76),
                            invert<
                                Work::new(36, 27, 4, 95),
                            >,
                            force_failure<
                                Work::new(37, 22, 1, 89),
                            >,
                        >,
                    >,
                    selector<
                        Work::new(38, 8, 4, 97),
                        parallel(1)<
                            Check::new(16, 44),
                            repeat(1)<
                                Work::new(39, 30, 3, 85),
                            >,
                        >,
                        sequence<
                            force_success<
                                invert<
                                    invert<
                                        Check::new(24, 27),
                                    >,
                                >,
                            >,
                            selector<
                                Work::new(40, 7, 1, 69),
                                repeat(1)<
                                    Work::new(41, 27, 1, 84),
                                >,
                            >,
                        >,
                        repeat(3)<
                            Check::new(17, 26),
                        >,
                    >,
                >,
                repeat(3)<
                    repeat(2)<
                        sequence<
                            repeat(3)<
                                parallel(1)<
                                    Work::new(42, 9, 3, 91),
                                    Check::new(20, 74),
                                    repeat(2)<
                                        Check::new(28, 34),
                                    >,
                                    Check::new(11, 22),
                                    force_success<
                                        sequence<
                                            Check::new(7, 52),
                                            Work::new(43, 31, 4, 76),
                                            Check::new(11, 60),
                                        >,
                                    >,
                                >,
                            >,
                            selector<
                                selector<
                                    precondition(Check::new(17, 74))<
                                        Check::new(4, 57),
                                    >,
                                    force_failure<
                                        Work::new(44, 4, 3, 86),
                                    >,
                                >,
                                sequence<
                                    repeat(2)<
                                        force_failure<
                                            Check::new(6, 54),
                                        >,
                                    >,
                                    precondition(Check::new(8, 70))<
                                        Work::new(45, 2, 3, 95),
                                    >,
                                >,
                                repeat(2)<
                                    invert<
                                        selector<
                                            Work::new(46, 29, 4, 92),
                                            Check::new(18, 24),
                                            Work::new(47, 28, 2, 89),
                                        >,
                                    >,
                                >,
                            >,
                            selector<
                                force_success<
                                    force_success<
                                        Work::new(48, 3, 4, 85),
                                    >,
                                >,
                                selector<
                                    repeat(1)<
                                        Work::new(49, 20, 2, 63),
                                    >,
                                    invert<
                                        Check::new(4, 56),
                                    >,
                                >,
                                selector<
                                    invert<
                                        Work::new(50, 27, 1, 61),
                                    >,
                                    Check::new(28, 69),
                                >,
                                precondition(Check::new(26, 71))<
                                    selector<
                                        invert<
                                            Work::new(51, 5, 2, 98),
                                        >,
                                        Check::new(19, 20),
                                    >,
                                >,
                            >,
                        >,
                    >,
                >,
                invert<
                    sequence<
                        selector<
                            Work::new(52, 27, 2, 62),
                            invert<
                                invert<
                                    Work::new(53, 9, 2, 74),
                                >,
                            >,
                            invert<
                                Check::new(21, 67),
                            >,
                            Work::new(54, 22, 4, 83),
                            Check::new(14, 72),
                            repeat(2)<
                                Work::new(55, 13, 1, 61),
                            >,
                        >,
                        repeat(2)<
                            parallel(1)<
                                repeat(1)<
                                    sequence<
                                        repeat(1)<
                                            precondition(Check::new(2, 60))<
                                                Work::new(56, 17, 1, 72),
                                            >,
                                        >,
                                        invert<
                                            Work::new(57, 19, 2, 86),
                                        >,
                                    >,
                                >,
                                force_failure<
                                    Check::new(15, 55),
                                >,
                            >,
                        >,
                        sequence<
                            Work::new(58, 24, 4, 63),
                            invert<
                                repeat(1)<
                                    Work::new(59, 24, 4, 77),
                                >,
                            >,
                            precondition(Check::new(29, 55))<
                                Work::new(60, 31, 3, 69),
                            >,
                            invert<
                                Work::new(61, 11, 1, 83),
                            >,
                        >,
                        selector<
                            sequence<
                                Work::new(62, 16, 4, 85),
                                repeat(3)<
                                    force_success<
                                        Work::new(63, 20, 2, 82),
                                    >,
                                >,
                            >,
                            selector<
                                Check::new(13, 58),
                                repeat(3)<
                                    repeat(1)<
                                        repeat(2)<
                                            Work::new(64, 2, 2, 91),
                                        >,
                                    >,
                                >,
                            >,
                        >,
                    >,
                >,
            >,
        >
    }
}
