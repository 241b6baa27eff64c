-- Undo a retry / enqueue-now (claim-and-requeue), or an undo of one (README "Undo"). Each
-- four elements of a record's `pushed` list are one entry as moved: the member, its score,
-- the queue, the payload pushed for it.
--   unpush  (undo of the requeue) the newest pushed first (nearest the head of its queue, so
--           LREM finds it at once): a payload still waiting is removed from its queue and the
--           member goes back to the set at its score; one a worker took is left alone
--   repush  (undo of that undo) the oldest first: a member still in the set at that score
--           leaves it and its payload is pushed to its queue again
-- KEYS[1] the set, KEYS[2] cogworker:queues
-- ARGV[1] mode, ARGV[2] the record's prefix (A), ARGV[3] the undo's own prefix (B),
-- ARGV[4] when B expires (ms), ARGV[5] entries per batch, ARGV[6] the queue key prefix
-- Reply: {entries done, entries still to do, then per entry left alone: reason, member}
local mode, from, to = ARGV[1], ARGV[2], ARGV[3]
local n, queues = tonumber(ARGV[5]), ARGV[6]
local items
local first, last, step
if mode == 'unpush' then
  items = redis.call('LRANGE', from .. 'pushed', -4 * n, -1)
  redis.call('LTRIM', from .. 'pushed', 0, -(#items + 1))
  first, last, step = #items - 3, 1, -4
else
  items = redis.call('LRANGE', from .. 'pushed', 0, 4 * n - 1)
  redis.call('LTRIM', from .. 'pushed', #items, -1)
  first, last, step = 1, #items - 3, 4
end
local done = 0
local left = {}
local function leave(member, why)
  left[#left + 1] = why
  left[#left + 1] = member
end
for i = first, last, step do
  local raw, score, queue, payload = items[i], items[i + 1], items[i + 2], items[i + 3]
  if mode == 'unpush' then
    if redis.call('ZSCORE', KEYS[1], raw) then
      leave(raw, 'present')
    elseif redis.pcall('LREM', queues .. queue, 1, payload) ~= 1 then
      leave(raw, 'taken')
    else
      redis.call('ZADD', KEYS[1], score, raw)
      redis.call('LPUSH', to .. 'pushed', payload, queue, score, raw)
      done = done + 1
    end
  else
    local cur = redis.call('ZSCORE', KEYS[1], raw)
    if not cur then
      leave(raw, 'gone')
    elseif cur ~= score then
      leave(raw, 'changed')
    else
      local pushed = redis.pcall('LPUSH', queues .. queue, payload)
      if type(pushed) == 'table' and pushed.err then
        leave(raw, pushed.err)
      else
        redis.call('ZREM', KEYS[1], raw)
        redis.pcall('SADD', KEYS[2], queue)
        redis.call('RPUSH', to .. 'pushed', raw, score, queue, payload)
        done = done + 1
      end
    end
  end
end
redis.call('PEXPIREAT', to .. 'pushed', tonumber(ARGV[4]))
local reply = {done, redis.call('LLEN', from .. 'pushed') / 4}
for _, v in ipairs(left) do
  reply[#reply + 1] = v
end
return reply
