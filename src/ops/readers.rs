//! Who reads which queue, and whether a queue name is one cogworker knows: what a change to a
//! queue checks before it acts (a typo'd name is refused with the nearest known ones), and
//! what quieting or stopping processes checks (the last live readers of a queue holding
//! jobs). Reads are bounded by the fleet's size and the names given, never by a queue's.

use crate::store::{Name, Store, StoreResult, keys, value};

/// A live process (its presence key exists) and the queues its `info` says it reads.
#[derive(Clone, Debug)]
pub struct LiveProcess {
    pub identity: Name,
    pub queues: Vec<Name>,
    /// Its presence says quiet: it fetches nothing already.
    pub quiet: bool,
}

/// Every member of cogworker:processes whose presence key exists, with its queues, in one
/// round trip after the registry. A registry or presence hash of the wrong type reads as
/// no process (the views report it); a lost connection stays an error.
pub fn live_processes(store: &mut Store) -> StoreResult<Vec<LiveProcess>> {
    let identities = match store.members(keys::PROCESSES) {
        Ok(ids) => ids,
        Err(e) if e.is_connection() => return Err(e),
        Err(_) => return Ok(Vec::new()),
    };
    let mut pipe = redis::pipe();
    for id in &identities {
        pipe.cmd("EXISTS").arg(keys::process(id));
        pipe.cmd("HMGET")
            .arg(keys::process(id))
            .arg("info")
            .arg("quiet");
    }
    let replies = store.pipeline(&pipe)?;
    Ok(identities
        .into_iter()
        .zip(replies.chunks(2))
        .filter(|(_, r)| r[0].as_ref().ok().and_then(value::int) == Some(1))
        .map(|(identity, r)| {
            let fields = r[1]
                .as_ref()
                .map(|v| value::items(v).to_vec())
                .unwrap_or_default();
            let queues = fields
                .first()
                .and_then(value::bytes)
                .map(info_queues)
                .unwrap_or_default();
            let quiet = fields.get(1).and_then(value::bytes) == Some(b"true".as_slice());
            LiveProcess {
                identity,
                queues,
                quiet,
            }
        })
        .collect())
}

/// The distinct queue names of a presence's `info` JSON (nothing when it isn't readable).
fn info_queues(raw: &[u8]) -> Vec<Name> {
    let mut names: Vec<Name> = serde_json::from_slice::<serde_json::Value>(raw)
        .ok()
        .and_then(|info| {
            info.get("queues")?.as_array().map(|q| {
                q.iter()
                    .filter_map(|n| n.as_str())
                    .map(Name::from)
                    .collect()
            })
        })
        .unwrap_or_default();
    names.sort();
    names.dedup();
    names
}

/// The queue names cogworker knows of: listed in cogworker:queues, paused, or read by a live
/// process.
#[derive(Debug, Default)]
pub struct Known {
    pub listed: Vec<Name>,
    pub paused: Vec<Name>,
    pub read: Vec<Name>,
}

impl Known {
    /// Both registries must be sets: a change refuses a wrong-typed one (the error names it).
    pub fn read(store: &mut Store) -> StoreResult<Known> {
        let listed = store.members(keys::QUEUES)?;
        let paused = store.members(keys::PAUSED_QUEUES)?;
        let mut read: Vec<Name> = live_processes(store)?
            .into_iter()
            .flat_map(|p| p.queues)
            .collect();
        read.sort();
        read.dedup();
        Ok(Known {
            listed,
            paused,
            read,
        })
    }

    fn names(&self) -> Vec<&Name> {
        let mut all: Vec<&Name> = self
            .listed
            .iter()
            .chain(&self.paused)
            .chain(&self.read)
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// Those of `names` that are neither known nor hold a job, in the order given: what a
    /// typo looks like. One LLEN each, in one round trip; a key of another type isn't empty.
    pub fn unknown<'a>(&self, store: &mut Store, names: &[&'a Name]) -> StoreResult<Vec<&'a Name>> {
        let candidates: Vec<&'a Name> = names
            .iter()
            .copied()
            .filter(|n| {
                self.listed.binary_search(n).is_err()
                    && self.paused.binary_search(n).is_err()
                    && self.read.binary_search(n).is_err()
            })
            .collect();
        let mut pipe = redis::pipe();
        for name in &candidates {
            pipe.cmd("LLEN").arg(keys::queue(name));
        }
        let replies = store.pipeline(&pipe)?;
        Ok(candidates
            .into_iter()
            .zip(replies)
            .filter(|(_, r)| matches!(r, Ok(v) if value::int(v) == Some(0)))
            .map(|(n, _)| n)
            .collect())
    }

    /// One sentence for each unknown name: it doesn't exist, and the nearest known names.
    pub fn explain(&self, unknown: &[&Name]) -> String {
        let all = self.names();
        unknown
            .iter()
            .map(|name| {
                let near = nearest(name, &all);
                let hint = if near.is_empty() {
                    if all.is_empty() {
                        " (cogworker knows no queue here: is this the right Redis and db?)"
                            .to_string()
                    } else {
                        format!(
                            " (known queues: {})",
                            all.iter()
                                .take(10)
                                .map(|n| n.shown())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                } else {
                    format!(
                        "; did you mean {}?",
                        near.iter()
                            .map(|n| n.shown())
                            .collect::<Vec<_>>()
                            .join(" or ")
                    )
                };
                format!(
                    "queue \"{}\" doesn't exist: no job waits on it, no live process reads it, \
                     it isn't in {}{hint}",
                    name.shown(),
                    keys::QUEUES
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The known names nearest to `name` (at most 3, closest first): an edit distance of at most a
/// third of the name's length (at least 1), or the same name in another case.
pub fn nearest<'a>(name: &Name, known: &[&'a Name]) -> Vec<&'a Name> {
    let wanted = name.as_bytes();
    let limit = (wanted.len() / 3).max(1);
    let mut near: Vec<(usize, &'a Name)> = known
        .iter()
        .filter_map(|k| {
            let d = if k.as_bytes().eq_ignore_ascii_case(wanted) {
                0
            } else {
                distance(wanted, k.as_bytes())
            };
            (d <= limit).then_some((d, *k))
        })
        .collect();
    near.sort();
    near.into_iter().take(3).map(|(_, k)| k).collect()
}

/// Levenshtein distance over bytes.
fn distance(a: &[u8], b: &[u8]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Of the queues that the processes `stopping` read, those that no other live, unquiet process
/// reads and that hold jobs, with their sizes: what will stop being worked.
pub fn orphaned_queues(
    store: &mut Store,
    live: &[LiveProcess],
    stopping: &[Name],
) -> StoreResult<Vec<(Name, u64)>> {
    let mut queues: Vec<&Name> = live
        .iter()
        .filter(|p| stopping.contains(&p.identity) && !p.quiet)
        .flat_map(|p| &p.queues)
        .filter(|q| {
            !live
                .iter()
                .any(|p| !p.quiet && !stopping.contains(&p.identity) && p.queues.contains(q))
        })
        .collect();
    queues.sort();
    queues.dedup();
    let mut pipe = redis::pipe();
    for q in &queues {
        pipe.cmd("LLEN").arg(keys::queue(q));
    }
    let replies = store.pipeline(&pipe)?;
    Ok(queues
        .into_iter()
        .zip(replies)
        .filter_map(|(q, r)| {
            let size = r.ok().and_then(|v| value::int(&v)).unwrap_or(0);
            (size > 0).then(|| (q.clone(), size as u64))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_names_are_a_few_edits_away() {
        let known: Vec<Name> = ["billing", "default", "mailers", "Reports"]
            .map(Name::from)
            .to_vec();
        let known: Vec<&Name> = known.iter().collect();
        let near = |n: &str| {
            nearest(&Name::from(n), &known)
                .iter()
                .map(|n| n.shown().into_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(near("biling"), ["billing"]);
        assert_eq!(near("defualt"), ["default"]);
        assert_eq!(near("reports"), ["Reports"]);
        assert!(near("zzz").is_empty());
        assert!(near("q").is_empty());
        assert_eq!(distance(b"kitten", b"sitting"), 3);
    }
}
