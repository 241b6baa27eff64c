//! The per-job directories of command handlers (`<temp dir>/cogctl-job-<pid>-<random>`, each
//! private to its job, removed when the job ends): a worker killed mid-job leaves its running
//! jobs' behind. Each name carries its worker's pid, so that the next worker to start on the
//! host can tell the directories of workers that are gone (their pid no longer exists) from
//! those of live ones, and remove only the former.

use std::path::Path;

/// Where a job directory's name begins.
const PREFIX: &str = "cogctl-job-";

/// The prefix of this process's job directories: `cogctl-job-<pid>-`.
pub fn job_dir_prefix() -> String {
    format!("{PREFIX}{}-", std::process::id())
}

/// Remove the job directories in `dir` whose worker is gone: named by a pid that no process
/// has (`kill(pid, 0)` says ESRCH) and owned by this user. Those of live processes, this
/// one's, other users', and any other name are left alone; a directory that can't be
/// removed is left too (the next start tries again). How many were removed.
pub fn sweep(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    // SAFETY: getuid has no preconditions and cannot fail.
    let me = unsafe { libc::getuid() };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(owner_pid) else {
            continue;
        };
        if pid == std::process::id() as libc::pid_t || alive(pid) {
            continue;
        }
        // Not followed: a link named like a job directory is not one.
        let Ok(meta) = std::fs::symlink_metadata(entry.path()) else {
            continue;
        };
        if !meta.is_dir() || std::os::unix::fs::MetadataExt::uid(&meta) != me {
            continue;
        }
        if std::fs::remove_dir_all(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The pid in `cogctl-job-<pid>-<random>`.
fn owner_pid(name: &str) -> Option<libc::pid_t> {
    let (pid, random) = name.strip_prefix(PREFIX)?.split_once('-')?;
    if random.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok().filter(|&p| p > 0)
}

/// Whether a process `pid` exists (one of another user's counts: EPERM).
fn alive(pid: libc::pid_t) -> bool {
    // SAFETY: signal 0 only checks that the process exists and may be signalled.
    if unsafe { libc::kill(pid, 0) } == 0 {
        return true;
    }
    std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_names_with_a_pid_and_a_random_part_are_job_directories() {
        assert_eq!(owner_pid("cogctl-job-4120-aB3xYz"), Some(4120));
        assert_eq!(owner_pid("cogctl-job-aB3xYz"), None);
        assert_eq!(owner_pid("cogctl-job-4120-"), None);
        assert_eq!(owner_pid("cogctl-job-0-abc"), None);
        assert_eq!(owner_pid("cogctl-out-4120-abc"), None);
    }
}
