//! The core (`cogctl::ops`) on its own, without the CLI: its reads return what Redis holds,
//! a change's dry run names what its apply then does, and the undo of each change restores
//! the keyspace cogworker sees byte for byte.

use std::time::Duration;

use clap::Parser;
use cogctl::ops::change::{Action, Change, Source};
use cogctl::ops::filter::FilterArgs;
use cogctl::ops::{Progress, Session, UndoPlan};
use cogctl::store::{JobSet, Name};
use cogctl::term::ui::{ColorChoice, Format, Ui};

use crate::support::RedisServer;

/// A front-end's progress that remembers how far it went.
#[derive(Default)]
struct Counted(std::cell::Cell<u64>);

impl Progress for Counted {
    fn inc(&self, n: u64) {
        self.0.set(self.0.get() + n);
    }

    fn note(&self, _text: &str) {}
}

fn session(server: &RedisServer, now: f64, command: &'static str) -> Session {
    let ui = Ui::detect(Format::Json, ColorChoice::Never, true, true, Some(now));
    let mut session = crate::support::session(server, ui);
    session.undo = UndoPlan {
        id: None,
        keep: Some(Duration::from_secs(24 * 3600)),
        command,
        argv: format!("cogctl {command}"),
    };
    session
}

fn no_filter() -> FilterArgs {
    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        filter: FilterArgs,
    }
    Wrapper::parse_from(["cogctl"]).filter
}

fn undo(session: &mut Session, id: &str) -> u64 {
    let record = cogctl::ops::undo::resolve(session.store().unwrap(), id).unwrap();
    let kind = cogctl::ops::undo::undoable(&record, "").unwrap();
    let applied = cogctl::ops::undo::apply(session, record, kind, &Counted::default()).unwrap();
    assert!(applied.error.is_none());
    assert_eq!(applied.report.left, 0, "{:?}", applied.report.left_entries);
    applied.report.restored
}

#[test]
fn reads_return_what_redis_holds() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let now = fixture.captured_at;
    let mut store = server.store();
    let (queues, problems) = cogctl::ops::queues::read_queues(&mut store, now).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    assert!(!queues.is_empty());
    for q in &queues {
        let key = format!("cogworker:queue:{}", q.name.shown());
        assert_eq!(q.size as usize, server.list(&key).len(), "{key}");
    }
    let (processes, problems) = cogctl::ops::procs::read_processes(&mut store, now, false).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    let registered: Vec<String> = redis::cmd("SMEMBERS")
        .arg("cogworker:processes")
        .query(&mut server.conn())
        .unwrap();
    assert_eq!(processes.len(), registered.len());
    let totals_dead = server.zset::<Vec<u8>, f64>("cogworker:dead").len();
    let mut pipe = redis::pipe();
    cogctl::ops::stats::Totals::queue(&mut pipe);
    let replies = store.pipeline(&pipe).unwrap();
    let mut problems = Vec::new();
    let totals = cogctl::ops::stats::Totals::from_replies(&replies, &mut problems);
    assert_eq!(totals.dead, Some(totals_dead as u64));
}

#[test]
fn a_retry_does_what_its_dry_run_said_and_its_undo_restores_every_byte() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let now = fixture.captured_at;
    let before = server.keyspace();
    let dead = server.zset::<Vec<u8>, f64>("cogworker:dead").len() as u64;
    assert!(dead > 0);
    let mut s = session(&server, now, "dead retry");
    let change = || Change {
        set: JobSet::Dead,
        action: Action::Requeue {
            reset_retries: false,
        },
        source: Source::choose(Vec::new(), &no_filter(), true, None, now).unwrap(),
        batch: 100,
        rate: None,
        max_depth: None,
        filtered: false,
        report: None,
    };

    let plan = change().dry_run(&mut s, None).unwrap();
    assert_eq!(server.keyspace(), before, "a dry run changes nothing");
    let prepared = change().prepare(s.store().unwrap()).unwrap();
    assert_eq!(
        prepared.expected,
        plan.entries + plan.skipped.values().sum::<u64>()
    );

    let progress = Counted::default();
    let applied = change().apply(&mut s, prepared, &progress).unwrap();
    assert!(applied.error.is_none());
    assert_eq!(
        applied.summary.moved, plan.entries,
        "apply does what the dry run said"
    );
    assert_eq!(progress.0.get(), applied.summary.total());
    assert_eq!(
        server.zset::<Vec<u8>, f64>("cogworker:dead").len() as u64,
        dead - plan.entries
    );
    let kept = applied.summary.undo.expect("an undo record");
    assert_eq!(kept.entries, plan.entries);

    let mut u = session(&server, now, "undo");
    assert_eq!(undo(&mut u, &kept.id), plan.entries);
    assert_eq!(server.keyspace(), before, "the undo restores every byte");
}

#[test]
fn a_pause_and_a_dedupe_are_undone_byte_for_byte() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let now = fixture.captured_at;
    let job = r#"{"retry":true,"queue":"mail","class":"MailJob","args":[1],"jid":"%","created_at":1.0,"enqueued_at":1.0}"#;
    let mut conn = server.conn();
    for n in 0..6 {
        let _: () = redis::cmd("LPUSH")
            .arg("cogworker:queue:mail")
            .arg(
                job.replace('%', &format!("{:024x}", n % 3))
                    .replace("[1]", &format!("[{}]", n % 2)),
            )
            .query(&mut conn)
            .unwrap();
    }
    let before = server.keyspace();

    let mut s = session(&server, now, "queue pause");
    let paused = cogctl::ops::queues::pause(&mut s, &[Name::from("mail")], true).unwrap();
    assert!(paused.queues[0].changed);
    assert_ne!(server.keyspace(), before);
    let mut u = session(&server, now, "undo");
    undo(&mut u, &paused.undo.expect("an undo record").id);
    assert_eq!(server.keyspace(), before);

    let queue = Name::from("mail");
    let mut s = session(&server, now, "queue dedupe");
    let by = cogctl::ops::dedupe::By::Args;
    let planned = cogctl::ops::dedupe::dry_run(&mut s, &queue, by).unwrap();
    assert_eq!(server.keyspace(), before, "a dry run changes nothing");
    assert_eq!(planned.duplicates, 4);
    let length = cogctl::ops::dedupe::length(s.store().unwrap(), &queue).unwrap();
    let done = cogctl::ops::dedupe::apply(&mut s, &queue, by, length, &Counted::default()).unwrap();
    assert_eq!(done.duplicates, planned.duplicates);
    assert_eq!(server.list("cogworker:queue:mail").len(), 2);
    let mut u = session(&server, now, "undo");
    undo(&mut u, &done.undo.expect("an undo record").id);
    assert_eq!(server.keyspace(), before);
}
