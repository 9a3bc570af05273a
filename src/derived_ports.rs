//! How `bt!` finds the ports a leaf's type derives (`#[derive(bt::Ports)]`) for the tree's
//! description, so that the leaf's `impl Action` need not repeat them as `Action::PORTS`.
//!
//! * In a named tree the leaf's type is written: [`PortsOf<T>`]`::PORTS` is `Some` through an
//!   inherent constant that exists only when `T: Ports`, and otherwise `None` through the trait
//!   [`NoDerivedPorts`] (an inherent item is preferred to a trait's when its bounds hold).
//! * In an anonymous tree the leaf's type is inferred from its value: [`PortsProbe`] picks, by
//!   method resolution on the leaf's node (autoref: [`ProbeDerived`] on the probe of an
//!   `ActionNode<T>` whose `T` derives `Ports`, [`ProbeNone`] on a reference to any probe), the
//!   marker [`Derived<T>`] or [`NotDerived`], whose type the description captures and reads
//!   [`DerivedPorts::PORTS`] of.
//!
//! A leaf whose type does not derive `Ports` keeps the ports its node declares
//! ([`Action::PORTS`](crate::Action::PORTS)).

use core::marker::PhantomData;

use crate::PortInfo;

/// The ports `T` derives, if it does (an inherent constant when `T: Ports`, else
/// [`NoDerivedPorts`]).
pub struct PortsOf<T: ?Sized>(PhantomData<T>);

#[cfg(feature = "alloc")]
impl<T: crate::ports::Ports> PortsOf<T> {
    /// `T`'s derived ports.
    pub const PORTS: Option<&'static [PortInfo]> = Some(<T as crate::ports::Ports>::PORTS);
}

/// The fallback of [`PortsOf`]: no derived ports.
pub trait NoDerivedPorts {
    /// None.
    const PORTS: Option<&'static [PortInfo]> = None;
}

impl<T: ?Sized> NoDerivedPorts for PortsOf<T> {}

/// The ports a marker stands for: `Some` for [`Derived<T>`], `None` for [`NotDerived`].
pub trait DerivedPorts {
    /// The ports, if the leaf's type derives them.
    const PORTS: Option<&'static [PortInfo]>;
}

/// The marker of a leaf whose type `T` derives `Ports`.
pub struct Derived<T: ?Sized>(PhantomData<T>);

#[cfg(feature = "alloc")]
impl<T: crate::ports::Ports> DerivedPorts for Derived<T> {
    const PORTS: Option<&'static [PortInfo]> = Some(<T as crate::ports::Ports>::PORTS);
}

/// The marker of a leaf whose type does not derive `Ports`.
pub struct NotDerived;

impl DerivedPorts for NotDerived {
    const PORTS: Option<&'static [PortInfo]> = None;
}

/// Holds a leaf's node while `bt!` asks which marker it gets: `(&PortsProbe(&node)).__bt_ports()`.
pub struct PortsProbe<'a, T>(pub &'a T);

/// The probe of a leaf whose type derives `Ports` (tried first: its receiver is the probe).
pub trait ProbeDerived {
    /// The marker.
    type Marker;
    /// Returns it.
    fn __bt_ports(&self) -> Self::Marker;
}

#[cfg(feature = "alloc")]
impl<T: crate::ports::Ports> ProbeDerived for PortsProbe<'_, crate::ActionNode<T>> {
    type Marker = Derived<T>;
    #[inline(always)]
    fn __bt_ports(&self) -> Derived<T> {
        Derived(PhantomData)
    }
}

#[cfg(feature = "alloc")]
impl<T: crate::ports::Ports> ProbeDerived for PortsProbe<'_, crate::InBlock<crate::ActionNode<T>>> {
    type Marker = Derived<T>;
    #[inline(always)]
    fn __bt_ports(&self) -> Derived<T> {
        Derived(PhantomData)
    }
}

/// The probe of any other leaf (tried second: its receiver is a reference to the probe).
pub trait ProbeNone {
    /// Returns the marker.
    fn __bt_ports(&self) -> NotDerived;
}

impl<T> ProbeNone for &PortsProbe<'_, T> {
    #[inline(always)]
    fn __bt_ports(&self) -> NotDerived {
        NotDerived
    }
}
