-- FILE_FAILURE (OPERATIONS §7.3, step 10): a failed job's entry written in retry or dead, if
-- the job is still on this process's in-progress list, and the job taken off the list (and
-- its orphan counter cleared) in the same step: the gem's ZADD with the removal of its ACK.
-- The job leaving the list is then the proof that its entry was written, so that the ways
-- to file one failure exclude each other:
-- * a request Redis reads late (sent before a connection failed, after the worker filed the
--   job another way and it was acknowledged, retried and even run) finds the job gone and
--   writes nothing, instead of putting back an entry that would run the job again;
-- * when this call ran but its reply was lost, INTERRUPT finds the job gone and files
--   nothing, even when the entry was retried and left the set meanwhile (filing it again
--   would run the job twice);
-- * a process killed after this call leaves no copy of the job on its list for orphan
--   recovery to run beside its retry entry.
-- The ACK that follows finds nothing to remove.
-- KEYS[1] own in-progress list, KEYS[2] cogworker:retry or cogworker:dead,
-- KEYS[3] (optional) cogworker:orphanings:<jid>
-- ARGV[1] the raw job as fetched, ARGV[2] the score, ARGV[3] the payload to file
-- Reply: 1 written, 0 the job is no longer ours
if not redis.call('LPOS', KEYS[1], ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('LREM', KEYS[1], 1, ARGV[1])
if KEYS[3] then
  redis.pcall('DEL', KEYS[3])
end
return 1
