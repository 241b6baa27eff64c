-- REQUEUE_ONE (OPERATIONS §9.2): put one job of this process's own list back at the front of
-- its queue (a give-back, or a stray seen twice): present-check, write, remove.
-- KEYS[1] own in-progress list
-- ARGV[1] the raw job, ARGV[2] queue prefix, ARGV[3] default queue,
-- ARGV[4] periodic running-lock prefix, ARGV[5] its TTL
-- Reply: 1 requeued, 0 not on the list
if not redis.call('LPOS', KEYS[1], ARGV[1]) then
  return 0
end
requeue_job(ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5])
redis.call('LREM', KEYS[1], 1, ARGV[1])
return 1
