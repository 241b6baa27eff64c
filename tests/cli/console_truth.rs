//! What the console shows is what Redis holds when it is drawn, and what a key changes is
//! what the filter matches when the change is made: the console's own screen state and its
//! reader thread (the real ones, in-process, on a real server), driven through the keys
//! while the gem's poller, workers and an operator change the retry set under a filtered
//! list. Seeded: a failing seed replays its sequence of changes and keys
//! (`TRUTH_SEED=N cargo test --test cli console_truth` runs that one alone).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use cogctl::console::reader::{Answer, Reader};
use cogctl::console::views::View;
use cogctl::console::{Console, Outcome};
use cogctl::ops::dashboard::View as HomeData;
use cogctl::render::console::{Body, Field, Listing};
use cogctl::term::ui::{ColorChoice, Format, Ui};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use serde_json::{Value, json};

use crate::support::{RedisServer, Rng};

const NOW: f64 = 1_796_208_000.0;
const RETRY: &str = "cogworker:retry";
const ROWS: usize = 5;

/// The pattern the list is filtered to, and another failing beside it.
const CHARGE: (&str, &str, &str, &str) = (
    "Billing::ChargeJob",
    "billing",
    "Stripe::APIConnectionError",
    "Could not connect to Stripe (api.stripe.com): Connection refused",
);
const DELIVERY: (&str, &str, &str, &str) = (
    "Webhooks::DeliveryJob",
    "webhooks",
    "Net::ReadTimeout",
    "Net::ReadTimeout with #<TCPSocket:(closed)>",
);

/// The gem's retry path, on a clock of its own: a job's first failure, a failure again after
/// the poller has put it back on its queue (`retry_count` up by one, `failed_at` kept from
/// the first, the backoff `count⁴ + 15 + r·(count + 1)` with r in 0..=29 from the new count,
/// the score when it is due again).
struct Gem {
    rng: Rng,
    now: f64,
}

impl Gem {
    fn backoff(&mut self, count: u64) -> f64 {
        (count.pow(4) + 15 + self.rng.below(30) * (count + 1)) as f64
    }

    /// A job that has failed `failures` times by now (its first failure some minutes ago),
    /// as the retry set holds it: its member and its score.
    fn failed(&mut self, kind: (&str, &str, &str, &str), failures: u64) -> (String, f64) {
        let created = self.now - self.rng.range(60.0, 3600.0);
        let failed_at = created + self.rng.range(0.05, 2.0);
        let id = self.rng.below(1_000_000);
        let job = json!({
            "retry": true,
            "class": kind.0,
            "args": [id, {"amount_cents": id % 9_000 + 100}],
            "jid": self.rng.jid(),
            "queue": kind.1,
            "created_at": created,
            "enqueued_at": self.now - self.rng.range(1.0, 30.0),
            "error_class": kind.2,
            "error_message": kind.3,
            "failed_at": failed_at,
            "retry_count": failures,
        });
        let failed_last = self.now - self.rng.range(0.0, 30.0);
        let score = failed_last + self.backoff(failures);
        (job.to_string(), score)
    }

    /// The same job failing again, as the processor writes it.
    fn failed_again(&mut self, raw: &str) -> (String, f64) {
        let mut job: serde_json::Map<String, Value> = serde_json::from_str(raw).unwrap();
        let count = job["retry_count"].as_u64().unwrap_or(0) + 1;
        job.insert("retry_count".into(), json!(count));
        let score = self.now + self.backoff(count);
        (Value::Object(job).to_string(), score)
    }
}

fn zadd(conn: &mut redis::Connection, key: &str, score: f64, member: &str) {
    let _: () = redis::cmd("ZADD")
        .arg(key)
        .arg(score)
        .arg(member)
        .query(conn)
        .unwrap();
}

/// The retry set as stored, in its order (soonest first): member, score, class, jid.
fn retry_set(conn: &mut redis::Connection) -> Vec<(String, f64, String, String)> {
    let all: Vec<(String, f64)> = redis::cmd("ZRANGE")
        .arg(RETRY)
        .arg(0)
        .arg(-1)
        .arg("WITHSCORES")
        .query(conn)
        .unwrap();
    all.into_iter()
        .map(|(raw, score)| {
            let job: Value = serde_json::from_str(&raw).unwrap();
            let class = job["class"].as_str().unwrap_or("").to_string();
            let jid = job["jid"].as_str().unwrap_or("").to_string();
            (raw, score, class, jid)
        })
        .collect()
}

/// The entries the filter matches, in the list's order: their jids and members.
fn matching(conn: &mut redis::Connection) -> Vec<(String, String)> {
    retry_set(conn)
        .into_iter()
        .filter(|(_, _, class, _)| class == CHARGE.0)
        .map(|(raw, _, _, jid)| (jid, raw))
        .collect()
}

/// The console, with its reader on a thread and connection of its own.
struct Screen {
    console: Console,
    answers: Receiver<Answer>,
    home: HomeData,
}

impl Screen {
    fn open(server: &RedisServer) -> Screen {
        let ui = Ui::detect(Format::Table, ColorChoice::Never, true, true, Some(NOW));
        let session = crate::support::session(server, ui).sibling();
        let (asks, asked) = mpsc::channel();
        let (answered, answers) = mpsc::channel();
        std::thread::spawn(move || Reader::new(session).run(&asked, &answered));
        let mut console = Console::new(asks);
        console.rows = ROWS;
        Screen {
            console,
            answers,
            home: HomeData::default(),
        }
    }

    fn key(&mut self, code: KeyCode) {
        let outcome = self.console.key(KeyEvent::from(code), &self.home);
        assert_ne!(outcome, Outcome::Quit);
    }

    fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            self.key(KeyCode::Char(c));
        }
    }

    /// Hand the reader's answers to the console until `done` holds.
    fn until(&mut self, what: &str, done: impl Fn(&Console) -> bool) {
        let deadline = Instant::now() + crate::support::HANG;
        while !done(&self.console) {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            if let Ok(answer) = self.answers.recv_timeout(Duration::from_millis(20)) {
                self.console.answer(answer);
            }
        }
    }

    fn listing(&self) -> Listing {
        match self.console.shown(None).body {
            Body::List(listing) => listing,
            other => panic!("not a list on screen: {other:?}"),
        }
    }

    /// The list read again, as every interval does, and its answer shown.
    fn refresh(&mut self) {
        self.console.refresh(&self.home);
        self.settle();
    }

    fn settle(&mut self) {
        self.until(
            "the list read",
            |c| matches!(c.shown(None).body, Body::List(l) if !l.loading && l.total.is_some()),
        );
    }

    /// The jids of the rows on screen (None: a row not read).
    fn rows(&self) -> Vec<Option<String>> {
        let jid = |cells: &Vec<Field>| match cells.get(4) {
            Some(Field::Text(t)) => t.clone(),
            other => panic!("no jid in {other:?}"),
        };
        self.listing()
            .rows
            .iter()
            .map(|r| r.as_ref().map(jid))
            .collect()
    }
}

/// One random change to the retry set, as the gem's processes or an operator make it.
fn change(gem: &mut Gem, conn: &mut redis::Connection) {
    gem.now += gem.rng.range(0.5, 40.0);
    let set = retry_set(conn);
    match gem.rng.below(6) {
        // A new failure of either kind, due soon or late: the other kind's older scores land
        // in front of the pattern's.
        0 | 1 => {
            let kind = if gem.rng.below(2) == 0 {
                CHARGE
            } else {
                DELIVERY
            };
            let failures = 1 + gem.rng.below(6);
            let (raw, score) = gem.failed(kind, failures);
            zadd(conn, RETRY, score, &raw);
        }
        // The poller: every due entry back on its queue, its enqueued_at stamped.
        2 => {
            for (raw, score, _, _) in set.iter().filter(|e| e.1 <= gem.now) {
                let mut job: serde_json::Map<String, Value> = serde_json::from_str(raw).unwrap();
                job.insert("enqueued_at".into(), json!(gem.now));
                let queue = format!("cogworker:queue:{}", job["queue"].as_str().unwrap());
                let removed: i64 = redis::cmd("ZREM").arg(RETRY).arg(raw).query(conn).unwrap();
                if removed == 1 {
                    let _: () = redis::cmd("LPUSH")
                        .arg(&queue)
                        .arg(Value::Object(job).to_string())
                        .query(conn)
                        .unwrap();
                }
                let _ = score;
            }
        }
        // A worker: a job taken from a queue fails again (back in retry) or succeeds.
        3 => {
            for queue in [CHARGE.1, DELIVERY.1] {
                let key = format!("cogworker:queue:{queue}");
                let taken: Option<String> = redis::cmd("RPOP").arg(&key).query(conn).unwrap();
                if let Some(raw) = taken
                    && gem.rng.below(3) > 0
                {
                    let (raw, score) = gem.failed_again(&raw);
                    zadd(conn, RETRY, score, &raw);
                }
            }
        }
        // An operator deletes or kills a few entries, of either kind.
        _ => {
            for _ in 0..1 + gem.rng.below(3) {
                if set.is_empty() {
                    break;
                }
                let (raw, score, _, _) = &set[gem.rng.below(set.len() as u64) as usize];
                let removed: i64 = redis::cmd("ZREM").arg(RETRY).arg(raw).query(conn).unwrap();
                if removed == 1 && gem.rng.below(2) == 0 {
                    zadd(conn, "cogworker:dead", *score, raw);
                }
            }
        }
    }
}

/// After a refresh: the title counts what the filter matches now, and the rows on screen are
/// exactly the matching entries at their ranks.
fn assert_exact(screen: &Screen, conn: &mut redis::Connection, seed: u64) {
    let want = matching(conn);
    let listing = screen.listing();
    assert_eq!(
        listing.total,
        Some(want.len() as u64),
        "seed {seed}: the title's count"
    );
    let rows = screen.rows();
    let first = listing.first as usize;
    assert_eq!(
        rows.len(),
        ROWS.min(want.len().saturating_sub(first)),
        "seed {seed}: rows on screen"
    );
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(
            row.as_deref(),
            Some(want[first + i].0.as_str()),
            "seed {seed}: row {} of {:?}",
            first + i,
            rows
        );
    }
}

/// Between refreshes (a step of the cursor): every row on screen is of the pattern, though
/// the rows read before the changes may have moved on since.
fn assert_rows_match(screen: &Screen, seed: u64) {
    for cells in screen.listing().rows.into_iter().flatten() {
        assert!(
            matches!(cells.get(2), Some(Field::Text(class)) if class == CHARGE.0),
            "seed {seed}: a row that doesn't match the filter: {cells:?}"
        );
    }
}

/// Open the pattern's entries: from triage's row (its fingerprint), or a filter typed with
/// the CLI's flags, or a text.
fn open_filtered(screen: &mut Screen, rng: &mut Rng) {
    match rng.below(3) {
        0 => {
            screen.console.switch(View::Triage, &screen.home);
            screen.settle();
            let listing = screen.listing();
            let at = listing
                .rows
                .iter()
                .position(|r| {
                    r.as_ref().is_some_and(|cells| {
                        matches!(cells.first(), Some(Field::Text(t)) if t == "retry")
                            && matches!(cells.get(4), Some(Field::Text(t)) if t.contains("Stripe"))
                    })
                })
                .expect("the pattern's row in triage");
            for _ in 0..at {
                screen.key(KeyCode::Char('j'));
            }
            screen.key(KeyCode::Enter);
        }
        1 => {
            screen.console.switch(View::Retry, &screen.home);
            screen.settle();
            screen.key(KeyCode::Char('/'));
            screen.type_text(&format!("--class {}", CHARGE.0));
            screen.key(KeyCode::Enter);
        }
        _ => {
            screen.console.switch(View::Retry, &screen.home);
            screen.settle();
            screen.key(KeyCode::Char('/'));
            screen.type_text("chargejob");
            screen.key(KeyCode::Enter);
        }
    }
    screen.settle();
}

/// R, D, K or E on the marked rows, or on the cursor's row (marked alone), or on the whole
/// filtered list: its dry run, sometimes a change to the set before the answer, then y. What
/// moved out of the retry set is exactly what the selection held in Redis when y was pressed,
/// and it went where the key sends it.
fn change_from_the_screen(screen: &mut Screen, gem: &mut Gem, conn: &mut redis::Connection) {
    // R retries, D deletes, K kills, E enqueues now: each takes its entries out of the set.
    let key = ['R', 'D', 'K', 'E'][gem.rng.below(4) as usize];
    // space marks the cursor's row and steps down; on the last row it stays, so a second
    // space there takes the mark back.
    let marks = gem.rng.below(3);
    let mut marked: BTreeSet<String> = BTreeSet::new();
    for _ in 0..marks {
        let listing = screen.listing();
        let at = (listing.cursor - listing.first) as usize;
        if let Some(Some(jid)) = screen.rows().get(at)
            && !marked.remove(jid)
        {
            marked.insert(jid.clone());
        }
        screen.key(KeyCode::Char(' '));
        screen.settle();
    }
    let before: BTreeMap<String, String> = retry_set(conn)
        .into_iter()
        .map(|(raw, _, _, jid)| (jid, raw))
        .collect();
    assert_eq!(
        screen.listing().marks,
        marked.len(),
        "marks on screen {:?}",
        screen.rows()
    );
    screen.key(KeyCode::Char(key));
    screen.until("the dry run's question", |c| {
        c.shown(None).dialog.is_some() || c.status_line().is_some_and(|s| s.starts_with("failed"))
    });
    assert!(screen.console.shown(None).dialog.is_some(), "no question");
    if gem.rng.below(3) == 0 {
        change(gem, conn);
    }
    // The selection as Redis holds it when y is pressed.
    let chosen: BTreeSet<String> = if marked.is_empty() {
        matching(conn).into_iter().map(|(_, raw)| raw).collect()
    } else {
        let now: BTreeSet<String> = retry_set(conn).into_iter().map(|(raw, ..)| raw).collect();
        marked
            .iter()
            .filter_map(|jid| before.get(jid))
            .filter(|raw| now.contains(*raw))
            .cloned()
            .collect()
    };
    let held: BTreeSet<String> = retry_set(conn).into_iter().map(|(raw, ..)| raw).collect();
    let dead_before: BTreeSet<String> = dead_jids(conn);
    // A dry run that found nothing to do (the marked rows had moved on since they were read)
    // asks nothing: its list was read again at once, and y changes nothing.
    let idle = screen
        .console
        .shown(None)
        .dialog
        .is_some_and(|d| d.ask.starts_with("nothing to do"));
    screen.key(KeyCode::Char('y'));
    screen.until("the change's end", |c| !c.running());
    screen.settle();
    let chosen = if idle {
        screen.refresh();
        BTreeSet::new()
    } else {
        chosen
    };
    let after: BTreeSet<String> = retry_set(conn).into_iter().map(|(raw, ..)| raw).collect();
    let moved: BTreeSet<String> = held.difference(&after).cloned().collect();
    assert_eq!(moved, chosen, "what {key} moved out of the retry set");
    let queued = redis::cmd("LRANGE")
        .arg(format!("cogworker:queue:{}", CHARGE.1))
        .arg(0)
        .arg(-1)
        .query::<Vec<String>>(conn)
        .unwrap()
        .join("\n");
    let killed: BTreeSet<String> = dead_jids(conn).difference(&dead_before).cloned().collect();
    let moved_jids: BTreeSet<String> = moved
        .iter()
        .map(|raw| {
            let job: Value = serde_json::from_str(raw).unwrap();
            job["jid"].as_str().unwrap().to_string()
        })
        .collect();
    for jid in &moved_jids {
        match key {
            'R' | 'E' => assert!(queued.contains(jid.as_str()), "{jid} is on its queue"),
            _ => assert!(!queued.contains(jid.as_str()), "{jid} is not on its queue"),
        }
    }
    // Killed: each in dead now; deleted: none.
    let expected_dead = if key == 'K' {
        moved_jids
    } else {
        BTreeSet::new()
    };
    assert_eq!(killed, expected_dead, "what {key} put in dead");
}

/// The jids in the dead set.
fn dead_jids(conn: &mut redis::Connection) -> BTreeSet<String> {
    let all: Vec<String> = redis::cmd("ZRANGE")
        .arg("cogworker:dead")
        .arg(0)
        .arg(-1)
        .query(conn)
        .unwrap();
    all.iter()
        .filter_map(|raw| serde_json::from_str::<Value>(raw).ok())
        .filter_map(|job| job["jid"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn a_filtered_list_shows_only_what_its_filter_matches_while_the_fleet_changes_the_set() {
    let server = RedisServer::start();
    let mut conn = server.conn();
    let sequences = 200;
    let mut acted = 0;
    for seed in 0..sequences {
        if std::env::var("TRUTH_SEED").is_ok_and(|s| s != seed.to_string()) {
            continue;
        }
        let _: () = redis::cmd("FLUSHALL").query(&mut conn).unwrap();
        let mut gem = Gem {
            rng: Rng(seed ^ 0x5EED_C0DE),
            now: NOW,
        };
        // Most sets fit in one read of the screen's rows; some are larger, so that a step of
        // the cursor reads rows far from those read at the last refresh.
        let entries = if gem.rng.below(4) == 0 {
            300 + gem.rng.below(300)
        } else {
            5 + gem.rng.below(120)
        };
        for _ in 0..entries {
            let kind = if gem.rng.below(3) == 0 {
                CHARGE
            } else {
                DELIVERY
            };
            let failures = 1 + gem.rng.below(8);
            let (raw, score) = gem.failed(kind, failures);
            zadd(&mut conn, RETRY, score, &raw);
        }
        // Always at least one entry of the pattern, so that triage has its row.
        let (raw, score) = gem.failed(CHARGE, 1);
        zadd(&mut conn, RETRY, score, &raw);

        let mut screen = Screen::open(&server);
        let mut rng = Rng(seed.wrapping_mul(31) ^ 0xF11E);
        open_filtered(&mut screen, &mut rng);
        assert_exact(&screen, &mut conn, seed);
        for _ in 0..4 + gem.rng.below(8) {
            for _ in 0..1 + gem.rng.below(3) {
                change(&mut gem, &mut conn);
            }
            match gem.rng.below(4) {
                // A step of the cursor reads rows without a refresh.
                0 => {
                    let key = [KeyCode::Char('j'), KeyCode::PageDown, KeyCode::Char('G')]
                        [gem.rng.below(3) as usize];
                    screen.key(key);
                    screen.settle();
                    assert_rows_match(&screen, seed);
                }
                _ => {
                    screen.refresh();
                    assert_exact(&screen, &mut conn, seed);
                }
            }
        }
        if gem.rng.below(2) == 0 && !matching(&mut conn).is_empty() {
            change_from_the_screen(&mut screen, &mut gem, &mut conn);
            assert_exact(&screen, &mut conn, seed);
            acted += 1;
        }
    }
    assert!(
        acted >= sequences / 4,
        "only {acted} sequences changed the set"
    );
}

/// The CLI's rule in the console's `/`: a class that names nothing in the list is said above
/// its (empty) rows with the nearest class there is, not shown as an empty set.
#[test]
fn a_console_filter_that_names_nothing_names_the_nearest_class() {
    let server = RedisServer::start();
    let mut conn = server.conn();
    let mut gem = Gem {
        rng: Rng(7),
        now: NOW,
    };
    for _ in 0..3 {
        let (member, score) = gem.failed(CHARGE, 1);
        zadd(&mut conn, RETRY, score, &member);
    }
    let mut screen = Screen::open(&server);
    screen.console.switch(View::Retry, &screen.home);
    screen.settle();
    screen.key(KeyCode::Char('/'));
    screen.type_text("--class Billing::ChargeJb");
    screen.key(KeyCode::Enter);
    screen.settle();
    let listing = screen.listing();
    assert_eq!(listing.total, Some(0));
    assert!(
        listing.head.iter().any(|l| l
            == "--class Billing::ChargeJb names no entry of cogworker:retry (did you mean \
                Billing::ChargeJob, 3 entries?)"),
        "{:?}",
        listing.head
    );
    // A class that is there, matching: no such line.
    screen.key(KeyCode::Char('/'));
    for _ in 0.."--class Billing::ChargeJb".len() {
        screen.key(KeyCode::Backspace);
    }
    screen.type_text("--class Billing::ChargeJob");
    screen.key(KeyCode::Enter);
    screen.settle();
    let listing = screen.listing();
    assert_eq!(listing.total, Some(3));
    assert!(listing.head.is_empty(), "{:?}", listing.head);
}
