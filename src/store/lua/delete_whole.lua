-- Delete a whole sorted set, keeping it to be undone: one RENAME under the undo record (no
-- copy: a million entries move in one step), expiring with the record. What each entry
-- had beside it (attempts log, locks) is kept afterwards, in batches (delete_side.lua).
-- KEYS[1] the set, KEYS[2] where the record keeps it
-- ARGV[1] when the record expires (ms)
-- Reply: the number of entries deleted
local n = redis.call('ZCARD', KEYS[1])
if n > 0 then
  redis.call('RENAME', KEYS[1], KEYS[2])
  redis.call('PEXPIREAT', KEYS[2], tonumber(ARGV[1]))
end
return n
