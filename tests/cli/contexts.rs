//! Contexts: the config file ($COGCTL_CONFIG), which Redis a run talks to (flags, env, file),
//! read-only and protected contexts, and `cogctl context list|show|use`.

use std::path::{Path, PathBuf};

use crate::support::{Cogctl, RedisServer, Run, free_port};

/// A config file in its own temp dir.
struct ConfigFile {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

fn config(text: &str) -> ConfigFile {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, text).unwrap();
    ConfigFile { _dir: dir, path }
}

fn with_config(path: &Path) -> Cogctl {
    Cogctl::bare().env("COGCTL_CONFIG", path.to_str().unwrap())
}

/// A server whose only queue is `name`: which Redis a run reached shows in `queues`.
fn server_named(name: &str) -> RedisServer {
    let server = RedisServer::start();
    server.exec(&[&["SADD", "cogworker:queues", name]]);
    server
}

fn queues_seen(run: &Run) -> Vec<String> {
    assert_eq!(run.code, 0, "{}", run.snapshot());
    run.json()["queues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn each_setting_comes_from_flag_then_env_then_context() {
    let a = server_named("from-a");
    let b = server_named("from-b");
    let file = config(&format!(
        "current_context = \"a\"\n\n[contexts.a]\nredis_url = \"{}\"\n\n[contexts.b]\nredis_url = \"{}\"\n",
        a.url(),
        b.url()
    ));
    let run = |c: Cogctl| c.args(["--json", "queues"]).run();
    let seen = |c: Cogctl| queues_seen(&run(c));

    // The file's current context.
    assert_eq!(seen(with_config(&file.path)), ["from-a"]);
    // A URL given for this run outranks the current context (a default), with a note.
    let r = run(with_config(&file.path).env("COGCTL_REDIS_URL", &b.url()));
    assert_eq!(queues_seen(&r), ["from-b"]);
    assert!(
        r.stderr
            .contains("current context a not used: $COGCTL_REDIS_URL names the Redis"),
        "{}",
        r.stderr
    );
    assert_eq!(
        seen(with_config(&file.path).args(["--redis-url", &b.url()])),
        ["from-b"]
    );
    // The generic $REDIS_URL never outranks a context.
    assert_eq!(
        seen(with_config(&file.path).env("REDIS_URL", &b.url())),
        ["from-a"]
    );
    // Which context: --context > $COGCTL_CONTEXT > current_context.
    assert_eq!(
        seen(with_config(&file.path).args(["--context", "b"])),
        ["from-b"]
    );
    assert_eq!(
        seen(with_config(&file.path).env("COGCTL_CONTEXT", "b")),
        ["from-b"]
    );
    assert_eq!(
        seen(
            with_config(&file.path)
                .env("COGCTL_CONTEXT", "b")
                .args(["--context", "a"])
        ),
        ["from-a"]
    );
    // A context named explicitly is the target: an env URL beside it is ignored (noted) …
    let r = run(with_config(&file.path)
        .env("COGCTL_REDIS_URL", &a.url())
        .args(["--context", "b"]));
    assert_eq!(queues_seen(&r), ["from-b"]);
    assert!(
        r.stderr
            .contains("note: $COGCTL_REDIS_URL ignored: context b names the Redis"),
        "{}",
        r.stderr
    );
    // … and a URL flag beside it is refused.
    for extra in [
        vec!["--context", "b", "--redis-url", &a.url()],
        vec!["--redis-url", &a.url()],
    ] {
        let r = run(with_config(&file.path)
            .env("COGCTL_CONTEXT", "b")
            .args(extra.clone()));
        assert_eq!(r.code, 2, "{extra:?}: {}", r.snapshot());
        assert!(r.stderr.contains("give one"), "{}", r.stderr);
    }
    // Without any config file: the flags and env as before.
    assert_eq!(
        seen(Cogctl::bare().env("COGCTL_REDIS_URL", &a.url())),
        ["from-a"]
    );
}

#[test]
fn a_bad_file_or_name_is_a_usage_error() {
    let file = config("[contexts.a]\nredis_url = \"redis://h\"\nreadonly = true\n");
    let r = with_config(&file.path).args(["stats"]).run();
    assert_eq!(r.code, 2, "{}", r.snapshot());
    assert!(
        r.stderr.contains(file.path.to_str().unwrap()),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("readonly"), "{}", r.stderr);

    let file = config("[contexts.a]\nredis_url = \"redis://h\"\n");
    let r = with_config(&file.path)
        .args(["--context", "nope", "stats"])
        .run();
    assert_eq!(r.code, 2, "{}", r.snapshot());
    assert!(
        r.stderr.contains("no context \"nope\"") && r.stderr.contains("contexts: a"),
        "{}",
        r.stderr
    );

    let r = Cogctl::bare()
        .env("COGCTL_CONFIG", "/nonexistent/cogctl.toml")
        .args(["stats"])
        .run();
    assert_eq!(r.code, 2, "{}", r.snapshot());
}

#[test]
fn the_password_comes_from_the_variable_the_context_names() {
    let server = server_named("secured");
    server.exec(&[&["CONFIG", "SET", "requirepass", "s3cretpw"]]);
    let file = config(&format!(
        "[contexts.p]\nredis_url = \"{}\"\npassword_env = \"P_PW\"\n",
        server.url()
    ));
    let r = with_config(&file.path)
        .env("P_PW", "s3cretpw")
        .args(["--context", "p", "--json", "queues"])
        .run();
    assert_eq!(queues_seen(&r), ["secured"]);

    let r = with_config(&file.path)
        .args(["--context", "p", "queues"])
        .run();
    assert_eq!(r.code, 2, "{}", r.snapshot());
    assert!(r.stderr.contains("$P_PW"), "{}", r.stderr);

    let r = with_config(&file.path)
        .env("P_PW", "wrongpw")
        .args(["--context", "p", "queues"])
        .run();
    assert_eq!(r.code, 3, "{}", r.snapshot());
    assert!(!r.stderr.contains("wrongpw"), "{}", r.stderr);
}

/// One argv per command that changes Redis (the list `Command::changes` defines).
fn every_change() -> Vec<Vec<&'static str>> {
    [
        "retry retry --all --yes",
        "retry delete --all --yes",
        "retry kill --all --yes",
        "retry reschedule --all --in 1h --yes",
        "dead retry --all --yes",
        "dead delete --all --yes",
        "dead import /dev/null --yes",
        "scheduled enqueue-now --all --yes",
        "scheduled delete --all --yes",
        "scheduled reschedule --all --in 1h --yes",
        "queue pause q",
        "queue resume q",
        "queue clear q --yes",
        "queue delete-job q --all --yes",
        "periodic run-now abcd",
        "periodic disable --all --yes",
        "periodic enable --all --yes",
        "enqueue SomeJob",
        "worker -q q",
        "procs quiet --all --yes",
        "procs resume --all --yes",
        "procs stop --all --yes",
        "procs prune",
        "reconcile",
        "unsettled file",
        "fixture load /dev/null",
        "undo last --yes",
        "undo purge --all --yes",
    ]
    .iter()
    .map(|line| line.split(' ').collect())
    .collect()
}

#[test]
fn a_read_only_context_refuses_every_change_before_connecting() {
    // Nothing listens there: a refusal after connecting would be exit 3, not 2.
    let file = config(&format!(
        "current_context = \"prod\"\n[contexts.prod]\nredis_url = \"redis://:hunter2@127.0.0.1:{}/0\"\nread_only = true\n",
        free_port()
    ));
    for argv in every_change() {
        let r = with_config(&file.path).args(&argv).run();
        assert_eq!(r.code, 2, "{argv:?}:\n{}", r.snapshot());
        assert!(
            r.stderr.contains("context prod is read-only")
                && r.stderr.contains("refused before connecting"),
            "{argv:?}: {}",
            r.stderr
        );
        assert!(!r.stderr.contains("hunter2"), "{}", r.stderr);
    }
    // Reads and dry runs go ahead (and find nothing listening).
    for argv in [
        vec!["stats"],
        vec!["dead", "retry", "--all", "--dry-run"],
        vec!["reconcile", "--dry-run"],
        vec!["procs", "prune", "--dry-run"],
    ] {
        let r = with_config(&file.path).args(&argv).run();
        assert_eq!(r.code, 3, "{argv:?}:\n{}", r.snapshot());
    }
}

fn dead_job(jid: &str) -> String {
    format!(
        r#"{{"class":"Job","args":[1],"jid":"{jid}","queue":"q","retry":true,"created_at":1700000000.5,"enqueued_at":1700000000.6,"error_class":"E","error_message":"m","failed_at":1700000001.5,"retry_count":1}}"#
    )
}

#[test]
fn a_protected_context_needs_its_name_not_just_yes() {
    let server = RedisServer::start();
    server.exec(&[&["ZADD", "cogworker:dead", "1700000001", &dead_job("j1")]]);
    let file = config(&format!(
        "[contexts.prod]\nredis_url = \"{}\"\nprotected = true\n",
        server.url()
    ));
    let before = server.keyspace();
    let r = with_config(&file.path)
        .args(["--context", "prod", "dead", "delete", "--all", "--yes"])
        .run();
    assert_eq!(r.code, 2, "{}", r.snapshot());
    assert!(
        r.stderr.contains("context prod is protected")
            && r.stderr.contains("--confirm-context prod")
            && r.stderr.contains("--yes alone is not enough"),
        "{}",
        r.stderr
    );
    let r = with_config(&file.path)
        .args(["--context", "prod", "--confirm-context", "staging"])
        .args(["dead", "delete", "--all", "--yes"])
        .run();
    assert_eq!(r.code, 2, "{}", r.snapshot());
    assert!(r.stderr.contains("does not match"), "{}", r.stderr);
    assert!(
        before == server.keyspace(),
        "a refused change changed Redis"
    );

    // A dry run is no change: it needs nothing, and shows the context beside the target.
    let r = with_config(&file.path)
        .args(["--context", "prod", "dead", "delete", "--all", "--dry-run"])
        .run();
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert!(
        r.stdout
            .contains(&format!("on {}?db=0 (context prod)", server.url())),
        "{}",
        r.stdout
    );

    // The summary of a change says where it was made, context included.
    server.exec(&[&["ZADD", "cogworker:dead", "1700000002", &dead_job("j2")]]);
    let r = with_config(&file.path)
        .args(["--context", "prod", "--confirm-context", "prod"])
        .args(["dead", "delete", "--jid", "j2", "--yes"])
        .run();
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert!(
        r.stdout.contains(&format!(
            "deleted 1 from cogworker:dead on {}?db=0 (context prod)",
            server.url()
        )),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr.contains(&format!(
            "`dead delete` ran in context prod on {}?db=0 (exit 0)",
            server.url()
        )),
        "{}",
        r.stderr
    );

    let r = with_config(&file.path)
        .args(["--context", "prod", "--confirm-context", "prod", "--json"])
        .args(["dead", "delete", "--all", "--yes"])
        .run();
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(
        r.json()["target"],
        format!("{}?db=0 (context prod)", server.url())
    );
    let left: u64 = redis::cmd("ZCARD")
        .arg("cogworker:dead")
        .query(&mut server.conn())
        .unwrap();
    assert_eq!(left, 0);
}

const FILE: &str = r#"# cogctl contexts, kept by hand
current_context = "staging" # the usual one

[contexts.staging]
redis_url = "redis://staging:6379/0"
description = "staging box"

# production: careful
[contexts.prod]
redis_url = "redis://ops:hunter2@prod:6379/1"
password_env = "PROD_PW"
protected = true
require_audit = true
"#;

#[test]
fn context_list_show_and_use() {
    let file = config(FILE);
    let r = with_config(&file.path).args(["context", "list"]).run();
    r.success();
    assert!(!r.stdout.contains("hunter2"), "{}", r.stdout);
    let line = |name: &str| {
        r.stdout
            .lines()
            .find(|l| l.contains(name))
            .unwrap()
            .to_string()
    };
    assert!(line("staging").starts_with('*'), "{}", r.stdout);
    assert!(
        line("prod").contains("redis://ops:***@prod:6379/1")
            && line("prod").contains("protected,require-audit"),
        "{}",
        r.stdout
    );

    let r = with_config(&file.path)
        .args(["--json", "context", "list"])
        .run();
    let json = r.success().json();
    assert_eq!(json["current_context"], "staging");
    assert_eq!(json["contexts"][0]["name"], "prod");
    assert_eq!(
        json["contexts"][0]["redis_url"],
        "redis://ops:***@prod:6379/1"
    );
    assert_eq!(json["contexts"][0]["password_env"], "PROD_PW");
    assert_eq!(json["contexts"][0]["protected"], true);

    let r = with_config(&file.path)
        .env("PROD_PW", "envsecret")
        .args(["context", "show", "prod"])
        .run();
    r.success();
    assert!(
        !r.stdout.contains("hunter2") && !r.stdout.contains("envsecret"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("$PROD_PW"), "{}", r.stdout);
    let r = with_config(&file.path).args(["context", "show"]).run();
    assert!(
        r.success().stdout.contains("staging (current)"),
        "{}",
        r.stdout
    );

    let r = with_config(&file.path)
        .args(["context", "use", "prod"])
        .run();
    r.success();
    let after = std::fs::read_to_string(&file.path).unwrap();
    assert_eq!(
        after,
        FILE.replace(
            "current_context = \"staging\" # the usual one",
            "current_context = \"prod\" # the usual one"
        )
    );
    let r = with_config(&file.path)
        .args(["context", "use", "nope"])
        .run();
    assert_eq!(r.code, 2, "{}", r.snapshot());
    assert_eq!(std::fs::read_to_string(&file.path).unwrap(), after);
}

/// On a terminal a protected context asks for its name to be typed; anything else cancels.
#[test]
fn a_protected_context_asks_for_its_name_to_be_typed_on_a_terminal() {
    let server = RedisServer::start();
    server.exec(&[
        &["ZADD", "cogworker:dead", "1700000001", &dead_job("j1")],
        &["ZADD", "cogworker:dead", "1700000002", &dead_job("j2")],
    ]);
    let file = config(&format!(
        "[contexts.prod]\nredis_url = \"{}\"\nprotected = true\n",
        server.url()
    ));
    let env = [("COGCTL_CONFIG", file.path.to_str().unwrap())];
    let argv = ["--context", "prod", "dead", "delete", "--jid", "j1"];
    let dead = || -> u64 {
        redis::cmd("ZCARD")
            .arg("cogworker:dead")
            .query(&mut server.conn())
            .unwrap()
    };

    // The wrong name: cancelled, nothing changed.
    let mut tty = crate::pty::Pty::spawn(&argv, 24, 120, &env);
    tty.wait_screen("the typed-name question", |s| {
        s.contains("context prod is protected: type its name")
    });
    tty.send("staging\r");
    assert_ne!(tty.wait_exit(), 0);
    assert_eq!(dead(), 2);

    // The right name, then the command's own y/N.
    let mut tty = crate::pty::Pty::spawn(&argv, 24, 120, &env);
    tty.wait_screen("the typed-name question", |s| {
        s.contains("context prod is protected: type its name")
    });
    tty.send("prod\r");
    tty.wait_screen("the y/N question", |s| s.contains("[y/N]"));
    tty.send("y");
    assert_eq!(tty.wait_exit(), 0, "{}", tty.screen());
    assert_eq!(dead(), 1);
}
