//! Every key `boardls.toml` may hold, with the type of its value: the one
//! list that reading the file, the manual's table (`cargo xtask docs`) and the JSON schema
//! (`editors/boardls.schema.json`, kept equal by a test) agree on.

/// What a key's value must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    Bool,
    /// A whole number of 0 or more.
    Count,
    /// One of the listed strings.
    OneOf(&'static [&'static str]),
    /// A string.
    Text,
    /// A table of globs, each naming a game (`"tests/*.in" = "tomek"`).
    Globs,
    /// An array of answer-name patterns, each holding `{stem}` or `{name}`.
    Names,
    /// A table of globs, each naming a judge profile
    /// (`"small/*.in" = "gcj2013a-small"`).
    Profiles,
    /// An array of globs.
    GlobList,
    /// A judge profile's name.
    Profile,
}

/// The settings the server also reads from its client, under the same
/// dotted keys (`lsp::config` reads both).
pub const SETTINGS: [(&str, ValueKind); 10] = [
    ("inlayHints.enable", ValueKind::Bool),
    ("inlayHints.verdicts", ValueKind::Bool),
    ("inlayHints.legalMoves", ValueKind::Bool),
    ("inlayHints.captures", ValueKind::Bool),
    ("inlayHints.liberties", ValueKind::Bool),
    ("diagnostics.warnings", ValueKind::Bool),
    ("diagnostics.information", ValueKind::Bool),
    (
        "hover.picture",
        ValueKind::OneOf(&["auto", "image", "text", "none"]),
    ),
    ("workspace.scan", ValueKind::Bool),
    ("workspace.maxFiles", ValueKind::Count),
];

/// The keys of the project itself.
pub const PROJECT: [(&str, ValueKind); 6] = [
    ("$schema", ValueKind::Text),
    ("files", ValueKind::Globs),
    ("answers.names", ValueKind::Names),
    ("profile", ValueKind::Profile),
    ("profiles", ValueKind::Profiles),
    ("invalidInputs", ValueKind::GlobList),
];

/// Every key, settings first.
pub fn all() -> impl Iterator<Item = (&'static str, ValueKind)> {
    SETTINGS.into_iter().chain(PROJECT)
}

/// The kind of a full dotted key; `None` when unknown.
pub fn kind(key: &str) -> Option<ValueKind> {
    all().find(|(k, _)| *k == key).map(|(_, kind)| kind)
}

/// Whether `prefix` is a table that holds keys (`inlayHints`, `answers`).
pub fn is_table(prefix: &str) -> bool {
    all().any(|(k, _)| {
        k.strip_prefix(prefix)
            .is_some_and(|rest| rest.starts_with('.'))
    })
}
