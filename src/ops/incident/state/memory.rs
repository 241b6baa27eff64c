//! Processes whose memory grows, or nears --memory-limit.

use super::*;

pub(super) fn memory(
    zone: &Zone,
    args: &Options,
    w: &Window,
    live: &[&Process],
    out: &mut Vec<Finding>,
) {
    let limit_kb = args.memory_limit.map(|kb| kb as f64);
    for p in live {
        let Some(m) = &p.memory else { continue };
        let readings: Vec<(i64, i64)> = m
            .slots
            .iter()
            .filter_map(|s| s.kb.map(|kb| (s.slot, kb)))
            .filter(|&(slot, _)| slot as f64 >= w.start - 900.0)
            // A process fills its caches after it starts: not a leak.
            .filter(|&(slot, _)| p.started_at.is_none_or(|s| slot as f64 >= s + WARM_UP))
            .collect();
        let Some(&(newest_slot, newest)) = readings.last() else {
            continue;
        };
        // The rise: back from the newest reading while each earlier one is not higher (a
        // dip within the noise allowed).
        let mut from = readings.len() - 1;
        while from > 0 {
            let (prev, cur) = (readings[from - 1].1 as f64, readings[from].1 as f64);
            if prev > cur * (1.0 + GROWTH_NOISE) {
                break;
            }
            from -= 1;
        }
        // Start the rise at its lowest reading (the latest of equals: a flat stretch before
        // the rise is not part of it).
        let rise = &readings[from..];
        let low = rise
            .iter()
            .enumerate()
            .fold(0, |low, (i, r)| if r.1 <= rise[low].1 { i } else { low });
        let rise = &rise[low..];
        let rate = (rise.len() >= 2 && rise[rise.len() - 1].0 - rise[0].0 >= GROWTH_SECONDS)
            .then(|| slope_mb_per_hour(rise))
            .flatten();
        let growing = rate.is_some_and(|r| r >= GROWTH_MB_PER_HOUR);
        let near_limit = limit_kb.is_some_and(|l| newest as f64 >= LIMIT_SHARE * l);
        if !growing && !near_limit {
            continue;
        }
        let eta = match (limit_kb, rate) {
            (Some(l), Some(r)) if r > 0.0 && (newest as f64) < l => {
                Some(w.now + (l - newest as f64) / 1024.0 / r * 3600.0)
            }
            _ => None,
        };
        let onset = if growing {
            Onset::at(rise[0].0 as f64, "first memory sample of the rise")
        } else {
            let l = limit_kb.unwrap_or(0.0);
            let mut i = readings.len() - 1;
            while i > 0 && readings[i - 1].1 as f64 >= LIMIT_SHARE * l {
                i -= 1;
            }
            Onset::at(
                readings[i].0 as f64,
                "first memory sample above 80 % of the limit",
            )
        };
        let who = p.identity.shown().into_owned();
        let mut summary = Timed::plain(format!(
            "{} memory at {}",
            host(p),
            crate::text::size::kb(newest)
        ));
        if let Some(r) = rate.filter(|_| growing) {
            summary.push_str(&format!(
                ", growing {r:.0} MB/h since {}",
                zone.hm(rise[0].0 as f64, w.now)
            ));
        }
        if let Some(l) = args.memory_limit {
            summary.push_str(&format!(
                " ({:.0} % of the {} limit",
                newest as f64 / l as f64 * 100.0,
                crate::text::size::kb(l as i64)
            ));
            if let Some(t) = eta {
                summary.push_str(", reached ");
                summary.push_time(w.now, t);
            }
            summary.push_str(")");
        }
        let busy = p.busy.unwrap_or(0).max(0) as u64;
        out.push(Finding {
            id: format!("memory_growth:{who}"),
            kind: Kind::MemoryGrowth,
            severity: if near_limit || eta.is_some_and(|t| t - w.now < 3600.0) {
                Severity::Fail
            } else {
                Severity::Warn
            },
            started_at: onset,
            summary: summary.text,
            times: summary.times,
            impact: busy,
            evidence: json!({
                "identity": p.identity,
                "hostname": p.hostname,
                "rss_kb": newest,
                "newest_slot": newest_slot,
                "growth_mb_per_hour": rate.map(round),
                "rise_samples": rise.len(),
                "limit_kb": args.memory_limit,
                "limit_reached_at": eta,
                "busy": p.busy,
            })
            .into(),
            follows: Vec::new(),
            commands: vec!["cogctl procs --memory".into(), "cogctl busy".into()],
            cause: format!("{}'s memory began growing", host(p)),
        });
    }
}
