-- Forget one identity whose presence key is gone, as the gem's ProcessSet does, checked and
-- removed in one step: a process that beats at this moment is never forgotten.
-- KEYS[1] cogworker:processes; KEYS[2] cogworker:process:<identity>
-- ARGV[1] identity
-- Reply: 1 when the identity was removed, else 0
if redis.call('EXISTS', KEYS[2]) == 1 then
  return 0
end
return redis.call('SREM', KEYS[1], ARGV[1])
