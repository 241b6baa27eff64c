//! The config file of named contexts, and which Redis a run talks to.
//!
//! The file is `$COGCTL_CONFIG`, else `$XDG_CONFIG_HOME/cogctl/config.toml` (else
//! `~/.config/cogctl/config.toml`). Each setting is taken from the command line, else the
//! environment, else the context, else the default — with one exception that keeps changes on
//! the Redis the operator named: a context named explicitly (`--context` or
//! `$COGCTL_CONTEXT`) is the target, so `--redis-url`/`--sentinel` beside it is refused and
//! `$COGCTL_REDIS_URL`/`$COGCTL_SENTINEL`/`$REDIS_URL` are ignored (with a note). The
//! generic `$REDIS_URL` never outranks a context: it is often set for other programs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::exit::UsageError;
use crate::store::ConnectOptions;
use crate::store::connection::DEFAULT_URL;

/// The whole file.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// The context used when none is named.
    pub current_context: Option<String>,
    #[serde(default)]
    pub contexts: BTreeMap<String, ContextSpec>,
    /// Named lists of contexts read as one fleet (`--fleet NAME`): a deployment sharded across
    /// several Redis primaries.
    #[serde(default)]
    pub fleets: BTreeMap<String, FleetSpec>,
}

/// One `[fleets.NAME]` table: the contexts (shards) it reads, each with its own Redis,
/// credentials, TLS, Sentinel and safety flags.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FleetSpec {
    pub contexts: Vec<String>,
    pub description: Option<String>,
}

/// One `[contexts.NAME]` table.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ContextSpec {
    /// redis://, rediss:// or unix:// (a password in it is allowed, and never shown).
    pub redis_url: Option<String>,
    /// The environment variable that holds the password (overrides the URL's).
    pub password_env: Option<String>,
    #[serde(default)]
    pub tls_insecure: bool,
    /// HOST:PORT of each Sentinel.
    #[serde(default)]
    pub sentinel: Vec<String>,
    pub sentinel_master: Option<String>,
    /// The environment variable that holds the Sentinels' password.
    pub sentinel_password_env: Option<String>,
    /// Every change is refused (exit 2) before connecting.
    #[serde(default)]
    pub read_only: bool,
    /// Every change needs the context's name typed, or `--confirm-context NAME`.
    #[serde(default)]
    pub protected: bool,
    /// A change goes ahead only once its audit entry could be written.
    #[serde(default)]
    pub require_audit: bool,
    /// How long a change stays undoable ("24h", "7d"); `--keep-undo` overrides it.
    pub keep_undo: Option<String>,
    pub description: Option<String>,
}

/// The file as read, and where from.
#[derive(Debug, Default)]
pub struct Config {
    /// The file's path; `None` when there is no config file.
    pub path: Option<PathBuf>,
    pub file: ConfigFile,
}

/// Where the config file is: `$COGCTL_CONFIG` (which must then exist), or the XDG
/// location (which may not).
pub fn location() -> Option<(PathBuf, bool)> {
    if let Some(p) = std::env::var_os("COGCTL_CONFIG").filter(|p| !p.is_empty()) {
        return Some((PathBuf::from(p), true));
    }
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|p| !p.is_empty())
                .map(|h| PathBuf::from(h).join(".config"))
        })?;
    Some((base.join("cogctl").join("config.toml"), false))
}

impl Config {
    /// The config file, or an empty one when there is none.
    pub fn load() -> anyhow::Result<Config> {
        let Some((path, required)) = location() else {
            return Ok(Config::default());
        };
        match std::fs::read_to_string(&path) {
            Ok(text) => Config::parse(&path, &text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => {
                Ok(Config::default())
            }
            Err(e) => Err(UsageError(format!(
                "cannot read the config file {} ($COGCTL_CONFIG): {e}",
                path.display()
            ))
            .into()),
        }
    }

    pub fn parse(path: &Path, text: &str) -> anyhow::Result<Config> {
        let file: ConfigFile = toml::from_str(text).map_err(|e| {
            UsageError(format!(
                "the config file {} is not valid: {}",
                path.display(),
                e.to_string().trim_end()
            ))
        })?;
        for name in file.contexts.keys().chain(file.fleets.keys()) {
            check_name(name)
                .map_err(|e| UsageError(format!("the config file {}: {e}", path.display())))?;
        }
        for (name, fleet) in &file.fleets {
            let mut seen = std::collections::BTreeSet::new();
            if fleet.contexts.is_empty() {
                return Err(UsageError(format!(
                    "the config file {}: fleet {name} names no context (contexts = [\"a\", \"b\"])",
                    path.display()
                ))
                .into());
            }
            for c in &fleet.contexts {
                if !file.contexts.contains_key(c) {
                    return Err(UsageError(format!(
                        "the config file {}: fleet {name} names the context \"{}\", which it has no [contexts.{}] for",
                        path.display(),
                        crate::text::visible(c),
                        crate::text::visible(c)
                    ))
                    .into());
                }
                if !seen.insert(c) {
                    return Err(UsageError(format!(
                        "the config file {}: fleet {name} names the context {c} twice",
                        path.display()
                    ))
                    .into());
                }
            }
        }
        Ok(Config {
            path: Some(path.to_path_buf()),
            file,
        })
    }

    /// The context called `name`, or an error listing those there are.
    pub fn context(&self, name: &str) -> anyhow::Result<&ContextSpec> {
        self.file.contexts.get(name).ok_or_else(|| {
            let known: Vec<&str> = self.file.contexts.keys().map(String::as_str).collect();
            let place = match &self.path {
                Some(p) => p.display().to_string(),
                None => {
                    "no config file ($COGCTL_CONFIG, or cogctl/config.toml in the XDG config dir)"
                        .into()
                }
            };
            UsageError(format!(
                "no context \"{}\" in {place} (contexts: {})",
                crate::text::visible(name),
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ))
            .into()
        })
    }
}

impl Config {
    /// The shards of the fleet this run reads: `--fleet NAME` (or `$COGCTL_FLEET`), or a
    /// `--context` that names several (`prod-a,prod-b`); `None` for one Redis. A fleet and a
    /// context both named are [`settle`]d first (a fleet named wins here).
    pub fn fleet_of(
        &self,
        fleet: Option<&str>,
        context: Option<&str>,
    ) -> anyhow::Result<Option<(String, Vec<String>)>> {
        if let Some(name) = fleet {
            let spec = self.file.fleets.get(name).ok_or_else(|| {
                let known: Vec<&str> = self.file.fleets.keys().map(String::as_str).collect();
                UsageError(format!(
                    "no fleet \"{}\" in {} (fleets: {})",
                    crate::text::visible(name),
                    self.path
                        .as_ref()
                        .map_or("no config file".to_string(), |p| p.display().to_string()),
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                ))
            })?;
            return Ok(Some((name.to_string(), spec.contexts.clone())));
        }
        let Some(list) = context.filter(|c| c.contains(',')) else {
            return Ok(None);
        };
        let mut names: Vec<String> = Vec::new();
        for part in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            check_name(part).map_err(UsageError)?;
            self.context(part)?;
            if !names.iter().any(|n| n == part) {
                names.push(part.to_string());
            }
        }
        if names.is_empty() {
            return Err(UsageError(format!(
                "--context {:?} names no context",
                crate::text::visible(list)
            ))
            .into());
        }
        Ok(Some((names.join(","), names)))
    }
}

/// Context names are shown in prompts and typed back: letters, digits, `-`, `_`, `.`.
pub fn check_name(name: &str) -> Result<(), String> {
    if !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        Ok(())
    } else {
        Err(format!(
            "context name {:?} may hold only letters, digits, '-', '_' and '.'",
            crate::text::visible(name)
        ))
    }
}

/// Where a connection setting came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Flag,
    Env,
    Absent,
}

/// What the command line said about each connection setting, and where it came from
/// (clap folds `--redis-url` and `$COGCTL_REDIS_URL` into one value).
#[derive(Clone, Copy, Debug)]
pub struct Sources {
    pub redis_url: Source,
    pub sentinel: Source,
    pub sentinel_master: Source,
    pub context: Source,
    pub fleet: Source,
}

/// When both a fleet and a context are named, which one this run reads: a flag outranks the
/// environment (the one dropped is said in a note where the run's other notes are); two
/// flags, or two variables, are refused.
pub fn settle(
    fleet: &mut Option<String>,
    context: &mut Option<String>,
    sources: Sources,
) -> Result<(), UsageError> {
    let (Some(f), Some(c)) = (fleet.as_deref(), context.as_deref()) else {
        return Ok(());
    };
    match (sources.fleet, sources.context) {
        (Source::Env, Source::Flag) => *fleet = None,
        (Source::Flag, Source::Env) => *context = None,
        (Source::Env, Source::Env) => {
            return Err(UsageError(format!(
                "$COGCTL_FLEET ({}) and $COGCTL_CONTEXT ({}) both name what to read; unset \
                 one, or name what to read with --fleet or --context",
                crate::text::visible(f),
                crate::text::visible(c)
            )));
        }
        _ => {
            return Err(UsageError(
                "--fleet and --context both name what to read; give one (--context a,b \
                 names a fleet of its own)"
                    .into(),
            ));
        }
    }
    Ok(())
}

/// The context a run uses, and what it demands.
#[derive(Clone, Debug)]
pub struct Active {
    pub name: String,
    pub read_only: bool,
    pub protected: bool,
    pub require_audit: bool,
    /// How long its changes stay undoable (`keep_undo`), when it says.
    pub keep_undo: Option<std::time::Duration>,
    /// Named for this run (`--context`, `$COGCTL_CONTEXT`), not the file's default.
    pub named: bool,
}

/// The connection of a run, the context in force (if any), and notes for stderr.
#[derive(Clone, Debug)]
pub struct Resolved {
    pub connect: ConnectOptions,
    pub context: Option<Active>,
    pub notes: Vec<String>,
}

/// What the command line (or its environment variables) gave for the Redis of a run.
#[derive(Clone, Debug, Default)]
pub struct Flags {
    pub context: Option<String>,
    pub redis_url: Option<String>,
    pub tls_insecure: bool,
    pub sentinel: Vec<String>,
    pub sentinel_master: Option<String>,
    pub sentinel_password: Option<String>,
    pub connect_timeout: std::time::Duration,
    pub read_timeout: std::time::Duration,
}

/// Decide the Redis of this run from the command line, the environment and the config.
pub fn resolve(
    global: &Flags,
    sources: Sources,
    config: &Config,
    env: &dyn Fn(&str) -> Option<String>,
) -> anyhow::Result<Resolved> {
    let mut notes = Vec::new();
    let env_redis_url = env("REDIS_URL").filter(|u| !u.is_empty());
    let mut connect = ConnectOptions {
        url: global
            .redis_url
            .clone()
            .or_else(|| env_redis_url.clone())
            .unwrap_or_else(|| DEFAULT_URL.to_string()),
        tls_insecure: global.tls_insecure,
        sentinels: global.sentinel.clone(),
        sentinel_master: global.sentinel_master.clone(),
        sentinel_password: global.sentinel_password.clone(),
        password: None,
        context: None,
        connect_timeout: global.connect_timeout,
        read_timeout: global.read_timeout,
    };
    let explicit = global.context.clone();
    let name = match explicit
        .clone()
        .or_else(|| config.file.current_context.clone())
    {
        Some(name) => name,
        None => {
            return Ok(Resolved {
                connect,
                context: None,
                notes,
            });
        }
    };
    let spec = config.context(&name)?;
    let target_flags = [
        ("--redis-url", sources.redis_url),
        ("--sentinel", sources.sentinel),
        ("--sentinel-master", sources.sentinel_master),
    ];
    if explicit.is_some() {
        if let Some((flag, _)) = target_flags.iter().find(|(_, s)| *s == Source::Flag) {
            let how = if sources.context == Source::Flag {
                format!("--context {name}")
            } else {
                format!("$COGCTL_CONTEXT ({name})")
            };
            return Err(UsageError(format!(
                "{how} and {flag} both name a Redis; give one (drop {flag} to use the context, or the context to use {flag})"
            ))
            .into());
        }
        let mut ignored: Vec<&str> = Vec::new();
        if sources.redis_url == Source::Env {
            ignored.push("$COGCTL_REDIS_URL");
        } else if env_redis_url.is_some() {
            ignored.push("$REDIS_URL");
        }
        if sources.sentinel == Source::Env {
            ignored.push("$COGCTL_SENTINEL");
        }
        if sources.sentinel_master == Source::Env {
            ignored.push("$COGCTL_SENTINEL_MASTER");
        }
        if sources.fleet == Source::Env {
            ignored.push("$COGCTL_FLEET");
        }
        if !ignored.is_empty() {
            notes.push(format!(
                "note: {} ignored: context {name} names the Redis",
                ignored.join(", ")
            ));
        }
    } else if let Some((flag, source)) = target_flags.iter().find(|(_, s)| *s != Source::Absent) {
        // The current context is a default: a Redis named for this run outranks it.
        let given = match (source, *flag) {
            (Source::Flag, flag) => flag,
            (_, "--redis-url") => "$COGCTL_REDIS_URL",
            (_, "--sentinel") => "$COGCTL_SENTINEL",
            _ => "$COGCTL_SENTINEL_MASTER",
        };
        notes.push(format!(
            "note: current context {name} not used: {given} names the Redis"
        ));
        return Ok(Resolved {
            connect,
            context: None,
            notes,
        });
    }

    connect.url = spec
        .redis_url
        .clone()
        .unwrap_or_else(|| DEFAULT_URL.to_string());
    connect.tls_insecure = global.tls_insecure || spec.tls_insecure;
    connect.sentinels = spec.sentinel.clone();
    connect.sentinel_master = spec.sentinel_master.clone();
    if let Some(var) = &spec.password_env {
        connect.password = Some(from_env(env, &name, "password_env", var)?);
    }
    if connect.sentinel_password.is_none()
        && let Some(var) = &spec.sentinel_password_env
    {
        connect.sentinel_password = Some(from_env(env, &name, "sentinel_password_env", var)?);
    }
    connect.context = Some(name.clone());
    let keep_undo = match &spec.keep_undo {
        Some(text) => Some(
            crate::duration::parse_duration(text)
                .map_err(|e| UsageError(format!("context {name}: keep_undo = {text:?}: {e}")))?,
        ),
        None => None,
    };
    Ok(Resolved {
        connect,
        context: Some(Active {
            name,
            read_only: spec.read_only,
            protected: spec.protected,
            require_audit: spec.require_audit,
            keep_undo,
            named: explicit.is_some(),
        }),
        notes,
    })
}

fn from_env(
    env: &dyn Fn(&str) -> Option<String>,
    context: &str,
    key: &str,
    var: &str,
) -> anyhow::Result<String> {
    env(var).filter(|v| !v.is_empty()).ok_or_else(|| {
        UsageError(format!(
            "context {context}: ${var} (its {key}) is not set; export it, or remove {key} from the context"
        ))
        .into()
    })
}
