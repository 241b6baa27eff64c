//! HTTP handlers (`--handler 'CLASS=http://HOST:PORT/PATH'`, https too): each job is a POST of
//! its payload, exactly as stored, to the URL. A 2xx answer is success whatever its body;
//! anything else is a failure, described by a JSON body shaped like the `serve:` reply when
//! there is one, else by the status line; `Retry-After` on a failure schedules the retry. A
//! connection that can't be made or breaks, and a request past the job's timeout, fail the job
//! like any handler failure: it goes to retry or dead, never lost.
//!
//! One agent per handler URL, shared by the worker's threads: its pool keeps their connections
//! alive between jobs. The request runs on a helper thread of the worker thread's own so a
//! stop whose drain ran out (`Children::signal_all`) is not held up by a server that never
//! answers.

use std::cell::RefCell;
use std::fmt;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, SystemTime};

use serde_json::Value;
use ureq::Agent;
use ureq::http::{StatusCode, Uri};

use crate::worker::job::{
    Children, Decision, Failure, JobContext, Outcome, Reported, failure, parse_result, plain,
};

pub const HTTP_TIMEOUT: &str = "Cogctl::HttpTimeout";
pub const HTTP_UNREACHABLE: &str = "Cogctl::HttpUnreachable";
pub const HTTP_STATUS: &str = "Cogctl::HttpStatus";

/// A response body longer than this is not read for a reason: the status line is used.
const BODY_BYTES: u64 = 1 << 20;
/// Without a job timeout, a connection still has to be made within this.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the start-up check waits for a connection.
const CHECK_TIMEOUT: Duration = Duration::from_secs(3);
/// How often a worker thread waiting on its request looks whether the worker is stopping.
const POLL: Duration = Duration::from_millis(50);
/// Idle connections kept: one per worker thread at most (`-c` is at most 1000).
const IDLE_CONNECTIONS: usize = 1000;

/// A handler URL and its agent.
#[derive(Clone)]
pub struct Endpoint {
    /// As given, userinfo included (ureq sends it as basic auth).
    url: String,
    /// With the password replaced by `***`: what errors and logs show.
    shown: String,
    agent: Agent,
}

impl PartialEq for Endpoint {
    fn eq(&self, other: &Endpoint) -> bool {
        self.url == other.url
    }
}

impl Eq for Endpoint {}

impl fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Endpoint").field(&self.shown).finish()
    }
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

impl Endpoint {
    /// An `http://` or `https://` URL with a host; its errors name it redacted.
    /// Whether the URL takes a connection (the worker's start-up check): its host resolves
    /// and one of its addresses accepts within a few seconds. Nothing is sent.
    pub fn check(&self) -> Result<(), String> {
        use std::net::{TcpStream, ToSocketAddrs};
        let uri: Uri = self
            .url
            .parse()
            .map_err(|e| format!("{} is not a URL: {e}", self.shown))?;
        let host = uri.host().unwrap_or_default().trim_matches(['[', ']']);
        let port = uri
            .port_u16()
            .unwrap_or(if uri.scheme_str() == Some("https") {
                443
            } else {
                80
            });
        let addrs: Vec<_> = (host, port)
            .to_socket_addrs()
            .map_err(|e| format!("{host} doesn't resolve: {e}"))?
            .collect();
        let mut last = String::from("no address");
        for addr in addrs {
            match TcpStream::connect_timeout(&addr, CHECK_TIMEOUT) {
                Ok(_) => return Ok(()),
                Err(e) => last = format!("{addr}: {e}"),
            }
        }
        Err(format!("doesn't answer ({last})"))
    }

    pub fn parse(url: &str) -> Result<Endpoint, String> {
        let url = url.trim();
        let shown = redact(url);
        let uri: Uri = url
            .parse()
            .map_err(|e| format!("{shown} is not a URL: {e}"))?;
        if !matches!(uri.scheme_str(), Some("http" | "https")) || uri.host().is_none() {
            return Err(format!(
                "{shown} is not an http:// or https:// URL with a host"
            ));
        }
        let agent = Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(Some(CONNECT_TIMEOUT))
            // A redirect is an answer like any other non-2xx: a job is POSTed once, where
            // it was configured to go.
            .max_redirects(0)
            .max_redirects_will_error(false)
            .proxy(None)
            .max_idle_connections(IDLE_CONNECTIONS)
            .max_idle_connections_per_host(IDLE_CONNECTIONS)
            .user_agent(concat!("cogctl/", env!("CARGO_PKG_VERSION")))
            .build()
            .into();
        Ok(Endpoint {
            url: url.to_owned(),
            shown,
            agent,
        })
    }

    /// POST one job. `children` says when the worker stops without waiting any longer.
    pub fn run(
        &self,
        job: &JobContext<'_>,
        timeout: Option<Duration>,
        children: &Children,
    ) -> Outcome {
        let request = Request {
            endpoint: self.clone(),
            payload: job.payload.to_vec(),
            headers: [
                ("X-Cogctl-Jid", header_value(job.jid)),
                ("X-Cogctl-Class", header_value(job.class)),
                ("X-Cogctl-Queue", header_value(job.queue)),
                ("X-Cogctl-Attempt", (job.retry_count + 1).to_string()),
                ("X-Cogctl-Identity", header_value(job.identity)),
            ],
            timeout,
        };
        HELPER.with(|helper| {
            let mut helper = helper.borrow_mut();
            let Some(running) = helper.take().or_else(Helper::start) else {
                // No thread to spare: the request runs here, uninterruptible.
                return request.send();
            };
            if running.requests.send(request).is_err() {
                return failure(
                    HTTP_UNREACHABLE,
                    "the request's helper thread is gone".into(),
                );
            }
            loop {
                match running.outcomes.recv_timeout(POLL) {
                    Ok(outcome) => {
                        *helper = Some(running);
                        return outcome;
                    }
                    Err(RecvTimeoutError::Timeout) if children.signalled().is_some() => {
                        // The helper stays with its request; this thread gets a new one
                        // if it runs another job.
                        return failure(
                            HTTP_UNREACHABLE,
                            format!("POST {}: abandoned, the worker is stopping", self.shown),
                        );
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => {
                        return failure(
                            HTTP_UNREACHABLE,
                            "the request's helper thread is gone".into(),
                        );
                    }
                }
            }
        })
    }
}

thread_local! {
    /// The calling worker thread's helper, while it is idle.
    static HELPER: RefCell<Option<Helper>> = const { RefCell::new(None) };
}

struct Helper {
    requests: Sender<Request>,
    outcomes: Receiver<Outcome>,
}

impl Helper {
    fn start() -> Option<Helper> {
        let (requests, inbox) = mpsc::channel::<Request>();
        let (outbox, outcomes) = mpsc::channel();
        std::thread::Builder::new()
            .name("cogctl-http".into())
            .spawn(move || {
                for request in inbox {
                    if outbox.send(request.send()).is_err() {
                        return;
                    }
                }
            })
            .ok()?;
        Some(Helper { requests, outcomes })
    }
}

struct Request {
    endpoint: Endpoint,
    payload: Vec<u8>,
    headers: [(&'static str, String); 5],
    timeout: Option<Duration>,
}

impl Request {
    fn send(self) -> Outcome {
        let shown = &self.endpoint.shown;
        let mut builder = self
            .endpoint
            .agent
            .post(&self.endpoint.url)
            .header("Content-Type", "application/json");
        for (name, value) in &self.headers {
            builder = builder.header(*name, value);
        }
        if let Some(timeout) = self.timeout {
            builder = builder.config().timeout_global(Some(timeout)).build();
        }
        let mut response = match builder.send(&self.payload[..]) {
            Ok(response) => response,
            Err(e) => return Outcome::Failure(self.transport_failure(e)),
        };
        let status = response.status();
        // Read to its end, so the connection can serve the next job.
        let body = response
            .body_mut()
            .with_config()
            .limit(BODY_BYTES)
            .read_to_vec();
        if status.is_success() {
            return Outcome::Success;
        }
        let retry_after = response
            .headers()
            .get("retry-after")
            .and_then(|value| value.to_str().ok())
            .and_then(|value| retry_after(value, SystemTime::now()));
        Outcome::Failure(answered(
            &format!("POST {shown} answered {}", status_line(status)),
            body.ok().as_deref(),
            retry_after,
        ))
    }

    fn transport_failure(&self, error: ureq::Error) -> Failure {
        let shown = &self.endpoint.shown;
        let within = |length: Duration| {
            let secs = format!("{:.3}", length.as_secs_f64());
            format!("{}s", secs.trim_end_matches('0').trim_end_matches('.'))
        };
        let (class, message) = match &error {
            ureq::Error::Timeout(ureq::Timeout::Connect | ureq::Timeout::Resolve)
                if self.timeout.is_none() =>
            {
                (
                    HTTP_TIMEOUT,
                    format!(
                        "POST {shown}: no connection within {}",
                        within(CONNECT_TIMEOUT)
                    ),
                )
            }
            ureq::Error::Timeout(_) => (
                HTTP_TIMEOUT,
                format!(
                    "POST {shown}: no complete answer within {}",
                    within(self.timeout.unwrap_or(CONNECT_TIMEOUT))
                ),
            ),
            ureq::Error::Io(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
                ) =>
            {
                (HTTP_TIMEOUT, format!("POST {shown}: {e}"))
            }
            ureq::Error::Io(e) => (HTTP_UNREACHABLE, format!("POST {shown}: {e}")),
            ureq::Error::HostNotFound => {
                (HTTP_UNREACHABLE, format!("POST {shown}: host not found"))
            }
            ureq::Error::ConnectionFailed => {
                (HTTP_UNREACHABLE, format!("POST {shown}: could not connect"))
            }
            other => (HTTP_UNREACHABLE, format!("POST {shown}: {other}")),
        };
        // An error's own text may quote the URL: never with its password.
        let message = if self.endpoint.url != *shown {
            message.replace(&self.endpoint.url, shown)
        } else {
            message
        };
        plain(class, message)
    }
}

/// A non-2xx answer: the body's error_class/error_message/backtrace/retry when it is a JSON
/// object like a `serve:` reply, else the status line; `Retry-After` unless the body's `retry`
/// says otherwise.
fn answered(status: &str, body: Option<&[u8]>, retry_after: Option<f64>) -> Failure {
    let default = retry_after.map_or(Decision::Default, Decision::RetryIn);
    let reported = body.and_then(|body| {
        let has_retry = serde_json::from_slice::<Value>(body)
            .ok()?
            .get("retry")
            .is_some_and(|retry| !retry.is_null());
        Some((parse_result(body).ok()?, has_retry))
    });
    match reported {
        Some((
            Reported {
                error_class,
                error_message,
                decision,
                backtrace,
            },
            has_retry,
        )) => Failure {
            error_class: error_class.unwrap_or_else(|| HTTP_STATUS.into()),
            error_message: error_message.unwrap_or_else(|| status.into()),
            decision: if has_retry { decision } else { default },
            backtrace,
        },
        None => Failure {
            decision: default,
            ..plain(HTTP_STATUS, status.into())
        },
    }
}

/// `503 Service Unavailable`.
fn status_line(status: StatusCode) -> String {
    match status.canonical_reason() {
        Some(reason) => format!("{} {reason}", status.as_u16()),
        None => status.as_u16().to_string(),
    }
}

/// A `Retry-After` value as seconds from `now`: a number of seconds (a decimal fraction is
/// kept), or an HTTP date (a past one: 0).
fn retry_after(value: &str, now: SystemTime) -> Option<f64> {
    let value = value.trim();
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return value
            .parse::<f64>()
            .ok()
            .filter(|secs| secs.is_finite() && *secs >= 0.0);
    }
    let date = chrono::DateTime::parse_from_rfc2822(value).ok()?;
    let now = chrono::DateTime::<chrono::Utc>::from(now);
    Some(((date.timestamp_millis() - now.timestamp_millis()).max(0)) as f64 / 1000.0)
}

/// A header value from Redis (anything): printable ASCII but `%` is kept, every other byte of
/// its UTF-8 is percent-encoded (`%0A`, `%C3%A9`), so decoding gives back the exact string
/// and nothing in it can end the header or start another one.
fn header_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &byte in text.as_bytes() {
        if (0x21..=0x7e).contains(&byte) && byte != b'%' {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The URL with the password of its userinfo (if any) replaced by `***`.
fn redact(url: &str) -> String {
    let Some(start) = url.find("://").map(|i| i + 3) else {
        return url.to_owned();
    };
    let end = url[start..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| start + i);
    let Some(at) = url[start..end].rfind('@').map(|i| start + i) else {
        return url.to_owned();
    };
    match url[start..at].find(':') {
        Some(colon) => format!("{}:***{}", &url[..start + colon], &url[at..]),
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_never_shown() {
        assert_eq!(
            redact("https://bot:s3cr@t@jobs.internal:8443/run?x=a@b"),
            "https://bot:***@jobs.internal:8443/run?x=a@b"
        );
        assert_eq!(redact("http://bot@h/p"), "http://bot@h/p");
        assert_eq!(redact("http://h:80/p@q"), "http://h:80/p@q");
        let error = Endpoint::parse("ftp://u:hunter2@h/").unwrap_err();
        assert_eq!(
            error,
            "ftp://u:***@h/ is not an http:// or https:// URL with a host"
        );
        let endpoint = Endpoint::parse("http://u:hunter2@127.0.0.1:9/jobs").unwrap();
        assert_eq!(endpoint.to_string(), "http://u:***@127.0.0.1:9/jobs");
        assert!(!format!("{endpoint:?}").contains("hunter2"));
    }

    #[test]
    fn header_values_are_percent_encoded_outside_printable_ascii() {
        assert_eq!(header_value("a1b2c3"), "a1b2c3");
        assert_eq!(header_value("Billing::Charge"), "Billing::Charge");
        assert_eq!(header_value("x\r\nX-Evil: 1"), "x%0D%0AX-Evil:%201");
        assert_eq!(header_value("café 100%"), "caf%C3%A9%20100%25");
    }

    #[test]
    fn retry_after_is_seconds_or_a_date() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(784_111_777);
        assert_eq!(retry_after("7", now), Some(7.0));
        assert_eq!(retry_after(" 2.5 ", now), Some(2.5));
        assert_eq!(
            retry_after("Sun, 06 Nov 1994 08:49:47 GMT", now),
            Some(10.0)
        );
        assert_eq!(retry_after("Sun, 06 Nov 1994 08:49:27 GMT", now), Some(0.0));
        assert_eq!(retry_after("-3", now), None);
        assert_eq!(retry_after("soon", now), None);
        assert_eq!(retry_after("", now), None);
    }

    #[test]
    fn failures_come_from_a_json_body_else_the_status_line() {
        let status = "POST http://h/jobs answered 500 Internal Server Error";
        let body = br#"{"ok":false,"error_class":"Card::Declined","error_message":"no","retry":"kill","backtrace":["a.py:1"]}"#;
        let f = answered(status, Some(body), Some(7.0));
        assert_eq!(f.error_class, "Card::Declined");
        assert_eq!(f.error_message, "no");
        assert_eq!(f.decision, Decision::Kill);
        assert_eq!(f.backtrace, ["a.py:1"]);
        // Retry-After unless the body says otherwise.
        let f = answered(status, Some(br#"{"error_class":"Busy"}"#), Some(7.0));
        assert_eq!(
            (f.error_class.as_str(), f.error_message.as_str()),
            ("Busy", status)
        );
        assert_eq!(f.decision, Decision::RetryIn(7.0));
        let f = answered(status, Some(br#"{"retry":"default"}"#), Some(7.0));
        assert_eq!(f.decision, Decision::Default);
        for body in [&b"<html>oops</html>"[..], b"[1]", br#"{"retry":"later"}"#] {
            let f = answered(status, Some(body), None);
            assert_eq!(f, plain(HTTP_STATUS, status.into()));
        }
        assert_eq!(
            answered(status, None, None),
            plain(HTTP_STATUS, status.into())
        );
        assert_eq!(
            status_line(StatusCode::SERVICE_UNAVAILABLE),
            "503 Service Unavailable"
        );
        assert_eq!(status_line(StatusCode::from_u16(599).unwrap()), "599");
    }
}
