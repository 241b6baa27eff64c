//! Writing a job back as the gem would: compact JSON with every field kept in its place and
//! its value byte for byte, only the fields an action changes re-encoded, and floats in
//! Ruby's `Float#to_s` form (KEYS.md §1.2).

use super::job::Job;

/// `x` as Ruby's `Float#to_s` writes it: plain decimal for 1e-4 ≤ |x| < 1e15 (always with a
/// fraction: `1733130000.0`), otherwise exponent form with a fraction and a signed two-digit
/// exponent (`1.0e+20`, `1.0e-05`).
pub fn ruby_float(x: f64) -> String {
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    let magnitude = x.abs();
    if (1e-4..1e15).contains(&magnitude) {
        // Debug prints the shortest round-trip digits and keeps `.0`, without an exponent in
        // this range.
        return format!("{x:?}");
    }
    let sci = format!("{x:e}");
    let (mantissa, exponent) = sci.split_once('e').expect("{:e} has an exponent");
    let mantissa = if mantissa.contains('.') {
        mantissa.to_string()
    } else {
        format!("{mantissa}.0")
    };
    let (sign, digits) = match exponent.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exponent),
    };
    format!("{mantissa}e{sign}{digits:0>2}")
}

/// The job as compact JSON with `set` fields given new raw values (in place when present,
/// appended in order when not) and `remove` fields dropped. Every other field keeps its
/// position and its exact stored text.
pub fn rewrite(job: &Job<'_>, set: &[(&str, String)], remove: &[&str]) -> String {
    let mut out = String::with_capacity(job.as_raw_value().get().len() + 32);
    out.push('{');
    let mut first = true;
    let mut field = |out: &mut String, name: &str, value: &str| {
        if !first {
            out.push(',');
        }
        first = false;
        out.push_str(&serde_json::to_string(name).expect("a string serialises"));
        out.push(':');
        out.push_str(value);
    };
    let mut placed = vec![false; set.len()];
    for (name, value) in job.fields() {
        if remove.contains(&name) {
            continue;
        }
        match set.iter().position(|(n, _)| *n == name) {
            Some(i) => {
                field(&mut out, name, &set[i].1);
                placed[i] = true;
            }
            None => field(&mut out, name, value.get()),
        }
    }
    for (i, (name, value)) in set.iter().enumerate() {
        if !placed[i] {
            field(&mut out, name, value);
        }
    }
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_as_ruby_writes_them() {
        for (x, want) in [
            (1733130000.0, "1733130000.0"),
            (1796207281.9064243, "1796207281.9064243"),
            (123456789012345.0, "123456789012345.0"),
            (0.0001, "0.0001"),
            (0.30000000000000004, "0.30000000000000004"),
            (1e15, "1.0e+15"),
            (1e20, "1.0e+20"),
            (1.2345678901234568e16, "1.2345678901234568e+16"),
            (1e-5, "1.0e-05"),
            (2.5e-5, "2.5e-05"),
            (-0.0, "-0.0"),
            (100.0, "100.0"),
        ] {
            assert_eq!(ruby_float(x), want, "{x}");
        }
    }

    #[test]
    fn rewrite_keeps_every_other_byte() {
        let raw = br#"{"retry":2,"class":"FailJob","args":["x",1.0e+20,{"a":[1]}],"jid":"j","queue":"default","created_at":1796207279.200114,"enqueued_at":1796207279.270632,"error_class":"RuntimeError","error_message":"boom \u00e9\n","failed_at":1796207281.9293249,"retry_count":1,"custom":{"k":null}}"#;
        let job = Job::parse(raw).unwrap();
        let out = rewrite(&job, &[("enqueued_at", ruby_float(1796300000.5))], &[]);
        let want = String::from_utf8(raw.to_vec())
            .unwrap()
            .replace("1796207279.270632", "1796300000.5");
        assert_eq!(out, want);
        let out = rewrite(&job, &[("enqueued_at", "1.5".into())], &["retry_count"]);
        assert!(!out.contains("retry_count"));
        assert!(out.ends_with(r#""failed_at":1796207281.9293249,"custom":{"k":null}}"#));
    }

    #[test]
    fn a_missing_field_is_appended() {
        let raw = br#"{"class":"EchoJob","args":["later"],"at":1796207933.7389722,"jid":"43c361ec59a34ecc2ee2412a","queue":"default","retry":true,"created_at":1796207333.7402143}"#;
        let job = Job::parse(raw).unwrap();
        let out = rewrite(&job, &[("enqueued_at", "1796208000.25".into())], &[]);
        assert!(out.ends_with(r#""created_at":1796207333.7402143,"enqueued_at":1796208000.25}"#));
    }
}
