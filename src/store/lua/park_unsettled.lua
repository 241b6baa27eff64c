-- PARK_UNSETTLED (OPERATIONS §10.1): hand a job that ran and failed, but whose failure could
-- not be filed, to cogworker:unsettled at shutdown, moving it off this process's list.
-- KEYS[1] own in-progress list, KEYS[2] cogworker:unsettled
-- ARGV[1] the raw job, ARGV[2] the record
-- Reply: 1 parked, 0 not on the list
if not redis.call('LPOS', KEYS[1], ARGV[1]) then
  return 0
end
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('LREM', KEYS[1], 1, ARGV[1])
return 1
