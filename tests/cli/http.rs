//! HTTP handlers (`--handler 'CLASS=http://…'`): real workers POST real jobs to an HTTP/1.1
//! server started here (keep-alive aware, counting its connections) or to the example service
//! of examples/: statuses, JSON failure bodies, Retry-After, timeouts, refused connections, a
//! server restarted mid-run (no job lost), keep-alive, and the request as received.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::Value;

use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, wait_until};

/// A request as the server read it.
#[derive(Debug, Clone)]
struct Received {
    method: String,
    path: String,
    /// Names lowercased.
    headers: BTreeMap<String, String>,
    body: Vec<u8>,
}

impl Received {
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }
}

struct Reply {
    status: &'static str,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
    delay: Duration,
}

fn reply(status: &'static str) -> Reply {
    Reply {
        status,
        headers: Vec::new(),
        body: Vec::new(),
        delay: Duration::ZERO,
    }
}

type Answer = dyn Fn(&Received) -> Reply + Send + Sync;

/// A tiny threaded HTTP/1.1 server: one thread per connection, several requests per
/// connection, until stopped (which closes every connection).
struct HttpServer {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    connections: Arc<AtomicUsize>,
    received: Arc<Mutex<Vec<Received>>>,
    accept: Option<JoinHandle<Vec<JoinHandle<()>>>>,
}

impl HttpServer {
    fn start(answer: impl Fn(&Received) -> Reply + Send + Sync + 'static) -> HttpServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        HttpServer::serve(listener, Arc::new(answer), None)
    }

    /// `idle`: how long a connection may wait for its next request before the server
    /// closes it (as Node's keepAliveTimeout, gunicorn's keepalive…).
    fn serve(listener: TcpListener, answer: Arc<Answer>, idle: Option<Duration>) -> HttpServer {
        let addr = listener.local_addr().unwrap();
        listener.set_nonblocking(true).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let connections = Arc::new(AtomicUsize::new(0));
        let received = Arc::new(Mutex::new(Vec::new()));
        let accept = {
            let (stop, connections, received) =
                (stop.clone(), connections.clone(), received.clone());
            std::thread::spawn(move || {
                let mut threads = Vec::new();
                while !stop.load(Ordering::SeqCst) {
                    match listener.accept() {
                        Ok((stream, _)) => {
                            connections.fetch_add(1, Ordering::SeqCst);
                            let (stop, received, answer) =
                                (stop.clone(), received.clone(), answer.clone());
                            threads.push(std::thread::spawn(move || {
                                connection(stream, &stop, &received, &*answer, idle)
                            }));
                        }
                        Err(_) => std::thread::sleep(Duration::from_millis(5)),
                    }
                }
                threads
            })
        };
        HttpServer {
            addr,
            stop,
            connections,
            received,
            accept: Some(accept),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    /// Stop accepting and close every connection; the port is free again when this returns.
    fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(accept) = self.accept.take() {
            for thread in accept.join().unwrap() {
                let _ = thread.join();
            }
        }
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        self.stop();
    }
}

fn connection(
    stream: TcpStream,
    stop: &AtomicBool,
    received: &Mutex<Vec<Received>>,
    answer: &Answer,
    idle: Option<Duration>,
) {
    stream.set_nonblocking(false).unwrap();
    // Short reads so a stop is seen soon; a request is read whole once it starts.
    stream
        .set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    let mut waiting = Instant::now();
    while !stop.load(Ordering::SeqCst) {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                if !line.is_empty() || idle.is_some_and(|idle| waiting.elapsed() > idle) {
                    // Idle too long, or a request cut by the timeout (not expected).
                    return;
                }
                continue;
            }
            Err(_) => return,
        }
        let Some(request) = read_request(&mut reader, &line) else {
            return;
        };
        let reply = answer(&request);
        received.lock().unwrap().push(request);
        // A delay ends early when the server stops: one longer than a test is never waited
        // out when the server is dropped.
        let until = Instant::now() + reply.delay;
        while Instant::now() < until {
            if stop.load(Ordering::SeqCst) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20).min(until - Instant::now()));
        }
        let mut head = format!(
            "HTTP/1.1 {}\r\nContent-Length: {}\r\n",
            reply.status,
            reply.body.len()
        );
        for (name, value) in &reply.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(&reply.body);
        if writer.write_all(&bytes).is_err() {
            return;
        }
        waiting = Instant::now();
    }
}

fn read_request(reader: &mut BufReader<TcpStream>, first: &str) -> Option<Received> {
    reader
        .get_ref()
        .set_read_timeout(Some(Duration::from_secs(5)))
        .ok()?;
    let mut parts = first.split_whitespace();
    let method = parts.next()?.to_string();
    let path = parts.next()?.to_string();
    let mut headers = BTreeMap::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).ok()?;
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':')?;
        headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_string());
    }
    let length: usize = headers.get("content-length")?.parse().ok()?;
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    reader
        .get_ref()
        .set_read_timeout(Some(Duration::from_millis(50)))
        .ok()?;
    Some(Received {
        method,
        path,
        headers,
        body,
    })
}

fn enqueue(server: &RedisServer, specs: &[String]) {
    let lines: String = specs.iter().map(|s| format!("{s}\n")).collect();
    let run = Cogctl::new(server)
        .args(["enqueue", "--from", "-"])
        .stdin(lines.as_bytes())
        .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
}

fn jobs(class: &str, n: usize, retry: u32) -> Vec<String> {
    (0..n)
        .map(|i| format!(r#"{{"class":"{class}","args":[{i}],"retry":{retry}}}"#))
        .collect()
}

fn burst(server: &RedisServer, args: &[&str]) -> crate::support::Run {
    Cogctl::new(server)
        .args(["worker", "--burst", "--json"])
        .args(args)
        .spawn()
        .wait(HANG)
}

fn by_class(server: &RedisServer, set: &str) -> BTreeMap<String, (Value, f64)> {
    server
        .zset::<String, f64>(set)
        .into_iter()
        .map(|(m, score)| {
            let v: Value = serde_json::from_str(&m).unwrap();
            (v["class"].as_str().unwrap().to_string(), (v, score))
        })
        .collect()
}

fn now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
}

#[test]
fn statuses_json_bodies_and_retry_after_decide_each_job() {
    let server = RedisServer::start();
    let http = HttpServer::start(|request| {
        match request.header("x-cogctl-class") {
        "Ok" => reply("200 OK"),
        "Created" => Reply {
            body: b"not json, and that's fine".to_vec(),
            ..reply("201 Created")
        },
        "Kill" => Reply {
            headers: vec![("Content-Type", "application/json".into())],
            body: br#"{"ok":false,"error_class":"Card::Declined","error_message":"card declined","backtrace":["app.py:9 in charge"],"retry":"kill"}"#.to_vec(),
            ..reply("500 Internal Server Error")
        },
        "Moved" => Reply {
            headers: vec![("Location", "/elsewhere".into())],
            ..reply("301 Moved Permanently")
        },
        "Busy" => Reply {
            headers: vec![("Retry-After", "7".into())],
            ..reply("503 Service Unavailable")
        },
        _ => Reply {
            body: b"<html>no such thing</html>".to_vec(),
            ..reply("404 Not Found")
        },
    }
    });
    enqueue(
        &server,
        &[
            r#"{"class":"Ok","args":[]}"#.to_string(),
            r#"{"class":"Created","args":[]}"#.to_string(),
            r#"{"class":"Kill","args":[],"retry":5}"#.to_string(),
            r#"{"class":"Busy","args":[],"retry":5}"#.to_string(),
            r#"{"class":"Gone","args":[],"retry":0}"#.to_string(),
            r#"{"class":"Moved","args":[],"retry":0}"#.to_string(),
        ],
    );
    let url = http.url("/jobs");
    let before = now();
    let run = burst(
        &server,
        &["-c", "1", "--history", "--handler", &format!("*={url}")],
    );
    assert_eq!(run.code, 1, "jobs died: {}", run.stderr);
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["processed"], 2, "{}", run.stderr);
    assert_eq!(summary["dead"], 3, "{}", run.stderr);

    let dead = by_class(&server, "cogworker:dead");
    // retry: "kill" → dead at once, with retries left.
    let kill = &dead["Kill"].0;
    assert_eq!(kill["error_class"], "Card::Declined");
    assert_eq!(kill["error_message"], "card declined");
    assert_eq!(kill["retry_count"], 1);
    // The body's backtrace is the run's, in its history entry.
    let job = Cogctl::new(&server)
        .args(["--json", "job", kill["jid"].as_str().unwrap()])
        .run();
    assert_eq!(
        job.json()["runs"][0]["backtrace"],
        serde_json::json!(["app.py:9 in charge"]),
        "{}",
        job.stdout
    );
    let gone = &dead["Gone"].0;
    assert_eq!(gone["error_class"], "Cogctl::HttpStatus");
    assert_eq!(
        gone["error_message"],
        format!("POST {url} answered 404 Not Found")
    );
    // Not followed: a redirect is an answer like any other.
    assert_eq!(
        dead["Moved"].0["error_message"],
        format!("POST {url} answered 301 Moved Permanently")
    );
    assert_eq!(http.received().len(), 6);
    // Retry-After: 7 → retried in exactly 7 s.
    let retry = by_class(&server, "cogworker:retry");
    let (busy, at) = &retry["Busy"];
    assert_eq!(busy["error_class"], "Cogctl::HttpStatus");
    assert_eq!(
        busy["error_message"],
        format!("POST {url} answered 503 Service Unavailable")
    );
    assert!(
        (at - before - 7.0).abs() < 2.0,
        "retry at {at}, {} s after the start",
        at - before
    );
    assert!(!server.exists("cogworker:queue:default"));
}

#[test]
fn the_request_carries_the_stored_payload_and_the_job_in_headers() {
    let server = RedisServer::start();
    let http = HttpServer::start(|_| reply("204 No Content"));
    enqueue(
        &server,
        &[
            r#"{"class":"Report::Build","args":[1.0e+20,"é\n\u0000",{"b":1,"a":2}],"retry":3}"#
                .to_string(),
        ],
    );
    // A class no Ruby process could have, pushed as is: nothing in it may reach the headers.
    let hostile = r#"{"class":"Bad\r\nX-Evil: 1","args":[],"jid":"0123456789abcdef01234567","queue":"default","retry":0,"created_at":1700000000.0,"enqueued_at":1700000000.0}"#;
    server.exec(&[&["RPUSH", "cogworker:queue:default", hostile]]);
    let stored = server.list("cogworker:queue:default");
    assert_eq!(stored.len(), 2);
    let run = burst(
        &server,
        &[
            "-c",
            "1",
            "--identity-tag",
            "host é",
            "--handler",
            &format!(
                "*={}",
                http.url("/run?src=cogctl").replace("://", "://bot:s3cret@")
            ),
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let received = http.received();
    assert_eq!(received.len(), 2, "{received:?}");
    let mut bodies: Vec<&[u8]> = received.iter().map(|r| &r.body[..]).collect();
    let mut expected: Vec<&[u8]> = stored.iter().map(|s| s.as_bytes()).collect();
    bodies.sort();
    expected.sort();
    assert_eq!(bodies, expected, "the payloads byte for byte");
    let report = received
        .iter()
        .find(|r| r.header("x-cogctl-class") == "Report::Build")
        .expect("the Report::Build request");
    let payload: Value = serde_json::from_slice(&report.body).unwrap();
    assert_eq!(report.method, "POST");
    assert_eq!(report.path, "/run?src=cogctl");
    assert_eq!(report.header("content-type"), "application/json");
    assert_eq!(
        report.header("x-cogctl-jid"),
        payload["jid"].as_str().unwrap()
    );
    assert_eq!(report.header("x-cogctl-queue"), "default");
    assert_eq!(report.header("authorization"), "Basic Ym90OnMzY3JldA==");
    assert_eq!(report.header("x-cogctl-attempt"), "1");
    assert!(
        report
            .header("x-cogctl-identity")
            .starts_with("host%20%C3%A9:"),
        "{:?}",
        report.headers
    );
    let bad = received
        .iter()
        .find(|r| r.header("x-cogctl-jid") == "0123456789abcdef01234567")
        .expect("the hostile job's request");
    assert_eq!(bad.header("x-cogctl-class"), "Bad%0D%0AX-Evil:%201");
    assert!(!bad.headers.contains_key("x-evil"), "{:?}", bad.headers);
}

#[test]
fn a_slow_answer_past_the_timeout_fails_the_job() {
    let server = RedisServer::start();
    let http = HttpServer::start(|request| Reply {
        // Past the test's own patience: only the timeout ends it.
        delay: if request.header("x-cogctl-class") == "Slow" {
            HANG * 5
        } else {
            Duration::ZERO
        },
        ..reply("200 OK")
    });
    enqueue(
        &server,
        &[
            r#"{"class":"Slow","args":[],"retry":0}"#.to_string(),
            r#"{"class":"Fast","args":[]}"#.to_string(),
        ],
    );
    let run = burst(
        &server,
        &[
            "-c",
            "1",
            "--timeout",
            "0.5s",
            "--handler",
            &format!("*={}", http.url("/jobs")),
        ],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let dead = by_class(&server, "cogworker:dead");
    assert_eq!(dead["Slow"].0["error_class"], "Cogctl::HttpTimeout");
    assert_eq!(
        dead["Slow"].0["error_message"],
        format!("POST {}: no complete answer within 0.5s", http.url("/jobs"))
    );
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["processed"], 1, "{}", run.stderr);
}

#[test]
fn a_refused_connection_fails_the_job_into_retry_and_hides_the_password() {
    let server = RedisServer::start();
    // A port nothing listens on: bound, then let go.
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    enqueue(&server, &[r#"{"class":"Ping","args":[]}"#.to_string()]);
    let handler = format!("Ping=http://bot:hunter2@127.0.0.1:{port}/jobs");
    // As it starts, the worker finds the URL doesn't answer: refused, the password hidden.
    let run = burst(&server, &["-c", "1", "--handler", &handler]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!(
            "--handler Ping=http://bot:***@127.0.0.1:{port}/jobs: doesn't answer"
        )),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("hunter2"));
    // Started anyway, the job fails when the connection is refused.
    let run = burst(
        &server,
        &["-c", "1", "--handler", &handler, "--handler-check", "off"],
    );
    assert_eq!(
        run.code, 1,
        "--burst: the failed run fails it: {}",
        run.stderr
    );
    let retry = by_class(&server, "cogworker:retry");
    let ping = &retry["Ping"].0;
    assert_eq!(ping["error_class"], "Cogctl::HttpUnreachable");
    let message = ping["error_message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!(
            "POST http://bot:***@127.0.0.1:{port}/jobs: Connection refused"
        )),
        "{message}"
    );
    assert!(!run.stderr.contains("hunter2") && !run.stdout.contains("hunter2"));
    let keyspace = format!("{:?}", server.keyspace());
    assert!(!keyspace.contains("hunter2"));
}

#[test]
fn a_server_restarted_mid_run_loses_no_job() {
    let server = RedisServer::start();
    let answer: Arc<Answer> = Arc::new(|_: &Received| Reply {
        delay: Duration::from_millis(5),
        ..reply("200 OK")
    });
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let mut first = HttpServer::serve(listener, answer.clone(), None);
    // 100 jobs before the restart, 100 while the server is down, 100 after.
    const JOBS: usize = 300;
    enqueue(&server, &jobs("Job", 100, 3));
    let handler = format!("Job=http://{addr}/jobs");
    let worker = Cogctl::new(&server)
        .args(["worker", "--json", "-c", "4", "--max-jobs", "300"])
        .args(["--handler", &handler])
        .spawn();
    wait_until(HANG, "jobs before the restart", || {
        first.received().len() >= 60
    });
    first.stop();
    enqueue(&server, &jobs("Job", 100, 3));
    std::thread::sleep(Duration::from_millis(300));
    let second = HttpServer::serve(TcpListener::bind(addr).unwrap(), answer, None);
    enqueue(&server, &jobs("Job", 100, 3));
    let run = worker.wait(Duration::from_secs(60));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    let processed = summary["processed"].as_u64().unwrap() as usize;
    let retry = server.zset::<String, f64>("cogworker:retry").len();
    let dead = server.zset::<String, f64>("cogworker:dead").len();
    assert_eq!(processed + retry + dead, JOBS, "{}", run.stderr);
    assert!(
        processed >= 60 && second.received().len() >= 90,
        "{}",
        run.stderr
    );
    assert!(!server.exists("cogworker:queue:default"));
    for (member, _) in server.zset::<String, f64>("cogworker:retry") {
        let job: Value = serde_json::from_str(&member).unwrap();
        assert!(
            job["error_class"]
                .as_str()
                .unwrap()
                .starts_with("Cogctl::Http"),
            "{job}"
        );
    }
}

#[test]
fn connections_are_kept_alive_between_jobs() {
    let server = RedisServer::start();
    let http = HttpServer::start(|_| reply("200 OK"));
    enqueue(&server, &jobs("Noop", 200, 0));
    let run = burst(
        &server,
        &[
            "-c",
            "2",
            "--handler",
            &format!("Noop={}", http.url("/jobs")),
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["processed"], 200);
    assert_eq!(http.received().len(), 200);
    assert!(
        http.connections() <= 4,
        "{} connections for 200 jobs on 2 threads",
        http.connections()
    );
}

#[test]
fn a_connection_the_server_closed_while_idle_is_not_reused() {
    let server = RedisServer::start();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let http = HttpServer::serve(
        listener,
        Arc::new(|_: &Received| reply("200 OK")),
        Some(Duration::from_millis(200)),
    );
    let handler = format!("Noop={}", http.url("/jobs"));
    let worker = Cogctl::new(&server)
        .args(["worker", "--json", "-c", "1", "--max-jobs", "3"])
        .args(["--handler", &handler])
        .spawn();
    for n in 1..=3 {
        enqueue(&server, &jobs("Noop", 1, 0));
        wait_until(HANG, "the job's request", || http.received().len() == n);
        // Past the server's idle limit: it closes the connection the worker keeps.
        std::thread::sleep(Duration::from_millis(500));
    }
    let run = worker.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["processed"], 3, "{}", run.stderr);
    // One a job (the idle one was closed each time), and the start-up check's, which sends
    // nothing.
    assert_eq!(http.connections(), 4);
    assert_eq!(http.received().len(), 3);
}

/// The example service of examples/, run as documented.
struct Service(Child);

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_example_service_runs_real_jobs() {
    let mut child = Command::new("python3")
        .arg(format!(
            "{}/examples/http_service.py",
            env!("CARGO_MANIFEST_DIR")
        ))
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3");
    let stdout = child.stdout.take().unwrap();
    let service = Service(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("the service's first line");
    let port = line.trim().strip_prefix("listening on ").expect(&line);

    let server = RedisServer::start();
    enqueue(
        &server,
        &[
            r#"{"class":"Noop","args":[1]}"#.to_string(),
            r#"{"class":"Fail","args":["boom"],"retry":0}"#.to_string(),
            r#"{"class":"Charge","args":["declined"],"retry":5}"#.to_string(),
            r#"{"class":"Busy","args":[],"retry":5}"#.to_string(),
            r#"{"class":"Missing","args":[],"retry":0}"#.to_string(),
            r#"{"class":"Noop","args":[2]}"#.to_string(),
        ],
    );
    let before = now();
    let run = burst(
        &server,
        &[
            "-c",
            "2",
            "--handler",
            &format!("*=http://127.0.0.1:{port}/jobs"),
        ],
    );
    assert_eq!(run.code, 1, "jobs died: {}", run.stderr);
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["processed"], 2, "{}", run.stderr);
    assert_eq!(summary["dead"], 3, "{}", run.stderr);
    let dead = by_class(&server, "cogworker:dead");
    assert_eq!(dead["Fail"].0["error_class"], "RuntimeError");
    assert_eq!(dead["Fail"].0["error_message"], "boom");
    assert_eq!(dead["Charge"].0["error_class"], "Declined");
    assert_eq!(dead["Charge"].0["retry_count"], 1);
    assert_eq!(dead["Missing"].0["error_class"], "NameError");
    let retry = by_class(&server, "cogworker:retry");
    let (busy, at) = &retry["Busy"];
    assert_eq!(busy["error_class"], "Cogctl::HttpStatus");
    assert!((at - before - 7.0).abs() < 2.0, "{at} vs {before}");
    drop(service);
}

#[test]
fn a_stop_does_not_wait_for_a_server_that_never_answers() {
    let server = RedisServer::start();
    let http = HttpServer::start(|_| Reply {
        delay: HANG * 5,
        ..reply("200 OK")
    });
    enqueue(&server, &[r#"{"class":"Hang","args":[]}"#.to_string()]);
    let handler = format!("Hang={}", http.url("/jobs"));
    let worker = Cogctl::new(&server)
        .args(["worker", "--json", "-c", "1", "--timeout-drain", "0.5s"])
        .args(["--kill-grace", "0.5s", "--handler", &handler])
        .spawn();
    wait_until(HANG, "the request", || !http.received().is_empty());
    // It would wait for the answer (longer than HANG) were it not for its drain timeout
    // and kill grace.
    worker.signal(libc::SIGTERM);
    let run = worker.wait(HANG);
    assert!(run.stderr.contains("job_abandoned"), "{}", run.stderr);
    // Back on its queue for the next worker, not lost.
    assert_eq!(server.list("cogworker:queue:default").len(), 1);
}

#[test]
fn https_verifies_the_server() {
    let server = RedisServer::start();
    // A plain HTTP server where TLS is expected: the handshake fails.
    let http = HttpServer::start(|_| reply("200 OK"));
    enqueue(&server, &[r#"{"class":"Tls","args":[]}"#.to_string()]);
    let url = http.url("/jobs").replace("http://", "https://");
    let run = burst(&server, &["-c", "1", "--handler", &format!("Tls={url}")]);
    assert_eq!(
        run.code, 1,
        "--burst: the failed run fails it: {}",
        run.stderr
    );
    let retry = by_class(&server, "cogworker:retry");
    assert_eq!(retry["Tls"].0["error_class"], "Cogctl::HttpUnreachable");
    assert!(
        retry["Tls"].0["error_message"]
            .as_str()
            .unwrap()
            .starts_with(&format!("POST {url}: ")),
        "{}",
        retry["Tls"].0
    );
}
