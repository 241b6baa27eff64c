-- INTERRUPT (OPERATIONS §7.6): file a job whose failure couldn't be recorded the normal way,
-- if it is still on this process's in-progress list: write it to retry or dead, then remove
-- it from the list, then clear its orphan counter.
-- KEYS[1] own in-progress list, KEYS[2] cogworker:retry or cogworker:dead,
-- KEYS[3] cogworker:orphanings:<jid>
-- ARGV[1] the raw job as fetched, ARGV[2] the score, ARGV[3] the payload to file
-- Reply: 1 filed, 0 the job is no longer ours
if not redis.call('LPOS', KEYS[1], ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('LREM', KEYS[1], 1, ARGV[1])
redis.pcall('DEL', KEYS[3])
return 1
