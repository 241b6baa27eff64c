//! Facts about the Redis server itself (not cogworker's keys): its version as `INFO server`
//! states it, which server it is (Redis or Valkey), its role, and what the gem and cogctl
//! need of it.

use std::fmt;

/// The server software answering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    Redis,
    Valkey,
}

impl Product {
    /// Its name in JSON: `redis` or `valkey`.
    pub fn key(self) -> &'static str {
        match self {
            Product::Redis => "redis",
            Product::Valkey => "valkey",
        }
    }
}

/// Which server answers and its own version. Valkey keeps `redis_version` for clients (7.2.4
/// on Valkey 8) and names itself in `server_name:valkey` and `valkey_version:8.0.1`; what a
/// feature needs is still read from `redis_version`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    pub product: Product,
    pub version: String,
}

impl fmt::Display for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.product {
            Product::Redis => "Redis",
            Product::Valkey => "Valkey",
        };
        write!(f, "{name} {}", self.version)
    }
}

/// The server's identity from the fields of `INFO server`; `None` without a version.
pub fn identity<'a>(field: impl Fn(&str) -> Option<&'a str>) -> Option<Identity> {
    let valkey = field("server_name").is_some_and(|n| n.eq_ignore_ascii_case("valkey"))
        || field("valkey_version").is_some();
    if valkey && let Some(version) = field("valkey_version").or_else(|| field("redis_version")) {
        return Some(Identity {
            product: Product::Valkey,
            version: version.to_string(),
        });
    }
    field("redis_version").map(|version| Identity {
        product: Product::Redis,
        version: version.to_string(),
    })
}

/// The server's mode (`standalone`, `sentinel`, `cluster`): `redis_mode` on Redis,
/// `server_mode` on Valkey 8.
pub fn mode<'a>(field: impl Fn(&str) -> Option<&'a str>) -> Option<&'a str> {
    field("redis_mode").or_else(|| field("server_mode"))
}

/// A replication role as INFO or ROLE says it names a primary: Redis says `master`, Valkey
/// may say `primary`.
pub fn is_primary_role(role: &str) -> bool {
    matches!(role, "master" | "primary")
}

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
    fn valkey_names_itself_beside_the_redis_version_it_keeps() {
        let info = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| *v)
        };
        let valkey = identity(info(&[
            ("redis_version", "7.2.4"),
            ("server_name", "valkey"),
            ("valkey_version", "8.0.1"),
            ("server_mode", "standalone"),
        ]))
        .unwrap();
        assert_eq!(valkey.to_string(), "Valkey 8.0.1");
        assert_eq!(valkey.product.key(), "valkey");
        let redis = identity(info(&[
            ("redis_version", "7.0.15"),
            ("redis_mode", "standalone"),
        ]));
        assert_eq!(redis.unwrap().to_string(), "Redis 7.0.15");
        assert_eq!(identity(info(&[])), None);
        assert_eq!(
            mode(info(&[("server_mode", "standalone")])),
            Some("standalone")
        );
        assert_eq!(mode(info(&[("redis_mode", "cluster")])), Some("cluster"));
        assert!(is_primary_role("master") && is_primary_role("primary"));
        assert!(!is_primary_role("slave") && !is_primary_role("replica"));
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
