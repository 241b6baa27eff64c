-- Undo an enqueue, or an undo of one (README "Undo"). Each element of a record's `jobs` list
-- is one job as pushed: target ("q" .. queue name, or "s" .. score: the schedule), payload,
-- unique lock key or "", jid, lock TTL (seconds).
--   unpush  (undo of an enqueue) the newest pushed first: each job still waiting (on its queue,
--           or in the schedule) is removed, and its unique lock released if it still holds
--           the jid; a job already taken, or graduated, is left alone
--   push    (undo of that undo) the oldest first: each job pushed again as the enqueue pushed
--           it, its lock taken first; a job whose lock another job holds is left out
-- KEYS[1] cogworker:schedule, KEYS[2] cogworker:queues
-- ARGV[1] mode, ARGV[2] the record's prefix (A), ARGV[3] the undo's own prefix (B),
-- ARGV[4] when B expires (ms), ARGV[5] jobs per batch, ARGV[6] the queue key prefix
-- Reply: {jobs done, jobs still to do, then per job left alone: reason, payload}
local mode, from, to = ARGV[1], ARGV[2], ARGV[3]
local until_ms, n, queues = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6]
local items
if mode == 'unpush' then
  items = redis.call('LRANGE', from .. 'jobs', -n, -1)
  redis.call('LTRIM', from .. 'jobs', 0, -(#items + 1))
else
  items = redis.call('LRANGE', from .. 'jobs', 0, n - 1)
  redis.call('LTRIM', from .. 'jobs', #items, -1)
end
local done = 0
local left = {}
local function leave(payload, why)
  left[#left + 1] = why
  left[#left + 1] = payload
end
local first, last, step = 1, #items, 1
if mode == 'unpush' then
  first, last, step = #items, 1, -1
end
for i = first, last, step do
  local f = undo_fields(items[i])
  local target, payload, lock, jid, ttl = f[1], f[2], f[3], f[4], f[5]
  local scheduled = string.sub(target, 1, 1) == 's'
  local rest = string.sub(target, 2)
  if mode == 'unpush' then
    local removed
    if scheduled then
      removed = redis.pcall('ZREM', KEYS[1], payload)
    else
      removed = redis.pcall('LREM', queues .. rest, 1, payload)
    end
    if removed == 1 then
      undo_release(lock, jid)
      redis.call('LPUSH', to .. 'jobs', items[i])
      done = done + 1
    else
      leave(payload, 'taken')
    end
  else
    local free = true
    if lock ~= '' then
      local set = redis.pcall('SET', lock, jid, 'NX', 'EX', ttl)
      free = type(set) == 'table' and set.ok ~= nil
    end
    if not free then
      leave(payload, 'duplicate')
    else
      local pushed
      if scheduled then
        pushed = redis.pcall('ZADD', KEYS[1], rest, payload)
      else
        pushed = redis.pcall('LPUSH', queues .. rest, payload)
      end
      if type(pushed) == 'table' and pushed.err then
        undo_release(lock, jid)
        leave(payload, pushed.err)
      else
        if not scheduled then
          redis.pcall('SADD', KEYS[2], rest)
        end
        redis.call('RPUSH', to .. 'jobs', items[i])
        done = done + 1
      end
    end
  end
end
undo_expire(to, until_ms, {'jobs'})
local reply = {done, redis.call('LLEN', from .. 'jobs')}
for _, v in ipairs(left) do
  reply[#reply + 1] = v
end
return reply
