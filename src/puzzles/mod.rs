//! Other exact cover puzzles, each a module that builds a [`crate::xc::Problem`], decodes a
//! solution and draws it.
