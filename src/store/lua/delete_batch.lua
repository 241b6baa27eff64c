-- Delete a batch of entries from a sorted set by their exact raw members, then clear each
-- deleted job's attempts log (as the Web UI does for retry and dead entries) and release its
-- unique and periodic locks if this job still owns them.
-- KEYS[1] the sorted set
-- ARGV per entry: raw member, jid, attempts-log key or "", unique lock key or "",
-- periodic running-lock key or ""
-- Reply: per entry 1 (deleted) or 0 (gone)
local out = {}
for i = 1, #ARGV, 5 do
  local raw, jid = ARGV[i], ARGV[i + 1]
  if redis.call('ZREM', KEYS[1], raw) == 1 then
    if ARGV[i + 2] ~= '' then
      redis.pcall('DEL', ARGV[i + 2])
    end
    release_owned(ARGV[i + 3], jid)
    release_owned(ARGV[i + 4], jid)
    out[#out + 1] = 1
  else
    out[#out + 1] = 0
  end
end
return out
