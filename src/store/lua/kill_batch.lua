-- Move a batch of retry entries to dead (KEYS.md §8.2 "Kill"): for each entry, if the exact
-- raw member is still in retry, ZADD it unchanged to dead, then ZREM it from retry, then release
-- the job's unique and periodic locks if this job still owns them.
-- KEYS[1] cogworker:retry, KEYS[2] cogworker:dead
-- ARGV[1] the dead score (now), then per entry: raw member, jid, unique lock key or "",
-- periodic running-lock key or ""
-- Reply: per entry 1 (moved), 0 (gone), or an error text (left in place)
local out = {}
for i = 2, #ARGV, 4 do
  local raw, jid = ARGV[i], ARGV[i + 1]
  if not redis.call('ZSCORE', KEYS[1], raw) then
    out[#out + 1] = 0
  else
    local added = redis.pcall('ZADD', KEYS[2], ARGV[1], raw)
    if type(added) == 'table' and added.err then
      out[#out + 1] = added.err
    else
      redis.call('ZREM', KEYS[1], raw)
      release_owned(ARGV[i + 2], jid)
      release_owned(ARGV[i + 3], jid)
      out[#out + 1] = 1
    end
  end
end
return out
