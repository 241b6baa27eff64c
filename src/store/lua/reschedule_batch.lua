-- Give a batch of entries a new score, payload unchanged: ZADD XX only for raw members still in
-- the set (KEYS.md §8.1 reschedule, done atomically as §8.1 recommends). With an undo record,
-- each member's old and new score are kept there.
-- KEYS[1] the sorted set
-- ARGV[1] the undo record's prefix ("" keeps nothing), ARGV[2] when it expires (ms),
-- ARGV[3] the new score, then the raw members
-- Reply: per entry 1 (rescheduled) or 0 (gone)
local prefix, until_ms, score = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local out = {}
for i = 4, #ARGV do
  local old = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if old then
    redis.call('ZADD', KEYS[1], 'XX', score, ARGV[i])
    if prefix ~= '' then
      redis.call('ZADD', prefix .. 'z', old, ARGV[i])
      redis.call('ZADD', prefix .. 'cur', score, ARGV[i])
    end
    out[#out + 1] = 1
  else
    out[#out + 1] = 0
  end
end
if prefix ~= '' then
  undo_expire(prefix, until_ms, {'z', 'cur'})
end
return out
