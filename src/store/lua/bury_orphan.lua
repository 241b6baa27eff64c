-- BURY_ORPHAN (OPERATIONS §8.7): file the head of cogworker:repeat_orphans in dead, if it is
-- still the head. Head only, no LPOS, as the gem (it runs on old Redis too).
-- KEYS[1] cogworker:repeat_orphans, KEYS[2] cogworker:dead
-- ARGV[1] the parked raw job, ARGV[2] the score (now), ARGV[3] the dead entry
-- Reply: 1 filed, 0 not at the head (someone else filed it)
if redis.call('LINDEX', KEYS[1], 0) ~= ARGV[1] then
  return 0
end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('LPOP', KEYS[1])
return 1
