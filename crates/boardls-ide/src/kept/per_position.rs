//! Values kept with the positions they were made from (a position's
//! semantic tokens, its symbol), so that a request after an edit remakes
//! only the positions the edit re-read.
//!
//! Each entry holds the document's own `Arc` of its position: an unchanged
//! position is the same pointer. Bringing the entries up to a document
//! keeps those equal by pointer at the front and at the back, and makes
//! the ones between afresh. Finding the kept ends compares a pointer per
//! position; nothing else walks the document.

use std::sync::Arc;

use crate::view::Cancel;
use boardls_engine::document::Document;
use boardls_engine::syntax::ParsedPosition;

#[derive(Debug)]
struct Entry<T> {
    position: Arc<ParsedPosition>,
    value: T,
}

/// One value per position of a document, as last brought up to it.
#[derive(Debug)]
pub struct Kept<T> {
    entries: Vec<Entry<T>>,
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept {
            entries: Vec::new(),
        }
    }
}

/// What [`Kept::update`] replaced: the entries from `front` on, `removed`
/// (their old values, in order), gave way to `added` new ones.
pub struct Splice<T> {
    pub front: usize,
    pub removed: Vec<T>,
    pub added: usize,
}

impl<T> Kept<T> {
    /// Brings the entries up to `doc`, making each new one with `make`
    /// (given the position's index). `Some(None)` when nothing changed;
    /// `None` when `cancel` was raised meanwhile, the entries as they were.
    pub fn update(
        &mut self,
        doc: &Document,
        cancel: &Cancel,
        mut make: impl FnMut(usize) -> T,
    ) -> Option<Option<Splice<T>>> {
        let (old, new) = (self.entries.len(), doc.position_count());
        let same = |entry: &Entry<T>, index: usize| {
            doc.shared_position(index)
                .is_some_and(|p| Arc::ptr_eq(p, &entry.position))
        };
        let mut front = 0;
        while front < old.min(new) && same(&self.entries[front], front) {
            front += 1;
        }
        let mut back = 0;
        while back < old.min(new) - front && same(&self.entries[old - 1 - back], new - 1 - back) {
            back += 1;
        }
        if front == old && old == new {
            return Some(None);
        }
        let mut fresh = Vec::with_capacity(new - back - front);
        for index in front..new - back {
            if cancel.is_cancelled() {
                return None;
            }
            if let Some(position) = doc.shared_position(index) {
                fresh.push(Entry {
                    position: Arc::clone(position),
                    value: make(index),
                });
            }
        }
        let added = fresh.len();
        let removed = self
            .entries
            .splice(front..old - back, fresh)
            .map(|entry| entry.value)
            .collect();
        Some(Some(Splice {
            front,
            removed,
            added,
        }))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn get(&self, index: usize) -> Option<&T> {
        self.entries.get(index).map(|entry| &entry.value)
    }
}
