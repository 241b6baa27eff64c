-- Empty a queue: count it and drop it in one step, so the count is exactly what was removed.
-- UNLINK frees the elements in the background: a million-job list never blocks Redis.
-- Unique and periodic locks are left alone, as the gem's "delete all" leaves them.
-- KEYS[1] cogworker:queue:<q>
-- Reply: the number of jobs removed
local count = redis.call('LLEN', KEYS[1])
if count > 0 then
  redis.call('UNLINK', KEYS[1])
end
return count
