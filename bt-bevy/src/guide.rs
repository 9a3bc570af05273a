//! Guide (to be written).
