-- ACK (OPERATIONS §6.1): the job is settled: remove it (one copy, its exact bytes) from this
-- process's in-progress list and clear its orphan counter.
-- KEYS[1] own in-progress list, KEYS[2] cogworker:orphanings:<jid>
-- ARGV[1] the raw job exactly as fetched
-- Reply: 1
redis.call('LREM', KEYS[1], 1, ARGV[1])
redis.pcall('DEL', KEYS[2])
return 1
