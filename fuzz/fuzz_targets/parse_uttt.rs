//! The .uttt parser on arbitrary bytes: no panic, every span inside the text.
#![no_main]

use boardls_engine::games::GameKind;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| boardls_fuzz::parse(GameKind::Uttt, data));
