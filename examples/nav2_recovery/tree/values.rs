//! The types of the leaves' port values that are not the simulation's own: costmap services,
//! lists of costmap layers, lists of error codes. Each parses from its XML attribute when the tree
//! is built (an unknown name fails there).

use core::marker::PhantomData;

use super::*;

/// A costmap service: `local_costmap/…` or `global_costmap/…`, with or without a leading `/`
/// (a port literal parses into one when the tree is built; any other service fails there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CostmapService(pub Layer);

impl core::str::FromStr for CostmapService {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim_start_matches('/').split('/').next() {
            Some("local_costmap") => Ok(CostmapService(Layer::Local)),
            Some("global_costmap") => Ok(CostmapService(Layer::Global)),
            _ => Err(format!("`{s}` is not a service of `local_costmap` or `global_costmap`")),
        }
    }
}

/// The costmap layers a clearing node names (`plugins="obstacle_layer;voxel_layer"`, Nav2's
/// `vector<string>` written as BehaviorTree.CPP writes one, `;`-separated); empty: every layer.
///
/// The costmaps here have one clearable layer, which holds the phantom marks: the local
/// costmap's `voxel_layer` and the global costmap's `obstacle_layer` (Nav2's defaults); either
/// name clears it in both. Other names (`static_layer`, `inflation_layer`) are layers with
/// nothing to clear.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plugins {
    /// Whether the list is empty or names the layer of the phantom marks.
    pub marks: bool,
}

/// The layers Nav2's default configuration gives its costmaps.
const LAYERS: [&str; 4] = ["obstacle_layer", "voxel_layer", "static_layer", "inflation_layer"];

impl core::str::FromStr for Plugins {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let names: Vec<&str> = s.split(';').map(str::trim).filter(|n| !n.is_empty()).collect();
        if let Some(unknown) = names.iter().find(|n| !LAYERS.contains(n)) {
            return Err(format!("the costmaps have no layer `{unknown}` (they have {})", LAYERS.join(", ")));
        }
        let marks = names.is_empty() || names.iter().any(|n| matches!(*n, "obstacle_layer" | "voxel_layer"));
        Ok(Plugins { marks })
    }
}

/// An error code a list can name: [`PlanError`] or [`ControlError`].
pub trait Code: Copy + PartialEq + 'static {
    /// Every code, in order.
    const ALL: &'static [Self];
    /// Nav2's name of the code.
    fn code_name(self) -> &'static str;
}

impl Code for PlanError {
    const ALL: &'static [Self] = &[
        PlanError::None,
        PlanError::Unknown,
        PlanError::GoalOccupied,
        PlanError::Timeout,
        PlanError::NoValidPath,
    ];
    fn code_name(self) -> &'static str {
        self.name()
    }
}

impl Code for ControlError {
    const ALL: &'static [Self] = &[
        ControlError::None,
        ControlError::Unknown,
        ControlError::NoValidControl,
        ControlError::FailedToMakeProgress,
        ControlError::PatienceExceeded,
        ControlError::InvalidPath,
    ];
    fn code_name(self) -> &'static str {
        self.name()
    }
}

/// A set of error codes (`error_codes_to_check="UNKNOWN;NO_VALID_PATH"`): Nav2's
/// `vector<int>`, written here with the codes' names, `;`-separated, since the numbers differ
/// between Nav2's releases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Codes<E> {
    mask: u16,
    kind: PhantomData<E>,
}

impl<E: Code> Codes<E> {
    /// Whether `code` is in the set.
    pub fn contains(self, code: E) -> bool {
        E::ALL.iter().position(|c| *c == code).is_some_and(|i| self.mask & (1 << i) != 0)
    }
}

impl<E: Code> core::str::FromStr for Codes<E> {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let mut mask = 0;
        for name in s.split(';').map(str::trim).filter(|n| !n.is_empty()) {
            let Some(i) = E::ALL.iter().position(|c| c.code_name() == name) else {
                let known: Vec<&str> = E::ALL.iter().map(|c| c.code_name()).collect();
                return Err(format!("no error code `{name}` (the codes are {})", known.join(", ")));
            };
            mask |= 1 << i;
        }
        Ok(Codes { mask, kind: PhantomData })
    }
}
