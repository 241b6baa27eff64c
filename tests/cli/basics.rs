//! Exit codes, connection errors, redaction, usage errors, broken pipes, wrong-type keys.

use std::io::Read;
use std::process::{Command, Stdio};

use crate::support::{Cogctl, RedisServer, cogctl};

#[test]
fn unreachable_redis_is_exit_3_with_one_sentence_and_no_password() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("unix://{}/nothing.sock?pass=hunter22", dir.path().display());
    let run = Cogctl::bare().args(["--redis-url", &url, "stats"]).run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr
            .starts_with("error: cannot reach Redis at unix://"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("pass=***"), "{}", run.stderr);
    assert!(!run.stderr.contains("hunter22"), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

#[test]
fn tcp_url_with_password_is_redacted_in_errors() {
    // Port 1 on loopback: nothing listens there.
    let run = Cogctl::bare()
        .env("REDIS_URL", "redis://ops:s3cretpw@127.0.0.1:1/4")
        .args(["queues"])
        .run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    assert!(
        run.stderr.contains("redis://ops:***@127.0.0.1:1/4"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("s3cretpw"), "{}", run.stderr);
}

#[test]
fn cogctl_redis_url_wins_over_redis_url() {
    let server = RedisServer::start();
    let run = Cogctl::new(&server)
        .env("REDIS_URL", "redis://127.0.0.1:1/0")
        .args(["stats", "--json"])
        .run();
    run.success();
    assert!(
        run.json()["redis"]["target"]
            .as_str()
            .unwrap()
            .starts_with("unix://")
    );
}

#[test]
fn wrong_password_is_exit_3() {
    let server = RedisServer::start();
    let mut conn = server.conn();
    redis::cmd("CONFIG")
        .arg("SET")
        .arg("requirepass")
        .arg("rightpw")
        .query::<()>(&mut conn)
        .unwrap();
    let url = format!("{}?pass=wrongpw1", server.url());
    let run = Cogctl::bare().args(["--redis-url", &url, "stats"]).run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    assert!(
        run.stderr.contains("refused the credentials"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("wrongpw1"), "{}", run.stderr);
    let url = format!("{}?pass=rightpw", server.url());
    Cogctl::bare()
        .args(["--redis-url", &url, "stats"])
        .run()
        .success();
}

#[test]
fn acl_user_and_password_connect() {
    let server = RedisServer::start();
    let mut conn = server.conn();
    redis::cmd("ACL")
        .arg(
            &[
                "SETUSER",
                "reader",
                "on",
                ">readerpw",
                "~*",
                "+@read",
                "+@connection",
                "+info",
                "+evalsha",
                "+eval",
                "+time",
            ][..],
        )
        .query::<()>(&mut conn)
        .unwrap();
    let url = format!("{}?user=reader&pass=readerpw", server.url());
    let run = Cogctl::bare()
        .args(["--redis-url", &url, "stats", "--json"])
        .run();
    run.success();
    assert_eq!(
        run.json()["redis"]["target"].as_str().unwrap(),
        format!("{}?db=0&user=reader&pass=***", server.url())
    );
}

#[test]
fn password_never_appears_in_help() {
    let run = Cogctl::bare()
        .env("COGCTL_REDIS_URL", "redis://u:helpsecret@h:6379/0")
        .env("COGCTL_SENTINEL_PASSWORD", "sentinelsecret")
        .args(["--help"])
        .run();
    assert_eq!(run.code, 0);
    assert!(!run.stdout.contains("helpsecret"), "{}", run.stdout);
    assert!(!run.stdout.contains("sentinelsecret"), "{}", run.stdout);
    assert!(run.stdout.contains("Exit codes:"));
}

#[test]
fn bad_flags_are_usage_errors() {
    let run = Cogctl::bare().args(["dead", "list", "--bogus"]).run();
    assert_eq!(run.code, 2);
    let run = Cogctl::bare()
        .args(["dead", "list", "--since", "yesterday"])
        .run();
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("neither a duration"), "{}", run.stderr);
    let run = Cogctl::bare().args(["dead", "list", "--error", "("]).run();
    assert_eq!(run.code, 2);
    let run = Cogctl::bare()
        .args(["--redis-url", "redis://h/notadb", "stats"])
        .run();
    assert_eq!(run.code, 2, "{}", run.snapshot());
    let run = Cogctl::bare().args(["--sentinel", "h:1", "stats"]).run();
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(run.stderr.contains("--sentinel-master"), "{}", run.stderr);
}

#[test]
fn sentinel_unreachable_is_exit_3() {
    let run = Cogctl::bare()
        .args([
            "--sentinel",
            "127.0.0.1:1",
            "--sentinel-master",
            "mymaster",
            "--connect-timeout",
            "1s",
            "stats",
        ])
        .run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    assert!(
        run.stderr.contains("sentinel://127.0.0.1:1/mymaster"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_closed_pipe_exits_0_quietly() {
    let server = RedisServer::start();
    let mut conn = server.conn();
    let mut pipe = redis::pipe();
    for i in 0..20_000 {
        pipe.cmd("ZADD").arg("cogworker:dead").arg(1_700_000_000 + i).arg(format!(
            r#"{{"class":"PipeJob","args":[{i}],"jid":"{i:024x}","queue":"default","error_class":"E","error_message":"m"}}"#
        ));
    }
    pipe.query::<()>(&mut conn).unwrap();
    for format in ["--ndjson", "--json", "--format=table"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cogctl"))
            .args([
                "--redis-url",
                &server.url(),
                "dead",
                "list",
                "--all",
                format,
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 64];
        child
            .stdout
            .as_mut()
            .unwrap()
            .read_exact(&mut first)
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn wrong_type_keys_give_a_clear_error_and_change_nothing() {
    let server = RedisServer::start();
    let mut conn = server.conn();
    redis::cmd("SET")
        .arg("cogworker:dead")
        .arg("oops")
        .query::<()>(&mut conn)
        .unwrap();
    let run = server.assert_read_only(|| cogctl(&server, 0.0, &["dead", "list"]));
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert_eq!(
        run.stderr.trim(),
        "error: cogworker:dead is a string, but cogworker keeps a zset there; nothing was changed"
    );
    assert!(run.stdout.is_empty());

    redis::cmd("SET")
        .arg("cogworker:queue:default")
        .arg("oops")
        .query::<()>(&mut conn)
        .unwrap();
    redis::cmd("SADD")
        .arg("cogworker:queues")
        .arg("default")
        .arg("ok")
        .query::<()>(&mut conn)
        .unwrap();
    redis::cmd("LPUSH")
        .arg("cogworker:queue:ok")
        .arg("{}")
        .query::<()>(&mut conn)
        .unwrap();
    let run = server.assert_read_only(|| cogctl(&server, 0.0, &["stats", "--json"]));
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let json = run.json();
    assert_eq!(json["queues"][0]["name"], "ok");
    let problems = json["problems"].as_array().unwrap();
    assert!(
        problems.iter().any(|p| p["key"] == "cogworker:dead"),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p["key"] == "cogworker:queue:default"),
        "{problems:?}"
    );
}

#[test]
fn empty_redis_is_fine() {
    let server = RedisServer::start();
    for args in [
        &["stats"][..],
        &["queues"],
        &["dead", "list"],
        &["retry", "list", "--json"],
        &["scheduled", "list", "--ndjson"],
    ] {
        let run = server.assert_read_only(|| cogctl(&server, 1_800_000_000.0, args));
        run.success();
    }
    let run = cogctl(&server, 1_800_000_000.0, &["dead", "list"]);
    assert_eq!(run.stdout, "no dead entries match\n");
    let run = cogctl(&server, 1_800_000_000.0, &["retry", "list", "--json"]);
    assert_eq!(run.json(), serde_json::json!([]));
}
