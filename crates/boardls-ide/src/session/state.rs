//! What a session holds: its open documents (board files, and the answer
//! and project files it checks as text), the closed answer files it
//! checked, the closed files it read, its settings, and the host's part.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use boardls_engine::project::Project;

use boardls_engine::answers::JudgedCache;
use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_engine::i18n::Locale;
use ls_types::{TextDocumentContentChangeEvent, Uri};

use crate::config::Settings;
use crate::encoding::Encoding;
use crate::files::Vfs;
use crate::kept::diagnostics::KeptDiagnostics;
use crate::kept::side::SideDocument;
use crate::kept::symbols::KeptSymbols;
use crate::kept::tokens::KeptTokens;
use crate::uri::path_of;
use crate::view::{ClientCaps, DocView};

/// An open board file: the editor's text wins over anything on disk.
pub struct OpenDocument {
    /// Shared with the requests that read it elsewhere (the whole-document
    /// requests' jobs): an edit changes it in place, or a copy of it while
    /// such a request still holds it.
    pub doc: Arc<Document>,
    /// Its URI's path, as the project's globs and answer names read it.
    pub path: PathBuf,
    pub version: i32,
    /// Unique within the session, changed by every edit: the pull
    /// diagnostics result id.
    pub generation: u64,
    /// The semantic tokens last sent, kept per position; the token
    /// requests of the document take turns on it.
    pub tokens: Arc<Mutex<KeptTokens>>,
    /// Each position's symbol, kept likewise.
    pub symbols: Arc<Mutex<KeptSymbols>>,
    /// The JSON of each listed position's diagnostics, for the publishes.
    pub diagnostics: Arc<Mutex<KeptDiagnostics>>,
    /// The judge's output of its positions, for its answer files.
    pub judged: JudgedCache,
    /// A publish of this document waits for the session's next turn
    /// without client input ([`Session::publish_open`](super::Session::publish_open)).
    pub(crate) publish_waiting: bool,
    /// Its answers' check waits for that publish too (the input's own
    /// diagnostics go first; an answer read before then is compared with
    /// the input as it is, see [`crate::kept::answer::KeptAnswer`]).
    pub(crate) answers_waiting: bool,
    _counted: Counted,
}

/// Open documents alive in the process, for `boardls/status`.
static OPEN_DOCUMENTS: AtomicUsize = AtomicUsize::new(0);

/// The open documents of all the process's sessions (those a session that
/// ended left behind included).
pub fn open_documents() -> usize {
    OPEN_DOCUMENTS.load(Ordering::Relaxed)
}

/// One open document counted in [`OPEN_DOCUMENTS`] while it lives.
struct Counted;

impl Counted {
    fn new() -> Counted {
        OPEN_DOCUMENTS.fetch_add(1, Ordering::Relaxed);
        Counted
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        OPEN_DOCUMENTS.fetch_sub(1, Ordering::Relaxed);
    }
}

impl OpenDocument {
    /// A document just opened at `uri`, at `version`.
    pub fn new(doc: Document, uri: &Uri, version: i32, generation: u64) -> OpenDocument {
        OpenDocument {
            doc: Arc::new(doc),
            path: path_of(uri),
            version,
            generation,
            tokens: Arc::default(),
            symbols: Arc::default(),
            diagnostics: Arc::default(),
            judged: JudgedCache::default(),
            publish_waiting: false,
            answers_waiting: false,
            _counted: Counted::new(),
        }
    }

    /// Reads the document again if a panic left it stale; a document that
    /// is fine is not touched (nor copied from under a reader).
    pub fn repair(&mut self) {
        if self.doc.needs_repair() {
            Arc::make_mut(&mut self.doc).repair();
        }
    }

    /// Applies a `didChange`'s changes in array order, each against the
    /// text the previous one produced (ranges clamped into the text).
    pub fn apply(&mut self, changes: &[TextDocumentContentChangeEvent], enc: Encoding) {
        crate::view::apply_changes(Arc::make_mut(&mut self.doc), changes, enc);
    }
}

/// An answer file that is not open, checked against its input so that its
/// findings show before it is opened (under the workspace folders).
pub struct ClosedAnswer {
    pub input: Uri,
    /// The input's game.
    pub kind: GameKind,
    /// The text it was checked in (the host's, kept until it changes).
    pub text: std::sync::Arc<str>,
    pub rope: ropey::Rope,
    /// Its findings, line by line.
    pub kept: crate::kept::answer::KeptAnswer,
    /// Changes with every check: the pull result id.
    pub result_id: String,
}

/// A session's state, behind the session's one lock.
pub struct State<X> {
    pub caps: ClientCaps,
    pub docs: HashMap<Uri, OpenDocument>,
    /// Open answer files and project files (checked, not parsed as boards).
    pub side_docs: HashMap<Uri, SideDocument>,
    /// Answer files under the workspace folders that are not open.
    pub closed_answers: HashMap<Uri, ClosedAnswer>,
    /// The closed files read through the host, kept until they change.
    pub vfs: Vfs,
    /// The workspace folders, as the client names them.
    pub folders: Vec<Uri>,
    pub settings: Settings,
    /// `initialize`'s `locale`, when the catalog speaks it.
    pub client_locale: Option<Locale>,
    /// Settings from `initializationOptions`: the base every later
    /// configuration is read over.
    pub initial_settings: Settings,
    /// The settings of the workspace's `boardls.toml` (its last good
    /// reading), under everything the client sends.
    pub project_settings: serde_json::Value,
    /// Project files below the workspace root's, by URI: their settings
    /// (as JSON) and the settings they compose to, which hold for the
    /// files below them (the nearest project file wins).
    pub nested_settings: HashMap<Uri, (serde_json::Value, Settings)>,
    /// `initializationOptions`, kept to lay them over a new project file.
    pub init_payload: Option<serde_json::Value>,
    /// The client's last `boardls` section, likewise.
    pub client_section: Option<serde_json::Value>,
    /// The project files' parses, kept while their text is the same.
    pub(crate) parsed_projects: ParsedProjects,
    /// The judge's output of closed inputs, kept while their text (the
    /// host's, kept in [`Vfs`]) is the same: an edit of an open answer
    /// does not judge its closed input again.
    pub(crate) judged_inputs: JudgedInputs,
    /// The host's part.
    pub host: X,
    next_generation: u64,
}

impl<X: Default> Default for State<X> {
    fn default() -> State<X> {
        State {
            caps: ClientCaps::default(),
            docs: HashMap::new(),
            side_docs: HashMap::new(),
            closed_answers: HashMap::new(),
            vfs: Vfs::default(),
            folders: Vec::new(),
            settings: Settings::default(),
            client_locale: None,
            initial_settings: Settings::default(),
            project_settings: serde_json::Value::Null,
            nested_settings: HashMap::new(),
            init_payload: None,
            client_section: None,
            parsed_projects: Default::default(),
            judged_inputs: Default::default(),
            host: X::default(),
            next_generation: 0,
        }
    }
}

impl<X> State<X> {
    /// A number unique within the session: result ids and read tickets.
    pub fn generation(&mut self) -> u64 {
        self.next_generation += 1;
        self.next_generation
    }

    /// The view of an open document, repaired first if a panic left it
    /// stale.
    pub fn view<'a>(&'a mut self, uri: &'a Uri) -> Option<DocView<'a>> {
        let caps = self.caps;
        let open = self.docs.get_mut(uri)?;
        open.repair();
        Some(DocView {
            uri,
            doc: &open.doc,
            version: open.version,
            caps,
        })
    }

    /// The open board file at `path`, if any.
    pub fn open_at(&self, path: &Path) -> Option<(&Uri, &OpenDocument)> {
        self.docs.iter().find(|(_, open)| open.path == path)
    }

    /// Whether `uri` lies under one of the workspace folders.
    pub fn in_folders(&self, uri: &Uri) -> bool {
        let path = path_of(uri);
        self.folders.iter().any(|folder| {
            let same_scheme = folder.scheme().as_str() == uri.scheme().as_str();
            same_scheme && path.starts_with(path_of(folder))
        })
    }
}

/// The parses of project files, by the text they were made from (an open
/// document's version, or the text read through the host).
#[derive(Default)]
pub struct ParsedProjects(pub(crate) Mutex<HashMap<Uri, Parsed>>);

/// A project file's parse (`None`: it does not read), and its source.
type Parsed = (ParsedSource, Option<Arc<Project>>);

/// What a kept parse was made from.
#[derive(Clone, PartialEq)]
pub(crate) enum ParsedSource {
    Open(i32),
    Read(Arc<str>),
}

/// A closed input's judge output, by URI, with the text it was judged in.
#[derive(Default)]
pub struct JudgedInputs(pub(crate) Mutex<HashMap<Uri, JudgedText>>);

/// A text, and the judge's output on it.
pub(crate) type JudgedText = (Arc<str>, Arc<boardls_engine::answers::Expected>);
