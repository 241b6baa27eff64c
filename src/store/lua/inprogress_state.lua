-- A consistent look at one in-progress list and its owner, for the read-only orphans view:
-- the liveness inputs of OPERATIONS §8.2 and the list length, taken at one instant.
-- KEYS[1] in-progress list, KEYS[2] owner presence key, KEYS[3] cogworker:last_beat
-- ARGV[1] owner identity
-- Reply: {presence (0/1), last_beat stamp or false, redis now (seconds), list length or -1
-- when the list is of another type, 1 or 0 whether last_beat could be read}. A wrong-typed
-- key is reported, not raised, so the caller can name the key that is wrong and still show
-- what the other keys say.
local presence = redis.call('EXISTS', KEYS[2])
local beat_ok = 1
local stamp = redis.pcall('HGET', KEYS[3], ARGV[1])
if type(stamp) == 'table' and stamp.err then
  beat_ok = 0
  stamp = false
end
local now = tonumber(redis.call('TIME')[1])
local length = redis.pcall('LLEN', KEYS[1])
if type(length) == 'table' and length.err then
  length = -1
end
return {presence, stamp, now, length, beat_ok}
