//! Documents by the client's URIs, whatever their scheme (`file:`,
//! `vscode-vfs:`, `untitled:`): the core never makes a URI from a path
//! through the operating system. A document's path is its URI's path,
//! decoded ([`path_of`]), which is what the project's globs and the
//! answer names match; a file beside a document is named by that
//! document's URI with its last segment replaced ([`sibling`]), spelled
//! as `ls_types::Uri::from_file_path` spells a path, so that on the
//! desktop the two spellings of one file agree.

use std::path::{Path, PathBuf};
use std::str::FromStr as _;

use ls_types::Uri;

/// The path `uri` names, decoded: `file:///a/b%20c.in` is `/a/b c.in`,
/// `vscode-vfs://github/o/r/x.in` is `/o/r/x.in`. Empty when the URI has
/// no path.
pub fn path_of(uri: &Uri) -> PathBuf {
    PathBuf::from(uri.path().decode().to_string_lossy().into_owned())
}

/// `uri` without its query and fragment, as text.
fn base(uri: &Uri) -> &str {
    uri.as_str().split(['?', '#']).next().unwrap_or_default()
}

/// The URI of the file named `name` in the folder of the document `uri`
/// (the same scheme and authority); `None` for a name that is not one
/// file name, or a URI with no folder.
pub fn sibling(uri: &Uri, name: &str) -> Option<Uri> {
    child(&folder_of(uri)?, name)
}

/// The URI of the file named `name` in the folder `folder` (a URI ending
/// with `/`, as [`folder_of`] makes them); `None` for a name that is not
/// one file name.
pub fn child(folder: &Uri, name: &str) -> Option<Uri> {
    if name.is_empty() || name.contains(['/', '\\']) || name == "." || name == ".." {
        return None;
    }
    let folder = base(folder);
    let folder = folder.strip_suffix('/').unwrap_or(folder);
    Uri::from_str(&format!("{folder}/{}", percent_encode(name))).ok()
}

/// The URI of the folder holding the document `uri`, with a trailing `/`.
pub fn folder_of(uri: &Uri) -> Option<Uri> {
    let base = base(uri);
    let end = base.rfind('/')? + 1;
    // `scheme://authority/` is the top; its folder is itself.
    Uri::from_str(&base[..end]).ok()
}

/// The folder above the folder `folder` (`…/a/b/` → `…/a/`); `None` at
/// the top.
pub fn parent_folder(folder: &Uri) -> Option<Uri> {
    let base = base(folder).strip_suffix('/')?;
    let end = base.rfind('/')? + 1;
    // Not above the authority: `file:///` and `vscode-vfs://host/` end.
    let top = base.find("://").map_or(0, |at| {
        base[at + 3..]
            .find('/')
            .map_or(base.len(), |slash| at + 3 + slash)
    });
    if end <= top {
        return None;
    }
    Uri::from_str(&base[..end]).ok()
}

/// The URI of the file `path` (as [`path_of`] reads paths) with the scheme
/// and authority of `like`: the way back from a path the engine names
/// (an answer's input) to a URI, without the operating system.
pub fn with_path(like: &Uri, path: &Path) -> Option<Uri> {
    let base = base(like);
    let top = match base.find("://") {
        Some(at) => base[at + 3..]
            .find('/')
            .map_or(base.len(), |slash| at + 3 + slash),
        None => base.find(':')? + 1,
    };
    let text = path.to_str()?;
    if !text.starts_with('/') {
        return None;
    }
    let encoded: Vec<String> = text
        .split('/')
        .enumerate()
        .map(|(at, segment)| match segment.as_bytes() {
            // A Windows drive (`/C:/…`) keeps its colon, as the desktop
            // spells its keys.
            [letter, b':'] if at == 1 && letter.is_ascii_alphabetic() => segment.to_owned(),
            _ => percent_encode(segment),
        })
        .collect();
    Uri::from_str(&format!("{}{}", &base[..top], encoded.join("/"))).ok()
}

/// `text` with every byte but ASCII letters, digits and `-._~`
/// percent-encoded (RFC 3986's unreserved characters).
pub fn percent_encode(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                encoded.push(char::from(byte));
            }
            _ => {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                encoded.push('%');
                encoded.push(char::from(HEX[usize::from(byte >> 4)]));
                encoded.push(char::from(HEX[usize::from(byte & 15)]));
            }
        }
    }
    encoded
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(text: &str) -> Uri {
        Uri::from_str(text).expect("a URI")
    }

    #[test]
    fn paths_are_the_uris_own_whatever_the_scheme() {
        assert_eq!(path_of(&uri("file:///t/a%20b.in")), Path::new("/t/a b.in"));
        assert_eq!(
            path_of(&uri("vscode-vfs://github/o/r/t/01.in")),
            Path::new("/o/r/t/01.in")
        );
    }

    #[test]
    fn siblings_keep_the_scheme_and_spell_as_file_paths_are_spelled() {
        let input = uri("vscode-vfs://github/o/r/t/01.in?ref=main");
        assert_eq!(
            sibling(&input, "01 ans+.out").map(|u| u.as_str().to_owned()),
            Some("vscode-vfs://github/o/r/t/01%20ans%2B.out".to_owned())
        );
        assert_eq!(sibling(&input, "../x"), None);
        let file = uri("file:///t/01.in");
        let answer = sibling(&file, "01 é.out");
        assert_eq!(
            answer,
            Uri::from_file_path(Path::new("/t/01 é.out")),
            "as ls_types spells a path"
        );
        assert_eq!(
            with_path(&file, Path::new("/u/02 é.in")),
            Uri::from_file_path(Path::new("/u/02 é.in"))
        );
        let windows = uri("file:///C:/t/01.ans");
        assert_eq!(
            with_path(&windows, &path_of(&windows).with_extension("in"))
                .map(|u| u.as_str().to_owned()),
            Some("file:///C:/t/01.in".to_owned())
        );
    }

    #[test]
    fn folders_walk_up_to_the_authority() {
        let folder = folder_of(&uri("file:///a/b/x.in")).expect("a folder");
        assert_eq!(folder.as_str(), "file:///a/b/");
        let up = parent_folder(&folder).expect("above");
        assert_eq!(up.as_str(), "file:///a/");
        let top = parent_folder(&up).expect("the root");
        assert_eq!(top.as_str(), "file:///");
        assert_eq!(parent_folder(&top), None);
        let vfs = folder_of(&uri("vscode-vfs://github/o/x.in")).expect("a folder");
        let vfs_top = parent_folder(&vfs).expect("the authority's root");
        assert_eq!(vfs_top.as_str(), "vscode-vfs://github/");
        assert_eq!(parent_folder(&vfs_top), None);
    }
}
