//! A small HTTP/1.1 server for GET routes: `cogctl metrics --listen` and `cogctl worker
//! --listen` both serve through it.
//!
//! A server of its own rather than a framework: it answers a few GET routes, and owning the
//! socket lets it send each response in one write with TCP_NODELAY (no 40 ms Nagle and
//! delayed-ACK stalls between headers and body).
//!
//! One thread waits in poll(2) on the listening socket and every connection: it accepts,
//! reads request heads without blocking and writes what could not be written at once. A connection must send its whole request (head and any small body) within
//! `HEAD_TIMEOUT` of being accepted, or of the first byte after a keep-alive pause; an idle
//! keep-alive connection is closed after `IDLE`. At `MAX_CONNECTIONS`, a new connection
//! closes the one that has waited longest for a request (or, failing that, the oldest one
//! still being written to), so connections that are held open and send nothing (or a byte a
//! second) can never keep a probe out. A complete request goes to a few route threads
//! (`ROUTE_THREADS` at most, started when needed; one path may hold all but one of them, so
//! a slow /metrics never keeps a /healthz waiting for a thread). The number of threads does
//! not depend on the number of connections; all of them ask for a short time slice
//! (`crate::sched::short_slice`). Nothing a request does ends the server; when it
//! is told to stop, the open connections are shut down so that it returns at once.

use std::collections::{HashMap, VecDeque};
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::net::UnixStream;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::text::visible;

pub const EXPOSITION_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";
pub const TEXT_TYPE: &str = "text/plain; charset=utf-8";
/// How often the server looks at the stop flag.
const POLL: Duration = Duration::from_millis(50);
/// Connections open at once; a new one past this closes the longest-waiting one.
pub const MAX_CONNECTIONS: usize = 256;
/// A request head larger than this is refused (431); so is a body larger than this (413).
pub const MAX_HEAD: usize = 16 * 1024;
/// A request (head and body) must have arrived this long after its connection was accepted,
/// or after its first byte on a kept-alive connection.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(2);
/// An idle keep-alive connection is closed after this long.
pub const IDLE: Duration = Duration::from_secs(30);
/// A response the client does not read within this long is given up, with its connection.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// Threads that run routes, at most.
const ROUTE_THREADS: usize = 8;
/// A route thread ends after this long without a request; the next request starts one.
const SPARE_FOR: Duration = Duration::from_secs(5);
/// Connections accepted in one turn of the loop, so that the others are still read.
const ACCEPTS_PER_TURN: usize = 64;

/// What a route answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Response {
    /// A plain-text response.
    pub fn text(status: u16, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type: TEXT_TYPE,
            body: body.into(),
        }
    }

    /// A Prometheus text exposition.
    pub fn exposition(status: u16, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type: EXPOSITION_TYPE,
            body: body.into(),
        }
    }
}

/// Listen on `addr` (HOST:PORT). The error names the address, escaped.
pub fn bind(addr: &str) -> Result<TcpListener, String> {
    let listener =
        TcpListener::bind(addr).map_err(|e| format!("cannot listen on {}: {e}", visible(addr)))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot make the listening socket non-blocking: {e}"))?;
    Ok(listener)
}

type Route<'a> = &'a (dyn Fn(&Request) -> Response + Sync);

/// What a route is given of a request.
pub struct Request<'a> {
    /// Its path, without the query.
    pub path: &'a str,
    /// How long the client waits for the answer, when it says: Prometheus' scrape timeout
    /// (`X-Prometheus-Scrape-Timeout-Seconds`).
    pub timeout: Option<Duration>,
}

/// Serve `listener` until `stop()` holds: each GET or HEAD request's path (without its query)
/// goes to `route`. Problems that don't end the server (accept failures, no thread for
/// routes) go to `log`, one sentence each.
pub fn serve(
    listener: &TcpListener,
    stop: &(dyn Fn() -> bool + Sync),
    route: Route<'_>,
    log: &(dyn Fn(&str) + Sync),
) {
    let work = &Work::default();
    let wake = &Wake::new();
    std::thread::scope(|scope| {
        let spawn = || {
            std::thread::Builder::new()
                .name("http".into())
                .spawn_scoped(scope, move || route_thread(work, route, wake))
                .is_ok()
        };
        let run = move || {
            let mut server = Server {
                listener,
                route,
                log,
                work,
                wake,
                spawn: &spawn,
                conns: HashMap::new(),
                next_id: 0,
                accept_after: None,
                told_no_thread: false,
            };
            server.run(stop);
            // Route threads waiting for requests end now; one running a route ends after it.
            lock(&work.queue).stopping = true;
            work.ready.notify_all();
        };
        // The loop gets a thread of its own, which asks for a short time slice as the route
        // threads do: a request read on a kept-alive connection is read at once on a busy
        // machine too.
        let started = std::thread::Builder::new()
            .name("http".into())
            .spawn_scoped(scope, move || {
                crate::sched::short_slice();
                run();
            });
        if started.is_err() {
            run();
        }
    });
}

/// A complete request for a route thread.
struct Job {
    id: u64,
    stream: Arc<TcpStream>,
    path: String,
    timeout: Option<Duration>,
    head_only: bool,
    keep_alive: bool,
}

/// A route thread's answer to a job: what it could not write at once, or that writing failed.
struct Done {
    id: u64,
    rest: Vec<u8>,
    failed: bool,
}

/// What the accepting thread and the route threads share.
#[derive(Default)]
struct Work {
    queue: Mutex<Queue>,
    ready: Condvar,
    done: Mutex<Vec<Done>>,
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    /// Route threads running a request, by path.
    running: HashMap<String, usize>,
    threads: usize,
    idle: usize,
    stopping: bool,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

fn route_thread(work: &Work, route: Route<'_>, wake: &Wake) {
    crate::sched::short_slice();
    while let Some(job) = next_job(work) {
        let path = job.path.clone();
        let done = run_job(route, job);
        {
            let mut queue = lock(&work.queue);
            if let Some(n) = queue.running.get_mut(&path) {
                *n -= 1;
                if *n == 0 {
                    queue.running.remove(&path);
                }
            }
        }
        work.ready.notify_all();
        lock(&work.done).push(done);
        wake.ring();
    }
}

/// The oldest job whose path holds fewer than all but one route thread; None when the thread
/// is to end (the server stops, or it has had nothing to do for `SPARE_FOR`).
fn next_job(work: &Work) -> Option<Job> {
    let mut queue = lock(&work.queue);
    loop {
        if queue.stopping {
            queue.threads -= 1;
            return None;
        }
        let free = |path: &str| queue.running.get(path).copied().unwrap_or(0) < ROUTE_THREADS - 1;
        if let Some(at) = queue.jobs.iter().position(|job| free(&job.path))
            && let Some(job) = queue.jobs.remove(at)
        {
            *queue.running.entry(job.path.clone()).or_default() += 1;
            return Some(job);
        }
        queue.idle += 1;
        let (guard, waited) = work
            .ready
            .wait_timeout(queue, SPARE_FOR)
            .unwrap_or_else(PoisonError::into_inner);
        queue = guard;
        queue.idle -= 1;
        if waited.timed_out() && queue.jobs.is_empty() {
            queue.threads -= 1;
            return None;
        }
    }
}

/// Run the route and write its response as far as the socket takes it.
fn run_job(route: Route<'_>, job: Job) -> Done {
    let request = Request {
        path: &job.path,
        timeout: job.timeout,
    };
    let response = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| route(&request)))
        .unwrap_or_else(|_| Response::text(500, "internal error\n"));
    let out = render(&response, job.head_only, job.keep_alive);
    match write_some(&job.stream, &out) {
        Ok(n) => Done {
            id: job.id,
            rest: out[n..].to_vec(),
            failed: false,
        },
        Err(_) => Done {
            id: job.id,
            rest: Vec::new(),
            failed: true,
        },
    }
}

/// Write as much of `out` as the socket takes without waiting: how much that was.
fn write_some(stream: &TcpStream, out: &[u8]) -> io::Result<usize> {
    let mut at = 0;
    let mut stream = stream;
    while at < out.len() {
        match stream.write(&out[at..]) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => at += n,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(at)
}

/// A socket pair a route thread rings so that the poll(2) wait ends when an answer is ready.
/// Without one (the pair could not be made), answers are picked up every `POLL`.
struct Wake {
    pair: Option<(UnixStream, UnixStream)>,
}

impl Wake {
    fn new() -> Wake {
        let pair = UnixStream::pair().ok().filter(|(rx, tx)| {
            rx.set_nonblocking(true).is_ok() && tx.set_nonblocking(true).is_ok()
        });
        Wake { pair }
    }

    fn ring(&self) {
        if let Some((_, tx)) = &self.pair {
            // A full socket buffer wakes the loop as well.
            let _ = (&mut &*tx).write(b"!");
        }
    }

    fn drain(&self) {
        if let Some((rx, _)) = &self.pair {
            let mut bytes = [0u8; 256];
            while matches!((&mut &*rx).read(&mut bytes), Ok(n) if n > 0) {}
        }
    }

    fn fd(&self) -> RawFd {
        self.pair.as_ref().map_or(-1, |(rx, _)| rx.as_raw_fd())
    }
}

/// What a connection needs next.
enum Next {
    /// More bytes from the client, room to write, or its route's answer.
    Wait,
    Close,
    Route(Job),
}

/// Where a connection is with its current request.
enum State {
    /// Waiting for a request head; `idle` while nothing of it has come after a keep-alive
    /// response.
    Head { idle: bool },
    /// Reading past `left` bytes of the body of a request.
    Body { head: Head, left: usize },
    /// A route thread has the request.
    Routing { keep_alive: bool },
    /// Writing `out` from `at`; then closing, or waiting for the next request.
    Writing {
        out: Vec<u8>,
        at: usize,
        keep_alive: bool,
    },
}

struct Conn {
    stream: Arc<TcpStream>,
    /// Bytes read and not yet used: the request being read, and any pipelined after it.
    buf: Vec<u8>,
    /// How far `buf` has been searched for the end of a head.
    scanned: usize,
    state: State,
    /// When the connection is closed unless it has got on; none while a route runs.
    deadline: Option<Instant>,
    /// Since when it has waited for its current request: at the cap, the longest-waiting
    /// connection gives way first.
    waiting_since: Instant,
}

impl Conn {
    fn new(stream: TcpStream, now: Instant) -> Conn {
        Conn {
            stream: Arc::new(stream),
            buf: Vec::new(),
            scanned: 0,
            state: State::Head { idle: false },
            deadline: Some(now + HEAD_TIMEOUT),
            waiting_since: now,
        }
    }

    fn reading(&self) -> bool {
        matches!(self.state, State::Head { .. } | State::Body { .. })
    }

    /// Read what the client has sent and go on with it.
    fn read_in(&mut self, id: u64, now: Instant) -> Next {
        let mut chunk = [0u8; 8192];
        while self.reading() {
            match (&*self.stream).read(&mut chunk) {
                Ok(0) => return self.ended(id, now),
                Ok(n) => {
                    if let State::Head { idle: true } = self.state {
                        self.state = State::Head { idle: false };
                        self.deadline = Some(now + HEAD_TIMEOUT);
                    }
                    self.buf.extend_from_slice(&chunk[..n]);
                    match self.advance(id, now) {
                        Next::Wait => {}
                        next => return next,
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Next::Wait,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return Next::Close,
            }
        }
        Next::Wait
    }

    /// The client has closed its side: a request cut short in its head is a bad request; one
    /// cut short in its body is answered with what came.
    fn ended(&mut self, id: u64, now: Instant) -> Next {
        match &mut self.state {
            State::Head { .. } if self.buf.iter().any(|b| !matches!(b, b'\r' | b'\n')) => {
                self.answer(Response::text(400, "bad request\n"), false, false, now);
            }
            State::Body { left, .. } => *left = 0,
            _ => return Next::Close,
        }
        self.advance(id, now)
    }

    /// Go on with what the buffer holds: read the head, skip the body, answer a bad request
    /// here or hand a good one to the routes, write an answer, start on the next request.
    fn advance(&mut self, id: u64, now: Instant) -> Next {
        loop {
            match self.state {
                State::Routing { .. } => return Next::Wait,
                State::Writing { .. } => match self.flush() {
                    Err(_) => return Next::Close,
                    Ok(None) => return Next::Wait,
                    Ok(Some(false)) => return Next::Close,
                    Ok(Some(true)) => {
                        let idle = self.buf.is_empty();
                        self.state = State::Head { idle };
                        self.deadline = Some(now + if idle { IDLE } else { HEAD_TIMEOUT });
                        self.waiting_since = now;
                    }
                },
                State::Head { .. } => match self.take_head() {
                    Ok(None) => return Next::Wait,
                    Ok(Some(head)) if head.body_length > MAX_HEAD => {
                        let r = Response::text(413, "request body too large\n");
                        self.answer(r, false, false, now);
                    }
                    Ok(Some(head)) => {
                        let left = head.body_length;
                        self.state = State::Body { head, left };
                    }
                    Err(HeadError::TooLarge) => {
                        let r = Response::text(431, "request head too large\n");
                        self.answer(r, false, false, now);
                    }
                    Err(HeadError::Malformed) => {
                        self.answer(Response::text(400, "bad request\n"), false, false, now);
                    }
                },
                State::Body { ref mut left, .. } => {
                    // A body on a GET is allowed and meaningless: skip it.
                    let skip = (*left).min(self.buf.len());
                    *left -= skip;
                    let more = *left > 0;
                    self.buf.drain(..skip);
                    if more {
                        return Next::Wait;
                    }
                    let State::Body { head, .. } =
                        std::mem::replace(&mut self.state, State::Head { idle: false })
                    else {
                        unreachable!("matched above")
                    };
                    let head_only = head.method == "HEAD";
                    if head.method != "GET" && !head_only {
                        let r = Response::text(405, "only GET and HEAD\n");
                        self.answer(r, false, head.keep_alive, now);
                        continue;
                    }
                    self.state = State::Routing {
                        keep_alive: head.keep_alive,
                    };
                    self.deadline = None;
                    return Next::Route(Job {
                        id,
                        stream: Arc::clone(&self.stream),
                        path: head.path.split('?').next().unwrap_or("").to_string(),
                        timeout: head.timeout,
                        head_only,
                        keep_alive: head.keep_alive,
                    });
                }
            }
        }
    }

    /// Answer here, without a route.
    fn answer(&mut self, r: Response, head_only: bool, keep_alive: bool, now: Instant) {
        self.state = State::Writing {
            out: render(&r, head_only, keep_alive),
            at: 0,
            keep_alive,
        };
        self.deadline = Some(now + WRITE_TIMEOUT);
    }

    /// Write what the client takes: Some(keep_alive) once the response is all written.
    fn flush(&mut self) -> io::Result<Option<bool>> {
        let State::Writing {
            out,
            at,
            keep_alive,
        } = &mut self.state
        else {
            return Ok(None);
        };
        *at += write_some(&self.stream, &out[*at..])?;
        Ok((*at == out.len()).then_some(*keep_alive))
    }

    /// The next request's head from the buffer, once it is all there.
    fn take_head(&mut self) -> Result<Option<Head>, HeadError> {
        // Stray line ends before a request are allowed.
        let blank = self
            .buf
            .iter()
            .take_while(|b| matches!(b, b'\r' | b'\n'))
            .count();
        if let Some(last) = self.buf[..blank].iter().rposition(|&b| b == b'\n') {
            self.buf.drain(..=last);
            self.scanned = 0;
        }
        // The head ends at its first empty line; look only at what has not been searched.
        let from = self.scanned.saturating_sub(2);
        let end = [&b"\n\r\n"[..], b"\n\n"]
            .iter()
            .filter_map(|end| {
                memchr::memmem::find(&self.buf[from..], end).map(|at| from + at + end.len())
            })
            .min();
        let Some(end) = end else {
            if self.buf.len() > MAX_HEAD {
                return Err(HeadError::TooLarge);
            }
            self.scanned = self.buf.len();
            return Ok(None);
        };
        let (head, used) = read_head(&self.buf[..end])?.ok_or(HeadError::Malformed)?;
        self.buf.drain(..used);
        self.scanned = 0;
        Ok(Some(head))
    }
}

/// The accepting thread: the listening socket and every connection, in one poll(2).
struct Server<'a> {
    listener: &'a TcpListener,
    route: Route<'a>,
    log: &'a (dyn Fn(&str) + Sync),
    work: &'a Work,
    wake: &'a Wake,
    /// Start a route thread; false when none could be started.
    spawn: &'a (dyn Fn() -> bool + Sync),
    conns: HashMap<u64, Conn>,
    next_id: u64,
    /// After a failed accept (out of descriptors), the listener rests until then.
    accept_after: Option<Instant>,
    told_no_thread: bool,
}

impl Server<'_> {
    fn run(&mut self, stop: &dyn Fn() -> bool) {
        let mut fds: Vec<libc::pollfd> = Vec::new();
        let mut ids: Vec<u64> = Vec::new();
        let pollfd = |fd: RawFd, events: libc::c_short| libc::pollfd {
            fd,
            events,
            revents: 0,
        };
        while !stop() {
            let now = Instant::now();
            let accepting = self.accept_after.is_none_or(|t| t <= now)
                && (self.conns.len() < MAX_CONNECTIONS || self.evictable().is_some());
            fds.clear();
            ids.clear();
            // A negative descriptor is one poll(2) skips.
            fds.push(pollfd(
                if accepting {
                    self.listener.as_raw_fd()
                } else {
                    -1
                },
                libc::POLLIN,
            ));
            fds.push(pollfd(self.wake.fd(), libc::POLLIN));
            let mut wait = POLL;
            for (&id, conn) in &self.conns {
                let events = match conn.state {
                    State::Head { .. } | State::Body { .. } => libc::POLLIN,
                    State::Writing { .. } => libc::POLLOUT,
                    State::Routing { .. } => continue,
                };
                fds.push(pollfd(conn.stream.as_raw_fd(), events));
                ids.push(id);
                if let Some(deadline) = conn.deadline {
                    wait = wait.min(deadline.saturating_duration_since(now));
                }
            }
            let ms = wait.as_micros().div_ceil(1000) as libc::c_int;
            // SAFETY: `fds` is a valid array of `fds.len()` pollfds whose descriptors stay
            // open during the call (or are negative, which poll(2) skips).
            let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
            if ready < 0 {
                if io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                    std::thread::sleep(POLL);
                }
                continue;
            }
            let now = Instant::now();
            if fds[1].revents != 0 {
                self.wake.drain();
            }
            self.take_answers(now);
            for (fd, &id) in fds[2..].iter().zip(&ids) {
                if fd.revents == 0 {
                    continue;
                }
                let Some(conn) = self.conns.get_mut(&id) else {
                    continue;
                };
                let next = if conn.reading() {
                    conn.read_in(id, now)
                } else {
                    conn.advance(id, now)
                };
                self.follow(id, next);
            }
            if fds[0].revents != 0 {
                self.accept(now);
            }
            self.conns
                .retain(|_, conn| conn.deadline.is_none_or(|deadline| deadline > now));
        }
        for conn in self.conns.values() {
            let _ = conn.stream.shutdown(Shutdown::Both);
        }
        self.conns.clear();
    }

    /// The connection to close for a new one at the cap: the one that has waited longest for
    /// a request, else the oldest one being written to; never one whose route runs.
    fn evictable(&self) -> Option<u64> {
        let reading = self
            .conns
            .iter()
            .filter(|(_, c)| c.reading())
            .min_by_key(|(_, c)| c.waiting_since);
        reading
            .or_else(|| {
                self.conns
                    .iter()
                    .filter(|(_, c)| matches!(c.state, State::Writing { .. }))
                    .min_by_key(|(_, c)| c.deadline)
            })
            .map(|(&id, _)| id)
    }

    fn accept(&mut self, now: Instant) {
        for _ in 0..ACCEPTS_PER_TURN {
            if self.conns.len() >= MAX_CONNECTIONS && self.evictable().is_none() {
                return;
            }
            let stream = match self.listener.accept() {
                Ok((stream, _)) => stream,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    // Out of descriptors and the like: say so, rest a moment, go on.
                    (self.log)(&format!("accept failed: {e}"));
                    self.accept_after = Some(now + POLL);
                    return;
                }
            };
            if stream.set_nonblocking(true).is_err() || stream.set_nodelay(true).is_err() {
                continue;
            }
            if self.conns.len() >= MAX_CONNECTIONS
                && let Some(id) = self.evictable()
            {
                self.conns.remove(&id);
            }
            self.next_id += 1;
            self.conns.insert(self.next_id, Conn::new(stream, now));
        }
    }

    /// The route threads' answers: write what they could not.
    fn take_answers(&mut self, now: Instant) {
        let done = std::mem::take(&mut *lock(&self.work.done));
        for done in done {
            let Some(conn) = self.conns.get_mut(&done.id) else {
                continue;
            };
            let State::Routing { keep_alive } = conn.state else {
                continue;
            };
            if done.failed {
                self.conns.remove(&done.id);
                continue;
            }
            conn.state = State::Writing {
                out: done.rest,
                at: 0,
                keep_alive,
            };
            conn.deadline = Some(now + WRITE_TIMEOUT);
            let next = conn.advance(done.id, now);
            self.follow(done.id, next);
        }
    }

    fn follow(&mut self, id: u64, next: Next) {
        match next {
            Next::Wait => {}
            Next::Close => {
                self.conns.remove(&id);
            }
            Next::Route(job) => self.dispatch(job),
        }
    }

    /// Queue a request for the route threads, starting one if none is free.
    fn dispatch(&mut self, job: Job) {
        let start = {
            let mut queue = lock(&self.work.queue);
            queue.jobs.push_back(job);
            let start = queue.jobs.len() > queue.idle && queue.threads < ROUTE_THREADS;
            if start {
                queue.threads += 1;
            }
            start
        };
        if start && !(self.spawn)() {
            let mut queue = lock(&self.work.queue);
            queue.threads -= 1;
            if !self.told_no_thread {
                (self.log)("cannot start a thread for requests; answering them one at a time");
                self.told_no_thread = true;
            }
            if queue.threads == 0 {
                // No route thread at all: answer here rather than never.
                let jobs: Vec<Job> = queue.jobs.drain(..).collect();
                drop(queue);
                let done: Vec<Done> = jobs
                    .into_iter()
                    .map(|job| run_job(self.route, job))
                    .collect();
                lock(&self.work.done).extend(done);
                self.wake.ring();
                return;
            }
        }
        self.work.ready.notify_all();
    }
}

/// One request's line and the headers that matter here.
struct Head {
    method: String,
    path: String,
    keep_alive: bool,
    body_length: usize,
    timeout: Option<Duration>,
}

enum HeadError {
    TooLarge,
    Malformed,
}

/// The request head at the start of `bytes` and how many bytes it took; None when it has not
/// all come yet.
fn read_head(bytes: &[u8]) -> Result<Option<(Head, usize)>, HeadError> {
    let mut lines = Vec::new();
    let mut used = 0;
    loop {
        let Some(end) = memchr::memchr(b'\n', &bytes[used..]) else {
            return if bytes.len() > MAX_HEAD {
                Err(HeadError::TooLarge)
            } else {
                Ok(None)
            };
        };
        let line = &bytes[used..used + end];
        used += end + 1;
        if used > MAX_HEAD {
            return Err(HeadError::TooLarge);
        }
        let text = String::from_utf8_lossy(line)
            .trim_end_matches(['\r', '\n'])
            .to_string();
        if text.is_empty() {
            if lines.is_empty() {
                continue; // a stray CRLF before a request is allowed
            }
            break;
        }
        lines.push(text);
    }
    let mut request = lines[0].split(' ');
    let (Some(method), Some(target), Some(version)) =
        (request.next(), request.next(), request.next())
    else {
        return Err(HeadError::Malformed);
    };
    let mut keep_alive = version == "HTTP/1.1";
    let mut body_length = 0;
    let mut timeout = None;
    for line in &lines[1..] {
        let Some((name, value)) = line.split_once(':') else {
            return Err(HeadError::Malformed);
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("connection") {
            if value.eq_ignore_ascii_case("close") {
                keep_alive = false;
            } else if value.eq_ignore_ascii_case("keep-alive") {
                keep_alive = true;
            }
        } else if name.eq_ignore_ascii_case("content-length") {
            body_length = value.parse().map_err(|_| HeadError::Malformed)?;
        } else if name.eq_ignore_ascii_case("x-prometheus-scrape-timeout-seconds") {
            // Ignored unless a plain positive number of seconds (at most a day).
            timeout = value
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
                .map(Duration::from_secs_f64);
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            // Chunked request bodies: not for GET routes.
            return Err(HeadError::Malformed);
        }
    }
    let head = Head {
        method: method.to_string(),
        path: target.to_string(),
        keep_alive,
        body_length,
        timeout,
    };
    Ok(Some((head, used)))
}

/// The whole response, to be sent in one write.
fn render(r: &Response, head_only: bool, keep_alive: bool) -> Vec<u8> {
    let reason = match r.status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        _ => "Service Unavailable",
    };
    let mut response = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\n{}{}\r\n",
        r.status,
        r.content_type,
        r.body.len(),
        if r.status == 405 {
            "Allow: GET, HEAD\r\n"
        } else {
            ""
        },
        if keep_alive {
            ""
        } else {
            "Connection: close\r\n"
        },
    )
    .into_bytes();
    if !head_only {
        response.extend_from_slice(&r.body);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(text: &str) -> Result<Option<Head>, HeadError> {
        read_head(text.as_bytes()).map(|head| head.map(|(head, _)| head))
    }

    #[test]
    fn request_heads_are_read_with_their_limits() {
        let h = head("GET /metrics?x=1 HTTP/1.1\r\nHost: a\r\n\r\n")
            .ok()
            .flatten()
            .unwrap();
        assert_eq!(
            (h.method.as_str(), h.path.as_str()),
            ("GET", "/metrics?x=1")
        );
        assert!(h.keep_alive);
        let h = head("\r\nGET / HTTP/1.0\r\n\r\n").ok().flatten().unwrap();
        assert!(!h.keep_alive, "HTTP/1.0 closes unless asked");
        assert!(matches!(head(""), Ok(None)));
        assert!(matches!(head("GET\r\n\r\n"), Err(HeadError::Malformed)));
        assert!(matches!(
            head("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            Err(HeadError::Malformed)
        ));
        let big = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD));
        assert!(matches!(head(&big), Err(HeadError::TooLarge)));
    }

    #[test]
    fn a_response_is_one_write_with_its_length() {
        let out = render(&Response::text(503, "down\n"), false, false);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Content-Length: 5\r\nConnection: close\r\n\r\ndown\n"
        );
    }

    /// Serve `route` on a loopback port while `test` runs with the address.
    fn serving(route: Route<'_>, test: impl FnOnce(std::net::SocketAddr)) {
        use std::sync::atomic::{AtomicBool, Ordering};
        let listener = bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let stop = AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| serve(&listener, &|| stop.load(Ordering::SeqCst), route, &|_| {}));
            test(addr);
            stop.store(true, Ordering::SeqCst);
        });
    }

    /// Send `request` on a new connection and read until the server closes it.
    fn exchange(addr: std::net::SocketAddr, request: &[u8]) -> String {
        let mut conn = TcpStream::connect(addr).unwrap();
        conn.set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        conn.write_all(request).unwrap();
        let mut answer = Vec::new();
        let _ = conn.read_to_end(&mut answer);
        String::from_utf8_lossy(&answer).into_owned()
    }

    fn echo(r: &Request) -> Response {
        match r.timeout {
            Some(t) => Response::text(200, format!("{} {t:?}\n", r.path)),
            None => Response::text(200, format!("{}\n", r.path)),
        }
    }

    #[test]
    fn pipelined_requests_bodies_and_bad_requests_get_their_answers() {
        serving(&echo, |addr| {
            let answer = exchange(
                addr,
                b"GET /a HTTP/1.1\r\n\r\nGET /b?x HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc\
                  POST /c HTTP/1.1\r\n\r\nHEAD /d HTTP/1.1\r\nConnection: close\r\n\r\n",
            );
            let statuses: Vec<&str> = answer
                .lines()
                .filter(|l| l.starts_with("HTTP/1.1"))
                .collect();
            assert_eq!(
                statuses,
                [
                    "HTTP/1.1 200 OK",
                    "HTTP/1.1 200 OK",
                    "HTTP/1.1 405 Method Not Allowed",
                    "HTTP/1.1 200 OK"
                ],
                "{answer}"
            );
            assert!(
                answer.contains("/a\n") && answer.contains("/b\n"),
                "{answer}"
            );
            assert!(!answer.contains("/d\n"), "HEAD has no body: {answer}");
            // Prometheus' scrape timeout reaches the route; anything else in it is ignored.
            for (value, says) in [
                ("9.5", "/t 9.5s\n"),
                ("10", "/t 10s\n"),
                ("0", "/t\n"),
                ("-3", "/t\n"),
                ("NaN", "/t\n"),
                ("soon", "/t\n"),
            ] {
                let answer = exchange(
                    addr,
                    format!(
                        "GET /t HTTP/1.1\r\nX-Prometheus-Scrape-Timeout-Seconds: {value}\r\n\
                         Connection: close\r\n\r\n"
                    )
                    .as_bytes(),
                );
                assert!(answer.ends_with(says), "{value}: {answer}");
            }
            let bad = exchange(addr, b"GARBAGE\r\n\r\n");
            assert!(bad.starts_with("HTTP/1.1 400 "), "{bad}");
            let body = exchange(addr, b"GET / HTTP/1.1\r\nContent-Length: 99999\r\n\r\n");
            assert!(body.starts_with("HTTP/1.1 413 "), "{body}");
            let chunked = exchange(
                addr,
                b"GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            );
            assert!(chunked.starts_with("HTTP/1.1 400 "), "{chunked}");
        });
    }

    #[test]
    fn connections_that_send_nothing_give_way_to_a_new_request() {
        serving(&echo, |addr| {
            // More than the cap, each holding a partial request line.
            let held: Vec<TcpStream> = (0..MAX_CONNECTIONS + 20)
                .map(|_| {
                    let mut conn = TcpStream::connect(addr).unwrap();
                    conn.write_all(b"GET /hel").unwrap();
                    conn
                })
                .collect();
            let answer = exchange(addr, b"GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n");
            assert!(answer.ends_with("/healthz\n"), "{answer}");
            // Answered by closing the oldest held one, not by waiting for the head timeout
            // to close them all: the newest is still open.
            let mut newest = held.into_iter().last().unwrap();
            newest.set_nonblocking(true).unwrap();
            let mut byte = [0u8; 1];
            let open = matches!(newest.read(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock);
            assert!(
                open,
                "the newest held connection was closed before the answer"
            );
            // The partial requests left are closed by the server once the head timeout has
            // passed (the test's own minute running out first would mean never).
            newest.set_nonblocking(false).unwrap();
            newest
                .set_read_timeout(Some(Duration::from_secs(60)))
                .unwrap();
            let started = Instant::now();
            let mut rest = Vec::new();
            let closed = newest.read_to_end(&mut rest);
            let waited = started.elapsed();
            assert!(
                closed.is_ok()
                    || closed
                        .as_ref()
                        .is_err_and(|e| e.kind() == std::io::ErrorKind::ConnectionReset),
                "not closed by the server: {closed:?} after {waited:?}"
            );
            assert!(rest.is_empty(), "{rest:?}");
        });
    }
}
