-- A consistent look at one in-progress list and its owner, for the read-only orphans view:
-- the liveness inputs of OPERATIONS §8.2 and the list length, taken at one instant.
-- KEYS[1] in-progress list, KEYS[2] owner presence key, KEYS[3] cogworker:last_beat
-- ARGV[1] owner identity
-- Reply: {presence (0/1), last_beat stamp or false, redis now (seconds), list length}
local presence = redis.call('EXISTS', KEYS[2])
local stamp = redis.call('HGET', KEYS[3], ARGV[1])
local now = tonumber(redis.call('TIME')[1])
local length = redis.call('LLEN', KEYS[1])
return {presence, stamp, now, length}
