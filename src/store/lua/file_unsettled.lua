-- FILE_UNSETTLED (OPERATIONS §10.4): file the head record of cogworker:unsettled into its set,
-- if it is still the head, and clear the job's orphan counter. The target set comes from the
-- record, validated by the caller (one of retry, dead, schedule). Head only, as the gem.
-- KEYS[1] cogworker:unsettled, KEYS[2] the job's orphan counter
-- ARGV[1] the record, ARGV[2] the set, ARGV[3] the score, ARGV[4] the payload
-- Reply: 1 filed, 0 not at the head
if redis.call('LINDEX', KEYS[1], 0) ~= ARGV[1] then
  return 0
end
redis.call('ZADD', ARGV[2], ARGV[3], ARGV[4])
redis.call('LPOP', KEYS[1])
redis.pcall('DEL', KEYS[2])
return 1
