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

/// A script that ends jobs by hand, with the shared owner-checked lock release in front.
macro_rules! with_release {
    ($file:literal) => {
        concat!(include_str!("lua/release_owned.lua"), include_str!($file))
    };
}

/// A script that keeps (or undoes) a before-image under an undo record (README "Undo"), with
/// the shared owner-checked lock release, the record helpers and the packed-fields codec.
macro_rules! with_undo {
    ($file:literal) => {
        concat!(
            include_str!("lua/release_owned.lua"),
            include_str!("lua/undo_side.lua"),
            include_str!("lua/undo_fields.lua"),
            include_str!($file)
        )
    };
}

/// A script that rebuilds a queue beside itself (store/rebuild.rs), with the shared pushes
/// and the search for the oldest element left.
macro_rules! with_rebuild {
    ($file:literal) => {
        concat!(include_str!("lua/list_rebuild.lua"), include_str!($file))
    };
}

/// A script that puts in-progress jobs back on their queues, with the shared requeue_job.
macro_rules! with_requeue {
    ($file:literal) => {
        concat!(include_str!("lua/requeue_job.lua"), include_str!($file))
    };
}

/// The liveness inputs and length of one in-progress list, read at one instant.
pub static INPROGRESS_STATE: Script =
    Script::new("inprogress_state", include_str!("lua/inprogress_state.lua"));

/// Claim-and-requeue for a batch of schedule/retry/dead entries.
pub static REQUEUE_BATCH: Script =
    Script::new("requeue_batch", with_undo!("lua/requeue_batch.lua"));

/// Retry → dead for a batch, locks released owner-checked.
pub static KILL_BATCH: Script = Script::new("kill_batch", with_undo!("lua/kill_batch.lua"));

/// Delete a batch from a sorted set, attempts logs cleared, locks released owner-checked.
pub static DELETE_BATCH: Script = Script::new("delete_batch", with_undo!("lua/delete_batch.lua"));

/// New scores for a batch, payloads unchanged.
pub static RESCHEDULE_BATCH: Script =
    Script::new("reschedule_batch", with_undo!("lua/reschedule_batch.lua"));

/// Count and drop a queue in one step (`cogctl queue clear`).
pub static QUEUE_CLEAR: Script = Script::new("queue_clear", include_str!("lua/queue_clear.lua"));

/// Delete one waiting job by its bytes (every copy) and release its locks, owner-checked.
pub static QUEUE_DELETE: Script = Script::new("queue_delete", with_undo!("lua/queue_delete.lua"));

/// Delete a batch of waiting jobs found at the indexes they were read at, with their locks.
pub static QUEUE_DELETE_BATCH: Script = Script::new(
    "queue_delete_batch",
    with_undo!("lua/queue_delete_batch.lua"),
);

/// Push new unique jobs (`cogctl enqueue`): their locks first, each job whole or not at all.
pub static ENQUEUE_BATCH: Script =
    Script::new("enqueue_batch", include_str!("lua/enqueue_batch.lua"));

/// Add a queue to `cogworker:queues` only if its key is a list (after a pipelined LPUSH,
/// which may have been refused).
pub static QUEUE_REGISTER: Script =
    Script::new("queue_register", include_str!("lua/queue_register.lua"));

/// Forget one identity from `cogworker:processes` if its presence key is gone.
pub static PROCESS_PRUNE: Script =
    Script::new("process_prune", include_str!("lua/process_prune.lua"));

/// REQUEUE: a presumed-dead process's in-progress list back to its queues (OPERATIONS §8.5).
pub static REQUEUE: Script = Script::new("requeue", with_requeue!("lua/requeue.lua"));

/// BURY_ORPHAN: the head of cogworker:repeat_orphans into dead (OPERATIONS §8.7).
pub static BURY_ORPHAN: Script = Script::new("bury_orphan", include_str!("lua/bury_orphan.lua"));

/// SWAP_DEAD_ENTRY: a raw burial replaced by a proper dead entry (OPERATIONS §8.8).
pub static SWAP_DEAD_ENTRY: Script =
    Script::new("swap_dead_entry", include_str!("lua/swap_dead_entry.lua"));

/// FILE_UNSETTLED: the head of cogworker:unsettled into its set (OPERATIONS §10.4).
pub static FILE_UNSETTLED: Script =
    Script::new("file_unsettled", include_str!("lua/file_unsettled.lua"));

/// An invalid unsettled record to its quarantine list, in one step (OPERATIONS §10.3).
pub static QUARANTINE: Script = Script::new("quarantine", include_str!("lua/quarantine.lua"));

pub static QUARANTINE_UNSETTLED: Script = Script::new(
    "quarantine_unsettled",
    include_str!("lua/quarantine_unsettled.lua"),
);

/// The side effects of a recovery burial (OPERATIONS §8.9).
pub static BURIED_AS_DEAD: Script =
    Script::new("buried_as_dead", with_release!("lua/buried_as_dead.lua"));

/// Owner-checked release of a job's locks.
pub static RELEASE_LOCKS: Script =
    Script::new("release_locks", with_release!("lua/release_locks.lua"));

/// FETCH: the first job of the first non-empty queue onto the own in-progress list (§4.3).
pub static FETCH: Script = Script::new("fetch", include_str!("lua/fetch.lua"));

/// ACK: a settled job off the own in-progress list, its orphan counter cleared (§6.1).
pub static ACK: Script = Script::new("ack", include_str!("lua/ack.lua"));

/// ACK_SUCCESS: a late ACK of a success, counted when the job was still on the list.
pub static ACK_SUCCESS: Script = Script::new("ack_success", include_str!("lua/ack_success.lua"));

/// ACK_FETCH: ACK with the success bookkeeping, then FETCH of the next job and its
/// registration, in one round trip (the processor's busy path).
pub static ACK_FETCH: Script = Script::new("ack_fetch", include_str!("lua/ack_fetch.lua"));

/// FILE_FAILURE: a failed job's retry or dead entry, written only while the job is on the
/// own in-progress list (§7.3).
pub static FILE_FAILURE: Script = Script::new("file_failure", include_str!("lua/file_failure.lua"));

/// INTERRUPT: a failure filed from the raw job when the normal write failed (§7.6).
pub static INTERRUPT: Script = Script::new("interrupt", include_str!("lua/interrupt.lua"));

/// REQUEUE_ONE: one job of the own list back to its queue (give-back, strays; §9.2).
pub static REQUEUE_ONE: Script = Script::new("requeue_one", with_requeue!("lua/requeue_one.lua"));

/// PARK_UNSETTLED: an unfileable failure handed to cogworker:unsettled at shutdown (§10.1).
pub static PARK_UNSETTLED: Script =
    Script::new("park_unsettled", include_str!("lua/park_unsettled.lua"));

/// BURY: an unrequeueable schedule/retry entry filed in dead as a wrapper (§12.5).
pub static BURY: Script = Script::new("bury", include_str!("lua/bury.lua"));

/// RECORD: the memory history's sample of this slot (§13.5).
pub static MEMORY_RECORD: Script =
    Script::new("memory_record", include_str!("lua/memory_record.lua"));

/// EXPIRE_IF_OWNED for each of a job's locks (§7.8).
pub static EXPIRE_IF_OWNED: Script =
    Script::new("expire_if_owned", include_str!("lua/expire_if_owned.lua"));

/// Add exported entries to a sorted set (ZADD NX), kept to be undone.
pub static IMPORT_BATCH: Script = Script::new("import_batch", include_str!("lua/import_batch.lua"));

/// Delete a whole sorted set in one step, kept under the undo record.
pub static DELETE_WHOLE: Script = Script::new("delete_whole", include_str!("lua/delete_whole.lua"));

/// After a whole set was deleted: each entry's attempts log moved and locks released, noted.
pub static DELETE_SIDE: Script = Script::new("delete_side", with_undo!("lua/delete_side.lua"));

/// Undo a whole set deleted in one step (or redo it), in one RENAME.
pub static UNDO_WHOLE: Script = Script::new("undo_whole", include_str!("lua/undo_whole.lua"));

/// Undo what a change did beside a batch of members (their attempts logs and locks).
pub static UNDO_SIDE_BATCH: Script =
    Script::new("undo_side_batch", with_undo!("lua/undo_side_batch.lua"));

/// Start an undo of a record: mark it, or say who undid it (README "Undo").
pub static UNDO_STATE: Script = Script::new("undo_state", include_str!("lua/undo_state.lua"));

/// Undo a batch of a change to a sorted set (restore, remove, move, rescore, unpush, repush).
pub static UNDO_ZSET: Script = Script::new("undo_zset", with_undo!("lua/undo_zset.lua"));

/// Take requeued jobs back from their queues to their set, or requeue them again.
pub static UNDO_REQUEUE: Script = Script::new("undo_requeue", with_undo!("lua/undo_requeue.lua"));

/// Put a cleared queue back.
pub static UNDO_LIST_CLEAR: Script =
    Script::new("undo_list_clear", include_str!("lua/undo_list_clear.lua"));

/// Put deleted jobs back in their places in line.
pub static UNDO_LIST_INSERT: Script =
    Script::new("undo_list_insert", with_undo!("lua/undo_list_insert.lua"));

/// Delete again the jobs an undo put back.
pub static UNDO_LIST_REMOVE: Script =
    Script::new("undo_list_remove", with_undo!("lua/undo_list_remove.lua"));

/// Take pushed jobs back, or push them again.
pub static UNDO_ENQUEUE: Script = Script::new("undo_enqueue", with_undo!("lua/undo_enqueue.lua"));

/// Add or remove again the names a pause/resume/disable/enable changed.
pub static UNDO_MEMBERS: Script = Script::new("undo_members", include_str!("lua/undo_members.lua"));

/// Read a queue page by page from the tail, each page after the last element read.
pub static LIST_READ_TAIL: Script =
    Script::new("list_read_tail", include_str!("lua/list_read_tail.lua"));

/// Swap a rebuilt queue in, carrying over what happened to it meanwhile.
pub static LIST_SWAP: Script = Script::new("list_swap", with_rebuild!("lua/list_swap.lua"));

/// Copy a slice of a list onto another, inside Redis.
pub static LIST_COPY: Script = Script::new("list_copy", with_rebuild!("lua/list_copy.lua"));

/// Undo a rebuilt queue: the last step, the swap back.
pub static UNDO_LIST_SWAP: Script =
    Script::new("undo_list_swap", with_rebuild!("lua/undo_list_swap.lua"));

/// Undo a rebuilt queue: push a batch of left-out jobs at the front of the line, once.
pub static UNDO_LIST_FRONT: Script =
    Script::new("undo_list_front", with_rebuild!("lua/undo_list_front.lua"));

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
