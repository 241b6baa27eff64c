-- REQUEUE (OPERATIONS §8.5, with the fragments of §3): requeue the in-progress list of a
-- process presumed dead, judged inside this script (presence key absent, and no numeric
-- last_beat stamp or one older than the threshold by Redis' own clock). Each job is peeked,
-- written to its destination, and only then popped. Jobs orphaned more than max_orphanings
-- times are parked on cogworker:repeat_orphans (or, if that list is unusable, filed raw in
-- dead for the caller to complete). A11 bounds how many jobs one call handles (0: the whole
-- list). A worker's own shutdown passes A6 = "" (no liveness check, no counting) and marks:
-- "d:<raw>" a finished job to drop (its acknowledgement), "k:<raw>" a job to keep on the list.
-- KEYS: K1 in-progress list, K2 owner presence key, K3 cogworker:last_beat,
--       K4 cogworker:repeat_orphans, K5 cogworker:dead, K6 cogworker:queues,
--       K7 cogworker:live_queues
-- ARGV: A1 queue prefix, A2 default queue, A3 periodic running-lock prefix, A4 its TTL,
--       A5 owner identity, A6 orphan threshold (seconds), A7 caller clock (integer seconds),
--       A8 orphan-counter prefix, A9 counter TTL, A10 max_orphanings, A11 most jobs per call,
--       A12… marks
-- Reply: {-1, 0, 0, 0} when the owner is alive, else
--        {moved, failed, parked, #unlisted, unlisted queue names…, raw jobs filed into dead…}
if redis.replicate_commands then
  redis.replicate_commands()
end

local function redis_seconds(fallback)
  local t = redis.pcall('TIME')
  if type(t) == 'table' and t[1] then
    return tonumber(t[1])
  end
  return fallback
end

-- 1. Liveness.
if ARGV[6] ~= '' then
  if redis.call('EXISTS', KEYS[2]) == 1 then
    return {-1, 0, 0, 0}
  end
  local last = tonumber(redis.call('HGET', KEYS[3], ARGV[5]))
  if last then
    local now = redis_seconds(tonumber(ARGV[7]))
    if now - last <= tonumber(ARGV[6]) then
      return {-1, 0, 0, 0}
    end
  end
end

-- 2. Marks.
local finished, keep = {}, {}
for i = 12, #ARGV do
  local mark, job = string.sub(ARGV[i], 1, 2), string.sub(ARGV[i], 3)
  if mark == 'd:' then
    finished[job] = true
  else
    keep[job] = true
  end
end

-- 3. The clock of the live-queue test.
local clock = redis_seconds(tonumber(ARGV[7]))

local moved, failed, parked_count = 0, 0, 0
local buried, unlisted, listed, kept = {}, {}, {}, {}
local n = redis.call('LLEN', KEYS[1])
local limit = tonumber(ARGV[11]) or 0
if limit > 0 and limit < n then
  n = limit
end

for _ = 1, n do
  local job = redis.call('LINDEX', KEYS[1], 0)
  if not job then
    break
  end
  if finished[job] then
    redis.call('LPOP', KEYS[1])
    local ok, decoded = pcall(cjson.decode, job)
    if ok and type(decoded) == 'table' and type(decoded.jid) == 'string' then
      redis.pcall('DEL', ARGV[8] .. decoded.jid)
    end
  elseif keep[job] then
    redis.call('LPOP', KEYS[1])
    kept[#kept + 1] = job
  else
    local counter = nil
    local parked = false
    if ARGV[6] ~= '' then
      local ok, decoded = pcall(cjson.decode, job)
      if ok and type(decoded) == 'table' and type(decoded.jid) == 'string' then
        counter = ARGV[8] .. decoded.jid
        local current = redis.pcall('GET', counter)
        local count = nil
        if type(current) == 'string' then
          count = tonumber(current)
        end
        if count == nil and current then
          redis.pcall('DEL', counter)
        end
        count = (count or 0) + 1
        if count > tonumber(ARGV[10]) then
          parked = type(redis.pcall('RPUSH', KEYS[4], job)) == 'number'
          if parked then
            parked_count = parked_count + 1
          elseif type(redis.pcall('ZADD', KEYS[5], ARGV[7], job)) == 'number' then
            parked = true
            buried[#buried + 1] = job
          end
        end
      end
    end
    local written, queue = parked, nil
    if not parked then
      local ok, q = pcall(requeue_job, job, ARGV[1], ARGV[2], ARGV[3], ARGV[4])
      written = ok
      if ok then
        queue = q
      end
    end
    if written and queue then
      local seen = tonumber(redis.pcall('ZSCORE', KEYS[7], queue))
      if seen == nil or seen < clock - 120 then
        redis.pcall('SADD', KEYS[6], queue)
        if not listed[queue] then
          listed[queue] = true
          unlisted[#unlisted + 1] = queue
        end
      end
    end
    redis.call('LPOP', KEYS[1])
    if written then
      if counter then
        redis.pcall('INCR', counter)
        redis.pcall('EXPIRE', counter, ARGV[9])
      end
      moved = moved + 1
    else
      redis.call('RPUSH', KEYS[1], job)
      failed = failed + 1
    end
  end
end
for _, job in ipairs(kept) do
  redis.call('RPUSH', KEYS[1], job)
end

local reply = {moved, failed, parked_count, #unlisted}
for _, q in ipairs(unlisted) do
  reply[#reply + 1] = q
end
for _, job in ipairs(buried) do
  reply[#reply + 1] = job
end
return reply
