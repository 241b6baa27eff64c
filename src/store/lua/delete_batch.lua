-- Delete a batch of entries from a sorted set by their exact raw members, then clear each
-- deleted job's attempts log (as the Web UI does for retry and dead entries) and release its
-- unique and periodic locks if this job still owns them. With an undo record, each entry
-- moves there with its score instead, its attempts log is moved (not deleted), and every
-- lock released is noted with its expiry.
-- KEYS[1] the sorted set
-- ARGV[1] the undo record's prefix ("" keeps nothing), ARGV[2] when the record expires (ms);
-- then per entry: raw member, jid, attempts-log key or "", unique lock key or "", periodic
-- running-lock key or ""
-- Reply: per entry 1 (deleted) or 0 (gone)
local prefix, until_ms = ARGV[1], tonumber(ARGV[2])
local out = {}
for i = 3, #ARGV, 5 do
  local raw, jid = ARGV[i], ARGV[i + 1]
  local score = redis.call('ZSCORE', KEYS[1], raw)
  if score then
    redis.call('ZREM', KEYS[1], raw)
    if prefix == '' then
      if ARGV[i + 2] ~= '' then
        redis.pcall('DEL', ARGV[i + 2])
      end
      release_owned(ARGV[i + 3], jid)
      release_owned(ARGV[i + 4], jid)
    else
      redis.call('ZADD', prefix .. 'z', score, raw)
      undo_keep_deleted(prefix, until_ms, raw, jid, ARGV[i + 2], {ARGV[i + 3], ARGV[i + 4]})
    end
    out[#out + 1] = 1
  else
    out[#out + 1] = 0
  end
end
if prefix ~= '' then
  undo_expire(prefix, until_ms, {'z', 'side'})
end
return out
