//! An input, its answer file and a boardls.toml from arbitrary bytes: the
//! answer compared, the judge profiles, the project file read; no panic,
//! every span inside its text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| boardls_fuzz::setter_inputs(data));
