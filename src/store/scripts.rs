//! Lua scripts, one `.lua` file each, run as the gem runs its own (OPERATIONS §2.1):
//! `EVALSHA` of the SHA-1 of the text, and `EVAL` of the full text when the server answers
//! `NOSCRIPT`. Every move between keys that cogctl makes is one of these scripts.

use std::sync::OnceLock;

use super::job::sha1_hex;

pub struct Script {
    pub name: &'static str,
    pub text: &'static str,
    sha: OnceLock<String>,
}

impl Script {
    pub const fn new(name: &'static str, text: &'static str) -> Script {
        Script {
            name,
            text,
            sha: OnceLock::new(),
        }
    }

    pub fn sha(&self) -> &str {
        self.sha.get_or_init(|| sha1_hex(self.text.as_bytes()))
    }
}

/// The liveness inputs and length of one in-progress list, read at one instant.
pub static INPROGRESS_STATE: Script =
    Script::new("inprogress_state", include_str!("lua/inprogress_state.lua"));

/// Claim-and-requeue for a batch of schedule/retry/dead entries.
pub static REQUEUE_BATCH: Script =
    Script::new("requeue_batch", include_str!("lua/requeue_batch.lua"));

/// Retry → dead for a batch, locks released owner-checked.
pub static KILL_BATCH: Script = Script::new("kill_batch", include_str!("lua/kill_batch.lua"));

/// Delete a batch from a sorted set, attempts logs cleared, locks released owner-checked.
pub static DELETE_BATCH: Script = Script::new("delete_batch", include_str!("lua/delete_batch.lua"));

/// New scores for a batch, payloads unchanged.
pub static RESCHEDULE_BATCH: Script =
    Script::new("reschedule_batch", include_str!("lua/reschedule_batch.lua"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha_is_the_sha1_of_the_text() {
        assert_eq!(INPROGRESS_STATE.sha().len(), 40);
        assert_eq!(
            INPROGRESS_STATE.sha(),
            sha1_hex(INPROGRESS_STATE.text.as_bytes())
        );
    }
}
