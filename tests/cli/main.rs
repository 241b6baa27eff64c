//! The one integration-test binary. Every test starts its own redis-server (support.rs).

mod support;

mod audit;
mod basics;
mod check;
mod connect;
mod contexts;
mod control;
mod deep;
mod enqueue;
mod generated;
mod handler;
mod help;
mod history;
mod hostile;
mod http;
mod inprogress;
mod job;
mod lists;
mod metrics;
mod periodic;
mod procs;
mod pty;
mod queue_view;
mod reconcile;
mod repair;
mod safe_json;
mod search;
mod serve;
mod soak;
mod stats;
mod top;
mod transfer;
mod triage;
mod watch;
mod worker;
