//! The errors of the store module. Each kind decides an exit code (README "Exit codes").

use super::keys::KeyType;
use super::name::Name;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The connection options themselves are wrong: a usage error.
    #[error("invalid Redis address {target}: {reason}")]
    InvalidAddress { target: String, reason: String },

    #[error("cannot reach Redis at {target}: {reason}")]
    Unreachable { target: String, reason: String },

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
            StoreError::Unreachable { .. } | StoreError::AuthRefused { .. }
        )
    }
}

pub type StoreResult<T> = Result<T, StoreError>;
