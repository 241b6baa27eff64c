-- BURY (OPERATIONS §12.5): a schedule/retry entry that can't be requeued is filed in dead as an
-- (unparseable) wrapper, if it is still in its set, and counted as failed.
-- KEYS[1] the set, KEYS[2] cogworker:dead, KEYS[3] cogworker:stats:failed
-- ARGV[1] the raw entry, ARGV[2] the wrapper's failed_at, ARGV[3] the wrapper
-- Reply: 1 buried, 0 gone
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('ZREM', KEYS[1], ARGV[1])
redis.pcall('INCR', KEYS[3])
return 1
