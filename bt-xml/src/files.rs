//! Reading the files of a load: the first one and, transitively, the ones it includes, each
//! within the limits of [`crate::limits`]; and positions in their text.

use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};

use roxmltree::{Document, ParsingOptions};

use crate::limits::{self, MAX_FILE_BYTES, MAX_FILES, MAX_TOTAL_BYTES};
use crate::{Error, Pos};

/// One file read.
pub(crate) struct File {
    pub(crate) path: PathBuf,
    pub(crate) text: String,
    pub(crate) lines: Lines,
    /// The text passed [`limits::check_text`]: it may be given to the XML parser.
    pub(crate) checked: bool,
}

impl File {
    /// The parsed document, when the text was checked and is well-formed.
    pub(crate) fn parse(&self) -> Option<Document<'_>> {
        if self.checked { parse(&self.text).ok() } else { None }
    }
}

/// The XML parser, as every file is parsed.
pub(crate) fn parse(text: &str) -> Result<Document<'_>, roxmltree::Error> {
    Document::parse_with_options(text, ParsingOptions { allow_dtd: false, nodes_limit: 1_000_000 })
}

pub(crate) fn xml_error(path: &Path, e: &roxmltree::Error) -> Error {
    let p = e.pos();
    Error {
        file: path.to_path_buf(),
        line: p.row,
        column: p.col,
        message: format!("malformed XML: {e}; fix the file (Groot2 opens only well-formed XML too)"),
    }
}

/// Reads a file from the file system: only a regular file, and only up to [`MAX_FILE_BYTES`]
/// (the cap applies while reading, so a file that grows is not read further).
pub(crate) fn read_capped(path: &Path) -> io::Result<String> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, NOT_A_FILE));
    }
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.take(MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

const NOT_A_FILE: &str = "not a regular file";

fn too_large(len: u64) -> io::Error {
    io::Error::new(io::ErrorKind::FileTooLarge, format!("{len} bytes"))
}

/// What to say when a file cannot be read.
fn read_message(what: &str, path: &Path, e: &io::Error) -> String {
    let path = path.display();
    match e.kind() {
        io::ErrorKind::FileTooLarge => format!(
            "the {what} `{path}` is larger than {} MiB ({e}): bt reads XML files of at most {} MiB; split it into files that include one another (`<include path=\"…\"/>`)",
            MAX_FILE_BYTES >> 20,
            MAX_FILE_BYTES >> 20
        ),
        io::ErrorKind::InvalidInput if e.to_string() == NOT_A_FILE => format!(
            "the {what} `{path}` is not a regular file (a directory, a device or a pipe): name an XML file"
        ),
        _ => format!(
            "cannot read the {what} `{path}`: {e}; paths are relative to the including file (or to a directory of sibling files, and the first file's to the crate's Cargo.toml)"
        ),
    }
}

/// `a/b/../c` → `a/c`, without touching the file system.
pub(crate) fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// The sibling files of a load: each path of `siblings` that is a file, and the `*.xml` files
/// directly in each one that is a directory (in the order of their names); and the directories,
/// where includes are looked for too.
fn siblings_of(siblings: &[PathBuf], errors: &mut Vec<Error>) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let (mut files, mut dirs) = (Vec::new(), Vec::new());
    for s in siblings {
        let s = normalize(s);
        if !s.is_dir() {
            files.push(s);
            continue;
        }
        match std::fs::read_dir(&s) {
            Ok(entries) => {
                let mut found: Vec<PathBuf> = entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "xml") && p.is_file())
                    .collect();
                found.sort();
                files.extend(found);
                dirs.push(s);
            }
            Err(e) => errors.push(Error {
                file: s.clone(),
                line: 0,
                column: 0,
                message: format!("cannot list the directory `{}` of trees: {e}", s.display()),
            }),
        }
    }
    (files, dirs)
}

/// Reads the first file and, transitively, every file it includes (each once), then the sibling
/// files (`siblings`: files, and directories whose `*.xml` files are read) and theirs. An include
/// is found relative to the including file, or else relative to a sibling directory.
pub(crate) fn read_files(
    path: &Path,
    siblings: &[PathBuf],
    read: &mut dyn FnMut(&Path) -> io::Result<String>,
    errors: &mut Vec<Error>,
) -> Vec<File> {
    let mut files: Vec<File> = Vec::new();
    let mut total = 0usize;
    let (sibling_files, dirs) = siblings_of(siblings, errors);
    // A stack: the first file is read first, then what it includes, then the siblings in order.
    let mut queue: Vec<(PathBuf, Option<(PathBuf, Pos)>)> =
        sibling_files.into_iter().rev().map(|f| (f, None)).collect();
    queue.push((path.to_path_buf(), None));
    while let Some((p, from)) = queue.pop() {
        if files.iter().any(|f| normalize(&f.path) == normalize(&p)) {
            continue;
        }
        let (file, line, column) = match &from {
            Some((f, pos)) => (f.clone(), pos.line, pos.column),
            None => (p.clone(), 0, 0),
        };
        if files.len() >= MAX_FILES {
            errors.push(Error {
                file,
                line,
                column,
                message: format!(
                    "more than {MAX_FILES} files included: bt reads at most {MAX_FILES} files for one tree"
                ),
            });
            break;
        }
        let what = if from.is_some() { "included file" } else { "file" };
        let text = match read(&p) {
            Ok(t) if t.len() > MAX_FILE_BYTES => Err(too_large(t.len() as u64)),
            other => other,
        };
        let text = match text {
            Ok(t) => t,
            Err(e) => {
                errors.push(Error { file, line, column, message: read_message(what, &p, &e) });
                continue;
            }
        };
        total += text.len();
        if total > MAX_TOTAL_BYTES {
            errors.push(Error {
                file,
                line,
                column,
                message: format!(
                    "the files of this tree together are larger than {} MiB (with the {what} `{}`): bt reads at most {} MiB for one tree; include fewer files",
                    MAX_TOTAL_BYTES >> 20,
                    p.display(),
                    MAX_TOTAL_BYTES >> 20
                ),
            });
            break;
        }
        let index = files.len();
        let mut f = File { lines: Lines::new(&text), path: p, text, checked: false };
        match limits::check_text(&f.text) {
            Ok(()) => f.checked = true,
            Err(c) => {
                let pos = f.lines.pos(&f.text, index, c.at);
                errors.push(Error {
                    file: f.path.clone(),
                    line: pos.line,
                    column: pos.column,
                    message: c.message,
                });
            }
        }
        if f.checked {
            includes(&f, index, &dirs, &mut queue, errors);
        }
        files.push(f);
    }
    files
}

/// Checks the document element of a file and queues the files it includes.
fn includes(
    f: &File,
    index: usize,
    dirs: &[PathBuf],
    queue: &mut Vec<(PathBuf, Option<(PathBuf, Pos)>)>,
    errors: &mut Vec<Error>,
) {
    let d = match parse(&f.text) {
        Ok(d) => d,
        Err(e) => {
            errors.push(xml_error(&f.path, &e));
            return;
        }
    };
    let p = &f.path;
    let err = |at: usize, message: String| {
        let pos = f.lines.pos(&f.text, index, at);
        Error { file: p.clone(), line: pos.line, column: pos.column, message }
    };
    let root = d.root_element();
    if root.tag_name().name() != "root" {
        errors.push(err(
            root.range().start,
            format!(
                "the document element is `<{}>`: a BehaviorTree.CPP file has `<root BTCPP_format=\"4\">` around its trees",
                root.tag_name().name()
            ),
        ));
    }
    for inc in root.children().filter(|n| n.has_tag_name("include")) {
        let at = inc.range().start;
        if let Some(pkg) = inc.attribute("ros_pkg") {
            errors.push(err(at, format!(
                "`<include ros_pkg=\"{pkg}\">` needs a ROS package index, which a build does not have: copy the file next to this one and include it by `path`"
            )));
            continue;
        }
        match inc.attribute("path") {
            Some(rel) => {
                let dir = p.parent().unwrap_or(Path::new(""));
                let here = normalize(&dir.join(rel));
                // Not next to the including file: in a sibling directory, if one has it.
                let found = if here.exists() {
                    here
                } else {
                    dirs.iter().map(|d| normalize(&d.join(rel))).find(|c| c.exists()).unwrap_or(here)
                };
                queue.push((found, Some((p.clone(), f.lines.pos(&f.text, index, at)))));
            }
            None => errors
                .push(err(at, "`<include>` without `path`: write `<include path=\"other.xml\"/>`".into())),
        }
    }
}

/// Where each line of a text starts, and how many characters precede each block of it: a
/// position is found in logarithmic time (the parser's own `text_pos_at` rescans the text).
pub(crate) struct Lines {
    /// Byte offsets of the `\n`s.
    newlines: Vec<usize>,
    /// Characters before each block of [`BLOCK`] bytes.
    chars: Vec<usize>,
}

const BLOCK: usize = 1024;

impl Lines {
    pub(crate) fn new(text: &str) -> Lines {
        let b = text.as_bytes();
        let newlines = b.iter().enumerate().filter(|&(_, &c)| c == b'\n').map(|(i, _)| i).collect();
        let mut chars = Vec::with_capacity(b.len() / BLOCK + 1);
        let mut n = 0;
        for block in b.chunks(BLOCK) {
            chars.push(n);
            n += count_chars(block);
        }
        Lines { newlines, chars }
    }

    /// Characters in `text[..at]`.
    fn chars_before(&self, text: &[u8], at: usize) -> usize {
        let block = at / BLOCK;
        self.chars.get(block).copied().unwrap_or(0) + count_chars(&text[block * BLOCK..at])
    }

    /// The 1-based line and column (in characters) of byte offset `at` of `text`, as the XML
    /// parser counts them.
    pub(crate) fn pos(&self, text: &str, file: usize, at: usize) -> Pos {
        let b = text.as_bytes();
        let at = at.min(b.len());
        let line = self.newlines.partition_point(|&n| n < at);
        let start = if line == 0 { 0 } else { self.newlines[line - 1] + 1 };
        let column = self.chars_before(b, at) - self.chars_before(b, start) + 1;
        let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Pos { file, line: to_u32(line + 1), column: to_u32(column) }
    }
}

/// Characters in a run of UTF-8 bytes: the bytes that are not continuation bytes.
fn count_chars(b: &[u8]) -> usize {
    b.iter().filter(|&&c| c & 0xC0 != 0x80).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_the_parsers() {
        let text = "<root>\n  <é a=\"1\"/>\r\n\t<B/>\n\n<C>ü</C>é\n</root>";
        let d = parse(text).unwrap();
        let lines = Lines::new(text);
        for at in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            let p = d.text_pos_at(at);
            assert_eq!(lines.pos(text, 3, at), Pos { file: 3, line: p.row, column: p.col }, "at {at}");
        }
    }

    #[test]
    fn positions_across_blocks() {
        let text = format!("{}\n{}x", "é".repeat(3000), "ü".repeat(2000));
        let lines = Lines::new(&text);
        let at = text.len() - 1;
        assert_eq!(lines.pos(&text, 0, at), Pos { file: 0, line: 2, column: 2001 });
        assert_eq!(lines.pos(&text, 0, 3000 * 2), Pos { file: 0, line: 1, column: 3001 });
    }
}
