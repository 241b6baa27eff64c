//! cogctl: inspect and repair the Redis queues of cogworker 0.8.

pub mod cli;
pub mod clock;
pub mod commands;
pub mod console;
pub mod cron;
pub mod duration;
pub mod fixture;
pub mod httpd;
pub mod ops;
pub mod render;
pub mod sched;
pub mod store;
pub mod term;
pub mod text;
pub mod worker;
