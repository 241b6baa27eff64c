//! Sparklines (filled in by the procs --memory work).
