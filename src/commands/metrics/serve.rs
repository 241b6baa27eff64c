//! `cogctl metrics --listen ADDR`: /metrics and /healthz over HTTP/1.1 (`crate::httpd`).
//!
//! Scrapes take one of `concurrency` exporters, each with its own Redis connection (made again
//! after an outage; across a fleet, one a shard), so concurrent scrapes never share one and
//! at most `concurrency` read Redis at once. A Redis outage answers 503 with `cogctl_up 0`; nothing a request does ends
//! the server. SIGINT or SIGTERM stops it (exit 0).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use anyhow::Context;
use signal_hook::consts::{SIGINT, SIGTERM};

use super::{Exporter, Outcome};
use crate::commands::Ctx;
use crate::httpd::{self, Response};
use crate::term::exit::{Exit, UsageError};
use crate::text::{logfmt_value, visible};

pub fn run(
    ctx: &mut Ctx,
    addr: &str,
    concurrency: usize,
    targets: &[(Option<String>, crate::store::Connector)],
    pinned: Option<f64>,
) -> anyhow::Result<Exit> {
    let listener = httpd::bind(addr).map_err(|e| anyhow::Error::new(UsageError(e)))?;
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [SIGINT, SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&stop))
            .context("cannot handle SIGINT/SIGTERM")?;
    }
    let bound = listener
        .local_addr()
        .map_or_else(|_| addr.to_string(), |a| a.to_string());
    if !ctx.ui.quiet {
        let _ = writeln!(
            io::stderr(),
            "serving http://{bound}/metrics and /healthz for {} ({concurrency} scrapes at a time; Ctrl-C stops)",
            Exporter::new(targets, pinned).target()
        );
    }
    let pool = Pool {
        idle: Mutex::new(
            (0..concurrency)
                .map(|_| Exporter::new(targets, pinned))
                .collect(),
        ),
        freed: Condvar::new(),
    };
    httpd::serve(
        &listener,
        &|| stop.load(Ordering::SeqCst),
        &|r| route(r, &pool),
        &log,
    );
    Ok(Exit::Ok)
}

/// The scrapers not in use.
struct Pool {
    idle: Mutex<Vec<Exporter>>,
    freed: Condvar,
}

impl Pool {
    fn with<T>(&self, f: impl FnOnce(&mut Exporter) -> T) -> T {
        let mut scraper = {
            let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                match idle.pop() {
                    Some(s) => break s,
                    None => {
                        idle = self
                            .freed
                            .wait(idle)
                            .unwrap_or_else(PoisonError::into_inner)
                    }
                }
            }
        };
        let out = f(&mut scraper);
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(scraper);
        self.freed.notify_one();
        out
    }
}

fn route(request: &httpd::Request, pool: &Pool) -> Response {
    match request.path {
        "/metrics" => {
            // Within Prometheus' scrape timeout, less a margin to merge and send (a tenth, at
            // most half a second): a shard not read by then is down for this scrape, and the
            // others are served in time.
            let budget = request
                .timeout
                .map(|t| t.saturating_sub((t / 10).min(std::time::Duration::from_millis(500))));
            let scrape = pool.with(|e| e.scrape(budget));
            for (shard, err) in &scrape.down {
                log(&format!("shard {shard} could not be scraped: {err}"));
            }
            let status = match &scrape.outcome {
                Outcome::Served => 200,
                Outcome::Unreachable(err) => {
                    log(&format!("scrape failed: {err}"));
                    503
                }
            };
            Response::exposition(status, scrape.body)
        }
        "/healthz" => match pool.with(Exporter::ping) {
            Ok(down) if down.is_empty() => Response::text(200, "ok\n"),
            // A fleet with some shards down: the exporter still serves the others.
            Ok(down) => {
                Response::text(200, format!("ok, but not: {}\n", visible(&down.join("; "))))
            }
            Err(err) => Response::text(503, format!("Redis unavailable: {}\n", visible(&err))),
        },
        "/" => Response::text(
            200,
            "cogctl metrics: the exposition is at /metrics, health at /healthz\n",
        ),
        _ => Response::text(404, "not found: try /metrics or /healthz\n"),
    }
}

/// One logfmt line on stderr (the server's only log).
fn log(msg: &str) {
    let _ = writeln!(io::stderr(), "level=warn msg={}", logfmt_value(msg));
}
