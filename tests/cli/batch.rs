//! The worker's settlements and fetches in batches (ACK_FETCH): the script on its own (what
//! one call settles, counts, registers and fetches; paused queues), a killed worker's whole
//! batch recovered by another worker and as the gem reads it, counters exact over 100,000
//! jobs with failures mixed in, and a pause that stops fetches within one call.

use std::collections::BTreeSet;
use std::time::Duration;

use cogctl::store::scripts::ACK_FETCH;
use serde_json::Value;

use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, ServerKind, server_kind, wait_until};
use crate::worker::worker;

const IDENTITY: &str = "host:1:abcdef012345";

fn job(n: u32) -> String {
    format!(r#"{{"class":"Bench","args":[{n}],"jid":"{n:024x}","queue":"default"}}"#)
}

/// ACK_FETCH for `settled` (raw, thread id, succeeded), every settled thread's busy entry
/// deleted (as for jobs that were registered) and none written, and, per thread asking, its
/// order over `queues` (numbers, 1-based): the reply as (processed, [(queue number, raw)]).
fn ack_fetch(
    server: &RedisServer,
    settled: &[(&str, &str, bool)],
    queues: &[&str],
    asks: &[(&str, &str)],
) -> (i64, Vec<(i64, String)>) {
    let gone: Vec<&str> = settled.iter().map(|(_, tid, _)| *tid).collect();
    call(server, settled, &gone, &[], queues, asks)
}

/// ACK_FETCH as [`ack_fetch`], the busy entries of the threads `gone` deleted and `entries`
/// (thread id, entry) written.
fn call(
    server: &RedisServer,
    settled: &[(&str, &str, bool)],
    gone: &[&str],
    entries: &[(&str, &str)],
    queues: &[&str],
    asks: &[(&str, &str)],
) -> (i64, Vec<(i64, String)>) {
    let (processed, fetched, stored) = call_as(server, settled, gone, entries, queues, asks, false);
    assert!(!stored);
    (processed, fetched)
}

/// ACK_FETCH as [`call`]; with `store`, the jobs may be stored onto the list (ARGV[7]), and
/// the call is made as the worker makes it then: in one transaction with a read of the
/// list, the stored jobs taken from that read, its tail for the first thread asking. Also
/// returns whether they were stored.
fn call_as(
    server: &RedisServer,
    settled: &[(&str, &str, bool)],
    gone: &[&str],
    entries: &[(&str, &str)],
    queues: &[&str],
    asks: &[(&str, &str)],
    store: bool,
) -> (i64, Vec<(i64, String)>, bool) {
    let mut keys: Vec<String> = vec![
        format!("cogworker:inprogress:{IDENTITY}"),
        format!("cogworker:workers:{IDENTITY}"),
        "cogworker:stats:processed".into(),
        "cogworker:throughput:499002".into(),
        "cogworker:paused_queues".into(),
    ];
    keys.extend(queues.iter().map(|q| format!("cogworker:queue:{q}")));
    keys.extend(settled.iter().map(|(raw, _, _)| {
        let jid = serde_json::from_str::<Value>(raw).unwrap()["jid"]
            .as_str()
            .unwrap()
            .to_string();
        format!("cogworker:orphanings:{jid}")
    }));
    let mut args: Vec<String> = vec![
        settled.len().to_string(),
        queues.len().to_string(),
        "7776000".into(),
        gone.len().to_string(),
        "60".into(),
        entries.len().to_string(),
        if store { "1" } else { "0" }.into(),
    ];
    for (raw, _, ok) in settled {
        args.extend([raw.to_string(), if *ok { "1" } else { "0" }.into()]);
    }
    args.extend(queues.iter().map(|q| q.to_string()));
    args.extend(gone.iter().map(|t| t.to_string()));
    for (tid, entry) in entries {
        args.extend([tid.to_string(), entry.to_string()]);
    }
    args.extend(asks.iter().map(|(_, order)| order.to_string()));
    let mut eval = redis::cmd("EVAL");
    eval.arg(ACK_FETCH.text)
        .arg(keys.len())
        .arg(&keys)
        .arg(&args);
    let (reply, list): (Vec<redis::Value>, Vec<String>) = if store {
        let mut read = redis::cmd("LRANGE");
        read.arg(&keys[0]).arg(0).arg(asks.len().max(1) - 1);
        let replies: Vec<redis::Value> = redis::pipe()
            .atomic()
            .ignore_errors()
            .add_command(eval)
            .add_command(read)
            .query(&mut server.conn())
            .unwrap();
        // The read fails on a wrong-type list: nothing was stored there then.
        let list = redis::from_redis_value(replies[1].clone()).unwrap_or_default();
        (redis::from_redis_value(replies[0].clone()).unwrap(), list)
    } else {
        (eval.query(&mut server.conn()).unwrap(), Vec::new())
    };
    let processed = match &reply[0] {
        redis::Value::Int(n) => *n,
        other => panic!("{other:?}"),
    };
    if let [_, redis::Value::Int(number), redis::Value::Int(count)] = reply[..]
        && number < 0
    {
        assert!(store, "stored without being allowed to");
        let count = usize::try_from(count).unwrap();
        assert_eq!(list.len(), count, "the list holds the stored jobs only");
        let fetched = list.into_iter().rev().map(|raw| (-number, raw)).collect();
        return (processed, fetched, true);
    }
    let fetched = reply[1..]
        .chunks(2)
        .map(|pair| {
            (
                redis::from_redis_value::<i64>(pair[0].clone()).unwrap(),
                redis::from_redis_value::<String>(pair[1].clone()).unwrap(),
            )
        })
        .collect();
    (processed, fetched, false)
}

#[test]
fn one_call_settles_a_batch_counts_what_it_took_off_and_fetches_for_each_thread() {
    let server = RedisServer::start();
    let list = format!("cogworker:inprogress:{IDENTITY}");
    let workers = format!("cogworker:workers:{IDENTITY}");
    let (a, b, c) = (job(1), job(2), job(3));
    // a and b are on the list (b twice: a duplicate delivery), c is not (requeued by another
    // process meanwhile): c's success is not counted here.
    server.exec(&[
        &["RPUSH", &list, &a, &b, &b],
        &[
            "HSET", &workers, "t1", "x", "t2", "y", "t3", "z", "t9", "other",
        ],
        &["SET", "cogworker:orphanings:000000000000000000000001", "2"],
        &["LPUSH", "cogworker:queue:low", &job(10)],
        &["LPUSH", "cogworker:queue:high", &job(20), &job(21)],
        &["SADD", "cogworker:paused_queues", "paused"],
        &["RPUSH", "cogworker:queue:paused", &job(30)],
    ]);
    let entry = format!(
        r#"{{"queue":"high","payload":{},"run_at":1796407200}}"#,
        job(5)
    );
    let (processed, fetched) = call(
        &server,
        &[(&a, "t1", true), (&b, "t2", false), (&c, "t3", true)],
        &["t1", "t2", "t3"],
        &[("t5", &entry)],
        &["high", "low", "paused"],
        // t1 tries the paused queue first; t2 high then low; t3 low first; t4 high.
        &[
            ("t1", "3 1 2"),
            ("t2", "1 2 3"),
            ("t3", "2 1 3"),
            ("t4", "1 2 3"),
        ],
    );
    assert_eq!(
        processed, 1,
        "only a's success was taken off the list by this call"
    );
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("1")
    );
    assert_eq!(
        server.hash("cogworker:throughput:499002")["processed"],
        "1",
        "the hour's bucket moves with the counter"
    );
    assert!(server.ttl("cogworker:throughput:499002") > 0);
    assert!(!server.exists("cogworker:orphanings:000000000000000000000001"));
    // The paused queue is skipped; each thread takes the oldest job of its first non-empty
    // queue, in its own order; the fourth finds every queue empty or paused.
    assert_eq!(fetched, vec![(1, job(20)), (1, job(21)), (2, job(10))]);
    assert_eq!(server.list("cogworker:queue:paused"), vec![job(30)]);
    // The list: the three fetched (newest first), then what the call left (b's second copy).
    assert_eq!(
        server.list(&list),
        vec![job(10), job(21), job(20), b.clone()]
    );
    // The workers hash: the settled threads' entries gone, the entry the call was given
    // written as it came, another thread's entry untouched; the jobs fetched are not
    // registered by the call (the worker writes their entries late).
    let hash = server.hash(&workers);
    assert_eq!(hash.len(), 2, "{hash:?}");
    assert_eq!(hash["t9"], "other");
    assert_eq!(hash["t5"], entry);
    assert!(server.ttl(&workers) > 0);
}

#[test]
fn a_paused_queue_is_not_fetched_from_by_the_next_call() {
    let server = RedisServer::start();
    let list = format!("cogworker:inprogress:{IDENTITY}");
    server.exec(&[
        &["RPUSH", &list, &job(1)],
        &["LPUSH", "cogworker:queue:default", &job(2), &job(3)],
    ]);
    let first = job(1);
    let (_, fetched) = ack_fetch(
        &server,
        &[(&first, "t1", true)],
        &["default"],
        &[("t1", "1")],
    );
    assert_eq!(fetched.len(), 1);
    server.exec(&[&["SADD", "cogworker:paused_queues", "default"]]);
    let (_, fetched) = ack_fetch(
        &server,
        &[(&fetched[0].1, "t1", true)],
        &["default"],
        &[("t1", "1"), ("t2", "1")],
    );
    assert!(fetched.is_empty(), "{fetched:?}");
    assert_eq!(server.list("cogworker:queue:default").len(), 1);
    assert!(server.list(&list).is_empty());
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("2")
    );
}

/// The fetches of one ACK_FETCH call, without settlements: its reply's (queue number, raw).
fn fetch_only(server: &RedisServer, queues: &[&str], asks: &[(&str, &str)]) -> Vec<(i64, String)> {
    let (processed, fetched) = ack_fetch(server, &[], queues, asks);
    assert_eq!(processed, 0);
    fetched
}

/// The fetches of one ACK_FETCH call made as [`call_as`] makes it with `store`, without
/// settlements: its (queue number, raw), and whether the jobs were stored.
fn fetch_stored(
    server: &RedisServer,
    queues: &[&str],
    asks: &[(&str, &str)],
) -> (Vec<(i64, String)>, bool) {
    let (processed, fetched, stored) = call_as(server, &[], &[], &[], queues, asks, true);
    assert_eq!(processed, 0);
    (fetched, stored)
}

/// What one LMOVE RIGHT LEFT per thread, in the order the threads asked, leaves: each thread
/// tries its queues in its order, paused ones skipped, and stops the fetching when it finds
/// nothing (the reference the batched fetch is held to).
const ONE_LMOVE_PER_THREAD: &str = r"
local q = tonumber(ARGV[1])
local out = {}
for at = 2 + q, #ARGV do
  local found = false
  for word in string.gmatch(ARGV[at], '%d+') do
    local i = tonumber(word)
    if redis.call('SISMEMBER', KEYS[2], ARGV[1 + i]) == 0 then
      local job = redis.call('LMOVE', KEYS[2 + i], KEYS[1], 'RIGHT', 'LEFT')
      if job then
        out[#out + 1] = {i, job}
        found = true
        break
      end
    end
  end
  if not found then
    break
  end
end
return out
";

fn one_lmove_per_thread(
    server: &RedisServer,
    queues: &[&str],
    asks: &[(&str, &str)],
) -> Vec<(i64, String)> {
    let mut keys = vec![
        format!("cogworker:inprogress:{IDENTITY}"),
        "cogworker:paused_queues".to_string(),
    ];
    keys.extend(queues.iter().map(|q| format!("cogworker:queue:{q}")));
    let mut args = vec![queues.len().to_string()];
    args.extend(queues.iter().map(|q| q.to_string()));
    args.extend(asks.iter().map(|(_, order)| order.to_string()));
    redis::cmd("EVAL")
        .arg(ONE_LMOVE_PER_THREAD)
        .arg(keys.len())
        .arg(&keys)
        .arg(&args)
        .query(&mut server.conn())
        .unwrap()
}

/// Every list of the keyspace, element by element.
fn lists(server: &RedisServer) -> Vec<(String, Vec<String>)> {
    let mut keys: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:*")
        .query(&mut server.conn())
        .unwrap();
    keys.sort();
    keys.into_iter()
        .filter(|k| {
            let kind: String = redis::cmd("TYPE").arg(k).query(&mut server.conn()).unwrap();
            kind == "list"
        })
        .map(|k| {
            let items = server.list(&k);
            (k, items)
        })
        .collect()
}

#[test]
fn a_batch_of_fetches_leaves_the_queues_and_the_list_as_one_lmove_per_thread_would() {
    let batched = RedisServer::start();
    let stored = RedisServer::start();
    let reference = RedisServer::start();
    let list = format!("cogworker:inprogress:{IDENTITY}");
    let queues = ["a", "b", "c"];
    let mut stores = 0;
    // A small deterministic generator: 300 cases of 0–5 jobs per queue (duplicates among
    // them), a job already in progress or none, 1–7 threads asking in random orders (all in
    // one order, half the time), a random queue paused. Each case is fetched as the script
    // fetches itself, and as it may store the jobs (the same queues and list must result).
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |below: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % below
    };
    for case in 0..300 {
        let mut seeding: Vec<Vec<String>> = vec![vec!["FLUSHALL".into()]];
        if next(2) == 0 {
            seeding.push(vec!["RPUSH".into(), list.clone(), job(999)]);
        }
        for (qi, q) in queues.iter().enumerate() {
            let len = next(6);
            if len > 0 {
                let mut push = vec!["RPUSH".to_string(), format!("cogworker:queue:{q}")];
                // Job 1 of each queue is there twice when the draw says so.
                push.extend((0..len).map(|j| {
                    let n = if j == 1 && next(4) == 0 { 0 } else { j };
                    job((qi as u32 + 1) * 100 + n as u32)
                }));
                seeding.push(push);
            }
        }
        if next(3) == 0 {
            let paused = queues[next(3) as usize];
            seeding.push(vec![
                "SADD".into(),
                "cogworker:paused_queues".into(),
                paused.into(),
            ]);
        }
        let words: Vec<Vec<&str>> = seeding
            .iter()
            .map(|c| c.iter().map(String::as_str).collect())
            .collect();
        let commands: Vec<&[&str]> = words.iter().map(Vec::as_slice).collect();
        batched.exec(&commands);
        stored.exec(&commands);
        reference.exec(&commands);
        let tids: Vec<String> = (0..=next(7)).map(|t| format!("t{t}")).collect();
        let one_order = next(2) == 0;
        let mut orders: Vec<String> = Vec::new();
        for _ in &tids {
            if one_order && let Some(first) = orders.first() {
                orders.push(first.clone());
                continue;
            }
            let mut order = ["1", "2", "3"];
            for i in (1..order.len()).rev() {
                order.swap(i, next(i as u64 + 1) as usize);
            }
            orders.push(order.join(" "));
        }
        let asks: Vec<(&str, &str)> = tids
            .iter()
            .zip(&orders)
            .map(|(t, o)| (t.as_str(), o.as_str()))
            .collect();
        let got = fetch_only(&batched, &queues, &asks);
        let (got_stored, was_stored) = fetch_stored(&stored, &queues, &asks);
        stores += usize::from(was_stored);
        let want = one_lmove_per_thread(&reference, &queues, &asks);
        assert_eq!(got, want, "case {case}: {asks:?}");
        assert_eq!(got_stored, want, "case {case}, stored: {asks:?}");
        assert_eq!(lists(&batched), lists(&reference), "case {case}: {asks:?}");
        assert_eq!(lists(&stored), lists(&reference), "case {case}: {asks:?}");
        // The fetched jobs are not registered by the call.
        assert!(
            !batched.exists(&format!("cogworker:workers:{IDENTITY}")),
            "case {case}"
        );
        assert!(!stored.exists(&format!("cogworker:workers:{IDENTITY}")));
    }
    assert!(stores >= 20, "the jobs were stored in {stores} cases only");
}

#[test]
fn a_settled_job_that_was_never_registered_deletes_no_entry() {
    let server = RedisServer::start();
    let list = format!("cogworker:inprogress:{IDENTITY}");
    let workers = format!("cogworker:workers:{IDENTITY}");
    let (a, b) = (job(1), job(2));
    // t1's job was registered (it ran long enough), t2's was not: the entry under t2 is
    // another job's, by a thread of the same id, and stays.
    server.exec(&[
        &["RPUSH", &list, &a, &b],
        &["HSET", &workers, "t1", "a", "t2", "b"],
        &["RPUSH", "cogworker:queue:default", &job(3)],
    ]);
    let (processed, fetched) = call(
        &server,
        &[(&a, "t1", true), (&b, "t2", true)],
        &["t1"],
        &[],
        &["default"],
        &[("t1", "1"), ("t2", "1")],
    );
    assert_eq!(processed, 2);
    assert_eq!(fetched, vec![(1, job(3))]);
    let hash = server.hash(&workers);
    assert_eq!(hash.keys().collect::<Vec<_>>(), vec!["t2"], "{hash:?}");
    assert_eq!(server.list(&list), vec![job(3)]);
}

#[test]
fn the_busy_hash_gets_a_ttl_when_it_has_none_and_keeps_the_one_its_beat_gave_it() {
    let server = RedisServer::start();
    let workers = format!("cogworker:workers:{IDENTITY}");
    // Created by this call's HSET: given the TTL at once.
    call(&server, &[], &[], &[("t1", "{}")], &["default"], &[]);
    let ttl = server.ttl(&workers);
    assert!(ttl > 50 && ttl <= 60, "{ttl}");
    // A TTL the beat set (here 30 s) is left as it is, as the gem's registration leaves it.
    server.exec(&[&["EXPIRE", &workers, "30"]]);
    call(&server, &[], &[], &[("t2", "{}")], &["default"], &[]);
    let ttl = server.ttl(&workers);
    assert!(ttl > 0 && ttl <= 30, "{ttl}");
    assert_eq!(server.hash(&workers).len(), 2);
}

#[test]
fn a_wrong_type_queue_stops_the_fetching_at_the_thread_that_reaches_it_and_loses_nothing() {
    let server = RedisServer::start();
    let list = format!("cogworker:inprogress:{IDENTITY}");
    server.exec(&[
        &["RPUSH", "cogworker:queue:good", &job(1), &job(2), &job(3)],
        &["SET", "cogworker:queue:bad", "not a list"],
    ]);
    // t1 takes from good; t2 tries bad first: the fetching stops there; t3 gets nothing.
    let fetched = fetch_only(
        &server,
        &["good", "bad"],
        &[("t1", "1 2"), ("t2", "2 1"), ("t3", "1 2")],
    );
    assert_eq!(fetched, vec![(1, job(3))]);
    assert_eq!(server.list(&list), vec![job(3)]);
    assert_eq!(server.list("cogworker:queue:good"), vec![job(1), job(2)]);
    assert_eq!(
        server.get("cogworker:queue:bad").as_deref(),
        Some("not a list")
    );
}

#[test]
fn when_the_in_progress_list_cannot_take_the_jobs_none_leaves_its_queue() {
    let server = RedisServer::start();
    let list = format!("cogworker:inprogress:{IDENTITY}");
    server.exec(&[
        &["SET", &list, "not a list"],
        &["RPUSH", "cogworker:queue:default", &job(1), &job(2)],
    ]);
    let fetched = fetch_only(&server, &["default"], &[("t1", "1"), ("t2", "1")]);
    assert!(fetched.is_empty(), "{fetched:?}");
    assert_eq!(server.list("cogworker:queue:default"), vec![job(1), job(2)]);
    assert_eq!(server.get(&list).as_deref(), Some("not a list"));
    assert!(!server.exists(&format!("cogworker:workers:{IDENTITY}")));
}

#[test]
fn jobs_that_may_be_stored_onto_a_wrong_type_list_stay_on_their_queue() {
    let server = RedisServer::start();
    let list = format!("cogworker:inprogress:{IDENTITY}");
    server.exec(&[
        &["SET", &list, "not a list"],
        &["RPUSH", "cogworker:queue:default", &job(1), &job(2)],
    ]);
    let (fetched, stored) = fetch_stored(&server, &["default"], &[("t1", "1"), ("t2", "1")]);
    assert!(fetched.is_empty() && !stored, "{fetched:?}");
    assert_eq!(server.list("cogworker:queue:default"), vec![job(1), job(2)]);
    assert_eq!(server.get(&list).as_deref(), Some("not a list"));
}

#[test]
fn where_sort_is_refused_the_script_fetches_the_jobs_itself_and_a_worker_runs_them_all() {
    let server = RedisServer::start();
    // A managed Redis may refuse SORT (an ACL without @dangerous, say).
    server.exec(&[&["ACL", "SETUSER", "default", "-sort"]]);
    let list = format!("cogworker:inprogress:{IDENTITY}");
    server.exec(&[&[
        "RPUSH",
        "cogworker:queue:default",
        &job(1),
        &job(2),
        &job(3),
    ]]);
    let (fetched, stored) = fetch_stored(&server, &["default"], &[("t1", "1"), ("t2", "1")]);
    assert!(!stored);
    assert_eq!(fetched, vec![(1, job(3)), (1, job(2))]);
    assert_eq!(server.list(&list), vec![job(2), job(3)]);
    assert_eq!(server.list("cogworker:queue:default"), vec![job(1)]);

    server.exec(&[&["FLUSHALL"]]);
    enqueue_ok(&server, 2_000);
    let run = worker(
        &server,
        &[
            "--burst",
            "-c",
            "4",
            "--quiet",
            "--handler",
            "Ok=builtin:noop",
        ],
    )
    .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("2000")
    );
    assert!(!server.exists("cogworker:queue:default"));
    assert!(!server.exists(&list));
    // SORT was tried (and refused), and the jobs were fetched in batches all the same.
    assert!(calls(&server, &["eval", "evalsha"]) < 1_000);
}

/// `n` jobs of class `Ok` (args `[i]`), enqueued.
fn enqueue_ok(server: &RedisServer, n: u32) {
    enqueue_specs(
        server,
        (0..n).map(|i| format!("{{\"class\":\"Ok\",\"args\":[{i}]}}\n")),
    );
}

fn enqueue_specs(server: &RedisServer, specs: impl Iterator<Item = String>) {
    let specs: String = specs.collect();
    let run = Cogctl::new(server)
        .args(["enqueue", "--from", "-", "--quiet"])
        .stdin(specs.as_bytes())
        .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
}

fn identities(server: &RedisServer) -> BTreeSet<String> {
    redis::cmd("SMEMBERS")
        .arg("cogworker:processes")
        .query(&mut server.conn())
        .unwrap()
}

/// A worker at -c 4 on jobs that sleep 0.5 s, killed (SIGKILL) once its threads have
/// settled a first round together and fetched their next jobs: its in-progress list and
/// busy entries, and the waiting queue's original bytes.
fn a_worker_killed_with_a_batch_in_progress(server: &RedisServer) -> (String, Vec<String>) {
    enqueue_specs(
        server,
        (0..12).map(|i| format!("{{\"class\":\"S\",\"args\":[0.5,{i}]}}\n")),
    );
    let enqueued = server.list("cogworker:queue:default");
    let w = worker(server, &["-c", "4", "--handler", "S=builtin:sleep"]).spawn();
    wait_until(HANG, "a second round running", || {
        server.list("cogworker:queue:default").len() <= 4
            && server.get("cogworker:stats:processed").as_deref() == Some("4")
    });
    let identity = identities(server).into_iter().next().unwrap();
    let list = format!("cogworker:inprogress:{identity}");
    wait_until(HANG, "four jobs running", || server.list(&list).len() == 4);
    // Jobs fetched by a call are on the busy page once they have run 50 ms.
    let workers = format!("cogworker:workers:{identity}");
    wait_until(HANG, "four jobs on the busy page", || {
        server.hash(&workers).len() == 4
    });
    w.signal(libc::SIGKILL);
    assert_eq!(w.wait(HANG).code, -libc::SIGKILL);
    (identity, enqueued)
}

#[test]
fn a_killed_workers_whole_batch_is_there_as_the_gem_reads_it_and_its_recovery_requeues_it() {
    let server = RedisServer::start();
    let (identity, enqueued) = a_worker_killed_with_a_batch_in_progress(&server);
    let list = server.list(&format!("cogworker:inprogress:{identity}"));
    // What the gem's recovery reads: the list registered, a last beat, every job on the list
    // byte for byte as it was enqueued, each once; the busy page shows each of them.
    assert!(server.is_member("cogworker:inprogress_identities", &identity));
    assert!(server.hash("cogworker:last_beat").contains_key(&identity));
    assert_eq!(list.len(), 4);
    assert_eq!(list.iter().collect::<BTreeSet<_>>().len(), 4);
    assert!(list.iter().all(|raw| enqueued.contains(raw)), "{list:?}");
    let busy: BTreeSet<String> = server
        .hash(&format!("cogworker:workers:{identity}"))
        .values()
        .map(|e| serde_json::from_str::<Value>(e).unwrap()["payload"].to_string())
        .collect();
    let running: BTreeSet<String> = list
        .iter()
        .map(|raw| serde_json::from_str::<Value>(raw).unwrap().to_string())
        .collect();
    assert_eq!(busy, running, "the busy page shows each job on the list");
    // The gem's REQUEUE (reconcile runs the same script) once the process is presumed dead:
    // presence key gone, last beat older than the threshold by Redis' clock.
    server.exec(&[&["DEL", &format!("cogworker:process:{identity}")]]);
    std::thread::sleep(Duration::from_millis(2100));
    let run = Cogctl::new(&server)
        .args(["reconcile", "--orphan-threshold", "1s", "--json"])
        .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let queue = server.list("cogworker:queue:default");
    assert_eq!(queue.len(), 8, "the 4 waiting and the 4 recovered");
    for raw in &list {
        assert!(queue.contains(raw), "{raw} is back on its queue, unchanged");
    }
    assert!(!server.exists(&format!("cogworker:inprogress:{identity}")));
}

#[test]
fn a_killed_workers_whole_batch_is_recovered_and_run_by_another_worker() {
    let server = RedisServer::start();
    let (identity, _) = a_worker_killed_with_a_batch_in_progress(&server);
    server.exec(&[&["DEL", &format!("cogworker:process:{identity}")]]);
    // A burst may end before its orphan pass finds the list: run one until everything ran.
    wait_until(HANG, "every job run", || {
        let run = worker(
            &server,
            &[
                "--burst",
                "--json",
                "-c",
                "4",
                "--handler",
                "S=builtin:noop",
                "--orphan-threshold",
                "1s",
            ],
        )
        .run();
        assert_eq!(run.code, 0, "{}", run.stderr);
        server.get("cogworker:stats:processed").as_deref() == Some("12")
    });
    assert!(!server.exists(&format!("cogworker:inprogress:{identity}")));
    assert!(!server.exists("cogworker:queue:default"));
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("12"),
        "each job counted once: by the killed worker's settlement, or by its re-run"
    );
}

#[test]
fn counters_are_exact_after_100000_jobs_with_failures_mixed_in() {
    let server = RedisServer::start();
    let n = 100_000u32;
    // One in 50 fails (filed in retry, its next attempt 15 to 44 s away: the poller, an hour
    // apart here, never brings one back during the run, however long a busy machine makes it).
    enqueue_specs(
        &server,
        (0..n).map(|i| {
            let class = if i % 50 == 7 { "Fail" } else { "Ok" };
            format!("{{\"class\":\"{class}\",\"args\":[{i}]}}\n")
        }),
    );
    let run = crate::worker::worker_polling(
        &server,
        "1h",
        &[
            "--burst",
            "--allow-failures",
            "--json",
            "--quiet",
            "-c",
            "10",
            "--handler",
            "Ok=builtin:noop",
            "--handler",
            "Fail=builtin:fail",
        ],
    )
    .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let failed = n / 50;
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["processed"], n - failed);
    assert_eq!(summary["failed"], failed);
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some((n - failed).to_string().as_str())
    );
    assert_eq!(
        server.get("cogworker:stats:failed").as_deref(),
        Some(failed.to_string().as_str())
    );
    let buckets: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:throughput:*")
        .query(&mut server.conn())
        .unwrap();
    let (mut processed, mut failures) = (0u64, 0u64);
    for bucket in buckets {
        // Every bucket has its day-and-an-hour TTL, given by the first count of its hour.
        let ttl: i64 = redis::cmd("TTL")
            .arg(&bucket)
            .query(&mut server.conn())
            .unwrap();
        assert!((89_000..=90_000).contains(&ttl), "{bucket}: TTL {ttl}");
        let hash = server.hash(&bucket);
        processed += hash.get("processed").map_or(0, |v| v.parse().unwrap());
        failures += hash.get("failed").map_or(0, |v| v.parse().unwrap());
    }
    assert_eq!(
        (processed, failures),
        (u64::from(n - failed), u64::from(failed))
    );
    let retry: Vec<(String, f64)> = server.zset("cogworker:retry");
    assert_eq!(retry.len(), failed as usize);
    assert!(!server.exists("cogworker:queue:default"));
    // The batch calls gave it once an hour, and once a minute at most besides, not once a
    // call (the beats' and the failures' own EXPIREs are counted here too).
    let calls = script_calls(&server);
    let expires = self::calls(&server, &["expire"]);
    assert!(
        expires * 2 < calls,
        "{expires} EXPIREs in {calls} script calls"
    );
}

#[test]
fn a_paused_queue_stops_a_busy_worker_within_one_call() {
    let server = RedisServer::start();
    enqueue_ok(&server, 20_000);
    let concurrency = 4;
    let w = worker(
        &server,
        &["-c", "4", "--quiet", "--handler", "Ok=builtin:noop"],
    )
    .spawn();
    let waiting = || server.list("cogworker:queue:default").len();
    wait_until(HANG, "some jobs done", || waiting() <= 19_000);
    let pause = Cogctl::new(&server)
        .args(["queue", "pause", "default"])
        .run();
    assert_eq!(pause.code, 0, "{}", pause.stderr);
    let left = waiting();
    std::thread::sleep(Duration::from_millis(500));
    let after = waiting();
    // At most the one call (or the threads' own fetches) in flight when the pause landed.
    assert!(
        left - after <= concurrency,
        "{} jobs fetched after the pause",
        left - after
    );
    assert!(after > 0);
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// The list (job numbers, head first), and the jobs settled (job number, succeeded).
type Case = (Vec<u32>, Vec<(u32, bool)>);

#[test]
fn settling_cuts_the_lists_tail_and_leaves_it_as_one_lrem_per_job_would() {
    // Each case: the list (head first), the jobs settled (job number, succeeded). The call
    // must leave the list as `LREM list -1 raw` once per settled job, in order, would, and
    // count the successes whose LREM would have removed something.
    let cases: Vec<Case> = vec![
        // The whole list settled, in any order.
        (
            vec![4, 3, 2, 1],
            vec![(1, true), (3, true), (2, false), (4, true)],
        ),
        // Its tail only; the head still running.
        (vec![9, 8, 2, 1], vec![(2, true), (1, true)]),
        // A job settled beyond the tail (5 ends before 2 and 1): LTRIM of the tail, LREM of 5.
        (vec![6, 5, 2, 1], vec![(1, true), (5, true), (2, true)]),
        // The tail's last job still running: nothing cut, one LREM each.
        (vec![3, 2, 1], vec![(3, true), (2, true)]),
        // Two copies of the same bytes, settled once: the tail-most goes.
        (vec![7, 1, 2, 1], vec![(1, true)]),
        // Settled twice with two copies, one of them beyond the tail.
        (vec![1, 7, 2, 1], vec![(2, true), (1, true), (1, false)]),
        // Settled twice, on the list once: the second finds nothing and is not counted.
        (vec![5, 1], vec![(1, true), (1, true)]),
        // Not on the list at all.
        (vec![5, 6], vec![(1, true), (2, true)]),
        // More settled than the list holds.
        (vec![2], vec![(1, true), (2, true), (3, true)]),
    ];
    // Each case twice: settling only; and with two threads asking in one order, the jobs
    // they get may be stored (the cut then left to the STORE when the list held the
    // settled jobs only): the list and the queue as after the LREMs, then one LMOVE each.
    let server = RedisServer::start();
    let list = format!("cogworker:inprogress:{IDENTITY}");
    let queue = "cogworker:queue:default";
    let queued: Vec<String> = (100..103).map(job).collect();
    for (at, (listed, settled)) in cases.into_iter().enumerate() {
        for store in [false, true] {
            server.exec(&[&["FLUSHALL"]]);
            let listed: Vec<String> = listed.iter().copied().map(job).collect();
            let mut push: Vec<&str> = vec!["RPUSH", &list];
            push.extend(listed.iter().map(String::as_str));
            let mut copy: Vec<&str> = vec!["RPUSH", "reference"];
            copy.extend(listed.iter().map(String::as_str));
            let mut fill: Vec<&str> = vec!["RPUSH", queue];
            fill.extend(queued.iter().map(String::as_str));
            let mut fill_copy: Vec<&str> = vec!["RPUSH", "reference-queue"];
            fill_copy.extend(queued.iter().map(String::as_str));
            server.exec(&[&push, &copy, &fill, &fill_copy]);
            let raws: Vec<(String, bool)> = settled.iter().map(|(n, ok)| (job(*n), *ok)).collect();
            let mut expected_processed = 0;
            for (raw, ok) in &raws {
                let removed: i64 = redis::cmd("LREM")
                    .arg("reference")
                    .arg(-1)
                    .arg(raw)
                    .query(&mut server.conn())
                    .unwrap();
                if removed > 0 && *ok {
                    expected_processed += 1;
                }
            }
            let asks: &[(&str, &str)] = if store {
                &[("t8", "1"), ("t9", "1")]
            } else {
                &[]
            };
            let mut expected_fetched = Vec::new();
            for _ in asks {
                let moved: String = redis::cmd("LMOVE")
                    .arg("reference-queue")
                    .arg("reference")
                    .arg("RIGHT")
                    .arg("LEFT")
                    .query(&mut server.conn())
                    .unwrap();
                expected_fetched.push((1, moved));
            }
            let tids: Vec<String> = (0..raws.len()).map(|i| format!("t{i}")).collect();
            let args: Vec<(&str, &str, bool)> = raws
                .iter()
                .zip(&tids)
                .map(|((raw, ok), tid)| (raw.as_str(), tid.as_str(), *ok))
                .collect();
            let gone: Vec<&str> = tids.iter().map(String::as_str).collect();
            let (processed, fetched, stored) =
                call_as(&server, &args, &gone, &[], &["default"], asks, store);
            // The whole list settled (case 0), or more settled than it held (the last): it
            // is empty then, and the jobs stored; with a job still running, never.
            assert_eq!(stored, store && (at == 0 || at == 8), "case {at}");
            assert_eq!(fetched, expected_fetched, "case {at}, store {store}");
            assert_eq!(processed, expected_processed, "case {at}, store {store}");
            assert_eq!(
                server.list(&list),
                server.list("reference"),
                "case {at}, store {store}: the list as after one LREM -1 per job"
            );
            assert_eq!(server.list(queue), server.list("reference-queue"));
            let counted = server.get("cogworker:stats:processed");
            let want = (expected_processed > 0).then(|| expected_processed.to_string());
            assert_eq!(counted, want, "case {at}, store {store}");
        }
    }
}

/// Script calls (EVALSHA and EVAL) Redis has run since its last CONFIG RESETSTAT.
fn script_calls(server: &RedisServer) -> u64 {
    calls(server, &["evalsha", "eval"])
}

/// Calls of `commands` Redis has run since its last CONFIG RESETSTAT.
fn calls(server: &RedisServer, commands: &[&str]) -> u64 {
    let info: String = redis::cmd("INFO")
        .arg("commandstats")
        .query(&mut server.conn())
        .unwrap();
    info.lines()
        .filter(|l| {
            commands
                .iter()
                .any(|c| l.starts_with(&format!("cmdstat_{c}:")))
        })
        .filter_map(|l| {
            l.split_once("calls=")?
                .1
                .split(',')
                .next()?
                .parse::<u64>()
                .ok()
        })
        .sum()
}

#[test]
fn a_deep_queue_is_taken_in_batches() {
    // Under load (every call found more jobs than its threads could take) the thread making
    // a call gathers the jobs of the busy threads that are not waiting for the call's answer:
    // several jobs per call, each settled, counted and fetched once.
    let server = RedisServer::start();
    let n = 8_000u32;
    enqueue_ok(&server, n);
    server.exec(&[&["CONFIG", "RESETSTAT"]]);
    let run = worker(
        &server,
        &[
            "--burst",
            "--json",
            "--quiet",
            "-c",
            "8",
            "--handler",
            "Ok=builtin:noop",
        ],
    )
    .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some(n.to_string().as_str())
    );
    let per_call = f64::from(n) / script_calls(&server) as f64;
    // About half the threads per call (the other half run the jobs the call before gave
    // them); one job per call would be no batching at all.
    assert!(per_call >= 2.0, "{per_call:.1} jobs per call at -c 8");
    assert!(!server.exists("cogworker:queue:default"));
    assert!(
        identities(&server).is_empty() || {
            let identity = identities(&server).into_iter().next().unwrap();
            !server.exists(&format!("cogworker:inprogress:{identity}"))
        }
    );
}

#[test]
fn a_lone_job_after_a_burst_starts_and_is_settled_on_its_own() {
    // A loaded worker whose queue ran dry: the call that found it empty ends the gathering.
    // A job pushed then is fetched by a waiting thread's own blocking fetch, and its
    // settlement is not held back for company: with nothing else pushed, each lone job
    // starts, ends and is counted. (How soon is measured, not asserted: `./tasks bench
    // worker` reports a lone job's push-to-start and start-to-settled after a burst.)
    let server = RedisServer::start();
    enqueue_ok(&server, 2_000);
    let w = worker(
        &server,
        &[
            "-c",
            "8",
            "--quiet",
            "--handler",
            "Ok=builtin:noop",
            "--handler",
            "S=builtin:sleep",
        ],
    )
    .spawn();
    wait_until(HANG, "the burst done", || {
        server.get("cogworker:stats:processed").as_deref() == Some("2000")
    });
    let identity = identities(&server).into_iter().next().unwrap();
    let workers = format!("cogworker:workers:{identity}");
    std::thread::sleep(Duration::from_millis(500));
    for i in 0..5 {
        enqueue_specs(
            &server,
            std::iter::once(format!("{{\"class\":\"S\",\"args\":[0.2,{i}]}}\n")),
        );
        wait_until(HANG, "the job running", || {
            !server.hash(&workers).is_empty()
        });
        let want = (2001 + i).to_string();
        wait_until(HANG, "the job settled", || {
            server.get("cogworker:stats:processed").as_deref() == Some(want.as_str())
        });
        assert!(server.hash(&workers).is_empty());
        assert!(server.list("cogworker:queue:default").is_empty());
    }
    w.signal(libc::SIGTERM);
    assert_eq!(w.wait(HANG).code, 0);
}

#[test]
fn a_worker_killed_while_gathering_reruns_at_most_one_job_per_thread_and_counts_each_once() {
    // Under load each thread holds one job: running, or ended and waiting in the batch being
    // gathered for its settlement. A kill -9 runs again at most those, one per thread; the
    // recovering worker's settlements count each job once.
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("ran");
    let n = 600u32;
    enqueue_specs(
        &server,
        (0..n).map(|i| format!("{{\"class\":\"Rec\",\"args\":[{i}]}}\n")),
    );
    let recorder = format!(
        "Rec=/bin/sh -c 'echo \"$COGCTL_JID\" >> \"$0\"' {}",
        record.display()
    );
    let w = worker(&server, &["-c", "4", "--quiet", "--handler", &recorder]).spawn();
    wait_until(HANG, "a third of the jobs run", || {
        server
            .get("cogworker:stats:processed")
            .is_some_and(|p| p.parse::<u32>().unwrap() >= n / 3)
    });
    w.signal(libc::SIGKILL);
    assert_eq!(w.wait(HANG).code, -libc::SIGKILL);
    let identity = identities(&server).into_iter().next().unwrap();
    let held = server
        .list(&format!("cogworker:inprogress:{identity}"))
        .len();
    assert!(held <= 4, "{held} jobs on the killed worker's list");
    server.exec(&[&["DEL", &format!("cogworker:process:{identity}")]]);
    wait_until(Duration::from_secs(60), "every job run", || {
        let run = worker(
            &server,
            &[
                "--burst",
                "--json",
                "-c",
                "4",
                "--quiet",
                "--handler",
                &recorder,
                "--orphan-threshold",
                "1s",
            ],
        )
        .run();
        assert_eq!(run.code, 0, "{}", run.stderr);
        server.get("cogworker:stats:processed").as_deref() == Some(n.to_string().as_str())
    });
    let mut runs: std::collections::HashMap<String, u32> = std::collections::HashMap::new();
    for line in std::fs::read_to_string(&record).unwrap().lines() {
        *runs.entry(line.to_string()).or_default() += 1;
    }
    assert_eq!(runs.len(), n as usize, "every job ran");
    let again: u32 = runs.values().map(|r| r - 1).sum();
    assert!(again <= 4, "{again} runs again after one kill at -c 4");
    assert!(!server.exists(&format!("cogworker:inprogress:{identity}")));
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some(n.to_string().as_str()),
        "each job counted once"
    );
}

/// Jobs fetched with a settlement are written to the busy page late: short ones never, a long
/// one once it has run 50 ms (here by the registrar: no other call comes while it runs), and
/// its entry goes with its settlement.
#[test]
fn a_job_fetched_by_a_call_is_on_the_busy_page_once_it_has_run_50_ms_and_short_ones_never() {
    let server = RedisServer::start();
    enqueue_ok(&server, 2_000);
    server.exec(&[&["CONFIG", "RESETSTAT"]]);
    let run = worker(
        &server,
        &["-c", "8", "--burst", "--handler", "Ok=builtin:noop"],
    )
    .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The heartbeat's own HSETs, and the entries of the jobs the threads fetched themselves.
    let hsets = calls(&server, &["hset"]);
    assert!(hsets < 100, "{hsets} HSETs for 2,000 no-op jobs");

    // One thread: the first job is its own fetch; the second comes with the first's
    // settlement and sleeps 1 s.
    enqueue_specs(
        &server,
        [
            "{\"class\":\"Ok\",\"args\":[1]}\n".to_string(),
            "{\"class\":\"S\",\"args\":[3.0]}\n".to_string(),
        ]
        .into_iter(),
    );
    let w = worker(
        &server,
        &[
            "-c",
            "1",
            "--handler",
            "Ok=builtin:noop",
            "--handler",
            "S=builtin:sleep",
        ],
    )
    .spawn();
    wait_until(HANG, "the sleeper fetched", || {
        server.get("cogworker:stats:processed").as_deref() == Some("2001")
    });
    let identity = identities(&server)
        .into_iter()
        .find(|id| {
            !server
                .list(&format!("cogworker:inprogress:{id}"))
                .is_empty()
        })
        .expect("the sleeper's worker");
    let workers = format!("cogworker:workers:{identity}");
    // No call comes while it sleeps 3 s: the registrar shows it on the busy page while it
    // runs (once it has run REGISTER_AFTER), not only when it ends.
    let mut shown = None;
    wait_until(HANG, "the sleeper on the busy page, or its end", || {
        shown = server.hash(&workers).into_values().next();
        shown.is_some() || server.get("cogworker:stats:processed").as_deref() == Some("2002")
    });
    let entry: Value =
        serde_json::from_str(&shown.expect("the sleeper ended without being shown as busy"))
            .unwrap();
    assert_eq!(entry["payload"]["class"], "S");
    assert_eq!(entry["queue"], "default");
    wait_until(HANG, "the sleeper settled", || {
        server.get("cogworker:stats:processed").as_deref() == Some("2002")
    });
    assert!(!server.exists(&workers), "its entry went with it");
    w.signal(libc::SIGTERM);
    assert_eq!(w.wait(HANG).code, 0);
}

#[test]
fn a_redis_at_its_maxmemory_refuses_the_transaction_and_the_script_alone_goes_on() {
    let server = RedisServer::start();
    let n = 20_000;
    enqueue_ok(&server, n);
    let w = worker(
        &server,
        &["-c", "4", "--quiet", "--handler", "Ok=builtin:noop"],
    )
    .spawn();
    let waiting = || server.list("cogworker:queue:default").len();
    wait_until(HANG, "some jobs done", || waiting() <= 19_000);
    // Full: redis-server refuses a MULTI whole (its reads too), a script only until its
    // first write.
    server.exec(&[
        &["CONFIG", "SET", "maxmemory-policy", "noeviction"],
        &["CONFIG", "SET", "maxmemory", "1"],
    ]);
    let refused = || {
        let info: String = redis::cmd("INFO")
            .arg("commandstats")
            .query(&mut server.conn())
            .unwrap();
        // Refused when queued, then EXEC aborted.
        let field = |command: &str, name: &str| {
            info.lines()
                .find(|l| l.starts_with(&format!("cmdstat_{command}:")))
                .and_then(|l| l.split(&format!("{name}=")).nth(1))
                .and_then(|v| v.split(',').next())
                .map_or(0, |v| v.parse::<u64>().unwrap())
        };
        field("evalsha", "rejected_calls") + field("exec", "rejected_calls")
    };
    let before = refused();
    let left = waiting();
    wait_until(HANG, "jobs done while Redis is full", || {
        waiting() + 500 <= left
    });
    // redis-server refuses the transaction (valkey-server 8 queues commands under maxmemory,
    // and lets the transaction run).
    match server_kind() {
        ServerKind::Redis => assert!(refused() > before, "no transaction was refused"),
        ServerKind::Valkey => assert_eq!(refused(), before),
    }
    server.exec(&[&["CONFIG", "SET", "maxmemory", "0"]]);
    wait_until(Duration::from_secs(60), "the queue drained", || {
        waiting() == 0
    });
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Every job counted once, those settled while Redis was full too.
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some(n.to_string().as_str())
    );
}
