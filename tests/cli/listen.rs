//! The `--listen` server (`worker --listen`, `metrics --listen`) against what an attacker on
//! the same network can send: hundreds of connections holding a partial request line,
//! trickling a byte a second, or kept alive and idle after a request, while /healthz and /metrics are requested every 200 ms on new
//! connections (as a kubelet and Prometheus do) — every request answered within a second,
//! the process's threads bounded; and malformed requests, each with its answer, the server
//! healthy after them. Loopback only, against the real binary and a real redis-server.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, Spawned, free_port, wait_until};

/// Connections the flood holds open: more than the server's cap of 256.
const FLOOD: usize = 300;
/// Rounds of probes (one every 200 ms) while each kind of flood holds on.
const PROBE_ROUNDS: usize = 15;
/// How long a probe waits for its answer while a flood holds on: half the time the server
/// gives an idle keep-alive connection (30 s). A server that let the flood keep a probe out
/// would answer it only once held connections go idle too long; one that takes the probe
/// answers at once. Only a hang or a probe kept out misses it, however slow the machine.
const PROBE_PATIENCE: Duration = Duration::from_secs(15);

/// A worker serving its probes on a free port: (process, HOST:PORT).
fn worker(server: &RedisServer) -> (Spawned, String) {
    let addr = format!("127.0.0.1:{}", free_port());
    let child = Cogctl::new(server)
        .args([
            "worker",
            "--beat-interval",
            "0.2s",
            "--poll-interval",
            "0.2s",
        ])
        .args(["--listen", &addr])
        .spawn();
    wait_until(HANG, "the worker is ready", || {
        request(&addr, "GET /readyz HTTP/1.1\r\nConnection: close\r\n\r\n")
            .is_ok_and(|answer| answer.starts_with("HTTP/1.1 200"))
    });
    (child, addr)
}

/// `cogctl metrics --listen` on a free port: (process, HOST:PORT).
fn exporter(server: &RedisServer) -> (Spawned, String) {
    let addr = format!("127.0.0.1:{}", free_port());
    let child = Cogctl::new(server)
        .args(["metrics", "--listen", &addr])
        .spawn();
    wait_until(HANG, "the exporter listens", || {
        request(&addr, "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n")
            .is_ok_and(|answer| answer.starts_with("HTTP/1.1 200"))
    });
    (child, addr)
}

/// Send `text` on a new connection and read until the server closes it (at most
/// `PROBE_PATIENCE`).
fn request(addr: &str, text: &str) -> std::io::Result<String> {
    send(addr, text.as_bytes())
}

fn send(addr: &str, bytes: &[u8]) -> std::io::Result<String> {
    let mut conn = TcpStream::connect(addr)?;
    conn.set_read_timeout(Some(PROBE_PATIENCE))?;
    conn.set_write_timeout(Some(PROBE_PATIENCE))?;
    conn.write_all(bytes)?;
    let mut answer = Vec::new();
    conn.read_to_end(&mut answer)?;
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

/// What the server sends on `conn` until it closes it (a FIN, or a reset): the test's own
/// patience (`HANG`) running out first means the server never closed it.
#[track_caller]
fn closed_by_server(mut conn: TcpStream) -> Vec<u8> {
    conn.set_read_timeout(Some(HANG)).unwrap();
    let mut answer = Vec::new();
    match conn.read_to_end(&mut answer) {
        Ok(_) => answer,
        Err(e) if e.kind() == ErrorKind::ConnectionReset => answer,
        Err(e) => panic!("the server did not close the connection within {HANG:?}: {e}"),
    }
}

/// The status line of an answer.
fn status(answer: &str) -> &str {
    answer.lines().next().unwrap_or("")
}

/// The process's thread count, from /proc/PID/status.
fn threads(pid: i32) -> usize {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap()
}

/// The process's threads once their number has held for a second: a worker answers /readyz
/// after its first beat, a moment before its processor threads have all started, and the
/// route thread of the readiness probe ends a few seconds after it.
fn settled_threads(pid: i32) -> usize {
    let mut last = threads(pid);
    let mut since = Instant::now();
    let until = Instant::now() + Duration::from_secs(15);
    while since.elapsed() < Duration::from_secs(1) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
        let now = threads(pid);
        if now != last {
            last = now;
            since = Instant::now();
        }
    }
    last
}

#[derive(Clone, Copy, Debug)]
enum Flood {
    /// Each connection sends a partial request line, then nothing.
    Partial,
    /// Each connection sends its request line one byte a second.
    Trickle,
    /// Each connection sends a whole request, reads its answer and stays open, idle.
    KeepAlive,
}

const LINE: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: flood\r\nX-Slow: ";

/// Hold `FLOOD` connections open the `kind` way until `stop` is set, opening a new one for
/// each the server closes: how many the server closed.
fn flood(addr: &str, kind: Flood, stop: &std::sync::atomic::AtomicBool) -> usize {
    let open = || -> Option<(TcpStream, usize)> {
        let mut conn = TcpStream::connect(addr).ok()?;
        conn.set_nonblocking(true).ok()?;
        let first = match kind {
            Flood::Partial => &LINE[..8],
            Flood::Trickle => &LINE[..1],
            Flood::KeepAlive => b"GET /healthz HTTP/1.1\r\nHost: flood\r\n\r\n",
        };
        conn.write_all(first).ok()?;
        Some((conn, first.len()))
    };
    let mut conns: Vec<Option<(TcpStream, usize)>> = (0..FLOOD).map(|_| open()).collect();
    let mut closed = 0;
    let mut last_byte = Instant::now();
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(100));
        let trickle =
            matches!(kind, Flood::Trickle) && last_byte.elapsed() >= Duration::from_secs(1);
        if trickle {
            last_byte = Instant::now();
        }
        for slot in &mut conns {
            let alive = slot.as_mut().is_some_and(|(conn, sent)| {
                let mut answer = [0u8; 4096];
                let gone = match conn.read(&mut answer) {
                    Ok(n) => n == 0,
                    Err(e) => e.kind() != ErrorKind::WouldBlock,
                };
                if gone {
                    return false;
                }
                if trickle && *sent < LINE.len() {
                    if conn.write_all(&LINE[*sent..*sent + 1]).is_err() {
                        return false;
                    }
                    *sent += 1;
                }
                true
            });
            if !alive {
                if slot.is_some() {
                    closed += 1;
                }
                *slot = open();
            }
        }
    }
    closed
}

/// While each kind of flood holds on, GET each of `paths` on a new connection every 200 ms:
/// each must be answered 200 while the flood still holds its connections (it lets go only
/// once every probe is answered), and the process's threads stay within a few of what it
/// had before. (How fast a probe is answered under a flood is measured by `./tasks bench
/// service`, not asserted.)
fn probes_survive_floods(addr: &str, pid: i32, paths: &[&str]) {
    let before = settled_threads(pid);
    for kind in [Flood::Partial, Flood::Trickle, Flood::KeepAlive] {
        let stop = std::sync::atomic::AtomicBool::new(false);
        let (closed, most_threads, asked) = std::thread::scope(|s| {
            let flooder = s.spawn(|| flood(addr, kind, &stop));
            // Let the flood fill the server first.
            std::thread::sleep(Duration::from_millis(500));
            let mut most_threads = 0;
            let mut asked = 0;
            for _ in 0..PROBE_ROUNDS {
                for path in paths {
                    let answer = request(
                        addr,
                        &format!("GET {path} HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n"),
                    );
                    let answer = answer.unwrap_or_else(|e| panic!("{kind:?}: GET {path}: {e}"));
                    assert_eq!(status(&answer), "HTTP/1.1 200 OK", "{kind:?}: GET {path}");
                    asked += 1;
                }
                most_threads = most_threads.max(threads(pid));
                std::thread::sleep(Duration::from_millis(200));
            }
            stop.store(true, std::sync::atomic::Ordering::SeqCst);
            (flooder.join().unwrap(), most_threads, asked)
        });
        assert!(asked >= 10, "{kind:?}: only {asked} requests");
        assert!(
            closed >= FLOOD / 2,
            "{kind:?}: the server closed only {closed} of the held connections"
        );
        assert!(
            most_threads <= before + 8,
            "{kind:?}: {most_threads} threads during the flood, {before} before"
        );
    }
}

#[test]
fn a_flood_of_held_connections_never_keeps_the_worker_probes_out() {
    let server = RedisServer::start();
    let (w, addr) = worker(&server);
    probes_survive_floods(&addr, w.pid(), &["/healthz", "/readyz", "/metrics"]);
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn a_flood_of_held_connections_never_keeps_a_scrape_out() {
    let server = RedisServer::start();
    let (exporter, addr) = exporter(&server);
    probes_survive_floods(&addr, exporter.pid(), &["/healthz", "/metrics"]);
    exporter.signal(libc::SIGTERM);
    let run = exporter.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// The answer to `bytes` sent on a new connection, or "reset" when the connection was reset
/// before an answer could be read (the server closes on a request it has refused while the
/// client is still sending).
fn answer_or_reset(addr: &str, bytes: &[u8]) -> String {
    let mut conn = TcpStream::connect(addr).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    conn.set_write_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut answer = Vec::new();
    let sent = conn.write_all(bytes);
    let read = conn.read_to_end(&mut answer);
    if answer.is_empty() && (sent.is_err() || read.is_err()) {
        return "reset".into();
    }
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn malformed_requests_get_their_answers_and_leave_the_server_healthy() {
    let server = RedisServer::start();
    let (w, addr) = worker(&server);
    let addr = addr.as_str();
    let healthy = || {
        let answer = request(addr, "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n").unwrap();
        assert_eq!(status(&answer), "HTTP/1.1 200 OK", "{answer}");
    };

    // Garbage, a request line with no version, a method that isn't GET or HEAD.
    for garbage in [
        "\x16\x03\x01\x02\x00garbage\r\n\r\n",
        "GET /healthz\r\n\r\n",
    ] {
        let answer = request(addr, garbage).unwrap();
        assert_eq!(status(&answer), "HTTP/1.1 400 Bad Request", "{garbage:?}");
    }
    let answer = request(
        addr,
        "DELETE /healthz HTTP/1.1\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    assert_eq!(status(&answer), "HTTP/1.1 405 Method Not Allowed");
    assert!(answer.contains("Allow: GET, HEAD\r\n"), "{answer}");
    healthy();

    // A request line with no CRLF, then nothing: closed by the server, unanswered, after the
    // head timeout (2 s), not before.
    let mut conn = TcpStream::connect(addr).unwrap();
    conn.write_all(b"GET /healthz HTTP/1.1").unwrap();
    let started = Instant::now();
    let answer = closed_by_server(conn);
    let waited = started.elapsed();
    assert!(answer.is_empty(), "{answer:?}");
    assert!(
        waited > Duration::from_millis(1500),
        "closed after {waited:?}"
    );
    // The same, ended by the client: a bad request.
    let mut conn = TcpStream::connect(addr).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    conn.write_all(b"GET /healthz HTTP/1.1").unwrap();
    conn.shutdown(std::net::Shutdown::Write).unwrap();
    let mut answer = String::new();
    let _ = conn.read_to_string(&mut answer);
    assert_eq!(status(&answer), "HTTP/1.1 400 Bad Request", "{answer}");
    healthy();

    // A 2 MB header, 100,000 headers, a huge path: 431, or a reset while still sending.
    let big_header = format!(
        "GET /healthz HTTP/1.1\r\nX-Big: {}\r\n\r\n",
        "a".repeat(2 << 20)
    );
    let many_headers = format!(
        "GET /healthz HTTP/1.1\r\n{}\r\n",
        "X-Many: 1\r\n".repeat(100_000)
    );
    let huge_path = format!("GET /{} HTTP/1.1\r\n\r\n", "p".repeat(64 * 1024));
    for (what, text) in [
        ("a 2 MB header", &big_header),
        ("100,000 headers", &many_headers),
        ("a huge path", &huge_path),
    ] {
        let answer = answer_or_reset(addr, text.as_bytes());
        assert!(
            answer == "reset" || status(&answer) == "HTTP/1.1 431 Request Header Fields Too Large",
            "{what}: {answer:.200}"
        );
        healthy();
    }

    // A Content-Length too large for a GET: 413. One larger than the body sent: answered once
    // the client ends its side; closed after the head timeout while it holds it open.
    let answer = request(
        addr,
        "GET /healthz HTTP/1.1\r\nContent-Length: 1000000\r\n\r\n",
    )
    .unwrap();
    assert_eq!(
        status(&answer),
        "HTTP/1.1 413 Content Too Large",
        "{answer}"
    );
    let mut conn = TcpStream::connect(addr).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    conn.write_all(b"GET /healthz HTTP/1.1\r\nContent-Length: 100\r\n\r\nonly this")
        .unwrap();
    conn.shutdown(std::net::Shutdown::Write).unwrap();
    let mut answer = String::new();
    let _ = conn.read_to_string(&mut answer);
    assert_eq!(status(&answer), "HTTP/1.1 200 OK", "{answer}");
    let mut conn = TcpStream::connect(addr).unwrap();
    conn.write_all(b"GET /healthz HTTP/1.1\r\nContent-Length: 100\r\n\r\nonly this")
        .unwrap();
    let answer = closed_by_server(conn);
    assert!(answer.is_empty(), "{answer:?}");
    // A small body the client does send is read past.
    let answer = request(
        addr,
        "GET /healthz HTTP/1.1\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
    )
    .unwrap();
    assert_eq!(status(&answer), "HTTP/1.1 200 OK", "{answer}");
    healthy();

    // A chunked body: 400.
    let answer = request(
        addr,
        "POST /healthz HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
    )
    .unwrap();
    assert_eq!(status(&answer), "HTTP/1.1 400 Bad Request", "{answer}");

    // Pipelined requests: every one answered, in order, on the one connection.
    let answer = request(
        addr,
        "GET /healthz HTTP/1.1\r\n\r\nGET /nope HTTP/1.1\r\n\r\nHEAD /readyz HTTP/1.1\r\n\r\n\
         GET /metrics HTTP/1.1\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    let statuses: Vec<&str> = answer
        .lines()
        .filter(|l| l.starts_with("HTTP/1.1 "))
        .collect();
    assert_eq!(
        statuses,
        [
            "HTTP/1.1 200 OK",
            "HTTP/1.1 404 Not Found",
            "HTTP/1.1 200 OK",
            "HTTP/1.1 200 OK"
        ],
        "{answer:.2000}"
    );
    assert!(answer.contains("cogctl_worker_busy"), "{answer:.2000}");
    healthy();

    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
}
