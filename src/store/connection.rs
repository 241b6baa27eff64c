//! How cogctl reaches Redis: URL (redis://, rediss://, unix), ACL user and password, TLS via
//! rustls, Sentinel, timeouts — and the redacted form every message uses instead of the URL.
//! The password appears in no output, error or log: `target()` renders `***` in its place and
//! `scrub()` removes it from any text that came back from the client library.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use redis::{ConnectionAddr, ConnectionInfo, IntoConnectionInfo};

use super::error::{StoreError, StoreResult};
use super::sentinel::{Address, Sentinels};

pub const DEFAULT_URL: &str = "redis://127.0.0.1:6379/0";

/// Everything the command line says about the connection.
#[derive(Clone, Debug)]
pub struct ConnectOptions {
    pub url: String,
    pub tls_insecure: bool,
    /// `HOST:PORT` of each Sentinel; empty means a direct connection.
    pub sentinels: Vec<String>,
    pub sentinel_master: Option<String>,
    pub sentinel_password: Option<String>,
    /// The password to use instead of the URL's (a context's `password_env`).
    pub password: Option<String>,
    /// The name of the context these options come from: shown beside the target.
    pub context: Option<String>,
    pub connect_timeout: Duration,
    pub read_timeout: Duration,
}

impl Default for ConnectOptions {
    fn default() -> Self {
        ConnectOptions {
            url: DEFAULT_URL.into(),
            tls_insecure: false,
            sentinels: Vec::new(),
            sentinel_master: None,
            sentinel_password: None,
            password: None,
            context: None,
            connect_timeout: Duration::from_secs(5),
            read_timeout: Duration::from_secs(30),
        }
    }
}

/// A ready recipe for connections to one Redis, and the redacted name of that Redis.
/// Clones share what is known of the primary, so that one thread's news of a failover
/// reaches every connection made from the same connector.
#[derive(Clone)]
pub struct Connector {
    info: ConnectionInfo,
    sentinel: Option<Sentinels>,
    target: String,
    address: String,
    secrets: Vec<String>,
    connect_timeout: Duration,
    read_timeout: Duration,
    primary: Arc<Primary>,
}

/// The primary the Sentinels last named, and how many times it changed: a connection made
/// in an earlier generation talks to a server that may no longer take writes.
#[derive(Default)]
struct Primary {
    generation: AtomicU64,
    address: Mutex<Option<Address>>,
    /// While a replica is being promoted, new uses of a connection wait (until this
    /// instant at the latest): a write to the old primary then would be lost.
    hold: Mutex<Option<std::time::Instant>>,
    /// When the Sentinels last announced a switch: for a moment after it, a Sentinel's
    /// answer that still names the old primary was sent before the switch and is stale.
    announced: Mutex<Option<std::time::Instant>>,
}

/// How long an announced switch outranks what a Sentinel answers.
const ANNOUNCEMENT_WINS: Duration = Duration::from_secs(2);

/// How long writes wait for a promotion to end in a switch before going on as before.
const PROMOTION_HOLD: Duration = Duration::from_secs(5);

impl std::fmt::Debug for Connector {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Connector({})", self.target)
    }
}

impl Connector {
    pub fn new(opts: &ConnectOptions) -> StoreResult<Connector> {
        let mut secrets: Vec<String> = Vec::new();
        secrets.extend(password_in_url(&opts.url));
        secrets.extend(opts.sentinel_password.clone());
        secrets.extend(opts.password.clone());
        let shown = redact_url(&opts.url);
        let invalid = |reason: String| StoreError::InvalidAddress {
            target: shown.clone(),
            reason: scrub_with(&secrets, &reason),
        };
        let mut info = opts
            .url
            .as_str()
            .into_connection_info()
            .map_err(|_| invalid(url_problem(&opts.url)))?;
        if let Some(pw) = &opts.password {
            let settings = info.redis_settings().clone().set_password(pw);
            info = info.set_redis_settings(settings);
        }
        if opts.tls_insecure {
            match info.addr().clone() {
                ConnectionAddr::TcpTls {
                    host,
                    port,
                    tls_params,
                    ..
                } => {
                    info = info.set_addr(ConnectionAddr::TcpTls {
                        host,
                        port,
                        insecure: true,
                        tls_params,
                    })
                }
                _ if opts.sentinels.is_empty() => {
                    return Err(invalid("--tls-insecure needs a rediss:// URL".into()));
                }
                _ => {}
            }
        }
        let sentinel = if opts.sentinels.is_empty() {
            if opts.sentinel_master.is_some() {
                return Err(invalid(
                    "--sentinel-master needs --sentinel HOST:PORT".into(),
                ));
            }
            None
        } else {
            let master = opts
                .sentinel_master
                .clone()
                .ok_or_else(|| invalid("--sentinel needs --sentinel-master NAME".into()))?;
            let nodes = opts
                .sentinels
                .iter()
                .map(|node| parse_host_port(node).map_err(&invalid))
                .collect::<StoreResult<Vec<_>>>()?;
            Some(Sentinels {
                nodes,
                master,
                password: opts.sentinel_password.clone(),
            })
        };
        let address = match &sentinel {
            None => render_target(&info),
            Some(s) => sentinel_target(s, &info),
        };
        let target = match &opts.context {
            Some(name) => format!("{address} (context {name})"),
            None => address.clone(),
        };
        if let Some(pw) = info.redis_settings().password() {
            secrets.push(pw.to_string());
        }
        secrets.retain(|s| s.len() >= 3);
        Ok(Connector {
            info,
            sentinel,
            target,
            address,
            secrets,
            connect_timeout: opts.connect_timeout,
            read_timeout: opts.read_timeout,
            primary: Arc::default(),
        })
    }

    /// The Sentinels this connector asks for the primary, if it goes through Sentinel.
    pub fn sentinels(&self) -> Option<&Sentinels> {
        self.sentinel.as_ref()
    }

    /// How many times the primary changed since this connector first found it. A `Store`
    /// remembers the generation it was made in (see `Store::is_current`).
    pub fn generation(&self) -> u64 {
        self.primary.generation.load(Ordering::SeqCst)
    }

    /// The Sentinels announced a switch to `address`: every connection made before is out
    /// of date (true when that is news).
    pub fn switched(&self, address: Address) -> bool {
        *self.primary.announced.lock().expect("announced") = Some(std::time::Instant::now());
        self.set_primary(address)
    }

    /// A Sentinel answered that `address` is the primary now: when that is news, every
    /// connection made before is out of date (true) — unless a switch was announced a moment
    /// ago, which the answer may not have seen yet.
    pub fn follow(&self, address: Address) -> bool {
        let recent = self
            .primary
            .announced
            .lock()
            .expect("announced")
            .is_some_and(|t| t.elapsed() < ANNOUNCEMENT_WINS);
        if recent {
            return false;
        }
        self.set_primary(address)
    }

    fn set_primary(&self, address: Address) -> bool {
        let mut known = self.primary.address.lock().expect("primary");
        let changed = known.as_ref().is_some_and(|k| *k != address);
        *known = Some(address);
        if changed {
            self.primary.generation.fetch_add(1, Ordering::SeqCst);
            self.release();
        }
        changed
    }

    /// A replica is being promoted: hold new uses of connections until the switch is
    /// announced (`follow`), the promotion is called off (`release`), or a few seconds pass.
    pub fn hold(&self) {
        *self.primary.hold.lock().expect("hold") = Some(std::time::Instant::now() + PROMOTION_HOLD);
    }

    pub fn release(&self) {
        *self.primary.hold.lock().expect("hold") = None;
    }

    /// Wait while a promotion is under way (at most until its hold runs out).
    pub fn wait_for_promotion(&self) {
        loop {
            let until = *self.primary.hold.lock().expect("hold");
            match until {
                Some(t) if std::time::Instant::now() < t => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => return,
            }
        }
    }

    /// The primary's address as the Sentinels give it now (and `follow`ed); `None` for a
    /// direct connection.
    pub fn check_primary(&self) -> StoreResult<Option<(Address, bool)>> {
        let Some(s) = &self.sentinel else {
            return Ok(None);
        };
        let address = self.ask_sentinels(s)?;
        let changed = self.follow(address.clone());
        Ok(Some((address, changed)))
    }

    fn ask_sentinels(&self, s: &Sentinels) -> StoreResult<Address> {
        s.primary(self.connect_timeout, |e| self.scrub(&describe(e)))
            .map_err(|reason| StoreError::Unreachable {
                target: self.target.clone(),
                reason,
            })
    }

    /// The Redis this connector reaches, password replaced by `***`, followed by
    /// `(context NAME)` when a context named it: what confirmations and summaries show.
    pub fn target(&self) -> &str {
        &self.target
    }

    /// How long a read may wait for Redis (`--read-timeout`).
    pub fn read_timeout(&self) -> Duration {
        self.read_timeout
    }

    /// The Redis this connector reaches, password replaced by `***`, without the context.
    pub fn address(&self) -> &str {
        &self.address
    }

    /// The database number, for plans and confirmations.
    pub fn db(&self) -> i64 {
        self.info.redis_settings().db()
    }

    /// `text` with every secret this connector knows replaced by `***`.
    pub fn scrub(&self, text: &str) -> String {
        scrub_with(&self.secrets, text)
    }

    /// A new connection, checked with PING (through Sentinel: the primary they name now,
    /// checked with ROLE to be one), and the generation of the primary it reaches.
    pub fn connect(&self) -> StoreResult<redis::Connection> {
        self.connect_current().map(|(conn, _)| conn)
    }

    pub fn connect_current(&self) -> StoreResult<(redis::Connection, u64)> {
        let (info, generation) = match &self.sentinel {
            None => (self.info.clone(), self.generation()),
            Some(s) => {
                let answer = self.ask_sentinels(s)?;
                self.follow(answer.clone());
                let address = self
                    .primary
                    .address
                    .lock()
                    .expect("primary")
                    .clone()
                    .unwrap_or(answer);
                (self.at(address), self.generation())
            }
        };
        let client = redis::Client::open(info.clone()).map_err(|e| self.fail(e))?;
        let limit = self.connect_timeout;
        let connected = if matches!(info.addr(), ConnectionAddr::Unix(_)) {
            // The client library's connection to a socket has no timeout of its own: it waits
            // while the server's backlog is full (a server frozen or swamped), forever.
            match within(limit, move || client.get_connection_with_timeout(limit)) {
                Some(connected) => connected,
                None => {
                    return Err(StoreError::Unreachable {
                        target: self.target.clone(),
                        reason: format!(
                            "no answer within {limit:?} (--connect-timeout): the socket takes \
                             no connection (its server accepts none)"
                        ),
                    });
                }
            }
        } else {
            client.get_connection_with_timeout(limit)
        };
        let mut conn = connected.map_err(|e| {
            self.not_redis(&info, &e)
                .unwrap_or_else(|| self.fail_within(e, limit, "--connect-timeout"))
        })?;
        conn.set_read_timeout(Some(self.read_timeout))
            .map_err(|e| self.fail(e))?;
        conn.set_write_timeout(Some(self.read_timeout))
            .map_err(|e| self.fail(e))?;
        if self.sentinel.is_some() {
            self.require_primary(&mut conn)?;
        } else {
            redis::cmd("PING")
                .query::<()>(&mut conn)
                .map_err(|e| self.not_redis(&info, &e).unwrap_or_else(|| self.fail(e)))?;
        }
        Ok((conn, generation))
    }

    /// When a reply couldn't be read as RESP at all (`Parse error … Unexpected …`): what the
    /// server at the address sends to a PING on a connection of its own, when that isn't
    /// RESP either: another service on that port (an HTTP server, SSH, a database).
    fn not_redis(&self, info: &ConnectionInfo, err: &redis::RedisError) -> Option<StoreError> {
        if err.is_timeout()
            || err.is_io_error()
            || err.code().is_some()
            || !matches!(
                err.kind(),
                redis::ErrorKind::Parse | redis::ErrorKind::UnexpectedReturnType
            )
        {
            return None;
        }
        let (address, sent) = match info.addr() {
            ConnectionAddr::Tcp(host, port) => {
                let address = format!("{host}:{port}");
                (address.clone(), probe_tcp(&address, self.connect_timeout)?)
            }
            ConnectionAddr::Unix(path) => (
                path.display().to_string(),
                probe_unix(path, self.connect_timeout)?,
            ),
            // TLS: a plain probe would say nothing.
            _ => return None,
        };
        if sent.first().is_some_and(|b| b"+-:$*_#,(=%~>|".contains(b)) {
            return None;
        }
        let line = String::from_utf8_lossy(&sent);
        let line = line.lines().next().unwrap_or("").trim();
        let said = if line.is_empty() {
            "nothing it could read".to_string()
        } else {
            format!(
                "it sent {:?}",
                crate::text::one_line(&line.chars().take(80).collect::<String>())
            )
        };
        Some(StoreError::NotRedis {
            target: self.target.clone(),
            reason: self.scrub(&format!(
                "the server at {address} doesn't answer as Redis ({said})"
            )),
        })
    }

    /// The connection settings of the URL, at the primary's address (TLS kept).
    fn at(&self, (host, port): Address) -> ConnectionInfo {
        let addr = match self.info.addr() {
            ConnectionAddr::TcpTls {
                insecure,
                tls_params,
                ..
            } => ConnectionAddr::TcpTls {
                host,
                port,
                insecure: *insecure,
                tls_params: tls_params.clone(),
            },
            _ => ConnectionAddr::Tcp(host, port),
        };
        self.info.clone().set_addr(addr)
    }

    /// A server the Sentinels named may have been demoted since: only a primary will do.
    fn require_primary(&self, conn: &mut redis::Connection) -> StoreResult<()> {
        let role: Vec<redis::Value> = redis::cmd("ROLE").query(conn).map_err(|e| self.fail(e))?;
        let name = role.first().and_then(|v| match v {
            redis::Value::BulkString(b) => Some(String::from_utf8_lossy(b).into_owned()),
            redis::Value::SimpleString(s) => Some(s.clone()),
            _ => None,
        });
        match name.as_deref() {
            Some(role) if crate::store::server::is_primary_role(role) => Ok(()),
            other => Err(StoreError::Unavailable {
                target: self.target.clone(),
                reason: format!(
                    "the server the Sentinels name as the primary is a {} now (a failover in progress?)",
                    other.unwrap_or("server of unknown role")
                ),
            }),
        }
    }

    /// Classify a client-library error that happened while connecting or talking to Redis.
    pub fn fail(&self, err: redis::RedisError) -> StoreError {
        self.fail_within(err, self.read_timeout, "--read-timeout")
    }

    /// `fail`, a timeout said as the wait it ended (`limit`, set by `flag`): the socket's
    /// "Resource temporarily unavailable" says nothing of a Redis that stopped answering.
    fn fail_within(&self, err: redis::RedisError, limit: Duration, flag: &str) -> StoreError {
        if err.is_timeout() {
            return StoreError::Unreachable {
                target: self.target.clone(),
                reason: format!("no answer within {limit:?} ({flag})"),
            };
        }
        let reason = self.scrub(&describe(&err));
        let code = err.code().unwrap_or("");
        if matches!(err.kind(), redis::ErrorKind::AuthenticationFailed)
            || matches!(code, "WRONGPASS" | "NOAUTH")
        {
            // In plain words: the client library's kind names mean nothing to an operator.
            let reason = if code == "NOAUTH" {
                "it requires a password and none was given"
            } else {
                "the password (or the user and password) is wrong"
            };
            StoreError::AuthRefused {
                target: self.target.clone(),
                reason: reason.into(),
            }
        } else if matches!(err.kind(), redis::ErrorKind::InvalidClientConfig) {
            StoreError::InvalidAddress {
                target: self.target.clone(),
                reason,
            }
        } else if reason.contains("DB index is out of range") {
            // The server was reached: it has no such database (a bad db number, exit 2).
            StoreError::InvalidAddress {
                target: self.target.clone(),
                reason: format!(
                    "the server was reached, but it has no database {} (it answered \"DB index \
                     is out of range\"; a default Redis has 16, numbered 0 to 15)",
                    self.db()
                ),
            }
        } else if is_unavailable(&err) {
            StoreError::Unavailable {
                target: self.target.clone(),
                reason,
            }
        } else {
            StoreError::Unreachable {
                target: self.target.clone(),
                reason,
            }
        }
    }
}

/// The server answered, but can't serve now (OPERATIONS §2.4): a replica (READONLY), data
/// still loading, no primary reachable by a replica, a busy script — also when a script's
/// call met one of those.
pub fn is_unavailable(err: &redis::RedisError) -> bool {
    const CODES: [&str; 5] = ["READONLY", "LOADING", "MASTERDOWN", "TRYAGAIN", "BUSY"];
    if err.code().is_some_and(|c| CODES.contains(&c)) {
        return true;
    }
    let text = err.to_string();
    text.contains("Error running script")
        && CODES
            .iter()
            .any(|c| text.contains(&format!("-{c} ")) || text.ends_with(&format!("-{c}")))
}

/// The URL schemes cogctl connects with, as said in errors.
pub const SCHEMES: &str = "redis://, rediss:// (TLS) or unix:// (a socket)";

/// Why a Redis URL the client library refused is wrong, in words (its own message names
/// only its error kind).
fn url_problem(url: &str) -> String {
    match url.split_once("://") {
        None => format!("not a URL: give one that starts with {SCHEMES}"),
        Some((scheme, _)) if !matches!(scheme, "redis" | "rediss" | "unix" | "redis+unix") => {
            format!(
                "{}:// is not a scheme cogctl connects with: use {SCHEMES}",
                crate::text::visible(scheme)
            )
        }
        Some(_) => "not a Redis URL: redis://[USER:PASSWORD@]HOST[:PORT][/DB], \
                    rediss://… or unix:///PATH[?db=N]"
            .into(),
    }
}

/// What a server sends to `PING` on a fresh connection: its first bytes, within `limit`.
fn probe(mut stream: impl std::io::Read + std::io::Write) -> Option<Vec<u8>> {
    stream.write_all(b"PING\r\n").ok()?;
    let mut buf = vec![0u8; 256];
    let n = stream.read(&mut buf).ok()?;
    buf.truncate(n);
    Some(buf)
}

fn probe_tcp(address: &str, limit: Duration) -> Option<Vec<u8>> {
    use std::net::ToSocketAddrs;
    let addr = address.to_socket_addrs().ok()?.next()?;
    let stream = std::net::TcpStream::connect_timeout(&addr, limit).ok()?;
    stream.set_read_timeout(Some(limit)).ok()?;
    stream.set_write_timeout(Some(limit)).ok()?;
    probe(stream)
}

fn probe_unix(path: &std::path::Path, limit: Duration) -> Option<Vec<u8>> {
    let path = path.to_path_buf();
    let stream = within(limit, move || std::os::unix::net::UnixStream::connect(path))?.ok()?;
    stream.set_read_timeout(Some(limit)).ok()?;
    stream.set_write_timeout(Some(limit)).ok()?;
    probe(stream)
}

/// Threads of [`within`] still waiting on a connection their callers gave up on.
static ABANDONED: AtomicUsize = AtomicUsize::new(0);

/// `connect()` on a thread of its own, waited for `limit`: its result, or `None` when it
/// takes longer. The thread then goes on waiting, and what it gets is dropped when it ends.
/// While four such threads wait, `None` at once: a server that takes no connection is not
/// asked again until one of them is through.
fn within<T: Send + 'static>(
    limit: Duration,
    connect: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    if ABANDONED.load(Ordering::SeqCst) >= 4 {
        return None;
    }
    // 0: waiting; 1: the thread is through; 2: its caller gave up on it.
    let state = Arc::new(Mutex::new(0u8));
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    let theirs = Arc::clone(&state);
    let spawned = std::thread::Builder::new()
        .name("connect".into())
        .spawn(move || {
            let _ = tx.send(connect());
            let mut state = theirs.lock().unwrap_or_else(PoisonError::into_inner);
            if *state == 2 {
                ABANDONED.fetch_sub(1, Ordering::SeqCst);
            }
            *state = 1;
        });
    if spawned.is_err() {
        return None;
    }
    if let Ok(answer) = rx.recv_timeout(limit) {
        return Some(answer);
    }
    let mut state = state.lock().unwrap_or_else(PoisonError::into_inner);
    if *state == 1 {
        // Through just now: its answer is waiting.
        return rx.try_recv().ok();
    }
    *state = 2;
    ABANDONED.fetch_add(1, Ordering::SeqCst);
    None
}

/// A short description of a client-library error, without the library's debug noise.
pub fn describe(err: &redis::RedisError) -> String {
    // A server's error in its own words (`LOADING Redis is loading …`), not the client
    // library's name for its kind (`BusyLoading: …`).
    if let (Some(code), Some(detail)) = (err.code(), err.detail()) {
        return format!("{code} {}", detail.trim());
    }
    let text = err.to_string();
    let text = text
        .strip_prefix("An error was signalled by the server - ")
        .unwrap_or(&text);
    text.trim().to_string()
}

fn scrub_with(secrets: &[String], text: &str) -> String {
    let mut out = text.to_string();
    for secret in secrets {
        if !secret.is_empty() {
            out = out.replace(secret.as_str(), "***");
        }
    }
    out
}

fn parse_host_port(node: &str) -> Result<(String, u16), String> {
    let (host, port) = node
        .rsplit_once(':')
        .ok_or_else(|| format!("sentinel address {node:?} is not HOST:PORT"))?;
    let port = port
        .parse::<u16>()
        .map_err(|_| format!("sentinel address {node:?} has no valid port"))?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if host.is_empty() {
        return Err(format!("sentinel address {node:?} has no host"));
    }
    Ok((host.to_string(), port))
}

/// `sentinel://h1:p1,h2:p2/master (db N, user U, password ***)`: what the user gave, not
/// the URL's host, which Sentinel replaces.
fn sentinel_target(s: &Sentinels, info: &ConnectionInfo) -> String {
    let settings = info.redis_settings();
    let mut parts = vec![format!("db {}", settings.db())];
    if let Some(user) = settings.username() {
        parts.push(format!("user {user}"));
    }
    if settings.password().is_some() {
        parts.push("password ***".into());
    }
    if matches!(info.addr(), ConnectionAddr::TcpTls { .. }) {
        parts.push("TLS".into());
    }
    format!(
        "sentinel://{}/{} ({})",
        s.list(),
        s.master,
        parts.join(", ")
    )
}

fn render_target(info: &ConnectionInfo) -> String {
    let settings = info.redis_settings();
    let auth = match (settings.username(), settings.password()) {
        (Some(user), Some(_)) => format!("{user}:***@"),
        (None, Some(_)) => ":***@".to_string(),
        (Some(user), None) => format!("{user}@"),
        (None, None) => String::new(),
    };
    let db = settings.db();
    match info.addr() {
        ConnectionAddr::Tcp(host, port) => format!("redis://{auth}{}:{port}/{db}", bracket(host)),
        ConnectionAddr::TcpTls {
            host,
            port,
            insecure,
            ..
        } => {
            let note = if *insecure {
                " (certificate not verified)"
            } else {
                ""
            };
            format!("rediss://{auth}{}:{port}/{db}{note}", bracket(host))
        }
        ConnectionAddr::Unix(path) => {
            let mut query = format!("db={db}");
            if let Some(user) = settings.username() {
                query.push_str(&format!("&user={user}"));
            }
            if settings.password().is_some() {
                query.push_str("&pass=***");
            }
            format!("unix://{}?{query}", path.display())
        }
        other => format!("{other}"),
    }
}

fn bracket(host: &str) -> String {
    if host.contains(':') {
        format!("[{host}]")
    } else {
        host.to_string()
    }
}

/// The URL as typed, with its password (in the authority or a `pass=` query) replaced.
/// Used when the URL can't even be parsed.
pub fn redact_url(url: &str) -> String {
    let mut out = url.to_string();
    if let Some(pw) = password_in_url(url)
        && !pw.is_empty()
    {
        out = out.replace(&pw, "***");
    }
    out
}

fn password_in_url(url: &str) -> Option<String> {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    if let Some((userinfo, _)) = authority.rsplit_once('@')
        && let Some((_, pw)) = userinfo.split_once(':')
    {
        return Some(pw.to_string());
    }
    let query = url.split_once('?').map(|(_, q)| q)?;
    let query = query.split('#').next().unwrap_or("");
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == "pass" || k == "password").then(|| v.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_that_takes_too_long_is_given_up_and_its_thread_counted_until_through() {
        use std::time::{Duration, Instant};
        assert_eq!(within(Duration::from_secs(60), || 7), Some(7));
        let before = ABANDONED.load(Ordering::SeqCst);
        // A connection that goes through only once the test lets it: `within` gives up
        // after its 50 ms without it (were it to wait, it would wait forever).
        let (through, wait) = std::sync::mpsc::channel::<()>();
        let slow = within(Duration::from_millis(50), move || {
            let _ = wait.recv();
            8
        });
        assert_eq!(slow, None);
        assert!(ABANDONED.load(Ordering::SeqCst) > before);
        // Through, it is no longer counted.
        through.send(()).unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        while ABANDONED.load(Ordering::SeqCst) > before && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(ABANDONED.load(Ordering::SeqCst) <= before);
    }

    fn target_of(url: &str) -> String {
        Connector::new(&ConnectOptions {
            url: url.into(),
            ..ConnectOptions::default()
        })
        .unwrap()
        .target()
        .to_string()
    }

    #[test]
    fn passwords_never_show() {
        assert_eq!(
            target_of("redis://user:s3cret@host:6380/2"),
            "redis://user:***@host:6380/2"
        );
        assert_eq!(
            target_of("redis://:s3cret@host"),
            "redis://:***@host:6379/0"
        );
        assert_eq!(target_of("redis://127.0.0.1"), "redis://127.0.0.1:6379/0");
        assert_eq!(
            target_of("unix:///tmp/r.sock?db=3&pass=s3cret"),
            "unix:///tmp/r.sock?db=3&pass=***"
        );
        assert_eq!(
            target_of("rediss://u:pw123@h:6390/1"),
            "rediss://u:***@h:6390/1"
        );
        assert_eq!(redact_url("redis://u:hunter2@x:y/z"), "redis://u:***@x:y/z");
    }

    #[test]
    fn errors_are_scrubbed() {
        let c = Connector::new(&ConnectOptions {
            url: "redis://u:hunter2@localhost:1/0".into(),
            ..ConnectOptions::default()
        })
        .unwrap();
        assert_eq!(c.scrub("auth hunter2 failed"), "auth *** failed");
    }

    #[test]
    fn bad_addresses_are_usage_errors() {
        let err = Connector::new(&ConnectOptions {
            url: "redis://u:hunter2@host/notadb".into(),
            ..ConnectOptions::default()
        })
        .unwrap_err();
        assert!(matches!(err, StoreError::InvalidAddress { .. }));
        assert!(!err.to_string().contains("hunter2"), "{err}");
        let err = Connector::new(&ConnectOptions {
            sentinels: vec!["nohost".into()],
            sentinel_master: Some("m".into()),
            ..ConnectOptions::default()
        })
        .unwrap_err();
        assert!(err.to_string().contains("HOST:PORT"), "{err}");
    }
}
