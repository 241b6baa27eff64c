//! A TCP proxy in front of a test's redis-server (its unix socket), for faults a kill can't
//! make: a Redis that stops answering without closing its connections (`freeze`), and
//! connections cut in the middle of a reply or right after a script was sent (`cut`).
//!
//! Each accepted connection gets its own connection to Redis and two relay threads. A frozen
//! proxy relays nothing, in either direction, and keeps every connection open (new ones are
//! accepted too: the kernel completes a TCP handshake whatever the proxy does). A cut
//! connection is dropped with a reset (SO_LINGER 0) towards the client; nothing of the reply
//! after the cut point reaches it.

#![allow(dead_code)]

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::os::unix::io::AsRawFd;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// How long a relay waits on a read before it looks at the flags again.
const TICK: Duration = Duration::from_millis(20);

/// When the proxy cuts a connection.
#[derive(Clone, Debug, PartialEq)]
pub enum Cut {
    /// Never: a plain relay.
    Never,
    /// After `bytes` to 2 × `bytes` of replies relayed to the client (varied from one
    /// connection to the next): mid-reply, mid-pipeline. Every `every`-th connection is cut
    /// (1: each one), the others are left alone.
    AfterReplyBytes { bytes: u64, every: u64 },
    /// As soon as the client sends a request holding this text (`EVALSHA`): the request
    /// reaches Redis, which runs it, and the client gets no reply. Every `every`-th such
    /// request is cut.
    OnRequest { text: Vec<u8>, every: u64 },
    /// As `OnRequest` (every such request), and the proxy freezes at that moment: the
    /// request runs, and nothing more reaches Redis or the client until `thaw`.
    OnRequestThenFreeze { text: Vec<u8> },
}

struct State {
    upstream: PathBuf,
    frozen: AtomicBool,
    stopped: AtomicBool,
    cut: Mutex<Cut>,
    accepted: AtomicU64,
    cuts: AtomicU64,
    /// Requests and connections seen by the cut rule, for its `every`.
    seen: AtomicU64,
    /// Bumped by every new cut rule: a connection open before it is judged by it too.
    generation: AtomicU64,
}

pub struct Proxy {
    addr: SocketAddr,
    state: Arc<State>,
}

impl Proxy {
    /// A proxy on a loopback port of its own, relaying to the unix socket `upstream`.
    pub fn start(upstream: &Path) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
        listener
            .set_nonblocking(true)
            .expect("a non-blocking listener");
        let addr = listener.local_addr().unwrap();
        let state = Arc::new(State {
            upstream: upstream.to_path_buf(),
            frozen: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            cut: Mutex::new(Cut::Never),
            accepted: AtomicU64::new(0),
            cuts: AtomicU64::new(0),
            seen: AtomicU64::new(0),
            generation: AtomicU64::new(0),
        });
        let s = state.clone();
        thread::spawn(move || accept(listener, &s));
        Proxy { addr, state }
    }

    /// The proxy as a Redis URL.
    pub fn url(&self) -> String {
        format!("redis://{}/0", self.addr)
    }

    /// Stop relaying, connections kept open.
    pub fn freeze(&self) {
        self.state.frozen.store(true, Ordering::SeqCst);
    }

    /// Relaying nothing now (`freeze`, or a cut rule that froze it).
    pub fn frozen(&self) -> bool {
        self.state.frozen.load(Ordering::SeqCst)
    }

    pub fn thaw(&self) {
        self.state.frozen.store(false, Ordering::SeqCst);
    }

    pub fn set_cut(&self, cut: Cut) {
        let mut rule = self.state.cut.lock().unwrap();
        self.state.seen.store(0, Ordering::SeqCst);
        self.state.generation.fetch_add(1, Ordering::SeqCst);
        *rule = cut;
    }

    /// Connections cut so far.
    pub fn cuts(&self) -> u64 {
        self.state.cuts.load(Ordering::SeqCst)
    }

    /// Connections accepted so far.
    pub fn accepted(&self) -> u64 {
        self.state.accepted.load(Ordering::SeqCst)
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.state.stopped.store(true, Ordering::SeqCst);
    }
}

fn accept(listener: TcpListener, state: &Arc<State>) {
    while !state.stopped.load(Ordering::SeqCst) {
        match listener.accept() {
            Ok((client, _)) => {
                state.accepted.fetch_add(1, Ordering::SeqCst);
                let Ok(server) = UnixStream::connect(&state.upstream) else {
                    // Redis is down: the client sees its connection closed, as it would.
                    continue;
                };
                let _ = client.set_nonblocking(false);
                let link = Arc::new(Link {
                    client,
                    server,
                    dead: AtomicBool::new(false),
                });
                let (up, down) = (link.clone(), link.clone());
                let s = state.clone();
                thread::spawn(move || relay_up(&up, &s));
                let s = state.clone();
                thread::spawn(move || relay_down(&down, &s));
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock => thread::sleep(TICK),
            Err(_) => thread::sleep(TICK),
        }
    }
}

/// One client connection and its connection to Redis.
struct Link {
    client: TcpStream,
    server: UnixStream,
    /// Cut (or closed by either end): both relays stop, nothing more is written.
    dead: AtomicBool,
}

impl Link {
    /// Reset the client's connection (RST, not FIN) and close Redis' side.
    fn cut(&self, state: &State) {
        if !self.dead.swap(true, Ordering::SeqCst) {
            state.cuts.fetch_add(1, Ordering::SeqCst);
            reset_on_close(&self.client);
            let _ = self.server.shutdown(Shutdown::Both);
        }
    }

    fn close(&self) {
        if !self.dead.swap(true, Ordering::SeqCst) {
            let _ = self.client.shutdown(Shutdown::Both);
            let _ = self.server.shutdown(Shutdown::Both);
        }
    }
}

/// SO_LINGER 0: the close that follows sends a reset.
fn reset_on_close(stream: &TcpStream) {
    let linger = libc::linger {
        l_onoff: 1,
        l_linger: 0,
    };
    // SAFETY: setsockopt on a socket this process owns, with a correctly sized option.
    unsafe {
        libc::setsockopt(
            stream.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_LINGER,
            (&linger as *const libc::linger).cast(),
            std::mem::size_of::<libc::linger>() as libc::socklen_t,
        );
    }
    let _ = stream.shutdown(Shutdown::Read);
}

/// Wait while the proxy is frozen; false when the link died or the proxy stopped.
fn wait_thawed(link: &Link, state: &State) -> bool {
    while state.frozen.load(Ordering::SeqCst) {
        if link.dead.load(Ordering::SeqCst) || state.stopped.load(Ordering::SeqCst) {
            return false;
        }
        thread::sleep(TICK);
    }
    !link.dead.load(Ordering::SeqCst)
}

/// Client → Redis.
fn relay_up(link: &Link, state: &State) {
    let mut client = &link.client;
    let mut server = &link.server;
    let _ = client.set_read_timeout(Some(TICK));
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        if !wait_thawed(link, state) {
            return;
        }
        let n = match client.read(&mut buf) {
            Ok(0) => return link.close(),
            Ok(n) => n,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => continue,
            Err(_) => return link.close(),
        };
        if !wait_thawed(link, state) {
            return;
        }
        let cut = match &*state.cut.lock().unwrap() {
            Cut::OnRequest { text, every } if contains(&buf[..n], text) => {
                let k = state.seen.fetch_add(1, Ordering::SeqCst) + 1;
                k.is_multiple_of(*every)
            }
            Cut::OnRequestThenFreeze { text } if contains(&buf[..n], text) => {
                state.frozen.store(true, Ordering::SeqCst);
                true
            }
            _ => false,
        };
        if cut {
            // Dead before Redis can answer, so no byte of the reply is relayed.
            link.dead.store(true, Ordering::SeqCst);
            let _ = server.write_all(&buf[..n]);
            state.cuts.fetch_add(1, Ordering::SeqCst);
            reset_on_close(&link.client);
            // Redis' side stays open a moment: it must read the whole request and run it.
            thread::sleep(Duration::from_millis(200));
            let _ = link.server.shutdown(Shutdown::Both);
            return;
        }
        if server.write_all(&buf[..n]).is_err() {
            return link.close();
        }
    }
}

/// How many more reply bytes a connection may relay under the rule of `generation`: None
/// when the rule cuts nothing here.
fn budget(state: &State) -> (u64, Option<u64>) {
    let rule = state.cut.lock().unwrap();
    let generation = state.generation.load(Ordering::SeqCst);
    let budget = match &*rule {
        Cut::AfterReplyBytes { bytes, every } => {
            let n = state.seen.fetch_add(1, Ordering::SeqCst) + 1;
            n.is_multiple_of(*every)
                .then_some(bytes + n.wrapping_mul(7919) % (*bytes).max(1))
        }
        _ => None,
    };
    (generation, budget)
}

/// Redis → client, cut when the rule's budget of bytes runs out.
fn relay_down(link: &Link, state: &State) {
    let mut client = &link.client;
    let mut server = &link.server;
    let _ = server.set_read_timeout(Some(TICK));
    let mut buf = vec![0u8; 64 * 1024];
    let (mut generation, mut left) = budget(state);
    loop {
        if !wait_thawed(link, state) {
            return;
        }
        let n = match server.read(&mut buf) {
            Ok(0) => return link.close(),
            Ok(n) => n,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => continue,
            Err(_) => return link.close(),
        };
        if !wait_thawed(link, state) {
            return;
        }
        if state.generation.load(Ordering::SeqCst) != generation {
            (generation, left) = budget(state);
        }
        let take = left.map_or(n, |l| (l as usize).min(n));
        if client.write_all(&buf[..take]).is_err() {
            return link.close();
        }
        if let Some(l) = left.as_mut() {
            *l -= take as u64;
        }
        if take < n {
            let _ = client.flush();
            return link.cut(state);
        }
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}
