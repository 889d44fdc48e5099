//! A document: a rope plus its parsed positions, re-parsed incrementally.
