//! A file's project on disk: the nearest `boardls.toml` above it (as ruff
//! finds its configuration), read once per run and shared by the files
//! below it; answer files and inputs found beside each other.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use boardls_engine::diagnostics::{Diagnostic, Span, codes};
use boardls_engine::games::GameKind;
use boardls_engine::project::read;
use boardls_engine::project::{FILE_NAME, Project};

/// A project's answer pairing, among the files on disk.
pub trait PairOnDisk {
    /// The first of `input`'s answer files that exists.
    fn answer_of(&self, input: &Path) -> Option<PathBuf>;

    /// The board file beside `answer` whose answers it holds, and its game.
    fn input_of(&self, answer: &Path) -> Option<(PathBuf, GameKind)>;
}

impl PairOnDisk for Project {
    fn answer_of(&self, input: &Path) -> Option<PathBuf> {
        self.answer_paths(input).into_iter().find(|p| p.is_file())
    }

    fn input_of(&self, answer: &Path) -> Option<(PathBuf, GameKind)> {
        self.input_among(answer, |path| path.is_file(), sorted_files)
    }
}

fn sorted_files(folder: &Path) -> Vec<PathBuf> {
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let mut files: Vec<PathBuf> = fs::read_dir(folder)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The nearest `boardls.toml` in `path`'s folder (or `path` itself, when a
/// folder) or above it.
pub fn find_project_file(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    let start = if absolute.is_dir() {
        absolute.as_path()
    } else {
        absolute.parent()?
    };
    start
        .ancestors()
        .map(|folder| folder.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// Reads the project file at `path`: the project, or its errors.
pub fn load(path: &Path) -> Result<Project, Vec<Diagnostic>> {
    let text = fs::read_to_string(path).map_err(|err| {
        vec![Diagnostic::error(
            codes::PROJECT_INVALID,
            Span::default(),
            boardls_engine::i18n::message!("project-unreadable", reason = err.to_string()),
        )]
    })?;
    let file = read(&text)?;
    let project = Project::new(path.parent().map(Path::to_path_buf), file);
    Ok(match std::env::current_dir() {
        Ok(folder) => project.resolving_from(folder),
        Err(_) => project,
    })
}

/// A broken project file met during a run: where, and its errors.
pub struct Broken {
    pub path: PathBuf,
    pub text: String,
    pub errors: Vec<Diagnostic>,
}

/// The projects of a run, each project file read once. A broken one is
/// reported once (`take_broken`) and its files get the defaults.
#[derive(Default)]
pub struct Projects {
    by_folder: HashMap<PathBuf, Option<PathBuf>>,
    by_file: HashMap<PathBuf, Arc<Project>>,
    defaults: Arc<Project>,
    broken: Vec<Broken>,
}

impl Projects {
    /// The project of the file or folder `path`.
    pub fn of(&mut self, path: &Path) -> Arc<Project> {
        let folder = std::path::absolute(path)
            .ok()
            .map(|p| {
                if p.is_dir() {
                    p
                } else {
                    p.parent().map(Path::to_path_buf).unwrap_or(p)
                }
            })
            .unwrap_or_default();
        let toml = match self.by_folder.get(&folder) {
            Some(toml) => toml.clone(),
            None => {
                let toml = find_project_file(&folder);
                self.by_folder.insert(folder, toml.clone());
                toml
            }
        };
        let Some(toml) = toml else {
            return self.defaults.clone();
        };
        if let Some(project) = self.by_file.get(&toml) {
            return project.clone();
        }
        let project = match load(&toml) {
            Ok(project) => Arc::new(project),
            Err(errors) => {
                let text = fs::read_to_string(&toml).unwrap_or_default();
                self.broken.push(Broken {
                    path: toml.clone(),
                    text,
                    errors,
                });
                self.defaults.clone()
            }
        };
        self.by_file.insert(toml, project.clone());
        project
    }

    /// The broken project files found since the last call.
    pub fn take_broken(&mut self) -> Vec<Broken> {
        std::mem::take(&mut self.broken)
    }
}
