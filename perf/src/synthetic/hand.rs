// Written by `tools/gen_tree` (`cargo run -p gen_tree -- synthetic perf/src/synthetic`);
// edit the generator, not this file.
//! Variant (b): the synthetic tree written as plain code — one tick and one halt function per
//! node, with if/match control flow and explicit state (a `u8` per sequence/selector, two
//! bit masks per parallel, flags per repeat, precondition and action). No framework.
#![allow(clippy::all, unused_variables, dead_code)]

use super::{Check, SynthWorld, Work};
use bt::{Action, Condition, Exit, Status};

/// The synthetic tree's state, as hand-written code keeps it.
pub struct HandBrain {
    rr0: bool,
    s1: u8,
    s2: u8,
    s3: u8,
    s4: u8,
    l5: Work,
    a5: bool,
    c6: Check,
    c7: Check,
    l8: Work,
    a8: bool,
    c9: Check,
    s10: u8,
    l11: Work,
    a11: bool,
    l13: Work,
    a13: bool,
    s14: u8,
    c15: Check,
    s16: u8,
    l17: Work,
    a17: bool,
    rr18: bool,
    rd18: u32,
    c19: Check,
    l20: Work,
    a20: bool,
    l21: Work,
    a21: bool,
    s22: u8,
    s23: u8,
    rr25: bool,
    rd25: u32,
    c26: Check,
    l27: Work,
    a27: bool,
    s28: u8,
    c29: Check,
    c30: Check,
    l31: Work,
    a31: bool,
    c32: Check,
    l33: Work,
    a33: bool,
    pc34: Check,
    pp34: bool,
    l36: Work,
    a36: bool,
    rr37: bool,
    rd37: u32,
    c38: Check,
    s39: u8,
    pc41: Check,
    pp41: bool,
    l42: Work,
    a42: bool,
    c44: Check,
    l46: Work,
    a46: bool,
    l47: Work,
    a47: bool,
    c48: Check,
    l49: Work,
    a49: bool,
    pc50: Check,
    pp50: bool,
    s51: u8,
    s52: u8,
    s53: u8,
    c54: Check,
    l55: Work,
    a55: bool,
    c56: Check,
    c58: Check,
    c59: Check,
    l60: Work,
    a60: bool,
    ps61: u16,
    pr61: u16,
    l62: Work,
    a62: bool,
    c63: Check,
    l65: Work,
    a65: bool,
    l66: Work,
    a66: bool,
    l67: Work,
    a67: bool,
    s68: u8,
    c69: Check,
    l70: Work,
    a70: bool,
    l71: Work,
    a71: bool,
    c73: Check,
    c74: Check,
    l75: Work,
    a75: bool,
    rr76: bool,
    rd76: u32,
    pc78: Check,
    pp78: bool,
    c79: Check,
    s80: u8,
    s81: u8,
    rr82: bool,
    rd82: u32,
    s83: u8,
    s84: u8,
    c85: Check,
    c86: Check,
    l87: Work,
    a87: bool,
    l88: Work,
    a88: bool,
    s89: u8,
    l90: Work,
    a90: bool,
    l91: Work,
    a91: bool,
    c92: Check,
    l93: Work,
    a93: bool,
    l94: Work,
    a94: bool,
    s95: u8,
    l96: Work,
    a96: bool,
    l97: Work,
    a97: bool,
    l99: Work,
    a99: bool,
    s100: u8,
    c101: Check,
    l103: Work,
    a103: bool,
    l104: Work,
    a104: bool,
    l106: Work,
    a106: bool,
    l108: Work,
    a108: bool,
    s109: u8,
    l110: Work,
    a110: bool,
    ps111: u16,
    pr111: u16,
    c112: Check,
    rr113: bool,
    rd113: u32,
    l114: Work,
    a114: bool,
    s115: u8,
    c119: Check,
    s120: u8,
    l121: Work,
    a121: bool,
    rr122: bool,
    rd122: u32,
    l123: Work,
    a123: bool,
    rr124: bool,
    rd124: u32,
    c125: Check,
    rr126: bool,
    rd126: u32,
    rr127: bool,
    rd127: u32,
    s128: u8,
    rr129: bool,
    rd129: u32,
    ps130: u16,
    pr130: u16,
    l131: Work,
    a131: bool,
    c132: Check,
    rr133: bool,
    rd133: u32,
    c134: Check,
    c135: Check,
    s137: u8,
    c138: Check,
    l139: Work,
    a139: bool,
    c140: Check,
    s141: u8,
    s142: u8,
    pc143: Check,
    pp143: bool,
    c144: Check,
    l146: Work,
    a146: bool,
    s147: u8,
    rr148: bool,
    rd148: u32,
    c150: Check,
    pc151: Check,
    pp151: bool,
    l152: Work,
    a152: bool,
    rr153: bool,
    rd153: u32,
    s155: u8,
    l156: Work,
    a156: bool,
    c157: Check,
    l158: Work,
    a158: bool,
    s159: u8,
    l162: Work,
    a162: bool,
    s163: u8,
    rr164: bool,
    rd164: u32,
    l165: Work,
    a165: bool,
    c167: Check,
    s168: u8,
    l170: Work,
    a170: bool,
    c171: Check,
    pc172: Check,
    pp172: bool,
    s173: u8,
    l175: Work,
    a175: bool,
    c176: Check,
    s178: u8,
    s179: u8,
    l180: Work,
    a180: bool,
    l183: Work,
    a183: bool,
    c185: Check,
    l186: Work,
    a186: bool,
    c187: Check,
    rr188: bool,
    rd188: u32,
    l189: Work,
    a189: bool,
    rr190: bool,
    rd190: u32,
    ps191: u16,
    pr191: u16,
    rr192: bool,
    rd192: u32,
    s193: u8,
    rr194: bool,
    rd194: u32,
    pc195: Check,
    pp195: bool,
    l196: Work,
    a196: bool,
    l198: Work,
    a198: bool,
    c200: Check,
    s201: u8,
    l202: Work,
    a202: bool,
    rr204: bool,
    rd204: u32,
    l205: Work,
    a205: bool,
    pc206: Check,
    pp206: bool,
    l207: Work,
    a207: bool,
    l209: Work,
    a209: bool,
    s210: u8,
    s211: u8,
    l212: Work,
    a212: bool,
    rr213: bool,
    rd213: u32,
    l215: Work,
    a215: bool,
    s216: u8,
    c217: Check,
    rr218: bool,
    rd218: u32,
    rr219: bool,
    rd219: u32,
    rr220: bool,
    rd220: u32,
    l221: Work,
    a221: bool,
}

impl Default for HandBrain {
    fn default() -> Self {
        Self::new()
    }
}

impl HandBrain {
    /// The brain, idle.
    pub fn new() -> Self {
        HandBrain {
            rr0: false,
            s1: 0,
            s2: 0,
            s3: 0,
            s4: 0,
            l5: Work::new(1, 3, 4, 71),
            a5: false,
            c6: Check::new(11, 61),
            c7: Check::new(13, 54),
            l8: Work::new(2, 15, 3, 91),
            a8: false,
            c9: Check::new(3, 36),
            s10: 0,
            l11: Work::new(3, 31, 1, 77),
            a11: false,
            l13: Work::new(4, 19, 3, 75),
            a13: false,
            s14: 0,
            c15: Check::new(5, 34),
            s16: 0,
            l17: Work::new(5, 25, 1, 93),
            a17: false,
            rr18: false,
            rd18: 0,
            c19: Check::new(28, 41),
            l20: Work::new(6, 5, 3, 72),
            a20: false,
            l21: Work::new(7, 26, 3, 69),
            a21: false,
            s22: 0,
            s23: 0,
            rr25: false,
            rd25: 0,
            c26: Check::new(24, 41),
            l27: Work::new(8, 1, 1, 65),
            a27: false,
            s28: 0,
            c29: Check::new(24, 50),
            c30: Check::new(30, 46),
            l31: Work::new(9, 17, 4, 85),
            a31: false,
            c32: Check::new(12, 76),
            l33: Work::new(10, 21, 1, 68),
            a33: false,
            pc34: Check::new(31, 24),
            pp34: false,
            l36: Work::new(11, 21, 4, 75),
            a36: false,
            rr37: false,
            rd37: 0,
            c38: Check::new(4, 24),
            s39: 0,
            pc41: Check::new(0, 21),
            pp41: false,
            l42: Work::new(12, 26, 3, 78),
            a42: false,
            c44: Check::new(3, 37),
            l46: Work::new(13, 31, 3, 69),
            a46: false,
            l47: Work::new(14, 25, 3, 63),
            a47: false,
            c48: Check::new(18, 61),
            l49: Work::new(15, 24, 3, 84),
            a49: false,
            pc50: Check::new(24, 70),
            pp50: false,
            s51: 0,
            s52: 0,
            s53: 0,
            c54: Check::new(14, 67),
            l55: Work::new(16, 4, 4, 97),
            a55: false,
            c56: Check::new(30, 44),
            c58: Check::new(5, 70),
            c59: Check::new(27, 41),
            l60: Work::new(17, 22, 2, 86),
            a60: false,
            ps61: 0,
            pr61: 0,
            l62: Work::new(18, 19, 3, 84),
            a62: false,
            c63: Check::new(7, 23),
            l65: Work::new(19, 7, 4, 89),
            a65: false,
            l66: Work::new(20, 18, 4, 97),
            a66: false,
            l67: Work::new(21, 27, 4, 63),
            a67: false,
            s68: 0,
            c69: Check::new(28, 58),
            l70: Work::new(22, 0, 2, 73),
            a70: false,
            l71: Work::new(23, 16, 1, 63),
            a71: false,
            c73: Check::new(23, 30),
            c74: Check::new(13, 24),
            l75: Work::new(24, 10, 2, 88),
            a75: false,
            rr76: false,
            rd76: 0,
            pc78: Check::new(17, 72),
            pp78: false,
            c79: Check::new(5, 48),
            s80: 0,
            s81: 0,
            rr82: false,
            rd82: 0,
            s83: 0,
            s84: 0,
            c85: Check::new(29, 70),
            c86: Check::new(1, 24),
            l87: Work::new(25, 11, 4, 87),
            a87: false,
            l88: Work::new(26, 13, 4, 84),
            a88: false,
            s89: 0,
            l90: Work::new(27, 7, 3, 86),
            a90: false,
            l91: Work::new(28, 30, 1, 92),
            a91: false,
            c92: Check::new(19, 50),
            l93: Work::new(29, 29, 2, 97),
            a93: false,
            l94: Work::new(30, 28, 4, 68),
            a94: false,
            s95: 0,
            l96: Work::new(31, 9, 4, 66),
            a96: false,
            l97: Work::new(32, 14, 2, 65),
            a97: false,
            l99: Work::new(33, 28, 3, 93),
            a99: false,
            s100: 0,
            c101: Check::new(23, 71),
            l103: Work::new(34, 26, 4, 68),
            a103: false,
            l104: Work::new(35, 13, 3, 76),
            a104: false,
            l106: Work::new(36, 27, 4, 95),
            a106: false,
            l108: Work::new(37, 22, 1, 89),
            a108: false,
            s109: 0,
            l110: Work::new(38, 8, 4, 97),
            a110: false,
            ps111: 0,
            pr111: 0,
            c112: Check::new(16, 44),
            rr113: false,
            rd113: 0,
            l114: Work::new(39, 30, 3, 85),
            a114: false,
            s115: 0,
            c119: Check::new(24, 27),
            s120: 0,
            l121: Work::new(40, 7, 1, 69),
            a121: false,
            rr122: false,
            rd122: 0,
            l123: Work::new(41, 27, 1, 84),
            a123: false,
            rr124: false,
            rd124: 0,
            c125: Check::new(17, 26),
            rr126: false,
            rd126: 0,
            rr127: false,
            rd127: 0,
            s128: 0,
            rr129: false,
            rd129: 0,
            ps130: 0,
            pr130: 0,
            l131: Work::new(42, 9, 3, 91),
            a131: false,
            c132: Check::new(20, 74),
            rr133: false,
            rd133: 0,
            c134: Check::new(28, 34),
            c135: Check::new(11, 22),
            s137: 0,
            c138: Check::new(7, 52),
            l139: Work::new(43, 31, 4, 76),
            a139: false,
            c140: Check::new(11, 60),
            s141: 0,
            s142: 0,
            pc143: Check::new(17, 74),
            pp143: false,
            c144: Check::new(4, 57),
            l146: Work::new(44, 4, 3, 86),
            a146: false,
            s147: 0,
            rr148: false,
            rd148: 0,
            c150: Check::new(6, 54),
            pc151: Check::new(8, 70),
            pp151: false,
            l152: Work::new(45, 2, 3, 95),
            a152: false,
            rr153: false,
            rd153: 0,
            s155: 0,
            l156: Work::new(46, 29, 4, 92),
            a156: false,
            c157: Check::new(18, 24),
            l158: Work::new(47, 28, 2, 89),
            a158: false,
            s159: 0,
            l162: Work::new(48, 3, 4, 85),
            a162: false,
            s163: 0,
            rr164: false,
            rd164: 0,
            l165: Work::new(49, 20, 2, 63),
            a165: false,
            c167: Check::new(4, 56),
            s168: 0,
            l170: Work::new(50, 27, 1, 61),
            a170: false,
            c171: Check::new(28, 69),
            pc172: Check::new(26, 71),
            pp172: false,
            s173: 0,
            l175: Work::new(51, 5, 2, 98),
            a175: false,
            c176: Check::new(19, 20),
            s178: 0,
            s179: 0,
            l180: Work::new(52, 27, 2, 62),
            a180: false,
            l183: Work::new(53, 9, 2, 74),
            a183: false,
            c185: Check::new(21, 67),
            l186: Work::new(54, 22, 4, 83),
            a186: false,
            c187: Check::new(14, 72),
            rr188: false,
            rd188: 0,
            l189: Work::new(55, 13, 1, 61),
            a189: false,
            rr190: false,
            rd190: 0,
            ps191: 0,
            pr191: 0,
            rr192: false,
            rd192: 0,
            s193: 0,
            rr194: false,
            rd194: 0,
            pc195: Check::new(2, 60),
            pp195: false,
            l196: Work::new(56, 17, 1, 72),
            a196: false,
            l198: Work::new(57, 19, 2, 86),
            a198: false,
            c200: Check::new(15, 55),
            s201: 0,
            l202: Work::new(58, 24, 4, 63),
            a202: false,
            rr204: false,
            rd204: 0,
            l205: Work::new(59, 24, 4, 77),
            a205: false,
            pc206: Check::new(29, 55),
            pp206: false,
            l207: Work::new(60, 31, 3, 69),
            a207: false,
            l209: Work::new(61, 11, 1, 83),
            a209: false,
            s210: 0,
            s211: 0,
            l212: Work::new(62, 16, 4, 85),
            a212: false,
            rr213: false,
            rd213: 0,
            l215: Work::new(63, 20, 2, 82),
            a215: false,
            s216: 0,
            c217: Check::new(13, 58),
            rr218: false,
            rd218: 0,
            rr219: false,
            rd219: 0,
            rr220: false,
            rd220: 0,
            l221: Work::new(64, 2, 2, 91),
            a221: false,
        }
    }

    /// One tick of the whole tree.
    #[inline]
    pub fn tick(&mut self, w: &mut SynthWorld) -> Status {
        self.t0(w)
    }

    #[inline]
    fn t0(&mut self, w: &mut SynthWorld) -> Status {
        match self.t1(w) {
            Status::Running => {
                self.rr0 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr0 = false;
                Status::Failure
            }
            Status::Success => {
                self.rr0 = false;
                Status::Running
            }
        }
    }

    #[inline]
    fn h0(&mut self, w: &mut SynthWorld) {
        if self.rr0 {
            self.rr0 = false;
            self.h1(w);
        }
    }

    #[inline]
    fn t1(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s1;
        if at == 0 {
            match self.t2(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s1 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s1 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t50(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s1 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s1 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t80(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s1 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s1 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 3 {
            match self.t126(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s1 = 3;
                    return Status::Running;
                }
                Status::Success => {
                    self.s1 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 4 {
            match self.t177(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s1 = 4;
                    return Status::Running;
                }
                Status::Success => {
                    self.s1 = 0;
                    return Status::Success;
                }
            }
        }
        self.s1 = 0;
        Status::Failure
    }

    #[inline]
    fn h1(&mut self, w: &mut SynthWorld) {
        match self.s1 {
            0 => self.h2(w),
            1 => self.h50(w),
            2 => self.h80(w),
            3 => self.h126(w),
            4 => self.h177(w),
            _ => {}
        }
        self.s1 = 0;
    }

    #[inline]
    fn t2(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s2;
        if at == 0 {
            match self.t3(w) {
                Status::Success => {}
                Status::Running => {
                    self.s2 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s2 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t14(w) {
                Status::Success => {}
                Status::Running => {
                    self.s2 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s2 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t22(w) {
                Status::Success => {}
                Status::Running => {
                    self.s2 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s2 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 3 {
            match self.t39(w) {
                Status::Success => {}
                Status::Running => {
                    self.s2 = 3;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s2 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s2 = 0;
        Status::Success
    }

    #[inline]
    fn h2(&mut self, w: &mut SynthWorld) {
        match self.s2 {
            0 => self.h3(w),
            1 => self.h14(w),
            2 => self.h22(w),
            3 => self.h39(w),
            _ => {}
        }
        self.s2 = 0;
    }

    #[inline]
    fn t3(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s3;
        if at == 0 {
            match self.t4(w) {
                Status::Success => {}
                Status::Running => {
                    self.s3 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s3 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t10(w) {
                Status::Success => {}
                Status::Running => {
                    self.s3 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s3 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s3 = 0;
        Status::Success
    }

    #[inline]
    fn h3(&mut self, w: &mut SynthWorld) {
        match self.s3 {
            0 => self.h4(w),
            1 => self.h10(w),
            _ => {}
        }
        self.s3 = 0;
    }

    #[inline]
    fn t4(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s4;
        if at == 0 {
            match self.t5(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s4 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s4 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t6(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s4 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s4 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t7(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s4 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s4 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 3 {
            match self.t8(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s4 = 3;
                    return Status::Running;
                }
                Status::Success => {
                    self.s4 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 4 {
            match self.t9(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s4 = 4;
                    return Status::Running;
                }
                Status::Success => {
                    self.s4 = 0;
                    return Status::Success;
                }
            }
        }
        self.s4 = 0;
        Status::Failure
    }

    #[inline]
    fn h4(&mut self, w: &mut SynthWorld) {
        match self.s4 {
            0 => self.h5(w),
            1 => self.h6(w),
            2 => self.h7(w),
            3 => self.h8(w),
            4 => self.h9(w),
            _ => {}
        }
        self.s4 = 0;
    }

    #[inline]
    fn t5(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l5.condition(w) {
            if self.a5 {
                self.a5 = false;
                self.l5.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a5 {
            self.a5 = true;
            self.l5.enter(w);
        }
        let status = self.l5.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a5 = false;
                self.l5.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a5 = false;
                self.l5.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h5(&mut self, w: &mut SynthWorld) {
        if self.a5 {
            self.a5 = false;
            self.l5.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t6(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c6.check(w))
    }

    #[inline]
    fn h6(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t7(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c7.check(w))
    }

    #[inline]
    fn h7(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t8(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l8.condition(w) {
            if self.a8 {
                self.a8 = false;
                self.l8.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a8 {
            self.a8 = true;
            self.l8.enter(w);
        }
        let status = self.l8.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a8 = false;
                self.l8.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a8 = false;
                self.l8.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h8(&mut self, w: &mut SynthWorld) {
        if self.a8 {
            self.a8 = false;
            self.l8.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t9(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c9.check(w))
    }

    #[inline]
    fn h9(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t10(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s10;
        if at == 0 {
            match self.t11(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s10 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s10 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t12(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s10 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s10 = 0;
                    return Status::Success;
                }
            }
        }
        self.s10 = 0;
        Status::Failure
    }

    #[inline]
    fn h10(&mut self, w: &mut SynthWorld) {
        match self.s10 {
            0 => self.h11(w),
            1 => self.h12(w),
            _ => {}
        }
        self.s10 = 0;
    }

    #[inline]
    fn t11(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l11.condition(w) {
            if self.a11 {
                self.a11 = false;
                self.l11.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a11 {
            self.a11 = true;
            self.l11.enter(w);
        }
        let status = self.l11.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a11 = false;
                self.l11.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a11 = false;
                self.l11.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h11(&mut self, w: &mut SynthWorld) {
        if self.a11 {
            self.a11 = false;
            self.l11.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t12(&mut self, w: &mut SynthWorld) -> Status {
        match self.t13(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h12(&mut self, w: &mut SynthWorld) {
        self.h13(w);
    }

    #[inline]
    fn t13(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l13.condition(w) {
            if self.a13 {
                self.a13 = false;
                self.l13.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a13 {
            self.a13 = true;
            self.l13.enter(w);
        }
        let status = self.l13.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a13 = false;
                self.l13.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a13 = false;
                self.l13.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h13(&mut self, w: &mut SynthWorld) {
        if self.a13 {
            self.a13 = false;
            self.l13.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t14(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s14;
        if at == 0 {
            match self.t15(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s14 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s14 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t16(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s14 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s14 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t21(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s14 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s14 = 0;
                    return Status::Success;
                }
            }
        }
        self.s14 = 0;
        Status::Failure
    }

    #[inline]
    fn h14(&mut self, w: &mut SynthWorld) {
        match self.s14 {
            0 => self.h15(w),
            1 => self.h16(w),
            2 => self.h21(w),
            _ => {}
        }
        self.s14 = 0;
    }

    #[inline]
    fn t15(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c15.check(w))
    }

    #[inline]
    fn h15(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t16(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s16;
        if at == 0 {
            match self.t17(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s16 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s16 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t18(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s16 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s16 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t20(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s16 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s16 = 0;
                    return Status::Success;
                }
            }
        }
        self.s16 = 0;
        Status::Failure
    }

    #[inline]
    fn h16(&mut self, w: &mut SynthWorld) {
        match self.s16 {
            0 => self.h17(w),
            1 => self.h18(w),
            2 => self.h20(w),
            _ => {}
        }
        self.s16 = 0;
    }

    #[inline]
    fn t17(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l17.condition(w) {
            if self.a17 {
                self.a17 = false;
                self.l17.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a17 {
            self.a17 = true;
            self.l17.enter(w);
        }
        let status = self.l17.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a17 = false;
                self.l17.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a17 = false;
                self.l17.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h17(&mut self, w: &mut SynthWorld) {
        if self.a17 {
            self.a17 = false;
            self.l17.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t18(&mut self, w: &mut SynthWorld) -> Status {
        match self.t19(w) {
            Status::Running => {
                self.rr18 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr18 = false;
                self.rd18 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr18 = false;
                self.rd18 += 1;
                if self.rd18 >= 2 {
                    self.rd18 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h18(&mut self, w: &mut SynthWorld) {
        if self.rr18 {
            self.rr18 = false;
            self.h19(w);
        }
        self.rd18 = 0;
    }

    #[inline]
    fn t19(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c19.check(w))
    }

    #[inline]
    fn h19(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t20(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l20.condition(w) {
            if self.a20 {
                self.a20 = false;
                self.l20.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a20 {
            self.a20 = true;
            self.l20.enter(w);
        }
        let status = self.l20.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a20 = false;
                self.l20.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a20 = false;
                self.l20.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h20(&mut self, w: &mut SynthWorld) {
        if self.a20 {
            self.a20 = false;
            self.l20.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t21(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l21.condition(w) {
            if self.a21 {
                self.a21 = false;
                self.l21.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a21 {
            self.a21 = true;
            self.l21.enter(w);
        }
        let status = self.l21.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a21 = false;
                self.l21.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a21 = false;
                self.l21.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h21(&mut self, w: &mut SynthWorld) {
        if self.a21 {
            self.a21 = false;
            self.l21.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t22(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s22;
        if at == 0 {
            match self.t23(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s22 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s22 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t28(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s22 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s22 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t34(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s22 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s22 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 3 {
            match self.t37(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s22 = 3;
                    return Status::Running;
                }
                Status::Success => {
                    self.s22 = 0;
                    return Status::Success;
                }
            }
        }
        self.s22 = 0;
        Status::Failure
    }

    #[inline]
    fn h22(&mut self, w: &mut SynthWorld) {
        match self.s22 {
            0 => self.h23(w),
            1 => self.h28(w),
            2 => self.h34(w),
            3 => self.h37(w),
            _ => {}
        }
        self.s22 = 0;
    }

    #[inline]
    fn t23(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s23;
        if at == 0 {
            match self.t24(w) {
                Status::Success => {}
                Status::Running => {
                    self.s23 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s23 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t27(w) {
                Status::Success => {}
                Status::Running => {
                    self.s23 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s23 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s23 = 0;
        Status::Success
    }

    #[inline]
    fn h23(&mut self, w: &mut SynthWorld) {
        match self.s23 {
            0 => self.h24(w),
            1 => self.h27(w),
            _ => {}
        }
        self.s23 = 0;
    }

    #[inline]
    fn t24(&mut self, w: &mut SynthWorld) -> Status {
        match self.t25(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h24(&mut self, w: &mut SynthWorld) {
        self.h25(w);
    }

    #[inline]
    fn t25(&mut self, w: &mut SynthWorld) -> Status {
        match self.t26(w) {
            Status::Running => {
                self.rr25 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr25 = false;
                self.rd25 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr25 = false;
                self.rd25 += 1;
                if self.rd25 >= 1 {
                    self.rd25 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h25(&mut self, w: &mut SynthWorld) {
        if self.rr25 {
            self.rr25 = false;
            self.h26(w);
        }
        self.rd25 = 0;
    }

    #[inline]
    fn t26(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c26.check(w))
    }

    #[inline]
    fn h26(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t27(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l27.condition(w) {
            if self.a27 {
                self.a27 = false;
                self.l27.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a27 {
            self.a27 = true;
            self.l27.enter(w);
        }
        let status = self.l27.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a27 = false;
                self.l27.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a27 = false;
                self.l27.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h27(&mut self, w: &mut SynthWorld) {
        if self.a27 {
            self.a27 = false;
            self.l27.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t28(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s28;
        if at == 0 {
            match self.t29(w) {
                Status::Success => {}
                Status::Running => {
                    self.s28 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s28 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t30(w) {
                Status::Success => {}
                Status::Running => {
                    self.s28 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s28 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t31(w) {
                Status::Success => {}
                Status::Running => {
                    self.s28 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s28 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 3 {
            match self.t32(w) {
                Status::Success => {}
                Status::Running => {
                    self.s28 = 3;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s28 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 4 {
            match self.t33(w) {
                Status::Success => {}
                Status::Running => {
                    self.s28 = 4;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s28 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s28 = 0;
        Status::Success
    }

    #[inline]
    fn h28(&mut self, w: &mut SynthWorld) {
        match self.s28 {
            0 => self.h29(w),
            1 => self.h30(w),
            2 => self.h31(w),
            3 => self.h32(w),
            4 => self.h33(w),
            _ => {}
        }
        self.s28 = 0;
    }

    #[inline]
    fn t29(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c29.check(w))
    }

    #[inline]
    fn h29(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t30(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c30.check(w))
    }

    #[inline]
    fn h30(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t31(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l31.condition(w) {
            if self.a31 {
                self.a31 = false;
                self.l31.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a31 {
            self.a31 = true;
            self.l31.enter(w);
        }
        let status = self.l31.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a31 = false;
                self.l31.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a31 = false;
                self.l31.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h31(&mut self, w: &mut SynthWorld) {
        if self.a31 {
            self.a31 = false;
            self.l31.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t32(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c32.check(w))
    }

    #[inline]
    fn h32(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t33(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l33.condition(w) {
            if self.a33 {
                self.a33 = false;
                self.l33.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a33 {
            self.a33 = true;
            self.l33.enter(w);
        }
        let status = self.l33.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a33 = false;
                self.l33.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a33 = false;
                self.l33.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h33(&mut self, w: &mut SynthWorld) {
        if self.a33 {
            self.a33 = false;
            self.l33.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t34(&mut self, w: &mut SynthWorld) -> Status {
        if !self.pp34 && !self.pc34.check(w) {
            return Status::Failure;
        }
        let status = self.t35(w);
        self.pp34 = status == Status::Running;
        status
    }

    #[inline]
    fn h34(&mut self, w: &mut SynthWorld) {
        if self.pp34 {
            self.pp34 = false;
            self.h35(w);
        }
    }

    #[inline]
    fn t35(&mut self, w: &mut SynthWorld) -> Status {
        match self.t36(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h35(&mut self, w: &mut SynthWorld) {
        self.h36(w);
    }

    #[inline]
    fn t36(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l36.condition(w) {
            if self.a36 {
                self.a36 = false;
                self.l36.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a36 {
            self.a36 = true;
            self.l36.enter(w);
        }
        let status = self.l36.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a36 = false;
                self.l36.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a36 = false;
                self.l36.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h36(&mut self, w: &mut SynthWorld) {
        if self.a36 {
            self.a36 = false;
            self.l36.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t37(&mut self, w: &mut SynthWorld) -> Status {
        match self.t38(w) {
            Status::Running => {
                self.rr37 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr37 = false;
                self.rd37 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr37 = false;
                self.rd37 += 1;
                if self.rd37 >= 1 {
                    self.rd37 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h37(&mut self, w: &mut SynthWorld) {
        if self.rr37 {
            self.rr37 = false;
            self.h38(w);
        }
        self.rd37 = 0;
    }

    #[inline]
    fn t38(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c38.check(w))
    }

    #[inline]
    fn h38(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t39(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s39;
        if at == 0 {
            match self.t40(w) {
                Status::Success => {}
                Status::Running => {
                    self.s39 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s39 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t43(w) {
                Status::Success => {}
                Status::Running => {
                    self.s39 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s39 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t45(w) {
                Status::Success => {}
                Status::Running => {
                    self.s39 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s39 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 3 {
            match self.t47(w) {
                Status::Success => {}
                Status::Running => {
                    self.s39 = 3;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s39 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 4 {
            match self.t48(w) {
                Status::Success => {}
                Status::Running => {
                    self.s39 = 4;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s39 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 5 {
            match self.t49(w) {
                Status::Success => {}
                Status::Running => {
                    self.s39 = 5;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s39 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s39 = 0;
        Status::Success
    }

    #[inline]
    fn h39(&mut self, w: &mut SynthWorld) {
        match self.s39 {
            0 => self.h40(w),
            1 => self.h43(w),
            2 => self.h45(w),
            3 => self.h47(w),
            4 => self.h48(w),
            5 => self.h49(w),
            _ => {}
        }
        self.s39 = 0;
    }

    #[inline]
    fn t40(&mut self, w: &mut SynthWorld) -> Status {
        match self.t41(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h40(&mut self, w: &mut SynthWorld) {
        self.h41(w);
    }

    #[inline]
    fn t41(&mut self, w: &mut SynthWorld) -> Status {
        if !self.pp41 && !self.pc41.check(w) {
            return Status::Failure;
        }
        let status = self.t42(w);
        self.pp41 = status == Status::Running;
        status
    }

    #[inline]
    fn h41(&mut self, w: &mut SynthWorld) {
        if self.pp41 {
            self.pp41 = false;
            self.h42(w);
        }
    }

    #[inline]
    fn t42(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l42.condition(w) {
            if self.a42 {
                self.a42 = false;
                self.l42.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a42 {
            self.a42 = true;
            self.l42.enter(w);
        }
        let status = self.l42.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a42 = false;
                self.l42.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a42 = false;
                self.l42.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h42(&mut self, w: &mut SynthWorld) {
        if self.a42 {
            self.a42 = false;
            self.l42.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t43(&mut self, w: &mut SynthWorld) -> Status {
        match self.t44(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h43(&mut self, w: &mut SynthWorld) {
        self.h44(w);
    }

    #[inline]
    fn t44(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c44.check(w))
    }

    #[inline]
    fn h44(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t45(&mut self, w: &mut SynthWorld) -> Status {
        match self.t46(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Failure,
        }
    }

    #[inline]
    fn h45(&mut self, w: &mut SynthWorld) {
        self.h46(w);
    }

    #[inline]
    fn t46(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l46.condition(w) {
            if self.a46 {
                self.a46 = false;
                self.l46.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a46 {
            self.a46 = true;
            self.l46.enter(w);
        }
        let status = self.l46.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a46 = false;
                self.l46.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a46 = false;
                self.l46.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h46(&mut self, w: &mut SynthWorld) {
        if self.a46 {
            self.a46 = false;
            self.l46.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t47(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l47.condition(w) {
            if self.a47 {
                self.a47 = false;
                self.l47.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a47 {
            self.a47 = true;
            self.l47.enter(w);
        }
        let status = self.l47.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a47 = false;
                self.l47.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a47 = false;
                self.l47.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h47(&mut self, w: &mut SynthWorld) {
        if self.a47 {
            self.a47 = false;
            self.l47.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t48(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c48.check(w))
    }

    #[inline]
    fn h48(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t49(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l49.condition(w) {
            if self.a49 {
                self.a49 = false;
                self.l49.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a49 {
            self.a49 = true;
            self.l49.enter(w);
        }
        let status = self.l49.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a49 = false;
                self.l49.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a49 = false;
                self.l49.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h49(&mut self, w: &mut SynthWorld) {
        if self.a49 {
            self.a49 = false;
            self.l49.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t50(&mut self, w: &mut SynthWorld) -> Status {
        if !self.pp50 && !self.pc50.check(w) {
            return Status::Failure;
        }
        let status = self.t51(w);
        self.pp50 = status == Status::Running;
        status
    }

    #[inline]
    fn h50(&mut self, w: &mut SynthWorld) {
        if self.pp50 {
            self.pp50 = false;
            self.h51(w);
        }
    }

    #[inline]
    fn t51(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s51;
        if at == 0 {
            match self.t52(w) {
                Status::Success => {}
                Status::Running => {
                    self.s51 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s51 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t76(w) {
                Status::Success => {}
                Status::Running => {
                    self.s51 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s51 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s51 = 0;
        Status::Success
    }

    #[inline]
    fn h51(&mut self, w: &mut SynthWorld) {
        match self.s51 {
            0 => self.h52(w),
            1 => self.h76(w),
            _ => {}
        }
        self.s51 = 0;
    }

    #[inline]
    fn t52(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s52;
        if at == 0 {
            match self.t53(w) {
                Status::Success => {}
                Status::Running => {
                    self.s52 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s52 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t61(w) {
                Status::Success => {}
                Status::Running => {
                    self.s52 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s52 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t68(w) {
                Status::Success => {}
                Status::Running => {
                    self.s52 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s52 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s52 = 0;
        Status::Success
    }

    #[inline]
    fn h52(&mut self, w: &mut SynthWorld) {
        match self.s52 {
            0 => self.h53(w),
            1 => self.h61(w),
            2 => self.h68(w),
            _ => {}
        }
        self.s52 = 0;
    }

    #[inline]
    fn t53(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s53;
        if at == 0 {
            match self.t54(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s53 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s53 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t55(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s53 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s53 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t56(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s53 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s53 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 3 {
            match self.t57(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s53 = 3;
                    return Status::Running;
                }
                Status::Success => {
                    self.s53 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 4 {
            match self.t59(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s53 = 4;
                    return Status::Running;
                }
                Status::Success => {
                    self.s53 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 5 {
            match self.t60(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s53 = 5;
                    return Status::Running;
                }
                Status::Success => {
                    self.s53 = 0;
                    return Status::Success;
                }
            }
        }
        self.s53 = 0;
        Status::Failure
    }

    #[inline]
    fn h53(&mut self, w: &mut SynthWorld) {
        match self.s53 {
            0 => self.h54(w),
            1 => self.h55(w),
            2 => self.h56(w),
            3 => self.h57(w),
            4 => self.h59(w),
            5 => self.h60(w),
            _ => {}
        }
        self.s53 = 0;
    }

    #[inline]
    fn t54(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c54.check(w))
    }

    #[inline]
    fn h54(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t55(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l55.condition(w) {
            if self.a55 {
                self.a55 = false;
                self.l55.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a55 {
            self.a55 = true;
            self.l55.enter(w);
        }
        let status = self.l55.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a55 = false;
                self.l55.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a55 = false;
                self.l55.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h55(&mut self, w: &mut SynthWorld) {
        if self.a55 {
            self.a55 = false;
            self.l55.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t56(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c56.check(w))
    }

    #[inline]
    fn h56(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t57(&mut self, w: &mut SynthWorld) -> Status {
        match self.t58(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h57(&mut self, w: &mut SynthWorld) {
        self.h58(w);
    }

    #[inline]
    fn t58(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c58.check(w))
    }

    #[inline]
    fn h58(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t59(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c59.check(w))
    }

    #[inline]
    fn h59(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t60(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l60.condition(w) {
            if self.a60 {
                self.a60 = false;
                self.l60.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a60 {
            self.a60 = true;
            self.l60.enter(w);
        }
        let status = self.l60.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a60 = false;
                self.l60.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a60 = false;
                self.l60.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h60(&mut self, w: &mut SynthWorld) {
        if self.a60 {
            self.a60 = false;
            self.l60.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn f61(&mut self, w: &mut SynthWorld) {
        if self.pr61 & 1 != 0 {
            self.h62(w);
        }
        if self.pr61 & 2 != 0 {
            self.h63(w);
        }
        if self.pr61 & 4 != 0 {
            self.h64(w);
        }
        if self.pr61 & 8 != 0 {
            self.h66(w);
        }
        if self.pr61 & 16 != 0 {
            self.h67(w);
        }
        self.pr61 = 0;
        self.ps61 = 0;
    }

    #[inline]
    fn t61(&mut self, w: &mut SynthWorld) -> Status {
        let mut failures = 0u32;
        let _ = &mut failures;
        if self.ps61 & 1 == 0 {
            match self.t62(w) {
                Status::Success => {
                    self.ps61 |= 1;
                    self.pr61 &= !1;
                    if self.ps61.count_ones() >= 4 {
                        self.f61(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr61 &= !1;
                    failures += 1;
                    if failures > 1 {
                        self.f61(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr61 |= 1,
            }
        }
        if self.ps61 & 2 == 0 {
            match self.t63(w) {
                Status::Success => {
                    self.ps61 |= 2;
                    self.pr61 &= !2;
                    if self.ps61.count_ones() >= 4 {
                        self.f61(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr61 &= !2;
                    failures += 1;
                    if failures > 1 {
                        self.f61(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr61 |= 2,
            }
        }
        if self.ps61 & 4 == 0 {
            match self.t64(w) {
                Status::Success => {
                    self.ps61 |= 4;
                    self.pr61 &= !4;
                    if self.ps61.count_ones() >= 4 {
                        self.f61(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr61 &= !4;
                    failures += 1;
                    if failures > 1 {
                        self.f61(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr61 |= 4,
            }
        }
        if self.ps61 & 8 == 0 {
            match self.t66(w) {
                Status::Success => {
                    self.ps61 |= 8;
                    self.pr61 &= !8;
                    if self.ps61.count_ones() >= 4 {
                        self.f61(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr61 &= !8;
                    failures += 1;
                    if failures > 1 {
                        self.f61(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr61 |= 8,
            }
        }
        if self.ps61 & 16 == 0 {
            match self.t67(w) {
                Status::Success => {
                    self.ps61 |= 16;
                    self.pr61 &= !16;
                    if self.ps61.count_ones() >= 4 {
                        self.f61(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr61 &= !16;
                    failures += 1;
                    if failures > 1 {
                        self.f61(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr61 |= 16,
            }
        }
        Status::Running
    }

    #[inline]
    fn h61(&mut self, w: &mut SynthWorld) {
        self.f61(w);
    }

    #[inline]
    fn t62(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l62.condition(w) {
            if self.a62 {
                self.a62 = false;
                self.l62.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a62 {
            self.a62 = true;
            self.l62.enter(w);
        }
        let status = self.l62.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a62 = false;
                self.l62.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a62 = false;
                self.l62.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h62(&mut self, w: &mut SynthWorld) {
        if self.a62 {
            self.a62 = false;
            self.l62.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t63(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c63.check(w))
    }

    #[inline]
    fn h63(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t64(&mut self, w: &mut SynthWorld) -> Status {
        match self.t65(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h64(&mut self, w: &mut SynthWorld) {
        self.h65(w);
    }

    #[inline]
    fn t65(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l65.condition(w) {
            if self.a65 {
                self.a65 = false;
                self.l65.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a65 {
            self.a65 = true;
            self.l65.enter(w);
        }
        let status = self.l65.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a65 = false;
                self.l65.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a65 = false;
                self.l65.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h65(&mut self, w: &mut SynthWorld) {
        if self.a65 {
            self.a65 = false;
            self.l65.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t66(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l66.condition(w) {
            if self.a66 {
                self.a66 = false;
                self.l66.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a66 {
            self.a66 = true;
            self.l66.enter(w);
        }
        let status = self.l66.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a66 = false;
                self.l66.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a66 = false;
                self.l66.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h66(&mut self, w: &mut SynthWorld) {
        if self.a66 {
            self.a66 = false;
            self.l66.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t67(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l67.condition(w) {
            if self.a67 {
                self.a67 = false;
                self.l67.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a67 {
            self.a67 = true;
            self.l67.enter(w);
        }
        let status = self.l67.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a67 = false;
                self.l67.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a67 = false;
                self.l67.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h67(&mut self, w: &mut SynthWorld) {
        if self.a67 {
            self.a67 = false;
            self.l67.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t68(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s68;
        if at == 0 {
            match self.t69(w) {
                Status::Success => {}
                Status::Running => {
                    self.s68 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s68 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t70(w) {
                Status::Success => {}
                Status::Running => {
                    self.s68 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s68 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t71(w) {
                Status::Success => {}
                Status::Running => {
                    self.s68 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s68 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 3 {
            match self.t72(w) {
                Status::Success => {}
                Status::Running => {
                    self.s68 = 3;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s68 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 4 {
            match self.t74(w) {
                Status::Success => {}
                Status::Running => {
                    self.s68 = 4;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s68 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 5 {
            match self.t75(w) {
                Status::Success => {}
                Status::Running => {
                    self.s68 = 5;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s68 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s68 = 0;
        Status::Success
    }

    #[inline]
    fn h68(&mut self, w: &mut SynthWorld) {
        match self.s68 {
            0 => self.h69(w),
            1 => self.h70(w),
            2 => self.h71(w),
            3 => self.h72(w),
            4 => self.h74(w),
            5 => self.h75(w),
            _ => {}
        }
        self.s68 = 0;
    }

    #[inline]
    fn t69(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c69.check(w))
    }

    #[inline]
    fn h69(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t70(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l70.condition(w) {
            if self.a70 {
                self.a70 = false;
                self.l70.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a70 {
            self.a70 = true;
            self.l70.enter(w);
        }
        let status = self.l70.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a70 = false;
                self.l70.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a70 = false;
                self.l70.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h70(&mut self, w: &mut SynthWorld) {
        if self.a70 {
            self.a70 = false;
            self.l70.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t71(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l71.condition(w) {
            if self.a71 {
                self.a71 = false;
                self.l71.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a71 {
            self.a71 = true;
            self.l71.enter(w);
        }
        let status = self.l71.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a71 = false;
                self.l71.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a71 = false;
                self.l71.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h71(&mut self, w: &mut SynthWorld) {
        if self.a71 {
            self.a71 = false;
            self.l71.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t72(&mut self, w: &mut SynthWorld) -> Status {
        match self.t73(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h72(&mut self, w: &mut SynthWorld) {
        self.h73(w);
    }

    #[inline]
    fn t73(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c73.check(w))
    }

    #[inline]
    fn h73(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t74(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c74.check(w))
    }

    #[inline]
    fn h74(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t75(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l75.condition(w) {
            if self.a75 {
                self.a75 = false;
                self.l75.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a75 {
            self.a75 = true;
            self.l75.enter(w);
        }
        let status = self.l75.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a75 = false;
                self.l75.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a75 = false;
                self.l75.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h75(&mut self, w: &mut SynthWorld) {
        if self.a75 {
            self.a75 = false;
            self.l75.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t76(&mut self, w: &mut SynthWorld) -> Status {
        match self.t77(w) {
            Status::Running => {
                self.rr76 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr76 = false;
                self.rd76 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr76 = false;
                self.rd76 += 1;
                if self.rd76 >= 3 {
                    self.rd76 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h76(&mut self, w: &mut SynthWorld) {
        if self.rr76 {
            self.rr76 = false;
            self.h77(w);
        }
        self.rd76 = 0;
    }

    #[inline]
    fn t77(&mut self, w: &mut SynthWorld) -> Status {
        match self.t78(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h77(&mut self, w: &mut SynthWorld) {
        self.h78(w);
    }

    #[inline]
    fn t78(&mut self, w: &mut SynthWorld) -> Status {
        if !self.pp78 && !self.pc78.check(w) {
            return Status::Failure;
        }
        let status = self.t79(w);
        self.pp78 = status == Status::Running;
        status
    }

    #[inline]
    fn h78(&mut self, w: &mut SynthWorld) {
        if self.pp78 {
            self.pp78 = false;
            self.h79(w);
        }
    }

    #[inline]
    fn t79(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c79.check(w))
    }

    #[inline]
    fn h79(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t80(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s80;
        if at == 0 {
            match self.t81(w) {
                Status::Success => {}
                Status::Running => {
                    self.s80 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s80 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t109(w) {
                Status::Success => {}
                Status::Running => {
                    self.s80 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s80 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s80 = 0;
        Status::Success
    }

    #[inline]
    fn h80(&mut self, w: &mut SynthWorld) {
        match self.s80 {
            0 => self.h81(w),
            1 => self.h109(w),
            _ => {}
        }
        self.s80 = 0;
    }

    #[inline]
    fn t81(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s81;
        if at == 0 {
            match self.t82(w) {
                Status::Success => {}
                Status::Running => {
                    self.s81 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s81 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t100(w) {
                Status::Success => {}
                Status::Running => {
                    self.s81 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s81 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s81 = 0;
        Status::Success
    }

    #[inline]
    fn h81(&mut self, w: &mut SynthWorld) {
        match self.s81 {
            0 => self.h82(w),
            1 => self.h100(w),
            _ => {}
        }
        self.s81 = 0;
    }

    #[inline]
    fn t82(&mut self, w: &mut SynthWorld) -> Status {
        match self.t83(w) {
            Status::Running => {
                self.rr82 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr82 = false;
                self.rd82 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr82 = false;
                self.rd82 += 1;
                if self.rd82 >= 3 {
                    self.rd82 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h82(&mut self, w: &mut SynthWorld) {
        if self.rr82 {
            self.rr82 = false;
            self.h83(w);
        }
        self.rd82 = 0;
    }

    #[inline]
    fn t83(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s83;
        if at == 0 {
            match self.t84(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s83 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s83 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t89(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s83 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s83 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t94(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s83 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s83 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 3 {
            match self.t95(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s83 = 3;
                    return Status::Running;
                }
                Status::Success => {
                    self.s83 = 0;
                    return Status::Success;
                }
            }
        }
        self.s83 = 0;
        Status::Failure
    }

    #[inline]
    fn h83(&mut self, w: &mut SynthWorld) {
        match self.s83 {
            0 => self.h84(w),
            1 => self.h89(w),
            2 => self.h94(w),
            3 => self.h95(w),
            _ => {}
        }
        self.s83 = 0;
    }

    #[inline]
    fn t84(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s84;
        if at == 0 {
            match self.t85(w) {
                Status::Success => {}
                Status::Running => {
                    self.s84 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s84 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t86(w) {
                Status::Success => {}
                Status::Running => {
                    self.s84 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s84 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t87(w) {
                Status::Success => {}
                Status::Running => {
                    self.s84 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s84 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 3 {
            match self.t88(w) {
                Status::Success => {}
                Status::Running => {
                    self.s84 = 3;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s84 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s84 = 0;
        Status::Success
    }

    #[inline]
    fn h84(&mut self, w: &mut SynthWorld) {
        match self.s84 {
            0 => self.h85(w),
            1 => self.h86(w),
            2 => self.h87(w),
            3 => self.h88(w),
            _ => {}
        }
        self.s84 = 0;
    }

    #[inline]
    fn t85(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c85.check(w))
    }

    #[inline]
    fn h85(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t86(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c86.check(w))
    }

    #[inline]
    fn h86(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t87(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l87.condition(w) {
            if self.a87 {
                self.a87 = false;
                self.l87.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a87 {
            self.a87 = true;
            self.l87.enter(w);
        }
        let status = self.l87.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a87 = false;
                self.l87.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a87 = false;
                self.l87.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h87(&mut self, w: &mut SynthWorld) {
        if self.a87 {
            self.a87 = false;
            self.l87.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t88(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l88.condition(w) {
            if self.a88 {
                self.a88 = false;
                self.l88.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a88 {
            self.a88 = true;
            self.l88.enter(w);
        }
        let status = self.l88.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a88 = false;
                self.l88.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a88 = false;
                self.l88.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h88(&mut self, w: &mut SynthWorld) {
        if self.a88 {
            self.a88 = false;
            self.l88.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t89(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s89;
        if at == 0 {
            match self.t90(w) {
                Status::Success => {}
                Status::Running => {
                    self.s89 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s89 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t91(w) {
                Status::Success => {}
                Status::Running => {
                    self.s89 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s89 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t92(w) {
                Status::Success => {}
                Status::Running => {
                    self.s89 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s89 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 3 {
            match self.t93(w) {
                Status::Success => {}
                Status::Running => {
                    self.s89 = 3;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s89 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s89 = 0;
        Status::Success
    }

    #[inline]
    fn h89(&mut self, w: &mut SynthWorld) {
        match self.s89 {
            0 => self.h90(w),
            1 => self.h91(w),
            2 => self.h92(w),
            3 => self.h93(w),
            _ => {}
        }
        self.s89 = 0;
    }

    #[inline]
    fn t90(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l90.condition(w) {
            if self.a90 {
                self.a90 = false;
                self.l90.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a90 {
            self.a90 = true;
            self.l90.enter(w);
        }
        let status = self.l90.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a90 = false;
                self.l90.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a90 = false;
                self.l90.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h90(&mut self, w: &mut SynthWorld) {
        if self.a90 {
            self.a90 = false;
            self.l90.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t91(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l91.condition(w) {
            if self.a91 {
                self.a91 = false;
                self.l91.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a91 {
            self.a91 = true;
            self.l91.enter(w);
        }
        let status = self.l91.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a91 = false;
                self.l91.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a91 = false;
                self.l91.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h91(&mut self, w: &mut SynthWorld) {
        if self.a91 {
            self.a91 = false;
            self.l91.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t92(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c92.check(w))
    }

    #[inline]
    fn h92(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t93(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l93.condition(w) {
            if self.a93 {
                self.a93 = false;
                self.l93.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a93 {
            self.a93 = true;
            self.l93.enter(w);
        }
        let status = self.l93.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a93 = false;
                self.l93.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a93 = false;
                self.l93.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h93(&mut self, w: &mut SynthWorld) {
        if self.a93 {
            self.a93 = false;
            self.l93.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t94(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l94.condition(w) {
            if self.a94 {
                self.a94 = false;
                self.l94.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a94 {
            self.a94 = true;
            self.l94.enter(w);
        }
        let status = self.l94.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a94 = false;
                self.l94.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a94 = false;
                self.l94.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h94(&mut self, w: &mut SynthWorld) {
        if self.a94 {
            self.a94 = false;
            self.l94.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t95(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s95;
        if at == 0 {
            match self.t96(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s95 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s95 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t97(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s95 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s95 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t98(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s95 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s95 = 0;
                    return Status::Success;
                }
            }
        }
        self.s95 = 0;
        Status::Failure
    }

    #[inline]
    fn h95(&mut self, w: &mut SynthWorld) {
        match self.s95 {
            0 => self.h96(w),
            1 => self.h97(w),
            2 => self.h98(w),
            _ => {}
        }
        self.s95 = 0;
    }

    #[inline]
    fn t96(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l96.condition(w) {
            if self.a96 {
                self.a96 = false;
                self.l96.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a96 {
            self.a96 = true;
            self.l96.enter(w);
        }
        let status = self.l96.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a96 = false;
                self.l96.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a96 = false;
                self.l96.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h96(&mut self, w: &mut SynthWorld) {
        if self.a96 {
            self.a96 = false;
            self.l96.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t97(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l97.condition(w) {
            if self.a97 {
                self.a97 = false;
                self.l97.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a97 {
            self.a97 = true;
            self.l97.enter(w);
        }
        let status = self.l97.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a97 = false;
                self.l97.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a97 = false;
                self.l97.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h97(&mut self, w: &mut SynthWorld) {
        if self.a97 {
            self.a97 = false;
            self.l97.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t98(&mut self, w: &mut SynthWorld) -> Status {
        match self.t99(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h98(&mut self, w: &mut SynthWorld) {
        self.h99(w);
    }

    #[inline]
    fn t99(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l99.condition(w) {
            if self.a99 {
                self.a99 = false;
                self.l99.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a99 {
            self.a99 = true;
            self.l99.enter(w);
        }
        let status = self.l99.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a99 = false;
                self.l99.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a99 = false;
                self.l99.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h99(&mut self, w: &mut SynthWorld) {
        if self.a99 {
            self.a99 = false;
            self.l99.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t100(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s100;
        if at == 0 {
            match self.t101(w) {
                Status::Success => {}
                Status::Running => {
                    self.s100 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s100 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t102(w) {
                Status::Success => {}
                Status::Running => {
                    self.s100 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s100 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t104(w) {
                Status::Success => {}
                Status::Running => {
                    self.s100 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s100 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 3 {
            match self.t105(w) {
                Status::Success => {}
                Status::Running => {
                    self.s100 = 3;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s100 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 4 {
            match self.t107(w) {
                Status::Success => {}
                Status::Running => {
                    self.s100 = 4;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s100 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s100 = 0;
        Status::Success
    }

    #[inline]
    fn h100(&mut self, w: &mut SynthWorld) {
        match self.s100 {
            0 => self.h101(w),
            1 => self.h102(w),
            2 => self.h104(w),
            3 => self.h105(w),
            4 => self.h107(w),
            _ => {}
        }
        self.s100 = 0;
    }

    #[inline]
    fn t101(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c101.check(w))
    }

    #[inline]
    fn h101(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t102(&mut self, w: &mut SynthWorld) -> Status {
        match self.t103(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h102(&mut self, w: &mut SynthWorld) {
        self.h103(w);
    }

    #[inline]
    fn t103(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l103.condition(w) {
            if self.a103 {
                self.a103 = false;
                self.l103.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a103 {
            self.a103 = true;
            self.l103.enter(w);
        }
        let status = self.l103.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a103 = false;
                self.l103.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a103 = false;
                self.l103.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h103(&mut self, w: &mut SynthWorld) {
        if self.a103 {
            self.a103 = false;
            self.l103.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t104(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l104.condition(w) {
            if self.a104 {
                self.a104 = false;
                self.l104.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a104 {
            self.a104 = true;
            self.l104.enter(w);
        }
        let status = self.l104.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a104 = false;
                self.l104.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a104 = false;
                self.l104.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h104(&mut self, w: &mut SynthWorld) {
        if self.a104 {
            self.a104 = false;
            self.l104.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t105(&mut self, w: &mut SynthWorld) -> Status {
        match self.t106(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h105(&mut self, w: &mut SynthWorld) {
        self.h106(w);
    }

    #[inline]
    fn t106(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l106.condition(w) {
            if self.a106 {
                self.a106 = false;
                self.l106.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a106 {
            self.a106 = true;
            self.l106.enter(w);
        }
        let status = self.l106.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a106 = false;
                self.l106.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a106 = false;
                self.l106.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h106(&mut self, w: &mut SynthWorld) {
        if self.a106 {
            self.a106 = false;
            self.l106.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t107(&mut self, w: &mut SynthWorld) -> Status {
        match self.t108(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Failure,
        }
    }

    #[inline]
    fn h107(&mut self, w: &mut SynthWorld) {
        self.h108(w);
    }

    #[inline]
    fn t108(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l108.condition(w) {
            if self.a108 {
                self.a108 = false;
                self.l108.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a108 {
            self.a108 = true;
            self.l108.enter(w);
        }
        let status = self.l108.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a108 = false;
                self.l108.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a108 = false;
                self.l108.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h108(&mut self, w: &mut SynthWorld) {
        if self.a108 {
            self.a108 = false;
            self.l108.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t109(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s109;
        if at == 0 {
            match self.t110(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s109 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s109 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t111(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s109 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s109 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t115(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s109 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s109 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 3 {
            match self.t124(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s109 = 3;
                    return Status::Running;
                }
                Status::Success => {
                    self.s109 = 0;
                    return Status::Success;
                }
            }
        }
        self.s109 = 0;
        Status::Failure
    }

    #[inline]
    fn h109(&mut self, w: &mut SynthWorld) {
        match self.s109 {
            0 => self.h110(w),
            1 => self.h111(w),
            2 => self.h115(w),
            3 => self.h124(w),
            _ => {}
        }
        self.s109 = 0;
    }

    #[inline]
    fn t110(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l110.condition(w) {
            if self.a110 {
                self.a110 = false;
                self.l110.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a110 {
            self.a110 = true;
            self.l110.enter(w);
        }
        let status = self.l110.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a110 = false;
                self.l110.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a110 = false;
                self.l110.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h110(&mut self, w: &mut SynthWorld) {
        if self.a110 {
            self.a110 = false;
            self.l110.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn f111(&mut self, w: &mut SynthWorld) {
        if self.pr111 & 1 != 0 {
            self.h112(w);
        }
        if self.pr111 & 2 != 0 {
            self.h113(w);
        }
        self.pr111 = 0;
        self.ps111 = 0;
    }

    #[inline]
    fn t111(&mut self, w: &mut SynthWorld) -> Status {
        let mut failures = 0u32;
        let _ = &mut failures;
        if self.ps111 & 1 == 0 {
            match self.t112(w) {
                Status::Success => {
                    self.ps111 |= 1;
                    self.pr111 &= !1;
                    if self.ps111.count_ones() >= 1 {
                        self.f111(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr111 &= !1;
                    failures += 1;
                    if failures > 1 {
                        self.f111(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr111 |= 1,
            }
        }
        if self.ps111 & 2 == 0 {
            match self.t113(w) {
                Status::Success => {
                    self.ps111 |= 2;
                    self.pr111 &= !2;
                    if self.ps111.count_ones() >= 1 {
                        self.f111(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr111 &= !2;
                    failures += 1;
                    if failures > 1 {
                        self.f111(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr111 |= 2,
            }
        }
        Status::Running
    }

    #[inline]
    fn h111(&mut self, w: &mut SynthWorld) {
        self.f111(w);
    }

    #[inline]
    fn t112(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c112.check(w))
    }

    #[inline]
    fn h112(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t113(&mut self, w: &mut SynthWorld) -> Status {
        match self.t114(w) {
            Status::Running => {
                self.rr113 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr113 = false;
                self.rd113 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr113 = false;
                self.rd113 += 1;
                if self.rd113 >= 1 {
                    self.rd113 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h113(&mut self, w: &mut SynthWorld) {
        if self.rr113 {
            self.rr113 = false;
            self.h114(w);
        }
        self.rd113 = 0;
    }

    #[inline]
    fn t114(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l114.condition(w) {
            if self.a114 {
                self.a114 = false;
                self.l114.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a114 {
            self.a114 = true;
            self.l114.enter(w);
        }
        let status = self.l114.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a114 = false;
                self.l114.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a114 = false;
                self.l114.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h114(&mut self, w: &mut SynthWorld) {
        if self.a114 {
            self.a114 = false;
            self.l114.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t115(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s115;
        if at == 0 {
            match self.t116(w) {
                Status::Success => {}
                Status::Running => {
                    self.s115 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s115 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t120(w) {
                Status::Success => {}
                Status::Running => {
                    self.s115 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s115 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s115 = 0;
        Status::Success
    }

    #[inline]
    fn h115(&mut self, w: &mut SynthWorld) {
        match self.s115 {
            0 => self.h116(w),
            1 => self.h120(w),
            _ => {}
        }
        self.s115 = 0;
    }

    #[inline]
    fn t116(&mut self, w: &mut SynthWorld) -> Status {
        match self.t117(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h116(&mut self, w: &mut SynthWorld) {
        self.h117(w);
    }

    #[inline]
    fn t117(&mut self, w: &mut SynthWorld) -> Status {
        match self.t118(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h117(&mut self, w: &mut SynthWorld) {
        self.h118(w);
    }

    #[inline]
    fn t118(&mut self, w: &mut SynthWorld) -> Status {
        match self.t119(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h118(&mut self, w: &mut SynthWorld) {
        self.h119(w);
    }

    #[inline]
    fn t119(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c119.check(w))
    }

    #[inline]
    fn h119(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t120(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s120;
        if at == 0 {
            match self.t121(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s120 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s120 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t122(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s120 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s120 = 0;
                    return Status::Success;
                }
            }
        }
        self.s120 = 0;
        Status::Failure
    }

    #[inline]
    fn h120(&mut self, w: &mut SynthWorld) {
        match self.s120 {
            0 => self.h121(w),
            1 => self.h122(w),
            _ => {}
        }
        self.s120 = 0;
    }

    #[inline]
    fn t121(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l121.condition(w) {
            if self.a121 {
                self.a121 = false;
                self.l121.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a121 {
            self.a121 = true;
            self.l121.enter(w);
        }
        let status = self.l121.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a121 = false;
                self.l121.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a121 = false;
                self.l121.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h121(&mut self, w: &mut SynthWorld) {
        if self.a121 {
            self.a121 = false;
            self.l121.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t122(&mut self, w: &mut SynthWorld) -> Status {
        match self.t123(w) {
            Status::Running => {
                self.rr122 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr122 = false;
                self.rd122 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr122 = false;
                self.rd122 += 1;
                if self.rd122 >= 1 {
                    self.rd122 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h122(&mut self, w: &mut SynthWorld) {
        if self.rr122 {
            self.rr122 = false;
            self.h123(w);
        }
        self.rd122 = 0;
    }

    #[inline]
    fn t123(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l123.condition(w) {
            if self.a123 {
                self.a123 = false;
                self.l123.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a123 {
            self.a123 = true;
            self.l123.enter(w);
        }
        let status = self.l123.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a123 = false;
                self.l123.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a123 = false;
                self.l123.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h123(&mut self, w: &mut SynthWorld) {
        if self.a123 {
            self.a123 = false;
            self.l123.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t124(&mut self, w: &mut SynthWorld) -> Status {
        match self.t125(w) {
            Status::Running => {
                self.rr124 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr124 = false;
                self.rd124 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr124 = false;
                self.rd124 += 1;
                if self.rd124 >= 3 {
                    self.rd124 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h124(&mut self, w: &mut SynthWorld) {
        if self.rr124 {
            self.rr124 = false;
            self.h125(w);
        }
        self.rd124 = 0;
    }

    #[inline]
    fn t125(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c125.check(w))
    }

    #[inline]
    fn h125(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t126(&mut self, w: &mut SynthWorld) -> Status {
        match self.t127(w) {
            Status::Running => {
                self.rr126 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr126 = false;
                self.rd126 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr126 = false;
                self.rd126 += 1;
                if self.rd126 >= 3 {
                    self.rd126 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h126(&mut self, w: &mut SynthWorld) {
        if self.rr126 {
            self.rr126 = false;
            self.h127(w);
        }
        self.rd126 = 0;
    }

    #[inline]
    fn t127(&mut self, w: &mut SynthWorld) -> Status {
        match self.t128(w) {
            Status::Running => {
                self.rr127 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr127 = false;
                self.rd127 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr127 = false;
                self.rd127 += 1;
                if self.rd127 >= 2 {
                    self.rd127 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h127(&mut self, w: &mut SynthWorld) {
        if self.rr127 {
            self.rr127 = false;
            self.h128(w);
        }
        self.rd127 = 0;
    }

    #[inline]
    fn t128(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s128;
        if at == 0 {
            match self.t129(w) {
                Status::Success => {}
                Status::Running => {
                    self.s128 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s128 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t141(w) {
                Status::Success => {}
                Status::Running => {
                    self.s128 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s128 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t159(w) {
                Status::Success => {}
                Status::Running => {
                    self.s128 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s128 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s128 = 0;
        Status::Success
    }

    #[inline]
    fn h128(&mut self, w: &mut SynthWorld) {
        match self.s128 {
            0 => self.h129(w),
            1 => self.h141(w),
            2 => self.h159(w),
            _ => {}
        }
        self.s128 = 0;
    }

    #[inline]
    fn t129(&mut self, w: &mut SynthWorld) -> Status {
        match self.t130(w) {
            Status::Running => {
                self.rr129 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr129 = false;
                self.rd129 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr129 = false;
                self.rd129 += 1;
                if self.rd129 >= 3 {
                    self.rd129 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h129(&mut self, w: &mut SynthWorld) {
        if self.rr129 {
            self.rr129 = false;
            self.h130(w);
        }
        self.rd129 = 0;
    }

    #[inline]
    fn f130(&mut self, w: &mut SynthWorld) {
        if self.pr130 & 1 != 0 {
            self.h131(w);
        }
        if self.pr130 & 2 != 0 {
            self.h132(w);
        }
        if self.pr130 & 4 != 0 {
            self.h133(w);
        }
        if self.pr130 & 8 != 0 {
            self.h135(w);
        }
        if self.pr130 & 16 != 0 {
            self.h136(w);
        }
        self.pr130 = 0;
        self.ps130 = 0;
    }

    #[inline]
    fn t130(&mut self, w: &mut SynthWorld) -> Status {
        let mut failures = 0u32;
        let _ = &mut failures;
        if self.ps130 & 1 == 0 {
            match self.t131(w) {
                Status::Success => {
                    self.ps130 |= 1;
                    self.pr130 &= !1;
                    if self.ps130.count_ones() >= 1 {
                        self.f130(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr130 &= !1;
                    failures += 1;
                    if failures > 4 {
                        self.f130(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr130 |= 1,
            }
        }
        if self.ps130 & 2 == 0 {
            match self.t132(w) {
                Status::Success => {
                    self.ps130 |= 2;
                    self.pr130 &= !2;
                    if self.ps130.count_ones() >= 1 {
                        self.f130(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr130 &= !2;
                    failures += 1;
                    if failures > 4 {
                        self.f130(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr130 |= 2,
            }
        }
        if self.ps130 & 4 == 0 {
            match self.t133(w) {
                Status::Success => {
                    self.ps130 |= 4;
                    self.pr130 &= !4;
                    if self.ps130.count_ones() >= 1 {
                        self.f130(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr130 &= !4;
                    failures += 1;
                    if failures > 4 {
                        self.f130(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr130 |= 4,
            }
        }
        if self.ps130 & 8 == 0 {
            match self.t135(w) {
                Status::Success => {
                    self.ps130 |= 8;
                    self.pr130 &= !8;
                    if self.ps130.count_ones() >= 1 {
                        self.f130(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr130 &= !8;
                    failures += 1;
                    if failures > 4 {
                        self.f130(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr130 |= 8,
            }
        }
        if self.ps130 & 16 == 0 {
            match self.t136(w) {
                Status::Success => {
                    self.ps130 |= 16;
                    self.pr130 &= !16;
                    if self.ps130.count_ones() >= 1 {
                        self.f130(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr130 &= !16;
                    failures += 1;
                    if failures > 4 {
                        self.f130(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr130 |= 16,
            }
        }
        Status::Running
    }

    #[inline]
    fn h130(&mut self, w: &mut SynthWorld) {
        self.f130(w);
    }

    #[inline]
    fn t131(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l131.condition(w) {
            if self.a131 {
                self.a131 = false;
                self.l131.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a131 {
            self.a131 = true;
            self.l131.enter(w);
        }
        let status = self.l131.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a131 = false;
                self.l131.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a131 = false;
                self.l131.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h131(&mut self, w: &mut SynthWorld) {
        if self.a131 {
            self.a131 = false;
            self.l131.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t132(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c132.check(w))
    }

    #[inline]
    fn h132(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t133(&mut self, w: &mut SynthWorld) -> Status {
        match self.t134(w) {
            Status::Running => {
                self.rr133 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr133 = false;
                self.rd133 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr133 = false;
                self.rd133 += 1;
                if self.rd133 >= 2 {
                    self.rd133 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h133(&mut self, w: &mut SynthWorld) {
        if self.rr133 {
            self.rr133 = false;
            self.h134(w);
        }
        self.rd133 = 0;
    }

    #[inline]
    fn t134(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c134.check(w))
    }

    #[inline]
    fn h134(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t135(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c135.check(w))
    }

    #[inline]
    fn h135(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t136(&mut self, w: &mut SynthWorld) -> Status {
        match self.t137(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h136(&mut self, w: &mut SynthWorld) {
        self.h137(w);
    }

    #[inline]
    fn t137(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s137;
        if at == 0 {
            match self.t138(w) {
                Status::Success => {}
                Status::Running => {
                    self.s137 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s137 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t139(w) {
                Status::Success => {}
                Status::Running => {
                    self.s137 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s137 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t140(w) {
                Status::Success => {}
                Status::Running => {
                    self.s137 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s137 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s137 = 0;
        Status::Success
    }

    #[inline]
    fn h137(&mut self, w: &mut SynthWorld) {
        match self.s137 {
            0 => self.h138(w),
            1 => self.h139(w),
            2 => self.h140(w),
            _ => {}
        }
        self.s137 = 0;
    }

    #[inline]
    fn t138(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c138.check(w))
    }

    #[inline]
    fn h138(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t139(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l139.condition(w) {
            if self.a139 {
                self.a139 = false;
                self.l139.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a139 {
            self.a139 = true;
            self.l139.enter(w);
        }
        let status = self.l139.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a139 = false;
                self.l139.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a139 = false;
                self.l139.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h139(&mut self, w: &mut SynthWorld) {
        if self.a139 {
            self.a139 = false;
            self.l139.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t140(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c140.check(w))
    }

    #[inline]
    fn h140(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t141(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s141;
        if at == 0 {
            match self.t142(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s141 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s141 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t147(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s141 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s141 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t153(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s141 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s141 = 0;
                    return Status::Success;
                }
            }
        }
        self.s141 = 0;
        Status::Failure
    }

    #[inline]
    fn h141(&mut self, w: &mut SynthWorld) {
        match self.s141 {
            0 => self.h142(w),
            1 => self.h147(w),
            2 => self.h153(w),
            _ => {}
        }
        self.s141 = 0;
    }

    #[inline]
    fn t142(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s142;
        if at == 0 {
            match self.t143(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s142 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s142 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t145(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s142 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s142 = 0;
                    return Status::Success;
                }
            }
        }
        self.s142 = 0;
        Status::Failure
    }

    #[inline]
    fn h142(&mut self, w: &mut SynthWorld) {
        match self.s142 {
            0 => self.h143(w),
            1 => self.h145(w),
            _ => {}
        }
        self.s142 = 0;
    }

    #[inline]
    fn t143(&mut self, w: &mut SynthWorld) -> Status {
        if !self.pp143 && !self.pc143.check(w) {
            return Status::Failure;
        }
        let status = self.t144(w);
        self.pp143 = status == Status::Running;
        status
    }

    #[inline]
    fn h143(&mut self, w: &mut SynthWorld) {
        if self.pp143 {
            self.pp143 = false;
            self.h144(w);
        }
    }

    #[inline]
    fn t144(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c144.check(w))
    }

    #[inline]
    fn h144(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t145(&mut self, w: &mut SynthWorld) -> Status {
        match self.t146(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Failure,
        }
    }

    #[inline]
    fn h145(&mut self, w: &mut SynthWorld) {
        self.h146(w);
    }

    #[inline]
    fn t146(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l146.condition(w) {
            if self.a146 {
                self.a146 = false;
                self.l146.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a146 {
            self.a146 = true;
            self.l146.enter(w);
        }
        let status = self.l146.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a146 = false;
                self.l146.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a146 = false;
                self.l146.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h146(&mut self, w: &mut SynthWorld) {
        if self.a146 {
            self.a146 = false;
            self.l146.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t147(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s147;
        if at == 0 {
            match self.t148(w) {
                Status::Success => {}
                Status::Running => {
                    self.s147 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s147 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t151(w) {
                Status::Success => {}
                Status::Running => {
                    self.s147 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s147 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s147 = 0;
        Status::Success
    }

    #[inline]
    fn h147(&mut self, w: &mut SynthWorld) {
        match self.s147 {
            0 => self.h148(w),
            1 => self.h151(w),
            _ => {}
        }
        self.s147 = 0;
    }

    #[inline]
    fn t148(&mut self, w: &mut SynthWorld) -> Status {
        match self.t149(w) {
            Status::Running => {
                self.rr148 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr148 = false;
                self.rd148 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr148 = false;
                self.rd148 += 1;
                if self.rd148 >= 2 {
                    self.rd148 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h148(&mut self, w: &mut SynthWorld) {
        if self.rr148 {
            self.rr148 = false;
            self.h149(w);
        }
        self.rd148 = 0;
    }

    #[inline]
    fn t149(&mut self, w: &mut SynthWorld) -> Status {
        match self.t150(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Failure,
        }
    }

    #[inline]
    fn h149(&mut self, w: &mut SynthWorld) {
        self.h150(w);
    }

    #[inline]
    fn t150(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c150.check(w))
    }

    #[inline]
    fn h150(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t151(&mut self, w: &mut SynthWorld) -> Status {
        if !self.pp151 && !self.pc151.check(w) {
            return Status::Failure;
        }
        let status = self.t152(w);
        self.pp151 = status == Status::Running;
        status
    }

    #[inline]
    fn h151(&mut self, w: &mut SynthWorld) {
        if self.pp151 {
            self.pp151 = false;
            self.h152(w);
        }
    }

    #[inline]
    fn t152(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l152.condition(w) {
            if self.a152 {
                self.a152 = false;
                self.l152.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a152 {
            self.a152 = true;
            self.l152.enter(w);
        }
        let status = self.l152.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a152 = false;
                self.l152.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a152 = false;
                self.l152.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h152(&mut self, w: &mut SynthWorld) {
        if self.a152 {
            self.a152 = false;
            self.l152.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t153(&mut self, w: &mut SynthWorld) -> Status {
        match self.t154(w) {
            Status::Running => {
                self.rr153 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr153 = false;
                self.rd153 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr153 = false;
                self.rd153 += 1;
                if self.rd153 >= 2 {
                    self.rd153 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h153(&mut self, w: &mut SynthWorld) {
        if self.rr153 {
            self.rr153 = false;
            self.h154(w);
        }
        self.rd153 = 0;
    }

    #[inline]
    fn t154(&mut self, w: &mut SynthWorld) -> Status {
        match self.t155(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h154(&mut self, w: &mut SynthWorld) {
        self.h155(w);
    }

    #[inline]
    fn t155(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s155;
        if at == 0 {
            match self.t156(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s155 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s155 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t157(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s155 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s155 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t158(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s155 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s155 = 0;
                    return Status::Success;
                }
            }
        }
        self.s155 = 0;
        Status::Failure
    }

    #[inline]
    fn h155(&mut self, w: &mut SynthWorld) {
        match self.s155 {
            0 => self.h156(w),
            1 => self.h157(w),
            2 => self.h158(w),
            _ => {}
        }
        self.s155 = 0;
    }

    #[inline]
    fn t156(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l156.condition(w) {
            if self.a156 {
                self.a156 = false;
                self.l156.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a156 {
            self.a156 = true;
            self.l156.enter(w);
        }
        let status = self.l156.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a156 = false;
                self.l156.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a156 = false;
                self.l156.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h156(&mut self, w: &mut SynthWorld) {
        if self.a156 {
            self.a156 = false;
            self.l156.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t157(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c157.check(w))
    }

    #[inline]
    fn h157(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t158(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l158.condition(w) {
            if self.a158 {
                self.a158 = false;
                self.l158.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a158 {
            self.a158 = true;
            self.l158.enter(w);
        }
        let status = self.l158.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a158 = false;
                self.l158.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a158 = false;
                self.l158.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h158(&mut self, w: &mut SynthWorld) {
        if self.a158 {
            self.a158 = false;
            self.l158.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t159(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s159;
        if at == 0 {
            match self.t160(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s159 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s159 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t163(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s159 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s159 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t168(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s159 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s159 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 3 {
            match self.t172(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s159 = 3;
                    return Status::Running;
                }
                Status::Success => {
                    self.s159 = 0;
                    return Status::Success;
                }
            }
        }
        self.s159 = 0;
        Status::Failure
    }

    #[inline]
    fn h159(&mut self, w: &mut SynthWorld) {
        match self.s159 {
            0 => self.h160(w),
            1 => self.h163(w),
            2 => self.h168(w),
            3 => self.h172(w),
            _ => {}
        }
        self.s159 = 0;
    }

    #[inline]
    fn t160(&mut self, w: &mut SynthWorld) -> Status {
        match self.t161(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h160(&mut self, w: &mut SynthWorld) {
        self.h161(w);
    }

    #[inline]
    fn t161(&mut self, w: &mut SynthWorld) -> Status {
        match self.t162(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h161(&mut self, w: &mut SynthWorld) {
        self.h162(w);
    }

    #[inline]
    fn t162(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l162.condition(w) {
            if self.a162 {
                self.a162 = false;
                self.l162.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a162 {
            self.a162 = true;
            self.l162.enter(w);
        }
        let status = self.l162.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a162 = false;
                self.l162.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a162 = false;
                self.l162.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h162(&mut self, w: &mut SynthWorld) {
        if self.a162 {
            self.a162 = false;
            self.l162.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t163(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s163;
        if at == 0 {
            match self.t164(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s163 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s163 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t166(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s163 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s163 = 0;
                    return Status::Success;
                }
            }
        }
        self.s163 = 0;
        Status::Failure
    }

    #[inline]
    fn h163(&mut self, w: &mut SynthWorld) {
        match self.s163 {
            0 => self.h164(w),
            1 => self.h166(w),
            _ => {}
        }
        self.s163 = 0;
    }

    #[inline]
    fn t164(&mut self, w: &mut SynthWorld) -> Status {
        match self.t165(w) {
            Status::Running => {
                self.rr164 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr164 = false;
                self.rd164 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr164 = false;
                self.rd164 += 1;
                if self.rd164 >= 1 {
                    self.rd164 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h164(&mut self, w: &mut SynthWorld) {
        if self.rr164 {
            self.rr164 = false;
            self.h165(w);
        }
        self.rd164 = 0;
    }

    #[inline]
    fn t165(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l165.condition(w) {
            if self.a165 {
                self.a165 = false;
                self.l165.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a165 {
            self.a165 = true;
            self.l165.enter(w);
        }
        let status = self.l165.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a165 = false;
                self.l165.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a165 = false;
                self.l165.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h165(&mut self, w: &mut SynthWorld) {
        if self.a165 {
            self.a165 = false;
            self.l165.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t166(&mut self, w: &mut SynthWorld) -> Status {
        match self.t167(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h166(&mut self, w: &mut SynthWorld) {
        self.h167(w);
    }

    #[inline]
    fn t167(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c167.check(w))
    }

    #[inline]
    fn h167(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t168(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s168;
        if at == 0 {
            match self.t169(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s168 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s168 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t171(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s168 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s168 = 0;
                    return Status::Success;
                }
            }
        }
        self.s168 = 0;
        Status::Failure
    }

    #[inline]
    fn h168(&mut self, w: &mut SynthWorld) {
        match self.s168 {
            0 => self.h169(w),
            1 => self.h171(w),
            _ => {}
        }
        self.s168 = 0;
    }

    #[inline]
    fn t169(&mut self, w: &mut SynthWorld) -> Status {
        match self.t170(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h169(&mut self, w: &mut SynthWorld) {
        self.h170(w);
    }

    #[inline]
    fn t170(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l170.condition(w) {
            if self.a170 {
                self.a170 = false;
                self.l170.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a170 {
            self.a170 = true;
            self.l170.enter(w);
        }
        let status = self.l170.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a170 = false;
                self.l170.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a170 = false;
                self.l170.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h170(&mut self, w: &mut SynthWorld) {
        if self.a170 {
            self.a170 = false;
            self.l170.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t171(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c171.check(w))
    }

    #[inline]
    fn h171(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t172(&mut self, w: &mut SynthWorld) -> Status {
        if !self.pp172 && !self.pc172.check(w) {
            return Status::Failure;
        }
        let status = self.t173(w);
        self.pp172 = status == Status::Running;
        status
    }

    #[inline]
    fn h172(&mut self, w: &mut SynthWorld) {
        if self.pp172 {
            self.pp172 = false;
            self.h173(w);
        }
    }

    #[inline]
    fn t173(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s173;
        if at == 0 {
            match self.t174(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s173 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s173 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t176(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s173 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s173 = 0;
                    return Status::Success;
                }
            }
        }
        self.s173 = 0;
        Status::Failure
    }

    #[inline]
    fn h173(&mut self, w: &mut SynthWorld) {
        match self.s173 {
            0 => self.h174(w),
            1 => self.h176(w),
            _ => {}
        }
        self.s173 = 0;
    }

    #[inline]
    fn t174(&mut self, w: &mut SynthWorld) -> Status {
        match self.t175(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h174(&mut self, w: &mut SynthWorld) {
        self.h175(w);
    }

    #[inline]
    fn t175(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l175.condition(w) {
            if self.a175 {
                self.a175 = false;
                self.l175.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a175 {
            self.a175 = true;
            self.l175.enter(w);
        }
        let status = self.l175.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a175 = false;
                self.l175.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a175 = false;
                self.l175.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h175(&mut self, w: &mut SynthWorld) {
        if self.a175 {
            self.a175 = false;
            self.l175.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t176(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c176.check(w))
    }

    #[inline]
    fn h176(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t177(&mut self, w: &mut SynthWorld) -> Status {
        match self.t178(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h177(&mut self, w: &mut SynthWorld) {
        self.h178(w);
    }

    #[inline]
    fn t178(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s178;
        if at == 0 {
            match self.t179(w) {
                Status::Success => {}
                Status::Running => {
                    self.s178 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s178 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t190(w) {
                Status::Success => {}
                Status::Running => {
                    self.s178 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s178 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t201(w) {
                Status::Success => {}
                Status::Running => {
                    self.s178 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s178 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 3 {
            match self.t210(w) {
                Status::Success => {}
                Status::Running => {
                    self.s178 = 3;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s178 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s178 = 0;
        Status::Success
    }

    #[inline]
    fn h178(&mut self, w: &mut SynthWorld) {
        match self.s178 {
            0 => self.h179(w),
            1 => self.h190(w),
            2 => self.h201(w),
            3 => self.h210(w),
            _ => {}
        }
        self.s178 = 0;
    }

    #[inline]
    fn t179(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s179;
        if at == 0 {
            match self.t180(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s179 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s179 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t181(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s179 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s179 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 2 {
            match self.t184(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s179 = 2;
                    return Status::Running;
                }
                Status::Success => {
                    self.s179 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 3 {
            match self.t186(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s179 = 3;
                    return Status::Running;
                }
                Status::Success => {
                    self.s179 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 4 {
            match self.t187(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s179 = 4;
                    return Status::Running;
                }
                Status::Success => {
                    self.s179 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 5 {
            match self.t188(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s179 = 5;
                    return Status::Running;
                }
                Status::Success => {
                    self.s179 = 0;
                    return Status::Success;
                }
            }
        }
        self.s179 = 0;
        Status::Failure
    }

    #[inline]
    fn h179(&mut self, w: &mut SynthWorld) {
        match self.s179 {
            0 => self.h180(w),
            1 => self.h181(w),
            2 => self.h184(w),
            3 => self.h186(w),
            4 => self.h187(w),
            5 => self.h188(w),
            _ => {}
        }
        self.s179 = 0;
    }

    #[inline]
    fn t180(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l180.condition(w) {
            if self.a180 {
                self.a180 = false;
                self.l180.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a180 {
            self.a180 = true;
            self.l180.enter(w);
        }
        let status = self.l180.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a180 = false;
                self.l180.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a180 = false;
                self.l180.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h180(&mut self, w: &mut SynthWorld) {
        if self.a180 {
            self.a180 = false;
            self.l180.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t181(&mut self, w: &mut SynthWorld) -> Status {
        match self.t182(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h181(&mut self, w: &mut SynthWorld) {
        self.h182(w);
    }

    #[inline]
    fn t182(&mut self, w: &mut SynthWorld) -> Status {
        match self.t183(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h182(&mut self, w: &mut SynthWorld) {
        self.h183(w);
    }

    #[inline]
    fn t183(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l183.condition(w) {
            if self.a183 {
                self.a183 = false;
                self.l183.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a183 {
            self.a183 = true;
            self.l183.enter(w);
        }
        let status = self.l183.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a183 = false;
                self.l183.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a183 = false;
                self.l183.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h183(&mut self, w: &mut SynthWorld) {
        if self.a183 {
            self.a183 = false;
            self.l183.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t184(&mut self, w: &mut SynthWorld) -> Status {
        match self.t185(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h184(&mut self, w: &mut SynthWorld) {
        self.h185(w);
    }

    #[inline]
    fn t185(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c185.check(w))
    }

    #[inline]
    fn h185(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t186(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l186.condition(w) {
            if self.a186 {
                self.a186 = false;
                self.l186.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a186 {
            self.a186 = true;
            self.l186.enter(w);
        }
        let status = self.l186.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a186 = false;
                self.l186.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a186 = false;
                self.l186.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h186(&mut self, w: &mut SynthWorld) {
        if self.a186 {
            self.a186 = false;
            self.l186.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t187(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c187.check(w))
    }

    #[inline]
    fn h187(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t188(&mut self, w: &mut SynthWorld) -> Status {
        match self.t189(w) {
            Status::Running => {
                self.rr188 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr188 = false;
                self.rd188 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr188 = false;
                self.rd188 += 1;
                if self.rd188 >= 2 {
                    self.rd188 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h188(&mut self, w: &mut SynthWorld) {
        if self.rr188 {
            self.rr188 = false;
            self.h189(w);
        }
        self.rd188 = 0;
    }

    #[inline]
    fn t189(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l189.condition(w) {
            if self.a189 {
                self.a189 = false;
                self.l189.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a189 {
            self.a189 = true;
            self.l189.enter(w);
        }
        let status = self.l189.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a189 = false;
                self.l189.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a189 = false;
                self.l189.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h189(&mut self, w: &mut SynthWorld) {
        if self.a189 {
            self.a189 = false;
            self.l189.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t190(&mut self, w: &mut SynthWorld) -> Status {
        match self.t191(w) {
            Status::Running => {
                self.rr190 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr190 = false;
                self.rd190 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr190 = false;
                self.rd190 += 1;
                if self.rd190 >= 2 {
                    self.rd190 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h190(&mut self, w: &mut SynthWorld) {
        if self.rr190 {
            self.rr190 = false;
            self.h191(w);
        }
        self.rd190 = 0;
    }

    #[inline]
    fn f191(&mut self, w: &mut SynthWorld) {
        if self.pr191 & 1 != 0 {
            self.h192(w);
        }
        if self.pr191 & 2 != 0 {
            self.h199(w);
        }
        self.pr191 = 0;
        self.ps191 = 0;
    }

    #[inline]
    fn t191(&mut self, w: &mut SynthWorld) -> Status {
        let mut failures = 0u32;
        let _ = &mut failures;
        if self.ps191 & 1 == 0 {
            match self.t192(w) {
                Status::Success => {
                    self.ps191 |= 1;
                    self.pr191 &= !1;
                    if self.ps191.count_ones() >= 1 {
                        self.f191(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr191 &= !1;
                    failures += 1;
                    if failures > 1 {
                        self.f191(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr191 |= 1,
            }
        }
        if self.ps191 & 2 == 0 {
            match self.t199(w) {
                Status::Success => {
                    self.ps191 |= 2;
                    self.pr191 &= !2;
                    if self.ps191.count_ones() >= 1 {
                        self.f191(w);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    self.pr191 &= !2;
                    failures += 1;
                    if failures > 1 {
                        self.f191(w);
                        return Status::Failure;
                    }
                }
                Status::Running => self.pr191 |= 2,
            }
        }
        Status::Running
    }

    #[inline]
    fn h191(&mut self, w: &mut SynthWorld) {
        self.f191(w);
    }

    #[inline]
    fn t192(&mut self, w: &mut SynthWorld) -> Status {
        match self.t193(w) {
            Status::Running => {
                self.rr192 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr192 = false;
                self.rd192 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr192 = false;
                self.rd192 += 1;
                if self.rd192 >= 1 {
                    self.rd192 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h192(&mut self, w: &mut SynthWorld) {
        if self.rr192 {
            self.rr192 = false;
            self.h193(w);
        }
        self.rd192 = 0;
    }

    #[inline]
    fn t193(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s193;
        if at == 0 {
            match self.t194(w) {
                Status::Success => {}
                Status::Running => {
                    self.s193 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s193 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t197(w) {
                Status::Success => {}
                Status::Running => {
                    self.s193 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s193 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s193 = 0;
        Status::Success
    }

    #[inline]
    fn h193(&mut self, w: &mut SynthWorld) {
        match self.s193 {
            0 => self.h194(w),
            1 => self.h197(w),
            _ => {}
        }
        self.s193 = 0;
    }

    #[inline]
    fn t194(&mut self, w: &mut SynthWorld) -> Status {
        match self.t195(w) {
            Status::Running => {
                self.rr194 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr194 = false;
                self.rd194 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr194 = false;
                self.rd194 += 1;
                if self.rd194 >= 1 {
                    self.rd194 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h194(&mut self, w: &mut SynthWorld) {
        if self.rr194 {
            self.rr194 = false;
            self.h195(w);
        }
        self.rd194 = 0;
    }

    #[inline]
    fn t195(&mut self, w: &mut SynthWorld) -> Status {
        if !self.pp195 && !self.pc195.check(w) {
            return Status::Failure;
        }
        let status = self.t196(w);
        self.pp195 = status == Status::Running;
        status
    }

    #[inline]
    fn h195(&mut self, w: &mut SynthWorld) {
        if self.pp195 {
            self.pp195 = false;
            self.h196(w);
        }
    }

    #[inline]
    fn t196(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l196.condition(w) {
            if self.a196 {
                self.a196 = false;
                self.l196.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a196 {
            self.a196 = true;
            self.l196.enter(w);
        }
        let status = self.l196.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a196 = false;
                self.l196.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a196 = false;
                self.l196.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h196(&mut self, w: &mut SynthWorld) {
        if self.a196 {
            self.a196 = false;
            self.l196.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t197(&mut self, w: &mut SynthWorld) -> Status {
        match self.t198(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h197(&mut self, w: &mut SynthWorld) {
        self.h198(w);
    }

    #[inline]
    fn t198(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l198.condition(w) {
            if self.a198 {
                self.a198 = false;
                self.l198.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a198 {
            self.a198 = true;
            self.l198.enter(w);
        }
        let status = self.l198.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a198 = false;
                self.l198.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a198 = false;
                self.l198.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h198(&mut self, w: &mut SynthWorld) {
        if self.a198 {
            self.a198 = false;
            self.l198.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t199(&mut self, w: &mut SynthWorld) -> Status {
        match self.t200(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Failure,
        }
    }

    #[inline]
    fn h199(&mut self, w: &mut SynthWorld) {
        self.h200(w);
    }

    #[inline]
    fn t200(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c200.check(w))
    }

    #[inline]
    fn h200(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t201(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s201;
        if at == 0 {
            match self.t202(w) {
                Status::Success => {}
                Status::Running => {
                    self.s201 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s201 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t203(w) {
                Status::Success => {}
                Status::Running => {
                    self.s201 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s201 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 2 {
            match self.t206(w) {
                Status::Success => {}
                Status::Running => {
                    self.s201 = 2;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s201 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 3 {
            match self.t208(w) {
                Status::Success => {}
                Status::Running => {
                    self.s201 = 3;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s201 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s201 = 0;
        Status::Success
    }

    #[inline]
    fn h201(&mut self, w: &mut SynthWorld) {
        match self.s201 {
            0 => self.h202(w),
            1 => self.h203(w),
            2 => self.h206(w),
            3 => self.h208(w),
            _ => {}
        }
        self.s201 = 0;
    }

    #[inline]
    fn t202(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l202.condition(w) {
            if self.a202 {
                self.a202 = false;
                self.l202.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a202 {
            self.a202 = true;
            self.l202.enter(w);
        }
        let status = self.l202.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a202 = false;
                self.l202.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a202 = false;
                self.l202.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h202(&mut self, w: &mut SynthWorld) {
        if self.a202 {
            self.a202 = false;
            self.l202.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t203(&mut self, w: &mut SynthWorld) -> Status {
        match self.t204(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h203(&mut self, w: &mut SynthWorld) {
        self.h204(w);
    }

    #[inline]
    fn t204(&mut self, w: &mut SynthWorld) -> Status {
        match self.t205(w) {
            Status::Running => {
                self.rr204 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr204 = false;
                self.rd204 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr204 = false;
                self.rd204 += 1;
                if self.rd204 >= 1 {
                    self.rd204 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h204(&mut self, w: &mut SynthWorld) {
        if self.rr204 {
            self.rr204 = false;
            self.h205(w);
        }
        self.rd204 = 0;
    }

    #[inline]
    fn t205(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l205.condition(w) {
            if self.a205 {
                self.a205 = false;
                self.l205.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a205 {
            self.a205 = true;
            self.l205.enter(w);
        }
        let status = self.l205.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a205 = false;
                self.l205.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a205 = false;
                self.l205.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h205(&mut self, w: &mut SynthWorld) {
        if self.a205 {
            self.a205 = false;
            self.l205.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t206(&mut self, w: &mut SynthWorld) -> Status {
        if !self.pp206 && !self.pc206.check(w) {
            return Status::Failure;
        }
        let status = self.t207(w);
        self.pp206 = status == Status::Running;
        status
    }

    #[inline]
    fn h206(&mut self, w: &mut SynthWorld) {
        if self.pp206 {
            self.pp206 = false;
            self.h207(w);
        }
    }

    #[inline]
    fn t207(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l207.condition(w) {
            if self.a207 {
                self.a207 = false;
                self.l207.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a207 {
            self.a207 = true;
            self.l207.enter(w);
        }
        let status = self.l207.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a207 = false;
                self.l207.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a207 = false;
                self.l207.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h207(&mut self, w: &mut SynthWorld) {
        if self.a207 {
            self.a207 = false;
            self.l207.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t208(&mut self, w: &mut SynthWorld) -> Status {
        match self.t209(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h208(&mut self, w: &mut SynthWorld) {
        self.h209(w);
    }

    #[inline]
    fn t209(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l209.condition(w) {
            if self.a209 {
                self.a209 = false;
                self.l209.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a209 {
            self.a209 = true;
            self.l209.enter(w);
        }
        let status = self.l209.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a209 = false;
                self.l209.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a209 = false;
                self.l209.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h209(&mut self, w: &mut SynthWorld) {
        if self.a209 {
            self.a209 = false;
            self.l209.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t210(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s210;
        if at == 0 {
            match self.t211(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s210 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s210 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t216(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s210 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s210 = 0;
                    return Status::Success;
                }
            }
        }
        self.s210 = 0;
        Status::Failure
    }

    #[inline]
    fn h210(&mut self, w: &mut SynthWorld) {
        match self.s210 {
            0 => self.h211(w),
            1 => self.h216(w),
            _ => {}
        }
        self.s210 = 0;
    }

    #[inline]
    fn t211(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s211;
        if at == 0 {
            match self.t212(w) {
                Status::Success => {}
                Status::Running => {
                    self.s211 = 0;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s211 = 0;
                    return Status::Failure;
                }
            }
        }
        if at <= 1 {
            match self.t213(w) {
                Status::Success => {}
                Status::Running => {
                    self.s211 = 1;
                    return Status::Running;
                }
                Status::Failure => {
                    self.s211 = 0;
                    return Status::Failure;
                }
            }
        }
        self.s211 = 0;
        Status::Success
    }

    #[inline]
    fn h211(&mut self, w: &mut SynthWorld) {
        match self.s211 {
            0 => self.h212(w),
            1 => self.h213(w),
            _ => {}
        }
        self.s211 = 0;
    }

    #[inline]
    fn t212(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l212.condition(w) {
            if self.a212 {
                self.a212 = false;
                self.l212.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a212 {
            self.a212 = true;
            self.l212.enter(w);
        }
        let status = self.l212.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a212 = false;
                self.l212.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a212 = false;
                self.l212.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h212(&mut self, w: &mut SynthWorld) {
        if self.a212 {
            self.a212 = false;
            self.l212.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t213(&mut self, w: &mut SynthWorld) -> Status {
        match self.t214(w) {
            Status::Running => {
                self.rr213 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr213 = false;
                self.rd213 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr213 = false;
                self.rd213 += 1;
                if self.rd213 >= 3 {
                    self.rd213 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h213(&mut self, w: &mut SynthWorld) {
        if self.rr213 {
            self.rr213 = false;
            self.h214(w);
        }
        self.rd213 = 0;
    }

    #[inline]
    fn t214(&mut self, w: &mut SynthWorld) -> Status {
        match self.t215(w) {
            Status::Running => Status::Running,
            Status::Success => Status::Success,
            Status::Failure => Status::Success,
        }
    }

    #[inline]
    fn h214(&mut self, w: &mut SynthWorld) {
        self.h215(w);
    }

    #[inline]
    fn t215(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l215.condition(w) {
            if self.a215 {
                self.a215 = false;
                self.l215.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a215 {
            self.a215 = true;
            self.l215.enter(w);
        }
        let status = self.l215.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a215 = false;
                self.l215.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a215 = false;
                self.l215.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h215(&mut self, w: &mut SynthWorld) {
        if self.a215 {
            self.a215 = false;
            self.l215.exit(w, Exit::Halted);
        }
    }

    #[inline]
    fn t216(&mut self, w: &mut SynthWorld) -> Status {
        let at = self.s216;
        if at == 0 {
            match self.t217(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s216 = 0;
                    return Status::Running;
                }
                Status::Success => {
                    self.s216 = 0;
                    return Status::Success;
                }
            }
        }
        if at <= 1 {
            match self.t218(w) {
                Status::Failure => {}
                Status::Running => {
                    self.s216 = 1;
                    return Status::Running;
                }
                Status::Success => {
                    self.s216 = 0;
                    return Status::Success;
                }
            }
        }
        self.s216 = 0;
        Status::Failure
    }

    #[inline]
    fn h216(&mut self, w: &mut SynthWorld) {
        match self.s216 {
            0 => self.h217(w),
            1 => self.h218(w),
            _ => {}
        }
        self.s216 = 0;
    }

    #[inline]
    fn t217(&mut self, w: &mut SynthWorld) -> Status {
        Status::from_bool(self.c217.check(w))
    }

    #[inline]
    fn h217(&mut self, w: &mut SynthWorld) {}

    #[inline]
    fn t218(&mut self, w: &mut SynthWorld) -> Status {
        match self.t219(w) {
            Status::Running => {
                self.rr218 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr218 = false;
                self.rd218 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr218 = false;
                self.rd218 += 1;
                if self.rd218 >= 3 {
                    self.rd218 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h218(&mut self, w: &mut SynthWorld) {
        if self.rr218 {
            self.rr218 = false;
            self.h219(w);
        }
        self.rd218 = 0;
    }

    #[inline]
    fn t219(&mut self, w: &mut SynthWorld) -> Status {
        match self.t220(w) {
            Status::Running => {
                self.rr219 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr219 = false;
                self.rd219 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr219 = false;
                self.rd219 += 1;
                if self.rd219 >= 1 {
                    self.rd219 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h219(&mut self, w: &mut SynthWorld) {
        if self.rr219 {
            self.rr219 = false;
            self.h220(w);
        }
        self.rd219 = 0;
    }

    #[inline]
    fn t220(&mut self, w: &mut SynthWorld) -> Status {
        match self.t221(w) {
            Status::Running => {
                self.rr220 = true;
                Status::Running
            }
            Status::Failure => {
                self.rr220 = false;
                self.rd220 = 0;
                Status::Failure
            }
            Status::Success => {
                self.rr220 = false;
                self.rd220 += 1;
                if self.rd220 >= 2 {
                    self.rd220 = 0;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn h220(&mut self, w: &mut SynthWorld) {
        if self.rr220 {
            self.rr220 = false;
            self.h221(w);
        }
        self.rd220 = 0;
    }

    #[inline]
    fn t221(&mut self, w: &mut SynthWorld) -> Status {
        if !self.l221.condition(w) {
            if self.a221 {
                self.a221 = false;
                self.l221.exit(w, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.a221 {
            self.a221 = true;
            self.l221.enter(w);
        }
        let status = self.l221.execute(w);
        match status {
            Status::Running => {}
            Status::Success => {
                self.a221 = false;
                self.l221.exit(w, Exit::Success);
            }
            Status::Failure => {
                self.a221 = false;
                self.l221.exit(w, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn h221(&mut self, w: &mut SynthWorld) {
        if self.a221 {
            self.a221 = false;
            self.l221.exit(w, Exit::Halted);
        }
    }
}
