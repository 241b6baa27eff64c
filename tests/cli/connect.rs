//! Connections that need TCP by nature: TLS (rediss://, --tls-insecure) and Redis Sentinel.
//! Each test starts its own servers on free loopback ports.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, free_port, server_binary};

pub struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn spawn(args: &[&str], dir: &Path) -> Server {
    let child = Command::new(server_binary())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the test server binary");
    Server(child)
}

pub fn wait_for(what: &str, mut ok: impl FnMut() -> bool) {
    let deadline = Instant::now() + HANG;
    while !ok() {
        assert!(Instant::now() < deadline, "{what} did not come up");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn tls_with_a_self_signed_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let status = Command::new("openssl")
        .args([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
        ])
        .args([
            "-keyout",
            "key.pem",
            "-out",
            "cert.pem",
            "-subj",
            "/CN=localhost",
        ])
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("openssl must be installed (bash .ci/run installs it)");
    assert!(status.success());
    let port = free_port().to_string();
    let _server = spawn(
        &[
            "--port",
            "0",
            "--tls-port",
            &port,
            "--tls-cert-file",
            "cert.pem",
            "--tls-key-file",
            "key.pem",
            "--tls-ca-cert-file",
            "cert.pem",
            "--tls-auth-clients",
            "no",
            "--save",
            "",
            "--requirepass",
            "tlspassword",
        ],
        dir.path(),
    );
    let url = format!("rediss://:tlspassword@127.0.0.1:{port}/0");
    wait_for("TLS redis", || {
        Cogctl::bare()
            .args(["--redis-url", &url, "--tls-insecure", "queues"])
            .run()
            .code
            == 0
    });
    let run = Cogctl::bare()
        .args(["--redis-url", &url, "--tls-insecure", "stats", "--json"])
        .run();
    run.success();
    assert_eq!(
        run.json()["redis"]["target"],
        format!("rediss://:***@127.0.0.1:{port}/0 (certificate not verified)")
    );
    // Without --tls-insecure the self-signed certificate is refused: exit 3, with a hint.
    let run = Cogctl::bare().args(["--redis-url", &url, "stats"]).run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    assert!(run.stderr.contains("certificate"), "{}", run.stderr);
    assert!(run.stderr.contains("--tls-insecure"), "{}", run.stderr);
    assert!(!run.stderr.contains("tlspassword"), "{}", run.stderr);
    // --tls-insecure on a plain URL is a usage error.
    let run = Cogctl::bare()
        .args([
            "--redis-url",
            "redis://127.0.0.1:1/0",
            "--tls-insecure",
            "stats",
        ])
        .run();
    assert_eq!(run.code, 2, "{}", run.snapshot());
}

#[test]
fn sentinel_finds_the_primary() {
    let dir = tempfile::tempdir().unwrap();
    let master_port = free_port().to_string();
    let _master = spawn(
        &[
            "--port",
            &master_port,
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--requirepass",
            "primarypw",
        ],
        dir.path(),
    );
    let sentinel_port = free_port().to_string();
    let conf = dir.path().join("sentinel.conf");
    std::fs::write(
        &conf,
        format!(
            "port {sentinel_port}\nbind 127.0.0.1\nsentinel monitor cogmaster 127.0.0.1 {master_port} 1\n\
             sentinel auth-pass cogmaster primarypw\nsentinel down-after-milliseconds cogmaster 5000\n"
        ),
    )
    .unwrap();
    let _sentinel = spawn(&[conf.to_str().unwrap(), "--sentinel"], dir.path());
    let sentinel = format!("127.0.0.1:{sentinel_port}");
    let args = |extra: &[&str]| {
        let mut a = vec![
            "--sentinel",
            sentinel.as_str(),
            "--sentinel-master",
            "cogmaster",
            "--redis-url",
            "redis://:primarypw@placeholder/3",
        ];
        a.extend_from_slice(extra);
        a.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    wait_for("sentinel", || {
        Cogctl::bare().args(args(&["queues"])).run().code == 0
    });
    // Seed through the primary directly, then read it through the Sentinel (db 3).
    let mut conn = redis::Client::open(format!("redis://:primarypw@127.0.0.1:{master_port}/3"))
        .unwrap()
        .get_connection()
        .unwrap();
    redis::cmd("SET")
        .arg("cogworker:stats:processed")
        .arg("77")
        .query::<()>(&mut conn)
        .unwrap();
    let run = Cogctl::bare().args(args(&["stats", "--json"])).run();
    run.success();
    let json = run.json();
    assert_eq!(json["processed"], 77);
    assert_eq!(
        json["redis"]["target"],
        format!("sentinel://{sentinel}/cogmaster (db 3, password ***)")
    );
    // A master the Sentinels don't monitor: the error names the Sentinels and the master,
    // not a default URL, and carries no client-library text; the hint is about Sentinel.
    let run = Cogctl::bare()
        .args([
            "--sentinel",
            &sentinel,
            "--sentinel-master",
            "nosuch",
            "stats",
        ])
        .run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    let first = run.stderr.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        format!(
            "error: cannot reach Redis at sentinel://{sentinel}/nosuch (db 0): no primary named \"nosuch\" is monitored by {sentinel}"
        ),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("hint: check --sentinel"),
        "{}",
        run.stderr
    );
    for noise in ["MasterNameNotFound", "127.0.0.1:6379", "--redis-url"] {
        assert!(!run.stderr.contains(noise), "{noise}: {}", run.stderr);
    }
    // No Sentinel answers at all: each is named with what went wrong.
    let nobody = format!("127.0.0.1:{}", free_port());
    let run = Cogctl::bare()
        .args([
            "--sentinel",
            &nobody,
            "--sentinel-master",
            "cogmaster",
            "stats",
        ])
        .run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    assert!(
        run.stderr
            .contains(&format!("cogmaster (db 0): no answer from {nobody}: ")),
        "{}",
        run.stderr
    );
}

/// A primary on a free loopback port, its replica and one Sentinel monitoring it as
/// `cogmaster` (down after 5 s, failover timeout `failover_timeout_ms`), started and waited
/// for until the Sentinel knows the replica and the replica is in sync.
pub struct SentinelSet {
    pub primary: String,
    pub replica: String,
    pub sentinel_port: String,
    _servers: Vec<Server>,
    _dir: tempfile::TempDir,
}

impl SentinelSet {
    pub fn start(failover_timeout_ms: u64) -> SentinelSet {
        let dir = tempfile::tempdir().unwrap();
        let primary = free_port().to_string();
        let replica = free_port().to_string();
        let base = ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
        let primary_server = spawn(
            &[&["--port", primary.as_str()], &base[..]].concat(),
            dir.path(),
        );
        let replica_dir = dir.path().join("replica");
        std::fs::create_dir(&replica_dir).unwrap();
        let replica_server = spawn(
            &[
                &[
                    "--port",
                    replica.as_str(),
                    "--replicaof",
                    "127.0.0.1",
                    primary.as_str(),
                ],
                &base[..],
            ]
            .concat(),
            &replica_dir,
        );
        let sentinel_port = free_port().to_string();
        let conf = dir.path().join("sentinel.conf");
        std::fs::write(
            &conf,
            format!(
                "port {sentinel_port}\nbind 127.0.0.1\nsentinel monitor cogmaster 127.0.0.1 {primary} 1\n\
                 sentinel down-after-milliseconds cogmaster 5000\nsentinel failover-timeout cogmaster {failover_timeout_ms}\n"
            ),
        )
        .unwrap();
        let sentinel_server = spawn(&[conf.to_str().unwrap(), "--sentinel"], dir.path());
        // The Sentinel knows the replica, and the replica is in sync.
        wait_for("the replica, seen by the Sentinel", || {
            let replicas: redis::RedisResult<Vec<Vec<String>>> = query(
                &sentinel_port,
                redis::cmd("SENTINEL").arg("REPLICAS").arg("cogmaster"),
            );
            replicas.is_ok_and(|r| {
                r.iter().any(|fields| {
                    fields
                        .windows(2)
                        .any(|w| w[0] == "flags" && w[1] == "slave")
                        && fields
                            .windows(2)
                            .any(|w| w[0] == "master-link-status" && w[1] == "ok")
                })
            })
        });
        SentinelSet {
            primary,
            replica,
            sentinel_port,
            _servers: vec![primary_server, replica_server, sentinel_server],
            _dir: dir,
        }
    }

    /// `HOST:PORT` of the Sentinel.
    pub fn sentinel(&self) -> String {
        format!("127.0.0.1:{}", self.sentinel_port)
    }

    /// cogctl through the Sentinel.
    pub fn cogctl(&self) -> Cogctl {
        Cogctl::bare().args([
            "--sentinel",
            self.sentinel().as_str(),
            "--sentinel-master",
            "cogmaster",
        ])
    }

    /// Ask the Sentinel for a failover (retried while it still judges the replica), and wait
    /// until it names the replica as the primary.
    pub fn fail_over(&self) {
        crate::support::wait_until(HANG, "the failover to start", || {
            query::<String>(
                &self.sentinel_port,
                redis::cmd("SENTINEL").arg("FAILOVER").arg("cogmaster"),
            )
            .is_ok()
        });
    }

    /// A command on the server at `port`.
    pub fn query<T: redis::FromRedisValue>(port: &str, cmd: &redis::Cmd) -> redis::RedisResult<T> {
        query(port, cmd)
    }
}

/// The first word of ROLE on the server at `port` (`master`, `slave`), or why not.
fn role(port: &str) -> String {
    match query::<Vec<redis::Value>>(port, &redis::cmd("ROLE")) {
        Ok(reply) => match reply.first() {
            Some(redis::Value::BulkString(b)) => String::from_utf8_lossy(b).into_owned(),
            other => format!("{other:?}"),
        },
        Err(e) => format!("no ROLE: {e}"),
    }
}

fn query<T: redis::FromRedisValue>(port: &str, cmd: &redis::Cmd) -> redis::RedisResult<T> {
    let mut conn = redis::Client::open(format!("redis://127.0.0.1:{port}/0"))?
        .get_connection_with_timeout(Duration::from_secs(10))?;
    cmd.query(&mut conn)
}

/// A primary, its replica and one Sentinel; a worker found through the Sentinel works 1,500
/// jobs while the Sentinel fails over to the replica. The worker must move to the new
/// primary when the switch is announced, not when the old one is demoted (about ten
/// seconds later, when everything written to it since the switch is thrown away).
#[test]
fn a_worker_follows_a_sentinel_failover() {
    let set = SentinelSet::start(20_000);
    let replica = &set.replica;
    let dir = tempfile::tempdir().unwrap();
    let via = |args: &[&str]| set.cogctl().args(args);
    const JOBS: usize = 1500;
    let specs: String = (0..JOBS)
        .map(|i| format!("{{\"class\":\"Rec\",\"args\":[{i}]}}\n"))
        .collect();
    via(&["enqueue", "--from", "-"])
        .stdin(specs.as_bytes())
        .run()
        .success();
    let log = dir.path().join("ran");
    let handler = format!(
        "Rec=/bin/sh -c 'echo $COGCTL_ARGS >> \"$0\"; sleep 0.005' {}",
        log.display()
    );
    let ran = || -> Vec<String> {
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .lines()
            .map(String::from)
            .collect()
    };
    let w = via(&["worker", "-c", "4", "--handler", &handler]).spawn();
    crate::support::wait_until(HANG, "300 jobs run", || ran().len() >= 300);
    // The failover: retried while the Sentinel is still judging the replica.
    set.fail_over();
    let asked = Instant::now();
    // What the old primary was when the worker had switched: still a primary (it is demoted
    // about ten seconds after the announcement), however slow the machine.
    let mut old_role_at_switch = String::new();
    crate::support::wait_until(HANG, "the worker to switch", || {
        if !w.stderr().contains("event=primary_switched") {
            return false;
        }
        old_role_at_switch = role(&set.primary);
        true
    });
    let switched_after = asked.elapsed();
    assert!(
        w.stderr().contains(&format!("to=127.0.0.1:{replica}")),
        "{}",
        w.stderr()
    );
    let new_llen = || query::<u64>(replica, redis::cmd("LLEN").arg("cogworker:queue:default"));
    crate::support::wait_until(Duration::from_secs(60), "every job run", || {
        let distinct: std::collections::BTreeSet<String> = ran().into_iter().collect();
        distinct.len() == JOBS && new_llen().is_ok_and(|n| n == 0)
    });
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let runs = ran().len();
    let processed: u64 =
        query::<Option<u64>>(replica, redis::cmd("GET").arg("cogworker:stats:processed"))
            .unwrap()
            .unwrap_or(0);
    eprintln!(
        "failover: switched {switched_after:?} after SENTINEL FAILOVER; {runs} runs of {JOBS} jobs; \
         stats:processed on the new primary {processed}"
    );
    assert_eq!(
        old_role_at_switch, "master",
        "the worker followed the switch only once the old primary was demoted ({switched_after:?} after it was asked)"
    );
    // Writes wait from the announced promotion to the switch: at most the jobs in flight
    // then (4 threads, one job each) may run twice, or go uncounted.
    assert!(
        run.stderr.contains("event=primary_failover"),
        "{}",
        run.stderr
    );
    assert!(
        runs <= JOBS + 4,
        "{runs} runs of {JOBS} jobs:\n{}",
        run.stderr
    );
    assert!(
        processed + 4 >= JOBS as u64,
        "processed {processed} of {JOBS}"
    );
    let identities: Vec<String> = query(
        replica,
        redis::cmd("SMEMBERS").arg("cogworker:inprogress_identities"),
    )
    .unwrap();
    for id in identities {
        let left: u64 = query(
            replica,
            redis::cmd("LLEN").arg(format!("cogworker:inprogress:{id}")),
        )
        .unwrap();
        assert_eq!(left, 0, "{id}: {left} jobs left in progress");
    }
}

/// A replica (here of a primary that doesn't exist) refuses writes with READONLY: that is
/// "unavailable", exit 3, in Redis' own words and without the client library's names.
#[test]
fn a_replica_refusing_writes_is_unavailable() {
    let dir = tempfile::tempdir().unwrap();
    let socket = dir.path().join("replica.sock");
    let socket_text = socket.to_str().unwrap().to_string();
    let _replica = spawn(
        &[
            "--port",
            "0",
            "--unixsocket",
            &socket_text,
            "--save",
            "",
            "--replicaof",
            "127.0.0.1",
            "1",
        ],
        dir.path(),
    );
    let url = format!("unix://{socket_text}");
    wait_for("the replica", || {
        Cogctl::bare()
            .args(["--redis-url", &url, "queues"])
            .run()
            .code
            == 0
    });
    let run = Cogctl::bare()
        .args(["--redis-url", &url, "queue", "pause", "q", "--force"])
        .run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    assert!(
        run.stderr
            .contains("is unavailable: READONLY You can't write against a read only replica"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("ReadOnly"), "{}", run.stderr);
}

/// Connection errors in plain words: one sentence, and a hint line only where it helps.
#[test]
fn connection_errors_in_plain_words() {
    let noise = [
        "InvalidClientConfig",
        "AuthenticationFailed",
        "did not parse",
    ];
    let plain = |run: &crate::support::Run, lines: usize| {
        for word in noise {
            assert!(!run.stderr.contains(word), "{word}: {}", run.stderr);
        }
        assert_eq!(run.stderr.lines().count(), lines, "{}", run.stderr);
        assert_eq!(run.stdout, "");
    };
    let run = Cogctl::bare()
        .args(["--redis-url", "http://localhost:6379", "stats"])
        .run();
    assert_eq!(run.code, 2, "{}", run.stderr);
    plain(&run, 1);
    assert!(
        run.stderr.contains("http:// is not a scheme cogctl connects with: use redis://, rediss:// (TLS) or unix:// (a socket)"),
        "{}",
        run.stderr
    );

    let server = RedisServer::start();
    redis::cmd("CONFIG")
        .arg("SET")
        .arg("requirepass")
        .arg("rightpw")
        .query::<()>(&mut server.conn())
        .unwrap();
    // A wrong password: said so, no hint (the URL was given).
    let url = format!("{}?pass=wrongpw1", server.url());
    let run = Cogctl::bare().args(["--redis-url", &url, "stats"]).run();
    assert_eq!(run.code, 3, "{}", run.stderr);
    plain(&run, 1);
    assert!(
        run.stderr
            .contains("refused the credentials: the password (or the user and password) is wrong"),
        "{}",
        run.stderr
    );
    // None given: said so, with where it goes.
    let run = Cogctl::bare()
        .args(["--redis-url", &server.url(), "stats"])
        .run();
    assert_eq!(run.code, 3, "{}", run.stderr);
    plain(&run, 2);
    assert!(
        run.stderr
            .contains("it requires a password and none was given\nhint: give it in the URL"),
        "{}",
        run.stderr
    );

    // Nothing listens there: the URL was given, so no "pass --redis-url" hint.
    let run = Cogctl::bare()
        .args(["--redis-url", "redis://127.0.0.1:1/0", "stats"])
        .run();
    assert_eq!(run.code, 3, "{}", run.stderr);
    plain(&run, 1);
    // No URL at all: the default address, and the hint to name one.
    let run = Cogctl::bare().args(["stats"]).run();
    assert_eq!(run.code, 3, "{}", run.stderr);
    plain(&run, 2);
    assert!(
        run.stderr.contains("hint: pass --redis-url"),
        "{}",
        run.stderr
    );
}

/// A URL that points at another service (here a small HTTP server on a unix socket and on a
/// loopback port): every command says the server there doesn't answer as Redis, and what it
/// sent, exit 3, never the client library's parse error.
#[test]
fn a_server_that_does_not_speak_redis_is_named_with_what_it_sent() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let socket = dir.path().join("http.sock");
    let unix = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let tcp = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = tcp.local_addr().unwrap().port();
    fn answer(mut c: impl Read + Write) {
        let mut buf = [0u8; 512];
        let _ = c.read(&mut buf);
        let _ = c.write_all(b"HTTP/1.0 400 Bad Request\r\nContent-Type: text/html\r\n\r\n<html/>");
    }
    std::thread::spawn(move || {
        for c in unix.incoming().flatten() {
            answer(c);
        }
    });
    std::thread::spawn(move || {
        for c in tcp.incoming().flatten() {
            answer(c);
        }
    });
    let urls = [
        (
            format!("unix://{}", socket.display()),
            socket.display().to_string(),
        ),
        (
            format!("redis://127.0.0.1:{port}"),
            format!("127.0.0.1:{port}"),
        ),
    ];
    for (url, address) in urls {
        for args in [
            &["stats"][..],
            &["incident"][..],
            &["dead", "list"][..],
            &["worker", "--burst", "--handler", "*=builtin:noop"][..],
        ] {
            let run = Cogctl::bare().args(["--redis-url", &url]).args(args).run();
            assert_eq!(run.code, 3, "{args:?} {}", run.snapshot());
            assert!(
                run.stderr.contains(&format!(
                    "the server at {address} doesn't answer as Redis (it sent \"HTTP/1.0 400 Bad \
                     Request\")"
                )) && !run.stderr.contains("Parse error"),
                "{args:?}: {}",
                run.stderr
            );
        }
    }
}
