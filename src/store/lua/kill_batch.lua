-- Move a batch of retry entries to dead (KEYS.md §8.2 "Kill"): for each entry, if the exact
-- raw member is still in retry, ZADD it unchanged to dead, then ZREM it from retry, then release
-- the job's unique and periodic locks if this job still owns them. With an undo record, the
-- retry score and the dead score of each entry are kept there, and every lock released.
-- KEYS[1] cogworker:retry, KEYS[2] cogworker:dead
-- ARGV[1] the undo record's prefix ("" keeps nothing), ARGV[2] when it expires (ms),
-- ARGV[3] the dead score (now), then per entry: raw member, jid, unique lock key or "",
-- periodic running-lock key or ""
-- Reply: per entry 1 (moved), 0 (gone), or an error text (left in place)
local prefix, until_ms, now = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local out = {}
for i = 4, #ARGV, 4 do
  local raw, jid = ARGV[i], ARGV[i + 1]
  local score = redis.call('ZSCORE', KEYS[1], raw)
  if not score then
    out[#out + 1] = 0
  else
    local added = redis.pcall('ZADD', KEYS[2], now, raw)
    if type(added) == 'table' and added.err then
      out[#out + 1] = added.err
    else
      redis.call('ZREM', KEYS[1], raw)
      if prefix == '' then
        release_owned(ARGV[i + 2], jid)
        release_owned(ARGV[i + 3], jid)
      else
        redis.call('ZADD', prefix .. 'z', score, raw)
        redis.call('ZADD', prefix .. 'cur', now, raw)
        local side = {}
        for l = i + 2, i + 3 do
          undo_release_noted(side, ARGV[l], jid)
        end
        if #side > 0 then
          undo_put_side(prefix, redis.sha1hex(raw), side)
        end
      end
      out[#out + 1] = 1
    end
  end
end
if prefix ~= '' then
  undo_expire(prefix, until_ms, {'z', 'cur', 'side'})
end
return out
