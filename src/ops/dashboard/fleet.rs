//! The dashboard across a fleet (`cogctl --fleet NAME top`): each shard refreshed by its own
//! [`Sampler`] (its own connection and rates), all at once, and merged into one [`View`]:
//! every queue, process and death with its shard, the totals added up, and a row per shard.
//! Narrowed to one shard (`:shard NAME`), only that shard is read, and the view is its own.
//!
//! A shard whose refresh fails keeps the rows of its last good read, its row saying why and
//! since when: a shard lost for a moment never empties the screen of what it held.

use super::{DEATHS, Growth, RedisTotals, Sampler, Totals, View};

/// What the dashboard shows of the fleet it reads.
#[derive(Clone, Debug, Default)]
pub struct Head {
    pub name: String,
    /// Its shards, in its order.
    pub shards: Vec<String>,
    /// The shard the view is narrowed to, if any.
    pub focus: Option<String>,
}

/// One shard's row: its totals as last read, and why its last refresh failed, if it did.
#[derive(Clone, Debug, Default)]
pub struct ShardLine {
    pub name: String,
    /// The server and its version, as last read.
    pub server: Option<String>,
    /// None until it has been read once.
    pub totals: Option<Totals>,
    /// Why the newest refresh failed; the rows shown are then those of `read_at`.
    pub error: Option<String>,
    /// When its rows were read (epoch seconds).
    pub read_at: Option<f64>,
}

struct Part {
    name: String,
    sampler: Sampler,
    last: Option<View>,
    error: Option<String>,
}

/// The samplers of a fleet's shards, and the shard the dashboard is narrowed to.
pub struct FleetSampler {
    name: String,
    parts: Vec<Part>,
    focus: Option<usize>,
}

impl FleetSampler {
    pub fn new(name: String, shards: Vec<(String, Sampler)>) -> FleetSampler {
        FleetSampler {
            name,
            parts: shards
                .into_iter()
                .map(|(name, sampler)| Part {
                    name,
                    sampler,
                    last: None,
                    error: None,
                })
                .collect(),
            focus: None,
        }
    }

    /// Narrow to `shard` (None: the whole fleet again); false when the fleet has no such shard.
    pub fn narrow(&mut self, shard: Option<&str>) -> bool {
        match shard {
            None => self.focus = None,
            Some(name) => match self.parts.iter().position(|p| p.name == name) {
                Some(i) => self.focus = Some(i),
                None => return false,
            },
        }
        true
    }

    fn chosen(&mut self) -> Vec<&mut Part> {
        match self.focus {
            Some(i) => vec![&mut self.parts[i]],
            None => self.parts.iter_mut().collect(),
        }
    }

    /// Every shard shown refreshed at once, and merged. An error (the banner's) only when
    /// no shard shown could be read.
    pub fn refresh(&mut self) -> Result<View, String> {
        self.on_each(|part| match part.sampler.refresh() {
            Ok(view) => {
                part.last = Some(view);
                part.error = None;
            }
            Err(e) => part.error = Some(crate::ops::fleet::shown(&e)),
        })?;
        let head = Head {
            name: self.name.clone(),
            shards: self.parts.iter().map(|p| p.name.clone()).collect(),
            focus: self.focus.map(|i| self.parts[i].name.clone()),
        };
        let parts: Vec<&Part> = match self.focus {
            Some(i) => vec![&self.parts[i]],
            None => self.parts.iter().collect(),
        };
        Ok(merge(head, &parts))
    }

    /// Whether the shards shown answer (a `PING` each): an error only when none does.
    pub fn ping(&mut self) -> Result<(), String> {
        self.on_each(|part| {
            part.error = part
                .sampler
                .ping()
                .err()
                .map(|e| crate::ops::fleet::shown(&e));
        })
    }

    /// `read` on every shard shown at once, each on its own thread; an error naming each
    /// shard with why when none of them could be read.
    fn on_each(&mut self, read: impl Fn(&mut Part) + Sync) -> Result<(), String> {
        let each = self
            .chosen()
            .into_iter()
            .map(|p| (p.name.clone(), p))
            .collect();
        crate::ops::fleet::each(each, |_, part: &mut Part| {
            read(part);
            Ok(())
        });
        let shown = self.chosen();
        if shown.iter().all(|p| p.error.is_some()) {
            return Err(lost(&shown));
        }
        Ok(())
    }
}

/// Why no shard shown could be read: each named with why.
fn lost(parts: &[&mut Part]) -> String {
    parts
        .iter()
        .map(|p| format!("{}: {}", p.name, p.error.as_deref().unwrap_or("?")))
        .collect::<Vec<_>>()
        .join("; ")
}

fn add(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.saturating_add(b)),
        (a, b) => a.or(b),
    }
}

fn add_u(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.saturating_add(b)),
        (a, b) => a.or(b),
    }
}

fn add_f(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a + b),
        (a, b) => a.or(b),
    }
}

fn add_growth(a: Growth, b: Growth) -> Growth {
    Growth {
        minute: add(a.minute, b.minute),
        since_start: add(a.since_start, b.since_start),
    }
}

/// The fleet's totals: each shard's added up (a figure a shard could not read is left out).
fn summed(all: &[&Totals]) -> Totals {
    let mut sum = Totals::default();
    for t in all {
        sum.processed = add(sum.processed, t.processed);
        sum.failed = add(sum.failed, t.failed);
        sum.processed_rate = add_f(sum.processed_rate, t.processed_rate);
        sum.failed_rate = add_f(sum.failed_rate, t.failed_rate);
        sum.enqueued = sum.enqueued.saturating_add(t.enqueued);
        sum.scheduled = add_u(sum.scheduled, t.scheduled);
        sum.retry = add_u(sum.retry, t.retry);
        sum.dead = add_u(sum.dead, t.dead);
        sum.retry_growth = add_growth(sum.retry_growth, t.retry_growth);
        sum.dead_growth = add_growth(sum.dead_growth, t.dead_growth);
        sum.busy = sum.busy.saturating_add(t.busy);
        sum.concurrency = sum.concurrency.saturating_add(t.concurrency);
        sum.live += t.live;
        sum.quiet += t.quiet;
        sum.gone += t.gone;
    }
    sum
}

/// The shards' views as one: narrowed to one shard, its own view with its rows labelled.
fn merge(head: Head, parts: &[&Part]) -> View {
    let label = |s: &str| Some(s.to_string());
    let mut view = View {
        window: super::WINDOW,
        ..View::default()
    };
    let read: Vec<(&str, &View)> = parts
        .iter()
        .filter_map(|p| Some((p.name.as_str(), p.last.as_ref()?)))
        .collect();
    for (name, shard) in &read {
        view.now = view.now.max(shard.now);
        view.queues.extend(shard.queues.iter().map(|q| {
            let mut q = q.clone();
            q.shard = label(name);
            q
        }));
        view.processes.extend(shard.processes.iter().map(|p| {
            let mut p = p.clone();
            p.shard = label(name);
            p
        }));
        view.deaths.extend(shard.deaths.iter().map(|d| {
            let mut d = d.clone();
            d.shard = label(name);
            d
        }));
        view.problems.extend(
            shard
                .problems
                .iter()
                .map(|(key, why)| (key.clone(), format!("{name}: {why}"))),
        );
    }
    view.queues
        .sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.shard.cmp(&b.shard)));
    view.deaths.sort_by(|a, b| b.at.total_cmp(&a.at));
    view.deaths.truncate(DEATHS);
    view.totals = summed(&read.iter().map(|(_, v)| &v.totals).collect::<Vec<_>>());
    view.throughput = throughput(
        &read
            .iter()
            .map(|(_, v)| &v.throughput[..])
            .collect::<Vec<_>>(),
    );
    match (&head.focus, read.first()) {
        (Some(focus), Some((_, shard))) => {
            view.target = format!("{focus} of fleet {} · {}", head.name, shard.target);
            view.redis = shard.redis.clone();
        }
        _ => {
            view.target = format!("fleet {} ({} shards)", head.name, head.shards.len());
            view.redis = Some(redis_summed(&read));
        }
    }
    view.shards = parts
        .iter()
        .map(|p| ShardLine {
            name: p.name.clone(),
            server: p
                .last
                .as_ref()
                .and_then(|v| v.redis.as_ref()?.server.clone()),
            totals: p.last.as_ref().map(|v| v.totals.clone()),
            error: p.error.clone(),
            read_at: p.last.as_ref().map(|v| v.now),
        })
        .collect();
    view.fleet = Some(head);
    view
}

/// The fleet's servers in one: their version when all run the same, their clients, memory
/// and commands per second added up.
fn redis_summed(read: &[(&str, &View)]) -> RedisTotals {
    let mut sum = RedisTotals::default();
    let mut servers = read
        .iter()
        .filter_map(|(_, v)| v.redis.as_ref()?.server.clone());
    if let Some(first) = servers.next()
        && servers.all(|s| s == first)
    {
        sum.server = Some(first);
    }
    for (_, v) in read {
        if let Some(r) = &v.redis {
            sum.clients = add_u(sum.clients, r.clients);
            sum.used_memory = add(sum.used_memory, r.used_memory);
            sum.ops_per_sec = add_f(sum.ops_per_sec, r.ops_per_sec);
        }
    }
    sum
}

/// The fleet's throughput: each shard's, newest last, added up point by point from the
/// newest back, as far as every shard has points (their refreshes are made together).
fn throughput(all: &[&[(f64, f64, f64)]]) -> Vec<(f64, f64, f64)> {
    let Some(shortest) = all.iter().map(|t| t.len()).min() else {
        return Vec::new();
    };
    (0..shortest)
        .rev()
        .map(|back| {
            let mut point = (0.0, 0.0, 0.0);
            for (i, t) in all.iter().enumerate() {
                let (age, p, f) = t[t.len() - 1 - back];
                if i == 0 {
                    point.0 = age;
                }
                point.1 += p;
                point.2 += f;
            }
            point
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::dashboard::{DeathLine, QueueLine};

    fn queue(name: &str, size: u64) -> QueueLine {
        QueueLine::waiting(name, size)
    }

    fn death(at: f64) -> DeathLine {
        DeathLine {
            at,
            class: "C".into(),
            queue: "q".into(),
            error: "E".into(),
            shard: None,
        }
    }

    fn shard(queues: Vec<QueueLine>, deaths: Vec<DeathLine>, dead: u64) -> View {
        View {
            target: "redis".into(),
            now: 100.0,
            totals: Totals {
                enqueued: queues.iter().map(|q| q.size).sum(),
                dead: Some(dead),
                processed: Some(10),
                ..Totals::default()
            },
            queues,
            deaths,
            throughput: vec![(2.0, 1.0, 0.0), (0.0, 2.0, 1.0)],
            ..View::default()
        }
    }

    #[test]
    fn the_fleets_rows_carry_their_shard_and_its_totals_add_up() {
        let a = shard(
            vec![queue("mail", 3), queue("default", 1)],
            vec![death(5.0), death(9.0)],
            2,
        );
        let b = shard(vec![queue("default", 4)], vec![death(7.0)], 5);
        let head = Head {
            name: "prod".into(),
            shards: vec!["a".into(), "b".into(), "c".into()],
            focus: None,
        };
        let view = merged_of(head, vec![("a", Some(a)), ("b", Some(b)), ("c", None)]);
        let rows: Vec<(String, String, u64)> = view
            .queues
            .iter()
            .map(|q| {
                (
                    q.shard.clone().unwrap(),
                    q.name.shown().into_owned(),
                    q.size,
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                ("a".to_string(), "default".to_string(), 1),
                ("b".into(), "default".into(), 4),
                ("a".into(), "mail".into(), 3)
            ]
        );
        assert_eq!(view.totals.enqueued, 8);
        assert_eq!(view.totals.dead, Some(7));
        assert_eq!(view.totals.processed, Some(20));
        let died: Vec<(f64, &str)> = view
            .deaths
            .iter()
            .map(|d| (d.at, d.shard.as_deref().unwrap()))
            .collect();
        assert_eq!(died, [(9.0, "a"), (7.0, "b"), (5.0, "a")]);
        assert_eq!(view.throughput, [(2.0, 2.0, 0.0), (0.0, 4.0, 2.0)]);
        assert_eq!(view.shards.len(), 3);
        assert!(view.shards[2].totals.is_none());
        assert_eq!(view.target, "fleet prod (3 shards)");
    }

    /// `merge` over parts whose last reads are given (no Redis: the samplers are never read).
    fn merged_of(head: Head, reads: Vec<(&str, Option<View>)>) -> View {
        let connector = crate::store::Connector::new(&crate::store::ConnectOptions::default())
            .expect("a connector");
        let parts: Vec<Part> = reads
            .into_iter()
            .map(|(name, last)| Part {
                name: name.to_string(),
                sampler: Sampler::new(connector.clone(), crate::clock::Clock::system()),
                error: last.is_none().then(|| "refused".to_string()),
                last,
            })
            .collect();
        let refs: Vec<&Part> = parts.iter().collect();
        merge(head, &refs)
    }
}
