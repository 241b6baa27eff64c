//! `worker --listen ADDR`: /healthz, /readyz and /metrics over `crate::httpd`, answered from
//! the worker's memory alone (no Redis call), so a probe or a scrape costs the jobs nothing.
//!
//! * /healthz — 200 while the process's loops are alive: a heartbeat written within two beat
//!   intervals and every processor thread running; 503 with the reason otherwise. Before the
//!   first beat (the worker is still reaching Redis) it is 200 `starting`.
//! * /readyz — 200 while the process fetches jobs; 503 while it starts, is quiet, drains, or
//!   is cut off from Redis.
//! * /metrics — the worker's own metrics (`telemetry`).

use std::sync::atomic::Ordering;

use super::state::Shared;
use super::telemetry::Gauges;
use crate::httpd::{self, Response};

/// Serve until the worker has finished.
pub fn serve(shared: &Shared) {
    let Some(listener) = &shared.listener else {
        return;
    };
    httpd::serve(
        listener,
        &|| shared.finished.load(Ordering::SeqCst),
        &|r| route(shared, r.path),
        &|msg| shared.log("warn", "http_problem", &[("error", &msg)]),
    );
}

fn route(shared: &Shared, path: &str) -> Response {
    match path {
        "/healthz" => health(shared),
        "/readyz" => ready(shared),
        "/metrics" => Response::exposition(
            200,
            shared.telemetry.render(&Gauges {
                identity: shared.settings.identity.clone(),
                busy: shared.busy.load(Ordering::SeqCst),
                concurrency: shared.settings.concurrency,
                quiet: shared.quiet(),
                started_at: shared.started_at,
            }),
        ),
        "/" => Response::text(
            200,
            "cogctl worker: /healthz (alive), /readyz (fetching), /metrics (Prometheus)\n",
        ),
        _ => Response::text(404, "not found: try /healthz, /readyz or /metrics\n"),
    }
}

fn health(shared: &Shared) -> Response {
    let Some(age) = shared.telemetry.beat_age() else {
        return Response::text(200, "starting: waiting for the first heartbeat\n");
    };
    let every = shared.settings.beat_every.as_secs_f64();
    if age > 2.0 * every {
        let why = shared
            .telemetry
            .redis_down()
            .map_or(String::new(), |e| format!(" ({e})"));
        return Response::text(
            503,
            format!(
                "no heartbeat written for {age:.1}s (every {every}s expected){}\n",
                crate::text::visible(&why)
            ),
        );
    }
    let running = shared.telemetry.processors.load(Ordering::SeqCst);
    let wanted = shared.settings.concurrency;
    if running < wanted && !shared.stopping() {
        return Response::text(
            503,
            format!(
                "{} of {wanted} processor threads have ended\n",
                wanted - running
            ),
        );
    }
    Response::text(200, "ok\n")
}

fn ready(shared: &Shared) -> Response {
    if shared.telemetry.beat_age().is_none() {
        return Response::text(503, "starting: waiting for the first heartbeat\n");
    }
    if shared.stopping() {
        return Response::text(503, {
            let busy = shared.busy.load(Ordering::SeqCst) as u64;
            format!(
                "draining: stopping, {busy} {} still running\n",
                crate::text::plural(busy, "job", "jobs")
            )
        });
    }
    if shared.quiet() {
        return Response::text(503, "quiet: fetching no new jobs\n");
    }
    if shared
        .settings
        .max_jobs
        .is_some_and(|max| shared.started_jobs.load(Ordering::SeqCst) >= max)
    {
        return Response::text(503, "max-jobs reached: fetching no new jobs\n");
    }
    if let Some(e) = shared.telemetry.redis_down() {
        return Response::text(
            503,
            format!("cut off from Redis: {}\n", crate::text::visible(&e)),
        );
    }
    Response::text(200, "ready: fetching\n")
}
