//! `cogctl metrics --listen ADDR`: /metrics and /healthz over HTTP/1.1.
//!
//! A small server of its own rather than a framework: it answers two GET routes, and owning
//! the socket lets it send each response in one write with TCP_NODELAY (no 40 ms Nagle and
//! delayed-ACK stalls between headers and body). One thread per connection (at most
//! `MAX_CONNECTIONS`, keep-alive honoured); scrapes take one of `concurrency` scrapers, each
//! with its own Redis connection (made again after an outage), so concurrent scrapes never
//! share one and at most `concurrency` read Redis at once. A Redis outage answers 503 with
//! `cogctl_up 0`; nothing a request does ends the server. SIGINT or SIGTERM stops it (exit 0).

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use anyhow::Context;
use signal_hook::consts::{SIGINT, SIGTERM};

use super::{Outcome, Scraper};
use crate::cli::exit::{Exit, UsageError};
use crate::commands::Ctx;
use crate::text::{logfmt_value, visible};

const EXPOSITION_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";
const TEXT_TYPE: &str = "text/plain; charset=utf-8";
/// How often the idle accept loop looks at the stop flag.
const POLL: Duration = Duration::from_millis(50);
/// Connections served at once; more are closed at once (a scraper retries).
const MAX_CONNECTIONS: usize = 256;
/// A request head larger than this is refused (431).
const MAX_HEAD: usize = 16 * 1024;
/// An idle keep-alive connection, or a client that stops sending mid-request, is closed
/// after this long.
const IDLE: Duration = Duration::from_secs(30);

pub fn run(ctx: &mut Ctx, addr: &str, concurrency: usize) -> anyhow::Result<Exit> {
    let connector = ctx.connector()?;
    let pinned = ctx.ui.clock.pinned.then_some(ctx.ui.clock.now);
    let listener = TcpListener::bind(addr).map_err(|e| {
        anyhow::Error::new(UsageError(format!(
            "cannot listen on {}: {e}",
            visible(addr)
        )))
    })?;
    listener
        .set_nonblocking(true)
        .context("cannot make the listening socket non-blocking")?;
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [SIGINT, SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&stop))
            .context("cannot handle SIGINT/SIGTERM")?;
    }
    let bound = listener
        .local_addr()
        .map_or_else(|_| addr.to_string(), |a| a.to_string());
    if !ctx.ui.quiet {
        let _ = writeln!(
            io::stderr(),
            "serving http://{bound}/metrics and /healthz for {} ({concurrency} scrapes at a time; Ctrl-C stops)",
            connector.target()
        );
    }
    let pool = Arc::new(Pool {
        idle: Mutex::new(
            (0..concurrency)
                .map(|_| Scraper::new(connector.clone(), pinned))
                .collect(),
        ),
        freed: Condvar::new(),
    });
    let open = Arc::new(AtomicUsize::new(0));
    while !stop.load(Ordering::SeqCst) {
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                std::thread::sleep(POLL);
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
        if open.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::SeqCst);
            drop(stream);
            continue;
        }
        let pool = Arc::clone(&pool);
        let open = Arc::clone(&open);
        let spawned = std::thread::Builder::new()
            .name("http".into())
            .spawn(move || {
                let _ = serve_connection(stream, &pool);
                open.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            log("cannot start a thread for a connection; closed it");
        }
    }
    Ok(Exit::Ok)
}

/// The scrapers not in use.
struct Pool {
    idle: Mutex<Vec<Scraper>>,
    freed: Condvar,
}

impl Pool {
    fn with<T>(&self, f: impl FnOnce(&mut Scraper) -> T) -> T {
        let mut scraper = {
            let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                match idle.pop() {
                    Some(s) => break s,
                    None => {
                        idle = self
                            .freed
                            .wait(idle)
                            .unwrap_or_else(PoisonError::into_inner)
                    }
                }
            }
        };
        let out = f(&mut scraper);
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(scraper);
        self.freed.notify_one();
        out
    }
}

/// One request's line and the headers that matter here.
struct Head {
    method: String,
    path: String,
    keep_alive: bool,
    body_length: usize,
}

fn serve_connection(stream: TcpStream, pool: &Pool) -> io::Result<()> {
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
                return respond(
                    &mut writer,
                    431,
                    TEXT_TYPE,
                    b"request head too large\n",
                    false,
                    false,
                );
            }
            Err(HeadError::Malformed) => {
                return respond(&mut writer, 400, TEXT_TYPE, b"bad request\n", false, false);
            }
            Err(HeadError::Io(e)) => return Err(e),
        };
        // A body on a GET is allowed and meaningless: read past it (a small one only).
        if head.body_length > 0 {
            if head.body_length > MAX_HEAD {
                return respond(
                    &mut writer,
                    413,
                    TEXT_TYPE,
                    b"request body too large\n",
                    false,
                    false,
                );
            }
            io::copy(
                &mut (&mut reader).take(head.body_length as u64),
                &mut io::sink(),
            )?;
        }
        let head_only = head.method == "HEAD";
        let (status, ctype, body): (u16, &str, Vec<u8>) =
            if head.method != "GET" && head.method != "HEAD" {
                (405, TEXT_TYPE, b"only GET and HEAD\n".to_vec())
            } else {
                route(&head.path, pool)
            };
        respond(
            &mut writer,
            status,
            ctype,
            &body,
            head_only,
            head.keep_alive,
        )?;
        if !head.keep_alive {
            return Ok(());
        }
    }
}

fn route(path: &str, pool: &Pool) -> (u16, &'static str, Vec<u8>) {
    match path.split('?').next().unwrap_or("") {
        "/metrics" => {
            let scrape = pool.with(Scraper::scrape);
            let status = match &scrape.outcome {
                Outcome::Served => 200,
                Outcome::Unreachable(err) => {
                    log(&format!("scrape failed: {err}"));
                    503
                }
            };
            (status, EXPOSITION_TYPE, scrape.body.into_bytes())
        }
        "/healthz" => match pool.with(Scraper::ping) {
            Ok(()) => (200, TEXT_TYPE, b"ok\n".to_vec()),
            Err(err) => (
                503,
                TEXT_TYPE,
                format!("Redis unavailable: {}\n", visible(&err.to_string())).into_bytes(),
            ),
        },
        "/" => (
            200,
            TEXT_TYPE,
            b"cogctl metrics: the exposition is at /metrics, health at /healthz\n".to_vec(),
        ),
        _ => (
            404,
            TEXT_TYPE,
            b"not found: try /metrics or /healthz\n".to_vec(),
        ),
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
            // Chunked request bodies: not for two GET routes.
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
    status: u16,
    ctype: &str,
    body: &[u8],
    head_only: bool,
    keep_alive: bool,
) -> io::Result<()> {
    let reason = match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        _ => "Service Unavailable",
    };
    let mut response = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\n{}{}\r\n",
        body.len(),
        if status == 405 {
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
        response.extend_from_slice(body);
    }
    out.write_all(&response)?;
    out.flush()
}

/// One logfmt line on stderr (the server's only log).
fn log(msg: &str) {
    let _ = writeln!(io::stderr(), "level=warn msg={}", logfmt_value(msg));
}
