//! A tree large enough that its tick is cut into functions of their own (a composite whose
//! children hold 256 nodes or more ticks each child of 16 nodes or more through a function of its
//! own): the node ids, the observer's reports and resuming a running child are the same across the
//! cuts as within one function.

use bt::*;

#[derive(Default)]
struct World {
    /// The leaf that answers `Running` the first time it is ticked.
    run_at: Option<u16>,
    /// The leaf that fails.
    fail_at: Option<u16>,
    /// The leaves ticked, in order.
    ticked: Vec<u16>,
}

struct Leaf(u16);

impl Action<World> for Leaf {
    fn execute(&mut self, w: &mut World) -> Status {
        w.ticked.push(self.0);
        if w.run_at == Some(self.0) {
            w.run_at = None;
            Status::Running
        } else if w.fail_at == Some(self.0) {
            Status::Failure
        } else {
            Status::Success
        }
    }
}

#[derive(Default)]
struct Reports(Vec<(NodeId, Status)>);

impl Observer for Reports {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.0.push((node, status));
    }
}

/// 16 sequences of 16 leaves under a sequence: 273 nodes, leaf `k` (0-based, in order) in group
/// `k / 16`, the sequence whose id is `1 + 17 * (k / 16)`.
macro_rules! large {
    () => {
        bt! {
            World =>
            sequence<
        sequence<
            Leaf(0),
            Leaf(1),
            Leaf(2),
            Leaf(3),
            Leaf(4),
            Leaf(5),
            Leaf(6),
            Leaf(7),
            Leaf(8),
            Leaf(9),
            Leaf(10),
            Leaf(11),
            Leaf(12),
            Leaf(13),
            Leaf(14),
            Leaf(15),
        >,
        sequence<
            Leaf(16),
            Leaf(17),
            Leaf(18),
            Leaf(19),
            Leaf(20),
            Leaf(21),
            Leaf(22),
            Leaf(23),
            Leaf(24),
            Leaf(25),
            Leaf(26),
            Leaf(27),
            Leaf(28),
            Leaf(29),
            Leaf(30),
            Leaf(31),
        >,
        sequence<
            Leaf(32),
            Leaf(33),
            Leaf(34),
            Leaf(35),
            Leaf(36),
            Leaf(37),
            Leaf(38),
            Leaf(39),
            Leaf(40),
            Leaf(41),
            Leaf(42),
            Leaf(43),
            Leaf(44),
            Leaf(45),
            Leaf(46),
            Leaf(47),
        >,
        sequence<
            Leaf(48),
            Leaf(49),
            Leaf(50),
            Leaf(51),
            Leaf(52),
            Leaf(53),
            Leaf(54),
            Leaf(55),
            Leaf(56),
            Leaf(57),
            Leaf(58),
            Leaf(59),
            Leaf(60),
            Leaf(61),
            Leaf(62),
            Leaf(63),
        >,
        sequence<
            Leaf(64),
            Leaf(65),
            Leaf(66),
            Leaf(67),
            Leaf(68),
            Leaf(69),
            Leaf(70),
            Leaf(71),
            Leaf(72),
            Leaf(73),
            Leaf(74),
            Leaf(75),
            Leaf(76),
            Leaf(77),
            Leaf(78),
            Leaf(79),
        >,
        sequence<
            Leaf(80),
            Leaf(81),
            Leaf(82),
            Leaf(83),
            Leaf(84),
            Leaf(85),
            Leaf(86),
            Leaf(87),
            Leaf(88),
            Leaf(89),
            Leaf(90),
            Leaf(91),
            Leaf(92),
            Leaf(93),
            Leaf(94),
            Leaf(95),
        >,
        sequence<
            Leaf(96),
            Leaf(97),
            Leaf(98),
            Leaf(99),
            Leaf(100),
            Leaf(101),
            Leaf(102),
            Leaf(103),
            Leaf(104),
            Leaf(105),
            Leaf(106),
            Leaf(107),
            Leaf(108),
            Leaf(109),
            Leaf(110),
            Leaf(111),
        >,
        sequence<
            Leaf(112),
            Leaf(113),
            Leaf(114),
            Leaf(115),
            Leaf(116),
            Leaf(117),
            Leaf(118),
            Leaf(119),
            Leaf(120),
            Leaf(121),
            Leaf(122),
            Leaf(123),
            Leaf(124),
            Leaf(125),
            Leaf(126),
            Leaf(127),
        >,
        sequence<
            Leaf(128),
            Leaf(129),
            Leaf(130),
            Leaf(131),
            Leaf(132),
            Leaf(133),
            Leaf(134),
            Leaf(135),
            Leaf(136),
            Leaf(137),
            Leaf(138),
            Leaf(139),
            Leaf(140),
            Leaf(141),
            Leaf(142),
            Leaf(143),
        >,
        sequence<
            Leaf(144),
            Leaf(145),
            Leaf(146),
            Leaf(147),
            Leaf(148),
            Leaf(149),
            Leaf(150),
            Leaf(151),
            Leaf(152),
            Leaf(153),
            Leaf(154),
            Leaf(155),
            Leaf(156),
            Leaf(157),
            Leaf(158),
            Leaf(159),
        >,
        sequence<
            Leaf(160),
            Leaf(161),
            Leaf(162),
            Leaf(163),
            Leaf(164),
            Leaf(165),
            Leaf(166),
            Leaf(167),
            Leaf(168),
            Leaf(169),
            Leaf(170),
            Leaf(171),
            Leaf(172),
            Leaf(173),
            Leaf(174),
            Leaf(175),
        >,
        sequence<
            Leaf(176),
            Leaf(177),
            Leaf(178),
            Leaf(179),
            Leaf(180),
            Leaf(181),
            Leaf(182),
            Leaf(183),
            Leaf(184),
            Leaf(185),
            Leaf(186),
            Leaf(187),
            Leaf(188),
            Leaf(189),
            Leaf(190),
            Leaf(191),
        >,
        sequence<
            Leaf(192),
            Leaf(193),
            Leaf(194),
            Leaf(195),
            Leaf(196),
            Leaf(197),
            Leaf(198),
            Leaf(199),
            Leaf(200),
            Leaf(201),
            Leaf(202),
            Leaf(203),
            Leaf(204),
            Leaf(205),
            Leaf(206),
            Leaf(207),
        >,
        sequence<
            Leaf(208),
            Leaf(209),
            Leaf(210),
            Leaf(211),
            Leaf(212),
            Leaf(213),
            Leaf(214),
            Leaf(215),
            Leaf(216),
            Leaf(217),
            Leaf(218),
            Leaf(219),
            Leaf(220),
            Leaf(221),
            Leaf(222),
            Leaf(223),
        >,
        sequence<
            Leaf(224),
            Leaf(225),
            Leaf(226),
            Leaf(227),
            Leaf(228),
            Leaf(229),
            Leaf(230),
            Leaf(231),
            Leaf(232),
            Leaf(233),
            Leaf(234),
            Leaf(235),
            Leaf(236),
            Leaf(237),
            Leaf(238),
            Leaf(239),
        >,
        sequence<
            Leaf(240),
            Leaf(241),
            Leaf(242),
            Leaf(243),
            Leaf(244),
            Leaf(245),
            Leaf(246),
            Leaf(247),
            Leaf(248),
            Leaf(249),
            Leaf(250),
            Leaf(251),
            Leaf(252),
            Leaf(253),
            Leaf(254),
            Leaf(255),
        >,
            >
        }
    };
}

fn leaf_id(k: u16) -> NodeId {
    usize::from(2 + 17 * (k / 16) + k % 16)
}

#[test]
fn every_node_reports_with_its_pre_order_id() {
    let mut t = large!();
    let mut w = World::default();
    let mut obs = Reports::default();
    assert_eq!(t.tick_with(&mut w, &mut obs), Status::Success);
    let mut expected = Vec::new();
    for g in 0..16u16 {
        for i in 0..16 {
            expected.push((leaf_id(g * 16 + i), Status::Success));
        }
        expected.push((usize::from(1 + 17 * g), Status::Success));
    }
    expected.push((0, Status::Success));
    assert_eq!(obs.0, expected);
    assert_eq!(w.ticked, (0..256).collect::<Vec<_>>());
}

#[test]
fn a_running_leaf_is_resumed_inside_its_cut_subtree() {
    let mut t = large!();
    let mut w = World { run_at: Some(100), ..World::default() };
    assert_eq!(t.tick(&mut w), Status::Running);
    assert_eq!(w.ticked, (0..=100).collect::<Vec<_>>());
    w.ticked.clear();
    assert_eq!(t.tick(&mut w), Status::Success);
    assert_eq!(w.ticked, (100..256).collect::<Vec<_>>());
}

#[test]
fn a_failing_leaf_stops_the_walk_across_the_cuts() {
    let mut t = large!();
    let mut w = World { fail_at: Some(200), ..World::default() };
    assert_eq!(t.tick(&mut w), Status::Failure);
    assert_eq!(w.ticked, (0..=200).collect::<Vec<_>>());
    w.ticked.clear();
    assert_eq!(t.tick(&mut w), Status::Failure);
    assert_eq!(w.ticked, (0..=200).collect::<Vec<_>>());
}
