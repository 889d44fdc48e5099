//! A document, its kept diagnostics and its kept semantic tokens across a
//! sequence of edits, from arbitrary bytes: after each edit the client
//! asks about, the publish from the kept pieces equals a fresh reading of
//! the same text, and the token delta, spliced in as a client does,
//! gives a fresh `/full`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| boardls_fuzz::cache_edits(data));
