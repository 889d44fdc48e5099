//! What the fuzz targets check, on top of the shared reference model in
//! `tests/it/support/oracle.rs` (the property tests use the same file).

use arbitrary::Arbitrary;
use boardls::check::OutputFormat;
use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_ide::encoding::Encoding;
use boardls_server::wire::decode::{Incoming, LspCodec};
use boardls_server::wire::encode;
use boardls_ide::view::{Cancel, ClientCaps, DocView};
use boardls_ide::features::{actions, hints, hover, proto_diagnostics, symbols};
use bytes::BytesMut;
use tokio_util::codec::Decoder;
use tower_lsp_server::jsonrpc::Request;
use tower_lsp_server::ls_types::{CodeActionParams, Position, Range, Uri};

#[path = "../../tests/it/support/oracle.rs"]
pub mod oracle;

/// Any bytes as a file of `kind`: what `check` does with a file on disk
/// (invalid UTF-8 is cut at the first bad byte, as `check` reports it).
pub fn parse(kind: GameKind, data: &[u8]) {
    let text = match std::str::from_utf8(data) {
        Ok(text) => text,
        Err(err) => std::str::from_utf8(&data[..err.valid_up_to()]).unwrap_or_default(),
    };
    if let Err(problem) = oracle::check_parse(kind, text) {
        panic!("{problem}\ntext: {text:?}");
    }
    // `check` on the same bytes: its spans lie in the text it kept, and
    // every output format renders them.
    let checked = boardls_engine::syntax::diagnose_bytes(kind, data);
    if let Err(problem) = oracle::check_spans(checked.text, &checked.diagnostics) {
        panic!("check: {problem}\ntext: {:?}", checked.text);
    }
    let mut out = String::new();
    for format in OutputFormat::ALL {
        boardls::check::render(format, "fuzz", checked.text, &checked.diagnostics, &mut out);
    }
}

/// A number that is usually in range of what it addresses, sometimes just
/// past it, and sometimes anything at all.
#[derive(Arbitrary, Debug, Clone, Copy)]
pub enum Coord {
    Near(u8),
    Far(u32),
}

impl Coord {
    fn resolve(self, len: usize) -> u32 {
        match self {
            Coord::Near(n) => (usize::from(n) % (len + 3)) as u32,
            Coord::Far(n) => n,
        }
    }
}

#[derive(Arbitrary, Debug)]
pub enum Insert {
    Fragment(u8),
    Text(String),
}

impl Insert {
    fn text(&self) -> &str {
        match self {
            Insert::Fragment(i) => oracle::FRAGMENTS[usize::from(*i) % oracle::FRAGMENTS.len()],
            Insert::Text(text) => text,
        }
    }
}

#[derive(Arbitrary, Debug)]
pub enum Step {
    /// A `didChange` range change.
    Edit {
        start: (Coord, Coord),
        end: (Coord, Coord),
        text: Insert,
    },
    /// A full-text change.
    Replace(String),
    /// Ask every feature about the document (no panic).
    Features {
        at: (Coord, Coord),
        to: (Coord, Coord),
    },
}

#[derive(Arbitrary, Debug)]
pub struct Session {
    pub kind: u8,
    pub utf8: bool,
    /// Start from a seed file of the kind, or from this text.
    pub initial: Option<String>,
    pub steps: Vec<Step>,
}

fn position(text: &str, (line, character): (Coord, Coord), enc: Encoding) -> Position {
    let lines = oracle::line_ranges(text);
    let line = line.resolve(lines.len());
    let len = lines
        .get(line as usize)
        .map(|&(a, b)| match enc {
            Encoding::Utf8 => b - a,
            Encoding::Utf16 => text[a..b].encode_utf16().count(),
        })
        .unwrap_or(0);
    Position::new(line, character.resolve(len))
}

/// Runs a session of edits against a document and against a plain string.
pub fn run_session(session: &Session) {
    let kind = oracle::kind_from(session.kind);
    let enc = if session.utf8 {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    };
    let mut model = session
        .initial
        .clone()
        .unwrap_or_else(|| oracle::seed(kind).to_owned());
    let mut doc = Document::new(kind, &model);
    for (n, step) in session.steps.iter().enumerate() {
        match step {
            Step::Edit { start, end, text } => {
                let start = position(&model, *start, enc);
                let end = position(&model, *end, enc);
                for pos in [start, end] {
                    if let Err(problem) = oracle::check_conversion(&doc, &model, pos, enc) {
                        panic!("before step {n}: {problem}");
                    }
                }
                oracle::apply_to_string(&mut model, start, end, text.text(), enc);
                oracle::apply_to_document(&mut doc, start, end, text.text(), enc);
            }
            Step::Replace(text) => {
                model.clone_from(text);
                doc.replace_all(text);
            }
            Step::Features { at, to } => {
                let at = position(&model, *at, enc);
                let to = position(&model, *to, enc);
                features(&doc, Range::new(at, to), enc);
                continue;
            }
        }
        if let Err(problem) = oracle::check_document(&doc, &model) {
            panic!("after step {n} ({step:?}): {problem}");
        }
    }
}

/// Every request's feature code on one document, as the handlers call it.
fn features(doc: &Document, range: Range, enc: Encoding) {
    let Ok(uri) = "file:///fuzz/doc.board".parse::<Uri>() else {
        return;
    };
    for caps in [
        ClientCaps {
            encoding: enc,
            ..ClientCaps::default()
        },
        ClientCaps {
            encoding: enc,
            pull_diagnostics: true,
            document_changes: true,
            hierarchical_symbols: true,
            ..ClientCaps::default()
        },
    ] {
        let view = DocView {
            uri: &uri,
            doc,
            version: 1,
            caps,
        };
        let _ = hover::hover_with(&view, range.start, boardls_ide::config::HoverPicture::Auto);
        let _ = hover::hover_with(&view, range.end, boardls_ide::config::HoverPicture::Auto);
        let _ = hints::inlay_hints_with(&view, range, &boardls_ide::config::HintSettings::default());
        let _ = symbols::document_symbols(&view, &Cancel::NEVER);
        let _ = symbols::folding_ranges(&view, &Cancel::NEVER);
        let diagnostics = proto_diagnostics::document(&view);
        let params = serde_json::json!({
            "textDocument": {"uri": uri.as_str()},
            "range": range,
            "context": {"diagnostics": diagnostics},
        });
        if let Ok(params) = serde_json::from_value::<CodeActionParams>(params) {
            let _ = actions::code_actions(&view, &params);
        }
    }
}

/// The client's byte stream cut into chunks at arbitrary places, through
/// the server's decoder as the session's `FramedRead` drives it (`decode`
/// after each read, `decode_eof` at the end): no panic and no error (it
/// never fails), no more items than bytes (so no endless loop), and every
/// request framed again decodes to itself.
pub fn frames(data: &[u8]) {
    let Some((&cut, data)) = data.split_first() else {
        return;
    };
    let chunk = usize::from(cut).max(1);
    let mut codec = LspCodec::default();
    let mut buffer = BytesMut::new();
    let mut items = 0usize;
    let mut check = |item: Incoming| {
        items += 1;
        assert!(items <= data.len() + 1, "more items than bytes");
        if let Incoming::Request(request) = item {
            assert_eq!(reframed(&request), request);
        }
    };
    for piece in data.chunks(chunk) {
        buffer.extend_from_slice(piece);
        while let Some(item) = codec.decode(&mut buffer).expect("the decoder never fails") {
            check(item);
        }
    }
    while let Some(item) = codec
        .decode_eof(&mut buffer)
        .expect("the decoder never fails")
    {
        check(item);
    }
}

/// A request serialised and framed as a client would send it, decoded by a
/// fresh decoder, which must give back one request and keep no bytes.
fn reframed(request: &Request) -> Request {
    let body = serde_json::to_vec(request).expect("a request serialises");
    let mut buffer = BytesMut::from(&encode::frame(&body)[..]);
    let mut codec = LspCodec::default();
    let item = codec.decode(&mut buffer).expect("the decoder never fails");
    assert!(buffer.is_empty(), "a reframed request left bytes behind");
    match item {
        Some(Incoming::Request(again)) => again,
        other => panic!("a reframed request decoded as {other:?}"),
    }
}

/// The setters' inputs from one byte string: an input file, its answer
/// file and a `boardls.toml`, split at the first two zero bytes (what is
/// missing is empty). For every game: the answer checked against the
/// input, each judge profile of the game on the input, and the project
/// file read; no panic, and every span inside the text it points into.
pub fn setter_inputs(data: &[u8]) {
    if let Err(problem) = oracle::check_setter_inputs(data) {
        panic!("{problem}\ninput: {:?}", String::from_utf8_lossy(data));
    }
}

/// A document's kept diagnostics and kept semantic tokens across edits
/// (`oracle::check_cache_edits`): each publish from the kept pieces is a
/// fresh reading's, and the client's tokens after each delta a fresh
/// `/full`.
pub fn cache_edits(data: &[u8]) {
    if let Err(problem) = oracle::check_cache_edits(data) {
        panic!("{problem}");
    }
}
