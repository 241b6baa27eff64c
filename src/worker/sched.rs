//! The processor threads run under SCHED_BATCH (Linux): the same share of the CPU, but a
//! thread that wakes for a moment of work (the probe server answering a scrape, the
//! heartbeat, the signal thread) is no longer queued behind their time slices. On two busy
//! cores that halves the scrape latency's tail. Any process may put its own threads there.
//!
//! A policy is inherited by the processes a thread starts, and a handler is the user's
//! program, not ours: [`as_normal`] starts it under the ordinary policy.

/// Put the calling thread under SCHED_BATCH. If the kernel refuses, it runs as it was.
pub fn batch() {
    #[cfg(target_os = "linux")]
    set(libc::SCHED_BATCH);
}

/// Run `start` (which starts a process) under the ordinary policy, then go back to the
/// thread's own.
pub fn as_normal<T>(start: impl FnOnce() -> T) -> T {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: pid 0 is the calling thread.
        let policy = unsafe { libc::sched_getscheduler(0) };
        if policy == libc::SCHED_BATCH {
            set(libc::SCHED_OTHER);
            let started = start();
            set(libc::SCHED_BATCH);
            return started;
        }
    }
    start()
}

#[cfg(target_os = "linux")]
fn set(policy: libc::c_int) {
    let param = libc::sched_param { sched_priority: 0 };
    // SAFETY: pid 0 is the calling thread; `param` is a valid sched_param (priority 0, the
    // only one SCHED_OTHER and SCHED_BATCH take). A refusal leaves the policy as it was.
    let _ = unsafe { libc::sched_setscheduler(0, policy, &raw const param) };
}
