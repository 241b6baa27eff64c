-- What follows a recovery burial (OPERATIONS §8.9), in one step: the job's locks released
-- (owner-checked), its orphan counter deleted, and the failure counted (stats and the hour's
-- throughput bucket, whose TTL each write refreshes).
-- KEYS[1] the orphan counter, KEYS[2] cogworker:stats:failed, KEYS[3] cogworker:throughput:<hour>
-- ARGV[1] the jid, ARGV[2] the bucket TTL, ARGV[3..] the job's lock keys
for i = 3, #ARGV do
  release_owned(ARGV[i], ARGV[1])
end
redis.pcall('DEL', KEYS[1])
redis.pcall('INCR', KEYS[2])
redis.pcall('HINCRBY', KEYS[3], 'failed', 1)
redis.pcall('EXPIRE', KEYS[3], ARGV[2])
return 1
