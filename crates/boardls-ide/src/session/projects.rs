//! A document's project and settings.
//!
//! A document's project is its nearest `boardls.toml`, found walking up
//! its URI's folders: the open document's text when it is open, else the
//! file's, read through the host once ([`Vfs`](crate::files::Vfs)). Its
//! parse is kept until its text changes. The settings compose, lowest
//! first: the defaults, the workspace root's `boardls.toml`, the
//! `initializationOptions`, the client's last `boardls` section; a nested
//! `boardls.toml` takes the root's place for the files below it.

use std::sync::{Arc, PoisonError};

use boardls_engine::project::{self, FILE_NAME, Project, ProjectFile};
use ls_types::{MessageType, Uri};
use serde_json::Value;

use super::host::{Host, Session};
use super::state::{ParsedSource, State};
use crate::config::{self, Settings};
use crate::uri::{child, folder_of, parent_folder, path_of};

/// The nearest `boardls.toml` at or above the folder of `uri`, open or on
/// the host's files.
pub fn project_file_of<X>(
    state: &State<X>,
    files: &dyn crate::files::Files,
    uri: &Uri,
) -> Option<Uri> {
    let mut folder = folder_of(uri)?;
    loop {
        let candidate = child(&folder, FILE_NAME)?;
        if state.side_docs.contains_key(&candidate) || state.vfs.has(files, &folder, FILE_NAME) {
            return Some(candidate);
        }
        folder = parent_folder(&folder)?;
    }
}

/// The project file `toml` read: its text (the open document's, else the
/// host's file), parsed once per text. `None` when it is gone or does not
/// read without errors.
fn parsed<X>(
    state: &State<X>,
    files: &dyn crate::files::Files,
    toml: &Uri,
) -> Option<Arc<Project>> {
    let (source, text) = match state.side_docs.get(toml) {
        Some(doc) => (ParsedSource::Open(doc.version), None),
        None => {
            let text = state.vfs.text(files, toml)?;
            (ParsedSource::Read(Arc::clone(&text)), Some(text))
        }
    };
    let mut kept = state
        .parsed_projects
        .0
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some((was, project)) = kept.get(toml)
        && *was == source
    {
        return project.clone();
    }
    let text = match text {
        Some(text) => text.to_string(),
        None => state.side_docs.get(toml)?.rope.to_string(),
    };
    let root = path_of(&folder_of(toml)?);
    let project = project::read(&text)
        .ok()
        .map(|file| Arc::new(Project::new(Some(root), file)));
    kept.insert(toml.clone(), (source, project.clone()));
    project
}

/// The project of the document `uri`: its nearest `boardls.toml` if it
/// reads without error, else the defaults.
pub fn project_of<X>(state: &State<X>, files: &dyn crate::files::Files, uri: &Uri) -> Arc<Project> {
    project_file_of(state, files, uri)
        .and_then(|toml| parsed(state, files, &toml))
        .unwrap_or_default()
}

/// The `boardls.toml` at the top of the first workspace folder.
fn root_file<X>(state: &State<X>) -> Option<Uri> {
    child(state.folders.first()?, FILE_NAME)
}

fn is_root_file<X>(state: &State<X>, toml: &Uri) -> bool {
    root_file(state).is_some_and(|root| path_of(&root) == path_of(toml))
}

/// What the client's section lies over: the project file's settings, not
/// `initializationOptions`. The section is the client's whole word on the
/// user's settings (a key it leaves out is one the user does not set, and
/// the project file's holds); only what `initializationOptions` alone can
/// say stays (`hover.markdownImages`), and the language the user chose
/// there (`locale`), which a project file cannot set.
fn under_client(project: Settings, initial: Settings) -> Settings {
    let mut base = project;
    base.hover.markdown_images = initial.hover.markdown_images;
    base.locale = initial.locale;
    base
}

/// [`under_client`] for the session: over the workspace root's project
/// file.
pub fn client_base<X>(state: &State<X>) -> Settings {
    let (project, _) = Settings::patched(Settings::default(), &state.project_settings);
    under_client(project, state.initial_settings)
}

/// The settings of files below a nested project file whose settings are
/// `project`: as [`compose`] makes the session's, over them instead of the
/// workspace root's.
fn compose_over<X>(state: &State<X>, project: &Value) -> Settings {
    let (base, _) = Settings::patched(Settings::default(), project);
    let initial = match &state.init_payload {
        Some(payload) => config::patched_from_payload(base, payload).0,
        None => base,
    };
    match &state.client_section {
        Some(section) => config::patched_from_payload(under_client(base, initial), section).0,
        None => initial,
    }
}

/// The settings: defaults, under the project file's, under
/// `initializationOptions`, under the client's last section. Also sets
/// `initial_settings` (all but the client's section), and composes the
/// nested project files' settings again.
pub fn compose<X>(state: &mut State<X>) -> (Settings, Vec<String>) {
    let nested: Vec<(Uri, Value)> = state
        .nested_settings
        .iter()
        .map(|(uri, (json, _))| (uri.clone(), json.clone()))
        .collect();
    for (uri, json) in nested {
        let settings = compose_over(state, &json);
        state.nested_settings.insert(uri, (json, settings));
    }
    let (base, _) = Settings::patched(Settings::default(), &state.project_settings);
    let (initial, mut problems) = match &state.init_payload {
        Some(payload) => config::patched_from_payload(base, payload),
        None => (base, Vec::new()),
    };
    state.initial_settings = initial;
    match &state.client_section {
        Some(section) => {
            let (settings, more) =
                config::patched_from_payload(under_client(base, initial), section);
            problems.extend(more);
            (settings, problems)
        }
        None => (initial, problems),
    }
}

/// The workspace root's `boardls.toml`, read at `initialize`: its settings
/// lie under what the client sends.
pub fn read_root_settings<X>(state: &mut State<X>, files: &dyn crate::files::Files) {
    let Some(root) = root_file(state) else {
        return;
    };
    let text = state.vfs.text(files, &root);
    if let Some(file) = text.and_then(|text| project::read(&text).ok()) {
        state.project_settings = file.settings;
    }
}

impl<H: Host> Session<H> {
    /// The settings of the file `uri`: its nearest project file's, when
    /// that is a nested one the session has read, else the session's.
    pub fn settings_of(&self, state: &State<H::Data>, uri: &Uri) -> Settings {
        if state.nested_settings.is_empty() {
            return state.settings;
        }
        project_file_of(state, self.host.files(), uri)
            .and_then(|toml| state.nested_settings.get(&toml))
            .map_or(state.settings, |(_, settings)| *settings)
    }

    /// The project of the document `uri`.
    pub fn project_of(&self, state: &State<H::Data>, uri: &Uri) -> Arc<Project> {
        project_of(state, self.host.files(), uri)
    }

    /// Reads the nested project file nearest `uri` (not the workspace
    /// root's), once, so that its settings hold for the files below it.
    pub fn read_nested(&self, state: &mut State<H::Data>, uri: &Uri) {
        let Some(toml) = project_file_of(state, self.host.files(), uri) else {
            return;
        };
        if is_root_file(state, &toml) || state.nested_settings.contains_key(&toml) {
            return;
        }
        if let Some(project) = parsed(state, self.host.files(), &toml) {
            let json = project.file.settings.clone();
            let settings = compose_over(state, &json);
            state.nested_settings.insert(toml, (json, settings));
        }
    }

    /// A `boardls.toml` was edited (its text) or changed on disk (`None`:
    /// read again through the host): the workspace root's file, when
    /// valid, takes effect at once; a broken one leaves the previous good
    /// settings (its errors are shown in it); a deleted one leaves the
    /// client's and the defaults.
    pub fn project_changed(&self, toml: &Uri, text: Option<&str>) {
        let read = {
            let state = self.lock();
            match text {
                Some(text) => project::read(text),
                None => match state.vfs.text(self.host.files(), toml) {
                    Some(text) => project::read(&text),
                    // Gone: its settings no longer hold.
                    None => Ok(ProjectFile::default()),
                },
            }
        };
        let Ok(file) = read else {
            return;
        };
        self.revalidate_open(toml, &file);
        let settings = {
            let mut state = self.lock();
            if !is_root_file(&state, toml) {
                drop(state);
                return self.nested_changed(toml, &file, text.is_some());
            }
            if file.settings == state.project_settings {
                return;
            }
            state.project_settings = file.settings;
            compose(&mut state).0
        };
        self.apply(settings, Vec::new(), true);
    }

    /// A nested project file changed: the files below it take its settings
    /// (shown again, and hints refreshed, when they changed).
    fn nested_changed(&self, toml: &Uri, file: &ProjectFile, open: bool) {
        let (caps, changed) = {
            let mut state = self.lock();
            let present = open || state.side_docs.contains_key(toml) || {
                let folder = folder_of(toml);
                folder.is_some_and(|f| state.vfs.has(self.host.files(), &f, FILE_NAME))
            };
            let old = if present {
                let settings = compose_over(&state, &file.settings);
                state
                    .nested_settings
                    .insert(toml.clone(), (file.settings.clone(), settings))
            } else {
                state.nested_settings.remove(toml)
            };
            let new = state.nested_settings.get(toml).map(|(_, s)| *s);
            let changed = old.map(|(_, s)| s) != new;
            if changed && let Some(root) = folder_of(toml) {
                let root = path_of(&root);
                let below: Vec<Uri> = state
                    .docs
                    .iter()
                    .filter(|(_, open)| open.path.starts_with(&root))
                    .map(|(uri, _)| uri.clone())
                    .collect();
                for uri in &below {
                    self.publish_open(&mut state, uri);
                }
            }
            (state.caps, changed)
        };
        if changed {
            self.host.refresh_pull(&caps);
            if caps.inlay_refresh {
                self.host.refresh_inlay_hints();
            }
        }
    }

    /// The open board files below a project file that changed (or was
    /// deleted) keep the profiles their nearest project file now gives them
    /// (published again when that changed); `file` is `toml`'s new reading.
    fn revalidate_open(&self, toml: &Uri, file: &ProjectFile) {
        let Some(root) = folder_of(toml) else {
            return;
        };
        let root_path = path_of(&root);
        let project = Project::new(Some(root_path.clone()), file.clone());
        let mut state = self.lock();
        let below: Vec<Uri> = state
            .docs
            .iter()
            .filter(|(_, open)| open.path.starts_with(&root_path))
            .map(|(uri, _)| uri.clone())
            .collect();
        let mut changed = Vec::new();
        for uri in below {
            let nearest = project_file_of(&state, self.host.files(), &uri);
            let validation = {
                let Some(open) = state.docs.get(&uri) else {
                    continue;
                };
                if nearest.as_ref() == Some(toml) {
                    project.validation_of(&open.path, None)
                } else {
                    project_of(&state, self.host.files(), &uri).validation_of(&open.path, None)
                }
            };
            if let Some(open) = state.docs.get_mut(&uri)
                && open.doc.validation() != validation
            {
                Arc::make_mut(&mut open.doc).set_validation(validation);
                changed.push(uri);
            }
        }
        for uri in &changed {
            self.publish_open(&mut state, uri);
        }
        let caps = state.caps;
        drop(state);
        if !changed.is_empty() {
            self.host.refresh_pull(&caps);
        }
    }

    /// `workspace/didChangeConfiguration`: the payload's `boardls` section
    /// when it has one, else the host may ask the client.
    pub fn configuration_changed(&self, payload: &Value) {
        match config::section(payload) {
            Some(section) => self.configured(section.clone(), true),
            None => H::fetch_configuration(self),
        }
    }

    /// The client's `boardls` section (pushed, or asked for), over the
    /// project file's settings; `rescan`: false before the first scan.
    pub fn configured(&self, section: Value, rescan: bool) {
        let base = {
            let mut state = self.lock();
            let base = client_base(&state);
            state.client_section = Some(section.clone());
            base
        };
        let (settings, problems) = config::patched_from_payload(base, &section);
        self.apply(settings, problems, rescan);
    }

    /// Makes new settings take effect: the open documents are shown again
    /// under a new filter or language, hints are refreshed, and the host
    /// does its part (the desktop's scan). `rescan` is false before the
    /// first scan.
    pub fn apply(&self, settings: Settings, problems: Vec<String>, rescan: bool) {
        for problem in problems {
            self.log(
                MessageType::WARNING,
                format!("boardls: ignored setting {problem}"),
            );
        }
        let (old, caps, relocalized) = {
            let mut state = self.lock();
            let old = std::mem::replace(&mut state.settings, settings);
            let locale = config::session_locale(&settings, state.client_locale);
            let relocalized = locale != state.caps.locale;
            state.caps.locale = locale;
            (old, state.caps, relocalized)
        };
        if settings.diagnostics != old.diagnostics || relocalized {
            if caps.pull_diagnostics {
                self.host.refresh_pull(&caps);
            } else {
                let mut state = self.lock();
                let mut open: Vec<Uri> = state.docs.keys().cloned().collect();
                open.sort_by(|a, b| a.as_str().cmp(b.as_str()));
                for uri in &open {
                    self.publish_open(&mut state, uri);
                }
            }
        }
        if (settings.hints_changed(&old) || relocalized) && caps.inlay_refresh {
            self.host.refresh_inlay_hints();
        }
        H::settings_changed(self, &old, relocalized, rescan);
    }
}
