//! The resident memory of a process, read from /proc: for the worker's beat (its own and its
//! long-running handlers') and for recycling a `serve:` handler that grew too big.

/// This process's resident memory in KB, when known.
pub fn rss_kb() -> Option<i64> {
    rss_kb_of("self").map(|kb| kb as i64)
}

/// A process's resident memory in KB (`VmRSS` of /proc/<process>/status: a pid, or `self`).
pub fn rss_kb_of(process: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{process}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
}
