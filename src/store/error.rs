//! The errors of the store module. Each kind decides an exit code (docs/output.md "Exit codes").

use super::keys::KeyType;
use super::name::Name;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The connection options themselves are wrong: a usage error.
    #[error("invalid Redis address {target}: {reason}")]
    InvalidAddress { target: String, reason: String },

    #[error("cannot reach Redis at {target}: {reason}")]
    Unreachable { target: String, reason: String },

    /// Something answers at the address, but not in RESP: another service (an HTTP server,
    /// SSH …). Exit 3 like an unreachable Redis, but waiting won't change it.
    #[error("cannot reach Redis at {target}: {reason}")]
    NotRedis { target: String, reason: String },

    /// Redis answered but can't serve us now (OPERATIONS §2.4's "unavailable"): a replica
    /// after a failover (READONLY), loading its data, a busy script. Like a lost connection,
    /// the connection is dropped and made again, through the Sentinels when there are some.
    #[error("Redis at {target} is unavailable: {reason}")]
    Unavailable { target: String, reason: String },

    #[error("Redis at {target} refused the credentials: {reason}")]
    AuthRefused { target: String, reason: String },

    #[error(
        "{} is a {found}, but cogworker keeps a {} there; nothing was changed",
        key.shown(),
        expected.name()
    )]
    WrongType {
        key: Name,
        expected: KeyType,
        found: String,
    },

    #[error("Redis at {target} is version {version}; {needs}")]
    TooOld {
        target: String,
        version: String,
        needs: &'static str,
    },

    #[error("Redis refused {command} on {key}: {reason}")]
    Command {
        command: String,
        key: String,
        reason: String,
    },
}

impl StoreError {
    /// True when Redis could not be reached or would not let us in (exit code 3).
    pub fn is_connection(&self) -> bool {
        matches!(
            self,
            StoreError::Unreachable { .. }
                | StoreError::NotRedis { .. }
                | StoreError::Unavailable { .. }
                | StoreError::AuthRefused { .. }
        )
    }

    /// The Redis named in a connection error was found through Sentinel.
    pub fn via_sentinel(&self) -> bool {
        match self {
            StoreError::Unreachable { target, .. }
            | StoreError::NotRedis { target, .. }
            | StoreError::Unavailable { target, .. }
            | StoreError::AuthRefused { target, .. } => target.starts_with("sentinel://"),
            _ => false,
        }
    }
}

pub type StoreResult<T> = Result<T, StoreError>;
