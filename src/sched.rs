//! How cogctl's own threads ask the Linux scheduler to treat them. Any process may do both
//! of these to its own threads; elsewhere, or when the kernel refuses, they change nothing.
//!
//! * A worker's processor threads run under SCHED_BATCH ([`batch`]): the same share of the
//!   CPU, but a thread that wakes for a moment of work (the heartbeat, the signal thread) is
//!   no longer queued behind their time slices.
//! * A thread that answers HTTP requests asks for a short time slice ([`short_slice`], the
//!   kernel's EEVDF scheduler, Linux 6.12 and later): when it wakes for a request it gets the
//!   CPU ahead of threads that have run through long slices, and it needs little of it. On two
//!   cores saturated by jobs and Redis this is what keeps a scrape's tail latency short.
//!
//! A policy is inherited by the processes a thread starts, and a handler is the user's
//! program, not ours: [`as_normal`] starts it under the ordinary policy.

/// Put the calling thread under SCHED_BATCH. If the kernel refuses, it runs as it was.
pub fn batch() {
    #[cfg(target_os = "linux")]
    set(libc::SCHED_BATCH);
}

/// The slice [`short_slice`] asks for: the shortest the kernel grants (0.1 ms).
#[cfg(target_os = "linux")]
const SHORT_SLICE_NS: u64 = 100_000;

/// Ask for a short time slice for the calling thread, keeping its policy and nice value.
/// Kernels before 6.12 ignore the request; a refusal leaves the thread as it was.
pub fn short_slice() {
    #[cfg(target_os = "linux")]
    {
        let size = std::mem::size_of::<libc::sched_attr>();
        // SAFETY: all-zero bytes are a valid sched_attr (plain integers).
        let mut attr: libc::sched_attr = unsafe { std::mem::zeroed() };
        // SAFETY: pid 0 is the calling thread; `attr` is a writable sched_attr of `size`
        // bytes, as the call is told.
        let got = unsafe { libc::syscall(libc::SYS_sched_getattr, 0, &raw mut attr, size, 0) };
        if got != 0 || attr.sched_policy != libc::SCHED_OTHER as u32 {
            return;
        }
        attr.size = size as u32;
        attr.sched_flags = 0;
        attr.sched_runtime = SHORT_SLICE_NS;
        // SAFETY: pid 0 is the calling thread; `attr` is a valid sched_attr whose `size`
        // field says how many bytes it has.
        let _ = unsafe { libc::syscall(libc::SYS_sched_setattr, 0, &raw const attr, 0) };
    }
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
