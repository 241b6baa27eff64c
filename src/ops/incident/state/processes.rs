//! Processes gone without a clean stop, with the jobs they held.

use super::*;

/// One process gone without a clean stop, as the lists, the registry and cogctl's recovery
/// records tell it.
struct Lost<'a> {
    identity: Name,
    last_beat: Option<(f64, &'static str)>,
    /// Jobs its list still holds.
    jobs: u64,
    /// What cogctl's recovery saw of it, when it recovered it.
    recovered: Option<&'a LostRecord>,
    /// Alive last within this 15-minute slot (its memory history), when nothing better.
    slot: Option<f64>,
}

/// Processes gone without a clean stop, and jobs parked as orphaned too often: one finding,
/// failing when they hold jobs.
pub(super) fn process_lost(zone: &Zone, w: &Window, r: &Read, out: &mut Vec<Finding>) {
    let lost = gathered(w, r);
    if lost.is_empty() && r.repeat_orphans == 0 {
        return;
    }
    let jobs: u64 = lost.iter().map(|l| l.jobs).sum::<u64>() + r.repeat_orphans;
    let first = lost
        .iter()
        .filter_map(|l| l.last_beat)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    out.push(Finding {
        id: "process_lost".into(),
        kind: Kind::ProcessLost,
        severity: if jobs > 0 {
            Severity::Fail
        } else {
            Severity::Warn
        },
        started_at: onset_of(zone, w, &lost, first),
        summary: summary_of(zone, w, r, &lost, first, jobs),
        impact: jobs,
        evidence: evidence_of(r, &lost, jobs).into(),
        follows: Vec::new(),
        commands: vec![
            "cogctl orphans".into(),
            "cogctl reconcile --dry-run".into(),
            "cogctl procs".into(),
        ],
        times: Vec::new(),
        cause: if lost.len() == 1 {
            format!("process {} was lost", lost[0].identity.shown())
        } else {
            format!("{} processes were lost", lost.len())
        },
    });
}

/// The lost processes: lists whose owner is presumed dead or silent, registry members gone
/// in the window, and processes cogctl recovered in the window and has since pruned.
fn gathered<'a>(w: &Window, r: &'a Read) -> Vec<Lost<'a>> {
    let mut lost: Vec<Lost> = Vec::new();
    for l in &r.lists {
        if l.state.length == 0 || !matches!(l.liveness, Liveness::PresumedDead | Liveness::Silent) {
            continue;
        }
        let beat = l
            .state
            .last_beat
            .as_deref()
            .and_then(crate::store::liveness::lua_tonumber)
            .map(|t| (t, "its last beat"));
        lost.push(Lost {
            identity: l.state.identity.clone(),
            last_beat: beat,
            jobs: l.state.length,
            recovered: None,
            slot: None,
        });
    }
    let record = |id: &Name| r.lost.iter().find(|l| l.identity == *id);
    for p in r.processes.iter().filter(|p| p.state == State::Gone) {
        if lost.iter().any(|l| l.identity == p.identity) {
            continue;
        }
        let recovered = record(&p.identity);
        // Its own beat: still in last_beat, or as cogctl's recovery kept it. Never a memory
        // slot: that only says it was alive some time in those 15 minutes.
        let beat = p
            .last_beat
            .map(|t| (t as f64, "its last beat"))
            .or_else(|| {
                recovered
                    .and_then(|l| l.last_beat)
                    .map(|t| (t, "its last beat, as cogctl's recovery kept it"))
            });
        let slot = p
            .memory
            .as_ref()
            .and_then(|m| m.current_slot)
            .map(|s| s as f64);
        // Gone long before the window (or at an unknown time) is old news, not this incident.
        let when = beat
            .map(|b| b.0)
            .or(slot.map(|s| s + 900.0))
            .or(recovered.map(|l| l.recovered_at));
        if when.is_some_and(|t| t >= w.start) {
            lost.push(Lost {
                identity: p.identity.clone(),
                last_beat: beat,
                jobs: 0,
                recovered,
                slot,
            });
        }
    }
    // Recovered by cogctl in the window, and since pruned from the registry.
    for l in &r.lost {
        if !lost.iter().any(|k| k.identity == l.identity) {
            lost.push(Lost {
                identity: l.identity.clone(),
                last_beat: l
                    .last_beat
                    .map(|t| (t, "its last beat, as cogctl's recovery kept it")),
                jobs: 0,
                recovered: Some(l),
                slot: None,
            });
        }
    }
    lost
}

/// When the loss began: the earliest last beat, else what the memory history says.
fn onset_of(zone: &Zone, w: &Window, lost: &[Lost<'_>], first: Option<(f64, &str)>) -> Onset {
    match first {
        Some((t, how)) => Onset::at(t, format!("earliest last beat: {how}")),
        None => match lost.iter().filter_map(|l| l.slot).min_by(f64::total_cmp) {
            Some(s) => Onset::unknown(format!(
                "no last beat left (another process recovered it); its memory history last \
                 sampled it in the 15-minute slot from {}",
                zone.hm(s, w.now)
            )),
            None => Onset::unknown("no last beat recorded"),
        },
    }
}

/// What it says: which processes, their last beat, the jobs they held and what became of
/// them.
fn summary_of(
    zone: &Zone,
    w: &Window,
    r: &Read,
    lost: &[Lost<'_>],
    first: Option<(f64, &str)>,
    jobs: u64,
) -> String {
    if lost.is_empty() {
        format!(
            "{} parked on cogworker:repeat_orphans (orphaned too often)",
            count_of(r.repeat_orphans, "job")
        )
    } else {
        let mut s = format!(
            "{} gone without a clean stop{}",
            if lost.len() == 1 {
                format!("process {}", lost[0].identity.shown())
            } else {
                format!("{} processes", lost.len())
            },
            match (first, lost.iter().find_map(|l| l.slot)) {
                (Some((t, _)), _) => format!(" (last beat {})", zone.hms(t, w.now)),
                (None, Some(slot)) => format!(
                    " (last beat not kept; alive in the 15-minute slot from {})",
                    zone.hm(slot, w.now)
                ),
                (None, None) => String::new(),
            }
        );
        if jobs > 0 {
            s.push_str(&format!(", holding {}", count_of(jobs, "job")));
        }
        // What it held, and what became of it.
        let held: Vec<&(String, String, bool)> = lost
            .iter()
            .filter_map(|l| l.recovered)
            .flat_map(|l| &l.jobs)
            .collect();
        if let Some(rec) = lost.iter().find_map(|l| l.recovered) {
            let ran = held.iter().filter(|j| j.2).count();
            let named = match held.as_slice() {
                [(jid, class, _)] => format!("its job {class} {jid}"),
                _ => format!(
                    "its {}",
                    count_of(held.len().max(rec.held as usize) as u64, "job")
                ),
            };
            s.push_str(&format!(
                "; {named} {} requeued by cogctl at {}",
                if held.len() == 1 { "was" } else { "were" },
                zone.hms(rec.recovered_at, w.now)
            ));
            s.push_str(&match (held.len(), ran) {
                (0, _) => String::new(),
                (1, 1) => " and ran again".into(),
                (1, _) => ", not finished yet".into(),
                (n, r) if r == n => ", and all ran again".into(),
                (n, r) => format!(", {r} of {n} ran again"),
            });
        }
        s
    }
}

/// Its evidence: each process (a few), how many, and the jobs they held.
fn evidence_of(r: &Read, lost: &[Lost<'_>], jobs: u64) -> Value {
    json!({
        "processes": lost.iter().take(LISTED).map(|l| json!({
            "identity": l.identity,
            "last_beat": l.last_beat.map(|b| b.0),
            "last_beat_from": l.last_beat.map(|b| b.1),
            "memory_slot": l.slot,
            "jobs_in_progress": l.jobs,
            "recovered": l.recovered.map(|rec| json!({
                "at": rec.recovered_at,
                "held": rec.held,
                "jobs": rec.jobs.iter().map(|(jid, class, ran)| json!({
                    "jid": jid, "class": class, "ran_again": ran,
                })).collect::<Vec<_>>(),
            })),
        })).collect::<Vec<_>>(),
        "lost": lost.len(),
        "jobs_in_progress": jobs - r.repeat_orphans,
        "repeat_orphans": r.repeat_orphans,
    })
}
