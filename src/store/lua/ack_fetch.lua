-- ACK_FETCH: the settlement of every job a process's threads finished since its last call,
-- and the fetch of the next job of each thread that asked for one, in one round trip. For
-- each settled job it is ACK (OPERATIONS §6.1) with the success bookkeeping of §5.3 (the
-- workers entry removed; counters and throughput moved once for the batch); then, for each
-- thread asking, FETCH (§4.3) over the queues in that thread's own order, paused queues
-- skipped (§4.2; the paused set is read once per queue per call), and the registration of
-- the fetched job (§5.3 step 2). Each part is what the gem does in separate calls, per job;
-- done together they are only more atomic. A success is counted only when this call took
-- its job off the list.
-- KEYS[1] own in-progress list, KEYS[2] the workers hash, KEYS[3] cogworker:stats:processed,
--   KEYS[4] the hour's throughput bucket, KEYS[5] cogworker:paused_queues,
--   KEYS[6..5+q] the queues, KEYS[6+q..5+q+n] cogworker:orphanings:<jid> of each settled job
-- ARGV[1] n, the jobs settled, ARGV[2] q, the queues, ARGV[3] the throughput TTL,
--   ARGV[4] run_at, ARGV[5] the workers hash TTL,
--   then per settled job: its raw bytes, its thread id, "1" when it succeeded;
--   then the q queue names, then the same names as JSON strings;
--   then per thread asking for a job: its thread id, and its order, the queues' numbers
--   (1..q) separated by spaces
-- Reply: {processed, fetched...}: processed the successes counted, then one {queue number,
--   raw job, registered (0/1)} per fetched job, in the order the threads asked. Fetching
--   stops at the first thread for which every queue is empty or paused, or at an error (the
--   caller's own fetch reports it).
local n = tonumber(ARGV[1])
local q = tonumber(ARGV[2])
local settled = 5
local names = settled + 3 * n
local asks = names + 2 * q
local processed = 0
local tids = {}
for i = 1, n do
  local at = settled + 3 * (i - 1)
  local removed = redis.call('LREM', KEYS[1], 1, ARGV[at + 1])
  if ARGV[at + 3] == '1' and removed > 0 then
    processed = processed + 1
  end
  tids[i] = ARGV[at + 2]
end
if n > 0 then
  redis.pcall('DEL', unpack(KEYS, 6 + q, 5 + q + n))
  redis.pcall('HDEL', KEYS[2], unpack(tids))
end
-- A success is counted by the call that takes the job off the list, as ACK_SUCCESS does:
-- when this call comes after a late ACK_SUCCESS of the same run (a frozen Redis runs the
-- timed-out calls of two connections in either order), that one counted it.
if processed > 0 then
  redis.pcall('INCRBY', KEYS[3], processed)
  redis.pcall('HINCRBY', KEYS[4], 'processed', processed)
  redis.pcall('EXPIRE', KEYS[4], ARGV[3])
end
local reply = {processed}
local entries = {}
-- What this call learned of each queue: 'paused', 'empty' (nothing can be pushed while a
-- script runs), or nil when not read yet.
local known = {}
local failed = false
for at = asks + 1, #ARGV, 2 do
  local found = false
  for word in string.gmatch(ARGV[at + 1], '%d+') do
    local i = tonumber(word)
    if not known[i] then
      local paused = redis.pcall('SISMEMBER', KEYS[5], ARGV[names + i])
      if type(paused) ~= 'number' then
        failed = true
        break
      end
      if paused == 1 then
        known[i] = 'paused'
      end
    end
    if not known[i] then
      local job = redis.pcall('LMOVE', KEYS[5 + i], KEYS[1], 'RIGHT', 'LEFT')
      if type(job) == 'table' then
        failed = true
        break
      end
      if job then
        -- Only what looks like a JSON object is shown on the busy page; anything else is
        -- the processor's to bury, unregistered, as the gem does.
        local registered = 0
        if string.find(job, '^%s*{') and string.find(job, '}%s*$') then
          entries[#entries + 1] = ARGV[at]
          entries[#entries + 1] = '{"queue":' .. ARGV[names + q + i] .. ',"payload":' .. job
            .. ',"run_at":' .. ARGV[4] .. '}'
          registered = 1
        end
        reply[#reply + 1] = {i, job, registered}
        found = true
        break
      end
      known[i] = 'empty'
    end
  end
  if failed or not found then
    break
  end
end
if #entries > 0 then
  redis.pcall('HSET', KEYS[2], unpack(entries))
  redis.pcall('EXPIRE', KEYS[2], ARGV[5])
end
return reply
