//! New jids: 12 random bytes as 24 lowercase hex characters (KEYS.md §1.4), and the host name
//! the gem puts in a process identity.

use std::fs::File;
use std::hash::{BuildHasher, Hasher};
use std::io::Read;

/// Fresh jids: 12 random bytes as 24 lowercase hex chars (KEYS.md §1.4), from xoshiro256**
/// seeded once from the system's randomness. jids only have to be distinct, and the gem's
/// SecureRandom per jid would cost more than the push itself in a bulk enqueue.
pub struct Jids {
    s: [u64; 4],
}

impl Default for Jids {
    fn default() -> Jids {
        Jids::new()
    }
}

impl Jids {
    pub fn new() -> Jids {
        let mut seed = [0u8; 32];
        let from_urandom = File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut seed));
        if from_urandom.is_err() {
            // std's hasher keys come from the OS's randomness too.
            for chunk in seed.chunks_mut(8) {
                let mut h = std::collections::hash_map::RandomState::new().build_hasher();
                h.write_u64(u64::from(std::process::id()));
                chunk.copy_from_slice(&h.finish().to_le_bytes());
            }
        }
        let mut s = [0u64; 4];
        for (word, chunk) in s.iter_mut().zip(seed.chunks(8)) {
            *word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        }
        if s == [0; 4] {
            s[0] = 1;
        }
        Jids { s }
    }

    /// The next 64 random bits (xoshiro256**).
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniformly random integer in 0..n (n > 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A new jid, written into `hex`.
    pub fn fill(&mut self, hex: &mut [u8; 24]) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let (a, b) = (self.next_u64(), self.next_u64());
        let mut bytes = [0u8; 12];
        bytes[..8].copy_from_slice(&a.to_le_bytes());
        bytes[8..].copy_from_slice(&b.to_le_bytes()[..4]);
        for (pair, byte) in hex.chunks_mut(2).zip(bytes) {
            pair[0] = HEX[usize::from(byte >> 4)];
            pair[1] = HEX[usize::from(byte & 0xf)];
        }
    }

    pub fn jid(&mut self) -> String {
        let mut hex = [0u8; 24];
        self.fill(&mut hex);
        hex.iter().map(|&b| char::from(b)).collect()
    }
}

/// One fresh jid (for a single job; a bulk run keeps one `Jids`).
pub fn new_jid() -> String {
    Jids::new().jid()
}

/// The machine's name as the gem takes it: $DYNO, else the hostname.
pub fn hostname() -> String {
    if let Ok(dyno) = std::env::var("DYNO")
        && !dyno.is_empty()
    {
        return dyno;
    }
    let mut buf = [0u8; 256];
    // SAFETY: gethostname writes at most buf.len() bytes into buf.
    let rc = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
    if rc == 0 {
        let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
        if let Ok(name) = std::str::from_utf8(&buf[..end])
            && !name.is_empty()
        {
            return name.to_string();
        }
    }
    "localhost".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jids_are_24_lowercase_hex_and_distinct() {
        let mut jids = Jids::new();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..10_000 {
            let jid = jids.jid();
            assert_eq!(jid.len(), 24);
            assert!(
                jid.bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            );
            assert!(seen.insert(jid));
        }
        assert_ne!(Jids::new().jid(), Jids::new().jid());
    }
}
