-- Add a batch of exported entries to a sorted set, each only if the member isn't there
-- (ZADD NX: an entry already present keeps its score). With an undo record, each member
-- added is kept there with its score, so the import can be undone.
-- KEYS[1] the sorted set
-- ARGV[1] the undo record's prefix ("" keeps nothing), ARGV[2] when it expires (ms), then
-- per entry: score (as exported), raw member
-- Reply: per entry 1 (added) or 0 (already there), stopping at the first error (its text)
local prefix = ARGV[1]
local out = {}
for i = 3, #ARGV, 2 do
  local added = redis.pcall('ZADD', KEYS[1], 'NX', ARGV[i], ARGV[i + 1])
  if type(added) == 'table' and added.err then
    out[#out + 1] = added.err
    break
  end
  if added == 1 and prefix ~= '' then
    redis.call('ZADD', prefix .. 'z', ARGV[i], ARGV[i + 1])
  end
  out[#out + 1] = added
end
if prefix ~= '' then
  redis.call('PEXPIREAT', prefix .. 'z', tonumber(ARGV[2]))
end
return out
