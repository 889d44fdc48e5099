//! Work-done progress (`window/workDoneProgress/create`, then `$/progress`
//! begin, reports with a percentage, end) for long jobs such as the
//! workspace scan.
//!
//! The notifications go through the session's ordered outbox, the same
//! queue as the diagnostics, so a client sees `end` only after every
//! diagnostic the job published.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tower_lsp_server::ls_types::{
    NumberOrString, ProgressToken, WorkDoneProgress, WorkDoneProgressBegin, WorkDoneProgressEnd,
    WorkDoneProgressReport,
};

use super::session::Session;
use crate::wire::outbox::Outgoing;
use boardls_engine::i18n::{Locale, Message};

/// How long a client may take to accept a progress token.
const CREATE_TIMEOUT: Duration = Duration::from_secs(5);

static NEXT_TOKEN: AtomicU64 = AtomicU64::new(1);

pub struct Progress {
    session: Session,
    token: ProgressToken,
    percentage: u32,
    /// The language of the titles and messages: the session's when the
    /// job began.
    locale: Locale,
}

impl Progress {
    /// Creates a token and sends `begin`; `None` when the client does not
    /// support work-done progress or refuses the token.
    pub async fn begin(session: &Session, title: Message, message: Message) -> Option<Progress> {
        let caps = session.caps();
        if !caps.progress {
            return None;
        }
        let n = NEXT_TOKEN.fetch_add(1, Ordering::Relaxed);
        let token = NumberOrString::String(format!("boardls/{n}"));
        let created = tokio::time::timeout(
            CREATE_TIMEOUT,
            session.host.client.create_work_done_progress(token.clone()),
        )
        .await;
        if !matches!(created, Ok(Ok(()))) {
            return None;
        }
        let progress = Progress {
            session: session.clone(),
            token,
            percentage: 0,
            locale: caps.locale,
        };
        progress.send(WorkDoneProgress::Begin(WorkDoneProgressBegin {
            title: title.word(caps.locale),
            cancellable: Some(false),
            message: Some(message.word(caps.locale)),
            percentage: Some(0),
        }));
        Some(progress)
    }

    /// Reports `done` of `total`, as `said` words them; repeats of the
    /// same percentage are skipped (and not worded).
    pub fn report(&mut self, done: usize, total: usize, said: impl FnOnce() -> Message) {
        let percentage = percent(done, total);
        if percentage == self.percentage {
            return;
        }
        self.percentage = percentage;
        self.send(WorkDoneProgress::Report(WorkDoneProgressReport {
            cancellable: Some(false),
            message: Some(said().word(self.locale)),
            percentage: Some(percentage),
        }));
    }

    pub fn end(self, message: &Message) {
        self.send(WorkDoneProgress::End(WorkDoneProgressEnd {
            message: Some(message.word(self.locale)),
        }));
    }

    fn send(&self, value: WorkDoneProgress) {
        self.session.host.outbox.send(Outgoing::Progress {
            token: self.token.clone(),
            value,
        });
    }
}

fn percent(done: usize, total: usize) -> u32 {
    if total == 0 {
        return 100;
    }
    let p = done.min(total).saturating_mul(100) / total;
    u32::try_from(p).unwrap_or(100)
}

#[cfg(test)]
mod tests {
    use super::percent;

    #[test]
    fn percentages() {
        assert_eq!(percent(0, 0), 100);
        assert_eq!(percent(0, 3), 0);
        assert_eq!(percent(1, 3), 33);
        assert_eq!(percent(3, 3), 100);
        assert_eq!(percent(5, 3), 100);
    }
}
