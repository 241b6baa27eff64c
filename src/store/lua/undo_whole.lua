-- Undo a whole set deleted in one step (delete_whole.lua), or an undo of that: move the whole
-- set back in one RENAME — only when the set it goes to is absent (restore), or still holds
-- exactly what the undo left (its size and its first and last members: remove again).
-- KEYS[1] where the set goes, KEYS[2] where it is
-- ARGV[1] 'restore' or 'remove', ARGV[2] when KEYS[1] expires (ms; 'remove' only), then for
-- 'remove' the expected size, first member and last member
-- Reply: the number of entries moved, or -1 when the set is not as required (nothing moved)
local mode = ARGV[1]
if mode == 'restore' then
  if redis.call('EXISTS', KEYS[1]) == 1 then
    return -1
  end
  local n = redis.call('ZCARD', KEYS[2])
  if n > 0 then
    redis.call('RENAME', KEYS[2], KEYS[1])
    redis.call('PERSIST', KEYS[1])
  end
  return n
end
local n = redis.call('ZCARD', KEYS[2])
if tostring(n) ~= ARGV[3] then
  return -1
end
local first = redis.call('ZRANGE', KEYS[2], 0, 0)[1] or ''
local last = redis.call('ZRANGE', KEYS[2], -1, -1)[1] or ''
if first ~= ARGV[4] or last ~= ARGV[5] then
  return -1
end
if n > 0 then
  redis.call('RENAME', KEYS[2], KEYS[1])
  redis.call('PEXPIREAT', KEYS[1], tonumber(ARGV[2]))
end
return n
