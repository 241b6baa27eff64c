-- Shared by REQUEUE and REQUEUE_ONE (OPERATIONS §8.5, §9.2): put a raw job back at the front
-- (the end popped next) of its queue — its own queue, or the default one when it has none or
-- can't be read — retaking its periodic running lock when it still has no other owner.
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

