//! A document's diagnostics at one moment ([`super::Document::snapshot`]),
//! and the walk over them that publishes and pulls list from.

use std::sync::Arc;

use ropey::Rope;

use crate::diagnostics::{Diagnostic, Severity};
use crate::profile::Validation;
use crate::syntax::{CodeCount, DocPosition, InOrder, ParsedPosition};

/// A document's diagnostics at one moment (see [`super::Document::snapshot`]).
pub struct DocDiagnostics {
    pub rope: Rope,
    /// Absolute, sorted; they all come before the positions' own (the
    /// count line, or `file/no-positions` when there are no positions).
    pub file_diagnostics: Vec<Diagnostic>,
    /// The positions with diagnostics, in order, with their absolute first
    /// lines (handed out only as [`DocPosition`]s).
    pub(super) noisy: Vec<(u32, Arc<ParsedPosition>)>,
    /// The profile checked, and the promises the text breaks (absolute,
    /// sorted): listed after the rest, as `check` lists them.
    pub(super) validation: Option<(Validation, Vec<Diagnostic>)>,
    /// Every position's tally summed.
    pub totals: Vec<CodeCount>,
}

impl DocDiagnostics {
    /// How many positions have diagnostics.
    pub fn noisy_count(&self) -> usize {
        self.noisy.len()
    }

    /// The positions with diagnostics, in order, with their absolute first
    /// lines: for a walk that keeps what each lists (`lsp::kept_diagnostics`).
    pub fn noisy(&self) -> &[(u32, Arc<ParsedPosition>)] {
        &self.noisy
    }

    /// Whether a profile is checked: its promises come after the rest, and
    /// an invalid-input test shows everything as information.
    pub fn has_profile(&self) -> bool {
        self.validation.is_some()
    }

    /// Every position's tally summed.
    pub fn totals(&self) -> &[CodeCount] {
        &self.totals
    }

    /// How many errors [`DocDiagnostics::for_each`] gives, counted without
    /// deriving any facts: errors are only ever stored (facts derived from
    /// a board are warnings and information).
    pub fn error_count(&self) -> usize {
        match &self.validation {
            Some((validation, _)) if validation.invalid_input => {
                usize::from(!self.breaks_profile())
            }
            Some((_, broken)) => self.own_error_count() + errors(broken),
            None => self.own_error_count(),
        }
    }

    /// How many errors, warnings and information diagnostics
    /// [`DocDiagnostics::for_each`] gives at most.
    pub fn at_most(&self) -> [usize; 3] {
        let mut counts = [0; 3];
        // Severities in declaration order: error, warning, information.
        let mut add = |severity: Severity, n: usize| counts[severity as usize] += n;
        for c in &self.totals {
            add(c.severity, c.count as usize);
        }
        let broken = self.validation.iter().flat_map(|(_, broken)| broken);
        for d in self.file_diagnostics.iter().chain(broken) {
            add(d.severity, 1);
        }
        if self
            .validation
            .as_ref()
            .is_some_and(|(v, _)| v.invalid_input)
        {
            // Everything may be shown as information, and the profile's
            // own error added.
            counts = [counts[0] + 1, counts[1], counts.iter().sum::<usize>() + 1];
        }
        counts
    }

    /// The errors of the text itself, without a profile's.
    fn own_error_count(&self) -> usize {
        errors(&self.file_diagnostics)
            + self
                .totals
                .iter()
                .filter(|c| c.severity == Severity::Error)
                .map(|c| c.count as usize)
                .sum::<usize>()
    }

    /// Whether an invalid-input test has an error of its own or of its
    /// profile's (see [`Validation::shown`]).
    fn breaks_profile(&self) -> bool {
        self.own_error_count() > 0
            || self
                .validation
                .as_ref()
                .is_some_and(|(_, broken)| errors(broken) > 0)
    }

    /// Every diagnostic in order (absolute, sorted), one position at a
    /// time, to `visit`: before a position's diagnostics are derived,
    /// `visit` gets its [`ParsedPosition::tally`] and may skip it (it has
    /// counted them: none of them would be listed); then each diagnostic
    /// with the position it belongs to (with its first line), if any.
    /// Each answer says whether related locations are still wanted (once
    /// they are not, positions derive their facts without).
    pub fn for_each(&self, visit: &mut dyn FnMut(Visit<'_>) -> Want) {
        let Some((validation, broken)) = &self.validation else {
            return self.for_each_own(visit);
        };
        if !validation.invalid_input {
            self.for_each_own(visit);
            for d in broken {
                visit(Visit::Diagnostic(None, d));
            }
            return;
        }
        if !self.breaks_profile() {
            let rope_head = self.rope.line(0).to_string();
            for d in validation.shown(&rope_head, Vec::new()) {
                visit(Visit::Diagnostic(None, &d));
            }
            return self.for_each_own(visit);
        }
        // It breaks its profile, as it must: everything it shows is
        // information, saying which rule it breaks.
        let demoted = |d: &Diagnostic| Diagnostic {
            severity: Severity::Information,
            ..d.clone()
        };
        self.for_each_own(&mut |seen| match seen {
            Visit::Position(tally) => {
                let tally: Vec<CodeCount> = tally
                    .iter()
                    .map(|c| CodeCount {
                        severity: Severity::Information,
                        ..*c
                    })
                    .collect();
                visit(Visit::Position(&tally))
            }
            Visit::Diagnostic(owner, d) => visit(Visit::Diagnostic(owner, &demoted(d))),
        });
        for d in broken {
            visit(Visit::Diagnostic(None, &demoted(d)));
        }
    }

    fn for_each_own(&self, visit: &mut dyn FnMut(Visit<'_>) -> Want) {
        let mut want = Want::Related;
        for d in &self.file_diagnostics {
            want = visit(Visit::Diagnostic(None, d));
        }
        // A position's diagnostics may lie below the next position's first
        // line (a missing row is expected where the next one starts): they
        // wait until nothing can come before them, as in `check`.
        let mut order = InOrder::default();
        // The tallies of the positions met so far.
        let mut met = Vec::new();
        for (first_line, position) in &self.noisy {
            order.release(*first_line, &mut |owner, d| {
                want = visit(Visit::Diagnostic(Some(owner), d));
            });
            CodeCount::count_into(&mut met, position.tally(), true);
            match visit(Visit::Position(position.tally())) {
                Want::Skip => continue,
                Want::Stop => {
                    // The rest, counted at once: the totals less what was met.
                    let mut rest = self.totals.clone();
                    CodeCount::count_into(&mut rest, &met, false);
                    rest.retain(|c| c.count > 0);
                    visit(Visit::Position(&rest));
                    break;
                }
                answer => want = answer,
            }
            let position = DocPosition::new(*first_line, position);
            order.take(position, position, want == Want::Related);
        }
        order.finish(&mut |owner, d| want = visit(Visit::Diagnostic(Some(owner), d)));
    }
}

fn errors(diagnostics: &[Diagnostic]) -> usize {
    diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count()
}

/// What [`DocDiagnostics::for_each`] shows its visitor.
pub enum Visit<'a> {
    /// A position's diagnostics counted, before they are derived.
    Position(&'a [CodeCount]),
    /// One diagnostic, with the position it belongs to.
    Diagnostic(Option<DocPosition<'a>>, &'a Diagnostic),
}

/// A visitor's answer to [`DocDiagnostics::for_each`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// Diagnostics with their related locations.
    Related,
    /// Diagnostics without related locations.
    Plain,
    /// (To a position.) None of its diagnostics: they are counted.
    Skip,
    /// (To a position.) None of its diagnostics, nor of any after it:
    /// the rest are counted from the totals, as one more position.
    Stop,
}
