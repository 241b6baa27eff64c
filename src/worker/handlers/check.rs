//! The handler check a worker makes as it starts (`--handler-check`, on by default): can each
//! handler run at all? One that can't would fail every job of its class.

use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a `serve:` process must stay up to count as started.
const UP_FOR: Duration = Duration::from_millis(300);
/// How long it is given to exit once its stdin is closed.
const EXIT_WAIT: Duration = Duration::from_secs(2);

/// Whether `program` can be run: a path (with a `/`) that is an executable file, or a bare
/// name found so on `PATH`, as the handler runs it.
pub fn program(program: &str) -> Result<(), String> {
    let shown = crate::text::one_line(program);
    if program.contains('/') {
        return executable(Path::new(program)).map_err(|why| format!("{shown} {why}"));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| executable(p).is_ok());
    match found {
        Some(_) => Ok(()),
        None => Err(format!("{shown} is not an executable on PATH")),
    }
}

fn executable(path: &Path) -> Result<(), &'static str> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "doesn't exist",
        std::io::ErrorKind::PermissionDenied => "can't be read (permission denied)",
        _ => "can't be read",
    })?;
    if !meta.is_file() {
        return Err("is not a file");
    }
    if meta.permissions().mode() & 0o111 == 0 {
        return Err("isn't executable");
    }
    Ok(())
}

/// Start a `serve:` process as a worker thread would, and see that it stays up a moment;
/// then close its stdin (it exits, as at a worker's end), and stop it if it doesn't.
pub fn stays_up(argv: &[String]) -> Result<(), String> {
    let mut child = Command::new(PathBuf::from(&argv[0]))
        .args(&argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not start: {e}"))?;
    let started = Instant::now();
    let exited = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() >= UP_FOR => break None,
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => return Err(format!("could not watch it: {e}")),
        }
    };
    if let Some(status) = exited {
        let mut said = String::new();
        if let Some(mut err) = child.stderr.take() {
            let mut buf = Vec::new();
            let _ = err.by_ref().take(64 * 1024).read_to_end(&mut buf);
            said = String::from_utf8_lossy(&buf)
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .map(|l| format!(": {}", crate::text::one_line(l.trim())))
                .unwrap_or_default();
        }
        return Err(format!("exited as it started ({status}){said}"));
    }
    drop(child.stdin.take());
    let closed = Instant::now();
    while closed.elapsed() < EXIT_WAIT {
        if let Ok(Some(_)) = child.try_wait() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    Ok(())
}
