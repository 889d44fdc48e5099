//! The board-file walker: every `.uttt`, `.go9` and `.tomek` file below a
//! folder, every file a `boardls.toml` maps to a game, and (for `check`)
//! the answer files beside them. `check` walks the paths it is given; the
//! language server walks its workspace folders, confined to them.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::project::{PairOnDisk as _, Projects};
use boardls_engine::games::GameKind;
use boardls_engine::i18n::Message;

/// What a walked file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileRole {
    /// A board file (by its extension or its project's `[files]`).
    Board(GameKind),
    /// Named like an answer file, with its input beside it or inside a
    /// project (where a lone one is reported).
    Answer,
}

/// A path as the platform's users write it, whatever separator they
/// typed: `tests\01.in` on Windows, `tests/01.in` elsewhere.
pub fn shown(path: &Path) -> String {
    with_separator(&path.display().to_string(), std::path::MAIN_SEPARATOR)
}

fn with_separator(path: &str, separator: char) -> String {
    if separator == '/' {
        path.to_owned()
    } else {
        path.replace('/', separator.encode_utf8(&mut [0; 4]))
    }
}

/// The board files below the folder `dir`, in name order, skipping hidden
/// folders, `target/` and `node_modules/`. Symbolic links are followed, but
/// each real folder is read once, so links in a loop end; with `confine`,
/// links that lead outside `dir` are not followed at all (the language
/// server's workspace scan must not read files outside its folders).
/// Problems (an unreadable folder, a dangling link named like a board file)
/// are handed to `problem` and the walk goes on.
pub fn find_board_files(
    dir: &Path,
    confine: bool,
    problem: &mut dyn FnMut(&Path, io::Error),
) -> Vec<(PathBuf, GameKind)> {
    find_files(dir, confine, &mut Projects::default(), problem)
        .into_iter()
        .filter_map(|(path, role)| match role {
            FileRole::Board(kind) => Some((path, kind)),
            FileRole::Answer => None,
        })
        .collect()
}

/// The board and answer files below `dir`, as [`find_board_files`] finds
/// board files; each file's project (its games, its answer names) comes
/// from `projects`.
pub fn find_files(
    dir: &Path,
    confine: bool,
    projects: &mut Projects,
    problem: &mut dyn FnMut(&Path, io::Error),
) -> Vec<(PathBuf, FileRole)> {
    find_files_as(dir, confine, projects, None, problem)
}

/// [`find_files`], where, given `judge_inputs`, a judge input (`NAME.in`)
/// that no project maps is read as that game: a judge profile says which
/// game a problem folder's inputs are.
fn find_files_as(
    dir: &Path,
    confine: bool,
    projects: &mut Projects,
    judge_inputs: Option<GameKind>,
    problem: &mut dyn FnMut(&Path, io::Error),
) -> Vec<(PathBuf, FileRole)> {
    let mut walk = Walk {
        judge_inputs,
        root: None,
        visited: HashSet::new(),
        files: Vec::new(),
        projects,
        problem,
    };
    if confine {
        match fs::canonicalize(dir) {
            Ok(root) => walk.root = Some(root),
            Err(err) => {
                (walk.problem)(dir, err);
                return Vec::new();
            }
        }
    }
    walk.dir(dir);
    walk.files
}

/// The files a command-line path names: the file itself (which must be a
/// board file, by its extension or its project's `[files]`, or an answer
/// file), or every board and answer file below a folder, in name order.
/// Problems go to `problem`, to be worded for the person who named the
/// path, and the rest goes on.
pub fn board_files(
    path: &Path,
    projects: &mut Projects,
    problem: &mut dyn FnMut(&Path, Message),
) -> Vec<(PathBuf, FileRole)> {
    board_files_as(path, projects, None, problem)
}

/// [`board_files`], where, given `judge_inputs`, a file named on the
/// command line whatever its extension, and a judge input (`NAME.in`)
/// below a folder, are read as that game when no project maps them.
pub fn board_files_as(
    path: &Path,
    projects: &mut Projects,
    judge_inputs: Option<GameKind>,
    problem: &mut dyn FnMut(&Path, Message),
) -> Vec<(PathBuf, FileRole)> {
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(err) => {
            problem(path, system_error(&err));
            return Vec::new();
        }
    };
    if metadata.is_dir() {
        return find_files_as(path, false, projects, judge_inputs, &mut |path, err| {
            problem(path, system_error(&err))
        });
    }
    let project = projects.of(path);
    match project.game_of(path).or(judge_inputs) {
        Some(kind) => vec![(path.to_path_buf(), FileRole::Board(kind))],
        None if project.is_answer_name(path) => vec![(path.to_path_buf(), FileRole::Answer)],
        None => {
            problem(
                path,
                boardls_engine::i18n::message!("walk-not-a-board-file"),
            );
            Vec::new()
        }
    }
}

/// The system's own words for `err` (not translated: they are its).
pub fn system_error(err: &io::Error) -> Message {
    Message::verbatim(err.to_string())
}

/// Folders never searched: version control, build output, dependencies.
pub fn skipped_folder(name: &str) -> bool {
    name.starts_with('.') || name == "target" || name == "node_modules"
}

struct Walk<'a> {
    /// The game of `NAME.in` files that no project maps (a profile's).
    judge_inputs: Option<GameKind>,
    /// The real path of the folder the walk may not leave, when confined.
    root: Option<PathBuf>,
    visited: HashSet<PathBuf>,
    files: Vec<(PathBuf, FileRole)>,
    projects: &'a mut Projects,
    problem: &'a mut dyn FnMut(&Path, io::Error),
}

impl Walk<'_> {
    /// Whether a real path may be read: inside the root when confined.
    fn allowed(&self, real: &Path) -> bool {
        self.root.as_ref().is_none_or(|root| real.starts_with(root))
    }

    fn dir(&mut self, dir: &Path) {
        // Symbolic links are followed, but each real folder is read once, so
        // a link back up the tree ends instead of looping.
        match fs::canonicalize(dir) {
            Ok(real) => {
                if !self.allowed(&real) || !self.visited.insert(real) {
                    return;
                }
            }
            Err(err) => {
                (self.problem)(dir, err);
                return;
            }
        }
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(err) => {
                (self.problem)(dir, err);
                return;
            }
        };
        let mut entries: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|entry| {
                let link = entry.file_type().is_ok_and(|t| t.is_symlink());
                (entry.path(), link)
            })
            .collect();
        entries.sort();
        let project = self.projects.of(dir);
        for (path, link) in entries {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            let judge_input = path.extension().is_some_and(|e| e == "in");
            let kind = project
                .game_of(&path)
                .or(self.judge_inputs.filter(|_| judge_input));
            match fs::metadata(&path) {
                Ok(metadata) if metadata.is_dir() => {
                    if !skipped_folder(name) {
                        self.dir(&path);
                    }
                }
                Ok(_) => {
                    let role = match kind {
                        Some(kind) => FileRole::Board(kind),
                        None if project.is_answer_name(&path)
                            && (project.root.is_some() || project.input_of(&path).is_some()) =>
                        {
                            FileRole::Answer
                        }
                        None => continue,
                    };
                    // A linked file counts only when it lies inside the root.
                    if link
                        && self.root.is_some()
                        && !fs::canonicalize(&path).is_ok_and(|real| self.allowed(&real))
                    {
                        continue;
                    }
                    self.files.push((path, role));
                }
                // A dangling link matters only when it looks like a board file.
                Err(err) => {
                    if kind.is_some() {
                        (self.problem)(&path, err);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::with_separator;

    #[test]
    fn paths_are_shown_with_the_platforms_separator() {
        assert_eq!(with_separator("tests/01.in", '\\'), r"tests\01.in");
        assert_eq!(
            with_separator(r"C:\p/tests\01.in", '\\'),
            r"C:\p\tests\01.in"
        );
        assert_eq!(with_separator("tests/01.in", '/'), "tests/01.in");
        assert_eq!(with_separator(r"odd\name.in", '/'), r"odd\name.in");
    }
}
