//! Unit tests of the parser: exact spans and messages for each fault.
