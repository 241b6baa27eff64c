//! A cogctl command line on a real pseudo-terminal: cogctl gets the slave side as its
//! controlling terminal and stdio; what it draws is read from the master side into a vt100
//! screen, and keys are written to it. Used by the tests of `top`, `--watch` and the
//! protected-context prompt.

use std::fs::File;
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a wait for the screen or for an exit goes before the test fails: only a hang.
pub const LIMIT: Duration = crate::support::HANG;

/// cogctl on the slave side of a pty, its screen kept by a vt100 parser.
pub struct Pty {
    child: Child,
    master: File,
    parser: Arc<Mutex<vt100::Parser>>,
    reader: Option<std::thread::JoinHandle<()>>,
    closing: Arc<AtomicBool>,
}

fn winsize(rows: u16, cols: u16) -> libc::winsize {
    libc::winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    }
}

fn size(rows: u16, cols: u16) -> (NonZeroU16, NonZeroU16) {
    (
        NonZeroU16::new(rows).unwrap(),
        NonZeroU16::new(cols).unwrap(),
    )
}

impl Pty {
    /// Any cogctl command line on a pseudo-terminal of `rows` × `cols`.
    pub fn spawn(argv: &[&str], rows: u16, cols: u16, env: &[(&str, &str)]) -> Pty {
        let (mut master, mut slave) = (0, 0);
        let ws = winsize(rows, cols);
        // SAFETY: openpty fills two fds we then own; no name buffer, default termios.
        let rc = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &ws,
            )
        };
        assert_eq!(rc, 0, "openpty: {}", std::io::Error::last_os_error());
        // Not inherited by any child (top gets the slave as 0, 1 and 2 only), so that closing
        // the master here hangs the terminal up.
        for fd in [master, slave] {
            // SAFETY: fcntl(2) on the two fds openpty just gave us.
            unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
        }
        // SAFETY: both fds were just opened by openpty and are owned here only.
        let (master, slave) = unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_cogctl"));
        cmd.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("TZ", "UTC")
            .env("TERM", "xterm-256color")
            .envs(env.iter().copied())
            .args(argv)
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        // SAFETY: only async-signal-safe calls between fork and exec: a new session whose
        // controlling terminal is the pty (stdin, already dup2'ed).
        unsafe {
            cmd.pre_exec(|| {
                if libc::setsid() == -1 || libc::ioctl(0, libc::TIOCSCTTY, 0) == -1 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().expect("spawn cogctl top");
        drop(cmd);
        let (r, c) = size(rows, cols);
        let parser = Arc::new(Mutex::new(vt100::Parser::new(r, c, 0)));
        let mut reader = master.try_clone().unwrap();
        let feed = Arc::clone(&parser);
        let closing = Arc::new(AtomicBool::new(false));
        let close = Arc::clone(&closing);
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 16 * 1024];
            let mut fd = libc::pollfd {
                fd: reader.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // Until EIO (the child is gone and the slave closed), or until asked to let go
            // of the master for a hang-up.
            while !close.load(Ordering::SeqCst) {
                // SAFETY: poll(2) on one valid pollfd.
                if unsafe { libc::poll(&mut fd, 1, 20) } <= 0 {
                    continue;
                }
                match reader.read(&mut buf) {
                    Ok(n) if n > 0 => feed.lock().unwrap().process(&buf[..n]),
                    _ => break,
                }
            }
        });
        Pty {
            child,
            master,
            parser,
            reader: Some(reader),
            closing,
        }
    }

    pub fn screen(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    pub fn send(&mut self, keys: &str) {
        self.master.write_all(keys.as_bytes()).unwrap();
        self.master.flush().unwrap();
    }

    /// Wait until the screen satisfies `cond`; panic showing the screen if it never does.
    #[track_caller]
    pub fn wait_screen(&self, what: &str, cond: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + LIMIT;
        loop {
            let screen = self.screen();
            if cond(&screen) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The vt100 screen itself (cell attributes, cursor, alternate screen).
    pub fn with<T>(&self, f: impl FnOnce(&vt100::Screen) -> T) -> T {
        f(self.parser.lock().unwrap().screen())
    }

    /// The row holding `text`, and the column where it starts.
    pub fn find(&self, text: &str) -> Option<(u16, u16)> {
        self.with(|s| {
            let (rows, cols) = s.size();
            s.rows(0, cols.get())
                .take(rows.get().into())
                .enumerate()
                .find_map(|(r, line)| {
                    line.find(text)
                        .map(|c| (r as u16, line[..c].chars().count() as u16))
                })
        })
    }

    /// Give the terminal a new size and blank the copy kept here, so that only what the
    /// program draws again shows; then SIGWINCH, as a terminal window does.
    pub fn resize(&mut self, rows: u16, cols: u16) {
        let ws = winsize(rows, cols);
        let (r, c) = size(rows, cols);
        {
            let mut parser = self.parser.lock().unwrap();
            parser.screen_mut().set_size(r, c);
            parser.process(b"\x1b[2J");
        }
        // SAFETY: TIOCSWINSZ on our own pty master with a valid winsize.
        let rc = unsafe { libc::ioctl(self.master.as_raw_fd(), libc::TIOCSWINSZ, &ws) };
        assert_eq!(rc, 0, "TIOCSWINSZ: {}", std::io::Error::last_os_error());
        self.signal(libc::SIGWINCH);
    }

    /// Send `sig` to the program.
    pub fn signal(&self, sig: i32) {
        // SAFETY: plain kill(2) on our own child.
        unsafe {
            libc::kill(self.child.id() as i32, sig);
        }
    }

    /// The terminal's modes as the program left them (read on the master side).
    pub fn termios(&self) -> libc::termios {
        // SAFETY: tcgetattr on our own open pty master into a zeroed termios.
        let mut termios: libc::termios = unsafe { std::mem::zeroed() };
        assert_eq!(
            unsafe { libc::tcgetattr(self.master.as_raw_fd(), &mut termios) },
            0
        );
        termios
    }

    /// Close the master side, as a terminal window that is closed does: the slave hangs up.
    pub fn hang_up(&mut self) {
        self.closing.store(true, Ordering::SeqCst);
        if let Some(reader) = self.reader.take() {
            reader.join().unwrap();
        }
        self.master = File::open("/dev/null").unwrap();
    }

    /// Wait for it to exit and for all it wrote to be read; its exit code.
    pub fn wait_exit(&mut self) -> i32 {
        let deadline = Instant::now() + LIMIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                if let Some(reader) = self.reader.take() {
                    reader.join().unwrap();
                }
                return status.code().unwrap_or(-1);
            }
            assert!(
                Instant::now() < deadline,
                "cogctl did not exit; the screen:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
