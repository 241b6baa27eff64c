//! Queues that hold jobs no process takes (paused, or unread), and which failures a pause
//! holds.

use super::*;

/// A queue holding jobs no process takes: paused (with the operator's pause, when the trail
/// tells it), or with no live reader.
pub struct Held {
    pub queue: String,
    pub size: u64,
    /// `Some`: paused, and by whom and when if known; `None`: no live process reads it.
    pub paused: Option<Option<(f64, String)>>,
}

/// The held queues the findings name (`paused_backlog`, `unread_queue`).
pub fn held(findings: &[Finding]) -> Vec<Held> {
    let mut out = Vec::new();
    for f in findings {
        let e = f.evidence.read();
        match f.kind {
            Kind::PausedBacklog => {
                let Some(queue) = e["queue"].as_str() else {
                    continue;
                };
                out.push(Held {
                    queue: queue.to_string(),
                    size: e["size"].as_u64().unwrap_or(0),
                    paused: Some(e["paused_by"]["at"].as_f64().map(|at| {
                        let user = e["paused_by"]["user"].as_str().unwrap_or("?");
                        (at, user.to_string())
                    })),
                });
            }
            Kind::UnreadQueue => {
                let one = e["queue"].as_str().map(|q| (q, e["size"].as_u64()));
                let many = e["queues"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|q| q["queue"].as_str().map(|name| (name, q["size"].as_u64())));
                for (queue, size) in one.into_iter().chain(many) {
                    out.push(Held {
                        queue: queue.to_string(),
                        size: size.unwrap_or(0),
                        paused: None,
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// Failures still finishing this long after a pause were running when it came; a pattern that
/// last failed this long before a pause was failing when it came.
pub(super) const IN_FLIGHT: f64 = 60.0;

/// Whether a pause at `paused_at` holds a pattern whose last failure was at `last`: its
/// episode was going on when the queue was paused (failing up to a minute before it, its
/// running jobs finishing up to a minute after), so that it stopped because of the pause.
pub fn held_at_pause(last: f64, paused_at: f64) -> bool {
    last >= paused_at - IN_FLIGHT && last <= paused_at + IN_FLIGHT
}
