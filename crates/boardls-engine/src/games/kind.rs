//! Which of the three games a file holds.

/// Which game a board file holds; decided by its extension or language id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Uttt,
    Go9,
    Tomek,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Uttt, GameKind::Go9, GameKind::Tomek];

    /// The file extension and LSP language id, which are the same word.
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Uttt => "uttt",
            GameKind::Go9 => "go9",
            GameKind::Tomek => "tomek",
        }
    }

    pub fn from_id(id: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|kind| kind.id() == id)
    }

    pub fn from_path(path: &std::path::Path) -> Option<GameKind> {
        GameKind::from_id(path.extension()?.to_str()?)
    }
}
