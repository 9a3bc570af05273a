//! The entry points: reading files (in `files`), building the chosen tree (in `build` and
//! `element`), reading node models (in `models`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use roxmltree::Document;

use crate::build::{Builder, Scope};
use crate::files::{Lines, parse, read_capped, read_files, xml_error};
use crate::limits::{self, MAX_FILE_BYTES};
use crate::models::models_in;
use crate::{Error, Model, Tree};

/// Reads `path` (and the files it includes) from the file system and builds the tree named `tree`
/// (by default the file's `main_tree_to_execute`, or its only tree).
///
/// Only regular files are read, each up to [`MAX_FILE_BYTES`](crate::limits::MAX_FILE_BYTES);
/// every limit of [`limits`](crate::limits) holds whatever the files hold.
pub fn load(path: &Path, tree: Option<&str>) -> Result<Tree, Vec<Error>> {
    load_with(path, tree, &mut |p| read_capped(p))
}

/// Builds a tree from the text of a file named `name`; includes are read from the file system,
/// relative to `name`, as [`load`] reads them.
pub fn load_str(name: &str, text: &str, tree: Option<&str>) -> Result<Tree, Vec<Error>> {
    load_str_among(name, text, tree, &[])
}

/// Like [`load_str`], with sibling files (see [`load_among`]).
pub fn load_str_among(
    name: &str,
    text: &str,
    tree: Option<&str>,
    siblings: &[PathBuf],
) -> Result<Tree, Vec<Error>> {
    let first = PathBuf::from(name);
    let text = text.to_string();
    load_files(&first.clone(), tree, siblings, &mut |p| {
        if p == first { Ok(text.clone()) } else { read_capped(p) }
    })
}

/// Like [`load`], with sibling files: each path of `siblings` is a file, or a directory whose
/// `*.xml` files are read (not those of its subdirectories). Their trees can be named by the
/// tree's `<SubTree ID>`s (as BehaviorTree.CPP's `registerBehaviorTreeFromFile` and MoveIt Pro's
/// directory of objectives allow), and an `<include path>` not found next to its file is looked
/// for in each sibling directory, in order. Every limit of [`limits`](crate::limits) counts the
/// sibling files too.
pub fn load_among(path: &Path, tree: Option<&str>, siblings: &[PathBuf]) -> Result<Tree, Vec<Error>> {
    load_files(path, tree, siblings, &mut |p| read_capped(p))
}

/// Like [`load`], reading every file through `read`. A text longer than
/// [`MAX_FILE_BYTES`](crate::limits::MAX_FILE_BYTES) is refused after `read` returns it: a reader
/// of untrusted sources caps its reads itself.
pub fn load_with(
    path: &Path,
    tree: Option<&str>,
    read: &mut dyn FnMut(&Path) -> std::io::Result<String>,
) -> Result<Tree, Vec<Error>> {
    load_files(path, tree, &[], read)
}

/// Like [`load_among`], reading every file through `read` (directories are listed from the file
/// system).
pub fn load_files(
    path: &Path,
    tree: Option<&str>,
    siblings: &[PathBuf],
    read: &mut dyn FnMut(&Path) -> std::io::Result<String>,
) -> Result<Tree, Vec<Error>> {
    let mut errors = Vec::new();
    let files = read_files(path, siblings, read, &mut errors);
    if files.is_empty() {
        return Err(errors);
    }
    let docs: Vec<Option<Document<'_>>> = files.iter().map(|f| f.parse()).collect();
    let mut b = Builder::new(&files, &docs, errors);
    b.collect_trees();
    let chosen = b.choose(tree);
    let result = chosen.and_then(|(name, doc, node)| {
        let scope = Scope { remap: HashMap::new(), auto: false, prefix: None, parent: None };
        let mut stack = vec![name.clone()];
        let root = b.tree_root(doc, node, &name, &scope, &mut stack, 0)?;
        let files: Vec<PathBuf> = files.iter().map(|f| f.path.clone()).collect();
        crate::aborts::check(&root, &files, &mut b.errors);
        crate::async_children::check(&root, &files, &mut b.errors);
        let models = docs
            .iter()
            .enumerate()
            .filter_map(|(i, d)| Some((i, d.as_ref()?)))
            .flat_map(|(i, d)| models_in(d, &b.files[i].text, &b.files[i].lines, i))
            .collect();
        Some(Tree { name, root, files, models })
    });
    match result {
        Some(t) if b.errors.is_empty() => Ok(t),
        _ => {
            if b.errors.is_empty() {
                b.errors.push(Error {
                    file: path.to_path_buf(),
                    line: 0,
                    column: 0,
                    message: "no tree could be built".into(),
                });
            }
            Err(b.errors)
        }
    }
}

/// The node models (`TreeNodesModel`) declared in `path` and the files it includes.
pub fn models(path: &Path) -> Result<Vec<Model>, Vec<Error>> {
    let mut errors = Vec::new();
    let files = read_files(path, &[], &mut |p| read_capped(p), &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(files
        .iter()
        .enumerate()
        .filter_map(|(i, f)| Some((i, f, f.parse()?)))
        .flat_map(|(i, f, d)| models_in(&d, &f.text, &f.lines, i))
        .collect())
}

/// The node models declared in the text of one file.
pub fn models_str(text: &str) -> Result<Vec<Model>, Error> {
    let at = |at: usize, message: String| {
        let pos = Lines::new(text).pos(text, 0, at);
        Error { file: PathBuf::new(), line: pos.line, column: pos.column, message }
    };
    if text.len() > MAX_FILE_BYTES {
        return Err(at(
            0,
            format!(
                "the text is larger than {} MiB: bt reads XML files of at most that size",
                MAX_FILE_BYTES >> 20
            ),
        ));
    }
    limits::check_text(text).map_err(|c| at(c.at, c.message))?;
    match parse(text) {
        Ok(d) => Ok(models_in(&d, text, &Lines::new(text), 0)),
        Err(e) => Err(xml_error(Path::new(""), &e)),
    }
}
