-- Release a job's locks, each only while it still holds the job's jid (OPERATIONS §10.5: a
-- job filed in dead from cogworker:unsettled).
-- ARGV[1] the jid, ARGV[2..] the lock keys
-- Reply: how many were released
local released = 0
for i = 2, #ARGV do
  released = released + release_owned(ARGV[i], ARGV[1])
end
return released
