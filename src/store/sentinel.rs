//! Redis Sentinel: which server is the primary now, and news of a failover as it happens.
//!
//! cogctl asks the Sentinels itself (`SENTINEL GET-MASTER-ADDR-BY-NAME`) rather than through
//! the client library, so that its errors name the Sentinels and the master and say what
//! each Sentinel answered, and so that a long-running process can be told of a switch
//! (`+switch-master`) and move every connection to the new primary.

use std::time::Duration;

use redis::{ConnectionAddr, IntoConnectionInfo};

/// The Sentinels to ask, and the name of the master they monitor.
#[derive(Clone, Debug)]
pub struct Sentinels {
    pub nodes: Vec<(String, u16)>,
    pub master: String,
    pub password: Option<String>,
}

/// A primary's address as the Sentinels give it.
pub type Address = (String, u16);

/// The channel on which every Sentinel announces a completed failover:
/// `<master name> <old ip> <old port> <new ip> <new port>`.
pub const SWITCH_CHANNEL: &str = "+switch-master";

/// Announced by the leading Sentinel just before it promotes the chosen replica
/// (`REPLICAOF NO ONE`): from then on, what is written to the old primary is lost.
/// The message is `slave <name> <ip> <port> @ <master name> <master ip> <master port>`.
pub const PROMOTING_CHANNEL: &str = "+failover-state-send-slaveof-noone";

/// The promotion was not seen in time: the old primary stays.
pub const ABORT_CHANNEL: &str = "-failover-abort-slave-timeout";

/// What one Sentinel announcement means for the master we follow.
#[derive(Clone, Debug, PartialEq)]
pub enum Announcement {
    /// A replica is being promoted: hold writes until the switch.
    Promoting,
    /// The failover is over: this is the primary now.
    Switched(Address),
    /// The promotion failed: the old primary stays.
    Aborted,
}

/// The announcement on `channel` if it is about `master`.
pub fn announcement(channel: &str, message: &str, master: &str) -> Option<Announcement> {
    let about_master = || {
        let words: Vec<&str> = message.split_whitespace().collect();
        words
            .iter()
            .position(|w| *w == "@")
            .and_then(|at| words.get(at + 1))
            .is_some_and(|name| *name == master)
    };
    match channel {
        SWITCH_CHANNEL => switched_to(message, master).map(Announcement::Switched),
        PROMOTING_CHANNEL if about_master() => Some(Announcement::Promoting),
        ABORT_CHANNEL if about_master() => Some(Announcement::Aborted),
        _ => None,
    }
}

impl Sentinels {
    /// `h1:p1,h2:p2`, for targets and messages.
    pub fn list(&self) -> String {
        self.nodes
            .iter()
            .map(|(h, p)| node_name(h, *p))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// A connection to one Sentinel, authenticated when they need a password.
    pub fn connect_node(
        &self,
        node: &(String, u16),
        timeout: Duration,
    ) -> redis::RedisResult<redis::Connection> {
        let mut info = ConnectionAddr::Tcp(node.0.clone(), node.1).into_connection_info()?;
        if let Some(pw) = &self.password {
            let settings = info.redis_settings().clone().set_password(pw);
            info = info.set_redis_settings(settings);
        }
        let conn = redis::Client::open(info)?.get_connection_with_timeout(timeout)?;
        conn.set_read_timeout(Some(timeout))?;
        conn.set_write_timeout(Some(timeout))?;
        Ok(conn)
    }

    /// The primary's address: the first Sentinel that knows the master answers. The error
    /// says what each Sentinel said, in words (`describe` turns library errors into text).
    pub fn primary(
        &self,
        timeout: Duration,
        describe: impl Fn(&redis::RedisError) -> String,
    ) -> Result<Address, String> {
        let mut unknown = Vec::new();
        let mut failed = Vec::new();
        for node in &self.nodes {
            let name = node_name(&node.0, node.1);
            let answer = self.connect_node(node, timeout).and_then(|mut c| {
                redis::cmd("SENTINEL")
                    .arg("GET-MASTER-ADDR-BY-NAME")
                    .arg(&self.master)
                    .query::<Option<(String, u16)>>(&mut c)
            });
            match answer {
                Ok(Some(addr)) => return Ok(addr),
                Ok(None) => unknown.push(name),
                Err(e) => failed.push(format!("{name}: {}", describe(&e))),
            }
        }
        let mut parts = Vec::new();
        if !unknown.is_empty() {
            parts.push(format!(
                "no primary named {:?} is monitored by {}",
                self.master,
                unknown.join(", ")
            ));
        }
        if !failed.is_empty() {
            parts.push(format!("no answer from {}", failed.join("; ")));
        }
        Err(parts.join("; "))
    }
}

/// The new primary of a `+switch-master` message about `master`, if it is one.
pub fn switched_to(message: &str, master: &str) -> Option<Address> {
    let words: Vec<&str> = message.split_whitespace().collect();
    match words.as_slice() {
        [name, _, _, host, port] if *name == master => Some((host.to_string(), port.parse().ok()?)),
        _ => None,
    }
}

pub fn node_name(host: &str, port: u16) -> String {
    if host.contains(':') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switch_messages() {
        assert_eq!(
            switched_to("cogmaster 127.0.0.1 6380 127.0.0.1 6381", "cogmaster"),
            Some(("127.0.0.1".into(), 6381))
        );
        assert_eq!(switched_to("other 1.1.1.1 1 2.2.2.2 2", "cogmaster"), None);
        assert_eq!(
            switched_to("cogmaster 1.1.1.1 1 2.2.2.2 x", "cogmaster"),
            None
        );
        assert_eq!(switched_to("", "cogmaster"), None);
    }

    #[test]
    fn announcements_about_our_master_only() {
        let promoting = "slave 127.0.0.1:6381 127.0.0.1 6381 @ cogmaster 127.0.0.1 6380";
        assert_eq!(
            announcement(PROMOTING_CHANNEL, promoting, "cogmaster"),
            Some(Announcement::Promoting)
        );
        assert_eq!(announcement(PROMOTING_CHANNEL, promoting, "other"), None);
        assert_eq!(
            announcement(
                ABORT_CHANNEL,
                "master cogmaster 127.0.0.1 6380 @ cogmaster 127.0.0.1 6380",
                "cogmaster"
            ),
            Some(Announcement::Aborted)
        );
        assert_eq!(
            announcement(
                SWITCH_CHANNEL,
                "cogmaster 127.0.0.1 6380 127.0.0.1 6381",
                "cogmaster"
            ),
            Some(Announcement::Switched(("127.0.0.1".into(), 6381)))
        );
        assert_eq!(announcement("+sdown", promoting, "cogmaster"), None);
    }
}
