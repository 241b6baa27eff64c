//! Processes that started together: a restart wave (a deploy), or a new fleet.

use super::*;

pub(super) fn restart_wave(
    zone: &Zone,
    w: &Window,
    live: &[&Process],
    runs_begin: Option<f64>,
    out: &mut Vec<Finding>,
    events: &mut Vec<Event>,
) {
    let mut starts: Vec<(f64, &Process)> = live
        .iter()
        .filter_map(|p| p.started_at.map(|t| (t, *p)))
        .filter(|(t, _)| *t >= w.start && *t <= w.now)
        .collect();
    starts.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Timeline: starts close together are one line.
    let mut i = 0;
    while i < starts.len() {
        let mut j = i + 1;
        while j < starts.len() && starts[j].0 - starts[j - 1].0 <= STARTS_TOGETHER {
            j += 1;
        }
        let hosts: BTreeSet<String> = starts[i..j].iter().map(|(_, p)| host(p)).collect();
        let hosts: Vec<String> = hosts.into_iter().take(5).collect();
        let text = if j - i == 1 {
            format!("process {} started", starts[i].1.identity.shown())
        } else {
            format!("{} processes started ({})", j - i, hosts.join(", "))
        };
        events.push(event(w, starts[i].0, "process_start", None, text));
        i = j;
    }
    // The largest group of starts within WAVE_SECONDS of the first.
    let mut best: Option<(usize, usize)> = None;
    let mut lo = 0;
    for hi in 0..starts.len() {
        while starts[hi].0 - starts[lo].0 > WAVE_SECONDS {
            lo += 1;
        }
        if best.is_none_or(|(a, b)| hi + 1 - lo > b - a) {
            best = Some((lo, hi + 1));
        }
    }
    let Some((a, b)) = best else { return };
    let n = b - a;
    if n < 2 || n * 2 < live.len() {
        return;
    }
    let wave = &starts[a..b];
    let first = wave[0].0;
    let hosts: BTreeSet<String> = wave.iter().map(|(_, p)| host(p)).collect();
    // Nothing ran before them (no run, no failure on record earlier): the fleet's start,
    // a new fleet or an emptied Redis, not a restart.
    let fleet_start = runs_begin.is_none_or(|t| t >= first - STARTS_TOGETHER);
    out.push(Finding {
        id: "restart_wave".into(),
        kind: Kind::RestartWave,
        severity: if fleet_start {
            Severity::Note
        } else {
            Severity::Warn
        },
        started_at: Onset::at(first, "first process start of the wave"),
        summary: format!(
            "{n} of {} live processes started {} ({})",
            live.len(),
            if wave[n - 1].0 - first < 60.0 {
                format!("together at {}", zone.hm(first, w.now))
            } else {
                format!(
                    "within {} from {}",
                    minutes(wave[n - 1].0 - first),
                    zone.hm(first, w.now)
                )
            },
            if fleet_start {
                "a new fleet, or an emptied Redis: the records begin then"
            } else {
                "a deploy or a crash loop"
            },
        ),
        impact: 0,
        evidence: json!({
            "started": n,
            "live": live.len(),
            "first_start": first,
            "last_start": wave[n - 1].0,
            "fleet_start": fleet_start,
            "hosts": hosts.iter().take(LISTED).collect::<Vec<_>>(),
            "identities": wave.iter().take(LISTED).map(|(_, p)| &p.identity).collect::<Vec<_>>(),
        })
        .into(),
        follows: Vec::new(),
        commands: vec!["cogctl procs".into(), "cogctl orphans".into()],
        times: Vec::new(),
        cause: format!("{n} of {} processes restarted", live.len()),
    });
}
