//! How cogctl reaches Redis: URL (redis://, rediss://, unix), ACL user and password, TLS via
//! rustls, Sentinel, timeouts — and the redacted form every message uses instead of the URL.
//! The password appears in no output, error or log: `target()` renders `***` in its place and
//! `scrub()` removes it from any text that came back from the client library.

use std::time::Duration;

use redis::sentinel::{SentinelClientBuilder, SentinelServerType};
use redis::{ConnectionAddr, ConnectionInfo, IntoConnectionInfo, TlsMode};

use super::error::{StoreError, StoreResult};

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
            connect_timeout: Duration::from_secs(5),
            read_timeout: Duration::from_secs(30),
        }
    }
}

/// A ready recipe for connections to one Redis, and the redacted name of that Redis.
#[derive(Clone)]
pub struct Connector {
    info: ConnectionInfo,
    sentinel: Option<SentinelSetup>,
    target: String,
    secrets: Vec<String>,
    connect_timeout: Duration,
    read_timeout: Duration,
}

#[derive(Clone)]
struct SentinelSetup {
    nodes: Vec<(String, u16)>,
    master: String,
    password: Option<String>,
}

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
        let shown = redact_url(&opts.url);
        let invalid = |reason: String| StoreError::InvalidAddress {
            target: shown.clone(),
            reason: scrub_with(&secrets, &reason),
        };
        let mut info = opts
            .url
            .as_str()
            .into_connection_info()
            .map_err(|e| invalid(e.to_string()))?;
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
            Some(SentinelSetup {
                nodes,
                master,
                password: opts.sentinel_password.clone(),
            })
        };
        let target = match &sentinel {
            None => render_target(&info),
            Some(s) => {
                let nodes: Vec<String> = s.nodes.iter().map(|(h, p)| format!("{h}:{p}")).collect();
                format!(
                    "sentinel://{}/{} ({})",
                    nodes.join(","),
                    s.master,
                    render_target(&info)
                )
            }
        };
        if let Some(pw) = info.redis_settings().password() {
            secrets.push(pw.to_string());
        }
        secrets.retain(|s| s.len() >= 3);
        Ok(Connector {
            info,
            sentinel,
            target,
            secrets,
            connect_timeout: opts.connect_timeout,
            read_timeout: opts.read_timeout,
        })
    }

    /// The Redis this connector reaches, password replaced by `***`.
    pub fn target(&self) -> &str {
        &self.target
    }

    /// The database number, for plans and confirmations.
    pub fn db(&self) -> i64 {
        self.info.redis_settings().db()
    }

    /// `text` with every secret this connector knows replaced by `***`.
    pub fn scrub(&self, text: &str) -> String {
        scrub_with(&self.secrets, text)
    }

    /// A new connection, checked with PING.
    pub fn connect(&self) -> StoreResult<redis::Connection> {
        let mut conn = match &self.sentinel {
            None => {
                let client = redis::Client::open(self.info.clone()).map_err(|e| self.fail(e))?;
                client
                    .get_connection_with_timeout(self.connect_timeout)
                    .map_err(|e| self.fail(e))?
            }
            Some(s) => self.connect_via_sentinel(s)?,
        };
        conn.set_read_timeout(Some(self.read_timeout))
            .map_err(|e| self.fail(e))?;
        conn.set_write_timeout(Some(self.read_timeout))
            .map_err(|e| self.fail(e))?;
        redis::cmd("PING")
            .query::<()>(&mut conn)
            .map_err(|e| self.fail(e))?;
        Ok(conn)
    }

    fn connect_via_sentinel(&self, s: &SentinelSetup) -> StoreResult<redis::Connection> {
        let nodes = s
            .nodes
            .iter()
            .map(|(h, p)| ConnectionAddr::Tcp(h.clone(), *p));
        let mut builder = SentinelClientBuilder::new(nodes, &s.master, SentinelServerType::Master)
            .map_err(|e| self.fail(e))?
            .set_client_to_redis_db(self.db());
        let settings = self.info.redis_settings();
        if let Some(user) = settings.username() {
            builder = builder.set_client_to_redis_username(user);
        }
        if let Some(pw) = settings.password() {
            builder = builder.set_client_to_redis_password(pw);
        }
        if let ConnectionAddr::TcpTls { insecure, .. } = self.info.addr() {
            builder = builder.set_client_to_redis_tls_mode(if *insecure {
                TlsMode::Insecure
            } else {
                TlsMode::Secure
            });
        }
        if let Some(pw) = &s.password {
            builder = builder.set_client_to_sentinel_password(pw);
        }
        let mut client = builder.build().map_err(|e| self.fail(e))?;
        client.get_connection().map_err(|e| self.fail(e))
    }

    /// Classify a client-library error that happened while connecting or talking to Redis.
    pub fn fail(&self, err: redis::RedisError) -> StoreError {
        let reason = self.scrub(&describe(&err));
        let code = err.code().unwrap_or("");
        if matches!(err.kind(), redis::ErrorKind::AuthenticationFailed)
            || matches!(code, "WRONGPASS" | "NOAUTH")
        {
            StoreError::AuthRefused {
                target: self.target.clone(),
                reason,
            }
        } else if matches!(err.kind(), redis::ErrorKind::InvalidClientConfig) {
            StoreError::InvalidAddress {
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

/// A short description of a client-library error, without the library's debug noise.
pub fn describe(err: &redis::RedisError) -> String {
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
    if let Some(pw) = password_in_url(url) {
        if !pw.is_empty() {
            out = out.replace(&pw, "***");
        }
    }
    out
}

fn password_in_url(url: &str) -> Option<String> {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    if let Some((userinfo, _)) = authority.rsplit_once('@') {
        if let Some((_, pw)) = userinfo.split_once(':') {
            return Some(pw.to_string());
        }
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
