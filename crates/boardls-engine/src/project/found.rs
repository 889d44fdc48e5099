//! A file's project: what a `boardls.toml` says of the files below it.
//! Finding and reading it on disk is `discover.rs` (`native` only).

use std::path::{Path, PathBuf};

use globset::GlobMatcher;

use crate::games::GameKind;
use crate::profile::{Profile, Validation};
use crate::project::file::ProjectFile;
use crate::project::globs;
use crate::project::pairing::{self, DEFAULT_NAMES, InputName};

/// The project file's name.
pub const FILE_NAME: &str = "boardls.toml";

/// The default `invalidInputs`: the inputs that must break their profile.
pub const DEFAULT_INVALID_INPUTS: [&str; 2] = ["invalid/**", "invalid_input/**"];

/// What the files of one folder tree are: their games, profiles and
/// answers.
#[derive(Clone, Debug)]
pub struct Project {
    /// The folder holding `boardls.toml`; `None` for the defaults (no
    /// project file above).
    pub root: Option<PathBuf>,
    pub file: ProjectFile,
    matchers: Vec<(GlobMatcher, GameKind)>,
    profiles: Vec<(GlobMatcher, Profile)>,
    invalid_inputs: Vec<GlobMatcher>,
    names: Vec<String>,
    /// What a relative path is relative to (the command line's current
    /// folder, handed in by whoever read the project from disk).
    current_folder: Option<PathBuf>,
}

impl Default for Project {
    fn default() -> Project {
        Project::new(None, ProjectFile::default())
    }
}

impl Project {
    /// A project from a file read without errors (an invalid glob is
    /// skipped: `read` has reported it).
    pub fn new(root: Option<PathBuf>, file: ProjectFile) -> Project {
        let matchers = file
            .files
            .iter()
            .filter_map(|(glob, kind)| Some((globs::compile(glob).ok()?, *kind)))
            .collect();
        let profiles = file
            .profiles
            .iter()
            .filter_map(|(glob, profile)| Some((globs::compile(glob).ok()?, *profile)))
            .collect();
        let invalid_inputs = match &file.invalid_inputs {
            Some(listed) => listed
                .iter()
                .filter_map(|g| globs::compile(g).ok())
                .collect(),
            // Without a project file there is no root to anchor them to:
            // a folder of that name at any depth.
            None => DEFAULT_INVALID_INPUTS
                .iter()
                .filter_map(|glob| match root {
                    Some(_) => globs::compile(glob).ok(),
                    None => globs::compile(&format!("**/{glob}")).ok(),
                })
                .collect(),
        };
        let names = file
            .answer_names
            .clone()
            .unwrap_or_else(|| DEFAULT_NAMES.map(String::from).to_vec());
        Project {
            current_folder: None,
            root,
            file,
            matchers,
            profiles,
            invalid_inputs,
            names,
        }
    }

    /// The project, with relative paths taken from `folder` (a process's
    /// current folder: the engine knows none).
    pub fn resolving_from(mut self, folder: PathBuf) -> Project {
        self.current_folder = Some(folder);
        self
    }

    /// `path` made absolute: a path from a URI already is, and is taken as
    /// it is; a relative one (from the command line) is joined to the
    /// current folder handed in ([`Project::resolving_from`]).
    fn absolute(&self, path: &Path) -> Option<PathBuf> {
        let rooted = path.is_absolute() || (path.has_root() && !cfg!(windows));
        match &self.current_folder {
            Some(folder) if !rooted => Some(folder.join(path)),
            _ => Some(path.to_path_buf()),
        }
    }

    /// `path` relative to the project's folder; `None` outside it, or when
    /// there is no project file.
    fn relative(&self, path: &Path) -> Option<PathBuf> {
        let root = self.root.as_ref()?;
        Some(self.absolute(path)?.strip_prefix(root).ok()?.to_path_buf())
    }

    /// The game `[files]` maps `path` to (first matching glob), if any.
    pub fn mapped_game(&self, path: &Path) -> Option<GameKind> {
        let relative = self.relative(path)?;
        self.matchers
            .iter()
            .find(|(matcher, _)| matcher.is_match(&relative))
            .map(|&(_, kind)| kind)
    }

    /// The judge profile `[profiles]` gives `path` (first matching glob),
    /// else `profile` when it is a profile for `path`'s game.
    pub fn profile_of(&self, path: &Path) -> Option<Profile> {
        let relative = self.relative(path)?;
        let matched = self
            .profiles
            .iter()
            .find(|(matcher, _)| matcher.is_match(&relative))
            .map(|&(_, profile)| profile);
        matched.or_else(|| {
            self.file
                .profile
                .filter(|profile| self.game_of(path) == Some(profile.game()))
        })
    }

    /// How the input `path` is validated: against `named` (a profile
    /// named on the command line), else the one `[profiles]` gives it;
    /// `None` without either.
    pub fn validation_of(&self, path: &Path, named: Option<Profile>) -> Option<Validation> {
        let profile = named.or_else(|| self.profile_of(path))?;
        Some(Validation {
            profile,
            invalid_input: self.is_invalid_input(path),
        })
    }

    /// Whether `path` is an invalid-input test: an input that must break
    /// its profile (`invalidInputs`).
    pub fn is_invalid_input(&self, path: &Path) -> bool {
        let matched = match self.relative(path) {
            Some(relative) => relative,
            None if self.root.is_none() => match self.absolute(path) {
                Some(absolute) => absolute,
                None => return false,
            },
            None => return false,
        };
        self.invalid_inputs.iter().any(|m| m.is_match(&matched))
    }

    /// The game of a board file: mapped by `[files]`, else by extension.
    pub fn game_of(&self, path: &Path) -> Option<GameKind> {
        self.mapped_game(path).or_else(|| GameKind::from_path(path))
    }

    /// The answer-name patterns in force.
    pub fn answer_names(&self) -> &[String] {
        &self.names
    }

    /// Where the answers of the board file `input` may be, in order.
    pub fn answer_paths(&self, input: &Path) -> Vec<PathBuf> {
        pairing::answer_paths(input, &self.names)
    }

    /// Whether `path` is named like an answer (and is not a board file).
    pub fn is_answer_name(&self, path: &Path) -> bool {
        self.game_of(path).is_none()
            && path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|name| !pairing::input_names(name, &self.names).is_empty())
    }

    /// The board file beside `answer` whose answers it holds, and its game,
    /// among the files that `present` admits, `listed` giving the files of a
    /// folder in order: on disk (`input_of`), or the documents open in a
    /// browser.
    pub fn input_among(
        &self,
        answer: &Path,
        present: impl Fn(&Path) -> bool,
        listed: impl FnOnce(&Path) -> Vec<PathBuf>,
    ) -> Option<(PathBuf, GameKind)> {
        if self.game_of(answer).is_some() {
            return None;
        }
        let name = answer.file_name()?.to_str()?;
        let folder = answer.parent().unwrap_or(Path::new(""));
        let mut listed = Some(listed);
        let mut files: Option<Vec<PathBuf>> = None;
        for input in pairing::input_names(name, self.answer_names()) {
            match input {
                InputName::Name(name) => {
                    let path = folder.join(name);
                    if let Some(kind) = self.game_of(&path).filter(|_| present(&path)) {
                        return Some((path, kind));
                    }
                }
                InputName::Stem(stem) => {
                    if files.is_none() {
                        files = Some(listed.take().map(|list| list(folder)).unwrap_or_default());
                    }
                    for path in files.iter().flatten() {
                        let same_stem = path.file_stem().and_then(|s| s.to_str()) == Some(&stem);
                        if let Some(kind) = self.game_of(path).filter(|_| same_stem) {
                            return Some((path.clone(), kind));
                        }
                    }
                }
            }
        }
        None
    }
}
