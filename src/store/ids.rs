//! New jids: 12 random bytes as 24 lowercase hex characters (KEYS.md §1.4).

use std::fs::File;
use std::io::Read;
use std::time::{SystemTime, UNIX_EPOCH};

/// A fresh jid from the system's random source (falling back to the clock and process id,
/// which still never repeats within a run).
pub fn new_jid() -> String {
    let mut bytes = [0u8; 12];
    let filled = File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .is_ok();
    if !filled {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        bytes[..8].copy_from_slice(&(nanos as u64).to_le_bytes());
        bytes[8..].copy_from_slice(&std::process::id().to_le_bytes());
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn jids_are_24_lowercase_hex_and_differ() {
        let a = super::new_jid();
        assert_eq!(a.len(), 24);
        assert!(
            a.chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
        );
        assert_ne!(a, super::new_jid());
    }
}
