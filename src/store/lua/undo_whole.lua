-- Undo a whole set deleted in one step (delete_whole.lua), or an undo of that, moving the set
-- in one RENAME:
--   restore  the set goes back. Entries the live set gained since (at most ARGV[3]) are
--            merged in first, as they are: one the change had deleted and someone put back is
--            left alone (its live score wins) and named. They are noted under the undo's own
--            record (KEYS[3]), so that undoing the undo leaves them.
--   remove   (undoing the undo) only while the set holds exactly what the undo left (its size,
--            its first and last members): the set moves under the undo's record, and the
--            entries noted in KEYS[3] go back to it.
-- KEYS[1] where the set goes, KEYS[2] where it is, KEYS[3] the entries noted
-- ARGV[1] mode, ARGV[2] when the undo's record expires (ms), then for 'restore' the most
-- entries to merge; for 'remove' the expected size, first member and last member
-- Reply: {entries moved (-1: the set is not as required, nothing moved), then the members left
-- alone}
local mode, until_ms = ARGV[1], tonumber(ARGV[2])
if mode == 'restore' then
  local live = redis.call('ZCARD', KEYS[1])
  if live > tonumber(ARGV[3]) then
    return {-1}
  end
  local reply = {0}
  if live > 0 then
    local items = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
    for i = 1, #items, 2 do
      if redis.call('ZSCORE', KEYS[2], items[i]) then
        reply[#reply + 1] = items[i]
      end
      redis.call('ZADD', KEYS[2], items[i + 1], items[i])
      redis.call('ZADD', KEYS[3], items[i + 1], items[i])
    end
    redis.call('PEXPIREAT', KEYS[3], until_ms)
  end
  local n = redis.call('ZCARD', KEYS[2])
  if n > 0 then
    redis.call('RENAME', KEYS[2], KEYS[1])
    redis.call('PERSIST', KEYS[1])
  end
  reply[1] = n - live
  return reply
end
local n = redis.call('ZCARD', KEYS[2])
if tostring(n) ~= ARGV[3] then
  return {-1}
end
local first = redis.call('ZRANGE', KEYS[2], 0, 0)[1] or ''
local last = redis.call('ZRANGE', KEYS[2], -1, -1)[1] or ''
if first ~= ARGV[4] or last ~= ARGV[5] then
  return {-1}
end
if n > 0 then
  redis.call('RENAME', KEYS[2], KEYS[1])
  redis.call('PEXPIREAT', KEYS[1], until_ms)
end
local keep = redis.call('ZRANGE', KEYS[3], 0, -1, 'WITHSCORES')
for i = 1, #keep, 2 do
  redis.call('ZADD', KEYS[2], keep[i + 1], keep[i])
  redis.call('ZREM', KEYS[1], keep[i])
end
return {n - #keep / 2}
