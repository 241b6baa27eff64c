//! Sizes for people.

/// Kilobytes (as `rss_kb` and memory history hold them) as `84.1 MB`.
pub fn kb(kb: i64) -> String {
    bytes(kb.saturating_mul(1024))
}

/// `512 B`, `3.2 KB`, `84.1 MB`, `1.20 GB` (binary units, as `ps` and the gem's UI use).
pub fn bytes(b: i64) -> String {
    let v = b as f64;
    let (k, m, g) = (1024.0, 1024.0 * 1024.0, 1024.0 * 1024.0 * 1024.0);
    if v.abs() >= g {
        format!("{:.2} GB", v / g)
    } else if v.abs() >= m {
        format!("{:.1} MB", v / m)
    } else if v.abs() >= k {
        format!("{:.1} KB", v / k)
    } else {
        format!("{b} B")
    }
}

/// A count with thousands separators: `1,000,000`.
pub fn count(n: u64) -> String {
    grouped(&n.to_string())
}

/// `n` things, with the word that fits: `1 key`, `2,500 keys`.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", count(n), crate::text::plural(n, one, many))
}

/// An integer's decimal digits, of any length and maybe signed, with thousands separators.
pub fn grouped(integer: &str) -> String {
    let (sign, digits) = match integer.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", integer),
    };
    let mut out = String::with_capacity(integer.len() + digits.len() / 3);
    out.push_str(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(kb(86076), "84.1 MB");
        assert_eq!(bytes(512), "512 B");
        assert_eq!(bytes(3 * 1024 * 1024 * 1024), "3.00 GB");
        assert_eq!(count(1_000_000), "1,000,000");
        assert_eq!(count(12), "12");
        assert_eq!(
            grouped("-123456789012345678901234567890"),
            "-123,456,789,012,345,678,901,234,567,890"
        );
    }
}
