//! The cron engine's tests: the 250 cases computed by the gem's own cron library
//! (fixtures/cron-next.json) must agree to the second, previous runs across DST gaps and
//! repeated hours, crons that never fire, and invalid crons refused with a sentence.

use serde::Deserialize;

use super::{Cron, CronError, local_zone, pjid, zone_in};

#[derive(Deserialize)]
struct Case {
    cron: String,
    from: f64,
    tz: String,
    next: Option<f64>,
    error: Option<String>,
}

#[derive(Debug, PartialEq)]
enum Outcome {
    Refused(String),
    Next(f64),
    Never,
    Raised(String),
}

fn outcome(case: &Case) -> Outcome {
    match Cron::parse(&case.cron) {
        Err(CronError(why)) => Outcome::Refused(why),
        Ok(cron) => match cron.next_after(case.from, &case.tz) {
            Ok(Some(next)) => Outcome::Next(next),
            Ok(None) => Outcome::Never,
            Err(CronError(error)) => Outcome::Raised(error),
        },
    }
}

/// fugit's answer: a time; nil from `parse` (refused); or an exception, raised by `parse`
/// (then our refusal quotes it) or by `next_time` (then our error starts with it). Only the
/// first line of fugit's text is compared: the rest describes the Ruby host.
fn agrees(case: &Case, got: &Outcome) -> bool {
    match (&case.next, &case.error, got) {
        (Some(next), None, Outcome::Next(got)) => next == got,
        (None, None, Outcome::Refused(_)) => true,
        (None, Some(error), Outcome::Refused(why)) => why.contains(first_line(error)),
        (None, Some(error), Outcome::Raised(got)) => got.starts_with(first_line(error)),
        _ => false,
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

#[test]
fn fixture_all_cases_agree_with_fugit() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/cron-next.json");
    let text = std::fs::read_to_string(path).expect("fixtures/cron-next.json is readable");
    let cases: Vec<Case> = serde_json::from_str(&text).expect("the fixture is a JSON array");
    assert_eq!(cases.len(), 250);
    let mut disagreements = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let got = outcome(case);
        if !agrees(case, &got) {
            let expected = match (&case.next, &case.error) {
                (Some(next), _) => format!("next {next}"),
                (None, Some(error)) => format!("error {:?}", first_line(error)),
                (None, None) => "refused".to_string(),
            };
            disagreements.push(format!(
                "#{i} cron {:?} tz {} from {}: expected {expected}, got {got:?}",
                case.cron, case.tz, case.from
            ));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of 250 cases disagree with fugit 1.5.2:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

const UTC: &str = "UTC";
const NEW_YORK: &str = "America/New_York";

fn cron(text: &str) -> Cron {
    Cron::parse(text).unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

fn previous(text: &str, at: f64, local: &str) -> f64 {
    cron(text)
        .previous_at_or_before(at, local)
        .unwrap_or_else(|e| panic!("{text:?} at {at}: {e}"))
        .expect("fugit always finds a previous time")
}

#[test]
fn previous_at_or_before_includes_the_instant_itself() {
    // 2026-12-02 09:00:00 UTC and the day before.
    let (today, yesterday) = (1_796_202_000.0, 1_796_115_600.0);
    assert_eq!(previous("0 9 * * *", today, UTC), today);
    assert_eq!(previous("0 9 * * *", today + 0.5, UTC), today);
    assert_eq!(previous("0 9 * * *", today - 1.0, UTC), yesterday);
    assert_eq!(previous("0 9 * * *", today - 0.5, UTC), yesterday);
}

#[test]
fn previous_time_is_fugits_own_and_excludes_the_current_second() {
    let (today, yesterday) = (1_796_202_000.0, 1_796_115_600.0);
    let c = cron("0 9 * * *");
    assert_eq!(c.previous_time(today, UTC), Ok(Some(yesterday)));
    assert_eq!(c.previous_time(today + 0.3, UTC), Ok(Some(yesterday)));
    assert_eq!(c.previous_time(today + 1.0, UTC), Ok(Some(today)));
}

#[test]
fn previous_skips_a_time_dst_skips() {
    // 02:30 doesn't exist in New York on 2026-03-08: from that day's noon (EDT) the most
    // recent 02:30 is the day before (EST); likewise 02:00 seen from the next midnight.
    assert_eq!(
        previous("30 2 * * *", 1_772_985_600.0, NEW_YORK),
        1_772_868_600.0
    );
    assert_eq!(
        previous("0 2 * * *", 1_773_028_800.0, NEW_YORK),
        1_772_866_800.0
    );
    // The same in Berlin, named by the cron while the process runs in UTC.
    assert_eq!(
        previous("30 2 * * * Europe/Berlin", 1_774_778_400.0, UTC),
        1_774_661_400.0
    );
}

#[test]
fn previous_finds_both_passes_of_a_repeated_time() {
    // New York repeats 01:00-02:00 on 2026-11-01: 01:30 EDT (…1000) then 01:30 EST (…4600).
    let (first, second) = (1_793_511_000.0, 1_793_514_600.0);
    assert_eq!(previous("30 1 * * *", 1_793_552_400.0, NEW_YORK), second);
    // 01:15 EST: the previous 01:30 is the first pass, an hour of wall time "later".
    assert_eq!(previous("30 1 * * *", 1_793_513_700.0, NEW_YORK), first);
    assert_eq!(
        previous("30 1 * * * America/New_York", second - 1.0, UTC),
        first
    );
}

#[test]
fn previous_of_a_start_in_the_first_pass_raises_as_fugit_does() {
    let error = cron("30 1 * * *")
        .previous_at_or_before(1_793_511_000.0, NEW_YORK)
        .expect_err("01:30 EDT can't be named by fugit");
    assert!(
        error
            .0
            .starts_with(r#"ArgumentError: Cannot determine timezone from "EDT""#),
        "{error}"
    );
}

#[test]
fn previous_of_each_next_time_is_that_time() {
    let crons = [
        ("* * * * *", UTC),
        ("*/15 * * * * *", UTC),
        ("0 9 * * 1-5", UTC),
        ("0 0 L * *", UTC),
        ("0 10 * * fri#-1", UTC),
        ("0 0 * * tue%3+1", UTC),
        ("0 0 29 2 *", UTC),
        ("30 2 * * *", "Europe/Berlin"),
        ("*/30 * * * *", "Europe/Berlin"),
        ("30 1 * * * America/New_York", UTC),
        ("0 * * * * America/New_York", UTC),
        ("0 9 * * 1-5 Europe/Berlin", "Asia/Tokyo"),
        ("0 0 * * * +05:30", NEW_YORK),
        ("30 2 * * *", "Australia/Sydney"),
    ];
    // Starts a little before the 2026 DST changes in Europe and America, and 2026-12-02.
    let starts = [
        1_774_695_600.0,
        1_772_902_800.0,
        1_792_843_200.0,
        1_796_231_943.25,
    ];
    for (text, local) in crons {
        let c = cron(text);
        for start in starts {
            let times = c
                .next_n(start, local, 30)
                .unwrap_or_else(|e| panic!("{text:?} from {start}: {e}"));
            assert_eq!(times.len(), 30);
            for (i, &t) in times.iter().enumerate() {
                assert!(t > if i == 0 { start } else { times[i - 1] });
                if let Err(error) = c.previous_at_or_before(t, local) {
                    // fugit can't name the zone of a first-pass time in a repeated local hour,
                    // whichever way it searches from it.
                    assert!(
                        error.0.starts_with("ArgumentError: Cannot determine"),
                        "{error}"
                    );
                    assert_eq!(c.next_after(t, local), Err(error));
                    continue;
                }
                let back = c.previous_at_or_before(t, local);
                assert_eq!(back, Ok(Some(t)), "{text:?} in {local}: previous of {t}");
                // Usually the time before; later only for the second pass through a repeated
                // hour, which next_time skips when it starts from the first.
                if let (true, Ok(Some(back))) = (i > 0, c.previous_at_or_before(t - 1.0, local)) {
                    assert!(
                        back >= times[i - 1] && back < t,
                        "{text:?} in {local}: before {t}"
                    );
                }
            }
        }
    }
}

#[test]
fn next_from_a_first_pass_skips_its_twin_but_previous_sees_both() {
    // Berlin repeats 02:00-03:00 on 2026-10-25: 02:30 CEST (…8200), then 02:30 CET (…1800).
    let c = cron("30 2 * * *");
    let (first, second, next_day) = (1_792_888_200.0, 1_792_891_800.0, 1_792_978_200.0);
    let from = 1_792_843_200.0; // the day before, 14:00 CEST
    assert_eq!(
        c.next_n(from, "Europe/Berlin", 2),
        Ok(vec![first, next_day])
    );
    assert_eq!(
        c.previous_at_or_before(next_day - 1.0, "Europe/Berlin"),
        Ok(Some(second))
    );
    // With the zone in the cron and the process elsewhere, fugit keeps both (fixture #141).
    let c = cron("30 1 * * * America/New_York");
    assert_eq!(
        c.next_n(1_793_448_000.0, UTC, 3),
        Ok(vec![1_793_511_000.0, 1_793_514_600.0, 1_793_601_000.0])
    );
}

#[test]
fn a_cron_that_never_fires_is_refused_or_stops_after_fugits_bound() {
    for text in [
        "0 0 30 2 *",
        "0 0 31 2 *",
        "0 0 31 4,6,9,11 *",
        "0 0 30,31 2 *",
    ] {
        let error = Cron::parse(text).expect_err(text);
        assert!(
            error.0.contains("none of its months has any of its days"),
            "{error}"
        );
    }
    // A day counted from the end isn't checked when parsing: fugit walks 2048 steps, then
    // raises; so do both searches here (the error says they stopped at that bound).
    let c = cron("0 0 -30 2 *");
    let next = c
        .next_after(1_796_231_943.25, UTC)
        .expect_err("never fires");
    assert_eq!(
        next.0,
        "RuntimeError: too many loops for \"0 0 -30 2 *\" #next_time, breaking, cron expression \
         most likely invalid (Feb 30th like?), please fill an issue at https://git.io/fjJC9"
    );
    let previous = c
        .previous_at_or_before(1_796_231_943.25, UTC)
        .expect_err("never fired");
    assert!(
        previous.0.contains("#previous_time, breaking"),
        "{previous}"
    );
}

#[test]
fn invalid_crons_are_refused_with_a_sentence() {
    for text in [
        "",
        " ",
        "* * * *",
        "* * * * * * *",
        "60 * * * *",
        "* 25 * * *",
        "* * 0 * *",
        "* * * 13 *",
        "* * * * 8",
        "abc",
        "  */5 * * * *",
        "@hourly ",
        "@every 5m",
        "@YEARLY",
        "@daily Europe/Berlin",
        "0 0 * * MON#6",
        "0 0 1W * *",
        "0 0 ? * MON",
        "0 0 * * *\tEurope/Berlin",
    ] {
        let error = Cron::parse(text).expect_err(text);
        assert_eq!(
            error.to_string(),
            format!(
                "{text:?} is not a valid cron: fugit 1.5.2 expects 5 fields (6 with seconds \
                 first) or an @ shortcut, then optionally a time zone"
            )
        );
    }
    let reboot = Cron::parse("@reboot").expect_err("@reboot");
    assert_eq!(
        reboot.0,
        "\"@reboot\" is not a valid cron: @reboot names no schedule"
    );
    let zone = Cron::parse("0 12 * * * Nowhere/Atlantis").expect_err("unknown zone");
    assert!(
        zone.0
            .ends_with("no time zone is named \"Nowhere/Atlantis\""),
        "{zone}"
    );
    for text in [
        "0 0 * * * +14:00",
        "0 0 * * * -12:00",
        "0 9 * * * europe/berlin",
    ] {
        assert!(Cron::parse(text).is_err(), "{text}");
    }
    let zero = Cron::parse("*/0 * * * *").expect_err("*/0");
    assert!(
        zero.0
            .ends_with("fugit 1.5.2 raises ZeroDivisionError: divided by 0"),
        "{zero}"
    );
    let signs = Cron::parse("0 0 -5-3 * *").expect_err("-5-3");
    assert!(
        signs
            .0
            .contains("ArgumentError: both start and end must be negative"),
        "{signs}"
    );
}

#[test]
fn the_zone_is_kept_as_written() {
    assert_eq!(
        cron("0 9 * * * Europe/Berlin").zone(),
        Some("Europe/Berlin")
    );
    assert_eq!(cron("0 0 * * *  +05:30").zone(), Some("+05:30"));
    assert_eq!(cron("*/15 * * * * * Etc/GMT+5").zone(), Some("Etc/GMT+5"));
    assert_eq!(cron("@daily").zone(), None);
}

#[test]
fn next_n_lists_consecutive_times() {
    // From 2026-12-02 17:19:03.25 UTC.
    let times = cron("*/15 * * * *").next_n(1_796_231_943.25, UTC, 3);
    assert_eq!(
        times,
        Ok(vec![1_796_232_600.0, 1_796_233_500.0, 1_796_234_400.0])
    );
    assert_eq!(cron("* * * * *").next_n(0.0, UTC, 0), Ok(vec![]));
}

#[test]
fn unknown_local_zone_is_an_error() {
    let error = cron("* * * * *")
        .next_after(0.0, "Mars/Olympus")
        .expect_err("no such zone");
    assert_eq!(error.0, "no time zone is named \"Mars/Olympus\"");
}

#[test]
fn steps_from_a_start_follow_fugit_1_5() {
    // Not in the fixture: fugit 1.5.0 made `a/n` run to the field's end, and before 1.7.1 a
    // step of 1 counted as none, so `0/1` is just 0 (fugit's gh-56 and gh-79).
    let from = 1_796_231_943.25; // 2026-12-02 17:19:03.25 UTC
    assert_eq!(
        cron("15/30 * * * *").next_n(from, UTC, 2),
        Ok(vec![1_796_233_500.0, 1_796_235_300.0])
    );
    assert_eq!(
        cron("0/1 * * * *").next_after(from, UTC),
        Ok(Some(1_796_234_400.0))
    );
}

#[test]
fn pjid_is_the_sha1_of_cron_class_and_args() {
    assert_eq!(
        pjid("0 * * * *", "HourlyCleanupJob", "[]"),
        "9104b90cb8b0a08e3b3e3c944e6d62618c3f46e3"
    );
    assert_eq!(
        pjid("*/5 * * * *", "HourlyJob", r#"[{"a":1}]"#),
        "15652dd44e14188006ad385aec16d8de4124b97a"
    );
}

#[test]
fn local_zone_names_a_zone() {
    assert!(
        local_zone().parse::<chrono_tz::Tz>().is_ok(),
        "{}",
        local_zone()
    );
    assert_eq!(
        zone_in("/usr/share/zoneinfo/Europe/Berlin").as_deref(),
        Some("Europe/Berlin")
    );
    assert_eq!(
        zone_in("../usr/share/zoneinfo/posix/Asia/Tokyo").as_deref(),
        Some("Asia/Tokyo")
    );
    assert_eq!(zone_in("America/New_York").as_deref(), Some(NEW_YORK));
    assert_eq!(zone_in("EST5EDT,M3.2.0,M11.1.0"), None);
}
