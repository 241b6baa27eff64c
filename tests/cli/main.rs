//! The one integration-test binary. Every test starts its own redis-server (support.rs).

mod support;

mod basics;
mod lists;
mod stats;
