-- Empty a queue: count it and drop it in one step, so the count is exactly what was removed.
-- With an undo record the list is renamed under it (no copy: a million jobs move in one
-- step) and expires with it; without one, UNLINK frees it in the background, so a
-- million-job list never blocks Redis.
-- Unique and periodic locks are left alone, as the gem's "delete all" leaves them.
-- KEYS[1] cogworker:queue:<q>
-- ARGV[1] the undo record's prefix ("" keeps nothing), ARGV[2] when it expires (ms)
-- Reply: the number of jobs removed
local count = redis.call('LLEN', KEYS[1])
if count > 0 then
  if ARGV[1] == '' then
    redis.call('UNLINK', KEYS[1])
  else
    local dest = ARGV[1] .. 'list'
    redis.call('RENAME', KEYS[1], dest)
    redis.call('PEXPIREAT', dest, tonumber(ARGV[2]))
  end
end
return count
