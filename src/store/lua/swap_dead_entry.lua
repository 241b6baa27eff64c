-- SWAP_DEAD_ENTRY (OPERATIONS §8.8): replace a raw job REQUEUE filed straight into dead by a
-- proper dead entry, in one step, so dead never holds both or neither.
-- KEYS[1] cogworker:dead
-- ARGV[1] the raw member, ARGV[2] the score (now), ARGV[3] the replacement
-- Reply: 1 swapped, 0 the raw member is no longer there
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZREM', KEYS[1], ARGV[1])
return 1
