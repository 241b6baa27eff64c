-- FILE_FAILURE (OPERATIONS §7.3, step 10): a failed job's entry written in retry or dead, if
-- the job is still on this process's in-progress list. In order, it is the gem's plain ZADD:
-- the job is on the list until its ACK. A request Redis reads late (sent before a
-- connection failed, after the worker filed the job another way and it was acknowledged,
-- retried and even run) finds the job gone and writes nothing, instead of putting back an
-- entry that would run the job again.
-- KEYS[1] own in-progress list, KEYS[2] cogworker:retry or cogworker:dead
-- ARGV[1] the raw job as fetched, ARGV[2] the score, ARGV[3] the payload to file
-- Reply: 1 written, 0 the job is no longer ours
if not redis.call('LPOS', KEYS[1], ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
return 1
