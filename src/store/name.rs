//! Names as Redis keeps them: bytes. Queue names, process identities and the keys built from
//! them are usually UTF-8, but nothing stops a producer from writing `q\xff` into
//! `cogworker:queues`; such a name must still be listed, shown and acted on, byte for byte.
//!
//! A `Name` goes to Redis as its exact bytes (`ToRedisArgs`), is shown through the one
//! escaping function (`shown()`: `q\xff`; there is deliberately no `Display`, so no
//! `to_string()` can pass for the bytes), and is written to JSON as its text when it is UTF-8,
//! else as that escaped form (a JSON string must be Unicode; docs/output.md "JSON output").

use std::borrow::{Borrow, Cow};
use std::fmt;

use redis::{FromRedisValue, RedisWrite, ToRedisArgs, Value};

use crate::text::visible_bytes;

#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name(Vec<u8>);

impl Name {
    pub fn new(bytes: impl Into<Vec<u8>>) -> Name {
        Name(bytes.into())
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.0
    }

    /// The name as text, when it is UTF-8.
    pub fn to_str(&self) -> Option<&str> {
        std::str::from_utf8(&self.0).ok()
    }

    /// How people see it: escaped by `text::visible_bytes`.
    pub fn shown(&self) -> Cow<'_, str> {
        visible_bytes(&self.0)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// What follows `prefix`, if the name starts with it.
    pub fn strip_prefix(&self, prefix: &str) -> Option<Name> {
        self.0.strip_prefix(prefix.as_bytes()).map(Name::new)
    }

    /// `prefix` followed by this name: how keys are built from names (store::keys only).
    pub(crate) fn prefixed(prefix: &str, name: &[u8]) -> Name {
        let mut bytes = Vec::with_capacity(prefix.len() + name.len());
        bytes.extend_from_slice(prefix.as_bytes());
        bytes.extend_from_slice(name);
        Name(bytes)
    }
}

/// `names` as people see them, joined by `sep`.
pub fn shown_list(names: &[Name], sep: &str) -> String {
    names.iter().map(Name::shown).collect::<Vec<_>>().join(sep)
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Name({:?})", self.shown())
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Name {
        Name(s.as_bytes().to_vec())
    }
}

impl From<String> for Name {
    fn from(s: String) -> Name {
        Name(s.into_bytes())
    }
}

impl From<&String> for Name {
    fn from(s: &String) -> Name {
        Name(s.as_bytes().to_vec())
    }
}

impl From<Vec<u8>> for Name {
    fn from(b: Vec<u8>) -> Name {
        Name(b)
    }
}

impl From<&[u8]> for Name {
    fn from(b: &[u8]) -> Name {
        Name(b.to_vec())
    }
}

impl From<&Name> for Name {
    fn from(n: &Name) -> Name {
        n.clone()
    }
}

/// A command-line argument as typed: on Unix its exact bytes, so a name that is not UTF-8
/// can be given (`$'q\xff'` in bash).
impl From<std::ffi::OsString> for Name {
    fn from(s: std::ffi::OsString) -> Name {
        use std::os::unix::ffi::OsStringExt;
        Name(s.into_vec())
    }
}

impl std::ops::Deref for Name {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl AsRef<[u8]> for Name {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl Borrow<[u8]> for Name {
    fn borrow(&self) -> &[u8] {
        &self.0
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.0 == other.as_bytes()
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.0 == other.as_bytes()
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        self.0 == other.as_bytes()
    }
}

impl ToRedisArgs for Name {
    fn write_redis_args<W: ?Sized + RedisWrite>(&self, out: &mut W) {
        out.write_arg(&self.0)
    }
}

impl FromRedisValue for Name {
    fn from_redis_value_ref(v: &Value) -> Result<Name, redis::ParsingError> {
        Ok(Name(Vec::<u8>::from_redis_value_ref(v)?))
    }

    fn from_redis_value(v: Value) -> Result<Name, redis::ParsingError> {
        Ok(Name(Vec::<u8>::from_redis_value(v)?))
    }
}

impl serde::Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.to_str() {
            Some(text) => s.serialize_str(text),
            None => s.serialize_str(&self.shown()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_in_and_out() {
        let n = Name::new(b"q\xff".to_vec());
        assert_eq!(n.shown(), "q\\xff");
        assert_eq!(n.to_str(), None);
        assert_eq!(serde_json::to_string(&n).unwrap(), "\"q\\\\xff\"");
        let args = n.to_redis_args();
        assert_eq!(args, vec![b"q\xff".to_vec()]);
        let ok = Name::from("mail\u{1b}[31m");
        assert_eq!(ok.shown(), "mail\\x1b[31m");
        assert_eq!(serde_json::to_string(&ok).unwrap(), "\"mail\\u001b[31m\"");
        assert_eq!(
            Name::prefixed("cogworker:queue:", b"q\xff").strip_prefix("cogworker:queue:"),
            Some(n)
        );
    }
}
