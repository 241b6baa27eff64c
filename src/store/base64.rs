//! Standard base64 with padding (RFC 4648 §4), for members that are not UTF-8 and so can't
//! be JSON strings in exports and plans.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Strict: whole padded groups, no whitespace, and unused bits zero, so every byte
/// string has exactly one accepted text.
pub fn decode(text: &str) -> Result<Vec<u8>, String> {
    let b = text.as_bytes();
    if !b.len().is_multiple_of(4) {
        return Err(format!("its length, {}, is not a multiple of 4", b.len()));
    }
    let mut out = Vec::with_capacity(b.len() / 4 * 3);
    let groups = b.len() / 4;
    for (g, group) in b.chunks(4).enumerate() {
        let pad = group.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 || (pad > 0 && g + 1 != groups) {
            return Err("misplaced padding".into());
        }
        let mut n = 0u32;
        for (i, &c) in group[..4 - pad].iter().enumerate() {
            let v = ALPHABET
                .iter()
                .position(|&a| a == c)
                .ok_or_else(|| format!("{:?} is not a base64 character", c as char))?;
            n |= (v as u32) << (18 - 6 * i);
        }
        let keep = 3 - pad;
        if n & ((1 << (8 * (3 - keep))) - 1) != 0 {
            return Err("non-zero padding bits".into());
        }
        out.extend_from_slice(&n.to_be_bytes()[1..1 + keep]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_vectors() {
        let vectors = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in vectors {
            assert_eq!(encode(plain.as_bytes()), encoded);
            assert_eq!(decode(encoded).unwrap(), plain.as_bytes());
        }
        assert_eq!(encode(&[0xff, 0xfe, 0x00]), "//4A");
    }

    #[test]
    fn base64_round_trips_every_byte_and_length() {
        let bytes: Vec<u8> = (0..=255).chain((0..=255).rev()).collect();
        for len in 0..bytes.len() {
            let text = encode(&bytes[..len]);
            assert_eq!(decode(&text).unwrap(), &bytes[..len], "{len}");
        }
    }

    #[test]
    fn base64_refuses_what_is_not_canonical() {
        for bad in [
            "Zg=", "Zg", "Zh==", "Zm9=", "Z===", "Zg==Zg==", "Zm 9v", "Zm9v\n", "Zm-_",
        ] {
            assert!(decode(bad).is_err(), "{bad:?}");
        }
    }
}
