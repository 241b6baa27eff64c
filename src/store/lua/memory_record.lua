-- RECORD (OPERATIONS §13.5): this process's memory history, one sample per 15-minute slot
-- keeping the slot's highest reading, trimmed to 24 h, with the key's TTL refreshed.
-- KEYS[1] cogworker:memory:<own identity>
-- ARGV[1] slot start, ARGV[2] rss_kb, ARGV[3] window (86400), ARGV[4] key TTL (90000)
-- Reply: 1
local slot = tonumber(ARGV[1])
local kb = tonumber(ARGV[2])
local keep = false
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], slot, slot)) do
  local value = tonumber(string.match(member, ':(%d+)$'))
  if value and value >= kb then
    keep = true
  end
end
if not keep then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], slot, slot)
  redis.call('ZADD', KEYS[1], slot, ARGV[1] .. ':' .. ARGV[2])
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. (slot - tonumber(ARGV[3])))
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
