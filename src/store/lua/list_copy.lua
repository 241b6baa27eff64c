-- Copy a slice of one list onto the tail of another, inside Redis (no round trip of the
-- bytes): building a queue's rebuilt copy from the list an undo record keeps.
-- KEYS[1] the source, KEYS[2] the destination
-- ARGV[1] first index, ARGV[2] last index, ARGV[3] the destination's expiry in ms (a
-- staging list never outlives a run cut short by long)
-- Reply: elements copied
local items = redis.call('LRANGE', KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))
rebuild_push('RPUSH', KEYS[2], items, 1, #items, 1)
if #items > 0 then
  redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[3]))
end
return #items
