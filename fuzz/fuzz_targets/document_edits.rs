//! A document under arbitrary incremental edits at arbitrary (also
//! out-of-range) positions, in UTF-8 or UTF-16: no panic, the text equals
//! the same edits applied to a plain string, the findings equal a fresh
//! parse, and every feature answers without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|session: boardls_fuzz::Session| boardls_fuzz::run_session(&session));
