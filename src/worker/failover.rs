//! Following a Sentinel failover: the moment the Sentinels announce a new primary
//! (`+switch-master`), every connection of this process is out of date and is made again
//! to the new one at its next use (see `Conn::get`). Until then its writes would go to the
//! old primary, which keeps taking them until the Sentinels demote it, and loses them when
//! it resynchronises from the new one: acknowledged jobs run twice, counters vanish.
//! From the moment the leading Sentinel announces it is promoting a replica until the
//! switch, new uses of connections wait (five seconds at most), so that next to nothing is
//! written to the old primary after the replica stops following it.
//! The heartbeat asks the Sentinels too (`check`), in case an announcement was missed.

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::state::Shared;
use crate::store::sentinel::{
    self, ABORT_CHANNEL, Announcement, PROMOTING_CHANNEL, SWITCH_CHANNEL, Sentinels,
};

/// The watcher: one thread per Sentinel, each subscribed until the process has finished
/// (only the Sentinel leading a failover announces the promotion; every one announces the
/// switch).
pub fn follow(shared: &Shared) {
    let Some(sentinels) = shared.connector.sentinels() else {
        return;
    };
    std::thread::scope(|scope| {
        for node in &sentinels.nodes {
            scope.spawn(move || listen(shared, sentinels, node));
        }
    });
}

fn listen(shared: &Shared, sentinels: &Sentinels, node: &(String, u16)) {
    let done = || shared.finished.load(Ordering::SeqCst);
    while !done() {
        let Ok(mut conn) = sentinels.connect_node(node, Duration::from_secs(2)) else {
            pause(shared);
            continue;
        };
        let _ = conn.set_read_timeout(Some(Duration::from_millis(250)));
        let mut pubsub = conn.as_pubsub();
        if pubsub
            .subscribe(&[SWITCH_CHANNEL, PROMOTING_CHANNEL, ABORT_CHANNEL])
            .is_err()
        {
            pause(shared);
            continue;
        }
        // A switch announced while no Sentinel was listened to is caught here.
        check(shared);
        while !done() {
            match pubsub.get_message() {
                Ok(msg) => {
                    let text: String = msg.get_payload().unwrap_or_default();
                    match sentinel::announcement(msg.get_channel_name(), &text, &sentinels.master) {
                        Some(Announcement::Promoting) => {
                            shared.connector.hold();
                            shared.log("warn", "primary_failover", &[("promoting", &text)]);
                        }
                        Some(Announcement::Switched(to)) => {
                            let name = sentinel::node_name(&to.0, to.1);
                            if shared.connector.switched(to) {
                                shared.log("warn", "primary_switched", &[("to", &name)]);
                            }
                            shared.connector.release();
                        }
                        Some(Announcement::Aborted) => {
                            shared.connector.release();
                            shared.log("warn", "primary_failover_aborted", &[("detail", &text)]);
                        }
                        None => {}
                    }
                }
                Err(e) if e.is_timeout() => continue,
                Err(_) => break,
            }
        }
    }
}

/// Ask the Sentinels which server is the primary; log when it changed.
pub fn check(shared: &Shared) {
    match shared.connector.check_primary() {
        Ok(Some((to, true))) => {
            let name = sentinel::node_name(&to.0, to.1);
            shared.log("warn", "primary_switched", &[("to", &name)]);
        }
        Ok(_) => {}
        Err(e) => shared.log("warn", "sentinel_check_failed", &[("error", &e)]),
    }
}

fn pause(shared: &Shared) {
    for _ in 0..20 {
        if shared.finished.load(Ordering::SeqCst) {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
