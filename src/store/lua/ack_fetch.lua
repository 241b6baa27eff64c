-- ACK_FETCH: a processor thread's settlement of one job and the fetch of its next, in one
-- round trip. It is ACK (OPERATIONS §6.1) with the success bookkeeping of §5.3 (counters,
-- throughput, the workers entry removed), followed by FETCH (§4.3) over the queues in the
-- order given, paused queues skipped (§4.2), and the registration of the fetched job
-- (§5.3 step 2). Each part is what the gem does in separate calls; done together they
-- are only more atomic. The success counters move only when the job was still on the list.
-- KEYS[1] own in-progress list, KEYS[2] cogworker:orphanings:<jid>, KEYS[3] the workers
--   hash, KEYS[4] cogworker:stats:processed, KEYS[5] the hour's throughput bucket,
--   KEYS[6] cogworker:paused_queues, KEYS[7..] the queues to try, in order
-- ARGV[1] the settled job's raw bytes, ARGV[2] the thread id, ARGV[3] "1" when it
--   succeeded, ARGV[4] the throughput TTL, ARGV[5] run_at, ARGV[6] the workers hash TTL,
--   ARGV[7..6+n] the queues' names, ARGV[7+n..6+2n] the same names as JSON strings
-- Reply: {1} when nothing was fetched (or the fetch met an error: the caller's own fetch
--   reports it), else {1, queue key, raw job, registered (0/1)}
local removed = redis.call('LREM', KEYS[1], 1, ARGV[1])
redis.pcall('DEL', KEYS[2])
redis.pcall('HDEL', KEYS[3], ARGV[2])
-- A success is counted by the call that takes the job off the list, as ACK_SUCCESS does:
-- when this call comes after a late ACK_SUCCESS of the same run (a frozen Redis runs the
-- timed-out calls of two connections in either order), that one counted it.
if ARGV[3] == '1' and removed > 0 then
  redis.pcall('INCR', KEYS[4])
  redis.pcall('HINCRBY', KEYS[5], 'processed', 1)
  redis.pcall('EXPIRE', KEYS[5], ARGV[4])
end
local n = #KEYS - 6
for i = 1, n do
  local paused = redis.pcall('SISMEMBER', KEYS[6], ARGV[6 + i])
  if type(paused) ~= 'number' then
    return {1}
  end
  if paused == 0 then
    local job = redis.pcall('LMOVE', KEYS[6 + i], KEYS[1], 'RIGHT', 'LEFT')
    if type(job) == 'table' then
      return {1}
    end
    if job then
      -- Only what looks like a JSON object is shown on the busy page; anything else is
      -- the processor's to bury, unregistered, as the gem does.
      local registered = 0
      if string.find(job, '^%s*{') and string.find(job, '}%s*$') then
        redis.pcall('HSET', KEYS[3], ARGV[2],
          '{"queue":' .. ARGV[6 + n + i] .. ',"payload":' .. job .. ',"run_at":' .. ARGV[5] .. '}')
        redis.pcall('EXPIRE', KEYS[3], ARGV[6])
        registered = 1
      end
      return {1, KEYS[6 + i], job, registered}
    end
  end
end
return {1}
