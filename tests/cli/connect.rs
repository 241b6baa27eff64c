//! Connections that need TCP by nature: TLS (rediss://, --tls-insecure) and Redis Sentinel.
//! Each test starts its own servers on free loopback ports.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::Cogctl;

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn spawn(args: &[&str], dir: &Path) -> Server {
    let child = Command::new("redis-server")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("redis-server");
    Server(child)
}

fn wait_for(what: &str, mut ok: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(15);
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
        format!("sentinel://{sentinel}/cogmaster (redis://:***@placeholder:6379/3)")
    );
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
}
