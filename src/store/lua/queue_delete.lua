-- Delete one waiting job by its exact bytes, as the Web UI does (every identical copy), then
-- release the locks it owns. A lock is deleted only while its value is this jid, and only
-- when the job was actually removed here: a job a worker fetched first still owns its lock.
-- KEYS[1] cogworker:queue:<q>; KEYS[2..] the job's lock keys (unique, periodic running)
-- ARGV[1] the raw job; ARGV[2] its jid
-- Reply: {copies removed, locks released}
local removed = redis.call('LREM', KEYS[1], 0, ARGV[1])
local released = 0
if removed > 0 then
  for i = 2, #KEYS do
    released = released + release_owned(KEYS[i], ARGV[2])
  end
end
return {removed, released}
