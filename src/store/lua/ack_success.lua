-- ACK_SUCCESS: a success acknowledged late, after the ACK_FETCH that should have carried it
-- failed (Redis away, a failover): ACK (OPERATIONS §6.1), and the job counted as processed
-- with the success bookkeeping of §5.3 only when it was still on the list. When it is
-- gone, either that ACK_FETCH did run (and counted it) and only its reply was lost, or
-- another process requeued the job, whose next run counts.
-- KEYS[1] own in-progress list, KEYS[2] cogworker:orphanings:<jid>,
--   KEYS[3] cogworker:stats:processed, KEYS[4] the throughput bucket of the hour it ended
-- ARGV[1] the raw job exactly as fetched, ARGV[2] the throughput TTL
-- Reply: 1 when it was acknowledged and counted now, 0 when it was no longer on the list
local removed = redis.call('LREM', KEYS[1], 1, ARGV[1])
redis.pcall('DEL', KEYS[2])
if removed == 0 then
  return 0
end
redis.pcall('INCR', KEYS[3])
redis.pcall('HINCRBY', KEYS[4], 'processed', 1)
redis.pcall('EXPIRE', KEYS[4], ARGV[2])
return 1
