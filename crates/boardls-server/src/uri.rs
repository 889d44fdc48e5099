//! A client's `file:` URIs and the keys the server knows documents by.
//!
//! One file has many URIs. VS Code on Windows sends
//! `file:///c%3A/Users/ana/01.in`, other clients `file:///C:/Users/ana/01.in`,
//! and the workspace scan finds the path `C:\Users\ana\01.in`; Windows
//! also compares paths without case. The server knows each document by one
//! key, the URI [`from_path`] makes of its path:
//!
//! - every URI in a client's request becomes its key as the request
//!   arrives ([`Spellings::to_keys`](crate::wire::spellings::Spellings::to_keys)), before anything looks at it;
//! - what goes back to the client names an open document as the client
//!   spelled it when it opened it ([`Spellings::spell`](crate::wire::spellings::Spellings::spell)).
//!
//! On Unix a URI is its own key, as before. The Windows rules are pure
//! functions of text ([`windows_path`], [`windows_uri`]), tested on every
//! machine; [`WINDOWS`] is the one place that picks the platform.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr as _;
use std::sync::{LazyLock, Mutex, PoisonError};

use ls_types::Uri;

/// Whether paths and URIs follow Windows' rules here.
pub const WINDOWS: bool = cfg!(windows);

/// The local path a `file:` URI names, `None` for another scheme.
pub fn to_path(uri: &Uri) -> Option<PathBuf> {
    if WINDOWS {
        return windows_path(uri.as_str()).map(PathBuf::from);
    }
    let scheme = uri.scheme().as_str();
    if !scheme.eq_ignore_ascii_case("file") {
        return None;
    }
    uri.to_file_path().map(|p| p.into_owned())
}

/// The key of the file at `path`: its `file:` URI (a relative path is
/// made absolute first, against the current directory).
pub fn from_path(path: &Path) -> Option<Uri> {
    if !WINDOWS {
        return Uri::from_file_path(path);
    }
    let absolute = std::path::absolute(path).ok()?;
    windows_key(&absolute.to_string_lossy())
}

/// The key of the document a client's URI names: itself, unless it is a
/// `file:` URI spelled otherwise than its key.
pub fn key(uri: &Uri) -> Uri {
    if !WINDOWS {
        return uri.clone();
    }
    windows_path(uri.as_str())
        .and_then(|path| windows_key(&path))
        .unwrap_or_else(|| uri.clone())
}

/// Keys by their folded path: the first spelling of a file the process
/// met stands for every spelling that differs from it only in case.
static WINDOWS_KEYS: LazyLock<Mutex<HashMap<String, Uri>>> = LazyLock::new(Default::default);

/// The key of a Windows path: its URI, one for all its casings.
pub fn windows_key(path: &str) -> Option<Uri> {
    let text = windows_uri(path)?;
    let folded = windows_path(&text)?.to_lowercase();
    let mut keys = WINDOWS_KEYS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(known) = keys.get(&folded) {
        return Some(known.clone());
    }
    let uri = Uri::from_str(&text).ok()?;
    keys.insert(folded, uri.clone());
    Some(uri)
}

/// The Windows path a `file:` URI names: `file:///c%3A/a%20b/x.in` is
/// `C:\a b\x.in`, `file://server/share/x.in` is `\\server\share\x.in`.
/// `None` for another scheme, a path with no drive, or bytes that are
/// not UTF-8.
pub fn windows_path(uri: &str) -> Option<String> {
    let scheme = uri.get(..5)?;
    if !scheme.eq_ignore_ascii_case("file:") {
        return None;
    }
    let rest = uri[5..].split(['?', '#']).next().unwrap_or_default();
    let (host, path) = match rest.strip_prefix("//") {
        Some(after) => after.split_at(after.find('/').unwrap_or(after.len())),
        None => ("", rest),
    };
    let host = percent_decode(host)?;
    let path = percent_decode(path)?;
    if path.contains('\0') {
        return None;
    }
    if !host.is_empty() && !host.eq_ignore_ascii_case("localhost") {
        return Some(format!(r"\\{host}{}", path.replace('/', "\\")));
    }
    let local = path.strip_prefix('/').unwrap_or(&path);
    if let Some(unc) = local.strip_prefix('/') {
        // `file:////server/share/x`: a UNC path written whole.
        let unc = unc.trim_start_matches('/');
        return (!unc.is_empty()).then(|| format!(r"\\{}", unc.replace('/', "\\")));
    }
    let (drive, rest) = split_drive(local, &['/', '\\'], &[':', '|'])?;
    let rest = if rest.is_empty() { "/" } else { rest };
    Some(format!("{drive}:{}", rest.replace('/', "\\")))
}

/// The `file:` URI of a Windows path, in one spelling: an upper-case
/// drive and a plain colon (`file:///C:/a%20b/x.in`), or the server of a
/// UNC path as the host (`file://server/share/x.in`); every byte but
/// letters, digits and `-._~` percent-encoded. `None` for a path that
/// is not absolute.
pub fn windows_uri(path: &str) -> Option<String> {
    let path = path.replace('/', "\\");
    let path = match path.strip_prefix(r"\\?\") {
        Some(verbatim) => match verbatim.strip_prefix(r"UNC\") {
            Some(unc) => format!(r"\\{unc}"),
            None => verbatim.to_owned(),
        },
        None => path,
    };
    if let Some(unc) = path.strip_prefix(r"\\") {
        let (host, rest) = unc.split_once('\\').unwrap_or((unc, ""));
        if host.is_empty() {
            return None;
        }
        return Some(format!(
            "file://{}/{}",
            percent_encode(host),
            encode_segments(rest)
        ));
    }
    let (drive, rest) = split_drive(&path, &['\\'], &[':'])?;
    let rest = rest.strip_prefix('\\')?;
    Some(format!("file:///{drive}:/{}", encode_segments(rest)))
}

/// `X:` and what follows, when `path` starts with a drive letter, one of
/// `colons`, then the end or one of `separators`; the drive upper-case.
fn split_drive<'a>(path: &'a str, separators: &[char], colons: &[char]) -> Option<(char, &'a str)> {
    let mut chars = path.chars();
    let drive = chars.next().filter(char::is_ascii_alphabetic)?;
    let colon = chars.next()?;
    let rest = chars.as_str();
    let ends = rest.is_empty() || rest.starts_with(separators);
    (colons.contains(&colon) && ends).then_some((drive.to_ascii_uppercase(), rest))
}

fn encode_segments(path: &str) -> String {
    let segments: Vec<String> = path.split('\\').map(percent_encode).collect();
    segments.join("/")
}

pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &byte in text.as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// `None` when the decoded bytes are not UTF-8; a `%` not followed by
/// two hex digits stands for itself.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = |i: usize| bytes.get(i).and_then(|&b| char::from(b).to_digit(16));
        match (bytes[at], hex(at + 1), hex(at + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push(u8::try_from(high * 16 + low).ok()?);
                at += 3;
            }
            (byte, ..) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_uris_name_windows_paths() {
        for (uri, path) in [
            (
                "file:///c%3A/Users/ana/tests/01.in",
                r"C:\Users\ana\tests\01.in",
            ),
            (
                "file:///C:/Users/ana/tests/01.in",
                r"C:\Users\ana\tests\01.in",
            ),
            ("FILE:///z%3a/tmp/x.go9", r"Z:\tmp\x.go9"),
            ("file:///z%3A/", r"Z:\"),
            ("file:///z%3A", r"Z:\"),
            ("file:///C|/old/form.in", r"C:\old\form.in"),
            ("file://localhost/C:/a.in", r"C:\a.in"),
            ("file:///C:/my%20tests/01%20a.in", r"C:\my tests\01 a.in"),
            (
                "file:///C:/%D0%B7%D0%B0%D0%B4%D0%B0%D1%87%D0%B8/%E9%A2%98.in",
                r"C:\задачи\题.in",
            ),
            ("file:///C:/%d0%b7/a.in", r"C:\з\a.in"),
            ("file:///C:/a.in#L3", r"C:\a.in"),
            (
                "file://server/share/tests/01.in",
                r"\\server\share\tests\01.in",
            ),
            ("file:////server/share/01.in", r"\\server\share\01.in"),
        ] {
            assert_eq!(windows_path(uri).as_deref(), Some(path), "{uri}");
        }
        for not_a_path in [
            "untitled:Untitled-1",
            "file:///tmp/x.in",
            "file:///C:/%FF.in",
            "file:///C:/a%00b",
            "file:///",
            "file:",
            "file:///CC:/x",
        ] {
            assert_eq!(windows_path(not_a_path), None, "{not_a_path}");
        }
    }

    #[test]
    fn windows_paths_have_one_uri() {
        for (path, uri) in [
            (
                r"C:\Users\ana\tests\01.in",
                "file:///C:/Users/ana/tests/01.in",
            ),
            (
                r"c:\Users\ana\tests\01.in",
                "file:///C:/Users/ana/tests/01.in",
            ),
            (
                "c:/Users/ana/tests/01.in",
                "file:///C:/Users/ana/tests/01.in",
            ),
            (r"Z:\", "file:///Z:/"),
            (
                r"C:\my tests\a+b#1.in",
                "file:///C:/my%20tests/a%2Bb%231.in",
            ),
            (
                r"C:\задачи\题.in",
                "file:///C:/%D0%B7%D0%B0%D0%B4%D0%B0%D1%87%D0%B8/%E9%A2%98.in",
            ),
            (
                r"\\server\share\tests\01.in",
                "file://server/share/tests/01.in",
            ),
            (r"\\?\C:\long\01.in", "file:///C:/long/01.in"),
            (r"\\?\UNC\server\share\01.in", "file://server/share/01.in"),
        ] {
            assert_eq!(windows_uri(path).as_deref(), Some(uri), "{path}");
        }
        for relative in [r"tests\01.in", r"C:tests\01.in", r"\tests\01.in", r"\\"] {
            assert_eq!(windows_uri(relative), None, "{relative}");
        }
    }

    #[test]
    fn every_spelling_of_a_windows_file_has_one_key() {
        let spellings = [
            "file:///c%3A/Users/ana/tests/01.in",
            "file:///C:/Users/ana/tests/01.in",
            "file:///C%3a/Users/ana/tests/01.in",
            "file:///c:/users/ANA/Tests/01.IN",
        ];
        let keys: Vec<Uri> = spellings
            .iter()
            .map(|spelled| windows_key(&windows_path(spelled).expect("a path")).expect("a key"))
            .collect();
        let from_disk = windows_key(r"C:\Users\ana\tests\01.in").expect("a key");
        for key in &keys {
            assert_eq!(key, &from_disk);
        }
        // Non-ASCII letters fold too, and the UNC form round-trips.
        let upper = windows_key(r"\\server\share\ЗАДАЧИ\01.in").expect("a key");
        let lower = windows_key(
            &windows_path("file://server/share/%D0%B7%D0%B0%D0%B4%D0%B0%D1%87%D0%B8/01.in")
                .expect("a path"),
        );
        assert_eq!(Some(upper.clone()), lower);
        assert_eq!(
            windows_path(upper.as_str()).as_deref(),
            Some(r"\\server\share\ЗАДАЧИ\01.in")
        );
    }

    #[test]
    fn unix_uris_are_their_own_keys() {
        if WINDOWS {
            return;
        }
        let uri: Uri = "file:///home/ana/my%20tests/01.in".parse().expect("a URI");
        assert_eq!(key(&uri), uri);
        assert_eq!(
            to_path(&uri),
            Some(PathBuf::from("/home/ana/my tests/01.in"))
        );
        assert_eq!(from_path(Path::new("/home/ana/my tests/01.in")), Some(uri));
    }
}
