-- Move an invalid cogworker:unsettled record to its quarantine list (OPERATIONS §10.3: the
-- gem's RPUSH, EXPIRE 30 days and LREM, here in one step so the record is never lost or
-- doubled). Written first, removed second: a quarantine list of the wrong type aborts the
-- script before the record leaves cogworker:unsettled.
-- KEYS[1] cogworker:unsettled, KEYS[2] cogworker:quarantine:cogworker:unsettled:records
-- ARGV[1] the record, ARGV[2] the quarantine TTL
-- Reply: 1 moved, 0 the record is no longer there
redis.call('RPUSH', KEYS[2], ARGV[1])
if redis.call('LREM', KEYS[1], 1, ARGV[1]) == 0 then
  redis.call('RPOP', KEYS[2])
  return 0
end
redis.call('EXPIRE', KEYS[2], ARGV[2])
return 1
