-- ACK_FETCH: the settlement of every job a process's threads finished since its last call,
-- and the fetch of the next job of each thread that asked for one, in one round trip. For
-- each settled job it is ACK (OPERATIONS §6.1) with the success bookkeeping of §5.3
-- (counters and throughput moved once for the batch); then, for each thread asking, FETCH
-- (§4.3) over the queues in that thread's own order, paused queues skipped (§4.2; the
-- paused set is read once per queue per call). The busy entries (§5.3 step 2) the caller
-- names go and come in the same call: those of settled jobs that were registered, and those
-- of jobs still running that have run long enough to be shown (the caller writes them late:
-- a job that ends within that time is never registered). Each part is what the gem does in
-- separate calls, per job; done together they are only more atomic. A success is counted
-- only when this call took its job off the list.
--
-- A settled job is looked for from the list's tail, where the jobs fetched first are (the
-- ones that finish first): the same bytes are removed once, as ACK's LREM 1 does, and only
-- when the list holds two copies of the very same bytes does it matter which copy goes.
-- Under load the jobs settled together are most often the list's whole tail (the jobs one
-- call fetched, ended together): that tail goes in one LTRIM, read first with one LRANGE,
-- instead of one LREM per job (each a scan and a rewrite of the list's node).
--
-- The fetches leave Redis exactly as one LMOVE RIGHT LEFT per thread, in the order the
-- threads asked, would: each queue's oldest jobs are read once (LRANGE of as many as the
-- threads left could take), handed out oldest first, then pushed onto the in-progress list
-- in one LPUSH (in the order the threads asked, so the list reads as after the LMOVEs) and
-- only then cut off their queues (LTRIM). Nothing can push to a queue while a script runs.
-- When the push fails (a wrong-type list, no memory), nothing was taken.
--
-- Stored instead (ARGV[7] "1": the caller reads the list in the same transaction, after this
-- call), when every thread asking has the same order: when the in-progress list is empty once
-- the settled jobs are off it, and the first queue of that order that isn't paused holds a
-- job for every thread asking, those jobs are copied onto the list by one SORT … BY nosort
-- LIMIT … STORE (the queue's oldest, in the queue's own order: the list reads as after the
-- LMOVEs) and cut off the queue with one LTRIM. They never pass through Lua: the reply says
-- only which queue and how many, and the caller takes them from its read of the list (the
-- oldest, the list's tail, for the first thread asking). The settled jobs' LTRIM is then
-- left to the STORE, which replaces the list. Anything else (the list not empty, fewer jobs
-- than threads, SORT refused), and the jobs are fetched as above.
--
-- Numbers go to redis.call as strings: Redis formats a Lua number with printf.
--
-- KEYS[1] own in-progress list, KEYS[2] the workers hash, KEYS[3] cogworker:stats:processed,
--   KEYS[4] the hour's throughput bucket, KEYS[5] cogworker:paused_queues,
--   KEYS[6..5+q] the queues, KEYS[6+q..5+q+n] cogworker:orphanings:<jid> of each settled job
-- ARGV[1] n, the jobs settled, ARGV[2] q, the queues, ARGV[3] the throughput TTL (or "":
--   this process's calls gave this hour's bucket its TTL less than a minute ago),
--   ARGV[4] h, the busy entries to delete, ARGV[5] the workers hash TTL, ARGV[6] r, the busy
--   entries to write, ARGV[7] "1" when the jobs may be stored (above), else "0";
--   then per settled job: its raw bytes, "1" when it succeeded;
--   then the q queue names;
--   then the h thread ids whose entries go;
--   then r pairs: a thread id, its entry;
--   then per thread asking for a job: its order, the queues' numbers (1..q) separated by
--   spaces
-- Reply: {processed, queue number, raw job, queue number, raw job, ...}: processed the
--   successes counted, then each fetched job with the number of its queue, in the order the
--   threads asked; or, when the jobs were stored, {processed, -(queue number), count}.
--   Fetching stops at the first thread for which every queue is empty or
--   paused, or at an error (the caller's own fetch reports it).
local n = tonumber(ARGV[1])
local q = tonumber(ARGV[2])
local h = tonumber(ARGV[4])
local r = tonumber(ARGV[6])
local first = 7
local names = first + 2 * n
local gone = names + q
local entries = gone + h
local asks = entries + 2 * r
local list = KEYS[1]
local processed = 0
-- The threads asking, each for one job, and whether they may have theirs stored: all in one
-- order.
local asking = #ARGV - asks
local one_order = ARGV[7] == '1' and asking > 0
for at = asks + 2, #ARGV do
  one_order = one_order and ARGV[at] == ARGV[asks + 1]
end
-- The list held the settled jobs only: it is empty once they are off it.
local emptied = false
-- How many of its last jobs are still to be cut off (left to the SORT … STORE below, which
-- replaces the whole list, when it comes; cut with one LTRIM before any other fetch).
local deferred = 0
if n > 0 then
  -- The list's tail, as far as it holds settled jobs only (each copy of a job's bytes at
  -- most as often as it is settled), is cut off with one LTRIM; a job settled beyond it is
  -- removed by its own LREM, from the tail. The list ends as after one LREM per job. One
  -- more than the jobs settled is read: fewer back, and that was the whole list.
  local wanted = {}
  for at = first + 1, names, 2 do
    wanted[ARGV[at]] = (wanted[ARGV[at]] or 0) + 1
  end
  local tail = redis.call('LRANGE', list, tostring(-1 - n), '-1')
  local cut = 0
  local cut_off = {}
  for j = #tail, 1, -1 do
    local raw = tail[j]
    local count = wanted[raw]
    if not count or count == 0 then
      break
    end
    wanted[raw] = count - 1
    cut_off[raw] = (cut_off[raw] or 0) + 1
    cut = cut + 1
  end
  emptied = cut == #tail and #tail <= n
  if emptied and one_order then
    deferred = cut
  elseif cut > 0 then
    redis.call('LTRIM', list, '0', tostring(-1 - cut))
  end
  for at = first + 1, names, 2 do
    local raw = ARGV[at]
    local removed = cut_off[raw]
    if removed and removed > 0 then
      cut_off[raw] = removed - 1
    elseif emptied then
      -- Nothing is left on the list.
      removed = 0
    else
      removed = redis.call('LREM', list, '-1', raw)
    end
    if removed > 0 and ARGV[at + 1] == '1' then
      processed = processed + 1
    end
  end
  redis.pcall('DEL', unpack(KEYS, 6 + q, 5 + q + n))
end
-- A success is counted by the call that takes the job off the list, as ACK_SUCCESS does:
-- when this call comes after a late ACK_SUCCESS of the same run (a frozen Redis runs the
-- timed-out calls of two connections in either order), that one counted it.
if processed > 0 then
  local count = processed == n and ARGV[1] or tostring(processed)
  redis.pcall('INCRBY', KEYS[3], count)
  redis.pcall('HINCRBY', KEYS[4], 'processed', count)
  if ARGV[3] ~= '' then
    redis.pcall('EXPIRE', KEYS[4], ARGV[3])
  end
end
-- The busy entries: the settled jobs' go, then the running jobs' come (a thread is never in
-- both: its entry goes only once its job has ended). The hash is given a TTL when it has
-- none (the HSET just created it): every beat refreshes it (OPERATIONS §13.7), so it never
-- lives on without one after a crash.
if h > 0 then
  redis.pcall('HDEL', KEYS[2], unpack(ARGV, gone + 1, entries))
end
if r > 0 then
  redis.pcall('HSET', KEYS[2], unpack(ARGV, entries + 1, asks))
  if redis.pcall('TTL', KEYS[2]) == -1 then
    redis.pcall('EXPIRE', KEYS[2], ARGV[5])
  end
end
-- What this call learned of each queue: false when paused, else the oldest jobs it read
-- (oldest last), of which taken[i] are handed out; nil when not read yet.
local queues = {}
if one_order and (emptied or (n == 0 and redis.pcall('LLEN', list) == 0)) then
  for word in string.gmatch(ARGV[asks + 1], '%d+') do
    local i = tonumber(word)
    local queue = KEYS[5 + i]
    local paused = redis.pcall('SISMEMBER', KEYS[5], ARGV[names + i])
    if paused ~= 0 then
      -- Paused: the next queue of the order. Unreadable: the fetch below reports it.
      if paused ~= 1 then
        break
      end
      queues[i] = false
    else
      local len = redis.pcall('LLEN', queue)
      if type(len) ~= 'number' or len < asking then
        break
      end
      local count = tostring(asking)
      local stored = redis.pcall('SORT', queue, 'BY', 'nosort', 'LIMIT', tostring(len - asking),
        count, 'STORE', list)
      if type(stored) ~= 'number' or stored == 0 then
        break
      end
      redis.call('LTRIM', queue, '0', tostring(-1 - stored))
      return {processed, -i, stored}
    end
  end
end
if deferred > 0 then
  redis.call('LTRIM', list, '0', tostring(-1 - deferred))
end
local reply = {processed}
local taken = {}
local jobs = {}
-- The threads still to serve: none of them can take more than one job each.
local left = asking
for at = asks + 1, #ARGV do
  local found = false
  local failed = false
  for word in string.gmatch(ARGV[at], '%d+') do
    local i = tonumber(word)
    local oldest = queues[i]
    if oldest == nil then
      local paused = redis.pcall('SISMEMBER', KEYS[5], ARGV[names + i])
      if type(paused) ~= 'number' then
        failed = true
        break
      end
      oldest = false
      if paused == 0 then
        oldest = redis.pcall('LRANGE', KEYS[5 + i], tostring(-left), '-1')
        if oldest.err then
          failed = true
          break
        end
        taken[i] = 0
      end
      queues[i] = oldest
    end
    if oldest and taken[i] < #oldest then
      taken[i] = taken[i] + 1
      local job = oldest[#oldest + 1 - taken[i]]
      jobs[#jobs + 1] = job
      reply[#reply + 1] = i
      reply[#reply + 1] = job
      found = true
      break
    end
  end
  if failed or not found then
    break
  end
  left = left - 1
end
if #jobs > 0 then
  local pushed = redis.pcall('LPUSH', list, unpack(jobs))
  if type(pushed) == 'number' then
    for i, oldest in pairs(queues) do
      if oldest and taken[i] > 0 then
        redis.call('LTRIM', KEYS[5 + i], '0', tostring(-1 - taken[i]))
      end
    end
  else
    reply = {processed}
  end
end
return reply
