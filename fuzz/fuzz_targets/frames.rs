//! The framing guard's decoder on an arbitrary client stream.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| boardls_fuzz::frames(data));
