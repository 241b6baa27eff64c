-- QUARANTINE (OPERATIONS §14): move a key of the wrong type out of the way, kept for a human
-- to look at: re-check its type, rename it to its quarantine name, give that a TTL.
-- KEYS[1] the key, KEYS[2] cogworker:quarantine:<key>:<epoch-ms>:<8 hex>
-- ARGV[1] the expected type, ARGV[2] the quarantine TTL (2592000)
-- Reply: 1 moved, 0 missing or already of the expected type
local found = redis.call('TYPE', KEYS[1])
if type(found) == 'table' then
  found = found['ok']
end
if found == 'none' or found == ARGV[1] then
  return 0
end
redis.call('RENAME', KEYS[1], KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return 1
