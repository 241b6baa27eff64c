-- EXPIRE_IF_OWNED (OPERATIONS §7.8) for each of a job's locks: extend a lock only while it
-- holds this job's jid.
-- ARGV[1] the jid, ARGV[2] the TTL (seconds), ARGV[3..] the lock keys
-- Reply: how many were extended
local extended = 0
for i = 3, #ARGV do
  if redis.pcall('GET', ARGV[i]) == ARGV[1] then
    redis.pcall('EXPIRE', ARGV[i], ARGV[2])
    extended = extended + 1
  end
end
return extended
