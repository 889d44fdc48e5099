# The playground's own words (web/playground/): its buttons, headings,
# notices and footer. The server's messages are the server's catalog's
# (src/i18n/); the judges' verdict lines (`Case #1: X won`) are never
# translated. Every key is in every language, with the same placeables
# (tests/it/playground_catalog.rs). One line per message: the page reads
# a small part of Fluent (fluent-lite.js).

page-title = boardls playground
page-heading = boardls playground
game-label = Game
game-uttt = Ultimate tic-tac-toe (.uttt, Codeforces 907B)
game-go9 = Ancient go (.go9, HDU 5546)
game-tomek = Tic-Tac-Toe-Tomek (.tomek, GCJ 2013)
example-button = Example
    .title = Put the judge's sample back in the editor
fill-button = Fill !
    .title = Mark every legal move with !
format-button = Format
share-button = Share
    .title = Put the board in a link and copy it
language-label = Language
theme-button = Dark theme
link-label = Link
editor-label = Board file
verdicts-heading = Verdicts
hints-heading = In the editor
problems-heading = Problems
picture-heading = Picture
picture-empty = Hover over a cell, or put the cursor on it, to see its position drawn here.
picture-alt = The position at the cursor
footer = Everything runs in this page: the board is checked by boardls compiled to WebAssembly, and nothing is sent anywhere.

# The status line, top right.
status-starting = starting…
status-ready = { $server } is ready
status-stopped = stopped

# The problems list: `12:5: error[go9/bad-cell]: …`.
severity-error = error
severity-warning = warning
severity-info = info
severity-hint = hint

# Notices: `reason` is the browser's own error message.
checker-cannot-start = The checker could not start ({ $reason }): serve the page over http, e.g. python3 -m http.server -d dist/web.
checker-stopped-often = The checker stopped { $times } times in a row on this text ({ $reason }). Your text is kept; the checker starts again at your next edit.
checker-restarted = The checker stopped ({ $reason }). It was restarted with your text, which is kept.
editor-not-loaded = The editor could not be loaded; reload the page.
format-failed = Format failed: { $reason }
already-formatted = The board is already formatted.
fill-failed = Fill ! failed: { $reason }
already-filled = Every legal move is already marked with !, or the board has none.
share-failed = Share failed: { $reason }
link-copied = Link copied. It holds the whole board in the URL; nothing was uploaded.
link-in-address-bar = The link is in the address bar and below; nothing was uploaded.
share-too-big = This board is too big for a link: { $size } KB encoded, and a link carries at most { $limit } KB. Share the file itself instead.

# A link that could not be opened: one of these, then what the page did.
link-example-instead = { $problem } The example board is shown instead.
link-board-kept = { $problem } The board in the editor is kept.
link-unreadable = This link could not be read.
link-other-version = This link's format ({ $version }) is not one this playground reads (it reads { $supported }).
link-damaged-shape = This link is damaged: it does not have the form { $form }.
link-unknown-game = This link names a game the playground does not know: { $game }.
link-over-limit = This link's board is over { $limit } KB encoded, more than a link may carry.
link-damaged-characters = This link is damaged: the board in it has characters that base64url does not use.
link-damaged-base64 = This link is damaged: the board in it is not valid base64url.
link-damaged-unpack = This link is damaged: its board does not unpack.
link-too-large = This link unpacks to a board over { $limit } MB, more than the playground opens.
link-damaged-utf8 = This link is damaged: its board is not UTF-8 text.
