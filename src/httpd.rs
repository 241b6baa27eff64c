//! A small HTTP/1.1 server for GET routes: `cogctl metrics --listen` and `cogctl worker
//! --listen` both serve through it.
//!
//! A server of its own rather than a framework: it answers a few GET routes, and owning the
//! socket lets it send each response in one write with TCP_NODELAY (no 40 ms Nagle and
//! delayed-ACK stalls between headers and body). One thread per connection (at most
//! `MAX_CONNECTIONS`, keep-alive honoured), a cap on the request head, and an idle timeout.
//! Nothing a request does ends the server; when it is told to stop, the open connections are
//! shut down so that it returns at once.

use std::collections::HashMap;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Mutex;
use std::time::Duration;

use crate::text::visible;

pub const EXPOSITION_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";
pub const TEXT_TYPE: &str = "text/plain; charset=utf-8";
/// How often the idle accept loop looks at the stop flag.
const POLL: Duration = Duration::from_millis(50);
/// Connections served at once; more are closed at once (a scraper retries).
const MAX_CONNECTIONS: usize = 256;
/// A request head larger than this is refused (431).
const MAX_HEAD: usize = 16 * 1024;
/// An idle keep-alive connection, or a client that stops sending mid-request, is closed
/// after this long.
const IDLE: Duration = Duration::from_secs(30);

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

/// Serve `listener` until `stop()` holds: each GET or HEAD request's path (without its query)
/// goes to `route`. Problems that don't end the server (accept failures, no thread for a
/// connection) go to `log`, one sentence each.
pub fn serve(
    listener: &TcpListener,
    stop: &(dyn Fn() -> bool + Sync),
    route: &(dyn Fn(&str) -> Response + Sync),
    log: &(dyn Fn(&str) + Sync),
) {
    let open = Open::default();
    std::thread::scope(|scope| {
        let mut next_id: u64 = 0;
        while !stop() {
            let stream = match listener.accept() {
                Ok((stream, _)) => stream,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    wait_for_connection(listener);
                    continue;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    // Out of descriptors and the like: say so, wait, go on.
                    log(&format!("accept failed: {e}"));
                    std::thread::sleep(POLL);
                    continue;
                }
            };
            next_id += 1;
            let id = next_id;
            if !open.add(id, &stream) {
                drop(stream);
                continue;
            }
            let open = &open;
            let spawned = std::thread::Builder::new()
                .name("http".into())
                .spawn_scoped(scope, move || {
                    crate::sched::short_slice();
                    let _ = serve_connection(stream, route);
                    open.remove(id);
                });
            if spawned.is_err() {
                open.remove(id);
                log("cannot start a thread for a connection; closed it");
            }
        }
        // Idle keep-alive connections would hold the scope for up to IDLE: end them now.
        open.shut_all();
    });
}

/// Wait until `listener` has a connection to accept, or `POLL` has passed (so the stop flag is
/// looked at): a new connection (a kubelet probe opens one each time) is taken at once.
fn wait_for_connection(listener: &TcpListener) {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        let mut fd = libc::pollfd {
            fd: listener.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd for a descriptor `listener` keeps open during the call.
        let ready = unsafe { libc::poll(&raw mut fd, 1, POLL.as_millis() as libc::c_int) };
        if ready >= 0 {
            return;
        }
    }
    std::thread::sleep(POLL);
}

/// The connections being served, so a stop can end them.
#[derive(Default)]
struct Open {
    streams: Mutex<HashMap<u64, TcpStream>>,
}

impl Open {
    /// Register a new connection; false when the server is at its cap.
    fn add(&self, id: u64, stream: &TcpStream) -> bool {
        let mut streams = self.lock();
        if streams.len() >= MAX_CONNECTIONS {
            return false;
        }
        match stream.try_clone() {
            Ok(clone) => {
                streams.insert(id, clone);
                true
            }
            Err(_) => false,
        }
    }

    fn remove(&self, id: u64) {
        self.lock().remove(&id);
    }

    fn shut_all(&self) {
        for stream in self.lock().values() {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, TcpStream>> {
        self.streams
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// One request's line and the headers that matter here.
struct Head {
    method: String,
    path: String,
    keep_alive: bool,
    body_length: usize,
}

fn serve_connection(
    stream: TcpStream,
    route: &(dyn Fn(&str) -> Response + Sync),
) -> io::Result<()> {
    stream.set_nonblocking(false)?;
    stream.set_nodelay(true)?;
    stream.set_read_timeout(Some(IDLE))?;
    stream.set_write_timeout(Some(IDLE))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut writer = stream;
    loop {
        let head = match read_head(&mut reader) {
            Ok(Some(head)) => head,
            Ok(None) => return Ok(()),
            Err(HeadError::TooLarge) => {
                let r = Response::text(431, "request head too large\n");
                return respond(&mut writer, &r, false, false);
            }
            Err(HeadError::Malformed) => {
                let r = Response::text(400, "bad request\n");
                return respond(&mut writer, &r, false, false);
            }
            Err(HeadError::Io(e)) => return Err(e),
        };
        // A body on a GET is allowed and meaningless: read past it (a small one only).
        if head.body_length > 0 {
            if head.body_length > MAX_HEAD {
                let r = Response::text(413, "request body too large\n");
                return respond(&mut writer, &r, false, false);
            }
            io::copy(
                &mut (&mut reader).take(head.body_length as u64),
                &mut io::sink(),
            )?;
        }
        let head_only = head.method == "HEAD";
        let response = if head.method != "GET" && head.method != "HEAD" {
            Response::text(405, "only GET and HEAD\n")
        } else {
            route(head.path.split('?').next().unwrap_or(""))
        };
        respond(&mut writer, &response, head_only, head.keep_alive)?;
        if !head.keep_alive {
            return Ok(());
        }
    }
}

enum HeadError {
    TooLarge,
    Malformed,
    Io(io::Error),
}

/// The next request's head; None when the client closed the connection between requests
/// (or stayed idle past the timeout).
fn read_head(reader: &mut impl BufRead) -> Result<Option<Head>, HeadError> {
    let mut lines = Vec::new();
    let mut size = 0;
    loop {
        let mut line = Vec::new();
        let n = match reader
            .take((MAX_HEAD - size + 1) as u64)
            .read_until(b'\n', &mut line)
        {
            Ok(n) => n,
            // Idle past the timeout, or gone, between requests: just close.
            Err(e) if lines.is_empty() && is_idle_end(&e) => return Ok(None),
            Err(e) => return Err(HeadError::Io(e)),
        };
        if n == 0 {
            return if lines.is_empty() {
                Ok(None)
            } else {
                Err(HeadError::Malformed)
            };
        }
        size += n;
        if size > MAX_HEAD {
            return Err(HeadError::TooLarge);
        }
        let text = String::from_utf8_lossy(&line)
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
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            // Chunked request bodies: not for GET routes.
            return Err(HeadError::Malformed);
        }
    }
    Ok(Some(Head {
        method: method.to_string(),
        path: target.to_string(),
        keep_alive,
        body_length,
    }))
}

fn is_idle_end(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::WouldBlock
            | io::ErrorKind::TimedOut
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::UnexpectedEof
    )
}

/// The whole response in one write.
fn respond(
    out: &mut impl Write,
    r: &Response,
    head_only: bool,
    keep_alive: bool,
) -> io::Result<()> {
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
    out.write_all(&response)?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(text: &str) -> Result<Option<Head>, HeadError> {
        read_head(&mut io::Cursor::new(text.as_bytes().to_vec()))
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
        let mut out = Vec::new();
        respond(&mut out, &Response::text(503, "down\n"), false, false).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Content-Length: 5\r\nConnection: close\r\n\r\ndown\n"
        );
    }
}
