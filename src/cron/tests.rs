use serde::Deserialize;

use super::{Cron, CronError};

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
