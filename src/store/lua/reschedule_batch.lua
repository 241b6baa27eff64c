-- Give a batch of entries a new score, payload unchanged: ZADD XX only for raw members still in
-- the set (KEYS.md §8.1 reschedule, done atomically as §8.1 recommends).
-- KEYS[1] the sorted set
-- ARGV[1] the new score, then the raw members
-- Reply: per entry 1 (rescheduled) or 0 (gone)
local out = {}
for i = 2, #ARGV do
  if redis.call('ZSCORE', KEYS[1], ARGV[i]) then
    redis.call('ZADD', KEYS[1], 'XX', ARGV[1], ARGV[i])
    out[#out + 1] = 1
  else
    out[#out + 1] = 0
  end
end
return out
