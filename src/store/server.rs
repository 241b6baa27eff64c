//! Facts about the Redis server itself (not cogworker's keys): its version as `INFO server`
//! states it, and what the gem and cogctl need of it.

/// `"7.0.15"` as (7, 0, 15); a missing part reads 0 (`"7.2"` is 7.2.0). `None` when the
/// major or minor part isn't a number.
pub fn version(text: &str) -> Option<(u64, u64, u64)> {
    let mut parts = text.trim().split('.').map(|p| p.parse::<u64>());
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(a)), Some(Ok(b)), None) => Some((a, b, 0)),
        (Some(Ok(a)), Some(Ok(b)), Some(Ok(c))) => Some((a, b, c)),
        _ => None,
    }
}

/// `version` ≥ (major, minor)? A version that doesn't read as numbers passes: the server is
/// given the benefit of the doubt.
pub fn version_at_least(version: &str, (major, minor): (u64, u64)) -> bool {
    self::version(version).is_none_or(|(a, b, _)| (a, b) >= (major, minor))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lmove_needs_redis_6_2() {
        for (v, ok) in [
            ("7.0.15", true),
            ("6.2.0", true),
            ("6.10.1", true),
            ("6.0.16", false),
            ("5.0.7", false),
            ("255.255.255", true),
            ("unknown", true),
        ] {
            assert_eq!(version_at_least(v, (6, 2)), ok, "{v}");
        }
    }

    #[test]
    fn versions_read_as_three_numbers() {
        assert_eq!(version("7.0.15"), Some((7, 0, 15)));
        assert_eq!(version("6.0.6"), Some((6, 0, 6)));
        assert_eq!(version("7.2"), Some((7, 2, 0)));
        assert_eq!(version("7.2.4-rc1"), None);
        assert_eq!(version("unknown"), None);
    }
}
