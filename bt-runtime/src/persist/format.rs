//! The serde side of saving and restoring: a tree's save as one value (header, then one entry per
//! node), written from the nodes' [`PersistNode::save_nodes`] and read back into their
//! [`PersistNode::load_nodes`], without allocating.

use core::cell::Cell;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::ser::{self, SerializeMap, SerializeStruct};
use serde::{Deserializer, Serialize, Serializer};

use super::path::{Paths, matches};
use super::{
    FORMAT, Invalid, InvalidState, NodeReader, NodeWriter, PersistNode, RestoreError, ShapeMismatch,
};
use crate::{Activation, NodeId, TreeDescription};

// -------------------------------------------------------------------------------------------------
// Writing
// -------------------------------------------------------------------------------------------------

/// A tree's state as [`BehaviorTree::save`](crate::BehaviorTree::save) returns it: serializing it
/// writes the header (format, tree name, fingerprint) and one entry per node (see the
/// [module docs](crate::persist)). It borrows the tree and the context; nothing is copied until it
/// is serialized.
pub struct SaveView<'a, N: Activation, Ctx: ?Sized> {
    pub(crate) root: &'a N,
    pub(crate) active: &'a N::Active,
    pub(crate) ctx: &'a Ctx,
    pub(crate) description: &'a TreeDescription,
    pub(crate) size: usize,
    pub(crate) fingerprint: u64,
}

impl<N: Activation, Ctx: ?Sized> fmt::Debug for SaveView<'_, N, Ctx> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SaveView")
            .field("tree", &self.description.name)
            .field("nodes", &self.size)
            .field("fingerprint", &format_args!("{:#018x}", self.fingerprint))
            .finish_non_exhaustive()
    }
}

/// The view of the state of a tree of `size` nodes whose root is `root`, with the active state
/// `active`, described by `description`, as [`BehaviorTree::save`](crate::BehaviorTree::save)
/// returns it. For tree wrappers of your own.
pub fn save_tree<'a, N: Activation, Ctx: ?Sized>(
    root: &'a N,
    active: &'a N::Active,
    ctx: &'a Ctx,
    description: &'a TreeDescription,
    size: usize,
    fingerprint: u64,
) -> SaveView<'a, N, Ctx> {
    SaveView { root, active, ctx, description, size, fingerprint }
}

/// A fingerprint as text (`0x…`), for human-readable formats.
struct Hex(u64);

impl Serialize for Hex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{:#018x}", self.0))
    }
}

impl<N: PersistNode<Ctx>, Ctx: ?Sized> Serialize for SaveView<'_, N, Ctx> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let human = serializer.is_human_readable();
        let mut s = serializer.serialize_struct("Saved", 4)?;
        s.serialize_field("format", &FORMAT)?;
        s.serialize_field("tree", self.description.name)?;
        if human {
            s.serialize_field("fingerprint", &Hex(self.fingerprint))?;
        } else {
            s.serialize_field("fingerprint", &self.fingerprint)?;
        }
        s.serialize_field(
            "nodes",
            &Entries {
                root: self.root,
                active: self.active,
                ctx: self.ctx,
                description: Some(self.description),
                size: self.size,
            },
        )?;
        s.end()
    }
}

/// The entries of a tree (or of a nested node) as one map.
struct Entries<'a, N: Activation, Ctx: ?Sized> {
    root: &'a N,
    active: &'a N::Active,
    ctx: &'a Ctx,
    /// `None` for nested entries, keyed by id.
    description: Option<&'a TreeDescription>,
    size: usize,
}

impl<N: PersistNode<Ctx>, Ctx: ?Sized> Serialize for Entries<'_, N, Ctx> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let human = serializer.is_human_readable() && self.description.is_some();
        let map = serializer.serialize_map(Some(self.size))?;
        let mut w = MapWriter {
            map,
            paths: Paths::new(self.description.unwrap_or(&TreeDescription::EMPTY)),
            human,
            next: 0,
        };
        self.root.save_nodes(self.active, self.ctx, 0, &mut w)?;
        if w.next != self.size {
            return Err(ser::Error::custom(format_args!(
                "{} entries were written for a tree of {} nodes: a PersistNode implementation writes one entry per node",
                w.next, self.size
            )));
        }
        w.map.end()
    }
}

/// Writes entries into a serde map.
struct MapWriter<'d, M> {
    map: M,
    paths: Paths<'d>,
    human: bool,
    next: NodeId,
}

impl<M: SerializeMap> NodeWriter for MapWriter<'_, M> {
    type Error = M::Error;

    fn entry<T: Serialize + ?Sized>(
        &mut self,
        id: NodeId,
        _running: bool,
        entry: &T,
    ) -> Result<(), M::Error> {
        if id != self.next {
            return Err(ser::Error::custom(format_args!(
                "node {id}'s entry was written where node {}'s was expected: a PersistNode implementation writes its \
                 entries in pre-order, one per node",
                self.next
            )));
        }
        self.next += 1;
        self.paths.advance(id);
        if self.human {
            self.map.serialize_key(&format_args!("{}", self.paths.key()))?;
        } else {
            self.map.serialize_key(&(id as u32))?;
        }
        self.map.serialize_value(entry)
    }

    fn unsupported(&mut self, id: NodeId, why: &'static str) -> M::Error {
        ser::Error::custom(format_args!("node {id}: {why}"))
    }
}

/// The entry of a node that holds nodes without ids of their own in the tree (a `service`'s
/// leaf, a node of several nodes embedded without a description): the node's own part, then the
/// inner nodes' entries as a map from their ids (from 0). See [`NodeWriter::nested`].
pub(crate) struct Nested<'a, H: ?Sized, N: Activation, Ctx: ?Sized> {
    pub(crate) own: &'a H,
    pub(crate) node: &'a N,
    pub(crate) active: &'a N::Active,
    pub(crate) ctx: &'a Ctx,
}

impl<H: Serialize + ?Sized, N: PersistNode<Ctx>, Ctx: ?Sized> Serialize for Nested<'_, H, N, Ctx> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Nested", 2)?;
        s.serialize_field("own", self.own)?;
        s.serialize_field(
            "nodes",
            &Entries {
                root: self.node,
                active: self.active,
                ctx: self.ctx,
                description: None,
                size: N::SIZE,
            },
        )?;
        s.end()
    }
}

// -------------------------------------------------------------------------------------------------
// Reading
// -------------------------------------------------------------------------------------------------

/// Reads what [`Nested`] wrote: the node's own part, then the inner nodes' entries. A value an
/// inner node refuses is recorded in `invalid`.
pub(crate) struct NestedSeed<'a, H, N, Ctx: ?Sized> {
    pub(crate) node: &'a N,
    pub(crate) ctx: &'a Ctx,
    pub(crate) invalid: &'a Cell<Option<(NodeId, Invalid)>>,
    pub(crate) own: PhantomData<fn() -> H>,
}

impl<'de, H: DeserializeOwned, N: PersistNode<Ctx>, Ctx: ?Sized> DeserializeSeed<'de>
    for NestedSeed<'_, H, N, Ctx>
{
    type Value = (H, (N::Loaded, N::Active));

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_struct("Nested", &["own", "nodes"], self)
    }
}

impl<H, N, Ctx: ?Sized> NestedSeed<'_, H, N, Ctx> {
    fn entries(&self) -> EntriesSeed<'_, N, Ctx> {
        EntriesSeed { root: self.node, ctx: self.ctx, description: None, size: 0, invalid: self.invalid }
    }
}

impl<'de, H: DeserializeOwned, N: PersistNode<Ctx>, Ctx: ?Sized> Visitor<'de> for NestedSeed<'_, H, N, Ctx> {
    type Value = (H, (N::Loaded, N::Active));

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a node's own state (`own`) and the entries of the nodes it holds (`nodes`)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut own = None;
        let mut nodes = None;
        while let Some(key) = map.next_key_seed(AnyStr { keep: &["own", "nodes"] })? {
            if key == 0 {
                own = Some(map.next_value()?);
            } else {
                nodes = Some(map.next_value_seed(EntriesSeed { size: N::SIZE, ..self.entries() })?);
            }
        }
        match (own, nodes) {
            (Some(own), Some(nodes)) => Ok((own, nodes)),
            (None, _) => Err(de::Error::missing_field("own")),
            (_, None) => Err(de::Error::missing_field("nodes")),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let own = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let nodes = seq
            .next_element_seed(EntriesSeed { size: N::SIZE, ..self.entries() })?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        Ok((own, nodes))
    }
}

/// Reads a map of entries into a node and its descendants.
struct EntriesSeed<'a, N, Ctx: ?Sized> {
    root: &'a N,
    ctx: &'a Ctx,
    description: Option<&'a TreeDescription>,
    size: usize,
    invalid: &'a Cell<Option<(NodeId, Invalid)>>,
}

impl<'de, N: PersistNode<Ctx>, Ctx: ?Sized> DeserializeSeed<'de> for EntriesSeed<'_, N, Ctx> {
    type Value = (N::Loaded, N::Active);

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        let human = d.is_human_readable() && self.description.is_some();
        d.deserialize_map(EntriesVisitor { seed: self, human })
    }
}

struct EntriesVisitor<'a, N, Ctx: ?Sized> {
    seed: EntriesSeed<'a, N, Ctx>,
    human: bool,
}

impl<'de, N: PersistNode<Ctx>, Ctx: ?Sized> Visitor<'de> for EntriesVisitor<'_, N, Ctx> {
    type Value = (N::Loaded, N::Active);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a map of {} node entries", self.seed.size)
    }

    fn visit_map<A: MapAccess<'de>>(self, access: A) -> Result<Self::Value, A::Error> {
        let EntriesSeed { root, ctx, description, size, invalid } = self.seed;
        let mut r = MapReader {
            access,
            paths: Paths::new(description.unwrap_or(&TreeDescription::EMPTY)),
            human: self.human,
            next: 0,
            invalid,
            marker: PhantomData,
        };
        let value = root.load_nodes(ctx, 0, &mut r)?;
        if r.next != size {
            return Err(de::Error::custom(format_args!(
                "{} entries were read for a tree of {size} nodes: a PersistNode implementation reads one entry per node",
                r.next
            )));
        }
        if r.access.size_hint().is_some_and(|left| left > 0) {
            return Err(de::Error::custom(format_args!(
                "the save has more entries than the tree's {size} nodes"
            )));
        }
        if r.access.next_key::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::custom(format_args!(
                "the save has more entries than the tree's {size} nodes"
            )));
        }
        Ok(value)
    }
}

/// Reads entries from a serde map, checking each key.
struct MapReader<'d, 'de, A> {
    access: A,
    paths: Paths<'d>,
    human: bool,
    next: NodeId,
    invalid: &'d Cell<Option<(NodeId, Invalid)>>,
    marker: PhantomData<&'de ()>,
}

impl<'de, A: MapAccess<'de>> MapReader<'_, 'de, A> {
    /// Reads node `id`'s key and checks it.
    fn key(&mut self, id: NodeId) -> Result<(), A::Error> {
        if id != self.next {
            return Err(de::Error::custom(format_args!(
                "node {id}'s entry was read where node {}'s was expected: a PersistNode implementation reads its \
                 entries in pre-order, one per node",
                self.next
            )));
        }
        self.next += 1;
        self.paths.advance(id);
        let key = self.paths.key();
        match self.access.next_key_seed(KeySeed { key: &key, id, human: self.human })? {
            Some(()) => Ok(()),
            None => Err(de::Error::custom(format_args!("the save ends before the entry of node `{key}`"))),
        }
    }
}

impl<'de, A: MapAccess<'de>> NodeReader for MapReader<'_, 'de, A> {
    type Error = A::Error;

    fn entry<T: DeserializeOwned>(&mut self, id: NodeId) -> Result<T, A::Error> {
        self.key(id)?;
        self.access.next_value()
    }

    fn entry_seed<V, S>(&mut self, id: NodeId, seed: S) -> Result<V, A::Error>
    where
        S: for<'x> DeserializeSeed<'x, Value = V>,
    {
        self.key(id)?;
        self.access.next_value_seed(seed)
    }

    fn invalid(&mut self, id: NodeId, why: Invalid) -> A::Error {
        if self.invalid.get().is_none() {
            self.invalid.set(Some((id, why)));
        }
        de::Error::custom(format_args!("node {id}: {why}"))
    }
}

/// Reads one key and checks that it is the expected node's.
struct KeySeed<'k, K> {
    key: &'k K,
    id: NodeId,
    human: bool,
}

impl<'de, K: fmt::Display> DeserializeSeed<'de> for KeySeed<'_, K> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        if self.human { d.deserialize_str(self) } else { d.deserialize_u32(self) }
    }
}

impl<'de, K: fmt::Display> Visitor<'de> for KeySeed<'_, K> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.human { write!(f, "the key `{}`", self.key) } else { write!(f, "the node id {}", self.id) }
    }

    fn visit_str<E: de::Error>(self, found: &str) -> Result<(), E> {
        if matches(self.key, found) {
            Ok(())
        } else {
            Err(E::custom(format_args!(
                "the entry of node `{}` was expected, `{found}` was found (entries come in the tree's order)",
                self.key
            )))
        }
    }

    fn visit_u64<E: de::Error>(self, found: u64) -> Result<(), E> {
        if found == self.id as u64 {
            Ok(())
        } else {
            Err(E::custom(format_args!(
                "the entry of node {} was expected, node {found}'s was found (entries come in the tree's order)",
                self.id
            )))
        }
    }
}

/// What made a restore fail, besides the format's own error.
#[derive(Clone, Copy)]
enum Refused {
    Shape(ShapeMismatch),
}

/// Reads a tree's save (see [`BehaviorTree::restore`](crate::BehaviorTree::restore)): the header,
/// the fingerprint before any entry, then every entry; returns what the root's
/// [`PersistNode::load_nodes`] read, for its [`apply`](PersistNode::apply). Nothing is changed.
/// For tree wrappers of your own.
///
/// # Errors
///
/// As [`BehaviorTree::restore`](crate::BehaviorTree::restore).
pub fn restore_tree<'de, De: Deserializer<'de>, N: PersistNode<Ctx>, Ctx: ?Sized>(
    de: De,
    root: &N,
    ctx: &Ctx,
    description: &TreeDescription,
    size: usize,
    fingerprint: u64,
) -> Result<super::Restored<N, Ctx>, RestoreError<De::Error>> {
    let refused = Cell::new(None);
    let invalid = Cell::new(None);
    let human = de.is_human_readable();
    let visitor = TreeVisitor {
        entries: EntriesSeed { root, ctx, description: Some(description), size, invalid: &invalid },
        fingerprint,
        refused: &refused,
        human,
    };
    match de.deserialize_struct("Saved", &["format", "tree", "fingerprint", "nodes"], visitor) {
        Ok(loaded) => Ok(loaded),
        Err(e) => Err(match (refused.get(), invalid.get()) {
            (Some(Refused::Shape(m)), _) => RestoreError::ShapeMismatch(m),
            (None, Some((node, why))) => RestoreError::Invalid(InvalidState {
                node,
                kind: description.node(node).map_or("", |n| n.kind),
                why,
            }),
            (None, None) => RestoreError::Format(e),
        }),
    }
}

struct TreeVisitor<'a, N, Ctx: ?Sized> {
    entries: EntriesSeed<'a, N, Ctx>,
    fingerprint: u64,
    refused: &'a Cell<Option<Refused>>,
    human: bool,
}

impl<N, Ctx: ?Sized> TreeVisitor<'_, N, Ctx> {
    fn check_format<E: de::Error>(format: u32) -> Result<(), E> {
        if format == FORMAT {
            Ok(())
        } else {
            Err(E::custom(format_args!(
                "the save is in format {format}; this version of bt reads format {FORMAT} (a save written by bt \
                 before format 1 cannot be read)"
            )))
        }
    }

    fn check_fingerprint<E: de::Error>(&self, found: u64) -> Result<(), E> {
        if found == self.fingerprint {
            return Ok(());
        }
        let mismatch = ShapeMismatch { expected: self.fingerprint, found };
        self.refused.set(Some(Refused::Shape(mismatch)));
        Err(E::custom(mismatch))
    }
}

/// The fields of the header.
enum Field {
    Format,
    Tree,
    Fingerprint,
    Nodes,
}

impl<'de> serde::Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Field, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`format`, `tree`, `fingerprint` or `nodes`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
                match v {
                    "format" => Ok(Field::Format),
                    "tree" => Ok(Field::Tree),
                    "fingerprint" => Ok(Field::Fingerprint),
                    "nodes" => Ok(Field::Nodes),
                    other => Err(E::unknown_field(other, &["format", "tree", "fingerprint", "nodes"])),
                }
            }
        }
        d.deserialize_identifier(V)
    }
}

/// A text read without allocating: one of `keep` (its index), or any other text (`keep.len()`).
struct AnyStr {
    keep: &'static [&'static str],
}

impl<'de> DeserializeSeed<'de> for AnyStr {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        if self.keep.is_empty() { d.deserialize_str(self) } else { d.deserialize_identifier(self) }
    }
}

impl Visitor<'_> for AnyStr {
    type Value = usize;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.keep.is_empty() {
            f.write_str("the tree's name")
        } else {
            write!(f, "one of {:?}", self.keep)
        }
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<usize, E> {
        match self.keep.iter().position(|k| *k == v) {
            Some(i) => Ok(i),
            None if self.keep.is_empty() => Ok(0),
            None => Err(E::unknown_field(v, self.keep)),
        }
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<usize, E> {
        match usize::try_from(v) {
            Ok(i) if i < self.keep.len() => Ok(i),
            _ => Err(E::invalid_value(de::Unexpected::Unsigned(v), &self)),
        }
    }
}

/// The fingerprint: `0x…` text (or a number) in human-readable formats, a `u64` otherwise.
struct FingerprintSeed {
    human: bool,
}

impl<'de> DeserializeSeed<'de> for FingerprintSeed {
    type Value = u64;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<u64, D::Error> {
        if self.human { d.deserialize_any(self) } else { d.deserialize_u64(self) }
    }
}

impl Visitor<'_> for FingerprintSeed {
    type Value = u64;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the tree's fingerprint (`0x` and 16 hexadecimal digits)")
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
        Ok(v)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<u64, E> {
        let digits = v.strip_prefix("0x").ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))?;
        u64::from_str_radix(digits, 16).map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}

impl<'de, N: PersistNode<Ctx>, Ctx: ?Sized> Visitor<'de> for TreeVisitor<'_, N, Ctx> {
    type Value = (N::Loaded, N::Active);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a saved behavior tree (`format`, `tree`, `fingerprint`, `nodes`)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut format = false;
        let mut fingerprint = false;
        let mut nodes = None;
        while let Some(field) = map.next_key::<Field>()? {
            match field {
                Field::Format => {
                    Self::check_format(map.next_value::<u32>()?)?;
                    format = true;
                }
                Field::Tree => {
                    map.next_value_seed(AnyStr { keep: &[] })?;
                }
                Field::Fingerprint => {
                    let found = map.next_value_seed(FingerprintSeed { human: self.human })?;
                    self.check_fingerprint(found)?;
                    fingerprint = true;
                }
                Field::Nodes => {
                    if !format {
                        return Err(de::Error::missing_field("format"));
                    }
                    if !fingerprint {
                        return Err(de::Error::custom("the fingerprint must come before the nodes"));
                    }
                    if nodes.is_some() {
                        return Err(de::Error::duplicate_field("nodes"));
                    }
                    nodes = Some(map.next_value_seed(self.entries.clone())?);
                }
            }
        }
        nodes.ok_or_else(|| de::Error::missing_field("nodes"))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let missing = |field| de::Error::custom(format_args!("the save ends before its `{field}`"));
        Self::check_format(seq.next_element::<u32>()?.ok_or_else(|| missing("format"))?)?;
        seq.next_element_seed(AnyStr { keep: &[] })?.ok_or_else(|| missing("tree"))?;
        let found = seq
            .next_element_seed(FingerprintSeed { human: self.human })?
            .ok_or_else(|| missing("fingerprint"))?;
        self.check_fingerprint(found)?;
        seq.next_element_seed(self.entries)?.ok_or_else(|| missing("nodes"))
    }
}

impl<N, Ctx: ?Sized> Clone for EntriesSeed<'_, N, Ctx> {
    fn clone(&self) -> Self {
        EntriesSeed {
            root: self.root,
            ctx: self.ctx,
            description: self.description,
            size: self.size,
            invalid: self.invalid,
        }
    }
}
