//! The test harness: a private redis-server per test (unix socket in a temp dir, no TCP
//! port, no persistence), the fixtures of fixtures/, the cogctl binary run with a fixed
//! environment, and a dump of the whole keyspace to prove read-only commands write nothing.
//! With `COGCTL_TEST_SERVER=valkey` every server the tests start is a valkey-server instead
//! (`./tasks test` runs the suite against both).

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use cogctl::fixture::Fixture;
use cogctl::store::{ConnectOptions, Connector, Store};

/// The commands a managed Redis takes away (`RedisServer::start_managed`): administration,
/// persistence, replication and introspection. redis-server 7.0 and valkey-server 8.0 both
/// accept `--rename-command NAME ""` for each.
pub const MANAGED_RENAMES: &[&str] = &[
    "CONFIG",
    "DEBUG",
    "MONITOR",
    "SAVE",
    "BGSAVE",
    "REPLICAOF",
    "SLAVEOF",
    "MODULE",
    "SHUTDOWN",
];

/// How long a test waits for something bound to happen before it calls it a hang: long
/// enough that only a hang misses it, on a machine as loaded as CI's (`./tasks test` stays
/// green with two CPU-bound processes beside it). No test bounds how fast the machine is:
/// what a test waits for, it waits for as an event, at most this long (docs/development.md).
pub const HANG: Duration = Duration::from_secs(60);

/// A redis-server of this test's own, killed when dropped.
pub struct RedisServer {
    child: Child,
    dir: tempfile::TempDir,
    socket: PathBuf,
    persistent: bool,
    /// redis-server arguments after the defaults (so they win), kept for `restart`.
    extra: Vec<String>,
}

/// The server the suite runs against: `COGCTL_TEST_SERVER` is `redis` (the default) or `valkey`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServerKind {
    Redis,
    Valkey,
}

pub fn server_kind() -> ServerKind {
    match std::env::var("COGCTL_TEST_SERVER").as_deref() {
        Ok("valkey") => ServerKind::Valkey,
        Ok("redis") | Ok("") | Err(_) => ServerKind::Redis,
        Ok(other) => panic!("COGCTL_TEST_SERVER={other:?}: expected redis or valkey"),
    }
}

/// The server binary every test starts: redis-server, or valkey-server.
pub fn server_binary() -> &'static str {
    match server_kind() {
        ServerKind::Redis => "redis-server",
        ServerKind::Valkey => "valkey-server",
    }
}

fn spawn_redis(dir: &Path, socket: &Path, persistent: bool, extra: &[String]) -> Child {
    let (appendonly, fsync) = if persistent {
        ("yes", "always")
    } else {
        ("no", "everysec")
    };
    Command::new(server_binary())
        .args(["--port", "0", "--save", "", "--daemonize", "no"])
        .args(["--appendonly", appendonly, "--appendfsync", fsync])
        .arg("--unixsocket")
        .arg(socket)
        .args(["--unixsocketperm", "700"])
        .arg("--dir")
        .arg(dir)
        .arg("--logfile")
        .arg(dir.join("redis.log"))
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "{} must be installed to run the tests (bash .ci/run installs it): {e}",
                server_binary()
            )
        })
}

impl RedisServer {
    pub fn start() -> RedisServer {
        RedisServer::start_with(false)
    }

    /// With an append-only file fsynced on every write, so `restart` loses nothing.
    pub fn start_persistent() -> RedisServer {
        RedisServer::start_with(true)
    }

    /// With these redis-server arguments after the defaults (`--maxclients 10`, `--port N`
    /// to listen on TCP too, `--replicaof 127.0.0.1 N` …).
    pub fn start_args(args: &[&str]) -> RedisServer {
        RedisServer::start_full(false, args)
    }

    /// A server as managed services (ElastiCache, Memorystore, Azure Cache) serve it: the
    /// commands of `MANAGED_RENAMES` renamed to "", which disables them. `assert_read_only`
    /// needs CONFIG RESETSTAT, so it can't run here: compare `keyspace()` before and after.
    pub fn start_managed() -> RedisServer {
        RedisServer::start_managed_args(&[])
    }

    /// `start_managed` with these redis-server arguments too (`--maxmemory 100mb`, …): the
    /// settings a provider's parameter group would give.
    pub fn start_managed_args(args: &[&str]) -> RedisServer {
        let mut all: Vec<&str> = MANAGED_RENAMES
            .iter()
            .flat_map(|command| ["--rename-command", command, ""])
            .collect();
        all.extend_from_slice(args);
        RedisServer::start_args(&all)
    }

    fn start_with(persistent: bool) -> RedisServer {
        RedisServer::start_full(persistent, &[])
    }

    fn start_full(persistent: bool, args: &[&str]) -> RedisServer {
        let dir = tempfile::Builder::new()
            .prefix("cogctl-redis-")
            .tempdir()
            .expect("temp dir");
        let socket = dir.path().join("redis.sock");
        let extra: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let child = spawn_redis(dir.path(), &socket, persistent, &extra);
        let server = RedisServer {
            child,
            dir,
            socket,
            persistent,
            extra,
        };
        server.wait_ready();
        server
    }

    /// Kill the server and start it again on the same data directory with `args` added, not
    /// waiting for it to answer PING: only for its socket to accept connections (a server
    /// loading its data refuses PING with LOADING).
    pub fn restart_unready(&mut self, args: &[&str]) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.socket);
        self.extra.extend(args.iter().map(|a| a.to_string()));
        self.child = spawn_redis(self.dir.path(), &self.socket, self.persistent, &self.extra);
        let deadline = Instant::now() + HANG;
        while std::os::unix::net::UnixStream::connect(&self.socket).is_err() {
            assert!(
                Instant::now() < deadline,
                "redis-server did not listen within {HANG:?}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Kill the server (SIGKILL: no goodbye to its clients), keep it down for `down`, then
    /// start it again on the same socket and data directory.
    pub fn restart(&mut self, down: Duration) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        std::thread::sleep(down);
        let _ = std::fs::remove_file(&self.socket);
        self.child = spawn_redis(self.dir.path(), &self.socket, self.persistent, &self.extra);
        self.wait_ready();
    }

    /// Kill the server (SIGKILL: no goodbye to its clients), keep it down until `seen` holds
    /// (what the test waits to see of the outage: a banner, a 503), then start it again on
    /// the same socket and data directory. The outage lasts as long as the event takes to
    /// come, not a guessed time; `seen` not holding within `HANG` fails the test.
    #[track_caller]
    pub fn down_until(&mut self, what: &str, seen: impl FnMut() -> bool) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        wait_until(HANG, what, seen);
        let _ = std::fs::remove_file(&self.socket);
        self.child = spawn_redis(self.dir.path(), &self.socket, self.persistent, &self.extra);
        self.wait_ready();
    }

    fn wait_ready(&self) {
        let deadline = Instant::now() + HANG;
        loop {
            if let Ok(client) = redis::Client::open(self.url())
                && let Ok(mut conn) = client.get_connection()
                && redis::cmd("PING").query::<String>(&mut conn).is_ok()
            {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "redis-server did not answer PING within {HANG:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn url(&self) -> String {
        format!("unix://{}", self.socket.display())
    }

    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Its unix socket (a proxy's upstream).
    pub fn socket(&self) -> &Path {
        &self.socket
    }

    /// A plain client connection, for seeding and inspecting.
    pub fn conn(&self) -> redis::Connection {
        redis::Client::open(self.url())
            .unwrap()
            .get_connection()
            .unwrap()
    }

    /// Run each command (its words as given) on a fresh connection, e.g. to seed data.
    pub fn exec(&self, commands: &[&[&str]]) {
        let mut conn = self.conn();
        for words in commands {
            let mut cmd = redis::cmd(words[0]);
            for w in &words[1..] {
                cmd.arg(*w);
            }
            cmd.query::<redis::Value>(&mut conn)
                .unwrap_or_else(|e| panic!("{words:?}: {e}"));
        }
    }

    /// GET `key`.
    pub fn get(&self, key: &str) -> Option<String> {
        redis::cmd("GET").arg(key).query(&mut self.conn()).unwrap()
    }

    pub fn exists(&self, key: &str) -> bool {
        redis::cmd("EXISTS")
            .arg(key)
            .query::<i64>(&mut self.conn())
            .unwrap()
            == 1
    }

    /// One field of `INFO section` (`""` when the server doesn't report it).
    pub fn info_field(&self, section: &str, field: &str) -> String {
        let text: String = redis::cmd("INFO")
            .arg(section)
            .query(&mut self.conn())
            .unwrap();
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{field}:")))
            .unwrap_or_default()
            .trim()
            .to_string()
    }

    /// Is `member` in the set `key` (SISMEMBER)?
    pub fn is_member(&self, key: &str, member: &str) -> bool {
        redis::cmd("SISMEMBER")
            .arg(key)
            .arg(member)
            .query::<i64>(&mut self.conn())
            .unwrap()
            == 1
    }

    /// TTL `key` in seconds (-1 none, -2 missing).
    pub fn ttl(&self, key: &str) -> i64 {
        redis::cmd("TTL").arg(key).query(&mut self.conn()).unwrap()
    }

    /// HGETALL `key`, as text.
    pub fn hash(&self, key: &str) -> std::collections::HashMap<String, String> {
        redis::cmd("HGETALL")
            .arg(key)
            .query(&mut self.conn())
            .unwrap()
    }

    /// LRANGE `key` 0 -1, as text.
    pub fn list(&self, key: &str) -> Vec<String> {
        redis::cmd("LRANGE")
            .arg(key)
            .arg(0)
            .arg(-1)
            .query(&mut self.conn())
            .unwrap()
    }

    /// ZRANGE `key` 0 -1 WITHSCORES, as (member, score) pairs of the types asked for
    /// (`Vec<u8>` keeps a member's exact bytes).
    pub fn zset<M: redis::FromRedisValue, S: redis::FromRedisValue>(
        &self,
        key: &str,
    ) -> Vec<(M, S)> {
        redis::cmd("ZRANGE")
            .arg(key)
            .arg(0)
            .arg(-1)
            .arg("WITHSCORES")
            .query(&mut self.conn())
            .unwrap()
    }

    /// cogctl's own store, for library-level calls.
    pub fn store(&self) -> Store {
        Store::connect(
            Connector::new(&ConnectOptions {
                url: self.url(),
                ..ConnectOptions::default()
            })
            .unwrap(),
        )
        .unwrap()
    }

    /// Load fixtures/<name>.json; returns it (its `captured_at` pins test clocks).
    pub fn load(&self, name: &str) -> Fixture {
        let fixture = fixture(name);
        cogctl::fixture::load(&mut self.store(), &fixture).expect("load fixture");
        fixture
    }

    /// Every key with its type, exact serialized value (DUMP) and whether it has a TTL —
    /// but cogctl's own audit stream (cogctl:audit), which every change appends to, and its
    /// undo records (cogctl:undo:…), which every undoable change writes: the comparisons are
    /// about the state cogworker sees (tests/cli/audit.rs and undo.rs check cogctl's keys).
    pub fn keyspace(&self) -> BTreeMap<Vec<u8>, (String, Vec<u8>, bool)> {
        let mut conn = self.conn();
        let keys: Vec<Vec<u8>> = redis::cmd("KEYS").arg("*").query(&mut conn).unwrap();
        keys.into_iter()
            .filter(|k| k.as_slice() != b"cogctl:audit" && !k.starts_with(b"cogctl:undo:"))
            .map(|k| {
                let kind: String = redis::cmd("TYPE").arg(&k).query(&mut conn).unwrap();
                let dump: Vec<u8> = redis::cmd("DUMP").arg(&k).query(&mut conn).unwrap();
                let ttl: i64 = redis::cmd("PTTL").arg(&k).query(&mut conn).unwrap();
                (k, (kind, dump, ttl >= 0))
            })
            .collect()
    }

    /// Run `f` and prove it wrote nothing: the keyspace is byte-identical afterwards, and no
    /// command with Redis' `write` flag ran (INFO commandstats, scripts' commands included).
    pub fn assert_read_only<T>(&self, f: impl FnOnce() -> T) -> T {
        let before = self.keyspace();
        let mut conn = self.conn();
        redis::cmd("CONFIG")
            .arg("RESETSTAT")
            .query::<()>(&mut conn)
            .unwrap();
        let out = f();
        let stats: String = redis::cmd("INFO")
            .arg("commandstats")
            .query(&mut conn)
            .unwrap();
        for line in stats.lines().filter(|l| l.starts_with("cmdstat_")) {
            let name = line["cmdstat_".len()..].split(':').next().unwrap();
            if name == "config" {
                continue;
            }
            let top = name.split('|').next().unwrap();
            let info: redis::Value = redis::cmd("COMMAND")
                .arg("INFO")
                .arg(top)
                .query(&mut conn)
                .unwrap();
            let flags = format!("{info:?}");
            assert!(
                !flags.contains("\"write\"") && !flags.contains("SimpleString(\"write\")"),
                "a read-only command ran the write command {name}: {flags}"
            );
        }
        let after = self.keyspace();
        assert_eq!(before.len(), after.len(), "the number of keys changed");
        for (k, v) in &before {
            assert_eq!(
                after.get(k),
                Some(v),
                "key {} changed",
                String::from_utf8_lossy(k)
            );
        }
        out
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

pub fn fixture(name: &str) -> Fixture {
    Fixture::read(&fixtures_dir().join(format!("{name}.json"))).expect("read fixture")
}

/// What one cogctl run left: exit code, stdout, stderr.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// stdout, stderr and the exit status together, for snapshots. An undo record's expiry
    /// (said by a change and by its dry run alike) and ids are Redis' (real time, not the
    /// pinned clock): they read as placeholders.
    pub fn snapshot(&self) -> String {
        let text = format!(
            "exit: {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        );
        let text = regex::Regex::new(r"(undo: kept .*) until \S+; `cogctl undo \S+`")
            .unwrap()
            .replace_all(&text, "$1 until <until>; `cogctl undo <id>`");
        let text =
            regex::Regex::new(r"(undo: would keep .*|keeps its own record .*) until (\S+?)(,|$)")
                .unwrap()
                .replace_all(&text, "$1 until <until>$3");
        regex::Regex::new(r"\bu-\d{8}-\d{6}-[0-9a-f]{6}\b")
            .unwrap()
            .replace_all(&text, "<undo-id>")
            .into_owned()
    }

    /// The snapshot with the run's timing line (`took 1.2s, 833/s`) and the socket path
    /// replaced, so it doesn't depend on the machine.
    pub fn stable_snapshot(&self, server: &RedisServer) -> String {
        let text = self.snapshot().replace(&server.url(), "unix://<socket>");
        regex::Regex::new(r"(?m)^took .*$")
            .unwrap()
            .replace_all(&text, "took <time>")
            .into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.stdout))
    }

    pub fn ndjson(&self) -> Vec<serde_json::Value> {
        self.stdout
            .lines()
            .map(|l| {
                serde_json::from_str(l).unwrap_or_else(|e| panic!("bad NDJSON line ({e}): {l}"))
            })
            .collect()
    }

    #[track_caller]
    pub fn success(&self) -> &Run {
        assert_eq!(self.code, 0, "cogctl failed:\n{}", self.snapshot());
        self
    }
}

/// A cogctl invocation with the hermetic test environment: COLUMNS=100, TZ=UTC, no colour,
/// the server's URL, and a pinned clock when given.
pub struct Cogctl {
    cmd: Command,
    stdin: Option<Vec<u8>>,
}

impl Cogctl {
    pub fn new(server: &RedisServer) -> Cogctl {
        let mut c = Cogctl::bare();
        c.cmd.env("COGCTL_REDIS_URL", server.url());
        c
    }

    /// Without any Redis URL (for usage and connection-error tests).
    pub fn bare() -> Cogctl {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_cogctl"));
        cmd.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("COLUMNS", "100")
            .env("TZ", "UTC")
            .env("NO_COLOR", "1")
            .arg("--color")
            .arg("never");
        Cogctl { cmd, stdin: None }
    }

    /// Pin the clock (epoch seconds).
    pub fn now(mut self, now: f64) -> Cogctl {
        self.cmd.env("COGCTL_NOW", format!("{now}"));
        self
    }

    pub fn env(mut self, k: &str, v: &str) -> Cogctl {
        self.cmd.env(k, v);
        self
    }

    pub fn args<I, S>(mut self, args: I) -> Cogctl
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.cmd.args(args);
        self
    }

    pub fn stdin(mut self, bytes: &[u8]) -> Cogctl {
        self.stdin = Some(bytes.to_vec());
        self
    }

    /// Start it in the background (a worker), its output captured to files.
    pub fn spawn(mut self) -> Spawned {
        let dir = tempfile::Builder::new()
            .prefix("cogctl-out-")
            .tempdir()
            .expect("temp dir");
        let out = dir.path().join("stdout");
        let err = dir.path().join("stderr");
        self.cmd
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&out).unwrap())
            .stderr(std::fs::File::create(&err).unwrap());
        let child = self.cmd.spawn().expect("spawn cogctl");
        Spawned {
            child: Some(child),
            out,
            err,
            _dir: dir,
        }
    }

    pub fn run(mut self) -> Run {
        self.cmd
            .stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = self.cmd.spawn().expect("spawn cogctl");
        if let Some(bytes) = self.stdin.take() {
            let mut stdin = child.stdin.take().unwrap();
            std::thread::spawn(move || {
                let _ = stdin.write_all(&bytes);
            });
        }
        let out = child.wait_with_output().expect("wait for cogctl");
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

/// Shorthand: run cogctl against `server` with `args` at time `now`.
pub fn cogctl(server: &RedisServer, now: f64, args: &[&str]) -> Run {
    Cogctl::new(server).now(now).args(args).run()
}

/// The element of the array `json[array]` whose `field` equals `value`.
#[track_caller]
pub fn find<'a>(
    json: &'a serde_json::Value,
    array: &str,
    field: &str,
    value: &str,
) -> &'a serde_json::Value {
    json[array]
        .as_array()
        .unwrap_or_else(|| panic!("no array {array} in {json:#}"))
        .iter()
        .find(|e| e[field] == value)
        .unwrap_or_else(|| panic!("no {array} element with {field} = {value} in {json:#}"))
}

/// A cogctl running in the background; killed (SIGKILL) if still running when dropped.
pub struct Spawned {
    child: Option<Child>,
    out: PathBuf,
    err: PathBuf,
    _dir: tempfile::TempDir,
}

impl Spawned {
    pub fn pid(&self) -> i32 {
        self.child.as_ref().unwrap().id() as i32
    }

    pub fn signal(&self, sig: i32) {
        // SAFETY: plain kill(2) on our own child.
        unsafe {
            libc::kill(self.pid(), sig);
        }
    }

    /// What it has written to stdout so far.
    pub fn stdout(&self) -> String {
        std::fs::read_to_string(&self.out).unwrap_or_default()
    }

    /// What it has written to stderr so far.
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(&self.err).unwrap_or_default()
    }

    /// Its exit code (minus the signal for a kill) once it has exited, without waiting.
    pub fn exited(&mut self) -> Option<i32> {
        use std::os::unix::process::ExitStatusExt;
        let status = self.child.as_mut().unwrap().try_wait().unwrap()?;
        Some(status.code().unwrap_or(-status.signal().unwrap_or(1)))
    }

    /// Wait (at most `limit`) for it to exit; panics with its stderr if it doesn't.
    #[track_caller]
    pub fn wait(self, limit: Duration) -> Run {
        match self.wait_for(limit) {
            Ok(run) => run,
            Err(e) => panic!("{e}"),
        }
    }

    /// Wait (at most `limit`) for it to exit; if it doesn't, KILL it and say so with its
    /// stderr, for callers (threads) that must report rather than panic.
    pub fn wait_for(mut self, limit: Duration) -> Result<Run, String> {
        let mut child = self.child.take().unwrap();
        let deadline = Instant::now() + limit;
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() >= deadline {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "cogctl did not exit within {limit:?}; stderr:\n{}",
                    std::fs::read_to_string(&self.err).unwrap_or_default()
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        use std::os::unix::process::ExitStatusExt;
        Ok(Run {
            code: status.code().unwrap_or(-status.signal().unwrap_or(1)),
            stdout: std::fs::read_to_string(&self.out).unwrap_or_default(),
            stderr: std::fs::read_to_string(&self.err).unwrap_or_default(),
        })
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Poll `cond` every 20 ms until it holds; panic with `what` after `limit`.
#[track_caller]
pub fn wait_until(limit: Duration, what: &str, mut cond: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !cond() {
        assert!(
            Instant::now() < deadline,
            "timed out after {limit:?} waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A loopback port nothing listens on now, below the kernel's ephemeral range (from 32768 on
/// Linux), so no outgoing connection of another test can be given it as its local port
/// before our server binds it; and never handed out before in this test run. The Redis run
/// takes ports from 20000 to 25999 and the Valkey run from 26000 to 31999, so the two suites
/// `./tasks test` runs side by side never race for one port.
pub fn free_port() -> u16 {
    static GIVEN: std::sync::Mutex<Vec<u16>> = std::sync::Mutex::new(Vec::new());
    let mut given = GIVEN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let base: u16 = match server_kind() {
        ServerKind::Redis => 20_000,
        ServerKind::Valkey => 26_000,
    };
    let span: u16 = 6_000;
    let start = (std::process::id() % 600) as u16 * 10;
    (0..span)
        .map(|i| base + (start + i) % span)
        .find(|port| {
            !given.contains(port) && std::net::TcpListener::bind(("127.0.0.1", *port)).is_ok()
        })
        .inspect(|port| given.push(*port))
        .unwrap_or_else(|| panic!("a free loopback port between {base} and {}", base + span))
}

/// SplitMix64: small, seedable, good enough for arrivals and coin flips.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Log-uniform in [lo, hi].
    pub fn log_range(&mut self, lo: f64, hi: f64) -> f64 {
        (lo.ln() + (hi.ln() - lo.ln()) * self.unit()).exp()
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn jid(&mut self) -> String {
        format!("{:016x}{:08x}", self.next(), self.next() as u32)
    }
}

/// Five charges that die on their first failure (`retry: 0`), run and failed by a real
/// worker, so the dead set holds them as the gem leaves them.
pub fn charges_died(server: &RedisServer) {
    for i in 0..5 {
        let run = Cogctl::new(server)
            .args([
                "enqueue",
                "Billing::ChargeJob",
                &format!("{}", 1000 + i),
                "--queue",
                "billing",
                "--retry",
                "0",
            ])
            .run();
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
    let worker = Cogctl::new(server)
        .args([
            "worker",
            "--burst",
            "-q",
            "billing",
            "--handler",
            "Billing::ChargeJob=builtin:fail",
        ])
        .run();
    assert_eq!(worker.code, 1, "every charge failed: {}", worker.snapshot());
}

/// A session of the core on `server`, writing as `ui` says.
pub fn session(server: &RedisServer, ui: cogctl::term::ui::Ui) -> cogctl::ops::Session {
    cogctl::ops::Session::new(
        ui,
        cogctl::store::ConnectOptions {
            url: server.url(),
            ..cogctl::store::ConnectOptions::default()
        },
        None,
        false,
        None,
    )
}

/// A Unix socket whose server accepts nothing and whose backlog is full (a server frozen or
/// swamped): a connection to it waits, it never fails.
pub struct Swamped {
    dir: tempfile::TempDir,
    _fds: Vec<std::os::fd::OwnedFd>,
}

impl Swamped {
    pub fn new() -> Swamped {
        use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("redis.sock");
        let socket = || {
            // SAFETY: socket() takes no memory; the result is checked.
            let fd =
                unsafe { libc::socket(libc::AF_UNIX, libc::SOCK_STREAM | libc::SOCK_NONBLOCK, 0) };
            assert!(fd >= 0, "socket: {}", std::io::Error::last_os_error());
            // SAFETY: a socket just made, owned by nothing else.
            unsafe { OwnedFd::from_raw_fd(fd) }
        };
        // SAFETY: plain data, all zeroes valid.
        let mut addr: libc::sockaddr_un = unsafe { std::mem::zeroed() };
        addr.sun_family = libc::AF_UNIX as libc::sa_family_t;
        for (to, from) in addr.sun_path.iter_mut().zip(path.as_os_str().as_bytes()) {
            *to = *from as libc::c_char;
        }
        let len = std::mem::size_of::<libc::sockaddr_un>() as libc::socklen_t;
        let at = (&raw const addr).cast::<libc::sockaddr>();
        let listener = socket();
        // SAFETY: addr is valid for len bytes during the calls.
        unsafe {
            assert_eq!(libc::bind(listener.as_raw_fd(), at, len), 0);
            assert_eq!(libc::listen(listener.as_raw_fd(), 0), 0);
        }
        let mut fds = vec![listener];
        // Connections nobody accepts, until the backlog takes no more.
        loop {
            let client = socket();
            // SAFETY: as above.
            if unsafe { libc::connect(client.as_raw_fd(), at, len) } != 0 {
                let e = std::io::Error::last_os_error();
                assert_eq!(e.raw_os_error(), Some(libc::EAGAIN), "{e}");
                break;
            }
            fds.push(client);
            assert!(fds.len() < 100, "the backlog never filled");
        }
        Swamped { dir, _fds: fds }
    }

    pub fn url(&self) -> String {
        format!("unix://{}/redis.sock", self.dir.path().display())
    }
}

/// One command as Redis' MONITOR saw it: who sent it (a client, or a script: `lua`) and its
/// words, unescaped.
#[derive(Clone, Debug)]
pub struct Seen {
    pub by_script: bool,
    pub words: Vec<Vec<u8>>,
}

impl Seen {
    /// The command's name, upper case.
    pub fn name(&self) -> String {
        String::from_utf8_lossy(self.words.first().map(Vec::as_slice).unwrap_or_default())
            .to_uppercase()
    }

    /// Its `i`-th word as text (lossy), "" past the end.
    pub fn word(&self, i: usize) -> String {
        self.words
            .get(i)
            .map(|w| String::from_utf8_lossy(w).into_owned())
            .unwrap_or_default()
    }
}

/// Every command a server runs while this lives (Redis' MONITOR on a connection of its own),
/// for tests that assert the work a command does: how many calls, what each carried.
pub struct Monitor {
    socket: PathBuf,
    seen: std::sync::Arc<std::sync::Mutex<Vec<Seen>>>,
    reader: Option<std::thread::JoinHandle<()>>,
    conn: std::os::unix::net::UnixStream,
}

impl Monitor {
    pub fn start(server: &RedisServer) -> Monitor {
        use std::io::{BufRead, BufReader};
        let mut conn = std::os::unix::net::UnixStream::connect(server.socket()).unwrap();
        conn.write_all(b"MONITOR\r\n").unwrap();
        let mut reader = BufReader::new(conn.try_clone().unwrap());
        let mut ok = Vec::new();
        reader.read_until(b'\n', &mut ok).unwrap();
        assert_eq!(ok, b"+OK\r\n", "MONITOR refused");
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let into = seen.clone();
        let reader = std::thread::spawn(move || {
            let mut line = Vec::new();
            loop {
                line.clear();
                match reader.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                if let Some(seen) = monitor_line(&line) {
                    into.lock().unwrap().push(seen);
                }
            }
        });
        Monitor {
            socket: server.socket().to_path_buf(),
            seen,
            reader: Some(reader),
            conn,
        }
    }

    /// Everything seen up to now: a marker sent on another connection is waited for, so
    /// every command the server ran before this call is in.
    pub fn seen(&self) -> Vec<Seen> {
        static MARKS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let mark = format!(
            "monitor-mark-{}",
            MARKS.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
        );
        let client = redis::Client::open(format!("unix://{}", self.socket.display())).unwrap();
        let _: String = redis::cmd("ECHO")
            .arg(&mark)
            .query(&mut client.get_connection().unwrap())
            .unwrap();
        let mut all = Vec::new();
        wait_until(HANG, "MONITOR to see its marker", || {
            let seen = self.seen.lock().unwrap();
            match seen
                .iter()
                .position(|s| s.name() == "ECHO" && s.word(1) == mark)
            {
                Some(at) => {
                    all = seen[..at].to_vec();
                    true
                }
                None => false,
            }
        });
        all.retain(|s| !(s.name() == "ECHO" && s.word(1).starts_with("monitor-mark-")));
        all
    }
}

impl Drop for Monitor {
    fn drop(&mut self) {
        let _ = self.conn.shutdown(std::net::Shutdown::Both);
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

/// One MONITOR line (`+1700000000.123456 [0 unix:/path] "EVALSHA" "…" …`, or `[0 lua]` for a
/// script's own command), its quoted words unescaped as Redis' sdscatrepr escaped them.
fn monitor_line(line: &[u8]) -> Option<Seen> {
    let line = line.strip_prefix(b"+")?;
    let open = line.iter().position(|&b| b == b'[')?;
    let close = open + line[open..].iter().position(|&b| b == b']')?;
    let by_script = line[open..close].ends_with(b" lua");
    let mut words = Vec::new();
    let mut rest = &line[close + 1..];
    while let Some(start) = rest.iter().position(|&b| b == b'"') {
        rest = &rest[start + 1..];
        let mut word = Vec::new();
        let mut i = 0;
        while i < rest.len() && rest[i] != b'"' {
            if rest[i] == b'\\' && i + 1 < rest.len() {
                let (byte, used) = match rest[i + 1] {
                    b'n' => (b'\n', 2),
                    b'r' => (b'\r', 2),
                    b't' => (b'\t', 2),
                    b'a' => (7, 2),
                    b'b' => (8, 2),
                    b'x' if i + 3 < rest.len() => (
                        u8::from_str_radix(std::str::from_utf8(&rest[i + 2..i + 4]).ok()?, 16)
                            .ok()?,
                        4,
                    ),
                    other => (other, 2),
                };
                word.push(byte);
                i += used;
            } else {
                word.push(rest[i]);
                i += 1;
            }
        }
        words.push(word);
        rest = rest.get(i + 1..).unwrap_or_default();
    }
    Some(Seen { by_script, words })
}
