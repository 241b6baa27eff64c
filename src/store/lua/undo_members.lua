-- Undo a pause or resume (cogworker:paused_queues) or a periodic disable or enable
-- (periodic:disabled), or an undo of one: each name the change added is removed again, each
-- it removed is added again — only while it is still as the change left it.
-- KEYS[1] the set
-- ARGV[1] 'add' if the change added the names, 'rem' if it removed them; ARGV[2] the
-- record's prefix (A), ARGV[3] the undo's own prefix (B), ARGV[4] when B expires (ms),
-- ARGV[5] names per batch
-- Reply: {names done, names still to do, then per name left alone: reason, name}
local added, from, to = ARGV[1] == 'add', ARGV[2], ARGV[3]
local names = redis.call('SPOP', from .. 'names', tonumber(ARGV[5]))
local done = 0
local left = {}
for _, name in ipairs(names) do
  local changed
  if added then
    changed = redis.call('SREM', KEYS[1], name)
  else
    changed = redis.call('SADD', KEYS[1], name)
  end
  if changed == 1 then
    redis.call('SADD', to .. 'names', name)
    done = done + 1
  else
    left[#left + 1] = 'changed'
    left[#left + 1] = name
  end
end
redis.call('PEXPIREAT', to .. 'names', tonumber(ARGV[4]))
local reply = {done, redis.call('SCARD', from .. 'names')}
for _, v in ipairs(left) do
  reply[#reply + 1] = v
end
return reply
