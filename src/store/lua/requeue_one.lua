-- REQUEUE_ONE (OPERATIONS §9.2): put one job of this process's own list back at the front of
-- its queue (a give-back, or a stray seen twice): present-check, write, remove.
-- KEYS[1] own in-progress list
-- ARGV[1] the raw job, ARGV[2] queue prefix, ARGV[3] default queue,
-- ARGV[4] periodic running-lock prefix, ARGV[5] its TTL
-- Reply: 1 requeued, 0 not on the list
local function retake_running_lock(lock, jid, ttl)
  local owner = redis.call('GET', lock)
  if not owner then
    redis.call('SET', lock, jid, 'EX', ttl)
  elseif owner == jid then
    redis.call('EXPIRE', lock, ttl)
  end
end

local function requeue_job(job, queue_prefix, default_queue, lock_prefix, lock_ttl)
  local queue = default_queue
  local ok, decoded = pcall(cjson.decode, job)
  if ok and type(decoded) == 'table' then
    if type(decoded.queue) == 'string' and decoded.queue ~= '' then
      queue = decoded.queue
    end
    if decoded.periodic_until_executed == true and type(decoded.periodic_pjid) == 'string'
        and type(decoded.jid) == 'string' then
      retake_running_lock(lock_prefix .. decoded.periodic_pjid, decoded.jid, lock_ttl)
    end
  end
  redis.call('RPUSH', queue_prefix .. queue, job)
  return queue
end

if not redis.call('LPOS', KEYS[1], ARGV[1]) then
  return 0
end
requeue_job(ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5])
redis.call('LREM', KEYS[1], 1, ARGV[1])
return 1
